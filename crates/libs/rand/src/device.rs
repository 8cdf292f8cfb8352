//! rocRAND's device API semantics (`rocrand_kernel.h`: `rocrand`, `rocrand_uniform`,
//! `rocrand_normal`, ... on one state), in Rust: the reference the C++ device headers
//! under `include/rocrand/` implement, and what the tests compare with rocRAND's own
//! headers. A state caches the second value of a Box-Muller pair, as rocRAND's does.

use crate::dist::{self, ln_gamma};
use crate::engines::threefry::Threefry;
use crate::engines::{mrg32k3a, Engine, Lfsr113, Mrg31k3p, Mrg32k3a, Philox, Xorwow};
use crate::quasi;

/// An engine with its device-API distributions.
pub trait DeviceEngine: Engine {
    /// `rocrand(&state)`.
    fn rocrand(&mut self) -> u32;
    /// `rocrand_uniform`.
    fn uniform(&mut self) -> f32;
    /// `rocrand_uniform_double`.
    fn uniform_double(&mut self) -> f64;
    /// `rocrand_normal2`.
    fn normal2(&mut self) -> (f32, f32);
    /// `rocrand_normal_double2`.
    fn normal_double2(&mut self) -> (f64, f64);
    /// `rocrand_normal` where it is one inverse-CDF value of one draw rather than half a
    /// cached Box-Muller pair (rocRAND's LFSR113 and ThreeFry states).
    fn normal_one(&mut self) -> Option<f32> {
        None
    }
    /// `rocrand_normal_double`, likewise.
    fn normal_double_one(&mut self) -> Option<f64> {
        None
    }
    /// Whether `rocrand_poisson` is rocRAND's inversion algorithm (`poisson_distribution_inv`:
    /// Fishman's ITR below lambda = 1000) rather than products of uniforms / rejection.
    const INVERSE_POISSON: bool = false;
}

impl DeviceEngine for Philox {
    fn rocrand(&mut self) -> u32 {
        self.next_u32()
    }
    fn uniform(&mut self) -> f32 {
        dist::uniform_f32(self.next_u32())
    }
    fn uniform_double(&mut self) -> f64 {
        let a = self.next_u32();
        let b = self.next_u32();
        dist::uniform_f64(a, b)
    }
    fn normal2(&mut self) -> (f32, f32) {
        let a = self.next_u32();
        let b = self.next_u32();
        dist::box_muller(a, b)
    }
    fn normal_double2(&mut self) -> (f64, f64) {
        dist::box_muller_f64(self.next4())
    }
}

impl DeviceEngine for Xorwow {
    fn rocrand(&mut self) -> u32 {
        self.next_u32()
    }
    fn uniform(&mut self) -> f32 {
        dist::uniform_f32(self.next_u32())
    }
    fn uniform_double(&mut self) -> f64 {
        let a = self.next_u32();
        let b = self.next_u32();
        dist::uniform_f64(a, b)
    }
    fn normal2(&mut self) -> (f32, f32) {
        let a = self.next_u32();
        let b = self.next_u32();
        dist::box_muller(a, b)
    }
    fn normal_double2(&mut self) -> (f64, f64) {
        let v = [
            self.next_u32(),
            self.next_u32(),
            self.next_u32(),
            self.next_u32(),
        ];
        dist::box_muller_f64(v)
    }
}

impl DeviceEngine for Mrg32k3a {
    fn rocrand(&mut self) -> u32 {
        mrg32k3a::to_uint(self.next_raw())
    }
    fn uniform(&mut self) -> f32 {
        dist::mrg_uniform_f32(self.next_raw())
    }
    fn uniform_double(&mut self) -> f64 {
        dist::mrg_uniform_f64(self.next_raw())
    }
    fn normal2(&mut self) -> (f32, f32) {
        let a = self.next_raw();
        let b = self.next_raw();
        dist::mrg_box_muller(a, b)
    }
    fn normal_double2(&mut self) -> (f64, f64) {
        let a = self.next_raw();
        let b = self.next_raw();
        dist::mrg_box_muller_f64(a, b)
    }
}

impl DeviceEngine for Mrg31k3p {
    fn rocrand(&mut self) -> u32 {
        dist::MRG31K3P.to_uint(self.next_raw())
    }
    fn uniform(&mut self) -> f32 {
        dist::MRG31K3P.uniform_f32(self.next_raw())
    }
    fn uniform_double(&mut self) -> f64 {
        dist::MRG31K3P.uniform_f64(self.next_raw())
    }
    fn normal2(&mut self) -> (f32, f32) {
        let a = self.next_raw();
        let b = self.next_raw();
        dist::MRG31K3P.box_muller(a, b)
    }
    fn normal_double2(&mut self) -> (f64, f64) {
        let a = self.next_raw();
        let b = self.next_raw();
        dist::MRG31K3P.box_muller_f64(a, b)
    }
}

/// rocRAND's distributions of the LFSR113 and 32-bit ThreeFry states: one draw per
/// uniform double and per single normal (inverse CDF), Box-Muller pairs of two (float) or
/// four (double) draws, the inversion Poisson.
macro_rules! one_draw32 {
    () => {
        fn rocrand(&mut self) -> u32 {
            self.next_u32()
        }
        fn uniform(&mut self) -> f32 {
            dist::uniform_f32(self.next_u32())
        }
        fn uniform_double(&mut self) -> f64 {
            dist::uniform_f64_1(self.next_u32())
        }
        fn normal2(&mut self) -> (f32, f32) {
            let a = self.next_u32();
            let b = self.next_u32();
            dist::box_muller(a, b)
        }
        fn normal_double2(&mut self) -> (f64, f64) {
            let v = [
                self.next_u32(),
                self.next_u32(),
                self.next_u32(),
                self.next_u32(),
            ];
            dist::box_muller_f64(v)
        }
        fn normal_one(&mut self) -> Option<f32> {
            Some(quasi::normal_f32(self.next_u32()))
        }
        fn normal_double_one(&mut self) -> Option<f64> {
            Some(quasi::normal_f64_32(self.next_u32()))
        }
        const INVERSE_POISSON: bool = true;
    };
}

impl DeviceEngine for Lfsr113 {
    one_draw32!();
}

impl<const N: usize> DeviceEngine for Threefry<u32, N> {
    one_draw32!();
}

/// The 64-bit ThreeFry states: `rocrand` gives the whole 64-bit word
/// ([`Threefry::next_word`]; here its low half), a float from its high 32 bits, a double
/// from its high 53, Box-Muller in double from the halves of two words.
impl<const N: usize> DeviceEngine for Threefry<u64, N> {
    fn rocrand(&mut self) -> u32 {
        self.next_word() as u32
    }
    fn uniform(&mut self) -> f32 {
        dist::uniform_f32_64(self.next_word())
    }
    fn uniform_double(&mut self) -> f64 {
        dist::uniform_f64_64(self.next_word())
    }
    /// 2x64: the halves of one word; 4x64: the low halves of two words (rocRAND's
    /// `normal_distribution2(state1, state2)` narrows its 64-bit arguments).
    fn normal2(&mut self) -> (f32, f32) {
        if N == 2 {
            dist::box_muller_64(self.next_word())
        } else {
            let a = self.next_word() as u32;
            let b = self.next_word() as u32;
            dist::box_muller(a, b)
        }
    }
    fn normal_double2(&mut self) -> (f64, f64) {
        let a = self.next_word();
        let b = self.next_word();
        dist::box_muller_f64_64(a, b)
    }
    fn normal_one(&mut self) -> Option<f32> {
        Some(quasi::normal_f32((self.next_word() >> 32) as u32))
    }
    fn normal_double_one(&mut self) -> Option<f64> {
        Some(quasi::normal_f64_64(self.next_word()))
    }
    const INVERSE_POISSON: bool = true;
}

/// A device-API state: an engine and its cached Box-Muller values.
#[derive(Debug, Clone)]
pub struct State<E> {
    pub engine: E,
    float_cache: Option<f32>,
    double_cache: Option<f64>,
}

impl<E: DeviceEngine> State<E> {
    pub fn new(engine: E) -> State<E> {
        State {
            engine,
            float_cache: None,
            double_cache: None,
        }
    }

    /// `rocrand_normal`.
    pub fn normal(&mut self) -> f32 {
        if let Some(v) = self.engine.normal_one() {
            return v;
        }
        if let Some(v) = self.float_cache.take() {
            return v;
        }
        let (a, b) = self.engine.normal2();
        self.float_cache = Some(b);
        a
    }

    /// `rocrand_normal_double`.
    pub fn normal_double(&mut self) -> f64 {
        if let Some(v) = self.engine.normal_double_one() {
            return v;
        }
        if let Some(v) = self.double_cache.take() {
            return v;
        }
        let (a, b) = self.engine.normal_double2();
        self.double_cache = Some(b);
        a
    }

    /// `rocrand_log_normal`.
    pub fn log_normal(&mut self, mean: f32, stddev: f32) -> f32 {
        (mean + stddev * self.normal()).exp()
    }

    /// `rocrand_poisson`: products of uniforms below 64, rejection (Atkinson) up to 4000,
    /// the normal approximation above.
    pub fn poisson(&mut self, lambda: f64) -> u32 {
        if E::INVERSE_POISSON {
            return self.poisson_inverse(lambda);
        }
        if lambda < 64.0 {
            let limit = (-lambda).exp();
            let mut k = 0u32;
            let mut product = 1.0;
            loop {
                k += 1;
                product *= self.engine.uniform_double();
                if product <= limit {
                    return k - 1;
                }
            }
        } else if lambda <= 4000.0 {
            let c = 0.767 - 3.36 / lambda;
            let beta = std::f64::consts::PI / (3.0 * lambda).sqrt();
            let alpha = beta * lambda;
            let k = c.ln() - lambda - beta.ln();
            let log_lambda = lambda.ln();
            loop {
                let u = self.engine.uniform_double();
                let x = (alpha - ((1.0 - u) / u).ln()) / beta;
                let n = (x + 0.5).floor();
                if n < 0.0 {
                    continue;
                }
                let v = self.engine.uniform_double();
                let y = alpha - beta * x;
                let t = 1.0 + y.exp();
                let lhs = y + (v / (t * t)).ln();
                let rhs = k + n * log_lambda - ln_gamma(n + 1.0);
                if lhs <= rhs {
                    return n as u32;
                }
            }
        } else {
            let n = self.normal_double();
            (lambda.sqrt() * n + lambda).round() as u32
        }
    }

    /// rocRAND's `poisson_distribution_inv`: Fishman's ITR (inversion in blocks of
    /// e^-500) below lambda = 1000, the normal approximation above.
    fn poisson_inverse(&mut self, lambda: f64) -> u32 {
        if lambda >= 1000.0 {
            let n = self.normal_double();
            return (lambda.sqrt() * n + lambda).round() as u32;
        }
        // u in (0, 1): uniform_double is (0, 1], shifted down by half a 2^-32 step.
        let u = self.engine.uniform_double() - dist::P32D / 2.0;
        let ex = (-500.0f64).exp();
        let (mut x, mut y, mut k, mut pow) = (1.0f64, 1.0f64, 0u32, 0i32);
        loop {
            // rocRAND 5.7 compares lambda with 500 in every block (its `upow` is computed
            // once), so for 500 < lambda < 1000 its loop never ends; the bound moves with
            // the block here, which gives its numbers wherever it ends (lambda <= 500).
            let upow = f64::from(pow) + 500.0;
            let l = if lambda > upow {
                ex
            } else {
                (f64::from(pow) - lambda).exp()
            };
            x *= l;
            y *= l;
            pow += 500;
            while u > y {
                k += 1;
                x *= lambda / f64::from(k);
                y += x;
            }
            if f64::from(pow) >= lambda {
                return k;
            }
        }
    }
}
