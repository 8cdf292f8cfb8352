//! Kernel launches: `cuLaunchKernel` / `cuLaunchCooperativeKernel` with the arguments as
//! HIP received them. The hot path is: the driver handle (one atomic load), the
//! thread-local current-context check, the stale-function check (one atomic load while
//! no module was unloaded), and the driver call. No lock, no event, no allocation (unless
//! `rocprofv3 --kernel-trace` installed an activity sink: then [`activity::traced`]).

use std::ffi::c_void;

use super::activity;
use super::context::{current_device, make_current};
use super::cu;
use super::device::properties;
use super::driver::check;
use super::module::check_function;
use super::{registry, stream};
pub use crate::backend::launch::LaunchMode;
use crate::error::{HipError, HipResult};

/// `HIP_LAUNCH_PARAM_BUFFER_POINTER` (= `CU_LAUNCH_PARAM_BUFFER_POINTER`).
pub const LAUNCH_PARAM_BUFFER_POINTER: *mut c_void = std::ptr::without_provenance_mut(0x1);
/// `HIP_LAUNCH_PARAM_BUFFER_SIZE` (= `CU_LAUNCH_PARAM_BUFFER_SIZE`).
pub const LAUNCH_PARAM_BUFFER_SIZE: *mut c_void = std::ptr::without_provenance_mut(0x2);
/// `HIP_LAUNCH_PARAM_END`: 3 in HIP, where CUDA's `CU_LAUNCH_PARAM_END` is 0.
pub const LAUNCH_PARAM_END: *mut c_void = std::ptr::without_provenance_mut(0x3);
/// `CU_LAUNCH_PARAM_END`.
const CU_LAUNCH_PARAM_END: *mut c_void = std::ptr::null_mut();

/// Longest `extra` array accepted: both keys with their values, and the end marker.
const EXTRA_MAX: usize = 5;

/// Translates HIP's `extra` array (key/value pairs ended by `HIP_LAUNCH_PARAM_END`) into
/// the driver's (ended by `CU_LAUNCH_PARAM_END`; CUDA's own 0 is accepted as the end too).
/// An unknown key, a repeated key or a missing end is `hipErrorInvalidValue`.
///
/// # Safety
/// `extra` must be readable up to and including its end marker.
unsafe fn translate_extra(extra: *mut *mut c_void) -> HipResult<[*mut c_void; EXTRA_MAX]> {
    let mut out = [CU_LAUNCH_PARAM_END; EXTRA_MAX];
    let mut n = 0;
    let mut i = 0;
    // A made-up address is refused rather than read (no syscall: this is the launch path).
    if !ferrocm_cabi::plausible(extra as usize) {
        return Err(HipError::InvalidValue);
    }
    loop {
        // SAFETY: the caller guarantees the array up to its end marker; `i` stays
        // within it since every key read so far was a pair's key.
        let key = unsafe { *extra.add(i) };
        if key == LAUNCH_PARAM_END || key == CU_LAUNCH_PARAM_END {
            return Ok(out);
        }
        let known = key == LAUNCH_PARAM_BUFFER_POINTER || key == LAUNCH_PARAM_BUFFER_SIZE;
        if !known || n + 2 >= EXTRA_MAX || out[..n].contains(&key) {
            return Err(HipError::InvalidValue);
        }
        out[n] = key;
        // SAFETY: a known key is followed by its value (caller).
        out[n + 1] = unsafe { *extra.add(i + 1) };
        n += 2;
        i += 2;
    }
}

/// `hipModuleLaunchKernel(f, grid, block, shared, stream, params, extra)` on device
/// `dev`: HIP rejects a null or unloaded function (`hipErrorInvalidHandle`); everything
/// else (configuration, shared memory, argument forms) is the driver's to check, so an
/// oversized block is `hipErrorInvalidValue` as in HIP's module API. Arguments come either
/// as `params` (one pointer per kernel parameter) or as `extra` (HIP's
/// `HIP_LAUNCH_PARAM_*` buffer form), not both.
///
/// # Safety
/// `f` must be a function of a module loaded by this platform (possibly unloaded since);
/// `stream` a live stream of device `dev` or a default stream; `params` null or one valid
/// pointer per kernel parameter; `extra` null or a valid `HIP_LAUNCH_PARAM_*` array whose
/// buffer matches the kernel's parameters; pointers inside must be what the kernel expects.
#[inline]
#[allow(clippy::too_many_arguments)]
pub unsafe fn launch_kernel(
    dev: usize,
    f: cu::CUfunction,
    grid: [u32; 3],
    block: [u32; 3],
    shared_mem: u32,
    stream: cu::CUstream,
    params: *mut *mut c_void,
    extra: *mut *mut c_void,
) -> HipResult<()> {
    check_function(f)?;
    make_current(dev)?;
    let launch = || {
        // SAFETY: forwarded from the caller.
        unsafe { launch_kernel_now(f, grid, block, shared_mem, stream, params, extra) }
    };
    // SAFETY: the caller guarantees the stream and function.
    unsafe { activity::traced(dev, f, stream, grid, block, shared_mem, launch) }
}

/// The driver call of [`launch_kernel`] (checks done, context current).
///
/// # Safety
/// As for [`launch_kernel`].
#[inline]
unsafe fn launch_kernel_now(
    f: cu::CUfunction,
    grid: [u32; 3],
    block: [u32; 3],
    shared_mem: u32,
    stream: cu::CUstream,
    params: *mut *mut c_void,
    extra: *mut *mut c_void,
) -> HipResult<()> {
    if extra.is_null() {
        // SAFETY: the caller guarantees the function, stream and parameters.
        return check(unsafe {
            cu::cuLaunchKernel(
                f,
                grid[0],
                grid[1],
                grid[2],
                block[0],
                block[1],
                block[2],
                shared_mem,
                stream,
                params,
                std::ptr::null_mut(),
            )
        });
    }
    // SAFETY: the caller guarantees the `extra` array.
    let mut cu_extra = unsafe { translate_extra(extra)? };
    // SAFETY: as above, with the driver's form of `extra`.
    check(unsafe {
        cu::cuLaunchKernel(
            f,
            grid[0],
            grid[1],
            grid[2],
            block[0],
            block[1],
            block[2],
            shared_mem,
            stream,
            params,
            cu_extra.as_mut_ptr(),
        )
    })
}

/// `hipModuleLaunchCooperativeKernel` / `hipLaunchCooperativeKernel` on device `dev`
/// (`cuLaunchCooperativeKernel`): every block must be resident at once; too large a grid
/// is `hipErrorCooperativeLaunchTooLarge`.
///
/// # Safety
/// As for [`launch_kernel`] (arguments only as `params`).
#[allow(clippy::too_many_arguments)]
pub unsafe fn launch_cooperative_kernel(
    dev: usize,
    f: cu::CUfunction,
    grid: [u32; 3],
    block: [u32; 3],
    shared_mem: u32,
    stream: cu::CUstream,
    params: *mut *mut c_void,
) -> HipResult<()> {
    check_function(f)?;
    make_current(dev)?;
    let launch = || {
        // SAFETY: the caller guarantees the function, stream and parameters.
        check(unsafe {
            cu::cuLaunchCooperativeKernel(
                f, grid[0], grid[1], grid[2], block[0], block[1], block[2], shared_mem, stream,
                params,
            )
        })
    };
    // SAFETY: the caller guarantees the stream and function.
    unsafe { activity::traced(dev, f, stream, grid, block, shared_mem, launch) }
}

/// The runtime API's launch (`hipLaunchKernel`, `hipLaunchCooperativeKernel`, nvcc's
/// `__cudaLaunchKernel`/`cudaLaunchKernel` behind `<<<>>>`), written once: the kernel
/// registered for host stub `host_fn` resolved to its driver function on the calling
/// thread's current device (`hipErrorInvalidDeviceFunction` for an unknown stub), HIP's
/// configuration checks ([`validate_config`]), the dynamic shared size as the driver's
/// `unsigned`, the stream checked (`hipErrorInvalidHandle` for one that is not live), then
/// the driver call.
///
/// # Safety
/// `args` must hold one valid pointer per kernel parameter, each to a value of the
/// parameter's type.
#[inline]
pub unsafe fn launch_registered(
    host_fn: usize,
    grid: [u32; 3],
    block: [u32; 3],
    args: *mut *mut c_void,
    dynamic_shared: usize,
    stream: *mut c_void,
    mode: LaunchMode,
) -> HipResult<()> {
    let dev = current_device()?;
    let f = registry::function(dev, host_fn)?;
    validate_config(dev, grid, block)?;
    let shared = u32::try_from(dynamic_shared).map_err(|_| HipError::InvalidValue)?;
    let s = stream::checked(stream.cast())?;
    // SAFETY: `f` is a live function of a module the registry loaded on `dev`, `s` a
    // checked stream; the caller guarantees the arguments.
    unsafe {
        match mode {
            LaunchMode::Normal => {
                launch_kernel(dev, f, grid, block, shared, s, args, std::ptr::null_mut())
            }
            LaunchMode::Cooperative => {
                launch_cooperative_kernel(dev, f, grid, block, shared, s, args)
            }
        }
    }
}

/// HIP's runtime-API launch checks (`hipLaunchKernel`, `<<<>>>`, `hipLaunchCooperativeKernel`):
/// a zero or oversized block or grid is `hipErrorInvalidConfiguration` (where the driver,
/// and the module API, say `hipErrorInvalidValue`), as cudart reports it. Device limits
/// are read once and cached. (Unlike on AMD, grid x block may exceed 2^32 per dimension.)
pub fn validate_config(dev: usize, grid: [u32; 3], block: [u32; 3]) -> HipResult<()> {
    let p = properties(dev)?;
    let threads: u64 = block.iter().map(|&b| u64::from(b)).product();
    if threads == 0 || threads > p.max_threads_per_block.max(0) as u64 {
        return Err(HipError::InvalidConfiguration);
    }
    for d in 0..3 {
        if grid[d] == 0
            || u64::from(block[d]) > p.max_threads_dim[d].max(0) as u64
            || u64::from(grid[d]) > p.max_grid_size[d].max(0) as u64
        {
            return Err(HipError::InvalidConfiguration);
        }
    }
    Ok(())
}
