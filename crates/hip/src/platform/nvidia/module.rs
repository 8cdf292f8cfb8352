//! Modules and functions: HIP modules are the driver's `CUmodule`s and functions its
//! `CUfunction`s. Images are cubins, fatbins or PTX (JIT-compiled by the driver); nvcc's
//! fat-binary wrapper (`__fatBinC_Wrapper_t`, magic `0x466243B1`) is also accepted and
//! unwrapped, since the driver only takes the fatbin it points to.
//!
//! The driver does not validate stale handles: using a function of an unloaded module
//! could touch freed driver memory. So this module remembers what [`unload`] invalidated
//! and rejects those handles with `hipErrorInvalidHandle` (until the driver hands the same
//! handle value out again). The check on the launch path is one atomic load while no
//! function of an unloaded module is outstanding.

use std::collections::{HashMap, HashSet};
use std::ffi::{c_int, c_void, CStr};
use std::sync::atomic::{AtomicUsize, Ordering};

use parking_lot::RwLock;

use super::context::make_current;
use super::cu;
use super::device::func_cache;
use super::driver::check;
use crate::backend::FuncAttributes;
use crate::error::{HipError, HipResult};

use cuda::image::FATBIN_WRAPPER_MAGIC;

/// What [`unload`] invalidated, and which functions each live module handed out.
#[derive(Default)]
struct Registry {
    /// Functions handed out per live module (to invalidate them on unload).
    functions_of: HashMap<usize, HashSet<usize>>,
    dead_modules: HashSet<usize>,
    dead_functions: HashSet<usize>,
}

/// The registry. [`unload`] holds the write lock across `cuModuleUnload`, and every note
/// of a new handle takes it after the driver returned the handle: so a handle value the
/// driver reuses after an unload is always noted live after it was noted dead.
static REGISTRY: RwLock<Option<Registry>> = RwLock::new(None);
/// Number of entries in `dead_functions` (0: nothing to check on the launch path).
static DEAD_FUNCTION_COUNT: AtomicUsize = AtomicUsize::new(0);

fn with_registry<T>(f: impl FnOnce(&mut Registry) -> T) -> T {
    f(REGISTRY.write().get_or_insert_with(Registry::default))
}

/// `hipErrorInvalidHandle` for a null function or one of an unloaded module.
#[inline]
pub(crate) fn check_function(f: cu::CUfunction) -> HipResult<()> {
    // A made-up handle (the driver dereferences it) is refused like a null one.
    if !ferrocm_cabi::plausible(f as usize) {
        return Err(HipError::InvalidHandle);
    }
    if DEAD_FUNCTION_COUNT.load(Ordering::Acquire) != 0 && is_dead_function(f) {
        return Err(HipError::InvalidHandle);
    }
    Ok(())
}

#[cold]
fn is_dead_function(f: cu::CUfunction) -> bool {
    REGISTRY
        .read()
        .as_ref()
        .is_some_and(|r| r.dead_functions.contains(&(f as usize)))
}

fn check_module(m: cu::CUmodule) -> HipResult<()> {
    if !ferrocm_cabi::plausible(m as usize) {
        return Err(HipError::InvalidHandle);
    }
    let dead = REGISTRY
        .read()
        .as_ref()
        .is_some_and(|r| r.dead_modules.contains(&(m as usize)));
    if dead {
        return Err(HipError::InvalidHandle);
    }
    Ok(())
}

/// A freshly loaded module: its handle value is live again if it had been unloaded.
fn note_loaded(m: cu::CUmodule) -> cu::CUmodule {
    with_registry(|r| r.dead_modules.remove(&(m as usize)));
    m
}

/// A function handed out by the driver: live (again), and tied to its module.
fn note_function(m: cu::CUmodule, f: cu::CUfunction) {
    with_registry(|r| {
        if r.dead_functions.remove(&(f as usize)) {
            DEAD_FUNCTION_COUNT.store(r.dead_functions.len(), Ordering::Release);
        }
        r.functions_of
            .entry(m as usize)
            .or_default()
            .insert(f as usize);
    });
}

/// `hipModuleLoad(path)` (`cuModuleLoad`) in device `dev`'s context: a missing file is
/// `hipErrorFileNotFound`, an unusable image `hipErrorInvalidImage`/`InvalidKernelFile`/
/// `NoBinaryForGpu`.
pub fn load(dev: usize, path: &CStr) -> HipResult<cu::CUmodule> {
    make_current(dev)?;
    let mut m = std::ptr::null_mut();
    // SAFETY: a context is current; `path` is NUL-terminated; out-parameter.
    check(unsafe { cu::cuModuleLoad(&mut m, path.as_ptr()) })?;
    Ok(note_loaded(m))
}

/// The image to give the driver: the fatbin inside nvcc's wrapper, or `image` itself.
///
/// # Safety
/// `image` must point to a valid image (at least 4 readable bytes; a wrapper's 24).
unsafe fn unwrap_image(image: *const c_void) -> *const c_void {
    // SAFETY: the caller guarantees a readable image; unaligned read of its magic.
    let magic = unsafe { image.cast::<u32>().read_unaligned() };
    if magic == FATBIN_WRAPPER_MAGIC {
        // `{ int magic; int version; const void* data; void* filename_or_fatbins; }`
        // SAFETY: a wrapper is 24 bytes; `data` is at offset 8.
        unsafe {
            image
                .cast::<u8>()
                .add(8)
                .cast::<*const c_void>()
                .read_unaligned()
        }
    } else {
        image
    }
}

/// The image to give the driver ([`unwrap_image`]), after `cuda::image::check`: a
/// damaged fatbin or cubin is `hipErrorInvalidImage` rather than a hang in the driver.
///
/// # Safety
/// As for [`unwrap_image`].
unsafe fn checked_image(image: *const c_void) -> HipResult<*const c_void> {
    // SAFETY: forwarded from the caller.
    let image = unsafe { unwrap_image(image) };
    // SAFETY: the unwrapped image is complete (the caller's contract).
    unsafe { cuda::image::check(image) }.map_err(|_| HipError::InvalidImage)?;
    Ok(image)
}

/// `hipModuleLoadData(image)` (`cuModuleLoadData`): a cubin, fatbin, PTX text
/// (NUL-terminated) or nvcc fat-binary wrapper, in device `dev`'s context.
///
/// # Safety
/// `image` must point to a complete image of one of those kinds.
pub unsafe fn load_data(dev: usize, image: *const c_void) -> HipResult<cu::CUmodule> {
    if image.is_null() {
        return Err(HipError::InvalidValue);
    }
    make_current(dev)?;
    // SAFETY: the caller guarantees the image.
    let image = unsafe { checked_image(image) }?;
    let mut m = std::ptr::null_mut();
    // SAFETY: a context is current; the caller guarantees the image; out-parameter.
    check(unsafe { cu::cuModuleLoadData(&mut m, image) })?;
    Ok(note_loaded(m))
}

/// Largest `hipJitOption` value passed to the driver as is: 0-24 are numbered alike in
/// HIP and CUDA (max registers ... FMA).
const JIT_OPTION_SHARED_MAX: u32 = 24;

/// `hipModuleLoadDataEx(image, options, values)` (`cuModuleLoadDataEx`). Options 0-24 are
/// CUDA's JIT options (same numbering); AMD's (10000, 10001) are dropped; others are
/// `hipErrorInvalidValue`. `values` must have one entry per option, as the driver reads
/// or writes it (log buffers are written).
///
/// # Safety
/// As for [`load_data`]; each value must be what its option expects.
pub unsafe fn load_data_ex(
    dev: usize,
    image: *const c_void,
    options: &[u32],
    values: &[*mut c_void],
) -> HipResult<cu::CUmodule> {
    if image.is_null() || options.len() != values.len() {
        return Err(HipError::InvalidValue);
    }
    let mut opts = Vec::with_capacity(options.len());
    let mut vals = Vec::with_capacity(options.len());
    for (&o, &v) in options.iter().zip(values) {
        match o {
            0..=JIT_OPTION_SHARED_MAX => {
                // SAFETY: `CUjit_option` is a `repr(u32)` enum with every value from 0 to
                // CU_JIT_NUM_OPTIONS (35) > 24.
                opts.push(unsafe { std::mem::transmute::<u32, cu::CUjit_option>(o) });
                vals.push(v);
            }
            10000 | 10001 => {}
            _ => return Err(HipError::InvalidValue),
        }
    }
    make_current(dev)?;
    // SAFETY: the caller guarantees the image.
    let image = unsafe { checked_image(image) }?;
    let mut m = std::ptr::null_mut();
    // SAFETY: a context is current; the option and value arrays have the same length and
    // the caller guarantees each value; out-parameter.
    check(unsafe {
        cu::cuModuleLoadDataEx(
            &mut m,
            image,
            opts.len() as u32,
            opts.as_mut_ptr(),
            vals.as_mut_ptr(),
        )
    })?;
    Ok(note_loaded(m))
}

/// `hipModuleGetFunction(m, name)`: `hipErrorNotFound` for a name the module lacks,
/// `hipErrorInvalidHandle` for a null or unloaded module.
///
/// # Safety
/// `m` must be a module loaded by this platform (possibly unloaded since).
pub unsafe fn get_function(dev: usize, m: cu::CUmodule, name: &CStr) -> HipResult<cu::CUfunction> {
    check_module(m)?;
    make_current(dev)?;
    let mut f = std::ptr::null_mut();
    // SAFETY: a live module; NUL-terminated name; out-parameter.
    check(unsafe { cu::cuModuleGetFunction(&mut f, m, name.as_ptr()) })?;
    note_function(m, f);
    super::activity::note_name(f, name);
    Ok(f)
}

/// `hipModuleGetGlobal(m, name)`: (device address, size in bytes) of a `__device__` or
/// `__constant__` variable; errors as [`get_function`].
///
/// # Safety
/// As for [`get_function`].
pub unsafe fn get_global(
    dev: usize,
    m: cu::CUmodule,
    name: &CStr,
) -> HipResult<(cu::CUdeviceptr, usize)> {
    check_module(m)?;
    make_current(dev)?;
    let (mut p, mut size) = (0, 0usize);
    // SAFETY: a live module; NUL-terminated name; out-parameters.
    check(unsafe { cu::cuModuleGetGlobal_v2(&mut p, &mut size, m, name.as_ptr()) })?;
    Ok((p, size))
}

/// `hipModuleUnload(m)`: its functions and variables become invalid (functions obtained
/// through [`get_function`] are then rejected with `hipErrorInvalidHandle`).
///
/// # Safety
/// `m` must be a module loaded by this platform; no pending work may use its code.
pub unsafe fn unload(dev: usize, m: cu::CUmodule) -> HipResult<()> {
    // A module unloaded already: hipErrorNotFound, ROCm's code for a second unload.
    let dead = REGISTRY
        .read()
        .as_ref()
        .is_some_and(|r| r.dead_modules.contains(&(m as usize)));
    if dead {
        return Err(HipError::NotFound);
    }
    check_module(m)?;
    make_current(dev)?;
    let mut guard = REGISTRY.write();
    let r = guard.get_or_insert_with(Registry::default);
    if r.dead_modules.contains(&(m as usize)) {
        // Unloaded by another thread meanwhile.
        return Err(HipError::NotFound);
    }
    // SAFETY: a live module (caller and the checks above).
    check(unsafe { cu::cuModuleUnload(m) })?;
    r.dead_modules.insert(m as usize);
    if let Some(functions) = r.functions_of.remove(&(m as usize)) {
        r.dead_functions.extend(functions);
        DEAD_FUNCTION_COUNT.store(r.dead_functions.len(), Ordering::Release);
    }
    Ok(())
}

/// `hipKernelNameRef(f)` (`cuFuncGetName`, CUDA 12.3+): the driver's copy of the name,
/// valid while the module is loaded.
///
/// # Safety
/// `f` must be a function of a module loaded by this platform (possibly unloaded since).
pub unsafe fn function_name(f: cu::CUfunction) -> HipResult<*const std::ffi::c_char> {
    check_function(f)?;
    let mut name = std::ptr::null();
    // SAFETY: a live function; out-parameter.
    check(unsafe { cu::cuFuncGetName(&mut name, f) })?;
    if name.is_null() {
        return Err(HipError::InvalidDeviceFunction);
    }
    Ok(name)
}

/// `hipFunction_attribute` values HIP defines (0-9, the same as `CUfunction_attribute`).
fn function_attribute(attr: u32) -> HipResult<cu::CUfunction_attribute> {
    use cu::CUfunction_attribute as F;
    Ok(match attr {
        0 => F::CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
        1 => F::CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES,
        2 => F::CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES,
        3 => F::CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES,
        4 => F::CU_FUNC_ATTRIBUTE_NUM_REGS,
        5 => F::CU_FUNC_ATTRIBUTE_PTX_VERSION,
        6 => F::CU_FUNC_ATTRIBUTE_BINARY_VERSION,
        7 => F::CU_FUNC_ATTRIBUTE_CACHE_MODE_CA,
        8 => F::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
        9 => F::CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT,
        _ => return Err(HipError::InvalidValue),
    })
}

/// `hipFuncGetAttribute(attr, f)` (`hipFunction_attribute`, 0-9).
///
/// # Safety
/// `f` must be a function of a module loaded by this platform (possibly unloaded since).
pub unsafe fn func_get_attribute(dev: usize, f: cu::CUfunction, attr: u32) -> HipResult<i32> {
    let a = function_attribute(attr)?;
    check_function(f)?;
    make_current(dev)?;
    let mut v: c_int = 0;
    // SAFETY: a live function; out-parameter.
    check(unsafe { cu::cuFuncGetAttribute(&mut v, a, f) })?;
    Ok(v)
}

/// `hipFuncGetAttributes` for a driver function.
///
/// # Safety
/// As for [`func_get_attribute`].
pub unsafe fn func_attributes(dev: usize, f: cu::CUfunction) -> HipResult<FuncAttributes> {
    // SAFETY: forwarded from the caller.
    let get = |a| unsafe { func_get_attribute(dev, f, a) };
    Ok(FuncAttributes {
        max_threads_per_block: get(0)?,
        shared_size_bytes: get(1)?.max(0) as usize,
        const_size_bytes: get(2)?.max(0) as usize,
        local_size_bytes: get(3)?.max(0) as usize,
        num_regs: get(4)?,
        ptx_version: get(5)?,
        binary_version: get(6)?,
        cache_mode_ca: get(7)?,
        max_dynamic_shared_size_bytes: get(8)?,
        preferred_shmem_carveout: get(9)?,
    })
}

/// `hipFuncSetAttribute(f, attr, value)`: only
/// `hipFuncAttributeMaxDynamicSharedMemorySize` (8) and
/// `hipFuncAttributePreferredSharedMemoryCarveout` (9) can be set, as in HIP; the driver
/// checks the value.
///
/// # Safety
/// As for [`func_get_attribute`].
pub unsafe fn func_set_attribute(
    dev: usize,
    f: cu::CUfunction,
    attr: u32,
    value: i32,
) -> HipResult<()> {
    if attr != 8 && attr != 9 {
        return Err(HipError::InvalidValue);
    }
    let a = function_attribute(attr)?;
    check_function(f)?;
    make_current(dev)?;
    // SAFETY: a live function.
    check(unsafe { cu::cuFuncSetAttribute(f, a, value) })
}

/// `hipFuncSetCacheConfig(f, config)` (`hipFuncCache_t`, 0-3).
///
/// # Safety
/// As for [`func_get_attribute`].
pub unsafe fn func_set_cache_config(dev: usize, f: cu::CUfunction, config: u32) -> HipResult<()> {
    let c = func_cache(config)?;
    check_function(f)?;
    make_current(dev)?;
    // SAFETY: a live function.
    check(unsafe { cu::cuFuncSetCacheConfig(f, c) })
}

/// `hipFuncSetSharedMemConfig(f, config)` (`hipSharedMemConfig`, 0-2): validated and
/// accepted; shared-memory bank size has had no effect since Volta.
///
/// # Safety
/// As for [`func_get_attribute`].
pub unsafe fn func_set_shared_mem_config(
    dev: usize,
    f: cu::CUfunction,
    config: u32,
) -> HipResult<()> {
    if config > 2 {
        return Err(HipError::InvalidValue);
    }
    check_function(f)?;
    make_current(dev).map(|_| ())
}

/// `hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags` for a driver function
/// (`hipOccupancyDefault` 0, `hipOccupancyDisableCachingOverride` 1). A block size of 0 or
/// less is `hipErrorInvalidValue`.
///
/// # Safety
/// As for [`func_get_attribute`].
pub unsafe fn occupancy_max_active_blocks(
    dev: usize,
    f: cu::CUfunction,
    block_size: i32,
    dynamic_shared: usize,
    flags: u32,
) -> HipResult<i32> {
    if block_size <= 0 || flags > 1 {
        return Err(HipError::InvalidValue);
    }
    check_function(f)?;
    make_current(dev)?;
    let mut n = 0;
    // SAFETY: a live function; out-parameter.
    check(unsafe {
        cu::cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
            &mut n,
            f,
            block_size,
            dynamic_shared,
            flags,
        )
    })?;
    Ok(n)
}

/// `hipModuleOccupancyMaxPotentialBlockSize(WithFlags)`: (minimum grid size for full
/// occupancy, block size), with a fixed dynamic shared size per block and an optional
/// block-size limit (0: none).
///
/// # Safety
/// As for [`func_get_attribute`].
pub unsafe fn occupancy_max_potential_block_size(
    dev: usize,
    f: cu::CUfunction,
    dynamic_shared: usize,
    block_size_limit: i32,
    flags: u32,
) -> HipResult<(i32, i32)> {
    if block_size_limit < 0 || flags > 1 {
        return Err(HipError::InvalidValue);
    }
    check_function(f)?;
    make_current(dev)?;
    let (mut grid, mut block) = (0, 0);
    // SAFETY: a live function; out-parameters; no size callback.
    check(unsafe {
        cu::cuOccupancyMaxPotentialBlockSizeWithFlags(
            &mut grid,
            &mut block,
            f,
            None,
            dynamic_shared,
            block_size_limit,
            flags,
        )
    })?;
    Ok((grid, block))
}

// ------------------------------------------------------------------------------------
// For the safe API (`crate::safe`): kernel parameter layouts.

/// Most parameters [`param_layout`] asks about (kernel parameters take at most 32764 bytes,
/// so no kernel has more).
const PARAMS_MAX: usize = 32_768;

/// Whether the driver has `cuFuncGetParamInfo` (CUDA 12.4+), looked up once. cudarc
/// resolves it lazily and panics if it is missing: it is only called after this says yes.
fn has_func_get_param_info() -> bool {
    static HAS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *HAS.get_or_init(|| {
        if super::driver::Driver::get().is_none() {
            return false;
        }
        // SAFETY: a usable driver was loaded, so cudarc's loader finds the library (without
        // reaching its panic).
        let lib = unsafe { cu::culib() };
        // SAFETY: only looks the symbol up (dlsym); the pointer is never called as such.
        unsafe { lib.get::<*const c_void>(b"cuFuncGetParamInfo") }.is_ok()
    })
}

/// The `(offset, size)` in bytes of each of `f`'s parameters, from `cuFuncGetParamInfo`
/// (asked for indices 0, 1, ... until the driver says `CUDA_ERROR_INVALID_VALUE`, its
/// answer past the last parameter). `Ok(None)` when the driver lacks the entry point
/// (before CUDA 12.4) or reports anything else: the layout is then unknown.
///
/// # Safety
/// `f` must be a function of a module loaded on device `dev` (possibly unloaded since:
/// rejected with `hipErrorInvalidHandle`).
pub(crate) unsafe fn param_layout(
    dev: usize,
    f: cu::CUfunction,
) -> HipResult<Option<Vec<(usize, usize)>>> {
    check_function(f)?;
    make_current(dev)?;
    if !has_func_get_param_info() {
        return Ok(None);
    }
    let mut params = Vec::new();
    while params.len() < PARAMS_MAX {
        let (mut offset, mut size) = (0usize, 0usize);
        // SAFETY: a live function (caller, checked); the entry point exists (checked);
        // out-parameters.
        let r = unsafe { cu::cuFuncGetParamInfo(f, params.len(), &mut offset, &mut size) };
        match r {
            cu::CUresult::CUDA_SUCCESS => params.push((offset, size)),
            cu::CUresult::CUDA_ERROR_INVALID_VALUE => return Ok(Some(params)),
            _ => return Ok(None),
        }
    }
    Ok(None)
}
