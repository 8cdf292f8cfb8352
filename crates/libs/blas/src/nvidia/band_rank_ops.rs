//! Rank updates (`syr`...`her2`, `syr2k`...`herkx`) and band/packed level 2 on cuBLAS: one
//! call per batch entry, on the handle's stream and pointer mode.

// Batch entry `i` is element `i` of every operand's address list.
#![allow(clippy::needless_range_loop)]

use super::{batch_addresses, int, operation, scalar_ptr, status, NvidiaBlas};
use crate::args::Batch;
use crate::error::BlasResult;
use crate::handle::Handle;
use crate::ops::level2::RankUpdateCall;
use crate::ops::level3::Rank2kCall;
use crate::ops::packed::{PackedCall, PackedOp, Storage};
use crate::scalar::Scalar;
use crate::types::{Diag, Fill};
use cudarc::cublas::sys as cb;

fn fill(f: Fill) -> cb::cublasFillMode_t {
    match f {
        Fill::Lower => cb::cublasFillMode_t::CUBLAS_FILL_MODE_LOWER,
        _ => cb::cublasFillMode_t::CUBLAS_FILL_MODE_UPPER,
    }
}

fn diag(d: Diag) -> cb::cublasDiagType_t {
    match d {
        Diag::NonUnit => cb::cublasDiagType_t::CUBLAS_DIAG_NON_UNIT,
        Diag::Unit => cb::cublasDiagType_t::CUBLAS_DIAG_UNIT,
    }
}

fn p<T>(addr: usize) -> *mut T {
    addr as *mut T
}

/// The device addresses of `count` batch entries of each operand.
///
/// # Safety
/// Device operands; the context is current.
unsafe fn entries<T>(count: usize, ops: &[&Batch<T>]) -> BlasResult<Vec<Vec<usize>>> {
    // SAFETY: forwarded.
    ops.iter()
        .map(|b| unsafe { batch_addresses(b, count) })
        .collect()
}

impl NvidiaBlas {
    /// `syr`, `her`, `syr2`, `her2`.
    ///
    /// # Safety
    /// A validated call; device operands.
    pub unsafe fn rank_update<T: Scalar, A: Copy>(
        &self,
        h: &Handle,
        c: &RankUpdateCall<T, A>,
    ) -> BlasResult<()> {
        let (n, lda, incx) = (int(c.n)?, int(c.lda)?, int(c.incx)?);
        let alpha = scalar_ptr(&c.alpha);
        let incy = match c.y {
            Some((_, incy)) => Some(int(incy)?),
            None => None,
        };
        self.with(h, |ch| {
            // SAFETY: validated arguments, device operands, matching element types.
            unsafe {
                let ys = match c.y {
                    Some((y, _)) => Some(entries(c.batch_count as usize, &[&y])?.remove(0)),
                    None => None,
                };
                let e = entries(c.batch_count as usize, &[&c.x, &c.a])?;
                for i in 0..e[0].len() {
                    let y = ys
                        .as_ref()
                        .zip(incy)
                        .map(|(ys, incy)| (p::<T>(ys[i]) as *const T, incy));
                    status(T::rank_update(
                        ch,
                        fill(c.uplo),
                        n,
                        alpha,
                        p(e[0][i]),
                        incx,
                        y,
                        p(e[1][i]),
                        lda,
                        c.hermitian,
                    ))?;
                }
                Ok(())
            }
        })
    }

    /// `syr2k`, `her2k`, `syrkx`, `herkx`.
    ///
    /// # Safety
    /// A validated call; device operands.
    pub unsafe fn rank_2k<T: Scalar, S: Copy>(
        &self,
        h: &Handle,
        c: &Rank2kCall<T, S>,
    ) -> BlasResult<()> {
        let (n, k, lda, ldb, ldc) = (int(c.n)?, int(c.k)?, int(c.lda)?, int(c.ldb)?, int(c.ldc)?);
        let (alpha, beta) = (scalar_ptr(&c.alpha), scalar_ptr(&c.beta));
        self.with(h, |ch| {
            // SAFETY: as above.
            unsafe {
                let e = entries(c.batch_count as usize, &[&c.a, &c.b, &c.c])?;
                for i in 0..e[0].len() {
                    status(T::rank_2k(
                        ch,
                        fill(c.uplo),
                        operation(c.trans),
                        n,
                        k,
                        alpha,
                        p(e[0][i]),
                        lda,
                        p(e[1][i]),
                        ldb,
                        beta,
                        p(e[2][i]),
                        ldc,
                        c.hermitian,
                        c.both_terms,
                    ))?;
                }
                Ok(())
            }
        })
    }

    /// Band and packed level 2.
    ///
    /// # Safety
    /// A validated call; device operands.
    pub unsafe fn packed<T: Scalar, S: Copy>(
        &self,
        h: &Handle,
        c: &PackedCall<T, S>,
    ) -> BlasResult<()> {
        let symmetric_complex = matches!(
            c.op,
            PackedOp::SymMv { hermitian: false } | PackedOp::Rank { hermitian: false }
        );
        if T::IS_COMPLEX && symmetric_complex {
            return self.not_mapped("complex symmetric band/packed (cuBLAS has none)");
        }
        let n = int(c.n as i64)?;
        let incx = int(c.incx)?;
        let incy = match c.y {
            Some((_, incy)) => int(incy)?,
            None => 1,
        };
        let alpha = c.alpha.as_ref().map_or(std::ptr::null(), scalar_ptr);
        let beta = c.beta.as_ref().map_or(std::ptr::null(), scalar_ptr);
        let band = match c.storage {
            Storage::TriangleBand { k, lda, .. } => Some((int(k as i64)?, int(lda as i64)?)),
            _ => None,
        };
        let uplo = match c.storage {
            Storage::TriangleBand { uplo, .. } | Storage::Packed { uplo, .. } => fill(uplo),
            Storage::Band { .. } => fill(Fill::Upper),
        };
        self.with(h, |ch| {
            // SAFETY: as above.
            unsafe {
                let count = c.batch_count;
                let e = entries(count, &[&c.a, &c.x])?;
                let ys = match c.y {
                    Some((y, _)) => Some(entries(count, &[&y])?.remove(0)),
                    None => None,
                };
                for i in 0..count {
                    let (a, x) = (p::<T>(e[0][i]), p::<T>(e[1][i]));
                    let y = ys.as_ref().map(|ys| p::<T>(ys[i]));
                    let s = match (c.op, c.storage) {
                        (PackedOp::Mv { trans }, Storage::Band { m, kl, ku, lda }) => T::gbmv(
                            ch,
                            operation(trans),
                            int(m as i64)?,
                            n,
                            int(kl as i64)?,
                            int(ku as i64)?,
                            alpha,
                            a,
                            int(lda as i64)?,
                            x,
                            incx,
                            beta,
                            y.unwrap_or(std::ptr::null_mut()),
                            incy,
                        ),
                        (PackedOp::SymMv { hermitian }, _) => T::sym_mv(
                            ch,
                            uplo,
                            n,
                            band,
                            alpha,
                            a,
                            x,
                            incx,
                            beta,
                            y.unwrap_or(std::ptr::null_mut()),
                            incy,
                            hermitian,
                        ),
                        (
                            PackedOp::Tri {
                                trans,
                                diag: d,
                                solve,
                            },
                            _,
                        ) => T::tri(
                            ch,
                            uplo,
                            operation(trans),
                            diag(d),
                            n,
                            band,
                            a,
                            x,
                            incx,
                            solve,
                        ),
                        (PackedOp::Rank { hermitian }, _) => T::packed_rank(
                            ch,
                            uplo,
                            n,
                            alpha,
                            x,
                            incx,
                            y.map(|y| (y as *const T, incy)),
                            a,
                            hermitian,
                        ),
                        (PackedOp::Mv { .. }, _) => {
                            return Err(crate::error::BlasError::Internal(
                                "gbmv without band storage".into(),
                            ))
                        }
                    };
                    status(s)?;
                }
                Ok(())
            }
        })
    }
}
