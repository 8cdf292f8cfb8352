//! The C-typed implementations behind [`crate::exports`]: argument checks and conversions,
//! then [`roctx::markers`].

use std::ffi::{c_char, c_int, c_void, CStr};

use roctx::markers;
use roctx::trace_file::Kind;

/// roctx's failure value for `int` functions.
const ROCTX_ERROR: c_int = -1;

/// The message of a marker; NULL (or an address no process can map) reads as an empty
/// message: a marker never fails.
///
/// # Safety
/// `message` is NULL or a NUL-terminated string.
unsafe fn message<'a>(message: *const c_char) -> &'a CStr {
    // SAFETY: the caller's contract.
    unsafe { ferrocm_cabi::c_str(message) }.unwrap_or(c"")
}

pub fn version_major() -> u32 {
    4
}

pub fn version_minor() -> u32 {
    1
}

/// # Safety
/// See [`message`].
pub unsafe fn mark(msg: *const c_char) {
    // SAFETY: forwarded contract.
    markers::mark(unsafe { message(msg) })
}

/// # Safety
/// See [`message`].
pub unsafe fn range_push(msg: *const c_char) -> c_int {
    // SAFETY: forwarded contract.
    markers::range_push(unsafe { message(msg) }).unwrap_or(ROCTX_ERROR)
}

pub fn range_pop() -> c_int {
    markers::range_pop().unwrap_or(ROCTX_ERROR)
}

/// # Safety
/// See [`message`].
pub unsafe fn range_start(msg: *const c_char) -> u64 {
    // SAFETY: forwarded contract.
    markers::range_start(unsafe { message(msg) })
}

/// `roctxRangeStop` returns nothing: an id that is not open is ignored.
pub fn range_stop(id: u64) {
    let _ = markers::range_stop(id);
}

pub fn profiler_pause(_tid: u64) -> c_int {
    markers::pause_or_resume(Kind::Pause);
    0
}

pub fn profiler_resume(_tid: u64) -> c_int {
    markers::pause_or_resume(Kind::Resume);
    0
}

/// # Safety
/// `tid` is NULL or valid for a write.
pub unsafe fn get_thread_id(tid: *mut u64) -> c_int {
    // SAFETY: the caller's contract makes a plausible `tid` writable.
    if unsafe { ferrocm_cabi::write(tid, roctx::clock::thread_id()) } {
        0
    } else {
        ROCTX_ERROR
    }
}

/// # Safety
/// `name` is NULL (refused) or a NUL-terminated string.
pub unsafe fn name_os_thread(name: *const c_char) -> c_int {
    // SAFETY: NUL-terminated by the caller's contract.
    match unsafe { ferrocm_cabi::c_str(name) } {
        Some(name) => {
            markers::name_os_thread(name);
            0
        }
        None => ROCTX_ERROR,
    }
}

// Streams and devices name the tracks of kernel and copy traces. HSA agents are not named:
// rocprofv3 numbers agents by HIP device (docs/PROFILING.md) and has no map from an
// `hsa_agent_t` to them, so that name could not be shown: not supported.

pub fn name_hsa_agent(_name: *const c_char, _agent: *const c_void) -> c_int {
    ROCTX_ERROR
}

/// # Safety
/// `name` must be NULL or NUL-terminated.
pub unsafe fn name_hip_device(name: *const c_char, device: c_int) -> c_int {
    // SAFETY: NUL-terminated by the caller's contract.
    match (unsafe { ferrocm_cabi::c_str(name) }, u64::try_from(device)) {
        (Some(name), Ok(device)) => {
            markers::name_object(Kind::DeviceName, device, name);
            0
        }
        _ => ROCTX_ERROR,
    }
}

/// # Safety
/// `name` must be NULL or NUL-terminated; `stream` is only recorded (any value).
pub unsafe fn name_hip_stream(name: *const c_char, stream: *const c_void) -> c_int {
    // SAFETY: NUL-terminated by the caller's contract.
    match unsafe { ferrocm_cabi::c_str(name) } {
        Some(name) => {
            markers::name_object(Kind::StreamName, stream as u64, name);
            0
        }
        None => ROCTX_ERROR,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c_entry_points_return_roctx_values() {
        assert_eq!((version_major(), version_minor()), (4, 1));
        assert_eq!(range_pop(), ROCTX_ERROR, "pop without push");
        // SAFETY: a NUL-terminated message, then NULL (accepted as "").
        assert_eq!(unsafe { range_push(c"a".as_ptr()) }, 0);
        // SAFETY: as above.
        assert_eq!(unsafe { range_push(std::ptr::null()) }, 1);
        assert_eq!((range_pop(), range_pop(), range_pop()), (1, 0, ROCTX_ERROR));
        let mut tid = 0;
        // SAFETY: a valid out-pointer, then NULL (refused).
        assert_eq!(unsafe { get_thread_id(&mut tid) }, 0);
        // SAFETY: as above.
        assert_eq!(unsafe { get_thread_id(std::ptr::null_mut()) }, ROCTX_ERROR);
        assert_eq!(tid, roctx::clock::thread_id());
        // SAFETY: a NUL-terminated name, then NULL (refused).
        assert_eq!(unsafe { name_os_thread(c"t".as_ptr()) }, 0);
        // SAFETY: as above.
        assert_eq!(unsafe { name_os_thread(std::ptr::null()) }, ROCTX_ERROR);
        // SAFETY: a NUL-terminated name, then NULL and a negative device (refused).
        unsafe {
            assert_eq!(name_hip_device(c"d".as_ptr(), 0), 0);
            assert_eq!(name_hip_device(std::ptr::null(), 0), ROCTX_ERROR);
            assert_eq!(name_hip_device(c"d".as_ptr(), -1), ROCTX_ERROR);
            assert_eq!(name_hip_stream(c"s".as_ptr(), std::ptr::null()), 0);
            assert_eq!(
                name_hip_stream(std::ptr::null(), std::ptr::null()),
                ROCTX_ERROR
            );
        }
        assert_eq!(
            name_hsa_agent(c"a".as_ptr(), std::ptr::null()),
            ROCTX_ERROR,
            "not supported"
        );
        // SAFETY: a NUL-terminated message.
        let id = unsafe { range_start(c"r".as_ptr()) };
        assert_ne!(id, 0);
        range_stop(id);
        assert_eq!((profiler_pause(0), profiler_resume(0)), (0, 0));
    }
}
