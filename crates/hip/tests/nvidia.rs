//! The NVIDIA platform (`hip::platform::nvidia`) against a real CUDA driver.
//!
//! Without a driver or GPU (CI) every GPU test prints "skipping: no NVIDIA driver/GPU" and
//! passes; the error-mapping and no-driver tests always run. One binary: build it with
//! `cargo test -p ferrocm-hip --test nvidia --no-run` and run it on the GPU machine.

use std::ffi::c_void;
use std::mem::size_of;
use std::ptr::null_mut;
use std::sync::atomic::{AtomicU32, Ordering};

use hip::device::Limit;
use hip::memory::CopyKind;
use hip::platform::nvidia::memory::{self as mem, Fill, MemoryType};
use hip::platform::nvidia::{
    self as nv, cu, device, event, launch, module, stream, NULL_STREAM, PER_THREAD_STREAM,
};
use hip::HipError;

const DEV: usize = 0;

/// Whether a GPU is there; prints the skip notice when not.
fn gpu() -> bool {
    if nv::device_count() == 0 {
        eprintln!("skipping: no NVIDIA driver/GPU");
        false
    } else {
        true
    }
}

/// `c[i] = a[i] + b[i]` for `i < n` (f32), and a 4-byte global: hand-written PTX for sm_52
/// and later (the driver JIT-compiles it for the device). NUL-terminated for
/// `cuModuleLoadData`.
const VADD_PTX: &str = r#"
.version 6.0
.target sm_52
.address_size 64

.visible .global .align 4 .u32 ferrocm_counter;

.visible .entry vadd(
    .param .u64 vadd_a,
    .param .u64 vadd_b,
    .param .u64 vadd_c,
    .param .u64 vadd_n
)
{
    .reg .pred %p<2>;
    .reg .b32 %r<4>;
    .reg .f32 %f<4>;
    .reg .b64 %rd<12>;

    ld.param.u64 %rd1, [vadd_a];
    ld.param.u64 %rd2, [vadd_b];
    ld.param.u64 %rd3, [vadd_c];
    ld.param.u64 %rd4, [vadd_n];
    mov.u32 %r1, %ctaid.x;
    mov.u32 %r2, %ntid.x;
    mov.u32 %r3, %tid.x;
    mul.wide.u32 %rd5, %r1, %r2;
    cvt.u64.u32 %rd6, %r3;
    add.s64 %rd7, %rd5, %rd6;
    setp.ge.u64 %p1, %rd7, %rd4;
    @%p1 bra DONE;
    cvta.to.global.u64 %rd1, %rd1;
    cvta.to.global.u64 %rd2, %rd2;
    cvta.to.global.u64 %rd3, %rd3;
    shl.b64 %rd8, %rd7, 2;
    add.s64 %rd9, %rd1, %rd8;
    add.s64 %rd10, %rd2, %rd8;
    add.s64 %rd11, %rd3, %rd8;
    ld.global.f32 %f1, [%rd9];
    ld.global.f32 %f2, [%rd10];
    add.f32 %f3, %f1, %f2;
    st.global.f32 [%rd11], %f3;
DONE:
    ret;
}
"#;

fn vadd_image() -> Vec<u8> {
    let mut v = VADD_PTX.as_bytes().to_vec();
    v.push(0);
    v
}

/// Loads the vector-add module and returns it with its function.
fn load_vadd() -> (nv::Module, nv::Function) {
    let image = vadd_image();
    // SAFETY: a complete, NUL-terminated PTX image.
    let m = unsafe { module::load_data(DEV, image.as_ptr().cast()) }.expect("load PTX");
    // SAFETY: a module just loaded by the platform.
    let f = unsafe { module::get_function(DEV, m, c"vadd") }.expect("vadd");
    (m, f)
}

/// Device buffers `a`, `b` (inputs, `n` floats) and `c` (output), filled on the device.
struct VaddBuffers {
    a: Vec<f32>,
    b: Vec<f32>,
    da: nv::DevicePtr,
    db: nv::DevicePtr,
    dc: nv::DevicePtr,
    n: usize,
}

impl VaddBuffers {
    fn new(n: usize) -> VaddBuffers {
        let a: Vec<f32> = (0..n).map(|i| i as f32).collect();
        let b: Vec<f32> = (0..n).map(|i| (2 * i) as f32 + 0.5).collect();
        let bytes = n * size_of::<f32>();
        let da = mem::malloc(DEV, bytes).unwrap();
        let db = mem::malloc(DEV, bytes).unwrap();
        let dc = mem::malloc(DEV, bytes).unwrap();
        // SAFETY: fresh device buffers of `bytes`; host vectors of `bytes`.
        unsafe {
            mem::memcpy(
                DEV,
                da as _,
                a.as_ptr().cast(),
                bytes,
                CopyKind::HostToDevice,
            )
            .unwrap();
            mem::memcpy(
                DEV,
                db as _,
                b.as_ptr().cast(),
                bytes,
                CopyKind::HostToDevice,
            )
            .unwrap();
            mem::memset(DEV, dc, Fill::D32(0), n).unwrap();
        }
        VaddBuffers {
            a,
            b,
            da,
            db,
            dc,
            n,
        }
    }

    /// Checks `c == a + b` on the device, then clears `c`.
    fn check_and_clear(&self) {
        let mut c = vec![0f32; self.n];
        // SAFETY: `dc` holds `n` floats; the host vector too.
        unsafe {
            mem::memcpy(
                DEV,
                c.as_mut_ptr().cast(),
                self.dc as _,
                self.n * size_of::<f32>(),
                CopyKind::DeviceToHost,
            )
            .unwrap();
            mem::memset(DEV, self.dc, Fill::D32(0), self.n).unwrap();
        }
        for (i, (&c, (&a, &b))) in c.iter().zip(self.a.iter().zip(&self.b)).enumerate() {
            assert_eq!(c, a + b, "element {i}");
        }
    }
}

impl Drop for VaddBuffers {
    fn drop(&mut self) {
        // SAFETY: all work using the buffers was synchronised by the tests.
        unsafe {
            let _ = device::synchronize(DEV);
            for p in [self.da, self.db, self.dc] {
                let _ = mem::free(DEV, p);
            }
        }
    }
}

// ----------------------------------------------------------------------------------
// Tests that need no GPU.

#[test]
fn error_mapping_table() {
    use cu::CUresult as C;
    use HipError as H;
    let table = [
        (C::CUDA_ERROR_INVALID_VALUE, H::InvalidValue, 1),
        (C::CUDA_ERROR_OUT_OF_MEMORY, H::OutOfMemory, 2),
        (C::CUDA_ERROR_NOT_INITIALIZED, H::NotInitialized, 3),
        (C::CUDA_ERROR_DEINITIALIZED, H::Deinitialized, 4),
        (C::CUDA_ERROR_PROFILER_DISABLED, H::ProfilerDisabled, 5),
        (C::CUDA_ERROR_STUB_LIBRARY, H::InsufficientDriver, 35),
        (C::CUDA_ERROR_NO_DEVICE, H::NoDevice, 100),
        (C::CUDA_ERROR_INVALID_DEVICE, H::InvalidDevice, 101),
        (C::CUDA_ERROR_INVALID_IMAGE, H::InvalidImage, 200),
        (C::CUDA_ERROR_INVALID_CONTEXT, H::InvalidContext, 201),
        (C::CUDA_ERROR_MAP_FAILED, H::MapFailed, 205),
        (C::CUDA_ERROR_NO_BINARY_FOR_GPU, H::NoBinaryForGpu, 209),
        (C::CUDA_ERROR_ECC_UNCORRECTABLE, H::EccNotCorrectable, 214),
        (C::CUDA_ERROR_UNSUPPORTED_LIMIT, H::UnsupportedLimit, 215),
        (
            C::CUDA_ERROR_PEER_ACCESS_UNSUPPORTED,
            H::PeerAccessUnsupported,
            217,
        ),
        (C::CUDA_ERROR_INVALID_PTX, H::InvalidKernelFile, 218),
        (
            C::CUDA_ERROR_UNSUPPORTED_PTX_VERSION,
            H::InvalidKernelFile,
            218,
        ),
        (C::CUDA_ERROR_INVALID_SOURCE, H::InvalidSource, 300),
        (C::CUDA_ERROR_FILE_NOT_FOUND, H::FileNotFound, 301),
        (
            C::CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND,
            H::SharedObjectSymbolNotFound,
            302,
        ),
        (C::CUDA_ERROR_OPERATING_SYSTEM, H::OperatingSystem, 304),
        (C::CUDA_ERROR_INVALID_HANDLE, H::InvalidHandle, 400),
        (C::CUDA_ERROR_ILLEGAL_STATE, H::IllegalState, 401),
        (C::CUDA_ERROR_NOT_FOUND, H::NotFound, 500),
        (C::CUDA_ERROR_NOT_READY, H::NotReady, 600),
        (C::CUDA_ERROR_ILLEGAL_ADDRESS, H::IllegalAddress, 700),
        (
            C::CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES,
            H::LaunchOutOfResources,
            701,
        ),
        (C::CUDA_ERROR_LAUNCH_TIMEOUT, H::LaunchTimeOut, 702),
        (
            C::CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED,
            H::PeerAccessAlreadyEnabled,
            704,
        ),
        (
            C::CUDA_ERROR_PEER_ACCESS_NOT_ENABLED,
            H::PeerAccessNotEnabled,
            705,
        ),
        (
            C::CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE,
            H::SetOnActiveProcess,
            708,
        ),
        (
            C::CUDA_ERROR_CONTEXT_IS_DESTROYED,
            H::ContextIsDestroyed,
            709,
        ),
        (C::CUDA_ERROR_ASSERT, H::Assert, 710),
        (
            C::CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED,
            H::HostMemoryAlreadyRegistered,
            712,
        ),
        (
            C::CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED,
            H::HostMemoryNotRegistered,
            713,
        ),
        (C::CUDA_ERROR_MISALIGNED_ADDRESS, H::LaunchFailure, 719),
        (C::CUDA_ERROR_ILLEGAL_INSTRUCTION, H::LaunchFailure, 719),
        (C::CUDA_ERROR_LAUNCH_FAILED, H::LaunchFailure, 719),
        (
            C::CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE,
            H::CooperativeLaunchTooLarge,
            720,
        ),
        (C::CUDA_ERROR_NOT_PERMITTED, H::NotSupported, 801),
        (C::CUDA_ERROR_NOT_SUPPORTED, H::NotSupported, 801),
        (
            C::CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED,
            H::StreamCaptureUnsupported,
            900,
        ),
        (
            C::CUDA_ERROR_STREAM_CAPTURE_IMPLICIT,
            H::StreamCaptureImplicit,
            906,
        ),
        (C::CUDA_ERROR_CAPTURED_EVENT, H::CapturedEvent, 907),
        (
            C::CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE,
            H::GraphExecUpdateFailure,
            910,
        ),
        (C::CUDA_ERROR_UNKNOWN, H::Unknown, 999),
    ];
    for (cuda, hip, code) in table {
        assert_eq!(nv::map_error(cuda), hip, "{cuda:?}");
        assert_eq!(hip.code(), code, "{hip:?}");
        // `check` aborts the process on a failed device assert, as HIP does.
        if cuda != C::CUDA_ERROR_ASSERT {
            assert_eq!(nv::check(cuda), Err(hip), "{cuda:?}");
        }
    }
    assert_eq!(nv::check(C::CUDA_SUCCESS), Ok(()));
}

#[test]
fn no_driver_means_zero_devices_and_no_panic() {
    // Loading is attempted here whatever the machine; it must not panic.
    let available = nv::is_available();
    if available {
        // With a driver, an ordinal past the end is an invalid device.
        let n = nv::device_count();
        assert_eq!(mem::malloc(n, 16), Err(HipError::InvalidDevice));
        assert_eq!(device::properties(n).err(), Some(HipError::InvalidDevice));
        assert_eq!(stream::create(n, 0, 0), Err(HipError::InvalidDevice));
        return;
    }
    assert_eq!(nv::device_count(), 0);
    assert!(nv::Driver::get().is_none());
    assert_eq!(mem::malloc(DEV, 16), Err(HipError::NoDevice));
    assert_eq!(device::properties(DEV).err(), Some(HipError::NoDevice));
    assert_eq!(device::attribute(DEV, 87), Err(HipError::NoDevice));
    assert_eq!(stream::create(DEV, 0, 0), Err(HipError::NoDevice));
    assert_eq!(event::create(DEV, 0), Err(HipError::NoDevice));
    assert_eq!(
        launch::validate_config(DEV, [1; 3], [1; 3]),
        Err(HipError::NoDevice)
    );
    assert_eq!(nv::make_current(DEV).err(), Some(HipError::NoDevice));
}

// ----------------------------------------------------------------------------------
// GPU tests.

#[test]
fn device_count_and_properties() {
    if !gpu() {
        return;
    }
    let n = nv::device_count();
    assert!(nv::Driver::get().is_some_and(|d| d.version() >= 11040));
    for dev in 0..n {
        let p = device::properties(dev).unwrap();
        assert_eq!(p.warp_size, 32);
        assert_eq!(p.arch_name, format!("sm_{}{}", p.major, p.minor));
        assert_eq!(device::arch_name(dev).unwrap(), p.arch_name);
        assert!(p.major >= 5, "{p:?}");
        assert!(!p.name.is_empty());
        assert!(p.total_global_mem >= 1 << 30, "{p:?}");
        assert_eq!(p.total_global_mem, device::total_mem(dev).unwrap() as u64);
        assert_eq!(p.max_threads_per_block, 1024);
        assert_eq!(p.max_threads_dim, [1024, 1024, 64]);
        assert_eq!(p.max_grid_size, [i32::MAX, 65535, 65535]);
        assert!(p.multi_processor_count > 0 && p.clock_rate_khz > 0, "{p:?}");
        assert!(p.shared_mem_per_block >= 48 * 1024, "{p:?}");
        assert!(p.max_shared_memory_per_multiprocessor >= p.shared_mem_per_block);
        assert!(p.unified_addressing && p.managed_memory && p.can_map_host_memory);
        assert!(p.l2_cache_size > 0 && p.memory_bus_width > 0);
        assert_eq!(p.wall_clock_rate_khz, 1_000_000);
        // hipDeviceGetAttribute, HIP 6 numbering.
        assert_eq!(device::attribute(dev, 87), Ok(32)); // WarpSize
        assert_eq!(device::attribute(dev, 23), Ok(p.major));
        assert_eq!(device::attribute(dev, 61), Ok(p.minor));
        assert_eq!(device::attribute(dev, 63), Ok(p.multi_processor_count));
        assert_eq!(device::attribute(dev, 56), Ok(1024)); // MaxThreadsPerBlock
        assert_eq!(device::attribute(dev, 26), Ok(1024)); // MaxBlockDimX
        assert_eq!(device::attribute(dev, 28), Ok(64)); // MaxBlockDimZ
        assert_eq!(device::attribute(dev, 67), Ok(p.pci_bus_id));
        assert_eq!(device::attribute(dev, 85), Ok(1)); // UnifiedAddressing
        assert_eq!(device::attribute(dev, 10017), Ok(1_000_000)); // WallClockRate
        assert!(device::attribute(dev, 75).unwrap() >= 48 * 1024); // SharedMemPerBlockOptin
        assert_eq!(device::attribute(dev, 64), Err(HipError::InvalidValue)); // Unused1
        assert_eq!(device::attribute(dev, 9999), Err(HipError::InvalidValue));
        let bus = device::pci_bus_id(dev).unwrap();
        assert_eq!(bus.len(), 12, "{bus}");
    }
    assert_eq!(device::attribute(n, 87), Err(HipError::InvalidDevice));

    // Limits of the primary context.
    assert!(device::get_limit(DEV, Limit::StackSize).unwrap() > 0);
    let fifo = device::get_limit(DEV, Limit::PrintfFifoSize).unwrap();
    device::set_limit(DEV, Limit::PrintfFifoSize, 2 << 20).unwrap();
    assert!(device::get_limit(DEV, Limit::PrintfFifoSize).unwrap() >= 2 << 20);
    device::set_limit(DEV, Limit::PrintfFifoSize, fifo).unwrap();
    assert!(device::get_limit(DEV, Limit::MallocHeapSize).unwrap() > 0);

    let (least, greatest) = device::stream_priority_range(DEV).unwrap();
    assert!(greatest <= least, "({least}, {greatest})");
    let (free, total) = device::mem_info(DEV).unwrap();
    assert!(free <= total && total > 0);
    device::synchronize(DEV).unwrap();

    device::device_flags(DEV).unwrap();
    assert_eq!(
        device::set_device_flags(DEV, 3),
        Err(HipError::InvalidValue)
    );
    assert_eq!(
        device::set_cache_config(DEV, 4),
        Err(HipError::InvalidValue)
    );
    device::set_cache_config(DEV, 0).unwrap();
    assert_eq!(device::cache_config(DEV), Ok(0));
    assert_eq!(device::can_access_peer(DEV, DEV), Ok(false));
}

#[test]
fn malloc_memcpy_memset_round_trips() {
    if !gpu() {
        return;
    }
    let n = 1 << 20;
    let src: Vec<u8> = (0..n).map(|i| (i * 7 % 251) as u8).collect();
    let d = mem::malloc(DEV, n).unwrap();
    let d2 = mem::malloc(DEV, n).unwrap();
    assert!(d != 0 && d2 != 0 && d != d2);
    let mut out = vec![0u8; n];
    // SAFETY: device buffers of `n` bytes; host vectors of `n` bytes.
    unsafe {
        mem::memcpy(DEV, d as _, src.as_ptr().cast(), n, CopyKind::HostToDevice).unwrap();
        mem::memcpy(DEV, d2 as _, d as _, n, CopyKind::DeviceToDevice).unwrap();
        mem::memcpy(
            DEV,
            out.as_mut_ptr().cast(),
            d2 as _,
            n,
            CopyKind::DeviceToHost,
        )
        .unwrap();
        assert_eq!(out, src);
        // hipMemcpyDefault infers the directions.
        out.fill(0);
        mem::memcpy(DEV, d2 as _, src.as_ptr().cast(), n, CopyKind::Default).unwrap();
        mem::memcpy(DEV, out.as_mut_ptr().cast(), d2 as _, n, CopyKind::Default).unwrap();
        assert_eq!(out, src);
        // Host to host.
        let mut hh = vec![0u8; 64];
        mem::memcpy(
            DEV,
            hh.as_mut_ptr().cast(),
            src.as_ptr().cast(),
            64,
            CopyKind::HostToHost,
        )
        .unwrap();
        assert_eq!(hh, src[..64]);

        // Fills of each width.
        mem::memset(DEV, d + 16, Fill::D8(0xAB), 1000).unwrap();
        mem::memcpy(
            DEV,
            out.as_mut_ptr().cast(),
            d as _,
            n,
            CopyKind::DeviceToHost,
        )
        .unwrap();
        assert_eq!(out[..16], src[..16]);
        assert!(out[16..1016].iter().all(|&b| b == 0xAB));
        assert_eq!(out[1016..], src[1016..]);

        mem::memset(DEV, d, Fill::D16(0xBEEF), n / 2).unwrap();
        let mut halves = vec![0u16; n / 2];
        mem::memcpy(
            DEV,
            halves.as_mut_ptr().cast(),
            d as _,
            n,
            CopyKind::DeviceToHost,
        )
        .unwrap();
        assert!(halves.iter().all(|&h| h == 0xBEEF));

        mem::memset(DEV, d, Fill::D32(0xDEAD_BEEF), n / 4).unwrap();
        let mut words = vec![0u32; n / 4];
        mem::memcpy(
            DEV,
            words.as_mut_ptr().cast(),
            d as _,
            n,
            CopyKind::DeviceToHost,
        )
        .unwrap();
        assert!(words.iter().all(|&w| w == 0xDEAD_BEEF));

        // Zero sizes are no-ops, null pointers with a size are invalid.
        mem::memcpy(DEV, null_mut(), std::ptr::null(), 0, CopyKind::Default).unwrap();
        assert_eq!(
            mem::memcpy(
                DEV,
                null_mut(),
                src.as_ptr().cast(),
                4,
                CopyKind::HostToDevice
            ),
            Err(HipError::InvalidValue)
        );
        assert_eq!(
            mem::memset(DEV, 0, Fill::D8(0), 4),
            Err(HipError::InvalidValue)
        );

        let a = mem::pointer_attributes(DEV, d as _).unwrap();
        assert_eq!(a.memory_type, MemoryType::Device);
        assert_eq!(a.device, DEV as i32);
        assert_eq!(a.device_pointer, d);
        assert!(!a.is_managed);
        let a = mem::pointer_attributes(DEV, src.as_ptr().cast()).unwrap();
        assert_eq!(a.memory_type, MemoryType::Unregistered);
        assert_eq!(mem::address_range(DEV, d + 100), Ok((d, n)));

        mem::free(DEV, d).unwrap();
        mem::free(DEV, d2).unwrap();
        mem::free(DEV, 0).unwrap();
    }
    assert_eq!(mem::malloc(DEV, 0), Ok(0));
}

#[test]
fn pinned_registered_and_managed_memory() {
    if !gpu() {
        return;
    }
    // SAFETY: every pointer below is allocated here with the sizes used, and freed after
    // the work using it was synchronised.
    unsafe {
        let h = mem::host_malloc(DEV, 4096, mem::HOST_MALLOC_MAPPED).unwrap();
        assert!(!h.is_null());
        let a = mem::pointer_attributes(DEV, h).unwrap();
        assert_eq!(a.memory_type, MemoryType::Host);
        assert_eq!(a.host_pointer, h);
        assert_ne!(a.allocation_flags & mem::HOST_MALLOC_MAPPED, 0);
        let dp = mem::host_get_device_pointer(DEV, h, 0).unwrap();
        assert_ne!(dp, 0);
        assert_eq!(
            mem::host_get_device_pointer(DEV, h, 1),
            Err(HipError::InvalidValue)
        );
        assert_ne!(
            mem::host_get_flags(DEV, h).unwrap() & mem::HOST_MALLOC_MAPPED,
            0
        );
        mem::memset(DEV, dp, Fill::D32(0x0102_0304), 1024).unwrap();
        let words = std::slice::from_raw_parts(h.cast::<u32>(), 1024);
        assert!(words.iter().all(|&w| w == 0x0102_0304));
        mem::host_free(DEV, h).unwrap();
        mem::host_free(DEV, null_mut()).unwrap();
        let both = mem::HOST_MALLOC_COHERENT | mem::HOST_MALLOC_NON_COHERENT;
        assert_eq!(mem::host_malloc(DEV, 64, both), Err(HipError::InvalidValue));
        assert_eq!(
            mem::host_malloc(DEV, 64, 0x100),
            Err(HipError::InvalidValue)
        );
        assert_eq!(mem::host_malloc(DEV, 0, 0), Ok(null_mut()));

        // Registered application memory.
        let mut v = vec![0u8; 1 << 16];
        let p: *mut c_void = v.as_mut_ptr().cast();
        mem::host_register(DEV, p, v.len(), 0).unwrap();
        assert_eq!(
            mem::host_register(DEV, p, v.len(), 0),
            Err(HipError::HostMemoryAlreadyRegistered)
        );
        assert_eq!(
            mem::pointer_attributes(DEV, p).unwrap().memory_type,
            MemoryType::Host
        );
        let dp = mem::host_get_device_pointer(DEV, p, 0).unwrap();
        mem::memset(DEV, dp, Fill::D8(7), v.len()).unwrap();
        assert!(v.iter().all(|&b| b == 7));
        mem::host_unregister(DEV, p).unwrap();
        assert_eq!(
            mem::host_unregister(DEV, p),
            Err(HipError::HostMemoryNotRegistered)
        );
        assert_eq!(
            mem::host_register(DEV, p, v.len(), 0x10),
            Err(HipError::InvalidValue)
        );

        // Managed memory (small: never more than the card has free).
        let m = mem::malloc_managed(DEV, 4096, mem::MEM_ATTACH_GLOBAL).unwrap();
        mem::memset(DEV, m, Fill::D32(42), 1024).unwrap();
        device::synchronize(DEV).unwrap();
        let words = std::slice::from_raw_parts(m as *const u32, 1024);
        assert!(words.iter().all(|&w| w == 42));
        let a = mem::pointer_attributes(DEV, m as _).unwrap();
        assert_eq!(a.memory_type, MemoryType::Managed);
        assert!(a.is_managed);
        if nv::Driver::get().is_some_and(|d| d.has_mem_location_hints()) {
            mem::mem_advise(DEV, m, 4096, 1, DEV as i32).unwrap(); // SetReadMostly
            mem::mem_advise(DEV, m, 4096, 2, DEV as i32).unwrap(); // UnsetReadMostly
            if device::properties(DEV).unwrap().concurrent_managed_access {
                mem::prefetch_async(DEV, m, 4096, DEV as i32, NULL_STREAM).unwrap();
                mem::prefetch_async(DEV, m, 4096, -1, NULL_STREAM).unwrap();
                device::synchronize(DEV).unwrap();
            }
        }
        assert_eq!(
            mem::mem_advise(DEV, m, 4096, 7, 0),
            Err(HipError::InvalidValue)
        );
        mem::mem_advise(DEV, m, 4096, 100, 0).unwrap(); // AMD coarse grain: no-op
        mem::free(DEV, m).unwrap();
        assert_eq!(
            mem::malloc_managed(DEV, 0, mem::MEM_ATTACH_GLOBAL),
            Err(HipError::InvalidValue)
        );
        assert_eq!(mem::malloc_managed(DEV, 64, 4), Err(HipError::InvalidValue));
    }
}

#[test]
fn pitched_2d_copies_and_fills() {
    if !gpu() {
        return;
    }
    let (w, h) = (100usize, 37usize);
    let (d, pitch) = mem::malloc_pitch(DEV, w, h).unwrap();
    assert!(d != 0 && pitch >= w);
    assert_eq!(mem::malloc_pitch(DEV, 0, 5), Ok((0, 0)));
    let spitch = 128;
    let src: Vec<u8> = (0..spitch * h).map(|i| (i % 253) as u8).collect();
    let mut out = vec![0u8; w * h];
    let expect_row = |r: usize| &src[r * spitch..r * spitch + w];
    // SAFETY: `h` rows of `w` bytes at each pitch fit every buffer.
    unsafe {
        mem::memcpy_2d(
            DEV,
            d as _,
            pitch,
            src.as_ptr().cast(),
            spitch,
            w,
            h,
            CopyKind::HostToDevice,
        )
        .unwrap();
        mem::memcpy_2d(
            DEV,
            out.as_mut_ptr().cast(),
            w,
            d as _,
            pitch,
            w,
            h,
            CopyKind::DeviceToHost,
        )
        .unwrap();
        for r in 0..h {
            assert_eq!(&out[r * w..(r + 1) * w], expect_row(r), "row {r}");
        }
        // Fill the left half of every row.
        mem::memset_2d(DEV, d, pitch, 0x5A, w / 2, h).unwrap();
        mem::memcpy_2d(
            DEV,
            out.as_mut_ptr().cast(),
            w,
            d as _,
            pitch,
            w,
            h,
            CopyKind::Default,
        )
        .unwrap();
        for r in 0..h {
            let row = &out[r * w..(r + 1) * w];
            assert!(row[..w / 2].iter().all(|&b| b == 0x5A), "row {r}");
            assert_eq!(row[w / 2..], expect_row(r)[w / 2..], "row {r}");
        }
        // A width beyond a pitch.
        assert_eq!(
            mem::memcpy_2d(
                DEV,
                d as _,
                pitch,
                src.as_ptr().cast(),
                16,
                w,
                h,
                CopyKind::HostToDevice
            ),
            Err(HipError::InvalidPitchValue)
        );
        // Stream-ordered versions.
        let s = stream::create(DEV, 0, 0).unwrap();
        mem::memset_2d_async(DEV, d, pitch, 0x11, w, h, s).unwrap();
        mem::memcpy_2d_async(
            DEV,
            out.as_mut_ptr().cast(),
            w,
            d as _,
            pitch,
            w,
            h,
            CopyKind::DeviceToHost,
            s,
        )
        .unwrap();
        stream::synchronize(DEV, s).unwrap();
        assert!(out.iter().all(|&b| b == 0x11));
        stream::destroy(DEV, s).unwrap();
        mem::free(DEV, d).unwrap();
    }
}

#[test]
fn async_copies_and_fills_on_streams() {
    if !gpu() {
        return;
    }
    let (_, greatest) = device::stream_priority_range(DEV).unwrap();
    let s = stream::create(DEV, stream::STREAM_NON_BLOCKING, greatest).unwrap();
    assert!(!s.is_null());
    let n = 1 << 22;
    // SAFETY: pinned buffers and a device buffer of `n` bytes, used in stream order and
    // freed after the stream was synchronised.
    unsafe {
        assert_eq!(stream::flags(DEV, s), Ok(stream::STREAM_NON_BLOCKING));
        assert_eq!(stream::priority(DEV, s), Ok(greatest));
        assert_eq!(stream::device(DEV, s), Ok(DEV));
        let h_in = mem::host_malloc(DEV, n, 0).unwrap().cast::<u8>();
        let h_out = mem::host_malloc(DEV, n, 0).unwrap().cast::<u8>();
        for i in 0..n {
            *h_in.add(i) = (i % 241) as u8;
        }
        let d = mem::malloc(DEV, n).unwrap();
        mem::memcpy_async(DEV, d as _, h_in.cast(), n, CopyKind::HostToDevice, s).unwrap();
        mem::memset_async(DEV, d + (n / 2) as u64, Fill::D32(0xA5A5_A5A5), n / 8, s).unwrap();
        mem::memcpy_async(DEV, h_out.cast(), d as _, n, CopyKind::DeviceToHost, s).unwrap();
        stream::synchronize(DEV, s).unwrap();
        stream::query(DEV, s).unwrap();
        for i in 0..n {
            let expect = if i < n / 2 { (i % 241) as u8 } else { 0xA5 };
            assert_eq!(*h_out.add(i), expect, "byte {i}");
        }
        // The default streams: legacy null stream and per-thread stream.
        mem::memset_async(DEV, d, Fill::D8(1), n, NULL_STREAM).unwrap();
        mem::memcpy_async(
            DEV,
            h_out.cast(),
            d as _,
            n,
            CopyKind::Default,
            PER_THREAD_STREAM,
        )
        .unwrap();
        stream::synchronize(DEV, NULL_STREAM).unwrap();
        stream::synchronize(DEV, PER_THREAD_STREAM).unwrap();
        assert_eq!(stream::device(DEV, NULL_STREAM), Ok(DEV));

        assert_eq!(stream::create(DEV, 4, 0), Err(HipError::InvalidValue));
        assert_eq!(
            stream::destroy(DEV, NULL_STREAM),
            Err(HipError::InvalidHandle)
        );
        assert_eq!(
            stream::destroy(DEV, PER_THREAD_STREAM),
            Err(HipError::InvalidHandle)
        );
        assert_eq!(
            stream::wait_event(DEV, s, null_mut(), 0),
            Err(HipError::InvalidHandle)
        );
        mem::free(DEV, d).unwrap();
        mem::host_free(DEV, h_in.cast()).unwrap();
        mem::host_free(DEV, h_out.cast()).unwrap();
        stream::destroy(DEV, s).unwrap();
    }
}

#[test]
fn events_record_synchronize_and_time() {
    if !gpu() {
        return;
    }
    // SAFETY: live handles created here, destroyed at the end; device memory freed after
    // the stream's work was synchronised.
    unsafe {
        let s = stream::create(DEV, 0, 0).unwrap();
        let start = event::create(DEV, 0).unwrap();
        let stop = event::create(DEV, event::EVENT_BLOCKING_SYNC).unwrap();
        let untimed = event::create(DEV, event::EVENT_DISABLE_TIMING).unwrap();
        // Not recorded yet.
        assert_eq!(
            event::elapsed_time(DEV, start, stop),
            Err(HipError::InvalidHandle)
        );
        let n = 64 << 20;
        let d = mem::malloc(DEV, n).unwrap();
        event::record(DEV, start, s).unwrap();
        for v in 0..8 {
            mem::memset_async(DEV, d, Fill::D32(v), n / 4, s).unwrap();
        }
        event::record(DEV, stop, s).unwrap();
        event::record_with_flags(DEV, untimed, s, 0).unwrap();
        event::synchronize(DEV, stop).unwrap();
        event::query(DEV, stop).unwrap();
        let ms = event::elapsed_time(DEV, start, stop).unwrap();
        assert!(ms > 0.0 && ms < 10_000.0, "{ms} ms");
        event::synchronize(DEV, untimed).unwrap();
        assert_eq!(
            event::elapsed_time(DEV, start, untimed),
            Err(HipError::InvalidHandle)
        );
        // Another stream waits for the event.
        let s2 = stream::create(DEV, stream::STREAM_NON_BLOCKING, 0).unwrap();
        stream::wait_event(DEV, s2, stop, 0).unwrap();
        assert_eq!(
            stream::wait_event(DEV, s2, stop, 1),
            Err(HipError::InvalidValue)
        );
        stream::synchronize(DEV, s2).unwrap();

        assert_eq!(event::create(DEV, 0x100), Err(HipError::InvalidValue));
        assert_eq!(
            event::record(DEV, null_mut(), s),
            Err(HipError::InvalidHandle)
        );
        assert_eq!(
            event::destroy(DEV, null_mut()),
            Err(HipError::InvalidHandle)
        );
        assert_eq!(event::query(DEV, null_mut()), Err(HipError::InvalidHandle));
        for e in [start, stop, untimed] {
            event::destroy(DEV, e).unwrap();
        }
        mem::free(DEV, d).unwrap();
        stream::destroy(DEV, s).unwrap();
        stream::destroy(DEV, s2).unwrap();
    }
}

static HOST_FN_SAW: AtomicU32 = AtomicU32::new(0);
static CALLBACK_CALLS: AtomicU32 = AtomicU32::new(0);
static CALLBACK_STATUS: AtomicU32 = AtomicU32::new(u32::MAX);

/// Host function: records the word the stream's previous fill wrote into pinned memory.
unsafe extern "C" fn read_pinned_word(data: *mut c_void) {
    // SAFETY: `data` is the pinned word of the test, alive until the stream is synchronised.
    let v = unsafe { data.cast::<u32>().read_volatile() };
    HOST_FN_SAW.store(v, Ordering::SeqCst);
}

/// Stream callback: counts calls and keeps the status (must not panic: called from C).
unsafe extern "C" fn count_callback(_s: cu::CUstream, status: u32, data: *mut c_void) {
    CALLBACK_STATUS.store(status, Ordering::SeqCst);
    if data as usize == 0x5EED {
        CALLBACK_CALLS.fetch_add(1, Ordering::SeqCst);
    }
}

#[test]
fn host_functions_and_callbacks_run_in_stream_order() {
    if !gpu() {
        return;
    }
    // SAFETY: the pinned word lives until after the stream is synchronised.
    unsafe {
        let s = stream::create(DEV, stream::STREAM_NON_BLOCKING, 0).unwrap();
        let h = mem::host_malloc(DEV, 4, mem::HOST_MALLOC_MAPPED).unwrap();
        let dp = mem::host_get_device_pointer(DEV, h, 0).unwrap();
        mem::memset(DEV, dp, Fill::D32(0), 1).unwrap();
        // A long fill first, then the word: the host function must see the word.
        let big = mem::malloc(DEV, 64 << 20).unwrap();
        mem::memset_async(DEV, big, Fill::D32(3), 16 << 20, s).unwrap();
        mem::memset_async(DEV, dp, Fill::D32(0x1234_5678), 1, s).unwrap();
        stream::launch_host_func(DEV, s, Some(read_pinned_word), h).unwrap();
        stream::add_callback(DEV, s, Some(count_callback), 0x5EED as *mut c_void, 0).unwrap();
        stream::synchronize(DEV, s).unwrap();
        assert_eq!(HOST_FN_SAW.load(Ordering::SeqCst), 0x1234_5678);
        assert_eq!(CALLBACK_CALLS.load(Ordering::SeqCst), 1);
        assert_eq!(CALLBACK_STATUS.load(Ordering::SeqCst), 0);

        assert_eq!(
            stream::launch_host_func(DEV, s, None, null_mut()),
            Err(HipError::InvalidValue)
        );
        assert_eq!(
            stream::add_callback(DEV, s, Some(count_callback), null_mut(), 1),
            Err(HipError::InvalidValue)
        );
        assert_eq!(
            stream::add_callback(DEV, s, None, null_mut(), 0),
            Err(HipError::InvalidValue)
        );
        stream::destroy(DEV, s).unwrap();
        mem::free(DEV, big).unwrap();
        mem::host_free(DEV, h).unwrap();
    }
}

#[test]
fn module_load_and_launch_with_params_and_extra() {
    if !gpu() {
        return;
    }
    let (m, f) = load_vadd();
    let n = 10_000usize;
    let buf = VaddBuffers::new(n);
    let grid = [n.div_ceil(256) as u32, 1, 1];
    // SAFETY: `f` is vadd(a, b, c, n) with three device pointers and a u64; the arguments
    // below match, and the buffers hold `n` floats.
    unsafe {
        assert_eq!(
            module::get_function(DEV, m, c"no_such_kernel"),
            Err(HipError::NotFound)
        );
        let (g, size) = module::get_global(DEV, m, c"ferrocm_counter").unwrap();
        assert!(g != 0 && size == 4);
        assert_eq!(
            module::get_global(DEV, m, c"no_such_global").map(|_| ()),
            Err(HipError::NotFound)
        );

        // kernelParams form on the null stream.
        let (mut pa, mut pb, mut pc, mut pn) = (buf.da, buf.db, buf.dc, n as u64);
        let mut params: [*mut c_void; 4] = [
            (&mut pa as *mut u64).cast(),
            (&mut pb as *mut u64).cast(),
            (&mut pc as *mut u64).cast(),
            (&mut pn as *mut u64).cast(),
        ];
        launch::launch_kernel(
            DEV,
            f,
            grid,
            [256, 1, 1],
            0,
            NULL_STREAM,
            params.as_mut_ptr(),
            null_mut(),
        )
        .unwrap();
        device::synchronize(DEV).unwrap();
        buf.check_and_clear();

        // `extra` form (HIP's HIP_LAUNCH_PARAM_END = 3) on a created stream.
        #[repr(C)]
        struct Args {
            a: u64,
            b: u64,
            c: u64,
            n: u64,
        }
        let mut args = Args {
            a: buf.da,
            b: buf.db,
            c: buf.dc,
            n: n as u64,
        };
        let mut args_size = size_of::<Args>();
        let mut extra = [
            launch::LAUNCH_PARAM_BUFFER_POINTER,
            (&mut args as *mut Args).cast(),
            launch::LAUNCH_PARAM_BUFFER_SIZE,
            (&mut args_size as *mut usize).cast(),
            launch::LAUNCH_PARAM_END,
        ];
        let s = stream::create(DEV, 0, 0).unwrap();
        launch::launch_kernel(
            DEV,
            f,
            grid,
            [256, 1, 1],
            0,
            s,
            null_mut(),
            extra.as_mut_ptr(),
        )
        .unwrap();
        stream::synchronize(DEV, s).unwrap();
        buf.check_and_clear();
        // An unknown key in `extra`.
        let mut bad_extra = [0x7 as *mut c_void, null_mut(), launch::LAUNCH_PARAM_END];
        assert_eq!(
            launch::launch_kernel(
                DEV,
                f,
                grid,
                [256, 1, 1],
                0,
                s,
                null_mut(),
                bad_extra.as_mut_ptr()
            ),
            Err(HipError::InvalidValue)
        );

        // Cooperative launch of a grid that fits.
        launch::launch_cooperative_kernel(
            DEV,
            f,
            [1, 1, 1],
            [256, 1, 1],
            0,
            s,
            params.as_mut_ptr(),
        )
        .unwrap();
        stream::synchronize(DEV, s).unwrap();

        // Function attributes and occupancy.
        let a = module::func_attributes(DEV, f).unwrap();
        assert!(
            a.max_threads_per_block > 0 && a.max_threads_per_block <= 1024,
            "{a:?}"
        );
        assert!(
            a.num_regs > 0 && a.ptx_version >= 52 && a.binary_version >= 52,
            "{a:?}"
        );
        assert_eq!(
            module::func_get_attribute(DEV, f, 10),
            Err(HipError::InvalidValue)
        );
        module::func_set_attribute(DEV, f, 8, 1024).unwrap();
        assert_eq!(
            module::func_set_attribute(DEV, f, 0, 1),
            Err(HipError::InvalidValue)
        );
        module::func_set_cache_config(DEV, f, 1).unwrap();
        module::func_set_shared_mem_config(DEV, f, 1).unwrap();
        assert!(module::occupancy_max_active_blocks(DEV, f, 256, 0, 0).unwrap() > 0);
        assert_eq!(
            module::occupancy_max_active_blocks(DEV, f, 0, 0, 0),
            Err(HipError::InvalidValue)
        );
        let (min_grid, block) =
            module::occupancy_max_potential_block_size(DEV, f, 0, 0, 0).unwrap();
        assert!(
            min_grid > 0 && block > 0 && block <= 1024,
            "({min_grid}, {block})"
        );
        let (_, block) = module::occupancy_max_potential_block_size(DEV, f, 0, 128, 0).unwrap();
        assert!(block <= 128);

        // The runtime API's configuration check.
        launch::validate_config(DEV, grid, [1024, 1, 1]).unwrap();
        launch::validate_config(DEV, [i32::MAX as u32, 1, 1], [1024, 1, 1]).unwrap();

        stream::destroy(DEV, s).unwrap();
        module::unload(DEV, m).unwrap();
    }
}

#[test]
fn errors_have_hip_codes_and_do_not_crash() {
    if !gpu() {
        return;
    }
    let host = vec![0u8; 4096];
    let mut out = vec![0u8; 4096];
    // SAFETY: the invalid pointers are only handed to the driver, which validates them;
    // host buffers are valid for 4096 bytes.
    unsafe {
        // An invalid device pointer to memcpy: freed, and never allocated.
        let d = mem::malloc(DEV, 4096).unwrap();
        mem::free(DEV, d).unwrap();
        assert_eq!(
            mem::memcpy(
                DEV,
                d as _,
                host.as_ptr().cast(),
                4096,
                CopyKind::HostToDevice
            ),
            Err(HipError::InvalidValue)
        );
        assert_eq!(
            mem::memcpy(
                DEV,
                out.as_mut_ptr().cast(),
                d as _,
                4096,
                CopyKind::DeviceToHost
            ),
            Err(HipError::InvalidValue)
        );
        let bogus = 0x7f00_dead_0000_u64;
        assert_eq!(
            mem::memcpy(
                DEV,
                bogus as _,
                host.as_ptr().cast(),
                16,
                CopyKind::HostToDevice
            ),
            Err(HipError::InvalidValue)
        );
        assert_eq!(mem::free(DEV, d), Err(HipError::InvalidValue));
        assert_eq!(mem::malloc(DEV, 1 << 60), Err(HipError::OutOfMemory));

        // Launching with 2048 threads per block.
        let (m, f) = load_vadd();
        let buf = VaddBuffers::new(256);
        let (mut pa, mut pb, mut pc, mut pn) = (buf.da, buf.db, buf.dc, 256u64);
        let mut params: [*mut c_void; 4] = [
            (&mut pa as *mut u64).cast(),
            (&mut pb as *mut u64).cast(),
            (&mut pc as *mut u64).cast(),
            (&mut pn as *mut u64).cast(),
        ];
        let mut go = |f, block| {
            launch::launch_kernel(
                DEV,
                f,
                [1, 1, 1],
                block,
                0,
                NULL_STREAM,
                params.as_mut_ptr(),
                null_mut(),
            )
        };
        assert_eq!(go(f, [2048, 1, 1]), Err(HipError::InvalidValue));
        assert_eq!(
            launch::validate_config(DEV, [1, 1, 1], [2048, 1, 1]),
            Err(HipError::InvalidConfiguration)
        );
        assert_eq!(
            launch::validate_config(DEV, [0, 1, 1], [32, 1, 1]),
            Err(HipError::InvalidConfiguration)
        );
        assert_eq!(
            launch::validate_config(DEV, [1, 1, 1], [1, 1, 65]),
            Err(HipError::InvalidConfiguration)
        );
        assert_eq!(go(null_mut(), [32, 1, 1]), Err(HipError::InvalidHandle));
        // The context is still usable after a rejected launch.
        go(f, [256, 1, 1]).unwrap();
        device::synchronize(DEV).unwrap();
        buf.check_and_clear();

        // A function of an unloaded module.
        module::unload(DEV, m).unwrap();
        assert_eq!(go(f, [256, 1, 1]), Err(HipError::InvalidHandle));
        assert_eq!(
            module::func_get_attribute(DEV, f, 0),
            Err(HipError::InvalidHandle)
        );
        assert_eq!(
            module::get_function(DEV, m, c"vadd"),
            Err(HipError::InvalidHandle)
        );
        // A second unload: hipErrorNotFound (ROCm's code).
        assert_eq!(module::unload(DEV, m), Err(HipError::NotFound));
        // Loading it again makes a usable function.
        let (m2, f2) = load_vadd();
        go(f2, [256, 1, 1]).unwrap();
        device::synchronize(DEV).unwrap();
        buf.check_and_clear();
        module::unload(DEV, m2).unwrap();

        // Images and files that are not.
        let junk = b"this is not a GPU image\0";
        let r = module::load_data(DEV, junk.as_ptr().cast());
        assert!(
            matches!(r, Err(HipError::InvalidImage | HipError::InvalidKernelFile)),
            "{r:?}"
        );
        assert_eq!(
            module::load(DEV, c"/nonexistent/ferrocm/module.cubin"),
            Err(HipError::FileNotFound)
        );
        assert_eq!(
            module::load_data(DEV, std::ptr::null()),
            Err(HipError::InvalidValue)
        );

        // The context survived all of it.
        device::synchronize(DEV).unwrap();
        let d = mem::malloc(DEV, 64).unwrap();
        mem::memset(DEV, d, Fill::D8(9), 64).unwrap();
        mem::memcpy(
            DEV,
            out.as_mut_ptr().cast(),
            d as _,
            64,
            CopyKind::DeviceToHost,
        )
        .unwrap();
        assert!(out[..64].iter().all(|&b| b == 9));
        mem::free(DEV, d).unwrap();
    }
}

#[test]
fn context_is_made_current_per_thread() {
    if !gpu() {
        return;
    }
    let ctx = nv::make_current(DEV).unwrap();
    assert!(!ctx.is_null());
    assert_eq!(nv::context::primary_context(DEV), Ok(ctx));
    assert_eq!(nv::context::device_of_context(ctx), Ok(DEV));
    // Another thread gets the same primary context and can use memory from this one.
    let d = mem::malloc(DEV, 256).unwrap();
    let ctx_addr = ctx as usize;
    let t = std::thread::spawn(move || {
        assert_eq!(nv::make_current(DEV).unwrap() as usize, ctx_addr);
        // SAFETY: a live 256-byte allocation.
        unsafe { mem::memset(DEV, d, Fill::D8(3), 256) }.unwrap();
        nv::forget_current();
        // SAFETY: as above.
        unsafe { mem::memset(DEV, d, Fill::D8(4), 256) }.unwrap();
    });
    t.join().unwrap();
    let mut out = [0u8; 256];
    // SAFETY: a live 256-byte allocation; a 256-byte host array.
    unsafe {
        mem::memcpy(
            DEV,
            out.as_mut_ptr().cast(),
            d as _,
            256,
            CopyKind::DeviceToHost,
        )
        .unwrap();
        mem::free(DEV, d).unwrap();
    }
    assert!(out.iter().all(|&b| b == 4));
}

/// An empty kernel (for launch timings).
const EMPTY_PTX: &str =
    ".version 6.0\n.target sm_52\n.address_size 64\n.visible .entry empty()\n{\n    ret;\n}\n\0";

/// Launch overhead of [`launch::launch_kernel`] against a raw `cuLaunchKernel` of the same
/// function, back to back on the null stream (prints µs per launch; meaningful in a
/// release build: `cargo test --release -p ferrocm-hip --test nvidia -- --ignored
/// --nocapture launch_overhead`). The anchor: at most 0.5 µs above the raw driver.
#[test]
#[ignore = "timing; run explicitly on a GPU machine"]
fn launch_overhead_vs_raw_driver() {
    if !gpu() {
        return;
    }
    // SAFETY: a NUL-terminated PTX image; the empty kernel takes no parameters.
    unsafe {
        let m = module::load_data(DEV, EMPTY_PTX.as_ptr().cast()).unwrap();
        let f = module::get_function(DEV, m, c"empty").unwrap();
        let ours = || {
            launch::launch_kernel(
                DEV,
                f,
                [1; 3],
                [1; 3],
                0,
                NULL_STREAM,
                null_mut(),
                null_mut(),
            )
            .unwrap()
        };
        let raw = || {
            nv::check(cu::cuLaunchKernel(
                f,
                1,
                1,
                1,
                1,
                1,
                1,
                0,
                NULL_STREAM,
                null_mut(),
                null_mut(),
            ))
            .unwrap()
        };
        let per_launch = |launch: &dyn Fn(), n: u32| {
            device::synchronize(DEV).unwrap();
            let t = std::time::Instant::now();
            for _ in 0..n {
                launch();
            }
            let submit = t.elapsed();
            device::synchronize(DEV).unwrap();
            (
                submit.as_secs_f64() * 1e6 / f64::from(n),
                t.elapsed().as_secs_f64() * 1e6 / f64::from(n),
            )
        };
        per_launch(&ours, 2000);
        per_launch(&raw, 2000);
        let (mut best_ours, mut best_raw) = (f64::MAX, f64::MAX);
        for round in 0..5 {
            let o = per_launch(&ours, 20_000);
            let r = per_launch(&raw, 20_000);
            eprintln!(
                "round {round}: ours {:.3} us/launch submit ({:.3} with sync), raw {:.3} ({:.3})",
                o.0, o.1, r.0, r.1
            );
            best_ours = best_ours.min(o.1);
            best_raw = best_raw.min(r.1);
        }
        // Launch + synchronize round trips.
        let rt = |launch: &dyn Fn()| {
            let t = std::time::Instant::now();
            for _ in 0..2000 {
                launch();
                stream::synchronize(DEV, NULL_STREAM).unwrap();
            }
            t.elapsed().as_secs_f64() * 1e6 / 2000.0
        };
        eprintln!(
            "launch+sync: ours {:.3} us, raw {:.3} us; back to back best: ours {best_ours:.3}, raw {best_raw:.3}",
            rt(&ours),
            rt(&raw)
        );
        module::unload(DEV, m).unwrap();
    }
}
