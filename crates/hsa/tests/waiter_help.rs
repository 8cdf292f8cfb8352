//! A host thread that waits for a packet of a CPU queue whose processor is asleep runs the
//! packet itself (`core::queue::help_waiter`), but only packets that cannot block or call
//! back into the application; failures it meets are reported by the processor thread.
//!
//! "Asleep" needs the processor past its spin window (20 us) in the futex: each attempt
//! first sleeps [`IDLE`]; attempts repeat so that a loaded machine cannot fail the test.
//!
//! Once a host thread waited for its packets, the processor sleeps lazily: rings leave it
//! asleep (`core::cpu::doorbell`). The lazy-doorbell tests stretch its poll period to a
//! minute, so that a wake-up the runtime forgets shows as a test that runs out of time;
//! all tests here hold [`settings`] because the period is process-wide.

use std::ffi::c_void;
use std::sync::atomic::{AtomicI32, AtomicU32, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use hsa::core::cpu::doorbell;
use hsa::core::executable::{self, KernelObject};
use hsa::core::packet::{
    self, packet_type, AgentDispatchPacket, BarrierPacket, Header, KernelDispatchPacket, RawPacket,
};
use hsa::core::queue::{self, HsaQueue, QueueObject, QueueState};
use hsa::core::runtime;
use hsa::core::signal::{self, Condition, MemoryOrder, SignalObject, WaitState};
use hsa::status::Status;

const IDLE: Duration = Duration::from_millis(20);
const ATTEMPTS: usize = 20;
/// `FERROCM_AGENT_DISPATCH_HOST_CALL` (include/hsa/hsa_ext_ferrocm.h).
const HOST_CALL: u16 = 0x8003;

fn gettid() -> i32 {
    // SAFETY: gettid has no preconditions.
    unsafe { libc::gettid() }
}

static KERNEL_TID: AtomicI32 = AtomicI32::new(0);
static HOST_CALL_TID: AtomicI32 = AtomicI32::new(0);

unsafe extern "C" fn record_kernel_thread(_wi: *mut cpu_engine::abi::WorkItem) {
    KERNEL_TID.store(gettid(), Ordering::SeqCst);
}

unsafe extern "C" fn record_host_call_thread(_arg: *mut c_void) {
    HOST_CALL_TID.store(gettid(), Ordering::SeqCst);
}

/// The lazy doorbell's settings for one test; the defaults come back when it ends.
struct Settings(#[allow(dead_code)] MutexGuard<'static, ()>);

impl Drop for Settings {
    fn drop(&mut self) {
        doorbell::set_lazy_doorbell(doorbell::LAZY_POLL_NS, doorbell::LAZY_WINDOW_NS);
    }
}

fn settings(poll: Duration, window: Duration) -> Settings {
    static LOCK: Mutex<()> = Mutex::new(());
    let guard = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    doorbell::set_lazy_doorbell(poll.as_nanos() as u64, window.as_nanos() as u64);
    Settings(guard)
}

fn default_settings() -> Settings {
    settings(
        Duration::from_nanos(doorbell::LAZY_POLL_NS),
        Duration::from_nanos(doorbell::LAZY_WINDOW_NS),
    )
}

/// Longer than any of these tests may take: a processor left in a lazy sleep this long
/// means a wake-up was forgotten.
const FOREVER: Duration = Duration::from_secs(60);
/// How long a test waits for what a forgotten wake-up would delay by [`FOREVER`].
const PROMPTLY: Duration = Duration::from_secs(20);

struct Fixture {
    kernel_object: u64,
}

fn fixture() -> Fixture {
    runtime::init().expect("hsa_init");
    let kernel = Arc::new(KernelObject::from_functions(
        "record_thread".into(),
        cpu_engine::Kernel {
            workitem_fn: record_kernel_thread,
            workgroup_fn: None,
            static_group_segment_size: 0,
            static_private_segment_size: 0,
        },
        0,
        16,
    ));
    Fixture {
        kernel_object: executable::register_kernel(kernel),
    }
}

/// A signal with value 1 (a packet's completion signal before it runs).
fn pending_signal() -> Arc<SignalObject> {
    signal::create(1, &[]).expect("signal")
}

/// Destroys the signals of a test.
fn destroy_signals(signals: &[&SignalObject]) {
    for s in signals {
        signal::destroy(s.handle()).expect("destroy signal");
    }
}

fn cpu_queue(callback: Option<(queue::ErrorCallback, usize)>) -> Arc<QueueObject> {
    let agent = runtime::current()
        .expect("runtime")
        .topology
        .cpu_agent()
        .clone();
    queue::create(&agent, 64, 0, callback).expect("queue")
}

fn submit(q: &QueueObject, raw: &RawPacket) {
    let index = q.add_write_index(1, MemoryOrder::AcqRel);
    // SAFETY: `index` is reserved for us and the ring (64 slots) never fills in these tests.
    unsafe { packet::publish(q.slot(index), raw) };
    q.doorbell.store(index as i64, MemoryOrder::Release);
}

/// Checks `done` every `pause` until it holds; fails with `what` after a minute.
fn poll_until(what: &str, pause: Duration, done: impl Fn() -> bool) {
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while !done() {
        assert!(std::time::Instant::now() < deadline, "{what}");
        std::thread::sleep(pause);
    }
}

fn kernel_packet(kernel_object: u64, dims: u16, completion: &SignalObject) -> RawPacket {
    RawPacket::from_packet(&KernelDispatchPacket::one_work_item(
        kernel_object,
        dims,
        completion.handle(),
    ))
}

fn host_call_packet(completion: &SignalObject) -> RawPacket {
    RawPacket::from_packet(&AgentDispatchPacket {
        header: Header::new(packet_type::AGENT_DISPATCH, false, 0, 0).0,
        type_: HOST_CALL,
        arg: [
            record_host_call_thread as unsafe extern "C" fn(*mut c_void) as usize as u64,
            0,
            0,
            0,
        ],
        completion_signal: completion.handle(),
        ..Default::default()
    })
}

fn wait_done(s: &SignalObject) {
    let v = s.wait(
        Condition::Lt,
        1,
        60_000_000_000,
        WaitState::Blocked,
        MemoryOrder::Acquire,
    );
    assert!(v < 1, "the packet did not complete in 60 s");
}

#[test]
fn a_waiting_thread_runs_the_packet_of_a_sleeping_processor() {
    let _settings = default_settings();
    let f = fixture();
    let q = cpu_queue(None);
    let done = pending_signal();
    let me = gettid();
    let mut helped = false;
    for _ in 0..ATTEMPTS {
        std::thread::sleep(IDLE);
        done.store(1, MemoryOrder::Relaxed);
        KERNEL_TID.store(0, Ordering::SeqCst);
        submit(&q, &kernel_packet(f.kernel_object, 1, &done));
        wait_done(&done);
        if KERNEL_TID.load(Ordering::SeqCst) == me {
            helped = true;
            break;
        }
    }
    assert!(
        helped,
        "in {ATTEMPTS} tries the waiting thread never ran the packet itself"
    );
    // Nobody waits now: the processor must still take the next packet.
    done.store(1, MemoryOrder::Relaxed);
    KERNEL_TID.store(0, Ordering::SeqCst);
    submit(&q, &kernel_packet(f.kernel_object, 1, &done));
    poll_until("processor stalled", Duration::from_micros(50), || {
        done.load(MemoryOrder::Acquire) < 1
    });
    let tid = KERNEL_TID.load(Ordering::SeqCst);
    assert!(tid != 0 && tid != me, "the processor thread ran it");
    assert_eq!(
        q.load_read_index(MemoryOrder::Acquire),
        q.load_write_index(MemoryOrder::Acquire)
    );
    queue::destroy(q.key()).expect("destroy");
    destroy_signals(&[&done]);
}

#[test]
fn host_calls_stay_on_the_processor_thread() {
    let _settings = default_settings();
    let f = fixture();
    let q = cpu_queue(None);
    let (kernel_done, call_done) = (pending_signal(), pending_signal());
    let me = gettid();
    for _ in 0..5 {
        std::thread::sleep(IDLE);
        kernel_done.store(1, MemoryOrder::Relaxed);
        call_done.store(1, MemoryOrder::Relaxed);
        HOST_CALL_TID.store(0, Ordering::SeqCst);
        submit(&q, &kernel_packet(f.kernel_object, 1, &kernel_done));
        submit(&q, &host_call_packet(&call_done));
        wait_done(&call_done);
        assert_eq!(kernel_done.load(MemoryOrder::Acquire), 0);
        let tid = HOST_CALL_TID.load(Ordering::SeqCst);
        assert!(
            tid != 0 && tid != me,
            "a host call ran on the waiting thread"
        );
    }
    queue::destroy(q.key()).expect("destroy");
    destroy_signals(&[&kernel_done, &call_done]);
}

/// (status, thread) of the last error callback of the failure test.
static ERROR_STATUS: AtomicU32 = AtomicU32::new(0);
static ERROR_TID: AtomicI32 = AtomicI32::new(0);

unsafe extern "C" fn record_error(status: Status, _q: *mut HsaQueue, _data: *mut c_void) {
    ERROR_TID.store(gettid(), Ordering::SeqCst);
    ERROR_STATUS.store(status.0, Ordering::SeqCst);
}

#[test]
fn failures_met_by_a_waiting_thread_are_reported_by_the_processor() {
    let _settings = default_settings();
    let f = fixture();
    let me = gettid();
    let done = pending_signal();
    for _ in 0..5 {
        let q = cpu_queue(Some((record_error, 0)));
        ERROR_STATUS.store(0, Ordering::SeqCst);
        ERROR_TID.store(0, Ordering::SeqCst);
        std::thread::sleep(IDLE);
        done.store(1, MemoryOrder::Relaxed);
        // Zero dimensions: malformed.
        submit(&q, &kernel_packet(f.kernel_object, 0, &done));
        let v = done.wait(
            Condition::Lt,
            1,
            100_000_000,
            WaitState::Blocked,
            MemoryOrder::Acquire,
        );
        assert_eq!(v, 1, "a malformed packet does not complete");
        poll_until("no error callback", Duration::from_millis(1), || {
            ERROR_STATUS.load(Ordering::SeqCst) != 0
        });
        assert_eq!(
            Status(ERROR_STATUS.load(Ordering::SeqCst)),
            Status::ERROR_INCOMPATIBLE_ARGUMENTS
        );
        let tid = ERROR_TID.load(Ordering::SeqCst);
        assert!(tid != me, "the error callback ran on the waiting thread");
        assert_eq!(q.state(), QueueState::Error);
        queue::destroy(q.key()).expect("destroy");
    }
    destroy_signals(&[&done]);
}

#[test]
fn a_waiting_thread_does_not_run_a_barrier_that_would_block() {
    let _settings = default_settings();
    let _f = fixture();
    let q = cpu_queue(None);
    let done = pending_signal();
    for _ in 0..3 {
        let gate = pending_signal();
        std::thread::sleep(IDLE);
        done.store(1, MemoryOrder::Relaxed);
        // If the waiter took the barrier it would wait inside it for `gate`, which the
        // watchdog opens only after 1 s; a correct wait gives up after 50 ms.
        let watchdog_gate = gate.clone();
        let watchdog = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_secs(1));
            watchdog_gate.store(0, MemoryOrder::Release);
        });
        let start = std::time::Instant::now();
        submit(
            &q,
            &RawPacket::from_packet(&BarrierPacket {
                header: Header::new(packet_type::BARRIER_AND, false, 0, 0).0,
                dep_signal: [gate.handle(), 0, 0, 0, 0],
                completion_signal: done.handle(),
                ..Default::default()
            }),
        );
        let v = done.wait(
            Condition::Lt,
            1,
            50_000_000,
            WaitState::Blocked,
            MemoryOrder::Acquire,
        );
        let waited = start.elapsed();
        assert_eq!(v, 1);
        assert!(
            waited < Duration::from_millis(500),
            "the waiting thread blocked inside the barrier ({waited:?})"
        );
        let _ = watchdog.join();
        wait_done(&done);
        destroy_signals(&[&gate]);
    }
    queue::destroy(q.key()).expect("destroy");
    destroy_signals(&[&done]);
}

/// Waits (blocked, at most [`PROMPTLY`]) for `s` to drop below 1.
fn wait_promptly(s: &SignalObject, what: &str) {
    let v = s.wait(
        Condition::Lt,
        1,
        PROMPTLY.as_nanos() as u64,
        WaitState::Blocked,
        MemoryOrder::Acquire,
    );
    assert!(v < 1, "{what}");
}

/// Polls `s` with plain loads (no wait, so no help) until it drops below 1; returns how
/// long that took, failing after [`PROMPTLY`].
fn load_until_done(s: &SignalObject, what: &str) -> Duration {
    let start = Instant::now();
    poll_until(what, Duration::from_micros(20), || {
        assert!(start.elapsed() < PROMPTLY, "{what}");
        s.load(MemoryOrder::Acquire) < 1
    });
    start.elapsed()
}

/// Synchronous dispatches (with pauses that put the processor to sleep) until one ring
/// leaves the processor asleep and the waiting thread runs the packet: the lazy state.
fn make_lazy(f: &Fixture, q: &QueueObject, done: &SignalObject) {
    let me = gettid();
    for _ in 0..ATTEMPTS {
        std::thread::sleep(Duration::from_millis(2));
        done.store(1, MemoryOrder::Relaxed);
        KERNEL_TID.store(0, Ordering::SeqCst);
        let woken = q.waking_rings();
        submit(q, &kernel_packet(f.kernel_object, 1, done));
        wait_done(done);
        if q.waking_rings() == woken && KERNEL_TID.load(Ordering::SeqCst) == me {
            return;
        }
    }
    panic!("in {ATTEMPTS} synchronous dispatches no ring left the processor asleep");
}

#[test]
fn after_a_waited_ring_rings_leave_the_processor_asleep() {
    let _settings = settings(FOREVER, FOREVER);
    let f = fixture();
    let q = cpu_queue(None);
    let done = pending_signal();
    make_lazy(&f, &q, &done);
    let me = gettid();
    let woken = q.waking_rings();
    for _ in 0..20 {
        std::thread::sleep(Duration::from_millis(1));
        done.store(1, MemoryOrder::Relaxed);
        KERNEL_TID.store(0, Ordering::SeqCst);
        submit(&q, &kernel_packet(f.kernel_object, 1, &done));
        wait_done(&done);
        assert_eq!(KERNEL_TID.load(Ordering::SeqCst), me, "the waiter ran it");
    }
    assert_eq!(q.waking_rings(), woken, "a ring woke the lazy processor");
    // With lazy sleeps off every ring wakes it.
    doorbell::set_lazy_doorbell(0, FOREVER.as_nanos() as u64);
    let woken = q.waking_rings();
    for _ in 0..5 {
        std::thread::sleep(Duration::from_millis(1));
        done.store(1, MemoryOrder::Relaxed);
        submit(&q, &kernel_packet(f.kernel_object, 1, &done));
        wait_done(&done);
    }
    assert!(
        q.waking_rings() > woken,
        "with lazy sleeps off, no ring woke the processor"
    );
    queue::destroy(q.key()).expect("destroy");
    destroy_signals(&[&done]);
}

#[test]
fn a_second_ring_before_the_first_packet_ran_wakes_the_processor() {
    let _settings = settings(FOREVER, FOREVER);
    let f = fixture();
    let q = cpu_queue(None);
    let (first, second) = (pending_signal(), pending_signal());
    make_lazy(&f, &q, &first);
    first.store(1, MemoryOrder::Relaxed);
    // The host launches twice without waiting: the second ring must not stay lazy.
    submit(&q, &kernel_packet(f.kernel_object, 1, &first));
    submit(&q, &kernel_packet(f.kernel_object, 1, &second));
    load_until_done(&second, "two launches nobody waits for stayed queued");
    assert_eq!(first.load(MemoryOrder::Acquire), 0);
    queue::destroy(q.key()).expect("destroy");
    destroy_signals(&[&first, &second]);
}

#[test]
fn a_waiting_thread_that_leaves_packets_behind_wakes_the_processor() {
    let _settings = settings(FOREVER, FOREVER);
    let f = fixture();
    let q = cpu_queue(None);
    let (kernel_done, call_done) = (pending_signal(), pending_signal());
    make_lazy(&f, &q, &kernel_done);
    kernel_done.store(1, MemoryOrder::Relaxed);
    // One ring for both packets: the waiter runs the kernel but not the host call.
    let index = q.add_write_index(2, MemoryOrder::AcqRel);
    // SAFETY: both slots are reserved for us and free (the ring has 64 slots).
    unsafe {
        packet::publish(
            q.slot(index),
            &kernel_packet(f.kernel_object, 1, &kernel_done),
        );
        packet::publish(q.slot(index + 1), &host_call_packet(&call_done));
    }
    q.doorbell.store(index as i64 + 1, MemoryOrder::Release);
    wait_promptly(
        &call_done,
        "the host call stayed queued behind the helped kernel",
    );
    assert_eq!(kernel_done.load(MemoryOrder::Acquire), 0);
    queue::destroy(q.key()).expect("destroy");
    destroy_signals(&[&kernel_done, &call_done]);
}

#[test]
fn destroying_a_queue_wakes_its_lazy_processor() {
    let _settings = settings(FOREVER, FOREVER);
    let f = fixture();
    let q = cpu_queue(None);
    let done = pending_signal();
    make_lazy(&f, &q, &done);
    std::thread::sleep(Duration::from_millis(1));
    let start = Instant::now();
    queue::destroy(q.key()).expect("destroy");
    assert!(
        start.elapsed() < PROMPTLY,
        "destroy waited {:?} for the lazy processor",
        start.elapsed()
    );
    destroy_signals(&[&done]);
}

#[test]
fn a_packet_nobody_waits_for_runs_and_the_next_ring_wakes_the_processor() {
    // Lazy sleeps of 2 s: the first packet nobody waits for starts within that; the
    // processor then sleeps deep and the next ring wakes it at once.
    let lazy_poll = Duration::from_secs(2);
    let _settings = settings(lazy_poll, FOREVER);
    let f = fixture();
    let q = cpu_queue(None);
    let done = pending_signal();
    make_lazy(&f, &q, &done);
    let me = gettid();
    for expect_wake in [false, true] {
        std::thread::sleep(Duration::from_millis(1));
        done.store(1, MemoryOrder::Relaxed);
        KERNEL_TID.store(0, Ordering::SeqCst);
        let woken = q.waking_rings();
        submit(&q, &kernel_packet(f.kernel_object, 1, &done));
        let took = load_until_done(&done, "a packet nobody waits for never ran");
        let tid = KERNEL_TID.load(Ordering::SeqCst);
        assert!(tid != 0 && tid != me, "the processor ran it");
        assert_eq!(q.waking_rings() > woken, expect_wake, "took {took:?}");
        if expect_wake {
            assert!(took < lazy_poll / 2, "the woken processor took {took:?}");
        }
    }
    queue::destroy(q.key()).expect("destroy");
    destroy_signals(&[&done]);
}
