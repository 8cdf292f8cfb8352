//! The safe Rust API over `hip::safe::DeviceBuffer`: results against the reference, and
//! buffers too small for the shape rejected before anything runs.

mod common;

use blas::{Blas, BlasError, GemmConfig, Operation};
use common::*;
use hip::safe::DeviceBuffer;

#[test]
fn gemm_axpy_dot_on_device_buffers() {
    let blas = Blas::new().expect("handle");
    let (m, n, k) = (6usize, 4usize, 5usize);
    let a = fill::<f32>(k * m, 1); // op(A) = A^T, A is k x m
    let b = fill::<f32>(k * n, 2);
    let c0 = fill::<f32>(m * n, 3);
    let cfg = GemmConfig {
        trans_a: Operation::Transpose,
        trans_b: Operation::None,
        m,
        n,
        k,
        alpha: 2.0,
        lda: k,
        ldb: k,
        beta: -1.0,
        ldc: m,
    };
    let (da, db) = (
        DeviceBuffer::from_slice(&a).expect("a"),
        DeviceBuffer::from_slice(&b).expect("b"),
    );
    let mut dc = DeviceBuffer::from_slice(&c0).expect("c");
    blas.gemm(&cfg, &da, &db, &mut dc).expect("gemm");
    blas.synchronize().expect("sync");
    let mut want = c0.clone();
    ref_gemm(
        Operation::Transpose,
        Operation::None,
        m,
        n,
        k,
        2.0,
        &a,
        k,
        &b,
        k,
        -1.0,
        &mut want,
        m,
    );
    assert_close(&dc.to_vec().expect("read C"), &want, k as f64, "safe gemm");

    let x = fill::<f64>(100, 4);
    let y = fill::<f64>(100, 5);
    let (dx, mut dy) = (
        DeviceBuffer::from_slice(&x).expect("x"),
        DeviceBuffer::from_slice(&y).expect("y"),
    );
    blas.axpy(0.5, &dx, &mut dy).expect("axpy");
    let d = blas.dot(&dx, &dy, false).expect("dot");
    let want: f64 = x.iter().zip(&y).map(|(a, b)| a * (b + 0.5 * a)).sum();
    assert!((d - want).abs() < 1e-10, "{d} vs {want}");
}

#[test]
fn buffers_too_small_are_rejected() {
    let blas = Blas::new().expect("handle");
    let small = DeviceBuffer::from_slice(&[0.0f32; 10]).expect("buffer");
    let mut c = DeviceBuffer::from_slice(&[0.0f32; 16]).expect("buffer");
    let cfg = GemmConfig {
        trans_a: Operation::None,
        trans_b: Operation::None,
        m: 4,
        n: 4,
        k: 4,
        alpha: 1.0,
        lda: 4,
        ldb: 4,
        beta: 0.0,
        ldc: 4,
    };
    assert_eq!(
        blas.gemm(&cfg, &small, &small, &mut c),
        Err(BlasError::InvalidSize)
    );
    let mut y = DeviceBuffer::from_slice(&[0.0f32; 5]).expect("buffer");
    assert_eq!(blas.axpy(1.0, &small, &mut y), Err(BlasError::InvalidSize));
}
