//! What a processor is doing: activity, memory, clocks, temperatures, power, energy, fan,
//! processes.

use smi::capi::fill;
use smi::{ClockKind, Sensor};

use super::{inventory, out, query, query_struct, status, supported, u32_or_max, Result};
use crate::abi::*;

/// # Safety
/// `info` is NULL or writable.
pub unsafe fn get_gpu_activity(
    handle: amdsmi_processor_handle,
    info: *mut amdsmi_engine_usage_t,
) -> amdsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query_struct(handle, info, |d, u| {
            let a = d.activity();
            if a.gfx.is_none() && a.memory.is_none() {
                return Err(AMDSMI_STATUS_NOT_SUPPORTED);
            }
            u.gfx_activity = u32_or_max(a.gfx);
            u.umc_activity = u32_or_max(a.memory);
            u.mm_activity = u32::MAX;
            Ok(())
        })
    }
}

/// The memory of a type: VRAM and visible VRAM are the device's memory (all of it is
/// host-visible on ferrocm's devices); GTT does not exist.
fn memory_of(d: &dyn smi::Device, mem_type: amdsmi_memory_type_t) -> Result<smi::MemoryUsage> {
    match mem_type {
        AMDSMI_MEM_TYPE_VRAM | AMDSMI_MEM_TYPE_VIS_VRAM => Ok(d.memory()),
        AMDSMI_MEM_TYPE_GTT => Err(AMDSMI_STATUS_NOT_SUPPORTED),
        _ => Err(AMDSMI_STATUS_INVAL),
    }
}

/// # Safety
/// `total` is NULL or writable.
pub unsafe fn get_gpu_memory_total(
    handle: amdsmi_processor_handle,
    mem_type: amdsmi_memory_type_t,
    total: *mut u64,
) -> amdsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query(handle, total, |d, total| {
            *total = supported(memory_of(d, mem_type)?.total)?;
            Ok(())
        })
    }
}

/// # Safety
/// `used` is NULL or writable.
pub unsafe fn get_gpu_memory_usage(
    handle: amdsmi_processor_handle,
    mem_type: amdsmi_memory_type_t,
    used: *mut u64,
) -> amdsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query(handle, used, |d, used| {
            *used = supported(memory_of(d, mem_type)?.used)?;
            Ok(())
        })
    }
}

/// In MiB, as amd-smi reports VRAM.
///
/// # Safety
/// `info` is NULL or writable.
pub unsafe fn get_gpu_vram_usage(
    handle: amdsmi_processor_handle,
    info: *mut amdsmi_vram_usage_t,
) -> amdsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query_struct(handle, info, |d, v| {
            let m = d.memory();
            let (total, used) = (supported(m.total)?, supported(m.used)?);
            v.vram_total = (total >> 20).min(u64::from(u32::MAX)) as u32;
            v.vram_used = (used >> 20).min(u64::from(u32::MAX)) as u32;
            Ok(())
        })
    }
}

/// # Safety
/// `info` is NULL or writable.
pub unsafe fn get_clock_info(
    handle: amdsmi_processor_handle,
    clk_type: amdsmi_clk_type_t,
    info: *mut amdsmi_clk_info_t,
) -> amdsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query_struct(handle, info, |d, c| {
            let kind = match clk_type {
                AMDSMI_CLK_TYPE_GFX => ClockKind::Gfx,
                AMDSMI_CLK_TYPE_MEM => ClockKind::Memory,
                t if t <= AMDSMI_CLK_TYPE__MAX => return Err(AMDSMI_STATUS_NOT_SUPPORTED),
                _ => return Err(AMDSMI_STATUS_INVAL),
            };
            let k = supported(d.clock(kind))?;
            c.clk = u32_or_max(k.current_mhz);
            c.min_clk = u32_or_max(k.min_mhz);
            c.max_clk = u32_or_max(k.max_mhz);
            c.clk_locked = u8::MAX;
            c.clk_deep_sleep = u8::MAX;
            Ok(())
        })
    }
}

/// In degrees Celsius (AMD SMI's unit; rocm_smi's is millidegrees).
///
/// # Safety
/// `temperature` is NULL or writable.
pub unsafe fn get_temp_metric(
    handle: amdsmi_processor_handle,
    sensor: amdsmi_temperature_type_t,
    metric: amdsmi_temperature_metric_t,
    temperature: *mut i64,
) -> amdsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query(handle, temperature, |d, t| {
            let sensor = match sensor {
                AMDSMI_TEMPERATURE_TYPE_EDGE => Sensor::Edge,
                AMDSMI_TEMPERATURE_TYPE_HOTSPOT => Sensor::Hotspot,
                AMDSMI_TEMPERATURE_TYPE_VRAM => Sensor::Memory,
                s if s <= AMDSMI_TEMPERATURE_TYPE__MAX => return Err(AMDSMI_STATUS_NOT_SUPPORTED),
                _ => return Err(AMDSMI_STATUS_INVAL),
            };
            let reading = d.temperature(sensor);
            let value = match metric {
                AMDSMI_TEMP_CURRENT => reading.current,
                AMDSMI_TEMP_CRITICAL => reading.critical,
                m if m <= AMDSMI_TEMP_LAST => None,
                _ => return Err(AMDSMI_STATUS_INVAL),
            };
            *t = supported(value)?.round() as i64;
            Ok(())
        })
    }
}

/// In watts.
///
/// # Safety
/// `info` is NULL or writable.
pub unsafe fn get_power_info(
    handle: amdsmi_processor_handle,
    info: *mut amdsmi_power_info_t,
) -> amdsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query_struct(handle, info, |d, p| {
            let power = d.power();
            if power.current_w.is_none() && power.cap_w.is_none() {
                return Err(AMDSMI_STATUS_NOT_SUPPORTED);
            }
            let w = |v: Option<f64>| v.map_or(u32::MAX, |w| w.round() as u32);
            p.current_socket_power = w(power.current_w);
            // NVML's reading and RAPL's window are both averages over a short period.
            p.average_socket_power = w(power.current_w);
            p.gfx_voltage = u32::MAX;
            p.soc_voltage = u32::MAX;
            p.mem_voltage = u32::MAX;
            p.power_limit = w(power.cap_w);
            Ok(())
        })
    }
}

/// In microwatts.
///
/// # Safety
/// `info` is NULL or writable.
pub unsafe fn get_power_cap_info(
    handle: amdsmi_processor_handle,
    sensor_ind: u32,
    info: *mut amdsmi_power_cap_info_t,
) -> amdsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query_struct(handle, info, |d, c| {
            if sensor_ind != 0 {
                return Err(AMDSMI_STATUS_INVAL);
            }
            let power = d.power();
            let uw = |v: Option<f64>| v.map_or(u64::MAX, |w| (w * 1e6).round() as u64);
            c.power_cap = uw(Some(supported(power.cap_w)?));
            c.default_power_cap = uw(power.default_cap_w);
            c.dpm_cap = u64::MAX;
            c.min_power_cap = u64::MAX;
            c.max_power_cap = u64::MAX;
            Ok(())
        })
    }
}

/// The energy counter in microjoules (resolution 1.0 µJ per count), stamped with
/// `CLOCK_MONOTONIC` nanoseconds.
///
/// # Safety
/// Each pointer is NULL or writable.
pub unsafe fn get_energy_count(
    handle: amdsmi_processor_handle,
    energy: *mut u64,
    resolution: *mut f32,
    timestamp: *mut u64,
) -> amdsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query(handle, energy, |d, energy| {
            let resolution = out(resolution)?;
            let timestamp = out(timestamp)?;
            *energy = supported(d.energy())?.microjoules;
            *resolution = 1.0;
            *timestamp = monotonic_ns();
            Ok(())
        })
    }
}

fn monotonic_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid timespec to write.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut ts) };
    ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
}

/// # Safety
/// `enabled` is NULL or writable.
pub unsafe fn is_gpu_power_management_enabled(
    handle: amdsmi_processor_handle,
    enabled: *mut bool,
) -> amdsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query(handle, enabled, |d, e| {
            *e = d.power().current_w.is_some();
            Ok(())
        })
    }
}

/// Fan speed on AMD SMI's 0-255 scale.
///
/// # Safety
/// `speed` is NULL or writable.
pub unsafe fn get_gpu_fan_speed(
    handle: amdsmi_processor_handle,
    sensor_ind: u32,
    speed: *mut i64,
) -> amdsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query(handle, speed, |d, s| {
            if sensor_ind != 0 {
                return Err(AMDSMI_STATUS_INVAL);
            }
            let percent = supported(d.fan_percent())?;
            *s = i64::from(percent) * AMDSMI_MAX_FAN_SPEED / 100;
            Ok(())
        })
    }
}

/// # Safety
/// `max` is NULL or writable.
pub unsafe fn get_gpu_fan_speed_max(
    handle: amdsmi_processor_handle,
    sensor_ind: u32,
    max: *mut u64,
) -> amdsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query(handle, max, |d, m| {
            if sensor_ind != 0 {
                return Err(AMDSMI_STATUS_INVAL);
            }
            supported(d.fan_percent())?;
            *m = AMDSMI_MAX_FAN_SPEED as u64;
            Ok(())
        })
    }
}

/// The processes using a device. With `list` NULL, `*max_processes` becomes their number;
/// else up to `*max_processes` entries are written, `*max_processes` becomes the number
/// written, and `AMDSMI_STATUS_OUT_OF_RESOURCES` says there were more.
///
/// # Safety
/// `max_processes` is NULL or valid; `list` is NULL or valid for `*max_processes` writes.
pub unsafe fn get_gpu_process_list(
    handle: amdsmi_processor_handle,
    max_processes: *mut u32,
    list: *mut amdsmi_proc_info_t,
) -> amdsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query(handle, max_processes, |d, max| {
            let procs = d.processes();
            if !ferrocm_cabi::plausible_ptr(list) {
                *max = procs.len() as u32;
                return Ok(());
            }
            let n = (*max as usize).min(procs.len());
            for (i, p) in procs.iter().take(n).enumerate() {
                // SAFETY: `list` has room for `*max` >= n entries by the caller's contract.
                let e = &mut *list.add(i);
                *e = std::mem::zeroed();
                fill(&mut e.name, &p.name);
                e.pid = p.pid;
                let mem = p.device_memory.unwrap_or(u64::MAX);
                e.mem = mem;
                e.engine_usage.gfx = u64::MAX;
                e.engine_usage.enc = u64::MAX;
                e.memory_usage.gtt_mem = u64::MAX;
                e.memory_usage.cpu_mem = match d.info().kind {
                    // The CPU device's memory is the process's host memory.
                    smi::DeviceKind::Cpu => mem,
                    smi::DeviceKind::Nvidia => u64::MAX,
                };
                e.memory_usage.vram_mem = mem;
            }
            *max = n as u32;
            if n < procs.len() {
                Err(AMDSMI_STATUS_OUT_OF_RESOURCES)
            } else {
                Ok(())
            }
        })
    }
}

/// Processes using any device (rocm_smi's compute-process query). With `procs` NULL,
/// `*num_items` becomes their number; else up to `*num_items` are written.
///
/// # Safety
/// `num_items` is NULL or valid; `procs` is NULL or valid for `*num_items` writes.
pub unsafe fn get_gpu_compute_process_info(
    procs: *mut amdsmi_process_info_t,
    num_items: *mut u32,
) -> amdsmi_status_t {
    let r = (|| -> Result<()> {
        // SAFETY: forwarded contract.
        let num = unsafe { out(num_items) }?;
        let inv = inventory()?;
        let mut all: Vec<smi::ProcessInfo> = Vec::new();
        for d in inv.iter() {
            for p in d.processes() {
                if !all.iter().any(|q| q.pid == p.pid) {
                    all.push(p);
                }
            }
        }
        if !ferrocm_cabi::plausible_ptr(procs) {
            *num = all.len() as u32;
            return Ok(());
        }
        let n = (*num as usize).min(all.len());
        for (i, p) in all.iter().take(n).enumerate() {
            // SAFETY: room for `*num` >= n entries by the caller's contract.
            unsafe {
                *procs.add(i) = amdsmi_process_info_t {
                    process_id: p.pid,
                    pasid: u32::MAX,
                    vram_usage: p.device_memory.unwrap_or(u64::MAX),
                    sdma_usage: u64::MAX,
                    cu_occupancy: u32::MAX,
                }
            };
        }
        *num = n as u32;
        if n < all.len() {
            Err(AMDSMI_STATUS_INSUFFICIENT_SIZE)
        } else {
            Ok(())
        }
    })();
    status(r)
}

/// # Safety
/// `proc_` is NULL or writable.
pub unsafe fn get_gpu_compute_process_info_by_pid(
    pid: u32,
    proc_: *mut amdsmi_process_info_t,
) -> amdsmi_status_t {
    let r = (|| {
        // SAFETY: forwarded contract.
        let out = unsafe { out(proc_) }?;
        let inv = inventory()?;
        let p = inv
            .iter()
            .flat_map(|d| d.processes())
            .find(|p| p.pid == pid)
            .ok_or(AMDSMI_STATUS_NOT_FOUND)?;
        *out = amdsmi_process_info_t {
            process_id: p.pid,
            pasid: u32::MAX,
            vram_usage: p.device_memory.unwrap_or(u64::MAX),
            sdma_usage: u64::MAX,
            cu_occupancy: u32::MAX,
        };
        Ok(())
    })();
    status(r)
}

/// The device indexes (processor order) process `pid` uses. With `dv_indices` NULL,
/// `*num_devices` becomes their number; else up to `*num_devices` are written.
///
/// # Safety
/// `num_devices` is NULL or valid; `dv_indices` is NULL or valid for `*num_devices` writes.
pub unsafe fn get_gpu_compute_process_gpus(
    pid: u32,
    dv_indices: *mut u32,
    num_devices: *mut u32,
) -> amdsmi_status_t {
    let r = (|| {
        // SAFETY: forwarded contract.
        let num = unsafe { out(num_devices) }?;
        let inv = inventory()?;
        let used: Vec<u32> = inv
            .iter()
            .enumerate()
            .filter(|(_, d)| d.processes().iter().any(|p| p.pid == pid))
            .map(|(i, _)| i as u32)
            .collect();
        if used.is_empty() {
            return Err(AMDSMI_STATUS_NOT_FOUND);
        }
        if !ferrocm_cabi::plausible_ptr(dv_indices) {
            *num = used.len() as u32;
            return Ok(());
        }
        let n = (*num as usize).min(used.len());
        // SAFETY: room for `*num` >= n indexes by the caller's contract.
        unsafe { std::ptr::copy_nonoverlapping(used.as_ptr(), dv_indices, n) };
        *num = n as u32;
        if n < used.len() {
            Err(AMDSMI_STATUS_INSUFFICIENT_SIZE)
        } else {
            Ok(())
        }
    })();
    status(r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{get_processor_handles, shut_down, SESSION};
    use smi::cpu::{host::Host, CpuDevice};
    use smi::Inventory;

    #[test]
    fn units_on_a_fake_cpu() {
        let dir = std::env::temp_dir().join(format!("amdsmi-unit-{}", std::process::id()));
        for (path, body) in [
            ("sys/class/hwmon/hwmon0/name", "coretemp\n"),
            ("sys/class/hwmon/hwmon0/temp1_input", "45500\n"),
            ("sys/class/hwmon/hwmon0/temp1_crit", "100000\n"),
            (
                "proc/meminfo",
                "MemTotal: 4194304 kB\nMemAvailable: 1048576 kB\n",
            ),
        ] {
            let p = dir.join(path);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, body).unwrap();
        }
        let cpu = CpuDevice::with_host(Host {
            proc_root: dir.join("proc"),
            sys_root: dir.join("sys"),
        });
        SESSION.init_with(|| Inventory::from_devices(vec![Box::new(cpu)]));
        let mut h = std::ptr::null_mut();
        let mut one = 1;
        // SAFETY: valid out-pointers throughout.
        unsafe {
            assert_eq!(
                get_processor_handles(std::ptr::null_mut(), &mut one, &mut h),
                0
            );
            let mut t = 0;
            assert_eq!(get_temp_metric(h, 0, AMDSMI_TEMP_CURRENT, &mut t), 0);
            assert_eq!(t, 46, "degrees Celsius, rounded");
            assert_eq!(get_temp_metric(h, 0, AMDSMI_TEMP_CRITICAL, &mut t), 0);
            assert_eq!(t, 100);
            assert_eq!(
                get_temp_metric(h, 1, AMDSMI_TEMP_CURRENT, &mut t),
                AMDSMI_STATUS_NOT_SUPPORTED,
                "no hotspot sensor on a CPU"
            );
            assert_eq!(get_temp_metric(h, 0, 99, &mut t), AMDSMI_STATUS_INVAL);
            let mut v: amdsmi_vram_usage_t = std::mem::zeroed();
            assert_eq!(get_gpu_vram_usage(h, &mut v), 0);
            assert_eq!((v.vram_total, v.vram_used), (4096, 3072), "MiB");
            let mut c: amdsmi_clk_info_t = std::mem::zeroed();
            assert_eq!(
                get_clock_info(h, AMDSMI_CLK_TYPE_GFX, &mut c),
                AMDSMI_STATUS_NOT_SUPPORTED,
                "the fake has neither cpufreq nor cpuinfo"
            );
            assert_eq!(get_clock_info(h, 99, &mut c), AMDSMI_STATUS_INVAL);
            let mut p: amdsmi_power_info_t = std::mem::zeroed();
            assert_eq!(get_power_info(h, &mut p), AMDSMI_STATUS_NOT_SUPPORTED);
            assert_eq!(shut_down(), 0);
            assert_eq!(get_power_info(h, &mut p), AMDSMI_STATUS_NOT_INIT);
        }
        let _ = std::fs::remove_dir_all(dir);
    }
}
