//! rocBLAS's triangle-output level 3 extensions: `gemmt` (a GEMM that updates one triangle
//! of `C`) and `trtri` (the inverse of a triangular matrix), in their forms.

use super::{require, size};
use crate::args::Unusable;
use crate::args::{Batch, ScalarArg};
use crate::error::{BlasError, BlasResult};
use crate::handle::Handle;
use crate::scalar::Scalar;
use crate::types::{Diag, Fill, Operation};

fn check_ld(ld: i64, rows: usize) -> BlasResult<()> {
    if ld < rows.max(1) as i64 {
        return Err(BlasError::InvalidSize);
    }
    Ok(())
}

/// `gemmt`: `C = alpha * op(A) * op(B) + beta * C` on the `uplo` triangle of the `n x n` `C`.
#[derive(Debug)]
pub struct GemmtCall<T: Scalar> {
    pub uplo: Fill,
    pub trans_a: Operation,
    pub trans_b: Operation,
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

/// `trtri`: the `uplo` triangle of `inv_a` becomes the inverse of the triangular `A`.
#[derive(Debug)]
pub struct TrtriCall<T: Scalar> {
    pub uplo: Fill,
    pub diag: Diag,
    pub n: i64,
    pub a: Batch<T>,
    pub lda: i64,
    pub inv_a: Batch<T>,
    pub ld_inv_a: i64,
    pub batch_count: i64,
}

macro_rules! copy_call {
    ($($t:ident),*) => {$(
        impl<T: Scalar> Clone for $t<T> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<T: Scalar> Copy for $t<T> {}
    )*};
}
copy_call!(GemmtCall, TrtriCall);

/// `?gemmt` in its forms.
///
/// # Safety
/// Operands valid as BLAS requires; host-mode scalars readable now.
#[allow(clippy::too_many_arguments)]
pub unsafe fn gemmt<T: Scalar>(
    h: &Handle,
    uplo: i32,
    trans_a: i32,
    trans_b: i32,
    n: i64,
    k: i64,
    alpha: *const T,
    a: Batch<T>,
    lda: i64,
    b: Batch<T>,
    ldb: i64,
    beta: *const T,
    c: Batch<T>,
    ldc: i64,
    batch_count: i64,
) -> BlasResult<()> {
    let uplo = Fill::triangle(uplo)?;
    let trans_a = Operation::from_c(trans_a)?;
    let trans_b = Operation::from_c(trans_b)?;
    let (nu, ku) = (size(n)?, size(k)?);
    size(batch_count)?;
    check_ld(lda, if trans_a == Operation::None { nu } else { ku })?;
    check_ld(ldb, if trans_b == Operation::None { ku } else { nu })?;
    check_ld(ldc, nu)?;
    if nu == 0 || batch_count == 0 {
        return Ok(());
    }
    let mode = h.pointer_mode();
    // SAFETY: the caller's contract.
    let (alpha, beta) = unsafe {
        (
            ScalarArg::from_c(alpha, mode)?,
            ScalarArg::from_c(beta, mode)?,
        )
    };
    let alpha_zero = alpha.known().is_some_and(Scalar::is_zero);
    if beta.known().is_some_and(Scalar::is_one) && (ku == 0 || alpha_zero) {
        return Ok(());
    }
    require(!c.unusable())?;
    if ku > 0 && !alpha_zero {
        require(!a.unusable() && !b.unusable())?;
    }
    let call = GemmtCall {
        uplo,
        trans_a,
        trans_b,
        n,
        k,
        alpha,
        a,
        lda,
        b,
        ldb,
        beta,
        c,
        ldc,
        batch_count,
    };
    h.dispatch(call, crate::cpu::triangle::gemmt::<T>, |nv, _| {
        nv.not_mapped("gemmt")
    })
}

/// `?trtri` in its forms.
///
/// # Safety
/// As for [`gemmt`].
#[allow(clippy::too_many_arguments)]
pub unsafe fn trtri<T: Scalar>(
    h: &Handle,
    uplo: i32,
    diag: i32,
    n: i64,
    a: Batch<T>,
    lda: i64,
    inv_a: Batch<T>,
    ld_inv_a: i64,
    batch_count: i64,
) -> BlasResult<()> {
    let uplo = Fill::triangle(uplo)?;
    let diag = Diag::from_c(diag)?;
    let nu = size(n)?;
    size(batch_count)?;
    check_ld(lda, nu)?;
    check_ld(ld_inv_a, nu)?;
    if nu == 0 || batch_count == 0 {
        return Ok(());
    }
    require(!a.unusable() && !inv_a.unusable())?;
    let call = TrtriCall {
        uplo,
        diag,
        n,
        a,
        lda,
        inv_a,
        ld_inv_a,
        batch_count,
    };
    h.dispatch(call, crate::cpu::triangle::trtri::<T>, |nv, _| {
        nv.not_mapped("trtri")
    })
}
