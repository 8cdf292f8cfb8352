//! Devices: count, properties and attributes from the driver (`cuDeviceGetAttribute`,
//! `cuDeviceGetName`, `cuDeviceTotalMem`, `cuDeviceGetUuid`), limits, flags, cache
//! configuration, stream priorities, memory information, peers and synchronisation.
//!
//! Ordinals (`dev`) are indices among the CUDA driver's devices (0..[`count`]); mapping
//! HIP's device ordinals onto them is the runtime's business.

use std::ffi::{c_char, c_int, CStr};

use super::context::{cu_device, make_current, primary_context};
use super::cu;
use super::driver::{check, Driver};
use crate::device::{DeviceProperties, Limit};
use crate::device_prop::{self, DeviceProp};
use crate::error::{HipError, HipResult};

use cu::CUdevice_attribute as A;

/// `%globaltimer`, which the device prelude reads for `wall_clock64()`, counts nanoseconds:
/// HIP's `hipDeviceAttributeWallClockRate` is therefore 1 GHz, in kHz.
pub const WALL_CLOCK_RATE_KHZ: i32 = 1_000_000;

/// `hipCpuDeviceId`: the host as a location for prefetches and advice.
pub const CPU_DEVICE_ID: i32 = -1;

/// Number of NVIDIA devices: 0 without a usable driver (never an error, never a panic).
pub fn count() -> usize {
    Driver::get().map_or(0, Driver::device_count)
}

/// One raw `cuDeviceGetAttribute`.
pub fn raw_attribute(dev: usize, attr: cu::CUdevice_attribute) -> HipResult<i32> {
    let device = cu_device(dev)?;
    let mut v: c_int = 0;
    // SAFETY: the driver is initialised and `device` valid; out-parameter.
    check(unsafe { cu::cuDeviceGetAttribute(&mut v, attr, device) })?;
    Ok(v)
}

/// `hipDeviceGetName`/`cuDeviceGetName`.
pub fn name(dev: usize) -> HipResult<String> {
    let device = cu_device(dev)?;
    let mut buf = [0 as c_char; 256];
    // SAFETY: the buffer holds `len` bytes; the driver NUL-terminates within it.
    check(unsafe { cu::cuDeviceGetName(buf.as_mut_ptr(), buf.len() as c_int, device) })?;
    buf[buf.len() - 1] = 0;
    // SAFETY: NUL-terminated within the buffer (forced above).
    let s = unsafe { CStr::from_ptr(buf.as_ptr()) };
    Ok(s.to_string_lossy().into_owned())
}

/// `hipDeviceTotalMem`/`cuDeviceTotalMem`.
pub fn total_mem(dev: usize) -> HipResult<usize> {
    let device = cu_device(dev)?;
    let mut bytes = 0usize;
    // SAFETY: out-parameter; valid device.
    check(unsafe { cu::cuDeviceTotalMem_v2(&mut bytes, device) })?;
    Ok(bytes)
}

/// `hipDeviceGetUuid`/`cuDeviceGetUuid`.
pub fn uuid(dev: usize) -> HipResult<[u8; 16]> {
    let device = cu_device(dev)?;
    let mut u = cu::CUuuid { bytes: [0; 16] };
    // SAFETY: out-parameter; valid device.
    check(unsafe { cu::cuDeviceGetUuid_v2(&mut u, device) })?;
    Ok(u.bytes.map(|b| b as u8))
}

/// `hipDeviceComputeCapability`: (major, minor).
pub fn compute_capability(dev: usize) -> HipResult<(i32, i32)> {
    Ok((
        raw_attribute(dev, A::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)?,
        raw_attribute(dev, A::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)?,
    ))
}

/// `gcnArchName` on NVIDIA: `"sm_<major><minor>"`, e.g. `"sm_90"` for an H100.
pub fn arch_name(dev: usize) -> HipResult<String> {
    let (major, minor) = compute_capability(dev)?;
    Ok(format!("sm_{major}{minor}"))
}

/// `hipDeviceGetPCIBusId`'s text: `"dddd:bb:dd.0"`.
pub fn pci_bus_id(dev: usize) -> HipResult<String> {
    Ok(format!(
        "{:04x}:{:02x}:{:02x}.0",
        raw_attribute(dev, A::CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID)?,
        raw_attribute(dev, A::CU_DEVICE_ATTRIBUTE_PCI_BUS_ID)?,
        raw_attribute(dev, A::CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID)?
    ))
}

/// The device's [`DeviceProperties`], read from the driver once and cached.
pub fn properties(dev: usize) -> HipResult<&'static DeviceProperties> {
    let slot = Driver::require()?.slot(dev)?;
    slot.properties
        .get_or_init(|| read_properties(dev))
        .as_ref()
        .map_err(|e| *e)
}

fn read_properties(dev: usize) -> HipResult<DeviceProperties> {
    let a = |attr| raw_attribute(dev, attr);
    let b = |attr| raw_attribute(dev, attr).map(|v| v != 0);
    let u = |attr| raw_attribute(dev, attr).map(|v| v.max(0) as u64);
    let (major, minor) = compute_capability(dev)?;
    Ok(DeviceProperties {
        name: name(dev)?,
        arch_name: format!("sm_{major}{minor}"),
        total_global_mem: total_mem(dev)? as u64,
        shared_mem_per_block: u(A::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK)?,
        regs_per_block: a(A::CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK)?,
        warp_size: a(A::CU_DEVICE_ATTRIBUTE_WARP_SIZE)?,
        max_threads_per_block: a(A::CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK)?,
        max_threads_dim: [
            a(A::CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X)?,
            a(A::CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y)?,
            a(A::CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z)?,
        ],
        max_grid_size: [
            a(A::CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X)?,
            a(A::CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y)?,
            a(A::CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z)?,
        ],
        clock_rate_khz: a(A::CU_DEVICE_ATTRIBUTE_CLOCK_RATE)?,
        memory_clock_rate_khz: a(A::CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE)?,
        memory_bus_width: a(A::CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH)?,
        total_const_mem: u(A::CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY)?,
        major,
        minor,
        multi_processor_count: a(A::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)?,
        l2_cache_size: a(A::CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE)?,
        max_threads_per_multiprocessor: a(A::CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR)?,
        max_shared_memory_per_multiprocessor: u(
            A::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR,
        )?,
        concurrent_kernels: b(A::CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS)?,
        can_map_host_memory: b(A::CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY)?,
        integrated: b(A::CU_DEVICE_ATTRIBUTE_INTEGRATED)?,
        managed_memory: b(A::CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY)?,
        concurrent_managed_access: b(A::CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS)?,
        pageable_memory_access: b(A::CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS)?,
        host_native_atomic_supported: b(A::CU_DEVICE_ATTRIBUTE_HOST_NATIVE_ATOMIC_SUPPORTED)?,
        unified_addressing: b(A::CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING)?,
        cooperative_launch: b(A::CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH)?,
        // hipLaunchCooperativeKernelMultiDevice is not implemented on NVIDIA (CUDA deprecated
        // cuLaunchCooperativeKernelMultiDevice): say so.
        cooperative_multi_device_launch: false,
        async_engine_count: a(A::CU_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT)?,
        wall_clock_rate_khz: WALL_CLOCK_RATE_KHZ,
        pci_bus_id: a(A::CU_DEVICE_ATTRIBUTE_PCI_BUS_ID)?,
        pci_device_id: a(A::CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID)?,
        pci_domain_id: a(A::CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID)?,
        mem_pitch: u(A::CU_DEVICE_ATTRIBUTE_MAX_PITCH)?,
        texture_alignment: u(A::CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT)?,
        uuid: uuid(dev)?,
    })
}

/// What a `hipDeviceAttribute_t` is on NVIDIA.
enum Attr {
    /// A CUDA device attribute of the same meaning.
    Cuda(cu::CUdevice_attribute),
    /// A constant (AMD-only hardware, or a fact of this platform).
    Value(i32),
    /// `hipDeviceAttributeTotalGlobalMem`: `cuDeviceTotalMem`, saturated to `int`.
    TotalGlobalMem,
}

/// The CUDA attribute (or value) behind a `hipDeviceAttribute_t` (HIP 6 numbering), as
/// hipother maps them; `None` for values HIP does not define (or marks unused).
fn hip_attribute(attr: u32) -> Option<Attr> {
    use Attr::{Cuda, Value};
    Some(match attr {
        0 => Cuda(A::CU_DEVICE_ATTRIBUTE_ECC_ENABLED),
        1 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAX_ACCESS_POLICY_WINDOW_SIZE),
        2 => Cuda(A::CU_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT),
        3 => Cuda(A::CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY),
        4 => Cuda(A::CU_DEVICE_ATTRIBUTE_CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM),
        5 => Cuda(A::CU_DEVICE_ATTRIBUTE_CLOCK_RATE),
        6 => Cuda(A::CU_DEVICE_ATTRIBUTE_COMPUTE_MODE),
        7 => Cuda(A::CU_DEVICE_ATTRIBUTE_COMPUTE_PREEMPTION_SUPPORTED),
        8 => Cuda(A::CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS),
        9 => Cuda(A::CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS),
        10 => Cuda(A::CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH),
        // Multi-device cooperative launches are not implemented on NVIDIA.
        11 => Value(0), // CooperativeMultiDeviceLaunch
        12 => Cuda(A::CU_DEVICE_ATTRIBUTE_GPU_OVERLAP),
        13 => Cuda(A::CU_DEVICE_ATTRIBUTE_DIRECT_MANAGED_MEM_ACCESS_FROM_HOST),
        14 => Cuda(A::CU_DEVICE_ATTRIBUTE_GLOBAL_L1_CACHE_SUPPORTED),
        15 => Cuda(A::CU_DEVICE_ATTRIBUTE_HOST_NATIVE_ATOMIC_SUPPORTED),
        16 => Cuda(A::CU_DEVICE_ATTRIBUTE_INTEGRATED),
        17 => Cuda(A::CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD),
        18 => Cuda(A::CU_DEVICE_ATTRIBUTE_KERNEL_EXEC_TIMEOUT),
        19 => Cuda(A::CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE),
        20 => Cuda(A::CU_DEVICE_ATTRIBUTE_LOCAL_L1_CACHE_SUPPORTED),
        // Luid, LuidDeviceNodeMask: Windows only.
        21 | 22 => Value(0),
        23 => Cuda(A::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR),
        24 => Cuda(A::CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY),
        25 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR),
        26 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X),
        27 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y),
        28 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z),
        29 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X),
        30 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y),
        31 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z),
        32 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_WIDTH),
        33 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_LAYERED_WIDTH),
        34 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_WIDTH),
        35 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_WIDTH),
        36 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_WIDTH),
        37 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_WIDTH),
        38 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_LAYERED_WIDTH),
        39 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_WIDTH),
        40 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LAYERED_WIDTH),
        41 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LINEAR_WIDTH),
        42 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_MIPMAPPED_WIDTH),
        43 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_WIDTH),
        44 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_HEIGHT),
        45 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_GATHER_WIDTH),
        46 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_WIDTH),
        47 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_WIDTH),
        48 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_MIPMAPPED_WIDTH),
        49 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_WIDTH),
        50 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_HEIGHT),
        51 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_DEPTH),
        52 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_WIDTH_ALTERNATE),
        53 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_WIDTH),
        54 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_LAYERED_WIDTH),
        // MaxThreadsDim: the x extent, as on the CPU platform.
        55 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X),
        56 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK),
        57 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR),
        58 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAX_PITCH),
        59 => Cuda(A::CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH),
        60 => Cuda(A::CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE),
        61 => Cuda(A::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR),
        62 => Cuda(A::CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD_GROUP_ID),
        63 => Cuda(A::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT),
        65 => Cuda(A::CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS),
        66 => Cuda(A::CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS_USES_HOST_PAGE_TABLES),
        67 => Cuda(A::CU_DEVICE_ATTRIBUTE_PCI_BUS_ID),
        68 => Cuda(A::CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID),
        69 => Cuda(A::CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID),
        70 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAX_PERSISTING_L2_CACHE_SIZE),
        71 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK),
        72 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR),
        73 => Cuda(A::CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK),
        74 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK),
        75 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN),
        76 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR),
        77 => Cuda(A::CU_DEVICE_ATTRIBUTE_SINGLE_TO_DOUBLE_PRECISION_PERF_RATIO),
        78 => Cuda(A::CU_DEVICE_ATTRIBUTE_STREAM_PRIORITIES_SUPPORTED),
        79 => Cuda(A::CU_DEVICE_ATTRIBUTE_SURFACE_ALIGNMENT),
        80 => Cuda(A::CU_DEVICE_ATTRIBUTE_TCC_DRIVER),
        81 => Cuda(A::CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT),
        82 => Cuda(A::CU_DEVICE_ATTRIBUTE_TEXTURE_PITCH_ALIGNMENT),
        83 => Cuda(A::CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY),
        84 => Attr::TotalGlobalMem,
        85 => Cuda(A::CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING),
        87 => Cuda(A::CU_DEVICE_ATTRIBUTE_WARP_SIZE),
        88 => Cuda(A::CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED),
        89 => Cuda(A::CU_DEVICE_ATTRIBUTE_VIRTUAL_ADDRESS_MANAGEMENT_SUPPORTED),
        90 => Cuda(A::CU_DEVICE_ATTRIBUTE_HOST_REGISTER_SUPPORTED),
        91 => Cuda(A::CU_DEVICE_ATTRIBUTE_MEMPOOL_SUPPORTED_HANDLE_TYPES),
        // AMD-specific attributes (10000+).
        10000 => Cuda(A::CU_DEVICE_ATTRIBUTE_CLOCK_RATE), // ClockInstructionRate
        10002 => Cuda(A::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR),
        10005 | 10006 => Value(0), // HdpMemFlushCntl, HdpRegFlushCntl: no HDP
        10007..=10010 => Value(0), // CooperativeMultiDeviceUnmatched*
        10011 => Value(0),         // IsLargeBar
        10012 => Value(0),         // AsicRevision
        10013 => Value(1),         // CanUseStreamWaitValue: stream memory ops (CUDA 12+)
        10014 => Value(0),         // ImageSupport: no texture API on this platform yet
        10015 => Cuda(A::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT), // PhysicalMultiProcessorCount
        10016 => Value(1),         // FineGrainSupport: pinned host memory is coherent
        10017 => Value(WALL_CLOCK_RATE_KHZ), // WallClockRate
        _ => return None,
    })
}

/// `hipDeviceGetAttribute(attr, dev)` with `attr` a `hipDeviceAttribute_t` value:
/// `hipErrorInvalidValue` for values HIP does not define.
pub fn attribute(dev: usize, attr: u32) -> HipResult<i32> {
    match hip_attribute(attr).ok_or(HipError::InvalidValue)? {
        Attr::Cuda(a) => raw_attribute(dev, a),
        Attr::Value(v) => {
            cu_device(dev)?;
            Ok(v)
        }
        Attr::TotalGlobalMem => Ok(total_mem(dev)?.min(i32::MAX as usize) as i32),
    }
}

fn cu_limit(limit: Limit) -> cu::CUlimit {
    match limit {
        Limit::StackSize => cu::CUlimit::CU_LIMIT_STACK_SIZE,
        Limit::PrintfFifoSize => cu::CUlimit::CU_LIMIT_PRINTF_FIFO_SIZE,
        Limit::MallocHeapSize => cu::CUlimit::CU_LIMIT_MALLOC_HEAP_SIZE,
    }
}

/// `hipDeviceGetLimit` on device `dev` (`cuCtxGetLimit` in its primary context).
pub fn get_limit(dev: usize, limit: Limit) -> HipResult<usize> {
    make_current(dev)?;
    let mut v = 0usize;
    // SAFETY: a context is current; out-parameter.
    check(unsafe { cu::cuCtxGetLimit(&mut v, cu_limit(limit)) })?;
    Ok(v)
}

/// `hipDeviceSetLimit` on device `dev` (`cuCtxSetLimit`; the driver may round the value).
pub fn set_limit(dev: usize, limit: Limit, value: usize) -> HipResult<()> {
    make_current(dev)?;
    // SAFETY: a context is current.
    check(unsafe { cu::cuCtxSetLimit(cu_limit(limit), value) })
}

/// `hipDeviceGetStreamPriorityRange`: (least, greatest), e.g. (0, -5) on an H100.
pub fn stream_priority_range(dev: usize) -> HipResult<(i32, i32)> {
    make_current(dev)?;
    let (mut least, mut greatest) = (0, 0);
    // SAFETY: a context is current; out-parameters.
    check(unsafe { cu::cuCtxGetStreamPriorityRange(&mut least, &mut greatest) })?;
    Ok((least, greatest))
}

/// `hipMemGetInfo`: (free, total) bytes of device `dev`.
pub fn mem_info(dev: usize) -> HipResult<(usize, usize)> {
    make_current(dev)?;
    let (mut free, mut total) = (0usize, 0usize);
    // SAFETY: a context is current; out-parameters.
    check(unsafe { cu::cuMemGetInfo_v2(&mut free, &mut total) })?;
    Ok((free, total))
}

/// `hipDeviceSynchronize`: waits for all work of device `dev`'s primary context.
pub fn synchronize(dev: usize) -> HipResult<()> {
    make_current(dev)?;
    // SAFETY: a context is current.
    check(unsafe { cu::cuCtxSynchronize() })
}

/// `hipDeviceGetCacheConfig` (`hipFuncCache_t` = `CUfunc_cache` values).
pub fn cache_config(dev: usize) -> HipResult<u32> {
    make_current(dev)?;
    let mut c = cu::CUfunc_cache::CU_FUNC_CACHE_PREFER_NONE;
    // SAFETY: a context is current; out-parameter.
    check(unsafe { cu::cuCtxGetCacheConfig(&mut c) })?;
    Ok(c as u32)
}

/// The `CUfunc_cache` for a `hipFuncCache_t` (same values), or `hipErrorInvalidValue`.
pub(crate) fn func_cache(config: u32) -> HipResult<cu::CUfunc_cache> {
    use cu::CUfunc_cache as F;
    Ok(match config {
        0 => F::CU_FUNC_CACHE_PREFER_NONE,
        1 => F::CU_FUNC_CACHE_PREFER_SHARED,
        2 => F::CU_FUNC_CACHE_PREFER_L1,
        3 => F::CU_FUNC_CACHE_PREFER_EQUAL,
        _ => return Err(HipError::InvalidValue),
    })
}

/// `hipDeviceSetCacheConfig` (`hipFuncCache_t`: 0 none, 1 shared, 2 L1, 3 equal).
pub fn set_cache_config(dev: usize, config: u32) -> HipResult<()> {
    let c = func_cache(config)?;
    make_current(dev)?;
    // SAFETY: a context is current.
    check(unsafe { cu::cuCtxSetCacheConfig(c) })
}

/// `hipDeviceScheduleMask | hipDeviceMapHost | hipDeviceLmemResizeToMax`: the bits
/// `hipSetDeviceFlags` accepts (same values as `CU_CTX_*`).
const DEVICE_FLAGS: u32 = 0x7 | 0x8 | 0x10;

/// `hipSetDeviceFlags` for device `dev` (`cuDevicePrimaryCtxSetFlags`): the scheduling
/// policy (auto 0, spin 1, yield 2, blocking sync 4), map-host (8), local-memory
/// resize-to-max (0x10).
pub fn set_device_flags(dev: usize, flags: u32) -> HipResult<()> {
    if flags & !DEVICE_FLAGS != 0 || matches!(flags & 0x7, 3 | 5 | 6 | 7) {
        return Err(HipError::InvalidValue);
    }
    let device = cu_device(dev)?;
    // SAFETY: valid device.
    check(unsafe { cu::cuDevicePrimaryCtxSetFlags_v2(device, flags) })
}

/// `hipGetDeviceFlags` for device `dev`: the primary context's flags.
pub fn device_flags(dev: usize) -> HipResult<u32> {
    let device = cu_device(dev)?;
    let (mut flags, mut active) = (0u32, 0);
    // SAFETY: valid device; out-parameters.
    check(unsafe { cu::cuDevicePrimaryCtxGetState(device, &mut flags, &mut active) })?;
    Ok(flags)
}

/// `hipDeviceCanAccessPeer`.
pub fn can_access_peer(dev: usize, peer: usize) -> HipResult<bool> {
    let (d, p) = (cu_device(dev)?, cu_device(peer)?);
    if dev == peer {
        return Ok(false);
    }
    let mut can = 0;
    // SAFETY: valid devices; out-parameter.
    check(unsafe { cu::cuDeviceCanAccessPeer(&mut can, d, p) })?;
    Ok(can != 0)
}

/// `hipDeviceEnablePeerAccess(peer, flags)` from device `dev` (flags must be 0).
pub fn enable_peer_access(dev: usize, peer: usize, flags: u32) -> HipResult<()> {
    if flags != 0 {
        return Err(HipError::InvalidValue);
    }
    let peer_ctx = primary_context(peer)?;
    make_current(dev)?;
    // SAFETY: a context is current; `peer_ctx` is a retained primary context.
    check(unsafe { cu::cuCtxEnablePeerAccess(peer_ctx, 0) })
}

/// `hipDeviceDisablePeerAccess(peer)` from device `dev`.
pub fn disable_peer_access(dev: usize, peer: usize) -> HipResult<()> {
    let peer_ctx = primary_context(peer)?;
    make_current(dev)?;
    // SAFETY: as in `enable_peer_access`.
    check(unsafe { cu::cuCtxDisablePeerAccess(peer_ctx) })
}

/// `hipDeviceReset` on device `dev`: waits for its work, then `cuDevicePrimaryCtxReset`
/// destroys every allocation, stream, event and module of its primary context (the
/// context itself stays retained and is usable again at once); the calling thread's
/// cached current context is forgotten so the next call makes it current again, and the
/// registry's modules for `dev` are forgotten so registered kernels reload.
pub fn reset(dev: usize) -> HipResult<()> {
    let slot = Driver::require()?.slot(dev)?;
    // Outstanding work finishes first (its errors are the reset's to clear, not report).
    let _ = synchronize(dev);
    // SAFETY: valid device; the caller accepts that every resource of the context dies.
    let r = check(unsafe { cu::cuDevicePrimaryCtxReset_v2(slot.device) });
    // The context is destroyed: the next use retains (and makes current) a new one.
    slot.forget_context();
    super::context::forget_current();
    r?;
    // Registered kernels and variables reload lazily into the fresh context.
    super::registry::forget_device(dev);
    super::stream::forget_device(dev);
    super::event::forget_device(dev);
    super::backend::forget_external_objects(dev);
    Ok(())
}

/// Fills a `hipDeviceProp_t` for NVIDIA device `dev`: the cached
/// [`properties`], plus the driver attributes those lack.
pub fn device_prop(dev: usize) -> HipResult<DeviceProp> {
    let p = properties(dev)?;
    let mut d = device_prop::fill(p);
    // Attributes an older driver may not know read as 0 rather than failing the call.
    let h = |a: u32| attribute(dev, a).unwrap_or(0);
    let r = |a: A| raw_attribute(dev, a).unwrap_or(0);
    let z = |v: i32| v.max(0) as usize;
    d.texture_pitch_alignment = z(h(82));
    d.device_overlap = h(12);
    d.kernel_exec_timeout_enabled = h(18);
    d.compute_mode = h(6);
    d.max_texture_1d = h(39);
    d.max_texture_1d_mipmap = h(42);
    d.max_texture_1d_linear = h(41);
    d.max_texture_2d = [h(43), h(44)];
    d.max_texture_2d_mipmap = [
        h(48),
        r(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_MIPMAPPED_HEIGHT),
    ];
    d.max_texture_2d_linear = [
        h(47),
        r(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_HEIGHT),
        r(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_PITCH),
    ];
    d.max_texture_2d_gather = [
        h(45),
        r(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_GATHER_HEIGHT),
    ];
    d.max_texture_3d = [h(49), h(50), h(51)];
    d.max_texture_3d_alt = [
        h(52),
        r(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_HEIGHT_ALTERNATE),
        r(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_DEPTH_ALTERNATE),
    ];
    d.max_texture_cubemap = h(53);
    d.max_texture_1d_layered = [
        h(40),
        r(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LAYERED_LAYERS),
    ];
    d.max_texture_2d_layered = [
        h(46),
        r(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_HEIGHT),
        r(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_LAYERS),
    ];
    d.max_texture_cubemap_layered = [
        h(54),
        r(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_LAYERED_LAYERS),
    ];
    d.max_surface_1d = h(32);
    d.max_surface_2d = [h(34), r(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_HEIGHT)];
    d.max_surface_3d = [
        h(36),
        r(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_HEIGHT),
        r(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_DEPTH),
    ];
    d.max_surface_1d_layered = [
        h(33),
        r(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_LAYERED_LAYERS),
    ];
    d.max_surface_2d_layered = [
        h(35),
        r(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_HEIGHT),
        r(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_LAYERS),
    ];
    d.max_surface_cubemap = h(37);
    d.max_surface_cubemap_layered = [
        h(38),
        r(A::CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_LAYERED_LAYERS),
    ];
    d.surface_alignment = z(h(79));
    d.ecc_enabled = h(0);
    d.tcc_driver = h(80);
    d.persisting_l2_cache_max_size = h(70);
    d.stream_priorities_supported = h(78);
    d.global_l1_cache_supported = h(14);
    d.local_l1_cache_supported = h(20);
    d.regs_per_multiprocessor = h(72);
    d.is_multi_gpu_board = h(17);
    d.multi_gpu_board_group_id = h(62);
    d.single_to_double_precision_perf_ratio = h(77);
    d.compute_preemption_supported = h(7);
    d.can_use_host_pointer_for_registered_mem = h(4);
    d.cooperative_multi_device_launch = 0;
    d.shared_mem_per_block_optin = z(h(75));
    d.pageable_memory_access_uses_host_page_tables = h(66);
    d.direct_managed_mem_access_from_host = h(13);
    d.max_blocks_per_multi_processor = h(25);
    d.access_policy_max_window_size = h(1);
    d.reserved_shared_mem_per_block = z(h(73));
    d.host_register_supported = h(90);
    d.sparse_hip_array_supported = r(A::CU_DEVICE_ATTRIBUTE_SPARSE_CUDA_ARRAY_SUPPORTED);
    d.host_register_read_only_supported =
        r(A::CU_DEVICE_ATTRIBUTE_READ_ONLY_HOST_REGISTER_SUPPORTED);
    d.timeline_semaphore_interop_supported =
        r(A::CU_DEVICE_ATTRIBUTE_TIMELINE_SEMAPHORE_INTEROP_SUPPORTED);
    d.memory_pools_supported = h(88);
    d.gpu_direct_rdma_supported = r(A::CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_SUPPORTED);
    d.gpu_direct_rdma_flush_writes_options =
        r(A::CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_FLUSH_WRITES_OPTIONS) as u32;
    d.gpu_direct_rdma_writes_ordering = r(A::CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_WRITES_ORDERING);
    d.memory_pool_supported_handle_types = h(91) as u32;
    d.deferred_mapping_hip_array_supported =
        r(A::CU_DEVICE_ATTRIBUTE_DEFERRED_MAPPING_CUDA_ARRAY_SUPPORTED);
    d.ipc_event_supported = r(A::CU_DEVICE_ATTRIBUTE_IPC_EVENT_SUPPORTED);
    d.cluster_launch = r(A::CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH);
    d.unified_function_pointers = r(A::CU_DEVICE_ATTRIBUTE_UNIFIED_FUNCTION_POINTERS);
    // clock64() reads the SM clock on NVIDIA.
    d.clock_instruction_rate = p.clock_rate_khz;
    // Every capability flag but dynamic parallelism (which needs cudart's device runtime).
    d.arch = device_prop::ARCH_ALL & !device_prop::ARCH_DYNAMIC_PARALLELISM;
    Ok(d)
}
