//! The context API (`hipCtx*`, `hipDevicePrimaryCtx*`), deprecated in HIP but used by
//! driver-API programs. As in AMD's CLR, a HIP context *is* a device's primary context:
//! `hipCtx_t` names a device, `hipCtxCreate` retains and pushes that device's context, and
//! making a context current is `hipSetDevice` of its device. A per-thread stack gives
//! push/pop their CUDA meaning (popping makes the context below current again).
//!
//! The module is platform-neutral: it calls the backend's device functions only (on
//! NVIDIA the backend's current device is the device's primary `CUcontext`, so driver
//! contexts and these agree).

use std::cell::RefCell;
use std::ffi::c_void;
use std::sync::atomic::{AtomicU32, Ordering};

use crate::backend::{backend, Handle};
use crate::error::{HipError, HipResult};

/// Devices the context API can name (more than any platform here exposes).
pub const MAX_CONTEXT_DEVICES: usize = 64;

/// One per device: the primary context's retain count; its address is the `hipCtx_t`.
static PRIMARY: [AtomicU32; MAX_CONTEXT_DEVICES] =
    [const { AtomicU32::new(0) }; MAX_CONTEXT_DEVICES];

thread_local! {
    /// The calling thread's context stack (device ordinals; top is last).
    static STACK: RefCell<Vec<usize>> = const { RefCell::new(Vec::new()) };
}

/// The slot of device `dev` (`hipErrorInvalidDevice` beyond [`MAX_CONTEXT_DEVICES`]).
fn slot(dev: usize) -> HipResult<&'static AtomicU32> {
    PRIMARY.get(dev).ok_or(HipError::InvalidDevice)
}

/// The `hipCtx_t` of device `dev`'s primary context.
pub fn handle(dev: usize) -> HipResult<Handle> {
    slot(dev).map(|c| (c as *const AtomicU32).cast_mut().cast::<c_void>())
}

/// The device a `hipCtx_t` names: `hipErrorInvalidContext` for NULL, a bogus handle or
/// a device that does not exist.
pub fn device_of(ctx: Handle) -> HipResult<usize> {
    let base = PRIMARY.as_ptr() as usize;
    let offset = (ctx as usize).wrapping_sub(base);
    let size = std::mem::size_of::<AtomicU32>();
    if ctx.is_null() || offset % size != 0 || offset / size >= MAX_CONTEXT_DEVICES {
        return Err(HipError::InvalidContext);
    }
    let dev = offset / size;
    if dev >= backend().device_count()? {
        return Err(HipError::InvalidContext);
    }
    Ok(dev)
}

fn with_stack<R>(f: impl FnOnce(&mut Vec<usize>) -> R) -> R {
    STACK.with(|s| f(&mut s.borrow_mut()))
}

/// `hipCtxCreate(flags, device)`: retains `dev`'s primary context and pushes it
/// (the flags are the device flags' scheduling bits, as `hipSetDeviceFlags` takes them).
pub fn create(flags: u32, device: i32) -> HipResult<Handle> {
    // CLR: a device out of range is hipErrorInvalidValue here.
    let dev = backend().ordinal(device).map_err(|e| {
        if e == HipError::InvalidDevice {
            HipError::InvalidValue
        } else {
            e
        }
    })?;
    let ctx = handle(dev)?;
    if flags != 0 {
        backend().set_flags(dev, flags)?;
    }
    backend().set_current_device(dev)?;
    slot(dev)?.fetch_add(1, Ordering::Relaxed);
    with_stack(|s| s.push(dev));
    Ok(ctx)
}

/// `hipCtxDestroy`: pops the context if it is the calling thread's current one and drops
/// the reference `hipCtxCreate` took (the primary context itself lives on).
pub fn destroy(ctx: Handle) -> HipResult<()> {
    if ctx.is_null() {
        return Err(HipError::InvalidValue);
    }
    let dev = device_of(ctx)?;
    let popped = with_stack(|s| {
        if s.last() == Some(&dev) {
            s.pop();
            s.last().copied()
        } else {
            None
        }
    });
    if let Some(below) = popped {
        backend().set_current_device(below)?;
    }
    release_count(dev)
}

/// Drops one retain of `dev`'s primary context (none left: nothing to drop).
fn release_count(dev: usize) -> HipResult<()> {
    let _ = slot(dev)?.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1));
    Ok(())
}

/// `hipCtxPushCurrent`.
pub fn push(ctx: Handle) -> HipResult<()> {
    let dev = device_of(ctx)?;
    backend().set_current_device(dev)?;
    with_stack(|s| s.push(dev));
    Ok(())
}

/// `hipCtxPopCurrent`: the context popped (`hipErrorInvalidContext` on an empty stack);
/// the one below, if any, becomes current.
pub fn pop() -> HipResult<Handle> {
    let (top, below) = with_stack(|s| (s.pop(), s.last().copied()));
    let top = top.ok_or(HipError::InvalidContext)?;
    if let Some(below) = below {
        backend().set_current_device(below)?;
    }
    handle(top)
}

/// `hipCtxSetCurrent`: replaces the top of the stack (NULL pops it).
pub fn set_current(ctx: Handle) -> HipResult<()> {
    if ctx.is_null() {
        with_stack(|s| s.pop());
        return Ok(());
    }
    let dev = device_of(ctx)?;
    backend().set_current_device(dev)?;
    with_stack(|s| {
        s.pop();
        s.push(dev);
    });
    Ok(())
}

/// The device of the calling thread's current context: its current device (pushing or
/// setting a context sets it; so does `hipSetDevice`, which in CUDA's terms replaces the
/// current context, so the two APIs always agree).
pub fn current_device() -> HipResult<usize> {
    backend().current_device()
}

/// `hipCtxGetCurrent`.
pub fn current() -> HipResult<Handle> {
    handle(current_device()?)
}

/// `hipDevicePrimaryCtxRetain`.
pub fn primary_retain(device: i32) -> HipResult<Handle> {
    let dev = backend().ordinal(device)?;
    let ctx = handle(dev)?;
    slot(dev)?.fetch_add(1, Ordering::Relaxed);
    Ok(ctx)
}

/// `hipDevicePrimaryCtxRelease` (releasing more than was retained is harmless, as in CLR).
pub fn primary_release(device: i32) -> HipResult<()> {
    let dev = backend().ordinal(device)?;
    release_count(dev)
}

/// `hipDevicePrimaryCtxGetState`: (flags, active). The context is active while retained
/// or while it is the calling thread's current one (the runtime API uses it).
pub fn primary_state(device: i32) -> HipResult<(u32, bool)> {
    let dev = backend().ordinal(device)?;
    let flags = backend().flags(dev)?;
    let active = slot(dev)?.load(Ordering::Relaxed) > 0 || current_device()? == dev;
    Ok((flags, active))
}

/// `hipDevicePrimaryCtxSetFlags`: the device flags (`hipDeviceSchedule*`, ...).
pub fn primary_set_flags(device: i32, flags: u32) -> HipResult<()> {
    let dev = backend().ordinal(device)?;
    backend().set_flags(dev, flags)
}

/// `hipDevicePrimaryCtxReset`: everything of the device destroyed (`hipDeviceReset`).
pub fn primary_reset(device: i32) -> HipResult<()> {
    let dev = backend().ordinal(device)?;
    backend().reset(dev)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handles_name_devices_and_nothing_else() {
        let h = handle(0).unwrap();
        assert_eq!(device_of(h), Ok(0));
        assert_eq!(
            device_of(std::ptr::null_mut()),
            Err(HipError::InvalidContext)
        );
        let bogus = (h as usize + 1) as Handle;
        assert_eq!(device_of(bogus), Err(HipError::InvalidContext));
        assert_eq!(handle(MAX_CONTEXT_DEVICES), Err(HipError::InvalidDevice));
    }

    #[test]
    fn push_pop_follow_the_stack() {
        let h = handle(0).unwrap();
        assert_eq!(pop(), Err(HipError::InvalidContext));
        push(h).unwrap();
        push(h).unwrap();
        assert_eq!(current(), Ok(h));
        assert_eq!(pop(), Ok(h));
        assert_eq!(pop(), Ok(h));
        assert_eq!(pop(), Err(HipError::InvalidContext));
        set_current(h).unwrap();
        set_current(std::ptr::null_mut()).unwrap();
        assert_eq!(pop(), Err(HipError::InvalidContext));
    }
}
