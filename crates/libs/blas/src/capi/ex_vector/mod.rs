//! Level-1 `Ex` adaptors (`axpy_ex`, `dot_ex`, `dotc_ex`, `nrm2_ex`, `scal_ex`,
//! `rot_ex`; plain, batched, strided) for rocBLAS's and hipBLAS's v1 type codes (`_v1`) and
//! hipBLAS's v2 codes (`_v2`), and the fp16/bf16 `haxpy`, `hdot`, `bfdot`, to
//! [`crate::ops::ex_vector`]. The execution type is validated; the CPU computes wider.

mod adaptors;
mod v1;
mod v2;

pub use v1::*;
pub use v2::*;

use std::ffi::c_void;

use super::ex::Codes;
use super::CInt;
use crate::error::BlasResult;
use crate::ops::ex_vector::ExScalar;
use crate::scalar::{Bf16, Half};
use crate::types::PointerMode;

/// A scalar argument of type code `t`.
///
/// # Safety
/// In host pointer mode `p` must be readable now.
pub(super) unsafe fn scalar(
    p: *const c_void,
    t: i32,
    codes: Codes,
    mode: PointerMode,
) -> BlasResult<ExScalar> {
    // SAFETY: the caller's contract.
    unsafe { ExScalar::from_c(p as *const u8, codes.data(t)?, mode) }
}

/// rocBLAS's `rocblas_datatype` codes of fp16 and bf16.
const F16: i32 = 150;
const BF16: i32 = 168;

/// `?haxpy`
///
/// # Safety
/// BLAS's contract.
pub unsafe fn haxpy<I: CInt>(
    h: *mut c_void,
    n: I,
    alpha: *const Half,
    x: *const Half,
    incx: I,
    y: *mut Half,
    incy: I,
) -> BlasResult<()> {
    // SAFETY: forwarded.
    unsafe {
        axpy_ex_v1(
            h,
            n,
            alpha.cast(),
            F16,
            x.cast(),
            F16,
            incx,
            y.cast(),
            F16,
            incy,
            F16,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn haxpy_batched<I: CInt>(
    h: *mut c_void,
    n: I,
    alpha: *const Half,
    x: *const *const Half,
    incx: I,
    y: *const *mut Half,
    incy: I,
    batch_count: I,
) -> BlasResult<()> {
    // SAFETY: forwarded.
    unsafe {
        axpy_batched_ex_v1(
            h,
            n,
            alpha.cast(),
            F16,
            x.cast(),
            F16,
            incx,
            y as *mut c_void,
            F16,
            incy,
            batch_count,
            F16,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn haxpy_strided_batched<I: CInt>(
    h: *mut c_void,
    n: I,
    alpha: *const Half,
    x: *const Half,
    incx: I,
    stride_x: i64,
    y: *mut Half,
    incy: I,
    stride_y: i64,
    batch_count: I,
) -> BlasResult<()> {
    // SAFETY: forwarded.
    unsafe {
        axpy_strided_batched_ex_v1(
            h,
            n,
            alpha.cast(),
            F16,
            x.cast(),
            F16,
            incx,
            stride_x,
            y.cast(),
            F16,
            incy,
            stride_y,
            batch_count,
            F16,
        )
    }
}

/// `?hdot`
///
/// # Safety
/// BLAS's contract.
pub unsafe fn hdot<I: CInt>(
    h: *mut c_void,
    n: I,
    x: *const Half,
    incx: I,
    y: *const Half,
    incy: I,
    result: *mut Half,
) -> BlasResult<()> {
    // SAFETY: forwarded.
    unsafe {
        dot_ex_v1(
            h,
            n,
            x.cast(),
            F16,
            incx,
            y.cast(),
            F16,
            incy,
            result.cast(),
            F16,
            151,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn hdot_batched<I: CInt>(
    h: *mut c_void,
    n: I,
    x: *const *const Half,
    incx: I,
    y: *const *const Half,
    incy: I,
    batch_count: I,
    result: *mut Half,
) -> BlasResult<()> {
    // SAFETY: forwarded.
    unsafe {
        dot_batched_ex_v1(
            h,
            n,
            x.cast(),
            F16,
            incx,
            y.cast(),
            F16,
            incy,
            batch_count,
            result.cast(),
            F16,
            151,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn hdot_strided_batched<I: CInt>(
    h: *mut c_void,
    n: I,
    x: *const Half,
    incx: I,
    stride_x: i64,
    y: *const Half,
    incy: I,
    stride_y: i64,
    batch_count: I,
    result: *mut Half,
) -> BlasResult<()> {
    // SAFETY: forwarded.
    unsafe {
        dot_strided_batched_ex_v1(
            h,
            n,
            x.cast(),
            F16,
            incx,
            stride_x,
            y.cast(),
            F16,
            incy,
            stride_y,
            batch_count,
            result.cast(),
            F16,
            151,
        )
    }
}

/// `?bfdot`
///
/// # Safety
/// BLAS's contract.
pub unsafe fn bfdot<I: CInt>(
    h: *mut c_void,
    n: I,
    x: *const Bf16,
    incx: I,
    y: *const Bf16,
    incy: I,
    result: *mut Bf16,
) -> BlasResult<()> {
    // SAFETY: forwarded.
    unsafe {
        dot_ex_v1(
            h,
            n,
            x.cast(),
            BF16,
            incx,
            y.cast(),
            BF16,
            incy,
            result.cast(),
            BF16,
            151,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn bfdot_batched<I: CInt>(
    h: *mut c_void,
    n: I,
    x: *const *const Bf16,
    incx: I,
    y: *const *const Bf16,
    incy: I,
    batch_count: I,
    result: *mut Bf16,
) -> BlasResult<()> {
    // SAFETY: forwarded.
    unsafe {
        dot_batched_ex_v1(
            h,
            n,
            x.cast(),
            BF16,
            incx,
            y.cast(),
            BF16,
            incy,
            batch_count,
            result.cast(),
            BF16,
            151,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn bfdot_strided_batched<I: CInt>(
    h: *mut c_void,
    n: I,
    x: *const Bf16,
    incx: I,
    stride_x: i64,
    y: *const Bf16,
    incy: I,
    stride_y: i64,
    batch_count: I,
    result: *mut Bf16,
) -> BlasResult<()> {
    // SAFETY: forwarded.
    unsafe {
        dot_strided_batched_ex_v1(
            h,
            n,
            x.cast(),
            BF16,
            incx,
            stride_x,
            y.cast(),
            BF16,
            incy,
            stride_y,
            batch_count,
            result.cast(),
            BF16,
            151,
        )
    }
}
