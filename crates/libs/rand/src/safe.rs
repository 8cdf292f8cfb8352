//! The Rust API: a generator writing into host slices, with rocRAND's numbers.
//!
//! ```
//! use rng::safe::Rng;
//! use rng::RngType;
//!
//! let mut rng = Rng::new(RngType::Philox4x32_10)?;
//! rng.set_seed(42)?;
//! let mut u = vec![0f32; 1000];
//! rng.uniform(&mut u)?; // (0, 1], rocRAND's Philox sequence for seed 42
//! let mut z = vec![0f64; 1000];
//! rng.normal(&mut z, 0.0, 1.0)?;
//! assert!(u.iter().all(|&x| x > 0.0 && x <= 1.0));
//! # Ok::<(), rng::RandError>(())
//! ```

use std::ffi::c_void;

use half::f16;

use crate::error::RandResult;
use crate::generator::Generator;
use crate::types::{Distribution, Elem, Placement, RngType};

/// An element type a generator can write.
pub trait Output: Copy {
    const ELEM: Elem;
}
impl Output for u8 {
    const ELEM: Elem = Elem::U8;
}
impl Output for u16 {
    const ELEM: Elem = Elem::U16;
}
impl Output for u32 {
    const ELEM: Elem = Elem::U32;
}
impl Output for u64 {
    const ELEM: Elem = Elem::U64;
}
impl Output for f16 {
    const ELEM: Elem = Elem::F16;
}
impl Output for f32 {
    const ELEM: Elem = Elem::F32;
}
impl Output for f64 {
    const ELEM: Elem = Elem::F64;
}

/// Floating-point outputs (uniform, normal, log-normal).
pub trait Real: Output {}
impl Real for f16 {}
impl Real for f32 {}
impl Real for f64 {}

/// A host generator: every call returns when the slice is written.
pub struct Rng {
    inner: Generator,
}

impl Rng {
    pub fn new(rng: RngType) -> RandResult<Rng> {
        Ok(Rng {
            inner: Generator::new(rng, Placement::HostBlocking)?,
        })
    }

    /// The generator underneath (settings, type).
    pub fn generator(&self) -> &Generator {
        &self.inner
    }

    pub fn set_seed(&mut self, seed: u64) -> RandResult<()> {
        self.inner.set_seed(seed)
    }

    pub fn set_offset(&mut self, offset: u64) -> RandResult<()> {
        self.inner.set_offset(offset)
    }

    /// Quasi-random generators: the number of dimensions (slices are then dimension-major).
    pub fn set_dimensions(&mut self, dimensions: u32) -> RandResult<()> {
        self.inner.set_dimensions(dimensions)
    }

    fn fill<T: Output>(&mut self, out: &mut [T], dist: Distribution) -> RandResult<()> {
        // SAFETY: the slice holds `out.len()` elements of `T` and stays borrowed until the
        // blocking call has written them.
        unsafe {
            self.inner
                .generate(out.as_mut_ptr() as *mut c_void, out.len(), T::ELEM, dist)
        }
    }

    /// Integers over the whole range of `T` (`rocrand_generate`, `_char`, `_short`, `_long_long`).
    pub fn bits<T: Output>(&mut self, out: &mut [T]) -> RandResult<()> {
        self.fill(out, Distribution::Bits)
    }

    /// Uniform in (0, 1].
    pub fn uniform<T: Real>(&mut self, out: &mut [T]) -> RandResult<()> {
        self.fill(out, Distribution::Uniform)
    }

    pub fn normal<T: Real>(&mut self, out: &mut [T], mean: f64, stddev: f64) -> RandResult<()> {
        self.fill(out, Distribution::Normal { mean, stddev })
    }

    pub fn log_normal<T: Real>(&mut self, out: &mut [T], mean: f64, stddev: f64) -> RandResult<()> {
        self.fill(out, Distribution::LogNormal { mean, stddev })
    }

    pub fn poisson(&mut self, out: &mut [u32], lambda: f64) -> RandResult<()> {
        self.fill(out, Distribution::Poisson { lambda })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::{philox, Engine, Philox};
    use crate::RandError;

    #[test]
    fn slices_get_rocrands_numbers_and_errors_are_reported() {
        let mut rng = Rng::new(RngType::Philox4x32_10).expect("rng");
        let mut v = [0u32; 10];
        rng.bits(&mut v).expect("bits");
        let mut e = Philox::new(philox::DEFAULT_SEED, 0, 0);
        assert!(v.iter().all(|&x| x == e.next_u32()));
        let mut w = [0u64; 4];
        assert_eq!(rng.bits(&mut w), Err(RandError::TypeError));
        assert_eq!(rng.poisson(&mut v, -1.0), Err(RandError::OutOfRange));
        let mut h = [f16::ZERO; 8];
        rng.uniform(&mut h).expect("half");
        assert!(h.iter().all(|x| x.to_f32() > 0.0 && x.to_f32() <= 1.0));
    }
}
