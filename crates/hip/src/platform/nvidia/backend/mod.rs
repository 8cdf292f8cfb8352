//! [`Nvidia`]: the backend traits over the driver-level functions of `platform::nvidia`.
//! Handles are the driver's own (`hipStream_t` is a `CUstream`, `hipEvent_t` a `CUevent`);
//! stream and event handles are checked against the live sets before they reach the driver.

use std::ffi::c_void;

use super::{cu, event, stream};
use crate::error::{HipError, HipResult};

mod device;
mod external;

pub(crate) use external::forget_device as forget_external_objects;
mod graph;
mod ipc;
mod launch;
mod memory;
mod mempool;
mod module;
mod multidev;
mod streams;
mod texture;
mod vmm;

/// The NVIDIA platform's backend.
#[derive(Debug, Clone, Copy)]
pub struct Nvidia;

/// A device ordinal from C: `hipErrorNoDevice` without devices, `hipErrorInvalidDevice`
/// out of range.
pub fn ordinal(device: i32) -> HipResult<usize> {
    let n = super::device_count();
    if n == 0 {
        return Err(HipError::NoDevice);
    }
    match usize::try_from(device) {
        Ok(d) if d < n => Ok(d),
        _ => Err(HipError::InvalidDevice),
    }
}

/// `hipStream_t` → `CUstream`, checked: a default stream or a live stream this platform
/// created, else `hipErrorInvalidHandle` (destroyed or bogus handles never reach the
/// driver, which would crash on them).
#[inline(always)]
pub fn live_stream(s: *mut c_void) -> HipResult<cu::CUstream> {
    stream::checked(s.cast())
}

/// `hipEvent_t` → `CUevent`, checked: a live event this platform created.
#[inline(always)]
pub fn live_event(e: *mut c_void) -> HipResult<cu::CUevent> {
    event::checked(e.cast())
}
