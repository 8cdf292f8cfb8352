//! The module API: code objects loaded at run time (`hipcc --genco`, hiprtc, cubins on
//! NVIDIA): argument marshalling over [`hip::backend`]'s `ModuleBackend`.

use std::ffi::{c_char, c_int, c_uint, c_void};

use hip::backend::launch::ModuleCooperativeLaunch;
use hip::HipResult;

use crate::entry::{non_null, write_out};
use crate::stream::StreamT;

pub type ModuleT = *mut c_void;
pub type FunctionT = *mut c_void;

use crate::entry::c_str;

/// # Safety
/// `module` must be NULL or writable; `path` NULL or NUL-terminated.
pub unsafe fn hipModuleLoad(module: *mut ModuleT, path: *const c_char) -> HipResult<()> {
    non_null(module)?;
    // SAFETY: forwarded from the caller.
    let path = unsafe { c_str(path)? };
    // An empty name is a bad argument, not a missing file (ROCm: hipErrorInvalidValue).
    if path.is_empty() {
        return Err(hip::HipError::InvalidValue);
    }
    let m = hip::backend().module_load(path)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(module, m) }
}

/// # Safety
/// `module` must be NULL or writable; `image` NULL or a complete code object image.
pub unsafe fn hipModuleLoadData(module: *mut ModuleT, image: *const c_void) -> HipResult<()> {
    non_null(module)?;
    crate::entry::usable(image)?;
    // SAFETY: forwarded from the caller.
    let m = unsafe { hip::backend().module_load_data(image)? };
    // SAFETY: forwarded from the caller.
    unsafe { write_out(module, m) }
}

/// # Safety
/// As for [`hipModuleLoadData`]; `options` and `values` NULL or `num_options` entries each.
/// The JIT options are not used on the CPU; on NVIDIA they go to the driver.
pub unsafe fn hipModuleLoadDataEx(
    module: *mut ModuleT,
    image: *const c_void,
    num_options: c_uint,
    options: *mut c_int,
    values: *mut *mut c_void,
) -> HipResult<()> {
    non_null(module)?;
    crate::entry::usable(image)?;
    // SAFETY: forwarded from the caller.
    let m = unsafe {
        hip::backend().module_load_data_ex(image, num_options, options, values.cast_const())?
    };
    // SAFETY: forwarded from the caller.
    unsafe { write_out(module, m) }
}

pub fn hipModuleUnload(module: ModuleT) -> HipResult<()> {
    // SAFETY: HIP's contract: a module the program loaded, no pending work using it.
    unsafe { hip::backend().module_unload(module) }
}

/// # Safety
/// `function` must be NULL or writable; `name` NULL or NUL-terminated.
pub unsafe fn hipModuleGetFunction(
    function: *mut FunctionT,
    module: ModuleT,
    name: *const c_char,
) -> HipResult<()> {
    non_null(function)?;
    // SAFETY: forwarded from the caller; HIP's contract: a module the program loaded.
    let f = unsafe { hip::backend().module_get_function(module, c_str(name)?)? };
    // SAFETY: forwarded from the caller.
    unsafe { write_out(function, f) }
}

/// # Safety
/// `ptr`/`size` must be NULL or writable (either may be NULL); `name` NUL-terminated.
pub unsafe fn hipModuleGetGlobal(
    ptr: *mut *mut c_void,
    size: *mut usize,
    module: ModuleT,
    name: *const c_char,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller; HIP's contract: a module the program loaded.
    let (address, bytes) = unsafe { hip::backend().module_get_global(module, c_str(name)?)? };
    if crate::entry::given(ptr)? {
        // SAFETY: non-null, writable per the caller.
        unsafe { ptr.write_unaligned(address as *mut c_void) };
    }
    if crate::entry::given(size)? {
        // SAFETY: as above.
        unsafe { size.write_unaligned(bytes) };
    }
    Ok(())
}

/// # Safety
/// `kernel_params` must hold one pointer per parameter, or `extra` be a valid array.
#[allow(clippy::too_many_arguments)]
pub unsafe fn hipModuleLaunchKernel(
    function: FunctionT,
    grid_x: c_uint,
    grid_y: c_uint,
    grid_z: c_uint,
    block_x: c_uint,
    block_y: c_uint,
    block_z: c_uint,
    shared_mem: c_uint,
    stream: StreamT,
    kernel_params: *mut *mut c_void,
    extra: *mut *mut c_void,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe {
        hip::backend().module_launch_kernel(
            function,
            [grid_x, grid_y, grid_z],
            [block_x, block_y, block_z],
            shared_mem,
            stream,
            kernel_params,
            extra,
        )
    }
}

/// `hipModuleLaunchCooperativeKernel`: every block resident at once, so that grid-wide
/// synchronisation works.
///
/// # Safety
/// As for [`hipModuleLaunchKernel`] with `kernel_params`.
#[allow(clippy::too_many_arguments)]
pub unsafe fn hipModuleLaunchCooperativeKernel(
    function: FunctionT,
    grid_x: c_uint,
    grid_y: c_uint,
    grid_z: c_uint,
    block_x: c_uint,
    block_y: c_uint,
    block_z: c_uint,
    shared_mem: c_uint,
    stream: StreamT,
    kernel_params: *mut *mut c_void,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe {
        hip::backend().module_launch_cooperative(
            function,
            [grid_x, grid_y, grid_z],
            [block_x, block_y, block_z],
            shared_mem,
            stream,
            kernel_params,
        )
    }
}

/// `hipFunctionLaunchParams`: one device's part of
/// `hipModuleLaunchCooperativeKernelMultiDevice`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct FunctionLaunchParams {
    pub function: FunctionT,
    pub grid_dim: [c_uint; 3],
    pub block_dim: [c_uint; 3],
    pub shared_mem_bytes: c_uint,
    pub stream: StreamT,
    pub kernel_params: *mut *mut c_void,
}

/// `hipModuleLaunchCooperativeKernelMultiDevice`.
///
/// # Safety
/// `list` must be NULL or hold `num_devices` `hipFunctionLaunchParams`, each as for
/// [`hipModuleLaunchCooperativeKernel`].
pub unsafe fn hipModuleLaunchCooperativeKernelMultiDevice(
    list: *mut c_void,
    num_devices: c_uint,
    flags: c_uint,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    let parts = unsafe {
        crate::launch::parts_of(
            list.cast::<FunctionLaunchParams>().cast_const(),
            num_devices.into(),
        )?
    };
    let parts: Vec<ModuleCooperativeLaunch> = parts
        .iter()
        .map(|p| ModuleCooperativeLaunch {
            function: p.function,
            grid: p.grid_dim,
            block: p.block_dim,
            shared_mem: p.shared_mem_bytes,
            stream: p.stream,
            params: p.kernel_params,
        })
        .collect();
    // SAFETY: forwarded from the caller.
    unsafe { hip::backend().module_launch_cooperative_multi_device(&parts, flags) }
}

/// # Safety
/// `value` must be NULL or writable.
pub unsafe fn hipFuncGetAttribute(
    value: *mut c_int,
    attribute: c_uint,
    function: FunctionT,
) -> HipResult<()> {
    crate::entry::usable(value)?;
    // SAFETY: HIP's contract: a function of a module the program loaded.
    let v = unsafe { hip::backend().module_func_attribute(function, attribute)? };
    // SAFETY: forwarded from the caller.
    unsafe { write_out(value, v) }
}

/// `hipKernelNameRef(f)`: the module function's (mangled) name, NULL for a NULL, unknown or
/// unloaded function (the error is also the thread's last error).
pub fn hipKernelNameRef(f: FunctionT) -> *const c_char {
    let name = crate::entry::non_null(f).and_then(|()| {
        // SAFETY: checked non-NULL; the backend refuses functions it does not know.
        unsafe { hip::backend().module_function_name(f) }
    });
    name.unwrap_or_else(|e| {
        crate::entry::set_last_error(e.code());
        std::ptr::null()
    })
}
