//! AMD SMI's C types (`include/amd_smi/amdsmi.h`, AMD SMI 24.7 / ROCm 6.3 layouts), by their C
//! names. Enumerations are plain integers: a C caller may pass any value, which the
//! implementations validate.
#![allow(non_camel_case_types, non_upper_case_globals)]

use std::ffi::{c_char, c_void};

pub type amdsmi_status_t = u32;
pub type amdsmi_processor_handle = *mut c_void;
pub type amdsmi_socket_handle = *mut c_void;
pub type processor_type_t = u32;
pub type amdsmi_clk_type_t = u32;
pub type amdsmi_temperature_type_t = u32;
pub type amdsmi_temperature_metric_t = u32;
pub type amdsmi_memory_type_t = u32;
pub type amdsmi_dev_perf_level_t = u32;
pub type amdsmi_process_handle_t = u32;

pub const AMDSMI_STATUS_SUCCESS: amdsmi_status_t = 0;
pub const AMDSMI_STATUS_INVAL: amdsmi_status_t = 1;
pub const AMDSMI_STATUS_NOT_SUPPORTED: amdsmi_status_t = 2;
pub const AMDSMI_STATUS_NOT_YET_IMPLEMENTED: amdsmi_status_t = 3;
pub const AMDSMI_STATUS_FAIL_LOAD_MODULE: amdsmi_status_t = 4;
pub const AMDSMI_STATUS_FAIL_LOAD_SYMBOL: amdsmi_status_t = 5;
pub const AMDSMI_STATUS_DRM_ERROR: amdsmi_status_t = 6;
pub const AMDSMI_STATUS_API_FAILED: amdsmi_status_t = 7;
pub const AMDSMI_STATUS_TIMEOUT: amdsmi_status_t = 8;
pub const AMDSMI_STATUS_RETRY: amdsmi_status_t = 9;
pub const AMDSMI_STATUS_NO_PERM: amdsmi_status_t = 10;
pub const AMDSMI_STATUS_INTERRUPT: amdsmi_status_t = 11;
pub const AMDSMI_STATUS_IO: amdsmi_status_t = 12;
pub const AMDSMI_STATUS_ADDRESS_FAULT: amdsmi_status_t = 13;
pub const AMDSMI_STATUS_FILE_ERROR: amdsmi_status_t = 14;
pub const AMDSMI_STATUS_OUT_OF_RESOURCES: amdsmi_status_t = 15;
pub const AMDSMI_STATUS_INTERNAL_EXCEPTION: amdsmi_status_t = 16;
pub const AMDSMI_STATUS_INPUT_OUT_OF_BOUNDS: amdsmi_status_t = 17;
pub const AMDSMI_STATUS_INIT_ERROR: amdsmi_status_t = 18;
pub const AMDSMI_STATUS_REFCOUNT_OVERFLOW: amdsmi_status_t = 19;
pub const AMDSMI_STATUS_BUSY: amdsmi_status_t = 30;
pub const AMDSMI_STATUS_NOT_FOUND: amdsmi_status_t = 31;
pub const AMDSMI_STATUS_NOT_INIT: amdsmi_status_t = 32;
pub const AMDSMI_STATUS_NO_SLOT: amdsmi_status_t = 33;
pub const AMDSMI_STATUS_DRIVER_NOT_LOADED: amdsmi_status_t = 34;
pub const AMDSMI_STATUS_NO_DATA: amdsmi_status_t = 40;
pub const AMDSMI_STATUS_INSUFFICIENT_SIZE: amdsmi_status_t = 41;
pub const AMDSMI_STATUS_UNEXPECTED_SIZE: amdsmi_status_t = 42;
pub const AMDSMI_STATUS_UNEXPECTED_DATA: amdsmi_status_t = 43;
pub const AMDSMI_STATUS_ARG_PTR_NULL: amdsmi_status_t = 53;
pub const AMDSMI_STATUS_SETTING_UNAVAILABLE: amdsmi_status_t = 55;
pub const AMDSMI_STATUS_MAP_ERROR: amdsmi_status_t = 0xFFFF_FFFE;
pub const AMDSMI_STATUS_UNKNOWN_ERROR: amdsmi_status_t = 0xFFFF_FFFF;

pub const AMDSMI_PROCESSOR_TYPE_UNKNOWN: processor_type_t = 0;
pub const AMDSMI_PROCESSOR_TYPE_AMD_GPU: processor_type_t = 1;
pub const AMDSMI_PROCESSOR_TYPE_AMD_CPU: processor_type_t = 2;
pub const AMDSMI_PROCESSOR_TYPE_NON_AMD_GPU: processor_type_t = 3;
pub const AMDSMI_PROCESSOR_TYPE_NON_AMD_CPU: processor_type_t = 4;

pub const AMDSMI_CLK_TYPE_SYS: amdsmi_clk_type_t = 0;
pub const AMDSMI_CLK_TYPE_GFX: amdsmi_clk_type_t = 0;
pub const AMDSMI_CLK_TYPE_MEM: amdsmi_clk_type_t = 5;
pub const AMDSMI_CLK_TYPE__MAX: amdsmi_clk_type_t = 10;

pub const AMDSMI_TEMPERATURE_TYPE_EDGE: amdsmi_temperature_type_t = 0;
pub const AMDSMI_TEMPERATURE_TYPE_HOTSPOT: amdsmi_temperature_type_t = 1;
pub const AMDSMI_TEMPERATURE_TYPE_VRAM: amdsmi_temperature_type_t = 2;
pub const AMDSMI_TEMPERATURE_TYPE__MAX: amdsmi_temperature_type_t = 8;

pub const AMDSMI_TEMP_CURRENT: amdsmi_temperature_metric_t = 0;
pub const AMDSMI_TEMP_CRITICAL: amdsmi_temperature_metric_t = 5;
pub const AMDSMI_TEMP_LAST: amdsmi_temperature_metric_t = 13;

pub const AMDSMI_MEM_TYPE_VRAM: amdsmi_memory_type_t = 0;
pub const AMDSMI_MEM_TYPE_VIS_VRAM: amdsmi_memory_type_t = 1;
pub const AMDSMI_MEM_TYPE_GTT: amdsmi_memory_type_t = 2;

pub const AMDSMI_VRAM_TYPE_UNKNOWN: u32 = 0;
pub const AMDSMI_MAX_FAN_SPEED: i64 = 255;
pub const AMDSMI_GPU_UUID_SIZE: u32 = 38;

pub const AMDSMI_LIB_VERSION_YEAR: u32 = 24;
pub const AMDSMI_LIB_VERSION_MAJOR: u32 = 7;
pub const AMDSMI_LIB_VERSION_MINOR: u32 = 0;
pub const AMDSMI_LIB_VERSION_RELEASE: u32 = 0;

/// `amdsmi_bdf_t`: function (3 bits), device (5), bus (8), domain (48) in one `uint64_t`.
pub type amdsmi_bdf_t = u64;

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct amdsmi_version_t {
    pub year: u32,
    pub major: u32,
    pub minor: u32,
    pub release: u32,
    pub build: *const c_char,
}

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct amdsmi_vram_usage_t {
    pub vram_total: u32,
    pub vram_used: u32,
    pub reserved: [u32; 2],
}

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct amdsmi_power_cap_info_t {
    pub power_cap: u64,
    pub default_power_cap: u64,
    pub dpm_cap: u64,
    pub min_power_cap: u64,
    pub max_power_cap: u64,
    pub reserved: [u64; 3],
}

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct amdsmi_vbios_info_t {
    pub name: [c_char; 64],
    pub build_date: [c_char; 32],
    pub part_number: [c_char; 64],
    pub version: [c_char; 32],
    pub reserved: [u32; 16],
}

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct amdsmi_asic_info_t {
    pub market_name: [c_char; 256],
    pub vendor_id: u32,
    pub vendor_name: [c_char; 64],
    pub subvendor_id: u32,
    pub device_id: u64,
    pub rev_id: u32,
    pub asic_serial: [c_char; 32],
    pub oam_id: u32,
    pub num_of_compute_units: u32,
    pub target_graphics_version: u64,
    pub reserved: [u32; 15],
}

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct amdsmi_kfd_info_t {
    pub kfd_id: u64,
    pub node_id: u32,
    pub current_partition_id: u32,
    pub reserved: [u32; 12],
}

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct amdsmi_vram_info_t {
    pub vram_type: u32,
    pub vram_vendor: u32,
    pub vram_size: u64,
    pub vram_bit_width: u32,
    pub reserved: [u64; 5],
}

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct amdsmi_driver_info_t {
    pub driver_version: [c_char; 64],
    pub driver_date: [c_char; 64],
    pub driver_name: [c_char; 64],
}

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct amdsmi_board_info_t {
    pub model_number: [c_char; 256],
    pub product_serial: [c_char; 32],
    pub fru_id: [c_char; 32],
    pub product_name: [c_char; 256],
    pub manufacturer_name: [c_char; 64],
    pub reserved: [u32; 32],
}

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct amdsmi_power_info_t {
    pub current_socket_power: u32,
    pub average_socket_power: u32,
    pub gfx_voltage: u32,
    pub soc_voltage: u32,
    pub mem_voltage: u32,
    pub power_limit: u32,
    pub reserved: [u32; 11],
}

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct amdsmi_clk_info_t {
    pub clk: u32,
    pub min_clk: u32,
    pub max_clk: u32,
    pub clk_locked: u8,
    pub clk_deep_sleep: u8,
    pub reserved: [u32; 4],
}

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct amdsmi_engine_usage_t {
    pub gfx_activity: u32,
    pub umc_activity: u32,
    pub mm_activity: u32,
    pub reserved: [u32; 13],
}

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct amdsmi_proc_engine_usage_t {
    pub gfx: u64,
    pub enc: u64,
    pub reserved: [u32; 12],
}

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct amdsmi_proc_memory_usage_t {
    pub gtt_mem: u64,
    pub cpu_mem: u64,
    pub vram_mem: u64,
    pub reserved: [u32; 10],
}

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct amdsmi_proc_info_t {
    pub name: [c_char; 32],
    pub pid: amdsmi_process_handle_t,
    pub mem: u64,
    pub engine_usage: amdsmi_proc_engine_usage_t,
    pub memory_usage: amdsmi_proc_memory_usage_t,
    pub container_name: [c_char; 32],
    pub reserved: [u32; 4],
}

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct amdsmi_process_info_t {
    pub process_id: u32,
    pub pasid: u32,
    pub vram_usage: u64,
    pub sdma_usage: u64,
    pub cu_occupancy: u32,
}
