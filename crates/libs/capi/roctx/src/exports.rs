//! The one declaration list of `libroctx64.so`: roctx's functions (`include/roctracer/roctx.h`),
//! each served by [`crate::api`]. No `#[no_mangle]` anywhere else in this crate.
#![allow(non_snake_case)]

use std::ffi::{c_char, c_int, c_void};

use crate::api;
use crate::export_table::roctx_exports;

roctx_exports! {
    /// 4 (roctx 4.1).
    fn roctx_version_major() -> u32 { api::version_major }
    /// 1 (roctx 4.1).
    fn roctx_version_minor() -> u32 { api::version_minor }
    /// An instant marker.
    fn roctxMarkA(message: *const c_char) -> () { api::mark }
    /// Opens a nested range on this thread; returns its level (0 outermost).
    fn roctxRangePushA(message: *const c_char) -> c_int { api::range_push }
    /// Closes this thread's innermost range; its level, or -1 when none is open.
    fn roctxRangePop() -> c_int { api::range_pop }
    /// Opens a range any thread may stop; returns its id.
    fn roctxRangeStartA(message: *const c_char) -> u64 { api::range_start }
    /// Closes a range `roctxRangeStartA` opened.
    fn roctxRangeStop(id: u64) -> () { api::range_stop }
    /// Pauses the profiler's recording (every domain); the thread id is ignored, as in ROCm.
    fn roctxProfilerPause(tid: u64) -> c_int { api::profiler_pause }
    /// Resumes it.
    fn roctxProfilerResume(tid: u64) -> c_int { api::profiler_resume }
    /// The calling thread's id as the profiler reports it.
    fn roctxGetThreadId(tid: *mut u64) -> c_int { api::get_thread_id }
    /// Names the calling thread's track in the Perfetto output; -1 for a NULL name.
    fn roctxNameOsThread(name: *const c_char) -> c_int { api::name_os_thread }
    /// Not supported (-1): rocprofv3 has no map from an HSA agent handle to its agent ids.
    fn roctxNameHsaAgent(name: *const c_char, agent: *const c_void) -> c_int { api::name_hsa_agent }
    /// Names a HIP device in the Perfetto output's stream tracks; -1 for NULL or a negative device.
    fn roctxNameHipDevice(name: *const c_char, device: c_int) -> c_int { api::name_hip_device }
    /// Names a stream's track (kernels and copies) in the Perfetto output; -1 for a NULL name.
    fn roctxNameHipStream(name: *const c_char, stream: *const c_void) -> c_int { api::name_hip_stream }
}
