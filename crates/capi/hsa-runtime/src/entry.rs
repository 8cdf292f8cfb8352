//! The entry-point discipline, written once: panic containment, status mapping, the
//! initialisation check and pointer helpers.

use std::ffi::{c_char, c_void, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use hsa::core::info::InfoValue;
use hsa::core::runtime::{self, RuntimeState};
use hsa::{HsaError, HsaResult, Status};

use crate::types::hsa_status_t;

/// Runs an entry point's body: `Ok` → `HSA_STATUS_SUCCESS`, `Err(e)` → `e`'s status, a
/// panic → `HSA_STATUS_ERROR` (never unwinds into C).
pub fn guard(body: impl FnOnce() -> HsaResult<()>) -> Status {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => Status::SUCCESS,
        Ok(Err(e)) => e.0,
        Err(_) => Status::ERROR,
    }
}

/// Runs a value-returning entry point (signal and queue-index operations, which have no
/// status): a panic yields `fallback`.
pub fn guard_value<T>(fallback: T, body: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(body)).unwrap_or(fallback)
}

/// The initialised runtime, or `HSA_STATUS_ERROR_NOT_INITIALIZED`.
pub fn rt() -> HsaResult<Arc<RuntimeState>> {
    runtime::current()
}

/// `Err(INVALID_ARGUMENT)` for a NULL pointer or an address no process can map (no
/// syscall: cheap enough for every call).
pub fn non_null<T>(p: *const T) -> HsaResult<()> {
    if ferrocm_cabi::plausible_ptr(p) {
        Ok(())
    } else {
        Err(HsaError::ERROR_INVALID_ARGUMENT)
    }
}

/// `Err(INVALID_ARGUMENT)` unless `len` bytes at `p` are plausible and mapped (for the
/// buffers the runtime writes results into; not on hot paths: one `mincore`).
fn writable(p: *const c_void, len: usize) -> HsaResult<()> {
    let start = p as usize;
    match start.checked_add(len.max(1)) {
        Some(end) if ferrocm_cabi::plausible(start) && ferrocm_cabi::mapped(start, end) => Ok(()),
        _ => Err(HsaError::ERROR_INVALID_ARGUMENT),
    }
}

/// Writes a computed attribute into the caller's buffer.
///
/// # Safety
/// `out` must be NULL or unmapped (rejected) or valid for the attribute's documented type.
pub unsafe fn write_info(value: HsaResult<InfoValue>, out: *mut c_void) -> HsaResult<()> {
    non_null(out)?;
    let value = value?;
    writable(out, value.size())?;
    // SAFETY: mapped for the value's size, and the caller passed a buffer of the
    // attribute's documented type.
    unsafe { value.write_to(out) };
    Ok(())
}

/// Writes `value` to an out-pointer; NULL, impossible or unmapped ones are refused.
///
/// # Safety
/// `out` must be refused by the checks or valid for a write of `T`.
pub unsafe fn write_out<T>(out: *mut T, value: T) -> HsaResult<()> {
    writable(out.cast(), std::mem::size_of::<T>())?;
    // SAFETY: checked plausible and mapped; the caller guarantees validity.
    unsafe { out.write_unaligned(value) };
    Ok(())
}

/// Checks an out-pointer before work whose result it will receive (an allocation must
/// not be made, then lost, because the pointer for it is bad).
pub fn out_ok<T>(out: *mut T) -> HsaResult<()> {
    writable(out.cast(), std::mem::size_of::<T>())
}

/// Borrows a C array of `count` elements (NULL with count 0 is an empty slice); NULL, an
/// impossible address or an unmapped span (a garbage count) is refused.
///
/// # Safety
/// `ptr` must be refused by the checks or valid for reads of `count` elements.
pub unsafe fn slice<'a, T>(ptr: *const T, count: usize) -> HsaResult<&'a [T]> {
    if count == 0 {
        return Ok(&[]);
    }
    // SAFETY: the caller's contract.
    unsafe { ferrocm_cabi::mapped_array(ptr, count) }.ok_or(HsaError::ERROR_INVALID_ARGUMENT)
}

/// A NUL-terminated string; NULL or an impossible address is refused.
///
/// # Safety
/// `p` must be refused by the checks or point at a NUL-terminated string.
pub unsafe fn c_str<'a>(p: *const c_char) -> HsaResult<&'a CStr> {
    // SAFETY: the caller's contract.
    unsafe { ferrocm_cabi::c_str(p) }.ok_or(HsaError::ERROR_INVALID_ARGUMENT)
}

/// Calls an iteration callback for each item; a non-SUCCESS status stops and is returned.
pub fn iterate<I: IntoIterator>(
    items: I,
    mut call: impl FnMut(I::Item) -> hsa_status_t,
) -> HsaResult<()> {
    for item in items {
        let status = Status::from(call(item));
        if status != Status::SUCCESS {
            return Err(HsaError(status));
        }
    }
    Ok(())
}

/// Defines the implementations of entry points returning `hsa_status_t`; the body
/// evaluates to `HsaResult<()>`. They are exported (under the same names) by the one
/// declaration list, [`crate::exports`].
macro_rules! hsa_api {
    ($( $(#[$meta:meta])* fn $name:ident( $($arg:ident : $ty:ty),* $(,)? ) $body:block )*) => {
        $(
            $(#[$meta])*
            #[allow(clippy::too_many_arguments)]
            pub(crate) unsafe fn $name($($arg: $ty),*) -> $crate::types::hsa_status_t {
                $crate::entry::guard(|| -> hsa::HsaResult<()> { $body }).into()
            }
        )*
    };
}
