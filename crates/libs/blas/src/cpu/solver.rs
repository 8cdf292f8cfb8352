//! LU factorization and solves on the CPU, as LAPACK's `getf2`/`getrs` define them: partial
//! pivoting on the largest `|re| + |im|` below the diagonal, row interchanges applied to
//! whole rows and recorded 1-based in `ipiv`, a unit lower `L`.

use faer::reborrow::ReborrowMut;
use faer::MatMut;

use super::level2::solve_with;
use super::level3::{view, view_mut};
use super::par_for;
use crate::ops::solver::{GetrfCall, GetrsCall, QrCall};
use crate::scalar::{RealScalar, Scalar};
use crate::types::{Diag, Operation};

/// Factors one `n x n` matrix in place; returns LAPACK's `info` (0, or the first zero
/// pivot, 1-based).
fn factor<T: Scalar>(mut a: MatMut<'_, T>, ipiv: Option<*mut i32>) -> i32 {
    let n = a.nrows();
    let mut info = 0;
    for j in 0..n {
        let mut p = j;
        if ipiv.is_some() {
            let mut best = a.rb_mut().get_mut(j, j).abs1();
            for i in j + 1..n {
                let v = a.rb_mut().get_mut(i, j).abs1();
                if v > best {
                    best = v;
                    p = i;
                }
            }
        }
        if let Some(ip) = ipiv {
            // SAFETY: the pivot array holds n entries (the caller's contract).
            unsafe { ip.add(j).write_unaligned(p as i32 + 1) };
        }
        let pivot = *a.rb_mut().get_mut(p, j);
        if pivot.is_zero() {
            if info == 0 {
                info = j as i32 + 1;
            }
            continue;
        }
        if p != j {
            for k in 0..n {
                let t = *a.rb_mut().get_mut(j, k);
                *a.rb_mut().get_mut(j, k) = *a.rb_mut().get_mut(p, k);
                *a.rb_mut().get_mut(p, k) = t;
            }
        }
        let inv = T::one() / pivot;
        for i in j + 1..n {
            let e = a.rb_mut().get_mut(i, j);
            *e *= inv;
        }
        for k in j + 1..n {
            let u = *a.rb_mut().get_mut(j, k);
            if u.is_zero() {
                continue;
            }
            for i in j + 1..n {
                let l = *a.rb_mut().get_mut(i, j);
                *a.rb_mut().get_mut(i, k) -= l * u;
            }
        }
    }
    info
}

/// # Safety
/// A validated call; operands host-visible.
pub unsafe fn getrf<T: Scalar>(c: &GetrfCall<T>) {
    for b in 0..c.batch_count {
        // SAFETY: the caller's contract for batch entry `b`.
        unsafe {
            // An empty matrix is factored already (and may be NULL: no view of it).
            let info = if c.n == 0 {
                0
            } else {
                let a = view_mut(c.a.host_ptr(b), c.n, c.n, c.lda);
                let ipiv = c.ipiv.map(|p| p.ptr(b));
                factor(a, ipiv)
            };
            c.info.ptr().add(b).write_unaligned(info);
        }
    }
}

/// # Safety
/// A validated call; operands host-visible.
pub unsafe fn getrs<T: Scalar>(c: &GetrsCall<T>) {
    let (n, nrhs) = (c.n, c.nrhs);
    let par = par_for(n * n * nrhs);
    for bi in 0..c.batch_count {
        // SAFETY: the caller's contract for batch entry `bi`.
        unsafe {
            // Empty systems: nothing to solve or invert (the operands may be NULL).
            if n == 0 || nrhs == 0 {
                if let Some(info) = c.inverse_info {
                    info.ptr().add(bi).write_unaligned(0);
                }
                continue;
            }
            let a = view(c.a.host_ptr(bi), n, n, c.lda);
            let mut x = view_mut(c.b.host_ptr(bi), n, nrhs, c.ldb);
            let ipiv = c.ipiv.map(|p| p.ptr(bi));
            if let Some(info) = c.inverse_info {
                // getri: X = I, and a zero on U's diagonal makes A singular.
                let first_zero = (0..n)
                    .find(|&i| a.get(i, i).is_zero())
                    .map_or(0, |i| i as i32 + 1);
                info.ptr().add(bi).write_unaligned(first_zero);
                if first_zero != 0 {
                    continue;
                }
                for j in 0..nrhs {
                    for i in 0..n {
                        *x.rb_mut().get_mut(i, j) = if i == j { T::one() } else { T::zero() };
                    }
                }
            }
            let swap_rows = |x: &mut MatMut<'_, T>, order: &mut dyn Iterator<Item = usize>| {
                if let Some(ip) = ipiv {
                    for j in order {
                        let p = (ip.add(j).read_unaligned() - 1) as usize;
                        if p != j {
                            for k in 0..nrhs {
                                let t = *x.rb_mut().get_mut(j, k);
                                *x.rb_mut().get_mut(j, k) = *x.rb_mut().get_mut(p, k);
                                *x.rb_mut().get_mut(p, k) = t;
                            }
                        }
                    }
                }
            };
            match c.trans {
                Operation::None => {
                    swap_rows(&mut x, &mut (0..n));
                    solve_with(a, true, Diag::Unit, x.rb_mut(), par);
                    solve_with(a, false, Diag::NonUnit, x.rb_mut(), par);
                }
                Operation::Transpose => {
                    solve_with(a.transpose(), true, Diag::NonUnit, x.rb_mut(), par);
                    solve_with(a.transpose(), false, Diag::Unit, x.rb_mut(), par);
                    swap_rows(&mut x, &mut (0..n).rev());
                }
                Operation::ConjTranspose => {
                    solve_with(a.adjoint(), true, Diag::NonUnit, x.rb_mut(), par);
                    solve_with(a.adjoint(), false, Diag::Unit, x.rb_mut(), par);
                    swap_rows(&mut x, &mut (0..n).rev());
                }
            }
        }
    }
}

/// Householder QR of one `m x n` matrix in place (LAPACK's `geqr2`/`larfg`): returns the
/// `tau` of each reflector `H = I - tau v v^H`, `v = [1; A(j+1.., j)]`, `A = H_1 ... H_k R`.
fn householder_qr<T: Scalar>(mut a: MatMut<'_, T>) -> Vec<T> {
    let (m, n) = (a.nrows(), a.ncols());
    let k = m.min(n);
    let mut taus = Vec::with_capacity(k);
    for j in 0..k {
        let alpha = *a.rb_mut().get_mut(j, j);
        let xnorm_sq = (j + 1..m).fold(<T::RealPart as Scalar>::zero(), |s, i| {
            s + a.rb_mut().get_mut(i, j).abs_sq()
        });
        if xnorm_sq == <T::RealPart as Scalar>::zero()
            && alpha.im() == <T::RealPart as Scalar>::zero()
        {
            taus.push(T::zero());
            continue;
        }
        let norm = (alpha.abs_sq() + xnorm_sq).sqrt();
        let beta = if alpha.re() >= <T::RealPart as Scalar>::zero() {
            -norm
        } else {
            norm
        };
        let beta_t = T::from_real(beta);
        let tau = (beta_t - alpha) * T::from_real(<T::RealPart as Scalar>::one() / beta);
        let scale = T::one() / (alpha - beta_t);
        for i in j + 1..m {
            *a.rb_mut().get_mut(i, j) *= scale;
        }
        *a.rb_mut().get_mut(j, j) = beta_t;
        // Apply H^H = I - conj(tau) v v^H to the trailing columns.
        for c in j + 1..n {
            let mut w = *a.rb_mut().get_mut(j, c);
            for i in j + 1..m {
                w += a.rb_mut().get_mut(i, j).conj() * *a.rb_mut().get_mut(i, c);
            }
            let f = tau.conj() * w;
            *a.rb_mut().get_mut(j, c) -= f;
            for i in j + 1..m {
                let vi = *a.rb_mut().get_mut(i, j);
                *a.rb_mut().get_mut(i, c) -= vi * f;
            }
        }
        taus.push(tau);
    }
    taus
}

/// `geqrf` and `gels`.
///
/// # Safety
/// A validated call; operands host-visible.
pub unsafe fn qr<T: Scalar>(c: &QrCall<T>) {
    let (m, n) = (c.m, c.n);
    for bi in 0..c.batch_count {
        // SAFETY: the caller's contract for batch entry `bi`.
        unsafe {
            let mut a = view_mut(c.a.host_ptr(bi), m, n, c.lda);
            let taus = householder_qr(a.rb_mut());
            if let Some(tau) = c.tau {
                let t = tau.host_ptr(bi);
                for (i, v) in taus.iter().enumerate() {
                    t.add(i).write_unaligned(*v);
                }
            }
            if let Some((b, ldb, nrhs, info)) = c.solve {
                let mut x = view_mut(b.host_ptr(bi), m, nrhs, ldb);
                // B = Q^H B = H_k^H ... H_1^H B.
                for (j, tau) in taus.iter().enumerate() {
                    for col in 0..nrhs {
                        let mut w = *x.rb_mut().get_mut(j, col);
                        for i in j + 1..m {
                            w += a.rb_mut().get_mut(i, j).conj() * *x.rb_mut().get_mut(i, col);
                        }
                        let f = tau.conj() * w;
                        *x.rb_mut().get_mut(j, col) -= f;
                        for i in j + 1..m {
                            let vi = *a.rb_mut().get_mut(i, j);
                            *x.rb_mut().get_mut(i, col) -= vi * f;
                        }
                    }
                }
                let rank_gap = (0..n)
                    .find(|&i| a.rb_mut().get_mut(i, i).is_zero())
                    .map_or(0, |i| i as i32 + 1);
                info.ptr().add(bi).write_unaligned(rank_gap);
                if rank_gap == 0 {
                    let r = view(c.a.host_ptr(bi), n, n, c.lda);
                    solve_with(
                        r,
                        false,
                        Diag::NonUnit,
                        x.rb_mut().subrows_mut(0, n),
                        par_for(n * n * nrhs),
                    );
                }
            }
        }
    }
}
