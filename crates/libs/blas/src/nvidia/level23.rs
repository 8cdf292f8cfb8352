//! Levels 1 to 3 beyond GEMM on cuBLAS: each batch entry is one cuBLAS call (cuBLAS has
//! no batched forms of most of these; pointer arrays are read back from the device once).

// Batch entry `i` is element `i` of every operand's address list.
#![allow(clippy::needless_range_loop)]

use cudarc::cublas::sys as cb;

use super::{batch_addresses, int, operation, scalar_ptr, status, NvidiaBlas};
use crate::args::{Batch, DevPtr};
use crate::error::BlasResult;
use crate::handle::Handle;
use crate::ops::level1::{IndexOut, Vector, Vectors};
use crate::ops::level2::{GemvCall, GerCall, SymvCall, TriangularVecCall};
use crate::ops::level3::{DgmmCall, GeamCall, RankKCall, SymmCall, TriangularCall};
use crate::scalar::Scalar;
use crate::types::{Diag, Fill, Side};

fn fill(f: Fill) -> cb::cublasFillMode_t {
    match f {
        Fill::Upper => cb::cublasFillMode_t::CUBLAS_FILL_MODE_UPPER,
        Fill::Lower => cb::cublasFillMode_t::CUBLAS_FILL_MODE_LOWER,
        Fill::Full => cb::cublasFillMode_t::CUBLAS_FILL_MODE_FULL,
    }
}

fn diag(d: Diag) -> cb::cublasDiagType_t {
    match d {
        Diag::NonUnit => cb::cublasDiagType_t::CUBLAS_DIAG_NON_UNIT,
        Diag::Unit => cb::cublasDiagType_t::CUBLAS_DIAG_UNIT,
    }
}

fn side(s: Side) -> cb::cublasSideMode_t {
    match s {
        Side::Left => cb::cublasSideMode_t::CUBLAS_SIDE_LEFT,
        Side::Right => cb::cublasSideMode_t::CUBLAS_SIDE_RIGHT,
    }
}

/// The device addresses of `count` batch entries of each operand.
///
/// # Safety
/// Device operands; the context is current.
unsafe fn entries<T>(count: i64, ops: &[&Batch<T>]) -> BlasResult<Vec<Vec<usize>>> {
    let n = count.max(0) as usize;
    // SAFETY: forwarded.
    ops.iter()
        .map(|b| unsafe { batch_addresses(b, n) })
        .collect()
}

fn p<T>(addr: usize) -> *mut T {
    addr as *mut T
}

impl NvidiaBlas {
    /// # Safety
    /// A validated call; device operands.
    pub unsafe fn gemv<T: Scalar>(&self, h: &Handle, c: &GemvCall<T>) -> BlasResult<()> {
        let (m, n, lda, incx, incy) = (
            int(c.m)?,
            int(c.n)?,
            int(c.lda)?,
            int(c.incx)?,
            int(c.incy)?,
        );
        let (alpha, beta) = (
            scalar_ptr(&c.alpha).cast::<T>(),
            scalar_ptr(&c.beta).cast::<T>(),
        );
        self.with(h, |ch| {
            // SAFETY: validated arguments, device operands, matching element types.
            unsafe {
                let e = entries(c.batch_count, &[&c.a, &c.x, &c.y])?;
                for i in 0..e[0].len() {
                    status(T::gemv(
                        ch,
                        operation(c.trans),
                        m,
                        n,
                        alpha,
                        p(e[0][i]),
                        lda,
                        p(e[1][i]),
                        incx,
                        beta,
                        p(e[2][i]),
                        incy,
                    ))?;
                }
                Ok(())
            }
        })
    }

    /// # Safety
    /// A validated call; device operands.
    pub unsafe fn ger<T: Scalar>(&self, h: &Handle, c: &GerCall<T>) -> BlasResult<()> {
        let (m, n, lda, incx, incy) = (
            int(c.m)?,
            int(c.n)?,
            int(c.lda)?,
            int(c.incx)?,
            int(c.incy)?,
        );
        let alpha = scalar_ptr(&c.alpha).cast::<T>();
        self.with(h, |ch| {
            // SAFETY: as above.
            unsafe {
                let e = entries(c.batch_count, &[&c.x, &c.y, &c.a])?;
                for i in 0..e[0].len() {
                    status(T::ger(
                        ch,
                        m,
                        n,
                        alpha,
                        p(e[0][i]),
                        incx,
                        p(e[1][i]),
                        incy,
                        p(e[2][i]),
                        lda,
                        c.conjugate,
                    ))?;
                }
                Ok(())
            }
        })
    }

    /// # Safety
    /// A validated call; device operands.
    pub unsafe fn symv<T: Scalar>(&self, h: &Handle, c: &SymvCall<T>) -> BlasResult<()> {
        let (n, lda, incx, incy) = (int(c.n)?, int(c.lda)?, int(c.incx)?, int(c.incy)?);
        let (alpha, beta) = (
            scalar_ptr(&c.alpha).cast::<T>(),
            scalar_ptr(&c.beta).cast::<T>(),
        );
        self.with(h, |ch| {
            // SAFETY: as above.
            unsafe {
                let e = entries(c.batch_count, &[&c.a, &c.x, &c.y])?;
                for i in 0..e[0].len() {
                    status(T::symv(
                        ch,
                        fill(c.uplo),
                        n,
                        alpha,
                        p(e[0][i]),
                        lda,
                        p(e[1][i]),
                        incx,
                        beta,
                        p(e[2][i]),
                        incy,
                        c.hermitian,
                    ))?;
                }
                Ok(())
            }
        })
    }

    /// # Safety
    /// A validated call; device operands.
    pub unsafe fn triangular_vec<T: Scalar>(
        &self,
        h: &Handle,
        c: &TriangularVecCall<T>,
    ) -> BlasResult<()> {
        let (n, lda, incx) = (int(c.n)?, int(c.lda)?, int(c.incx)?);
        self.with(h, |ch| {
            // SAFETY: as above.
            unsafe {
                let e = entries(c.batch_count, &[&c.a, &c.x])?;
                for i in 0..e[0].len() {
                    status(T::trmv(
                        ch,
                        fill(c.uplo),
                        operation(c.trans),
                        diag(c.diag),
                        n,
                        p(e[0][i]),
                        lda,
                        p(e[1][i]),
                        incx,
                        c.solve,
                    ))?;
                }
                Ok(())
            }
        })
    }

    /// `trsm` and `trmm`.
    ///
    /// # Safety
    /// A validated call; device operands.
    pub unsafe fn triangular<T: Scalar>(
        &self,
        h: &Handle,
        c: &TriangularCall<T>,
    ) -> BlasResult<()> {
        let (m, n, lda, ldb) = (int(c.m)?, int(c.n)?, int(c.lda)?, int(c.ldb)?);
        let alpha = scalar_ptr(&c.alpha).cast::<T>();
        let (s, u, t, d) = (side(c.side), fill(c.uplo), operation(c.trans), diag(c.diag));
        self.with(h, |ch| {
            // SAFETY: as above.
            unsafe {
                match c.c {
                    None => {
                        let e = entries(c.batch_count, &[&c.a, &c.b])?;
                        for i in 0..e[0].len() {
                            status(T::trsm(
                                ch,
                                s,
                                u,
                                t,
                                d,
                                m,
                                n,
                                alpha,
                                p(e[0][i]),
                                lda,
                                p(e[1][i]),
                                ldb,
                            ))?;
                        }
                    }
                    Some((out, ldc)) => {
                        let ldc = int(ldc)?;
                        let e = entries(c.batch_count, &[&c.a, &c.b, &out])?;
                        for i in 0..e[0].len() {
                            status(T::trmm(
                                ch,
                                s,
                                u,
                                t,
                                d,
                                m,
                                n,
                                alpha,
                                p(e[0][i]),
                                lda,
                                p(e[1][i]),
                                ldb,
                                p(e[2][i]),
                                ldc,
                            ))?;
                        }
                    }
                }
                Ok(())
            }
        })
    }

    /// `syrk` and `herk`.
    ///
    /// # Safety
    /// A validated call; device operands.
    pub unsafe fn rank_k<T: Scalar, S: Copy>(
        &self,
        h: &Handle,
        c: &RankKCall<T, S>,
    ) -> BlasResult<()> {
        let (n, k, lda, ldc) = (int(c.n)?, int(c.k)?, int(c.lda)?, int(c.ldc)?);
        let (alpha, beta) = (scalar_ptr(&c.alpha), scalar_ptr(&c.beta));
        self.with(h, |ch| {
            // SAFETY: as above; `herk`'s scalars are T's real type (S is T::RealPart then).
            unsafe {
                let e = entries(c.batch_count, &[&c.a, &c.c])?;
                for i in 0..e[0].len() {
                    let (a, cc) = (p(e[0][i]), p(e[1][i]));
                    let t = operation(c.trans);
                    status(if c.hermitian {
                        T::herk(
                            ch,
                            fill(c.uplo),
                            t,
                            n,
                            k,
                            alpha.cast(),
                            a,
                            lda,
                            beta.cast(),
                            cc,
                            ldc,
                        )
                    } else {
                        T::syrk(
                            ch,
                            fill(c.uplo),
                            t,
                            n,
                            k,
                            alpha.cast(),
                            a,
                            lda,
                            beta.cast(),
                            cc,
                            ldc,
                        )
                    })?;
                }
                Ok(())
            }
        })
    }

    /// `symm` and `hemm`.
    ///
    /// # Safety
    /// A validated call; device operands.
    pub unsafe fn symm<T: Scalar>(&self, h: &Handle, c: &SymmCall<T>) -> BlasResult<()> {
        let (m, n, lda, ldb, ldc) = (int(c.m)?, int(c.n)?, int(c.lda)?, int(c.ldb)?, int(c.ldc)?);
        let (alpha, beta) = (
            scalar_ptr(&c.alpha).cast::<T>(),
            scalar_ptr(&c.beta).cast::<T>(),
        );
        self.with(h, |ch| {
            // SAFETY: as above.
            unsafe {
                let e = entries(c.batch_count, &[&c.a, &c.b, &c.c])?;
                for i in 0..e[0].len() {
                    status(T::symm(
                        ch,
                        side(c.side),
                        fill(c.uplo),
                        m,
                        n,
                        alpha,
                        p(e[0][i]),
                        lda,
                        p(e[1][i]),
                        ldb,
                        beta,
                        p(e[2][i]),
                        ldc,
                        c.hermitian,
                    ))?;
                }
                Ok(())
            }
        })
    }

    /// # Safety
    /// A validated call; device operands.
    pub unsafe fn geam<T: Scalar>(&self, h: &Handle, c: &GeamCall<T>) -> BlasResult<()> {
        let (m, n, lda, ldb, ldc) = (int(c.m)?, int(c.n)?, int(c.lda)?, int(c.ldb)?, int(c.ldc)?);
        let (alpha, beta) = (
            scalar_ptr(&c.alpha).cast::<T>(),
            scalar_ptr(&c.beta).cast::<T>(),
        );
        let (ta, tb) = (operation(c.trans_a), operation(c.trans_b));
        self.with(h, |ch| {
            // SAFETY: as above.
            unsafe {
                let e = entries(c.batch_count, &[&c.a, &c.b, &c.c])?;
                for i in 0..e[0].len() {
                    status(T::geam(
                        ch,
                        ta,
                        tb,
                        m,
                        n,
                        alpha,
                        p(e[0][i]),
                        lda,
                        beta,
                        p(e[1][i]),
                        ldb,
                        p(e[2][i]),
                        ldc,
                    ))?;
                }
                Ok(())
            }
        })
    }

    /// # Safety
    /// A validated call; device operands.
    pub unsafe fn dgmm<T: Scalar>(&self, h: &Handle, c: &DgmmCall<T>) -> BlasResult<()> {
        let (m, n, lda, incx, ldc) = (int(c.m)?, int(c.n)?, int(c.lda)?, int(c.incx)?, int(c.ldc)?);
        self.with(h, |ch| {
            // SAFETY: as above.
            unsafe {
                let e = entries(c.batch_count, &[&c.a, &c.x, &c.c])?;
                for i in 0..e[0].len() {
                    status(T::dgmm(
                        ch,
                        side(c.side),
                        m,
                        n,
                        p(e[0][i]),
                        lda,
                        p(e[1][i]),
                        incx,
                        p(e[2][i]),
                        ldc,
                    ))?;
                }
                Ok(())
            }
        })
    }

    /// # Safety
    /// A validated call; device operands.
    pub unsafe fn copy<T: Scalar>(&self, h: &Handle, v: &Vectors<T>) -> BlasResult<()> {
        let (n, incx, incy) = (int(v.n)?, int(v.incx)?, int(v.incy)?);
        self.with(h, |ch| {
            // SAFETY: as above.
            unsafe {
                let e = entries(v.batch_count, &[&v.x, &v.y])?;
                for i in 0..e[0].len() {
                    status(T::copy(ch, n, p(e[0][i]), incx, p(e[1][i]), incy))?;
                }
                Ok(())
            }
        })
    }

    /// # Safety
    /// A validated call; device operands.
    pub unsafe fn swap<T: Scalar>(&self, h: &Handle, v: &Vectors<T>) -> BlasResult<()> {
        let (n, incx, incy) = (int(v.n)?, int(v.incx)?, int(v.incy)?);
        self.with(h, |ch| {
            // SAFETY: as above.
            unsafe {
                let e = entries(v.batch_count, &[&v.x, &v.y])?;
                for i in 0..e[0].len() {
                    status(T::swap(ch, n, p(e[0][i]), incx, p(e[1][i]), incy))?;
                }
                Ok(())
            }
        })
    }

    /// `asum` (`result[b]` for every batch entry).
    ///
    /// # Safety
    /// A validated call; device operands.
    pub unsafe fn asum<T: Scalar>(
        &self,
        h: &Handle,
        v: &Vector<T>,
        result: DevPtr<T::RealPart>,
    ) -> BlasResult<()> {
        let (n, incx) = if v.is_empty() {
            (0, 1)
        } else {
            (int(v.n)?, int(v.incx)?)
        };
        self.with(h, |ch| {
            // SAFETY: as above; `result` holds batch_count values.
            unsafe {
                let e = entries(v.batch_count, &[&v.x])?;
                for (i, x) in e[0].iter().enumerate() {
                    status(T::asum(ch, n, p(*x), incx, result.ptr().add(i).cast()))?;
                }
                Ok(())
            }
        })
    }

    /// `i?amax`, `i?amin` (32- or 64-bit results: cuBLAS's `_64` forms for the latter).
    ///
    /// # Safety
    /// A validated call; device operands.
    pub unsafe fn iamax<T: Scalar, I: IndexOut>(
        &self,
        h: &Handle,
        v: &Vector<T>,
        max: bool,
        result: DevPtr<I>,
    ) -> BlasResult<()> {
        let wide = std::mem::size_of::<I>() == std::mem::size_of::<i64>();
        let (n, incx) = if v.is_empty() {
            (0, 1)
        } else {
            (int(v.n)?, int(v.incx)?)
        };
        self.with(h, |ch| {
            // SAFETY: as above; `I` is `int` or `int64_t`, matching the cuBLAS form called.
            unsafe {
                let e = entries(v.batch_count, &[&v.x])?;
                for (i, x) in e[0].iter().enumerate() {
                    status(if wide {
                        T::iamax64(
                            ch,
                            n as i64,
                            p(*x),
                            incx as i64,
                            result.ptr().add(i).cast(),
                            max,
                        )
                    } else {
                        T::iamax(ch, n, p(*x), incx, result.ptr().add(i).cast(), max)
                    })?;
                }
                Ok(())
            }
        })
    }
}
