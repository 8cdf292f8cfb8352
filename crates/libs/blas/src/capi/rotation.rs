//! `rotg`, `rotm`, `rotmg` adaptors (plain, `_batched`, `_strided_batched`) to
//! [`crate::ops::rotation`].

use std::ffi::c_void;

use super::{handle, CInt};
use crate::args::Batch;
use crate::error::BlasResult;
use crate::ops::rotation::{self as ops, RotgCall, RotmgCall};
use crate::scalar::{RealScalar, Scalar};

fn count<I: CInt>(b: I) -> usize {
    b.into().max(0) as usize
}

/// `?rotg`: `[c s; -conj(s) c] [a; b] = [r; 0]`.
///
/// # Safety
/// BLAS's contract.
pub unsafe fn rotg<T: Scalar>(
    h: *mut c_void,
    a: *mut T,
    b: *mut T,
    c: *mut T::RealPart,
    s: *mut T,
) -> BlasResult<()> {
    let h = handle(h)?;
    let call = RotgCall {
        a: Batch::one(a),
        b: Batch::one(b),
        c: Batch::one(c),
        s: Batch::one(s),
        batch_count: 1,
    };
    // SAFETY: forwarded.
    unsafe { ops::rotg(&h, call) }
}

/// # Safety
/// BLAS's contract.
pub unsafe fn rotg_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    a: *const *mut T,
    b: *const *mut T,
    c: *const *mut T::RealPart,
    s: *const *mut T,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let call = RotgCall {
        a: Batch::<T>::array(a),
        b: Batch::<T>::array(b),
        c: Batch::<T::RealPart>::array(c),
        s: Batch::<T>::array(s),
        batch_count: count(batch_count),
    };
    // SAFETY: forwarded.
    unsafe { ops::rotg(&h, call) }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn rotg_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    a: *mut T,
    stride_a: i64,
    b: *mut T,
    stride_b: i64,
    c: *mut T::RealPart,
    stride_c: i64,
    s: *mut T,
    stride_s: i64,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let call = RotgCall {
        a: Batch::strided(a, stride_a),
        b: Batch::strided(b, stride_b),
        c: Batch::strided(c, stride_c),
        s: Batch::strided(s, stride_s),
        batch_count: count(batch_count),
    };
    // SAFETY: forwarded.
    unsafe { ops::rotg(&h, call) }
}

/// `?rotg` of the 64-bit API (no size argument: the same function).
///
/// # Safety
/// BLAS's contract.
pub unsafe fn rotg_64<T: Scalar>(
    h: *mut c_void,
    a: *mut T,
    b: *mut T,
    c: *mut T::RealPart,
    s: *mut T,
) -> BlasResult<()> {
    // SAFETY: forwarded.
    unsafe { rotg(h, a, b, c, s) }
}

/// `?rotm`: applies the modified rotation `param` to `x` and `y`.
///
/// # Safety
/// BLAS's contract.
pub unsafe fn rotm<T: RealScalar, I: CInt>(
    h: *mut c_void,
    n: I,
    x: *mut T,
    incx: I,
    y: *mut T,
    incy: I,
    param: *const T,
) -> BlasResult<()> {
    let h = handle(h)?;
    // SAFETY: forwarded.
    unsafe {
        ops::rotm(
            &h,
            n.into(),
            Batch::one(x),
            incx.into(),
            Batch::one(y),
            incy.into(),
            Batch::one(param),
            1,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn rotm_batched<T: RealScalar, I: CInt>(
    h: *mut c_void,
    n: I,
    x: *const *mut T,
    incx: I,
    y: *const *mut T,
    incy: I,
    param: *const *const T,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let (x, y, p) = (
        Batch::<T>::array(x),
        Batch::<T>::array(y),
        Batch::<T>::array(param),
    );
    // SAFETY: forwarded.
    unsafe {
        ops::rotm(
            &h,
            n.into(),
            x,
            incx.into(),
            y,
            incy.into(),
            p,
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn rotm_strided_batched<T: RealScalar, I: CInt>(
    h: *mut c_void,
    n: I,
    x: *mut T,
    incx: I,
    stride_x: i64,
    y: *mut T,
    incy: I,
    stride_y: i64,
    param: *const T,
    stride_param: i64,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let (x, y, p) = (
        Batch::strided(x, stride_x),
        Batch::strided(y, stride_y),
        Batch::strided(param, stride_param),
    );
    // SAFETY: forwarded.
    unsafe {
        ops::rotm(
            &h,
            n.into(),
            x,
            incx.into(),
            y,
            incy.into(),
            p,
            batch_count.into(),
        )
    }
}

/// `?rotmg`: the modified rotation that zeroes `sqrt(d2) * y1`.
///
/// # Safety
/// BLAS's contract.
pub unsafe fn rotmg<T: RealScalar>(
    h: *mut c_void,
    d1: *mut T,
    d2: *mut T,
    x1: *mut T,
    y1: *const T,
    param: *mut T,
) -> BlasResult<()> {
    let h = handle(h)?;
    let call = RotmgCall {
        d1: Batch::one(d1),
        d2: Batch::one(d2),
        x1: Batch::one(x1),
        y1: Batch::one(y1),
        param: Batch::one(param),
        batch_count: 1,
    };
    // SAFETY: forwarded.
    unsafe { ops::rotmg(&h, call) }
}

/// `?rotmg` of the 64-bit API (no size argument: the same function).
///
/// # Safety
/// BLAS's contract.
pub unsafe fn rotmg_64<T: RealScalar>(
    h: *mut c_void,
    d1: *mut T,
    d2: *mut T,
    x1: *mut T,
    y1: *const T,
    param: *mut T,
) -> BlasResult<()> {
    // SAFETY: forwarded.
    unsafe { rotmg(h, d1, d2, x1, y1, param) }
}

/// # Safety
/// BLAS's contract.
pub unsafe fn rotmg_batched<T: RealScalar, I: CInt>(
    h: *mut c_void,
    d1: *const *mut T,
    d2: *const *mut T,
    x1: *const *mut T,
    y1: *const *const T,
    param: *const *mut T,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let call = RotmgCall {
        d1: Batch::<T>::array(d1),
        d2: Batch::<T>::array(d2),
        x1: Batch::<T>::array(x1),
        y1: Batch::<T>::array(y1),
        param: Batch::<T>::array(param),
        batch_count: count(batch_count),
    };
    // SAFETY: forwarded.
    unsafe { ops::rotmg(&h, call) }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn rotmg_strided_batched<T: RealScalar, I: CInt>(
    h: *mut c_void,
    d1: *mut T,
    stride_d1: i64,
    d2: *mut T,
    stride_d2: i64,
    x1: *mut T,
    stride_x1: i64,
    y1: *const T,
    stride_y1: i64,
    param: *mut T,
    stride_param: i64,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let call = RotmgCall {
        d1: Batch::strided(d1, stride_d1),
        d2: Batch::strided(d2, stride_d2),
        x1: Batch::strided(x1, stride_x1),
        y1: Batch::strided(y1, stride_y1),
        param: Batch::strided(param, stride_param),
        batch_count: count(batch_count),
    };
    // SAFETY: forwarded.
    unsafe { ops::rotmg(&h, call) }
}
