//! hipFFT through its C entry points (linked, on the CPU platform): round trips of every
//! plan constructor, advanced layouts, in-place padded real transforms, scale factors,
//! fp16 through hipfftXt, and the documented statuses for bad arguments.

use std::ffi::{c_int, c_longlong, c_void};
use std::ptr::{null_mut, NonNull};

use hipfft::abi::*;
use hipfft::exports::*;

fn sync() {
    fft::hip_bridge::synchronize(0).expect("synchronize");
}

fn data(n: usize, seed: u64) -> Vec<f32> {
    let mut s = seed | 1;
    (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            (s >> 40) as f32 / (1u64 << 24) as f32 - 0.5
        })
        .collect()
}

fn close(got: &[f32], want: &[f32], tol: f32, what: &str) {
    assert_eq!(got.len(), want.len());
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            (g - w).abs() <= tol * (1.0 + w.abs()),
            "{what}: element {i}: got {g}, want {w}"
        );
    }
}

#[test]
fn c2c_round_trip_scales_by_n() {
    let n = 60;
    let batch = 3;
    let mut plan: hipfftHandle = null_mut();
    // SAFETY: valid out-parameters and buffers of the plan's size throughout.
    unsafe {
        assert_eq!(
            hipfftPlan1d(&mut plan, n, HIPFFT_C2C, batch),
            HIPFFT_SUCCESS
        );
        let x = data(2 * (n * batch) as usize, 1);
        let mut y = vec![0f32; x.len()];
        let mut z = vec![0f32; x.len()];
        assert_eq!(
            hipfftExecC2C(
                plan,
                x.as_ptr() as *mut _,
                y.as_mut_ptr().cast(),
                HIPFFT_FORWARD
            ),
            HIPFFT_SUCCESS
        );
        assert_eq!(
            hipfftExecC2C(
                plan,
                y.as_mut_ptr().cast(),
                z.as_mut_ptr().cast(),
                HIPFFT_BACKWARD
            ),
            HIPFFT_SUCCESS
        );
        sync();
        let want: Vec<f32> = x.iter().map(|v| v * n as f32).collect();
        close(&z, &want, 1e-4, "C2C round trip");
        // DC term of the first transform = sum of its inputs.
        let (sr, si) = x[..2 * n as usize]
            .chunks(2)
            .fold((0.0, 0.0), |(a, b), c| (a + c[0], b + c[1]));
        close(&y[..2], &[sr, si], 1e-4, "DC term");
        // In place (idata == odata): back again.
        assert_eq!(
            hipfftExecC2C(
                plan,
                z.as_mut_ptr().cast(),
                z.as_mut_ptr().cast(),
                HIPFFT_FORWARD
            ),
            HIPFFT_SUCCESS
        );
        sync();
        let want: Vec<f32> = y.iter().map(|v| v * n as f32).collect();
        close(&z, &want, 1e-4, "in place");
        assert_eq!(hipfftDestroy(plan), HIPFFT_SUCCESS);
    }
}

#[test]
fn in_place_2d_real_transforms_use_padded_rows() {
    let (nx, ny) = (6usize, 10usize);
    let h = ny / 2 + 1;
    let mut r2c: hipfftHandle = null_mut();
    let mut c2r: hipfftHandle = null_mut();
    // SAFETY: as above; the in-place buffer holds nx rows of 2*h reals.
    unsafe {
        assert_eq!(
            hipfftPlan2d(&mut r2c, nx as c_int, ny as c_int, HIPFFT_D2Z),
            HIPFFT_SUCCESS
        );
        assert_eq!(
            hipfftPlan2d(&mut c2r, nx as c_int, ny as c_int, HIPFFT_Z2D),
            HIPFFT_SUCCESS
        );
        let x: Vec<f64> = data(nx * ny, 2).iter().map(|&v| v as f64).collect();
        let mut buf = vec![0f64; nx * 2 * h];
        for r in 0..nx {
            buf[r * 2 * h..r * 2 * h + ny].copy_from_slice(&x[r * ny..(r + 1) * ny]);
        }
        let p = buf.as_mut_ptr();
        assert_eq!(hipfftExecD2Z(r2c, p, p.cast()), HIPFFT_SUCCESS);
        sync();
        // DC = sum of all values.
        let sum: f64 = x.iter().sum();
        assert!(
            (buf[0] - sum).abs() < 1e-9 && buf[1].abs() < 1e-9,
            "DC {} vs {sum}",
            buf[0]
        );
        assert_eq!(hipfftExecZ2D(c2r, p.cast(), p), HIPFFT_SUCCESS);
        sync();
        for r in 0..nx {
            for c in 0..ny {
                let (g, w) = (buf[r * 2 * h + c], x[r * ny + c] * (nx * ny) as f64);
                assert!((g - w).abs() < 1e-9, "({r},{c}): {g} vs {w}");
            }
        }
        assert_eq!(hipfftDestroy(r2c), HIPFFT_SUCCESS);
        assert_eq!(hipfftDestroy(c2r), HIPFFT_SUCCESS);
    }
}

#[test]
fn plan_many_advanced_layout_interleaved_batches() {
    // Two transforms of 8 reals interleaved (istride 2, idist 1), spectra interleaved too.
    let n: [c_int; 1] = [8];
    let mut inembed: [c_int; 1] = [8];
    let mut onembed: [c_int; 1] = [5];
    let mut plan: hipfftHandle = null_mut();
    // SAFETY: arrays of rank 1; buffers sized for the layout.
    unsafe {
        assert_eq!(
            hipfftPlanMany(
                &mut plan,
                1,
                n.as_ptr() as *mut _,
                inembed.as_mut_ptr(),
                2,
                1,
                onembed.as_mut_ptr(),
                2,
                1,
                HIPFFT_R2C,
                2
            ),
            HIPFFT_SUCCESS
        );
        let x = data(16, 3);
        let mut y = vec![0f32; 2 * 10];
        assert_eq!(
            hipfftExecR2C(plan, x.as_ptr() as *mut _, y.as_mut_ptr().cast()),
            HIPFFT_SUCCESS
        );
        sync();
        for b in 0..2 {
            let sum: f32 = (0..8).map(|i| x[2 * i + b]).sum();
            let alt: f32 = (0..8)
                .map(|i| {
                    if i % 2 == 0 {
                        x[2 * i + b]
                    } else {
                        -x[2 * i + b]
                    }
                })
                .sum();
            close(&[y[2 * b], y[2 * b + 1]], &[sum, 0.0], 1e-5, "DC");
            close(
                &[y[2 * (4 * 2 + b)], y[2 * (4 * 2 + b) + 1]],
                &[alt, 0.0],
                1e-5,
                "Nyquist",
            );
        }
        let mut ws = 1usize;
        assert_eq!(hipfftGetSize(plan, &mut ws), HIPFFT_SUCCESS);
        assert_eq!(ws, 0, "the CPU backend needs no work area");
        assert_eq!(hipfftDestroy(plan), HIPFFT_SUCCESS);
    }
}

#[test]
fn create_make_scale_stream_and_estimates() {
    let mut plan: hipfftHandle = null_mut();
    let mut ws = 7usize;
    // SAFETY: as above.
    unsafe {
        assert_eq!(hipfftCreate(&mut plan), HIPFFT_SUCCESS);
        // Not made yet: exec and GetSize refuse the plan.
        let mut v = vec![0f32; 64];
        let p = v.as_mut_ptr().cast::<hipfftComplex>();
        assert_eq!(
            hipfftExecC2C(plan, p, p, HIPFFT_FORWARD),
            HIPFFT_INVALID_PLAN
        );
        assert_eq!(hipfftGetSize(plan, &mut ws), HIPFFT_INVALID_PLAN);
        assert_eq!(hipfftExtPlanScaleFactor(plan, 0.25), HIPFFT_SUCCESS);
        assert_eq!(hipfftSetStream(plan, null_mut()), HIPFFT_SUCCESS);
        assert_eq!(hipfftSetAutoAllocation(plan, 0), HIPFFT_SUCCESS);
        let mut n: [c_longlong; 2] = [4, 8];
        assert_eq!(
            hipfftMakePlanMany64(
                plan,
                2,
                n.as_mut_ptr(),
                null_mut(),
                1,
                32,
                null_mut(),
                1,
                32,
                HIPFFT_C2C,
                1,
                &mut ws
            ),
            HIPFFT_SUCCESS
        );
        assert_eq!(ws, 0);
        for (i, x) in v.iter_mut().enumerate() {
            *x = if i == 0 { 1.0 } else { 0.0 };
        }
        assert_eq!(hipfftExecC2C(plan, p, p, HIPFFT_FORWARD), HIPFFT_SUCCESS);
        sync();
        // An impulse transforms to a constant, times the scale factor.
        for c in v.chunks(2) {
            close(c, &[0.25, 0.0], 1e-6, "scaled impulse");
        }
        assert_eq!(hipfftDestroy(plan), HIPFFT_SUCCESS);
        assert_eq!(
            hipfftEstimate1d(1024, HIPFFT_Z2Z, 4, &mut ws),
            HIPFFT_SUCCESS
        );
        assert_eq!(ws, 0);
        assert_eq!(
            hipfftEstimate3d(4, 4, 0, HIPFFT_Z2Z, &mut ws),
            HIPFFT_INVALID_SIZE
        );
    }
}

#[test]
fn half_precision_through_xt() {
    let mut plan: hipfftHandle = null_mut();
    let mut ws = 0usize;
    let mut n: [c_longlong; 1] = [16];
    // SAFETY: as above; fp16 pairs.
    unsafe {
        assert_eq!(hipfftCreate(&mut plan), HIPFFT_SUCCESS);
        assert_eq!(
            hipfftXtMakePlanMany(
                plan,
                1,
                n.as_mut_ptr(),
                null_mut(),
                1,
                16,
                HIP_C_16F,
                null_mut(),
                1,
                16,
                HIP_C_16F,
                1,
                &mut ws,
                HIP_C_16F
            ),
            HIPFFT_SUCCESS
        );
        let x: Vec<half::f16> = (0..32)
            .map(|i| {
                half::f16::from_f32(if i % 2 == 0 {
                    (i / 2) as f32 * 0.125
                } else {
                    0.0
                })
            })
            .collect();
        let mut y = vec![half::f16::ZERO; 32];
        assert_eq!(
            hipfftXtExec(
                plan,
                x.as_ptr() as *mut c_void,
                y.as_mut_ptr().cast(),
                HIPFFT_FORWARD
            ),
            HIPFFT_SUCCESS
        );
        sync();
        // DC = sum of 0.125 * (0..16) = 15.
        assert!(
            (y[0].to_f32() - 15.0).abs() < 0.02 && y[1].to_f32().abs() < 0.02,
            "{:?}",
            &y[..2]
        );
        let dev = [0 as c_int];
        assert_eq!(
            hipfftXtSetGPUs(plan, 1, dev.as_ptr() as *mut _),
            HIPFFT_SUCCESS
        );
        let two = [0 as c_int, 1];
        assert_eq!(
            hipfftXtSetGPUs(plan, 2, two.as_ptr() as *mut _),
            HIPFFT_NOT_SUPPORTED
        );
        // Mismatched types.
        assert_eq!(
            hipfftXtMakePlanMany(
                plan,
                1,
                n.as_mut_ptr(),
                null_mut(),
                1,
                16,
                HIP_C_16F,
                null_mut(),
                1,
                16,
                HIP_C_32F,
                1,
                &mut ws,
                HIP_C_16F
            ),
            HIPFFT_INVALID_TYPE
        );
        assert_eq!(hipfftDestroy(plan), HIPFFT_SUCCESS);
    }
}

#[test]
fn invalid_arguments_return_the_documented_statuses() {
    let mut plan: hipfftHandle = null_mut();
    let stale = NonNull::<c_void>::dangling().as_ptr();
    // SAFETY: every call is refused before it touches memory it was not given.
    unsafe {
        assert_eq!(
            hipfftPlan1d(null_mut(), 8, HIPFFT_C2C, 1),
            HIPFFT_INVALID_VALUE
        );
        assert_eq!(
            hipfftPlan1d(&mut plan, 0, HIPFFT_C2C, 1),
            HIPFFT_INVALID_SIZE
        );
        assert!(plan.is_null(), "a failed plan leaves the handle alone");
        assert_eq!(hipfftPlan1d(&mut plan, 8, 0x77, 1), HIPFFT_INVALID_TYPE);
        assert_eq!(
            hipfftPlan1d(&mut plan, 8, HIPFFT_C2C, 0),
            HIPFFT_INVALID_SIZE
        );
        let mut n = [4 as c_int; 4];
        assert_eq!(
            hipfftPlanMany(
                &mut plan,
                4,
                n.as_mut_ptr(),
                null_mut(),
                1,
                1,
                null_mut(),
                1,
                1,
                HIPFFT_C2C,
                1
            ),
            HIPFFT_INVALID_SIZE
        );
        assert_eq!(
            hipfftPlanMany(
                &mut plan,
                1,
                null_mut(),
                null_mut(),
                1,
                1,
                null_mut(),
                1,
                1,
                HIPFFT_C2C,
                1
            ),
            HIPFFT_INVALID_VALUE
        );
        // Overlapping outputs (odist smaller than a transform).
        let mut emb = [8 as c_int];
        assert_eq!(
            hipfftPlanMany(
                &mut plan,
                1,
                n.as_mut_ptr(),
                emb.as_mut_ptr(),
                1,
                4,
                emb.as_mut_ptr(),
                1,
                2,
                HIPFFT_C2C,
                3
            ),
            HIPFFT_INVALID_VALUE
        );
        assert_eq!(hipfftDestroy(null_mut()), HIPFFT_INVALID_PLAN);
        assert_eq!(hipfftDestroy(stale), HIPFFT_INVALID_PLAN);
        assert_eq!(hipfftSetStream(stale, null_mut()), HIPFFT_INVALID_PLAN);
        assert_eq!(hipfftPlan1d(&mut plan, 8, HIPFFT_R2C, 1), HIPFFT_SUCCESS);
        let mut v = vec![0f32; 32];
        let p = v.as_mut_ptr();
        assert_eq!(
            hipfftExecC2C(plan, p.cast(), p.cast(), HIPFFT_FORWARD),
            HIPFFT_INVALID_TYPE
        );
        assert_eq!(hipfftExecD2Z(plan, p.cast(), p.cast()), HIPFFT_INVALID_TYPE);
        assert_eq!(
            hipfftExecR2C(plan, null_mut(), p.cast()),
            HIPFFT_INVALID_VALUE
        );
        assert_eq!(hipfftDestroy(plan), HIPFFT_SUCCESS);
        assert_eq!(hipfftDestroy(plan), HIPFFT_INVALID_PLAN, "destroyed twice");
        assert_eq!(hipfftPlan1d(&mut plan, 8, HIPFFT_C2C, 1), HIPFFT_SUCCESS);
        assert_eq!(
            hipfftExecC2C(plan, p.cast(), p.cast(), 0),
            HIPFFT_INVALID_VALUE
        );
        assert_eq!(
            hipfftExtPlanScaleFactor(plan, f64::NAN),
            HIPFFT_INVALID_VALUE
        );
        assert_eq!(hipfftGetSize(plan, null_mut()), HIPFFT_INVALID_VALUE);
        assert_eq!(hipfftXtMalloc(plan, null_mut(), 0), HIPFFT_NOT_SUPPORTED);
        assert_eq!(hipfftDestroy(plan), HIPFFT_SUCCESS);
        let mut v = 0;
        assert_eq!(hipfftGetVersion(&mut v), HIPFFT_SUCCESS);
        assert_eq!(v, 10031);
        assert_eq!(
            hipfftGetProperty(HIPFFT_PATCH_LEVEL, &mut v),
            HIPFFT_SUCCESS
        );
        assert_eq!(v, 17);
        assert_eq!(hipfftGetProperty(7, &mut v), HIPFFT_INVALID_TYPE);
        assert_eq!(hipfftGetVersion(null_mut()), HIPFFT_INVALID_VALUE);
    }
}
