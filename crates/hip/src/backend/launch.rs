//! Kernels the program registered (named by their host function): launches, function
//! attributes, occupancy, and the program's device symbols (`__device__`/`__constant__`
//! variables named by their host shadow).

use std::ffi::{c_char, c_void};

use cpu_engine::KernelDescriptor;

use super::Handle;
use crate::error::{HipError, HipResult};
use crate::memory::{CopyKind, Sync};

/// `hipFuncAttributes`, as `hipFuncGetAttributes` reports it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FuncAttributes {
    /// SASS version (major * 10 + minor); 0 on the CPU.
    pub binary_version: i32,
    /// Compiled with `-Xptxas --dlcm=ca` (NVIDIA); 0 on the CPU.
    pub cache_mode_ca: i32,
    /// User constant memory.
    pub const_size_bytes: usize,
    /// Local (private) memory per work-item.
    pub local_size_bytes: usize,
    /// Largest dynamic shared memory a launch may ask for.
    pub max_dynamic_shared_size_bytes: i32,
    /// The largest block this function launches.
    pub max_threads_per_block: i32,
    /// Registers per thread; 0 on the CPU.
    pub num_regs: i32,
    /// Shared memory carveout preference (-1: none).
    pub preferred_shmem_carveout: i32,
    /// PTX virtual architecture (major * 10 + minor); 0 on the CPU.
    pub ptx_version: i32,
    /// Static shared memory per block.
    pub shared_size_bytes: usize,
}

/// How a runtime-API launch runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LaunchMode {
    /// `hipLaunchKernel`, `<<<>>>`.
    Normal,
    /// `hipLaunchCooperativeKernel`: every block resident at once, so that grid-wide
    /// synchronisation works (`hipErrorNotSupported` where that cannot be guaranteed).
    Cooperative,
}

/// One device's part of `hipLaunchCooperativeKernelMultiDevice` (a `hipLaunchParams`).
#[derive(Debug, Clone, Copy)]
pub struct CooperativeLaunch {
    /// The kernel's host function.
    pub host_fn: *const c_void,
    /// Blocks per dimension.
    pub grid: [u32; 3],
    /// Threads per block and dimension.
    pub block: [u32; 3],
    /// One pointer per kernel parameter.
    pub args: *mut *mut c_void,
    /// Dynamic shared memory per block.
    pub dynamic_shared: usize,
    /// A stream of the device this part runs on.
    pub stream: Handle,
}

/// One device's part of `hipModuleLaunchCooperativeKernelMultiDevice` (a
/// `hipFunctionLaunchParams`).
#[derive(Debug, Clone, Copy)]
pub struct ModuleCooperativeLaunch {
    /// A function of a loaded module.
    pub function: Handle,
    /// Blocks per dimension.
    pub grid: [u32; 3],
    /// Threads per block and dimension.
    pub block: [u32; 3],
    /// Dynamic shared memory per block.
    pub shared_mem: u32,
    /// A stream of the device this part runs on.
    pub stream: Handle,
    /// One pointer per kernel parameter.
    pub params: *mut *mut c_void,
}

/// `hipCooperativeLaunchMultiDeviceNoPreSync`: the launches do not wait for the work
/// queued before them on the other devices' streams.
pub const MULTI_DEVICE_NO_PRE_SYNC: u32 = 0x01;
/// `hipCooperativeLaunchMultiDeviceNoPostSync`: later work on each stream does not wait
/// for the kernels of the other devices.
pub const MULTI_DEVICE_NO_POST_SYNC: u32 = 0x02;

/// HIP's checks of a multi-device cooperative launch made before any part is looked at: a
/// list of at least one part and at most one per device, and only the two flags HIP
/// defines (`hipErrorInvalidValue` otherwise).
pub fn check_multi_device_args(parts: usize, device_count: usize, flags: u32) -> HipResult<()> {
    if parts == 0 || parts > device_count {
        return Err(HipError::InvalidValue);
    }
    if flags & !(MULTI_DEVICE_NO_PRE_SYNC | MULTI_DEVICE_NO_POST_SYNC) != 0 {
        return Err(HipError::InvalidValue);
    }
    Ok(())
}

/// `hipOccupancyDefault` / `hipOccupancyDisableCachingOverride`: the only flags HIP defines.
const OCCUPANCY_MAX_FLAGS: u32 = 1;

/// HIP's argument checks of `hipOccupancyMaxActiveBlocksPerMultiprocessor*` (made after the
/// kernel is found, on every platform): unknown flags or a block size of 0 or less are
/// `hipErrorInvalidValue`.
pub fn check_active_blocks_args(block_size: i32, flags: u32) -> HipResult<()> {
    if flags > OCCUPANCY_MAX_FLAGS || block_size <= 0 {
        return Err(HipError::InvalidValue);
    }
    Ok(())
}

/// The same for `hipOccupancyMaxPotentialBlockSize*` (a negative limit is invalid; 0 means
/// none).
pub fn check_potential_block_size_args(block_size_limit: i32, flags: u32) -> HipResult<()> {
    if flags > OCCUPANCY_MAX_FLAGS || block_size_limit < 0 {
        return Err(HipError::InvalidValue);
    }
    Ok(())
}

/// Kernels of the program and its device symbols. A kernel is named by its host function
/// (the address `hipLaunchKernel` and `<<<>>>` pass), registered by the compiler's static
/// initialisers: hipcc's (`__ferrocmRegisterFunction`) on the CPU, nvcc's
/// (`__cudaRegisterFunction`) on NVIDIA. Configuration errors are the runtime API's:
/// `hipErrorInvalidConfiguration` for a zero or oversized grid or block.
pub trait LaunchBackend {
    /// `hipLaunchKernel` (and nvcc's `__cudaLaunchKernel`/`cudaLaunchKernel`) and
    /// `hipLaunchCooperativeKernel`: the kernel registered for `host_fn` on the current
    /// device, arguments as `kernelParams`.
    ///
    /// # Safety
    /// `args` must hold one valid pointer per kernel parameter, each to a value of the
    /// parameter's type, and the kernel must be sound with them.
    #[allow(clippy::too_many_arguments)]
    unsafe fn launch_kernel(
        &self,
        host_fn: *const c_void,
        grid: [u32; 3],
        block: [u32; 3],
        args: *mut *mut c_void,
        dynamic_shared: usize,
        stream: Handle,
        mode: LaunchMode,
    ) -> HipResult<()>;

    /// `hipLaunchCooperativeKernelMultiDevice`: one cooperative grid per device (the streams'
    /// devices are distinct), all resident at once, so that the kernels may synchronise
    /// every grid together (`multi_grid_group::sync`). `flags`: `MULTI_DEVICE_NO_*_SYNC`.
    /// Platforms without it report `hipDeviceAttributeCooperativeMultiDeviceLaunch` 0 and
    /// refuse it.
    ///
    /// # Safety
    /// For each part, as for [`LaunchBackend::launch_kernel`].
    unsafe fn launch_cooperative_multi_device(
        &self,
        parts: &[CooperativeLaunch],
        flags: u32,
    ) -> HipResult<()> {
        let _ = (parts, flags);
        Err(HipError::NotSupported)
    }

    /// `__ferrocmLaunchKernel`, the launch entry point of hipcc's CPU headers: a kernel
    /// descriptor compiled into the program and its packed kernarg block
    /// (`kd->kernarg_segment_size` bytes). CPU code only: another platform refuses it.
    ///
    /// # Safety
    /// `kd` must be a descriptor generated by the HIP headers (static, valid forever),
    /// `name` NULL or NUL-terminated, `kernarg` readable for the descriptor's kernarg size.
    #[allow(clippy::too_many_arguments)]
    unsafe fn launch_descriptor(
        &self,
        kd: *const KernelDescriptor,
        name: *const c_char,
        grid: [u32; 3],
        block: [u32; 3],
        dynamic_shared: usize,
        stream: Handle,
        kernarg: *const u8,
    ) -> HipResult<()>;

    /// `hipFuncGetAttributes`.
    fn func_attributes(&self, host_fn: *const c_void) -> HipResult<FuncAttributes>;
    /// `hipKernelNameRefByPtr`: the kernel's name as the device code names it (its
    /// mangled name), NUL-terminated, valid while the kernel stays registered.
    fn kernel_name(&self, host_fn: *const c_void) -> HipResult<*const std::ffi::c_char>;
    /// `hipGetFuncBySymbol`: the `hipFunction_t` of the kernel whose host function is
    /// `host_fn`, usable with the module launch and attribute calls (on the current device).
    fn function_of_symbol(&self, host_fn: *const c_void) -> HipResult<Handle>;
    /// `hipFuncSetAttribute`: `hipFuncAttributeMaxDynamicSharedMemorySize` (8) and
    /// `hipFuncAttributePreferredSharedMemoryCarveout` (9).
    fn func_set_attribute(&self, host_fn: *const c_void, attr: u32, value: i32) -> HipResult<()>;
    /// `hipFuncSetCacheConfig` (`hipFuncCache_t`, 0-3).
    fn func_set_cache_config(&self, host_fn: *const c_void, config: u32) -> HipResult<()>;
    /// `hipFuncSetSharedMemConfig` (`hipSharedMemConfig`, 0-2).
    fn func_set_shared_mem_config(&self, host_fn: *const c_void, config: u32) -> HipResult<()>;

    /// `hipOccupancyMaxActiveBlocksPerMultiprocessor(WithFlags)`: blocks of `block_size`
    /// work-items one multiprocessor holds at once.
    fn occupancy_max_active_blocks(
        &self,
        host_fn: *const c_void,
        block_size: i32,
        dynamic_shared: usize,
        flags: u32,
    ) -> HipResult<i32>;
    /// `hipOccupancyMaxPotentialBlockSize`: (grid size that fills the device, block size
    /// with the best occupancy).
    fn occupancy_max_potential_block_size(
        &self,
        host_fn: *const c_void,
        dynamic_shared: usize,
        block_size_limit: i32,
        flags: u32,
    ) -> HipResult<(i32, i32)>;

    /// (device address, size) of the device variable whose host shadow is `symbol`
    /// (`hipErrorInvalidSymbol` if none), on the current device.
    fn symbol(&self, symbol: *const c_void) -> HipResult<(usize, usize)>;

    /// The copy of `hipMemcpyToSymbol(Async)` / `hipMemcpyFromSymbol(Async)` once the
    /// symbol's range is checked: blocking (ordered on the null stream) or on `stream`.
    ///
    /// # Safety
    /// Both ranges must be valid for `count` bytes (until the copy has run, if async).
    unsafe fn symbol_copy(
        &self,
        dst: *mut c_void,
        src: *const c_void,
        count: usize,
        kind: CopyKind,
        stream: Handle,
        sync: Sync,
    ) -> HipResult<()>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multi_device_lists_are_checked_as_hip_does() {
        assert_eq!(check_multi_device_args(2, 2, 0), Ok(()));
        assert_eq!(
            check_multi_device_args(1, 4, MULTI_DEVICE_NO_PRE_SYNC | MULTI_DEVICE_NO_POST_SYNC),
            Ok(())
        );
        assert_eq!(
            check_multi_device_args(0, 2, 0),
            Err(HipError::InvalidValue)
        );
        assert_eq!(
            check_multi_device_args(3, 2, 0),
            Err(HipError::InvalidValue)
        );
        assert_eq!(
            check_multi_device_args(1, 2, 4),
            Err(HipError::InvalidValue)
        );
    }
}
