//! Level 3 on the CPU: faer's matrix products and triangular solves on column-major
//! views of the caller's memory.

use faer::linalg::matmul::matmul;
use faer::linalg::matmul::triangular::{matmul as tri_matmul, BlockStructure};
use faer::mat::{MatMut, MatRef};
use faer::reborrow::ReborrowMut;
use faer::traits::Conjugate;
use faer::{Accum, Par};
use rayon::prelude::*;

use super::par_for;
use crate::ops::level1::ScalesBy;
use crate::ops::level3::{
    DgmmCall, GeamCall, GemmCall, Rank2kCall, RankKCall, SymmCall, TriangularCall,
};
use crate::scalar::Scalar;
use crate::types::{Fill, Operation, Side};

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
pub(crate) struct Product<'a, T> {
    pub(crate) dst: MatMut<'a, T>,
    pub(crate) accum: Accum,
    pub(crate) alpha: T,
    pub(crate) par: Par,
}

impl<T: Scalar> Product<'_, T> {
    pub(crate) fn with_lhs<L: faer::traits::Conjugate<Canonical = T>>(
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

/// `op(A)`'s triangle once `A` (stored in `uplo`) is transposed by `trans`.
fn op_lower(uplo: Fill, trans: Operation) -> bool {
    (uplo == Fill::Lower) == (trans == Operation::None)
}

/// Solves `op(A) X = B` in place (left) or `X op(A) = B` (right, as
/// `op(A)^T X^T = B^T` on the transposed view of `B`).
fn trsm_one<T: Scalar>(c: &TriangularCall<T>, a: MatRef<'_, T>, b: MatMut<'_, T>, par: Par) {
    use crate::cpu::level2::solve_with;
    let lower = op_lower(c.uplo, c.trans);
    match (c.side, c.trans) {
        (Side::Left, Operation::None) => solve_with(a, lower, c.diag, b, par),
        (Side::Left, Operation::Transpose) => solve_with(a.transpose(), lower, c.diag, b, par),
        (Side::Left, Operation::ConjTranspose) => solve_with(a.adjoint(), lower, c.diag, b, par),
        (Side::Right, Operation::None) => {
            solve_with(a.transpose(), !lower, c.diag, b.transpose_mut(), par)
        }
        (Side::Right, Operation::Transpose) => {
            solve_with(a, !lower, c.diag, b.transpose_mut(), par)
        }
        (Side::Right, Operation::ConjTranspose) => {
            solve_with(a.conjugate(), !lower, c.diag, b.transpose_mut(), par)
        }
    }
}

/// `dst = alpha * op(A) * B` (left) or `alpha * B * op(A)` (right).
fn trmm_one<T: Scalar>(
    c: &TriangularCall<T>,
    a: MatRef<'_, T>,
    b: MatRef<'_, T>,
    dst: MatMut<'_, T>,
    alpha: T,
    par: Par,
) {
    use crate::cpu::level2::tri_product;
    let lower = op_lower(c.uplo, c.trans);
    match (c.side, c.trans) {
        (Side::Left, Operation::None) => tri_product(a, lower, c.diag, dst, b, alpha, par),
        (Side::Left, Operation::Transpose) => {
            tri_product(a.transpose(), lower, c.diag, dst, b, alpha, par)
        }
        (Side::Left, Operation::ConjTranspose) => {
            tri_product(a.adjoint(), lower, c.diag, dst, b, alpha, par)
        }
        (Side::Right, Operation::None) => tri_product(
            a.transpose(),
            !lower,
            c.diag,
            dst.transpose_mut(),
            b.transpose(),
            alpha,
            par,
        ),
        (Side::Right, Operation::Transpose) => tri_product(
            a,
            !lower,
            c.diag,
            dst.transpose_mut(),
            b.transpose(),
            alpha,
            par,
        ),
        (Side::Right, Operation::ConjTranspose) => tri_product(
            a.conjugate(),
            !lower,
            c.diag,
            dst.transpose_mut(),
            b.transpose(),
            alpha,
            par,
        ),
    }
}

/// `trsm` and `trmm`.
///
/// # Safety
/// A validated call; operands host-visible.
pub unsafe fn triangular<T: Scalar>(c: &TriangularCall<T>) {
    let (m, n) = (c.m as usize, c.n as usize);
    let k = if c.side == Side::Left { m } else { n };
    // SAFETY: the caller's contract.
    let alpha = unsafe { c.alpha.host_value() };
    let par = par_for(m * n * k);
    for bi in 0..c.batch_count as usize {
        // SAFETY: the caller's contract for batch entry `bi`.
        unsafe {
            match c.c {
                None => {
                    let mut b = view_mut(c.b.host_ptr(bi), m, n, c.ldb);
                    scale(b.rb_mut(), alpha);
                    if !alpha.is_zero() {
                        trsm_one(c, view(c.a.host_ptr(bi), k, k, c.lda), b, par);
                    }
                }
                Some((out, ldc)) => {
                    let mut dst = view_mut(out.host_ptr(bi), m, n, ldc);
                    if alpha.is_zero() {
                        scale(dst, T::zero());
                        continue;
                    }
                    // Into a copy first: C may be B.
                    let mut tmp = faer::Mat::<T>::zeros(m, n);
                    let b = view(c.b.host_ptr(bi), m, n, c.ldb);
                    trmm_one(
                        c,
                        view(c.a.host_ptr(bi), k, k, c.lda),
                        b,
                        tmp.as_mut(),
                        alpha,
                        par,
                    );
                    dst.copy_from(tmp.as_ref());
                }
            }
        }
    }
}

/// `dst (+)= alpha * lhs * rhs` on one triangle of `dst`.
fn rank_k_product<T: Scalar, L: Conjugate<Canonical = T>, R: Conjugate<Canonical = T>>(
    dst: MatMut<'_, T>,
    lower: bool,
    lhs: MatRef<'_, L>,
    rhs: MatRef<'_, R>,
    alpha: T,
    par: Par,
) {
    let structure = if lower {
        BlockStructure::TriangularLower
    } else {
        BlockStructure::TriangularUpper
    };
    tri_matmul(
        dst,
        structure,
        Accum::Add,
        lhs,
        BlockStructure::Rectangular,
        rhs,
        BlockStructure::Rectangular,
        alpha,
        par,
    );
}

/// `syrk` and `herk`.
///
/// # Safety
/// A validated call; operands host-visible.
pub unsafe fn rank_k<T: Scalar, S: ScalesBy<T>>(c: &RankKCall<T, S>) {
    let (n, k) = (c.n as usize, c.k as usize);
    // SAFETY: the caller's contract.
    let (alpha, beta) = unsafe {
        (
            c.alpha.host_value().to_scalar(),
            c.beta.host_value().to_scalar(),
        )
    };
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
                    if c.hermitian && i == j {
                        *e = T::from_real(e.re());
                    }
                }
            }
            if k == 0 || alpha.is_zero() {
                continue;
            }
            let (ra, ca) = if c.trans == Operation::None {
                (n, k)
            } else {
                (k, n)
            };
            let a = view(c.a.host_ptr(bi), ra, ca, c.lda);
            match (c.trans, c.hermitian) {
                (Operation::None, false) => {
                    rank_k_product(cv.rb_mut(), lower, a, a.transpose(), alpha, par)
                }
                (Operation::None, true) => {
                    rank_k_product(cv.rb_mut(), lower, a, a.adjoint(), alpha, par)
                }
                (_, false) => rank_k_product(cv.rb_mut(), lower, a.transpose(), a, alpha, par),
                (_, true) => rank_k_product(cv.rb_mut(), lower, a.adjoint(), a, alpha, par),
            }
            if c.hermitian {
                for j in 0..n {
                    let e = cv.rb_mut().get_mut(j, j);
                    *e = T::from_real(e.re());
                }
            }
        }
    }
}

/// `symm` and `hemm`: the stored triangle is expanded to a full matrix, then one GEMM.
///
/// # Safety
/// A validated call; operands host-visible.
pub unsafe fn symm<T: Scalar>(c: &SymmCall<T>) {
    let (m, n) = (c.m as usize, c.n as usize);
    let k = if c.side == Side::Left { m } else { n };
    // SAFETY: the caller's contract.
    let (alpha, beta) = unsafe { (c.alpha.host_value(), c.beta.host_value()) };
    let par = par_for(m * n * k);
    let mut full = faer::Mat::<T>::zeros(k, k);
    for bi in 0..c.batch_count as usize {
        // SAFETY: the caller's contract for batch entry `bi`.
        unsafe {
            let cp = c.c.host_ptr(bi);
            if alpha.is_zero() {
                scale(view_mut(cp, m, n, c.ldc), beta);
                continue;
            }
            let a = view(c.a.host_ptr(bi), k, k, c.lda);
            for j in 0..k {
                for i in 0..k {
                    let stored = if c.uplo == Fill::Upper {
                        i <= j
                    } else {
                        i >= j
                    };
                    let v = if stored { *a.get(i, j) } else { *a.get(j, i) };
                    *full.as_mut().get_mut(i, j) = match (c.hermitian, i == j, stored) {
                        (false, _, _) => v,
                        (true, true, _) => T::from_real(v.re()),
                        (true, false, true) => v,
                        (true, false, false) => v.conj(),
                    };
                }
            }
            let (fp, fld) = (full.as_ptr(), full.col_stride() as i64);
            let b = c.b.host_ptr(bi);
            let none = Operation::None;
            match c.side {
                Side::Left => gemm(
                    none, none, m, n, k, alpha, fp, fld, b, c.ldb, beta, cp, c.ldc, par,
                ),
                Side::Right => gemm(
                    none, none, m, n, k, alpha, b, c.ldb, fp, fld, beta, cp, c.ldc, par,
                ),
            }
        }
    }
}

/// `geam`, computed into a copy first (C may be A or B).
///
/// # Safety
/// A validated call; operands host-visible.
pub unsafe fn geam<T: Scalar>(c: &GeamCall<T>) {
    let (m, n) = (c.m as usize, c.n as usize);
    // SAFETY: the caller's contract.
    let (alpha, beta) = unsafe { (c.alpha.host_value(), c.beta.host_value()) };
    let elem = |p: *const T, ld: i64, op: Operation, i: usize, j: usize| -> T {
        // SAFETY: (i, j) of op(X) lies in the validated operand.
        unsafe {
            match op {
                Operation::None => *p.add(i + j * ld as usize),
                Operation::Transpose => *p.add(j + i * ld as usize),
                Operation::ConjTranspose => (*p.add(j + i * ld as usize)).conj(),
            }
        }
    };
    let mut tmp = vec![T::zero(); m * n];
    for bi in 0..c.batch_count as usize {
        // SAFETY: the caller's contract for batch entry `bi`.
        unsafe {
            let (a, b) = (c.a.host_ptr(bi) as *const T, c.b.host_ptr(bi) as *const T);
            for j in 0..n {
                for i in 0..m {
                    let mut v = T::zero();
                    if !alpha.is_zero() {
                        v += alpha * elem(a, c.lda, c.trans_a, i, j);
                    }
                    if !beta.is_zero() {
                        v += beta * elem(b, c.ldb, c.trans_b, i, j);
                    }
                    tmp[i + j * m] = v;
                }
            }
            let dst = c.c.host_ptr(bi);
            for j in 0..n {
                std::ptr::copy_nonoverlapping(
                    tmp[j * m..].as_ptr(),
                    dst.add(j * c.ldc as usize),
                    m,
                );
            }
        }
    }
}

/// `dgmm` (element-wise: C may be A).
///
/// # Safety
/// A validated call; operands host-visible.
pub unsafe fn dgmm<T: Scalar>(c: &DgmmCall<T>) {
    let (m, n) = (c.m as usize, c.n as usize);
    let lx = crate::args::VecLayout {
        n: if c.side == Side::Left { m } else { n },
        inc: c.incx,
    };
    for bi in 0..c.batch_count as usize {
        // SAFETY: the caller's contract for batch entry `bi`.
        unsafe {
            let (a, x, out) = (c.a.host_ptr(bi), c.x.host_ptr(bi), c.c.host_ptr(bi));
            for j in 0..n {
                for i in 0..m {
                    let d = *x.offset(lx.index(if c.side == Side::Left { i } else { j }));
                    *out.add(i + j * c.ldc as usize) = *a.add(i + j * c.lda as usize) * d;
                }
            }
        }
    }
}

/// `syr2k`, `her2k`, `syrkx`, `herkx`.
///
/// # Safety
/// A validated call; operands host-visible.
pub unsafe fn rank_2k<T: Scalar, S: ScalesBy<T>>(c: &Rank2kCall<T, S>) {
    let (n, k) = (c.n as usize, c.k as usize);
    // SAFETY: the caller's contract.
    let (alpha, beta) = unsafe { (c.alpha.host_value(), c.beta.host_value().to_scalar()) };
    let lower = c.uplo == Fill::Lower;
    let par = par_for(n * n * k.max(1));
    for bi in 0..c.batch_count as usize {
        // SAFETY: the caller's contract for batch entry `bi`.
        unsafe {
            let mut cv = view_mut(c.c.host_ptr(bi), n, n, c.ldc);
            for j in 0..n {
                let rows = if lower { j..n } else { 0..j + 1 };
                for i in rows {
                    let e = cv.rb_mut().get_mut(i, j);
                    *e = if beta.is_zero() { T::zero() } else { beta * *e };
                    if c.hermitian && i == j {
                        *e = T::from_real(e.re());
                    }
                }
            }
            if k == 0 || alpha.is_zero() {
                continue;
            }
            let (r, cl) = if c.trans == Operation::None {
                (n, k)
            } else {
                (k, n)
            };
            let a = view(c.a.host_ptr(bi), r, cl, c.lda);
            let b = view(c.b.host_ptr(bi), r, cl, c.ldb);
            // op(X) is n x k; the terms are op(A) op(B)^T|H and op(B) op(A)^T|H.
            let terms: &[(MatRef<'_, T>, MatRef<'_, T>, T)] = if c.both_terms {
                &[
                    (a, b, alpha),
                    (b, a, if c.hermitian { alpha.conj() } else { alpha }),
                ]
            } else {
                &[(a, b, alpha)]
            };
            for &(x, y, s) in terms {
                match (c.trans, c.hermitian) {
                    (Operation::None, false) => {
                        rank_k_product(cv.rb_mut(), lower, x, y.transpose(), s, par)
                    }
                    (Operation::None, true) => {
                        rank_k_product(cv.rb_mut(), lower, x, y.adjoint(), s, par)
                    }
                    (_, false) => rank_k_product(cv.rb_mut(), lower, x.transpose(), y, s, par),
                    (_, true) => rank_k_product(cv.rb_mut(), lower, x.adjoint(), y, s, par),
                }
            }
            if c.hermitian {
                for j in 0..n {
                    let e = cv.rb_mut().get_mut(j, j);
                    *e = T::from_real(e.re());
                }
            }
        }
    }
}
