//! `gemmt` and `trtri` on the CPU: faer's triangular-output product and triangular inverse.

use faer::linalg::matmul::triangular::{matmul as tri_matmul, BlockStructure};
use faer::linalg::triangular_inverse as inverse;
use faer::reborrow::{Reborrow, ReborrowMut};
use faer::traits::Conjugate;
use faer::{Accum, Mat, MatMut, MatRef, Par};

use super::level3::{view, view_mut};
use super::par_for;
use crate::ops::triangle::{GemmtCall, TrtriCall};
use crate::scalar::Scalar;
use crate::types::{Diag, Fill, Operation};

/// `dst (+)= alpha * lhs * rhs` on one triangle of `dst`.
fn triangle_product<T: Scalar, L: Conjugate<Canonical = T>, R: Conjugate<Canonical = T>>(
    dst: MatMut<'_, T>,
    lower: bool,
    lhs: MatRef<'_, L>,
    rhs: MatRef<'_, R>,
    alpha: T,
    par: Par,
) {
    let s = if lower {
        BlockStructure::TriangularLower
    } else {
        BlockStructure::TriangularUpper
    };
    tri_matmul(
        dst,
        s,
        Accum::Add,
        lhs,
        BlockStructure::Rectangular,
        rhs,
        BlockStructure::Rectangular,
        alpha,
        par,
    );
}

fn with_rhs<T: Scalar, L: Conjugate<Canonical = T>>(
    dst: MatMut<'_, T>,
    lower: bool,
    lhs: MatRef<'_, L>,
    trans_b: Operation,
    b: MatRef<'_, T>,
    alpha: T,
    par: Par,
) {
    match trans_b {
        Operation::None => triangle_product(dst, lower, lhs, b, alpha, par),
        Operation::Transpose => triangle_product(dst, lower, lhs, b.transpose(), alpha, par),
        Operation::ConjTranspose => triangle_product(dst, lower, lhs, b.adjoint(), alpha, par),
    }
}

/// # Safety
/// A validated call; operands host-visible.
pub unsafe fn gemmt<T: Scalar>(c: &GemmtCall<T>) {
    let (n, k) = (c.n as usize, c.k as usize);
    // SAFETY: the caller's contract.
    let (alpha, beta) = unsafe { (c.alpha.host_value(), c.beta.host_value()) };
    let lower = c.uplo == Fill::Lower;
    let par = par_for(n * n * k.max(1) / 2);
    for bi in 0..c.batch_count as usize {
        // SAFETY: the caller's contract for batch entry `bi`.
        unsafe {
            let mut cv = view_mut(c.c.host_ptr(bi), n, n, c.ldc);
            for j in 0..n {
                let rows = if lower { j..n } else { 0..j + 1 };
                for i in rows {
                    let e = cv.rb_mut().get_mut(i, j);
                    *e = if beta.is_zero() { T::zero() } else { beta * *e };
                }
            }
            if k == 0 || alpha.is_zero() {
                continue;
            }
            let (ra, ca) = if c.trans_a == Operation::None {
                (n, k)
            } else {
                (k, n)
            };
            let (rb, cb) = if c.trans_b == Operation::None {
                (k, n)
            } else {
                (n, k)
            };
            let a = view(c.a.host_ptr(bi), ra, ca, c.lda);
            let b = view(c.b.host_ptr(bi), rb, cb, c.ldb);
            match c.trans_a {
                Operation::None => with_rhs(cv, lower, a, c.trans_b, b, alpha, par),
                Operation::Transpose => {
                    with_rhs(cv, lower, a.transpose(), c.trans_b, b, alpha, par)
                }
                Operation::ConjTranspose => {
                    with_rhs(cv, lower, a.adjoint(), c.trans_b, b, alpha, par)
                }
            }
        }
    }
}

/// # Safety
/// A validated call; operands host-visible.
pub unsafe fn trtri<T: Scalar>(c: &TrtriCall<T>) {
    let n = c.n as usize;
    let lower = c.uplo == Fill::Lower;
    let par = par_for(n * n * n / 3);
    let mut tmp = Mat::<T>::zeros(n, n);
    for bi in 0..c.batch_count as usize {
        // SAFETY: the caller's contract for batch entry `bi`; A and invA may be the same
        // matrix, so the inverse is made in `tmp` first.
        unsafe {
            let a = view(c.a.host_ptr(bi), n, n, c.lda);
            match (lower, c.diag) {
                (true, Diag::NonUnit) => inverse::invert_lower_triangular(tmp.as_mut(), a, par),
                (true, Diag::Unit) => inverse::invert_unit_lower_triangular(tmp.as_mut(), a, par),
                (false, Diag::NonUnit) => inverse::invert_upper_triangular(tmp.as_mut(), a, par),
                (false, Diag::Unit) => inverse::invert_unit_upper_triangular(tmp.as_mut(), a, par),
            }
            let mut out = view_mut(c.inv_a.host_ptr(bi), n, n, c.ld_inv_a);
            for j in 0..n {
                let rows = if lower { j..n } else { 0..j + 1 };
                for i in rows {
                    *out.rb_mut().get_mut(i, j) = *tmp.rb().get(i, j);
                }
            }
        }
    }
}
