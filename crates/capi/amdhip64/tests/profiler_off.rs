//! Without rocprofv3 (no `FERROCM_PROFILE_DIR`) the HIP API tracer is not installed: calls
//! go through the export table's untraced path. (`crates/tools/rocprofv3/tests` covers the
//! traced path, through the library's load-time constructor.)

#[test]
fn no_tracer_is_installed_without_rocprofv3() {
    assert!(std::env::var_os(amdhip64::profiler::ENV_DIR).is_none());
    let mut count = 0;
    // SAFETY: a valid out-pointer.
    let status = unsafe { amdhip64::hipGetDeviceCount(&mut count) };
    assert_eq!(status, 0);
    assert!(!amdhip64::profiler::is_recording());
    assert!(amdhip64::trace::tracer().is_none());
}
