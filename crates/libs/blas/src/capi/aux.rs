//! `set/get_vector`, `set/get_matrix` (+ `_async`), shared by both libraries (a set and a
//! get are the same strided copy: the pointers say which side is the device).

use std::ffi::c_void;

use super::CInt;
use crate::error::BlasResult;
use crate::ops::aux::{copy_matrix, copy_vector};

/// # Safety
/// BLAS's contract for `rocblas_set_vector`.
pub unsafe fn set_vector<I: CInt>(
    n: I,
    elem_size: I,
    x: *const c_void,
    incx: I,
    y: *mut c_void,
    incy: I,
) -> BlasResult<()> {
    // SAFETY: forwarded.
    unsafe {
        copy_vector(
            n.into(),
            elem_size.into(),
            x.cast(),
            incx.into(),
            y.cast(),
            incy.into(),
            None,
        )
    }
}

/// # Safety
/// BLAS's contract for `rocblas_set_vector_async`.
#[allow(clippy::too_many_arguments)]
pub unsafe fn set_vector_async<I: CInt>(
    n: I,
    elem_size: I,
    x: *const c_void,
    incx: I,
    y: *mut c_void,
    incy: I,
    stream: *mut c_void,
) -> BlasResult<()> {
    // SAFETY: forwarded.
    unsafe {
        copy_vector(
            n.into(),
            elem_size.into(),
            x.cast(),
            incx.into(),
            y.cast(),
            incy.into(),
            Some(stream as u64),
        )
    }
}

/// # Safety
/// BLAS's contract for `rocblas_set_matrix`.
#[allow(clippy::too_many_arguments)]
pub unsafe fn set_matrix<I: CInt>(
    rows: I,
    cols: I,
    elem_size: I,
    a: *const c_void,
    lda: I,
    b: *mut c_void,
    ldb: I,
) -> BlasResult<()> {
    // SAFETY: forwarded.
    unsafe {
        copy_matrix(
            rows.into(),
            cols.into(),
            elem_size.into(),
            a.cast(),
            lda.into(),
            b.cast(),
            ldb.into(),
            None,
        )
    }
}

/// # Safety
/// BLAS's contract for `rocblas_set_matrix_async`.
#[allow(clippy::too_many_arguments)]
pub unsafe fn set_matrix_async<I: CInt>(
    rows: I,
    cols: I,
    elem_size: I,
    a: *const c_void,
    lda: I,
    b: *mut c_void,
    ldb: I,
    stream: *mut c_void,
) -> BlasResult<()> {
    // SAFETY: forwarded.
    unsafe {
        copy_matrix(
            rows.into(),
            cols.into(),
            elem_size.into(),
            a.cast(),
            lda.into(),
            b.cast(),
            ldb.into(),
            Some(stream as u64),
        )
    }
}
