//! The NVIDIA backend (cuFFT) on a GPU: this process selects the NVIDIA platform, puts the
//! data in device memory, and checks each transform against cuFFT called directly (through
//! cudarc) on the same data and against a naive DFT on the host. Without an NVIDIA driver
//! and GPU (or without libcufft) every test prints "skipped: ..." and passes.

use std::f64::consts::PI;

use cudarc::cufft::{result as cufft, sys as cf};
use fft::{ArrayType, Buffers, FftError, Placement, Plan, PlanDesc, Precision, TransformType};
use hip::safe::DeviceBuffer;

fn gpu() -> bool {
    let p = hip::platform::select(hip::platform::Platform::Nvidia);
    if p != hip::platform::Platform::Nvidia || hip::platform::nvidia::device_count() == 0 {
        eprintln!("skipped: no NVIDIA GPU");
        return false;
    }
    // SAFETY: only tries to open the library.
    if !unsafe { cf::is_culib_present() } {
        eprintln!("skipped: libcufft.so is not installed");
        return false;
    }
    true
}

fn sync() {
    fft::hip_bridge::synchronize(0).expect("synchronize");
}

fn values(n: usize, seed: usize) -> Vec<f64> {
    (0..n)
        .map(|i| (((i + seed) * 7919) % 211) as f64 / 105.0 - 1.0)
        .collect()
}

/// Naive DFT of dense `lengths` (row-major, last fastest), one dimension at a time.
fn dft(x: &mut [(f64, f64)], shape: &[usize], sign: f64) {
    let total: usize = shape.iter().product();
    for d in 0..shape.len() {
        let n = shape[d];
        let inner: usize = shape[d + 1..].iter().product();
        let mut line = vec![(0.0, 0.0); n];
        for block in 0..total / (n * inner) {
            for c in 0..inner {
                let base = block * n * inner + c;
                for (j, l) in line.iter_mut().enumerate() {
                    *l = x[base + j * inner];
                }
                for k in 0..n {
                    let mut acc = (0.0, 0.0);
                    for (j, v) in line.iter().enumerate() {
                        let a = sign * 2.0 * PI * ((j * k) % n) as f64 / n as f64;
                        acc.0 += v.0 * a.cos() - v.1 * a.sin();
                        acc.1 += v.0 * a.sin() + v.1 * a.cos();
                    }
                    x[base + k * inner] = acc;
                }
            }
        }
    }
}

fn assert_close(got: &[f64], want: &[f64], rel: f64, what: &str) {
    let mag = want.iter().fold(1e-30f64, |m, v| m.max(v.abs()));
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            (g - w).abs() <= rel * mag,
            "{what}: value {i}: got {g}, want {w}"
        );
    }
}

fn plan(desc: PlanDesc) -> Plan {
    Plan::new(desc).expect("plan on NVIDIA")
}

#[test]
fn c2c_batched_matches_cufft_and_the_dft() {
    if !gpu() {
        return;
    }
    let (n, batch) = (1000usize, 4usize);
    let x: Vec<f32> = values(2 * n * batch, 1).iter().map(|&v| v as f32).collect();
    let dx = DeviceBuffer::from_slice(&x).expect("alloc");
    let mut dy = DeviceBuffer::<f32>::zeroed(x.len()).expect("alloc");
    let mut dz = DeviceBuffer::<f32>::zeroed(x.len()).expect("alloc");
    let p = plan(PlanDesc::new(
        TransformType::ComplexForward,
        Precision::Single,
        &[n],
        batch,
        Placement::NotInPlace,
    ));
    let bufs = Buffers {
        input: [dx.as_ptr() as *mut _, std::ptr::null_mut()],
        output: [dy.as_mut_ptr().cast(), std::ptr::null_mut()],
    };
    // SAFETY: device buffers of the plan's size.
    unsafe { p.execute(0, bufs, None) }.expect("execute");
    sync();
    // cuFFT directly, on the device's primary context.
    fft::hip_bridge::bind_device_context(0).expect("context");
    let h = cufft::plan_1d(n as i32, cf::cufftType::CUFFT_C2C, batch as i32).expect("cufftPlan1d");
    // SAFETY: device buffers of the plan's size; the null stream.
    unsafe {
        cufft::exec_c2c(h, dx.as_ptr() as *mut _, dz.as_mut_ptr().cast(), -1)
            .expect("cufftExecC2C");
        cufft::destroy(h).expect("destroy");
    }
    sync();
    let (mut y, mut z) = (vec![0f32; x.len()], vec![0f32; x.len()]);
    dy.copy_to(&mut y).expect("copy");
    dz.copy_to(&mut z).expect("copy");
    let y64: Vec<f64> = y.iter().map(|&v| v as f64).collect();
    let z64: Vec<f64> = z.iter().map(|&v| v as f64).collect();
    assert_close(&y64, &z64, 1e-6, "ours vs cuFFT");
    let mut want: Vec<(f64, f64)> = x.chunks(2).map(|c| (c[0] as f64, c[1] as f64)).collect();
    for b in 0..batch {
        dft(&mut want[b * n..(b + 1) * n], &[n], -1.0);
    }
    let flat: Vec<f64> = want.iter().flat_map(|c| [c.0, c.1]).collect();
    assert_close(&y64, &flat, 2e-5, "ours vs DFT");
}

#[test]
fn z2z_2d_in_place_inverse() {
    if !gpu() {
        return;
    }
    let shape = [12usize, 20];
    let x = values(2 * 240, 2);
    let mut d = DeviceBuffer::from_slice(&x).expect("alloc");
    let lengths: Vec<usize> = shape.iter().rev().copied().collect();
    let p = plan(PlanDesc::new(
        TransformType::ComplexForward,
        Precision::Double,
        &lengths,
        1,
        Placement::InPlace,
    ));
    let ptr = d.as_mut_ptr().cast();
    // SAFETY: as above.
    unsafe {
        p.execute(
            0,
            Buffers {
                input: [ptr, std::ptr::null_mut()],
                output: [ptr, std::ptr::null_mut()],
            },
            Some(true),
        )
    }
    .expect("execute");
    sync();
    let mut y = vec![0f64; x.len()];
    d.copy_to(&mut y).expect("copy");
    let mut want: Vec<(f64, f64)> = x.chunks(2).map(|c| (c[0], c[1])).collect();
    dft(&mut want, &shape, 1.0);
    let flat: Vec<f64> = want.iter().flat_map(|c| [c.0, c.1]).collect();
    assert_close(&y, &flat, 1e-12, "Z2Z inverse");
}

#[test]
fn r2c_3d_matches_cufft() {
    if !gpu() {
        return;
    }
    let shape = [4usize, 6, 10];
    let n: usize = shape.iter().product();
    let h = 4 * 6 * 6;
    let x: Vec<f32> = values(n, 3).iter().map(|&v| v as f32).collect();
    let dx = DeviceBuffer::from_slice(&x).expect("alloc");
    let mut dy = DeviceBuffer::<f32>::zeroed(2 * h).expect("alloc");
    let mut dz = DeviceBuffer::<f32>::zeroed(2 * h).expect("alloc");
    let lengths: Vec<usize> = shape.iter().rev().copied().collect();
    let p = plan(PlanDesc::new(
        TransformType::RealForward,
        Precision::Single,
        &lengths,
        1,
        Placement::NotInPlace,
    ));
    // SAFETY: as above.
    unsafe {
        p.execute(
            0,
            Buffers {
                input: [dx.as_ptr() as *mut _, std::ptr::null_mut()],
                output: [dy.as_mut_ptr().cast(), std::ptr::null_mut()],
            },
            None,
        )
    }
    .expect("execute");
    fft::hip_bridge::bind_device_context(0).expect("context");
    let c = cufft::plan_3d(4, 6, 10, cf::cufftType::CUFFT_R2C).expect("cufftPlan3d");
    // SAFETY: as above.
    unsafe {
        cufft::exec_r2c(c, dx.as_ptr() as *mut _, dz.as_mut_ptr().cast()).expect("cufftExecR2C");
        cufft::destroy(c).expect("destroy");
    }
    sync();
    let (mut y, mut z) = (vec![0f32; 2 * h], vec![0f32; 2 * h]);
    dy.copy_to(&mut y).expect("copy");
    dz.copy_to(&mut z).expect("copy");
    let y64: Vec<f64> = y.iter().map(|&v| v as f64).collect();
    let z64: Vec<f64> = z.iter().map(|&v| v as f64).collect();
    assert_close(&y64, &z64, 1e-6, "R2C ours vs cuFFT");
}

#[test]
fn strided_offset_d2z_and_padded_in_place_c2r() {
    if !gpu() {
        return;
    }
    // D2Z of 3 transforms of 16 reals, every other value, 5 values in.
    let mut d = PlanDesc::new(
        TransformType::RealForward,
        Precision::Double,
        &[16],
        3,
        Placement::NotInPlace,
    );
    d.input.strides = vec![2];
    d.input.distance = 40;
    d.input.offsets = [5, 0];
    let x = values(5 + 3 * 40, 4);
    let dx = DeviceBuffer::from_slice(&x).expect("alloc");
    let mut dy = DeviceBuffer::<f64>::zeroed(2 * 9 * 3).expect("alloc");
    let p = plan(d);
    // SAFETY: as above.
    unsafe {
        p.execute(
            0,
            Buffers {
                input: [dx.as_ptr() as *mut _, std::ptr::null_mut()],
                output: [dy.as_mut_ptr().cast(), std::ptr::null_mut()],
            },
            None,
        )
    }
    .expect("execute");
    sync();
    let mut y = vec![0f64; 54];
    dy.copy_to(&mut y).expect("copy");
    let mut want = Vec::new();
    for b in 0..3 {
        let mut line: Vec<(f64, f64)> = (0..16).map(|j| (x[5 + b * 40 + 2 * j], 0.0)).collect();
        dft(&mut line, &[16], -1.0);
        want.extend(line[..9].iter().flat_map(|c| [c.0, c.1]));
    }
    assert_close(&y, &want, 1e-12, "strided D2Z");
    // C2R in place with padded rows: the inverse of the spectrum just computed.
    let mut buf = DeviceBuffer::from_slice(&y).expect("alloc");
    let ptr = buf.as_mut_ptr().cast();
    let inv = plan(PlanDesc::new(
        TransformType::RealInverse,
        Precision::Double,
        &[16],
        3,
        Placement::InPlace,
    ));
    // SAFETY: as above.
    unsafe {
        inv.execute(
            0,
            Buffers {
                input: [ptr, std::ptr::null_mut()],
                output: [ptr, std::ptr::null_mut()],
            },
            None,
        )
    }
    .expect("execute");
    sync();
    let mut r = vec![0f64; 54];
    buf.copy_to(&mut r).expect("copy");
    for b in 0..3 {
        let got: Vec<f64> = r[b * 18..b * 18 + 16].to_vec();
        let want: Vec<f64> = (0..16).map(|j| 16.0 * x[5 + b * 40 + 2 * j]).collect();
        assert_close(&got, &want, 1e-12, "padded in-place C2R");
    }
}

#[test]
fn what_cufft_cannot_express_is_not_supported() {
    if !gpu() {
        return;
    }
    let base = PlanDesc::new(
        TransformType::ComplexForward,
        Precision::Single,
        &[16],
        1,
        Placement::NotInPlace,
    );
    let mut planar = base.clone();
    planar.input.array = ArrayType::ComplexPlanar;
    let mut scaled = base.clone();
    scaled.scale = 0.5;
    let mut half = base.clone();
    half.precision = Precision::Half;
    for d in [planar, scaled, half] {
        assert!(matches!(Plan::new(d), Err(FftError::NotSupported(_))));
    }
}
