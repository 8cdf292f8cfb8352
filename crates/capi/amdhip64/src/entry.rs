//! The entry-point discipline, written once: panic containment, the per-thread last error,
//! pointer helpers.

use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};

use hip::{HipError, HipResult};

/// `hipError_t`
pub type HipErrorT = u32;
pub const HIP_SUCCESS: HipErrorT = 0;

thread_local! {
    /// HIP's last error, per host thread.
    static LAST_ERROR: Cell<HipErrorT> = const { Cell::new(HIP_SUCCESS) };
}

/// Runs an entry point: `Ok` → `hipSuccess`; `Err(e)` → `e`'s code, also recorded as the
/// thread's last error (except `hipErrorNotReady`, which is a status rather than an error: a
/// polling loop over `hipStreamQuery` must not leave it behind, as in CUDA); a panic →
/// `hipErrorUnknown` (never unwinds into C).
pub fn api(body: impl FnOnce() -> HipResult<()>) -> HipErrorT {
    let code = match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => HIP_SUCCESS,
        Ok(Err(e)) => e.code(),
        Err(_) => HipError::Unknown.code(),
    };
    if code != HIP_SUCCESS && code != HipError::NotReady.code() {
        set_last_error(code);
    }
    code
}

pub fn set_last_error(code: HipErrorT) {
    LAST_ERROR.with(|c| c.set(code));
}

/// `hipGetLastError` (reset) / `hipPeekAtLastError` (keep).
pub fn last_error(reset: bool) -> HipErrorT {
    LAST_ERROR.with(|c| {
        let v = c.get();
        if reset {
            c.set(HIP_SUCCESS);
        }
        v
    })
}

/// `Err(InvalidValue)` for a NULL pointer.
pub fn non_null<T>(p: *const T) -> HipResult<()> {
    if p.is_null() {
        Err(HipError::InvalidValue)
    } else {
        Ok(())
    }
}

/// Writes `value` to a non-NULL out-pointer.
///
/// # Safety
/// `out` must be NULL (rejected) or valid for a write of `T`.
pub unsafe fn write_out<T>(out: *mut T, value: T) -> HipResult<()> {
    non_null(out)?;
    // SAFETY: checked non-null; the caller guarantees validity.
    unsafe { out.write_unaligned(value) };
    Ok(())
}

/// The current device of the calling thread (starting the runtime if needed).
pub fn current_device() -> HipResult<usize> {
    hip::Runtime::get()?.current_device()
}

/// A device ordinal from C (`hipErrorInvalidDevice` when out of range).
pub fn device_ordinal(device: i32) -> HipResult<usize> {
    let rt = hip::Runtime::get()?;
    if rt.device_count() == 0 {
        return Err(HipError::NoDevice);
    }
    let ordinal = usize::try_from(device).map_err(|_| HipError::InvalidDevice)?;
    rt.device(ordinal)?;
    Ok(ordinal)
}

/// `dim3`
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dim3 {
    pub x: u32,
    pub y: u32,
    pub z: u32,
}

impl Dim3 {
    pub fn to_array(self) -> [u32; 3] {
        [self.x, self.y, self.z]
    }
}

/// Copies `s` into a C buffer of `len` bytes, NUL-terminated and truncated if needed.
///
/// # Safety
/// `buf` must be valid for `len` bytes.
pub unsafe fn write_c_string(buf: *mut u8, len: usize, s: &str) {
    if len == 0 {
        return;
    }
    let n = s.len().min(len - 1);
    // SAFETY: `n + 1 <= len` bytes fit the caller's buffer.
    unsafe {
        std::ptr::copy_nonoverlapping(s.as_ptr(), buf, n);
        *buf.add(n) = 0;
    }
}
