//! Signals through the core interface that the C ABI layer and the packet processor use.
//!
//! Tests share the process-wide registry; the test that shuts everything down takes the
//! gate exclusively, the others share it.

use std::mem::{align_of, offset_of, size_of};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::thread;
use std::time::{Duration, Instant};

use hsa::core::runtime;
use hsa::core::signal::{self, AmdSignal, Condition, MemoryOrder, SignalObject, WaitState};
use hsa::time;
use hsa::HsaError;

static GATE: RwLock<()> = RwLock::new(());

fn shared() -> RwLockReadGuard<'static, ()> {
    GATE.read().unwrap_or_else(|e| e.into_inner())
}

fn exclusive() -> RwLockWriteGuard<'static, ()> {
    GATE.write().unwrap_or_else(|e| e.into_inner())
}

/// Initialises the runtime (the reference is never dropped outside `exclusive` tests)
/// and returns the CPU agent's handle.
fn agent() -> u64 {
    runtime::init().expect("hsa_init");
    runtime::current()
        .expect("runtime")
        .topology
        .cpu_agent()
        .handle()
}

const MS: u64 = 1_000_000;
const ORDERS: [MemoryOrder; 4] = [
    MemoryOrder::Relaxed,
    MemoryOrder::Acquire,
    MemoryOrder::Release,
    MemoryOrder::AcqRel,
];
const CONDS: [Condition; 4] = [Condition::Eq, Condition::Ne, Condition::Lt, Condition::Gte];

/// CPU time (user + system) of the calling thread.
fn thread_cpu_time() -> Duration {
    // SAFETY: getrusage only writes into the zeroed struct we pass.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `usage` is a valid, writable rusage.
    let rc = unsafe { libc::getrusage(libc::RUSAGE_THREAD, &mut usage) };
    assert_eq!(rc, 0);
    let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    tv(usage.ru_utime) + tv(usage.ru_stime)
}

fn percentile(sorted: &[u64], p: usize) -> u64 {
    sorted[(sorted.len() - 1) * p / 100]
}

#[test]
fn amd_signal_layout() {
    assert_eq!(size_of::<AmdSignal>(), 64);
    assert_eq!(align_of::<AmdSignal>(), 64);
    let offsets = [
        offset_of!(AmdSignal, kind),
        offset_of!(AmdSignal, value),
        offset_of!(AmdSignal, event_mailbox_ptr),
        offset_of!(AmdSignal, event_id),
        offset_of!(AmdSignal, reserved1),
        offset_of!(AmdSignal, start_ts),
        offset_of!(AmdSignal, end_ts),
        offset_of!(AmdSignal, queue_ptr),
        offset_of!(AmdSignal, reserved3),
    ];
    assert_eq!(offsets, [0, 8, 16, 24, 28, 32, 40, 48, 56]);
    let _g = shared();
    let s = signal::create(-7, &[]).unwrap();
    // SAFETY: the handle is the address of the live signal's amd_signal_t.
    let (kind, value) = unsafe {
        let p = s.handle() as *const i64;
        (p.read(), p.add(1).read_volatile())
    };
    assert_eq!((kind, value), (signal::AMD_SIGNAL_KIND_USER, -7));
    signal::destroy(s.handle()).unwrap();
}

#[test]
fn ops_through_handles_in_every_order() {
    let _g = shared();
    for order in ORDERS {
        let h = signal::create(100, &[]).unwrap().handle();
        let s = || signal::lookup(h).unwrap();
        assert_eq!(s().load(order), 100);
        s().store(1, order);
        assert_eq!(s().load(order), 1);
        s().silent_store(2, order);
        assert_eq!(signal::get(h).map(|s| s.load(order)), Ok(2));
        assert_eq!(s().exchange(40, order), 2);
        assert_eq!(s().cas(40, 41, order), 40);
        assert_eq!(s().cas(40, 0, order), 41);
        s().add(9, order);
        assert_eq!(s().load(order), 50);
        s().subtract(60, order);
        assert_eq!(s().load(order), -10);
        s().store(0xF0, order);
        s().and(0x3C, order);
        assert_eq!(s().load(order), 0x30);
        s().or(0x03, order);
        assert_eq!(s().load(order), 0x33);
        s().xor(0xFF, order);
        assert_eq!(s().load(order), 0xCC);
        // SAFETY: value_ptr points at the live signal's value.
        unsafe { *s().value_ptr() = 77 };
        assert_eq!(s().load(order), 77);
        signal::destroy(h).unwrap();
    }
}

#[test]
fn waits_already_satisfied_return_at_once() {
    let _g = shared();
    let s = signal::create(5, &[]).unwrap();
    let cases = [
        (Condition::Eq, 5),
        (Condition::Ne, 4),
        (Condition::Lt, 6),
        (Condition::Gte, 5),
    ];
    for (cond, cmp) in cases {
        for state in [WaitState::Blocked, WaitState::Active] {
            for order in [MemoryOrder::Relaxed, MemoryOrder::Acquire] {
                let t = Instant::now();
                assert_eq!(s.wait(cond, cmp, u64::MAX, state, order), 5);
                assert!(t.elapsed() < Duration::from_millis(50));
            }
        }
    }
    // timeout 0 on an unsatisfied condition returns the value at once.
    assert_eq!(
        s.wait(
            Condition::Eq,
            6,
            0,
            WaitState::Blocked,
            MemoryOrder::Acquire
        ),
        5
    );
    signal::destroy(s.handle()).unwrap();
}

#[test]
fn waits_satisfied_later_by_another_thread() {
    let _g = shared();
    // (initial, condition, compare, value stored later)
    let cases = [
        (0, Condition::Eq, 3, 3),
        (3, Condition::Ne, 3, 4),
        (10, Condition::Lt, 0, -1),
        (0, Condition::Gte, 8, 9),
    ];
    for (initial, cond, cmp, later) in cases {
        for state in [WaitState::Blocked, WaitState::Active] {
            for delay_us in [0u64, 5_000] {
                let s = signal::create(initial, &[]).unwrap();
                let writer = {
                    let s = Arc::clone(&s);
                    thread::spawn(move || {
                        thread::sleep(Duration::from_micros(delay_us));
                        s.store(later, MemoryOrder::Release);
                    })
                };
                let v = s.wait(cond, cmp, u64::MAX, state, MemoryOrder::Acquire);
                assert_eq!(v, later, "{cond:?} {state:?}");
                assert!(cond.holds(v, cmp));
                writer.join().unwrap();
                signal::destroy(s.handle()).unwrap();
            }
        }
    }
    assert_eq!(CONDS.len(), 4);
}

/// Disables the sleepers' safety-net polling while alive, so that a missed wake hangs.
struct NoPolling(u64);

impl NoPolling {
    fn new() -> NoPolling {
        let previous = signal::sleep_poll_ns();
        signal::set_sleep_poll_ns(u64::MAX);
        NoPolling(previous)
    }
}

impl Drop for NoPolling {
    fn drop(&mut self) {
        signal::set_sleep_poll_ns(self.0);
    }
}

/// Waits up to `limit` for the thread to finish.
fn finishes_within<T>(t: &thread::JoinHandle<T>, limit: Duration) -> bool {
    let start = Instant::now();
    while !t.is_finished() {
        if start.elapsed() > limit {
            return false;
        }
        thread::sleep(Duration::from_micros(100));
    }
    true
}

#[test]
fn every_value_changing_op_wakes_a_sleeper() {
    let _g = exclusive();
    let _no_polling = NoPolling::new();
    type Op = fn(&SignalObject);
    // (name, initial value, operation that makes the value 1)
    let ops: [(&str, i64, Op); 8] = [
        ("store", 0, |s| s.store(1, MemoryOrder::Relaxed)),
        ("exchange", 0, |s| {
            s.exchange(1, MemoryOrder::Relaxed);
        }),
        ("cas", 0, |s| {
            s.cas(0, 1, MemoryOrder::Relaxed);
        }),
        ("add", 0, |s| s.add(1, MemoryOrder::Relaxed)),
        ("subtract", 2, |s| s.subtract(1, MemoryOrder::Relaxed)),
        ("and", 3, |s| s.and(1, MemoryOrder::Relaxed)),
        ("or", 0, |s| s.or(1, MemoryOrder::Relaxed)),
        ("xor", 0, |s| s.xor(1, MemoryOrder::Relaxed)),
    ];
    for (name, initial, op) in ops {
        for multi in [false, true] {
            let s = signal::create(initial, &[]).unwrap();
            let other = signal::create(0, &[]).unwrap();
            let waiter = {
                let (s, other) = (Arc::clone(&s), Arc::clone(&other));
                thread::spawn(move || {
                    if multi {
                        signal::wait_any(
                            &[(&other, Condition::Ne, 0), (&s, Condition::Eq, 1)],
                            u64::MAX,
                            WaitState::Blocked,
                            MemoryOrder::Acquire,
                        )
                    } else {
                        let v = s.wait(
                            Condition::Eq,
                            1,
                            u64::MAX,
                            WaitState::Blocked,
                            MemoryOrder::Acquire,
                        );
                        Some((1, v))
                    }
                })
            };
            thread::sleep(Duration::from_millis(20)); // well past the spin window: asleep
            assert!(
                !waiter.is_finished(),
                "{name}: returned before the value changed"
            );
            op(&s);
            // With polling off, only the operation's wake can end the wait.
            assert!(
                finishes_within(&waiter, Duration::from_secs(2)),
                "{name} (multi={multi}) did not wake its sleeper"
            );
            assert_eq!(waiter.join().unwrap(), Some((1, 1)), "{name}");
            signal::destroy(s.handle()).unwrap();
            signal::destroy(other.handle()).unwrap();
        }
    }
}

#[test]
fn silent_stores_reach_sleepers_through_the_poll() {
    let _g = shared();
    if signal::sleep_poll_ns() == u64::MAX {
        return; // FERROCM_SIGNAL_POLL_MS=0: silent stores are never noticed by sleepers
    }
    let s = signal::create(0, &[]).unwrap();
    let waiter = {
        let s = Arc::clone(&s);
        thread::spawn(move || {
            s.wait(
                Condition::Eq,
                1,
                u64::MAX,
                WaitState::Blocked,
                MemoryOrder::Acquire,
            )
        })
    };
    thread::sleep(Duration::from_millis(20));
    let t = Instant::now();
    s.silent_store(1, MemoryOrder::Release);
    assert_eq!(waiter.join().unwrap(), 1);
    assert!(
        t.elapsed() < Duration::from_millis(500),
        "{:?}",
        t.elapsed()
    );
    signal::destroy(s.handle()).unwrap();
}

#[test]
fn timeouts_return_after_about_the_timeout() {
    let _g = shared();
    let s = signal::create(0, &[]).unwrap();
    for state in [WaitState::Blocked, WaitState::Active] {
        for timeout_ms in [1u64, 50] {
            let t = Instant::now();
            let v = s.wait(
                Condition::Eq,
                1,
                timeout_ms * MS,
                state,
                MemoryOrder::Acquire,
            );
            let e = t.elapsed();
            assert_eq!(v, 0);
            assert!(
                e >= Duration::from_millis(timeout_ms),
                "{state:?} {timeout_ms} ms: {e:?}"
            );
            assert!(
                e < Duration::from_millis(timeout_ms + 150),
                "{state:?} {timeout_ms} ms: {e:?}"
            );
        }
        let other = signal::create(0, &[]).unwrap();
        let t = Instant::now();
        let r = signal::wait_any(
            &[(&s, Condition::Ne, 0), (&other, Condition::Lt, 0)],
            30 * MS,
            state,
            MemoryOrder::Relaxed,
        );
        let e = t.elapsed();
        assert_eq!(r, None);
        assert!(
            e >= Duration::from_millis(30) && e < Duration::from_millis(180),
            "{e:?}"
        );
        signal::destroy(other.handle()).unwrap();
    }
    signal::destroy(s.handle()).unwrap();
}

#[test]
fn sleeping_waiters_use_little_cpu() {
    let _g = shared();
    let s = signal::create(0, &[]).unwrap();
    let s2 = signal::create(0, &[]).unwrap();
    let a = Arc::clone(&s);
    let single = thread::spawn(move || {
        let cpu = thread_cpu_time();
        let t = Instant::now();
        let v = a.wait(
            Condition::Eq,
            1,
            200 * MS,
            WaitState::Blocked,
            MemoryOrder::Acquire,
        );
        (v, t.elapsed(), thread_cpu_time() - cpu)
    });
    let (c, d) = (Arc::clone(&s), Arc::clone(&s2));
    let multi = thread::spawn(move || {
        let cpu = thread_cpu_time();
        let t = Instant::now();
        let r = signal::wait_any(
            &[(&c, Condition::Eq, 1), (&d, Condition::Eq, 1)],
            200 * MS,
            WaitState::Blocked,
            MemoryOrder::Acquire,
        );
        (r, t.elapsed(), thread_cpu_time() - cpu)
    });
    let (v, wall, cpu) = single.join().unwrap();
    println!("single-signal 200 ms wait: wall {wall:?}, cpu {cpu:?}");
    assert_eq!(v, 0);
    assert!(wall >= Duration::from_millis(200));
    assert!(cpu < Duration::from_millis(50), "cpu {cpu:?}");
    let (r, wall, cpu) = multi.join().unwrap();
    println!("wait_any 200 ms wait: wall {wall:?}, cpu {cpu:?}");
    assert_eq!(r, None);
    assert!(wall >= Duration::from_millis(200));
    assert!(cpu < Duration::from_millis(50), "cpu {cpu:?}");
    signal::destroy(s.handle()).unwrap();
    signal::destroy(s2.handle()).unwrap();
}

/// Store → return latency of a waiter that already sleeps (the futex path), and of a
/// waiter still in its spin window (ping-pong between two threads).
#[test]
fn wake_latency() {
    let _g = exclusive();
    const N: i64 = 200;
    let s = signal::create(0, &[]).unwrap();
    let ack = signal::create(0, &[]).unwrap();
    let woke_at = Arc::new(std::sync::atomic::AtomicU64::new(0));
    let waiter = {
        let (s, ack, woke_at) = (Arc::clone(&s), Arc::clone(&ack), Arc::clone(&woke_at));
        thread::spawn(move || {
            for i in 1..=N {
                s.wait(
                    Condition::Gte,
                    i,
                    u64::MAX,
                    WaitState::Blocked,
                    MemoryOrder::Acquire,
                );
                woke_at.store(time::now(), Ordering::Relaxed);
                ack.store(i, MemoryOrder::Release);
            }
        })
    };
    let mut sleeping = Vec::new();
    for i in 1..=N {
        thread::sleep(Duration::from_micros(500)); // > the spin window: the waiter sleeps
        let t0 = time::now();
        s.store(i, MemoryOrder::Release);
        // Yield rather than spin: if both threads share a core, spinning here would delay
        // the waiter and inflate the measurement.
        while ack.load(MemoryOrder::Acquire) < i {
            thread::yield_now();
        }
        sleeping.push(woke_at.load(Ordering::Relaxed).saturating_sub(t0));
    }
    waiter.join().unwrap();
    sleeping.sort_unstable();

    // Ping-pong: each side answers within the other's spin window.
    const ROUNDS: i64 = 20_000;
    let ping = signal::create(0, &[]).unwrap();
    let pong = signal::create(0, &[]).unwrap();
    let responder = {
        let (ping, pong) = (Arc::clone(&ping), Arc::clone(&pong));
        thread::spawn(move || {
            for i in 1..=ROUNDS {
                ping.wait(
                    Condition::Gte,
                    i,
                    u64::MAX,
                    WaitState::Blocked,
                    MemoryOrder::Acquire,
                );
                pong.store(i, MemoryOrder::Release);
            }
        })
    };
    let mut round_trips = Vec::with_capacity(ROUNDS as usize);
    for i in 1..=ROUNDS {
        let t0 = time::now();
        ping.store(i, MemoryOrder::Release);
        pong.wait(
            Condition::Gte,
            i,
            u64::MAX,
            WaitState::Blocked,
            MemoryOrder::Acquire,
        );
        round_trips.push(time::now() - t0);
    }
    responder.join().unwrap();
    round_trips.sort_unstable();
    println!(
        "wake latency, sleeping waiter (futex): median {} ns, p90 {} ns, max {} ns",
        percentile(&sleeping, 50),
        percentile(&sleeping, 90),
        sleeping[sleeping.len() - 1]
    );
    println!(
        "wake latency, spinning waiter (ping-pong half round trip): median {} ns, p90 {} ns",
        percentile(&round_trips, 50) / 2,
        percentile(&round_trips, 90) / 2
    );
    assert!(
        percentile(&sleeping, 50) < 2 * MS,
        "median {}",
        percentile(&sleeping, 50)
    );
    assert!(percentile(&round_trips, 50) / 2 < 2 * MS);
    for sig in [&s, &ack, &ping, &pong] {
        signal::destroy(sig.handle()).unwrap();
    }
}

#[test]
fn eight_threads_add_concurrently() {
    let _g = shared();
    const THREADS: i64 = 8;
    const ADDS: i64 = 100_000;
    let h = signal::create(0, &[]).unwrap().handle();
    let watcher = thread::spawn(move || {
        let s = signal::lookup(h).unwrap();
        s.wait(
            Condition::Gte,
            THREADS * ADDS,
            u64::MAX,
            WaitState::Blocked,
            MemoryOrder::Acquire,
        )
    });
    let adders: Vec<_> = (0..THREADS)
        .map(|t| {
            thread::spawn(move || {
                for i in 0..ADDS {
                    if (i + t) % 2 == 0 {
                        signal::lookup(h).unwrap().add(1, MemoryOrder::Relaxed);
                    } else {
                        signal::get(h).unwrap().add(1, MemoryOrder::AcqRel);
                    }
                }
            })
        })
        .collect();
    for a in adders {
        a.join().unwrap();
    }
    assert_eq!(watcher.join().unwrap(), THREADS * ADDS);
    assert_eq!(
        signal::lookup(h).unwrap().load(MemoryOrder::Acquire),
        THREADS * ADDS
    );
    signal::destroy(h).unwrap();
}

/// rocrtst's Signal_Create_Concurrently / Signal_Destroy_Concurrently, plus readers that
/// validate handles while they are being destroyed and their slots reused.
#[test]
fn concurrent_create_destroy_and_lookup() {
    let _g = shared();
    const THREADS: usize = 4;
    const ROUNDS: usize = 5_000;
    let recent: Arc<Vec<std::sync::atomic::AtomicU64>> = Arc::new(
        (0..64)
            .map(|_| std::sync::atomic::AtomicU64::new(0))
            .collect(),
    );
    let stop = Arc::new(AtomicBool::new(false));
    let readers: Vec<_> = (0..2)
        .map(|_| {
            let (recent, stop) = (Arc::clone(&recent), Arc::clone(&stop));
            thread::spawn(move || {
                let mut hits = 0u64;
                while !stop.load(Ordering::Relaxed) {
                    for slot in recent.iter() {
                        let h = slot.load(Ordering::Relaxed);
                        // Valid, destroyed or reused: never a crash.
                        if let Ok(s) = signal::get(h) {
                            s.load(MemoryOrder::Relaxed);
                            hits += 1;
                        }
                        if let Ok(s) = signal::lookup(h) {
                            s.add(0, MemoryOrder::Relaxed);
                        }
                    }
                }
                hits
            })
        })
        .collect();
    let creators: Vec<_> = (0..THREADS)
        .map(|t| {
            let recent = Arc::clone(&recent);
            thread::spawn(move || {
                let mut mine = Vec::new();
                for i in 0..ROUNDS {
                    let s = signal::create(i as i64, &[]).unwrap();
                    assert_eq!(s.load(MemoryOrder::Relaxed), i as i64, "fresh value");
                    assert!(s.is_live() && !s.is_doorbell());
                    recent[(t * 16 + i) % 64].store(s.handle(), Ordering::Relaxed);
                    mine.push(s.handle());
                    if mine.len() > 8 {
                        let h = mine.remove(0);
                        signal::destroy(h).unwrap();
                    }
                }
                for h in mine {
                    signal::destroy(h).unwrap();
                }
            })
        })
        .collect();
    for c in creators {
        c.join().unwrap();
    }
    stop.store(true, Ordering::Relaxed);
    let hits: u64 = readers.into_iter().map(|r| r.join().unwrap()).sum();
    println!("concurrent readers validated {hits} live handles");
}

#[test]
fn invalid_handles() {
    let _g = shared();
    let s = signal::create(1, &[]).unwrap();
    let h = s.handle();
    assert!(signal::lookup(h).is_ok());
    signal::destroy(h).unwrap();
    assert_eq!(
        signal::lookup(h).err(),
        Some(HsaError::ERROR_INVALID_SIGNAL)
    );
    assert_eq!(
        signal::destroy(h),
        Err(HsaError::ERROR_INVALID_SIGNAL),
        "destroy twice"
    );
    assert_eq!(signal::get(h).err(), Some(HsaError::ERROR_INVALID_SIGNAL));
    assert!(!s.is_live());
    assert_eq!(
        s.load(MemoryOrder::Relaxed),
        1,
        "an Arc outlives destruction"
    );
    assert_eq!(
        signal::lookup(0).err(),
        Some(HsaError::ERROR_INVALID_SIGNAL)
    );
    assert_eq!(signal::destroy(0), Err(HsaError::ERROR_INVALID_ARGUMENT));
    let on_stack = 5u64;
    let garbage = [
        1,
        0xdead_beef,
        0xdead_beef_0000_0040,
        u64::MAX,
        &on_stack as *const u64 as u64,
        &on_stack as *const u64 as u64 & !63,
        h + 64,
    ];
    for g in garbage {
        assert_eq!(
            signal::lookup(g).err(),
            Some(HsaError::ERROR_INVALID_SIGNAL),
            "{g:#x}"
        );
        assert_eq!(
            signal::destroy(g),
            Err(HsaError::ERROR_INVALID_SIGNAL),
            "{g:#x}"
        );
        assert!(signal::async_handler(g, Condition::Eq, 0, Box::new(|_| false)).is_err());
    }
}

#[test]
fn create_validates_consumers_and_attributes() {
    let _g = shared();
    let a = agent();
    let ok = signal::create(0, &[a]).unwrap();
    assert_eq!(ok.consumers(), &[a]);
    assert_eq!(
        signal::create(0, &[a, a]).err(),
        Some(HsaError::ERROR_INVALID_ARGUMENT)
    );
    assert_eq!(
        signal::create(0, &[a, 0x1234_5678]).err(),
        Some(HsaError::ERROR_INVALID_AGENT)
    );
    assert_eq!(
        signal::create(0, &[0]).err(),
        Some(HsaError::ERROR_INVALID_AGENT)
    );
    let gpu_only =
        signal::create_with_attributes(4, &[], signal::AMD_SIGNAL_ATTRIBUTE_GPU_ONLY).unwrap();
    assert_eq!(gpu_only.load(MemoryOrder::Relaxed), 4);
    assert_eq!(
        signal::create_with_attributes(0, &[], 0)
            .unwrap()
            .attributes(),
        0
    );
    assert_eq!(
        signal::create_with_attributes(0, &[], signal::AMD_SIGNAL_ATTRIBUTE_IPC).err(),
        Some(HsaError::ERROR)
    );
    assert_eq!(
        signal::create_with_attributes(0, &[], 8).err(),
        Some(HsaError::ERROR_INVALID_ARGUMENT)
    );
    signal::destroy(ok.handle()).unwrap();
    signal::destroy(gpu_only.handle()).unwrap();
}

#[test]
fn doorbells_are_runtime_owned() {
    let _g = shared();
    let db = signal::create_doorbell();
    let h = db.handle();
    assert!(db.is_doorbell());
    assert_eq!(db.kind(), signal::AMD_SIGNAL_KIND_DOORBELL);
    assert_eq!(signal::destroy(h), Err(HsaError::ERROR_INVALID_ARGUMENT));
    // Still usable: the application rings it through its handle.
    let s = signal::lookup(h).unwrap();
    let waiter = {
        let db = Arc::clone(&db);
        thread::spawn(move || {
            db.wait(
                Condition::Gte,
                7,
                u64::MAX,
                WaitState::Blocked,
                MemoryOrder::Acquire,
            )
        })
    };
    thread::sleep(Duration::from_millis(5));
    s.store(7, MemoryOrder::Release);
    assert_eq!(waiter.join().unwrap(), 7);
    signal::release_doorbell(&db);
    assert_eq!(
        signal::lookup(h).err(),
        Some(HsaError::ERROR_INVALID_SIGNAL)
    );
    signal::release_doorbell(&db); // idempotent
    assert_eq!(signal::destroy(h), Err(HsaError::ERROR_INVALID_SIGNAL));
}

#[test]
fn wait_any_over_five_signals() {
    let _g = shared();
    let sigs: Vec<Arc<SignalObject>> = (0..5).map(|_| signal::create(1, &[]).unwrap()).collect();
    let entries = |sigs: &[Arc<SignalObject>]| -> Vec<(Arc<SignalObject>, Condition, i64)> {
        sigs.iter()
            .map(|s| (Arc::clone(s), Condition::Eq, 0))
            .collect()
    };
    for state in [WaitState::Blocked, WaitState::Active] {
        let owned = entries(&sigs);
        let setter = {
            let s3 = Arc::clone(&sigs[3]);
            thread::spawn(move || {
                thread::sleep(Duration::from_millis(10));
                s3.subtract(1, MemoryOrder::Release);
            })
        };
        let list: Vec<(&SignalObject, Condition, i64)> =
            owned.iter().map(|(s, c, v)| (&**s, *c, *v)).collect();
        let r = signal::wait_any(&list, u64::MAX, state, MemoryOrder::Acquire);
        assert_eq!(r, Some((3, 0)));
        setter.join().unwrap();
        // Already satisfied: the lowest satisfied index wins.
        sigs[1].store(0, MemoryOrder::Relaxed);
        assert_eq!(
            signal::wait_any(&list, 0, state, MemoryOrder::Relaxed),
            Some((1, 0))
        );
        for s in &sigs {
            s.store(1, MemoryOrder::Relaxed);
        }
        assert_eq!(
            signal::wait_any(&list, 0, state, MemoryOrder::Relaxed),
            None
        );
    }
    assert_eq!(
        signal::wait_any(&[], u64::MAX, WaitState::Blocked, MemoryOrder::Relaxed),
        None
    );
    for s in &sigs {
        signal::destroy(s.handle()).unwrap();
    }
}

#[test]
fn signal_groups() {
    let _g = shared();
    let a = agent();
    let s: Vec<u64> = (0..3)
        .map(|_| signal::create(1, &[]).unwrap().handle())
        .collect();
    use HsaError as E;
    assert_eq!(
        signal::group_create(&[], &[a]),
        Err(E::ERROR_INVALID_ARGUMENT)
    );
    assert_eq!(
        signal::group_create(&s, &[]),
        Err(E::ERROR_INVALID_ARGUMENT)
    );
    assert_eq!(
        signal::group_create(&[s[0], s[1], s[0]], &[a]),
        Err(E::ERROR_INVALID_ARGUMENT)
    );
    assert_eq!(
        signal::group_create(&s, &[a, a]),
        Err(E::ERROR_INVALID_ARGUMENT)
    );
    assert_eq!(
        signal::group_create(&[s[0], 0xbad0], &[a]),
        Err(E::ERROR_INVALID_SIGNAL)
    );
    assert_eq!(
        signal::group_create(&[s[0], 0], &[a]),
        Err(E::ERROR_INVALID_SIGNAL)
    );
    assert_eq!(
        signal::group_create(&s, &[0xbad0]),
        Err(E::ERROR_INVALID_AGENT)
    );

    let g = signal::group_create(&s, &[a]).unwrap();
    assert_eq!(signal::group_len(g), Ok(3));
    let conds = [Condition::Eq; 3];
    assert_eq!(
        signal::group_wait_any(
            g,
            &conds[..2],
            &[0, 0],
            WaitState::Blocked,
            MemoryOrder::Acquire
        ),
        Err(E::ERROR_INVALID_ARGUMENT)
    );
    let setter = {
        let h = s[2];
        thread::spawn(move || {
            thread::sleep(Duration::from_millis(10));
            signal::lookup(h).unwrap().store(0, MemoryOrder::Release);
        })
    };
    assert_eq!(
        signal::group_wait_any(
            g,
            &conds,
            &[0, 0, 0],
            WaitState::Blocked,
            MemoryOrder::Acquire
        ),
        Ok((s[2], 0))
    );
    setter.join().unwrap();
    assert_eq!(
        signal::group_wait_any(
            g,
            &[Condition::Ne, Condition::Eq, Condition::Eq],
            &[1, 5, 0],
            WaitState::Active,
            MemoryOrder::Relaxed
        ),
        Ok((s[2], 0))
    );
    signal::group_destroy(g).unwrap();
    assert_eq!(signal::group_destroy(g), Err(E::ERROR_INVALID_SIGNAL_GROUP));
    assert_eq!(signal::group_len(g), Err(E::ERROR_INVALID_SIGNAL_GROUP));
    assert_eq!(signal::group_destroy(0), Err(E::ERROR_INVALID_SIGNAL_GROUP));
    assert_eq!(
        signal::group_len(0xdead_0000),
        Err(E::ERROR_INVALID_SIGNAL_GROUP)
    );
    assert_eq!(
        signal::group_wait_any(0x40, &[], &[], WaitState::Blocked, MemoryOrder::Acquire),
        Err(E::ERROR_INVALID_SIGNAL_GROUP)
    );
    for h in s {
        signal::destroy(h).unwrap(); // the group did not destroy its members
    }
}

#[test]
fn async_handlers_rearm_and_unregister() {
    let _g = shared();
    // Returning false: called once.
    let once = signal::create(0, &[]).unwrap();
    let calls = Arc::new(AtomicUsize::new(0));
    {
        let calls = Arc::clone(&calls);
        signal::async_handler(
            once.handle(),
            Condition::Eq,
            1,
            Box::new(move |v| {
                assert_eq!(v, 1);
                calls.fetch_add(1, Ordering::SeqCst);
                false
            }),
        )
        .unwrap();
    }
    assert!(signal::async_thread_running());
    once.store(1, MemoryOrder::Release);
    let t = Instant::now();
    while calls.load(Ordering::SeqCst) == 0 && t.elapsed() < Duration::from_secs(5) {
        thread::sleep(Duration::from_millis(1));
    }
    once.store(0, MemoryOrder::Release);
    once.store(1, MemoryOrder::Release);
    thread::sleep(Duration::from_millis(50));
    assert_eq!(calls.load(Ordering::SeqCst), 1);

    // Returning true: re-armed; the handler resets the signal itself.
    let rearm = signal::create(0, &[]).unwrap();
    let (tx, rx) = mpsc::channel();
    {
        let s = Arc::clone(&rearm);
        signal::async_handler(
            rearm.handle(),
            Condition::Ne,
            0,
            Box::new(move |v| {
                s.store(0, MemoryOrder::Release);
                tx.send(v).is_ok() && v < 3
            }),
        )
        .unwrap();
    }
    for v in 1..=4 {
        rearm.store(v, MemoryOrder::Release);
        if v <= 3 {
            assert_eq!(rx.recv_timeout(Duration::from_secs(5)), Ok(v));
            let t = Instant::now();
            while rearm.load(MemoryOrder::Acquire) != 0 && t.elapsed() < Duration::from_secs(5) {
                thread::yield_now();
            }
        }
    }
    // The 3rd call returned false: the 4th store is not reported.
    assert!(rx.recv_timeout(Duration::from_millis(50)).is_err());

    // A condition that already holds fires without any store.
    let ready = signal::create(42, &[]).unwrap();
    let (tx, rx) = mpsc::channel();
    signal::async_handler(
        ready.handle(),
        Condition::Gte,
        40,
        Box::new(move |v| tx.send(v).is_err()),
    )
    .unwrap();
    assert_eq!(rx.recv_timeout(Duration::from_secs(5)), Ok(42));

    // Several registrations on one signal are independent.
    let multi = signal::create(0, &[]).unwrap();
    let (tx, rx) = mpsc::channel();
    for id in 0..3 {
        let tx = tx.clone();
        signal::async_handler(
            multi.handle(),
            Condition::Eq,
            1,
            Box::new(move |_| tx.send(id).is_err()),
        )
        .unwrap();
    }
    multi.store(1, MemoryOrder::Release);
    let mut ids: Vec<i32> = (0..3)
        .map(|_| rx.recv_timeout(Duration::from_secs(5)).unwrap())
        .collect();
    ids.sort_unstable();
    assert_eq!(ids, [0, 1, 2]);

    for s in [&once, &rearm, &ready, &multi] {
        signal::destroy(s.handle()).unwrap();
    }
}

#[test]
fn async_thread_survives_panics_prunes_destroyed_signals_and_runs_functions() {
    let _g = shared();
    let boom = signal::create(0, &[]).unwrap();
    signal::async_handler(
        boom.handle(),
        Condition::Eq,
        0,
        Box::new(|_| panic!("handler panic (expected by the test)")),
    )
    .unwrap();
    let (tx, rx) = mpsc::channel();
    {
        let tx = tx.clone();
        signal::async_function(Box::new(move || tx.send(1).unwrap())).unwrap();
    }
    signal::async_function(Box::new(|| panic!("function panic (expected by the test)"))).unwrap();
    {
        let tx = tx.clone();
        signal::async_function(Box::new(move || tx.send(2).unwrap())).unwrap();
    }
    assert_eq!(rx.recv_timeout(Duration::from_secs(5)), Ok(1));
    assert_eq!(rx.recv_timeout(Duration::from_secs(5)), Ok(2));

    // Destroyed before its condition holds: never called, and its closure is dropped.
    let doomed = signal::create(0, &[]).unwrap();
    let dropped = Arc::new(AtomicBool::new(false));
    struct SetOnDrop(Arc<AtomicBool>);
    impl Drop for SetOnDrop {
        fn drop(&mut self) {
            self.0.store(true, Ordering::SeqCst);
        }
    }
    {
        let guard = SetOnDrop(Arc::clone(&dropped));
        let tx = tx.clone();
        signal::async_handler(
            doomed.handle(),
            Condition::Eq,
            1,
            Box::new(move |_| {
                let _keep = &guard;
                tx.send(99).unwrap();
                false
            }),
        )
        .unwrap();
    }
    thread::sleep(Duration::from_millis(20));
    signal::destroy(doomed.handle()).unwrap();
    doomed.store(1, MemoryOrder::Release); // through the surviving Arc
    let t = Instant::now();
    while !dropped.load(Ordering::SeqCst) && t.elapsed() < Duration::from_secs(5) {
        thread::sleep(Duration::from_millis(1));
    }
    assert!(
        dropped.load(Ordering::SeqCst),
        "the destroyed signal's handler was pruned"
    );
    assert!(rx.recv_timeout(Duration::from_millis(20)).is_err());

    // Still alive after the panics.
    let later = signal::create(0, &[]).unwrap();
    signal::async_handler(
        later.handle(),
        Condition::Lt,
        0,
        Box::new(move |v| tx.send(v).is_err()),
    )
    .unwrap();
    later.store(-3, MemoryOrder::Release);
    assert_eq!(rx.recv_timeout(Duration::from_secs(5)), Ok(-3));
    signal::destroy(boom.handle()).unwrap();
    signal::destroy(later.handle()).unwrap();
}

#[test]
fn destroy_all_releases_everything_and_the_runtime_restarts() {
    let _g = exclusive();
    let a = agent();
    let s = signal::create(0, &[]).unwrap();
    let g = signal::group_create(&[s.handle()], &[a]).unwrap();
    let db = signal::create_doorbell();
    let dropped = Arc::new(AtomicBool::new(false));
    struct SetOnDrop(Arc<AtomicBool>);
    impl Drop for SetOnDrop {
        fn drop(&mut self) {
            self.0.store(true, Ordering::SeqCst);
        }
    }
    let guard = SetOnDrop(Arc::clone(&dropped));
    signal::async_handler(
        s.handle(),
        Condition::Eq,
        1,
        Box::new(move |_| {
            let _keep = &guard;
            true
        }),
    )
    .unwrap();
    assert!(signal::async_thread_running());
    assert!(signal::live_signals() >= 2);

    // The last hsa_shut_down runs destroy_all through the shutdown hook.
    while runtime::refcount() > 0 {
        runtime::shut_down().unwrap();
    }
    assert!(!signal::async_thread_running(), "thread stopped and joined");
    assert!(dropped.load(Ordering::SeqCst), "handlers dropped");
    assert_eq!(signal::live_signals(), 0);
    assert_eq!(
        signal::lookup(s.handle()).err(),
        Some(HsaError::ERROR_INVALID_SIGNAL)
    );
    assert_eq!(
        signal::lookup(db.handle()).err(),
        Some(HsaError::ERROR_INVALID_SIGNAL)
    );
    assert_eq!(
        signal::group_len(g),
        Err(HsaError::ERROR_INVALID_SIGNAL_GROUP)
    );
    signal::release_doorbell(&db); // after the sweep: a no-op
    signal::destroy_all(); // idempotent

    // Consumers need a runtime.
    assert_eq!(
        signal::create(0, &[a]).err(),
        Some(HsaError::ERROR_NOT_INITIALIZED)
    );
    // Without consumers, signals work with no runtime (the C layer checks hsa_init itself).
    let plain = signal::create(0, &[]).unwrap();

    // Re-initialise: a new handler starts a new thread.
    let a = agent();
    let fresh = signal::create(0, &[a]).unwrap();
    let (tx, rx) = mpsc::channel();
    signal::async_handler(
        fresh.handle(),
        Condition::Eq,
        5,
        Box::new(move |v| tx.send(v).is_err()),
    )
    .unwrap();
    assert!(signal::async_thread_running());
    fresh.store(5, MemoryOrder::Release);
    assert_eq!(rx.recv_timeout(Duration::from_secs(5)), Ok(5));
    signal::destroy(fresh.handle()).unwrap();
    signal::destroy(plain.handle()).unwrap();
}

/// Cost of the hot paths (meaningful with `--release`).
#[test]
fn hot_path_costs() {
    let _g = shared();
    const N: u32 = 2_000_000;
    // Populate the registry a little so that lookups probe a realistic map.
    let others: Vec<_> = (0..1000).map(|i| signal::create(i, &[]).unwrap()).collect();
    let s = signal::create(1, &[]).unwrap();
    let h = s.handle();
    let per_op = |f: &mut dyn FnMut(u32)| {
        let mut best = f64::MAX;
        for _ in 0..3 {
            let t = Instant::now();
            for i in 0..N {
                f(i);
            }
            best = best.min(t.elapsed().as_nanos() as f64 / f64::from(N));
        }
        best
    };
    let mut sink = 0i64;
    let lookup_load = per_op(&mut |_| {
        sink = sink.wrapping_add(signal::lookup(h).unwrap().load(MemoryOrder::Acquire))
    });
    let with_load = per_op(&mut |_| {
        sink = sink.wrapping_add(signal::get(h).unwrap().load(MemoryOrder::Acquire))
    });
    let load = per_op(&mut |_| {
        sink = sink.wrapping_add(std::hint::black_box(&s).load(MemoryOrder::Acquire))
    });
    let store = per_op(&mut |i| std::hint::black_box(&s).store(i64::from(i), MemoryOrder::Relaxed));
    let silent =
        per_op(&mut |i| std::hint::black_box(&s).silent_store(i64::from(i), MemoryOrder::Relaxed));
    let add = per_op(&mut |_| std::hint::black_box(&s).add(1, MemoryOrder::Relaxed));
    let raw = std::sync::atomic::AtomicI64::new(0);
    let raw_add = per_op(&mut |_| {
        std::hint::black_box(&raw).fetch_add(1, Ordering::Relaxed);
    });
    let raw_store =
        per_op(&mut |i| std::hint::black_box(&raw).store(i64::from(i), Ordering::Relaxed));
    let bad = per_op(&mut |i| {
        sink = sink.wrapping_add(i64::from(
            signal::lookup(0xdead_0000 + u64::from(i) * 64).is_err(),
        ))
    });
    println!(
        "per op (ns): lookup+load {lookup_load:.1}, get+load {with_load:.1}, load {load:.1}, \
         store {store:.1} (raw relaxed store {raw_store:.1}), silent_store {silent:.1}, \
         add {add:.1} (raw fetch_add {raw_add:.1}), rejected lookup {bad:.1} [sink {sink}]"
    );
    // Loose bounds (debug builds are slow; shared CI machines are noisy).
    assert!(lookup_load < 5_000.0 && with_load < 5_000.0 && store < 5_000.0);
    for o in others {
        signal::destroy(o.handle()).unwrap();
    }
    signal::destroy(h).unwrap();
}
