//! The level-1 Ex functions and haxpy/hdot against references: fp16 operands rounded once,
//! complex dot/dotc, nrm2 without overflow, a real scale of complex data, rot, empty calls.

mod common;

use std::ffi::c_void;

use blas::capi::ex_vector as exv;
use blas::scalar::{Half, C32};
use common::*;
use half::f16;

fn sync() {
    blas::hip_bridge::synchronize(0).expect("sync");
}

fn v<T>(p: *const T) -> *const c_void {
    p as *const c_void
}

#[test]
fn haxpy_and_hdot_round_once() {
    let h = handle();
    let n = 37;
    let x: Vec<f16> = fill::<f32>(n, 1)
        .iter()
        .map(|v| f16::from_f32(*v))
        .collect();
    let mut y: Vec<f16> = fill::<f32>(n, 2)
        .iter()
        .map(|v| f16::from_f32(*v))
        .collect();
    let y0 = y.clone();
    let alpha = f16::from_f32(0.75);
    // SAFETY: vectors of n; Half and f16 are the same 16 bits.
    unsafe {
        exv::haxpy::<i32>(
            h,
            n as i32,
            &alpha as *const f16 as *const Half,
            x.as_ptr().cast(),
            1,
            y.as_mut_ptr().cast(),
            1,
        )
    }
    .expect("haxpy");
    sync();
    for i in 0..n {
        let want = f16::from_f64(0.75 * x[i].to_f64() + y0[i].to_f64());
        assert_eq!(y[i], want, "element {i}");
    }
    let mut r = f16::ZERO;
    // SAFETY: as above; host pointer mode returns the result.
    unsafe {
        exv::hdot::<i32>(
            h,
            n as i32,
            x.as_ptr().cast(),
            1,
            y0.as_ptr().cast(),
            1,
            &mut r as *mut f16 as *mut Half,
        )
    }
    .expect("hdot");
    let want: f64 = x
        .iter()
        .zip(&y0)
        .map(|(a, b)| a.to_f64() * b.to_f64())
        .sum();
    assert_eq!(r, f16::from_f64(want));
}

#[test]
fn complex_dot_nrm2_scal_rot() {
    let h = handle();
    let n = 11usize;
    let x = fill::<C32>(n, 3);
    let y = fill::<C32>(n, 4);
    for conj in [false, true] {
        let mut r = C32::default();
        // hipDataType C_32F = 4; execution C_32F.
        // SAFETY: vectors of n; host result.
        unsafe {
            let f = if conj {
                exv::dotc_ex_v2::<i32>
            } else {
                exv::dot_ex_v2::<i32>
            };
            f(
                h,
                n as i32,
                v(x.as_ptr()),
                4,
                1,
                v(y.as_ptr()),
                4,
                1,
                &mut r as *mut C32 as *mut c_void,
                4,
                4,
            )
        }
        .expect("dot_ex");
        let want: C32 = x
            .iter()
            .zip(&y)
            .map(|(a, b)| if conj { a.conj() } else { *a } * b)
            .sum();
        assert!((r - want).norm() < 1e-5, "conj={conj}: {r} vs {want}");
    }
    // nrm2 of huge doubles (R_64F = 1): no overflow.
    let big = [3e200f64, 4e200];
    let mut nrm = 0.0f64;
    // SAFETY: as above.
    unsafe {
        exv::nrm2_ex_v2::<i32>(
            h,
            2,
            v(big.as_ptr()),
            1,
            1,
            &mut nrm as *mut f64 as *mut c_void,
            1,
            1,
        )
    }
    .expect("nrm2_ex");
    assert!((nrm / 5e200 - 1.0).abs() < 1e-14, "{nrm}");
    // scal: real alpha (v1 f32 = 151) on complex data (v1 c32 = 154).
    let mut xs = x.clone();
    // SAFETY: as above.
    unsafe {
        exv::scal_ex_v1::<i32>(
            h,
            n as i32,
            v(&2.0f32 as *const f32),
            151,
            xs.as_mut_ptr().cast(),
            154,
            1,
            154,
        )
    }
    .expect("scal_ex");
    sync();
    for i in 0..n {
        assert!((xs[i] - x[i] * 2.0).norm() < 1e-6);
    }
    // rot (v1 f32 data, f32 c and s).
    let (mut a, mut b) = (fill::<f32>(n, 5), fill::<f32>(n, 6));
    let (a0, b0) = (a.clone(), b.clone());
    let (c, s) = (0.6f32, 0.8f32);
    // SAFETY: as above.
    unsafe {
        exv::rot_ex_v1::<i32>(
            h,
            n as i32,
            a.as_mut_ptr().cast(),
            151,
            1,
            b.as_mut_ptr().cast(),
            151,
            1,
            v(&c),
            v(&s),
            151,
            151,
        )
    }
    .expect("rot_ex");
    sync();
    for i in 0..n {
        assert!(
            (a[i] - (c * a0[i] + s * b0[i])).abs() < 1e-6
                && (b[i] - (c * b0[i] - s * a0[i])).abs() < 1e-6
        );
    }
}

#[test]
fn empty_reductions_write_zero_and_statuses() {
    let h = handle();
    let mut r = [7.0f32; 3];
    let x = [1.0f32; 4];
    // SAFETY: nothing is read; 3 results written.
    unsafe {
        exv::dot_strided_batched_ex_v1::<i32>(
            h,
            0,
            v(x.as_ptr()),
            151,
            1,
            0,
            v(x.as_ptr()),
            151,
            1,
            0,
            3,
            r.as_mut_ptr().cast(),
            151,
            151,
        )
        .expect("empty dot");
        assert_eq!(r, [0.0; 3]);
        assert_eq!(
            exv::dot_ex_v1::<i32>(
                h,
                4,
                v(x.as_ptr()),
                151,
                1,
                v(x.as_ptr()),
                151,
                1,
                std::ptr::null_mut(),
                151,
                151
            ),
            Err(blas::BlasError::InvalidPointer)
        );
        assert!(matches!(
            exv::dot_ex_v1::<i32>(
                h,
                4,
                v(x.as_ptr()),
                160,
                1,
                v(x.as_ptr()),
                160,
                1,
                r.as_mut_ptr().cast(),
                151,
                151
            ),
            Err(blas::BlasError::NotImplemented(_))
        ));
    }
}
