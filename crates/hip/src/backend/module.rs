//! Modules (`hipModule_t`: code objects loaded at run time, from `hipcc --genco` or
//! hiprtc) and their functions (`hipFunction_t`) and globals.
//!
//! Module and function handles are not checked the same way on every platform: the CPU's
//! are registry numbers (a bogus or unloaded one is `hipErrorInvalidHandle`), NVIDIA's are
//! the driver's own `CUmodule`/`CUfunction` (unloaded functions are detected; a bogus
//! pointer is not). Hence the `unsafe` methods: HIP's contract that a handle is one the
//! program obtained.

use std::ffi::{c_void, CStr};

use super::Handle;
use crate::error::{HipError, HipResult};

/// Modules and module functions.
pub trait ModuleBackend {
    /// `hipModuleLoad`: a code object file.
    fn module_load(&self, path: &CStr) -> HipResult<Handle>;

    /// `hipModuleLoadData`: a code object image in memory (HIP passes no size).
    ///
    /// # Safety
    /// `image` must be NULL (rejected) or a complete code object image.
    unsafe fn module_load_data(&self, image: *const c_void) -> HipResult<Handle>;

    /// `hipModuleLoadDataEx`: as [`ModuleBackend::module_load_data`], with `num_options`
    /// JIT options (`hipJitOption` keys in `options`, their values in `values`). Where
    /// nothing is compiled at load time (the CPU) the options are not read.
    ///
    /// # Safety
    /// As for [`ModuleBackend::module_load_data`]; `options` and `values` NULL or
    /// `num_options` entries each.
    unsafe fn module_load_data_ex(
        &self,
        image: *const c_void,
        num_options: u32,
        options: *const i32,
        values: *const *mut c_void,
    ) -> HipResult<Handle>;

    /// `hipModuleUnload`.
    ///
    /// # Safety
    /// `module` must be a module handle the program obtained, with no pending work using it.
    unsafe fn module_unload(&self, module: Handle) -> HipResult<()>;

    /// `hipModuleGetFunction`: `name` is the kernel's symbol name (mangled for C++).
    ///
    /// # Safety
    /// `module` must be a module handle the program obtained.
    unsafe fn module_get_function(&self, module: Handle, name: &CStr) -> HipResult<Handle>;

    /// `hipModuleGetGlobal`: (device address, size) of a global variable.
    ///
    /// # Safety
    /// As for [`ModuleBackend::module_get_function`].
    unsafe fn module_get_global(&self, module: Handle, name: &CStr) -> HipResult<(usize, usize)>;

    /// `hipModuleLaunchKernel`: arguments either as `params` (one pointer per kernel
    /// parameter) or as `extra` (HIP's `HIP_LAUNCH_PARAM_*` buffer form), not both.
    ///
    /// # Safety
    /// `function` must be a function handle the program obtained; `params` NULL or one
    /// valid pointer per kernel parameter; `extra` NULL or a valid `HIP_LAUNCH_PARAM_*`
    /// array whose buffer matches the kernel's parameters; the kernel must be sound with
    /// the arguments.
    #[allow(clippy::too_many_arguments)]
    unsafe fn module_launch_kernel(
        &self,
        function: Handle,
        grid: [u32; 3],
        block: [u32; 3],
        shared_mem: u32,
        stream: Handle,
        params: *mut *mut c_void,
        extra: *mut *mut c_void,
    ) -> HipResult<()>;

    /// `hipModuleLaunchCooperativeKernel`: as [`ModuleBackend::module_launch_kernel`] with
    /// `params`, every block resident at once (`hipErrorCooperativeLaunchTooLarge` above the
    /// occupancy API's limit).
    ///
    /// # Safety
    /// As for [`ModuleBackend::module_launch_kernel`].
    #[allow(clippy::too_many_arguments)]
    unsafe fn module_launch_cooperative(
        &self,
        function: Handle,
        grid: [u32; 3],
        block: [u32; 3],
        shared_mem: u32,
        stream: Handle,
        params: *mut *mut c_void,
    ) -> HipResult<()>;

    /// `hipModuleLaunchCooperativeKernelMultiDevice` (see
    /// `LaunchBackend::launch_cooperative_multi_device`).
    ///
    /// # Safety
    /// For each part, as for [`ModuleBackend::module_launch_cooperative`].
    unsafe fn module_launch_cooperative_multi_device(
        &self,
        parts: &[crate::backend::launch::ModuleCooperativeLaunch],
        flags: u32,
    ) -> HipResult<()> {
        let _ = (parts, flags);
        Err(HipError::NotSupported)
    }

    /// `hipFuncGetAttribute` (`hipFunction_attribute`, 0-9) of a module function.
    ///
    /// # Safety
    /// As for [`ModuleBackend::module_launch_kernel`]'s `function`.
    unsafe fn module_func_attribute(&self, function: Handle, attribute: u32) -> HipResult<i32>;

    /// `hipKernelNameRef`: a module function's name, NUL-terminated, valid while its module
    /// is loaded.
    ///
    /// # Safety
    /// As for [`ModuleBackend::module_func_attribute`].
    unsafe fn module_function_name(&self, function: Handle) -> HipResult<*const std::ffi::c_char>;

    /// `hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(WithFlags)`.
    ///
    /// # Safety
    /// As for [`ModuleBackend::module_func_attribute`] (NULL is `hipErrorInvalidHandle`).
    unsafe fn module_occupancy_max_active_blocks(
        &self,
        function: Handle,
        block_size: i32,
        dynamic_shared: usize,
        flags: u32,
    ) -> HipResult<i32>;

    /// `hipModuleOccupancyMaxPotentialBlockSize(WithFlags)`: (grid size, block size).
    ///
    /// # Safety
    /// As for [`ModuleBackend::module_occupancy_max_active_blocks`].
    unsafe fn module_occupancy_max_potential_block_size(
        &self,
        function: Handle,
        dynamic_shared: usize,
        block_size_limit: i32,
        flags: u32,
    ) -> HipResult<(i32, i32)>;
}
