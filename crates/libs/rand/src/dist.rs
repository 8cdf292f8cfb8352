//! rocRAND's distribution functions (`rocrand_uniform.h`, `rocrand_normal.h`,
//! `rocrand_log_normal.h`), with its constants and operation order, so that uniform
//! outputs are bit-identical and normal ones agree to the last bits of `logf`/`sinf`.

use half::f16;

use crate::engines::{mrg31k3p, mrg32k3a};

/// 2^-16 (float).
const P16: f32 = 1.525_878_9e-5;
/// 2^-32 (float).
pub const P32: f32 = 2.328_306_4e-10;
/// 2^-32 (double, as rocRAND writes it).
pub const P32D: f64 = 2.328_306_436_538_696_3e-10;
/// 2^-53 (double).
const P53D: f64 = 1.110_223_024_625_156_5e-16;
/// 2π in float.
const TWO_PI: f32 = 6.283_185_5;
const PI_D: f64 = std::f64::consts::PI;

/// `uniform_distribution(unsigned int)`: (0, 1].
#[inline(always)]
pub fn uniform_f32(v: u32) -> f32 {
    P32 + (v as f32) * P32
}

/// `uniform_distribution_double(unsigned int)` (MTGP32, Sobol32: one input).
#[inline(always)]
pub fn uniform_f64_1(v: u32) -> f64 {
    P32D + f64::from(v) * P32D
}

/// `uniform_distribution_double(unsigned int, unsigned int)`: 53 bits from two inputs.
#[inline(always)]
pub fn uniform_f64(v1: u32, v2: u32) -> f64 {
    let u = u64::from(v1) | (u64::from(v2 >> 11) << 32);
    P53D + (u as f64) * P53D
}

/// `uniform_distribution_half(unsigned short)`.
#[inline(always)]
pub fn uniform_f16(v: u16) -> f16 {
    f16::from_f32(P16 + f32::from(v) * P16)
}

/// `box_muller(x, y)`.
#[inline]
pub fn box_muller(x: u32, y: u32) -> (f32, f32) {
    let u = P32 + (x as f32) * P32;
    let v = P32 * TWO_PI + (y as f32) * (P32 * TWO_PI);
    let s = (-2.0f32 * u.ln()).sqrt();
    (v.sin() * s, v.cos() * s)
}

/// `box_muller_double(uint4)`.
#[inline]
pub fn box_muller_f64(v: [u32; 4]) -> (f64, f64) {
    let v1 = u64::from(v[0]) ^ (u64::from(v[1]) << 21);
    let u = P53D + (v1 as f64) * P53D;
    let v2 = u64::from(v[2]) ^ (u64::from(v[3]) << 21);
    let w = P53D * 2.0 + (v2 as f64) * (P53D * 2.0);
    let s = (-2.0 * u.ln()).sqrt();
    ((w * PI_D).sin() * s, (w * PI_D).cos() * s)
}

/// `box_muller_half(x, y)` computed in float, as rocRAND does without half math.
#[inline]
pub fn box_muller_f16(x: u16, y: u16) -> (f32, f32) {
    let u = P16 + f32::from(x) * P16;
    let v = P16 * TWO_PI + f32::from(y) * (P16 * TWO_PI);
    let s = (-2.0f32 * u.ln()).sqrt();
    let (a, b) = (v.sin() * s, v.cos() * s);
    (f16::from_f32(a).to_f32(), f16::from_f32(b).to_f32())
}

/// The constants of an MRG engine's distributions (`mrg_uniform_distribution<state>` is
/// templated on the engine in rocRAND: MRG32k3a and MRG31k3p differ only in these).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MrgC {
    /// `1 / m1`.
    pub norm: f64,
    /// `(2^32 - 1) / (m1 - 1)`.
    pub uint_norm: f64,
}

pub const MRG32K3A: MrgC = MrgC {
    norm: mrg32k3a::NORM_DOUBLE,
    uint_norm: mrg32k3a::UINT_NORM,
};
pub const MRG31K3P: MrgC = MrgC {
    norm: mrg31k3p::NORM_DOUBLE,
    uint_norm: mrg31k3p::UINT_NORM,
};

impl MrgC {
    /// `rocrand(&state)`: the raw output in `[1, m1]` rescaled to 32 bits.
    #[inline(always)]
    pub fn to_uint(self, v: u32) -> u32 {
        (f64::from(v.wrapping_sub(1)) * self.uint_norm) as u32
    }

    /// `mrg_uniform_distribution`.
    #[inline(always)]
    pub fn uniform_f32(self, v: u32) -> f32 {
        (f64::from(v) * self.norm) as f32
    }

    /// `mrg_uniform_distribution_double`.
    #[inline(always)]
    pub fn uniform_f64(self, v: u32) -> f64 {
        f64::from(v) * self.norm
    }

    /// `mrg_box_muller`.
    #[inline]
    pub fn box_muller(self, x: u32, y: u32) -> (f32, f32) {
        let u = self.uniform_f32(x);
        let v = self.uniform_f32(y) * TWO_PI;
        let s = (-2.0f32 * u.ln()).sqrt();
        (v.sin() * s, v.cos() * s)
    }

    /// `mrg_box_muller_double` (its uniforms are the float ones, widened).
    #[inline]
    pub fn box_muller_f64(self, x: u32, y: u32) -> (f64, f64) {
        let u = f64::from(self.uniform_f32(x));
        let v = f64::from(self.uniform_f32(y)) * 2.0;
        let s = (-2.0 * u.ln()).sqrt();
        ((v * PI_D).sin() * s, (v * PI_D).cos() * s)
    }
}

/// `mrg_uniform_distribution` (float from MRG32k3a's raw output).
#[inline(always)]
pub fn mrg_uniform_f32(v: u32) -> f32 {
    MRG32K3A.uniform_f32(v)
}

/// `mrg_uniform_distribution_double`.
#[inline(always)]
pub fn mrg_uniform_f64(v: u32) -> f64 {
    MRG32K3A.uniform_f64(v)
}

/// `mrg_box_muller`.
#[inline]
pub fn mrg_box_muller(x: u32, y: u32) -> (f32, f32) {
    MRG32K3A.box_muller(x, y)
}

/// `mrg_box_muller_double` (its uniforms are the float ones, widened).
#[inline]
pub fn mrg_box_muller_f64(x: u32, y: u32) -> (f64, f64) {
    MRG32K3A.box_muller_f64(x, y)
}

/// `uniform_distribution(unsigned long long)`: a float from the high 32 bits of a 64-bit
/// engine output.
#[inline(always)]
pub fn uniform_f32_64(v: u64) -> f32 {
    uniform_f32((v >> 32) as u32)
}

/// `uniform_distribution_double(unsigned long long)`: 53 bits of a 64-bit output.
#[inline(always)]
pub fn uniform_f64_64(v: u64) -> f64 {
    P53D + ((v >> 11) as f64) * P53D
}

/// Box-Muller from one 64-bit output (its low and high halves, as two 32-bit inputs).
#[inline]
pub fn box_muller_64(v: u64) -> (f32, f32) {
    box_muller(v as u32, (v >> 32) as u32)
}

/// `box_muller_double(ulonglong2)`: the four 32-bit halves of two 64-bit outputs.
#[inline]
pub fn box_muller_f64_64(x: u64, y: u64) -> (f64, f64) {
    box_muller_f64([x as u32, (x >> 32) as u32, y as u32, (y >> 32) as u32])
}

/// A discrete distribution in rocRAND's alias form (`rocrand_discrete_distribution_st`):
/// values `offset .. offset + size`, `probability[i]` the chance to keep `i`, else `alias[i]`.
#[derive(Debug, Clone)]
pub struct Discrete {
    pub offset: u32,
    pub probability: Vec<f64>,
    pub alias: Vec<u32>,
    pub cdf: Vec<f64>,
}

impl Discrete {
    /// Builds the alias table (Vose's method) and the CDF of `weights` (normalised here).
    pub fn new(weights: &[f64], offset: u32) -> Option<Discrete> {
        let size = weights.len();
        let total: f64 = weights.iter().sum();
        let bad = |w: f64| w.is_nan() || w < 0.0;
        if size == 0 || total.is_nan() || total <= 0.0 || weights.iter().any(|&w| bad(w)) {
            return None;
        }
        let mut p: Vec<f64> = weights.iter().map(|w| w / total * size as f64).collect();
        let mut alias: Vec<u32> = (0..size as u32).collect();
        let (mut small, mut large): (Vec<usize>, Vec<usize>) = (0..size).partition(|&i| p[i] < 1.0);
        while let (Some(s), Some(&l)) = (small.pop(), large.last()) {
            alias[s] = l as u32;
            p[l] -= 1.0 - p[s];
            if p[l] < 1.0 {
                large.pop();
                small.push(l);
            }
        }
        for i in small.into_iter().chain(large) {
            p[i] = 1.0;
        }
        let mut acc = 0.0;
        let cdf = weights
            .iter()
            .map(|w| {
                acc += w / total;
                acc
            })
            .collect();
        Some(Discrete {
            offset,
            probability: p,
            alias,
            cdf,
        })
    }

    /// The Poisson distribution of mean `lambda`, truncated where the probabilities are
    /// below 1e-12 (or `None` past the sizes a table holds: use the normal approximation).
    pub fn poisson(lambda: f64) -> Option<Discrete> {
        if lambda.is_nan() || lambda <= 0.0 || lambda > 1.0e6 {
            return None;
        }
        let spread = 8.0 * lambda.sqrt() + 16.0;
        let lo = (lambda - spread).max(0.0).floor() as u32;
        let hi = (lambda + spread).ceil() as u32;
        let ln_l = lambda.ln();
        let weights: Vec<f64> = (lo..=hi)
            .map(|k| {
                let k = f64::from(k);
                (k * ln_l - lambda - ln_gamma(k + 1.0)).exp()
            })
            .collect();
        Discrete::new(&weights, lo)
    }

    /// `discrete_alias(r)`: the value for the 32-bit input `r`.
    #[inline]
    pub fn alias_sample(&self, r: u32) -> u32 {
        let x = f64::from(r) * P32D;
        let nx = self.probability.len() as f64 * x;
        let fnx = nx.floor();
        let y = nx - fnx;
        let i = (fnx as usize).min(self.probability.len() - 1);
        self.offset
            + if y < self.probability[i] {
                i as u32
            } else {
                self.alias[i]
            }
    }
}

/// ln Γ(x) for x ≥ 1 (Lanczos, g = 7, n = 9: the approximation rocRAND's Poisson uses).
pub fn ln_gamma(x: f64) -> f64 {
    const C: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    let z = x - 1.0;
    let mut sum = 0.0;
    for i in (1..9).rev() {
        sum += C[i] / (z + i as f64);
    }
    sum += C[0];
    let log_sqrt_2_pi = 0.918_938_533_204_672_8;
    let e = std::f64::consts::E;
    (log_sqrt_2_pi + sum.ln() - 7.0) + (z + 0.5) * ((z + 7.0 + 0.5) / e).ln()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uniform_bounds() {
        assert!(uniform_f32(0) > 0.0);
        assert_eq!(uniform_f32(u32::MAX), 1.0);
        assert!(uniform_f64(0, 0) > 0.0);
        assert!(uniform_f64(u32::MAX, u32::MAX) <= 1.0);
    }

    #[test]
    fn alias_table_reproduces_weights() {
        let d = Discrete::new(&[1.0, 2.0, 3.0, 4.0], 10).expect("table");
        let mut counts = [0u32; 4];
        let n = 1u32 << 16;
        for i in 0..n {
            let r = i.wrapping_mul(65_537).wrapping_mul(2_654_435_761);
            counts[(d.alias_sample(r) - 10) as usize] += 1;
        }
        for (k, c) in counts.iter().enumerate() {
            let expect = f64::from(n) * (k as f64 + 1.0) / 10.0;
            assert!(
                (f64::from(*c) - expect).abs() < 0.02 * f64::from(n),
                "{k}: {c}"
            );
        }
        assert!(Discrete::new(&[], 0).is_none());
        assert!(Discrete::new(&[-1.0, 2.0], 0).is_none());
    }

    #[test]
    fn ln_gamma_matches_factorials() {
        assert!((ln_gamma(1.0)).abs() < 1e-12);
        assert!((ln_gamma(11.0) - 3_628_800f64.ln()).abs() < 1e-9);
    }
}
