//! # librocblas.so: the rocBLAS C ABI over `ferrocm-blas`
//!
//! Every function of rocBLAS's public headers is declared once in [`exports`]; the
//! implemented ones convert their arguments and call the BLAS core, the others return
//! `rocblas_status_not_implemented`. `include/rocblas/rocblas.h` declares the same API;
//! `docs/LIBRARIES.md` lists the coverage (generated from the table, kept current by a
//! test). `ROCBLAS_LAYER` set to anything but 0 traces every call on stderr.

#![allow(clippy::missing_safety_doc)]

pub mod abi;
pub mod aux;
pub mod exports;
pub mod memory;

use blas::BlasError;

/// rocBLAS's status conventions.
pub struct Library;

impl blas::capi::Library for Library {
    type Status = abi::rocblas_status;
    const NAME: &'static str = "rocblas";
    const TRACE_ENV: &'static str = "ROCBLAS_LAYER";

    fn success() -> abi::rocblas_status {
        abi::rocblas_status_success
    }

    fn status_of(e: &BlasError) -> abi::rocblas_status {
        use abi::*;
        match e {
            BlasError::InvalidHandle => rocblas_status_invalid_handle,
            BlasError::NotImplemented(_) => rocblas_status_not_implemented,
            BlasError::InvalidPointer | BlasError::HandleIsNull => rocblas_status_invalid_pointer,
            BlasError::InvalidSize => rocblas_status_invalid_size,
            BlasError::InvalidValue | BlasError::InvalidEnum(_) => rocblas_status_invalid_value,
            BlasError::MemoryError => rocblas_status_memory_error,
            BlasError::Internal(_) | BlasError::NoDevice => rocblas_status_internal_error,
            BlasError::ArchMismatch => rocblas_status_arch_mismatch,
        }
    }

    fn internal_error() -> abi::rocblas_status {
        abi::rocblas_status_internal_error
    }

    fn not_supported() -> abi::rocblas_status {
        abi::rocblas_status_not_implemented
    }
}
