//! Level 2 on band and packed storage: `gbmv`, `sbmv`/`hbmv`, `spmv`/`hpmv`,
//! `tbmv`/`tbsv`, `tpmv`/`tpsv`, `spr`/`hpr`, `spr2`/`hpr2`, in their forms. Validation as
//! rocBLAS (enumerators, then sizes: negative sizes or band widths, `lda` below the band's
//! height, zero increments; quick return; pointers).

use super::{require, size};
use crate::args::Unusable;
use crate::args::{Batch, ScalarArg};
use crate::error::{BlasError, BlasResult};
use crate::handle::Handle;
use crate::ops::level1::ScalesBy;
use crate::scalar::Scalar;
use crate::types::{Diag, Fill, Operation};

/// Where element `(i, j)` of a band or packed matrix is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Storage {
    /// General band (`gbmv`): `kl` sub- and `ku` super-diagonals, element `(i, j)` at
    /// `ku + i - j + j * lda`, for an `m x n` matrix.
    Band {
        m: usize,
        kl: usize,
        ku: usize,
        lda: usize,
    },
    /// One triangle of a band of `k` off-diagonals (`sbmv`, `hbmv`, `tbmv`, `tbsv`): upper
    /// `(i, j)` at `k + i - j + j * lda`, lower at `i - j + j * lda`.
    TriangleBand {
        n: usize,
        k: usize,
        lda: usize,
        uplo: Fill,
    },
    /// One triangle packed column by column (`spmv`, `tpmv`, `spr`...).
    Packed { n: usize, uplo: Fill },
}

impl Storage {
    /// The stored rows of column `j`.
    pub fn rows(&self, j: usize) -> std::ops::Range<usize> {
        match *self {
            Storage::Band { m, kl, ku, .. } => j.saturating_sub(ku)..m.min(j + kl + 1),
            Storage::TriangleBand { n, k, uplo, .. } => match uplo {
                Fill::Lower => j..n.min(j + k + 1),
                _ => j.saturating_sub(k)..j + 1,
            },
            Storage::Packed { n, uplo } => match uplo {
                Fill::Lower => j..n,
                _ => 0..j + 1,
            },
        }
    }

    /// The offset of stored element `(i, j)`.
    pub fn index(&self, i: usize, j: usize) -> usize {
        match *self {
            Storage::Band { ku, lda, .. } => ku + i - j + j * lda,
            Storage::TriangleBand { k, lda, uplo, .. } => match uplo {
                Fill::Lower => i - j + j * lda,
                _ => k + i - j + j * lda,
            },
            Storage::Packed { n, uplo } => match uplo {
                Fill::Lower => i + j * (2 * n - j - 1) / 2,
                _ => i + j * (j + 1) / 2,
            },
        }
    }

    pub fn is_lower(&self) -> bool {
        match *self {
            Storage::TriangleBand { uplo, .. } | Storage::Packed { uplo, .. } => {
                uplo == Fill::Lower
            }
            Storage::Band { .. } => false,
        }
    }
}

/// What a band/packed call computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PackedOp {
    /// `y = alpha * op(A) * x + beta * y` (general band).
    Mv { trans: Operation },
    /// `y = alpha * A * x + beta * y`, `A` symmetric or Hermitian (one stored triangle).
    SymMv { hermitian: bool },
    /// `x = op(A) * x` (`solve`: `x = op(A)^-1 * x`), `A` triangular.
    Tri {
        trans: Operation,
        diag: Diag,
        solve: bool,
    },
    /// `A += alpha x x^T|H` (with `y`: `alpha x y^T|H + alpha|conj(alpha) y x^T|H`).
    Rank { hermitian: bool },
}

/// A validated band/packed call.
#[derive(Debug)]
pub struct PackedCall<T: Scalar, S> {
    pub op: PackedOp,
    pub storage: Storage,
    /// Columns of `A` (the length of `x` for `Mv` without transpose).
    pub n: usize,
    pub alpha: Option<ScalarArg<S>>,
    pub beta: Option<ScalarArg<T>>,
    pub a: Batch<T>,
    pub x: Batch<T>,
    pub incx: i64,
    pub y: Option<(Batch<T>, i64)>,
    pub batch_count: usize,
}

impl<T: Scalar, S: Copy> Clone for PackedCall<T, S> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T: Scalar, S: Copy> Copy for PackedCall<T, S> {}

fn inc(v: i64) -> BlasResult<i64> {
    if v == 0 {
        Err(BlasError::InvalidSize)
    } else {
        Ok(v)
    }
}

fn dispatch<T: Scalar, S: ScalesBy<T>>(h: &Handle, call: PackedCall<T, S>) -> BlasResult<()> {
    h.dispatch(call, crate::cpu::packed::run::<T, S>, |nv, c| {
        // SAFETY: validated by the callers; device operands.
        unsafe { nv.packed(h, c) }
    })
}

/// `?gbmv`
///
/// # Safety
/// Operands valid as BLAS requires; host-mode scalars readable now.
#[allow(clippy::too_many_arguments)]
pub unsafe fn gbmv<T: Scalar>(
    h: &Handle,
    trans: i32,
    m: i64,
    n: i64,
    kl: i64,
    ku: i64,
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
    let (mu, nu, klu, kuu, bc) = (size(m)?, size(n)?, size(kl)?, size(ku)?, size(batch_count)?);
    if lda < (klu + kuu + 1) as i64 {
        return Err(BlasError::InvalidSize);
    }
    let (incx, incy) = (inc(incx)?, inc(incy)?);
    if mu == 0 || nu == 0 || bc == 0 {
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
    require(!y.unusable() && (alpha_zero || (!a.unusable() && !x.unusable())))?;
    let storage = Storage::Band {
        m: mu,
        kl: klu,
        ku: kuu,
        lda: lda as usize,
    };
    let call = PackedCall {
        op: PackedOp::Mv { trans },
        storage,
        n: nu,
        alpha: Some(alpha),
        beta: Some(beta),
        a,
        x,
        incx,
        y: Some((y, incy)),
        batch_count: bc,
    };
    dispatch(h, call)
}

/// `?sbmv`, `?hbmv` (`k` off-diagonals, `band: Some((k, lda))`) and `?spmv`, `?hpmv`
/// (packed, `band: None`).
///
/// # Safety
/// As for [`gbmv`].
#[allow(clippy::too_many_arguments)]
pub unsafe fn sym_mv<T: Scalar>(
    h: &Handle,
    uplo: i32,
    n: i64,
    band: Option<(i64, i64)>,
    alpha: *const T,
    a: Batch<T>,
    x: Batch<T>,
    incx: i64,
    beta: *const T,
    y: Batch<T>,
    incy: i64,
    hermitian: bool,
    batch_count: i64,
) -> BlasResult<()> {
    let uplo = Fill::triangle(uplo)?;
    let (nu, bc) = (size(n)?, size(batch_count)?);
    let storage = match band {
        Some((k, lda)) => {
            let k = size(k)?;
            if lda < (k + 1) as i64 {
                return Err(BlasError::InvalidSize);
            }
            Storage::TriangleBand {
                n: nu,
                k,
                lda: lda as usize,
                uplo,
            }
        }
        None => Storage::Packed { n: nu, uplo },
    };
    let (incx, incy) = (inc(incx)?, inc(incy)?);
    if nu == 0 || bc == 0 {
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
    require(!y.unusable() && (alpha_zero || (!a.unusable() && !x.unusable())))?;
    let call = PackedCall {
        op: PackedOp::SymMv { hermitian },
        storage,
        n: nu,
        alpha: Some(alpha),
        beta: Some(beta),
        a,
        x,
        incx,
        y: Some((y, incy)),
        batch_count: bc,
    };
    dispatch(h, call)
}

/// `?tbmv`, `?tbsv` (`band: Some((k, lda))`) and `?tpmv`, `?tpsv` (`band: None`).
///
/// # Safety
/// As for [`gbmv`].
#[allow(clippy::too_many_arguments)]
pub unsafe fn tri<T: Scalar>(
    h: &Handle,
    uplo: i32,
    trans: i32,
    diag: i32,
    n: i64,
    band: Option<(i64, i64)>,
    a: Batch<T>,
    x: Batch<T>,
    incx: i64,
    solve: bool,
    batch_count: i64,
) -> BlasResult<()> {
    let uplo = Fill::triangle(uplo)?;
    let trans = Operation::from_c(trans)?;
    let diag = Diag::from_c(diag)?;
    let (nu, bc) = (size(n)?, size(batch_count)?);
    let storage = match band {
        Some((k, lda)) => {
            let k = size(k)?;
            if lda < (k + 1) as i64 {
                return Err(BlasError::InvalidSize);
            }
            Storage::TriangleBand {
                n: nu,
                k,
                lda: lda as usize,
                uplo,
            }
        }
        None => Storage::Packed { n: nu, uplo },
    };
    let incx = inc(incx)?;
    if nu == 0 || bc == 0 {
        return Ok(());
    }
    require(!a.unusable() && !x.unusable())?;
    let call: PackedCall<T, T> = PackedCall {
        op: PackedOp::Tri { trans, diag, solve },
        storage,
        n: nu,
        alpha: None,
        beta: None,
        a,
        x,
        incx,
        y: None,
        batch_count: bc,
    };
    dispatch(h, call)
}

/// `?spr`, `?hpr` (`y: None`) and `?spr2`, `?hpr2`.
///
/// # Safety
/// As for [`gbmv`].
#[allow(clippy::too_many_arguments)]
pub unsafe fn packed_rank<T: Scalar, S: ScalesBy<T>>(
    h: &Handle,
    uplo: i32,
    n: i64,
    alpha: *const S,
    x: Batch<T>,
    incx: i64,
    y: Option<(Batch<T>, i64)>,
    a: Batch<T>,
    hermitian: bool,
    batch_count: i64,
) -> BlasResult<()> {
    let uplo = Fill::triangle(uplo)?;
    let (nu, bc) = (size(n)?, size(batch_count)?);
    let incx = inc(incx)?;
    if let Some((_, incy)) = y {
        inc(incy)?;
    }
    if nu == 0 || bc == 0 {
        return Ok(());
    }
    // SAFETY: the caller's contract.
    let alpha = unsafe { ScalarArg::from_c(alpha, h.pointer_mode())? };
    if alpha.known().is_some_and(ScalesBy::is_zero) {
        return Ok(());
    }
    require(!x.unusable() && !a.unusable() && y.is_none_or(|(y, _)| !y.unusable()))?;
    let call = PackedCall {
        op: PackedOp::Rank { hermitian },
        storage: Storage::Packed { n: nu, uplo },
        n: nu,
        alpha: Some(alpha),
        beta: None,
        a,
        x,
        incx,
        y,
        batch_count: bc,
    };
    dispatch(h, call)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_and_band_indices_follow_reference_blas() {
        // Upper packed 3x3: (0,0) (0,1) (1,1) (0,2) (1,2) (2,2).
        let up = Storage::Packed {
            n: 3,
            uplo: Fill::Upper,
        };
        assert_eq!(
            [
                up.index(0, 0),
                up.index(0, 1),
                up.index(1, 1),
                up.index(0, 2),
                up.index(2, 2)
            ],
            [0, 1, 2, 3, 5]
        );
        // Lower packed 3x3: (0,0) (1,0) (2,0) (1,1) (2,1) (2,2).
        let lo = Storage::Packed {
            n: 3,
            uplo: Fill::Lower,
        };
        assert_eq!(
            [
                lo.index(2, 0),
                lo.index(1, 1),
                lo.index(2, 1),
                lo.index(2, 2)
            ],
            [2, 3, 4, 5]
        );
        assert_eq!(lo.rows(1), 1..3);
        // General band, kl = 1, ku = 2, lda = 4: (0,0) sits in row ku of column 0.
        let band = Storage::Band {
            m: 5,
            kl: 1,
            ku: 2,
            lda: 4,
        };
        assert_eq!(band.index(0, 0), 2);
        assert_eq!(band.index(1, 0), 3);
        assert_eq!(band.index(0, 2), 8);
        assert_eq!(band.rows(3), 1..5);
    }
}
