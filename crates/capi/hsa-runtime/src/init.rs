//! Init/shutdown, status strings, system information and extensions.

use std::ffi::{c_char, c_void};

use hsa::core::runtime;
use hsa::{HsaError, HsaResult, Status};

use crate::entry::{non_null, rt, write_info, write_out};
use crate::types::hsa_status_t;

/// `HSA_EXTENSION_AMD_LOADER`: known, but its function table is not provided.
const EXT_AMD_LOADER: u16 = 0x201;

fn extension_name(ext: u16) -> Option<&'static [u8]> {
    Some(match ext {
        0 => b"HSA_EXTENSION_FINALIZER\0",
        1 => b"HSA_EXTENSION_IMAGES\0",
        2 => b"HSA_EXTENSION_PERFORMANCE_COUNTERS\0",
        3 => b"HSA_EXTENSION_PROFILING_EVENTS\0",
        0x200 => b"HSA_EXTENSION_AMD_PROFILER\0",
        0x201 => b"HSA_EXTENSION_AMD_LOADER\0",
        0x202 => b"HSA_EXTENSION_AMD_AQLPROFILE\0",
        0x203 => b"HSA_EXTENSION_AMD_PC_SAMPLING\0",
        _ => return None,
    })
}

/// Extensions ferrocm implements; none of them offers a function table yet.
fn extension_supported(ext: u16) -> bool {
    runtime::SUPPORTED_EXTENSIONS.contains(&ext)
}

hsa_api! {
    fn hsa_status_string(status: hsa_status_t, status_string: *mut *const c_char) {
        // Works before hsa_init, like ROCR.
        non_null(status_string)?;
        let s = Status::from(status).c_string().ok_or(HsaError::ERROR_INVALID_ARGUMENT)?;
        // SAFETY: checked non-null; the caller provides a `const char**`.
        unsafe { write_out(status_string, s.as_ptr()) }
    }

    fn hsa_init() {
        runtime::init()
    }

    fn hsa_shut_down() {
        runtime::shut_down()
    }

    fn hsa_system_get_info(attribute: u32, value: *mut c_void) {
        rt()?;
        // SAFETY: the caller passes a buffer of the attribute's type.
        unsafe { write_info(runtime::system_info(attribute), value) }
    }

    fn hsa_extension_get_name(extension: u16, name: *mut *const c_char) {
        rt()?;
        let s = extension_name(extension).ok_or(HsaError::ERROR_INVALID_ARGUMENT)?;
        // SAFETY: `name` is a `const char**` per the API.
        unsafe { write_out(name, s.as_ptr().cast()) }
    }

    fn hsa_system_extension_supported(extension: u16, version_major: u16, _version_minor: u16, result: *mut bool) {
        rt()?;
        extension_name(extension).ok_or(HsaError::ERROR_INVALID_ARGUMENT)?;
        // SAFETY: `result` is a `bool*` per the API.
        unsafe { write_out(result, extension_supported(extension) && version_major == 1) }
    }

    fn hsa_system_major_extension_supported(extension: u16, version_major: u16, version_minor: *mut u16, result: *mut bool) {
        rt()?;
        extension_name(extension).ok_or(HsaError::ERROR_INVALID_ARGUMENT)?;
        non_null(version_minor)?;
        let supported = extension_supported(extension) && version_major == 1;
        if supported {
            // SAFETY: checked non-null `uint16_t*`.
            unsafe { write_out(version_minor, 0)? };
        }
        // SAFETY: `bool*` per the API.
        unsafe { write_out(result, supported) }
    }

    fn hsa_system_get_extension_table(extension: u16, version_major: u16, _version_minor: u16, table: *mut c_void) {
        rt()?;
        non_null(table)?;
        extension_table(extension, version_major)
    }

    fn hsa_system_get_major_extension_table(extension: u16, version_major: u16, _table_length: usize, table: *mut c_void) {
        rt()?;
        non_null(table)?;
        extension_table(extension, version_major)
    }
}

/// No extension ferrocm reports has a function table: the profiler extension's functions
/// are exported by name (`hsa_amd_profiling_*`) and the loader table is not implemented.
fn extension_table(extension: u16, _major: u16) -> HsaResult<()> {
    extension_name(extension).ok_or(HsaError::ERROR_INVALID_ARGUMENT)?;
    if extension == EXT_AMD_LOADER {
        // Not supported: ferrocm does not provide the AMD loader table (hsa_ven_amd_loader.h).
        return Err(HsaError::ERROR);
    }
    Err(HsaError::ERROR_INVALID_ARGUMENT)
}
