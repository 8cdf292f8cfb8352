//! The entry points on the NVIDIA platform (`HIP_PLATFORM=nvidia`), in a child process (the
//! platform is chosen once per process). Without a usable CUDA driver or GPU every call
//! that needs a device reports `hipErrorNoDevice` and nothing crashes; with one, a few
//! round trips run on it (allocation, copies, fills, streams, events, capture and graphs).

use std::ffi::{c_int, c_void};
use std::process::Command;
use std::ptr::null_mut;

use amdhip64::exports::*;
use amdhip64::graph::{ExecT, GraphT, NodeT};
use amdhip64::stream::{EventT, StreamT};

const SUCCESS: u32 = 0;
const INVALID_VALUE: u32 = 1;
const NO_DEVICE: u32 = 100;
const INVALID_DEVICE: u32 = 101;

const CHILD: &str = "FERROCM_NVIDIA_PLATFORM_CHILD";

#[test]
fn nvidia_platform_entry_points() {
    if std::env::var_os(CHILD).is_some() {
        child();
        return;
    }
    let exe = std::env::current_exe().expect("test executable");
    let out = Command::new(exe)
        .args(["--exact", "nvidia_platform_entry_points", "--nocapture"])
        .env(CHILD, "1")
        .env("HIP_PLATFORM", "nvidia")
        .output()
        .expect("child runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    print!("{stdout}");
    assert!(
        out.status.success(),
        "child failed ({:?}):\n{stdout}\n{stderr}",
        out.status
    );
    assert!(
        stdout.contains("nvidia child: ok"),
        "child did not finish:\n{stdout}\n{stderr}"
    );
}

fn child() {
    assert_eq!(
        hip::platform::current(),
        hip::platform::Platform::Nvidia,
        "HIP_PLATFORM=nvidia selects the NVIDIA platform"
    );
    let gpus = hip::platform::nvidia::device_count();
    if gpus == 0 {
        without_gpu();
    } else {
        with_gpu(gpus);
    }
    println!("nvidia child: ok ({gpus} device(s))");
}

/// No driver or no GPU: `hipErrorNoDevice` everywhere a device is needed.
fn without_gpu() {
    // SAFETY: every pointer passed is valid for its use (locals, live allocations and
    // handles the calls created); zeroed storage is a valid hipDeviceProp_t.
    unsafe {
        println!("nvidia child: no NVIDIA device; checking hipErrorNoDevice");
        let mut n: c_int = -1;
        assert_eq!(hipGetDeviceCount(&mut n), NO_DEVICE);
        assert_eq!(n, 0);
        assert_eq!(hipInit(0), NO_DEVICE);
        assert_eq!(hipSetDevice(0), NO_DEVICE);
        let mut d: c_int = -1;
        assert_eq!(hipGetDevice(&mut d), NO_DEVICE);
        assert_eq!(hipDeviceGet(&mut d, 0), NO_DEVICE);
        let (mut major, mut minor) = (0, 0);
        assert_eq!(
            hipDeviceComputeCapability(&mut major, &mut minor, 0),
            NO_DEVICE
        );
        let mut v: c_int = 0;
        assert_eq!(hipDeviceGetAttribute(&mut v, 87, 0), NO_DEVICE);
        let mut prop: hip::device_prop::DeviceProp = std::mem::zeroed();
        assert_eq!(hipGetDeviceProperties(&mut prop, 0), NO_DEVICE);
        let mut p: *mut c_void = null_mut();
        assert_eq!(hipMalloc(&mut p, 64), NO_DEVICE);
        assert_eq!(hipHostMalloc(&mut p, 64, 0), NO_DEVICE);
        let (mut a, mut b) = ([0u8; 8], [0u8; 8]);
        assert_eq!(
            hipMemcpy(a.as_mut_ptr().cast(), b.as_mut_ptr().cast(), 8, 4),
            NO_DEVICE
        );
        assert_eq!(hipFree(null_mut()), NO_DEVICE);
        let mut s: StreamT = null_mut();
        assert_eq!(hipStreamCreate(&mut s), NO_DEVICE);
        assert_eq!(hipStreamSynchronize(null_mut()), NO_DEVICE);
        let mut e: EventT = null_mut();
        assert_eq!(hipEventCreate(&mut e), NO_DEVICE);
        assert_eq!(hipDeviceSynchronize(), NO_DEVICE);
        assert_eq!(hipDeviceReset(), NO_DEVICE);
        let (mut free, mut total) = (0usize, 0usize);
        assert_eq!(hipMemGetInfo(&mut free, &mut total), NO_DEVICE);
        let mut m: *mut c_void = null_mut();
        assert_eq!(hipModuleLoad(&mut m, c"/nonexistent".as_ptr()), NO_DEVICE);
        let dummy = 0u8;
        assert_eq!(
            hipLaunchKernel(
                (&dummy as *const u8).cast(),
                amdhip64::entry::Dim3 { x: 1, y: 1, z: 1 },
                amdhip64::entry::Dim3 { x: 1, y: 1, z: 1 },
                null_mut(),
                0,
                null_mut(),
            ),
            NO_DEVICE
        );
        let mut g: GraphT = null_mut();
        assert_eq!(hipGraphCreate(&mut g, 0), NO_DEVICE);
        // Graph calls check their handles first: an unknown graph is hipErrorInvalidValue,
        // recorded as the last error.
        let mut node: NodeT = null_mut();
        assert_eq!(
            hipGraphAddEmptyNode(&mut node, null_mut(), null_mut(), 0),
            INVALID_VALUE
        );
        assert_eq!(hipGetLastError(), INVALID_VALUE);
        assert_eq!(hipGetLastError(), SUCCESS);
        // Argument checks still come first.
        assert_eq!(hipGetDeviceCount(std::ptr::null_mut()), INVALID_VALUE);
        let mut version: c_int = -1;
        assert_eq!(hipDriverGetVersion(&mut version), SUCCESS);
        assert_eq!(version, 0, "no driver: version 0, as CUDA reports it");
    }
}

/// A GPU: a few round trips through the driver.
fn with_gpu(gpus: usize) {
    // SAFETY: every pointer passed is valid for its use (locals, live allocations and
    // handles the calls created); zeroed storage is a valid hipDeviceProp_t.
    unsafe {
        println!("nvidia child: {gpus} NVIDIA device(s); running round trips");
        let mut n: c_int = -1;
        assert_eq!(hipGetDeviceCount(&mut n), SUCCESS);
        assert_eq!(n as usize, gpus);
        assert_eq!(hipSetDevice(n), INVALID_DEVICE);
        assert_eq!(hipSetDevice(0), SUCCESS);
        let mut d: c_int = -1;
        assert_eq!(hipGetDevice(&mut d), SUCCESS);
        assert_eq!(d, 0);
        let mut prop: hip::device_prop::DeviceProp = std::mem::zeroed();
        assert_eq!(hipGetDeviceProperties(&mut prop, 0), SUCCESS);
        assert_eq!(prop.warp_size, 32);
        assert!(prop.gcn_arch_name.starts_with(b"sm_"));
        let (mut major, mut minor) = (0, 0);
        assert_eq!(
            hipDeviceComputeCapability(&mut major, &mut minor, 0),
            SUCCESS
        );
        assert_eq!((major, minor), (prop.major, prop.minor));
        let mut ws: c_int = 0;
        assert_eq!(hipDeviceGetAttribute(&mut ws, 87, 0), SUCCESS);
        assert_eq!(ws, 32);

        // Allocation, fill, copies, stream, events.
        const N: usize = 1 << 20;
        let mut p: *mut c_void = null_mut();
        assert_eq!(hipMalloc(&mut p, N), SUCCESS);
        assert_eq!(hipMemset(p, 0x5a, N), SUCCESS);
        let mut host = vec![0u8; N];
        assert_eq!(hipMemcpy(host.as_mut_ptr().cast(), p, N, 2), SUCCESS);
        assert!(host.iter().all(|&b| b == 0x5a));
        let mut s: StreamT = null_mut();
        assert_eq!(hipStreamCreate(&mut s), SUCCESS);
        let (mut e0, mut e1): (EventT, EventT) = (null_mut(), null_mut());
        assert_eq!(hipEventCreate(&mut e0), SUCCESS);
        assert_eq!(hipEventCreate(&mut e1), SUCCESS);
        assert_eq!(hipEventRecord(e0, s), SUCCESS);
        let src: Vec<u8> = (0..N).map(|i| i as u8).collect();
        assert_eq!(hipMemcpyAsync(p, src.as_ptr().cast(), N, 1, s), SUCCESS);
        assert_eq!(
            hipMemcpyAsync(host.as_mut_ptr().cast(), p, N, 2, s),
            SUCCESS
        );
        assert_eq!(hipEventRecord(e1, s), SUCCESS);
        assert_eq!(hipStreamSynchronize(s), SUCCESS);
        assert_eq!(host, src);
        let mut ms = -1f32;
        assert_eq!(hipEventElapsedTime(&mut ms, e0, e1), SUCCESS);
        assert!(ms >= 0.0);

        // Capture a fill into a graph, then launch it.
        assert_eq!(hipStreamBeginCapture(s, 0), SUCCESS);
        assert_eq!(hipMemsetAsync(p, 7, N, s), SUCCESS);
        let mut g: GraphT = null_mut();
        assert_eq!(hipStreamEndCapture(s, &mut g), SUCCESS);
        let mut exec: ExecT = null_mut();
        assert_eq!(
            hipGraphInstantiate(&mut exec, g, null_mut(), null_mut(), 0),
            SUCCESS
        );
        assert_eq!(hipGraphLaunch(exec, s), SUCCESS);
        assert_eq!(hipStreamSynchronize(s), SUCCESS);
        assert_eq!(hipMemcpy(host.as_mut_ptr().cast(), p, N, 2), SUCCESS);
        assert!(host.iter().all(|&b| b == 7));
        assert_eq!(hipGraphExecDestroy(exec), SUCCESS);
        assert_eq!(hipGraphDestroy(g), SUCCESS);

        assert_eq!(hipEventDestroy(e0), SUCCESS);
        assert_eq!(hipEventDestroy(e1), SUCCESS);
        assert_eq!(hipStreamDestroy(s), SUCCESS);
        assert_eq!(hipFree(p), SUCCESS);

        // Reset: memory from before is gone, the device works again.
        assert_eq!(hipMalloc(&mut p, 256), SUCCESS);
        assert_eq!(hipDeviceReset(), SUCCESS);
        let mut q: *mut c_void = null_mut();
        assert_eq!(hipMalloc(&mut q, 256), SUCCESS);
        assert_eq!(hipMemset(q, 1, 256), SUCCESS);
        assert_eq!(hipDeviceSynchronize(), SUCCESS);
        assert_eq!(hipFree(q), SUCCESS);
    }
}
