//! Band and packed level 2 adaptors (plain, `_batched`, `_strided_batched`; packed
//! matrices have no leading dimension, their stride follows the pointer) to
//! [`crate::ops::packed`]: the matrix-vector products here, the triangular ones and the
//! rank updates in the submodules (re-exported, so every adaptor is `capi::packed::NAME`).

mod rank;
mod triangular;

pub use rank::*;
pub use triangular::*;

use std::ffi::c_void;

use super::{handle, CInt};
use crate::args::Batch;
use crate::error::BlasResult;
use crate::ops::packed as ops;
use crate::scalar::Scalar;

/// `y = alpha * op(A) * x + beta * y`, `A` an `m x n` band (`kl` sub-, `ku` super-diagonals)
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn gbmv<T: Scalar, I: CInt>(
    h: *mut c_void,
    trans: i32,
    m: I,
    n: I,
    kl: I,
    ku: I,
    alpha: *const T,
    a: *const T,
    lda: I,
    x: *const T,
    incx: I,
    beta: *const T,
    y: *mut T,
    incy: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::one(a);
    let x = Batch::<T>::one(x);
    let y = Batch::<T>::one(y);
    // SAFETY: forwarded.
    unsafe {
        ops::gbmv(
            &h,
            trans,
            m.into(),
            n.into(),
            kl.into(),
            ku.into(),
            alpha,
            a,
            lda.into(),
            x,
            incx.into(),
            beta,
            y,
            incy.into(),
            1,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn gbmv_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    trans: i32,
    m: I,
    n: I,
    kl: I,
    ku: I,
    alpha: *const T,
    a: *const *const T,
    lda: I,
    x: *const *const T,
    incx: I,
    beta: *const T,
    y: *const *mut T,
    incy: I,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::array(a);
    let x = Batch::<T>::array(x);
    let y = Batch::<T>::array(y);
    // SAFETY: forwarded.
    unsafe {
        ops::gbmv(
            &h,
            trans,
            m.into(),
            n.into(),
            kl.into(),
            ku.into(),
            alpha,
            a,
            lda.into(),
            x,
            incx.into(),
            beta,
            y,
            incy.into(),
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn gbmv_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    trans: i32,
    m: I,
    n: I,
    kl: I,
    ku: I,
    alpha: *const T,
    a: *const T,
    lda: I,
    stride_a: i64,
    x: *const T,
    incx: I,
    stride_x: i64,
    beta: *const T,
    y: *mut T,
    incy: I,
    stride_y: i64,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::strided(a, stride_a);
    let x = Batch::<T>::strided(x, stride_x);
    let y = Batch::<T>::strided(y, stride_y);
    // SAFETY: forwarded.
    unsafe {
        ops::gbmv(
            &h,
            trans,
            m.into(),
            n.into(),
            kl.into(),
            ku.into(),
            alpha,
            a,
            lda.into(),
            x,
            incx.into(),
            beta,
            y,
            incy.into(),
            batch_count.into(),
        )
    }
}

/// `y = alpha * A * x + beta * y`, `A` a symmetric band
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn sbmv<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
    k: I,
    alpha: *const T,
    a: *const T,
    lda: I,
    x: *const T,
    incx: I,
    beta: *const T,
    y: *mut T,
    incy: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::one(a);
    let x = Batch::<T>::one(x);
    let y = Batch::<T>::one(y);
    // SAFETY: forwarded.
    unsafe {
        ops::sym_mv(
            &h,
            uplo,
            n.into(),
            Some((k.into(), lda.into())),
            alpha,
            a,
            x,
            incx.into(),
            beta,
            y,
            incy.into(),
            false,
            1,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn sbmv_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
    k: I,
    alpha: *const T,
    a: *const *const T,
    lda: I,
    x: *const *const T,
    incx: I,
    beta: *const T,
    y: *const *mut T,
    incy: I,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::array(a);
    let x = Batch::<T>::array(x);
    let y = Batch::<T>::array(y);
    // SAFETY: forwarded.
    unsafe {
        ops::sym_mv(
            &h,
            uplo,
            n.into(),
            Some((k.into(), lda.into())),
            alpha,
            a,
            x,
            incx.into(),
            beta,
            y,
            incy.into(),
            false,
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn sbmv_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
    k: I,
    alpha: *const T,
    a: *const T,
    lda: I,
    stride_a: i64,
    x: *const T,
    incx: I,
    stride_x: i64,
    beta: *const T,
    y: *mut T,
    incy: I,
    stride_y: i64,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::strided(a, stride_a);
    let x = Batch::<T>::strided(x, stride_x);
    let y = Batch::<T>::strided(y, stride_y);
    // SAFETY: forwarded.
    unsafe {
        ops::sym_mv(
            &h,
            uplo,
            n.into(),
            Some((k.into(), lda.into())),
            alpha,
            a,
            x,
            incx.into(),
            beta,
            y,
            incy.into(),
            false,
            batch_count.into(),
        )
    }
}

/// `y = alpha * A * x + beta * y`, `A` a Hermitian band
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn hbmv<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
    k: I,
    alpha: *const T,
    a: *const T,
    lda: I,
    x: *const T,
    incx: I,
    beta: *const T,
    y: *mut T,
    incy: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::one(a);
    let x = Batch::<T>::one(x);
    let y = Batch::<T>::one(y);
    // SAFETY: forwarded.
    unsafe {
        ops::sym_mv(
            &h,
            uplo,
            n.into(),
            Some((k.into(), lda.into())),
            alpha,
            a,
            x,
            incx.into(),
            beta,
            y,
            incy.into(),
            true,
            1,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn hbmv_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
    k: I,
    alpha: *const T,
    a: *const *const T,
    lda: I,
    x: *const *const T,
    incx: I,
    beta: *const T,
    y: *const *mut T,
    incy: I,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::array(a);
    let x = Batch::<T>::array(x);
    let y = Batch::<T>::array(y);
    // SAFETY: forwarded.
    unsafe {
        ops::sym_mv(
            &h,
            uplo,
            n.into(),
            Some((k.into(), lda.into())),
            alpha,
            a,
            x,
            incx.into(),
            beta,
            y,
            incy.into(),
            true,
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn hbmv_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
    k: I,
    alpha: *const T,
    a: *const T,
    lda: I,
    stride_a: i64,
    x: *const T,
    incx: I,
    stride_x: i64,
    beta: *const T,
    y: *mut T,
    incy: I,
    stride_y: i64,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::strided(a, stride_a);
    let x = Batch::<T>::strided(x, stride_x);
    let y = Batch::<T>::strided(y, stride_y);
    // SAFETY: forwarded.
    unsafe {
        ops::sym_mv(
            &h,
            uplo,
            n.into(),
            Some((k.into(), lda.into())),
            alpha,
            a,
            x,
            incx.into(),
            beta,
            y,
            incy.into(),
            true,
            batch_count.into(),
        )
    }
}

/// `y = alpha * A * x + beta * y`, `A` symmetric, packed
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn spmv<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
    alpha: *const T,
    a: *const T,
    x: *const T,
    incx: I,
    beta: *const T,
    y: *mut T,
    incy: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::one(a);
    let x = Batch::<T>::one(x);
    let y = Batch::<T>::one(y);
    // SAFETY: forwarded.
    unsafe {
        ops::sym_mv(
            &h,
            uplo,
            n.into(),
            None,
            alpha,
            a,
            x,
            incx.into(),
            beta,
            y,
            incy.into(),
            false,
            1,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn spmv_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
    alpha: *const T,
    a: *const *const T,
    x: *const *const T,
    incx: I,
    beta: *const T,
    y: *const *mut T,
    incy: I,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::array(a);
    let x = Batch::<T>::array(x);
    let y = Batch::<T>::array(y);
    // SAFETY: forwarded.
    unsafe {
        ops::sym_mv(
            &h,
            uplo,
            n.into(),
            None,
            alpha,
            a,
            x,
            incx.into(),
            beta,
            y,
            incy.into(),
            false,
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn spmv_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
    alpha: *const T,
    a: *const T,
    stride_a: i64,
    x: *const T,
    incx: I,
    stride_x: i64,
    beta: *const T,
    y: *mut T,
    incy: I,
    stride_y: i64,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::strided(a, stride_a);
    let x = Batch::<T>::strided(x, stride_x);
    let y = Batch::<T>::strided(y, stride_y);
    // SAFETY: forwarded.
    unsafe {
        ops::sym_mv(
            &h,
            uplo,
            n.into(),
            None,
            alpha,
            a,
            x,
            incx.into(),
            beta,
            y,
            incy.into(),
            false,
            batch_count.into(),
        )
    }
}

/// `y = alpha * A * x + beta * y`, `A` Hermitian, packed
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn hpmv<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
    alpha: *const T,
    a: *const T,
    x: *const T,
    incx: I,
    beta: *const T,
    y: *mut T,
    incy: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::one(a);
    let x = Batch::<T>::one(x);
    let y = Batch::<T>::one(y);
    // SAFETY: forwarded.
    unsafe {
        ops::sym_mv(
            &h,
            uplo,
            n.into(),
            None,
            alpha,
            a,
            x,
            incx.into(),
            beta,
            y,
            incy.into(),
            true,
            1,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn hpmv_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
    alpha: *const T,
    a: *const *const T,
    x: *const *const T,
    incx: I,
    beta: *const T,
    y: *const *mut T,
    incy: I,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::array(a);
    let x = Batch::<T>::array(x);
    let y = Batch::<T>::array(y);
    // SAFETY: forwarded.
    unsafe {
        ops::sym_mv(
            &h,
            uplo,
            n.into(),
            None,
            alpha,
            a,
            x,
            incx.into(),
            beta,
            y,
            incy.into(),
            true,
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn hpmv_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
    alpha: *const T,
    a: *const T,
    stride_a: i64,
    x: *const T,
    incx: I,
    stride_x: i64,
    beta: *const T,
    y: *mut T,
    incy: I,
    stride_y: i64,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::strided(a, stride_a);
    let x = Batch::<T>::strided(x, stride_x);
    let y = Batch::<T>::strided(y, stride_y);
    // SAFETY: forwarded.
    unsafe {
        ops::sym_mv(
            &h,
            uplo,
            n.into(),
            None,
            alpha,
            a,
            x,
            incx.into(),
            beta,
            y,
            incy.into(),
            true,
            batch_count.into(),
        )
    }
}
