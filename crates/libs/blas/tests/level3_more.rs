//! trsm, trmm, syrk/herk, symm/hemm, geam, dgmm through the C adaptors against the
//! reference: every side, triangle, transpose and diagonal, every precision, odd sizes and
//! leading dimensions, batches; invalid arguments.

mod common;

use blas::capi::level3 as l3;
use blas::scalar::{RealScalar, C32, C64};
use blas::{BlasError, Operation};
use common::*;

fn sync() {
    blas::hip_bridge::synchronize(0).expect("sync");
}

fn dominant<T: TestScalar>(k: usize, lda: usize, seed: u64) -> Vec<T> {
    let mut a = fill::<T>(lda * k, seed);
    for i in 0..k {
        a[i + i * lda] += T::from_real(<T::RealPart as RealScalar>::from_f64(4.0));
    }
    a
}

/// Dense `X * Y` of `m x k` and `k x n` matrices (leading dimensions = rows).
fn mul<T: TestScalar>(x: &[T], m: usize, k: usize, y: &[T], n: usize) -> Vec<T> {
    ref_mul(Operation::None, x, m, m, k, y, k, n)
}

/// op(dense) as a dense matrix.
fn op_dense<T: TestScalar>(op: Operation, d: &[T], k: usize) -> Vec<T> {
    let mut o = vec![T::zero(); k * k];
    for j in 0..k {
        for i in 0..k {
            o[i + j * k] = op_elem(op, d, k, i, j);
        }
    }
    o
}

fn compact<T: Copy>(v: &[T], rows: usize, cols: usize, ld: usize) -> Vec<T> {
    (0..cols)
        .flat_map(|j| v[j * ld..j * ld + rows].to_vec())
        .collect()
}

fn check_triangular<T: TestScalar>() {
    let h = handle();
    let (m, n) = (6usize, 5usize);
    for left in [true, false] {
        for lower in [false, true] {
            for trans in OPS {
                for unit in [false, true] {
                    let k = if left { m } else { n };
                    let (lda, ldb, ldc) = (k + 1, m + 2, m + 3);
                    let a = dominant::<T>(k, lda, 1);
                    let b0 = fill::<T>(ldb * n, 2);
                    let alpha = T::sample(&mut Gen::new(3));
                    let opa = op_dense(trans, &tri_dense(&a, lda, k, lower, unit), k);
                    let (side, uplo, diag) = (
                        if left { 141 } else { 142 },
                        if lower { 122 } else { 121 },
                        if unit { 132 } else { 131 },
                    );
                    let what = format!(
                        "{} left={left} lower={lower} {trans:?} unit={unit}",
                        T::LETTER
                    );
                    // trmm (out of place)
                    let mut c = fill::<T>(ldc * n, 4);
                    // SAFETY: operands sized for the arguments.
                    unsafe {
                        l3::trmm::<T, i32>(
                            h,
                            side,
                            uplo,
                            trans.to_c(),
                            diag,
                            m as i32,
                            n as i32,
                            &alpha,
                            a.as_ptr(),
                            lda as i32,
                            b0.as_ptr(),
                            ldb as i32,
                            c.as_mut_ptr(),
                            ldc as i32,
                        )
                    }
                    .expect("trmm");
                    sync();
                    let b = compact(&b0, m, n, ldb);
                    let prod = if left {
                        mul(&opa, m, m, &b, n)
                    } else {
                        mul(&b, m, n, &opa, n)
                    };
                    let want: Vec<T> = prod.iter().map(|v| alpha * *v).collect();
                    assert_close(
                        &compact(&c, m, n, ldc),
                        &want,
                        k as f64,
                        &format!("trmm {what}"),
                    );
                    // trsm (in place): op(A) X = alpha B, checked through the product.
                    let mut x = b0.clone();
                    // SAFETY: as above.
                    unsafe {
                        l3::trsm::<T, i32>(
                            h,
                            side,
                            uplo,
                            trans.to_c(),
                            diag,
                            m as i32,
                            n as i32,
                            &alpha,
                            a.as_ptr(),
                            lda as i32,
                            x.as_mut_ptr(),
                            ldb as i32,
                        )
                    }
                    .expect("trsm");
                    sync();
                    let xs = compact(&x, m, n, ldb);
                    let back = if left {
                        mul(&opa, m, m, &xs, n)
                    } else {
                        mul(&xs, m, n, &opa, n)
                    };
                    let want: Vec<T> = b.iter().map(|v| alpha * *v).collect();
                    assert_close(&back, &want, k as f64 * 10.0, &format!("trsm {what}"));
                    assert_eq!(&x[m..ldb], &b0[m..ldb], "trsm wrote outside B");
                }
            }
        }
    }
}

fn check_rank_k<T: TestScalar>(hermitian: bool)
where
    T::RealPart: blas::ops::level1::ScalesBy<T>,
{
    let h = handle();
    let (n, k) = (5usize, 3usize);
    let ops: &[Operation] = if hermitian {
        &[Operation::None, Operation::ConjTranspose]
    } else {
        &[Operation::None, Operation::Transpose]
    };
    for &trans in ops {
        for lower in [false, true] {
            let (ra, ca) = if trans == Operation::None {
                (n, k)
            } else {
                (k, n)
            };
            let (lda, ldc) = (ra + 1, n + 2);
            let a = fill::<T>(lda * ca, 5);
            let mut c = fill::<T>(ldc * n, 6);
            if hermitian {
                for i in 0..n {
                    c[i + i * ldc] = T::from_real(c[i + i * ldc].re());
                }
            }
            let c0 = c.clone();
            let (alpha_r, beta_r) = (
                <T::RealPart as RealScalar>::from_f64(0.7),
                <T::RealPart as RealScalar>::from_f64(-1.3),
            );
            let (alpha, beta) = if hermitian {
                (T::from_real(alpha_r), T::from_real(beta_r))
            } else {
                (T::sample(&mut Gen::new(7)), T::sample(&mut Gen::new(8)))
            };
            // want = alpha op(A) op(A)^T|H + beta C
            let mut want = c0.clone();
            // op(A) is n x k: element (i, p).
            let op1 = trans;
            for j in 0..n {
                for i in 0..n {
                    let mut s = T::zero();
                    for p in 0..k {
                        let aip = op_elem(op1, &a, lda, i, p);
                        let ajp = op_elem(op1, &a, lda, j, p);
                        s += aip * if hermitian { ajp.conj() } else { ajp };
                    }
                    want[i + j * ldc] = alpha * s + beta * c0[i + j * ldc];
                }
            }
            let uplo = if lower { 122 } else { 121 };
            // SAFETY: as above.
            unsafe {
                if hermitian {
                    l3::herk::<T, i32>(
                        h,
                        uplo,
                        trans.to_c(),
                        n as i32,
                        k as i32,
                        &alpha_r,
                        a.as_ptr(),
                        lda as i32,
                        &beta_r,
                        c.as_mut_ptr(),
                        ldc as i32,
                    )
                } else {
                    l3::syrk::<T, i32>(
                        h,
                        uplo,
                        trans.to_c(),
                        n as i32,
                        k as i32,
                        &alpha,
                        a.as_ptr(),
                        lda as i32,
                        &beta,
                        c.as_mut_ptr(),
                        ldc as i32,
                    )
                }
            }
            .expect("rank k");
            sync();
            for j in 0..n {
                for i in 0..n {
                    let in_tri = if lower { i >= j } else { i <= j };
                    let w = if in_tri {
                        want[i + j * ldc]
                    } else {
                        c0[i + j * ldc]
                    };
                    assert_close(
                        &[c[i + j * ldc]],
                        &[w],
                        k as f64,
                        &format!(
                            "{} herk={hermitian} {trans:?} lower={lower} ({i},{j})",
                            T::LETTER
                        ),
                    );
                }
            }
        }
    }
}

fn check_symm<T: TestScalar>(hermitian: bool) {
    let h = handle();
    let (m, n) = (4usize, 6usize);
    for left in [true, false] {
        for lower in [false, true] {
            let k = if left { m } else { n };
            let (lda, ldb, ldc) = (k + 2, m + 1, m + 1);
            let a = fill::<T>(lda * k, 9);
            let b = fill::<T>(ldb * n, 10);
            let mut c = fill::<T>(ldc * n, 11);
            let (alpha, beta) = (T::sample(&mut Gen::new(12)), T::sample(&mut Gen::new(13)));
            let full = sym_dense(&a, lda, k, lower, hermitian);
            let bc = compact(&b, m, n, ldb);
            let prod = if left {
                mul(&full, m, m, &bc, n)
            } else {
                mul(&bc, m, n, &full, n)
            };
            let c0 = compact(&c, m, n, ldc);
            let want: Vec<T> = prod
                .iter()
                .zip(&c0)
                .map(|(p, c)| alpha * *p + beta * *c)
                .collect();
            let f = if hermitian {
                l3::hemm::<T, i32>
            } else {
                l3::symm::<T, i32>
            };
            // SAFETY: as above.
            unsafe {
                f(
                    h,
                    if left { 141 } else { 142 },
                    if lower { 122 } else { 121 },
                    m as i32,
                    n as i32,
                    &alpha,
                    a.as_ptr(),
                    lda as i32,
                    b.as_ptr(),
                    ldb as i32,
                    &beta,
                    c.as_mut_ptr(),
                    ldc as i32,
                )
            }
            .expect("symm");
            sync();
            assert_close(
                &compact(&c, m, n, ldc),
                &want,
                k as f64,
                &format!("{} hemm={hermitian} left={left} lower={lower}", T::LETTER),
            );
        }
    }
}

fn check_geam_dgmm<T: TestScalar>() {
    let h = handle();
    let (m, n) = (5usize, 3usize);
    for ta in OPS {
        for tb in OPS {
            let lda = if ta == Operation::None { m + 1 } else { n + 1 };
            let ldb = if tb == Operation::None { m + 2 } else { n + 2 };
            let a = fill::<T>(lda * m.max(n), 1);
            let b = fill::<T>(ldb * m.max(n), 2);
            let mut c = vec![T::zero(); m * n];
            let (alpha, beta) = (T::sample(&mut Gen::new(3)), T::sample(&mut Gen::new(4)));
            // SAFETY: as above.
            unsafe {
                l3::geam::<T, i32>(
                    h,
                    ta.to_c(),
                    tb.to_c(),
                    m as i32,
                    n as i32,
                    &alpha,
                    a.as_ptr(),
                    lda as i32,
                    &beta,
                    b.as_ptr(),
                    ldb as i32,
                    c.as_mut_ptr(),
                    m as i32,
                )
            }
            .expect("geam");
            sync();
            let want: Vec<T> = (0..n)
                .flat_map(|j| (0..m).map(move |i| (i, j)))
                .map(|(i, j)| {
                    alpha * op_elem(ta, &a, lda, i, j) + beta * op_elem(tb, &b, ldb, i, j)
                })
                .collect();
            assert_close(&c, &want, 1.0, &format!("{}geam {ta:?} {tb:?}", T::LETTER));
        }
    }
    for left in [true, false] {
        let a = fill::<T>(m * n, 5);
        let x = fill::<T>(m.max(n) * 2, 6);
        let mut c = a.clone();
        // In place (C = A), increment 2.
        // SAFETY: as above.
        unsafe {
            l3::dgmm::<T, i32>(
                h,
                if left { 141 } else { 142 },
                m as i32,
                n as i32,
                a.as_ptr(),
                m as i32,
                x.as_ptr(),
                2,
                c.as_mut_ptr(),
                m as i32,
            )
        }
        .expect("dgmm");
        sync();
        for j in 0..n {
            for i in 0..m {
                let d = x[2 * if left { i } else { j }];
                assert_close(&[c[i + j * m]], &[a[i + j * m] * d], 1.0, "dgmm");
            }
        }
    }
}

#[test]
fn trsm_and_trmm_every_side_triangle_transpose_and_diagonal() {
    check_triangular::<f32>();
    check_triangular::<f64>();
    check_triangular::<C32>();
    check_triangular::<C64>();
}

#[test]
fn syrk_herk_symm_hemm() {
    check_rank_k::<f32>(false);
    check_rank_k::<f64>(false);
    check_rank_k::<C64>(false);
    check_rank_k::<C32>(true);
    check_rank_k::<C64>(true);
    check_symm::<f32>(false);
    check_symm::<C32>(false);
    check_symm::<C64>(true);
}

#[test]
fn geam_and_dgmm() {
    check_geam_dgmm::<f32>();
    check_geam_dgmm::<f64>();
    check_geam_dgmm::<C32>();
    check_geam_dgmm::<C64>();
}

#[test]
fn batched_trsm() {
    let h = handle();
    let (m, n, batch) = (4usize, 3usize, 3usize);
    let a: Vec<Vec<f64>> = (0..batch)
        .map(|b| dominant::<f64>(m, m, 20 + b as u64))
        .collect();
    let mut bs: Vec<Vec<f64>> = (0..batch)
        .map(|b| fill::<f64>(m * n, 30 + b as u64))
        .collect();
    let b0 = bs.clone();
    let pa: Vec<*const f64> = a.iter().map(|v| v.as_ptr()).collect();
    let pb: Vec<*mut f64> = bs.iter_mut().map(|v| v.as_mut_ptr()).collect();
    // SAFETY: batch operands of m x m and m x n.
    unsafe {
        l3::trsm_batched::<f64, i32>(
            h,
            141,
            122,
            111,
            131,
            m as i32,
            n as i32,
            &1.0,
            pa.as_ptr(),
            m as i32,
            pb.as_ptr(),
            m as i32,
            batch as i32,
        )
    }
    .expect("trsm batched");
    sync();
    for b in 0..batch {
        let back = mul(&tri_dense(&a[b], m, m, true, false), m, m, &bs[b], n);
        assert_close(&back, &b0[b], 40.0, &format!("batch {b}"));
    }
}

#[test]
fn level3_statuses() {
    let h = handle();
    let a = [1.0f64; 16];
    let mut b = [1.0f64; 16];
    // SAFETY: rejected before memory is touched, or sized 4x4.
    unsafe {
        assert_eq!(
            l3::trsm::<f64, i32>(
                h,
                143,
                121,
                111,
                131,
                4,
                4,
                &1.0,
                a.as_ptr(),
                4,
                b.as_mut_ptr(),
                4
            ),
            Err(BlasError::InvalidValue),
            "side both"
        );
        assert_eq!(
            l3::trsm::<f64, i32>(
                h,
                141,
                121,
                111,
                131,
                4,
                4,
                &1.0,
                a.as_ptr(),
                3,
                b.as_mut_ptr(),
                4
            ),
            Err(BlasError::InvalidSize)
        );
        assert_eq!(
            l3::trsm::<f64, i32>(
                h,
                141,
                121,
                111,
                131,
                4,
                4,
                std::ptr::null(),
                a.as_ptr(),
                4,
                b.as_mut_ptr(),
                4
            ),
            Err(BlasError::InvalidPointer)
        );
        // alpha = 0: B = 0 without reading A.
        l3::trsm::<f64, i32>(
            h,
            141,
            121,
            111,
            131,
            4,
            4,
            &0.0,
            std::ptr::null(),
            4,
            b.as_mut_ptr(),
            4,
        )
        .expect("alpha 0");
        sync();
        assert_eq!(b, [0.0; 16]);
        assert_eq!(
            l3::herk::<C64, i32>(
                h,
                121,
                112,
                4,
                4,
                &1.0,
                std::ptr::null(),
                4,
                &1.0,
                std::ptr::null_mut(),
                4
            ),
            Err(BlasError::InvalidValue),
            "herk with T"
        );
        assert_eq!(
            l3::syrk::<C64, i32>(
                h,
                121,
                113,
                4,
                4,
                &C64::new(1.0, 0.0),
                std::ptr::null(),
                4,
                &C64::new(1.0, 0.0),
                std::ptr::null_mut(),
                4
            ),
            Err(BlasError::InvalidValue),
            "complex syrk with C"
        );
        let mut c = [0.0f64; 16];
        assert_eq!(
            l3::geam::<f64, i32>(
                h,
                112,
                111,
                4,
                4,
                &1.0,
                c.as_ptr(),
                4,
                &1.0,
                a.as_ptr(),
                4,
                c.as_mut_ptr(),
                4
            ),
            Err(BlasError::InvalidSize),
            "in place with transpose"
        );
    }
}

fn check_rank_2k<T: TestScalar>(hermitian: bool, both: bool)
where
    T::RealPart: blas::ops::level1::ScalesBy<T>,
{
    let h = handle();
    let (n, k) = (5usize, 4usize);
    let ops: &[Operation] = if hermitian {
        &[Operation::None, Operation::ConjTranspose]
    } else {
        &[Operation::None, Operation::Transpose]
    };
    for &trans in ops {
        for lower in [false, true] {
            let (r, cl) = if trans == Operation::None {
                (n, k)
            } else {
                (k, n)
            };
            let (lda, ldb, ldc) = (r + 1, r + 2, n + 1);
            let a = fill::<T>(lda * cl, 1);
            let b = fill::<T>(ldb * cl, 2);
            let mut c = fill::<T>(ldc * n, 3);
            if hermitian {
                for i in 0..n {
                    c[i + i * ldc] = T::from_real(c[i + i * ldc].re());
                }
            }
            let c0 = c.clone();
            let alpha = T::sample(&mut Gen::new(5));
            let beta_r = <T::RealPart as RealScalar>::from_f64(-0.5);
            let beta = if hermitian {
                T::from_real(beta_r)
            } else {
                T::sample(&mut Gen::new(6))
            };
            let cj = |v: T| if hermitian { v.conj() } else { v };
            let uplo = if lower { 122 } else { 121 };
            // SAFETY: operands sized for the arguments.
            unsafe {
                let (t, n32, k32) = (trans.to_c(), n as i32, k as i32);
                let (ap, bp, cp) = (a.as_ptr(), b.as_ptr(), c.as_mut_ptr());
                let (la, lb, lc) = (lda as i32, ldb as i32, ldc as i32);
                match (hermitian, both) {
                    (false, true) => l3::syr2k::<T, i32>(
                        h, uplo, t, n32, k32, &alpha, ap, la, bp, lb, &beta, cp, lc,
                    ),
                    (true, true) => l3::her2k::<T, i32>(
                        h, uplo, t, n32, k32, &alpha, ap, la, bp, lb, &beta_r, cp, lc,
                    ),
                    (false, false) => l3::syrkx::<T, i32>(
                        h, uplo, t, n32, k32, &alpha, ap, la, bp, lb, &beta, cp, lc,
                    ),
                    (true, false) => l3::herkx::<T, i32>(
                        h, uplo, t, n32, k32, &alpha, ap, la, bp, lb, &beta_r, cp, lc,
                    ),
                }
            }
            .expect("rank 2k");
            sync();
            for j in 0..n {
                for i in 0..n {
                    let in_tri = if lower { i >= j } else { i <= j };
                    let mut w = c0[i + j * ldc];
                    if in_tri {
                        let (mut s1, mut s2) = (T::zero(), T::zero());
                        for p in 0..k {
                            s1 += op_elem(trans, &a, lda, i, p) * cj(op_elem(trans, &b, ldb, j, p));
                            s2 += op_elem(trans, &b, ldb, i, p) * cj(op_elem(trans, &a, lda, j, p));
                        }
                        w = alpha * s1 + beta * w;
                        if both {
                            w += cj(alpha) * s2;
                        }
                        if hermitian && i == j {
                            w = T::from_real(w.re());
                        }
                    }
                    assert_close(
                        &[c[i + j * ldc]],
                        &[w],
                        k as f64,
                        &format!(
                            "{} herm={hermitian} both={both} {trans:?} lower={lower} ({i},{j})",
                            T::LETTER
                        ),
                    );
                }
            }
        }
    }
}

#[test]
fn syr2k_her2k_syrkx_herkx() {
    for both in [true, false] {
        check_rank_2k::<f32>(false, both);
        check_rank_2k::<f64>(false, both);
        check_rank_2k::<C64>(false, both);
        check_rank_2k::<C32>(true, both);
        check_rank_2k::<C64>(true, both);
    }
}
