//! Level 2 through the C adaptors against the reference: every precision, transpose,
//! triangle and diagonal, odd sizes, leading dimensions and increments (negative too),
//! alpha/beta 0/1/other, batches; invalid arguments.

mod common;

use blas::capi::level2 as l2;
use blas::scalar::{C32, C64};
use blas::{BlasError, Operation};
use common::*;

fn sync() {
    blas::hip_bridge::synchronize(0).expect("sync");
}

/// A strided vector's dense copy in logical order, and back.
fn gather<T: Copy>(v: &[T], n: usize, inc: i64) -> Vec<T> {
    (0..n)
        .map(|i| {
            v[if inc > 0 {
                i * inc as usize
            } else {
                (n - 1 - i) * (-inc) as usize
            }]
        })
        .collect()
}

fn check_gemv<T: TestScalar>() {
    let h = handle();
    let (m, n) = (7usize, 4usize);
    for trans in OPS {
        for (alpha, beta) in [
            (T::one(), T::zero()),
            (T::sample(&mut Gen::new(1)), T::sample(&mut Gen::new(2))),
            (T::zero(), T::one()),
        ] {
            for (incx, incy) in [(1i64, 1i64), (-2, 3)] {
                let lda = m + 2;
                let a = fill::<T>(lda * n, 3);
                let (lx, ly) = if trans == Operation::None {
                    (n, m)
                } else {
                    (m, n)
                };
                let x = fill::<T>(lx * incx.unsigned_abs() as usize, 4);
                let mut y = fill::<T>(ly * incy.unsigned_abs() as usize, 5);
                let xd = gather(&x, lx, incx);
                let y0 = gather(&y, ly, incy);
                let prod = ref_mul(trans, &a, lda, ly, lx, &xd, lx, 1);
                let want: Vec<T> = (0..ly)
                    .map(|i| {
                        alpha * prod[i]
                            + if beta.is_zero() {
                                T::zero()
                            } else {
                                beta * y0[i]
                            }
                    })
                    .collect();
                // SAFETY: buffers sized for the arguments.
                unsafe {
                    l2::gemv::<T, i32>(
                        h,
                        trans.to_c(),
                        m as i32,
                        n as i32,
                        &alpha,
                        a.as_ptr(),
                        lda as i32,
                        x.as_ptr(),
                        incx as i32,
                        &beta,
                        y.as_mut_ptr(),
                        incy as i32,
                    )
                }
                .expect("gemv");
                sync();
                assert_close(
                    &gather(&y, ly, incy),
                    &want,
                    lx as f64,
                    &format!("{}gemv {trans:?} {incx} {incy}", T::LETTER),
                );
            }
        }
    }
}

fn check_ger<T: TestScalar>() {
    let h = handle();
    let (m, n, lda) = (5usize, 6usize, 8usize);
    for conj in [false, true] {
        let alpha = T::sample(&mut Gen::new(6));
        let x = fill::<T>(m * 2, 7);
        let y = fill::<T>(n, 8);
        let mut a = fill::<T>(lda * n, 9);
        let mut want = a.clone();
        for j in 0..n {
            for i in 0..m {
                let yj = if conj {
                    y[n - 1 - j].conj()
                } else {
                    y[n - 1 - j]
                };
                want[i + j * lda] += alpha * x[i * 2] * yj;
            }
        }
        let f = if conj {
            l2::gerc::<T, i32>
        } else {
            l2::ger::<T, i32>
        };
        // SAFETY: as above (y has increment -1).
        unsafe {
            f(
                h,
                m as i32,
                n as i32,
                &alpha,
                x.as_ptr(),
                2,
                y.as_ptr(),
                -1,
                a.as_mut_ptr(),
                lda as i32,
            )
        }
        .expect("ger");
        sync();
        assert_close(&a, &want, 1.0, &format!("{}ger conj={conj}", T::LETTER));
    }
}

fn check_symv<T: TestScalar>(hermitian: bool) {
    let h = handle();
    let (n, lda) = (6usize, 9usize);
    for lower in [false, true] {
        let uplo = if lower { 122 } else { 121 };
        let (alpha, beta) = (T::sample(&mut Gen::new(1)), T::sample(&mut Gen::new(2)));
        let a = fill::<T>(lda * n, 3);
        let x = fill::<T>(n, 4);
        let mut y = fill::<T>(n, 5);
        let full = sym_dense(&a, lda, n, lower, hermitian);
        let prod = ref_mul(Operation::None, &full, n, n, n, &x, n, 1);
        let want: Vec<T> = (0..n).map(|i| alpha * prod[i] + beta * y[i]).collect();
        let f = if hermitian {
            l2::hemv::<T, i32>
        } else {
            l2::symv::<T, i32>
        };
        // SAFETY: as above.
        unsafe {
            f(
                h,
                uplo,
                n as i32,
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
        .expect("symv");
        sync();
        assert_close(
            &y,
            &want,
            n as f64,
            &format!("{}symv herm={hermitian} lower={lower}", T::LETTER),
        );
    }
}

fn check_triangular_vec<T: TestScalar>() {
    let h = handle();
    let (n, lda) = (7usize, 8usize);
    for lower in [false, true] {
        for trans in OPS {
            for unit in [false, true] {
                let mut a = fill::<T>(lda * n, 6);
                for i in 0..n {
                    a[i + i * lda] +=
                        T::from_real(<T::RealPart as blas::scalar::RealScalar>::from_f64(4.0));
                }
                let x0 = fill::<T>(n * 2, 7);
                let dense = tri_dense(&a, lda, n, lower, unit);
                let (uplo, diag) = (if lower { 122 } else { 121 }, if unit { 132 } else { 131 });
                // trmv
                let mut x = x0.clone();
                // SAFETY: as above.
                unsafe {
                    l2::trmv::<T, i32>(
                        h,
                        uplo,
                        trans.to_c(),
                        diag,
                        n as i32,
                        a.as_ptr(),
                        lda as i32,
                        x.as_mut_ptr(),
                        2,
                    )
                }
                .expect("trmv");
                sync();
                let xd = gather(&x0, n, 2);
                let want = ref_mul(trans, &dense, n, n, n, &xd, n, 1);
                assert_close(
                    &gather(&x, n, 2),
                    &want,
                    n as f64,
                    &format!("{}trmv {lower} {trans:?} {unit}", T::LETTER),
                );
                // trsv: op(A) * result == x0
                let mut x = x0.clone();
                // SAFETY: as above.
                unsafe {
                    l2::trsv::<T, i32>(
                        h,
                        uplo,
                        trans.to_c(),
                        diag,
                        n as i32,
                        a.as_ptr(),
                        lda as i32,
                        x.as_mut_ptr(),
                        -2,
                    )
                }
                .expect("trsv");
                sync();
                let solved = gather(&x, n, -2);
                let back = ref_mul(trans, &dense, n, n, n, &solved, n, 1);
                assert_close(
                    &back,
                    &gather(&x0, n, -2),
                    n as f64 * 10.0,
                    &format!("{}trsv {lower} {trans:?} {unit}", T::LETTER),
                );
            }
        }
    }
}

#[test]
fn gemv_ger_symv_trmv_trsv_match_the_reference() {
    check_gemv::<f32>();
    check_gemv::<f64>();
    check_gemv::<C32>();
    check_gemv::<C64>();
    check_ger::<f64>();
    check_ger::<C32>();
    check_symv::<f32>(false);
    check_symv::<C64>(false);
    check_symv::<C64>(true);
    check_symv::<C32>(true);
    check_triangular_vec::<f32>();
    check_triangular_vec::<f64>();
    check_triangular_vec::<C32>();
    check_triangular_vec::<C64>();
}

#[test]
fn strided_batched_gemv() {
    let h = handle();
    let (m, n, batch) = (5usize, 3usize, 4usize);
    let (sa, sx, sy) = (m * n + 1, n + 2, m + 3);
    let a = fill::<f64>(sa * batch, 1);
    let x = fill::<f64>(sx * batch, 2);
    let mut y = fill::<f64>(sy * batch, 3);
    let y0 = y.clone();
    // SAFETY: batch operands sized for the strides.
    unsafe {
        l2::gemv_strided_batched::<f64, i64>(
            h,
            111,
            m as i64,
            n as i64,
            &2.0,
            a.as_ptr(),
            m as i64,
            sa as i64,
            x.as_ptr(),
            1,
            sx as i64,
            &1.0,
            y.as_mut_ptr(),
            1,
            sy as i64,
            batch as i64,
        )
    }
    .expect("gemv strided");
    sync();
    for b in 0..batch {
        let p = ref_mul(Operation::None, &a[b * sa..], m, m, n, &x[b * sx..], n, 1);
        let want: Vec<f64> = (0..m).map(|i| 2.0 * p[i] + y0[b * sy + i]).collect();
        assert_close(
            &y[b * sy..b * sy + m],
            &want,
            n as f64,
            &format!("batch {b}"),
        );
    }
}

#[test]
fn level2_statuses() {
    let h = handle();
    let a = [0.0f32; 16];
    let mut y = [0.0f32; 4];
    // SAFETY: rejected before memory is touched, or sized 4.
    unsafe {
        assert_eq!(
            l2::gemv::<f32, i32>(
                h,
                115,
                4,
                4,
                &1.0,
                a.as_ptr(),
                4,
                a.as_ptr(),
                1,
                &0.0,
                y.as_mut_ptr(),
                1
            ),
            Err(BlasError::InvalidEnum(115))
        );
        assert_eq!(
            l2::gemv::<f32, i32>(
                h,
                111,
                4,
                4,
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
            l2::gemv::<f32, i32>(
                h,
                111,
                4,
                4,
                &1.0,
                a.as_ptr(),
                4,
                a.as_ptr(),
                0,
                &0.0,
                y.as_mut_ptr(),
                1
            ),
            Err(BlasError::InvalidSize)
        );
        assert_eq!(
            l2::gemv::<f32, i32>(
                h,
                111,
                4,
                4,
                &1.0,
                a.as_ptr(),
                4,
                std::ptr::null(),
                1,
                &0.0,
                y.as_mut_ptr(),
                1
            ),
            Err(BlasError::InvalidPointer)
        );
        assert_eq!(
            l2::gemv::<f32, i32>(
                h,
                111,
                0,
                4,
                std::ptr::null(),
                std::ptr::null(),
                1,
                std::ptr::null(),
                1,
                std::ptr::null(),
                std::ptr::null_mut(),
                1
            ),
            Ok(())
        );
        assert_eq!(
            l2::trsv::<f32, i32>(h, 123, 111, 131, 4, a.as_ptr(), 4, y.as_mut_ptr(), 1),
            Err(BlasError::InvalidValue),
            "fill full"
        );
        assert_eq!(
            l2::trsv::<f32, i32>(h, 121, 111, 130, 4, a.as_ptr(), 4, y.as_mut_ptr(), 1),
            Err(BlasError::InvalidEnum(130))
        );
        assert_eq!(
            l2::symv::<f32, i32>(
                h,
                121,
                -1,
                &1.0,
                a.as_ptr(),
                4,
                a.as_ptr(),
                1,
                &0.0,
                y.as_mut_ptr(),
                1
            ),
            Err(BlasError::InvalidSize)
        );
    }
}

fn check_rank_updates<T: TestScalar>(hermitian: bool)
where
    T::RealPart: blas::ops::level1::ScalesBy<T>,
{
    let h = handle();
    let (n, lda) = (6usize, 8usize);
    for lower in [false, true] {
        for two in [false, true] {
            let uplo = if lower { 122 } else { 121 };
            let x = fill::<T>(n * 2, 1);
            let y = fill::<T>(n, 2);
            let mut a = fill::<T>(lda * n, 3);
            if hermitian {
                for i in 0..n {
                    a[i + i * lda] = T::from_real(a[i + i * lda].re());
                }
            }
            let a0 = a.clone();
            let alpha_r = <T::RealPart as blas::scalar::RealScalar>::from_f64(0.75);
            let alpha = if hermitian && !two {
                T::from_real(alpha_r)
            } else {
                T::sample(&mut Gen::new(4))
            };
            let cj = |v: T| if hermitian { v.conj() } else { v };
            let xi = |i: usize| x[2 * i];
            // SAFETY: operands sized for the arguments (x has increment 2).
            unsafe {
                match (hermitian, two) {
                    (false, false) => l2::syr::<T, i32>(
                        h,
                        uplo,
                        n as i32,
                        &alpha,
                        x.as_ptr(),
                        2,
                        a.as_mut_ptr(),
                        lda as i32,
                    ),
                    (true, false) => l2::her::<T, i32>(
                        h,
                        uplo,
                        n as i32,
                        &alpha_r,
                        x.as_ptr(),
                        2,
                        a.as_mut_ptr(),
                        lda as i32,
                    ),
                    (false, true) => l2::syr2::<T, i32>(
                        h,
                        uplo,
                        n as i32,
                        &alpha,
                        x.as_ptr(),
                        2,
                        y.as_ptr(),
                        1,
                        a.as_mut_ptr(),
                        lda as i32,
                    ),
                    (true, true) => l2::her2::<T, i32>(
                        h,
                        uplo,
                        n as i32,
                        &alpha,
                        x.as_ptr(),
                        2,
                        y.as_ptr(),
                        1,
                        a.as_mut_ptr(),
                        lda as i32,
                    ),
                }
            }
            .expect("rank update");
            sync();
            for j in 0..n {
                for i in 0..n {
                    let in_tri = if lower { i >= j } else { i <= j };
                    let mut w = a0[i + j * lda];
                    if in_tri {
                        w += if two {
                            alpha * xi(i) * cj(y[j]) + cj(alpha) * y[i] * cj(xi(j))
                        } else {
                            alpha * xi(i) * cj(xi(j))
                        };
                        if hermitian && i == j {
                            w = T::from_real(w.re());
                        }
                    }
                    assert_close(
                        &[a[i + j * lda]],
                        &[w],
                        1.0,
                        &format!(
                            "{} herm={hermitian} two={two} lower={lower} ({i},{j})",
                            T::LETTER
                        ),
                    );
                }
            }
        }
    }
}

#[test]
fn syr_her_syr2_her2() {
    check_rank_updates::<f32>(false);
    check_rank_updates::<f64>(false);
    check_rank_updates::<C32>(false);
    check_rank_updates::<C32>(true);
    check_rank_updates::<C64>(true);
}
