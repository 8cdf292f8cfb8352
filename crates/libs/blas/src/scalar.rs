//! The element types of BLAS: `f32`, `f64` and their complex forms ([`C32`], [`C64`],
//! layout-compatible with `rocblas_float_complex`, `hipFloatComplex`, `float2`...).

use std::fmt::Debug;
use std::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub};

pub use num_complex::Complex;

/// Single-precision complex (`{float x, y}`).
pub type C32 = Complex<f32>;
/// Double-precision complex (`{double x, y}`).
pub type C64 = Complex<f64>;

/// IEEE binary16 bits (`rocblas_half`, `hipblasHalf`).
#[repr(transparent)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Half(pub u16);

/// bfloat16 bits (`rocblas_bfloat16`, `hipblasBfloat16`).
#[repr(transparent)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Bf16(pub u16);

/// A BLAS element type. `faer::traits::ComplexField` gives the level-3 kernels.
pub trait Scalar:
    faer::traits::ComplexField
    + crate::nvidia::CublasScalar
    + crate::nvidia::CublasBandRank
    + crate::nvidia::CublasSolver
    + Copy
    + Send
    + Sync
    + PartialEq
    + Debug
    + Default
    + 'static
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Neg<Output = Self>
    + AddAssign
    + MulAssign
{
    /// The real type of the same precision.
    type RealPart: RealScalar;
    /// BLAS's precision letter: `s`, `d`, `c`, `z`.
    const LETTER: char;
    const IS_COMPLEX: bool;

    fn zero() -> Self {
        Self::default()
    }
    fn one() -> Self;
    fn conj(self) -> Self;
    fn from_real(r: Self::RealPart) -> Self;
    fn re(self) -> Self::RealPart;
    fn im(self) -> Self::RealPart;
    /// `|re| + |im|`: the magnitude BLAS's `i?amax`, `i?amin` and `?asum` use.
    fn abs1(self) -> Self::RealPart {
        self.re().abs() + self.im().abs()
    }
    /// `|x|^2`
    fn abs_sq(self) -> Self::RealPart {
        self.re() * self.re() + self.im() * self.im()
    }
    fn is_zero(self) -> bool {
        self == Self::zero()
    }
    fn is_one(self) -> bool {
        self == Self::one()
    }
}

/// A real BLAS element type.
pub trait RealScalar:
    Scalar<RealPart = Self> + PartialOrd + std::ops::Div<Output = Self> + std::ops::DivAssign
{
    fn abs(self) -> Self;
    fn sqrt(self) -> Self;
    fn to_f64(self) -> f64;
    fn from_f64(v: f64) -> Self;
}

macro_rules! real_scalar {
    ($t:ty, $letter:expr) => {
        impl Scalar for $t {
            type RealPart = $t;
            const LETTER: char = $letter;
            const IS_COMPLEX: bool = false;
            fn one() -> Self {
                1.0
            }
            fn conj(self) -> Self {
                self
            }
            fn from_real(r: Self) -> Self {
                r
            }
            fn re(self) -> Self {
                self
            }
            fn im(self) -> Self {
                0.0
            }
            fn abs1(self) -> Self {
                self.abs()
            }
        }
        impl RealScalar for $t {
            fn abs(self) -> Self {
                <$t>::abs(self)
            }
            fn sqrt(self) -> Self {
                <$t>::sqrt(self)
            }
            fn to_f64(self) -> f64 {
                self as f64
            }
            fn from_f64(v: f64) -> Self {
                v as $t
            }
        }
    };
}

macro_rules! complex_scalar {
    ($t:ty, $r:ty, $letter:expr) => {
        impl Scalar for $t {
            type RealPart = $r;
            const LETTER: char = $letter;
            const IS_COMPLEX: bool = true;
            fn one() -> Self {
                Complex::new(1.0, 0.0)
            }
            fn conj(self) -> Self {
                Complex::conj(&self)
            }
            fn from_real(r: $r) -> Self {
                Complex::new(r, 0.0)
            }
            fn re(self) -> $r {
                self.re
            }
            fn im(self) -> $r {
                self.im
            }
        }
    };
}

real_scalar!(f32, 's');
real_scalar!(f64, 'd');
complex_scalar!(C32, f32, 'c');
complex_scalar!(C64, f64, 'z');

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn complex_helpers_follow_blas() {
        let z = C64::new(3.0, -4.0);
        assert_eq!(z.abs1(), 7.0);
        assert_eq!(z.abs_sq(), 25.0);
        assert_eq!(Scalar::conj(z), C64::new(3.0, 4.0));
        assert_eq!((-2.5f32).abs1(), 2.5);
        assert!(C32::one().is_one() && C32::zero().is_zero());
    }

    #[test]
    fn complex_layout_is_two_reals() {
        assert_eq!(std::mem::size_of::<C32>(), 8);
        assert_eq!(std::mem::align_of::<C64>(), 8);
        let z = C32::new(1.0, 2.0);
        // SAFETY: Complex<f32> is repr(C) {re, im}.
        let parts: [f32; 2] = unsafe { std::mem::transmute(z) };
        assert_eq!(parts, [1.0, 2.0]);
    }
}
