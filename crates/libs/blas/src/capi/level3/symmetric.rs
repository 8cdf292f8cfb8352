//! Symmetric and Hermitian level 3 adaptors: `syrk`, `herk`, `syr2k`, `her2k`, `syrkx`,
//! `herkx`, `symm`, `hemm` (plain, `_batched`, `_strided_batched`).

use std::ffi::c_void;

use super::super::{handle, CInt};
use crate::args::Batch;
use crate::error::BlasResult;
use crate::ops::level1::ScalesBy;
use crate::ops::level3 as ops;
use crate::scalar::Scalar;

/// `C = alpha * op(A) * op(A)^T + beta * C` (one triangle)
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn syrk<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans: i32,
    n: I,
    k: I,
    alpha: *const T,
    a: *const T,
    lda: I,
    beta: *const T,
    c: *mut T,
    ldc: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::one(a);
    let c = Batch::<T>::one(c);
    // SAFETY: forwarded.
    unsafe {
        ops::rank_k::<T, T>(
            &h,
            uplo,
            trans,
            n.into(),
            k.into(),
            alpha,
            a,
            lda.into(),
            beta,
            c,
            ldc.into(),
            false,
            1,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn syrk_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans: i32,
    n: I,
    k: I,
    alpha: *const T,
    a: *const *const T,
    lda: I,
    beta: *const T,
    c: *const *mut T,
    ldc: I,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::array(a);
    let c = Batch::<T>::array(c);
    // SAFETY: forwarded.
    unsafe {
        ops::rank_k::<T, T>(
            &h,
            uplo,
            trans,
            n.into(),
            k.into(),
            alpha,
            a,
            lda.into(),
            beta,
            c,
            ldc.into(),
            false,
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn syrk_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans: i32,
    n: I,
    k: I,
    alpha: *const T,
    a: *const T,
    lda: I,
    stride_a: i64,
    beta: *const T,
    c: *mut T,
    ldc: I,
    stride_c: i64,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::strided(a, stride_a);
    let c = Batch::<T>::strided(c, stride_c);
    // SAFETY: forwarded.
    unsafe {
        ops::rank_k::<T, T>(
            &h,
            uplo,
            trans,
            n.into(),
            k.into(),
            alpha,
            a,
            lda.into(),
            beta,
            c,
            ldc.into(),
            false,
            batch_count.into(),
        )
    }
}

/// `C = alpha * op(A) * op(A)^H + beta * C` (one triangle; real `alpha`, `beta`)
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn herk<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans: i32,
    n: I,
    k: I,
    alpha: *const T::RealPart,
    a: *const T,
    lda: I,
    beta: *const T::RealPart,
    c: *mut T,
    ldc: I,
) -> BlasResult<()>
where
    T::RealPart: ScalesBy<T>,
{
    let h = handle(h)?;
    let a = Batch::<T>::one(a);
    let c = Batch::<T>::one(c);
    // SAFETY: forwarded.
    unsafe {
        ops::rank_k::<T, T::RealPart>(
            &h,
            uplo,
            trans,
            n.into(),
            k.into(),
            alpha,
            a,
            lda.into(),
            beta,
            c,
            ldc.into(),
            true,
            1,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn herk_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans: i32,
    n: I,
    k: I,
    alpha: *const T::RealPart,
    a: *const *const T,
    lda: I,
    beta: *const T::RealPart,
    c: *const *mut T,
    ldc: I,
    batch_count: I,
) -> BlasResult<()>
where
    T::RealPart: ScalesBy<T>,
{
    let h = handle(h)?;
    let a = Batch::<T>::array(a);
    let c = Batch::<T>::array(c);
    // SAFETY: forwarded.
    unsafe {
        ops::rank_k::<T, T::RealPart>(
            &h,
            uplo,
            trans,
            n.into(),
            k.into(),
            alpha,
            a,
            lda.into(),
            beta,
            c,
            ldc.into(),
            true,
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn herk_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans: i32,
    n: I,
    k: I,
    alpha: *const T::RealPart,
    a: *const T,
    lda: I,
    stride_a: i64,
    beta: *const T::RealPart,
    c: *mut T,
    ldc: I,
    stride_c: i64,
    batch_count: I,
) -> BlasResult<()>
where
    T::RealPart: ScalesBy<T>,
{
    let h = handle(h)?;
    let a = Batch::<T>::strided(a, stride_a);
    let c = Batch::<T>::strided(c, stride_c);
    // SAFETY: forwarded.
    unsafe {
        ops::rank_k::<T, T::RealPart>(
            &h,
            uplo,
            trans,
            n.into(),
            k.into(),
            alpha,
            a,
            lda.into(),
            beta,
            c,
            ldc.into(),
            true,
            batch_count.into(),
        )
    }
}

/// `C = alpha * A * B + beta * C` (left) or `alpha * B * A + beta * C`, `A` symmetric
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn symm<T: Scalar, I: CInt>(
    h: *mut c_void,
    side: i32,
    uplo: i32,
    m: I,
    n: I,
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
        ops::symm(
            &h,
            side,
            uplo,
            m.into(),
            n.into(),
            alpha,
            a,
            lda.into(),
            b,
            ldb.into(),
            beta,
            c,
            ldc.into(),
            false,
            1,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn symm_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    side: i32,
    uplo: i32,
    m: I,
    n: I,
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
        ops::symm(
            &h,
            side,
            uplo,
            m.into(),
            n.into(),
            alpha,
            a,
            lda.into(),
            b,
            ldb.into(),
            beta,
            c,
            ldc.into(),
            false,
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn symm_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    side: i32,
    uplo: i32,
    m: I,
    n: I,
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
        ops::symm(
            &h,
            side,
            uplo,
            m.into(),
            n.into(),
            alpha,
            a,
            lda.into(),
            b,
            ldb.into(),
            beta,
            c,
            ldc.into(),
            false,
            batch_count.into(),
        )
    }
}

/// As `symm`, `A` Hermitian
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn hemm<T: Scalar, I: CInt>(
    h: *mut c_void,
    side: i32,
    uplo: i32,
    m: I,
    n: I,
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
        ops::symm(
            &h,
            side,
            uplo,
            m.into(),
            n.into(),
            alpha,
            a,
            lda.into(),
            b,
            ldb.into(),
            beta,
            c,
            ldc.into(),
            true,
            1,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn hemm_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    side: i32,
    uplo: i32,
    m: I,
    n: I,
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
        ops::symm(
            &h,
            side,
            uplo,
            m.into(),
            n.into(),
            alpha,
            a,
            lda.into(),
            b,
            ldb.into(),
            beta,
            c,
            ldc.into(),
            true,
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn hemm_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    side: i32,
    uplo: i32,
    m: I,
    n: I,
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
        ops::symm(
            &h,
            side,
            uplo,
            m.into(),
            n.into(),
            alpha,
            a,
            lda.into(),
            b,
            ldb.into(),
            beta,
            c,
            ldc.into(),
            true,
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn syr2k_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans: i32,
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
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn syr2k_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans: i32,
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
            batch_count.into(),
        )
    }
}

/// `C = alpha * op(A) * op(B)^H + conj(alpha) * op(B) * op(A)^H + beta * C` (real `beta`)
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn her2k<T: Scalar, I: CInt>(
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
    beta: *const T::RealPart,
    c: *mut T,
    ldc: I,
) -> BlasResult<()>
where
    T::RealPart: ScalesBy<T>,
{
    let h = handle(h)?;
    let a = Batch::<T>::one(a);
    let b = Batch::<T>::one(b);
    let c = Batch::<T>::one(c);
    // SAFETY: forwarded.
    unsafe {
        ops::rank_2k::<T, T::RealPart>(
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
            true,
            true,
            1,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn her2k_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans: i32,
    n: I,
    k: I,
    alpha: *const T,
    a: *const *const T,
    lda: I,
    b: *const *const T,
    ldb: I,
    beta: *const T::RealPart,
    c: *const *mut T,
    ldc: I,
    batch_count: I,
) -> BlasResult<()>
where
    T::RealPart: ScalesBy<T>,
{
    let h = handle(h)?;
    let a = Batch::<T>::array(a);
    let b = Batch::<T>::array(b);
    let c = Batch::<T>::array(c);
    // SAFETY: forwarded.
    unsafe {
        ops::rank_2k::<T, T::RealPart>(
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
            true,
            true,
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn her2k_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans: i32,
    n: I,
    k: I,
    alpha: *const T,
    a: *const T,
    lda: I,
    stride_a: i64,
    b: *const T,
    ldb: I,
    stride_b: i64,
    beta: *const T::RealPart,
    c: *mut T,
    ldc: I,
    stride_c: i64,
    batch_count: I,
) -> BlasResult<()>
where
    T::RealPart: ScalesBy<T>,
{
    let h = handle(h)?;
    let a = Batch::<T>::strided(a, stride_a);
    let b = Batch::<T>::strided(b, stride_b);
    let c = Batch::<T>::strided(c, stride_c);
    // SAFETY: forwarded.
    unsafe {
        ops::rank_2k::<T, T::RealPart>(
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
            true,
            true,
            batch_count.into(),
        )
    }
}

/// `C = alpha * op(A) * op(B)^T + beta * C` (one triangle)
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn syrkx<T: Scalar, I: CInt>(
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
            false,
            1,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn syrkx_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans: i32,
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
            false,
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn syrkx_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans: i32,
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
            false,
            batch_count.into(),
        )
    }
}

/// `C = alpha * op(A) * op(B)^H + beta * C` (one triangle, real `beta`)
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn herkx<T: Scalar, I: CInt>(
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
    beta: *const T::RealPart,
    c: *mut T,
    ldc: I,
) -> BlasResult<()>
where
    T::RealPart: ScalesBy<T>,
{
    let h = handle(h)?;
    let a = Batch::<T>::one(a);
    let b = Batch::<T>::one(b);
    let c = Batch::<T>::one(c);
    // SAFETY: forwarded.
    unsafe {
        ops::rank_2k::<T, T::RealPart>(
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
            true,
            false,
            1,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn herkx_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans: i32,
    n: I,
    k: I,
    alpha: *const T,
    a: *const *const T,
    lda: I,
    b: *const *const T,
    ldb: I,
    beta: *const T::RealPart,
    c: *const *mut T,
    ldc: I,
    batch_count: I,
) -> BlasResult<()>
where
    T::RealPart: ScalesBy<T>,
{
    let h = handle(h)?;
    let a = Batch::<T>::array(a);
    let b = Batch::<T>::array(b);
    let c = Batch::<T>::array(c);
    // SAFETY: forwarded.
    unsafe {
        ops::rank_2k::<T, T::RealPart>(
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
            true,
            false,
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn herkx_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    uplo: i32,
    trans: i32,
    n: I,
    k: I,
    alpha: *const T,
    a: *const T,
    lda: I,
    stride_a: i64,
    b: *const T,
    ldb: I,
    stride_b: i64,
    beta: *const T::RealPart,
    c: *mut T,
    ldc: I,
    stride_c: i64,
    batch_count: I,
) -> BlasResult<()>
where
    T::RealPart: ScalesBy<T>,
{
    let h = handle(h)?;
    let a = Batch::<T>::strided(a, stride_a);
    let b = Batch::<T>::strided(b, stride_b);
    let c = Batch::<T>::strided(c, stride_c);
    // SAFETY: forwarded.
    unsafe {
        ops::rank_2k::<T, T::RealPart>(
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
            true,
            false,
            batch_count.into(),
        )
    }
}
