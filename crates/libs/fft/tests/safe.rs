//! The safe Rust API on the CPU platform: round trips through `C2c`, `R2c` and `C2r` with
//! `DeviceBuffer`s, and buffers too small for the plan refused before anything runs.

use fft::safe::{synchronize, C2c, C2r, R2c};
use fft::FftError;
use hip::safe::DeviceBuffer;
use num_complex::Complex;

#[test]
fn c2c_forward_then_inverse_is_n_times_the_input() {
    let (shape, batch) = ([6usize, 10], 2usize);
    let n = 60;
    let x: Vec<Complex<f64>> = (0..n * batch)
        .map(|i| Complex::new((i % 7) as f64, (i % 3) as f64 - 1.0))
        .collect();
    let plan = C2c::<f64>::new(&shape, batch).expect("plan");
    let dx = DeviceBuffer::from_slice(&x).expect("alloc");
    let mut dy = DeviceBuffer::zeroed(x.len()).expect("alloc");
    plan.exec(&dx, &mut dy, false).expect("forward");
    plan.exec_in_place(&mut dy, true).expect("inverse");
    synchronize().expect("sync");
    let mut y = vec![Complex::new(0.0, 0.0); x.len()];
    dy.copy_to(&mut y).expect("copy");
    for (a, b) in x.iter().zip(&y) {
        assert!((a * n as f64 - b).norm() < 1e-9, "{a} * {n} vs {b}");
    }
}

#[test]
fn r2c_then_c2r_is_n_times_the_input() {
    let (shape, batch) = ([5usize, 8], 3usize);
    let n = 40;
    let x: Vec<f32> = (0..n * batch)
        .map(|i| ((i * 7) % 11) as f32 - 5.0)
        .collect();
    let fwd = R2c::<f32>::new(&shape, batch).expect("plan");
    let inv = C2r::<f32>::new(&shape, batch).expect("plan");
    let dx = DeviceBuffer::from_slice(&x).expect("alloc");
    let mut spec = DeviceBuffer::zeroed(5 * 5 * batch).expect("alloc");
    let mut back = DeviceBuffer::zeroed(x.len()).expect("alloc");
    fwd.exec(&dx, &mut spec).expect("R2C");
    inv.exec(&mut spec, &mut back).expect("C2R");
    synchronize().expect("sync");
    let mut y = vec![0f32; x.len()];
    back.copy_to(&mut y).expect("copy");
    for (a, b) in x.iter().zip(&y) {
        assert!((a * n as f32 - b).abs() < 1e-3, "{a} * {n} vs {b}");
    }
}

#[test]
fn small_buffers_are_refused() {
    let plan = C2c::<f32>::new(&[16], 2).expect("plan");
    let small = DeviceBuffer::<Complex<f32>>::zeroed(31).expect("alloc");
    let mut ok = DeviceBuffer::<Complex<f32>>::zeroed(32).expect("alloc");
    assert!(matches!(
        plan.exec(&small, &mut ok, false),
        Err(FftError::InvalidSize(_))
    ));
    let r = R2c::<f32>::new(&[16], 1).expect("plan");
    let real = DeviceBuffer::<f32>::zeroed(16).expect("alloc");
    let mut spec = DeviceBuffer::<Complex<f32>>::zeroed(8).expect("alloc");
    assert!(matches!(
        r.exec(&real, &mut spec),
        Err(FftError::InvalidSize(_))
    ));
    assert!(C2c::<f64>::new(&[0], 1).is_err());
}
