//! # libhipfft.so: the hipFFT C ABI over `ferrocm-fft`
//!
//! hipFFT is the portable layer: as on AMD GPUs, where it turns cuFFT-style plans into
//! rocFFT plans, a hipFFT handle here keeps the cuFFT-style request (row-major `n[]`,
//! `inembed`/`istride`/`idist`) and makes one core plan per placement (a cuFFT plan can
//! run in or out of place, and in-place real transforms have padded rows), sharing the
//! core with `librocfft.so`. Every function of `hipfft.h` and `hipfftXt.h` is declared once
//! in [`exports`]; what has no meaning here returns `HIPFFT_NOT_SUPPORTED`
//! (`docs/LIBRARIES.md` lists which and why). `HIPFFT_LAYER` set to anything but 0 traces
//! every call on stderr.

#![allow(clippy::missing_safety_doc)]

pub mod abi;
pub mod api;
pub mod exports;
pub mod xt;

use fft::FftError;

/// hipFFT's status conventions (cuFFT's values).
pub struct Library;

impl fft::capi::Library for Library {
    type Status = abi::hipfftResult;
    const NAME: &'static str = "hipfft";
    const TRACE_ENV: &'static str = "HIPFFT_LAYER";

    fn success() -> abi::hipfftResult {
        abi::HIPFFT_SUCCESS
    }

    fn status_of(e: &FftError) -> abi::hipfftResult {
        use abi::*;
        match e {
            FftError::InvalidPlan | FftError::IncompletePlan => HIPFFT_INVALID_PLAN,
            FftError::InvalidType => HIPFFT_INVALID_TYPE,
            FftError::InvalidSize(_) => HIPFFT_INVALID_SIZE,
            FftError::InvalidValue(_)
            | FftError::InvalidArrayType(_)
            | FftError::InvalidStrides(_)
            | FftError::InvalidDistance
            | FftError::InvalidOffset
            | FftError::InvalidWorkBuffer => HIPFFT_INVALID_VALUE,
            FftError::AllocFailed => HIPFFT_ALLOC_FAILED,
            FftError::NoDevice => HIPFFT_INVALID_DEVICE,
            FftError::NotSupported(_) => HIPFFT_NOT_SUPPORTED,
            FftError::ExecFailed(_) => HIPFFT_EXEC_FAILED,
            FftError::Internal(_) => HIPFFT_INTERNAL_ERROR,
        }
    }

    fn internal_error() -> abi::hipfftResult {
        abi::HIPFFT_INTERNAL_ERROR
    }

    fn not_supported() -> abi::hipfftResult {
        abi::HIPFFT_NOT_SUPPORTED
    }
}
