//! getrf/getrs/getri against their definitions: P L U rebuilds A (LAPACK's pivots), the
//! solves satisfy op(A) X = B for every transpose, the inverse times A is I; singular
//! matrices report their first zero pivot; getrs's argument check writes -i to info.

mod common;

use blas::capi::solver as sv;
use blas::scalar::{RealScalar, C64};
use blas::{BlasError, Operation};
use common::*;

fn sync() {
    blas::hip_bridge::synchronize(0).expect("sync");
}

/// Rebuilds P L U from getrf's output (LAPACK conventions).
fn rebuild<T: TestScalar>(lu: &[T], ipiv: &[i32], n: usize, lda: usize) -> Vec<T> {
    let l: Vec<T> = (0..n * n)
        .map(|k| {
            let (i, j) = (k % n, k / n);
            if i == j {
                T::one()
            } else if i > j {
                lu[i + j * lda]
            } else {
                T::zero()
            }
        })
        .collect();
    let u: Vec<T> = (0..n * n)
        .map(|k| {
            let (i, j) = (k % n, k / n);
            if i <= j {
                lu[i + j * lda]
            } else {
                T::zero()
            }
        })
        .collect();
    let mut a = ref_mul(Operation::None, &l, n, n, n, &u, n, n);
    for j in (0..n).rev() {
        let p = (ipiv[j] - 1) as usize;
        if p != j {
            for k in 0..n {
                a.swap(j + k * n, p + k * n);
            }
        }
    }
    a
}

fn check<T: TestScalar>() {
    let h = handle();
    let (n, nrhs, lda, ldb) = (7usize, 3usize, 9usize, 8usize);
    let a0 = fill::<T>(lda * n, 1);
    let mut lu = a0.clone();
    let mut ipiv = vec![0i32; n];
    let mut info = -1i32;
    // SAFETY: n x n matrix, n pivots, one info.
    unsafe {
        sv::getrf::<T>(
            h,
            n as i32,
            lu.as_mut_ptr(),
            lda as i32,
            ipiv.as_mut_ptr(),
            &mut info,
        )
    }
    .expect("getrf");
    sync();
    assert_eq!(info, 0);
    let dense_a: Vec<T> = (0..n * n).map(|k| a0[k % n + (k / n) * lda]).collect();
    assert_close(
        &rebuild(&lu, &ipiv, n, lda),
        &dense_a,
        n as f64 * 4.0,
        &format!("{} P L U", T::LETTER),
    );
    for trans in OPS {
        let b0 = fill::<T>(ldb * nrhs, 2);
        let mut x = b0.clone();
        let mut info = -1;
        // SAFETY: as above; info is a host pointer.
        unsafe {
            sv::getrs::<T>(
                h,
                trans.to_c(),
                n as i32,
                nrhs as i32,
                lu.as_mut_ptr(),
                lda as i32,
                ipiv.as_ptr(),
                x.as_mut_ptr(),
                ldb as i32,
                &mut info,
            )
        }
        .expect("getrs");
        sync();
        assert_eq!(info, 0);
        let xs: Vec<T> = (0..nrhs)
            .flat_map(|j| x[j * ldb..j * ldb + n].to_vec())
            .collect();
        let bs: Vec<T> = (0..nrhs)
            .flat_map(|j| b0[j * ldb..j * ldb + n].to_vec())
            .collect();
        assert_close(
            &ref_mul(trans, &dense_a, n, n, n, &xs, n, nrhs),
            &bs,
            n as f64 * 40.0,
            &format!("{} getrs {trans:?}", T::LETTER),
        );
    }
    // getri (batched, one entry)
    let mut inv = vec![T::zero(); n * n];
    let (pa, pc) = ([lu.as_mut_ptr()], [inv.as_mut_ptr()]);
    let mut info = -1;
    // SAFETY: one batch entry of n x n matrices.
    unsafe {
        sv::getri_batched::<T>(
            h,
            n as i32,
            pa.as_ptr(),
            lda as i32,
            ipiv.as_mut_ptr(),
            pc.as_ptr(),
            n as i32,
            &mut info,
            1,
        )
    }
    .expect("getri");
    sync();
    assert_eq!(info, 0);
    let eye: Vec<T> = (0..n * n)
        .map(|k| {
            if k % (n + 1) == 0 {
                T::one()
            } else {
                T::zero()
            }
        })
        .collect();
    assert_close(
        &ref_mul(Operation::None, &dense_a, n, n, n, &inv, n, n),
        &eye,
        n as f64 * 40.0,
        &format!("{} getri", T::LETTER),
    );
}

#[test]
fn lu_factor_solve_invert_every_precision() {
    check::<f32>();
    check::<f64>();
    check::<blas::scalar::C32>();
    check::<C64>();
}

#[test]
fn strided_batches_without_pivoting_and_singular_matrices() {
    let h = handle();
    let (n, batch) = (4usize, 3usize);
    // Diagonally dominant: no pivoting needed.
    let mut a = fill::<f64>(n * n * batch, 3);
    for b in 0..batch {
        for i in 0..n {
            a[b * n * n + i * (n + 1)] += 5.0;
        }
    }
    // Entry 1 is singular: its second column is zero.
    for i in 0..n {
        a[n * n + n + i] = 0.0;
    }
    let a0 = a.clone();
    let mut info = vec![-1i32; batch];
    // SAFETY: batch n x n matrices; NULL ipiv asks for no pivoting.
    unsafe {
        sv::getrf_strided_batched::<f64>(
            h,
            n as i32,
            a.as_mut_ptr(),
            n as i32,
            (n * n) as i64,
            std::ptr::null_mut(),
            n as i64,
            info.as_mut_ptr(),
            batch as i32,
        )
    }
    .expect("getrf without pivoting");
    sync();
    assert_eq!(info, vec![0, 2, 0], "entry 1: zero pivot in column 2");
    let ident: Vec<i32> = (1..=n as i32).collect();
    for b in [0usize, 2] {
        let lu = &a[b * n * n..(b + 1) * n * n];
        let want = &a0[b * n * n..(b + 1) * n * n];
        assert_close(
            &rebuild(lu, &ident, n, n),
            want,
            20.0,
            &format!("entry {b}"),
        );
    }
    let _ = <f64 as RealScalar>::from_f64(0.0);
}

#[test]
fn getrs_argument_check_writes_info() {
    let h = handle();
    let mut a = [1.0f32; 4];
    let ipiv = [1i32, 2];
    let mut b = [1.0f32; 2];
    let mut info = 0;
    // SAFETY: rejected before memory is touched.
    unsafe {
        assert_eq!(
            sv::getrs::<f32>(
                h,
                111,
                2,
                1,
                a.as_mut_ptr(),
                1,
                ipiv.as_ptr(),
                b.as_mut_ptr(),
                2,
                &mut info
            ),
            Err(BlasError::InvalidValue)
        );
        assert_eq!(info, -4, "lda < n");
        assert_eq!(
            sv::getrs::<f32>(
                h,
                111,
                -1,
                1,
                a.as_mut_ptr(),
                2,
                ipiv.as_ptr(),
                b.as_mut_ptr(),
                2,
                &mut info
            ),
            Err(BlasError::InvalidValue)
        );
        assert_eq!(info, -1);
        assert_eq!(
            sv::getrs::<f32>(
                h,
                111,
                2,
                1,
                a.as_mut_ptr(),
                2,
                std::ptr::null(),
                b.as_mut_ptr(),
                2,
                &mut info
            ),
            Err(BlasError::InvalidValue)
        );
        assert_eq!(info, -5, "NULL ipiv");
    }
}

/// Q = H_1 ... H_k from geqrf's vectors and taus (dense, m x m).
fn build_q<T: TestScalar>(a: &[T], lda: usize, m: usize, taus: &[T]) -> Vec<T> {
    let mut q: Vec<T> = (0..m * m)
        .map(|k| {
            if k % (m + 1) == 0 {
                T::one()
            } else {
                T::zero()
            }
        })
        .collect();
    for (j, tau) in taus.iter().enumerate().rev() {
        let v: Vec<T> = (0..m)
            .map(|i| {
                if i < j {
                    T::zero()
                } else if i == j {
                    T::one()
                } else {
                    a[i + j * lda]
                }
            })
            .collect();
        // q = H_j q = q - tau v (v^H q)
        for c in 0..m {
            let w = (0..m).fold(T::zero(), |s, i| s + v[i].conj() * q[i + c * m]);
            for i in 0..m {
                q[i + c * m] -= *tau * v[i] * w;
            }
        }
    }
    q
}

fn check_qr<T: TestScalar>(m: usize, n: usize) {
    let h = handle();
    let lda = m + 1;
    let a0 = fill::<T>(lda * n, 21);
    let mut a = a0.clone();
    let k = m.min(n);
    let mut tau = vec![T::zero(); k];
    let mut info = -1;
    // SAFETY: m x n matrix, k taus, host info.
    unsafe {
        sv::geqrf::<T>(
            h,
            m as i32,
            n as i32,
            a.as_mut_ptr(),
            lda as i32,
            tau.as_mut_ptr(),
            &mut info,
        )
    }
    .expect("geqrf");
    sync();
    assert_eq!(info, 0);
    let q = build_q(&a, lda, m, &tau);
    let r: Vec<T> = (0..m * n)
        .map(|x| {
            let (i, j) = (x % m, x / m);
            if i <= j {
                a[i + j * lda]
            } else {
                T::zero()
            }
        })
        .collect();
    let qr = ref_mul(Operation::None, &q, m, m, m, &r, m, n);
    let dense: Vec<T> = (0..m * n).map(|x| a0[x % m + (x / m) * lda]).collect();
    assert_close(
        &qr,
        &dense,
        m as f64 * 4.0,
        &format!("{} Q R = A ({m}x{n})", T::LETTER),
    );
    let qhq = ref_mul(Operation::ConjTranspose, &q, m, m, m, &q, m, m);
    let eye: Vec<T> = (0..m * m)
        .map(|x| {
            if x % (m + 1) == 0 {
                T::one()
            } else {
                T::zero()
            }
        })
        .collect();
    assert_close(&qhq, &eye, m as f64 * 4.0, "Q unitary");
}

#[test]
fn geqrf_builds_q_and_r() {
    check_qr::<f64>(7, 4);
    check_qr::<f64>(4, 6);
    check_qr::<f32>(5, 5);
    check_qr::<C64>(6, 3);
    check_qr::<blas::scalar::C32>(3, 3);
}

fn check_gels<T: TestScalar>() {
    let h = handle();
    let (m, n, nrhs) = (9usize, 4usize, 2usize);
    let a0 = fill::<T>(m * n, 31);
    let b0 = fill::<T>(m * nrhs, 32);
    let (mut a, mut b) = (a0.clone(), b0.clone());
    let (mut info, mut dinfo) = (-1, -1);
    // SAFETY: m x n, m x nrhs; host info, device (host-visible) dinfo.
    unsafe {
        sv::gels::<T>(
            h,
            111,
            m as i32,
            n as i32,
            nrhs as i32,
            a.as_mut_ptr(),
            m as i32,
            b.as_mut_ptr(),
            m as i32,
            &mut info,
            &mut dinfo,
        )
    }
    .expect("gels");
    sync();
    assert_eq!((info, dinfo), (0, 0));
    // The least-squares residual is orthogonal to A's columns: A^H (A X - B) = 0.
    let x: Vec<T> = (0..nrhs)
        .flat_map(|j| b[j * m..j * m + n].to_vec())
        .collect();
    let ax = ref_mul(Operation::None, &a0, m, m, n, &x, n, nrhs);
    let resid: Vec<T> = ax.iter().zip(&b0).map(|(p, q)| *p - *q).collect();
    let ortho = ref_mul(Operation::ConjTranspose, &a0, m, n, m, &resid, m, nrhs);
    assert_close(
        &ortho,
        &vec![T::zero(); n * nrhs],
        m as f64 * 20.0,
        &format!("{}gels normal equations", T::LETTER),
    );
}

#[test]
fn gels_solves_least_squares() {
    check_gels::<f64>();
    check_gels::<f32>();
    check_gels::<C64>();
    let h = handle();
    let mut a = [1.0f64; 4];
    let mut b = [1.0f64; 2];
    let (mut info, mut dinfo) = (0, 0);
    // SAFETY: rejected before memory is touched.
    unsafe {
        assert!(
            matches!(
                sv::gels::<f64>(
                    h,
                    111,
                    1,
                    2,
                    1,
                    a.as_mut_ptr(),
                    1,
                    b.as_mut_ptr(),
                    2,
                    &mut info,
                    &mut dinfo
                ),
                Err(BlasError::NotImplemented(_))
            ),
            "underdetermined"
        );
        assert_eq!(
            sv::gels::<f64>(
                h,
                111,
                2,
                2,
                1,
                a.as_mut_ptr(),
                1,
                b.as_mut_ptr(),
                2,
                &mut info,
                &mut dinfo
            ),
            Err(BlasError::InvalidValue)
        );
        assert_eq!(info, -6, "lda < m");
    }
}
