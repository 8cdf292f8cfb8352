//! rocBLAS's mixed-precision batched GEMV (`hshgemv`, `hssgemv`, `tstgemv`, `tssgemv`):
//! fp16 or bf16 `A` and `x`, fp32 `alpha`/`beta` and compute, `y` in the input type or fp32.
//! Validation as `gemv`; on the CPU elements are widened, accumulated in double precision
//! and rounded once into `y`.

use super::{require, size};
use crate::args::Unusable;
use crate::args::{Batch, ScalarArg, VecLayout};
use crate::error::{BlasError, BlasResult};
use crate::handle::Handle;
use crate::ops::ex::DataType;
use crate::ops::ex_vector::{load, store};
use crate::scalar::C64;
use crate::types::Operation;

/// A validated mixed-precision GEMV.
#[derive(Debug, Clone, Copy)]
pub struct GemvMixedCall {
    pub trans: Operation,
    pub m: usize,
    pub n: usize,
    pub alpha: ScalarArg<f32>,
    pub a: Batch<u8>,
    pub lda: usize,
    pub x: Batch<u8>,
    pub incx: i64,
    pub beta: ScalarArg<f32>,
    pub y: Batch<u8>,
    pub incy: i64,
    /// The type of `A` and `x`.
    pub input: DataType,
    /// The type of `y`.
    pub output: DataType,
    pub batch_count: usize,
}

/// `y = alpha * op(A) * x + beta * y` for every batch entry.
///
/// # Safety
/// Operands valid as BLAS requires; host-mode scalars readable now.
#[allow(clippy::too_many_arguments)]
pub unsafe fn gemv_mixed(
    h: &Handle,
    trans: i32,
    m: i64,
    n: i64,
    alpha: *const f32,
    a: Batch<u8>,
    lda: i64,
    x: Batch<u8>,
    incx: i64,
    beta: *const f32,
    y: Batch<u8>,
    incy: i64,
    input: DataType,
    output: DataType,
    batch_count: i64,
) -> BlasResult<()> {
    let trans = Operation::from_c(trans)?;
    let (mu, nu, bc) = (size(m)?, size(n)?, size(batch_count)?);
    if lda < mu.max(1) as i64 || incx == 0 || incy == 0 {
        return Err(BlasError::InvalidSize);
    }
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
    let alpha_zero = alpha.known() == Some(0.0);
    if alpha_zero && beta.known() == Some(1.0) {
        return Ok(());
    }
    require(!y.unusable() && (alpha_zero || (!a.unusable() && !x.unusable())))?;
    let call = GemvMixedCall {
        trans,
        m: mu,
        n: nu,
        alpha,
        a,
        lda: lda as usize,
        x,
        incx,
        beta,
        y,
        incy,
        input,
        output,
        batch_count: bc,
    };
    h.dispatch(call, run, |nv, _| nv.not_mapped("mixed-precision gemv"))
}

/// # Safety
/// A validated call; operands host-visible.
unsafe fn run(c: &GemvMixedCall) {
    // SAFETY: the caller's contract.
    let (alpha, beta) = unsafe { (c.alpha.host_value() as f64, c.beta.host_value() as f64) };
    let (lx, ly) = if c.trans == Operation::None {
        (c.n, c.m)
    } else {
        (c.m, c.n)
    };
    let (vx, vy) = (
        VecLayout { n: lx, inc: c.incx },
        VecLayout { n: ly, inc: c.incy },
    );
    for b in 0..c.batch_count {
        // SAFETY: the caller's contract for batch entry `b`.
        unsafe {
            let (a, x, y) = (c.a.host_ptr(b), c.x.host_ptr(b), c.y.host_ptr(b));
            for i in 0..ly {
                let mut s = C64::new(0.0, 0.0);
                if alpha != 0.0 {
                    for p in 0..lx {
                        let idx = if c.trans == Operation::None {
                            i + p * c.lda
                        } else {
                            p + i * c.lda
                        };
                        s += load(c.input, a, idx as isize) * load(c.input, x, vx.index(p));
                    }
                }
                let old = if beta == 0.0 {
                    C64::new(0.0, 0.0)
                } else {
                    load(c.output, y, vy.index(i)) * beta
                };
                store(c.output, y, vy.index(i), s * alpha + old);
            }
        }
    }
}
