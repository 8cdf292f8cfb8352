//! The quasi-random generators' host layout and distributions (Sobol32, Sobol64).
//!
//! As in rocRAND, `n` outputs over `D` dimensions are `n / D` consecutive points of each
//! dimension, dimension after dimension: element `d * (n / D) + k` is coordinate `d` of
//! point `offset + k`, and the next call continues at point `offset + n / D`. Each output
//! comes from one point (rocRAND's quasi distributions: uniform, and normal through the
//! inverse error function rather than Box-Muller).

use rayon::prelude::*;

use crate::dist::{self, P32D};
use crate::engines::sobol::{self, Sobol};
use crate::error::{RandError, RandResult};
use crate::types::{Distribution, Elem, Request, RngType};

/// Points per rayon task.
const CHUNK: usize = 1 << 15;
/// rocRAND's `3.1415926f`, one ulp below π in float.
#[allow(clippy::approx_constant)]
const PI_F: f32 = 3.141_592_6;
/// rocRAND's `1.4142135f` (√2 in float).
const SQRT2_F: f32 = std::f32::consts::SQRT_2;
const P53D: f64 = 1.110_223_024_625_156_5e-16;

/// rocRAND's `roc_f_erfinv` (Winitzki's approximation, a = 0.147).
fn erfinv_f32(x: f32) -> f32 {
    let sgn = if x < 0.0 { -1.0f32 } else { 1.0 };
    let x = (1.0 - x) * (1.0 + x);
    let lnx = x.ln();
    if lnx.is_nan() {
        return 1.0;
    }
    if lnx.is_infinite() {
        return 0.0;
    }
    let tt1 = 2.0f32 / (PI_F * 0.147f32) + 0.5f32 * lnx;
    let tt2 = 1.0f32 / 0.147f32 * lnx;
    sgn * (-tt1 + (tt1 * tt1 - tt2).sqrt()).sqrt()
}

/// rocRAND's `roc_d_erfinv`.
fn erfinv_f64(x: f64) -> f64 {
    let sgn = if x < 0.0 { -1.0 } else { 1.0 };
    let x = (1.0 - x) * (1.0 + x);
    let lnx = x.ln();
    if lnx.is_nan() {
        return 1.0;
    }
    if lnx.is_infinite() {
        return 0.0;
    }
    let tt1 = 2.0 / (std::f64::consts::PI * 0.147) + 0.5 * lnx;
    let tt2 = 1.0 / 0.147 * lnx;
    sgn * (-tt1 + (tt1 * tt1 - tt2).sqrt()).sqrt()
}

/// `normal_distribution(unsigned int)`.
pub fn normal_f32(v: u32) -> f32 {
    let p = dist::uniform_f32(v);
    SQRT2_F * erfinv_f32(2.0 * p - 1.0)
}

/// `normal_distribution_double(unsigned int)` (rocRAND scales by the float √2).
pub fn normal_f64_32(v: u32) -> f64 {
    let p = P32D + f64::from(v) * P32D;
    f64::from(SQRT2_F) * erfinv_f64(2.0 * p - 1.0)
}

/// `uniform_distribution_double(unsigned long long)`.
pub fn uniform_f64_64(v: u64) -> f64 {
    P53D + ((v >> 11) as f64) * P53D
}

/// `normal_distribution_double(unsigned long long)`.
pub fn normal_f64_64(v: u64) -> f64 {
    let p = uniform_f64_64(v);
    f64::from(SQRT2_F) * erfinv_f64(2.0 * p - 1.0)
}

/// One output value.
#[derive(Clone, Copy)]
enum Value {
    U32(u32),
    U64(u64),
    F32(f32),
    F64(f64),
}

/// Writes `v` at `at`.
///
/// # Safety
/// `at` is valid for one write of `v`'s type.
#[inline(always)]
unsafe fn write(at: usize, v: Value) {
    // SAFETY: the caller's contract; the element type is the request's, which picked `v`'s.
    unsafe {
        match v {
            Value::U32(x) => *(at as *mut u32) = x,
            Value::U64(x) => *(at as *mut u64) = x,
            Value::F32(x) => *(at as *mut f32) = x,
            Value::F64(x) => *(at as *mut f64) = x,
        }
    }
}

type Map<P> = fn(P, f64, f64) -> Value;

/// One output from one point of Sobol32 (with the distribution's mean and stddev).
fn map32(elem: Elem, dist: Distribution) -> RandResult<Map<u32>> {
    use Distribution as D;
    Ok(match (elem, dist) {
        (Elem::U32, D::Bits) => |v, _, _| Value::U32(v),
        (Elem::F32, D::Uniform) => |v, _, _| Value::F32(dist::uniform_f32(v)),
        (Elem::F64, D::Uniform) => |v, _, _| Value::F64(dist::uniform_f64_1(v)),
        (Elem::F32, D::Normal { .. }) => |v, m, s| Value::F32(m as f32 + s as f32 * normal_f32(v)),
        (Elem::F64, D::Normal { .. }) => |v, m, s| Value::F64(m + s * normal_f64_32(v)),
        (Elem::F32, D::LogNormal { .. }) => {
            |v, m, s| Value::F32((m as f32 + s as f32 * normal_f32(v)).exp())
        }
        (Elem::F64, D::LogNormal { .. }) => |v, m, s| Value::F64((m + s * normal_f64_32(v)).exp()),
        (Elem::U64, _) => return Err(RandError::TypeError),
        _ => return Err(RandError::NotImplemented("this output type from Sobol32")),
    })
}

/// One output from one point of Sobol64.
fn map64(elem: Elem, dist: Distribution) -> RandResult<Map<u64>> {
    use Distribution as D;
    Ok(match (elem, dist) {
        (Elem::U64, D::Bits) => |v, _, _| Value::U64(v),
        (Elem::F32, D::Uniform) => |v, _, _| Value::F32(uniform_f64_64(v) as f32),
        (Elem::F64, D::Uniform) => |v, _, _| Value::F64(uniform_f64_64(v)),
        (Elem::F32, D::Normal { .. }) => |v, m, s| Value::F32((m + s * normal_f64_64(v)) as f32),
        (Elem::F64, D::Normal { .. }) => |v, m, s| Value::F64(m + s * normal_f64_64(v)),
        (Elem::F32, D::LogNormal { .. }) => {
            |v, m, s| Value::F32((m + s * normal_f64_64(v)).exp() as f32)
        }
        (Elem::F64, D::LogNormal { .. }) => |v, m, s| Value::F64((m + s * normal_f64_64(v)).exp()),
        _ => return Err(RandError::NotImplemented("this output type from Sobol64")),
    })
}

fn params(dist: Distribution) -> (f64, f64) {
    match dist {
        Distribution::Normal { mean, stddev } | Distribution::LogNormal { mean, stddev } => {
            (mean, stddev)
        }
        _ => (0.0, 1.0),
    }
}

/// Fills `req` with points `first ..` of `dimensions` dimensions.
///
/// # Safety
/// `req.ptr` is valid for `req.n` elements of `req.elem`; `req.n` is a multiple of
/// `dimensions`, which is at most [`sobol::DIMENSIONS`].
pub unsafe fn fill(rng: RngType, req: &Request, first: u64, dimensions: usize) -> RandResult<()> {
    let per_dim = req.n / dimensions;
    let size = req.elem.size();
    let (m, s) = params(req.dist);
    let base = req.ptr;
    let tasks: Vec<(usize, usize)> = (0..dimensions)
        .flat_map(|d| (0..per_dim).step_by(CHUNK).map(move |k| (d, k)))
        .collect();
    match rng {
        RngType::Sobol32 => {
            let f = map32(req.elem, req.dist)?;
            let v = sobol::vectors32();
            tasks.into_par_iter().for_each(|(d, k0)| {
                let mut e = Sobol::<u32>::new(&v[d * 32..(d + 1) * 32], first + k0 as u64);
                for k in k0..per_dim.min(k0 + CHUNK) {
                    let at = base + (d * per_dim + k) * size;
                    // SAFETY: element `d * per_dim + k` < n of the caller's buffer, written
                    // by this task only.
                    unsafe { write(at, f(e.next_point(), m, s)) };
                }
            });
        }
        RngType::Sobol64 => {
            let f = map64(req.elem, req.dist)?;
            let v = sobol::vectors64();
            tasks.into_par_iter().for_each(|(d, k0)| {
                let mut e = Sobol::<u64>::new(&v[d * 64..(d + 1) * 64], first + k0 as u64);
                for k in k0..per_dim.min(k0 + CHUNK) {
                    let at = base + (d * per_dim + k) * size;
                    // SAFETY: element `d * per_dim + k` < n of the caller's buffer, written
                    // by this task only.
                    unsafe { write(at, f(e.next_point(), m, s)) };
                }
            });
        }
        _ => return Err(RandError::NotImplemented("this quasi-random generator")),
    }
    Ok(())
}

/// Whether `fill` can produce `elem`/`dist` from `rng` (checked before enqueueing).
pub fn supports(rng: RngType, elem: Elem, dist: Distribution) -> RandResult<()> {
    match rng {
        RngType::Sobol32 => map32(elem, dist).map(drop),
        RngType::Sobol64 => map64(elem, dist).map(drop),
        _ => Err(RandError::NotImplemented("this quasi-random generator")),
    }
}
