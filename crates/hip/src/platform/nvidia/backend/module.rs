//! [`ModuleBackend`] for NVIDIA GPUs: modules are the driver's `CUmodule`s and functions
//! its `CUfunction`s, on the calling thread's current device ([`module`]); a function of an
//! unloaded module is detected (`hipErrorInvalidHandle`), a bogus pointer is not.

use std::ffi::{c_void, CStr};

use super::{live_stream, Nvidia};
use crate::backend::{Handle, ModuleBackend};
use crate::error::{HipError, HipResult};
use crate::platform::nvidia::{current_device, launch, module};

impl ModuleBackend for Nvidia {
    fn module_load(&self, path: &CStr) -> HipResult<Handle> {
        Ok(module::load(current_device()?, path)?.cast())
    }

    unsafe fn module_load_data(&self, image: *const c_void) -> HipResult<Handle> {
        // SAFETY: forwarded from the caller (a complete image).
        Ok(unsafe { module::load_data(current_device()?, image)? }.cast())
    }

    unsafe fn module_load_data_ex(
        &self,
        image: *const c_void,
        num_options: u32,
        options: *const i32,
        values: *const *mut c_void,
    ) -> HipResult<Handle> {
        let n = num_options as usize;
        let (opts, vals): (Vec<u32>, &[*mut c_void]) = if n == 0 {
            (Vec::new(), &[])
        } else {
            // SAFETY: `n` entries each, per the caller (NULL, impossible addresses and
            // counts beyond the mapped memory refused).
            let (options, values) = unsafe {
                (
                    ferrocm_cabi::mapped_array(options, n),
                    ferrocm_cabi::mapped_array(values, n),
                )
            };
            let (Some(options), Some(values)) = (options, values) else {
                return Err(HipError::InvalidValue);
            };
            (options.iter().map(|&o| o as u32).collect(), values)
        };
        // SAFETY: forwarded from the caller.
        Ok(unsafe { module::load_data_ex(current_device()?, image, &opts, vals)? }.cast())
    }

    unsafe fn module_unload(&self, m: Handle) -> HipResult<()> {
        // SAFETY: HIP's contract: a module the program loaded, no pending work using it.
        unsafe { module::unload(current_device()?, m.cast()) }
    }

    unsafe fn module_get_function(&self, m: Handle, name: &CStr) -> HipResult<Handle> {
        // SAFETY: HIP's contract: a module handle the program loaded.
        Ok(unsafe { module::get_function(current_device()?, m.cast(), name)? }.cast())
    }

    unsafe fn module_get_global(&self, m: Handle, name: &CStr) -> HipResult<(usize, usize)> {
        // SAFETY: HIP's contract: a module handle the program loaded.
        let (p, n) = unsafe { module::get_global(current_device()?, m.cast(), name)? };
        Ok((p as usize, n))
    }

    unsafe fn module_launch_kernel(
        &self,
        f: Handle,
        grid: [u32; 3],
        block: [u32; 3],
        shared_mem: u32,
        stream: Handle,
        params: *mut *mut c_void,
        extra: *mut *mut c_void,
    ) -> HipResult<()> {
        let (dev, s) = (current_device()?, live_stream(stream)?);
        // SAFETY: forwarded from the caller; the stream is checked.
        unsafe { launch::launch_kernel(dev, f.cast(), grid, block, shared_mem, s, params, extra) }
    }

    unsafe fn module_launch_cooperative(
        &self,
        f: Handle,
        grid: [u32; 3],
        block: [u32; 3],
        shared_mem: u32,
        stream: Handle,
        params: *mut *mut c_void,
    ) -> HipResult<()> {
        let (dev, s) = (current_device()?, live_stream(stream)?);
        // SAFETY: forwarded from the caller; the stream is checked.
        unsafe {
            launch::launch_cooperative_kernel(dev, f.cast(), grid, block, shared_mem, s, params)
        }
    }

    unsafe fn module_function_name(&self, f: Handle) -> HipResult<*const std::ffi::c_char> {
        super::ipc::require(&["cuFuncGetName"])?;
        // SAFETY: HIP's contract: a function of a module the program loaded (checked live).
        unsafe { module::function_name(f.cast()) }
    }

    unsafe fn module_func_attribute(&self, f: Handle, attribute: u32) -> HipResult<i32> {
        // SAFETY: HIP's contract: a function of a module the program loaded.
        unsafe { module::func_get_attribute(current_device()?, f.cast(), attribute) }
    }

    unsafe fn module_occupancy_max_active_blocks(
        &self,
        f: Handle,
        block_size: i32,
        dynamic_shared: usize,
        flags: u32,
    ) -> HipResult<i32> {
        if f.is_null() {
            return Err(HipError::InvalidHandle);
        }
        let dev = current_device()?;
        // SAFETY: as above.
        unsafe {
            module::occupancy_max_active_blocks(dev, f.cast(), block_size, dynamic_shared, flags)
        }
    }

    unsafe fn module_occupancy_max_potential_block_size(
        &self,
        f: Handle,
        dynamic_shared: usize,
        block_size_limit: i32,
        flags: u32,
    ) -> HipResult<(i32, i32)> {
        if f.is_null() {
            return Err(HipError::InvalidHandle);
        }
        let dev = current_device()?;
        // SAFETY: as above.
        unsafe {
            module::occupancy_max_potential_block_size(
                dev,
                f.cast(),
                dynamic_shared,
                block_size_limit,
                flags,
            )
        }
    }
}
