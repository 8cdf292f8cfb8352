//! rocFFT's C types and enum values (`rocfft/rocfft.h`, ROCm 6.3).
#![allow(non_camel_case_types, non_upper_case_globals)]

use std::ffi::c_void;

pub type rocfft_status = i32;
pub const rocfft_status_success: rocfft_status = 0;
pub const rocfft_status_failure: rocfft_status = 1;
pub const rocfft_status_invalid_arg_value: rocfft_status = 2;
pub const rocfft_status_invalid_dimensions: rocfft_status = 3;
pub const rocfft_status_invalid_array_type: rocfft_status = 4;
pub const rocfft_status_invalid_strides: rocfft_status = 5;
pub const rocfft_status_invalid_distance: rocfft_status = 6;
pub const rocfft_status_invalid_offset: rocfft_status = 7;
pub const rocfft_status_invalid_work_buffer: rocfft_status = 8;

pub type rocfft_transform_type = i32;
pub const rocfft_transform_type_complex_forward: i32 = 0;
pub const rocfft_transform_type_complex_inverse: i32 = 1;
pub const rocfft_transform_type_real_forward: i32 = 2;
pub const rocfft_transform_type_real_inverse: i32 = 3;

pub type rocfft_precision = i32;
pub const rocfft_precision_single: i32 = 0;
pub const rocfft_precision_double: i32 = 1;
pub const rocfft_precision_half: i32 = 2;

pub type rocfft_result_placement = i32;
pub const rocfft_placement_inplace: i32 = 0;
pub const rocfft_placement_notinplace: i32 = 1;

pub type rocfft_array_type = i32;
pub const rocfft_array_type_complex_interleaved: i32 = 0;
pub const rocfft_array_type_complex_planar: i32 = 1;
pub const rocfft_array_type_real: i32 = 2;
pub const rocfft_array_type_hermitian_interleaved: i32 = 3;
pub const rocfft_array_type_hermitian_planar: i32 = 4;
pub const rocfft_array_type_unset: i32 = 5;

pub type rocfft_comm_type = i32;
pub const rocfft_comm_none: i32 = 0;
pub const rocfft_comm_mpi: i32 = 1;

/// Opaque handles (ids of the library's tables).
pub type rocfft_plan = *mut c_void;
pub type rocfft_plan_description = *mut c_void;
pub type rocfft_execution_info = *mut c_void;
pub type rocfft_field = *mut c_void;
pub type rocfft_brick = *mut c_void;
