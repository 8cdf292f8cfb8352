//! Level 2 on the CPU: faer products and triangular solves on strided vector views, and
//! loops where a stored triangle must be expanded (`symv`, `hemv`).

use faer::linalg::matmul::triangular::{matmul as tri_matmul, BlockStructure};
use faer::linalg::triangular_solve as solve;
use faer::mat::{MatMut, MatRef};
use faer::reborrow::{Reborrow, ReborrowMut};
use faer::traits::Conjugate;
use faer::{Accum, Par};

use super::level3::{scale, view, view_mut, Product};
use super::par_for;
use crate::ops::level2::{GemvCall, GerCall, RankUpdateCall, SymvCall, TriangularVecCall};
use crate::scalar::Scalar;
use crate::types::{Diag, Fill, Operation};

/// A strided vector of `n` elements as an `n x 1` view; a negative increment starts at the
/// last element in memory, as reference BLAS does.
///
/// # Safety
/// The vector must be readable for `'a`.
pub(crate) unsafe fn vec_view<'a, T>(p: *const T, n: usize, inc: i64) -> MatRef<'a, T> {
    let start = if inc < 0 {
        (n.max(1) - 1) as isize * (-inc) as isize
    } else {
        0
    };
    // SAFETY: the caller's contract; `start` is element 0 of the logical vector.
    unsafe { MatRef::from_raw_parts(p.offset(start), n, 1, inc as isize, 0) }
}

/// As [`vec_view`], writable.
///
/// # Safety
/// Writable and not aliased for `'a`.
pub(crate) unsafe fn vec_view_mut<'a, T>(p: *mut T, n: usize, inc: i64) -> MatMut<'a, T> {
    let start = if inc < 0 {
        (n.max(1) - 1) as isize * (-inc) as isize
    } else {
        0
    };
    // SAFETY: as above.
    unsafe { MatMut::from_raw_parts_mut(p.offset(start), n, 1, inc as isize, 0) }
}

/// # Safety
/// A validated call; operands host-visible.
pub unsafe fn gemv<T: Scalar>(c: &GemvCall<T>) {
    let (m, n) = (c.m as usize, c.n as usize);
    let (lx, ly) = if c.trans == Operation::None {
        (n, m)
    } else {
        (m, n)
    };
    // SAFETY: the caller's contract.
    let (alpha, beta) = unsafe { (c.alpha.host_value(), c.beta.host_value()) };
    for b in 0..c.batch_count as usize {
        // SAFETY: the caller's contract for batch entry `b`.
        unsafe {
            let mut y = vec_view_mut(c.y.host_ptr(b), ly, c.incy);
            scale(y.rb_mut(), beta);
            if alpha.is_zero() {
                continue;
            }
            let a = view(c.a.host_ptr(b), m, n, c.lda);
            let x = vec_view(c.x.host_ptr(b), lx, c.incx);
            let job = Product {
                dst: y,
                accum: Accum::Add,
                alpha,
                par: par_for(m * n),
            };
            match c.trans {
                Operation::None => job.with_lhs(a, Operation::None, x),
                Operation::Transpose => job.with_lhs(a.transpose(), Operation::None, x),
                Operation::ConjTranspose => job.with_lhs(a.adjoint(), Operation::None, x),
            }
        }
    }
}

/// # Safety
/// A validated call; operands host-visible.
pub unsafe fn ger<T: Scalar>(c: &GerCall<T>) {
    let (m, n) = (c.m as usize, c.n as usize);
    // SAFETY: the caller's contract.
    let alpha = unsafe { c.alpha.host_value() };
    for b in 0..c.batch_count as usize {
        // SAFETY: the caller's contract for batch entry `b`.
        unsafe {
            let a = view_mut(c.a.host_ptr(b), m, n, c.lda);
            let x = vec_view(c.x.host_ptr(b), m, c.incx);
            let y = vec_view(c.y.host_ptr(b), n, c.incy);
            let op = if c.conjugate {
                Operation::ConjTranspose
            } else {
                Operation::Transpose
            };
            Product {
                dst: a,
                accum: Accum::Add,
                alpha,
                par: par_for(m * n),
            }
            .with_lhs(x, op, y);
        }
    }
}

/// # Safety
/// A validated call; operands host-visible.
pub unsafe fn symv<T: Scalar>(c: &SymvCall<T>) {
    let n = c.n as usize;
    // SAFETY: the caller's contract.
    let (alpha, beta) = unsafe { (c.alpha.host_value(), c.beta.host_value()) };
    let mut t = vec![T::zero(); n];
    for b in 0..c.batch_count as usize {
        // SAFETY: the caller's contract for batch entry `b`.
        unsafe {
            let mut y = vec_view_mut(c.y.host_ptr(b), n, c.incy);
            scale(y.rb_mut(), beta);
            if alpha.is_zero() {
                continue;
            }
            let a = view(c.a.host_ptr(b), n, n, c.lda);
            let x = vec_view(c.x.host_ptr(b), n, c.incx);
            let elem = |i: usize, j: usize| -> T {
                let stored = match c.uplo {
                    Fill::Upper => i <= j,
                    _ => i >= j,
                };
                let v = if stored { *a.get(i, j) } else { *a.get(j, i) };
                if !c.hermitian {
                    v
                } else if i == j {
                    T::from_real(v.re())
                } else if stored {
                    v
                } else {
                    v.conj()
                }
            };
            for (i, ti) in t.iter_mut().enumerate() {
                let mut s = T::zero();
                for j in 0..n {
                    s += elem(i, j) * *x.get(j, 0);
                }
                *ti = s;
            }
            for (i, ti) in t.iter().enumerate() {
                *y.rb_mut().get_mut(i, 0) += alpha * *ti;
            }
        }
    }
}

/// The triangle `op(A)` occupies once transposed, and its view.
fn op_lower(uplo: Fill, trans: Operation) -> bool {
    (uplo == Fill::Lower) == (trans == Operation::None)
}

/// `x = op(A)^-1 x` with `tri` = `op(A)` as a view.
pub(crate) fn solve_with<T: Scalar, L: Conjugate<Canonical = T>>(
    tri: MatRef<'_, L>,
    lower: bool,
    diag: Diag,
    x: MatMut<'_, T>,
    par: Par,
) {
    match (lower, diag) {
        (true, Diag::NonUnit) => solve::solve_lower_triangular_in_place(tri, x, par),
        (true, Diag::Unit) => solve::solve_unit_lower_triangular_in_place(tri, x, par),
        (false, Diag::NonUnit) => solve::solve_upper_triangular_in_place(tri, x, par),
        (false, Diag::Unit) => solve::solve_unit_upper_triangular_in_place(tri, x, par),
    }
}

/// `dst = op(A) * rhs` with `tri` = `op(A)` as a view.
pub(crate) fn tri_product<T: Scalar, L: Conjugate<Canonical = T>>(
    tri: MatRef<'_, L>,
    lower: bool,
    diag: Diag,
    dst: MatMut<'_, T>,
    rhs: MatRef<'_, T>,
    alpha: T,
    par: Par,
) {
    let structure = match (lower, diag) {
        (true, Diag::NonUnit) => BlockStructure::TriangularLower,
        (true, Diag::Unit) => BlockStructure::UnitTriangularLower,
        (false, Diag::NonUnit) => BlockStructure::TriangularUpper,
        (false, Diag::Unit) => BlockStructure::UnitTriangularUpper,
    };
    tri_matmul(
        dst,
        BlockStructure::Rectangular,
        Accum::Replace,
        tri,
        structure,
        rhs,
        BlockStructure::Rectangular,
        alpha,
        par,
    );
}

/// # Safety
/// A validated call; operands host-visible.
pub unsafe fn triangular_vec<T: Scalar>(c: &TriangularVecCall<T>) {
    let n = c.n as usize;
    let lower = op_lower(c.uplo, c.trans);
    let par = par_for(n * n);
    for b in 0..c.batch_count as usize {
        // SAFETY: the caller's contract for batch entry `b`.
        unsafe {
            let a = view(c.a.host_ptr(b), n, n, c.lda);
            let x = vec_view_mut(c.x.host_ptr(b), n, c.incx);
            if c.solve {
                match c.trans {
                    Operation::None => solve_with(a, lower, c.diag, x, par),
                    Operation::Transpose => solve_with(a.transpose(), lower, c.diag, x, par),
                    Operation::ConjTranspose => solve_with(a.adjoint(), lower, c.diag, x, par),
                }
            } else {
                let copy: Vec<T> = (0..n).map(|i| *x.rb().get(i, 0)).collect();
                let rhs = MatRef::from_column_major_slice(&copy, n, 1);
                match c.trans {
                    Operation::None => tri_product(a, lower, c.diag, x, rhs, T::one(), par),
                    Operation::Transpose => {
                        tri_product(a.transpose(), lower, c.diag, x, rhs, T::one(), par)
                    }
                    Operation::ConjTranspose => {
                        tri_product(a.adjoint(), lower, c.diag, x, rhs, T::one(), par)
                    }
                }
            }
        }
    }
}

/// # Safety
/// A validated call; operands host-visible.
pub unsafe fn rank_update<T: Scalar, A: crate::ops::level1::ScalesBy<T>>(c: &RankUpdateCall<T, A>) {
    let n = c.n as usize;
    // SAFETY: the caller's contract.
    let alpha = unsafe { c.alpha.host_value() }.to_scalar();
    let cj = |v: T| if c.hermitian { v.conj() } else { v };
    for b in 0..c.batch_count as usize {
        // SAFETY: the caller's contract for batch entry `b`.
        unsafe {
            let mut a = view_mut(c.a.host_ptr(b), n, n, c.lda);
            let x = vec_view(c.x.host_ptr(b), n, c.incx);
            let y = c.y.map(|(y, incy)| vec_view(y.host_ptr(b), n, incy));
            for j in 0..n {
                let rows = if c.uplo == Fill::Lower {
                    j..n
                } else {
                    0..j + 1
                };
                for i in rows {
                    let (xi, xj) = (*x.get(i, 0), *x.get(j, 0));
                    let update = match y {
                        None => alpha * xi * cj(xj),
                        Some(y) => {
                            let (yi, yj) = (*y.get(i, 0), *y.get(j, 0));
                            alpha * xi * cj(yj) + cj(alpha) * yi * cj(xj)
                        }
                    };
                    let e = a.rb_mut().get_mut(i, j);
                    *e += update;
                    if c.hermitian && i == j {
                        *e = T::from_real(e.re());
                    }
                }
            }
        }
    }
}
