//! rocBLAS's `gemmt` and `trtri` adaptors (plain, `_batched`, `_strided_batched`) to
//! [`crate::ops::triangle`].

use std::ffi::c_void;

use super::{handle, CInt};
use crate::args::Batch;
use crate::error::BlasResult;
use crate::ops::triangle as ops;
use crate::scalar::Scalar;

/// `C = alpha * op(A) * op(B) + beta * C` on the `uplo` triangle of `C`
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn gemmt<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans_a: i32,
    trans_b: i32,
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
        ops::gemmt(
            &h,
            uplo,
            trans_a,
            trans_b,
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
            1,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn gemmt_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans_a: i32,
    trans_b: i32,
    n: I,
    k: I,
    alpha: *const T,
    a: *const *const T,
    lda: I,
    b: *const *const T,
    ldb: I,
    beta: *const T,
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
        ops::gemmt(
            &h,
            uplo,
            trans_a,
            trans_b,
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
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn gemmt_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans_a: i32,
    trans_b: i32,
    n: I,
    k: I,
    alpha: *const T,
    a: *const T,
    lda: I,
    stride_a: i64,
    b: *const T,
    ldb: I,
    stride_b: i64,
    beta: *const T,
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
        ops::gemmt(
            &h,
            uplo,
            trans_a,
            trans_b,
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
            batch_count.into(),
        )
    }
}

/// `invA = A^-1` on the `uplo` triangle, `A` triangular
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn trtri<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    diag: i32,
    n: I,
    a: *const T,
    lda: I,
    inv_a: *mut T,
    ld_inv_a: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::one(a);
    let inv_a = Batch::<T>::one(inv_a);
    // SAFETY: forwarded.
    unsafe {
        ops::trtri(
            &h,
            uplo,
            diag,
            n.into(),
            a,
            lda.into(),
            inv_a,
            ld_inv_a.into(),
            1,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn trtri_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    diag: i32,
    n: I,
    a: *const *const T,
    lda: I,
    inv_a: *const *mut T,
    ld_inv_a: I,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::array(a);
    let inv_a = Batch::<T>::array(inv_a);
    // SAFETY: forwarded.
    unsafe {
        ops::trtri(
            &h,
            uplo,
            diag,
            n.into(),
            a,
            lda.into(),
            inv_a,
            ld_inv_a.into(),
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn trtri_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    diag: i32,
    n: I,
    a: *const T,
    lda: I,
    stride_a: i64,
    inv_a: *mut T,
    ld_inv_a: I,
    stride_inv_a: i64,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::strided(a, stride_a);
    let inv_a = Batch::<T>::strided(inv_a, stride_inv_a);
    // SAFETY: forwarded.
    unsafe {
        ops::trtri(
            &h,
            uplo,
            diag,
            n.into(),
            a,
            lda.into(),
            inv_a,
            ld_inv_a.into(),
            batch_count.into(),
        )
    }
}
