//! Runtime-core tests with kernels written in Rust against the CPU kernel ABI.

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use cpu_engine::abi::{KernelDescriptor, WorkItem, ABI_VERSION, KERNEL_DESCRIPTOR_MAGIC};
use hip::memory::{self, MemoryKind, Sync};
use hip::stream::{resolve, StreamCore};
use hip::{EventCore, HipError, Kernel, Runtime};

/// Kernel: out[global_x] = global_x * k, args = (out: *mut u32, k: u32, n: u32).
unsafe extern "C" fn scale_ids(wi: *mut WorkItem) {
    // SAFETY: the engine passes a valid work-item whose kernarg is our 16-byte block.
    unsafe {
        let wi = &*wi;
        let args = wi.kernarg.cast::<u8>();
        let out = args.cast::<*mut u32>().read();
        let k = args.add(8).cast::<u32>().read();
        let n = args.add(12).cast::<u32>().read();
        let i = wi.global_id(0) as u32;
        if i < n {
            *out.add(i as usize) = i * k;
        }
    }
}

static OFFSETS: [u32; 3] = [0, 8, 12];
static SIZES: [u32; 3] = [8, 4, 4];
struct Params(cpu_engine::abi::KernelParams);
// SAFETY: the table only points to immutable statics.
unsafe impl std::marker::Sync for Params {}
static PARAMS: Params = Params(cpu_engine::abi::KernelParams {
    count: 3,
    explicit_size: 16,
    offsets: OFFSETS.as_ptr(),
    sizes: SIZES.as_ptr(),
});

struct Kd(KernelDescriptor);
// SAFETY: the descriptor only holds pointers to statics.
unsafe impl std::marker::Sync for Kd {}

static SCALE: Kd = Kd(KernelDescriptor {
    magic: KERNEL_DESCRIPTOR_MAGIC,
    abi_version: ABI_VERSION,
    kernarg_segment_size: 16,
    kernarg_segment_alignment: 16,
    group_segment_size: 0,
    private_segment_size: 0,
    flags: 0,
    reserved0: 0,
    workitem_fn: Some(scale_ids),
    workgroup_fn: None,
    params: &PARAMS.0,
    host_function: std::ptr::null(),
});

fn scale_kernel() -> Arc<Kernel> {
    // SAFETY: SCALE is a static, valid descriptor of a sound kernel.
    unsafe { hip::kernel::program_kernel(&SCALE.0, "scale_ids").unwrap() }
}

fn kernarg(out: *mut u32, k: u32, n: u32) -> Vec<u8> {
    let mut v = Vec::with_capacity(16);
    v.extend_from_slice(&(out as u64).to_ne_bytes());
    v.extend_from_slice(&k.to_ne_bytes());
    v.extend_from_slice(&n.to_ne_bytes());
    v
}

fn new_stream(flags: u32) -> Arc<StreamCore> {
    StreamCore::create(Runtime::get().unwrap(), 0, flags, 0).unwrap()
}

#[test]
fn launch_copy_and_sync() {
    let n = 1000u32;
    let dev = memory::allocate(0, n as usize * 4, MemoryKind::Device, 0).unwrap();
    assert_eq!(dev as usize % memory::ALLOCATION_ALIGNMENT, 0);
    let s = new_stream(0);
    let k = scale_kernel();
    k.launch([4, 1, 1], [256, 1, 1], 0, &s, &kernarg(dev.cast(), 3, n))
        .unwrap();
    let mut host = vec![0u32; n as usize];
    // SAFETY: both buffers hold n u32s; the copy is synchronous.
    unsafe {
        memory::copy(
            host.as_mut_ptr().cast(),
            dev,
            n as usize * 4,
            &s,
            Sync::Blocking,
        )
    }
    .unwrap();
    for (i, v) in host.iter().enumerate() {
        assert_eq!(*v, i as u32 * 3);
    }
    StreamCore::destroy(s.handle).unwrap();
    memory::free(dev, &[MemoryKind::Device]).unwrap();
    assert_eq!(
        memory::free(dev, &[MemoryKind::Device]),
        Err(HipError::InvalidValue)
    );
}

#[test]
fn bad_configurations_are_rejected() {
    let s = new_stream(0);
    let k = scale_kernel();
    let args = kernarg(std::ptr::null_mut(), 0, 0);
    assert_eq!(
        k.launch([1, 1, 1], [1025, 1, 1], 0, &s, &args),
        Err(HipError::InvalidConfiguration)
    );
    assert_eq!(
        k.launch([0, 1, 1], [64, 1, 1], 0, &s, &args),
        Err(HipError::InvalidConfiguration)
    );
    assert_eq!(
        k.launch([1, 1, 1], [64, 1, 1], 1 << 20, &s, &args),
        Err(HipError::InvalidValue)
    );
    assert_eq!(
        k.launch([1, 1, 1], [64, 1, 1], 0, &s, &args[..8]),
        Err(HipError::InvalidValue)
    );
}

#[test]
fn query_reports_running_work_and_events_time_it() {
    let s = new_stream(0);
    let release = Arc::new(AtomicBool::new(false));
    let start = EventCore::create(0).unwrap();
    let stop = EventCore::create(0).unwrap();
    start.record(&s).unwrap();
    let r = Arc::clone(&release);
    s.host_fn(move || {
        while !r.load(Ordering::Acquire) {
            std::thread::sleep(Duration::from_millis(1));
        }
    })
    .unwrap();
    stop.record(&s).unwrap();
    std::thread::sleep(Duration::from_millis(20));
    assert!(
        !s.is_idle(),
        "work is running: hipStreamQuery must say NotReady"
    );
    assert_eq!(stop.query(), Err(HipError::NotReady));
    release.store(true, Ordering::Release);
    s.synchronize().unwrap();
    assert!(s.is_idle());
    assert_eq!(stop.query(), Ok(()));
    let ms = EventCore::elapsed_ms(&start, &stop).unwrap();
    assert!((15.0..5000.0).contains(&ms), "elapsed {ms} ms");
}

#[test]
fn stream_wait_event_orders_across_streams() {
    let a = new_stream(hip::STREAM_NON_BLOCKING);
    let b = new_stream(hip::STREAM_NON_BLOCKING);
    let flag = Arc::new(AtomicU32::new(0));
    let e = EventCore::create(0).unwrap();
    let f = Arc::clone(&flag);
    a.host_fn(move || {
        std::thread::sleep(Duration::from_millis(30));
        f.store(1, Ordering::Release);
    })
    .unwrap();
    e.record(&a).unwrap();
    b.wait_event(&e.current_record().unwrap()).unwrap();
    let seen = Arc::new(AtomicU32::new(99));
    let (f, s2) = (Arc::clone(&flag), Arc::clone(&seen));
    b.host_fn(move || s2.store(f.load(Ordering::Acquire), Ordering::Release))
        .unwrap();
    b.synchronize().unwrap();
    assert_eq!(seen.load(Ordering::Acquire), 1);
}

#[test]
fn legacy_null_stream_orders_blocking_streams() {
    let null = resolve(0).unwrap();
    let blocking = new_stream(0);
    for _ in 0..10 {
        let flag = Arc::new(AtomicU32::new(0));
        let f = Arc::clone(&flag);
        null.host_fn(move || {
            std::thread::sleep(Duration::from_millis(2));
            f.store(1, Ordering::Release);
        })
        .unwrap();
        let seen = Arc::new(AtomicU32::new(99));
        let (f, s2) = (Arc::clone(&flag), Arc::clone(&seen));
        blocking
            .host_fn(move || s2.store(f.load(Ordering::Acquire), Ordering::Release))
            .unwrap();
        blocking.synchronize().unwrap();
        assert_eq!(
            seen.load(Ordering::Acquire),
            1,
            "blocking stream ran before null-stream work"
        );
    }
}

#[test]
fn independent_streams_progress_independently() {
    let a = new_stream(hip::STREAM_NON_BLOCKING);
    let b = new_stream(hip::STREAM_NON_BLOCKING);
    let release = Arc::new(AtomicBool::new(false));
    let r = Arc::clone(&release);
    a.host_fn(move || {
        while !r.load(Ordering::Acquire) {
            std::thread::sleep(Duration::from_millis(1));
        }
    })
    .unwrap();
    let t = Instant::now();
    b.host_fn(|| {}).unwrap();
    b.synchronize().unwrap();
    assert!(t.elapsed() < Duration::from_secs(2));
    assert!(!a.is_idle());
    release.store(true, Ordering::Release);
    a.synchronize().unwrap();
}

#[test]
fn registration_and_memory_table() {
    let rt = Runtime::get().unwrap();
    assert!(rt.device_count() >= 1);
    assert_eq!(
        rt.device(rt.device_count()).err(),
        Some(HipError::InvalidDevice)
    );
    let p = memory::allocate(0, 100, MemoryKind::Host, 0).unwrap();
    let a = memory::find(p as usize + 99).unwrap();
    assert_eq!((a.kind, a.size), (MemoryKind::Host, 100));
    assert!(memory::find(p as usize + 100).is_none());
    assert_eq!(
        memory::check_range(p as usize + 50, 51),
        Err(HipError::InvalidValue)
    );
    assert!(memory::allocate(0, 0, MemoryKind::Device, 0)
        .unwrap()
        .is_null());
    assert_eq!(
        memory::allocate(0, usize::MAX, MemoryKind::Device, 0),
        Err(HipError::OutOfMemory)
    );
    memory::free(p, &[MemoryKind::Host]).unwrap();
    let mut local = [0u8; 64];
    memory::register(local.as_mut_ptr(), 64, 0, 0).unwrap();
    assert_eq!(
        memory::register(local.as_mut_ptr(), 8, 0, 0),
        Err(HipError::HostMemoryAlreadyRegistered)
    );
    memory::unregister(local.as_mut_ptr()).unwrap();
    assert_eq!(
        memory::unregister(local.as_mut_ptr()),
        Err(HipError::HostMemoryNotRegistered)
    );
}

/// The launch path's prepared launch (`Kernel::enqueue`) checks exactly what
/// `Kernel::launch` checks, and runs the kernel.
#[test]
fn enqueue_checks_like_launch_and_runs() {
    let s = new_stream(0);
    let k = scale_kernel();
    let args = kernarg(std::ptr::null_mut(), 0, 0);
    for (grid, block, shared, len) in [
        ([1, 1, 1], [1025, 1, 1], 0, 16),
        ([0, 1, 1], [64, 1, 1], 0, 16),
        ([1, 1, 1], [64, 1, 1], 1 << 20, 16),
        ([1, 1, 1], [64, 1, 1], 0, 8),
        ([u32::MAX, 1, 1], [2, 1, 1], 0, 16),
    ] {
        let expected = k.launch(grid, block, shared, &s, &args[..len]);
        assert!(expected.is_err());
        assert_eq!(k.enqueue(grid, block, shared, &s, &args[..len]), expected);
    }
    let n = 300u32;
    let dev = memory::allocate(0, n as usize * 4, MemoryKind::Device, 0).unwrap();
    k.enqueue([2, 1, 1], [256, 1, 1], 0, &s, &kernarg(dev.cast(), 5, n))
        .unwrap();
    s.synchronize().unwrap();
    // SAFETY: the CPU platform's device memory is host memory; the stream is idle.
    let out = unsafe { std::slice::from_raw_parts(dev.cast::<u32>(), n as usize) };
    for (i, v) in out.iter().enumerate() {
        assert_eq!(*v, i as u32 * 5);
    }
    StreamCore::destroy(s.handle).unwrap();
    memory::free(dev, &[MemoryKind::Device]).unwrap();
}

/// A prepared launch on a capturing stream becomes a kernel node instead of running.
#[test]
fn enqueue_on_a_capturing_stream_records_a_node() {
    use hip::graph::{self, CaptureMode, NodeKind};
    let s = new_stream(hip::STREAM_NON_BLOCKING);
    let k = scale_kernel();
    let args = kernarg(std::ptr::null_mut(), 7, 0);
    graph::begin_capture(&s, CaptureMode::ThreadLocal).unwrap();
    k.enqueue([3, 1, 1], [32, 1, 1], 0, &s, &args).unwrap();
    let g = graph::end_capture(&s).unwrap();
    let nodes = g.nodes();
    assert_eq!(nodes.len(), 1);
    match g.node_kind(nodes[0]).unwrap() {
        NodeKind::Kernel(node) => {
            assert_eq!((node.grid, node.block), ([3, 1, 1], [32, 1, 1]));
            assert_eq!(node.kernarg, args);
        }
        _ => panic!("not a kernel node"),
    }
    // Nothing ran: the stream has no work.
    assert!(s.is_idle());
    StreamCore::destroy(s.handle).unwrap();
}

/// The launch path's descriptor lookup hands out the registered kernel itself, and asks for
/// the name only for a descriptor it has not seen.
#[test]
fn program_kernel_ref_is_the_program_kernel() {
    let k = scale_kernel();
    for _ in 0..2 {
        // SAFETY: SCALE is a static, valid descriptor of a sound kernel.
        let r = unsafe { hip::kernel::program_kernel_ref(&SCALE.0, || unreachable!()) }.unwrap();
        assert!(std::ptr::eq(r, Arc::as_ptr(&k)));
    }
    std::thread::spawn(move || {
        // SAFETY: as above.
        let r = unsafe { hip::kernel::program_kernel_ref(&SCALE.0, || unreachable!()) }.unwrap();
        assert!(std::ptr::eq(r, Arc::as_ptr(&k)));
    })
    .join()
    .unwrap();
}

/// `hipLaunchKernel`'s lookup by host function (cached per thread) is the registered
/// kernel; an unregistered address stays `hipErrorInvalidDeviceFunction`.
#[test]
fn function_ref_is_the_registered_kernel() {
    let k = scale_kernel();
    let host_fn = scale_ids as *const () as usize;
    // SAFETY: SCALE is a static, valid descriptor of a sound kernel.
    unsafe { hip::kernel::register_function(host_fn, &SCALE.0, "scale_ids") }.unwrap();
    for _ in 0..2 {
        let r = hip::kernel::function_ref(host_fn).unwrap();
        assert!(std::ptr::eq(r, Arc::as_ptr(&k)));
    }
    for bogus in [0, host_fn + 1] {
        assert_eq!(
            hip::kernel::function_ref(bogus).err(),
            Some(HipError::InvalidDeviceFunction)
        );
    }
}

/// A stream this thread looked up a moment ago (the lookup is cached per thread) is still
/// `hipErrorInvalidHandle` once destroyed, even while something holds it.
#[test]
fn destroyed_stream_is_invalid_after_a_cached_lookup() {
    let s = new_stream(0);
    let held = resolve(s.handle).unwrap();
    assert!(Arc::ptr_eq(&held, &s));
    assert!(Arc::ptr_eq(&resolve(s.handle).unwrap(), &s));
    StreamCore::destroy(s.handle).unwrap();
    assert_eq!(resolve(s.handle).err(), Some(HipError::InvalidHandle));
    drop(held);
}
