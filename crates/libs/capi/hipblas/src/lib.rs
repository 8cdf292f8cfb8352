//! # libhipblas.so: the hipBLAS C ABI over `ferrocm-blas`
//!
//! hipBLAS is the portable layer: as on AMD GPUs, where it converts its types and calls
//! rocBLAS, its entry points here convert their arguments and call the same BLAS core as
//! `librocblas.so`, with hipBLAS's statuses. Every function of `hipblas.h` (the `_v2`
//! and ILP64 `_64` forms too) is declared once in [`exports`]; what is not implemented
//! returns `HIPBLAS_STATUS_NOT_SUPPORTED` (`docs/LIBRARIES.md` lists the coverage).
//! `HIPBLAS_LAYER` set to anything but 0 traces every call on stderr.

#![allow(clippy::missing_safety_doc)]

pub mod abi;
pub mod aux;
pub mod exports;

use blas::BlasError;

/// hipBLAS's status conventions (rocBLAS statuses converted as hipBLAS's AMD backend
/// does: invalid sizes and pointers are `HIPBLAS_STATUS_INVALID_VALUE`, an invalid handle
/// `HIPBLAS_STATUS_NOT_INITIALIZED`).
pub struct Library;

impl blas::capi::Library for Library {
    type Status = abi::hipblasStatus_t;
    const NAME: &'static str = "hipblas";
    const TRACE_ENV: &'static str = "HIPBLAS_LAYER";

    fn success() -> abi::hipblasStatus_t {
        abi::HIPBLAS_STATUS_SUCCESS
    }

    fn status_of(e: &BlasError) -> abi::hipblasStatus_t {
        use abi::*;
        match e {
            BlasError::InvalidHandle | BlasError::NoDevice => HIPBLAS_STATUS_NOT_INITIALIZED,
            BlasError::NotImplemented(_) => HIPBLAS_STATUS_NOT_SUPPORTED,
            BlasError::InvalidPointer | BlasError::InvalidSize | BlasError::InvalidValue => {
                HIPBLAS_STATUS_INVALID_VALUE
            }
            BlasError::InvalidEnum(_) => HIPBLAS_STATUS_INVALID_ENUM,
            BlasError::HandleIsNull => HIPBLAS_STATUS_HANDLE_IS_NULLPTR,
            BlasError::MemoryError => HIPBLAS_STATUS_ALLOC_FAILED,
            BlasError::Internal(_) => HIPBLAS_STATUS_INTERNAL_ERROR,
            BlasError::ArchMismatch => HIPBLAS_STATUS_ARCH_MISMATCH,
        }
    }

    fn internal_error() -> abi::hipblasStatus_t {
        abi::HIPBLAS_STATUS_INTERNAL_ERROR
    }

    fn not_supported() -> abi::hipblasStatus_t {
        abi::HIPBLAS_STATUS_NOT_SUPPORTED
    }
}
