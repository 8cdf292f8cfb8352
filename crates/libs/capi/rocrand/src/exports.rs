//! The one declaration list of `librocrand.so`: every function of rocRAND's `rocrand.h`
//! (ROCm 6.3), in the header's order. Each line is exported by the export-table macro of
//! `ferrocm-rand` (`rng::capi`): panic containment, the library's status, tracing, the
//! coverage table.
#![allow(non_snake_case)]

use rng::capi::adaptors as a;
use rng::{Placement, RandResult};

use crate::abi::*;

unsafe fn create(g: *mut rocrand_generator, t: rocrand_rng_type) -> RandResult<()> {
    // SAFETY: the caller's out-parameter.
    unsafe { a::create(g, rng_type(t), Placement::Device) }
}
unsafe fn create_host(g: *mut rocrand_generator, t: rocrand_rng_type) -> RandResult<()> {
    // SAFETY: the caller's out-parameter.
    unsafe { a::create(g, rng_type(t), Placement::Host) }
}
unsafe fn create_host_blocking(g: *mut rocrand_generator, t: rocrand_rng_type) -> RandResult<()> {
    // SAFETY: the caller's out-parameter.
    unsafe { a::create(g, rng_type(t), Placement::HostBlocking) }
}
fn set_ordering(g: rocrand_generator, o: rocrand_ordering) -> RandResult<()> {
    a::set_ordering(g, ordering(o))
}
/// LFSR113's four seed words (any other generator: TYPE_ERROR).
fn set_seed_uint4(g: rocrand_generator, seed: uint4) -> RandResult<()> {
    rng::capi::generator(g)?.set_seed_uint4([seed.x, seed.y, seed.z, seed.w])
}
unsafe fn get_version(v: *mut i32) -> RandResult<()> {
    // SAFETY: the caller's out-parameter.
    unsafe { a::version(v, ROCRAND_VERSION) }
}

unsafe fn direction_vectors32(
    v: *mut *const u32,
    set: rocrand_direction_vector_set,
) -> RandResult<()> {
    // SAFETY: the caller's out-parameter.
    unsafe { a::direction_vectors32(v, a::DirectionSet::from_c(set)) }
}
unsafe fn direction_vectors64(
    v: *mut *const u64,
    set: rocrand_direction_vector_set,
) -> RandResult<()> {
    // SAFETY: the caller's out-parameter.
    unsafe { a::direction_vectors64(v, a::DirectionSet::from_c(set)) }
}

rng::capi::exports! {
    library = crate::Library;
    fn rocrand_create_generator(generator: *mut rocrand_generator, rng_type: rocrand_rng_type) { create }
    fn rocrand_create_generator_host(generator: *mut rocrand_generator, rng_type: rocrand_rng_type) { create_host }
    fn rocrand_create_generator_host_blocking(generator: *mut rocrand_generator, rng_type: rocrand_rng_type) { create_host_blocking }
    fn rocrand_destroy_generator(generator: rocrand_generator) { a::destroy }
    fn rocrand_generate(generator: rocrand_generator, output_data: *mut u32, n: usize) { a::bits_u32 }
    fn rocrand_generate_long_long(generator: rocrand_generator, output_data: *mut u64, n: usize) { a::bits_u64 }
    fn rocrand_generate_char(generator: rocrand_generator, output_data: *mut u8, n: usize) { a::bits_u8 }
    fn rocrand_generate_short(generator: rocrand_generator, output_data: *mut u16, n: usize) { a::bits_u16 }
    fn rocrand_generate_uniform(generator: rocrand_generator, output_data: *mut f32, n: usize) { a::uniform_f32 }
    fn rocrand_generate_uniform_double(generator: rocrand_generator, output_data: *mut f64, n: usize) { a::uniform_f64 }
    fn rocrand_generate_uniform_half(generator: rocrand_generator, output_data: *mut half, n: usize) { a::uniform_f16 }
    fn rocrand_generate_normal(generator: rocrand_generator, output_data: *mut f32, n: usize, mean: f32, stddev: f32) { a::normal_f32 }
    fn rocrand_generate_normal_double(generator: rocrand_generator, output_data: *mut f64, n: usize, mean: f64, stddev: f64) { a::normal_f64 }
    fn rocrand_generate_normal_half(generator: rocrand_generator, output_data: *mut half, n: usize, mean: rng::capi::adaptors::HalfArg, stddev: rng::capi::adaptors::HalfArg) { a::normal_f16 }
    fn rocrand_generate_log_normal(generator: rocrand_generator, output_data: *mut f32, n: usize, mean: f32, stddev: f32) { a::log_normal_f32 }
    fn rocrand_generate_log_normal_double(generator: rocrand_generator, output_data: *mut f64, n: usize, mean: f64, stddev: f64) { a::log_normal_f64 }
    fn rocrand_generate_log_normal_half(generator: rocrand_generator, output_data: *mut half, n: usize, mean: rng::capi::adaptors::HalfArg, stddev: rng::capi::adaptors::HalfArg) { a::log_normal_f16 }
    fn rocrand_generate_poisson(generator: rocrand_generator, output_data: *mut u32, n: usize, lambda: f64) { a::poisson }
    fn rocrand_initialize_generator(generator: rocrand_generator) { a::initialize }
    fn rocrand_set_stream(generator: rocrand_generator, stream: hipStream_t) { a::set_stream }
    fn rocrand_set_seed(generator: rocrand_generator, seed: u64) { a::set_seed }
    fn rocrand_set_seed_uint4(generator: rocrand_generator, seed: uint4) { set_seed_uint4 }
    fn rocrand_set_offset(generator: rocrand_generator, offset: u64) { a::set_offset }
    fn rocrand_set_ordering(generator: rocrand_generator, order: rocrand_ordering) { set_ordering }
    fn rocrand_set_quasi_random_generator_dimensions(generator: rocrand_generator, dimensions: u32) { a::set_dimensions }
    fn rocrand_get_version(version: *mut i32) { get_version }
    fn rocrand_create_poisson_distribution(lambda: f64, discrete_distribution: *mut rocrand_discrete_distribution) { a::create_poisson }
    fn rocrand_create_discrete_distribution(probabilities: *const f64, size: u32, offset: u32, discrete_distribution: *mut rocrand_discrete_distribution) { a::create_discrete }
    fn rocrand_destroy_discrete_distribution(discrete_distribution: rocrand_discrete_distribution) { a::destroy_discrete }
    fn rocrand_get_direction_vectors32(vectors: *mut *const u32, set: rocrand_direction_vector_set) { direction_vectors32 }
    fn rocrand_get_direction_vectors64(vectors: *mut *const u64, set: rocrand_direction_vector_set) { direction_vectors64 }
    fn rocrand_get_scramble_constants32(constants: *mut *const u32) { unsupported "scrambled Sobol (rocRAND's scramble constants are its own random data, not derivable)" }
    fn rocrand_get_scramble_constants64(constants: *mut *const u64) { unsupported "scrambled Sobol (rocRAND's scramble constants are its own random data, not derivable)" }
}
