//! HSA runtime benchmarks on the CPU agent, each beside a native peer measured in the same
//! run (there is no ROCR for a CPU agent to compare with):
//! - empty-kernel dispatch latency, synchronous, with the packet processor asleep before the
//!   doorbell (target <= 2 us median); peer: handing an empty job to a sleeping thread with
//!   a Mutex+Condvar and spinning on its completion flag. The waiting host thread runs the
//!   packet itself (`core::queue::help_waiter`) and, once host threads wait for the queue's
//!   packets, the doorbell leaves the processor asleep (`core::cpu::doorbell`). Rows: the
//!   host thread busy while the processor sleeps (the target's case), the host thread asleep
//!   too (its own CPU wakes up cold), the processor in deep sleep (idle past the lazy
//!   window), the lazy doorbell off, and the processor still spinning;
//! - what the lazy doorbell costs: how late a packet that nobody waits for starts;
//! - back-to-back dispatch throughput of empty kernels and of barrier-AND packets (target
//!   >= 1 M/s); peer: an mpsc channel feeding an empty closure to a worker thread;
//! - signal store -> waiting thread wakes (target <= 5 us median); peer: Condvar notify.
//!
//! Run: `cargo bench -p ferrocm-benches --bench hsa_dispatch`

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use ferrocm_benches::{machine, row, Stats};
use hsa::core::cpu::doorbell;
use hsa::core::executable::{self, KernelObject};
use hsa::core::packet::{
    self, packet_type, BarrierPacket, Header, KernelDispatchPacket, RawPacket,
};
use hsa::core::queue::{self, QueueObject};
use hsa::core::runtime;
use hsa::core::signal::{self, Condition, MemoryOrder, SignalObject, WaitState};

/// Longer than the processor's and the signal waits' spin windows, so they are asleep.
const ASLEEP: Duration = Duration::from_millis(2);
/// Longer than the lazy doorbell's window: the processor sleeps deep.
const DEEP_ASLEEP: Duration = Duration::from_millis(25);

/// How the host thread spends the pause between two timed operations.
#[derive(Clone, Copy)]
enum Pause {
    /// Busy for `d` (its CPU stays awake).
    Busy(Duration),
    /// Asleep for `d`, then busy for `ASLEEP` (only the other threads sleep long).
    SleepThenBusy(Duration),
    /// Asleep for `d` (its CPU may idle and wake up cold).
    Sleep(Duration),
}

impl Pause {
    fn run(self) {
        let busy = |d: Duration| {
            let t = Instant::now();
            while t.elapsed() < d {
                std::hint::spin_loop();
            }
        };
        match self {
            Pause::Busy(d) => busy(d),
            Pause::SleepThenBusy(d) => {
                std::thread::sleep(d);
                busy(ASLEEP);
            }
            Pause::Sleep(d) => std::thread::sleep(d),
        }
    }
}

unsafe extern "C" fn empty_kernel(_wi: *mut cpu_engine::abi::WorkItem) {}

fn submit(q: &QueueObject, raw: &RawPacket) {
    let index = q.add_write_index(1, MemoryOrder::AcqRel);
    while index - q.load_read_index(MemoryOrder::Acquire) >= u64::from(q.size()) {
        std::hint::spin_loop();
    }
    // SAFETY: `index` is reserved for us and the slot is free (checked above).
    unsafe { packet::publish(q.slot(index), raw) };
    q.doorbell.store(index as i64, MemoryOrder::Release);
}

fn dispatch_packet(kernel_object: u64, completion: &SignalObject) -> RawPacket {
    RawPacket::from_packet(&KernelDispatchPacket::one_work_item(
        kernel_object,
        1,
        completion.handle(),
    ))
}

fn barrier_packet(completion: &SignalObject) -> RawPacket {
    RawPacket::from_packet(&BarrierPacket {
        header: Header::new(packet_type::BARRIER_AND, false, 0, 0).0,
        completion_signal: completion.handle(),
        ..Default::default()
    })
}

/// Peer for the synchronous dispatch: a sleeping thread runs an empty job per request.
fn peer_handoff_latency(iterations: usize, pause: Pause) -> Vec<f64> {
    let shared = Arc::new((Mutex::new(0u64), Condvar::new()));
    let done = Arc::new(AtomicU64::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let worker = {
        let (shared, done, stop) = (shared.clone(), done.clone(), stop.clone());
        std::thread::spawn(move || {
            let (lock, cv) = &*shared;
            let mut seen = 0u64;
            loop {
                let mut g = lock.lock().unwrap_or_else(|e| e.into_inner());
                while *g == seen && !stop.load(Ordering::Acquire) {
                    g = cv.wait(g).unwrap_or_else(|e| e.into_inner());
                }
                if stop.load(Ordering::Acquire) {
                    return;
                }
                seen = *g;
                drop(g);
                std::hint::black_box(());
                done.store(seen, Ordering::Release);
            }
        })
    };
    let mut samples = Vec::with_capacity(iterations);
    for k in 1..=iterations as u64 {
        pause.run();
        let t = Instant::now();
        *shared.0.lock().unwrap_or_else(|e| e.into_inner()) = k;
        shared.1.notify_one();
        while done.load(Ordering::Acquire) != k {
            std::hint::spin_loop();
        }
        samples.push(t.elapsed().as_nanos() as f64);
    }
    stop.store(true, Ordering::Release);
    shared.1.notify_all();
    let _ = worker.join();
    samples
}

/// Store -> wake latency: for k = 1..=iterations, the main thread sleeps (so the waiter is
/// asleep too), stamps the time and calls `notify(k)`; a waiter thread returns from
/// `wait(k)` and reports how long after the stamp it woke. Same protocol for ours and peers.
fn wake_latency(
    iterations: usize,
    wait: impl Fn(i64) + Send + 'static,
    notify: impl Fn(i64),
) -> Vec<f64> {
    let stamp = Arc::new(AtomicU64::new(0));
    let (tx, rx) = mpsc::channel::<u64>();
    let waiter = {
        let stamp = stamp.clone();
        std::thread::spawn(move || {
            for k in 1..=iterations as i64 {
                wait(k);
                let woke = hsa::time::now();
                let _ = tx.send(woke.saturating_sub(stamp.load(Ordering::Acquire)));
            }
        })
    };
    let mut samples = Vec::with_capacity(iterations);
    for k in 1..=iterations as i64 {
        std::thread::sleep(ASLEEP);
        stamp.store(hsa::time::now(), Ordering::Release);
        notify(k);
        samples.push(rx.recv().unwrap_or(0) as f64);
    }
    let _ = waiter.join();
    samples
}

fn main() {
    if let Err(e) = runtime::init() {
        eprintln!("hsa init failed: {e}");
        std::process::exit(1);
    }
    let rt = match runtime::current() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    println!(
        "# hsa_dispatch on {} ({} engine workers)",
        machine(),
        cpu_engine::Engine::global().worker_count()
    );
    doorbell::set_lazy_doorbell(doorbell::LAZY_POLL_NS, doorbell::LAZY_WINDOW_NS);
    let agent = rt.topology.cpu_agent().clone();
    let q = queue::create(&agent, 1024, 0, None).expect("queue");
    let kernel = Arc::new(KernelObject::from_functions(
        "empty".into(),
        cpu_engine::Kernel {
            workitem_fn: empty_kernel,
            workgroup_fn: None,
            static_group_segment_size: 0,
            static_private_segment_size: 0,
        },
        0,
        16,
    ));
    let kernel_object = executable::register_kernel(kernel);
    let done = signal::create(1, &[]).expect("signal");

    // 1. Synchronous dispatch latency with the processor asleep.
    let raw = dispatch_packet(kernel_object, &done);
    let sync_dispatch = |pause: Pause, iterations: usize| -> Vec<f64> {
        (0..iterations)
            .map(|_| {
                pause.run();
                done.store(1, MemoryOrder::Relaxed);
                let t = Instant::now();
                submit(&q, &raw);
                done.wait(
                    Condition::Lt,
                    1,
                    u64::MAX,
                    WaitState::Active,
                    MemoryOrder::Acquire,
                );
                t.elapsed().as_nanos() as f64
            })
            .collect()
    };
    let iterations = 500;
    for (name, pause, n) in [
        (
            "empty dispatch, sync, processor asleep",
            Pause::Busy(ASLEEP),
            iterations,
        ),
        (
            "  the same, host thread asleep too",
            Pause::Sleep(ASLEEP),
            iterations,
        ),
        (
            "  the same, processor in deep sleep",
            Pause::SleepThenBusy(DEEP_ASLEEP),
            100,
        ),
    ] {
        let woken = q.waking_rings();
        let mut ours = sync_dispatch(pause, n);
        let woken = q.waking_rings() - woken;
        let mut peer = peer_handoff_latency(n, pause);
        row(
            name,
            Stats::of(&mut ours),
            Some(("condvar handoff", Stats::of(&mut peer))),
            Some(2000.0),
        );
        println!("    ({woken} of {n} rings woke the processor)");
    }
    doorbell::set_lazy_doorbell(0, doorbell::LAZY_WINDOW_NS);
    let mut eager = sync_dispatch(Pause::Busy(ASLEEP), iterations);
    doorbell::set_lazy_doorbell(doorbell::LAZY_POLL_NS, doorbell::LAZY_WINDOW_NS);
    row(
        "  the same, lazy doorbell off",
        Stats::of(&mut eager),
        None,
        Some(2000.0),
    );

    q.set_profiling(true);
    let (mut ring, mut pick, mut run, mut seen) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    // Same protocol, timed per phase.
    for _ in 0..200 {
        Pause::Busy(ASLEEP).run();
        done.store(1, MemoryOrder::Relaxed);
        let t0 = hsa::time::now();
        submit(&q, &raw);
        let t1 = hsa::time::now();
        done.wait(
            Condition::Lt,
            1,
            u64::MAX,
            WaitState::Active,
            MemoryOrder::Acquire,
        );
        let t4 = hsa::time::now();
        let (t2, t3) = done.dispatch_times();
        ring.push(t1.saturating_sub(t0) as f64);
        pick.push(t2.saturating_sub(t1) as f64);
        run.push(t3.saturating_sub(t2) as f64);
        seen.push(t4.saturating_sub(t3) as f64);
    }
    q.set_profiling(false);
    println!(
        "  phases (median): submit (packet + doorbell) {:.2} us | -> packet starts {:.2} us | run {:.2} us | completion -> wait returns {:.2} us",
        Stats::of(&mut ring).median / 1e3,
        Stats::of(&mut pick).median / 1e3,
        Stats::of(&mut run).median / 1e3,
        Stats::of(&mut seen).median / 1e3
    );

    // 1b. The same with the processor still in its spin window (back-to-back round trips).
    let mut awake = sync_dispatch(Pause::Busy(Duration::ZERO), iterations * 4);
    row(
        "empty dispatch, sync, processor spinning",
        Stats::of(&mut awake),
        None,
        Some(2000.0),
    );

    // 1c. The lazy doorbell's cost: after synchronous dispatches, a packet nobody waits for
    // (the host only loads the signal) starts at the processor's next lazy wake-up; the
    // next one finds it sleeping deep and rung awake.
    let (mut first, mut next) = (Vec::new(), Vec::new());
    for _ in 0..20 {
        sync_dispatch(Pause::Busy(ASLEEP), 3);
        for samples in [&mut first, &mut next] {
            Pause::Busy(ASLEEP).run();
            done.store(1, MemoryOrder::Relaxed);
            let t = Instant::now();
            submit(&q, &raw);
            while done.load(MemoryOrder::Acquire) >= 1 {
                std::hint::spin_loop();
            }
            samples.push(t.elapsed().as_nanos() as f64);
        }
    }
    let (first, next) = (Stats::of(&mut first), Stats::of(&mut next));
    println!(
        "  async dispatch nobody waits for, after sync ones: starts within {:.1} us median (p90 {:.1}; bound {} us); the next one {:.1} us",
        first.median / 1e3,
        first.p90 / 1e3,
        doorbell::LAZY_POLL_NS / 1000,
        next.median / 1e3
    );

    // 2. Back-to-back throughput.
    let n: usize = 200_000;
    for (name, raw) in [
        (
            "empty kernel dispatches",
            dispatch_packet(kernel_object, &done),
        ),
        ("barrier-AND packets", barrier_packet(&done)),
    ] {
        done.store(n as i64, MemoryOrder::Relaxed);
        let t = Instant::now();
        for _ in 0..n {
            submit(&q, &raw);
        }
        done.wait(
            Condition::Eq,
            0,
            u64::MAX,
            WaitState::Active,
            MemoryOrder::Acquire,
        );
        let per_packet = t.elapsed().as_nanos() as f64 / n as f64;
        let (tx, rx) = mpsc::channel::<Box<dyn FnOnce() + Send>>();
        let worker = std::thread::spawn(move || {
            while let Ok(job) = rx.recv() {
                job();
            }
        });
        let left = Arc::new(AtomicU64::new(n as u64));
        let t = Instant::now();
        for _ in 0..n {
            let left = left.clone();
            let _ = tx.send(Box::new(move || {
                left.fetch_sub(1, Ordering::AcqRel);
            }));
        }
        while left.load(Ordering::Acquire) != 0 {
            std::hint::spin_loop();
        }
        let peer_per = t.elapsed().as_nanos() as f64 / n as f64;
        drop(tx);
        let _ = worker.join();
        println!(
            "{:<44} ours {:>6.2} M/s ({:.0} ns each) | mpsc closure peer {:.2} M/s | ours/peer rate {:.2}x | target 1.00 M/s, ours/target {:.2}x",
            format!("back-to-back {name}"),
            1e3 / per_packet,
            per_packet,
            1e3 / peer_per,
            peer_per / per_packet,
            (1e3 / per_packet) / 1.0
        );
    }

    // 3. Signal store -> waiter wakes.
    let sig = signal::create(0, &[]).expect("signal");
    let waiter_sig = sig.clone();
    let mut ours = wake_latency(
        iterations,
        move |k| {
            waiter_sig.wait(
                Condition::Eq,
                k,
                u64::MAX,
                WaitState::Blocked,
                MemoryOrder::Acquire,
            );
        },
        |k| sig.store(k, MemoryOrder::Release),
    );
    let shared = Arc::new((Mutex::new(0i64), Condvar::new()));
    let waiter_shared = shared.clone();
    let mut peer = wake_latency(
        iterations,
        move |k| {
            let mut g = waiter_shared.0.lock().unwrap_or_else(|e| e.into_inner());
            while *g != k {
                g = waiter_shared.1.wait(g).unwrap_or_else(|e| e.into_inner());
            }
        },
        |k| {
            *shared.0.lock().unwrap_or_else(|e| e.into_inner()) = k;
            shared.1.notify_one();
        },
    );
    row(
        "signal store -> sleeping waiter wakes",
        Stats::of(&mut ours),
        Some(("condvar notify", Stats::of(&mut peer))),
        Some(5000.0),
    );

    let _ = queue::destroy(q.key());
    let _ = runtime::shut_down();
}
