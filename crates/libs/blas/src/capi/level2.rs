//! Level 2 adaptors: the plain, `_batched` and `_strided_batched` forms of every
//! operation, with rocBLAS's and hipBLAS's common argument order (strided forms put each
//! operand's stride after its leading dimension or increment; batch count last), to
//! [`crate::ops::level2`].

use std::ffi::c_void;

use super::{handle, CInt};
use crate::args::Batch;
use crate::error::BlasResult;
use crate::ops::level1::ScalesBy;
use crate::ops::level2 as ops;
use crate::scalar::Scalar;

/// `y = alpha * op(A) * x + beta * y`
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn gemv<T: Scalar, I: CInt>(
    h: *mut c_void,
    trans: i32,
    m: I,
    n: I,
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
        ops::gemv(
            &h,
            trans,
            m.into(),
            n.into(),
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
pub unsafe fn gemv_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    trans: i32,
    m: I,
    n: I,
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
        ops::gemv(
            &h,
            trans,
            m.into(),
            n.into(),
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
pub unsafe fn gemv_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    trans: i32,
    m: I,
    n: I,
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
        ops::gemv(
            &h,
            trans,
            m.into(),
            n.into(),
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

/// `A = alpha * x * y^T + A`
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn ger<T: Scalar, I: CInt>(
    h: *mut c_void,
    m: I,
    n: I,
    alpha: *const T,
    x: *const T,
    incx: I,
    y: *const T,
    incy: I,
    a: *mut T,
    lda: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let x = Batch::<T>::one(x);
    let y = Batch::<T>::one(y);
    let a = Batch::<T>::one(a);
    // SAFETY: forwarded.
    unsafe {
        ops::ger(
            &h,
            m.into(),
            n.into(),
            alpha,
            x,
            incx.into(),
            y,
            incy.into(),
            a,
            lda.into(),
            false,
            1,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn ger_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    m: I,
    n: I,
    alpha: *const T,
    x: *const *const T,
    incx: I,
    y: *const *const T,
    incy: I,
    a: *const *mut T,
    lda: I,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let x = Batch::<T>::array(x);
    let y = Batch::<T>::array(y);
    let a = Batch::<T>::array(a);
    // SAFETY: forwarded.
    unsafe {
        ops::ger(
            &h,
            m.into(),
            n.into(),
            alpha,
            x,
            incx.into(),
            y,
            incy.into(),
            a,
            lda.into(),
            false,
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn ger_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    m: I,
    n: I,
    alpha: *const T,
    x: *const T,
    incx: I,
    stride_x: i64,
    y: *const T,
    incy: I,
    stride_y: i64,
    a: *mut T,
    lda: I,
    stride_a: i64,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let x = Batch::<T>::strided(x, stride_x);
    let y = Batch::<T>::strided(y, stride_y);
    let a = Batch::<T>::strided(a, stride_a);
    // SAFETY: forwarded.
    unsafe {
        ops::ger(
            &h,
            m.into(),
            n.into(),
            alpha,
            x,
            incx.into(),
            y,
            incy.into(),
            a,
            lda.into(),
            false,
            batch_count.into(),
        )
    }
}

/// `A = alpha * x * y^H + A`
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn gerc<T: Scalar, I: CInt>(
    h: *mut c_void,
    m: I,
    n: I,
    alpha: *const T,
    x: *const T,
    incx: I,
    y: *const T,
    incy: I,
    a: *mut T,
    lda: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let x = Batch::<T>::one(x);
    let y = Batch::<T>::one(y);
    let a = Batch::<T>::one(a);
    // SAFETY: forwarded.
    unsafe {
        ops::ger(
            &h,
            m.into(),
            n.into(),
            alpha,
            x,
            incx.into(),
            y,
            incy.into(),
            a,
            lda.into(),
            true,
            1,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn gerc_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    m: I,
    n: I,
    alpha: *const T,
    x: *const *const T,
    incx: I,
    y: *const *const T,
    incy: I,
    a: *const *mut T,
    lda: I,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let x = Batch::<T>::array(x);
    let y = Batch::<T>::array(y);
    let a = Batch::<T>::array(a);
    // SAFETY: forwarded.
    unsafe {
        ops::ger(
            &h,
            m.into(),
            n.into(),
            alpha,
            x,
            incx.into(),
            y,
            incy.into(),
            a,
            lda.into(),
            true,
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn gerc_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    m: I,
    n: I,
    alpha: *const T,
    x: *const T,
    incx: I,
    stride_x: i64,
    y: *const T,
    incy: I,
    stride_y: i64,
    a: *mut T,
    lda: I,
    stride_a: i64,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let x = Batch::<T>::strided(x, stride_x);
    let y = Batch::<T>::strided(y, stride_y);
    let a = Batch::<T>::strided(a, stride_a);
    // SAFETY: forwarded.
    unsafe {
        ops::ger(
            &h,
            m.into(),
            n.into(),
            alpha,
            x,
            incx.into(),
            y,
            incy.into(),
            a,
            lda.into(),
            true,
            batch_count.into(),
        )
    }
}

/// `y = alpha * A * x + beta * y`, `A` symmetric
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn symv<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
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
        ops::symv(
            &h,
            uplo,
            n.into(),
            alpha,
            a,
            lda.into(),
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
pub unsafe fn symv_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
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
        ops::symv(
            &h,
            uplo,
            n.into(),
            alpha,
            a,
            lda.into(),
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
pub unsafe fn symv_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
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
        ops::symv(
            &h,
            uplo,
            n.into(),
            alpha,
            a,
            lda.into(),
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

/// `y = alpha * A * x + beta * y`, `A` Hermitian
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn hemv<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
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
        ops::symv(
            &h,
            uplo,
            n.into(),
            alpha,
            a,
            lda.into(),
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
pub unsafe fn hemv_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
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
        ops::symv(
            &h,
            uplo,
            n.into(),
            alpha,
            a,
            lda.into(),
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
pub unsafe fn hemv_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
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
        ops::symv(
            &h,
            uplo,
            n.into(),
            alpha,
            a,
            lda.into(),
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

/// `x = op(A) * x`, `A` triangular
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn trmv<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans: i32,
    diag: i32,
    n: I,
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
        ops::triangular_vec(
            &h,
            uplo,
            trans,
            diag,
            n.into(),
            a,
            lda.into(),
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
pub unsafe fn trmv_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans: i32,
    diag: i32,
    n: I,
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
        ops::triangular_vec(
            &h,
            uplo,
            trans,
            diag,
            n.into(),
            a,
            lda.into(),
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
pub unsafe fn trmv_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans: i32,
    diag: i32,
    n: I,
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
        ops::triangular_vec(
            &h,
            uplo,
            trans,
            diag,
            n.into(),
            a,
            lda.into(),
            x,
            incx.into(),
            false,
            batch_count.into(),
        )
    }
}

/// `x = op(A)^-1 * x`, `A` triangular
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn trsv<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans: i32,
    diag: i32,
    n: I,
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
        ops::triangular_vec(
            &h,
            uplo,
            trans,
            diag,
            n.into(),
            a,
            lda.into(),
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
pub unsafe fn trsv_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans: i32,
    diag: i32,
    n: I,
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
        ops::triangular_vec(
            &h,
            uplo,
            trans,
            diag,
            n.into(),
            a,
            lda.into(),
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
pub unsafe fn trsv_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans: i32,
    diag: i32,
    n: I,
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
        ops::triangular_vec(
            &h,
            uplo,
            trans,
            diag,
            n.into(),
            a,
            lda.into(),
            x,
            incx.into(),
            true,
            batch_count.into(),
        )
    }
}
/// `A = alpha * x * x^T + A` (one triangle)
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn syr<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
    alpha: *const T,
    x: *const T,
    incx: I,
    a: *mut T,
    lda: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let x = Batch::<T>::one(x);
    let a = Batch::<T>::one(a);
    // SAFETY: forwarded.
    unsafe {
        ops::rank_update::<T, T>(
            &h,
            uplo,
            n.into(),
            alpha,
            x,
            incx.into(),
            None,
            a,
            lda.into(),
            false,
            1,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn syr_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
    alpha: *const T,
    x: *const *const T,
    incx: I,
    a: *const *mut T,
    lda: I,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let x = Batch::<T>::array(x);
    let a = Batch::<T>::array(a);
    // SAFETY: forwarded.
    unsafe {
        ops::rank_update::<T, T>(
            &h,
            uplo,
            n.into(),
            alpha,
            x,
            incx.into(),
            None,
            a,
            lda.into(),
            false,
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn syr_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
    alpha: *const T,
    x: *const T,
    incx: I,
    stride_x: i64,
    a: *mut T,
    lda: I,
    stride_a: i64,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let x = Batch::<T>::strided(x, stride_x);
    let a = Batch::<T>::strided(a, stride_a);
    // SAFETY: forwarded.
    unsafe {
        ops::rank_update::<T, T>(
            &h,
            uplo,
            n.into(),
            alpha,
            x,
            incx.into(),
            None,
            a,
            lda.into(),
            false,
            batch_count.into(),
        )
    }
}

/// `A = alpha * x * x^H + A` (one triangle, real `alpha`)
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn her<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
    alpha: *const T::RealPart,
    x: *const T,
    incx: I,
    a: *mut T,
    lda: I,
) -> BlasResult<()>
where
    T::RealPart: ScalesBy<T>,
{
    let h = handle(h)?;
    let x = Batch::<T>::one(x);
    let a = Batch::<T>::one(a);
    // SAFETY: forwarded.
    unsafe {
        ops::rank_update::<T, T::RealPart>(
            &h,
            uplo,
            n.into(),
            alpha,
            x,
            incx.into(),
            None,
            a,
            lda.into(),
            true,
            1,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn her_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
    alpha: *const T::RealPart,
    x: *const *const T,
    incx: I,
    a: *const *mut T,
    lda: I,
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
        ops::rank_update::<T, T::RealPart>(
            &h,
            uplo,
            n.into(),
            alpha,
            x,
            incx.into(),
            None,
            a,
            lda.into(),
            true,
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn her_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
    alpha: *const T::RealPart,
    x: *const T,
    incx: I,
    stride_x: i64,
    a: *mut T,
    lda: I,
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
        ops::rank_update::<T, T::RealPart>(
            &h,
            uplo,
            n.into(),
            alpha,
            x,
            incx.into(),
            None,
            a,
            lda.into(),
            true,
            batch_count.into(),
        )
    }
}

/// `A = alpha * x * y^T + alpha * y * x^T + A` (one triangle)
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn syr2<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
    alpha: *const T,
    x: *const T,
    incx: I,
    y: *const T,
    incy: I,
    a: *mut T,
    lda: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let x = Batch::<T>::one(x);
    let y = Batch::<T>::one(y);
    let a = Batch::<T>::one(a);
    // SAFETY: forwarded.
    unsafe {
        ops::rank_update::<T, T>(
            &h,
            uplo,
            n.into(),
            alpha,
            x,
            incx.into(),
            Some((y, incy.into())),
            a,
            lda.into(),
            false,
            1,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn syr2_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
    alpha: *const T,
    x: *const *const T,
    incx: I,
    y: *const *const T,
    incy: I,
    a: *const *mut T,
    lda: I,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let x = Batch::<T>::array(x);
    let y = Batch::<T>::array(y);
    let a = Batch::<T>::array(a);
    // SAFETY: forwarded.
    unsafe {
        ops::rank_update::<T, T>(
            &h,
            uplo,
            n.into(),
            alpha,
            x,
            incx.into(),
            Some((y, incy.into())),
            a,
            lda.into(),
            false,
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn syr2_strided_batched<T: Scalar, I: CInt>(
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
    lda: I,
    stride_a: i64,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let x = Batch::<T>::strided(x, stride_x);
    let y = Batch::<T>::strided(y, stride_y);
    let a = Batch::<T>::strided(a, stride_a);
    // SAFETY: forwarded.
    unsafe {
        ops::rank_update::<T, T>(
            &h,
            uplo,
            n.into(),
            alpha,
            x,
            incx.into(),
            Some((y, incy.into())),
            a,
            lda.into(),
            false,
            batch_count.into(),
        )
    }
}

/// `A = alpha * x * y^H + conj(alpha) * y * x^H + A` (one triangle)
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn her2<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
    alpha: *const T,
    x: *const T,
    incx: I,
    y: *const T,
    incy: I,
    a: *mut T,
    lda: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let x = Batch::<T>::one(x);
    let y = Batch::<T>::one(y);
    let a = Batch::<T>::one(a);
    // SAFETY: forwarded.
    unsafe {
        ops::rank_update::<T, T>(
            &h,
            uplo,
            n.into(),
            alpha,
            x,
            incx.into(),
            Some((y, incy.into())),
            a,
            lda.into(),
            true,
            1,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn her2_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    n: I,
    alpha: *const T,
    x: *const *const T,
    incx: I,
    y: *const *const T,
    incy: I,
    a: *const *mut T,
    lda: I,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let x = Batch::<T>::array(x);
    let y = Batch::<T>::array(y);
    let a = Batch::<T>::array(a);
    // SAFETY: forwarded.
    unsafe {
        ops::rank_update::<T, T>(
            &h,
            uplo,
            n.into(),
            alpha,
            x,
            incx.into(),
            Some((y, incy.into())),
            a,
            lda.into(),
            true,
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn her2_strided_batched<T: Scalar, I: CInt>(
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
    lda: I,
    stride_a: i64,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let x = Batch::<T>::strided(x, stride_x);
    let y = Batch::<T>::strided(y, stride_y);
    let a = Batch::<T>::strided(a, stride_a);
    // SAFETY: forwarded.
    unsafe {
        ops::rank_update::<T, T>(
            &h,
            uplo,
            n.into(),
            alpha,
            x,
            incx.into(),
            Some((y, incy.into())),
            a,
            lda.into(),
            true,
            batch_count.into(),
        )
    }
}
