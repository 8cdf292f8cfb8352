//! The C types of HIP's API under their C names, for the declaration list in
//! [`crate::exports`]: opaque handles are pointers, enums are `int`, and the structures
//! passed by value have HIP's layout. Structures passed by pointer that the runtime reads or
//! writes have their own modules (`props`, `memory3d`, `graph`, `mempool`...).
#![allow(non_camel_case_types)]

use std::ffi::{c_int, c_void};

pub use crate::entry::{Dim3, HipErrorT as hipError_t};
pub use crate::memory3d::{HipExtent, HipPitchedPtr};
pub use hip::device_prop::DeviceProp;

pub type hipStream_t = *mut c_void;
pub type hipEvent_t = *mut c_void;
pub type hipCtx_t = *mut c_void;
pub type hipModule_t = *mut c_void;
pub type hipFunction_t = *mut c_void;
pub type hipMemPool_t = *mut c_void;
pub type hipGraph_t = *mut c_void;
pub type hipGraphNode_t = *mut c_void;
pub type hipGraphExec_t = *mut c_void;
pub type hipArray_t = *mut c_void;
pub type hipArray_const_t = *const c_void;
pub type hipMipmappedArray_t = *mut c_void;
pub type hipMipmappedArray_const_t = *const c_void;
pub type hipDeviceptr_t = *mut c_void;
pub type hipTextureObject_t = *mut c_void;
pub type hipSurfaceObject_t = *mut c_void;
pub type hipExternalMemory_t = *mut c_void;
pub type hipExternalSemaphore_t = *mut c_void;
pub type hipGraphicsResource_t = *mut c_void;
pub type hipUserObject_t = *mut c_void;
pub type hipMemGenericAllocationHandle_t = *mut c_void;
/// `void (*)(void*)`, possibly NULL.
pub type hipHostFn_t = Option<unsafe extern "C" fn(*mut c_void)>;
/// `void (*)(hipStream_t, hipError_t, void*)`, possibly NULL.
pub type hipStreamCallback_t = Option<unsafe extern "C" fn(hipStream_t, hipError_t, *mut c_void)>;
/// `hipDriverProcAddressQueryResult`
pub type hipDriverProcAddressQueryResult = c_int;

/// `HIP_IPC_HANDLE_SIZE`
pub const HIP_IPC_HANDLE_SIZE: usize = 64;

/// `hipIpcMemHandle_t` (passed by value).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct hipIpcMemHandle_t {
    pub reserved: [u8; HIP_IPC_HANDLE_SIZE],
}

/// `hipIpcEventHandle_t` (passed by value).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct hipIpcEventHandle_t {
    pub reserved: [u8; HIP_IPC_HANDLE_SIZE],
}

/// `hipChannelFormatDesc` (returned by value from `hipCreateChannelDesc`).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct hipChannelFormatDesc {
    pub x: c_int,
    pub y: c_int,
    pub z: c_int,
    pub w: c_int,
    /// `hipChannelFormatKind`
    pub f: c_int,
}
