//! Level 2 operations (matrix-vector), plain and batched. Validation follows rocBLAS:
//! enumerators (`InvalidEnum`/`InvalidValue`), then sizes, leading dimensions and
//! increments (`InvalidSize`: negative sizes, `lda < max(1, rows)`, zero increments),
//! then the quick return for empty problems, then pointers (`InvalidPointer`).

use super::{require, size};
use crate::args::{matrix_extent, vector_extent, Unusable};
use crate::args::{Batch, ScalarArg};
use crate::error::{BlasError, BlasResult};
use crate::handle::Handle;
use crate::ops::level1::ScalesBy;
use crate::scalar::Scalar;
use crate::types::{Diag, Fill, Operation};

fn check_ld(ld: i64, rows: usize) -> BlasResult<()> {
    if ld < rows.max(1) as i64 {
        return Err(BlasError::InvalidSize);
    }
    Ok(())
}

fn check_inc(inc: i64) -> BlasResult<()> {
    if inc == 0 {
        return Err(BlasError::InvalidSize);
    }
    Ok(())
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

/// `y = alpha * op(A) * x + beta * y` (`A` is `m x n`).
#[derive(Debug)]
pub struct GemvCall<T: Scalar> {
    pub trans: Operation,
    pub m: i64,
    pub n: i64,
    pub alpha: ScalarArg<T>,
    pub a: Batch<T>,
    pub lda: i64,
    pub x: Batch<T>,
    pub incx: i64,
    pub beta: ScalarArg<T>,
    pub y: Batch<T>,
    pub incy: i64,
    pub batch_count: i64,
}

/// `A = alpha * x * y^T + A` (`y^H` when `conjugate`).
#[derive(Debug)]
pub struct GerCall<T: Scalar> {
    pub m: i64,
    pub n: i64,
    pub alpha: ScalarArg<T>,
    pub x: Batch<T>,
    pub incx: i64,
    pub y: Batch<T>,
    pub incy: i64,
    pub a: Batch<T>,
    pub lda: i64,
    pub conjugate: bool,
    pub batch_count: i64,
}

/// `y = alpha * A * x + beta * y`, `A` symmetric (or Hermitian) stored in one triangle.
#[derive(Debug)]
pub struct SymvCall<T: Scalar> {
    pub uplo: Fill,
    pub n: i64,
    pub alpha: ScalarArg<T>,
    pub a: Batch<T>,
    pub lda: i64,
    pub x: Batch<T>,
    pub incx: i64,
    pub beta: ScalarArg<T>,
    pub y: Batch<T>,
    pub incy: i64,
    pub hermitian: bool,
    pub batch_count: i64,
}

/// `x = op(A) * x` (`trmv`) or `x = op(A)^-1 * x` (`trsv`), `A` triangular.
#[derive(Debug)]
pub struct TriangularVecCall<T: Scalar> {
    pub uplo: Fill,
    pub trans: Operation,
    pub diag: Diag,
    pub n: i64,
    pub a: Batch<T>,
    pub lda: i64,
    pub x: Batch<T>,
    pub incx: i64,
    pub solve: bool,
    pub batch_count: i64,
}

copy_call!(GemvCall, GerCall, SymvCall, TriangularVecCall);

/// `?gemv` in its forms.
///
/// # Safety
/// Operands valid as BLAS requires; host-mode scalars readable now.
#[allow(clippy::too_many_arguments)]
pub unsafe fn gemv<T: Scalar>(
    h: &Handle,
    trans: i32,
    m: i64,
    n: i64,
    alpha: *const T,
    a: Batch<T>,
    lda: i64,
    x: Batch<T>,
    incx: i64,
    beta: *const T,
    y: Batch<T>,
    incy: i64,
    batch_count: i64,
) -> BlasResult<()> {
    let trans = Operation::from_c(trans)?;
    let (mu, nu) = (size(m)?, size(n)?);
    size(batch_count)?;
    check_ld(lda, mu)?;
    check_inc(incx)?;
    check_inc(incy)?;
    if mu == 0 || nu == 0 || batch_count == 0 {
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
    if alpha_zero && beta.known().is_some_and(Scalar::is_one) {
        return Ok(());
    }
    require(!y.unusable())?;
    // y has op(A)'s rows, x its columns.
    let (len_x, len_y) = if trans == Operation::None {
        (n, m)
    } else {
        (m, n)
    };
    y.check_extent(vector_extent(len_y, incy)?, batch_count)?;
    if !alpha_zero {
        require(!a.unusable() && !x.unusable())?;
        a.check_extent(matrix_extent(m, n, lda)?, batch_count)?;
        x.check_extent(vector_extent(len_x, incx)?, batch_count)?;
    }
    let call = GemvCall {
        trans,
        m,
        n,
        alpha,
        a,
        lda,
        x,
        incx,
        beta,
        y,
        incy,
        batch_count,
    };
    h.dispatch(call, crate::cpu::level2::gemv::<T>, |nv, c| {
        // SAFETY: validated; device operands.
        unsafe { nv.gemv(h, c) }
    })
}

/// `?ger`, `?geru`, `?gerc` in their forms.
///
/// # Safety
/// As for [`gemv`].
#[allow(clippy::too_many_arguments)]
pub unsafe fn ger<T: Scalar>(
    h: &Handle,
    m: i64,
    n: i64,
    alpha: *const T,
    x: Batch<T>,
    incx: i64,
    y: Batch<T>,
    incy: i64,
    a: Batch<T>,
    lda: i64,
    conjugate: bool,
    batch_count: i64,
) -> BlasResult<()> {
    let (mu, nu) = (size(m)?, size(n)?);
    size(batch_count)?;
    check_inc(incx)?;
    check_inc(incy)?;
    check_ld(lda, mu)?;
    if mu == 0 || nu == 0 || batch_count == 0 {
        return Ok(());
    }
    // SAFETY: the caller's contract.
    let alpha = unsafe { ScalarArg::from_c(alpha, h.pointer_mode())? };
    if alpha.known().is_some_and(Scalar::is_zero) {
        return Ok(());
    }
    require(!x.unusable() && !y.unusable() && !a.unusable())?;
    let call = GerCall {
        m,
        n,
        alpha,
        x,
        incx,
        y,
        incy,
        a,
        lda,
        conjugate,
        batch_count,
    };
    h.dispatch(call, crate::cpu::level2::ger::<T>, |nv, c| {
        // SAFETY: validated; device operands.
        unsafe { nv.ger(h, c) }
    })
}

/// `?symv`, `?hemv` in their forms.
///
/// # Safety
/// As for [`gemv`].
#[allow(clippy::too_many_arguments)]
pub unsafe fn symv<T: Scalar>(
    h: &Handle,
    uplo: i32,
    n: i64,
    alpha: *const T,
    a: Batch<T>,
    lda: i64,
    x: Batch<T>,
    incx: i64,
    beta: *const T,
    y: Batch<T>,
    incy: i64,
    hermitian: bool,
    batch_count: i64,
) -> BlasResult<()> {
    let uplo = Fill::triangle(uplo)?;
    let nu = size(n)?;
    size(batch_count)?;
    check_ld(lda, nu)?;
    check_inc(incx)?;
    check_inc(incy)?;
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
    if alpha_zero && beta.known().is_some_and(Scalar::is_one) {
        return Ok(());
    }
    require(!y.unusable())?;
    if !alpha_zero {
        require(!a.unusable() && !x.unusable())?;
    }
    let call = SymvCall {
        uplo,
        n,
        alpha,
        a,
        lda,
        x,
        incx,
        beta,
        y,
        incy,
        hermitian,
        batch_count,
    };
    h.dispatch(call, crate::cpu::level2::symv::<T>, |nv, c| {
        // SAFETY: validated; device operands.
        unsafe { nv.symv(h, c) }
    })
}

/// `?trmv` (`solve == false`) and `?trsv` (`solve == true`) in their forms.
///
/// # Safety
/// As for [`gemv`].
#[allow(clippy::too_many_arguments)]
pub unsafe fn triangular_vec<T: Scalar>(
    h: &Handle,
    uplo: i32,
    trans: i32,
    diag: i32,
    n: i64,
    a: Batch<T>,
    lda: i64,
    x: Batch<T>,
    incx: i64,
    solve: bool,
    batch_count: i64,
) -> BlasResult<()> {
    let uplo = Fill::triangle(uplo)?;
    let trans = Operation::from_c(trans)?;
    let diag = Diag::from_c(diag)?;
    let nu = size(n)?;
    size(batch_count)?;
    check_ld(lda, nu)?;
    check_inc(incx)?;
    if nu == 0 || batch_count == 0 {
        return Ok(());
    }
    require(!a.unusable() && !x.unusable())?;
    let call = TriangularVecCall {
        uplo,
        trans,
        diag,
        n,
        a,
        lda,
        x,
        incx,
        solve,
        batch_count,
    };
    h.dispatch(call, crate::cpu::level2::triangular_vec::<T>, |nv, c| {
        // SAFETY: validated; device operands.
        unsafe { nv.triangular_vec(h, c) }
    })
}

/// `syr`/`her` (`A += alpha x x^T` / `x x^H`) and `syr2`/`her2`
/// (`A += alpha x y^T + alpha y x^T` / `alpha x y^H + conj(alpha) y x^H`) on one triangle.
/// `A`: `alpha`'s type (real for `her`).
#[derive(Debug)]
pub struct RankUpdateCall<T: Scalar, A> {
    pub uplo: Fill,
    pub n: i64,
    pub alpha: ScalarArg<A>,
    pub x: Batch<T>,
    pub incx: i64,
    pub y: Option<(Batch<T>, i64)>,
    pub a: Batch<T>,
    pub lda: i64,
    pub hermitian: bool,
    pub batch_count: i64,
}

impl<T: Scalar, A: Copy> Clone for RankUpdateCall<T, A> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T: Scalar, A: Copy> Copy for RankUpdateCall<T, A> {}

/// `?syr`, `?her`, `?syr2`, `?her2` in their forms.
///
/// # Safety
/// As for [`gemv`].
#[allow(clippy::too_many_arguments)]
pub unsafe fn rank_update<T: Scalar, A: ScalesBy<T>>(
    h: &Handle,
    uplo: i32,
    n: i64,
    alpha: *const A,
    x: Batch<T>,
    incx: i64,
    y: Option<(Batch<T>, i64)>,
    a: Batch<T>,
    lda: i64,
    hermitian: bool,
    batch_count: i64,
) -> BlasResult<()> {
    let uplo = Fill::triangle(uplo)?;
    let nu = size(n)?;
    size(batch_count)?;
    check_ld(lda, nu)?;
    check_inc(incx)?;
    if let Some((_, incy)) = y {
        check_inc(incy)?;
    }
    if nu == 0 || batch_count == 0 {
        return Ok(());
    }
    // SAFETY: the caller's contract.
    let alpha = unsafe { ScalarArg::from_c(alpha, h.pointer_mode())? };
    if alpha.known().is_some_and(ScalesBy::is_zero) {
        return Ok(());
    }
    require(!x.unusable() && !a.unusable() && y.is_none_or(|(y, _)| !y.unusable()))?;
    let call = RankUpdateCall {
        uplo,
        n,
        alpha,
        x,
        incx,
        y,
        a,
        lda,
        hermitian,
        batch_count,
    };
    h.dispatch(call, crate::cpu::level2::rank_update::<T, A>, |nv, c| {
        // SAFETY: validated; device operands.
        unsafe { nv.rank_update(h, c) }
    })
}
