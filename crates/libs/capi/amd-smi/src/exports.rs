//! The one declaration list of `libamd_smi.so`: AMD SMI's functions (`include/amd_smi/amdsmi.h`),
//! each served by [`crate::api`] or answering `AMDSMI_STATUS_NOT_SUPPORTED` with a reason.
//! No `#[no_mangle]` anywhere else in this crate.

use std::ffi::c_char;

use crate::abi::*;
use crate::api::{self, identity, metrics};

smi::smi_exports! {
    on_panic = AMDSMI_STATUS_INTERNAL_EXCEPTION;
    not_supported = AMDSMI_STATUS_NOT_SUPPORTED;
    fn amdsmi_init(init_flags: u64) -> amdsmi_status_t { api::init }
    fn amdsmi_shut_down() -> amdsmi_status_t { api::shut_down }
    fn amdsmi_get_lib_version(version: *mut amdsmi_version_t) -> amdsmi_status_t { api::get_lib_version }
    fn amdsmi_status_code_to_string(status: amdsmi_status_t, status_string: *mut *const c_char) -> amdsmi_status_t { api::status_code_to_string }
    fn amdsmi_get_socket_handles(socket_count: *mut u32, socket_handles: *mut amdsmi_socket_handle) -> amdsmi_status_t { api::get_socket_handles }
    fn amdsmi_get_socket_info(socket_handle: amdsmi_socket_handle, len: usize, name: *mut c_char) -> amdsmi_status_t { api::get_socket_info }
    fn amdsmi_get_processor_handles(socket_handle: amdsmi_socket_handle, processor_count: *mut u32, processor_handles: *mut amdsmi_processor_handle) -> amdsmi_status_t { api::get_processor_handles }
    fn amdsmi_get_processor_type(processor_handle: amdsmi_processor_handle, processor_type: *mut processor_type_t) -> amdsmi_status_t { identity::get_processor_type }
    fn amdsmi_get_processor_handle_from_bdf(bdf: amdsmi_bdf_t, processor_handle: *mut amdsmi_processor_handle) -> amdsmi_status_t { identity::get_processor_handle_from_bdf }
    fn amdsmi_get_gpu_id(processor_handle: amdsmi_processor_handle, id: *mut u16) -> amdsmi_status_t { identity::get_gpu_id }
    fn amdsmi_get_gpu_revision(processor_handle: amdsmi_processor_handle, revision: *mut u16) -> amdsmi_status_t { unsupported "no device reports a PCI revision id (NVML has none; the CPU device is no PCI function)" }
    fn amdsmi_get_gpu_vendor_name(processor_handle: amdsmi_processor_handle, name: *mut c_char, len: usize) -> amdsmi_status_t { identity::get_gpu_vendor_name }
    fn amdsmi_get_gpu_vram_vendor(processor_handle: amdsmi_processor_handle, brand: *mut c_char, len: u32) -> amdsmi_status_t { unsupported "memory vendors are not exposed by NVML or Linux" }
    fn amdsmi_get_gpu_subsystem_id(processor_handle: amdsmi_processor_handle, id: *mut u16) -> amdsmi_status_t { identity::get_gpu_subsystem_id }
    fn amdsmi_get_gpu_subsystem_name(processor_handle: amdsmi_processor_handle, name: *mut c_char, len: usize) -> amdsmi_status_t { unsupported "needs the PCI ID database, which ferrocm does not ship" }
    fn amdsmi_get_gpu_bdf_id(processor_handle: amdsmi_processor_handle, bdfid: *mut u64) -> amdsmi_status_t { identity::get_gpu_bdf_id }
    fn amdsmi_get_gpu_topo_numa_affinity(processor_handle: amdsmi_processor_handle, numa_node: *mut i32) -> amdsmi_status_t { identity::get_gpu_topo_numa_affinity }
    fn amdsmi_topo_get_numa_node_number(processor_handle: amdsmi_processor_handle, numa_node: *mut u32) -> amdsmi_status_t { identity::topo_get_numa_node_number }
    fn amdsmi_get_gpu_device_bdf(processor_handle: amdsmi_processor_handle, bdf: *mut amdsmi_bdf_t) -> amdsmi_status_t { identity::get_gpu_device_bdf }
    fn amdsmi_get_gpu_device_uuid(processor_handle: amdsmi_processor_handle, uuid_length: *mut u32, uuid: *mut c_char) -> amdsmi_status_t { identity::get_gpu_device_uuid }
    fn amdsmi_get_gpu_driver_info(processor_handle: amdsmi_processor_handle, info: *mut amdsmi_driver_info_t) -> amdsmi_status_t { identity::get_gpu_driver_info }
    fn amdsmi_get_gpu_asic_info(processor_handle: amdsmi_processor_handle, info: *mut amdsmi_asic_info_t) -> amdsmi_status_t { identity::get_gpu_asic_info }
    fn amdsmi_get_gpu_kfd_info(processor_handle: amdsmi_processor_handle, info: *mut amdsmi_kfd_info_t) -> amdsmi_status_t { unsupported "ferrocm devices have no KFD node" }
    fn amdsmi_get_gpu_vram_info(processor_handle: amdsmi_processor_handle, info: *mut amdsmi_vram_info_t) -> amdsmi_status_t { identity::get_gpu_vram_info }
    fn amdsmi_get_gpu_board_info(processor_handle: amdsmi_processor_handle, info: *mut amdsmi_board_info_t) -> amdsmi_status_t { identity::get_gpu_board_info }
    fn amdsmi_get_gpu_vbios_info(processor_handle: amdsmi_processor_handle, info: *mut amdsmi_vbios_info_t) -> amdsmi_status_t { unsupported "no VBIOS on the CPU device; NVML's VBIOS version is not mapped yet" }
    fn amdsmi_get_gpu_activity(processor_handle: amdsmi_processor_handle, info: *mut amdsmi_engine_usage_t) -> amdsmi_status_t { metrics::get_gpu_activity }
    fn amdsmi_get_gpu_memory_total(processor_handle: amdsmi_processor_handle, mem_type: amdsmi_memory_type_t, total: *mut u64) -> amdsmi_status_t { metrics::get_gpu_memory_total }
    fn amdsmi_get_gpu_memory_usage(processor_handle: amdsmi_processor_handle, mem_type: amdsmi_memory_type_t, used: *mut u64) -> amdsmi_status_t { metrics::get_gpu_memory_usage }
    fn amdsmi_get_gpu_vram_usage(processor_handle: amdsmi_processor_handle, info: *mut amdsmi_vram_usage_t) -> amdsmi_status_t { metrics::get_gpu_vram_usage }
    fn amdsmi_get_clock_info(processor_handle: amdsmi_processor_handle, clk_type: amdsmi_clk_type_t, info: *mut amdsmi_clk_info_t) -> amdsmi_status_t { metrics::get_clock_info }
    fn amdsmi_get_temp_metric(processor_handle: amdsmi_processor_handle, sensor_type: amdsmi_temperature_type_t, metric: amdsmi_temperature_metric_t, temperature: *mut i64) -> amdsmi_status_t { metrics::get_temp_metric }
    fn amdsmi_get_power_info(processor_handle: amdsmi_processor_handle, info: *mut amdsmi_power_info_t) -> amdsmi_status_t { metrics::get_power_info }
    fn amdsmi_get_power_cap_info(processor_handle: amdsmi_processor_handle, sensor_ind: u32, info: *mut amdsmi_power_cap_info_t) -> amdsmi_status_t { metrics::get_power_cap_info }
    fn amdsmi_get_energy_count(processor_handle: amdsmi_processor_handle, energy_accumulator: *mut u64, counter_resolution: *mut f32, timestamp: *mut u64) -> amdsmi_status_t { metrics::get_energy_count }
    fn amdsmi_is_gpu_power_management_enabled(processor_handle: amdsmi_processor_handle, enabled: *mut bool) -> amdsmi_status_t { metrics::is_gpu_power_management_enabled }
    fn amdsmi_get_gpu_fan_speed(processor_handle: amdsmi_processor_handle, sensor_ind: u32, speed: *mut i64) -> amdsmi_status_t { metrics::get_gpu_fan_speed }
    fn amdsmi_get_gpu_fan_speed_max(processor_handle: amdsmi_processor_handle, sensor_ind: u32, max_speed: *mut u64) -> amdsmi_status_t { metrics::get_gpu_fan_speed_max }
    fn amdsmi_get_gpu_fan_rpms(processor_handle: amdsmi_processor_handle, sensor_ind: u32, speed: *mut i64) -> amdsmi_status_t { unsupported "fan RPM is exposed by neither NVML's common API nor a CPU hwmon driver we read" }
    fn amdsmi_get_gpu_perf_level(processor_handle: amdsmi_processor_handle, perf: *mut amdsmi_dev_perf_level_t) -> amdsmi_status_t { unsupported "ferrocm devices have no AMD power-play performance levels" }
    fn amdsmi_get_gpu_process_list(processor_handle: amdsmi_processor_handle, max_processes: *mut u32, list: *mut amdsmi_proc_info_t) -> amdsmi_status_t { metrics::get_gpu_process_list }
    fn amdsmi_get_gpu_compute_process_info(procs: *mut amdsmi_process_info_t, num_items: *mut u32) -> amdsmi_status_t { metrics::get_gpu_compute_process_info }
}
