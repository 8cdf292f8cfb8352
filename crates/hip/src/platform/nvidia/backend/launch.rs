//! [`LaunchBackend`] for NVIDIA GPUs: kernels and variables registered by nvcc-generated
//! host code ([`registry`]), resolved per device; launches through the one runtime-API
//! launch sequence ([`launch::launch_registered`]).

use std::ffi::{c_char, c_void};

use cpu_engine::KernelDescriptor;

use super::{live_stream, Nvidia};
use crate::backend::launch::{FuncAttributes, LaunchBackend, LaunchMode};
use crate::backend::Handle;
use crate::error::{HipError, HipResult};
use crate::memory::{CopyKind, Sync};
use crate::platform::nvidia::launch;
use crate::platform::nvidia::{current_device, memory, module, registry, Function};

/// The driver function of a registered kernel on the current device.
fn registered(host_fn: *const c_void) -> HipResult<(usize, Function)> {
    let dev = current_device()?;
    Ok((dev, registry::function(dev, host_fn as usize)?))
}

impl LaunchBackend for Nvidia {
    fn function_of_symbol(&self, host_fn: *const c_void) -> HipResult<Handle> {
        // The kernel's function in the current device's context (loaded on first use).
        Ok(registered(host_fn)?.1.cast())
    }

    fn kernel_name(&self, host_fn: *const c_void) -> HipResult<*const std::ffi::c_char> {
        let name =
            registry::function_name(host_fn as usize).ok_or(HipError::InvalidDeviceFunction)?;
        crate::kernel::c_name(name.to_str().map_err(|_| HipError::InvalidDeviceFunction)?)
    }

    unsafe fn launch_kernel(
        &self,
        host_fn: *const c_void,
        grid: [u32; 3],
        block: [u32; 3],
        args: *mut *mut c_void,
        dynamic_shared: usize,
        stream: Handle,
        mode: LaunchMode,
    ) -> HipResult<()> {
        // SAFETY: forwarded from the caller.
        unsafe {
            launch::launch_registered(
                host_fn as usize,
                grid,
                block,
                args,
                dynamic_shared,
                stream,
                mode,
            )
        }
    }

    unsafe fn launch_descriptor(
        &self,
        _kd: *const KernelDescriptor,
        _name: *const c_char,
        _grid: [u32; 3],
        _block: [u32; 3],
        _dynamic_shared: usize,
        _stream: Handle,
        _kernarg: *const u8,
    ) -> HipResult<()> {
        // A CPU kernel descriptor has no GPU code: hipcc's CPU headers target the CPU
        // platform, whose registration selects it before any launch.
        Err(HipError::InvalidDeviceFunction)
    }

    fn func_attributes(&self, host_fn: *const c_void) -> HipResult<FuncAttributes> {
        let (dev, f) = registered(host_fn)?;
        // SAFETY: a function of a module the registry loaded.
        unsafe { module::func_attributes(dev, f) }
    }

    fn func_set_attribute(&self, host_fn: *const c_void, attr: u32, value: i32) -> HipResult<()> {
        let (dev, f) = registered(host_fn)?;
        // SAFETY: a function of a module the registry loaded.
        unsafe { module::func_set_attribute(dev, f, attr, value) }
    }

    fn func_set_cache_config(&self, host_fn: *const c_void, config: u32) -> HipResult<()> {
        let (dev, f) = registered(host_fn)?;
        // SAFETY: a function of a module the registry loaded.
        unsafe { module::func_set_cache_config(dev, f, config) }
    }

    fn func_set_shared_mem_config(&self, host_fn: *const c_void, config: u32) -> HipResult<()> {
        let (dev, f) = registered(host_fn)?;
        // SAFETY: a function of a module the registry loaded.
        unsafe { module::func_set_shared_mem_config(dev, f, config) }
    }

    fn occupancy_max_active_blocks(
        &self,
        host_fn: *const c_void,
        block_size: i32,
        dynamic_shared: usize,
        flags: u32,
    ) -> HipResult<i32> {
        let (dev, f) = registered(host_fn)?;
        // SAFETY: a function of a module the registry loaded (the driver-level function
        // makes HIP's argument checks).
        unsafe { module::occupancy_max_active_blocks(dev, f, block_size, dynamic_shared, flags) }
    }

    fn occupancy_max_potential_block_size(
        &self,
        host_fn: *const c_void,
        dynamic_shared: usize,
        block_size_limit: i32,
        flags: u32,
    ) -> HipResult<(i32, i32)> {
        let (dev, f) = registered(host_fn)?;
        // SAFETY: as above.
        unsafe {
            module::occupancy_max_potential_block_size(
                dev,
                f,
                dynamic_shared,
                block_size_limit,
                flags,
            )
        }
    }

    fn symbol(&self, symbol: *const c_void) -> HipResult<(usize, usize)> {
        let (p, size) = registry::variable(current_device()?, symbol as usize)?;
        Ok((p as usize, size))
    }

    unsafe fn symbol_copy(
        &self,
        dst: *mut c_void,
        src: *const c_void,
        count: usize,
        kind: CopyKind,
        stream: Handle,
        sync: Sync,
    ) -> HipResult<()> {
        let dev = current_device()?;
        // SAFETY: forwarded from the caller.
        unsafe {
            match sync {
                // Blocking symbol copies are ordered on the legacy stream, as hipMemcpy.
                Sync::Blocking => memory::memcpy(dev, dst, src, count, kind),
                Sync::Async => {
                    memory::memcpy_async(dev, dst, src, count, kind, live_stream(stream)?)
                }
            }
        }
    }
}
