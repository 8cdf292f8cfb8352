//! Level 3 adaptors: C arguments (in rocBLAS's and hipBLAS's common order) to
//! [`crate::ops::level3`].

use std::ffi::c_void;

use super::{handle, CInt};
use crate::args::Batch;
use crate::error::BlasResult;
use crate::ops::level1::ScalesBy;
use crate::ops::level3::{self as ops, Gemm};
use crate::scalar::Scalar;

/// `?gemm`
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn gemm<T: Scalar, I: CInt>(
    h: *mut c_void,
    trans_a: i32,
    trans_b: i32,
    m: I,
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
    let g = Gemm {
        trans_a,
        trans_b,
        m: m.into(),
        n: n.into(),
        k: k.into(),
        alpha,
        a: Batch::<T>::one(a),
        lda: lda.into(),
        b: Batch::<T>::one(b),
        ldb: ldb.into(),
        beta,
        c: Batch::<T>::one(c),
        ldc: ldc.into(),
        batch_count: 1,
    };
    // SAFETY: forwarded.
    unsafe { ops::gemm(&h, &g) }
}

/// `?gemm_batched` / `?gemmBatched`
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn gemm_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    trans_a: i32,
    trans_b: i32,
    m: I,
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
    let g = Gemm {
        trans_a,
        trans_b,
        m: m.into(),
        n: n.into(),
        k: k.into(),
        alpha,
        a: Batch::<T>::array(a),
        lda: lda.into(),
        b: Batch::<T>::array(b),
        ldb: ldb.into(),
        beta,
        c: Batch::<T>::array(c as *const *const T),
        ldc: ldc.into(),
        batch_count: batch_count.into(),
    };
    // SAFETY: forwarded.
    unsafe { ops::gemm(&h, &g) }
}

/// `?gemm_strided_batched` / `?gemmStridedBatched`
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn gemm_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    trans_a: i32,
    trans_b: i32,
    m: I,
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
    let g = Gemm {
        trans_a,
        trans_b,
        m: m.into(),
        n: n.into(),
        k: k.into(),
        alpha,
        a: Batch::<T>::strided(a, stride_a),
        lda: lda.into(),
        b: Batch::<T>::strided(b, stride_b),
        ldb: ldb.into(),
        beta,
        c: Batch::<T>::strided(c, stride_c),
        ldc: ldc.into(),
        batch_count: batch_count.into(),
    };
    // SAFETY: forwarded.
    unsafe { ops::gemm(&h, &g) }
}

// ---------------------------------------------------------------- beyond GEMM

/// `B = alpha * op(A)^-1 * B` (left) or `alpha * B * op(A)^-1` (right)
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn trsm<T: Scalar, I: CInt>(
    h: *mut c_void,
    side: i32,
    uplo: i32,
    trans: i32,
    diag: i32,
    m: I,
    n: I,
    alpha: *const T,
    a: *const T,
    lda: I,
    b: *mut T,
    ldb: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::one(a);
    let b = Batch::<T>::one(b);
    // SAFETY: forwarded.
    unsafe {
        ops::triangular(
            &h,
            side,
            uplo,
            trans,
            diag,
            m.into(),
            n.into(),
            alpha,
            a,
            lda.into(),
            b,
            ldb.into(),
            None,
            1,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn trsm_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    side: i32,
    uplo: i32,
    trans: i32,
    diag: i32,
    m: I,
    n: I,
    alpha: *const T,
    a: *const *const T,
    lda: I,
    b: *const *mut T,
    ldb: I,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::array(a);
    let b = Batch::<T>::array(b);
    // SAFETY: forwarded.
    unsafe {
        ops::triangular(
            &h,
            side,
            uplo,
            trans,
            diag,
            m.into(),
            n.into(),
            alpha,
            a,
            lda.into(),
            b,
            ldb.into(),
            None,
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn trsm_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    side: i32,
    uplo: i32,
    trans: i32,
    diag: i32,
    m: I,
    n: I,
    alpha: *const T,
    a: *const T,
    lda: I,
    stride_a: i64,
    b: *mut T,
    ldb: I,
    stride_b: i64,
    batch_count: I,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::<T>::strided(a, stride_a);
    let b = Batch::<T>::strided(b, stride_b);
    // SAFETY: forwarded.
    unsafe {
        ops::triangular(
            &h,
            side,
            uplo,
            trans,
            diag,
            m.into(),
            n.into(),
            alpha,
            a,
            lda.into(),
            b,
            ldb.into(),
            None,
            batch_count.into(),
        )
    }
}

/// `C = alpha * op(A) * B` (left) or `alpha * B * op(A)` (right)
///
/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn trmm<T: Scalar, I: CInt>(
    h: *mut c_void,
    side: i32,
    uplo: i32,
    trans: i32,
    diag: i32,
    m: I,
    n: I,
    alpha: *const T,
    a: *const T,
    lda: I,
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
        ops::triangular(
            &h,
            side,
            uplo,
            trans,
            diag,
            m.into(),
            n.into(),
            alpha,
            a,
            lda.into(),
            b,
            ldb.into(),
            Some((c, ldc.into())),
            1,
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn trmm_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    side: i32,
    uplo: i32,
    trans: i32,
    diag: i32,
    m: I,
    n: I,
    alpha: *const T,
    a: *const *const T,
    lda: I,
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
        ops::triangular(
            &h,
            side,
            uplo,
            trans,
            diag,
            m.into(),
            n.into(),
            alpha,
            a,
            lda.into(),
            b,
            ldb.into(),
            Some((c, ldc.into())),
            batch_count.into(),
        )
    }
}

/// # Safety
/// BLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn trmm_strided_batched<T: Scalar, I: CInt>(
    h: *mut c_void,
    side: i32,
    uplo: i32,
    trans: i32,
    diag: i32,
    m: I,
    n: I,
    alpha: *const T,
    a: *const T,
    lda: I,
    stride_a: i64,
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
        ops::triangular(
            &h,
            side,
            uplo,
            trans,
            diag,
            m.into(),
            n.into(),
            alpha,
            a,
            lda.into(),
            b,
            ldb.into(),
            Some((c, ldc.into())),
            batch_count.into(),
        )
    }
}

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
