//! ROCm SMI's C types (`include/rocm_smi/rocm_smi.h`), by their C names.
#![allow(non_camel_case_types, non_upper_case_globals)]

use std::ffi::c_char;

pub type rsmi_status_t = u32;
pub type rsmi_memory_type_t = u32;
pub type rsmi_temperature_metric_t = u32;
pub type rsmi_sw_component_t = u32;
pub type rsmi_dev_perf_level_t = u32;

pub const RSMI_STATUS_SUCCESS: rsmi_status_t = 0;
pub const RSMI_STATUS_INVALID_ARGS: rsmi_status_t = 1;
pub const RSMI_STATUS_NOT_SUPPORTED: rsmi_status_t = 2;
pub const RSMI_STATUS_FILE_ERROR: rsmi_status_t = 3;
pub const RSMI_STATUS_PERMISSION: rsmi_status_t = 4;
pub const RSMI_STATUS_OUT_OF_RESOURCES: rsmi_status_t = 5;
pub const RSMI_STATUS_INTERNAL_EXCEPTION: rsmi_status_t = 6;
pub const RSMI_STATUS_INPUT_OUT_OF_BOUNDS: rsmi_status_t = 7;
pub const RSMI_STATUS_INIT_ERROR: rsmi_status_t = 8;
pub const RSMI_STATUS_NOT_YET_IMPLEMENTED: rsmi_status_t = 9;
pub const RSMI_STATUS_NOT_FOUND: rsmi_status_t = 10;
pub const RSMI_STATUS_INSUFFICIENT_SIZE: rsmi_status_t = 11;
pub const RSMI_STATUS_INTERRUPT: rsmi_status_t = 12;
pub const RSMI_STATUS_UNEXPECTED_SIZE: rsmi_status_t = 13;
pub const RSMI_STATUS_NO_DATA: rsmi_status_t = 14;
pub const RSMI_STATUS_UNEXPECTED_DATA: rsmi_status_t = 15;
pub const RSMI_STATUS_BUSY: rsmi_status_t = 16;
pub const RSMI_STATUS_REFCOUNT_OVERFLOW: rsmi_status_t = 17;
pub const RSMI_STATUS_UNKNOWN_ERROR: rsmi_status_t = 0xFFFF_FFFF;

pub const RSMI_MEM_TYPE_VRAM: rsmi_memory_type_t = 0;
pub const RSMI_MEM_TYPE_VIS_VRAM: rsmi_memory_type_t = 1;
pub const RSMI_MEM_TYPE_GTT: rsmi_memory_type_t = 2;

pub const RSMI_TEMP_TYPE_EDGE: u32 = 0;
pub const RSMI_TEMP_TYPE_JUNCTION: u32 = 1;
pub const RSMI_TEMP_TYPE_MEMORY: u32 = 2;
pub const RSMI_TEMP_TYPE_LAST: u32 = 6;

pub const RSMI_TEMP_CURRENT: rsmi_temperature_metric_t = 0;
pub const RSMI_TEMP_CRITICAL: rsmi_temperature_metric_t = 5;
pub const RSMI_TEMP_LAST: rsmi_temperature_metric_t = 13;

pub const RSMI_SW_COMP_DRIVER: rsmi_sw_component_t = 0;
pub const RSMI_MAX_FAN_SPEED: i64 = 255;

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct rsmi_version_t {
    pub major: u32,
    pub minor: u32,
    pub patch: u32,
    pub build: *const c_char,
}

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct rsmi_process_info_t {
    pub process_id: u32,
    pub pasid: u32,
    pub vram_usage: u64,
    pub sdma_usage: u64,
    pub cu_occupancy: u32,
}
