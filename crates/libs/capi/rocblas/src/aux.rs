//! rocBLAS's auxiliary functions: handles, streams, modes, status strings, version.

use std::ffi::{c_char, c_void};

use blas::capi;
use blas::{BlasError, BlasResult, PointerMode};

use crate::abi::*;

/// Writes `v` through a non-NULL out-pointer (`InvalidPointer` for NULL).
///
/// # Safety
/// `out` NULL or writable.
unsafe fn write<T>(out: *mut T, v: T) -> BlasResult<()> {
    // SAFETY: written only if plausible; the caller's contract.
    if unsafe { ferrocm_cabi::write(out, v) } {
        Ok(())
    } else {
        Err(BlasError::InvalidPointer)
    }
}

/// # Safety
/// `handle` NULL or writable.
pub unsafe fn create_handle(handle: *mut rocblas_handle) -> BlasResult<()> {
    if !ferrocm_cabi::plausible_ptr(handle) {
        return Err(BlasError::HandleIsNull);
    }
    let h = capi::create_handle()?;
    // SAFETY: checked above.
    unsafe { write(handle, h) }
}

pub fn destroy_handle(handle: rocblas_handle) -> BlasResult<()> {
    capi::destroy_handle(handle)?;
    crate::memory::forget(handle);
    Ok(())
}

pub fn set_stream(handle: rocblas_handle, stream: hipStream_t) -> BlasResult<()> {
    capi::handle(handle)?.set_stream(stream as u64);
    Ok(())
}

/// # Safety
/// `stream` NULL or writable.
pub unsafe fn get_stream(handle: rocblas_handle, stream: *mut hipStream_t) -> BlasResult<()> {
    let h = capi::handle(handle)?;
    // SAFETY: the caller's contract.
    unsafe { write(stream, h.stream() as usize as hipStream_t) }
}

pub fn set_pointer_mode(handle: rocblas_handle, mode: rocblas_pointer_mode) -> BlasResult<()> {
    let h = capi::handle(handle)?;
    h.set_pointer_mode(PointerMode::from_c(mode)?);
    Ok(())
}

/// # Safety
/// `mode` NULL or writable.
pub unsafe fn get_pointer_mode(
    handle: rocblas_handle,
    mode: *mut rocblas_pointer_mode,
) -> BlasResult<()> {
    let h = capi::handle(handle)?;
    // SAFETY: the caller's contract.
    unsafe { write(mode, h.pointer_mode().to_c()) }
}

pub fn set_atomics_mode(handle: rocblas_handle, mode: rocblas_atomics_mode) -> BlasResult<()> {
    let h = capi::handle(handle)?;
    if !(0..=1).contains(&mode) {
        return Err(BlasError::InvalidValue);
    }
    h.set_atomics_mode(mode);
    Ok(())
}

/// # Safety
/// `mode` NULL or writable.
pub unsafe fn get_atomics_mode(
    handle: rocblas_handle,
    mode: *mut rocblas_atomics_mode,
) -> BlasResult<()> {
    let h = capi::handle(handle)?;
    // SAFETY: the caller's contract.
    unsafe { write(mode, h.atomics_mode()) }
}

pub fn set_math_mode(handle: rocblas_handle, mode: rocblas_math_mode) -> BlasResult<()> {
    let h = capi::handle(handle)?;
    // rocblas_default_math (0), rocblas_xf32_xdl_math_op (1): fp32 stays fp32 on the CPU.
    if !(0..=1).contains(&mode) {
        return Err(BlasError::InvalidValue);
    }
    h.set_math_mode(mode);
    Ok(())
}

/// # Safety
/// `mode` NULL or writable.
pub unsafe fn get_math_mode(
    handle: rocblas_handle,
    mode: *mut rocblas_math_mode,
) -> BlasResult<()> {
    let h = capi::handle(handle)?;
    // SAFETY: the caller's contract.
    unsafe { write(mode, h.math_mode()) }
}

const VERSION: &str = concat!("ferrocm rocBLAS 4.3.0 (", env!("CARGO_PKG_VERSION"), ")\0");

/// # Safety
/// `buf` valid for `len` bytes.
pub unsafe fn get_version_string(buf: *mut c_char, len: usize) -> BlasResult<()> {
    if !ferrocm_cabi::plausible_ptr(buf) {
        return Err(BlasError::InvalidPointer);
    }
    if len < VERSION.len() {
        return Err(BlasError::InvalidSize);
    }
    // SAFETY: `len` bytes fit the string and its NUL.
    unsafe { std::ptr::copy_nonoverlapping(VERSION.as_ptr(), buf as *mut u8, VERSION.len()) };
    Ok(())
}

/// # Safety
/// `len` NULL or writable.
pub unsafe fn get_version_string_size(len: *mut usize) -> BlasResult<()> {
    // SAFETY: the caller's contract.
    unsafe { write(len, VERSION.len()) }
}

/// `rocblas_status_to_string`: the enumerator's name.
pub fn status_to_string(status: rocblas_status) -> *const c_char {
    let s: &'static std::ffi::CStr = match status {
        0 => c"rocblas_status_success",
        1 => c"rocblas_status_invalid_handle",
        2 => c"rocblas_status_not_implemented",
        3 => c"rocblas_status_invalid_pointer",
        4 => c"rocblas_status_invalid_size",
        5 => c"rocblas_status_memory_error",
        6 => c"rocblas_status_internal_error",
        7 => c"rocblas_status_perf_degraded",
        8 => c"rocblas_status_size_query_mismatch",
        9 => c"rocblas_status_size_increased",
        10 => c"rocblas_status_size_unchanged",
        11 => c"rocblas_status_invalid_value",
        12 => c"rocblas_status_continue",
        13 => c"rocblas_status_check_numerics_fail",
        14 => c"rocblas_status_excluded_from_build",
        15 => c"rocblas_status_arch_mismatch",
        _ => c"Invalid status",
    };
    s.as_ptr()
}

/// `rocblas_initialize`: nothing to load ahead of time (no kernel library).
pub fn initialize() {}

/// `rocblas_pointer_to_mode`: host memory on the CPU platform is also device memory;
/// without a runtime query every pointer is reported as a host pointer.
pub fn pointer_to_mode(_ptr: *mut c_void) -> rocblas_pointer_mode {
    PointerMode::Host.to_c()
}

/// `rocblas_abort`: rocBLAS's fatal-error exit.
pub fn abort() {
    std::process::abort()
}
