//! Band and packed level 2 adaptors (plain, `_batched`, `_strided_batched`; packed
//! matrices have no leading dimension, their stride follows the pointer) to
//! [`crate::ops::packed`].

use std::ffi::c_void;

use super::{handle, CInt};
use crate::args::Batch;
use crate::error::BlasResult;
use crate::ops::level1::ScalesBy;
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

/// `A = alpha * x * x^T + A`, `A` packed
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn spr<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
    alpha: *const T,
    x: *const T,
    incx: I,
    a: *mut T,
) -> BlasResult<()> {
    let h = handle(h)?;
    let x = Batch::<T>::one(x);
    let a = Batch::<T>::one(a);
    // SAFETY: forwarded.
    unsafe {
        ops::packed_rank::<T, T>(&h, uplo, n.into(), alpha, x, incx.into(), None, a, false, 1)
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn spr_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
    alpha: *const T,
    x: *const *const T,
    incx: I,
    a: *const *mut T,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let x = Batch::<T>::array(x);
    let a = Batch::<T>::array(a);
    // SAFETY: forwarded.
    unsafe {
        ops::packed_rank::<T, T>(
            &h,
            uplo,
            n.into(),
            alpha,
            x,
            incx.into(),
            None,
            a,
            false,
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn spr_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
    alpha: *const T,
    x: *const T,
    incx: I,
    stride_x: i64,
    a: *mut T,
    stride_a: i64,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let x = Batch::<T>::strided(x, stride_x);
    let a = Batch::<T>::strided(a, stride_a);
    // SAFETY: forwarded.
    unsafe {
        ops::packed_rank::<T, T>(
            &h,
            uplo,
            n.into(),
            alpha,
            x,
            incx.into(),
            None,
            a,
            false,
            batch_count.into(),
        )
    }
}

/// `A = alpha * x * x^H + A`, `A` packed (real `alpha`)
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn hpr<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
    alpha: *const T::RealPart,
    x: *const T,
    incx: I,
    a: *mut T,
) -> BlasResult<()>
where
    T::RealPart: ScalesBy<T>,
{
    let h = handle(h)?;
    let x = Batch::<T>::one(x);
    let a = Batch::<T>::one(a);
    // SAFETY: forwarded.
    unsafe {
        ops::packed_rank::<T, T::RealPart>(
            &h,
            uplo,
            n.into(),
            alpha,
            x,
            incx.into(),
            None,
            a,
            true,
            1,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn hpr_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
    alpha: *const T::RealPart,
    x: *const *const T,
    incx: I,
    a: *const *mut T,
    batch_count: I,
) -> BlasResult<()>
where
    T::RealPart: ScalesBy<T>,
{
    let h = handle(h)?;
    let x = Batch::<T>::array(x);
    let a = Batch::<T>::array(a);
    // SAFETY: forwarded.
    unsafe {
        ops::packed_rank::<T, T::RealPart>(
            &h,
            uplo,
            n.into(),
            alpha,
            x,
            incx.into(),
            None,
            a,
            true,
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn hpr_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
    alpha: *const T::RealPart,
    x: *const T,
    incx: I,
    stride_x: i64,
    a: *mut T,
    stride_a: i64,
    batch_count: I,
) -> BlasResult<()>
where
    T::RealPart: ScalesBy<T>,
{
    let h = handle(h)?;
    let x = Batch::<T>::strided(x, stride_x);
    let a = Batch::<T>::strided(a, stride_a);
    // SAFETY: forwarded.
    unsafe {
        ops::packed_rank::<T, T::RealPart>(
            &h,
            uplo,
            n.into(),
            alpha,
            x,
            incx.into(),
            None,
            a,
            true,
            batch_count.into(),
        )
    }
}

/// `A = alpha * (x * y^T + y * x^T) + A`, `A` packed
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn spr2<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
    alpha: *const T,
    x: *const T,
    incx: I,
    y: *const T,
    incy: I,
    a: *mut T,
) -> BlasResult<()> {
    let h = handle(h)?;
    let x = Batch::<T>::one(x);
    let y = Batch::<T>::one(y);
    let a = Batch::<T>::one(a);
    // SAFETY: forwarded.
    unsafe {
        ops::packed_rank::<T, T>(
            &h,
            uplo,
            n.into(),
            alpha,
            x,
            incx.into(),
            Some((y, incy.into())),
            a,
            false,
            1,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn spr2_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
    alpha: *const T,
    x: *const *const T,
    incx: I,
    y: *const *const T,
    incy: I,
    a: *const *mut T,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let x = Batch::<T>::array(x);
    let y = Batch::<T>::array(y);
    let a = Batch::<T>::array(a);
    // SAFETY: forwarded.
    unsafe {
        ops::packed_rank::<T, T>(
            &h,
            uplo,
            n.into(),
            alpha,
            x,
            incx.into(),
            Some((y, incy.into())),
            a,
            false,
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn spr2_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
    alpha: *const T,
    x: *const T,
    incx: I,
    stride_x: i64,
    y: *const T,
    incy: I,
    stride_y: i64,
    a: *mut T,
    stride_a: i64,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let x = Batch::<T>::strided(x, stride_x);
    let y = Batch::<T>::strided(y, stride_y);
    let a = Batch::<T>::strided(a, stride_a);
    // SAFETY: forwarded.
    unsafe {
        ops::packed_rank::<T, T>(
            &h,
            uplo,
            n.into(),
            alpha,
            x,
            incx.into(),
            Some((y, incy.into())),
            a,
            false,
            batch_count.into(),
        )
    }
}

/// `A = alpha * x * y^H + conj(alpha) * y * x^H + A`, `A` packed
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn hpr2<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
    alpha: *const T,
    x: *const T,
    incx: I,
    y: *const T,
    incy: I,
    a: *mut T,
) -> BlasResult<()> {
    let h = handle(h)?;
    let x = Batch::<T>::one(x);
    let y = Batch::<T>::one(y);
    let a = Batch::<T>::one(a);
    // SAFETY: forwarded.
    unsafe {
        ops::packed_rank::<T, T>(
            &h,
            uplo,
            n.into(),
            alpha,
            x,
            incx.into(),
            Some((y, incy.into())),
            a,
            true,
            1,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn hpr2_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
    alpha: *const T,
    x: *const *const T,
    incx: I,
    y: *const *const T,
    incy: I,
    a: *const *mut T,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let x = Batch::<T>::array(x);
    let y = Batch::<T>::array(y);
    let a = Batch::<T>::array(a);
    // SAFETY: forwarded.
    unsafe {
        ops::packed_rank::<T, T>(
            &h,
            uplo,
            n.into(),
            alpha,
            x,
            incx.into(),
            Some((y, incy.into())),
            a,
            true,
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn hpr2_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
    alpha: *const T,
    x: *const T,
    incx: I,
    stride_x: i64,
    y: *const T,
    incy: I,
    stride_y: i64,
    a: *mut T,
    stride_a: i64,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let x = Batch::<T>::strided(x, stride_x);
    let y = Batch::<T>::strided(y, stride_y);
    let a = Batch::<T>::strided(a, stride_a);
    // SAFETY: forwarded.
    unsafe {
        ops::packed_rank::<T, T>(
            &h,
            uplo,
            n.into(),
            alpha,
            x,
            incx.into(),
            Some((y, incy.into())),
            a,
            true,
            batch_count.into(),
        )
    }
}
