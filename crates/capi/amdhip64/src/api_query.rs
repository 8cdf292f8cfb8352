//! Questions about the API itself: `hipGetProcAddress` and `hipApiName`, both answered from
//! the declaration list ([`crate::exports`]).

use std::ffi::{c_char, c_int, c_void, CStr};
use std::sync::OnceLock;

use hip::{HipError, HipResult};

use crate::entry::{non_null, write_out};
use crate::exports::{address_of, API};
use crate::types::hipDriverProcAddressQueryResult;

/// `HIP_GET_PROC_ADDRESS_SUCCESS`
pub const PROC_ADDRESS_SUCCESS: hipDriverProcAddressQueryResult = 0;
/// `HIP_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND`
pub const PROC_ADDRESS_SYMBOL_NOT_FOUND: hipDriverProcAddressQueryResult = 1;
/// `HIP_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT`
pub const PROC_ADDRESS_VERSION_NOT_SUFFICIENT: hipDriverProcAddressQueryResult = 2;

/// `hipGetProcAddress` flags: `HIP_GET_PROC_ADDRESS_DEFAULT`, `_LEGACY_STREAM`,
/// `_PER_THREAD_DEFAULT_STREAM` (CUDA's `cuGetProcAddress` values). The table has one
/// address per name, whichever default-stream flavour is asked for.
const KNOWN_FLAGS: u64 = 0x1 | 0x2;

/// The oldest `hipVersion` the table answers for: HIP 6.0 (`HIP_VERSION` 60000000 style:
/// major * 10^7 + minor * 10^5 + patch). Older requests are told the version is not enough,
/// as HIP does for a symbol newer than the version asked for.
const OLDEST_VERSION: c_int = 600;

/// `hipGetProcAddress(symbol, pfn, hipVersion, flags, symbolStatus)`: the address of the
/// exported function `symbol` (`hipErrorNotFound`, `*pfn = NULL` and
/// `HIP_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND` for a name the library does not export).
///
/// # Safety
/// `symbol` must be NULL or a NUL-terminated string; `pfn` and `symbol_status` NULL or writable.
pub unsafe fn hipGetProcAddress(
    symbol: *const c_char,
    pfn: *mut *mut c_void,
    hip_version: c_int,
    flags: u64,
    symbol_status: *mut hipDriverProcAddressQueryResult,
) -> HipResult<()> {
    crate::entry::usable(symbol)?;
    non_null(pfn)?;
    if flags & !KNOWN_FLAGS != 0 || hip_version < 0 {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: checked non-null; the caller passes a C string.
    let name = unsafe { CStr::from_ptr(symbol) }.to_str().unwrap_or("");
    let status = |s| {
        if symbol_status.is_null() {
            Ok(())
        } else {
            // SAFETY: checked non-null; the caller guarantees it is writable.
            unsafe { write_out(symbol_status, s) }
        }
    };
    // A version number in the HIP_VERSION form (>= 6.0) or the short major*100+minor form.
    let version_ok = hip_version >= OLDEST_VERSION;
    match address_of(name) {
        Some(addr) if version_ok => {
            // SAFETY: checked non-null; the caller guarantees it is writable.
            unsafe { write_out(pfn, addr.cast_mut()) }?;
            status(PROC_ADDRESS_SUCCESS)
        }
        Some(_) => {
            // SAFETY: as above.
            unsafe { write_out(pfn, std::ptr::null_mut()) }?;
            status(PROC_ADDRESS_VERSION_NOT_SUFFICIENT)?;
            Err(HipError::NotFound)
        }
        None => {
            // SAFETY: as above.
            unsafe { write_out(pfn, std::ptr::null_mut()) }?;
            status(PROC_ADDRESS_SYMBOL_NOT_FOUND)?;
            Err(HipError::NotFound)
        }
    }
}

/// `hipApiName(id)`: the name of API function number `id` (the numbering of the declaration
/// list, which trace records use), or `"unknown"`.
pub fn hipApiName(id: u32) -> *const c_char {
    static NAMES: OnceLock<Vec<std::ffi::CString>> = OnceLock::new();
    let names = NAMES.get_or_init(|| {
        API.iter()
            .map(|e| std::ffi::CString::new(e.name).unwrap_or_default())
            .collect()
    });
    match names.get(id as usize) {
        Some(n) => n.as_ptr(),
        None => c"unknown".as_ptr(),
    }
}
