//! `trsm` and `trmm` adaptors (plain, `_batched`, `_strided_batched`).

use std::ffi::c_void;

use super::super::{handle, CInt};
use crate::args::Batch;
use crate::error::BlasResult;
use crate::ops::level3 as ops;
use crate::scalar::Scalar;

/// `B = alpha * op(A)^-1 * B` (left) or `alpha * B * op(A)^-1` (right)
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn trsm<T: Scalar, I: CInt>(
    h: *mut c_void,
    side: i32,
    uplo: i32,
    trans: i32,
    diag: i32,
    m: I,
    n: I,
    alpha: *const T,
    a: *const T,
    lda: I,
    b: *mut T,
    ldb: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::one(a);
    let b = Batch::<T>::one(b);
    // SAFETY: forwarded.
    unsafe {
        ops::triangular(
            &h,
            side,
            uplo,
            trans,
            diag,
            m.into(),
            n.into(),
            alpha,
            a,
            lda.into(),
            b,
            ldb.into(),
            None,
            1,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn trsm_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    side: i32,
    uplo: i32,
    trans: i32,
    diag: i32,
    m: I,
    n: I,
    alpha: *const T,
    a: *const *const T,
    lda: I,
    b: *const *mut T,
    ldb: I,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::array(a);
    let b = Batch::<T>::array(b);
    // SAFETY: forwarded.
    unsafe {
        ops::triangular(
            &h,
            side,
            uplo,
            trans,
            diag,
            m.into(),
            n.into(),
            alpha,
            a,
            lda.into(),
            b,
            ldb.into(),
            None,
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn trsm_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    side: i32,
    uplo: i32,
    trans: i32,
    diag: i32,
    m: I,
    n: I,
    alpha: *const T,
    a: *const T,
    lda: I,
    stride_a: i64,
    b: *mut T,
    ldb: I,
    stride_b: i64,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::strided(a, stride_a);
    let b = Batch::<T>::strided(b, stride_b);
    // SAFETY: forwarded.
    unsafe {
        ops::triangular(
            &h,
            side,
            uplo,
            trans,
            diag,
            m.into(),
            n.into(),
            alpha,
            a,
            lda.into(),
            b,
            ldb.into(),
            None,
            batch_count.into(),
        )
    }
}

/// `C = alpha * op(A) * B` (left) or `alpha * B * op(A)` (right)
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn trmm<T: Scalar, I: CInt>(
    h: *mut c_void,
    side: i32,
    uplo: i32,
    trans: i32,
    diag: i32,
    m: I,
    n: I,
    alpha: *const T,
    a: *const T,
    lda: I,
    b: *const T,
    ldb: I,
    c: *mut T,
    ldc: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::one(a);
    let b = Batch::<T>::one(b);
    let c = Batch::<T>::one(c);
    // SAFETY: forwarded.
    unsafe {
        ops::triangular(
            &h,
            side,
            uplo,
            trans,
            diag,
            m.into(),
            n.into(),
            alpha,
            a,
            lda.into(),
            b,
            ldb.into(),
            Some((c, ldc.into())),
            1,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn trmm_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    side: i32,
    uplo: i32,
    trans: i32,
    diag: i32,
    m: I,
    n: I,
    alpha: *const T,
    a: *const *const T,
    lda: I,
    b: *const *const T,
    ldb: I,
    c: *const *mut T,
    ldc: I,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::array(a);
    let b = Batch::<T>::array(b);
    let c = Batch::<T>::array(c);
    // SAFETY: forwarded.
    unsafe {
        ops::triangular(
            &h,
            side,
            uplo,
            trans,
            diag,
            m.into(),
            n.into(),
            alpha,
            a,
            lda.into(),
            b,
            ldb.into(),
            Some((c, ldc.into())),
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn trmm_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    side: i32,
    uplo: i32,
    trans: i32,
    diag: i32,
    m: I,
    n: I,
    alpha: *const T,
    a: *const T,
    lda: I,
    stride_a: i64,
    b: *const T,
    ldb: I,
    stride_b: i64,
    c: *mut T,
    ldc: I,
    stride_c: i64,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::strided(a, stride_a);
    let b = Batch::<T>::strided(b, stride_b);
    let c = Batch::<T>::strided(c, stride_c);
    // SAFETY: forwarded.
    unsafe {
        ops::triangular(
            &h,
            side,
            uplo,
            trans,
            diag,
            m.into(),
            n.into(),
            alpha,
            a,
            lda.into(),
            b,
            ldb.into(),
            Some((c, ldc.into())),
            batch_count.into(),
        )
    }
}
