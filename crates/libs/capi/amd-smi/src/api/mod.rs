//! The C-typed implementations behind [`crate::exports`]: the session, handles, argument
//! checks, then [`smi`]'s devices.
//!
//! Handles: every ferrocm device is one socket with one processor. A handle encodes the
//! device's index with a tag per handle kind, so a stale or foreign pointer is refused
//! (`AMDSMI_STATUS_INVAL`) rather than dereferenced; after `amdsmi_shut_down` every call but
//! `amdsmi_init` returns `AMDSMI_STATUS_NOT_INIT`.
//!
//! N/A: a call whose value the device lacks returns `AMDSMI_STATUS_NOT_SUPPORTED`; a struct
//! with some fields known fills the unknown ones with all ones (`UINT32_MAX`, `UINT64_MAX`)
//! or "N/A" strings, the values amd-smi prints as N/A.

pub mod identity;
pub mod metrics;

use std::ffi::{c_char, c_void, CStr};
use std::sync::Arc;

use smi::capi::Session;
use smi::{Device, Inventory};

use crate::abi::*;

/// The library's one session.
pub static SESSION: Session = Session::new();

/// What a call returns on failure.
pub type Result<T> = std::result::Result<T, amdsmi_status_t>;

/// A status from a result.
pub fn status(r: Result<()>) -> amdsmi_status_t {
    r.err().unwrap_or(AMDSMI_STATUS_SUCCESS)
}

const PROCESSOR_TAG: usize = 0xA;
const SOCKET_TAG: usize = 0xB;

/// The handle of the device at `index` (never NULL).
pub fn handle_of(index: usize, tag: usize) -> *mut c_void {
    (((index + 1) << 4) | tag) as *mut c_void
}

/// The devices, or `AMDSMI_STATUS_NOT_INIT`.
pub fn inventory() -> Result<Arc<Inventory>> {
    SESSION.inventory().ok_or(AMDSMI_STATUS_NOT_INIT)
}

fn index_of(handle: *mut c_void, tag: usize, inv: &Inventory) -> Result<usize> {
    let v = handle as usize;
    if v & 0xF != tag || v >> 4 == 0 {
        return Err(AMDSMI_STATUS_INVAL);
    }
    let index = (v >> 4) - 1;
    if index < inv.len() {
        Ok(index)
    } else {
        Err(AMDSMI_STATUS_INVAL)
    }
}

/// Runs `f` on the device behind a processor handle.
pub fn with_processor<T>(
    handle: amdsmi_processor_handle,
    f: impl FnOnce(usize, &dyn Device) -> Result<T>,
) -> Result<T> {
    let inv = inventory()?;
    let index = index_of(handle, PROCESSOR_TAG, &inv)?;
    let device = inv.get(index).map_err(|_| AMDSMI_STATUS_INVAL)?;
    f(index, device)
}

/// A writable out-pointer, or `AMDSMI_STATUS_INVAL` for NULL or an address no process can
/// map.
///
/// # Safety
/// `p` is NULL or valid for a write of `T`.
pub unsafe fn out<'a, T>(p: *mut T) -> Result<&'a mut T> {
    if !ferrocm_cabi::plausible_ptr(p) {
        return Err(AMDSMI_STATUS_INVAL);
    }
    // SAFETY: plausible, and writable by the caller's contract.
    unsafe { p.as_mut() }.ok_or(AMDSMI_STATUS_INVAL)
}

/// A struct for the caller to fill: zeroed first (padding and reserved fields included).
///
/// # Safety
/// As [`out`]; `T` is a C struct for which all-zero bytes are a valid value.
pub unsafe fn out_zeroed<'a, T: Copy>(p: *mut T) -> Result<&'a mut T> {
    // SAFETY: the caller's contract.
    let r = unsafe { out(p) }?;
    // SAFETY: all-zero is valid for the plain C structs of `abi`.
    *r = unsafe { std::mem::zeroed() };
    Ok(r)
}

/// `UINT32_MAX` for N/A.
pub fn u32_or_max(v: Option<u32>) -> u32 {
    v.unwrap_or(u32::MAX)
}

/// Runs a query that fills `*p` from the device behind `handle`.
///
/// # Safety
/// `p` is NULL or valid for a write of `T`.
pub unsafe fn query<T>(
    handle: amdsmi_processor_handle,
    p: *mut T,
    f: impl FnOnce(&dyn Device, &mut T) -> Result<()>,
) -> amdsmi_status_t {
    status(with_processor(handle, |_, d| {
        // SAFETY: forwarded contract.
        let p = unsafe { out(p) }?;
        f(d, p)
    }))
}

/// Like [`query`] for a C struct, zeroed before it is filled.
///
/// # Safety
/// As [`query`].
pub unsafe fn query_struct<T: Copy>(
    handle: amdsmi_processor_handle,
    p: *mut T,
    f: impl FnOnce(&dyn Device, &mut T) -> Result<()>,
) -> amdsmi_status_t {
    status(with_processor(handle, |_, d| {
        // SAFETY: forwarded contract; `T` is one of the plain C structs of `abi`.
        let p = unsafe { out_zeroed(p) }?;
        f(d, p)
    }))
}

pub fn supported<T>(v: Option<T>) -> Result<T> {
    v.ok_or(AMDSMI_STATUS_NOT_SUPPORTED)
}

/// `amdsmi_free_name_value_pairs`: the functions whose results it frees
/// (`amdsmi_get_gpu_pm_metrics_info`, `amdsmi_get_gpu_reg_table_info`) return nothing on
/// ferrocm's devices, so no pointer a caller holds came from this library: nothing to free
/// (and freeing a foreign pointer would corrupt the caller's heap).
pub fn free_name_value_pairs(_p: *mut c_void) {}

pub fn init(_flags: u64) -> amdsmi_status_t {
    // Every ferrocm device plays the GPU's role for HIP programs: the flags (AMD GPUs, CPUs,
    // non-AMD GPUs...) select no subset; `amdsmi_get_processor_type` tells what each is.
    SESSION.init();
    AMDSMI_STATUS_SUCCESS
}

pub fn shut_down() -> amdsmi_status_t {
    if SESSION.shut_down() {
        AMDSMI_STATUS_SUCCESS
    } else {
        AMDSMI_STATUS_NOT_INIT
    }
}

/// The library's version with a static build string.
///
/// # Safety
/// `version` is NULL or writable.
pub unsafe fn get_lib_version(version: *mut amdsmi_version_t) -> amdsmi_status_t {
    static BUILD: &CStr = c"ferrocm";
    // SAFETY: forwarded contract.
    status(unsafe { out(version) }.map(|v| {
        *v = amdsmi_version_t {
            year: AMDSMI_LIB_VERSION_YEAR,
            major: AMDSMI_LIB_VERSION_MAJOR,
            minor: AMDSMI_LIB_VERSION_MINOR,
            release: AMDSMI_LIB_VERSION_RELEASE,
            build: BUILD.as_ptr(),
        }
    }))
}

/// The text of each status, as static C strings.
fn status_text(s: amdsmi_status_t) -> Option<&'static CStr> {
    Some(match s {
        AMDSMI_STATUS_SUCCESS => c"AMDSMI_STATUS_SUCCESS: Call succeeded",
        AMDSMI_STATUS_INVAL => c"AMDSMI_STATUS_INVAL: Invalid parameters",
        AMDSMI_STATUS_NOT_SUPPORTED => c"AMDSMI_STATUS_NOT_SUPPORTED: Command not supported",
        AMDSMI_STATUS_NOT_YET_IMPLEMENTED => {
            c"AMDSMI_STATUS_NOT_YET_IMPLEMENTED: Not implemented yet"
        }
        AMDSMI_STATUS_FAIL_LOAD_MODULE => c"AMDSMI_STATUS_FAIL_LOAD_MODULE: Fail to load lib",
        AMDSMI_STATUS_FAIL_LOAD_SYMBOL => c"AMDSMI_STATUS_FAIL_LOAD_SYMBOL: Fail to load symbol",
        AMDSMI_STATUS_DRM_ERROR => c"AMDSMI_STATUS_DRM_ERROR: Error when call libdrm",
        AMDSMI_STATUS_API_FAILED => c"AMDSMI_STATUS_API_FAILED: API call failed",
        AMDSMI_STATUS_TIMEOUT => c"AMDSMI_STATUS_TIMEOUT: Timeout in API call",
        AMDSMI_STATUS_RETRY => c"AMDSMI_STATUS_RETRY: Retry operation",
        AMDSMI_STATUS_NO_PERM => c"AMDSMI_STATUS_NO_PERM: Permission Denied",
        AMDSMI_STATUS_INTERRUPT => c"AMDSMI_STATUS_INTERRUPT: An interrupt occurred",
        AMDSMI_STATUS_IO => c"AMDSMI_STATUS_IO: I/O Error",
        AMDSMI_STATUS_ADDRESS_FAULT => c"AMDSMI_STATUS_ADDRESS_FAULT: Bad address",
        AMDSMI_STATUS_FILE_ERROR => c"AMDSMI_STATUS_FILE_ERROR: Problem accessing a file",
        AMDSMI_STATUS_OUT_OF_RESOURCES => c"AMDSMI_STATUS_OUT_OF_RESOURCES: Not enough memory",
        AMDSMI_STATUS_INTERNAL_EXCEPTION => {
            c"AMDSMI_STATUS_INTERNAL_EXCEPTION: An internal exception was caught"
        }
        AMDSMI_STATUS_INPUT_OUT_OF_BOUNDS => {
            c"AMDSMI_STATUS_INPUT_OUT_OF_BOUNDS: The provided input is out of allowable range"
        }
        AMDSMI_STATUS_INIT_ERROR => c"AMDSMI_STATUS_INIT_ERROR: Error when initializing",
        AMDSMI_STATUS_REFCOUNT_OVERFLOW => {
            c"AMDSMI_STATUS_REFCOUNT_OVERFLOW: An internal reference counter exceeded INT32_MAX"
        }
        AMDSMI_STATUS_BUSY => c"AMDSMI_STATUS_BUSY: Device busy",
        AMDSMI_STATUS_NOT_FOUND => c"AMDSMI_STATUS_NOT_FOUND: Device not found",
        AMDSMI_STATUS_NOT_INIT => c"AMDSMI_STATUS_NOT_INIT: Device not initialized",
        AMDSMI_STATUS_NO_SLOT => c"AMDSMI_STATUS_NO_SLOT: No more free slot",
        AMDSMI_STATUS_DRIVER_NOT_LOADED => c"AMDSMI_STATUS_DRIVER_NOT_LOADED: Driver not loaded",
        AMDSMI_STATUS_NO_DATA => c"AMDSMI_STATUS_NO_DATA: No data was found for a given input",
        AMDSMI_STATUS_INSUFFICIENT_SIZE => {
            c"AMDSMI_STATUS_INSUFFICIENT_SIZE: Not enough resources were available for the operation"
        }
        AMDSMI_STATUS_UNEXPECTED_SIZE => {
            c"AMDSMI_STATUS_UNEXPECTED_SIZE: An unexpected amount of data was read"
        }
        AMDSMI_STATUS_UNEXPECTED_DATA => {
            c"AMDSMI_STATUS_UNEXPECTED_DATA: The data read or provided to function is not what was expected"
        }
        AMDSMI_STATUS_ARG_PTR_NULL => c"AMDSMI_STATUS_ARG_PTR_NULL: Parsed argument is invalid",
        AMDSMI_STATUS_SETTING_UNAVAILABLE => {
            c"AMDSMI_STATUS_SETTING_UNAVAILABLE: Setting is not available"
        }
        AMDSMI_STATUS_MAP_ERROR => {
            c"AMDSMI_STATUS_MAP_ERROR: The internal library error did not map to a status code"
        }
        AMDSMI_STATUS_UNKNOWN_ERROR => c"AMDSMI_STATUS_UNKNOWN_ERROR: An unknown error occurred",
        _ => return None,
    })
}

/// # Safety
/// `text` is NULL or writable.
pub unsafe fn status_code_to_string(
    s: amdsmi_status_t,
    text: *mut *const c_char,
) -> amdsmi_status_t {
    // SAFETY: forwarded contract.
    let text = match unsafe { out(text) } {
        Ok(t) => t,
        Err(e) => return e,
    };
    match status_text(s) {
        Some(t) => {
            *text = t.as_ptr();
            AMDSMI_STATUS_SUCCESS
        }
        None => {
            *text = c"An unknown error occurred".as_ptr();
            AMDSMI_STATUS_INVAL
        }
    }
}

/// Fills a caller's handle array: with `handles` NULL only the count is returned; else up
/// to `*count` handles are written and `*count` becomes the number written.
///
/// # Safety
/// `count` is NULL or valid; `handles` is NULL or valid for `*count` writes.
unsafe fn fill_handles(
    count: *mut u32,
    handles: *mut *mut c_void,
    all: &[*mut c_void],
) -> amdsmi_status_t {
    // SAFETY: forwarded contract.
    let count = match unsafe { out(count) } {
        Ok(c) => c,
        Err(e) => return e,
    };
    if !ferrocm_cabi::plausible_ptr(handles) {
        *count = all.len() as u32;
        return AMDSMI_STATUS_SUCCESS;
    }
    let n = (*count as usize).min(all.len());
    // SAFETY: the caller gave room for `*count` >= n handles.
    unsafe { std::ptr::copy_nonoverlapping(all.as_ptr(), handles, n) };
    *count = n as u32;
    AMDSMI_STATUS_SUCCESS
}

/// # Safety
/// See [`fill_handles`].
pub unsafe fn get_socket_handles(
    count: *mut u32,
    handles: *mut amdsmi_socket_handle,
) -> amdsmi_status_t {
    let inv = match inventory() {
        Ok(i) => i,
        Err(e) => return e,
    };
    let all: Vec<*mut c_void> = (0..inv.len()).map(|i| handle_of(i, SOCKET_TAG)).collect();
    // SAFETY: forwarded contract.
    unsafe { fill_handles(count, handles, &all) }
}

/// The socket's name: the device's PCI address without the function, as amd-smi names
/// sockets; `cpu<N>` for the CPU device, which has none.
///
/// # Safety
/// `name` is NULL or valid for `len` bytes.
pub unsafe fn get_socket_info(
    socket: amdsmi_socket_handle,
    len: usize,
    name: *mut c_char,
) -> amdsmi_status_t {
    let r = (|| {
        let inv = inventory()?;
        let index = index_of(socket, SOCKET_TAG, &inv)?;
        if !ferrocm_cabi::plausible_ptr(name) || len == 0 {
            return Err(AMDSMI_STATUS_INVAL);
        }
        let d = inv.get(index).map_err(|_| AMDSMI_STATUS_INVAL)?;
        let text = match &d.info().bdf {
            Some(bdf) => bdf
                .rsplit_once('.')
                .map_or(bdf.as_str(), |(s, _)| s)
                .to_string(),
            None => format!("cpu{}", d.info().hip_ordinal),
        };
        // SAFETY: `name` holds `len` bytes by the caller's contract.
        if unsafe { smi::capi::write_c_str(name, len, &text) } {
            Ok(())
        } else {
            Err(AMDSMI_STATUS_INSUFFICIENT_SIZE)
        }
    })();
    status(r)
}

/// The processors of a socket (one per socket); a NULL socket means every processor.
///
/// # Safety
/// See [`fill_handles`].
pub unsafe fn get_processor_handles(
    socket: amdsmi_socket_handle,
    count: *mut u32,
    handles: *mut amdsmi_processor_handle,
) -> amdsmi_status_t {
    let inv = match inventory() {
        Ok(i) => i,
        Err(e) => return e,
    };
    let all: Vec<*mut c_void> = if socket.is_null() {
        (0..inv.len())
            .map(|i| handle_of(i, PROCESSOR_TAG))
            .collect()
    } else {
        match index_of(socket, SOCKET_TAG, &inv) {
            Ok(i) => vec![handle_of(i, PROCESSOR_TAG)],
            Err(e) => return e,
        }
    };
    // SAFETY: forwarded contract.
    unsafe { fill_handles(count, handles, &all) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handles_are_checked() {
        let inv = Inventory::from_devices(Vec::new());
        assert_eq!(
            index_of(handle_of(0, PROCESSOR_TAG), PROCESSOR_TAG, &inv),
            Err(AMDSMI_STATUS_INVAL),
            "out of range"
        );
        let inv = Inventory::from_devices(vec![Box::new(smi::cpu::CpuDevice::new())]);
        assert_eq!(
            index_of(handle_of(0, PROCESSOR_TAG), PROCESSOR_TAG, &inv),
            Ok(0)
        );
        assert_eq!(
            index_of(handle_of(0, SOCKET_TAG), PROCESSOR_TAG, &inv),
            Err(AMDSMI_STATUS_INVAL),
            "a socket handle is no processor handle"
        );
        assert_eq!(
            index_of(std::ptr::null_mut(), PROCESSOR_TAG, &inv),
            Err(AMDSMI_STATUS_INVAL)
        );
        assert_eq!(
            index_of(PROCESSOR_TAG as *mut c_void, PROCESSOR_TAG, &inv),
            Err(AMDSMI_STATUS_INVAL)
        );
    }

    #[test]
    fn every_status_has_a_text() {
        let mut p = std::ptr::null();
        for s in [0, 1, 2, 32, 41, 0xFFFF_FFFF] {
            // SAFETY: a valid out-pointer.
            assert_eq!(unsafe { status_code_to_string(s, &mut p) }, 0);
            // SAFETY: the library returns static NUL-terminated strings.
            let t = unsafe { CStr::from_ptr(p) }.to_str().unwrap();
            assert!(t.starts_with("AMDSMI_STATUS_"), "{t}");
        }
        // SAFETY: as above.
        assert_eq!(unsafe { status_code_to_string(12345, &mut p) }, 1);
    }
}
