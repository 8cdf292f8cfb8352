//! Initialisation, versions, devices and errors.

use std::ffi::{c_char, c_int, c_uint};

use hip::{HipError, Limit, Runtime};

use crate::entry::{
    api, device_ordinal, last_error, non_null, write_c_string, write_out, HipErrorT,
};
use crate::props::{self, DeviceProp};

/// HIP version this runtime implements: 7.1.0 as `HIP_VERSION` encodes it.
pub const HIP_VERSION: c_int = 7 * 10_000_000 + 100_000;

#[no_mangle]
pub extern "C" fn hipInit(flags: c_uint) -> HipErrorT {
    api(|| {
        if flags != 0 {
            return Err(HipError::InvalidValue);
        }
        Runtime::get().map(|_| ())
    })
}

/// # Safety
/// `version` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDriverGetVersion(version: *mut c_int) -> HipErrorT {
    // SAFETY: forwarded from the caller.
    api(|| unsafe { write_out(version, HIP_VERSION) })
}

/// # Safety
/// `version` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipRuntimeGetVersion(version: *mut c_int) -> HipErrorT {
    // SAFETY: forwarded from the caller.
    api(|| unsafe { write_out(version, HIP_VERSION) })
}

/// # Safety
/// `count` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGetDeviceCount(count: *mut c_int) -> HipErrorT {
    api(|| {
        non_null(count)?;
        let n = Runtime::get()?.device_count() as c_int;
        // SAFETY: checked non-null; the caller guarantees it is writable.
        unsafe { write_out(count, n)? };
        if n == 0 {
            return Err(HipError::NoDevice);
        }
        Ok(())
    })
}

#[no_mangle]
pub extern "C" fn hipSetDevice(device: c_int) -> HipErrorT {
    api(|| {
        let ordinal = device_ordinal(device)?;
        Runtime::get()?.set_current_device(ordinal)
    })
}

/// # Safety
/// `device` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGetDevice(device: *mut c_int) -> HipErrorT {
    api(|| {
        non_null(device)?;
        let d = Runtime::get()?.current_device()? as c_int;
        // SAFETY: forwarded from the caller.
        unsafe { write_out(device, d) }
    })
}

/// # Safety
/// `prop` must be NULL or point to a writable `hipDeviceProp_t` (R0600 layout).
#[no_mangle]
pub unsafe extern "C" fn hipGetDevicePropertiesR0600(
    prop: *mut DeviceProp,
    device: c_int,
) -> HipErrorT {
    api(|| {
        non_null(prop)?;
        let rt = Runtime::get()?;
        let d = rt.device(device_ordinal(device)?)?;
        // SAFETY: forwarded from the caller.
        unsafe { write_out(prop, props::fill(d.properties())) }
    })
}

/// # Safety
/// As for [`hipGetDevicePropertiesR0600`] (the unversioned name has the same layout here).
#[no_mangle]
pub unsafe extern "C" fn hipGetDeviceProperties(prop: *mut DeviceProp, device: c_int) -> HipErrorT {
    // SAFETY: forwarded from the caller.
    unsafe { hipGetDevicePropertiesR0600(prop, device) }
}

/// # Safety
/// `value` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetAttribute(
    value: *mut c_int,
    attr: c_uint,
    device: c_int,
) -> HipErrorT {
    api(|| {
        non_null(value)?;
        let rt = Runtime::get()?;
        let d = rt.device(device_ordinal(device)?)?;
        let v = props::attribute(d.properties(), attr)?;
        // SAFETY: forwarded from the caller.
        unsafe { write_out(value, v) }
    })
}

/// # Safety
/// `name` must be NULL or valid for `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetName(
    name: *mut c_char,
    len: c_int,
    device: c_int,
) -> HipErrorT {
    api(|| {
        non_null(name)?;
        if len <= 0 {
            return Err(HipError::InvalidValue);
        }
        let rt = Runtime::get()?;
        let d = rt.device(device_ordinal(device)?)?;
        // SAFETY: the caller guarantees `len` bytes.
        unsafe { write_c_string(name.cast(), len as usize, &d.properties().name) };
        Ok(())
    })
}

/// # Safety
/// `bus_id` must be NULL or valid for `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetPCIBusId(
    bus_id: *mut c_char,
    len: c_int,
    device: c_int,
) -> HipErrorT {
    api(|| {
        non_null(bus_id)?;
        if len <= 0 {
            return Err(HipError::InvalidValue);
        }
        let rt = Runtime::get()?;
        let p = rt.device(device_ordinal(device)?)?.properties();
        let id = format!(
            "{:04x}:{:02x}:{:02x}.0",
            p.pci_domain_id, p.pci_bus_id, p.pci_device_id
        );
        // SAFETY: the caller guarantees `len` bytes.
        unsafe { write_c_string(bus_id.cast(), len as usize, &id) };
        Ok(())
    })
}

/// # Safety
/// `bytes` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceTotalMem(bytes: *mut usize, device: c_int) -> HipErrorT {
    api(|| {
        non_null(bytes)?;
        let rt = Runtime::get()?;
        let total = rt
            .device(device_ordinal(device)?)?
            .properties()
            .total_global_mem;
        // SAFETY: forwarded from the caller.
        unsafe { write_out(bytes, total as usize) }
    })
}

/// # Safety
/// `device` must be NULL or writable; `prop` NULL or a readable `hipDeviceProp_t`.
#[no_mangle]
pub unsafe extern "C" fn hipChooseDeviceR0600(
    device: *mut c_int,
    prop: *const DeviceProp,
) -> HipErrorT {
    api(|| {
        non_null(device)?;
        non_null(prop)?;
        let rt = Runtime::get()?;
        if rt.device_count() == 0 {
            return Err(HipError::NoDevice);
        }
        // Every visible device is the same kind here: the first one matches best.
        // SAFETY: forwarded from the caller.
        unsafe { write_out(device, 0) }
    })
}

/// # Safety
/// As for [`hipChooseDeviceR0600`].
#[no_mangle]
pub unsafe extern "C" fn hipChooseDevice(device: *mut c_int, prop: *const DeviceProp) -> HipErrorT {
    // SAFETY: forwarded from the caller.
    unsafe { hipChooseDeviceR0600(device, prop) }
}

#[no_mangle]
pub extern "C" fn hipDeviceSynchronize() -> HipErrorT {
    api(|| {
        let rt = Runtime::get()?;
        rt.synchronize_device(rt.current_device()?)
    })
}

/// `hipDeviceReset`: waits for the device's work; allocations and streams stay valid (the
/// CPU has no device state to tear down, and freeing behind the program's back would turn
/// its later frees into errors).
#[no_mangle]
pub extern "C" fn hipDeviceReset() -> HipErrorT {
    hipDeviceSynchronize()
}

/// # Safety
/// `value` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetLimit(value: *mut usize, limit: c_uint) -> HipErrorT {
    api(|| {
        non_null(value)?;
        let limit = Limit::from_raw(limit).map_err(|_| HipError::InvalidValue)?;
        let rt = Runtime::get()?;
        let v = rt.device(rt.current_device()?)?.limit(limit);
        // SAFETY: forwarded from the caller.
        unsafe { write_out(value, v) }
    })
}

#[no_mangle]
pub extern "C" fn hipDeviceSetLimit(limit: c_uint, value: usize) -> HipErrorT {
    api(|| {
        let limit = Limit::from_raw(limit).map_err(|_| HipError::InvalidValue)?;
        let rt = Runtime::get()?;
        rt.device(rt.current_device()?)?.set_limit(limit, value)
    })
}

#[no_mangle]
pub extern "C" fn hipSetDeviceFlags(flags: c_uint) -> HipErrorT {
    api(|| {
        let rt = Runtime::get()?;
        rt.device(rt.current_device()?)?.set_flags(flags)
    })
}

/// # Safety
/// `flags` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipGetDeviceFlags(flags: *mut c_uint) -> HipErrorT {
    api(|| {
        non_null(flags)?;
        let rt = Runtime::get()?;
        let f = rt.device(rt.current_device()?)?.flags();
        // SAFETY: forwarded from the caller.
        unsafe { write_out(flags, f) }
    })
}

/// # Safety
/// Both pointers must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetStreamPriorityRange(
    least: *mut c_int,
    greatest: *mut c_int,
) -> HipErrorT {
    api(|| {
        hip::Runtime::get()?.current_device()?;
        // NULL outputs are allowed (the caller may ask for only one bound).
        if !least.is_null() {
            // SAFETY: non-null, the caller guarantees writability.
            unsafe { least.write_unaligned(hip::STREAM_PRIORITY_LEAST) };
        }
        if !greatest.is_null() {
            // SAFETY: as above.
            unsafe { greatest.write_unaligned(hip::STREAM_PRIORITY_GREATEST) };
        }
        Ok(())
    })
}

/// # Safety
/// `config` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetCacheConfig(config: *mut c_uint) -> HipErrorT {
    // hipFuncCachePreferNone
    // SAFETY: forwarded from the caller.
    api(|| unsafe { write_out(config, 0) })
}

#[no_mangle]
pub extern "C" fn hipDeviceSetCacheConfig(config: c_uint) -> HipErrorT {
    // The CPU's caches are not configurable; every documented preference is accepted.
    api(|| {
        if config <= 3 {
            Ok(())
        } else {
            Err(HipError::InvalidValue)
        }
    })
}

/// # Safety
/// `config` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetSharedMemConfig(config: *mut c_uint) -> HipErrorT {
    // hipSharedMemBankSizeFourByte
    // SAFETY: forwarded from the caller.
    api(|| unsafe { write_out(config, 1) })
}

#[no_mangle]
pub extern "C" fn hipDeviceSetSharedMemConfig(config: c_uint) -> HipErrorT {
    api(|| {
        if config <= 2 {
            Ok(())
        } else {
            Err(HipError::InvalidValue)
        }
    })
}

/// # Safety
/// `can` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hipDeviceCanAccessPeer(
    can: *mut c_int,
    device: c_int,
    peer: c_int,
) -> HipErrorT {
    api(|| {
        non_null(can)?;
        device_ordinal(device)?;
        device_ordinal(peer)?;
        // SAFETY: forwarded from the caller.
        unsafe { write_out(can, 0) }
    })
}

#[no_mangle]
pub extern "C" fn hipDeviceEnablePeerAccess(peer: c_int, flags: c_uint) -> HipErrorT {
    api(|| {
        device_ordinal(peer)?;
        if flags != 0 {
            return Err(HipError::InvalidValue);
        }
        // A single CPU device has no peers.
        Err(HipError::InvalidDevice)
    })
}

#[no_mangle]
pub extern "C" fn hipDeviceDisablePeerAccess(peer: c_int) -> HipErrorT {
    api(|| {
        device_ordinal(peer)?;
        Err(HipError::InvalidDevice)
    })
}

#[no_mangle]
pub extern "C" fn hipGetLastError() -> HipErrorT {
    last_error(true)
}

#[no_mangle]
pub extern "C" fn hipPeekAtLastError() -> HipErrorT {
    last_error(false)
}

#[no_mangle]
pub extern "C" fn hipGetErrorName(error: HipErrorT) -> *const c_char {
    crate::errors::name(error).cast()
}

#[no_mangle]
pub extern "C" fn hipGetErrorString(error: HipErrorT) -> *const c_char {
    crate::errors::description(error).cast()
}

#[no_mangle]
pub extern "C" fn hipProfilerStart() -> HipErrorT {
    HipError::NotSupported.code()
}

#[no_mangle]
pub extern "C" fn hipProfilerStop() -> HipErrorT {
    HipError::NotSupported.code()
}
