//! The C-typed implementations behind [`crate::exports`]: argument checks and unit
//! conversions (rocm_smi reports temperatures in millidegrees Celsius and power in
//! microwatts), then [`smi`]'s devices. Before `rsmi_init` (and after the last
//! `rsmi_shut_down`) every query returns `RSMI_STATUS_INIT_ERROR`; a `dv_ind` past the last
//! device returns `RSMI_STATUS_INVALID_ARGS`.

use std::ffi::{c_char, CStr};

use smi::capi::{write_c_str, Session};
use smi::{Device, Sensor};

use crate::abi::*;

static SESSION: Session = Session::new();

type Result<T> = std::result::Result<T, rsmi_status_t>;

fn status(r: Result<()>) -> rsmi_status_t {
    r.err().unwrap_or(RSMI_STATUS_SUCCESS)
}

fn supported<T>(v: Option<T>) -> Result<T> {
    v.ok_or(RSMI_STATUS_NOT_SUPPORTED)
}

/// # Safety
/// `p` is NULL or valid for a write of `T`.
unsafe fn out<'a, T>(p: *mut T) -> Result<&'a mut T> {
    if !ferrocm_cabi::plausible_ptr(p) {
        return Err(RSMI_STATUS_INVALID_ARGS);
    }
    // SAFETY: plausible, and writable by the caller's contract.
    unsafe { p.as_mut() }.ok_or(RSMI_STATUS_INVALID_ARGS)
}

/// Runs `f` on device `dv_ind` with the out-pointer `p`.
///
/// # Safety
/// `p` is NULL or valid for a write of `T`.
unsafe fn query<T>(
    dv_ind: u32,
    p: *mut T,
    f: impl FnOnce(&dyn Device, &mut T) -> Result<()>,
) -> rsmi_status_t {
    let r = (|| {
        let inv = SESSION.inventory().ok_or(RSMI_STATUS_INIT_ERROR)?;
        let d = inv
            .get(dv_ind as usize)
            .map_err(|_| RSMI_STATUS_INVALID_ARGS)?;
        // SAFETY: forwarded contract.
        let p = unsafe { out(p) }?;
        f(d, p)
    })();
    status(r)
}

/// Writes a string of device `dv_ind` into a caller's buffer; a truncated string returns
/// `RSMI_STATUS_INSUFFICIENT_SIZE`.
///
/// # Safety
/// `buf` is NULL or valid for `len` bytes.
unsafe fn query_str(
    dv_ind: u32,
    buf: *mut c_char,
    len: usize,
    f: impl FnOnce(&dyn Device) -> Result<String>,
) -> rsmi_status_t {
    if len == 0 {
        return RSMI_STATUS_INVALID_ARGS;
    }
    let write = |d: &dyn Device, _: &mut c_char| {
        let s = f(d)?;
        // SAFETY: `len` bytes by the caller's contract.
        if unsafe { write_c_str(buf, len, &s) } {
            Ok(())
        } else {
            Err(RSMI_STATUS_INSUFFICIENT_SIZE)
        }
    };
    // SAFETY: forwarded contract (the first byte is the out-pointer checked for NULL).
    unsafe { query(dv_ind, buf, write) }
}

pub fn init(_flags: u64) -> rsmi_status_t {
    SESSION.init();
    RSMI_STATUS_SUCCESS
}

pub fn shut_down() -> rsmi_status_t {
    if SESSION.shut_down() {
        RSMI_STATUS_SUCCESS
    } else {
        RSMI_STATUS_INIT_ERROR
    }
}

/// # Safety
/// `n` is NULL or writable.
pub unsafe fn num_monitor_devices(n: *mut u32) -> rsmi_status_t {
    let r = (|| {
        let inv = SESSION.inventory().ok_or(RSMI_STATUS_INIT_ERROR)?;
        // SAFETY: forwarded contract.
        *unsafe { out(n) }? = inv.len() as u32;
        Ok(())
    })();
    status(r)
}

/// # Safety
/// `id` is NULL or writable.
pub unsafe fn dev_id_get(dv_ind: u32, id: *mut u16) -> rsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query(dv_ind, id, |d, id| {
            *id = supported(d.info().device_id)? as u16;
            Ok(())
        })
    }
}

/// # Safety
/// `id` is NULL or writable.
pub unsafe fn dev_vendor_id_get(dv_ind: u32, id: *mut u16) -> rsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query(dv_ind, id, |d, id| {
            *id = supported(d.info().vendor_id)? as u16;
            Ok(())
        })
    }
}

/// # Safety
/// `id` is NULL or writable.
pub unsafe fn dev_subsystem_id_get(dv_ind: u32, id: *mut u16) -> rsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query(dv_ind, id, |d, id| {
            // NVML's subsystem id holds the subsystem device id in its high 16 bits.
            *id = (supported(d.info().subsystem_id)? >> 16) as u16;
            Ok(())
        })
    }
}

/// # Safety
/// `name` is NULL or valid for `len` bytes.
pub unsafe fn dev_name_get(dv_ind: u32, name: *mut c_char, len: usize) -> rsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe { query_str(dv_ind, name, len, |d| Ok(d.info().name.clone())) }
}

/// # Safety
/// `brand` is NULL or valid for `len` bytes.
pub unsafe fn dev_brand_get(dv_ind: u32, brand: *mut c_char, len: u32) -> rsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe { query_str(dv_ind, brand, len as usize, |d| Ok(d.info().name.clone())) }
}

/// # Safety
/// `name` is NULL or valid for `len` bytes.
pub unsafe fn dev_vendor_name_get(dv_ind: u32, name: *mut c_char, len: usize) -> rsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe { query_str(dv_ind, name, len, |d| Ok(d.info().vendor.clone())) }
}

/// # Safety
/// `serial` is NULL or valid for `len` bytes.
pub unsafe fn dev_serial_number_get(dv_ind: u32, serial: *mut c_char, len: u32) -> rsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query_str(dv_ind, serial, len as usize, |d| {
            supported(d.info().serial.clone())
        })
    }
}

/// rocm_smi's BDF id: domain in bits 32-63, bus 8-15, device 3-7, function 0-2.
///
/// # Safety
/// `bdfid` is NULL or writable.
pub unsafe fn dev_pci_id_get(dv_ind: u32, bdfid: *mut u64) -> rsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query(dv_ind, bdfid, |d, id| {
            let bdf = supported(d.info().bdf.clone())?;
            let parse = || {
                let (domain, rest) = bdf.split_once(':')?;
                let (bus, rest) = rest.split_once(':')?;
                let (dev, func) = rest.split_once('.')?;
                let hex = |t: &str| u64::from_str_radix(t, 16).ok();
                Some((hex(domain)?, hex(bus)?, hex(dev)?, hex(func)?))
            };
            let (domain, bus, dev, func) = supported(parse())?;
            *id = (domain & 0xffff_ffff) << 32 | (bus & 0xff) << 8 | (dev & 0x1f) << 3 | func & 7;
            Ok(())
        })
    }
}

fn memory_of(d: &dyn Device, mem_type: rsmi_memory_type_t) -> Result<smi::MemoryUsage> {
    match mem_type {
        RSMI_MEM_TYPE_VRAM | RSMI_MEM_TYPE_VIS_VRAM => Ok(d.memory()),
        RSMI_MEM_TYPE_GTT => Err(RSMI_STATUS_NOT_SUPPORTED),
        _ => Err(RSMI_STATUS_INVALID_ARGS),
    }
}

/// # Safety
/// `total` is NULL or writable.
pub unsafe fn dev_memory_total_get(
    dv_ind: u32,
    mem_type: rsmi_memory_type_t,
    total: *mut u64,
) -> rsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query(dv_ind, total, |d, t| {
            *t = supported(memory_of(d, mem_type)?.total)?;
            Ok(())
        })
    }
}

/// # Safety
/// `used` is NULL or writable.
pub unsafe fn dev_memory_usage_get(
    dv_ind: u32,
    mem_type: rsmi_memory_type_t,
    used: *mut u64,
) -> rsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query(dv_ind, used, |d, u| {
            *u = supported(memory_of(d, mem_type)?.used)?;
            Ok(())
        })
    }
}

/// # Safety
/// `busy` is NULL or writable.
pub unsafe fn dev_busy_percent_get(dv_ind: u32, busy: *mut u32) -> rsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query(dv_ind, busy, |d, b| {
            *b = supported(d.activity().gfx)?;
            Ok(())
        })
    }
}

/// # Safety
/// `busy` is NULL or writable.
pub unsafe fn dev_memory_busy_percent_get(dv_ind: u32, busy: *mut u32) -> rsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query(dv_ind, busy, |d, b| {
            *b = supported(d.activity().memory)?;
            Ok(())
        })
    }
}

/// In millidegrees Celsius.
///
/// # Safety
/// `temperature` is NULL or writable.
pub unsafe fn dev_temp_metric_get(
    dv_ind: u32,
    sensor_type: u32,
    metric: rsmi_temperature_metric_t,
    temperature: *mut i64,
) -> rsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query(dv_ind, temperature, |d, t| {
            let sensor = match sensor_type {
                RSMI_TEMP_TYPE_EDGE => Sensor::Edge,
                RSMI_TEMP_TYPE_JUNCTION => Sensor::Hotspot,
                RSMI_TEMP_TYPE_MEMORY => Sensor::Memory,
                s if s <= RSMI_TEMP_TYPE_LAST => return Err(RSMI_STATUS_NOT_SUPPORTED),
                _ => return Err(RSMI_STATUS_INVALID_ARGS),
            };
            let reading = d.temperature(sensor);
            let value = match metric {
                RSMI_TEMP_CURRENT => reading.current,
                RSMI_TEMP_CRITICAL => reading.critical,
                m if m <= RSMI_TEMP_LAST => None,
                _ => return Err(RSMI_STATUS_INVALID_ARGS),
            };
            *t = (supported(value)? * 1000.0).round() as i64;
            Ok(())
        })
    }
}

fn microwatts(w: f64) -> u64 {
    (w * 1e6).round() as u64
}

/// Average power in microwatts.
///
/// # Safety
/// `power` is NULL or writable.
pub unsafe fn dev_power_ave_get(dv_ind: u32, sensor_ind: u32, power: *mut u64) -> rsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query(dv_ind, power, |d, p| {
            if sensor_ind != 0 {
                return Err(RSMI_STATUS_INVALID_ARGS);
            }
            *p = microwatts(supported(d.power().current_w)?);
            Ok(())
        })
    }
}

/// Current socket power in microwatts.
///
/// # Safety
/// `power` is NULL or writable.
pub unsafe fn dev_current_socket_power_get(dv_ind: u32, power: *mut u64) -> rsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe { dev_power_ave_get(dv_ind, 0, power) }
}

/// # Safety
/// `cap` is NULL or writable.
pub unsafe fn dev_power_cap_get(dv_ind: u32, sensor_ind: u32, cap: *mut u64) -> rsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query(dv_ind, cap, |d, c| {
            if sensor_ind != 0 {
                return Err(RSMI_STATUS_INVALID_ARGS);
            }
            *c = microwatts(supported(d.power().cap_w)?);
            Ok(())
        })
    }
}

/// # Safety
/// `cap` is NULL or writable.
pub unsafe fn dev_power_cap_default_get(dv_ind: u32, cap: *mut u64) -> rsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query(dv_ind, cap, |d, c| {
            *c = microwatts(supported(d.power().default_cap_w)?);
            Ok(())
        })
    }
}

/// The energy counter in microjoules (resolution 1.0), stamped with the time since the
/// epoch in nanoseconds.
///
/// # Safety
/// Each pointer is NULL or writable.
pub unsafe fn dev_energy_count_get(
    dv_ind: u32,
    energy: *mut u64,
    resolution: *mut f32,
    timestamp: *mut u64,
) -> rsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query(dv_ind, energy, |d, e| {
            let resolution = out(resolution)?;
            let timestamp = out(timestamp)?;
            *e = supported(d.energy())?.microjoules;
            *resolution = 1.0;
            *timestamp = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |t| t.as_nanos() as u64);
            Ok(())
        })
    }
}

/// Fan speed on rocm_smi's 0-255 scale.
///
/// # Safety
/// `speed` is NULL or writable.
pub unsafe fn dev_fan_speed_get(dv_ind: u32, sensor_ind: u32, speed: *mut i64) -> rsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query(dv_ind, speed, |d, s| {
            if sensor_ind != 0 {
                return Err(RSMI_STATUS_INVALID_ARGS);
            }
            *s = i64::from(supported(d.fan_percent())?) * RSMI_MAX_FAN_SPEED / 100;
            Ok(())
        })
    }
}

/// # Safety
/// `max` is NULL or writable.
pub unsafe fn dev_fan_speed_max_get(dv_ind: u32, sensor_ind: u32, max: *mut u64) -> rsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query(dv_ind, max, |d, m| {
            if sensor_ind != 0 {
                return Err(RSMI_STATUS_INVALID_ARGS);
            }
            supported(d.fan_percent())?;
            *m = RSMI_MAX_FAN_SPEED as u64;
            Ok(())
        })
    }
}

/// The library's version: ferrocm's.
///
/// # Safety
/// `version` is NULL or writable.
pub unsafe fn version_get(version: *mut rsmi_version_t) -> rsmi_status_t {
    static BUILD: &CStr = c"ferrocm";
    let mut parts = smi::VERSION
        .split('.')
        .map(|p| p.parse::<u32>().unwrap_or(0));
    // SAFETY: forwarded contract.
    status(unsafe { out(version) }.map(|v| {
        *v = rsmi_version_t {
            major: parts.next().unwrap_or(0),
            minor: parts.next().unwrap_or(0),
            patch: parts.next().unwrap_or(0),
            build: BUILD.as_ptr(),
        }
    }))
}

/// The version of a software component: the driver is ferrocm on the CPU device, so its
/// version is ferrocm's.
///
/// # Safety
/// `ver_str` is NULL or valid for `len` bytes.
pub unsafe fn version_str_get(
    component: rsmi_sw_component_t,
    ver_str: *mut c_char,
    len: u32,
) -> rsmi_status_t {
    if component != RSMI_SW_COMP_DRIVER || !ferrocm_cabi::plausible_ptr(ver_str) || len == 0 {
        return RSMI_STATUS_INVALID_ARGS;
    }
    // SAFETY: `len` bytes by the caller's contract.
    if unsafe { write_c_str(ver_str, len as usize, smi::VERSION) } {
        RSMI_STATUS_SUCCESS
    } else {
        RSMI_STATUS_INSUFFICIENT_SIZE
    }
}

fn status_text(s: rsmi_status_t) -> Option<&'static CStr> {
    Some(match s {
        RSMI_STATUS_SUCCESS => c"RSMI_STATUS_SUCCESS: The function has been executed successfully.",
        RSMI_STATUS_INVALID_ARGS => c"RSMI_STATUS_INVALID_ARGS: The provided arguments do not meet the preconditions required for input.",
        RSMI_STATUS_NOT_SUPPORTED => c"RSMI_STATUS_NOT_SUPPORTED: This function is not supported in the current environment.",
        RSMI_STATUS_FILE_ERROR => c"RSMI_STATUS_FILE_ERROR: There was an error in finding or opening a file or directory.",
        RSMI_STATUS_PERMISSION => c"RSMI_STATUS_PERMISSION: The user does not have permission to perform the operation.",
        RSMI_STATUS_OUT_OF_RESOURCES => c"RSMI_STATUS_OUT_OF_RESOURCES: Unable to acquire memory or other resource.",
        RSMI_STATUS_INTERNAL_EXCEPTION => c"RSMI_STATUS_INTERNAL_EXCEPTION: An internal exception was caught.",
        RSMI_STATUS_INPUT_OUT_OF_BOUNDS => c"RSMI_STATUS_INPUT_OUT_OF_BOUNDS: The provided input is out of allowable or safe range.",
        RSMI_STATUS_INIT_ERROR => c"RSMI_STATUS_INIT_ERROR: An error occurred during initialization (or rsmi_init was not called).",
        RSMI_STATUS_NOT_YET_IMPLEMENTED => c"RSMI_STATUS_NOT_YET_IMPLEMENTED: The called function has not been implemented.",
        RSMI_STATUS_NOT_FOUND => c"RSMI_STATUS_NOT_FOUND: An item required to complete the call was not found.",
        RSMI_STATUS_INSUFFICIENT_SIZE => c"RSMI_STATUS_INSUFFICIENT_SIZE: Not enough resources were available to fully execute the call.",
        RSMI_STATUS_INTERRUPT => c"RSMI_STATUS_INTERRUPT: An interrupt occurred while executing the function.",
        RSMI_STATUS_UNEXPECTED_SIZE => c"RSMI_STATUS_UNEXPECTED_SIZE: Data (usually from reading a file) was out of range.",
        RSMI_STATUS_NO_DATA => c"RSMI_STATUS_NO_DATA: No data was found for the given input.",
        RSMI_STATUS_UNEXPECTED_DATA => c"RSMI_STATUS_UNEXPECTED_DATA: The data read or provided was not what was expected.",
        RSMI_STATUS_BUSY => c"RSMI_STATUS_BUSY: A resource or mutex could not be acquired.",
        RSMI_STATUS_REFCOUNT_OVERFLOW => c"RSMI_STATUS_REFCOUNT_OVERFLOW: An internal reference counter exceeded INT32_MAX.",
        RSMI_STATUS_UNKNOWN_ERROR => c"RSMI_STATUS_UNKNOWN_ERROR: An unknown error prevented the call from completing successfully.",
        _ => return None,
    })
}

/// # Safety
/// `text` is NULL or writable.
pub unsafe fn status_string(s: rsmi_status_t, text: *mut *const c_char) -> rsmi_status_t {
    // SAFETY: forwarded contract.
    let text = match unsafe { out(text) } {
        Ok(t) => t,
        Err(e) => return e,
    };
    match status_text(s) {
        Some(t) => {
            *text = t.as_ptr();
            RSMI_STATUS_SUCCESS
        }
        None => RSMI_STATUS_INVALID_ARGS,
    }
}

/// Every process using any device, once.
fn all_processes() -> Result<Vec<smi::ProcessInfo>> {
    let inv = SESSION.inventory().ok_or(RSMI_STATUS_INIT_ERROR)?;
    let mut all: Vec<smi::ProcessInfo> = Vec::new();
    for d in inv.iter() {
        for p in d.processes() {
            if !all.iter().any(|q| q.pid == p.pid) {
                all.push(p);
            }
        }
    }
    Ok(all)
}

fn process_info(p: &smi::ProcessInfo) -> rsmi_process_info_t {
    rsmi_process_info_t {
        process_id: p.pid,
        pasid: u32::MAX,
        vram_usage: p.device_memory.unwrap_or(u64::MAX),
        sdma_usage: u64::MAX,
        cu_occupancy: u32::MAX,
    }
}

/// With `procs` NULL, `*num_items` becomes the number of processes; else up to `*num_items`
/// are written, `*num_items` becomes the number written, and
/// `RSMI_STATUS_INSUFFICIENT_SIZE` says there were more.
///
/// # Safety
/// `num_items` is NULL or valid; `procs` is NULL or valid for `*num_items` writes.
pub unsafe fn compute_process_info_get(
    procs: *mut rsmi_process_info_t,
    num_items: *mut u32,
) -> rsmi_status_t {
    let r = (|| {
        // SAFETY: forwarded contract.
        let num = unsafe { out(num_items) }?;
        let all = all_processes()?;
        if !ferrocm_cabi::plausible_ptr(procs) {
            *num = all.len() as u32;
            return Ok(());
        }
        let n = (*num as usize).min(all.len());
        for (i, p) in all.iter().take(n).enumerate() {
            // SAFETY: room for `*num` >= n entries by the caller's contract.
            unsafe { *procs.add(i) = process_info(p) };
        }
        *num = n as u32;
        if n < all.len() {
            Err(RSMI_STATUS_INSUFFICIENT_SIZE)
        } else {
            Ok(())
        }
    })();
    status(r)
}

/// The devices process `pid` uses. With `dv_indices` NULL, `*num_devices` becomes their
/// number; else up to `*num_devices` indexes are written and `*num_devices` becomes the number
/// written (`RSMI_STATUS_INSUFFICIENT_SIZE` when there were more).
///
/// # Safety
/// `num_devices` is NULL or valid; `dv_indices` is NULL or valid for `*num_devices` writes.
pub unsafe fn compute_process_gpus_get(
    pid: u32,
    dv_indices: *mut u32,
    num_devices: *mut u32,
) -> rsmi_status_t {
    let r = (|| {
        // SAFETY: forwarded contract.
        let num = unsafe { out(num_devices) }?;
        let inv = SESSION.inventory().ok_or(RSMI_STATUS_INIT_ERROR)?;
        let used: Vec<u32> = inv
            .iter()
            .enumerate()
            .filter(|(_, d)| d.processes().iter().any(|p| p.pid == pid))
            .map(|(i, _)| i as u32)
            .collect();
        if used.is_empty() {
            return Err(RSMI_STATUS_NOT_FOUND);
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
            Err(RSMI_STATUS_INSUFFICIENT_SIZE)
        } else {
            Ok(())
        }
    })();
    status(r)
}

/// # Safety
/// `proc_` is NULL or writable.
pub unsafe fn compute_process_info_by_pid_get(
    pid: u32,
    proc_: *mut rsmi_process_info_t,
) -> rsmi_status_t {
    let r = (|| {
        // SAFETY: forwarded contract.
        let out = unsafe { out(proc_) }?;
        let p = all_processes()?
            .into_iter()
            .find(|p| p.pid == pid)
            .ok_or(RSMI_STATUS_NOT_FOUND)?;
        *out = process_info(&p);
        Ok(())
    })();
    status(r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use smi::cpu::{host::Host, CpuDevice};
    use smi::Inventory;

    /// A CPU device with a 45.5 °C package sensor and 4 GiB of memory, 1 GiB available.
    fn fake_cpu(dir: &std::path::Path) -> CpuDevice {
        for (path, body) in [
            ("sys/class/hwmon/hwmon0/name", "k10temp\n"),
            ("sys/class/hwmon/hwmon0/temp1_input", "45500\n"),
            (
                "proc/meminfo",
                "MemTotal: 4194304 kB\nMemAvailable: 1048576 kB\n",
            ),
            ("proc/stat", "cpu  1 0 0 1 0 0 0 0 0 0\n"),
        ] {
            let p = dir.join(path);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, body).unwrap();
        }
        CpuDevice::with_host(Host {
            proc_root: dir.join("proc"),
            sys_root: dir.join("sys"),
        })
    }

    #[test]
    fn units_and_statuses() {
        let dir = std::env::temp_dir().join(format!("rsmi-unit-{}", std::process::id()));
        let mut n = 0;
        // SAFETY: valid out-pointers throughout.
        unsafe {
            assert_eq!(num_monitor_devices(&mut n), RSMI_STATUS_INIT_ERROR);
            let cpu = fake_cpu(&dir);
            SESSION.init_with(|| Inventory::from_devices(vec![Box::new(cpu)]));
            assert_eq!(num_monitor_devices(&mut n), RSMI_STATUS_SUCCESS);
            assert_eq!(n, 1);
            let mut t = 0;
            assert_eq!(dev_temp_metric_get(0, 0, RSMI_TEMP_CURRENT, &mut t), 0);
            assert_eq!(t, 45500, "millidegrees");
            assert_eq!(
                dev_temp_metric_get(0, 0, RSMI_TEMP_CRITICAL, &mut t),
                RSMI_STATUS_NOT_SUPPORTED,
                "the fake sensor has no critical point"
            );
            let (mut total, mut used) = (0, 0);
            assert_eq!(dev_memory_total_get(0, RSMI_MEM_TYPE_VRAM, &mut total), 0);
            assert_eq!(
                dev_memory_usage_get(0, RSMI_MEM_TYPE_VIS_VRAM, &mut used),
                0
            );
            assert_eq!((total, used), (4 << 30, 3 << 30));
            assert_eq!(
                dev_memory_total_get(0, 7, &mut total),
                RSMI_STATUS_INVALID_ARGS
            );
            let mut p = 0;
            assert_eq!(dev_power_ave_get(0, 0, &mut p), RSMI_STATUS_NOT_SUPPORTED);
            assert_eq!(
                dev_id_get(1, std::ptr::null_mut()),
                RSMI_STATUS_INVALID_ARGS
            );
            let mut text = std::ptr::null();
            assert_eq!(status_string(RSMI_STATUS_NOT_SUPPORTED, &mut text), 0);
            assert!(CStr::from_ptr(text)
                .to_str()
                .unwrap()
                .starts_with("RSMI_STATUS_NOT_SUPPORTED"));
            assert_eq!(shut_down(), RSMI_STATUS_SUCCESS);
            assert_eq!(shut_down(), RSMI_STATUS_INIT_ERROR);
        }
        let _ = std::fs::remove_dir_all(dir);
    }
}
