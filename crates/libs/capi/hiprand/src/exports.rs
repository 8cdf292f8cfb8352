//! The one declaration list of `libhiprand.so`: every function of hipRAND's `hiprand.h`
//! (ROCm 6.3), in the header's order, exported by `ferrocm-rand`'s export-table macro.
#![allow(non_snake_case)]

use rng::capi::adaptors as a;
use rng::{Placement, RandResult};

use crate::abi::*;

unsafe fn create(g: *mut hiprandGenerator_t, t: hiprandRngType_t) -> RandResult<()> {
    // SAFETY: the caller's out-parameter.
    unsafe { a::create(g, rng_type(t), Placement::Device) }
}
/// hipRAND's host generators return when the numbers are written (rocRAND's blocking
/// host generator underneath, as hipRAND on AMD does).
unsafe fn create_host(g: *mut hiprandGenerator_t, t: hiprandRngType_t) -> RandResult<()> {
    // SAFETY: the caller's out-parameter.
    unsafe { a::create(g, rng_type(t), Placement::HostBlocking) }
}
fn set_ordering(g: hiprandGenerator_t, o: hiprandOrdering_t) -> RandResult<()> {
    a::set_ordering(g, ordering(o))
}
unsafe fn get_version(v: *mut i32) -> RandResult<()> {
    // SAFETY: the caller's out-parameter.
    unsafe { a::version(v, HIPRAND_VERSION) }
}

rng::capi::exports! {
    library = crate::Library;
    fn hiprandCreateGenerator(generator: *mut hiprandGenerator_t, rng_type: hiprandRngType_t) { create }
    fn hiprandCreateGeneratorHost(generator: *mut hiprandGenerator_t, rng_type: hiprandRngType_t) { create_host }
    fn hiprandDestroyGenerator(generator: hiprandGenerator_t) { a::destroy }
    fn hiprandGenerate(generator: hiprandGenerator_t, output_data: *mut u32, n: usize) { a::bits_u32 }
    fn hiprandGenerateChar(generator: hiprandGenerator_t, output_data: *mut u8, n: usize) { a::bits_u8 }
    fn hiprandGenerateShort(generator: hiprandGenerator_t, output_data: *mut u16, n: usize) { a::bits_u16 }
    fn hiprandGenerateLongLong(generator: hiprandGenerator_t, output_data: *mut u64, n: usize) { a::bits_u64 }
    fn hiprandGenerateUniform(generator: hiprandGenerator_t, output_data: *mut f32, n: usize) { a::uniform_f32 }
    fn hiprandGenerateUniformDouble(generator: hiprandGenerator_t, output_data: *mut f64, n: usize) { a::uniform_f64 }
    fn hiprandGenerateUniformHalf(generator: hiprandGenerator_t, output_data: *mut half, n: usize) { a::uniform_f16 }
    fn hiprandGenerateNormal(generator: hiprandGenerator_t, output_data: *mut f32, n: usize, mean: f32, stddev: f32) { a::normal_f32 }
    fn hiprandGenerateNormalDouble(generator: hiprandGenerator_t, output_data: *mut f64, n: usize, mean: f64, stddev: f64) { a::normal_f64 }
    fn hiprandGenerateNormalHalf(generator: hiprandGenerator_t, output_data: *mut half, n: usize, mean: rng::capi::adaptors::HalfArg, stddev: rng::capi::adaptors::HalfArg) { a::normal_f16 }
    fn hiprandGenerateLogNormal(generator: hiprandGenerator_t, output_data: *mut f32, n: usize, mean: f32, stddev: f32) { a::log_normal_f32 }
    fn hiprandGenerateLogNormalDouble(generator: hiprandGenerator_t, output_data: *mut f64, n: usize, mean: f64, stddev: f64) { a::log_normal_f64 }
    fn hiprandGenerateLogNormalHalf(generator: hiprandGenerator_t, output_data: *mut half, n: usize, mean: rng::capi::adaptors::HalfArg, stddev: rng::capi::adaptors::HalfArg) { a::log_normal_f16 }
    fn hiprandGeneratePoisson(generator: hiprandGenerator_t, output_data: *mut u32, n: usize, lambda: f64) { a::poisson }
    fn hiprandGenerateSeeds(generator: hiprandGenerator_t) { a::initialize }
    fn hiprandSetStream(generator: hiprandGenerator_t, stream: hipStream_t) { a::set_stream }
    fn hiprandSetPseudoRandomGeneratorSeed(generator: hiprandGenerator_t, seed: u64) { a::set_seed }
    fn hiprandSetGeneratorOffset(generator: hiprandGenerator_t, offset: u64) { a::set_offset }
    fn hiprandSetGeneratorOrdering(generator: hiprandGenerator_t, order: hiprandOrdering_t) { set_ordering }
    fn hiprandSetQuasiRandomGeneratorDimensions(generator: hiprandGenerator_t, dimensions: u32) { a::set_dimensions }
    fn hiprandGetVersion(version: *mut i32) { get_version }
    fn hiprandCreatePoissonDistribution(lambda: f64, discrete_distribution: *mut hiprandDiscreteDistribution_t) { a::create_poisson }
    fn hiprandDestroyDistribution(discrete_distribution: hiprandDiscreteDistribution_t) { a::destroy_discrete }
    fn hiprandGetDirectionVectors32(vectors: *mut *mut u32, set: hiprandDirectionVectorSet_t) { unsupported "Sobol direction vectors (Sobol generators are not implemented yet)" }
    fn hiprandGetDirectionVectors64(vectors: *mut *mut u64, set: hiprandDirectionVectorSet_t) { unsupported "Sobol direction vectors (Sobol generators are not implemented yet)" }
    fn hiprandGetScrambleConstants32(constants: *mut *const u32) { unsupported "Sobol scramble constants (Sobol generators are not implemented yet)" }
    fn hiprandGetScrambleConstants64(constants: *mut *const u64) { unsupported "Sobol scramble constants (Sobol generators are not implemented yet)" }
}
