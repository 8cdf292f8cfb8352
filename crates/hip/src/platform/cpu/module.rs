//! [`ModuleBackend`] for the CPU platform: modules are CPU code objects loaded into HSA
//! executables ([`crate::module`]); handles are registry numbers, so a bogus or unloaded
//! one is `hipErrorInvalidHandle`.

use std::ffi::{c_void, CStr};

use super::launch::{
    attributes, clamp_int, current_properties, max_active_blocks, max_potential_block_size,
};
use super::{cooperative, Cpu};
use crate::backend::launch::ModuleCooperativeLaunch;
use crate::backend::{Handle, ModuleBackend};
use crate::error::{HipError, HipResult};
use crate::module::{Function, Module};
use crate::stream::resolve;

/// Size of the code object at `image`, read from its ELF header (the end of the section
/// header table): `hipModuleLoadData` passes no size.
///
/// # Safety
/// `image` must point to a complete ELF image.
unsafe fn elf_image_len(image: *const u8) -> HipResult<usize> {
    // SAFETY: the caller promises a complete image; the 64-byte ELF header comes first.
    let header = unsafe { std::slice::from_raw_parts(image, 64) };
    if &header[..4] != b"\x7fELF" || header[4] != 2 {
        return Err(HipError::InvalidImage);
    }
    let u64_at = |o: usize| u64::from_le_bytes(header[o..o + 8].try_into().unwrap_or([0; 8]));
    let u16_at = |o: usize| u16::from_le_bytes([header[o], header[o + 1]]);
    let shoff = u64_at(0x28);
    let shentsize = u64::from(u16_at(0x3a));
    let shnum = u64::from(u16_at(0x3c));
    let end = shoff
        .checked_add(shentsize * shnum)
        .ok_or(HipError::InvalidImage)?;
    usize::try_from(end.max(64)).map_err(|_| HipError::InvalidImage)
}

/// A name as UTF-8 (symbol names are; anything else is `hipErrorInvalidValue`).
fn utf8(name: &CStr) -> HipResult<&str> {
    name.to_str().map_err(|_| HipError::InvalidValue)
}

/// A module function by handle.
fn function(f: Handle) -> HipResult<std::sync::Arc<Function>> {
    Function::lookup(f as u64)
}

impl ModuleBackend for Cpu {
    fn module_load(&self, path: &CStr) -> HipResult<Handle> {
        let m = Module::load(std::path::Path::new(utf8(path)?))?;
        Ok(m.handle as Handle)
    }

    unsafe fn module_load_data(&self, image: *const c_void) -> HipResult<Handle> {
        if image.is_null() {
            return Err(HipError::InvalidValue);
        }
        // SAFETY: forwarded from the caller (a complete image).
        let len = unsafe { elf_image_len(image.cast())? };
        // SAFETY: the image is `len` bytes long per its own header.
        let bytes = unsafe { std::slice::from_raw_parts(image.cast::<u8>(), len) };
        Ok(Module::load_data(bytes)?.handle as Handle)
    }

    unsafe fn module_load_data_ex(
        &self,
        image: *const c_void,
        _num_options: u32,
        _options: *const i32,
        _values: *const *mut c_void,
    ) -> HipResult<Handle> {
        // Nothing is compiled at load time on the CPU: the JIT options have no effect.
        // SAFETY: forwarded from the caller.
        unsafe { self.module_load_data(image) }
    }

    unsafe fn module_unload(&self, module: Handle) -> HipResult<()> {
        Module::unload(module as u64)
    }

    unsafe fn module_get_function(&self, module: Handle, name: &CStr) -> HipResult<Handle> {
        let name = utf8(name)?;
        let f = Module::lookup(module as u64)?.function(name)?;
        Ok(f.handle as Handle)
    }

    unsafe fn module_get_global(&self, module: Handle, name: &CStr) -> HipResult<(usize, usize)> {
        let name = utf8(name)?;
        Module::lookup(module as u64)?.global(name)
    }

    unsafe fn module_launch_kernel(
        &self,
        function: Handle,
        grid: [u32; 3],
        block: [u32; 3],
        shared_mem: u32,
        stream: Handle,
        params: *mut *mut c_void,
        extra: *mut *mut c_void,
    ) -> HipResult<()> {
        let f = Function::lookup(function as u64)?;
        let k = &f.kernel;
        // SAFETY: forwarded from the caller.
        let args = unsafe { k.pack_module_args(params, extra)? };
        let s = resolve(stream as u64)?;
        k.enqueue(grid, block, shared_mem as usize, &s, &args)
    }

    unsafe fn module_launch_cooperative(
        &self,
        function: Handle,
        grid: [u32; 3],
        block: [u32; 3],
        shared_mem: u32,
        stream: Handle,
        params: *mut *mut c_void,
    ) -> HipResult<()> {
        let f = Function::lookup(function as u64)?;
        let k = &f.kernel;
        // SAFETY: forwarded from the caller.
        let args = unsafe { k.pack_module_args(params, std::ptr::null_mut())? };
        let s = resolve(stream as u64)?;
        k.enqueue_cooperative(
            grid,
            block,
            shared_mem as usize,
            &s,
            &args,
            cpu_engine::Cooperative::default(),
        )
    }

    unsafe fn module_launch_cooperative_multi_device(
        &self,
        parts: &[ModuleCooperativeLaunch],
        flags: u32,
    ) -> HipResult<()> {
        cooperative::check_list(parts.len(), flags)?;
        let functions = parts
            .iter()
            .map(|p| Function::lookup(p.function as u64))
            .collect::<HipResult<Vec<_>>>()?;
        let mut seen = Vec::with_capacity(parts.len());
        let mut resolved = Vec::with_capacity(parts.len());
        for (p, f) in parts.iter().zip(&functions) {
            let stream = cooperative::part_stream(p.stream as u64, &mut seen)?;
            // SAFETY: forwarded from the caller.
            let args = unsafe { f.kernel.pack_module_args(p.params, std::ptr::null_mut())? };
            resolved.push(cooperative::Part {
                kernel: &f.kernel,
                grid: p.grid,
                block: p.block,
                dynamic_shared: p.shared_mem as usize,
                stream,
                args,
            });
        }
        cooperative::launch_multi(&resolved, flags)
    }

    unsafe fn module_function_name(&self, function: Handle) -> HipResult<*const std::ffi::c_char> {
        crate::kernel::c_name(&Function::lookup(function as u64)?.kernel.name)
    }

    unsafe fn module_func_attribute(&self, function: Handle, attribute: u32) -> HipResult<i32> {
        let f = Function::lookup(function as u64)?;
        let a = attributes(&f.kernel, current_properties()?);
        Ok(match attribute {
            0 => a.max_threads_per_block,               // MAX_THREADS_PER_BLOCK
            1 => clamp_int(a.shared_size_bytes as u64), // SHARED_SIZE_BYTES
            2 => 0,                                     // CONST_SIZE_BYTES
            3 => f.kernel.private_segment_size as i32,  // LOCAL_SIZE_BYTES
            4 => 0,                                     // NUM_REGS
            5 | 6 => 0,                                 // PTX/BINARY_VERSION
            7 => 0,                                     // CACHE_MODE_CA
            8 => a.max_dynamic_shared_size_bytes,       // MAX_DYNAMIC_SHARED_SIZE_BYTES
            9 => a.preferred_shmem_carveout,            // PREFERRED_SHARED_MEMORY_CARVEOUT
            _ => return Err(HipError::InvalidValue),
        })
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
        max_active_blocks(&function(f)?.kernel, block_size, dynamic_shared, flags)
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
        max_potential_block_size(
            &function(f)?.kernel,
            dynamic_shared,
            block_size_limit,
            flags,
        )
    }
}
