//! The safe Rust API (in the style of cudarc's `CudaBlas`): a [`Blas`] handle whose calls
//! are ordered on the current device's null stream, taking `hip::safe::DeviceBuffer`s.
//! Sizes are checked against the buffers, so no call can read or write outside them;
//! scalars are host values. Freeing a buffer waits for the device (as `hipFree` does), so
//! enqueued work never outlives the memory it uses.

use hip::safe::DeviceBuffer;

use crate::args::Batch;
use crate::error::{BlasError, BlasResult};
use crate::handle::Handle;
use crate::ops::level1::{self, Vectors};
use crate::ops::level3::{self, Gemm};
use crate::scalar::Scalar;
use crate::types::{Operation, PointerMode};

/// A BLAS handle on the current device's null stream.
pub struct Blas {
    handle: Handle,
}

/// The shape of a GEMM: `C = alpha * op(A) * op(B) + beta * C`, `C` is `m x n`.
#[derive(Debug, Clone, Copy)]
pub struct GemmConfig<T> {
    pub trans_a: Operation,
    pub trans_b: Operation,
    pub m: usize,
    pub n: usize,
    pub k: usize,
    pub alpha: T,
    pub lda: usize,
    pub ldb: usize,
    pub beta: T,
    pub ldc: usize,
}

/// Elements a column-major `rows x cols` block with leading dimension `ld` spans.
fn span(rows: usize, cols: usize, ld: usize) -> usize {
    if rows == 0 || cols == 0 {
        0
    } else {
        ld * (cols - 1) + rows
    }
}

fn fits<T: Copy>(buf: &DeviceBuffer<T>, needed: usize) -> BlasResult<()> {
    if buf.len() < needed {
        return Err(BlasError::InvalidSize);
    }
    Ok(())
}

impl Blas {
    /// A handle on the calling thread's current device.
    pub fn new() -> BlasResult<Blas> {
        let handle = Handle::new()?;
        handle.set_pointer_mode(PointerMode::Host);
        Ok(Blas { handle })
    }

    /// Waits for every call made so far.
    pub fn synchronize(&self) -> BlasResult<()> {
        self.handle.wait()
    }

    /// `C = alpha * op(A) * op(B) + beta * C`. `InvalidSize` if a buffer is too small for
    /// the shape and leading dimensions (BLAS's other checks as for `?gemm`).
    pub fn gemm<T: Scalar>(
        &self,
        cfg: &GemmConfig<T>,
        a: &DeviceBuffer<T>,
        b: &DeviceBuffer<T>,
        c: &mut DeviceBuffer<T>,
    ) -> BlasResult<()> {
        self.gemm_strided_batched(cfg, (a, 0), (b, 0), (c, 0), 1)
    }

    /// `batch` GEMMs whose operands are `stride` elements apart in each buffer.
    pub fn gemm_strided_batched<T: Scalar>(
        &self,
        cfg: &GemmConfig<T>,
        (a, stride_a): (&DeviceBuffer<T>, usize),
        (b, stride_b): (&DeviceBuffer<T>, usize),
        (c, stride_c): (&mut DeviceBuffer<T>, usize),
        batch: usize,
    ) -> BlasResult<()> {
        let (ra, ca) = if cfg.trans_a == Operation::None {
            (cfg.m, cfg.k)
        } else {
            (cfg.k, cfg.m)
        };
        let (rb, cb) = if cfg.trans_b == Operation::None {
            (cfg.k, cfg.n)
        } else {
            (cfg.n, cfg.k)
        };
        if batch > 0 {
            let last = batch - 1;
            fits(a, stride_a * last + span(ra, ca, cfg.lda))?;
            fits(b, stride_b * last + span(rb, cb, cfg.ldb))?;
            fits(c, stride_c * last + span(cfg.m, cfg.n, cfg.ldc))?;
            if stride_c < span(cfg.m, cfg.n, cfg.ldc) && last > 0 {
                // Overlapping outputs would be written concurrently.
                return Err(BlasError::InvalidSize);
            }
        }
        let int = |v: usize| i64::try_from(v).map_err(|_| BlasError::InvalidSize);
        let g = Gemm {
            trans_a: cfg.trans_a.to_c(),
            trans_b: cfg.trans_b.to_c(),
            m: int(cfg.m)?,
            n: int(cfg.n)?,
            k: int(cfg.k)?,
            alpha: &cfg.alpha,
            a: Batch::strided(a.as_ptr(), int(stride_a)?),
            lda: int(cfg.lda)?,
            b: Batch::strided(b.as_ptr(), int(stride_b)?),
            ldb: int(cfg.ldb)?,
            beta: &cfg.beta,
            c: Batch::strided(c.as_mut_ptr(), int(stride_c)?),
            ldc: int(cfg.ldc)?,
            batch_count: int(batch)?,
        };
        // SAFETY: the buffers hold every element the call touches (checked above) and
        // outlive the work (freeing one waits for the device); host scalars are read now.
        unsafe { level3::gemm(&self.handle, &g) }
    }

    /// `y = alpha * x + y` over `x.len()` elements (`InvalidSize` if `y` is shorter).
    pub fn axpy<T: Scalar>(
        &self,
        alpha: T,
        x: &DeviceBuffer<T>,
        y: &mut DeviceBuffer<T>,
    ) -> BlasResult<()> {
        fits(y, x.len())?;
        let v = self.vectors(x, y.as_mut_ptr())?;
        // SAFETY: both buffers hold `n` elements and outlive the work.
        unsafe { level1::axpy(&self.handle, &alpha, v) }
    }

    /// `sum x_i * y_i` (`conj(x_i)` when `conjugate`), waiting for the result.
    pub fn dot<T: Scalar>(
        &self,
        x: &DeviceBuffer<T>,
        y: &DeviceBuffer<T>,
        conjugate: bool,
    ) -> BlasResult<T> {
        fits(y, x.len())?;
        let v = self.vectors(x, y.as_ptr() as *mut T)?;
        let mut r = T::zero();
        // SAFETY: as above; host pointer mode: the result is written before the call returns.
        unsafe { level1::dot(&self.handle, v, conjugate, &mut r)? };
        Ok(r)
    }

    fn vectors<T: Scalar>(&self, x: &DeviceBuffer<T>, y: *mut T) -> BlasResult<Vectors<T>> {
        let n = i64::try_from(x.len()).map_err(|_| BlasError::InvalidSize)?;
        Ok(Vectors {
            n,
            x: Batch::one(x.as_ptr()),
            incx: 1,
            y: Batch::one(y),
            incy: 1,
            batch_count: 1,
        })
    }
}
