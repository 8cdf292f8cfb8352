//! Contexts: one primary context per device, retained once (on first use, as cudart does)
//! and never released (retained anew after `hipDeviceReset` destroyed it); made current on the calling thread only when the thread's cached
//! current context differs, so the hot path is a thread-local compare, not a driver call.
//!
//! The cache assumes that only this platform changes the calling thread's current context.
//! Code that calls `cuCtxSetCurrent`/`cuCtxPushCurrent`/`cuCtxPopCurrent` behind its back
//! (a `hipCtx*` entry point, a library using the driver API directly) must call
//! [`forget_current`] afterwards.

use std::cell::Cell;
use std::sync::atomic::{AtomicPtr, Ordering};
use std::sync::OnceLock;

use parking_lot::Mutex;

use super::cu;
use super::driver::{check, Driver};
use crate::device::DeviceProperties;
use crate::error::{HipError, HipResult};

/// Per-device state: the `CUdevice`, its primary context (retained on first use, and again
/// after a `hipDeviceReset` destroyed it) and its properties (read on first use).
pub(crate) struct DeviceSlot {
    pub(crate) device: cu::CUdevice,
    /// The retained primary context; null until retained (or after a reset).
    context: AtomicPtr<cu::CUctx_st>,
    /// Serialises retaining (the hot path only loads `context`).
    retain_lock: Mutex<()>,
    pub(crate) properties: OnceLock<HipResult<DeviceProperties>>,
}

impl DeviceSlot {
    pub(crate) fn new(device: cu::CUdevice) -> DeviceSlot {
        DeviceSlot {
            device,
            context: AtomicPtr::new(std::ptr::null_mut()),
            retain_lock: Mutex::new(()),
            properties: OnceLock::new(),
        }
    }

    /// The primary context, retained on first use: one atomic load once retained.
    #[inline]
    pub(crate) fn context(&self) -> HipResult<cu::CUcontext> {
        let c = self.context.load(Ordering::Acquire);
        if !c.is_null() {
            return Ok(c);
        }
        self.retain()
    }

    #[cold]
    fn retain(&self) -> HipResult<cu::CUcontext> {
        let _guard = self.retain_lock.lock();
        let c = self.context.load(Ordering::Acquire);
        if !c.is_null() {
            return Ok(c);
        }
        let mut ctx = std::ptr::null_mut();
        // SAFETY: the driver is initialised (a slot exists only then); out-parameter.
        check(unsafe { cu::cuDevicePrimaryCtxRetain(&mut ctx, self.device) })?;
        self.context.store(ctx, Ordering::Release);
        Ok(ctx)
    }

    /// The primary context if it has been retained already.
    pub(crate) fn context_if_retained(&self) -> Option<cu::CUcontext> {
        let c = self.context.load(Ordering::Acquire);
        (!c.is_null()).then_some(c)
    }

    /// After `cuDevicePrimaryCtxReset` destroyed the primary context: the next use
    /// retains it again (the driver creates a new one).
    pub(crate) fn forget_context(&self) {
        let _guard = self.retain_lock.lock();
        self.context.store(std::ptr::null_mut(), Ordering::Release);
    }
}

thread_local! {
    /// The context this thread made current last (null: unknown / none).
    static CURRENT: Cell<cu::CUcontext> = const { Cell::new(std::ptr::null_mut()) };
    /// `hipSetDevice`'s per-thread current device on this platform (0 until set).
    static CURRENT_DEVICE: Cell<usize> = const { Cell::new(0) };
}

/// The calling thread's current HIP device on this platform (`hipGetDevice`):
/// `hipErrorNoDevice` without a driver or device. A new thread starts on device 0.
#[inline]
pub fn current_device() -> HipResult<usize> {
    if Driver::require()?.device_count() == 0 {
        return Err(HipError::NoDevice);
    }
    Ok(CURRENT_DEVICE.with(Cell::get))
}

/// `hipSetDevice(dev)` for the calling thread: validates the ordinal, makes the device's
/// primary context current (retaining it on first use, as `cudaSetDevice` does) and
/// records the device.
pub fn set_current_device(dev: usize) -> HipResult<()> {
    let driver = Driver::require()?;
    if driver.device_count() == 0 {
        return Err(HipError::NoDevice);
    }
    driver.slot(dev)?;
    make_current(dev)?;
    CURRENT_DEVICE.with(|c| c.set(dev));
    Ok(())
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
