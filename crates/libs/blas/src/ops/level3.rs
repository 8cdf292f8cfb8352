//! Level 3 operations.

use super::{require, size};
use crate::args::{Batch, ScalarArg};
use crate::error::{BlasError, BlasResult};
use crate::handle::{Backend, Handle};
use crate::scalar::Scalar;
use crate::types::Operation;

/// A (batched) GEMM: `C_b = alpha * op(A_b) * op(B_b) + beta * C_b` for every `b`.
#[derive(Debug)]
pub struct GemmCall<T: Scalar> {
    pub trans_a: Operation,
    pub trans_b: Operation,
    pub m: i64,
    pub n: i64,
    pub k: i64,
    pub alpha: ScalarArg<T>,
    pub a: Batch<T>,
    pub lda: i64,
    pub b: Batch<T>,
    pub ldb: i64,
    pub beta: ScalarArg<T>,
    pub c: Batch<T>,
    pub ldc: i64,
    pub batch_count: i64,
}

impl<T: Scalar> Clone for GemmCall<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T: Scalar> Copy for GemmCall<T> {}

/// The arguments of a GEMM as the C APIs pass them.
#[derive(Debug, Clone, Copy)]
pub struct Gemm<T> {
    pub trans_a: i32,
    pub trans_b: i32,
    pub m: i64,
    pub n: i64,
    pub k: i64,
    pub alpha: *const T,
    pub a: Batch<T>,
    pub lda: i64,
    pub b: Batch<T>,
    pub ldb: i64,
    pub beta: *const T,
    pub c: Batch<T>,
    pub ldc: i64,
    pub batch_count: i64,
}

/// `?gemm`, `?gemm_batched`, `?gemm_strided_batched`.
///
/// Statuses (rocBLAS): invalid operation → `InvalidEnum`; negative sizes or batch count,
/// `lda < rows(op(A))`, `ldb < rows(op(B))`, `ldc < m` → `InvalidSize`; `m`, `n` or
/// the batch count 0 → success, nothing done; NULL `alpha`/`beta` → `InvalidPointer`;
/// host-mode `beta == 1` with `k == 0` or `alpha == 0` → success, nothing done; NULL `C`,
/// or NULL `A`/`B` while they are read → `InvalidPointer`.
///
/// # Safety
/// Operands valid as BLAS requires; host-mode scalars readable now.
pub unsafe fn gemm<T: Scalar>(h: &Handle, g: &Gemm<T>) -> BlasResult<()> {
    let trans_a = Operation::from_c(g.trans_a)?;
    let trans_b = Operation::from_c(g.trans_b)?;
    let (m, n, k) = (size(g.m)?, size(g.n)?, size(g.k)?);
    size(g.batch_count)?;
    let rows_a = if trans_a == Operation::None { m } else { k };
    let rows_b = if trans_b == Operation::None { k } else { n };
    if g.lda < rows_a as i64 || g.ldb < rows_b as i64 || g.ldc < m as i64 {
        return Err(BlasError::InvalidSize);
    }
    if m == 0 || n == 0 || g.batch_count == 0 {
        return Ok(());
    }
    let mode = h.pointer_mode();
    // SAFETY: host-mode scalars are readable (the caller's contract).
    let (alpha, beta) = unsafe {
        (
            ScalarArg::from_c(g.alpha, mode)?,
            ScalarArg::from_c(g.beta, mode)?,
        )
    };
    let alpha_zero = alpha.known().is_some_and(Scalar::is_zero);
    if beta.known().is_some_and(Scalar::is_one) && (k == 0 || alpha_zero) {
        return Ok(());
    }
    require(!g.c.is_null())?;
    if k > 0 && !alpha_zero {
        require(!g.a.is_null() && !g.b.is_null())?;
    }
    let call = GemmCall {
        trans_a,
        trans_b,
        m: g.m,
        n: g.n,
        k: g.k,
        alpha,
        a: g.a,
        lda: g.lda,
        b: g.b,
        ldb: g.ldb,
        beta,
        c: g.c,
        ldc: g.ldc,
        batch_count: g.batch_count,
    };
    match h.backend() {
        // SAFETY: validated; the operands stay valid until the work ran (BLAS's contract).
        Backend::Cpu => h.submit(move || unsafe { crate::cpu::level3::gemm_call(&call) }),
        // SAFETY: as above.
        Backend::Nvidia(nv) => unsafe { nv.gemm(h, &call) },
    }
}
