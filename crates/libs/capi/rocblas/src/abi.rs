//! rocBLAS's C types (`include/rocblas/rocblas-types.h`), by their C names. Enumerations
//! are plain integers here: a C caller may pass any value, which the core validates.
#![allow(non_camel_case_types, non_upper_case_globals)]

use std::ffi::c_void;

pub type rocblas_handle = *mut c_void;
pub type hipStream_t = *mut c_void;
pub type hipEvent_t = *mut c_void;
pub type rocblas_int = i32;
pub type rocblas_stride = i64;
pub type rocblas_status = i32;
pub type rocblas_operation = i32;
pub type rocblas_fill = i32;
pub type rocblas_diagonal = i32;
pub type rocblas_side = i32;
pub type rocblas_datatype = i32;
pub type rocblas_computetype = i32;
pub type rocblas_gemm_algo = i32;
pub type rocblas_pointer_mode = i32;
pub type rocblas_atomics_mode = i32;
pub type rocblas_math_mode = i32;
pub type rocblas_performance_metric = i32;
pub type rocblas_geam_ex_operation = i32;

pub use blas::scalar::{Bf16, Half};

pub const rocblas_status_success: rocblas_status = 0;
pub const rocblas_status_invalid_handle: rocblas_status = 1;
pub const rocblas_status_not_implemented: rocblas_status = 2;
pub const rocblas_status_invalid_pointer: rocblas_status = 3;
pub const rocblas_status_invalid_size: rocblas_status = 4;
pub const rocblas_status_memory_error: rocblas_status = 5;
pub const rocblas_status_internal_error: rocblas_status = 6;
pub const rocblas_status_perf_degraded: rocblas_status = 7;
pub const rocblas_status_size_query_mismatch: rocblas_status = 8;
pub const rocblas_status_size_increased: rocblas_status = 9;
pub const rocblas_status_size_unchanged: rocblas_status = 10;
pub const rocblas_status_invalid_value: rocblas_status = 11;
pub const rocblas_status_continue: rocblas_status = 12;
pub const rocblas_status_check_numerics_fail: rocblas_status = 13;
pub const rocblas_status_excluded_from_build: rocblas_status = 14;
pub const rocblas_status_arch_mismatch: rocblas_status = 15;
