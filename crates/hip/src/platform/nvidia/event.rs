//! Events: HIP events are the driver's `CUevent`s.

use super::context::make_current;
use super::cu;
use super::driver::{check, Driver};
use super::handles::LiveHandles;
use crate::error::{HipError, HipResult};

/// The events [`create`] made and [`destroy`] has not destroyed (see [`super::handles`]).
static LIVE: LiveHandles = LiveHandles::new();
/// The live events made with `hipEventInterprocess` (or opened from another process): the
/// ones `hipIpcGetEventHandle` accepts.
static INTERPROCESS: LiveHandles = LiveHandles::new();

/// `hipEventBlockingSync` / `CU_EVENT_BLOCKING_SYNC`.
pub const EVENT_BLOCKING_SYNC: u32 = 0x1;
/// `hipEventDisableTiming` / `CU_EVENT_DISABLE_TIMING`.
pub const EVENT_DISABLE_TIMING: u32 = 0x2;
/// `hipEventInterprocess` / `CU_EVENT_INTERPROCESS` (needs `hipEventDisableTiming`).
pub const EVENT_INTERPROCESS: u32 = 0x4;
/// AMD-only release/fence scopes (`hipEventDisableSystemFence`,
/// `hipEventReleaseToDevice`, `hipEventReleaseToSystem`): accepted, no effect here.
const EVENT_AMD_SCOPES: u32 = 0x2000_0000 | 0x4000_0000 | 0x8000_0000;

/// `hipEventCreateWithFlags(flags)` on device `dev` (`hipEventCreate`: flags 0).
pub fn create(dev: usize, flags: u32) -> HipResult<cu::CUevent> {
    let cuda = EVENT_BLOCKING_SYNC | EVENT_DISABLE_TIMING | EVENT_INTERPROCESS;
    if flags & !(cuda | EVENT_AMD_SCOPES) != 0 {
        return Err(HipError::InvalidValue);
    }
    make_current(dev)?;
    let mut e = std::ptr::null_mut();
    // SAFETY: a context is current; out-parameter.
    check(unsafe { cu::cuEventCreate(&mut e, flags & cuda) })?;
    LIVE.insert(e as usize, dev);
    if flags & EVENT_INTERPROCESS != 0 {
        INTERPROCESS.insert(e as usize, dev);
    }
    Ok(e)
}

/// `e` itself if it is a live event made by [`create`], else `hipErrorInvalidHandle`
/// (null, destroyed, or never a HIP event).
#[inline]
pub fn checked(e: cu::CUevent) -> HipResult<cu::CUevent> {
    if LIVE.contains(e as usize) {
        Ok(e)
    } else {
        Err(HipError::InvalidHandle)
    }
}

/// Makes `e`, an event the driver gave this process another way (`cuIpcOpenEventHandle`),
/// a live HIP event of device `dev`.
pub(crate) fn adopt(e: cu::CUevent, dev: usize) {
    LIVE.insert(e as usize, dev);
    INTERPROCESS.insert(e as usize, dev);
}

/// Whether live event `e` was made with `hipEventInterprocess` (or opened from another
/// process).
pub(crate) fn is_interprocess(e: cu::CUevent) -> bool {
    INTERPROCESS.contains(e as usize)
}

/// Forgets device `dev`'s events: a device reset destroyed them.
pub(crate) fn forget_device(dev: usize) {
    LIVE.forget_device(dev);
    INTERPROCESS.forget_device(dev);
}

/// `hipEventRecord(e, s)`.
///
/// # Safety
/// `e` must be a live event, `s` a live stream or a default stream, of the same device.
pub unsafe fn record(dev: usize, e: cu::CUevent, s: cu::CUstream) -> HipResult<()> {
    if e.is_null() {
        return Err(HipError::InvalidHandle);
    }
    make_current(dev)?;
    // SAFETY: the caller guarantees both handles.
    check(unsafe { cu::cuEventRecord(e, s) })
}

/// `hipEventRecordWithFlags(e, s, flags)` (`hipEventRecordDefault` 0,
/// `hipEventRecordExternal` 1, as `CU_EVENT_RECORD_*`).
///
/// # Safety
/// As for [`record`].
pub unsafe fn record_with_flags(
    dev: usize,
    e: cu::CUevent,
    s: cu::CUstream,
    flags: u32,
) -> HipResult<()> {
    if e.is_null() {
        return Err(HipError::InvalidHandle);
    }
    if flags > 1 {
        return Err(HipError::InvalidValue);
    }
    make_current(dev)?;
    // SAFETY: the caller guarantees both handles.
    check(unsafe { cu::cuEventRecordWithFlags(e, s, flags) })
}

/// `hipEventSynchronize`: waits for the work the event last recorded (at once if it was
/// never recorded).
///
/// # Safety
/// `e` must be a live event.
pub unsafe fn synchronize(dev: usize, e: cu::CUevent) -> HipResult<()> {
    if e.is_null() {
        return Err(HipError::InvalidHandle);
    }
    make_current(dev)?;
    // SAFETY: the caller guarantees the handle.
    check(unsafe { cu::cuEventSynchronize(e) })
}

/// `hipEventQuery`: `Ok` when the recorded work is done (or nothing was recorded),
/// `hipErrorNotReady` otherwise.
///
/// # Safety
/// `e` must be a live event.
pub unsafe fn query(dev: usize, e: cu::CUevent) -> HipResult<()> {
    if e.is_null() {
        return Err(HipError::InvalidHandle);
    }
    make_current(dev)?;
    // SAFETY: the caller guarantees the handle.
    check(unsafe { cu::cuEventQuery(e) })
}

/// `hipEventElapsedTime(start, stop)` in milliseconds: `hipErrorInvalidHandle` if either
/// was not recorded or has timing disabled, `hipErrorNotReady` if either is not complete.
///
/// # Safety
/// Both must be live events.
pub unsafe fn elapsed_time(dev: usize, start: cu::CUevent, stop: cu::CUevent) -> HipResult<f32> {
    if start.is_null() || stop.is_null() {
        return Err(HipError::InvalidHandle);
    }
    make_current(dev)?;
    let mut ms = 0f32;
    // SAFETY: the caller guarantees both handles; out-parameter.
    check(unsafe { Driver::require()?.event_elapsed_time(&mut ms, start, stop) })?;
    Ok(ms)
}

/// `hipEventDestroy` (a pending record still completes).
///
/// # Safety
/// `e` must be a live event; it must not be used afterwards.
pub unsafe fn destroy(dev: usize, e: cu::CUevent) -> HipResult<()> {
    if !LIVE.remove(e as usize) {
        return Err(HipError::InvalidHandle);
    }
    INTERPROCESS.remove(e as usize);
    make_current(dev)?;
    // SAFETY: a live event (just checked), no longer handed to anyone.
    check(unsafe { cu::cuEventDestroy_v2(e) })
}
