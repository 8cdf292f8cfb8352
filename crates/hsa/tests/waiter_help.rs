//! A host thread that waits for a packet of a CPU queue whose processor is asleep runs the
//! packet itself (`core::queue::help_waiter`), but only packets that cannot block or call
//! back into the application; failures it meets are reported by the processor thread.
//!
//! "Asleep" needs the processor past its spin window (20 us) in the futex: each attempt
//! first sleeps [`IDLE`]; attempts repeat so that a loaded machine cannot fail the test.

use std::ffi::c_void;
use std::sync::atomic::{AtomicI32, AtomicU32, Ordering};
use std::sync::Arc;
use std::time::Duration;

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
    let f = fixture();
    let q = cpu_queue(None);
    let done = signal::create(1, &[]).expect("signal");
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
    signal::destroy(done.handle()).expect("destroy signal");
}

#[test]
fn host_calls_stay_on_the_processor_thread() {
    let f = fixture();
    let q = cpu_queue(None);
    let (kernel_done, call_done) = (
        signal::create(1, &[]).expect("signal"),
        signal::create(1, &[]).expect("signal"),
    );
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
    signal::destroy(kernel_done.handle()).expect("destroy signal");
    signal::destroy(call_done.handle()).expect("destroy signal");
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
    let f = fixture();
    let me = gettid();
    let done = signal::create(1, &[]).expect("signal");
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
    signal::destroy(done.handle()).expect("destroy signal");
}

#[test]
fn a_waiting_thread_does_not_run_a_barrier_that_would_block() {
    let _f = fixture();
    let q = cpu_queue(None);
    let done = signal::create(1, &[]).expect("signal");
    for _ in 0..3 {
        let gate = signal::create(1, &[]).expect("signal");
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
        signal::destroy(gate.handle()).expect("destroy signal");
    }
    queue::destroy(q.key()).expect("destroy");
    signal::destroy(done.handle()).expect("destroy signal");
}
