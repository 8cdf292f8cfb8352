//! Every call a ferrocm library (BLAS, FFT, RAND...) makes into the HIP runtime, in one place.
//!
//! Library work is ordered on the handle's `hipStream_t` like a kernel. Which HIP runtime
//! owns that stream depends on how the BLAS core was linked:
//!
//! * **Process**: a C program (or Python through ctypes) uses `librocblas.so` /
//!   `libhipblas.so` next to ferrocm's `libamdhip64.so`. Each cdylib carries its own
//!   statically linked copy of the runtime crate, whose tables know none of the program's
//!   streams, so the runtime of the process is reached through its exported C entry points
//!   (`hipLaunchHostFunc`, `hipStreamSynchronize`, ...), found with `dlsym` the way
//!   `libhiprtc.so` finds `ferrocm_current_platform`. ferrocm's runtime is recognised by
//!   that extension symbol.
//! * **Linked**: a Rust program (and this crate's tests) use the `ferrocm-hip` crate
//!   directly; no `libamdhip64.so` is in the process and the linked crate is the runtime.
//!
//! The choice is made once, on first use. On the CPU platform device memory is host
//! memory, and work runs as a host function on the stream's queue. On NVIDIA a
//! `hipStream_t` is a `CUstream`, device pointers are `CUdeviceptr`s, and the vendor
//! library must run on the device's primary context ([`bind_device_context`]).

use std::ffi::{c_int, c_void, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, OnceLock};

/// A failure of the HIP runtime underneath a library call.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BridgeError {
    /// An argument the runtime cannot take (a device index out of range).
    #[error("invalid value")]
    InvalidValue,
    /// The runtime refused a call the library made for the user.
    #[error("{0}")]
    Runtime(String),
}

/// Result of a bridge call.
pub type BridgeResult<T> = Result<T, BridgeError>;

/// The platform the HIP runtime of this process drives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Platform {
    /// ferrocm's CPU platform: device pointers are host pointers.
    Cpu,
    /// NVIDIA GPUs through the CUDA driver.
    Nvidia,
}

/// Work enqueued on a stream. `Fn` (not `FnOnce`) so that a stream capture can replay it
/// from a graph.
pub type Work = Arc<dyn Fn() + Send + Sync>;

/// `hipStream_t` as an integer (`0`: the null stream).
pub type StreamHandle = u64;

/// The runtime's C entry points used here (`hipError_t` results; 0 is success).
struct ProcessApi {
    current_platform: extern "C" fn() -> c_int,
    get_device: unsafe extern "C" fn(*mut c_int) -> c_int,
    set_device: unsafe extern "C" fn(c_int) -> c_int,
    launch_host_func: unsafe extern "C" fn(
        *mut c_void,
        Option<unsafe extern "C" fn(*mut c_void)>,
        *mut c_void,
    ) -> c_int,
    stream_synchronize: unsafe extern "C" fn(*mut c_void) -> c_int,
    stream_is_capturing: Option<unsafe extern "C" fn(*mut c_void, *mut c_int) -> c_int>,
    /// `hipMemGetAddressRange(&base, &size, ptr)`.
    address_range: Option<unsafe extern "C" fn(*mut *mut c_void, *mut usize, *mut c_void) -> c_int>,
}

enum Runtime {
    Process(ProcessApi),
    Linked,
}

fn runtime() -> &'static Runtime {
    static RUNTIME: OnceLock<Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| ProcessApi::find().map_or(Runtime::Linked, Runtime::Process))
}

/// Looks `name` up in the process (`RTLD_DEFAULT`), then in an already loaded
/// `libamdhip64.so` (opened `RTLD_LOCAL` by someone else).
fn runtime_symbol(name: &CStr) -> Option<*mut c_void> {
    // SAFETY: dlsym with RTLD_DEFAULT and a NUL-terminated name only looks the symbol up.
    let p = unsafe { libc::dlsym(libc::RTLD_DEFAULT, name.as_ptr()) };
    if !p.is_null() {
        return Some(p);
    }
    static LOADED: OnceLock<usize> = OnceLock::new();
    let handle = *LOADED.get_or_init(|| {
        // SAFETY: RTLD_NOLOAD never loads anything: it returns the library if it is
        // already in the process (and keeps it loaded: the handle is never closed).
        let h = unsafe {
            libc::dlopen(
                c"libamdhip64.so".as_ptr(),
                libc::RTLD_NOLOAD | libc::RTLD_LAZY,
            )
        };
        h as usize
    });
    if handle == 0 {
        return None;
    }
    // SAFETY: a live handle (never closed) and a NUL-terminated name.
    let p = unsafe { libc::dlsym(handle as *mut c_void, name.as_ptr()) };
    (!p.is_null()).then_some(p)
}

impl ProcessApi {
    fn find() -> Option<ProcessApi> {
        let platform = runtime_symbol(c"ferrocm_current_platform")?;
        let get_device = runtime_symbol(c"hipGetDevice")?;
        let set_device = runtime_symbol(c"hipSetDevice")?;
        let launch = runtime_symbol(c"hipLaunchHostFunc")?;
        let sync = runtime_symbol(c"hipStreamSynchronize")?;
        let capturing = runtime_symbol(c"hipStreamIsCapturing");
        let range = runtime_symbol(c"hipMemGetAddressRange");
        // SAFETY: these are ferrocm libamdhip64's entry points with the C signatures of
        // HIP's header (hipError_t and enums are C ints; hipStream_t is a pointer); the
        // library stays loaded for the life of the process.
        unsafe {
            Some(ProcessApi {
                current_platform: std::mem::transmute::<*mut c_void, extern "C" fn() -> c_int>(
                    platform,
                ),
                get_device: std::mem::transmute::<
                    *mut c_void,
                    unsafe extern "C" fn(*mut c_int) -> c_int,
                >(get_device),
                set_device: std::mem::transmute::<*mut c_void, unsafe extern "C" fn(c_int) -> c_int>(
                    set_device,
                ),
                launch_host_func: std::mem::transmute::<
                    *mut c_void,
                    unsafe extern "C" fn(
                        *mut c_void,
                        Option<unsafe extern "C" fn(*mut c_void)>,
                        *mut c_void,
                    ) -> c_int,
                >(launch),
                stream_synchronize: std::mem::transmute::<
                    *mut c_void,
                    unsafe extern "C" fn(*mut c_void) -> c_int,
                >(sync),
                stream_is_capturing: capturing.map(|p| {
                    std::mem::transmute::<
                        *mut c_void,
                        unsafe extern "C" fn(*mut c_void, *mut c_int) -> c_int,
                    >(p)
                }),
                address_range: range.map(|p| {
                    std::mem::transmute::<
                        *mut c_void,
                        unsafe extern "C" fn(*mut *mut c_void, *mut usize, *mut c_void) -> c_int,
                    >(p)
                }),
            })
        }
    }
}

fn hip_failure(what: &str, code: c_int) -> BridgeError {
    BridgeError::Runtime(format!("{what} failed with hipError_t {code}"))
}

fn linked_failure(what: &str, e: hip::HipError) -> BridgeError {
    BridgeError::Runtime(format!("{what}: {e}"))
}

/// The platform of this process's HIP runtime.
pub fn platform() -> Platform {
    let code = match runtime() {
        Runtime::Process(api) => (api.current_platform)(),
        Runtime::Linked => hip::platform::current() as c_int,
    };
    if code == hip::platform::Platform::Nvidia as c_int {
        Platform::Nvidia
    } else {
        Platform::Cpu
    }
}

/// The calling thread's current HIP device.
pub fn current_device() -> BridgeResult<usize> {
    match runtime() {
        Runtime::Process(api) => {
            let mut dev: c_int = 0;
            // SAFETY: out-parameter on the stack.
            let rc = unsafe { (api.get_device)(&mut dev) };
            if rc != 0 {
                return Err(hip_failure("hipGetDevice", rc));
            }
            usize::try_from(dev).map_err(|_| BridgeError::Runtime("negative device".into()))
        }
        Runtime::Linked => match hip::platform::current() {
            hip::platform::Platform::Nvidia => hip::platform::nvidia::current_device()
                .map_err(|e| linked_failure("hipGetDevice", e)),
            hip::platform::Platform::Cpu => hip::Runtime::get()
                .and_then(|rt| rt.current_device())
                .map_err(|e| linked_failure("hipGetDevice", e)),
        },
    }
}

/// Whether the runtime has a usable device (`hipErrorNoDevice` otherwise): NVIDIA
/// without a driver or GPU has none.
pub fn has_device() -> bool {
    current_device().is_ok()
}

/// Makes `device`'s primary context current on the calling thread (NVIDIA), as cuBLAS
/// requires; the runtime's own `hipSetDevice` does it, so the runtime's record of the
/// thread's context stays right.
pub fn bind_device_context(device: usize) -> BridgeResult<()> {
    match runtime() {
        Runtime::Process(api) => {
            let dev = c_int::try_from(device).map_err(|_| BridgeError::InvalidValue)?;
            // SAFETY: plain C call.
            let rc = unsafe { (api.set_device)(dev) };
            if rc != 0 {
                return Err(hip_failure("hipSetDevice", rc));
            }
            Ok(())
        }
        Runtime::Linked => hip::platform::nvidia::make_current(device)
            .map(|_| ())
            .map_err(|e| linked_failure("make_current", e)),
    }
}

/// Enqueues `work` on `stream` (CPU platform): it runs on the stream's queue after the
/// work enqueued before it and before the work enqueued after it.
pub fn enqueue(stream: StreamHandle, work: Work) -> BridgeResult<()> {
    match runtime() {
        Runtime::Process(api) => enqueue_process(api, stream, work),
        Runtime::Linked => {
            let s = hip::stream::resolve(stream).map_err(|e| linked_failure("stream", e))?;
            s.host_fn_shared(Arc::new(move || run_contained(&*work)))
                .map_err(|e| linked_failure("enqueue", e))
        }
    }
}

/// Runs enqueued work; a panic (a bug) must not unwind into the runtime's queue thread.
fn run_contained(work: &(dyn Fn() + Send + Sync)) {
    if catch_unwind(AssertUnwindSafe(work)).is_err() {
        eprintln!("ferrocm: enqueued library work panicked; its results are undefined");
    }
}

/// Host function that runs its work once and frees it.
unsafe extern "C" fn run_once(user_data: *mut c_void) {
    // SAFETY: `user_data` is the `Box<Work>` leaked by `enqueue_process`, run once.
    let work = unsafe { Box::from_raw(user_data as *mut Work) };
    run_contained(&**work);
}

/// Host function recorded by a stream capture: a graph may run it any number of times,
/// so its work is never freed (one small leak per captured BLAS call).
unsafe extern "C" fn run_kept(user_data: *mut c_void) {
    // SAFETY: `user_data` is a `Box<Work>` leaked for the life of the process.
    let work = unsafe { &*(user_data as *const Work) };
    run_contained(&**work);
}

fn enqueue_process(api: &ProcessApi, stream: StreamHandle, work: Work) -> BridgeResult<()> {
    let s = stream as usize as *mut c_void;
    let capturing = api.stream_is_capturing.is_some_and(|f| {
        let mut status: c_int = 0;
        // SAFETY: plain C call with an out-parameter on the stack; status 1 is
        // hipStreamCaptureStatusActive.
        unsafe { f(s, &mut status) == 0 && status == 1 }
    });
    let user_data = Box::into_raw(Box::new(work)) as *mut c_void;
    let f: unsafe extern "C" fn(*mut c_void) = if capturing { run_kept } else { run_once };
    // SAFETY: the stream handle is the program's; `f` and `user_data` follow
    // hipHostFn_t's contract.
    let rc = unsafe { (api.launch_host_func)(s, Some(f), user_data) };
    if rc != 0 {
        // SAFETY: not enqueued, so still ours.
        drop(unsafe { Box::from_raw(user_data as *mut Work) });
        return Err(hip_failure("hipLaunchHostFunc", rc));
    }
    Ok(())
}

/// Checks that `bytes` of memory at `ptr` can be read or written by the library's work:
/// inside one live allocation of the HIP runtime, or (memory the runtime does not know,
/// such as ordinary host memory, which is device memory on the CPU platform) mapped in
/// this process. A garbage pointer or a size past the end of the buffer is then
/// `InvalidValue` up front, instead of a fault when the queued work runs. Costs a table
/// lookup (and, for unknown memory, one `mincore`).
pub fn check_memory(ptr: *const c_void, bytes: usize) -> BridgeResult<()> {
    if bytes == 0 {
        return Ok(());
    }
    let start = ptr as usize;
    let end = start.checked_add(bytes).ok_or(BridgeError::InvalidValue)?;
    if !ferrocm_cabi::plausible(start) || !ferrocm_cabi::plausible(end) {
        return Err(BridgeError::InvalidValue);
    }
    let range = match runtime() {
        Runtime::Process(api) => api.address_range.and_then(|f| {
            let (mut base, mut size) = (std::ptr::null_mut(), 0usize);
            // SAFETY: two local out-pointers; the runtime only looks `ptr` up.
            let rc = unsafe { f(&mut base, &mut size, ptr as *mut c_void) };
            (rc == 0).then_some((base as usize, size))
        }),
        Runtime::Linked => hip::backend().allocation_range(ptr as *mut c_void).ok(),
    };
    let inside = match range {
        Some((base, size)) => base.checked_add(size).is_some_and(|e| end <= e),
        None => ferrocm_cabi::mapped(start, end),
    };
    inside.then_some(()).ok_or(BridgeError::InvalidValue)
}

/// Waits until everything enqueued on `stream` so far has completed.
pub fn synchronize(stream: StreamHandle) -> BridgeResult<()> {
    match runtime() {
        Runtime::Process(api) => {
            // SAFETY: the stream handle is the program's.
            let rc = unsafe { (api.stream_synchronize)(stream as usize as *mut c_void) };
            if rc != 0 {
                return Err(hip_failure("hipStreamSynchronize", rc));
            }
            Ok(())
        }
        Runtime::Linked => hip::stream::resolve(stream)
            .and_then(|s| s.synchronize())
            .map_err(|e| linked_failure("hipStreamSynchronize", e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn work_runs_in_stream_order_and_synchronize_waits() {
        if platform() != Platform::Cpu {
            eprintln!("skipped: the CPU platform is not in use");
            return;
        }
        let seen = Arc::new(parking_lot::Mutex::new(Vec::new()));
        for i in 0..8 {
            let seen = Arc::clone(&seen);
            enqueue(0, Arc::new(move || seen.lock().push(i))).expect("enqueue");
        }
        synchronize(0).expect("synchronize");
        assert_eq!(*seen.lock(), (0..8).collect::<Vec<_>>());
    }

    #[test]
    fn a_panicking_work_does_not_stop_the_stream() {
        if platform() != Platform::Cpu {
            eprintln!("skipped: the CPU platform is not in use");
            return;
        }
        let ran = Arc::new(AtomicUsize::new(0));
        enqueue(0, Arc::new(|| panic!("bug"))).expect("enqueue");
        let r = Arc::clone(&ran);
        enqueue(
            0,
            Arc::new(move || {
                r.fetch_add(1, Ordering::SeqCst);
            }),
        )
        .expect("enqueue");
        synchronize(0).expect("synchronize");
        assert_eq!(ran.load(Ordering::SeqCst), 1);
    }
}
