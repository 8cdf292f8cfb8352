//! # libhiprand.so: the hipRAND C ABI over `ferrocm-rand`
//!
//! As on AMD GPUs, hipRAND is a thin layer over rocRAND: its generators are the RNG
//! core's generators, with hipRAND's enumerators and statuses. Every function of
//! `hiprand.h` is declared once in [`exports`]. `HIPRAND_LAYER` set to anything but 0
//! traces every call on stderr.

#![allow(clippy::missing_safety_doc)]

pub mod abi;
pub mod exports;

use rng::RandError;

/// hipRAND's status conventions.
pub struct Library;

impl rng::capi::Library for Library {
    type Status = abi::hiprandStatus_t;
    const NAME: &'static str = "hiprand";
    const TRACE_ENV: &'static str = "HIPRAND_LAYER";

    fn success() -> abi::hiprandStatus_t {
        abi::HIPRAND_STATUS_SUCCESS
    }

    fn status_of(e: &RandError) -> abi::hiprandStatus_t {
        use abi::*;
        match e {
            RandError::NotCreated => HIPRAND_STATUS_NOT_INITIALIZED,
            RandError::AllocationFailed => HIPRAND_STATUS_ALLOCATION_FAILED,
            RandError::TypeError => HIPRAND_STATUS_TYPE_ERROR,
            RandError::OutOfRange => HIPRAND_STATUS_OUT_OF_RANGE,
            RandError::LengthNotMultiple => HIPRAND_STATUS_LENGTH_NOT_MULTIPLE,
            RandError::LaunchFailure(_) => HIPRAND_STATUS_LAUNCH_FAILURE,
            RandError::Internal(_) => HIPRAND_STATUS_INTERNAL_ERROR,
            RandError::NotImplemented(_) => HIPRAND_STATUS_NOT_IMPLEMENTED,
        }
    }

    fn internal_error() -> abi::hiprandStatus_t {
        abi::HIPRAND_STATUS_INTERNAL_ERROR
    }

    fn not_supported() -> abi::hiprandStatus_t {
        abi::HIPRAND_STATUS_NOT_IMPLEMENTED
    }
}
