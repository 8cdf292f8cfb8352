//! # librocrand.so: the rocRAND C ABI over `ferrocm-rand`
//!
//! Every function of rocRAND's `rocrand.h` is declared once in [`exports`]; they convert
//! their arguments ([`abi`]) and call the RNG core. `include/rocrand/rocrand.h` declares
//! the same API; `docs/LIBRARIES.md` lists the coverage. `ROCRAND_LAYER` set to anything
//! but 0 traces every call on stderr.

#![allow(clippy::missing_safety_doc)]

pub mod abi;
pub mod exports;

use rng::RandError;

/// rocRAND's status conventions.
pub struct Library;

impl rng::capi::Library for Library {
    type Status = abi::rocrand_status;
    const NAME: &'static str = "rocrand";
    const TRACE_ENV: &'static str = "ROCRAND_LAYER";

    fn success() -> abi::rocrand_status {
        abi::ROCRAND_STATUS_SUCCESS
    }

    fn status_of(e: &RandError) -> abi::rocrand_status {
        use abi::*;
        match e {
            RandError::NotCreated => ROCRAND_STATUS_NOT_CREATED,
            RandError::AllocationFailed => ROCRAND_STATUS_ALLOCATION_FAILED,
            // rocRAND has no "not implemented": a generator its build lacks is a type error.
            RandError::TypeError | RandError::NotImplemented(_) => ROCRAND_STATUS_TYPE_ERROR,
            RandError::OutOfRange => ROCRAND_STATUS_OUT_OF_RANGE,
            RandError::LengthNotMultiple => ROCRAND_STATUS_LENGTH_NOT_MULTIPLE,
            RandError::LaunchFailure(_) => ROCRAND_STATUS_LAUNCH_FAILURE,
            RandError::Internal(_) => ROCRAND_STATUS_INTERNAL_ERROR,
        }
    }

    fn internal_error() -> abi::rocrand_status {
        abi::ROCRAND_STATUS_INTERNAL_ERROR
    }

    fn not_supported() -> abi::rocrand_status {
        abi::ROCRAND_STATUS_TYPE_ERROR
    }
}
