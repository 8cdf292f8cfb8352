//! rocBLAS's device-memory API through the C entry points: a size query brackets calls and
//! reports 0 (nothing needs device workspace), sizes and workspaces set are reported back,
//! and misuse gets rocBLAS's statuses.

use std::ffi::c_void;

use rocblas::abi::*;
use rocblas::exports::*;

#[test]
fn size_query_workspace_and_metric() {
    let mut h: rocblas_handle = std::ptr::null_mut();
    // SAFETY: out-parameters on the stack; a live handle afterwards.
    unsafe {
        assert_eq!(rocblas_create_handle(&mut h), rocblas_status_success);
        assert!(rocblas_is_managing_device_memory(h) && !rocblas_is_user_managing_device_memory(h));
        assert!(!rocblas_is_device_memory_size_query(h));
        assert_eq!(
            rocblas_start_device_memory_size_query(h),
            rocblas_status_success
        );
        assert!(rocblas_is_device_memory_size_query(h));
        assert_eq!(
            rocblas_start_device_memory_size_query(h),
            rocblas_status_invalid_value,
            "nested query"
        );
        let mut size = usize::MAX;
        assert_eq!(
            rocblas_stop_device_memory_size_query(h, &mut size),
            rocblas_status_success
        );
        assert_eq!(size, 0);
        assert_eq!(
            rocblas_stop_device_memory_size_query(h, &mut size),
            rocblas_status_invalid_value,
            "no query"
        );

        let mut ws = vec![0u8; 4096];
        assert_eq!(
            rocblas_set_workspace(h, ws.as_mut_ptr() as *mut c_void, ws.len()),
            rocblas_status_success
        );
        assert!(rocblas_is_user_managing_device_memory(h));
        assert_eq!(
            rocblas_get_device_memory_size(h, &mut size),
            rocblas_status_success
        );
        assert_eq!(size, 4096);
        assert_eq!(
            rocblas_set_workspace(h, std::ptr::null_mut(), 0),
            rocblas_status_success
        );
        assert!(rocblas_is_managing_device_memory(h));

        assert_eq!(rocblas_set_performance_metric(h, 2), rocblas_status_success);
        let mut metric = 0;
        assert_eq!(
            rocblas_get_performance_metric(h, &mut metric),
            rocblas_status_success
        );
        assert_eq!(metric, 2);
        assert_eq!(
            rocblas_set_performance_metric(h, 9),
            rocblas_status_invalid_value
        );
        assert_eq!(
            rocblas_get_device_memory_size(h, std::ptr::null_mut()),
            rocblas_status_invalid_pointer
        );

        assert_eq!(rocblas_destroy_handle(h), rocblas_status_success);
        assert_eq!(
            rocblas_set_device_memory_size(h, 1),
            rocblas_status_invalid_handle,
            "destroyed handle"
        );
    }
}
