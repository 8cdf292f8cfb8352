//! Band and packed level 2 against dense references built from the same storage: every
//! transpose, triangle and diagonal, every precision, odd band widths, increments.

mod common;

use blas::capi::packed as pk;
use blas::ops::packed::Storage;
use blas::scalar::{RealScalar, C32, C64};
use blas::{BlasError, Fill, Operation};
use common::*;

fn sync() {
    blas::hip_bridge::synchronize(0).expect("sync");
}

/// The dense `rows x cols` matrix (leading dimension `rows`) that `storage` describes:
/// stored elements, zero elsewhere.
fn dense<T: TestScalar>(a: &[T], s: Storage, rows: usize, cols: usize) -> Vec<T> {
    let mut d = vec![T::zero(); rows * cols];
    for j in 0..cols {
        for i in s.rows(j) {
            d[i + j * rows] = a[s.index(i, j)];
        }
    }
    d
}

fn packed_len(n: usize) -> usize {
    n * (n + 1) / 2
}

fn check_gbmv<T: TestScalar>() {
    let h = handle();
    let (m, n, kl, ku) = (7usize, 6usize, 2usize, 1usize);
    let lda = kl + ku + 2;
    let a = fill::<T>(lda * n, 1);
    let full = dense(&a, Storage::Band { m, kl, ku, lda }, m, n);
    for trans in OPS {
        let (lx, ly) = if trans == Operation::None {
            (n, m)
        } else {
            (m, n)
        };
        let x = fill::<T>(lx, 2);
        let mut y = fill::<T>(ly, 3);
        let (alpha, beta) = (T::sample(&mut Gen::new(4)), T::sample(&mut Gen::new(5)));
        let p = ref_mul(trans, &full, m, ly, lx, &x, lx, 1);
        let want: Vec<T> = (0..ly).map(|i| alpha * p[i] + beta * y[i]).collect();
        // SAFETY: operands sized for the arguments.
        unsafe {
            pk::gbmv::<T, i32>(
                h,
                trans.to_c(),
                m as i32,
                n as i32,
                kl as i32,
                ku as i32,
                &alpha,
                a.as_ptr(),
                lda as i32,
                x.as_ptr(),
                1,
                &beta,
                y.as_mut_ptr(),
                1,
            )
        }
        .expect("gbmv");
        sync();
        assert_close(&y, &want, n as f64, &format!("{}gbmv {trans:?}", T::LETTER));
    }
}

fn check_sym<T: TestScalar>(hermitian: bool) {
    let h = handle();
    let (n, k) = (7usize, 2usize);
    for uplo in [Fill::Upper, Fill::Lower] {
        let lower = uplo == Fill::Lower;
        let (alpha, beta) = (T::sample(&mut Gen::new(6)), T::sample(&mut Gen::new(7)));
        let x = fill::<T>(n * 2, 8);
        let xd: Vec<T> = (0..n).map(|i| x[2 * i]).collect();
        for band in [true, false] {
            let (a, storage, lda) = if band {
                let lda = k + 2;
                (
                    fill::<T>(lda * n, 9),
                    Storage::TriangleBand { n, k, lda, uplo },
                    lda,
                )
            } else {
                (fill::<T>(packed_len(n), 9), Storage::Packed { n, uplo }, 0)
            };
            let full = sym_dense(&dense(&a, storage, n, n), n, n, lower, hermitian);
            let mut y = fill::<T>(n, 10);
            let p = ref_mul(Operation::None, &full, n, n, n, &xd, n, 1);
            let want: Vec<T> = (0..n).map(|i| alpha * p[i] + beta * y[i]).collect();
            let u = if lower { 122 } else { 121 };
            // SAFETY: operands sized for the arguments (x has increment 2).
            unsafe {
                match (band, hermitian) {
                    (true, false) => pk::sbmv::<T, i32>(
                        h,
                        u,
                        n as i32,
                        k as i32,
                        &alpha,
                        a.as_ptr(),
                        lda as i32,
                        x.as_ptr(),
                        2,
                        &beta,
                        y.as_mut_ptr(),
                        1,
                    ),
                    (true, true) => pk::hbmv::<T, i32>(
                        h,
                        u,
                        n as i32,
                        k as i32,
                        &alpha,
                        a.as_ptr(),
                        lda as i32,
                        x.as_ptr(),
                        2,
                        &beta,
                        y.as_mut_ptr(),
                        1,
                    ),
                    (false, false) => pk::spmv::<T, i32>(
                        h,
                        u,
                        n as i32,
                        &alpha,
                        a.as_ptr(),
                        x.as_ptr(),
                        2,
                        &beta,
                        y.as_mut_ptr(),
                        1,
                    ),
                    (false, true) => pk::hpmv::<T, i32>(
                        h,
                        u,
                        n as i32,
                        &alpha,
                        a.as_ptr(),
                        x.as_ptr(),
                        2,
                        &beta,
                        y.as_mut_ptr(),
                        1,
                    ),
                }
            }
            .expect("symmetric mv");
            sync();
            assert_close(
                &y,
                &want,
                n as f64,
                &format!("{} band={band} herm={hermitian} {uplo:?}", T::LETTER),
            );
        }
    }
}

fn check_tri<T: TestScalar>() {
    let h = handle();
    let (n, k) = (8usize, 3usize);
    for uplo in [Fill::Upper, Fill::Lower] {
        let lower = uplo == Fill::Lower;
        for trans in OPS {
            for unit in [false, true] {
                for band in [true, false] {
                    let (mut a, storage, lda) = if band {
                        let lda = k + 1;
                        (
                            fill::<T>(lda * n, 11),
                            Storage::TriangleBand { n, k, lda, uplo },
                            lda,
                        )
                    } else {
                        (fill::<T>(packed_len(n), 11), Storage::Packed { n, uplo }, 0)
                    };
                    for j in 0..n {
                        a[storage.index(j, j)] +=
                            T::from_real(<T::RealPart as RealScalar>::from_f64(4.0));
                    }
                    let full = tri_dense(&dense(&a, storage, n, n), n, n, lower, unit);
                    let x0 = fill::<T>(n, 12);
                    let (u, t, d) = (
                        if lower { 122 } else { 121 },
                        trans.to_c(),
                        if unit { 132 } else { 131 },
                    );
                    let what = format!("{} band={band} {uplo:?} {trans:?} unit={unit}", T::LETTER);
                    // mv
                    let mut x = x0.clone();
                    // SAFETY: operands sized for the arguments.
                    unsafe {
                        if band {
                            pk::tbmv::<T, i32>(
                                h,
                                u,
                                t,
                                d,
                                n as i32,
                                k as i32,
                                a.as_ptr(),
                                lda as i32,
                                x.as_mut_ptr(),
                                1,
                            )
                        } else {
                            pk::tpmv::<T, i32>(h, u, t, d, n as i32, a.as_ptr(), x.as_mut_ptr(), 1)
                        }
                    }
                    .expect("triangular mv");
                    sync();
                    assert_close(
                        &x,
                        &ref_mul(trans, &full, n, n, n, &x0, n, 1),
                        n as f64,
                        &format!("mv {what}"),
                    );
                    // sv: op(A) * result == x0
                    let mut x = x0.clone();
                    // SAFETY: as above.
                    unsafe {
                        if band {
                            pk::tbsv::<T, i32>(
                                h,
                                u,
                                t,
                                d,
                                n as i32,
                                k as i32,
                                a.as_ptr(),
                                lda as i32,
                                x.as_mut_ptr(),
                                1,
                            )
                        } else {
                            pk::tpsv::<T, i32>(h, u, t, d, n as i32, a.as_ptr(), x.as_mut_ptr(), 1)
                        }
                    }
                    .expect("triangular sv");
                    sync();
                    assert_close(
                        &ref_mul(trans, &full, n, n, n, &x, n, 1),
                        &x0,
                        n as f64 * 10.0,
                        &format!("sv {what}"),
                    );
                }
            }
        }
    }
}

fn check_packed_rank<T: TestScalar>(hermitian: bool)
where
    T::RealPart: blas::ops::level1::ScalesBy<T>,
{
    let h = handle();
    let n = 6usize;
    for uplo in [Fill::Upper, Fill::Lower] {
        for two in [false, true] {
            let storage = Storage::Packed { n, uplo };
            let x = fill::<T>(n, 13);
            let y = fill::<T>(n, 14);
            let mut a = fill::<T>(packed_len(n), 15);
            let a0 = a.clone();
            let alpha_r = <T::RealPart as RealScalar>::from_f64(0.5);
            let alpha = if hermitian && !two {
                T::from_real(alpha_r)
            } else {
                T::sample(&mut Gen::new(16))
            };
            let cj = |v: T| if hermitian { v.conj() } else { v };
            let u = if uplo == Fill::Lower { 122 } else { 121 };
            // SAFETY: operands sized for the arguments.
            unsafe {
                match (hermitian, two) {
                    (false, false) => {
                        pk::spr::<T, i32>(h, u, n as i32, &alpha, x.as_ptr(), 1, a.as_mut_ptr())
                    }
                    (true, false) => {
                        pk::hpr::<T, i32>(h, u, n as i32, &alpha_r, x.as_ptr(), 1, a.as_mut_ptr())
                    }
                    (false, true) => pk::spr2::<T, i32>(
                        h,
                        u,
                        n as i32,
                        &alpha,
                        x.as_ptr(),
                        1,
                        y.as_ptr(),
                        1,
                        a.as_mut_ptr(),
                    ),
                    (true, true) => pk::hpr2::<T, i32>(
                        h,
                        u,
                        n as i32,
                        &alpha,
                        x.as_ptr(),
                        1,
                        y.as_ptr(),
                        1,
                        a.as_mut_ptr(),
                    ),
                }
            }
            .expect("packed rank update");
            sync();
            for j in 0..n {
                for i in storage.rows(j) {
                    let mut w = a0[storage.index(i, j)];
                    w += if two {
                        alpha * x[i] * cj(y[j]) + cj(alpha) * y[i] * cj(x[j])
                    } else {
                        alpha * x[i] * cj(x[j])
                    };
                    if hermitian && i == j {
                        w = T::from_real(w.re());
                    }
                    assert_close(
                        &[a[storage.index(i, j)]],
                        &[w],
                        1.0,
                        &format!("{} herm={hermitian} two={two} {uplo:?}", T::LETTER),
                    );
                }
            }
        }
    }
}

#[test]
fn gbmv_every_precision_and_transpose() {
    check_gbmv::<f32>();
    check_gbmv::<f64>();
    check_gbmv::<C32>();
    check_gbmv::<C64>();
}

#[test]
fn sbmv_hbmv_spmv_hpmv() {
    check_sym::<f32>(false);
    check_sym::<f64>(false);
    check_sym::<C32>(true);
    check_sym::<C64>(true);
}

#[test]
fn tbmv_tbsv_tpmv_tpsv() {
    check_tri::<f32>();
    check_tri::<f64>();
    check_tri::<C32>();
    check_tri::<C64>();
}

#[test]
fn spr_hpr_spr2_hpr2() {
    check_packed_rank::<f32>(false);
    check_packed_rank::<f64>(false);
    check_packed_rank::<C32>(true);
    check_packed_rank::<C64>(true);
}

#[test]
fn band_statuses() {
    let h = handle();
    let a = [0.0f32; 16];
    let mut y = [0.0f32; 4];
    // SAFETY: rejected before memory is touched.
    unsafe {
        assert_eq!(
            pk::gbmv::<f32, i32>(
                h,
                111,
                4,
                4,
                1,
                1,
                &1.0,
                a.as_ptr(),
                2,
                a.as_ptr(),
                1,
                &0.0,
                y.as_mut_ptr(),
                1
            ),
            Err(BlasError::InvalidSize),
            "lda < kl + ku + 1"
        );
        assert_eq!(
            pk::gbmv::<f32, i32>(
                h,
                111,
                4,
                4,
                -1,
                1,
                &1.0,
                a.as_ptr(),
                3,
                a.as_ptr(),
                1,
                &0.0,
                y.as_mut_ptr(),
                1
            ),
            Err(BlasError::InvalidSize)
        );
        assert_eq!(
            pk::tbsv::<f32, i32>(h, 121, 111, 131, 4, 1, a.as_ptr(), 2, y.as_mut_ptr(), 0),
            Err(BlasError::InvalidSize),
            "incx 0"
        );
        assert_eq!(
            pk::tpsv::<f32, i32>(h, 121, 111, 131, 4, std::ptr::null(), y.as_mut_ptr(), 1),
            Err(BlasError::InvalidPointer)
        );
        assert_eq!(
            pk::spr::<f32, i32>(h, 123, 4, &1.0, a.as_ptr(), 1, y.as_mut_ptr()),
            Err(BlasError::InvalidValue)
        );
    }
}
