//! Entry-point bodies shared by both C libraries, after each converted its enumerators.

use std::ffi::c_void;

use super::{generator, register, unregister};
use crate::dist::Discrete;
use crate::error::{RandError, RandResult};
use crate::generator::Generator;
use crate::types::{Distribution, Elem, Ordering, Placement, RngType};

/// `*out = new generator`.
///
/// # Safety
/// `out` is NULL or valid for one write.
pub unsafe fn create(
    out: *mut *mut c_void,
    rng: RandResult<RngType>,
    placement: Placement,
) -> RandResult<()> {
    if !ferrocm_cabi::plausible_ptr(out) {
        return Err(RandError::NotCreated);
    }
    let g = Generator::new(rng?, placement)?;
    // SAFETY: checked non-NULL; the caller's out-parameter.
    unsafe { *out = register(g) };
    Ok(())
}

pub fn destroy(g: *mut c_void) -> RandResult<()> {
    unregister(g)
}

/// # Safety
/// `out` is valid for `n` elements of `elem` (device memory for device generators).
pub unsafe fn generate(
    g: *mut c_void,
    out: *mut c_void,
    n: usize,
    elem: Elem,
    dist: Distribution,
) -> RandResult<()> {
    let g = generator(g)?;
    // SAFETY: forwarded caller contract.
    unsafe { g.generate(out, n, elem, dist) }
}

pub fn set_stream(g: *mut c_void, stream: *mut c_void) -> RandResult<()> {
    generator(g)?.set_stream(stream as u64);
    Ok(())
}

pub fn set_seed(g: *mut c_void, seed: u64) -> RandResult<()> {
    generator(g)?.set_seed(seed)
}

pub fn set_offset(g: *mut c_void, offset: u64) -> RandResult<()> {
    generator(g)?.set_offset(offset)
}

pub fn set_ordering(g: *mut c_void, ordering: RandResult<Ordering>) -> RandResult<()> {
    let g = generator(g)?;
    g.set_ordering(ordering?)
}

pub fn set_dimensions(g: *mut c_void, dimensions: u32) -> RandResult<()> {
    generator(g)?.set_dimensions(dimensions)
}

/// Checks the generator (engines are set up on first use, as rocRAND's are on the first
/// generate call after a change).
pub fn initialize(g: *mut c_void) -> RandResult<()> {
    generator(g).map(drop)
}

/// `*version = v`.
///
/// # Safety
/// `version` is NULL or valid for one write.
pub unsafe fn version(version: *mut i32, v: i32) -> RandResult<()> {
    // SAFETY: the caller's out-parameter, when plausible.
    if unsafe { ferrocm_cabi::write(version, v) } {
        Ok(())
    } else {
        Err(RandError::OutOfRange)
    }
}

/// The C layout of `rocrand_discrete_distribution_st` (`hiprandDiscreteDistribution_st`
/// on AMD): what device code reads.
#[repr(C)]
pub struct DiscreteC {
    pub size: u32,
    pub offset: u32,
    pub alias: *mut u32,
    pub probability: *mut f64,
    pub cdf: *mut f64,
}

/// Builds a discrete distribution in host memory (device memory is host memory on the CPU
/// platform; on NVIDIA hipRAND's distributions are cuRAND's).
fn publish(d: Discrete, out: *mut *mut DiscreteC) -> RandResult<()> {
    if !ferrocm_cabi::plausible_ptr(out) {
        return Err(RandError::OutOfRange);
    }
    let size = u32::try_from(d.probability.len()).map_err(|_| RandError::OutOfRange)?;
    let leak_u32 = |v: Vec<u32>| Box::into_raw(v.into_boxed_slice()) as *mut u32;
    let leak_f64 = |v: Vec<f64>| Box::into_raw(v.into_boxed_slice()) as *mut f64;
    let c = Box::new(DiscreteC {
        size,
        offset: d.offset,
        alias: leak_u32(d.alias),
        probability: leak_f64(d.probability),
        cdf: leak_f64(d.cdf),
    });
    let c = Box::into_raw(c);
    LIVE_DISTRIBUTIONS.lock().insert(c as usize);
    // SAFETY: checked plausible; the caller's out-parameter.
    unsafe { out.write_unaligned(c) };
    Ok(())
}

/// The distributions handed out and not destroyed yet: a C caller's pointer is freed only
/// if it is one of them (a garbage, stale or twice-destroyed pointer is refused).
static LIVE_DISTRIBUTIONS: parking_lot::Mutex<std::collections::BTreeSet<usize>> =
    parking_lot::Mutex::new(std::collections::BTreeSet::new());

/// `rocrand_create_poisson_distribution`.
pub fn create_poisson(lambda: f64, out: *mut *mut DiscreteC) -> RandResult<()> {
    if lambda.is_nan() || lambda <= 0.0 {
        return Err(RandError::OutOfRange);
    }
    let d = Discrete::poisson(lambda).ok_or(RandError::OutOfRange)?;
    publish(d, out)
}

/// `rocrand_create_discrete_distribution`.
///
/// # Safety
/// `probabilities` is valid for `size` reads.
pub unsafe fn create_discrete(
    probabilities: *const f64,
    size: u32,
    offset: u32,
    out: *mut *mut DiscreteC,
) -> RandResult<()> {
    if size == 0 {
        return Err(RandError::OutOfRange);
    }
    // Host memory read here, once: a list that is not all mapped is refused.
    let bytes = size as usize * std::mem::size_of::<f64>();
    let start = probabilities as usize;
    if !ferrocm_cabi::plausible_ptr(probabilities) || !ferrocm_cabi::mapped(start, start + bytes) {
        return Err(RandError::OutOfRange);
    }
    // SAFETY: `size` mapped values per the check, readable per the caller's contract.
    let p = unsafe { std::slice::from_raw_parts(probabilities, size as usize) };
    let d = Discrete::new(p, offset).ok_or(RandError::OutOfRange)?;
    publish(d, out)
}

/// `rocrand_destroy_discrete_distribution`.
///
/// # Safety
/// `d` was made by [`create_poisson`]/[`create_discrete`] and is destroyed once.
pub unsafe fn destroy_discrete(d: *mut DiscreteC) -> RandResult<()> {
    if !LIVE_DISTRIBUTIONS.lock().remove(&(d as usize)) {
        return Err(RandError::OutOfRange);
    }
    // SAFETY: made by `publish` with these lengths, and live until now (removed above).
    unsafe {
        let c = Box::from_raw(d);
        let n = c.size as usize;
        drop(Box::from_raw(std::ptr::slice_from_raw_parts_mut(
            c.alias, n,
        )));
        drop(Box::from_raw(std::ptr::slice_from_raw_parts_mut(
            c.probability,
            n,
        )));
        drop(Box::from_raw(std::ptr::slice_from_raw_parts_mut(c.cdf, n)));
    }
    Ok(())
}

/// The typed generate entry points (same parameters in rocRAND and hipRAND).
macro_rules! generate_fns {
    ($( $(#[$m:meta])* $name:ident($t:ty $(, $p:ident : $pt:ty)*) => $elem:expr, $dist:expr; )*) => {$(
        $(#[$m])*
        /// # Safety
        /// `out` is valid for `n` elements (device memory for device generators).
        pub unsafe fn $name(g: *mut c_void, out: *mut $t, n: usize $(, $p: $pt)*) -> RandResult<()> {
            // SAFETY: forwarded caller contract.
            unsafe { generate(g, out.cast(), n, $elem, $dist) }
        }
    )*};
}

type F16 = half::f16;

/// A `half` passed by value. The platforms' `__half` (a `_Float16` on the CPU platform,
/// `_Float16` in C) travels in a floating-point register, which stable Rust reads as an
/// `f32` whose low 16 bits are the half (x86-64 SysV and AArch64 AAPCS64 both put a
/// `_Float16` in the low bits of the first free vector register).
#[repr(transparent)]
#[derive(Debug, Clone, Copy)]
pub struct HalfArg(pub f32);

impl HalfArg {
    pub fn get(self) -> F16 {
        F16::from_bits(self.0.to_bits() as u16)
    }
}

fn wide(v: HalfArg) -> f64 {
    f64::from(v.get().to_f32())
}

generate_fns! {
    bits_u32(u32) => Elem::U32, Distribution::Bits;
    bits_u8(u8) => Elem::U8, Distribution::Bits;
    bits_u16(u16) => Elem::U16, Distribution::Bits;
    bits_u64(u64) => Elem::U64, Distribution::Bits;
    uniform_f32(f32) => Elem::F32, Distribution::Uniform;
    uniform_f64(f64) => Elem::F64, Distribution::Uniform;
    uniform_f16(F16) => Elem::F16, Distribution::Uniform;
    normal_f32(f32, mean: f32, stddev: f32) => Elem::F32,
        Distribution::Normal { mean: f64::from(mean), stddev: f64::from(stddev) };
    normal_f64(f64, mean: f64, stddev: f64) => Elem::F64, Distribution::Normal { mean, stddev };
    normal_f16(F16, mean: HalfArg, stddev: HalfArg) => Elem::F16,
        Distribution::Normal { mean: wide(mean), stddev: wide(stddev) };
    log_normal_f32(f32, mean: f32, stddev: f32) => Elem::F32,
        Distribution::LogNormal { mean: f64::from(mean), stddev: f64::from(stddev) };
    log_normal_f64(f64, mean: f64, stddev: f64) => Elem::F64,
        Distribution::LogNormal { mean, stddev };
    log_normal_f16(F16, mean: HalfArg, stddev: HalfArg) => Elem::F16,
        Distribution::LogNormal { mean: wide(mean), stddev: wide(stddev) };
    poisson(u32, lambda: f64) => Elem::U32, Distribution::Poisson { lambda };
}

/// `rocrand_get_direction_vectors32`: Joe-Kuo vectors, 32 per dimension (host memory,
/// which is device memory on the CPU platform). `set`: 0 for the plain 32-bit set, 1 for
/// the scrambled one (not available), 2/3 for the 64-bit sets (out of range here).
///
/// # Safety
/// `out` is NULL or valid for one write.
pub unsafe fn direction_vectors32(out: *mut *const u32, set: DirectionSet) -> RandResult<()> {
    if out.is_null() {
        return Err(RandError::OutOfRange);
    }
    match set {
        DirectionSet::Plain32 => {
            // SAFETY: checked non-NULL; the caller's out-parameter.
            unsafe { *out = crate::engines::sobol::vectors32().as_ptr() };
            Ok(())
        }
        DirectionSet::Scrambled32 => Err(RandError::NotImplemented("scrambled Sobol")),
        _ => Err(RandError::OutOfRange),
    }
}

/// `rocrand_get_direction_vectors64`: 64 per dimension.
///
/// # Safety
/// `out` is NULL or valid for one write.
pub unsafe fn direction_vectors64(out: *mut *const u64, set: DirectionSet) -> RandResult<()> {
    if out.is_null() {
        return Err(RandError::OutOfRange);
    }
    match set {
        DirectionSet::Plain64 => {
            // SAFETY: checked non-NULL; the caller's out-parameter.
            unsafe { *out = crate::engines::sobol::vectors64().as_ptr() };
            Ok(())
        }
        DirectionSet::Scrambled64 => Err(RandError::NotImplemented("scrambled Sobol")),
        _ => Err(RandError::OutOfRange),
    }
}

/// `rocrand_direction_vector_set` / `hiprandDirectionVectorSet_t` (same values).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DirectionSet {
    Plain32,
    Scrambled32,
    Plain64,
    Scrambled64,
    Unknown,
}

impl DirectionSet {
    pub fn from_c(v: i32) -> DirectionSet {
        match v {
            101 => DirectionSet::Plain32,
            102 => DirectionSet::Scrambled32,
            103 => DirectionSet::Plain64,
            104 => DirectionSet::Scrambled64,
            _ => DirectionSet::Unknown,
        }
    }
}

/// Bad-input probes pass a `_Float16` argument as its value's fp16 bits (NaN stays NaN).
impl crate::capi::probe::ProbeArg for HalfArg {
    fn from_value(v: &crate::capi::probe::Value) -> Self {
        let f = match v {
            crate::capi::probe::Value::Float(f) => *f,
            _ => 0.0,
        };
        HalfArg(f32::from_bits(u32::from(F16::from_f64(f).to_bits())))
    }
}
