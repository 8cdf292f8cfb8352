//! Level 3 on the CPU: faer's matrix products and triangular solves on column-major
//! views of the caller's memory.

use faer::linalg::matmul::matmul;
use faer::mat::{MatMut, MatRef};
use faer::reborrow::ReborrowMut;
use faer::{Accum, Par};
use rayon::prelude::*;

use super::par_for;
use crate::ops::level3::GemmCall;
use crate::scalar::Scalar;
use crate::types::Operation;

/// A `rows x cols` column-major view with leading dimension `ld`.
///
/// # Safety
/// The `rows x cols` block at `p` with leading dimension `ld` must be readable for `'a`.
pub(crate) unsafe fn view<'a, T>(p: *const T, rows: usize, cols: usize, ld: i64) -> MatRef<'a, T> {
    // SAFETY: the caller's contract; a dangling pointer is fine for an empty view.
    unsafe { MatRef::from_raw_parts(p, rows, cols, 1, ld as isize) }
}

/// As [`view`], writable.
///
/// # Safety
/// As for [`view`], writable and not aliased for `'a`.
pub(crate) unsafe fn view_mut<'a, T>(
    p: *mut T,
    rows: usize,
    cols: usize,
    ld: i64,
) -> MatMut<'a, T> {
    // SAFETY: the caller's contract.
    unsafe { MatMut::from_raw_parts_mut(p, rows, cols, 1, ld as isize) }
}

/// `C = beta * C` on an `m x n` block (`beta == 0` clears it: C is not read, so NaNs in
/// it do not propagate, as BLAS specifies).
pub(crate) fn scale<T: Scalar>(mut c: MatMut<'_, T>, beta: T) {
    if beta.is_one() {
        return;
    }
    for j in 0..c.ncols() {
        for i in 0..c.nrows() {
            let v = c.rb_mut().get_mut(i, j);
            *v = if beta.is_zero() { T::zero() } else { beta * *v };
        }
    }
}

/// `C = alpha * op(A) * op(B) + beta * C` for one matrix.
///
/// # Safety
/// The operands must be valid for the sizes and leading dimensions given (BLAS's contract).
#[allow(clippy::too_many_arguments)]
pub unsafe fn gemm<T: Scalar>(
    trans_a: Operation,
    trans_b: Operation,
    m: usize,
    n: usize,
    k: usize,
    alpha: T,
    a: *const T,
    lda: i64,
    b: *const T,
    ldb: i64,
    beta: T,
    c: *mut T,
    ldc: i64,
    par: Par,
) {
    // SAFETY: the caller's contract.
    let mut cv = unsafe { view_mut(c, m, n, ldc) };
    if k == 0 || alpha.is_zero() {
        scale(cv, beta);
        return;
    }
    let accum = if beta.is_zero() {
        Accum::Replace
    } else {
        scale(cv.rb_mut(), beta);
        Accum::Add
    };
    let (ra, ca) = if trans_a == Operation::None {
        (m, k)
    } else {
        (k, m)
    };
    let (rb, cb) = if trans_b == Operation::None {
        (k, n)
    } else {
        (n, k)
    };
    // SAFETY: the caller's contract.
    let (av, bv) = unsafe { (view(a, ra, ca, lda), view(b, rb, cb, ldb)) };
    let job = Product {
        dst: cv,
        accum,
        alpha,
        par,
    };
    match trans_a {
        Operation::None => job.with_lhs(av, trans_b, bv),
        Operation::Transpose => job.with_lhs(av.transpose(), trans_b, bv),
        Operation::ConjTranspose => job.with_lhs(av.adjoint(), trans_b, bv),
    }
}

/// One `dst (+)= alpha * lhs * rhs`, dispatched on the operands' (conjugated) view types.
struct Product<'a, T> {
    dst: MatMut<'a, T>,
    accum: Accum,
    alpha: T,
    par: Par,
}

impl<T: Scalar> Product<'_, T> {
    fn with_lhs<L: faer::traits::Conjugate<Canonical = T>>(
        self,
        lhs: MatRef<'_, L>,
        trans_b: Operation,
        b: MatRef<'_, T>,
    ) {
        match trans_b {
            Operation::None => self.run(lhs, b),
            Operation::Transpose => self.run(lhs, b.transpose()),
            Operation::ConjTranspose => self.run(lhs, b.adjoint()),
        }
    }

    fn run<L, R>(self, lhs: MatRef<'_, L>, rhs: MatRef<'_, R>)
    where
        L: faer::traits::Conjugate<Canonical = T>,
        R: faer::traits::Conjugate<Canonical = T>,
    {
        matmul(self.dst, self.accum, lhs, rhs, self.alpha, self.par);
    }
}

/// Every matrix of a (batched) GEMM. Large products use the rayon pool inside each
/// product; batches of small ones run their products in parallel, one thread each.
///
/// # Safety
/// The call's operands must be valid (BLAS's contract), its pointer arrays and device
/// scalars host-readable.
pub unsafe fn gemm_call<T: Scalar>(g: &GemmCall<T>) {
    let (m, n, k) = (g.m as usize, g.n as usize, g.k as usize);
    // SAFETY: the caller's contract (device scalars are host memory here).
    let (alpha, beta) = unsafe { (g.alpha.host_value(), g.beta.host_value()) };
    let one = |bi: usize, par: Par| {
        // SAFETY: the caller's contract for operand `bi`.
        unsafe {
            gemm(
                g.trans_a,
                g.trans_b,
                m,
                n,
                k,
                alpha,
                g.a.host_ptr(bi),
                g.lda,
                g.b.host_ptr(bi),
                g.ldb,
                beta,
                g.c.host_ptr(bi),
                g.ldc,
                par,
            )
        }
    };
    let batch = g.batch_count as usize;
    let par = par_for(m * n * k.max(1));
    if batch == 1 || matches!(par, Par::Rayon(_)) {
        (0..batch).for_each(|bi| one(bi, par));
    } else {
        (0..batch).into_par_iter().for_each(|bi| one(bi, Par::Seq));
    }
}
