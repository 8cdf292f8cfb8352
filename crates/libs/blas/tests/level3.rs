//! GEMM through the C adaptors against the reference: every precision, every transpose
//! pair, odd sizes and leading dimensions, alpha/beta 0/1/other, batch 0/1/many in the
//! plain, batched and strided forms; invalid arguments.

mod common;

use blas::capi::level3::{gemm, gemm_batched, gemm_strided_batched};
use blas::scalar::{C32, C64};
use blas::{BlasError, Operation};
use common::*;

fn scalars<T: TestScalar>() -> Vec<(T, T)> {
    let other_a = T::sample(&mut Gen::new(11));
    let other_b = T::sample(&mut Gen::new(12));
    vec![
        (T::one(), T::zero()),
        (other_a, T::one()),
        (T::zero(), other_b),
        (other_a, other_b),
    ]
}

fn check_gemm<T: TestScalar>() {
    let h = handle();
    let (m, n, k) = (7usize, 5usize, 9usize);
    for ta in OPS {
        for tb in OPS {
            for (alpha, beta) in scalars::<T>() {
                let (ra, ca) = if ta == Operation::None {
                    (m, k)
                } else {
                    (k, m)
                };
                let (rb, cb) = if tb == Operation::None {
                    (k, n)
                } else {
                    (n, k)
                };
                let (lda, ldb, ldc) = (ra + 3, rb + 1, m + 2);
                let a = fill::<T>(lda * ca, 1);
                let b = fill::<T>(ldb * cb, 2);
                let mut c = fill::<T>(ldc * n, 3);
                let mut want = c.clone();
                ref_gemm(
                    ta, tb, m, n, k, alpha, &a, lda, &b, ldb, beta, &mut want, ldc,
                );
                // SAFETY: buffers sized for the arguments; synchronised below.
                unsafe {
                    gemm::<T, i32>(
                        h,
                        ta.to_c(),
                        tb.to_c(),
                        m as i32,
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
                    .expect("gemm");
                }
                blas::hip_bridge::synchronize(0).expect("sync");
                assert_close(
                    &c,
                    &want,
                    k as f64,
                    &format!("{}gemm {ta:?} {tb:?}", T::LETTER),
                );
            }
        }
    }
}

#[test]
fn gemm_matches_the_reference_in_every_precision_and_transpose() {
    check_gemm::<f32>();
    check_gemm::<f64>();
    check_gemm::<C32>();
    check_gemm::<C64>();
}

#[test]
fn strided_and_pointer_array_batches() {
    let h = handle();
    let (m, n, k) = (6usize, 4usize, 3usize);
    for batch in [0usize, 1, 5] {
        let (lda, ldb, ldc) = (m, k + 1, m + 1);
        let (sa, sb, sc) = (lda * k + 2, ldb * n, ldc * n + 3);
        let a = fill::<f64>(sa * batch.max(1), 4);
        let b = fill::<f64>(sb * batch.max(1), 5);
        let c0 = fill::<f64>(sc * batch.max(1), 6);
        let (alpha, beta) = (0.75, -0.5);
        let mut want = c0.clone();
        for bi in 0..batch {
            ref_gemm(
                Operation::None,
                Operation::None,
                m,
                n,
                k,
                alpha,
                &a[bi * sa..],
                lda,
                &b[bi * sb..],
                ldb,
                beta,
                &mut want[bi * sc..],
                ldc,
            );
        }
        let mut strided = c0.clone();
        let mut arrays = c0.clone();
        let pa: Vec<*const f64> = (0..batch).map(|i| a[i * sa..].as_ptr()).collect();
        let pb: Vec<*const f64> = (0..batch).map(|i| b[i * sb..].as_ptr()).collect();
        let pc: Vec<*mut f64> = (0..batch).map(|i| arrays[i * sc..].as_mut_ptr()).collect();
        // SAFETY: buffers sized for the arguments; synchronised below.
        unsafe {
            gemm_strided_batched::<f64, i64>(
                h,
                111,
                111,
                m as i64,
                n as i64,
                k as i64,
                &alpha,
                a.as_ptr(),
                lda as i64,
                sa as i64,
                b.as_ptr(),
                ldb as i64,
                sb as i64,
                &beta,
                strided.as_mut_ptr(),
                ldc as i64,
                sc as i64,
                batch as i64,
            )
            .expect("strided");
            gemm_batched::<f64, i32>(
                h,
                111,
                111,
                m as i32,
                n as i32,
                k as i32,
                &alpha,
                pa.as_ptr(),
                lda as i32,
                pb.as_ptr(),
                ldb as i32,
                &beta,
                pc.as_ptr(),
                ldc as i32,
                batch as i32,
            )
            .expect("batched");
        }
        blas::hip_bridge::synchronize(0).expect("sync");
        assert_close(&strided, &want, k as f64, &format!("strided batch {batch}"));
        assert_close(&arrays, &want, k as f64, &format!("array batch {batch}"));
    }
}

#[test]
fn beta_zero_does_not_read_c_and_quick_returns_touch_nothing() {
    let h = handle();
    let a = [1.0f32; 4];
    let b = [2.0f32; 4];
    let mut c = [f32::NAN; 4];
    // SAFETY: 2x2 operands.
    unsafe {
        gemm::<f32, i32>(
            h,
            111,
            111,
            2,
            2,
            2,
            &1.0,
            a.as_ptr(),
            2,
            b.as_ptr(),
            2,
            &0.0,
            c.as_mut_ptr(),
            2,
        )
        .expect("gemm");
    }
    blas::hip_bridge::synchronize(0).expect("sync");
    assert_eq!(c, [4.0; 4], "beta = 0 must overwrite NaN");
    // alpha = 0, beta = 1: nothing to do, NULL A and B accepted.
    let mut c = [3.0f32; 4];
    // SAFETY: C is 2x2.
    unsafe {
        gemm::<f32, i32>(
            h,
            111,
            111,
            2,
            2,
            2,
            &0.0,
            std::ptr::null(),
            2,
            std::ptr::null(),
            2,
            &1.0,
            c.as_mut_ptr(),
            2,
        )
        .expect("quick return");
    }
    blas::hip_bridge::synchronize(0).expect("sync");
    assert_eq!(c, [3.0; 4]);
}

#[test]
fn invalid_arguments_get_rocblas_statuses() {
    let h = handle();
    let a = [0.0f64; 16];
    let mut c = [0.0f64; 16];
    let one = 1.0f64;
    // SAFETY: every call is rejected before any memory is touched, or sized 4x4.
    let call = |h, ta, m, k, lda, alpha: *const f64, ap: *const f64, cp: *mut f64| unsafe {
        gemm::<f64, i32>(h, ta, 111, m, 4, k, alpha, ap, lda, ap, 4, &one, cp, 4)
    };
    let (ap, cp) = (a.as_ptr(), c.as_mut_ptr());
    assert_eq!(
        call(std::ptr::null_mut(), 111, 4, 4, 4, &one, ap, cp),
        Err(BlasError::InvalidHandle)
    );
    assert_eq!(
        call(h, 999, 4, 4, 4, &one, ap, cp),
        Err(BlasError::InvalidEnum(999))
    );
    assert_eq!(
        call(h, 111, -1, 4, 4, &one, ap, cp),
        Err(BlasError::InvalidSize)
    );
    assert_eq!(
        call(h, 111, 4, 4, 3, &one, ap, cp),
        Err(BlasError::InvalidSize),
        "lda < m"
    );
    assert_eq!(
        call(h, 112, 4, 5, 4, &one, ap, cp),
        Err(BlasError::InvalidSize),
        "lda < k when transposed"
    );
    assert_eq!(
        call(h, 111, 4, 4, 4, std::ptr::null(), ap, cp),
        Err(BlasError::InvalidPointer)
    );
    assert_eq!(
        call(h, 111, 4, 4, 4, &one, std::ptr::null(), cp),
        Err(BlasError::InvalidPointer)
    );
    assert_eq!(
        call(h, 111, 4, 4, 4, &one, ap, std::ptr::null_mut()),
        Err(BlasError::InvalidPointer)
    );
    assert_eq!(
        call(
            h,
            111,
            0,
            4,
            0,
            std::ptr::null(),
            std::ptr::null(),
            std::ptr::null_mut()
        ),
        Ok(()),
        "m = 0"
    );
    blas::capi::destroy_handle(h).expect("destroy");
    assert_eq!(
        call(h, 111, 4, 4, 4, &one, ap, cp),
        Err(BlasError::InvalidHandle),
        "stale handle"
    );
}
