//! Contexts: one primary context per device, retained once (on first use, as cudart does)
//! and never released; made current on the calling thread only when the thread's cached
//! current context differs, so the hot path is a thread-local compare, not a driver call.
//!
//! The cache assumes that only this platform changes the calling thread's current context.
//! Code that calls `cuCtxSetCurrent`/`cuCtxPushCurrent`/`cuCtxPopCurrent` behind its back
//! (a `hipCtx*` entry point, a library using the driver API directly) must call
//! [`forget_current`] afterwards.

use std::cell::Cell;
use std::sync::OnceLock;

use super::cu;
use super::driver::{check, Driver};
use crate::device::DeviceProperties;
use crate::error::{HipError, HipResult};

/// A `CUcontext` that may be shared between threads (the driver's contexts are).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct SharedContext(cu::CUcontext);

// SAFETY: a CUDA context handle is an opaque token the driver lets any thread use.
unsafe impl Send for SharedContext {}
// SAFETY: as above; the handle is never dereferenced on our side.
unsafe impl Sync for SharedContext {}

/// Per-device state: the `CUdevice`, its primary context (retained on first use) and its
/// properties (read on first use).
pub(crate) struct DeviceSlot {
    pub(crate) device: cu::CUdevice,
    context: OnceLock<HipResult<SharedContext>>,
    pub(crate) properties: OnceLock<HipResult<DeviceProperties>>,
}

impl DeviceSlot {
    pub(crate) fn new(device: cu::CUdevice) -> DeviceSlot {
        DeviceSlot {
            device,
            context: OnceLock::new(),
            properties: OnceLock::new(),
        }
    }

    /// The primary context, retained on first use.
    #[inline]
    pub(crate) fn context(&self) -> HipResult<cu::CUcontext> {
        self.context
            .get_or_init(|| {
                let mut ctx = std::ptr::null_mut();
                // SAFETY: the driver is initialised (a slot exists only then); out-parameter.
                check(unsafe { cu::cuDevicePrimaryCtxRetain(&mut ctx, self.device) })?;
                Ok(SharedContext(ctx))
            })
            .map(|c| c.0)
    }

    /// The primary context if it has been retained already.
    pub(crate) fn context_if_retained(&self) -> Option<cu::CUcontext> {
        match self.context.get() {
            Some(Ok(c)) => Some(c.0),
            _ => None,
        }
    }
}

thread_local! {
    /// The context this thread made current last (null: unknown / none).
    static CURRENT: Cell<cu::CUcontext> = const { Cell::new(std::ptr::null_mut()) };
}

/// Makes device `dev`'s primary context current on the calling thread (retaining it on
/// first use) and returns it. When the thread's cached current context already is that
/// one, no driver call is made.
///
/// Errors: `hipErrorNoDevice` without a driver, `hipErrorInvalidDevice` for an ordinal out
/// of range, or what `cuDevicePrimaryCtxRetain`/`cuCtxSetCurrent` report.
#[inline]
pub fn make_current(dev: usize) -> HipResult<cu::CUcontext> {
    let ctx = Driver::require()?.slot(dev)?.context()?;
    if CURRENT.with(Cell::get) != ctx {
        set_current_slow(ctx)?;
    }
    Ok(ctx)
}

#[cold]
fn set_current_slow(ctx: cu::CUcontext) -> HipResult<()> {
    // SAFETY: `ctx` is a retained primary context (valid for the life of the process).
    check(unsafe { cu::cuCtxSetCurrent(ctx) })?;
    CURRENT.with(|c| c.set(ctx));
    Ok(())
}

/// Forgets the calling thread's cached current context, so that the next
/// [`make_current`] calls `cuCtxSetCurrent` again. Call it after anything changed the
/// thread's current context without going through this module.
pub fn forget_current() {
    CURRENT.with(|c| c.set(std::ptr::null_mut()));
}

/// Device `dev`'s primary context (retained on first use) without making it current.
pub fn primary_context(dev: usize) -> HipResult<cu::CUcontext> {
    Driver::require()?.slot(dev)?.context()
}

/// The device ordinal (index among the driver's devices) whose primary context is `ctx`,
/// among the contexts retained so far; `hipErrorInvalidContext` if none.
pub fn device_of_context(ctx: cu::CUcontext) -> HipResult<usize> {
    let driver = Driver::require()?;
    driver
        .devices
        .iter()
        .position(|s| s.context_if_retained() == Some(ctx))
        .ok_or(HipError::InvalidContext)
}

/// The `CUdevice` of ordinal `dev`.
pub fn cu_device(dev: usize) -> HipResult<cu::CUdevice> {
    Ok(Driver::require()?.slot(dev)?.device)
}
