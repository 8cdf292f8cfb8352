//! What is left of the NVIDIA branches in the C ABI: the module, launch and compiler-ABI
//! entry points still test the platform here until they move behind the backend traits
//! (`hip::backend`), as devices, streams, events, memory, pools and graphs have. On NVIDIA
//! the C handles are the driver's own, cast: `hipStream_t` is a `CUstream`, `hipModule_t` a
//! `CUmodule`, `hipFunction_t` a `CUfunction`.

use std::ffi::c_void;

use hip::platform::nvidia;
use hip::platform::{self, Platform};
use hip::HipResult;

/// Whether this process runs on the NVIDIA platform.
#[inline(always)]
pub fn active() -> bool {
    platform::current() == Platform::Nvidia
}

/// The calling thread's current device (`hipErrorNoDevice` without one).
#[inline]
pub fn device() -> HipResult<usize> {
    nvidia::current_device()
}

/// `hipStream_t` → `CUstream` (the special values 0, 1, 2 are the driver's too), checked:
/// a default stream or a live stream this platform created, else `hipErrorInvalidHandle` (destroyed or bogus handles never reach the
/// driver, which would crash on them).
#[inline(always)]
pub fn live_stream(s: *mut c_void) -> HipResult<nvidia::Stream> {
    nvidia::stream::checked(s.cast())
}

/// `hipModule_t` → `CUmodule`.
#[inline(always)]
pub fn module(m: *mut c_void) -> nvidia::Module {
    m.cast()
}

/// `hipFunction_t` → `CUfunction`.
#[inline(always)]
pub fn function(f: *mut c_void) -> nvidia::Function {
    f.cast()
}
