//! The NVIDIA backend (cuBLAS) on a GPU: this process selects the NVIDIA platform, puts
//! operands in device memory and checks cuBLAS's results against the host reference.
//! Without an NVIDIA driver and GPU every test prints "skipped: no NVIDIA GPU".

mod common;

use std::ffi::c_void;

use blas::capi::{ex, level1, level2, level3};
use blas::scalar::{C32, C64};
use blas::Operation;
use common::*;
use hip::safe::DeviceBuffer;

fn gpu() -> bool {
    let p = hip::platform::select(hip::platform::Platform::Nvidia);
    if p != hip::platform::Platform::Nvidia || hip::platform::nvidia::device_count() == 0 {
        eprintln!("skipped: no NVIDIA GPU");
        return false;
    }
    true
}

fn sync() {
    blas::hip_bridge::synchronize(0).expect("sync");
}

fn dev<T: Copy>(v: &[T]) -> DeviceBuffer<T> {
    DeviceBuffer::from_slice(v).expect("device buffer")
}

fn check_gemm<T: TestScalar>(h: *mut c_void) {
    let (m, n, k) = (33usize, 17usize, 29usize);
    for (ta, tb) in [
        (Operation::None, Operation::None),
        (Operation::Transpose, Operation::ConjTranspose),
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
        let (a, b, c) = (
            fill::<T>(ra * ca, 1),
            fill::<T>(rb * cb, 2),
            fill::<T>(m * n, 3),
        );
        let (alpha, beta) = (T::sample(&mut Gen::new(4)), T::sample(&mut Gen::new(5)));
        let mut want = c.clone();
        ref_gemm(ta, tb, m, n, k, alpha, &a, ra, &b, rb, beta, &mut want, m);
        let (da, db, mut dc) = (dev(&a), dev(&b), dev(&c));
        // SAFETY: device buffers sized for the arguments.
        unsafe {
            level3::gemm::<T, i32>(
                h,
                ta.to_c(),
                tb.to_c(),
                m as i32,
                n as i32,
                k as i32,
                &alpha,
                da.as_ptr(),
                ra as i32,
                db.as_ptr(),
                rb as i32,
                &beta,
                dc.as_mut_ptr(),
                m as i32,
            )
        }
        .expect("gemm");
        sync();
        assert_close(
            &dc.to_vec().expect("read"),
            &want,
            k as f64,
            &format!("cuBLAS {}gemm", T::LETTER),
        );
    }
}

#[test]
fn cublas_gemm_every_precision() {
    if !gpu() {
        return;
    }
    let h = handle();
    check_gemm::<f32>(h);
    check_gemm::<f64>(h);
    check_gemm::<C32>(h);
    check_gemm::<C64>(h);
}

#[test]
fn cublas_level1_level2_level3() {
    if !gpu() {
        return;
    }
    let h = handle();
    let n = 40usize;
    let (x, y) = (fill::<f64>(n, 1), fill::<f64>(n, 2));
    let (dx, mut dy) = (dev(&x), dev(&y));
    let mut dot = 0.0;
    // SAFETY: device vectors of n; host pointer mode.
    unsafe {
        level1::axpy::<f64, i32>(h, n as i32, &2.0, dx.as_ptr(), 1, dy.as_mut_ptr(), 1)
            .expect("axpy");
        level1::dot::<f64, i32>(h, n as i32, dx.as_ptr(), 1, dy.as_ptr(), 1, &mut dot)
            .expect("dot");
    }
    let want: f64 = x.iter().zip(&y).map(|(a, b)| a * (b + 2.0 * a)).sum();
    assert!((dot - want).abs() < 1e-10, "dot {dot} vs {want}");

    // gemv
    let (m, k) = (12usize, 9usize);
    let a = fill::<f32>(m * k, 3);
    let xv = fill::<f32>(k, 4);
    let yv = fill::<f32>(m, 5);
    let (da, dxv, mut dyv) = (dev(&a), dev(&xv), dev(&yv));
    // SAFETY: device operands sized for the arguments.
    unsafe {
        level2::gemv::<f32, i32>(
            h,
            111,
            m as i32,
            k as i32,
            &1.5,
            da.as_ptr(),
            m as i32,
            dxv.as_ptr(),
            1,
            &0.5,
            dyv.as_mut_ptr(),
            1,
        )
    }
    .expect("gemv");
    sync();
    let p = ref_mul(Operation::None, &a, m, m, k, &xv, k, 1);
    let want: Vec<f32> = (0..m).map(|i| 1.5 * p[i] + 0.5 * yv[i]).collect();
    assert_close(
        &dyv.to_vec().expect("read"),
        &want,
        k as f64,
        "cuBLAS sgemv",
    );

    // trsm (left, lower, no transpose): A X = B
    let s = 8usize;
    let mut t = fill::<f64>(s * s, 6);
    for i in 0..s {
        t[i + i * s] += 4.0;
    }
    let b = fill::<f64>(s * 3, 7);
    let (dt, mut dbm) = (dev(&t), dev(&b));
    // SAFETY: as above.
    unsafe {
        level3::trsm::<f64, i32>(
            h,
            141,
            122,
            111,
            131,
            s as i32,
            3,
            &1.0,
            dt.as_ptr(),
            s as i32,
            dbm.as_mut_ptr(),
            s as i32,
        )
    }
    .expect("trsm");
    sync();
    let xsol = dbm.to_vec().expect("read");
    let back = ref_mul(
        Operation::None,
        &tri_dense(&t, s, s, true, false),
        s,
        s,
        s,
        &xsol,
        s,
        3,
    );
    assert_close(&back, &b, 40.0, "cuBLAS dtrsm");
}

#[test]
fn cublas_hgemm_through_gemm_ex() {
    if !gpu() {
        return;
    }
    let h = handle();
    let (m, n, k) = (16usize, 8usize, 32usize);
    let a: Vec<half::f16> = fill::<f32>(m * k, 1)
        .iter()
        .map(|v| half::f16::from_f32(*v))
        .collect();
    let b: Vec<half::f16> = fill::<f32>(k * n, 2)
        .iter()
        .map(|v| half::f16::from_f32(*v))
        .collect();
    let to32 = |v: &[half::f16]| v.iter().map(|x| x.to_f32()).collect::<Vec<f32>>();
    let mut want = vec![0.0f32; m * n];
    ref_gemm(
        Operation::None,
        Operation::None,
        m,
        n,
        k,
        1.0,
        &to32(&a),
        m,
        &to32(&b),
        k,
        0.0,
        &mut want,
        m,
    );
    let (da, db, mut dc) = (dev(&a), dev(&b), dev(&vec![0.0f32; m * n]));
    let (alpha, beta) = (1.0f32, 0.0f32);
    // fp16 x fp16 -> fp32, compute 32F (hipDataType R_16F = 2, R_32F = 0; compute 32F = 2).
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
            da.as_ptr().cast(),
            2,
            m as i32,
            db.as_ptr().cast(),
            2,
            k as i32,
            &beta as *const f32 as *const c_void,
            dc.as_mut_ptr().cast(),
            0,
            m as i32,
            2,
            160,
        )
    }
    .expect("GemmEx");
    sync();
    let got = dc.to_vec().expect("read");
    for (g, w) in got.iter().zip(&want) {
        assert!((g - w).abs() <= 1e-2 * (1.0 + w.abs()), "{g} vs {w}");
    }
}

#[test]
fn without_a_gpu_creating_a_handle_reports_no_device() {
    let p = hip::platform::select(hip::platform::Platform::Nvidia);
    if p != hip::platform::Platform::Nvidia || hip::platform::nvidia::device_count() > 0 {
        eprintln!("skipped: an NVIDIA GPU is present");
        return;
    }
    assert_eq!(
        blas::capi::create_handle().err(),
        Some(blas::BlasError::NoDevice)
    );
}

#[test]
fn cublas_rank_updates_and_packed() {
    if !gpu() {
        return;
    }
    let h = handle();
    let n = 6usize;
    // dsyr2k (lower, no transpose) against the host reference on the triangle.
    let k = 3usize;
    let (a, b, c0) = (
        fill::<f64>(n * k, 1),
        fill::<f64>(n * k, 2),
        fill::<f64>(n * n, 3),
    );
    let (da, db, mut dc) = (dev(&a), dev(&b), dev(&c0));
    // SAFETY: device operands sized for the arguments.
    unsafe {
        level3::syr2k::<f64, i32>(
            h,
            122,
            111,
            n as i32,
            k as i32,
            &0.5,
            da.as_ptr(),
            n as i32,
            db.as_ptr(),
            n as i32,
            &2.0,
            dc.as_mut_ptr(),
            n as i32,
        )
    }
    .expect("dsyr2k");
    sync();
    let c = dc.to_vec().expect("read");
    for j in 0..n {
        for i in j..n {
            let s: f64 = (0..k)
                .map(|p| a[i + p * n] * b[j + p * n] + b[i + p * n] * a[j + p * n])
                .sum();
            assert!(
                (c[i + j * n] - (0.5 * s + 2.0 * c0[i + j * n])).abs() < 1e-12,
                "({i},{j})"
            );
        }
    }
    // stpsv (upper, no transpose): op(A) x = b through the packed triangle.
    let mut ap = fill::<f32>(n * (n + 1) / 2, 4);
    for j in 0..n {
        ap[j + j * (j + 1) / 2] += 4.0;
    }
    let b0 = fill::<f32>(n, 5);
    let (dap, mut dx) = (dev(&ap), dev(&b0));
    // SAFETY: as above.
    unsafe {
        blas::capi::packed::tpsv::<f32, i32>(
            h,
            121,
            111,
            131,
            n as i32,
            dap.as_ptr(),
            dx.as_mut_ptr(),
            1,
        )
    }
    .expect("stpsv");
    sync();
    let x = dx.to_vec().expect("read");
    for i in 0..n {
        let s: f32 = (i..n).map(|j| ap[i + j * (j + 1) / 2] * x[j]).sum();
        assert!((s - b0[i]).abs() < 1e-4, "row {i}");
    }
}

#[test]
fn cublas_level1_ex() {
    if !gpu() {
        return;
    }
    let h = handle();
    let n = 64usize;
    let (x, y) = (fill::<f32>(n, 1), fill::<f32>(n, 2));
    let (dx, mut dy) = (dev(&x), dev(&y));
    let alpha = 3.0f32;
    let mut dot = 0.0f32;
    // hipDataType R_32F = 0 everywhere; host scalars and result.
    // SAFETY: device vectors of n.
    unsafe {
        blas::capi::ex_vector::axpy_ex_v2::<i32>(
            h,
            n as i32,
            &alpha as *const f32 as *const c_void,
            0,
            dx.as_ptr().cast(),
            0,
            1,
            dy.as_mut_ptr().cast(),
            0,
            1,
            0,
        )
        .expect("AxpyEx");
        blas::capi::ex_vector::dot_ex_v2::<i32>(
            h,
            n as i32,
            dx.as_ptr().cast(),
            0,
            1,
            dy.as_ptr().cast(),
            0,
            1,
            &mut dot as *mut f32 as *mut c_void,
            0,
            0,
        )
        .expect("DotEx");
    }
    let want: f32 = x.iter().zip(&y).map(|(a, b)| a * (b + 3.0 * a)).sum();
    assert!(
        (dot - want).abs() < 1e-3 * (1.0 + want.abs()),
        "{dot} vs {want}"
    );
}

#[test]
fn cublas_iamax_64_and_device_mode_rotg() {
    if !gpu() {
        return;
    }
    let h = handle();
    let mut x = fill::<f64>(50, 6);
    x[37] = 9.0;
    let dx = dev(&x);
    let mut idx = 0i64;
    // SAFETY: a device vector of 50; host result.
    unsafe { level1::iamax::<f64, i64>(h, 50, dx.as_ptr(), 1, &mut idx) }.expect("idamax_64");
    assert_eq!(idx, 38);
    // drotg in device pointer mode: a = 3, b = 4 -> r = 5, c = 0.6, s = 0.8.
    blas::capi::handle(h)
        .expect("handle")
        .set_pointer_mode(blas::PointerMode::Device);
    let (mut da, mut db, mut dc, mut ds) = (
        dev(&[3.0f64]),
        dev(&[4.0f64]),
        dev(&[0.0f64]),
        dev(&[0.0f64]),
    );
    // SAFETY: one device scalar each.
    unsafe {
        blas::capi::rotation::rotg::<f64>(
            h,
            da.as_mut_ptr(),
            db.as_mut_ptr(),
            dc.as_mut_ptr(),
            ds.as_mut_ptr(),
        )
    }
    .expect("drotg");
    sync();
    let (r, c, s) = (
        da.to_vec().expect("r")[0],
        dc.to_vec().expect("c")[0],
        ds.to_vec().expect("s")[0],
    );
    assert!(
        (r - 5.0).abs() < 1e-12 && (c - 0.6).abs() < 1e-12 && (s - 0.8).abs() < 1e-12,
        "{r} {c} {s}"
    );
}
