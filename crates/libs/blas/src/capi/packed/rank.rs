//! `spr`, `hpr`, `spr2`, `hpr2` adaptors (plain, `_batched`, `_strided_batched`).

use std::ffi::c_void;

use super::super::{handle, CInt};
use crate::args::Batch;
use crate::error::BlasResult;
use crate::ops::level1::ScalesBy;
use crate::ops::packed as ops;
use crate::scalar::Scalar;

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
