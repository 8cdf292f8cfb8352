//! gemmt and trtri against the reference: every triangle, transpose pair and diagonal,
//! every precision, leading dimensions, in-place trtri, batches.

mod common;

use blas::capi::triangle as tri;
use blas::scalar::{RealScalar, C32, C64};
use blas::{BlasError, Operation};
use common::*;

fn sync() {
    blas::hip_bridge::synchronize(0).expect("sync");
}

fn check_gemmt<T: TestScalar>() {
    let h = handle();
    let (n, k) = (6usize, 4usize);
    for lower in [false, true] {
        for ta in OPS {
            for tb in OPS {
                let (ra, ca) = if ta == Operation::None {
                    (n, k)
                } else {
                    (k, n)
                };
                let (rb, cb) = if tb == Operation::None {
                    (k, n)
                } else {
                    (n, k)
                };
                let (lda, ldb, ldc) = (ra + 1, rb + 2, n + 1);
                let a = fill::<T>(lda * ca, 1);
                let b = fill::<T>(ldb * cb, 2);
                let mut c = fill::<T>(ldc * n, 3);
                let c0 = c.clone();
                let (alpha, beta) = (T::sample(&mut Gen::new(4)), T::sample(&mut Gen::new(5)));
                let mut full = c0.clone();
                ref_gemm(
                    ta, tb, n, n, k, alpha, &a, lda, &b, ldb, beta, &mut full, ldc,
                );
                // SAFETY: operands sized for the arguments.
                unsafe {
                    tri::gemmt::<T, i32>(
                        h,
                        if lower { 122 } else { 121 },
                        ta.to_c(),
                        tb.to_c(),
                        n as i32,
                        k as i32,
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
                .expect("gemmt");
                sync();
                for j in 0..n {
                    for i in 0..n {
                        let in_tri = if lower { i >= j } else { i <= j };
                        let w = if in_tri {
                            full[i + j * ldc]
                        } else {
                            c0[i + j * ldc]
                        };
                        assert_close(
                            &[c[i + j * ldc]],
                            &[w],
                            k as f64,
                            &format!("{}gemmt lower={lower} {ta:?} {tb:?} ({i},{j})", T::LETTER),
                        );
                    }
                }
            }
        }
    }
}

fn check_trtri<T: TestScalar>() {
    let h = handle();
    let n = 7usize;
    for lower in [false, true] {
        for unit in [false, true] {
            for in_place in [false, true] {
                let lda = n + 2;
                let mut a = fill::<T>(lda * n, 6);
                for i in 0..n {
                    a[i + i * lda] += T::from_real(<T::RealPart as RealScalar>::from_f64(3.0));
                }
                let dense = tri_dense(&a, lda, n, lower, unit);
                let mut inv = if in_place {
                    a.clone()
                } else {
                    vec![T::zero(); lda * n]
                };
                let src = if in_place { inv.as_ptr() } else { a.as_ptr() };
                // SAFETY: n x n operands (A and invA may be the same matrix).
                unsafe {
                    tri::trtri::<T, i32>(
                        h,
                        if lower { 122 } else { 121 },
                        if unit { 132 } else { 131 },
                        n as i32,
                        src,
                        lda as i32,
                        inv.as_mut_ptr(),
                        lda as i32,
                    )
                }
                .expect("trtri");
                sync();
                let inv_dense = tri_dense(&inv, lda, n, lower, unit);
                let prod = ref_mul(Operation::None, &dense, n, n, n, &inv_dense, n, n);
                let eye: Vec<T> = (0..n * n)
                    .map(|i| {
                        if i % (n + 1) == 0 {
                            T::one()
                        } else {
                            T::zero()
                        }
                    })
                    .collect();
                assert_close(
                    &prod,
                    &eye,
                    n as f64 * 10.0,
                    &format!(
                        "{}trtri lower={lower} unit={unit} in_place={in_place}",
                        T::LETTER
                    ),
                );
            }
        }
    }
}

#[test]
fn gemmt_every_triangle_and_transpose() {
    check_gemmt::<f32>();
    check_gemmt::<f64>();
    check_gemmt::<C32>();
    check_gemmt::<C64>();
}

#[test]
fn trtri_every_triangle_and_diagonal() {
    check_trtri::<f32>();
    check_trtri::<f64>();
    check_trtri::<C32>();
    check_trtri::<C64>();
}

#[test]
fn triangle_statuses() {
    let h = handle();
    let a = [1.0f64; 16];
    let mut c = [0.0f64; 16];
    // SAFETY: rejected before memory is touched.
    unsafe {
        assert_eq!(
            tri::gemmt::<f64, i32>(
                h,
                123,
                111,
                111,
                4,
                4,
                &1.0,
                a.as_ptr(),
                4,
                a.as_ptr(),
                4,
                &0.0,
                c.as_mut_ptr(),
                4
            ),
            Err(BlasError::InvalidValue)
        );
        assert_eq!(
            tri::gemmt::<f64, i32>(
                h,
                121,
                111,
                111,
                4,
                4,
                &1.0,
                a.as_ptr(),
                3,
                a.as_ptr(),
                4,
                &0.0,
                c.as_mut_ptr(),
                4
            ),
            Err(BlasError::InvalidSize)
        );
        assert_eq!(
            tri::trtri::<f64, i32>(h, 121, 131, 4, a.as_ptr(), 4, std::ptr::null_mut(), 4),
            Err(BlasError::InvalidPointer)
        );
        assert_eq!(
            tri::trtri::<f64, i32>(h, 121, 133, 4, a.as_ptr(), 4, c.as_mut_ptr(), 4),
            Err(BlasError::InvalidEnum(133))
        );
    }
}
