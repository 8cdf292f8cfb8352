//! The one declaration list of `librocfft.so`: every function of rocFFT's public header
//! (ROCm 6.3, `rocfft/rocfft.h`), in the header's order. Each line is exported by the
//! export-table macro of `ferrocm-fft` (`fft::capi`): panic containment, rocFFT's
//! statuses, tracing, the coverage table.
#![allow(non_snake_case)]

use std::ffi::{c_char, c_int, c_void};

use crate::abi::*;
use crate::api;

fft::capi::exports! {
    library = crate::Library;
    fn rocfft_setup() { api::setup }
    fn rocfft_cleanup() { api::cleanup }
    fn rocfft_plan_create(plan: *mut rocfft_plan, placement: rocfft_result_placement, transform_type: rocfft_transform_type, precision: rocfft_precision, dimensions: usize, lengths: *const usize, number_of_transforms: usize, description: rocfft_plan_description) { api::plan_create }
    fn rocfft_execute(plan: rocfft_plan, in_buffer: *mut *mut c_void, out_buffer: *mut *mut c_void, info: rocfft_execution_info) { api::execute }
    fn rocfft_plan_destroy(plan: rocfft_plan) { api::plan_destroy }
    fn rocfft_plan_description_set_scale_factor(description: rocfft_plan_description, scale_factor: f64) { api::plan_description_set_scale_factor }
    fn rocfft_plan_description_set_data_layout(description: rocfft_plan_description, in_array_type: rocfft_array_type, out_array_type: rocfft_array_type, in_offsets: *const usize, out_offsets: *const usize, in_strides_size: usize, in_strides: *const usize, in_distance: usize, out_strides_size: usize, out_strides: *const usize, out_distance: usize) { api::plan_description_set_data_layout }
    fn rocfft_field_create(field: *mut rocfft_field) { unsupported "multi-device fields and bricks: a plan runs on one device here" }
    fn rocfft_field_destroy(field: rocfft_field) { unsupported "multi-device fields and bricks: a plan runs on one device here" }
    fn rocfft_get_version_string(buf: *mut c_char, len: usize) { api::get_version_string }
    fn rocfft_plan_description_set_comm(description: rocfft_plan_description, comm_type: rocfft_comm_type, comm_handle: *mut c_void) { api::plan_description_set_comm }
    fn rocfft_brick_create(brick: *mut rocfft_brick, field_lower: *const usize, field_upper: *const usize, brick_stride: *const usize, dim: usize, deviceID: c_int) { unsupported "multi-device fields and bricks: a plan runs on one device here" }
    fn rocfft_brick_destroy(brick: rocfft_brick) { unsupported "multi-device fields and bricks: a plan runs on one device here" }
    fn rocfft_field_add_brick(field: rocfft_field, brick: rocfft_brick) { unsupported "multi-device fields and bricks: a plan runs on one device here" }
    fn rocfft_plan_description_add_infield(description: rocfft_plan_description, field: rocfft_field) { unsupported "multi-device fields and bricks: a plan runs on one device here" }
    fn rocfft_plan_description_add_outfield(description: rocfft_plan_description, field: rocfft_field) { unsupported "multi-device fields and bricks: a plan runs on one device here" }
    fn rocfft_plan_get_work_buffer_size(plan: rocfft_plan, size_in_bytes: *mut usize) { api::plan_get_work_buffer_size }
    fn rocfft_plan_get_print(plan: rocfft_plan) { api::plan_get_print }
    fn rocfft_plan_description_create(description: *mut rocfft_plan_description) { api::plan_description_create }
    fn rocfft_plan_description_destroy(description: rocfft_plan_description) { api::plan_description_destroy }
    fn rocfft_execution_info_create(info: *mut rocfft_execution_info) { api::execution_info_create }
    fn rocfft_execution_info_destroy(info: rocfft_execution_info) { api::execution_info_destroy }
    fn rocfft_execution_info_set_work_buffer(info: rocfft_execution_info, work_buffer: *mut c_void, size_in_bytes: usize) { api::execution_info_set_work_buffer }
    fn rocfft_execution_info_set_stream(info: rocfft_execution_info, stream: *mut c_void) { api::execution_info_set_stream }
    fn rocfft_execution_info_set_load_callback(info: rocfft_execution_info, cb_functions: *mut *mut c_void, cb_data: *mut *mut c_void, shared_mem_bytes: usize) { unsupported "load/store callbacks: they are device functions, which neither backend can call" }
    fn rocfft_execution_info_set_store_callback(info: rocfft_execution_info, cb_functions: *mut *mut c_void, cb_data: *mut *mut c_void, shared_mem_bytes: usize) { unsupported "load/store callbacks: they are device functions, which neither backend can call" }
    fn rocfft_cache_serialize(buffer: *mut *mut c_void, buffer_len_bytes: *mut usize) { api::cache_serialize }
    fn rocfft_cache_buffer_free(buffer: *mut c_void) { api::cache_buffer_free }
    fn rocfft_cache_deserialize(buffer: *const c_void, buffer_len_bytes: usize) { api::cache_deserialize }
}
