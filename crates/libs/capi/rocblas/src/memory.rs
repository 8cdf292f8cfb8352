//! rocBLAS's device-memory management API. The BLAS core needs no device workspace on either
//! backend (faer allocates its own scratch on the host; cuBLAS manages its own), so the
//! sizes queried are 0; what a program sets (a size, a workspace, a performance metric) is
//! recorded per handle and reported back, and a size query brackets calls as rocBLAS's does.

use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::LazyLock;

use blas::capi;
use blas::{BlasError, BlasResult};
use parking_lot::Mutex;

use crate::abi::*;

/// What a program told rocBLAS about a handle's device memory.
#[derive(Debug, Default, Clone, Copy)]
struct MemoryState {
    /// Inside `rocblas_start/stop_device_memory_size_query`.
    querying: bool,
    /// The largest size requested during the query (0: nothing needs device memory).
    queried: usize,
    /// Set by `rocblas_set_device_memory_size` or `rocblas_set_workspace`.
    size: usize,
    /// `rocblas_set_workspace` gave user-owned memory.
    user_owned: bool,
    metric: rocblas_performance_metric,
}

static STATES: LazyLock<Mutex<HashMap<usize, MemoryState>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

/// Runs `f` on `handle`'s state (`InvalidHandle` for a dead handle).
fn with<R>(handle: rocblas_handle, f: impl FnOnce(&mut MemoryState) -> R) -> BlasResult<R> {
    capi::handle(handle)?;
    Ok(f(STATES.lock().entry(handle as usize).or_default()))
}

/// Forgets a destroyed handle's state.
pub fn forget(handle: rocblas_handle) {
    STATES.lock().remove(&(handle as usize));
}

pub fn start_device_memory_size_query(handle: rocblas_handle) -> BlasResult<()> {
    with(handle, |s| {
        if s.querying {
            return Err(BlasError::InvalidValue);
        }
        s.querying = true;
        s.queried = 0;
        Ok(())
    })?
}

/// # Safety
/// `size` NULL or writable.
pub unsafe fn stop_device_memory_size_query(
    handle: rocblas_handle,
    size: *mut usize,
) -> BlasResult<()> {
    if !ferrocm_cabi::plausible_ptr(size) {
        return Err(BlasError::InvalidPointer);
    }
    let queried = with(handle, |s| {
        if !s.querying {
            return Err(BlasError::InvalidValue);
        }
        s.querying = false;
        Ok(s.queried)
    })??;
    // SAFETY: non-null; the caller's contract.
    unsafe { size.write_unaligned(queried) };
    Ok(())
}

pub fn is_device_memory_size_query(handle: rocblas_handle) -> bool {
    with(handle, |s| s.querying).unwrap_or(false)
}

/// `rocblas_set_optimal_device_memory_size_impl` (rocBLAS's internal helper): records a
/// requested size during a query.
pub fn set_optimal_device_memory_size(handle: rocblas_handle, count: usize) -> BlasResult<()> {
    with(handle, |s| {
        if s.querying {
            s.queried = s.queried.max(count);
        }
    })
}

/// # Safety
/// `size` NULL or writable.
pub unsafe fn get_device_memory_size(handle: rocblas_handle, size: *mut usize) -> BlasResult<()> {
    if !ferrocm_cabi::plausible_ptr(size) {
        return Err(BlasError::InvalidPointer);
    }
    let v = with(handle, |s| s.size)?;
    // SAFETY: non-null; the caller's contract.
    unsafe { size.write_unaligned(v) };
    Ok(())
}

pub fn set_device_memory_size(handle: rocblas_handle, size: usize) -> BlasResult<()> {
    with(handle, |s| {
        s.size = size;
        s.user_owned = false;
    })
}

/// `rocblas_set_workspace`: user-owned memory (NULL or size 0 gives management back).
pub fn set_workspace(handle: rocblas_handle, addr: *mut c_void, size: usize) -> BlasResult<()> {
    with(handle, |s| {
        s.user_owned = !addr.is_null() && size > 0;
        s.size = if s.user_owned { size } else { 0 };
    })
}

pub fn is_managing_device_memory(handle: rocblas_handle) -> bool {
    with(handle, |s| !s.user_owned).unwrap_or(false)
}

pub fn is_user_managing_device_memory(handle: rocblas_handle) -> bool {
    with(handle, |s| s.user_owned).unwrap_or(false)
}

pub fn set_performance_metric(
    handle: rocblas_handle,
    metric: rocblas_performance_metric,
) -> BlasResult<()> {
    if !(0..=2).contains(&metric) {
        return Err(BlasError::InvalidValue);
    }
    with(handle, |s| s.metric = metric)
}

/// # Safety
/// `metric` NULL or writable.
pub unsafe fn get_performance_metric(
    handle: rocblas_handle,
    metric: *mut rocblas_performance_metric,
) -> BlasResult<()> {
    if !ferrocm_cabi::plausible_ptr(metric) {
        return Err(BlasError::InvalidPointer);
    }
    let v = with(handle, |s| s.metric)?;
    // SAFETY: non-null; the caller's contract.
    unsafe { metric.write_unaligned(v) };
    Ok(())
}

/// `rocblas_device_malloc_success`: rocBLAS's internal allocator (`rocblas_device_malloc_alloc`)
/// is not provided, so no allocation object ever holds memory.
pub fn device_malloc_success(_ptr: *mut c_void) -> bool {
    false
}

/// `rocblas_device_malloc_set_default_memory_size`: nothing is preallocated.
pub fn device_malloc_set_default_memory_size(_size: usize) {}
