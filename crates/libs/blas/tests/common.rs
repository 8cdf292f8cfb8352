//! Shared by the BLAS core's integration tests: a plain reference implementation of the
//! operations (column-major, as reference BLAS), deterministic data, comparisons.
#![allow(dead_code)]

use std::ffi::c_void;

use blas::scalar::{RealScalar, Scalar, C32, C64};
use blas::Operation;

/// A handle on the null stream (the CPU platform in these tests).
pub fn handle() -> *mut c_void {
    blas::capi::create_handle().expect("create handle")
}

/// Deterministic pseudo-random values in [-1, 1) (xorshift).
pub struct Gen(u64);
impl Gen {
    pub fn new(seed: u64) -> Gen {
        Gen(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn real(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 52) as f64 - 1.0
    }
}

/// Element types the tests run over.
pub trait TestScalar: Scalar {
    fn sample(g: &mut Gen) -> Self;
    /// Tolerance per unit of accumulated magnitude.
    fn eps() -> f64;
}
impl TestScalar for f32 {
    fn sample(g: &mut Gen) -> Self {
        g.real() as f32
    }
    fn eps() -> f64 {
        1e-5
    }
}
impl TestScalar for f64 {
    fn sample(g: &mut Gen) -> Self {
        g.real()
    }
    fn eps() -> f64 {
        1e-12
    }
}
impl TestScalar for C32 {
    fn sample(g: &mut Gen) -> Self {
        C32::new(g.real() as f32, g.real() as f32)
    }
    fn eps() -> f64 {
        1e-5
    }
}
impl TestScalar for C64 {
    fn sample(g: &mut Gen) -> Self {
        C64::new(g.real(), g.real())
    }
    fn eps() -> f64 {
        1e-12
    }
}

pub fn fill<T: TestScalar>(n: usize, seed: u64) -> Vec<T> {
    let mut g = Gen::new(seed);
    (0..n).map(|_| T::sample(&mut g)).collect()
}

/// `|a - b| <= tol * (1 + scale)` element-wise.
pub fn assert_close<T: TestScalar>(got: &[T], want: &[T], scale: f64, what: &str) {
    assert_eq!(got.len(), want.len());
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        let d = (*g - *w).abs_sq().to_f64().sqrt();
        assert!(
            d <= T::eps() * (1.0 + scale),
            "{what}: element {i}: got {g:?}, want {w:?}"
        );
    }
}

pub fn op_elem<T: Scalar>(op: Operation, a: &[T], lda: usize, i: usize, j: usize) -> T {
    match op {
        Operation::None => a[i + j * lda],
        Operation::Transpose => a[j + i * lda],
        Operation::ConjTranspose => a[j + i * lda].conj(),
    }
}

/// Reference GEMM on one matrix.
#[allow(clippy::too_many_arguments)]
pub fn ref_gemm<T: Scalar>(
    ta: Operation,
    tb: Operation,
    m: usize,
    n: usize,
    k: usize,
    alpha: T,
    a: &[T],
    lda: usize,
    b: &[T],
    ldb: usize,
    beta: T,
    c: &mut [T],
    ldc: usize,
) {
    for j in 0..n {
        for i in 0..m {
            let mut s = T::zero();
            for p in 0..k {
                s += op_elem(ta, a, lda, i, p) * op_elem(tb, b, ldb, p, j);
            }
            let old = c[i + j * ldc];
            c[i + j * ldc] = alpha * s
                + if beta.is_zero() {
                    T::zero()
                } else {
                    beta * old
                };
        }
    }
}

pub const OPS: [Operation; 3] = [
    Operation::None,
    Operation::Transpose,
    Operation::ConjTranspose,
];

/// The triangular matrix `A` (stored in `uplo` of an `n x n` block) as a dense matrix
/// (leading dimension `n`), with ones on the diagonal for `unit`.
pub fn tri_dense<T: Scalar>(a: &[T], lda: usize, n: usize, lower: bool, unit: bool) -> Vec<T> {
    let mut d = vec![T::zero(); n * n];
    for j in 0..n {
        for i in 0..n {
            if (lower && i >= j) || (!lower && i <= j) {
                d[i + j * n] = if i == j && unit {
                    T::one()
                } else {
                    a[i + j * lda]
                };
            }
        }
    }
    d
}

/// The symmetric (or Hermitian) matrix stored in one triangle, dense (leading dimension `n`).
pub fn sym_dense<T: Scalar>(a: &[T], lda: usize, n: usize, lower: bool, hermitian: bool) -> Vec<T> {
    let mut d = vec![T::zero(); n * n];
    for j in 0..n {
        for i in 0..n {
            let stored = if lower { i >= j } else { i <= j };
            let v = if stored {
                a[i + j * lda]
            } else {
                a[j + i * lda]
            };
            d[i + j * n] = match (hermitian, i == j, stored) {
                (false, _, _) => v,
                (true, true, _) => T::from_real(v.re()),
                (true, false, true) => v,
                (true, false, false) => v.conj(),
            };
        }
    }
    d
}

/// `op(A) * B` for dense column-major operands (`op(A)` is `m x k`).
#[allow(clippy::too_many_arguments)]
pub fn ref_mul<T: Scalar>(
    op: Operation,
    a: &[T],
    lda: usize,
    m: usize,
    k: usize,
    b: &[T],
    ldb: usize,
    n: usize,
) -> Vec<T> {
    let mut c = vec![T::zero(); m * n];
    ref_gemm(
        op,
        Operation::None,
        m,
        n,
        k,
        T::one(),
        a,
        lda,
        b,
        ldb,
        T::zero(),
        &mut c,
        m,
    );
    c
}
