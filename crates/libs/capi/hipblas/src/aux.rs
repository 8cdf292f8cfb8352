//! hipBLAS's auxiliary functions: handles, streams, modes, status strings.

use std::ffi::c_char;

use blas::capi;
use blas::{BlasError, BlasResult, PointerMode};

use crate::abi::*;

/// Writes `v` through a non-NULL out-pointer (`HIPBLAS_STATUS_INVALID_VALUE` for NULL).
///
/// # Safety
/// `out` NULL or writable.
unsafe fn write<T>(out: *mut T, v: T) -> BlasResult<()> {
    // SAFETY: written only if plausible; the caller's contract.
    if unsafe { ferrocm_cabi::write(out, v) } {
        Ok(())
    } else {
        Err(BlasError::InvalidValue)
    }
}

/// `hipblasCreate`: `HIPBLAS_STATUS_HANDLE_IS_NULLPTR` for a NULL out-pointer (reported
/// directly: the core has no such status).
///
/// # Safety
/// `handle` NULL or writable.
pub unsafe fn create(handle: *mut hipblasHandle_t) -> BlasResult<()> {
    if !ferrocm_cabi::plausible_ptr(handle) {
        return Err(BlasError::HandleIsNull);
    }
    let h = capi::create_handle()?;
    // SAFETY: checked above.
    unsafe { write(handle, h) }
}

pub fn destroy(handle: hipblasHandle_t) -> BlasResult<()> {
    capi::destroy_handle(handle)
}

pub fn set_stream(handle: hipblasHandle_t, stream: hipStream_t) -> BlasResult<()> {
    capi::handle(handle)?.set_stream(stream as u64);
    Ok(())
}

/// # Safety
/// `stream` NULL or writable.
pub unsafe fn get_stream(handle: hipblasHandle_t, stream: *mut hipStream_t) -> BlasResult<()> {
    let h = capi::handle(handle)?;
    // SAFETY: the caller's contract.
    unsafe { write(stream, h.stream() as usize as hipStream_t) }
}

pub fn set_pointer_mode(handle: hipblasHandle_t, mode: hipblasPointerMode_t) -> BlasResult<()> {
    let h = capi::handle(handle)?;
    h.set_pointer_mode(PointerMode::from_c(mode)?);
    Ok(())
}

/// # Safety
/// `mode` NULL or writable.
pub unsafe fn get_pointer_mode(
    handle: hipblasHandle_t,
    mode: *mut hipblasPointerMode_t,
) -> BlasResult<()> {
    let h = capi::handle(handle)?;
    // SAFETY: the caller's contract.
    unsafe { write(mode, h.pointer_mode().to_c()) }
}

pub fn set_atomics_mode(handle: hipblasHandle_t, mode: hipblasAtomicsMode_t) -> BlasResult<()> {
    let h = capi::handle(handle)?;
    if !(0..=1).contains(&mode) {
        return Err(BlasError::InvalidEnum(mode));
    }
    h.set_atomics_mode(mode);
    Ok(())
}

/// # Safety
/// `mode` NULL or writable.
pub unsafe fn get_atomics_mode(
    handle: hipblasHandle_t,
    mode: *mut hipblasAtomicsMode_t,
) -> BlasResult<()> {
    let h = capi::handle(handle)?;
    // SAFETY: the caller's contract.
    unsafe { write(mode, h.atomics_mode()) }
}

/// `hipblasSetMathMode`: any `hipblasMath_t` (0-5) is accepted and reported back; the
/// CPU backend computes in the precision of the data whatever the mode.
pub fn set_math_mode(handle: hipblasHandle_t, mode: hipblasMath_t) -> BlasResult<()> {
    let h = capi::handle(handle)?;
    if !(0..=5).contains(&mode) {
        return Err(BlasError::InvalidEnum(mode));
    }
    h.set_math_mode(mode);
    Ok(())
}

/// # Safety
/// `mode` NULL or writable.
pub unsafe fn get_math_mode(handle: hipblasHandle_t, mode: *mut hipblasMath_t) -> BlasResult<()> {
    let h = capi::handle(handle)?;
    // SAFETY: the caller's contract.
    unsafe { write(mode, h.math_mode()) }
}

/// `hipblasStatusToString`: the enumerator's name.
pub fn status_to_string(status: hipblasStatus_t) -> *const c_char {
    let s: &'static std::ffi::CStr = match status {
        0 => c"HIPBLAS_STATUS_SUCCESS",
        1 => c"HIPBLAS_STATUS_NOT_INITIALIZED",
        2 => c"HIPBLAS_STATUS_ALLOC_FAILED",
        3 => c"HIPBLAS_STATUS_INVALID_VALUE",
        4 => c"HIPBLAS_STATUS_MAPPING_ERROR",
        5 => c"HIPBLAS_STATUS_EXECUTION_FAILED",
        6 => c"HIPBLAS_STATUS_INTERNAL_ERROR",
        7 => c"HIPBLAS_STATUS_NOT_SUPPORTED",
        8 => c"HIPBLAS_STATUS_ARCH_MISMATCH",
        9 => c"HIPBLAS_STATUS_HANDLE_IS_NULLPTR",
        10 => c"HIPBLAS_STATUS_INVALID_ENUM",
        11 => c"HIPBLAS_STATUS_UNKNOWN",
        _ => c"<undefined hipblasStatus_t value>",
    };
    s.as_ptr()
}
