//! `hipDeviceProp_t` (HIP 6's R0600 layout: the C structure HIP's API hands out) and the
//! CPU platform's `hipDeviceGetAttribute`, both from the core's [`DeviceProperties`]. The
//! NVIDIA platform starts from the same [`fill`] and adds what the driver reports
//! (`platform::nvidia::device::device_prop`).

use crate::device::DeviceProperties;
use crate::error::{HipError, HipResult};

/// `hipDeviceArch_t`: a 32-bit bit-field of feature flags.
pub type DeviceArch = u32;

/// `hipDeviceProp_tR0600` (`include/hip/hip_runtime_api.h`); a test checks the offsets.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct DeviceProp {
    pub name: [u8; 256],
    pub uuid: [u8; 16],
    pub luid: [u8; 8],
    pub luid_device_node_mask: u32,
    pub total_global_mem: usize,
    pub shared_mem_per_block: usize,
    pub regs_per_block: i32,
    pub warp_size: i32,
    pub mem_pitch: usize,
    pub max_threads_per_block: i32,
    pub max_threads_dim: [i32; 3],
    pub max_grid_size: [i32; 3],
    pub clock_rate: i32,
    pub total_const_mem: usize,
    pub major: i32,
    pub minor: i32,
    pub texture_alignment: usize,
    pub texture_pitch_alignment: usize,
    pub device_overlap: i32,
    pub multi_processor_count: i32,
    pub kernel_exec_timeout_enabled: i32,
    pub integrated: i32,
    pub can_map_host_memory: i32,
    pub compute_mode: i32,
    pub max_texture_1d: i32,
    pub max_texture_1d_mipmap: i32,
    pub max_texture_1d_linear: i32,
    pub max_texture_2d: [i32; 2],
    pub max_texture_2d_mipmap: [i32; 2],
    pub max_texture_2d_linear: [i32; 3],
    pub max_texture_2d_gather: [i32; 2],
    pub max_texture_3d: [i32; 3],
    pub max_texture_3d_alt: [i32; 3],
    pub max_texture_cubemap: i32,
    pub max_texture_1d_layered: [i32; 2],
    pub max_texture_2d_layered: [i32; 3],
    pub max_texture_cubemap_layered: [i32; 2],
    pub max_surface_1d: i32,
    pub max_surface_2d: [i32; 2],
    pub max_surface_3d: [i32; 3],
    pub max_surface_1d_layered: [i32; 2],
    pub max_surface_2d_layered: [i32; 3],
    pub max_surface_cubemap: i32,
    pub max_surface_cubemap_layered: [i32; 2],
    pub surface_alignment: usize,
    pub concurrent_kernels: i32,
    pub ecc_enabled: i32,
    pub pci_bus_id: i32,
    pub pci_device_id: i32,
    pub pci_domain_id: i32,
    pub tcc_driver: i32,
    pub async_engine_count: i32,
    pub unified_addressing: i32,
    pub memory_clock_rate: i32,
    pub memory_bus_width: i32,
    pub l2_cache_size: i32,
    pub persisting_l2_cache_max_size: i32,
    pub max_threads_per_multi_processor: i32,
    pub stream_priorities_supported: i32,
    pub global_l1_cache_supported: i32,
    pub local_l1_cache_supported: i32,
    pub shared_mem_per_multiprocessor: usize,
    pub regs_per_multiprocessor: i32,
    pub managed_memory: i32,
    pub is_multi_gpu_board: i32,
    pub multi_gpu_board_group_id: i32,
    pub host_native_atomic_supported: i32,
    pub single_to_double_precision_perf_ratio: i32,
    pub pageable_memory_access: i32,
    pub concurrent_managed_access: i32,
    pub compute_preemption_supported: i32,
    pub can_use_host_pointer_for_registered_mem: i32,
    pub cooperative_launch: i32,
    pub cooperative_multi_device_launch: i32,
    pub shared_mem_per_block_optin: usize,
    pub pageable_memory_access_uses_host_page_tables: i32,
    pub direct_managed_mem_access_from_host: i32,
    pub max_blocks_per_multi_processor: i32,
    pub access_policy_max_window_size: i32,
    pub reserved_shared_mem_per_block: usize,
    pub host_register_supported: i32,
    pub sparse_hip_array_supported: i32,
    pub host_register_read_only_supported: i32,
    pub timeline_semaphore_interop_supported: i32,
    pub memory_pools_supported: i32,
    pub gpu_direct_rdma_supported: i32,
    pub gpu_direct_rdma_flush_writes_options: u32,
    pub gpu_direct_rdma_writes_ordering: i32,
    pub memory_pool_supported_handle_types: u32,
    pub deferred_mapping_hip_array_supported: i32,
    pub ipc_event_supported: i32,
    pub cluster_launch: i32,
    pub unified_function_pointers: i32,
    pub reserved: [i32; 63],
    pub hip_reserved: [i32; 32],
    pub gcn_arch_name: [u8; 256],
    pub max_shared_memory_per_multi_processor: usize,
    pub clock_instruction_rate: i32,
    pub arch: DeviceArch,
    pub hdp_mem_flush_cntl: *mut u32,
    pub hdp_reg_flush_cntl: *mut u32,
    pub cooperative_multi_device_unmatched_func: i32,
    pub cooperative_multi_device_unmatched_grid_dim: i32,
    pub cooperative_multi_device_unmatched_block_dim: i32,
    pub cooperative_multi_device_unmatched_shared_mem: i32,
    pub is_large_bar: i32,
    pub asic_revision: i32,
}

fn c_name<const N: usize>(s: &str) -> [u8; N] {
    let mut out = [0u8; N];
    let n = s.len().min(N - 1);
    out[..n].copy_from_slice(&s.as_bytes()[..n]);
    out
}

/// Fills a `hipDeviceProp_t` from the core's properties.
pub fn fill(p: &DeviceProperties) -> DeviceProp {
    // SAFETY: every field of DeviceProp is an integer, an integer array or a raw pointer,
    // for which all-zero is a valid value.
    let mut d: DeviceProp = unsafe { std::mem::zeroed() };
    let b = i32::from;
    d.name = c_name(&p.name);
    d.uuid = p.uuid;
    d.total_global_mem = p.total_global_mem as usize;
    d.shared_mem_per_block = p.shared_mem_per_block as usize;
    d.regs_per_block = p.regs_per_block;
    d.warp_size = p.warp_size;
    d.mem_pitch = p.mem_pitch as usize;
    d.max_threads_per_block = p.max_threads_per_block;
    d.max_threads_dim = p.max_threads_dim;
    d.max_grid_size = p.max_grid_size;
    d.clock_rate = p.clock_rate_khz;
    d.total_const_mem = p.total_const_mem as usize;
    d.major = p.major;
    d.minor = p.minor;
    d.texture_alignment = p.texture_alignment as usize;
    d.texture_pitch_alignment = p.texture_alignment as usize;
    d.device_overlap = 1;
    d.multi_processor_count = p.multi_processor_count;
    d.integrated = b(p.integrated);
    d.can_map_host_memory = b(p.can_map_host_memory);
    d.concurrent_kernels = b(p.concurrent_kernels);
    d.pci_bus_id = p.pci_bus_id;
    d.pci_device_id = p.pci_device_id;
    d.pci_domain_id = p.pci_domain_id;
    d.async_engine_count = p.async_engine_count;
    d.unified_addressing = b(p.unified_addressing);
    d.memory_clock_rate = p.memory_clock_rate_khz;
    d.memory_bus_width = p.memory_bus_width;
    d.l2_cache_size = p.l2_cache_size;
    d.max_threads_per_multi_processor = p.max_threads_per_multiprocessor;
    d.stream_priorities_supported = 1;
    d.global_l1_cache_supported = 1;
    d.local_l1_cache_supported = 1;
    d.shared_mem_per_multiprocessor = p.max_shared_memory_per_multiprocessor as usize;
    d.regs_per_multiprocessor = p.regs_per_block;
    d.managed_memory = b(p.managed_memory);
    d.host_native_atomic_supported = b(p.host_native_atomic_supported);
    d.single_to_double_precision_perf_ratio = 2;
    d.pageable_memory_access = b(p.pageable_memory_access);
    d.concurrent_managed_access = b(p.concurrent_managed_access);
    d.can_use_host_pointer_for_registered_mem = 1;
    d.cooperative_launch = b(p.cooperative_launch);
    d.cooperative_multi_device_launch = b(p.cooperative_multi_device_launch);
    // Where multi-device launches work (the CPU), their grids may differ in every respect.
    let unmatched = b(p.cooperative_multi_device_launch);
    d.cooperative_multi_device_unmatched_func = unmatched;
    d.cooperative_multi_device_unmatched_grid_dim = unmatched;
    d.cooperative_multi_device_unmatched_block_dim = unmatched;
    d.cooperative_multi_device_unmatched_shared_mem = unmatched;
    d.shared_mem_per_block_optin = p.shared_mem_per_block as usize;
    d.pageable_memory_access_uses_host_page_tables = 1;
    d.direct_managed_mem_access_from_host = 1;
    d.max_blocks_per_multi_processor = 1;
    d.host_register_supported = 1;
    d.memory_pools_supported = 1;
    // IPC events, pool export as POSIX descriptors and timeline semaphores
    // (platform/cpu/{ipc,external}.rs).
    d.ipc_event_supported = 1;
    d.memory_pool_supported_handle_types = 1;
    d.timeline_semaphore_interop_supported = 1;
    d.gcn_arch_name = c_name(&p.arch_name);
    d.max_shared_memory_per_multi_processor = p.max_shared_memory_per_multiprocessor as usize;
    // clock64() counts nanoseconds on the CPU (include/hip/cpu): 1 GHz.
    d.clock_instruction_rate = p.wall_clock_rate_khz;
    // Textures and surfaces: the software sampler's limits (the NVIDIA platform overrides).
    crate::texture::fill_cpu_limits(&mut d);
    // Everything but dynamic parallelism.
    d.arch = ARCH_ALL & !ARCH_DYNAMIC_PARALLELISM;
    d
}

/// `hipDeviceArch_t` bits (`include/hip/hip_runtime_api.h`, in declaration order): the
/// 17 capability flags, from `hasGlobalInt32Atomics` (bit 0) to `hasDynamicParallelism`.
pub const ARCH_ALL: DeviceArch = (1 << 17) - 1;
/// `hasSurfaceFuncs`
pub const ARCH_SURFACE_FUNCS: DeviceArch = 1 << 14;
/// `hasDynamicParallelism`
pub const ARCH_DYNAMIC_PARALLELISM: DeviceArch = 1 << 16;

/// `hipDeviceGetAttribute` on the CPU platform (HIP 6 `hipDeviceAttribute_t` values). Attributes that describe
/// hardware the CPU does not have (HDP registers and the like) are 0; the texture and surface
/// limits are the software sampler's ([`crate::texture`]); unknown values
/// are `hipErrorInvalidValue`.
pub fn attribute(p: &DeviceProperties, attr: u32) -> HipResult<i32> {
    let b = i32::from;
    let clamp = |v: u64| v.min(i32::MAX as u64) as i32;
    Ok(match attr {
        0 => 0,                                                 // EccEnabled
        1 => 0,                                                 // AccessPolicyMaxWindowSize
        2 => p.async_engine_count,                              // AsyncEngineCount
        3 => b(p.can_map_host_memory),                          // CanMapHostMemory
        4 => 1,                                                 // CanUseHostPointerForRegisteredMem
        5 => p.clock_rate_khz,                                  // ClockRate
        6 => 0,                                                 // ComputeMode (default)
        7 => 0,                                                 // ComputePreemptionSupported
        8 => b(p.concurrent_kernels),                           // ConcurrentKernels
        9 => b(p.concurrent_managed_access),                    // ConcurrentManagedAccess
        10 => b(p.cooperative_launch),                          // CooperativeLaunch
        11 => b(p.cooperative_multi_device_launch),             // CooperativeMultiDeviceLaunch
        12 => 1,                                                // DeviceOverlap
        13 => 1,                                                // DirectManagedMemAccessFromHost
        14 | 20 => 1,                                           // Global/LocalL1CacheSupported
        15 => b(p.host_native_atomic_supported),                // HostNativeAtomicSupported
        16 => b(p.integrated),                                  // Integrated
        17 => 0,                                                // IsMultiGpuBoard
        18 => 0,                                                // KernelExecTimeout
        19 => p.l2_cache_size,                                  // L2CacheSize
        21 | 22 => 0,                                           // Luid, LuidDeviceNodeMask
        23 => p.major,                                          // ComputeCapabilityMajor
        24 => b(p.managed_memory),                              // ManagedMemory
        25 => 1,                                                // MaxBlocksPerMultiProcessor
        26..=28 => p.max_threads_dim[(attr - 26) as usize],     // MaxBlockDimX/Y/Z
        29..=31 => p.max_grid_size[(attr - 29) as usize],       // MaxGridDimX/Y/Z
        32..=54 => crate::texture::cpu_limit_attribute(attr),   // surfaces and textures
        55 => p.max_threads_dim[0],                             // MaxThreadsDim
        56 => p.max_threads_per_block,                          // MaxThreadsPerBlock
        57 => p.max_threads_per_multiprocessor,                 // MaxThreadsPerMultiProcessor
        58 => clamp(p.mem_pitch),                               // MaxPitch
        59 => p.memory_bus_width,                               // MemoryBusWidth
        60 => p.memory_clock_rate_khz,                          // MemoryClockRate
        61 => p.minor,                                          // ComputeCapabilityMinor
        62 => 0,                                                // MultiGpuBoardGroupID
        63 => p.multi_processor_count,                          // MultiprocessorCount
        64 | 86 => return Err(HipError::InvalidValue),          // Unused1, Unused2
        65 => b(p.pageable_memory_access),                      // PageableMemoryAccess
        66 => 1,                                                // ...UsesHostPageTables
        67 => p.pci_bus_id,                                     // PciBusId
        68 => p.pci_device_id,                                  // PciDeviceId
        69 => p.pci_domain_id,                                  // PciDomainID
        70 => 0,                                                // PersistingL2CacheMaxSize
        71 | 72 => p.regs_per_block, // MaxRegistersPerBlock/Multiprocessor
        73 => 0,                     // ReservedSharedMemPerBlock
        74 | 75 => clamp(p.shared_mem_per_block), // MaxSharedMemoryPerBlock, Optin
        76 => clamp(p.max_shared_memory_per_multiprocessor), // SharedMemPerMultiprocessor
        77 => 2,                     // SingleToDoublePrecisionPerfRatio
        78 => 1,                     // StreamPrioritiesSupported
        79 => crate::texture::CPU_TEXTURE_ALIGNMENT, // SurfaceAlignment
        80 => 0,                     // TccDriver
        81 | 82 => clamp(p.texture_alignment), // Texture(Pitch)Alignment
        83 => clamp(p.total_const_mem), // TotalConstantMemory
        84 => clamp(p.total_global_mem), // TotalGlobalMem (saturates)
        85 => b(p.unified_addressing), // UnifiedAddressing
        87 => p.warp_size,           // WarpSize
        88 => 1,                     // MemoryPoolsSupported
        89 => 1,                     // VirtualMemoryManagementSupported (platform/cpu/vmm.rs)
        90 => 1,                     // HostRegisterSupported
        91 => 1,                     // MemoryPoolSupportedHandleTypes: PosixFileDescriptor
        10000 => p.clock_rate_khz,   // ClockInstructionRate
        10002 => clamp(p.max_shared_memory_per_multiprocessor), // MaxSharedMemoryPerMultiprocessor
        10005 | 10006 => 0,          // HdpMem/RegFlushCntl
        10007..=10010 => b(p.cooperative_multi_device_launch), // CooperativeMultiDeviceUnmatched*
        10011 => 0,                  // IsLargeBar
        10012 => 0,                  // AsicRevision
        10013 => 0,                  // CanUseStreamWaitValue
        10014 => 1,                  // ImageSupport (the software sampler)
        10015 => p.multi_processor_count, // PhysicalMultiProcessorCount
        10016 => 1,                  // FineGrainSupport
        10017 => p.wall_clock_rate_khz, // WallClockRate
        _ => return Err(HipError::InvalidValue),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::{offset_of, size_of};

    /// Offsets of `hipDeviceProp_tR0600` as `include/hip/hip_runtime_api.h` lays it out (LP64).
    #[test]
    fn layout_matches_header() {
        assert_eq!(size_of::<DeviceProp>(), 1472);
        assert_eq!(offset_of!(DeviceProp, uuid), 256);
        assert_eq!(offset_of!(DeviceProp, total_global_mem), 288);
        assert_eq!(offset_of!(DeviceProp, warp_size), 308);
        assert_eq!(offset_of!(DeviceProp, max_threads_per_block), 320);
        assert_eq!(offset_of!(DeviceProp, clock_rate), 348);
        assert_eq!(offset_of!(DeviceProp, multi_processor_count), 388);
        assert_eq!(offset_of!(DeviceProp, surface_alignment), 568);
        assert_eq!(offset_of!(DeviceProp, shared_mem_per_multiprocessor), 640);
        assert_eq!(offset_of!(DeviceProp, shared_mem_per_block_optin), 696);
        assert_eq!(offset_of!(DeviceProp, reserved_shared_mem_per_block), 720);
        assert_eq!(offset_of!(DeviceProp, reserved), 780);
        assert_eq!(offset_of!(DeviceProp, hip_reserved), 1032);
        assert_eq!(offset_of!(DeviceProp, gcn_arch_name), 1160);
        assert_eq!(
            offset_of!(DeviceProp, max_shared_memory_per_multi_processor),
            1416
        );
        assert_eq!(offset_of!(DeviceProp, arch), 1428);
        assert_eq!(offset_of!(DeviceProp, hdp_mem_flush_cntl), 1432);
        assert_eq!(offset_of!(DeviceProp, is_large_bar), 1464);
        assert_eq!(offset_of!(DeviceProp, asic_revision), 1468);
    }
}
