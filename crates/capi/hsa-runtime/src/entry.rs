//! The entry-point discipline, written once: panic containment, status mapping, the
//! initialisation check and pointer helpers.

use std::ffi::c_void;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use hsa::core::info::InfoValue;
use hsa::core::runtime::{self, RuntimeState};
use hsa::{HsaError, HsaResult, Status};

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

/// `Err(INVALID_ARGUMENT)` for a NULL pointer.
pub fn non_null<T>(p: *const T) -> HsaResult<()> {
    if p.is_null() {
        Err(HsaError::ERROR_INVALID_ARGUMENT)
    } else {
        Ok(())
    }
}

/// Writes a computed attribute into the caller's buffer.
///
/// # Safety
/// `out` must be NULL (rejected) or valid for the attribute's documented type.
pub unsafe fn write_info(value: HsaResult<InfoValue>, out: *mut c_void) -> HsaResult<()> {
    non_null(out)?;
    let value = value?;
    // SAFETY: non-null, and the caller passed a buffer of the attribute's documented type.
    unsafe { value.write_to(out) };
    Ok(())
}

/// Writes `value` to a non-NULL out-pointer.
///
/// # Safety
/// `out` must be NULL (rejected) or valid for a write of `T`.
pub unsafe fn write_out<T>(out: *mut T, value: T) -> HsaResult<()> {
    non_null(out)?;
    // SAFETY: checked non-null; the caller guarantees validity.
    unsafe { out.write_unaligned(value) };
    Ok(())
}

/// Borrows a C array of `count` elements (NULL with count 0 is an empty slice).
///
/// # Safety
/// `ptr` must be NULL or valid for reads of `count` elements.
pub unsafe fn slice<'a, T>(ptr: *const T, count: usize) -> HsaResult<&'a [T]> {
    if count == 0 {
        return Ok(&[]);
    }
    non_null(ptr)?;
    // SAFETY: non-null and the caller guarantees `count` readable elements.
    Ok(unsafe { std::slice::from_raw_parts(ptr, count) })
}

/// Calls an iteration callback for each item; a non-SUCCESS status stops and is returned.
pub fn iterate<I: IntoIterator>(
    items: I,
    mut call: impl FnMut(I::Item) -> Status,
) -> HsaResult<()> {
    for item in items {
        let status = call(item);
        if status != Status::SUCCESS {
            return Err(HsaError(status));
        }
    }
    Ok(())
}

/// Defines `#[no_mangle] extern "C"` entry points returning `hsa_status_t`; the body
/// evaluates to `HsaResult<()>`.
macro_rules! hsa_api {
    ($( $(#[$meta:meta])* fn $name:ident( $($arg:ident : $ty:ty),* $(,)? ) $body:block )*) => {
        $(
            $(#[$meta])*
            #[no_mangle]
            pub unsafe extern "C" fn $name($($arg: $ty),*) -> hsa::Status {
                $crate::entry::guard(|| -> hsa::HsaResult<()> { $body })
            }
        )*
    };
}
