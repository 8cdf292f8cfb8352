//! hipRAND's C types and enumerator values (from `hiprand.h`), and their conversions.
#![allow(non_camel_case_types)]

use std::ffi::c_void;

use rng::{Ordering, RandError, RandResult, RngType};

pub type hiprandStatus_t = i32;
pub type hiprandRngType_t = i32;
pub type hiprandOrdering_t = i32;
pub type hiprandDirectionVectorSet_t = i32;
pub type hiprandGenerator_t = *mut c_void;
pub type hiprandDiscreteDistribution_t = *mut rng::capi::adaptors::DiscreteC;
pub type hipStream_t = *mut c_void;
pub type half = ::half::f16;

pub const HIPRAND_STATUS_SUCCESS: hiprandStatus_t = 0;
pub const HIPRAND_STATUS_VERSION_MISMATCH: hiprandStatus_t = 100;
pub const HIPRAND_STATUS_NOT_INITIALIZED: hiprandStatus_t = 101;
pub const HIPRAND_STATUS_ALLOCATION_FAILED: hiprandStatus_t = 102;
pub const HIPRAND_STATUS_TYPE_ERROR: hiprandStatus_t = 103;
pub const HIPRAND_STATUS_OUT_OF_RANGE: hiprandStatus_t = 104;
pub const HIPRAND_STATUS_LENGTH_NOT_MULTIPLE: hiprandStatus_t = 105;
pub const HIPRAND_STATUS_DOUBLE_PRECISION_REQUIRED: hiprandStatus_t = 106;
pub const HIPRAND_STATUS_LAUNCH_FAILURE: hiprandStatus_t = 201;
pub const HIPRAND_STATUS_PREEXISTING_FAILURE: hiprandStatus_t = 202;
pub const HIPRAND_STATUS_INITIALIZATION_FAILED: hiprandStatus_t = 203;
pub const HIPRAND_STATUS_ARCH_MISMATCH: hiprandStatus_t = 204;
pub const HIPRAND_STATUS_INTERNAL_ERROR: hiprandStatus_t = 999;
pub const HIPRAND_STATUS_NOT_IMPLEMENTED: hiprandStatus_t = 1000;

/// `HIPRAND_VERSION` of the API declared here (hipRAND 2.11.0, ROCm 6.3).
pub const HIPRAND_VERSION: i32 = 201_100;

/// `hiprandRngType_t` → the core's type.
pub fn rng_type(t: hiprandRngType_t) -> RandResult<RngType> {
    Ok(match t {
        400 | 401 => RngType::Xorwow,
        402 => RngType::Mrg32k3a,
        403 => RngType::Mtgp32,
        404 => RngType::Mt19937,
        405 => RngType::Philox4x32_10,
        500 | 501 => RngType::Sobol32,
        502 => RngType::ScrambledSobol32,
        503 => RngType::Sobol64,
        504 => RngType::ScrambledSobol64,
        _ => return Err(RandError::TypeError),
    })
}

/// `hiprandOrdering_t` → the core's ordering.
pub fn ordering(o: hiprandOrdering_t) -> RandResult<Ordering> {
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
