//! hipBLAS's LU helpers (`getrf`, `getrs`, `getriBatched`) to [`crate::ops::solver`]. In
//! the batched forms one `ipiv` array holds `n` pivots per batch entry; the strided forms
//! give its stride.

use std::ffi::c_void;

use super::handle;
use crate::args::Unusable;
use crate::args::{Batch, DevPtr};
use crate::error::BlasResult;
use crate::ops::solver::{self as ops, IntBatch};
use crate::scalar::Scalar;

fn pivots(p: *const i32, stride: i64) -> Option<IntBatch> {
    (!p.unusable()).then(|| IntBatch {
        base: DevPtr::new(p),
        stride,
    })
}

/// `?getrf`: `A = P L U` (a NULL `ipiv`: without pivoting).
///
/// # Safety
/// hipBLAS's contract.
pub unsafe fn getrf<T: Scalar>(
    h: *mut c_void,
    n: i32,
    a: *mut T,
    lda: i32,
    ipiv: *mut i32,
    info: *mut i32,
) -> BlasResult<()> {
    let h = handle(h)?;
    // SAFETY: forwarded.
    unsafe {
        ops::getrf(
            &h,
            n.into(),
            Batch::one(a),
            lda.into(),
            pivots(ipiv, 0),
            info,
            1,
        )
    }
}

/// # Safety
/// hipBLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn getrf_batched<T: Scalar>(
    h: *mut c_void,
    n: i32,
    a: *const *mut T,
    lda: i32,
    ipiv: *mut i32,
    info: *mut i32,
    batch_count: i32,
) -> BlasResult<()> {
    let h = handle(h)?;
    // SAFETY: forwarded.
    unsafe {
        ops::getrf(
            &h,
            n.into(),
            Batch::<T>::array(a),
            lda.into(),
            pivots(ipiv, n.into()),
            info,
            batch_count.into(),
        )
    }
}

/// # Safety
/// hipBLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn getrf_strided_batched<T: Scalar>(
    h: *mut c_void,
    n: i32,
    a: *mut T,
    lda: i32,
    stride_a: i64,
    ipiv: *mut i32,
    stride_p: i64,
    info: *mut i32,
    batch_count: i32,
) -> BlasResult<()> {
    let h = handle(h)?;
    let a = Batch::strided(a, stride_a);
    // SAFETY: forwarded.
    unsafe {
        ops::getrf(
            &h,
            n.into(),
            a,
            lda.into(),
            pivots(ipiv, stride_p),
            info,
            batch_count.into(),
        )
    }
}

/// `?getrs`: `op(A) X = B` from `getrf`'s factors (`info`: host, argument check).
///
/// # Safety
/// hipBLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn getrs<T: Scalar>(
    h: *mut c_void,
    trans: i32,
    n: i32,
    nrhs: i32,
    a: *mut T,
    lda: i32,
    ipiv: *const i32,
    b: *mut T,
    ldb: i32,
    info: *mut i32,
) -> BlasResult<()> {
    let h = handle(h)?;
    let (a, b) = (Batch::one(a), Batch::one(b));
    // SAFETY: forwarded.
    unsafe {
        ops::getrs(
            &h,
            trans,
            n.into(),
            nrhs.into(),
            a,
            lda.into(),
            pivots(ipiv, 0),
            b,
            ldb.into(),
            info,
            1,
        )
    }
}

/// # Safety
/// hipBLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn getrs_batched<T: Scalar>(
    h: *mut c_void,
    trans: i32,
    n: i32,
    nrhs: i32,
    a: *const *mut T,
    lda: i32,
    ipiv: *const i32,
    b: *const *mut T,
    ldb: i32,
    info: *mut i32,
    batch_count: i32,
) -> BlasResult<()> {
    let h = handle(h)?;
    let (a, b) = (Batch::<T>::array(a), Batch::<T>::array(b));
    let p = pivots(ipiv, n.into());
    // SAFETY: forwarded.
    unsafe {
        ops::getrs(
            &h,
            trans,
            n.into(),
            nrhs.into(),
            a,
            lda.into(),
            p,
            b,
            ldb.into(),
            info,
            batch_count.into(),
        )
    }
}

/// # Safety
/// hipBLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn getrs_strided_batched<T: Scalar>(
    h: *mut c_void,
    trans: i32,
    n: i32,
    nrhs: i32,
    a: *mut T,
    lda: i32,
    stride_a: i64,
    ipiv: *const i32,
    stride_p: i64,
    b: *mut T,
    ldb: i32,
    stride_b: i64,
    info: *mut i32,
    batch_count: i32,
) -> BlasResult<()> {
    let h = handle(h)?;
    let (a, b) = (Batch::strided(a, stride_a), Batch::strided(b, stride_b));
    let p = pivots(ipiv, stride_p);
    // SAFETY: forwarded.
    unsafe {
        ops::getrs(
            &h,
            trans,
            n.into(),
            nrhs.into(),
            a,
            lda.into(),
            p,
            b,
            ldb.into(),
            info,
            batch_count.into(),
        )
    }
}

/// `?getriBatched`: `C = A^-1` from `getrf`'s factors (`info`: device).
///
/// # Safety
/// hipBLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn getri_batched<T: Scalar>(
    h: *mut c_void,
    n: i32,
    a: *const *mut T,
    lda: i32,
    ipiv: *mut i32,
    c: *const *mut T,
    ldc: i32,
    info: *mut i32,
    batch_count: i32,
) -> BlasResult<()> {
    let h = handle(h)?;
    let (a, c) = (Batch::<T>::array(a), Batch::<T>::array(c));
    let p = pivots(ipiv, n.into());
    // SAFETY: forwarded.
    unsafe {
        ops::getri(
            &h,
            n.into(),
            a,
            lda.into(),
            p,
            c,
            ldc.into(),
            info,
            batch_count.into(),
        )
    }
}

/// `?geqrf`: `A = Q R` (Householder vectors below the diagonal, `tau` in `ipiv`).
///
/// # Safety
/// hipBLAS's contract.
pub unsafe fn geqrf<T: Scalar>(
    h: *mut c_void,
    m: i32,
    n: i32,
    a: *mut T,
    lda: i32,
    tau: *mut T,
    info: *mut i32,
) -> BlasResult<()> {
    let h = handle(h)?;
    // SAFETY: forwarded.
    unsafe {
        ops::geqrf(
            &h,
            m.into(),
            n.into(),
            Batch::one(a),
            lda.into(),
            Batch::one(tau),
            info,
            1,
        )
    }
}

/// # Safety
/// hipBLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn geqrf_batched<T: Scalar>(
    h: *mut c_void,
    m: i32,
    n: i32,
    a: *const *mut T,
    lda: i32,
    tau: *const *mut T,
    info: *mut i32,
    batch_count: i32,
) -> BlasResult<()> {
    let h = handle(h)?;
    let (a, t) = (Batch::<T>::array(a), Batch::<T>::array(tau));
    // SAFETY: forwarded.
    unsafe {
        ops::geqrf(
            &h,
            m.into(),
            n.into(),
            a,
            lda.into(),
            t,
            info,
            batch_count.into(),
        )
    }
}

/// # Safety
/// hipBLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn geqrf_strided_batched<T: Scalar>(
    h: *mut c_void,
    m: i32,
    n: i32,
    a: *mut T,
    lda: i32,
    stride_a: i64,
    tau: *mut T,
    stride_p: i64,
    info: *mut i32,
    batch_count: i32,
) -> BlasResult<()> {
    let h = handle(h)?;
    let (a, t) = (Batch::strided(a, stride_a), Batch::strided(tau, stride_p));
    // SAFETY: forwarded.
    unsafe {
        ops::geqrf(
            &h,
            m.into(),
            n.into(),
            a,
            lda.into(),
            t,
            info,
            batch_count.into(),
        )
    }
}

/// `?gels`: least squares `min ||A X - B||` for `m >= n`, no transpose.
///
/// # Safety
/// hipBLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn gels<T: Scalar>(
    h: *mut c_void,
    trans: i32,
    m: i32,
    n: i32,
    nrhs: i32,
    a: *mut T,
    lda: i32,
    b: *mut T,
    ldb: i32,
    info: *mut i32,
    device_info: *mut i32,
) -> BlasResult<()> {
    let h = handle(h)?;
    let (a, b) = (Batch::one(a), Batch::one(b));
    // SAFETY: forwarded.
    unsafe {
        ops::gels(
            &h,
            trans,
            m.into(),
            n.into(),
            nrhs.into(),
            a,
            lda.into(),
            b,
            ldb.into(),
            info,
            device_info,
            1,
        )
    }
}

/// # Safety
/// hipBLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn gels_batched<T: Scalar>(
    h: *mut c_void,
    trans: i32,
    m: i32,
    n: i32,
    nrhs: i32,
    a: *const *mut T,
    lda: i32,
    b: *const *mut T,
    ldb: i32,
    info: *mut i32,
    device_info: *mut i32,
    batch_count: i32,
) -> BlasResult<()> {
    let h = handle(h)?;
    let (a, b) = (Batch::<T>::array(a), Batch::<T>::array(b));
    let (m, n, nrhs) = (m.into(), n.into(), nrhs.into());
    // SAFETY: forwarded.
    unsafe {
        ops::gels(
            &h,
            trans,
            m,
            n,
            nrhs,
            a,
            lda.into(),
            b,
            ldb.into(),
            info,
            device_info,
            batch_count.into(),
        )
    }
}

/// # Safety
/// hipBLAS's contract.
#[allow(clippy::too_many_arguments)]
pub unsafe fn gels_strided_batched<T: Scalar>(
    h: *mut c_void,
    trans: i32,
    m: i32,
    n: i32,
    nrhs: i32,
    a: *mut T,
    lda: i32,
    stride_a: i64,
    b: *mut T,
    ldb: i32,
    stride_b: i64,
    info: *mut i32,
    device_info: *mut i32,
    batch_count: i32,
) -> BlasResult<()> {
    let h = handle(h)?;
    let (a, b) = (Batch::strided(a, stride_a), Batch::strided(b, stride_b));
    let (m, n, nrhs) = (m.into(), n.into(), nrhs.into());
    // SAFETY: forwarded.
    unsafe {
        ops::gels(
            &h,
            trans,
            m,
            n,
            nrhs,
            a,
            lda.into(),
            b,
            ldb.into(),
            info,
            device_info,
            batch_count.into(),
        )
    }
}
