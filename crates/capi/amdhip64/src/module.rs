//! The module API: code objects from `hipcc --genco` / hiprtc.

use std::ffi::{c_char, c_int, c_uint, c_void, CStr};

use hip::module::{Function, Module};
use hip::platform::nvidia::{launch as nvlaunch, module as nvmodule};
use hip::stream::resolve;
use hip::{HipError, HipResult};

use crate::entry::{non_null, write_out};
use crate::launch::clamp_int;
use crate::nv;
use crate::stream::StreamT;

pub type ModuleT = *mut c_void;
pub type FunctionT = *mut c_void;

/// # Safety
/// `s` must be NULL (rejected) or NUL-terminated.
unsafe fn c_str<'a>(s: *const c_char) -> HipResult<&'a str> {
    non_null(s)?;
    // SAFETY: forwarded from the caller.
    unsafe { CStr::from_ptr(s) }
        .to_str()
        .map_err(|_| HipError::InvalidValue)
}

/// # Safety
/// `module` must be NULL or writable; `path` NULL or NUL-terminated.
pub unsafe fn hipModuleLoad(module: *mut ModuleT, path: *const c_char) -> HipResult<()> {
    non_null(module)?;
    if nv::active() {
        non_null(path)?;
        // SAFETY: forwarded from the caller (NUL-terminated).
        let path = unsafe { CStr::from_ptr(path) };
        let m = nvmodule::load(nv::device()?, path)?;
        // SAFETY: forwarded from the caller.
        return unsafe { write_out(module, m.cast()) };
    }
    // SAFETY: forwarded from the caller.
    let path = unsafe { c_str(path)? };
    let m = Module::load(std::path::Path::new(path))?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(module, m.handle as ModuleT) }
}

/// Size of the code object at `image`, read from its ELF header (section header table end).
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

/// # Safety
/// `module` must be NULL or writable; `image` NULL or a complete code object image.
pub unsafe fn hipModuleLoadData(module: *mut ModuleT, image: *const c_void) -> HipResult<()> {
    non_null(module)?;
    non_null(image)?;
    if nv::active() {
        // SAFETY: forwarded from the caller (a complete image).
        let m = unsafe { nvmodule::load_data(nv::device()?, image)? };
        // SAFETY: forwarded from the caller.
        return unsafe { write_out(module, m.cast()) };
    }
    // HIP passes no size: the ELF header says how long the image is.
    // SAFETY: forwarded from the caller.
    let len = unsafe { elf_image_len(image.cast())? };
    // SAFETY: the image is `len` bytes long per its own header.
    let bytes = unsafe { std::slice::from_raw_parts(image.cast::<u8>(), len) };
    let m = Module::load_data(bytes)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(module, m.handle as ModuleT) }
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
    if nv::active() {
        non_null(module)?;
        let n = num_options as usize;
        let (opts, vals): (Vec<u32>, &[*mut c_void]) = if n == 0 {
            (Vec::new(), &[])
        } else {
            non_null(options)?;
            non_null(values)?;
            // SAFETY: `n` entries each, per the caller.
            unsafe {
                (
                    std::slice::from_raw_parts(options, n)
                        .iter()
                        .map(|&o| o as u32)
                        .collect(),
                    std::slice::from_raw_parts(values, n),
                )
            }
        };
        // SAFETY: forwarded from the caller.
        let m = unsafe { nvmodule::load_data_ex(nv::device()?, image, &opts, vals)? };
        // SAFETY: forwarded from the caller.
        return unsafe { write_out(module, m.cast()) };
    }
    // SAFETY: forwarded from the caller.
    unsafe { hipModuleLoadData(module, image) }
}

pub fn hipModuleUnload(module: ModuleT) -> HipResult<()> {
    if nv::active() {
        // SAFETY: HIP's contract: a module the program loaded, no pending work using it.
        return unsafe { nvmodule::unload(nv::device()?, nv::module(module)) };
    }
    Module::unload(module as u64)
}

/// # Safety
/// `function` must be NULL or writable; `name` NULL or NUL-terminated.
pub unsafe fn hipModuleGetFunction(
    function: *mut FunctionT,
    module: ModuleT,
    name: *const c_char,
) -> HipResult<()> {
    non_null(function)?;
    if nv::active() {
        non_null(name)?;
        // SAFETY: forwarded from the caller (NUL-terminated).
        let name = unsafe { CStr::from_ptr(name) };
        // SAFETY: HIP's contract: a module handle the program loaded.
        let f = unsafe { nvmodule::get_function(nv::device()?, nv::module(module), name)? };
        // SAFETY: forwarded from the caller.
        return unsafe { write_out(function, f.cast()) };
    }
    // SAFETY: forwarded from the caller.
    let name = unsafe { c_str(name)? };
    let m = Module::lookup(module as u64)?;
    let f = m.function(name)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(function, f.handle as FunctionT) }
}

/// # Safety
/// `ptr`/`size` must be NULL or writable (either may be NULL); `name` NUL-terminated.
pub unsafe fn hipModuleGetGlobal(
    ptr: *mut *mut c_void,
    size: *mut usize,
    module: ModuleT,
    name: *const c_char,
) -> HipResult<()> {
    let (address, bytes) = if nv::active() {
        non_null(name)?;
        // SAFETY: forwarded from the caller (NUL-terminated).
        let name = unsafe { CStr::from_ptr(name) };
        // SAFETY: HIP's contract: a module handle the program loaded.
        let (p, n) = unsafe { nvmodule::get_global(nv::device()?, nv::module(module), name)? };
        (p as usize, n)
    } else {
        // SAFETY: forwarded from the caller.
        let name = unsafe { c_str(name)? };
        let m = Module::lookup(module as u64)?;
        m.global(name)?
    };
    if !ptr.is_null() {
        // SAFETY: non-null, writable per the caller.
        unsafe { ptr.write_unaligned(address as *mut c_void) };
    }
    if !size.is_null() {
        // SAFETY: as above.
        unsafe { size.write_unaligned(bytes) };
    }
    Ok(())
}

/// `HIP_LAUNCH_PARAM_*` markers of the `extra` array.
const PARAM_BUFFER_POINTER: usize = 1;
const PARAM_BUFFER_SIZE: usize = 2;
const PARAM_END: usize = 3;

/// Packs the `extra` form: `{BUFFER_POINTER, buf, BUFFER_SIZE, &size, END}`.
///
/// # Safety
/// `extra` must be a well-formed, END-terminated array whose buffer is readable.
pub(crate) unsafe fn pack_extra(
    kernel: &hip::Kernel,
    extra: *mut *mut c_void,
) -> HipResult<Vec<u8>> {
    let (mut buf, mut size): (*const u8, Option<usize>) = (std::ptr::null(), None);
    let mut i = 0;
    loop {
        // SAFETY: the caller promises an END-terminated array of pairs.
        let key = unsafe { *extra.add(i) } as usize;
        match key {
            PARAM_END => break,
            // SAFETY: as above (value follows its key).
            PARAM_BUFFER_POINTER => buf = unsafe { *extra.add(i + 1) } as *const u8,
            PARAM_BUFFER_SIZE => {
                // SAFETY: as above; the value points to a size_t.
                let p = unsafe { *extra.add(i + 1) } as *const usize;
                non_null(p)?;
                // SAFETY: checked non-null; readable per the caller.
                size = Some(unsafe { p.read_unaligned() });
            }
            _ => return Err(HipError::InvalidValue),
        }
        i += 2;
        if i > 64 {
            return Err(HipError::InvalidValue);
        }
    }
    let size = size.ok_or(HipError::InvalidValue)?;
    let mut block = vec![0u8; kernel.kernarg_size as usize];
    if size < kernel.explicit_size as usize || size > block.len() {
        return Err(HipError::InvalidValue);
    }
    if size > 0 {
        non_null(buf)?;
        // SAFETY: the caller's buffer holds `size` bytes; `block` is at least that long.
        unsafe { std::ptr::copy_nonoverlapping(buf, block.as_mut_ptr(), size) };
    }
    Ok(block)
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
    if nv::active() {
        let (dev, f, s) = (
            nv::device()?,
            nv::function(function),
            nv::live_stream(stream)?,
        );
        // SAFETY: forwarded from the caller.
        return unsafe {
            nvlaunch::launch_kernel(
                dev,
                f,
                [grid_x, grid_y, grid_z],
                [block_x, block_y, block_z],
                shared_mem,
                s,
                kernel_params,
                extra,
            )
        };
    }
    let f = Function::lookup(function as u64)?;
    let k = &f.kernel;
    let args = match (kernel_params.is_null(), extra.is_null()) {
        (false, false) => return Err(HipError::InvalidValue),
        // SAFETY: forwarded from the caller.
        (true, false) => unsafe { pack_extra(k, extra)? },
        // SAFETY: forwarded from the caller.
        (false, true) => unsafe { k.pack_params(kernel_params as *const *const u8)? },
        (true, true) => {
            if k.explicit_size > 0 {
                return Err(HipError::InvalidValue);
            }
            vec![0u8; k.kernarg_size as usize]
        }
    };
    let s = resolve(stream as u64)?;
    k.launch(
        [grid_x, grid_y, grid_z],
        [block_x, block_y, block_z],
        shared_mem as usize,
        &s,
        &args,
    )
}

/// # Safety
/// `value` must be NULL or writable.
pub unsafe fn hipFuncGetAttribute(
    value: *mut c_int,
    attribute: c_uint,
    function: FunctionT,
) -> HipResult<()> {
    non_null(value)?;
    if nv::active() {
        let (dev, f) = (nv::device()?, nv::function(function));
        // SAFETY: HIP's contract: a function of a module the program loaded.
        let v = unsafe { nvmodule::func_get_attribute(dev, f, attribute)? };
        // SAFETY: forwarded from the caller.
        return unsafe { write_out(value, v) };
    }
    let f = Function::lookup(function as u64)?;
    let k = &f.kernel;
    let rt = hip::Runtime::get()?;
    let p = rt.device(rt.current_device()?)?.properties();
    let v = match attribute {
        0 => k.max_threads_per_block(p.max_threads_per_block as u32) as c_int, // MAX_THREADS_PER_BLOCK
        1 => clamp_int(k.static_shared_size()),                                // SHARED_SIZE_BYTES
        2 => 0,                                                                // CONST_SIZE_BYTES
        3 => k.private_segment_size as c_int,                                  // LOCAL_SIZE_BYTES
        4 => 0,                                                                // NUM_REGS
        5 | 6 => 0,                                                            // PTX/BINARY_VERSION
        7 => 0,                                                                // CACHE_MODE_CA
        8 => clamp_int(k.max_dynamic_shared(p.shared_mem_per_block)),          // MAX_DYNAMIC_SHARED
        9 => k.shared_carveout(), // PREFERRED_SHARED_MEMORY_CARVEOUT
        _ => return Err(HipError::InvalidValue),
    };
    // SAFETY: forwarded from the caller.
    unsafe { write_out(value, v) }
}
