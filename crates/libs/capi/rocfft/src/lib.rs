//! # librocfft.so: rocFFT's native C API over `ferrocm-fft`
//!
//! Plan descriptions, plans and execution infos are objects of this library, handed out
//! as opaque ids (so that NULL, stale and foreign handles are refused). A plan is a
//! `ferrocm-fft` plan; execution is ordered on the execution info's HIP stream (the null
//! stream without one). Every function of `rocfft.h` is declared once in [`exports`];
//! what cannot be done here returns `rocfft_status_failure` (rocFFT has no
//! "not supported" status; `docs/LIBRARIES.md` lists which and why).
//! `ROCFFT_LAYER` set to anything but 0 traces every call on stderr.

#![allow(clippy::missing_safety_doc)]

pub mod abi;
pub mod api;
pub mod exports;

use fft::FftError;

/// rocFFT's status conventions.
pub struct Library;

impl fft::capi::Library for Library {
    type Status = abi::rocfft_status;
    const NAME: &'static str = "rocfft";
    const TRACE_ENV: &'static str = "ROCFFT_LAYER";

    fn success() -> abi::rocfft_status {
        abi::rocfft_status_success
    }

    fn status_of(e: &FftError) -> abi::rocfft_status {
        use abi::*;
        match e {
            FftError::InvalidPlan
            | FftError::IncompletePlan
            | FftError::InvalidValue(_)
            | FftError::InvalidType => rocfft_status_invalid_arg_value,
            FftError::InvalidSize(_) => rocfft_status_invalid_dimensions,
            FftError::InvalidArrayType(_) => rocfft_status_invalid_array_type,
            FftError::InvalidStrides(_) => rocfft_status_invalid_strides,
            FftError::InvalidDistance => rocfft_status_invalid_distance,
            FftError::InvalidOffset => rocfft_status_invalid_offset,
            FftError::InvalidWorkBuffer => rocfft_status_invalid_work_buffer,
            FftError::AllocFailed
            | FftError::NoDevice
            | FftError::NotSupported(_)
            | FftError::ExecFailed(_)
            | FftError::Internal(_) => rocfft_status_failure,
        }
    }

    fn internal_error() -> abi::rocfft_status {
        abi::rocfft_status_failure
    }

    fn not_supported() -> abi::rocfft_status {
        abi::rocfft_status_failure
    }
}
