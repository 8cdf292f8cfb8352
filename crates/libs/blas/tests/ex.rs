//! The Ex GEMMs and hgemm against the reference: fp16 and bf16 operands computed in
//! fp32, uniform types routed to the typed GEMM, rocBLAS's separate D, the three type
//! conventions, unsupported combinations.

mod common;

use std::ffi::c_void;

use blas::capi::ex;
use blas::scalar::Half;
use blas::{BlasError, Operation};
use common::*;
use half::{bf16, f16};

fn sync() {
    blas::hip_bridge::synchronize(0).expect("sync");
}

/// The reference on fp32 copies of the (rounded) inputs.
#[allow(clippy::too_many_arguments)]
fn reference(
    ta: Operation,
    tb: Operation,
    m: usize,
    n: usize,
    k: usize,
    alpha: f32,
    a: &[f32],
    lda: usize,
    b: &[f32],
    ldb: usize,
    beta: f32,
    c: &[f32],
    ldc: usize,
) -> Vec<f32> {
    let mut out = c.to_vec();
    ref_gemm(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, &mut out, ldc);
    out
}

#[test]
fn hgemm_computes_in_fp32_and_rounds_once() {
    let h = handle();
    let (m, n, k) = (9usize, 7usize, 13usize);
    for (ta, tb) in [
        (Operation::None, Operation::None),
        (Operation::Transpose, Operation::None),
        (Operation::None, Operation::Transpose),
    ] {
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
        let a16: Vec<f16> = fill::<f32>(ra * ca, 1)
            .iter()
            .map(|v| f16::from_f32(*v))
            .collect();
        let b16: Vec<f16> = fill::<f32>(rb * cb, 2)
            .iter()
            .map(|v| f16::from_f32(*v))
            .collect();
        let mut c16: Vec<f16> = fill::<f32>(m * n, 3)
            .iter()
            .map(|v| f16::from_f32(*v))
            .collect();
        let to32 = |v: &[f16]| v.iter().map(|x| x.to_f32()).collect::<Vec<f32>>();
        let (alpha, beta) = (f16::from_f32(0.5), f16::from_f32(-1.0));
        let want = reference(
            ta,
            tb,
            m,
            n,
            k,
            0.5,
            &to32(&a16),
            ra,
            &to32(&b16),
            rb,
            -1.0,
            &to32(&c16),
            m,
        );
        // SAFETY: buffers sized for the arguments; Half and f16 are both 16-bit patterns.
        unsafe {
            ex::hgemm::<i32>(
                h,
                ta.to_c(),
                tb.to_c(),
                m as i32,
                n as i32,
                k as i32,
                &alpha as *const f16 as *const Half,
                a16.as_ptr() as *const Half,
                ra as i32,
                b16.as_ptr() as *const Half,
                rb as i32,
                &beta as *const f16 as *const Half,
                c16.as_mut_ptr() as *mut Half,
                m as i32,
            )
        }
        .expect("hgemm");
        sync();
        for (i, (g, w)) in to32(&c16).iter().zip(&want).enumerate() {
            // One fp16 rounding of the fp32 result: half an ulp of fp16 (2^-11 relative).
            assert!(
                (g - w).abs() <= w.abs() * 1e-3 + 1e-3,
                "element {i}: {g} vs {w}"
            );
        }
    }
}

#[test]
fn bf16_in_fp32_out_with_the_v2_types() {
    let h = handle();
    let (m, n, k) = (6usize, 5usize, 8usize);
    let a: Vec<bf16> = fill::<f32>(m * k, 4)
        .iter()
        .map(|v| bf16::from_f32(*v))
        .collect();
    let b: Vec<bf16> = fill::<f32>(k * n, 5)
        .iter()
        .map(|v| bf16::from_f32(*v))
        .collect();
    let mut c = fill::<f32>(m * n, 6);
    let (alpha, beta) = (1.5f32, 0.25f32);
    let to32 = |v: &[bf16]| v.iter().map(|x| x.to_f32()).collect::<Vec<f32>>();
    let want = reference(
        Operation::None,
        Operation::None,
        m,
        n,
        k,
        alpha,
        &to32(&a),
        m,
        &to32(&b),
        k,
        beta,
        &c,
        m,
    );
    // hipDataType: R_16BF = 14, R_32F = 0; hipblasComputeType_t: 32F = 2.
    // SAFETY: as above.
    unsafe {
        ex::hipblas_gemm_ex_v2::<i32>(
            h,
            111,
            111,
            m as i32,
            n as i32,
            k as i32,
            &alpha as *const f32 as *const c_void,
            a.as_ptr().cast(),
            14,
            m as i32,
            b.as_ptr().cast(),
            14,
            k as i32,
            &beta as *const f32 as *const c_void,
            c.as_mut_ptr().cast(),
            0,
            m as i32,
            2,
            160,
        )
    }
    .expect("GemmEx_v2");
    sync();
    assert_close(&c, &want, k as f64, "bf16 x bf16 -> f32");
}

#[test]
fn rocblas_gemm_ex_writes_d_and_keeps_c() {
    let h = handle();
    let (m, n, k) = (5usize, 4usize, 3usize);
    let a = fill::<f64>(m * k, 7);
    let b = fill::<f64>(k * n, 8);
    let c = fill::<f64>(m * n, 9);
    let ldd = m + 2;
    let mut d = vec![f64::NAN; ldd * n];
    let (alpha, beta) = (2.0f64, 0.5f64);
    let want = {
        let mut w = c.clone();
        ref_gemm(
            Operation::None,
            Operation::None,
            m,
            n,
            k,
            alpha,
            &a,
            m,
            &b,
            k,
            beta,
            &mut w,
            m,
        );
        w
    };
    let c_before = c.clone();
    // rocblas_datatype_f64_r = 152.
    // SAFETY: as above.
    unsafe {
        ex::rocblas_gemm_ex::<i32>(
            h,
            111,
            111,
            m as i32,
            n as i32,
            k as i32,
            &alpha as *const f64 as *const c_void,
            a.as_ptr().cast(),
            152,
            m as i32,
            b.as_ptr().cast(),
            152,
            k as i32,
            &beta as *const f64 as *const c_void,
            c.as_ptr().cast(),
            152,
            m as i32,
            d.as_mut_ptr().cast(),
            152,
            ldd as i32,
            152,
            0,
            0,
            0,
        )
    }
    .expect("gemm_ex");
    sync();
    let got: Vec<f64> = (0..n)
        .flat_map(|j| d[j * ldd..j * ldd + m].to_vec())
        .collect();
    assert_close(&got, &want, k as f64, "D");
    assert_eq!(c, c_before, "C is read only");
}

#[test]
fn unsupported_and_invalid_types() {
    let h = handle();
    let x = [0u8; 64];
    let mut y = [0u8; 64];
    let one = 1.0f32;
    let mut call = |a_type: i32, compute: i32| {
        // SAFETY: rejected before any memory is read.
        unsafe {
            ex::hipblas_gemm_ex_v1::<i32>(
                h,
                111,
                111,
                2,
                2,
                2,
                &one as *const f32 as *const c_void,
                x.as_ptr().cast(),
                a_type,
                2,
                x.as_ptr().cast(),
                a_type,
                2,
                &one as *const f32 as *const c_void,
                y.as_mut_ptr().cast(),
                a_type,
                2,
                compute,
                160,
            )
        }
    };
    assert!(
        matches!(call(160, 162), Err(BlasError::NotImplemented(_))),
        "int8"
    );
    assert_eq!(call(7, 151), Err(BlasError::InvalidEnum(7)));
    assert!(
        matches!(call(151, 152), Err(BlasError::NotImplemented(_))),
        "f32 data, f64 compute"
    );
}

#[test]
fn trsm_ex_matches_the_typed_trsm() {
    let h = handle();
    let (m, n) = (5usize, 3usize);
    let mut a = fill::<f64>(m * m, 11);
    for i in 0..m {
        a[i * (m + 1)] += 4.0;
    }
    let b0 = fill::<f64>(m * n, 12);
    let (mut want, mut got) = (b0.clone(), b0.clone());
    let alpha = 0.5f64;
    // SAFETY: m x m and m x n operands.
    unsafe {
        blas::capi::level3::trsm::<f64, i32>(
            h,
            141,
            122,
            112,
            131,
            m as i32,
            n as i32,
            &alpha,
            a.as_ptr(),
            m as i32,
            want.as_mut_ptr(),
            m as i32,
        )
        .expect("trsm");
        // rocblas_datatype_f64_r = 152.
        blas::capi::ex_trsm::rocblas_trsm_ex(
            h,
            141,
            122,
            112,
            131,
            m as i32,
            n as i32,
            &alpha as *const f64 as *const c_void,
            a.as_ptr().cast(),
            m as i32,
            got.as_mut_ptr().cast(),
            m as i32,
            std::ptr::null(),
            0,
            152,
        )
        .expect("trsm_ex");
    }
    sync();
    assert_eq!(got, want);
    // fp16 compute: not supported.
    // SAFETY: rejected before memory is touched.
    let r = unsafe {
        blas::capi::ex_trsm::hipblas_trsm_ex_v2(
            h,
            141,
            122,
            111,
            131,
            1,
            1,
            &alpha as *const f64 as *const c_void,
            a.as_mut_ptr().cast(),
            1,
            got.as_mut_ptr().cast(),
            1,
            std::ptr::null(),
            0,
            2,
        )
    };
    assert!(matches!(r, Err(BlasError::NotImplemented(_))));
}

#[test]
fn mixed_precision_gemv() {
    use blas::capi::gemv_mixed as gm;
    use blas::scalar::Bf16;
    let h = handle();
    let (m, n, batch) = (5usize, 4usize, 2usize);
    let a: Vec<f16> = fill::<f32>(m * n * batch, 41)
        .iter()
        .map(|v| f16::from_f32(*v))
        .collect();
    let x: Vec<f16> = fill::<f32>(n * batch, 42)
        .iter()
        .map(|v| f16::from_f32(*v))
        .collect();
    let mut y = fill::<f32>(m * batch, 43);
    let y0 = y.clone();
    // fp16 A and x, fp32 y (hssgemv), strided.
    // SAFETY: batch operands sized for the strides.
    unsafe {
        gm::hssgemv_strided_batched::<i32>(
            h,
            111,
            m as i32,
            n as i32,
            &2.0,
            a.as_ptr().cast(),
            m as i32,
            (m * n) as i64,
            x.as_ptr().cast(),
            1,
            n as i64,
            &0.5,
            y.as_mut_ptr(),
            1,
            m as i64,
            batch as i32,
        )
    }
    .expect("hssgemv");
    sync();
    for b in 0..batch {
        for i in 0..m {
            let s: f64 = (0..n)
                .map(|p| a[b * m * n + i + p * m].to_f64() * x[b * n + p].to_f64())
                .sum();
            let want = (2.0 * s + 0.5 * y0[b * m + i] as f64) as f32;
            assert!((y[b * m + i] - want).abs() < 1e-5, "batch {b} row {i}");
        }
    }
    // bf16 in and out (tstgemv), pointer arrays, transposed.
    let ab: Vec<half::bf16> = fill::<f32>(m * n, 44)
        .iter()
        .map(|v| half::bf16::from_f32(*v))
        .collect();
    let xb: Vec<half::bf16> = fill::<f32>(m, 45)
        .iter()
        .map(|v| half::bf16::from_f32(*v))
        .collect();
    let mut yb = vec![half::bf16::ZERO; n];
    let (pa, px, py) = (
        [ab.as_ptr() as *const Bf16],
        [xb.as_ptr() as *const Bf16],
        [yb.as_mut_ptr() as *mut Bf16],
    );
    // SAFETY: one batch entry.
    unsafe {
        gm::tstgemv_batched::<i32>(
            h,
            112,
            m as i32,
            n as i32,
            &1.0,
            pa.as_ptr(),
            m as i32,
            px.as_ptr(),
            1,
            &0.0,
            py.as_ptr(),
            1,
            1,
        )
    }
    .expect("tstgemv");
    sync();
    for j in 0..n {
        let s: f64 = (0..m)
            .map(|i| ab[i + j * m].to_f64() * xb[i].to_f64())
            .sum();
        assert_eq!(yb[j], half::bf16::from_f64(s), "column {j}");
    }
}
