//! rocRAND's C types and enumerator values (from `rocrand.h`), and their conversions.
#![allow(non_camel_case_types)]

use std::ffi::c_void;

use rng::{Ordering, RandError, RandResult, RngType};

pub type rocrand_status = i32;
pub type rocrand_rng_type = i32;
pub type rocrand_ordering = i32;
pub type rocrand_direction_vector_set = i32;
pub type rocrand_generator = *mut c_void;
pub type rocrand_discrete_distribution = *mut rng::capi::adaptors::DiscreteC;
pub type hipStream_t = *mut c_void;
pub type half = ::half::f16;

/// `uint4` (by value).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct uint4 {
    pub x: u32,
    pub y: u32,
    pub z: u32,
    pub w: u32,
}

pub const ROCRAND_STATUS_SUCCESS: rocrand_status = 0;
pub const ROCRAND_STATUS_VERSION_MISMATCH: rocrand_status = 100;
pub const ROCRAND_STATUS_NOT_CREATED: rocrand_status = 101;
pub const ROCRAND_STATUS_ALLOCATION_FAILED: rocrand_status = 102;
pub const ROCRAND_STATUS_TYPE_ERROR: rocrand_status = 103;
pub const ROCRAND_STATUS_OUT_OF_RANGE: rocrand_status = 104;
pub const ROCRAND_STATUS_LENGTH_NOT_MULTIPLE: rocrand_status = 105;
pub const ROCRAND_STATUS_DOUBLE_PRECISION_REQUIRED: rocrand_status = 106;
pub const ROCRAND_STATUS_LAUNCH_FAILURE: rocrand_status = 107;
pub const ROCRAND_STATUS_INTERNAL_ERROR: rocrand_status = 108;

/// `ROCRAND_VERSION` of the API declared here (rocRAND 3.2.0, ROCm 6.3).
pub const ROCRAND_VERSION: i32 = 300_200;

/// `rocrand_rng_type` → the core's type.
pub fn rng_type(t: rocrand_rng_type) -> RandResult<RngType> {
    Ok(match t {
        400 | 401 => RngType::Xorwow,
        402 => RngType::Mrg32k3a,
        403 => RngType::Mtgp32,
        404 => RngType::Philox4x32_10,
        405 => RngType::Mrg31k3p,
        406 => RngType::Lfsr113,
        407 => RngType::Mt19937,
        408 => RngType::Threefry2x32_20,
        409 => RngType::Threefry2x64_20,
        410 => RngType::Threefry4x32_20,
        411 => RngType::Threefry4x64_20,
        500 | 501 => RngType::Sobol32,
        502 => RngType::ScrambledSobol32,
        504 => RngType::Sobol64,
        505 => RngType::ScrambledSobol64,
        _ => return Err(RandError::TypeError),
    })
}

/// `rocrand_ordering` → the core's ordering.
pub fn ordering(o: rocrand_ordering) -> RandResult<Ordering> {
    Ok(match o {
        100 => Ordering::PseudoBest,
        101 => Ordering::PseudoDefault,
        102 => Ordering::PseudoSeeded,
        103 => Ordering::PseudoLegacy,
        104 => Ordering::PseudoDynamic,
        201 => Ordering::QuasiDefault,
        _ => return Err(RandError::OutOfRange),
    })
}

// uint4 is passed by value (rocrand_set_seed_uint4): plain integers, any bits.
rng::capi::probe::plain_args!(uint4);
