//! hipBLAS's C types (`include/hipblas/hipblas.h`, `hipblas-common.h`), by their C names.
//! Enumerations are plain integers: a C caller may pass any value, which is validated.
#![allow(non_camel_case_types, non_upper_case_globals)]

use std::ffi::c_void;

pub type hipblasHandle_t = *mut c_void;
pub type hipStream_t = *mut c_void;
pub type hipblasStride = i64;
pub type hipblasStatus_t = i32;
pub type hipblasOperation_t = i32;
pub type hipblasFillMode_t = i32;
pub type hipblasDiagType_t = i32;
pub type hipblasSideMode_t = i32;
pub type hipblasDatatype_t = i32;
pub type hipDataType = i32;
pub type hipblasComputeType_t = i32;
pub type hipblasGemmAlgo_t = i32;
pub type hipblasGemmFlags_t = i32;
pub type hipblasPointerMode_t = i32;
pub type hipblasAtomicsMode_t = i32;
pub type hipblasMath_t = i32;

pub use blas::scalar::{Bf16, Half};

pub const HIPBLAS_STATUS_SUCCESS: hipblasStatus_t = 0;
pub const HIPBLAS_STATUS_NOT_INITIALIZED: hipblasStatus_t = 1;
pub const HIPBLAS_STATUS_ALLOC_FAILED: hipblasStatus_t = 2;
pub const HIPBLAS_STATUS_INVALID_VALUE: hipblasStatus_t = 3;
pub const HIPBLAS_STATUS_MAPPING_ERROR: hipblasStatus_t = 4;
pub const HIPBLAS_STATUS_EXECUTION_FAILED: hipblasStatus_t = 5;
pub const HIPBLAS_STATUS_INTERNAL_ERROR: hipblasStatus_t = 6;
pub const HIPBLAS_STATUS_NOT_SUPPORTED: hipblasStatus_t = 7;
pub const HIPBLAS_STATUS_ARCH_MISMATCH: hipblasStatus_t = 8;
pub const HIPBLAS_STATUS_HANDLE_IS_NULLPTR: hipblasStatus_t = 9;
pub const HIPBLAS_STATUS_INVALID_ENUM: hipblasStatus_t = 10;
pub const HIPBLAS_STATUS_UNKNOWN: hipblasStatus_t = 11;
