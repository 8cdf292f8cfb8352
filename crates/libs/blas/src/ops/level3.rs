//! Level 3 operations.

use super::{require, size};
use crate::args::{matrix_extent, Unusable};
use crate::args::{Batch, ScalarArg};
use crate::error::{BlasError, BlasResult};
use crate::handle::{Backend, Handle};
use crate::ops::level1::ScalesBy;
use crate::scalar::Scalar;
use crate::types::{Diag, Fill, Operation, Side};

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
    require(!g.c.unusable())?;
    g.c.check_extent(matrix_extent(g.m, g.n, g.ldc)?, g.batch_count)?;
    if k > 0 && !alpha_zero {
        require(!g.a.unusable() && !g.b.unusable())?;
        let cols_a = if trans_a == Operation::None { k } else { m };
        let cols_b = if trans_b == Operation::None { n } else { k };
        g.a.check_extent(
            matrix_extent(rows_a as i64, cols_a as i64, g.lda)?,
            g.batch_count,
        )?;
        g.b.check_extent(
            matrix_extent(rows_b as i64, cols_b as i64, g.ldb)?,
            g.batch_count,
        )?;
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

fn check_ld(ld: i64, rows: usize) -> BlasResult<()> {
    if ld < rows.max(1) as i64 {
        return Err(BlasError::InvalidSize);
    }
    Ok(())
}

/// `trsm`: `B = alpha * op(A)^-1 * B` (left) or `alpha * B * op(A)^-1` (right);
/// `trmm`: `C = alpha * op(A) * B` (left) or `alpha * B * op(A)` (right), `C` may be `B`.
#[derive(Debug)]
pub struct TriangularCall<T: Scalar> {
    pub side: Side,
    pub uplo: Fill,
    pub trans: Operation,
    pub diag: Diag,
    pub m: i64,
    pub n: i64,
    pub alpha: ScalarArg<T>,
    pub a: Batch<T>,
    pub lda: i64,
    pub b: Batch<T>,
    pub ldb: i64,
    /// `None` for `trsm` (in place in `B`).
    pub c: Option<(Batch<T>, i64)>,
    pub batch_count: i64,
}

/// `syrk`/`herk`: `C = alpha * op(A) * op(A)^T + beta * C` (`^H` for `herk`), one triangle.
/// `S` is the scalars' type: `T`, or real for `herk`.
#[derive(Debug)]
pub struct RankKCall<T: Scalar, S> {
    pub uplo: Fill,
    pub trans: Operation,
    pub n: i64,
    pub k: i64,
    pub alpha: ScalarArg<S>,
    pub a: Batch<T>,
    pub lda: i64,
    pub beta: ScalarArg<S>,
    pub c: Batch<T>,
    pub ldc: i64,
    pub hermitian: bool,
    pub batch_count: i64,
}

/// `symm`/`hemm`: `C = alpha * A * B + beta * C` (left) or `alpha * B * A + beta * C`.
#[derive(Debug)]
pub struct SymmCall<T: Scalar> {
    pub side: Side,
    pub uplo: Fill,
    pub m: i64,
    pub n: i64,
    pub alpha: ScalarArg<T>,
    pub a: Batch<T>,
    pub lda: i64,
    pub b: Batch<T>,
    pub ldb: i64,
    pub beta: ScalarArg<T>,
    pub c: Batch<T>,
    pub ldc: i64,
    pub hermitian: bool,
    pub batch_count: i64,
}

/// `geam`: `C = alpha * op(A) + beta * op(B)`.
#[derive(Debug)]
pub struct GeamCall<T: Scalar> {
    pub trans_a: Operation,
    pub trans_b: Operation,
    pub m: i64,
    pub n: i64,
    pub alpha: ScalarArg<T>,
    pub a: Batch<T>,
    pub lda: i64,
    pub beta: ScalarArg<T>,
    pub b: Batch<T>,
    pub ldb: i64,
    pub c: Batch<T>,
    pub ldc: i64,
    pub batch_count: i64,
}

/// `dgmm`: `C = A * diag(x)` (right) or `diag(x) * A` (left).
#[derive(Debug)]
pub struct DgmmCall<T: Scalar> {
    pub side: Side,
    pub m: i64,
    pub n: i64,
    pub a: Batch<T>,
    pub lda: i64,
    pub x: Batch<T>,
    pub incx: i64,
    pub c: Batch<T>,
    pub ldc: i64,
    pub batch_count: i64,
}

copy_call!(TriangularCall, SymmCall, GeamCall, DgmmCall);

impl<T: Scalar, S: Copy> Clone for RankKCall<T, S> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T: Scalar, S: Copy> Copy for RankKCall<T, S> {}

/// `?trsm` (`c == None`) and `?trmm` in their forms. A host-mode `alpha` of 0 sets the
/// result to 0 without reading `A` (which may then be NULL).
///
/// # Safety
/// Operands valid as BLAS requires; host-mode scalars readable now.
#[allow(clippy::too_many_arguments)]
pub unsafe fn triangular<T: Scalar>(
    h: &Handle,
    side: i32,
    uplo: i32,
    trans: i32,
    diag: i32,
    m: i64,
    n: i64,
    alpha: *const T,
    a: Batch<T>,
    lda: i64,
    b: Batch<T>,
    ldb: i64,
    c: Option<(Batch<T>, i64)>,
    batch_count: i64,
) -> BlasResult<()> {
    let side = Side::from_c(side)?;
    let uplo = Fill::triangle(uplo)?;
    let trans = Operation::from_c(trans)?;
    let diag = Diag::from_c(diag)?;
    let (mu, nu) = (size(m)?, size(n)?);
    size(batch_count)?;
    check_ld(lda, if side == Side::Left { mu } else { nu })?;
    check_ld(ldb, mu)?;
    if let Some((_, ldc)) = c {
        check_ld(ldc, mu)?;
    }
    if mu == 0 || nu == 0 || batch_count == 0 {
        return Ok(());
    }
    // SAFETY: the caller's contract.
    let alpha = unsafe { ScalarArg::from_c(alpha, h.pointer_mode())? };
    let out_null = c.map_or(b.unusable(), |(c, _)| c.unusable());
    require(!out_null)?;
    if !alpha.known().is_some_and(Scalar::is_zero) {
        require(!a.unusable() && !b.unusable())?;
    }
    let call = TriangularCall {
        side,
        uplo,
        trans,
        diag,
        m,
        n,
        alpha,
        a,
        lda,
        b,
        ldb,
        c,
        batch_count,
    };
    h.dispatch(call, crate::cpu::level3::triangular::<T>, |nv, c| {
        // SAFETY: validated; device operands.
        unsafe { nv.triangular(h, c) }
    })
}

/// `?syrk`, `?herk` in their forms (`trans`: `N`/`T` for `syrk` (`C` too for real types),
/// `N`/`C` for `herk`; anything else is `InvalidValue`).
///
/// # Safety
/// As for [`triangular`].
#[allow(clippy::too_many_arguments)]
pub unsafe fn rank_k<T: Scalar, S: ScalesBy<T>>(
    h: &Handle,
    uplo: i32,
    trans: i32,
    n: i64,
    k: i64,
    alpha: *const S,
    a: Batch<T>,
    lda: i64,
    beta: *const S,
    c: Batch<T>,
    ldc: i64,
    hermitian: bool,
    batch_count: i64,
) -> BlasResult<()> {
    let uplo = Fill::triangle(uplo)?;
    let mut trans = Operation::from_c(trans)?;
    match (hermitian, trans) {
        (true, Operation::Transpose) => return Err(BlasError::InvalidValue),
        (false, Operation::ConjTranspose) if T::IS_COMPLEX => return Err(BlasError::InvalidValue),
        (false, Operation::ConjTranspose) => trans = Operation::Transpose,
        _ => {}
    }
    let (nu, ku) = (size(n)?, size(k)?);
    size(batch_count)?;
    check_ld(lda, if trans == Operation::None { nu } else { ku })?;
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
    let alpha_zero = alpha.known().is_some_and(ScalesBy::is_zero);
    if beta.known().is_some_and(ScalesBy::is_one) && (ku == 0 || alpha_zero) && !hermitian {
        return Ok(());
    }
    require(!c.unusable())?;
    if ku > 0 && !alpha_zero {
        require(!a.unusable())?;
    }
    let call = RankKCall {
        uplo,
        trans,
        n,
        k,
        alpha,
        a,
        lda,
        beta,
        c,
        ldc,
        hermitian,
        batch_count,
    };
    h.dispatch(call, crate::cpu::level3::rank_k::<T, S>, |nv, c| {
        // SAFETY: validated; device operands.
        unsafe { nv.rank_k(h, c) }
    })
}

/// `?symm`, `?hemm` in their forms.
///
/// # Safety
/// As for [`triangular`].
#[allow(clippy::too_many_arguments)]
pub unsafe fn symm<T: Scalar>(
    h: &Handle,
    side: i32,
    uplo: i32,
    m: i64,
    n: i64,
    alpha: *const T,
    a: Batch<T>,
    lda: i64,
    b: Batch<T>,
    ldb: i64,
    beta: *const T,
    c: Batch<T>,
    ldc: i64,
    hermitian: bool,
    batch_count: i64,
) -> BlasResult<()> {
    let side = Side::from_c(side)?;
    let uplo = Fill::triangle(uplo)?;
    let (mu, nu) = (size(m)?, size(n)?);
    size(batch_count)?;
    check_ld(lda, if side == Side::Left { mu } else { nu })?;
    check_ld(ldb, mu)?;
    check_ld(ldc, mu)?;
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
    require(!c.unusable())?;
    if !alpha_zero {
        require(!a.unusable() && !b.unusable())?;
    }
    let call = SymmCall {
        side,
        uplo,
        m,
        n,
        alpha,
        a,
        lda,
        b,
        ldb,
        beta,
        c,
        ldc,
        hermitian,
        batch_count,
    };
    h.dispatch(call, crate::cpu::level3::symm::<T>, |nv, c| {
        // SAFETY: validated; device operands.
        unsafe { nv.symm(h, c) }
    })
}

/// `?geam` in its forms. `C` may be `A` (or `B`) when that operand is not transposed and
/// has `C`'s leading dimension; other overlaps are `InvalidSize`, as in rocBLAS.
///
/// # Safety
/// As for [`triangular`].
#[allow(clippy::too_many_arguments)]
pub unsafe fn geam<T: Scalar>(
    h: &Handle,
    trans_a: i32,
    trans_b: i32,
    m: i64,
    n: i64,
    alpha: *const T,
    a: Batch<T>,
    lda: i64,
    beta: *const T,
    b: Batch<T>,
    ldb: i64,
    c: Batch<T>,
    ldc: i64,
    batch_count: i64,
) -> BlasResult<()> {
    let trans_a = Operation::from_c(trans_a)?;
    let trans_b = Operation::from_c(trans_b)?;
    let (mu, nu) = (size(m)?, size(n)?);
    size(batch_count)?;
    check_ld(lda, if trans_a == Operation::None { mu } else { nu })?;
    check_ld(ldb, if trans_b == Operation::None { mu } else { nu })?;
    check_ld(ldc, mu)?;
    if mu == 0 || nu == 0 || batch_count == 0 {
        return Ok(());
    }
    let same = |x: &Batch<T>| match (x, &c) {
        (Batch::Strided { base: p, .. }, Batch::Strided { base: q, .. }) => p.addr() == q.addr(),
        _ => false,
    };
    if (same(&a) && (trans_a != Operation::None || lda != ldc))
        || (same(&b) && (trans_b != Operation::None || ldb != ldc))
    {
        return Err(BlasError::InvalidSize);
    }
    let mode = h.pointer_mode();
    // SAFETY: the caller's contract.
    let (alpha, beta) = unsafe {
        (
            ScalarArg::from_c(alpha, mode)?,
            ScalarArg::from_c(beta, mode)?,
        )
    };
    require(!c.unusable())?;
    if !alpha.known().is_some_and(Scalar::is_zero) {
        require(!a.unusable())?;
    }
    if !beta.known().is_some_and(Scalar::is_zero) {
        require(!b.unusable())?;
    }
    let call = GeamCall {
        trans_a,
        trans_b,
        m,
        n,
        alpha,
        a,
        lda,
        beta,
        b,
        ldb,
        c,
        ldc,
        batch_count,
    };
    h.dispatch(call, crate::cpu::level3::geam::<T>, |nv, c| {
        // SAFETY: validated; device operands.
        unsafe { nv.geam(h, c) }
    })
}

/// `?dgmm` in its forms.
///
/// # Safety
/// As for [`triangular`].
#[allow(clippy::too_many_arguments)]
pub unsafe fn dgmm<T: Scalar>(
    h: &Handle,
    side: i32,
    m: i64,
    n: i64,
    a: Batch<T>,
    lda: i64,
    x: Batch<T>,
    incx: i64,
    c: Batch<T>,
    ldc: i64,
    batch_count: i64,
) -> BlasResult<()> {
    let side = Side::from_c(side)?;
    let (mu, nu) = (size(m)?, size(n)?);
    size(batch_count)?;
    check_ld(lda, mu)?;
    check_ld(ldc, mu)?;
    if mu == 0 || nu == 0 || batch_count == 0 {
        return Ok(());
    }
    require(!a.unusable() && !x.unusable() && !c.unusable())?;
    let call = DgmmCall {
        side,
        m,
        n,
        a,
        lda,
        x,
        incx,
        c,
        ldc,
        batch_count,
    };
    h.dispatch(call, crate::cpu::level3::dgmm::<T>, |nv, c| {
        // SAFETY: validated; device operands.
        unsafe { nv.dgmm(h, c) }
    })
}

/// `syr2k`/`her2k` (`C = alpha op(A) op(B)^T + alpha op(B) op(A)^T + beta C`, with `^H` and
/// `conj(alpha)` in the second term for `her2k`) and `syrkx`/`herkx` (the first term
/// only), on one triangle. `B`: `beta`'s type (real for the Hermitian forms).
#[derive(Debug)]
pub struct Rank2kCall<T: Scalar, S> {
    pub uplo: Fill,
    pub trans: Operation,
    pub n: i64,
    pub k: i64,
    pub alpha: ScalarArg<T>,
    pub a: Batch<T>,
    pub lda: i64,
    pub b: Batch<T>,
    pub ldb: i64,
    pub beta: ScalarArg<S>,
    pub c: Batch<T>,
    pub ldc: i64,
    pub hermitian: bool,
    /// `syr2k`/`her2k` (both terms) rather than `syrkx`/`herkx`.
    pub both_terms: bool,
    pub batch_count: i64,
}

impl<T: Scalar, S: Copy> Clone for Rank2kCall<T, S> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T: Scalar, S: Copy> Copy for Rank2kCall<T, S> {}

/// `?syr2k`, `?her2k`, `?syrkx`, `?herkx` in their forms (`trans` as for [`rank_k`]).
///
/// # Safety
/// As for [`triangular`].
#[allow(clippy::too_many_arguments)]
pub unsafe fn rank_2k<T: Scalar, S: ScalesBy<T>>(
    h: &Handle,
    uplo: i32,
    trans: i32,
    n: i64,
    k: i64,
    alpha: *const T,
    a: Batch<T>,
    lda: i64,
    b: Batch<T>,
    ldb: i64,
    beta: *const S,
    c: Batch<T>,
    ldc: i64,
    hermitian: bool,
    both_terms: bool,
    batch_count: i64,
) -> BlasResult<()> {
    let uplo = Fill::triangle(uplo)?;
    let mut trans = Operation::from_c(trans)?;
    match (hermitian, trans) {
        (true, Operation::Transpose) => return Err(BlasError::InvalidValue),
        (false, Operation::ConjTranspose) if T::IS_COMPLEX => return Err(BlasError::InvalidValue),
        (false, Operation::ConjTranspose) => trans = Operation::Transpose,
        _ => {}
    }
    let (nu, ku) = (size(n)?, size(k)?);
    size(batch_count)?;
    let rows = if trans == Operation::None { nu } else { ku };
    check_ld(lda, rows)?;
    check_ld(ldb, rows)?;
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
    if beta.known().is_some_and(ScalesBy::is_one) && (ku == 0 || alpha_zero) && !hermitian {
        return Ok(());
    }
    require(!c.unusable())?;
    if ku > 0 && !alpha_zero {
        require(!a.unusable() && !b.unusable())?;
    }
    let call = Rank2kCall {
        uplo,
        trans,
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
        hermitian,
        both_terms,
        batch_count,
    };
    h.dispatch(call, crate::cpu::level3::rank_2k::<T, S>, |nv, c| {
        // SAFETY: validated; device operands.
        unsafe { nv.rank_2k(h, c) }
    })
}
