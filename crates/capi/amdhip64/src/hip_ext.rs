//! `hip_ext.h`'s launch extensions (launches bracketed by events, module launches sized in
//! work-items, kernels on several devices at once), the thread's last-call status, and the
//! launch API that predates `hipLaunchKernel` (`hipConfigureCall` / `hipSetupArgument` /
//! `hipLaunchByPtr`, and clang's `__hipPush/PopCallConfiguration`). Every form is written
//! over the same backend launches as `hipLaunchKernel` and `hipModuleLaunchKernel`, so both
//! platforms have them.

use std::cell::RefCell;
use std::ffi::{c_int, c_uint, c_void};

use hip::backend::launch::{check_multi_device_args, LaunchMode};
use hip::{backend, HipError, HipResult};

use crate::entry::{given, non_null, Dim3, HipErrorT};
use crate::launch::{parts_of, LaunchParams};
use crate::module::FunctionT;
use crate::stream::{EventT, StreamT};

/// `hipExtAnyOrderLaunch`: the kernel may start before earlier work of its stream finished.
/// Running it in order is one of the orders that flag allows, so it changes nothing here.
const EXT_ANY_ORDER_LAUNCH: u32 = 0x01;

/// Records `event` on `stream` when one is given (the start and stop events of an ext
/// launch).
fn record(event: EventT, stream: StreamT) -> HipResult<()> {
    if event.is_null() {
        return Ok(());
    }
    backend().event_record(event, stream)
}

fn check_ext_flags(flags: u32) -> HipResult<()> {
    if flags & !EXT_ANY_ORDER_LAUNCH != 0 {
        return Err(HipError::InvalidValue);
    }
    Ok(())
}

/// `hipExtLaunchKernel`: `hipLaunchKernel` with `start_event` recorded on the stream just
/// before the kernel and `stop_event` just after it (either may be NULL).
///
/// # Safety
/// As for `hipLaunchKernel`.
#[allow(clippy::too_many_arguments)]
pub unsafe fn hipExtLaunchKernel(
    function: *const c_void,
    grid: Dim3,
    block: Dim3,
    args: *mut *mut c_void,
    shared_mem: usize,
    stream: StreamT,
    start_event: EventT,
    stop_event: EventT,
    flags: c_int,
) -> HipResult<()> {
    check_ext_flags(flags as u32)?;
    record(start_event, stream)?;
    // SAFETY: forwarded from the caller.
    unsafe {
        backend().launch_kernel(
            function,
            grid.to_array(),
            block.to_array(),
            args,
            shared_mem,
            stream,
            LaunchMode::Normal,
        )?
    };
    record(stop_event, stream)
}

/// The grid of a launch sized in work-items: `global / local` per dimension. A global size
/// that is not a multiple of the work-group size asks for partial work-groups (AMD's
/// hardware dispatches them); the launches here take whole blocks, so that is
/// `hipErrorNotSupported` (docs/HIP_API_COVERAGE.md, hip_ext); a zero size is
/// `hipErrorInvalidValue`.
fn grid_of(global: [u32; 3], local: [u32; 3]) -> HipResult<[u32; 3]> {
    let mut grid = [0; 3];
    for i in 0..3 {
        if global[i] == 0 || local[i] == 0 {
            return Err(HipError::InvalidValue);
        }
        if global[i] % local[i] != 0 {
            return Err(HipError::NotSupported);
        }
        grid[i] = global[i] / local[i];
    }
    Ok(grid)
}

/// `hipHccModuleLaunchKernel`: `hipModuleLaunchKernel` sized in work-items, with optional
/// start and stop events.
///
/// # Safety
/// As for `hipModuleLaunchKernel`.
#[allow(clippy::too_many_arguments)]
pub unsafe fn hipHccModuleLaunchKernel(
    f: FunctionT,
    global_x: u32,
    global_y: u32,
    global_z: u32,
    local_x: u32,
    local_y: u32,
    local_z: u32,
    shared_mem: usize,
    stream: StreamT,
    kernel_params: *mut *mut c_void,
    extra: *mut *mut c_void,
    start_event: EventT,
    stop_event: EventT,
) -> HipResult<()> {
    non_null(f)?;
    let local = [local_x, local_y, local_z];
    let grid = grid_of([global_x, global_y, global_z], local)?;
    let shared = u32::try_from(shared_mem).map_err(|_| HipError::InvalidValue)?;
    record(start_event, stream)?;
    // SAFETY: forwarded from the caller.
    unsafe {
        backend().module_launch_kernel(f, grid, local, shared, stream, kernel_params, extra)?
    };
    record(stop_event, stream)
}

/// `hipExtModuleLaunchKernel`: [`hipHccModuleLaunchKernel`] with launch flags
/// (`hipExtAnyOrderLaunch`).
///
/// # Safety
/// As for `hipModuleLaunchKernel`.
#[allow(clippy::too_many_arguments)]
pub unsafe fn hipExtModuleLaunchKernel(
    f: FunctionT,
    global_x: u32,
    global_y: u32,
    global_z: u32,
    local_x: u32,
    local_y: u32,
    local_z: u32,
    shared_mem: usize,
    stream: StreamT,
    kernel_params: *mut *mut c_void,
    extra: *mut *mut c_void,
    start_event: EventT,
    stop_event: EventT,
    flags: u32,
) -> HipResult<()> {
    check_ext_flags(flags)?;
    // SAFETY: forwarded from the caller.
    unsafe {
        hipHccModuleLaunchKernel(
            f,
            global_x,
            global_y,
            global_z,
            local_x,
            local_y,
            local_z,
            shared_mem,
            stream,
            kernel_params,
            extra,
            start_event,
            stop_event,
        )
    }
}

/// `hipExtLaunchMultiKernelMultiDevice`: one ordinary launch per `hipLaunchParams` (each on
/// its own stream; at most one per device), no synchronisation between them. The list is
/// checked whole before any kernel is launched. `flags` may hold the multi-device flags of
/// the cooperative form, which mean nothing without a grid barrier.
///
/// # Safety
/// `list` must be NULL or hold `num_devices` `hipLaunchParams`, each as for
/// `hipLaunchKernel`.
pub unsafe fn hipExtLaunchMultiKernelMultiDevice(
    list: *mut c_void,
    num_devices: c_int,
    flags: c_uint,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    let parts = unsafe { parts_of(list.cast::<LaunchParams>().cast_const(), num_devices.into())? };
    check_multi_device_args(parts.len(), backend().device_count()?, flags)?;
    for p in parts {
        non_null(p.func)?;
    }
    for p in parts {
        // SAFETY: each part as for hipLaunchKernel (the caller).
        unsafe {
            backend().launch_kernel(
                p.func.cast_const(),
                p.grid_dim.to_array(),
                p.block_dim.to_array(),
                p.args,
                p.shared_mem,
                p.stream,
                LaunchMode::Normal,
            )?
        };
    }
    Ok(())
}

/// `hipExtGetLastError`: the status of the thread's last HIP call (success included),
/// reset to `hipSuccess`; `hipGetLastError` instead keeps the last *error* until read.
pub fn hipExtGetLastError() -> HipErrorT {
    crate::entry::take_last_call_status()
}

// ---------------------------------------------------------------- the pre-hipLaunchKernel API

thread_local! {
    /// Arguments `hipSetupArgument` gave for the next `hipLaunchByPtr` of this thread:
    /// (offset in the argument buffer, bytes), in call order (one per kernel parameter).
    static SETUP: RefCell<Vec<(usize, Vec<u8>)>> = const { RefCell::new(Vec::new()) };
}

/// `hipConfigureCall(grid, block, shared, stream)`: the configuration of the next
/// `hipLaunchByPtr` of this thread (a stack: configurations nest like `<<<>>>` sites).
pub fn hipConfigureCall(
    grid: Dim3,
    block: Dim3,
    shared_mem: usize,
    stream: StreamT,
) -> HipResult<()> {
    // SAFETY: no pointers are read.
    match unsafe { crate::nvcc_abi::__cudaPushCallConfiguration(grid, block, shared_mem, stream) } {
        0 => Ok(()),
        _ => Err(HipError::Unknown),
    }
}

/// `hipSetupArgument(arg, size, offset)`: copies one kernel argument for the next
/// `hipLaunchByPtr` (it is read now: the caller's variable may be gone at the launch).
///
/// # Safety
/// `arg` must hold `size` readable bytes.
pub unsafe fn hipSetupArgument(arg: *const c_void, size: usize, offset: usize) -> HipResult<()> {
    if size == 0 || offset.checked_add(size).is_none() {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: `size` bytes per the caller (NULL, impossible and unmapped refused).
    let bytes = unsafe { ferrocm_cabi::mapped_array(arg.cast::<u8>(), size) }
        .ok_or(HipError::InvalidValue)?
        .to_vec();
    SETUP.with(|s| s.borrow_mut().push((offset, bytes)));
    Ok(())
}

/// `hipLaunchByPtr(func)`: launches `func` with the last `hipConfigureCall` configuration and
/// the arguments set up since (`hipErrorInvalidConfiguration` without a configuration). The
/// arguments are laid out at their offsets in one buffer, and the launch gets a pointer to
/// each, as `hipLaunchKernel` takes them.
///
/// # Safety
/// `func` as for `hipLaunchKernel`; the arguments set up must be its parameters, in order.
pub unsafe fn hipLaunchByPtr(func: *const c_void) -> HipResult<()> {
    let args = SETUP.with(|s| std::mem::take(&mut *s.borrow_mut()));
    let (mut grid, mut block, mut shared, mut stream) = (
        Dim3 { x: 0, y: 0, z: 0 },
        Dim3 { x: 0, y: 0, z: 0 },
        0usize,
        std::ptr::null_mut(),
    );
    // SAFETY: pointers to the locals above.
    let popped = unsafe {
        crate::nvcc_abi::__cudaPopCallConfiguration(&mut grid, &mut block, &mut shared, &mut stream)
    };
    if popped != 0 {
        return Err(HipError::InvalidConfiguration);
    }
    non_null(func)?;
    let len = args.iter().map(|(o, b)| o + b.len()).max().unwrap_or(0);
    // u64 words: every argument at its offset is aligned as the kernel's parameter block.
    let mut buffer = vec![0u64; len.div_ceil(8)];
    let base = buffer.as_mut_ptr().cast::<u8>();
    let mut pointers: Vec<*mut c_void> = Vec::with_capacity(args.len());
    for (offset, bytes) in &args {
        // SAFETY: `offset + bytes.len() <= len` bytes of `buffer`.
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), base.add(*offset), bytes.len()) };
        // SAFETY: inside `buffer`, as above.
        pointers.push(unsafe { base.add(*offset) }.cast());
    }
    // SAFETY: `pointers` has one pointer per argument into `buffer`, alive during the call
    // (launches copy their arguments before returning).
    unsafe {
        backend().launch_kernel(
            func,
            grid.to_array(),
            block.to_array(),
            pointers.as_mut_ptr(),
            shared,
            stream,
            LaunchMode::Normal,
        )
    }
}

/// `__hipPushCallConfiguration`: what clang's HIP code generation calls at a `<<<>>>` site
/// (the same stack as nvcc's `__cudaPushCallConfiguration`).
pub fn __hipPushCallConfiguration(
    grid: Dim3,
    block: Dim3,
    shared_mem: usize,
    stream: StreamT,
) -> HipResult<()> {
    hipConfigureCall(grid, block, shared_mem, stream)
}

/// `__hipPopCallConfiguration`: the configuration the matching push left, in the kernel's
/// stub (`hipErrorInvalidConfiguration` without one).
///
/// # Safety
/// Each out-pointer must be NULL (skipped) or valid for a write.
pub unsafe fn __hipPopCallConfiguration(
    grid: *mut Dim3,
    block: *mut Dim3,
    shared_mem: *mut usize,
    stream: *mut StreamT,
) -> HipResult<()> {
    for p in [
        grid.cast::<u8>(),
        block.cast(),
        shared_mem.cast(),
        stream.cast(),
    ] {
        given(p.cast_const())?;
    }
    // SAFETY: checked out-pointers (NULL ones skipped).
    match unsafe { crate::nvcc_abi::__cudaPopCallConfiguration(grid, block, shared_mem, stream) } {
        0 => Ok(()),
        _ => Err(HipError::InvalidConfiguration),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_item_sizes_become_whole_blocks_or_are_refused() {
        assert_eq!(grid_of([256, 4, 1], [64, 2, 1]).ok(), Some([4, 2, 1]));
        assert_eq!(
            grid_of([100, 1, 1], [64, 1, 1]).err(),
            Some(HipError::NotSupported)
        );
        assert_eq!(
            grid_of([0, 1, 1], [64, 1, 1]).err(),
            Some(HipError::InvalidValue)
        );
        assert_eq!(
            grid_of([64, 1, 1], [0, 1, 1]).err(),
            Some(HipError::InvalidValue)
        );
    }

    #[test]
    fn ext_flags_are_checked() {
        assert!(check_ext_flags(0).is_ok());
        assert!(check_ext_flags(EXT_ANY_ORDER_LAUNCH).is_ok());
        assert_eq!(check_ext_flags(2).err(), Some(HipError::InvalidValue));
    }
}
