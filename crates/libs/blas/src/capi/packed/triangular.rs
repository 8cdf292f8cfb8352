//! `tbmv`, `tbsv`, `tpmv`, `tpsv` adaptors (plain, `_batched`, `_strided_batched`).

use std::ffi::c_void;

use super::super::{handle, CInt};
use crate::args::Batch;
use crate::error::BlasResult;
use crate::ops::packed as ops;
use crate::scalar::Scalar;

/// `x = op(A) * x`, `A` a triangular band
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn tbmv<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans: i32,
    diag: i32,
    n: I,
    k: I,
    a: *const T,
    lda: I,
    x: *mut T,
    incx: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::one(a);
    let x = Batch::<T>::one(x);
    // SAFETY: forwarded.
    unsafe {
        ops::tri(
            &h,
            uplo,
            trans,
            diag,
            n.into(),
            Some((k.into(), lda.into())),
            a,
            x,
            incx.into(),
            false,
            1,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn tbmv_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans: i32,
    diag: i32,
    n: I,
    k: I,
    a: *const *const T,
    lda: I,
    x: *const *mut T,
    incx: I,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::array(a);
    let x = Batch::<T>::array(x);
    // SAFETY: forwarded.
    unsafe {
        ops::tri(
            &h,
            uplo,
            trans,
            diag,
            n.into(),
            Some((k.into(), lda.into())),
            a,
            x,
            incx.into(),
            false,
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn tbmv_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans: i32,
    diag: i32,
    n: I,
    k: I,
    a: *const T,
    lda: I,
    stride_a: i64,
    x: *mut T,
    incx: I,
    stride_x: i64,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::strided(a, stride_a);
    let x = Batch::<T>::strided(x, stride_x);
    // SAFETY: forwarded.
    unsafe {
        ops::tri(
            &h,
            uplo,
            trans,
            diag,
            n.into(),
            Some((k.into(), lda.into())),
            a,
            x,
            incx.into(),
            false,
            batch_count.into(),
        )
    }
}

/// `x = op(A)^-1 * x`, `A` a triangular band
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn tbsv<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans: i32,
    diag: i32,
    n: I,
    k: I,
    a: *const T,
    lda: I,
    x: *mut T,
    incx: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::one(a);
    let x = Batch::<T>::one(x);
    // SAFETY: forwarded.
    unsafe {
        ops::tri(
            &h,
            uplo,
            trans,
            diag,
            n.into(),
            Some((k.into(), lda.into())),
            a,
            x,
            incx.into(),
            true,
            1,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn tbsv_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans: i32,
    diag: i32,
    n: I,
    k: I,
    a: *const *const T,
    lda: I,
    x: *const *mut T,
    incx: I,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::array(a);
    let x = Batch::<T>::array(x);
    // SAFETY: forwarded.
    unsafe {
        ops::tri(
            &h,
            uplo,
            trans,
            diag,
            n.into(),
            Some((k.into(), lda.into())),
            a,
            x,
            incx.into(),
            true,
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn tbsv_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans: i32,
    diag: i32,
    n: I,
    k: I,
    a: *const T,
    lda: I,
    stride_a: i64,
    x: *mut T,
    incx: I,
    stride_x: i64,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::strided(a, stride_a);
    let x = Batch::<T>::strided(x, stride_x);
    // SAFETY: forwarded.
    unsafe {
        ops::tri(
            &h,
            uplo,
            trans,
            diag,
            n.into(),
            Some((k.into(), lda.into())),
            a,
            x,
            incx.into(),
            true,
            batch_count.into(),
        )
    }
}

/// `x = op(A) * x`, `A` triangular, packed
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn tpmv<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans: i32,
    diag: i32,
    n: I,
    a: *const T,
    x: *mut T,
    incx: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::one(a);
    let x = Batch::<T>::one(x);
    // SAFETY: forwarded.
    unsafe {
        ops::tri(
            &h,
            uplo,
            trans,
            diag,
            n.into(),
            None,
            a,
            x,
            incx.into(),
            false,
            1,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn tpmv_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans: i32,
    diag: i32,
    n: I,
    a: *const *const T,
    x: *const *mut T,
    incx: I,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::array(a);
    let x = Batch::<T>::array(x);
    // SAFETY: forwarded.
    unsafe {
        ops::tri(
            &h,
            uplo,
            trans,
            diag,
            n.into(),
            None,
            a,
            x,
            incx.into(),
            false,
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn tpmv_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans: i32,
    diag: i32,
    n: I,
    a: *const T,
    stride_a: i64,
    x: *mut T,
    incx: I,
    stride_x: i64,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::strided(a, stride_a);
    let x = Batch::<T>::strided(x, stride_x);
    // SAFETY: forwarded.
    unsafe {
        ops::tri(
            &h,
            uplo,
            trans,
            diag,
            n.into(),
            None,
            a,
            x,
            incx.into(),
            false,
            batch_count.into(),
        )
    }
}

/// `x = op(A)^-1 * x`, `A` triangular, packed
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn tpsv<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans: i32,
    diag: i32,
    n: I,
    a: *const T,
    x: *mut T,
    incx: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::one(a);
    let x = Batch::<T>::one(x);
    // SAFETY: forwarded.
    unsafe {
        ops::tri(
            &h,
            uplo,
            trans,
            diag,
            n.into(),
            None,
            a,
            x,
            incx.into(),
            true,
            1,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn tpsv_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans: i32,
    diag: i32,
    n: I,
    a: *const *const T,
    x: *const *mut T,
    incx: I,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::array(a);
    let x = Batch::<T>::array(x);
    // SAFETY: forwarded.
    unsafe {
        ops::tri(
            &h,
            uplo,
            trans,
            diag,
            n.into(),
            None,
            a,
            x,
            incx.into(),
            true,
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn tpsv_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans: i32,
    diag: i32,
    n: I,
    a: *const T,
    stride_a: i64,
    x: *mut T,
    incx: I,
    stride_x: i64,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::strided(a, stride_a);
    let x = Batch::<T>::strided(x, stride_x);
    // SAFETY: forwarded.
    unsafe {
        ops::tri(
            &h,
            uplo,
            trans,
            diag,
            n.into(),
            None,
            a,
            x,
            incx.into(),
            true,
            batch_count.into(),
        )
    }
}
