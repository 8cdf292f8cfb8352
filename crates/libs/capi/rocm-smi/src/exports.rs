//! The one declaration list of `librocm_smi64.so`: ROCm SMI's core functions
//! (`include/rocm_smi/rocm_smi.h`), each served by [`crate::api`] or answering
//! `RSMI_STATUS_NOT_SUPPORTED` with a reason. No `#[no_mangle]` anywhere else in this crate.

use std::ffi::c_char;

use crate::abi::*;
use crate::api;

smi::smi_exports! {
    on_panic = RSMI_STATUS_INTERNAL_EXCEPTION;
    not_supported = RSMI_STATUS_NOT_SUPPORTED;
    fn rsmi_init(init_flags: u64) -> rsmi_status_t { api::init }
    fn rsmi_shut_down() -> rsmi_status_t { api::shut_down }
    fn rsmi_num_monitor_devices(num_devices: *mut u32) -> rsmi_status_t { api::num_monitor_devices }
    fn rsmi_dev_id_get(dv_ind: u32, id: *mut u16) -> rsmi_status_t { api::dev_id_get }
    fn rsmi_dev_revision_get(dv_ind: u32, revision: *mut u16) -> rsmi_status_t { unsupported "no device reports a PCI revision id" }
    fn rsmi_dev_vendor_id_get(dv_ind: u32, id: *mut u16) -> rsmi_status_t { api::dev_vendor_id_get }
    fn rsmi_dev_name_get(dv_ind: u32, name: *mut c_char, len: usize) -> rsmi_status_t { api::dev_name_get }
    fn rsmi_dev_brand_get(dv_ind: u32, brand: *mut c_char, len: u32) -> rsmi_status_t { api::dev_brand_get }
    fn rsmi_dev_vendor_name_get(dv_ind: u32, name: *mut c_char, len: usize) -> rsmi_status_t { api::dev_vendor_name_get }
    fn rsmi_dev_serial_number_get(dv_ind: u32, serial_num: *mut c_char, len: u32) -> rsmi_status_t { api::dev_serial_number_get }
    fn rsmi_dev_subsystem_id_get(dv_ind: u32, id: *mut u16) -> rsmi_status_t { api::dev_subsystem_id_get }
    fn rsmi_dev_subsystem_name_get(dv_ind: u32, name: *mut c_char, len: usize) -> rsmi_status_t { unsupported "needs the PCI ID database, which ferrocm does not ship" }
    fn rsmi_dev_unique_id_get(dv_ind: u32, id: *mut u64) -> rsmi_status_t { unsupported "AMD's 64-bit unique id has no counterpart (NVIDIA UUIDs are 128-bit; see amdsmi_get_gpu_device_uuid)" }
    fn rsmi_dev_drm_render_minor_get(dv_ind: u32, minor: *mut u32) -> rsmi_status_t { unsupported "ferrocm devices have no DRM render node" }
    fn rsmi_dev_pci_id_get(dv_ind: u32, bdfid: *mut u64) -> rsmi_status_t { api::dev_pci_id_get }
    fn rsmi_dev_memory_total_get(dv_ind: u32, mem_type: rsmi_memory_type_t, total: *mut u64) -> rsmi_status_t { api::dev_memory_total_get }
    fn rsmi_dev_memory_usage_get(dv_ind: u32, mem_type: rsmi_memory_type_t, used: *mut u64) -> rsmi_status_t { api::dev_memory_usage_get }
    fn rsmi_dev_memory_busy_percent_get(dv_ind: u32, busy_percent: *mut u32) -> rsmi_status_t { api::dev_memory_busy_percent_get }
    fn rsmi_dev_busy_percent_get(dv_ind: u32, busy_percent: *mut u32) -> rsmi_status_t { api::dev_busy_percent_get }
    fn rsmi_dev_temp_metric_get(dv_ind: u32, sensor_type: u32, metric: rsmi_temperature_metric_t, temperature: *mut i64) -> rsmi_status_t { api::dev_temp_metric_get }
    fn rsmi_dev_power_ave_get(dv_ind: u32, sensor_ind: u32, power: *mut u64) -> rsmi_status_t { api::dev_power_ave_get }
    fn rsmi_dev_current_socket_power_get(dv_ind: u32, socket_power: *mut u64) -> rsmi_status_t { api::dev_current_socket_power_get }
    fn rsmi_dev_power_cap_get(dv_ind: u32, sensor_ind: u32, cap: *mut u64) -> rsmi_status_t { api::dev_power_cap_get }
    fn rsmi_dev_power_cap_default_get(dv_ind: u32, default_cap: *mut u64) -> rsmi_status_t { api::dev_power_cap_default_get }
    fn rsmi_dev_energy_count_get(dv_ind: u32, power: *mut u64, counter_resolution: *mut f32, timestamp: *mut u64) -> rsmi_status_t { api::dev_energy_count_get }
    fn rsmi_dev_fan_speed_get(dv_ind: u32, sensor_ind: u32, speed: *mut i64) -> rsmi_status_t { api::dev_fan_speed_get }
    fn rsmi_dev_fan_speed_max_get(dv_ind: u32, sensor_ind: u32, max_speed: *mut u64) -> rsmi_status_t { api::dev_fan_speed_max_get }
    fn rsmi_dev_perf_level_get(dv_ind: u32, perf: *mut rsmi_dev_perf_level_t) -> rsmi_status_t { unsupported "ferrocm devices have no AMD power-play performance levels" }
    fn rsmi_dev_vbios_version_get(dv_ind: u32, vbios: *mut c_char, len: u32) -> rsmi_status_t { unsupported "no VBIOS on the CPU device; NVML's VBIOS version is not mapped yet" }
    fn rsmi_version_get(version: *mut rsmi_version_t) -> rsmi_status_t { api::version_get }
    fn rsmi_version_str_get(component: rsmi_sw_component_t, ver_str: *mut c_char, len: u32) -> rsmi_status_t { api::version_str_get }
    fn rsmi_status_string(status: rsmi_status_t, status_string: *mut *const c_char) -> rsmi_status_t { api::status_string }
    fn rsmi_compute_process_info_get(procs: *mut rsmi_process_info_t, num_items: *mut u32) -> rsmi_status_t { api::compute_process_info_get }
    fn rsmi_compute_process_info_by_pid_get(pid: u32, proc_: *mut rsmi_process_info_t) -> rsmi_status_t { api::compute_process_info_by_pid_get }
}
