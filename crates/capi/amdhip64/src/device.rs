//! Initialisation, versions, devices and errors: C marshalling over the backend's
//! [`DeviceBackend`](hip::backend::DeviceBackend).

use std::ffi::{c_char, c_int, c_uint};

use hip::device_prop::DeviceProp;
use hip::{backend, HipError, HipResult, Limit};

use crate::entry::{
    current_device, device_ordinal, last_error, non_null, write_c_string, write_out, HipErrorT,
};

/// HIP version this runtime implements: 7.1.0 as `HIP_VERSION` encodes it.
pub const HIP_VERSION: c_int = hip::HIP_VERSION;

pub fn hipInit(flags: c_uint) -> HipResult<()> {
    if flags != 0 {
        return Err(HipError::InvalidValue);
    }
    backend().init()
}

/// # Safety
/// `version` must be NULL or writable.
pub unsafe fn hipDriverGetVersion(version: *mut c_int) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { write_out(version, backend().driver_version()) }
}

/// # Safety
/// `version` must be NULL or writable.
pub unsafe fn hipRuntimeGetVersion(version: *mut c_int) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { write_out(version, backend().runtime_version()) }
}

/// ferrocm extension: the platform this process runs on (chosen now if it was not yet):
/// 1 = the CPU (HSA CPU agent), 2 = NVIDIA. `libhiprtc.so` asks this (through `dlsym`) so
/// that it compiles for the platform the runtime will load the code on.
pub fn ferrocm_current_platform() -> c_int {
    hip::platform::current() as c_int
}

/// # Safety
/// `count` must be NULL or writable.
pub unsafe fn hipGetDeviceCount(count: *mut c_int) -> HipResult<()> {
    crate::entry::usable(count)?;
    let n = backend().device_count()? as c_int;
    // SAFETY: checked non-null; the caller guarantees it is writable.
    unsafe { write_out(count, n)? };
    if n == 0 {
        return Err(HipError::NoDevice);
    }
    Ok(())
}

pub fn hipSetDevice(device: c_int) -> HipResult<()> {
    let b = backend();
    b.set_current_device(b.ordinal(device)?)
}

/// # Safety
/// `device` must be NULL or writable.
pub unsafe fn hipGetDevice(device: *mut c_int) -> HipResult<()> {
    non_null(device)?;
    let d = current_device()? as c_int;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(device, d) }
}

/// # Safety
/// `prop` must be NULL or point to a writable `hipDeviceProp_t` (R0600 layout).
pub unsafe fn hipGetDevicePropertiesR0600(prop: *mut DeviceProp, device: c_int) -> HipResult<()> {
    crate::entry::usable(prop)?;
    let p = backend().device_prop(device_ordinal(device)?)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(prop, p) }
}

/// # Safety
/// As for [`hipGetDevicePropertiesR0600`] (the unversioned name has the same layout here).
pub unsafe fn hipGetDeviceProperties(prop: *mut DeviceProp, device: c_int) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { hipGetDevicePropertiesR0600(prop, device) }
}

/// # Safety
/// `value` must be NULL or writable.
pub unsafe fn hipDeviceGetAttribute(
    value: *mut c_int,
    attr: c_uint,
    device: c_int,
) -> HipResult<()> {
    crate::entry::usable(value)?;
    let v = backend().attribute(device_ordinal(device)?, attr)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(value, v) }
}

/// # Safety
/// `name` must be NULL or valid for `len` bytes.
pub unsafe fn hipDeviceGetName(name: *mut c_char, len: c_int, device: c_int) -> HipResult<()> {
    crate::entry::usable(name)?;
    if len <= 0 {
        return Err(HipError::InvalidValue);
    }
    let n = backend().name(device_ordinal(device)?)?;
    // SAFETY: the caller guarantees `len` bytes.
    unsafe { write_c_string(name.cast(), len as usize, &n) };
    Ok(())
}

/// # Safety
/// `bus_id` must be NULL or valid for `len` bytes.
pub unsafe fn hipDeviceGetPCIBusId(
    bus_id: *mut c_char,
    len: c_int,
    device: c_int,
) -> HipResult<()> {
    crate::entry::usable(bus_id)?;
    if len <= 0 {
        return Err(HipError::InvalidValue);
    }
    let id = backend().pci_bus_id(device_ordinal(device)?)?;
    // SAFETY: the caller guarantees `len` bytes.
    unsafe { write_c_string(bus_id.cast(), len as usize, &id) };
    Ok(())
}

/// # Safety
/// `bytes` must be NULL or writable.
pub unsafe fn hipDeviceTotalMem(bytes: *mut usize, device: c_int) -> HipResult<()> {
    non_null(bytes)?;
    let total = backend().total_mem(device_ordinal(device)?)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(bytes, total) }
}

/// # Safety
/// `device` must be NULL or writable; `prop` NULL or a readable `hipDeviceProp_t`.
pub unsafe fn hipChooseDeviceR0600(device: *mut c_int, prop: *const DeviceProp) -> HipResult<()> {
    non_null(device)?;
    crate::entry::usable(prop)?;
    // SAFETY: checked non-null; readable per the caller.
    let want = unsafe { prop.read_unaligned() };
    let best = backend().choose_device(&want)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(device, best as c_int) }
}

/// # Safety
/// As for [`hipChooseDeviceR0600`].
pub unsafe fn hipChooseDevice(device: *mut c_int, prop: *const DeviceProp) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { hipChooseDeviceR0600(device, prop) }
}

/// # Safety
/// `device` must be NULL or writable.
pub unsafe fn hipDeviceGet(device: *mut c_int, ordinal: c_int) -> HipResult<()> {
    non_null(device)?;
    let d = device_ordinal(ordinal)?;
    // `hipDevice_t` is the ordinal.
    // SAFETY: forwarded from the caller.
    unsafe { write_out(device, d as c_int) }
}

/// # Safety
/// `major` and `minor` must be NULL or writable.
pub unsafe fn hipDeviceComputeCapability(
    major: *mut c_int,
    minor: *mut c_int,
    device: c_int,
) -> HipResult<()> {
    non_null(major)?;
    non_null(minor)?;
    let (ma, mi) = backend().compute_capability(device_ordinal(device)?)?;
    // SAFETY: forwarded from the caller.
    unsafe {
        write_out(major, ma)?;
        write_out(minor, mi)
    }
}

pub fn hipDeviceSynchronize() -> HipResult<()> {
    backend().synchronize(current_device()?)
}

/// `hipDeviceReset`: destroys every allocation and resource of the calling thread's
/// current device in this process, after waiting for its outstanding work; later API use
/// works again (from a clean state). The last error is cleared.
pub fn hipDeviceReset() -> HipResult<()> {
    let dev = current_device()?;
    backend().reset(dev)?;
    crate::entry::set_last_error(crate::entry::HIP_SUCCESS);
    Ok(())
}

/// # Safety
/// `value` must be NULL or writable.
pub unsafe fn hipDeviceGetLimit(value: *mut usize, limit: c_uint) -> HipResult<()> {
    crate::entry::usable(value)?;
    let limit = Limit::from_raw(limit).map_err(|_| HipError::InvalidValue)?;
    let v = backend().limit(current_device()?, limit)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(value, v) }
}

pub fn hipDeviceSetLimit(limit: c_uint, value: usize) -> HipResult<()> {
    let limit = Limit::from_raw(limit).map_err(|_| HipError::InvalidValue)?;
    backend().set_limit(current_device()?, limit, value)
}

pub fn hipSetDeviceFlags(flags: c_uint) -> HipResult<()> {
    backend().set_flags(current_device()?, flags)
}

/// # Safety
/// `flags` must be NULL or writable.
pub unsafe fn hipGetDeviceFlags(flags: *mut c_uint) -> HipResult<()> {
    crate::entry::usable(flags)?;
    let f = backend().flags(current_device()?)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(flags, f) }
}

/// # Safety
/// Both pointers must be NULL or writable.
pub unsafe fn hipDeviceGetStreamPriorityRange(
    least: *mut c_int,
    greatest: *mut c_int,
) -> HipResult<()> {
    let (l, g) = backend().stream_priority_range(current_device()?)?;
    // NULL outputs are allowed (the caller may ask for only one bound).
    if crate::entry::given(least)? {
        // SAFETY: non-null, the caller guarantees writability.
        unsafe { least.write_unaligned(l) };
    }
    if crate::entry::given(greatest)? {
        // SAFETY: as above.
        unsafe { greatest.write_unaligned(g) };
    }
    Ok(())
}

/// # Safety
/// `config` must be NULL or writable.
pub unsafe fn hipDeviceGetCacheConfig(config: *mut c_uint) -> HipResult<()> {
    non_null(config)?;
    let c = backend().cache_config(current_device()?)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(config, c) }
}

pub fn hipDeviceSetCacheConfig(config: c_uint) -> HipResult<()> {
    backend().set_cache_config(current_device()?, config)
}

/// # Safety
/// `config` must be NULL or writable.
pub unsafe fn hipDeviceGetSharedMemConfig(config: *mut c_uint) -> HipResult<()> {
    current_device()?;
    // hipSharedMemBankSizeFourByte on every platform (the only bank size since Volta on
    // NVIDIA; no banks on the CPU).
    // SAFETY: forwarded from the caller.
    unsafe { write_out(config, 1) }
}

pub fn hipDeviceSetSharedMemConfig(config: c_uint) -> HipResult<()> {
    current_device()?;
    if config <= 2 {
        Ok(())
    } else {
        Err(HipError::InvalidValue)
    }
}

/// # Safety
/// `can` must be NULL or writable.
pub unsafe fn hipDeviceCanAccessPeer(can: *mut c_int, device: c_int, peer: c_int) -> HipResult<()> {
    non_null(can)?;
    let c = backend().can_access_peer(device_ordinal(device)?, device_ordinal(peer)?)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(can, c_int::from(c)) }
}

pub fn hipDeviceEnablePeerAccess(peer: c_int, flags: c_uint) -> HipResult<()> {
    let dev = current_device()?;
    backend().enable_peer_access(dev, device_ordinal(peer)?, flags)
}

pub fn hipDeviceDisablePeerAccess(peer: c_int) -> HipResult<()> {
    let dev = current_device()?;
    backend().disable_peer_access(dev, device_ordinal(peer)?)
}

pub fn hipGetLastError() -> HipErrorT {
    last_error(true)
}

pub fn hipPeekAtLastError() -> HipErrorT {
    last_error(false)
}

pub fn hipGetErrorName(error: HipErrorT) -> *const c_char {
    crate::errors::name(error).cast()
}

pub fn hipGetErrorString(error: HipErrorT) -> *const c_char {
    crate::errors::description(error).cast()
}

/// `hipDrvGetErrorName`: `*name` = the error's name (`hipErrorInvalidValue` and NULL for a
/// value HIP does not define, as `cuGetErrorName` does).
///
/// # Safety
/// `name` must be NULL or writable.
pub unsafe fn hipDrvGetErrorName(error: HipErrorT, name: *mut *const c_char) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { drv_error_text(error, name, hipGetErrorName) }
}

/// `hipDrvGetErrorString`: as [`hipDrvGetErrorName`], with the description.
///
/// # Safety
/// `text` must be NULL or writable.
pub unsafe fn hipDrvGetErrorString(error: HipErrorT, text: *mut *const c_char) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { drv_error_text(error, text, hipGetErrorString) }
}

/// The driver-style form of `text_of`: the text through `out` for a value HIP defines, NULL
/// and `hipErrorInvalidValue` otherwise.
///
/// # Safety
/// `out` must be NULL (refused) or writable.
unsafe fn drv_error_text(
    error: HipErrorT,
    out: *mut *const c_char,
    text_of: fn(HipErrorT) -> *const c_char,
) -> HipResult<()> {
    non_null(out)?;
    let known = crate::errors::is_known(error);
    let s = if known {
        text_of(error)
    } else {
        std::ptr::null()
    };
    // SAFETY: forwarded from the caller.
    unsafe { write_out(out, s) }?;
    if known {
        Ok(())
    } else {
        Err(HipError::InvalidValue)
    }
}

/// `hipDeviceGetUuid`: the 16 bytes `hipDeviceProp_t::uuid` reports.
///
/// # Safety
/// `uuid` must be NULL or writable for 16 bytes.
pub unsafe fn hipDeviceGetUuid(uuid: *mut [u8; 16], device: c_int) -> HipResult<()> {
    crate::entry::usable(uuid)?;
    let mut prop = std::mem::MaybeUninit::<DeviceProp>::zeroed();
    // SAFETY: a writable, zeroed property block.
    unsafe { hipGetDevicePropertiesR0600(prop.as_mut_ptr(), device) }?;
    // SAFETY: filled by the call above (and zeroed before).
    let id = unsafe { prop.assume_init_ref() }.uuid;
    // SAFETY: forwarded from the caller.
    unsafe { write_out(uuid, id) }
}

/// The parts of a PCI bus id, `[domain:]bus:device.function` in hexadecimal, as
/// `hipDeviceGetPCIBusId` writes them.
fn parse_pci_bus_id(s: &str) -> Option<(u32, u32, u32)> {
    let (rest, _function) = s.trim().rsplit_once('.')?;
    let parts: Vec<&str> = rest.split(':').collect();
    let hex = |p: &str| u32::from_str_radix(p, 16).ok();
    match parts.as_slice() {
        [domain, bus, device] => Some((hex(domain)?, hex(bus)?, hex(device)?)),
        [bus, device] => Some((0, hex(bus)?, hex(device)?)),
        _ => None,
    }
}

/// `hipDeviceGetByPCIBusId`: the device whose PCI bus id is `pci_bus_id`.
///
/// # Safety
/// `device` must be NULL or writable; `pci_bus_id` NULL or a C string.
pub unsafe fn hipDeviceGetByPCIBusId(
    device: *mut c_int,
    pci_bus_id: *const c_char,
) -> HipResult<()> {
    non_null(device)?;
    crate::entry::usable(pci_bus_id)?;
    // SAFETY: checked non-null; the caller passes a C string.
    let wanted = unsafe { std::ffi::CStr::from_ptr(pci_bus_id) }
        .to_str()
        .ok()
        .and_then(parse_pci_bus_id)
        .ok_or(HipError::InvalidValue)?;
    let mut count = 0;
    // SAFETY: a local out-value.
    unsafe { hipGetDeviceCount(&mut count) }?;
    for d in 0..count {
        let mut buf = [0u8; 64];
        // SAFETY: a local buffer of the length passed.
        unsafe { hipDeviceGetPCIBusId(buf.as_mut_ptr().cast(), buf.len() as c_int, d) }?;
        let id = std::ffi::CStr::from_bytes_until_nul(&buf)
            .ok()
            .and_then(|c| c.to_str().ok())
            .and_then(parse_pci_bus_id);
        if id == Some(wanted) {
            // SAFETY: forwarded from the caller.
            return unsafe { write_out(device, d) };
        }
    }
    Err(HipError::InvalidDevice)
}

/// `hipCreateChannelDesc(x, y, z, w, f)`: a channel descriptor with these bits per channel
/// and this kind. It only builds a value, as in HIP (nothing is checked until the descriptor
/// is used).
pub fn hipCreateChannelDesc(
    x: c_int,
    y: c_int,
    z: c_int,
    w: c_int,
    f: c_int,
) -> crate::types::hipChannelFormatDesc {
    crate::types::hipChannelFormatDesc { x, y, z, w, f }
}

/// `hipProfilerStart`: resumes rocprofv3's collection after `hipProfilerStop` (success and
/// nothing else without a profiler, as in CUDA).
pub fn hipProfilerStart() -> HipResult<()> {
    crate::profiler::switch_collection(false);
    Ok(())
}

/// `hipProfilerStop`: what starts from here is left out of rocprofv3's traces until
/// `hipProfilerStart` (like `roctxProfilerPause`).
pub fn hipProfilerStop() -> HipResult<()> {
    crate::profiler::switch_collection(true);
    Ok(())
}

#[cfg(test)]
mod pci_tests {
    use super::parse_pci_bus_id;

    #[test]
    fn bus_ids_parse_with_or_without_domain() {
        assert_eq!(parse_pci_bus_id("0000:3b:00.0"), Some((0, 0x3b, 0)));
        assert_eq!(parse_pci_bus_id("0001:C1:1f.3"), Some((1, 0xc1, 0x1f)));
        assert_eq!(parse_pci_bus_id("3b:00.0"), Some((0, 0x3b, 0)));
        assert_eq!(parse_pci_bus_id("3b-00"), None);
        assert_eq!(parse_pci_bus_id(""), None);
    }
}
