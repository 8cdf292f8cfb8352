//! The NVIDIA platform: HIP as a thin layer over the CUDA driver API (the role ROCm's
//! hipother plays), with no cudart.
//!
//! * The driver (`libcuda.so.1`) is loaded at run time through cudarc's `sys` level
//!   (dynamic loading, symbols resolved lazily one by one), so building and CI need no
//!   CUDA. Without a usable driver or GPU the platform has zero devices and every call
//!   returns `hipErrorNoDevice`; nothing panics ([`driver`]).
//! * Handles are the driver's own: device pointers are `CUdeviceptr`s, streams `CUstream`s
//!   (the null stream is the legacy default stream; `hipStreamPerThread` is
//!   `CU_STREAM_PER_THREAD`), events `CUevent`s, modules `CUmodule`s, functions
//!   `CUfunction`s.
//! * Each device's primary context is retained once and made current on the calling
//!   thread only when the thread's cached context differs ([`context`]): a launch is
//!   `cuLaunchKernel` after a thread-local compare, with no lock or event on the way.
//! * Every function mirrors one HIP C entry point's semantics, with Rust types
//!   (`Result<T, HipError>`, HIP's codes from [`map_error`]), so that a C entry point is one
//!   call. `dev` arguments are ordinals among the driver's devices (0..[`device_count`]).

mod activity;
mod backend;
pub mod context;
pub mod device;
pub mod driver;
pub mod event;
pub mod graph;
mod handles;
pub mod launch;
pub mod memory;
pub mod memory3d;
pub mod mempool;
pub mod module;
pub mod registry;
pub mod stream;
pub mod texture;

/// The CUDA driver API bindings (cudarc's `sys` level) the handles and enums come from.
pub use cudarc::driver::sys as cu;

pub use backend::{live_event, live_stream, ordinal, Nvidia};
pub use context::{current_device, forget_current, make_current, set_current_device};
pub use driver::{check, map_error, Driver};
pub use stream::{LEGACY_STREAM, NULL_STREAM, PER_THREAD_STREAM};

/// A device pointer (`hipDeviceptr_t` on NVIDIA).
pub type DevicePtr = cu::CUdeviceptr;
/// A stream (`hipStream_t` on NVIDIA).
pub type Stream = cu::CUstream;
/// An event (`hipEvent_t` on NVIDIA).
pub type Event = cu::CUevent;
/// A module (`hipModule_t` on NVIDIA).
pub type Module = cu::CUmodule;
/// A function (`hipFunction_t` on NVIDIA).
pub type Function = cu::CUfunction;

/// Whether a usable CUDA driver is present (loads and initialises it on first call).
pub fn is_available() -> bool {
    Driver::get().is_some()
}

/// Number of NVIDIA devices: 0 without a usable driver or GPU.
pub fn device_count() -> usize {
    device::count()
}
