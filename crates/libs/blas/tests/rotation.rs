//! rotg, rotm, rotmg against their defining properties (and reference BLAS's values for
//! a classic case), host and device pointer modes, batches.

mod common;

use blas::capi::rotation as rot;
use blas::scalar::{Scalar, C64};
use blas::{BlasError, PointerMode};
use common::*;

fn sync() {
    blas::hip_bridge::synchronize(0).expect("sync");
}

#[test]
fn real_rotg_matches_reference_blas() {
    let h = handle();
    let (mut a, mut b, mut c, mut s) = (3.0f64, 4.0f64, 0.0f64, 0.0f64);
    // SAFETY: host scalars (host pointer mode).
    unsafe { rot::rotg::<f64>(h, &mut a, &mut b, &mut c, &mut s) }.expect("drotg");
    assert!((a - 5.0).abs() < 1e-15 && (c - 0.6).abs() < 1e-15 && (s - 0.8).abs() < 1e-15);
    assert!(
        (b - 1.0 / 0.6).abs() < 1e-12,
        "z = 1/c when |b| >= |a|: {b}"
    );
    // |a| > |b|: z = s; the sign of r follows the larger of a, b.
    let (mut a, mut b) = (-4.0f32, 3.0f32);
    let (mut c, mut s) = (0.0f32, 0.0f32);
    // SAFETY: as above.
    unsafe { rot::rotg::<f32>(h, &mut a, &mut b, &mut c, &mut s) }.expect("srotg");
    assert!(
        (a + 5.0).abs() < 1e-6 && (b - s).abs() < 1e-7,
        "r {a} z {b} s {s}"
    );
    // a = b = 0
    let (mut a, mut b, mut c, mut s) = (0.0f64, 0.0f64, 7.0f64, 7.0f64);
    // SAFETY: as above.
    unsafe { rot::rotg::<f64>(h, &mut a, &mut b, &mut c, &mut s) }.expect("drotg zero");
    assert_eq!((a, b, c, s), (0.0, 0.0, 1.0, 0.0));
}

#[test]
fn complex_rotg_zeroes_the_second_component_in_device_mode_batches() {
    let h = handle();
    blas::capi::handle(h)
        .expect("handle")
        .set_pointer_mode(PointerMode::Device);
    let n = 4;
    let a0 = fill::<C64>(n, 1);
    let b0 = fill::<C64>(n, 2);
    let (mut a, mut b) = (a0.clone(), b0.clone());
    let mut c = vec![0.0f64; n];
    let mut s = vec![C64::default(); n];
    // SAFETY: n entries, one apart.
    unsafe {
        rot::rotg_strided_batched::<C64, i32>(
            h,
            a.as_mut_ptr(),
            1,
            b.as_mut_ptr(),
            1,
            c.as_mut_ptr(),
            1,
            s.as_mut_ptr(),
            1,
            n as i32,
        )
    }
    .expect("zrotg");
    sync();
    for i in 0..n {
        let r = C64::new(c[i], 0.0) * a0[i] + s[i] * b0[i];
        let zero = -s[i].conj() * a0[i] + C64::new(c[i], 0.0) * b0[i];
        assert!((r - a[i]).norm() < 1e-12, "r");
        assert!(zero.norm() < 1e-12, "second component {zero}");
        assert!(
            (c[i] * c[i] + s[i].norm_sqr() - 1.0).abs() < 1e-12,
            "unitary"
        );
    }
}

#[test]
fn rotm_applies_every_flag() {
    let h = handle();
    let x0 = fill::<f64>(5, 3);
    let y0 = fill::<f64>(5, 4);
    let (h11, h21, h12, h22) = (0.5, -1.5, 2.0, 0.25);
    for (flag, m) in [
        (-1.0, [h11, h21, h12, h22]),
        (0.0, [1.0, h21, h12, 1.0]),
        (1.0, [h11, -1.0, 1.0, h22]),
        (-2.0, [1.0, 0.0, 0.0, 1.0]),
    ] {
        let param = [flag, h11, h21, h12, h22];
        let (mut x, mut y) = (x0.clone(), y0.clone());
        // SAFETY: vectors of 5, parameters of 5.
        unsafe {
            rot::rotm::<f64, i32>(h, 5, x.as_mut_ptr(), 1, y.as_mut_ptr(), 1, param.as_ptr())
        }
        .expect("drotm");
        sync();
        for i in 0..5 {
            let (wx, wy) = (m[0] * x0[i] + m[2] * y0[i], m[1] * x0[i] + m[3] * y0[i]);
            assert!(
                (x[i] - wx).abs() < 1e-14 && (y[i] - wy).abs() < 1e-14,
                "flag {flag}"
            );
        }
    }
}

#[test]
fn rotmg_builds_a_rotation_that_zeroes_y() {
    let h = handle();
    let mut g = Gen::new(9);
    for case in 0..200 {
        let (d1_0, d2_0) = (g.real().abs() * 10.0 + 0.01, g.real().abs() * 10.0 + 0.01);
        let (x1_0, y1) = (g.real() * 3.0, g.real() * 3.0 + 0.001);
        let (mut d1, mut d2, mut x1) = (d1_0, d2_0, x1_0);
        let mut p = [f64::NAN; 5];
        // SAFETY: host scalars.
        unsafe { rot::rotmg::<f64>(h, &mut d1, &mut d2, &mut x1, &y1, p.as_mut_ptr()) }
            .expect("drotmg");
        let (h11, h21, h12, h22) = match p[0] {
            -1.0 => (p[1], p[2], p[3], p[4]),
            0.0 => (1.0, p[2], p[3], 1.0),
            1.0 => (p[1], -1.0, 1.0, p[4]),
            _ => panic!("case {case}: flag {}", p[0]),
        };
        let (nx, ny) = (h11 * x1_0 + h12 * y1, h21 * x1_0 + h22 * y1);
        assert!(
            ny.abs() < 1e-9 * (1.0 + nx.abs()),
            "case {case}: y not zeroed ({ny})"
        );
        assert!(
            (nx - x1).abs() < 1e-9 * (1.0 + x1.abs()),
            "case {case}: x1 {x1} vs {nx}"
        );
        let before = d1_0 * x1_0 * x1_0 + d2_0 * y1 * y1;
        assert!(
            (d1 * x1 * x1 - before).abs() < 1e-9 * before,
            "case {case}: weighted norm"
        );
    }
    // d1 < 0: everything zeroed, flag -1.
    let (mut d1, mut d2, mut x1) = (-1.0f32, 2.0f32, 3.0f32);
    let mut p = [9.0f32; 5];
    // SAFETY: as above.
    unsafe { rot::rotmg::<f32>(h, &mut d1, &mut d2, &mut x1, &1.0, p.as_mut_ptr()) }
        .expect("srotmg");
    assert_eq!((d1, d2, x1, p), (0.0, 0.0, 0.0, [-1.0, 0.0, 0.0, 0.0, 0.0]));
}

#[test]
fn rotation_statuses() {
    let h = handle();
    let mut v = 1.0f32;
    // SAFETY: rejected before memory is touched.
    unsafe {
        assert_eq!(
            rot::rotg::<f32>(h, &mut v, std::ptr::null_mut(), &mut v, &mut v),
            Err(BlasError::InvalidPointer)
        );
        assert_eq!(
            rot::rotm::<f32, i32>(h, 3, &mut v, 1, &mut v, 1, std::ptr::null()),
            Err(BlasError::InvalidPointer)
        );
        assert_eq!(
            rot::rotm::<f32, i32>(
                h,
                0,
                std::ptr::null_mut(),
                1,
                std::ptr::null_mut(),
                1,
                std::ptr::null()
            ),
            Ok(())
        );
        assert_eq!(
            rot::rotg::<f32>(std::ptr::null_mut(), &mut v, &mut v, &mut v, &mut v),
            Err(BlasError::InvalidHandle)
        );
    }
    let _ = <f32 as Scalar>::one();
}
