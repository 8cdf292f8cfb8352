//! What a processor is: type, ids, PCI address, UUID, names, driver, VRAM, NUMA node.

use std::ffi::c_char;

use smi::capi::{fill, write_c_str};
use smi::DeviceKind;

use super::{out, query, query_struct, status, supported, u32_or_max, with_processor};
use crate::abi::*;

/// "N/A" for a string field the device lacks.
const NA: &str = "N/A";

/// `dddd:bb:dd.f` as (domain, bus, device, function).
pub fn parse_bdf(s: &str) -> Option<(u64, u64, u64, u64)> {
    let (domain, rest) = s.split_once(':')?;
    let (bus, rest) = rest.split_once(':')?;
    let (dev, func) = rest.split_once('.')?;
    let hex = |t: &str| u64::from_str_radix(t, 16).ok();
    Some((hex(domain)?, hex(bus)?, hex(dev)?, hex(func)?))
}

/// # Safety
/// `t` is NULL or writable.
pub unsafe fn get_processor_type(
    handle: amdsmi_processor_handle,
    t: *mut processor_type_t,
) -> amdsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query(handle, t, |d, t| {
            let i = d.info();
            *t = match (i.kind, i.vendor_id) {
                (DeviceKind::Cpu, Some(0x1002)) => AMDSMI_PROCESSOR_TYPE_AMD_CPU,
                (DeviceKind::Cpu, _) => AMDSMI_PROCESSOR_TYPE_NON_AMD_CPU,
                (DeviceKind::Nvidia, _) => AMDSMI_PROCESSOR_TYPE_NON_AMD_GPU,
            };
            Ok(())
        })
    }
}

/// # Safety
/// `id` is NULL or writable.
pub unsafe fn get_gpu_id(handle: amdsmi_processor_handle, id: *mut u16) -> amdsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query(handle, id, |d, id| {
            *id = supported(d.info().device_id)? as u16;
            Ok(())
        })
    }
}

/// # Safety
/// `id` is NULL or writable.
pub unsafe fn get_gpu_subsystem_id(
    handle: amdsmi_processor_handle,
    id: *mut u16,
) -> amdsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query(handle, id, |d, id| {
            // NVML's subsystem id holds the subsystem device id in its high 16 bits.
            *id = (supported(d.info().subsystem_id)? >> 16) as u16;
            Ok(())
        })
    }
}

/// # Safety
/// `name` is NULL or valid for `len` bytes.
pub unsafe fn get_gpu_vendor_name(
    handle: amdsmi_processor_handle,
    name: *mut c_char,
    len: usize,
) -> amdsmi_status_t {
    status(with_processor(handle, |_, d| {
        if !ferrocm_cabi::plausible_ptr(name) || len == 0 {
            return Err(AMDSMI_STATUS_INVAL);
        }
        // SAFETY: `len` bytes by the caller's contract.
        if unsafe { write_c_str(name, len, &d.info().vendor) } {
            Ok(())
        } else {
            Err(AMDSMI_STATUS_INSUFFICIENT_SIZE)
        }
    }))
}

/// # Safety
/// `bdf` is NULL or writable.
pub unsafe fn get_gpu_device_bdf(
    handle: amdsmi_processor_handle,
    bdf: *mut amdsmi_bdf_t,
) -> amdsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query(handle, bdf, |d, bdf| {
            let (domain, bus, dev, func) = supported(d.info().bdf.as_deref().and_then(parse_bdf))?;
            *bdf = (func & 0x7) | (dev & 0x1f) << 3 | (bus & 0xff) << 8 | domain << 16;
            Ok(())
        })
    }
}

/// rocm_smi's BDF id: domain in bits 32-63, bus 8-15, device 3-7, function 0-2.
///
/// # Safety
/// `id` is NULL or writable.
pub unsafe fn get_gpu_bdf_id(handle: amdsmi_processor_handle, id: *mut u64) -> amdsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query(handle, id, |d, id| {
            let (domain, bus, dev, func) = supported(d.info().bdf.as_deref().and_then(parse_bdf))?;
            *id = (domain & 0xffff_ffff) << 32 | (bus & 0xff) << 8 | (dev & 0x1f) << 3 | func & 7;
            Ok(())
        })
    }
}

/// The processor whose PCI address is `bdf`.
///
/// # Safety
/// `handle` is NULL or writable.
pub unsafe fn get_processor_handle_from_bdf(
    bdf: amdsmi_bdf_t,
    handle: *mut amdsmi_processor_handle,
) -> amdsmi_status_t {
    let r = (|| {
        // SAFETY: forwarded contract.
        let handle = unsafe { out(handle) }?;
        let inv = super::inventory()?;
        let want = (bdf >> 16, (bdf >> 8) & 0xff, (bdf >> 3) & 0x1f, bdf & 7);
        let index = inv
            .iter()
            .position(|d| d.info().bdf.as_deref().and_then(parse_bdf) == Some(want))
            .ok_or(AMDSMI_STATUS_NOT_FOUND)?;
        *handle = super::handle_of(index, super::PROCESSOR_TAG);
        Ok(())
    })();
    status(r)
}

/// # Safety
/// `length` is NULL or valid; `uuid` is NULL or valid for `*length` bytes.
pub unsafe fn get_gpu_device_uuid(
    handle: amdsmi_processor_handle,
    length: *mut u32,
    uuid: *mut c_char,
) -> amdsmi_status_t {
    status(with_processor(handle, |_, d| {
        // SAFETY: forwarded contract.
        let length = unsafe { out(length) }?;
        if !ferrocm_cabi::plausible_ptr(uuid) {
            return Err(AMDSMI_STATUS_INVAL);
        }
        let id = supported(d.info().uuid.clone())?;
        if (*length as usize) <= id.len() {
            *length = id.len() as u32 + 1;
            return Err(AMDSMI_STATUS_INSUFFICIENT_SIZE);
        }
        // SAFETY: `*length` bytes by the caller's contract, more than the UUID needs.
        unsafe { write_c_str(uuid, *length as usize, &id) };
        *length = id.len() as u32 + 1;
        Ok(())
    }))
}

/// # Safety
/// `info` is NULL or writable.
pub unsafe fn get_gpu_driver_info(
    handle: amdsmi_processor_handle,
    info: *mut amdsmi_driver_info_t,
) -> amdsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query_struct(handle, info, |d, info| {
            let i = d.info();
            fill(&mut info.driver_version, &i.driver_version);
            fill(&mut info.driver_date, NA);
            fill(&mut info.driver_name, &i.driver_name);
            Ok(())
        })
    }
}

/// # Safety
/// `info` is NULL or writable.
pub unsafe fn get_gpu_asic_info(
    handle: amdsmi_processor_handle,
    info: *mut amdsmi_asic_info_t,
) -> amdsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query_struct(handle, info, |d, a| {
            let i = d.info();
            fill(&mut a.market_name, &i.name);
            a.vendor_id = u32_or_max(i.vendor_id);
            fill(&mut a.vendor_name, &i.vendor);
            a.subvendor_id = u32::MAX;
            a.device_id = i.device_id.map_or(u64::MAX, u64::from);
            a.rev_id = u32::MAX;
            fill(&mut a.asic_serial, i.serial.as_deref().unwrap_or(NA));
            a.oam_id = u32::MAX;
            a.num_of_compute_units = u32_or_max(i.compute_units);
            // A gfx target number (0x90a...) exists for AMD GPUs only.
            a.target_graphics_version = u64::MAX;
            Ok(())
        })
    }
}

/// # Safety
/// `info` is NULL or writable.
pub unsafe fn get_gpu_board_info(
    handle: amdsmi_processor_handle,
    info: *mut amdsmi_board_info_t,
) -> amdsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query_struct(handle, info, |d, b| {
            let i = d.info();
            fill(&mut b.model_number, NA);
            fill(&mut b.product_serial, i.serial.as_deref().unwrap_or(NA));
            fill(&mut b.fru_id, NA);
            fill(&mut b.product_name, &i.name);
            fill(&mut b.manufacturer_name, &i.vendor);
            Ok(())
        })
    }
}

/// # Safety
/// `info` is NULL or writable.
pub unsafe fn get_gpu_vram_info(
    handle: amdsmi_processor_handle,
    info: *mut amdsmi_vram_info_t,
) -> amdsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query_struct(handle, info, |d, v| {
            let total = supported(d.memory().total)?;
            v.vram_type = AMDSMI_VRAM_TYPE_UNKNOWN;
            v.vram_vendor = 0;
            v.vram_size = total >> 20;
            v.vram_bit_width = u32::MAX;
            Ok(())
        })
    }
}

/// # Safety
/// `node` is NULL or writable.
pub unsafe fn topo_get_numa_node_number(
    handle: amdsmi_processor_handle,
    node: *mut u32,
) -> amdsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query(handle, node, |d, node| {
            *node = supported(d.info().numa_node)?;
            Ok(())
        })
    }
}

/// # Safety
/// `node` is NULL or writable.
pub unsafe fn get_gpu_topo_numa_affinity(
    handle: amdsmi_processor_handle,
    node: *mut i32,
) -> amdsmi_status_t {
    // SAFETY: forwarded contract.
    unsafe {
        query(handle, node, |d, node| {
            *node = supported(d.info().numa_node)? as i32;
            Ok(())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bdf_strings() {
        assert_eq!(parse_bdf("0000:3b:00.1"), Some((0, 0x3b, 0, 1)));
        assert_eq!(parse_bdf("cpu"), None);
    }
}
