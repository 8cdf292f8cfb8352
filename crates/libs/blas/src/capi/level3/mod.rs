//! Level 3 adaptors: C arguments (in rocBLAS's and hipBLAS's common order) to
//! [`crate::ops::level3`]: GEMM here, the other operations in the submodules (re-exported,
//! so every adaptor is `capi::level3::NAME`).

mod elementwise;
mod symmetric;
mod triangular;

pub use elementwise::*;
pub use symmetric::*;
pub use triangular::*;

use std::ffi::c_void;

use super::{handle, CInt};
use crate::args::Batch;
use crate::error::BlasResult;
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
