//! `geam` and `dgmm` adaptors (plain, `_batched`, `_strided_batched`).

use std::ffi::c_void;

use super::super::{handle, CInt};
use crate::args::Batch;
use crate::error::BlasResult;
use crate::ops::level3 as ops;
use crate::scalar::Scalar;

/// `C = alpha * op(A) + beta * op(B)`
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn geam<T: Scalar, I: CInt>(
    h: *mut c_void,
    trans_a: i32,
    trans_b: i32,
    m: I,
    n: I,
    alpha: *const T,
    a: *const T,
    lda: I,
    beta: *const T,
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
        ops::geam(
            &h,
            trans_a,
            trans_b,
            m.into(),
            n.into(),
            alpha,
            a,
            lda.into(),
            beta,
            b,
            ldb.into(),
            c,
            ldc.into(),
            1,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn geam_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    trans_a: i32,
    trans_b: i32,
    m: I,
    n: I,
    alpha: *const T,
    a: *const *const T,
    lda: I,
    beta: *const T,
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
        ops::geam(
            &h,
            trans_a,
            trans_b,
            m.into(),
            n.into(),
            alpha,
            a,
            lda.into(),
            beta,
            b,
            ldb.into(),
            c,
            ldc.into(),
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn geam_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    trans_a: i32,
    trans_b: i32,
    m: I,
    n: I,
    alpha: *const T,
    a: *const T,
    lda: I,
    stride_a: i64,
    beta: *const T,
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
        ops::geam(
            &h,
            trans_a,
            trans_b,
            m.into(),
            n.into(),
            alpha,
            a,
            lda.into(),
            beta,
            b,
            ldb.into(),
            c,
            ldc.into(),
            batch_count.into(),
        )
    }
}

/// `C = A * diag(x)` (right) or `diag(x) * A` (left)
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn dgmm<T: Scalar, I: CInt>(
    h: *mut c_void,
    side: i32,
    m: I,
    n: I,
    a: *const T,
    lda: I,
    x: *const T,
    incx: I,
    c: *mut T,
    ldc: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::one(a);
    let x = Batch::<T>::one(x);
    let c = Batch::<T>::one(c);
    // SAFETY: forwarded.
    unsafe {
        ops::dgmm(
            &h,
            side,
            m.into(),
            n.into(),
            a,
            lda.into(),
            x,
            incx.into(),
            c,
            ldc.into(),
            1,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn dgmm_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    side: i32,
    m: I,
    n: I,
    a: *const *const T,
    lda: I,
    x: *const *const T,
    incx: I,
    c: *const *mut T,
    ldc: I,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::array(a);
    let x = Batch::<T>::array(x);
    let c = Batch::<T>::array(c);
    // SAFETY: forwarded.
    unsafe {
        ops::dgmm(
            &h,
            side,
            m.into(),
            n.into(),
            a,
            lda.into(),
            x,
            incx.into(),
            c,
            ldc.into(),
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn dgmm_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    side: i32,
    m: I,
    n: I,
    a: *const T,
    lda: I,
    stride_a: i64,
    x: *const T,
    incx: I,
    stride_x: i64,
    c: *mut T,
    ldc: I,
    stride_c: i64,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::strided(a, stride_a);
    let x = Batch::<T>::strided(x, stride_x);
    let c = Batch::<T>::strided(c, stride_c);
    // SAFETY: forwarded.
    unsafe {
        ops::dgmm(
            &h,
            side,
            m.into(),
            n.into(),
            a,
            lda.into(),
            x,
            incx.into(),
            c,
            ldc.into(),
            batch_count.into(),
        )
    }
}
/// `C = alpha * (op(A) * op(B)^T + op(B) * op(A)^T) + beta * C` (one triangle)
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn syr2k<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans: i32,
    n: I,
    k: I,
    alpha: *const T,
    a: *const T,
    lda: I,
    b: *const T,
    ldb: I,
    beta: *const T,
    c: *mut T,
    ldc: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::one(a);
    let b = Batch::<T>::one(b);
    let c = Batch::<T>::one(c);
    // SAFETY: forwarded.
    unsafe {
        ops::rank_2k::<T, T>(
            &h,
            uplo,
            trans,
            n.into(),
            k.into(),
            alpha,
            a,
            lda.into(),
            b,
            ldb.into(),
            beta,
            c,
            ldc.into(),
            false,
            true,
            1,
        )
    }
}
