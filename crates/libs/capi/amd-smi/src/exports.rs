//! The one declaration list of `libamd_smi.so`: AMD SMI's functions (`include/amd_smi/amdsmi.h`),
//! each served by [`crate::api`] or answering `AMDSMI_STATUS_NOT_SUPPORTED` with a reason.
//! No `#[no_mangle]` anywhere else in this crate.

use std::ffi::{c_char, c_void};

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
    fn amdsmi_get_gpu_compute_process_info_by_pid(pid: u32, proc_: *mut amdsmi_process_info_t) -> amdsmi_status_t { metrics::get_gpu_compute_process_info_by_pid }
    fn amdsmi_get_gpu_compute_process_gpus(pid: u32, dv_indices: *mut u32, num_devices: *mut u32) -> amdsmi_status_t { metrics::get_gpu_compute_process_gpus }
    fn amdsmi_free_name_value_pairs(p: *mut c_void) -> () { api::free_name_value_pairs }
    // The rest of AMD SMI 24.7 (ESMI CPU functions aside), generated by
    // tools/gen_unsupported.py from the API digest.
    fn amdsmi_get_gpu_pci_bandwidth(processor_handle: amdsmi_processor_handle, bandwidth: *mut c_void) -> amdsmi_status_t { unsupported "PCIe link data is not read yet (the CPU device is no PCI function)" }
    fn amdsmi_get_gpu_pci_throughput(processor_handle: amdsmi_processor_handle, sent: *mut c_void, received: *mut c_void, max_pkt_sz: *mut c_void) -> amdsmi_status_t { unsupported "PCIe link data is not read yet (the CPU device is no PCI function)" }
    fn amdsmi_get_gpu_pci_replay_counter(processor_handle: amdsmi_processor_handle, counter: *mut c_void) -> amdsmi_status_t { unsupported "AMD GPU performance counters (XGMI events) do not exist on ferrocm's devices" }
    fn amdsmi_set_gpu_pci_bandwidth(processor_handle: amdsmi_processor_handle, bw_bitmask: u64) -> amdsmi_status_t { unsupported "changes device settings: ferrocm's devices have no AMD power-play, overdrive, partition, fan or reset controls" }
    fn amdsmi_set_power_cap(processor_handle: amdsmi_processor_handle, sensor_ind: u32, cap: u64) -> amdsmi_status_t { unsupported "changes device settings: ferrocm's devices have no AMD power-play, overdrive, partition, fan or reset controls" }
    fn amdsmi_set_gpu_power_profile(processor_handle: amdsmi_processor_handle, reserved: u32, profile: u64) -> amdsmi_status_t { unsupported "changes device settings: ferrocm's devices have no AMD power-play, overdrive, partition, fan or reset controls" }
    fn amdsmi_get_gpu_bad_page_info(processor_handle: amdsmi_processor_handle, num_pages: *mut c_void, info: *mut c_void) -> amdsmi_status_t { unsupported "no RAS/ECC error counters or retired pages on ferrocm's devices" }
    fn amdsmi_get_gpu_ras_feature_info(processor_handle: amdsmi_processor_handle, ras_feature: *mut c_void) -> amdsmi_status_t { unsupported "no RAS/ECC error counters or retired pages on ferrocm's devices" }
    fn amdsmi_get_gpu_ras_block_features_enabled(processor_handle: amdsmi_processor_handle, block: u64, state: *mut c_void) -> amdsmi_status_t { unsupported "no RAS/ECC error counters or retired pages on ferrocm's devices" }
    fn amdsmi_get_gpu_memory_reserved_pages(processor_handle: amdsmi_processor_handle, num_pages: *mut c_void, records: *mut c_void) -> amdsmi_status_t { unsupported "no RAS/ECC error counters or retired pages on ferrocm's devices" }
    fn amdsmi_get_gpu_cache_info(processor_handle: amdsmi_processor_handle, info: *mut c_void) -> amdsmi_status_t { unsupported "cache data is not mapped yet" }
    fn amdsmi_get_gpu_volt_metric(processor_handle: amdsmi_processor_handle, sensor_type: u32, metric: u32, voltage: *mut c_void) -> amdsmi_status_t { unsupported "voltages are exposed neither by NVML nor by Linux for CPUs in general" }
    fn amdsmi_reset_gpu_fan(processor_handle: amdsmi_processor_handle, sensor_ind: u32) -> amdsmi_status_t { unsupported "changes device settings: ferrocm's devices have no AMD power-play, overdrive, partition, fan or reset controls" }
    fn amdsmi_set_gpu_fan_speed(processor_handle: amdsmi_processor_handle, sensor_ind: u32, speed: u64) -> amdsmi_status_t { unsupported "changes device settings: ferrocm's devices have no AMD power-play, overdrive, partition, fan or reset controls" }
    fn amdsmi_get_utilization_count(processor_handle: amdsmi_processor_handle, utilization_counters: *mut c_void, count: u32, timestamp: *mut c_void) -> amdsmi_status_t { unsupported "AMD's accumulated utilisation counters do not exist (amdsmi_get_gpu_activity reports utilisation)" }
    fn amdsmi_set_gpu_perf_determinism_mode(processor_handle: amdsmi_processor_handle, clkvalue: u64) -> amdsmi_status_t { unsupported "changes device settings: ferrocm's devices have no AMD power-play, overdrive, partition, fan or reset controls" }
    fn amdsmi_get_gpu_overdrive_level(processor_handle: amdsmi_processor_handle, od: *mut c_void) -> amdsmi_status_t { unsupported "AMD power-play, overdrive and DPM data do not exist on ferrocm's devices" }
    fn amdsmi_get_gpu_mem_overdrive_level(processor_handle: amdsmi_processor_handle, od: *mut c_void) -> amdsmi_status_t { unsupported "AMD power-play, overdrive and DPM data do not exist on ferrocm's devices" }
    fn amdsmi_get_clk_freq(processor_handle: amdsmi_processor_handle, clk_type: u32, f: *mut c_void) -> amdsmi_status_t { unsupported "AMD power-play, overdrive and DPM data do not exist on ferrocm's devices" }
    fn amdsmi_reset_gpu(processor_handle: amdsmi_processor_handle) -> amdsmi_status_t { unsupported "changes device settings: ferrocm's devices have no AMD power-play, overdrive, partition, fan or reset controls" }
    fn amdsmi_get_gpu_od_volt_info(processor_handle: amdsmi_processor_handle, odv: *mut c_void) -> amdsmi_status_t { unsupported "AMD power-play, overdrive and DPM data do not exist on ferrocm's devices" }
    fn amdsmi_get_gpu_metrics_header_info(processor_handle: amdsmi_processor_handle, header_value: *mut c_void) -> amdsmi_status_t { unsupported "AMD firmware metrics tables do not exist on ferrocm's devices" }
    fn amdsmi_get_gpu_metrics_info(processor_handle: amdsmi_processor_handle, pgpu_metrics: *mut c_void) -> amdsmi_status_t { unsupported "AMD firmware metrics tables do not exist on ferrocm's devices" }
    fn amdsmi_get_gpu_pm_metrics_info(processor_handle: amdsmi_processor_handle, pm_metrics: *mut c_void, num_of_metrics: *mut c_void) -> amdsmi_status_t { unsupported "AMD firmware metrics tables do not exist on ferrocm's devices" }
    fn amdsmi_get_gpu_reg_table_info(processor_handle: amdsmi_processor_handle, reg_type: u32, reg_metrics: *mut c_void, num_of_metrics: *mut c_void) -> amdsmi_status_t { unsupported "AMD firmware metrics tables do not exist on ferrocm's devices" }
    fn amdsmi_set_gpu_clk_range(processor_handle: amdsmi_processor_handle, minclkvalue: u64, maxclkvalue: u64, clk_type: u32) -> amdsmi_status_t { unsupported "changes device settings: ferrocm's devices have no AMD power-play, overdrive, partition, fan or reset controls" }
    fn amdsmi_set_gpu_clk_limit(processor_handle: amdsmi_processor_handle, clk_type: u32, limit_type: u32, clk_value: u64) -> amdsmi_status_t { unsupported "changes device settings: ferrocm's devices have no AMD power-play, overdrive, partition, fan or reset controls" }
    fn amdsmi_set_gpu_od_clk_info(processor_handle: amdsmi_processor_handle, level: u32, clkvalue: u64, clk_type: u32) -> amdsmi_status_t { unsupported "changes device settings: ferrocm's devices have no AMD power-play, overdrive, partition, fan or reset controls" }
    fn amdsmi_set_gpu_od_volt_info(processor_handle: amdsmi_processor_handle, vpoint: u32, clkvalue: u64, voltvalue: u64) -> amdsmi_status_t { unsupported "changes device settings: ferrocm's devices have no AMD power-play, overdrive, partition, fan or reset controls" }
    fn amdsmi_get_gpu_od_volt_curve_regions(processor_handle: amdsmi_processor_handle, num_regions: *mut c_void, buffer: *mut c_void) -> amdsmi_status_t { unsupported "AMD power-play, overdrive and DPM data do not exist on ferrocm's devices" }
    fn amdsmi_get_gpu_power_profile_presets(processor_handle: amdsmi_processor_handle, sensor_ind: u32, status: *mut c_void) -> amdsmi_status_t { unsupported "AMD power-play, overdrive and DPM data do not exist on ferrocm's devices" }
    fn amdsmi_set_gpu_perf_level(processor_handle: amdsmi_processor_handle, perf_lvl: u32) -> amdsmi_status_t { unsupported "changes device settings: ferrocm's devices have no AMD power-play, overdrive, partition, fan or reset controls" }
    fn amdsmi_set_gpu_overdrive_level(processor_handle: amdsmi_processor_handle, od: u32) -> amdsmi_status_t { unsupported "changes device settings: ferrocm's devices have no AMD power-play, overdrive, partition, fan or reset controls" }
    fn amdsmi_set_clk_freq(processor_handle: amdsmi_processor_handle, clk_type: u32, freq_bitmask: u64) -> amdsmi_status_t { unsupported "changes device settings: ferrocm's devices have no AMD power-play, overdrive, partition, fan or reset controls" }
    fn amdsmi_get_soc_pstate(processor_handle: amdsmi_processor_handle, policy: *mut c_void) -> amdsmi_status_t { unsupported "AMD power-play, overdrive and DPM data do not exist on ferrocm's devices" }
    fn amdsmi_set_soc_pstate(processor_handle: amdsmi_processor_handle, policy_id: u32) -> amdsmi_status_t { unsupported "changes device settings: ferrocm's devices have no AMD power-play, overdrive, partition, fan or reset controls" }
    fn amdsmi_get_xgmi_plpd(processor_handle: amdsmi_processor_handle, xgmi_plpd: *mut c_void) -> amdsmi_status_t { unsupported "links between ferrocm's devices are not known (no XGMI; PCIe link data not read yet)" }
    fn amdsmi_set_xgmi_plpd(processor_handle: amdsmi_processor_handle, plpd_id: u32) -> amdsmi_status_t { unsupported "changes device settings: ferrocm's devices have no AMD power-play, overdrive, partition, fan or reset controls" }
    fn amdsmi_get_gpu_process_isolation(processor_handle: amdsmi_processor_handle, pisolate: *mut c_void) -> amdsmi_status_t { unsupported "AMD power-play, overdrive and DPM data do not exist on ferrocm's devices" }
    fn amdsmi_set_gpu_process_isolation(processor_handle: amdsmi_processor_handle, pisolate: u32) -> amdsmi_status_t { unsupported "changes device settings: ferrocm's devices have no AMD power-play, overdrive, partition, fan or reset controls" }
    fn amdsmi_clean_gpu_local_data(processor_handle: amdsmi_processor_handle) -> amdsmi_status_t { unsupported "changes device settings: ferrocm's devices have no AMD power-play, overdrive, partition, fan or reset controls" }
    fn amdsmi_get_gpu_ecc_count(processor_handle: amdsmi_processor_handle, block: u64, ec: *mut c_void) -> amdsmi_status_t { unsupported "no RAS/ECC error counters or retired pages on ferrocm's devices" }
    fn amdsmi_get_gpu_ecc_enabled(processor_handle: amdsmi_processor_handle, enabled_blocks: *mut c_void) -> amdsmi_status_t { unsupported "no RAS/ECC error counters or retired pages on ferrocm's devices" }
    fn amdsmi_get_gpu_ecc_status(processor_handle: amdsmi_processor_handle, block: u64, state: *mut c_void) -> amdsmi_status_t { unsupported "no RAS/ECC error counters or retired pages on ferrocm's devices" }
    fn amdsmi_gpu_counter_group_supported(processor_handle: amdsmi_processor_handle, group: u32) -> amdsmi_status_t { unsupported "AMD GPU performance counters (XGMI events) do not exist on ferrocm's devices" }
    fn amdsmi_gpu_create_counter(processor_handle: amdsmi_processor_handle, type_: u32, evnt_handle: *mut c_void) -> amdsmi_status_t { unsupported "AMD GPU performance counters (XGMI events) do not exist on ferrocm's devices" }
    fn amdsmi_gpu_destroy_counter(evnt_handle: usize) -> amdsmi_status_t { unsupported "AMD GPU performance counters (XGMI events) do not exist on ferrocm's devices" }
    fn amdsmi_gpu_control_counter(evt_handle: usize, cmd: u32, cmd_args: *mut c_void) -> amdsmi_status_t { unsupported "AMD GPU performance counters (XGMI events) do not exist on ferrocm's devices" }
    fn amdsmi_gpu_read_counter(evt_handle: usize, value: *mut c_void) -> amdsmi_status_t { unsupported "AMD GPU performance counters (XGMI events) do not exist on ferrocm's devices" }
    fn amdsmi_get_gpu_available_counters(processor_handle: amdsmi_processor_handle, grp: u32, available: *mut c_void) -> amdsmi_status_t { unsupported "AMD GPU performance counters (XGMI events) do not exist on ferrocm's devices" }
    fn amdsmi_gpu_xgmi_error_status(processor_handle: amdsmi_processor_handle, status: *mut c_void) -> amdsmi_status_t { unsupported "links between ferrocm's devices are not known (no XGMI; PCIe link data not read yet)" }
    fn amdsmi_reset_gpu_xgmi_error(processor_handle: amdsmi_processor_handle) -> amdsmi_status_t { unsupported "changes device settings: ferrocm's devices have no AMD power-play, overdrive, partition, fan or reset controls" }
    fn amdsmi_get_link_metrics(processor_handle: amdsmi_processor_handle, link_metrics: *mut c_void) -> amdsmi_status_t { unsupported "links between ferrocm's devices are not known (no XGMI; PCIe link data not read yet)" }
    fn amdsmi_topo_get_link_weight(processor_handle_src: amdsmi_processor_handle, processor_handle_dst: amdsmi_processor_handle, weight: *mut c_void) -> amdsmi_status_t { unsupported "links between ferrocm's devices are not known (no XGMI; PCIe link data not read yet)" }
    fn amdsmi_get_minmax_bandwidth_between_processors(processor_handle_src: amdsmi_processor_handle, processor_handle_dst: amdsmi_processor_handle, min_bandwidth: *mut c_void, max_bandwidth: *mut c_void) -> amdsmi_status_t { unsupported "links between ferrocm's devices are not known (no XGMI; PCIe link data not read yet)" }
    fn amdsmi_topo_get_link_type(processor_handle_src: amdsmi_processor_handle, processor_handle_dst: amdsmi_processor_handle, hops: *mut c_void, type_: *mut c_void) -> amdsmi_status_t { unsupported "links between ferrocm's devices are not known (no XGMI; PCIe link data not read yet)" }
    fn amdsmi_is_P2P_accessible(processor_handle_src: amdsmi_processor_handle, processor_handle_dst: amdsmi_processor_handle, accessible: *mut c_void) -> amdsmi_status_t { unsupported "links between ferrocm's devices are not known (no XGMI; PCIe link data not read yet)" }
    fn amdsmi_topo_get_p2p_status(processor_handle_src: amdsmi_processor_handle, processor_handle_dst: amdsmi_processor_handle, type_: *mut c_void, cap: *mut c_void) -> amdsmi_status_t { unsupported "links between ferrocm's devices are not known (no XGMI; PCIe link data not read yet)" }
    fn amdsmi_get_gpu_compute_partition(processor_handle: amdsmi_processor_handle, compute_partition: *mut c_void, len: u32) -> amdsmi_status_t { unsupported "AMD compute and memory partitions do not exist on ferrocm's devices" }
    fn amdsmi_set_gpu_compute_partition(processor_handle: amdsmi_processor_handle, compute_partition: u32) -> amdsmi_status_t { unsupported "changes device settings: ferrocm's devices have no AMD power-play, overdrive, partition, fan or reset controls" }
    fn amdsmi_get_gpu_memory_partition(processor_handle: amdsmi_processor_handle, memory_partition: *mut c_void, len: u32) -> amdsmi_status_t { unsupported "AMD compute and memory partitions do not exist on ferrocm's devices" }
    fn amdsmi_set_gpu_memory_partition(processor_handle: amdsmi_processor_handle, memory_partition: u32) -> amdsmi_status_t { unsupported "changes device settings: ferrocm's devices have no AMD power-play, overdrive, partition, fan or reset controls" }
    fn amdsmi_get_gpu_accelerator_partition_profile(processor_handle: amdsmi_processor_handle, profile: *mut c_void, partition_id: *mut c_void) -> amdsmi_status_t { unsupported "AMD compute and memory partitions do not exist on ferrocm's devices" }
    fn amdsmi_init_gpu_event_notification(processor_handle: amdsmi_processor_handle) -> amdsmi_status_t { unsupported "AMD KFD event notifications do not exist on ferrocm's devices" }
    fn amdsmi_set_gpu_event_notification_mask(processor_handle: amdsmi_processor_handle, mask: u64) -> amdsmi_status_t { unsupported "changes device settings: ferrocm's devices have no AMD power-play, overdrive, partition, fan or reset controls" }
    fn amdsmi_get_gpu_event_notification(timeout_ms: i32, num_elem: *mut c_void, data: *mut c_void) -> amdsmi_status_t { unsupported "AMD KFD event notifications do not exist on ferrocm's devices" }
    fn amdsmi_stop_gpu_event_notification(processor_handle: amdsmi_processor_handle) -> amdsmi_status_t { unsupported "AMD KFD event notifications do not exist on ferrocm's devices" }
    fn amdsmi_get_pcie_info(processor_handle: amdsmi_processor_handle, info: *mut c_void) -> amdsmi_status_t { unsupported "PCIe link data is not read yet (the CPU device is no PCI function)" }
    fn amdsmi_get_xgmi_info(processor_handle: amdsmi_processor_handle, info: *mut c_void) -> amdsmi_status_t { unsupported "links between ferrocm's devices are not known (no XGMI; PCIe link data not read yet)" }
    fn amdsmi_get_fw_info(processor_handle: amdsmi_processor_handle, info: *mut c_void) -> amdsmi_status_t { unsupported "firmware versions are not exposed by NVML's common API or Linux" }
    fn amdsmi_get_violation_status(processor_handle: amdsmi_processor_handle, info: *mut c_void) -> amdsmi_status_t { unsupported "AMD throttling-violation counters do not exist on ferrocm's devices" }
    fn amdsmi_get_gpu_total_ecc_count(processor_handle: amdsmi_processor_handle, ec: *mut c_void) -> amdsmi_status_t { unsupported "no RAS/ECC error counters or retired pages on ferrocm's devices" }
    fn amdsmi_get_link_topology_nearest(processor_handle: amdsmi_processor_handle, link_type: u32, topology_nearest_info: *mut c_void) -> amdsmi_status_t { unsupported "links between ferrocm's devices are not known (no XGMI; PCIe link data not read yet)" }
}
