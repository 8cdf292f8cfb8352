//! Loading the CUDA driver (`libcuda.so.1`) once, at run time, and translating its status
//! codes into HIP's.
//!
//! The library is loaded and initialised by the shared loader (`ferrocm-cuda`, never a
//! panic); [`Driver::get`] then checks that every entry point this platform calls is
//! exported. Any failure (no library, a stub library, a driver too old) means "zero NVIDIA
//! devices": [`Driver::get`] returns `None`. The probe also runs under `catch_unwind` as a
//! last line of defence.

use std::ffi::c_int;
use std::panic::catch_unwind;
use std::sync::OnceLock;

use super::context::DeviceSlot;
use super::cu;
use crate::error::{HipError, HipResult};

/// Driver entry points every function of this platform may call. A driver that lacks any
/// of them is treated as absent (no panic later on a missing symbol). The names are the
/// exact symbols cudarc's `sys` wrappers resolve.
const REQUIRED_SYMBOLS: &[&str] = &[
    "cuInit",
    "cuDriverGetVersion",
    "cuDeviceGetCount",
    "cuDeviceGet",
    "cuDeviceGetAttribute",
    "cuDeviceGetName",
    "cuDeviceTotalMem_v2",
    "cuDeviceGetUuid_v2",
    "cuDeviceCanAccessPeer",
    "cuDevicePrimaryCtxRetain",
    "cuDevicePrimaryCtxGetState",
    "cuDevicePrimaryCtxSetFlags_v2",
    "cuCtxSetCurrent",
    "cuCtxSynchronize",
    "cuCtxGetLimit",
    "cuCtxSetLimit",
    "cuCtxGetStreamPriorityRange",
    "cuCtxGetCacheConfig",
    "cuCtxSetCacheConfig",
    "cuCtxEnablePeerAccess",
    "cuCtxDisablePeerAccess",
    "cuMemGetInfo_v2",
    "cuMemAlloc_v2",
    "cuMemFree_v2",
    "cuMemAllocPitch_v2",
    "cuMemAllocManaged",
    "cuMemHostAlloc",
    "cuMemFreeHost",
    "cuMemHostRegister_v2",
    "cuMemHostUnregister",
    "cuMemHostGetDevicePointer_v2",
    "cuMemHostGetFlags",
    "cuMemGetAddressRange_v2",
    "cuPointerGetAttributes",
    "cuMemcpy",
    "cuMemcpyAsync",
    "cuMemcpyHtoD_v2",
    "cuMemcpyHtoDAsync_v2",
    "cuMemcpyDtoH_v2",
    "cuMemcpyDtoHAsync_v2",
    "cuMemcpyDtoD_v2",
    "cuMemcpyDtoDAsync_v2",
    "cuMemcpy2D_v2",
    "cuMemcpy2DAsync_v2",
    "cuMemsetD8_v2",
    "cuMemsetD8Async",
    "cuMemsetD16_v2",
    "cuMemsetD16Async",
    "cuMemsetD32_v2",
    "cuMemsetD32Async",
    "cuMemsetD2D8_v2",
    "cuMemsetD2D8Async",
    "cuStreamCreateWithPriority",
    "cuStreamDestroy_v2",
    "cuStreamSynchronize",
    "cuStreamQuery",
    "cuStreamWaitEvent",
    "cuStreamGetFlags",
    "cuStreamGetPriority",
    "cuStreamGetCtx",
    "cuLaunchHostFunc",
    "cuEventCreate",
    "cuEventRecord",
    "cuEventRecordWithFlags",
    "cuEventSynchronize",
    "cuEventQuery",
    "cuEventDestroy_v2",
    "cuModuleLoad",
    "cuModuleLoadData",
    "cuModuleLoadDataEx",
    "cuModuleGetFunction",
    "cuModuleGetGlobal_v2",
    "cuModuleUnload",
    "cuFuncGetAttribute",
    "cuFuncSetAttribute",
    "cuFuncSetCacheConfig",
    "cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags",
    "cuOccupancyMaxPotentialBlockSizeWithFlags",
    "cuLaunchKernel",
    "cuLaunchCooperativeKernel",
    "cuDevicePrimaryCtxReset_v2",
    "cuMemsetD2D16_v2",
    "cuMemsetD2D16Async",
    "cuMemsetD2D32_v2",
    "cuMemsetD2D32Async",
    "cuMemcpy3D_v2",
    "cuMemcpy3DAsync_v2",
    "cuMemAllocAsync",
    "cuMemFreeAsync",
    "cuMemAllocFromPoolAsync",
    "cuMemPoolCreate",
    "cuMemPoolDestroy",
    "cuMemPoolTrimTo",
    "cuMemPoolSetAttribute",
    "cuMemPoolGetAttribute",
    "cuMemPoolSetAccess",
    "cuMemPoolGetAccess",
    "cuDeviceGetDefaultMemPool",
    "cuDeviceGetMemPool",
    "cuDeviceSetMemPool",
    "cuStreamBeginCapture_v2",
    "cuStreamEndCapture",
    "cuStreamIsCapturing",
    "cuThreadExchangeStreamCaptureMode",
    "cuGraphCreate",
    "cuGraphDestroy",
    "cuGraphInstantiateWithFlags",
    "cuGraphLaunch",
    "cuGraphUpload",
    "cuGraphExecDestroy",
];

/// `cuEventElapsedTime` (v1 and v2 share this signature).
type ElapsedTimeFn = unsafe extern "C" fn(*mut f32, cu::CUevent, cu::CUevent) -> cu::CUresult;

/// The loaded and initialised CUDA driver: its version, its devices, and which optional
/// (newer) entry points it has.
pub struct Driver {
    version: i32,
    pub(crate) devices: Vec<DeviceSlot>,
    /// `cuEventElapsedTime_v2` (CUDA 12.8+), else the v1 entry point.
    elapsed_time: ElapsedTimeFn,
    /// `cuMemPrefetchAsync_v2` and `cuMemAdvise_v2` (CUDA 12.2+).
    has_mem_location_hints: bool,
}

impl std::fmt::Debug for Driver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Driver")
            .field("version", &self.version)
            .field("devices", &self.devices.len())
            .field("has_mem_location_hints", &self.has_mem_location_hints)
            .finish()
    }
}

static DRIVER: OnceLock<Option<Driver>> = OnceLock::new();

impl Driver {
    /// The CUDA driver, loaded and initialised on first use; `None` when there is no usable
    /// driver (no `libcuda`, a stub library, missing entry points, `cuInit` failing, or no
    /// device). Never panics. After the first call this is one atomic load.
    #[inline]
    pub fn get() -> Option<&'static Driver> {
        DRIVER
            .get_or_init(|| catch_unwind(Driver::load).ok().flatten())
            .as_ref()
    }

    /// [`Driver::get`], with `hipErrorNoDevice` when there is no driver.
    #[inline]
    pub fn require() -> HipResult<&'static Driver> {
        Driver::get().ok_or(HipError::NoDevice)
    }

    fn load() -> Option<Driver> {
        let loaded = cuda::driver()?;
        if !loaded.has_all(REQUIRED_SYMBOLS) {
            return None;
        }
        let elapsed_time: ElapsedTimeFn = if loaded.has("cuEventElapsedTime_v2") {
            elapsed_time_v2
        } else {
            // SAFETY: `cuEventElapsedTime` has exactly the `ElapsedTimeFn` signature in
            // every CUDA version.
            unsafe { loaded.function::<ElapsedTimeFn>("cuEventElapsedTime")? }
        };
        let has_mem_location_hints =
            loaded.has("cuMemPrefetchAsync_v2") && loaded.has("cuMemAdvise_v2");
        // `HIP_VISIBLE_DEVICES` selects among the devices the driver exposes (which already
        // honours `CUDA_VISIBLE_DEVICES`).
        let visible = ::platform::hip_visible_devices(loaded.device_count());
        let mut devices = Vec::with_capacity(visible.len());
        for ordinal in visible {
            let mut device = 0;
            // SAFETY: a required entry point of the initialised driver; `ordinal` is in range.
            check(unsafe { cu::cuDeviceGet(&mut device, ordinal as c_int) }).ok()?;
            devices.push(DeviceSlot::new(device));
        }
        Some(Driver {
            version: loaded.version(),
            devices,
            elapsed_time,
            has_mem_location_hints,
        })
    }

    /// `cuDriverGetVersion`: e.g. 13000 for CUDA 13.0.
    pub fn version(&self) -> i32 {
        self.version
    }

    /// Number of CUDA devices the driver exposes (after `CUDA_VISIBLE_DEVICES`).
    pub fn device_count(&self) -> usize {
        self.devices.len()
    }

    /// The slot of device `dev`, or `hipErrorInvalidDevice`.
    #[inline]
    pub(crate) fn slot(&self, dev: usize) -> HipResult<&DeviceSlot> {
        self.devices.get(dev).ok_or(HipError::InvalidDevice)
    }

    /// Whether `cuMemPrefetchAsync_v2`/`cuMemAdvise_v2` exist (CUDA 12.2+ drivers).
    pub fn has_mem_location_hints(&self) -> bool {
        self.has_mem_location_hints
    }

    /// `cuEventElapsedTime(_v2)`.
    ///
    /// # Safety
    /// The events must be valid event handles (or null, which the driver rejects).
    pub(crate) unsafe fn event_elapsed_time(
        &self,
        ms: &mut f32,
        start: cu::CUevent,
        stop: cu::CUevent,
    ) -> cu::CUresult {
        // SAFETY: forwarded from the caller; the function pointer was resolved at load.
        unsafe { (self.elapsed_time)(ms, start, stop) }
    }
}

/// `cuEventElapsedTime_v2` through cudarc (only installed once the symbol was found).
unsafe extern "C" fn elapsed_time_v2(
    ms: *mut f32,
    start: cu::CUevent,
    stop: cu::CUevent,
) -> cu::CUresult {
    // SAFETY: forwarded; the symbol's presence was checked before this was installed.
    unsafe { cu::cuEventElapsedTime_v2(ms, start, stop) }
}

/// `Ok(())` for `CUDA_SUCCESS`, else the HIP error [`map_error`] gives.
#[inline]
pub fn check(r: cu::CUresult) -> HipResult<()> {
    if r == cu::CUresult::CUDA_SUCCESS {
        Ok(())
    } else {
        // A failed device assert (`CUDA_ERROR_ASSERT`) is `hipErrorAssert`, as HIP on
        // NVIDIA reports it and as the CPU platform fails the stream (docs/RELIABILITY.md);
        // CUDA keeps it sticky for the context.
        Err(map_error(r))
    }
}

/// The `hipError_t` HIP-on-NVIDIA reports for a `CUresult` (ROCm hipother's
/// `hipCUResultTohipError`, extended to the codes of CUDA 13.0). Codes with no HIP
/// counterpart: the hardware exceptions of a kernel (714-718) become
/// `hipErrorLaunchFailure`; everything else unknown becomes `hipErrorUnknown`.
/// `CUDA_SUCCESS` is not an error and also maps to `hipErrorUnknown`: use [`check`].
pub fn map_error(r: cu::CUresult) -> HipError {
    use cu::CUresult as C;
    use HipError as H;
    match r {
        C::CUDA_ERROR_INVALID_VALUE => H::InvalidValue,
        C::CUDA_ERROR_OUT_OF_MEMORY => H::OutOfMemory,
        C::CUDA_ERROR_NOT_INITIALIZED => H::NotInitialized,
        C::CUDA_ERROR_DEINITIALIZED => H::Deinitialized,
        C::CUDA_ERROR_PROFILER_DISABLED => H::ProfilerDisabled,
        C::CUDA_ERROR_PROFILER_NOT_INITIALIZED => H::ProfilerNotInitialized,
        C::CUDA_ERROR_PROFILER_ALREADY_STARTED => H::ProfilerAlreadyStarted,
        C::CUDA_ERROR_PROFILER_ALREADY_STOPPED => H::ProfilerAlreadyStopped,
        C::CUDA_ERROR_STUB_LIBRARY | C::CUDA_ERROR_SYSTEM_DRIVER_MISMATCH => H::InsufficientDriver,
        C::CUDA_ERROR_CALL_REQUIRES_NEWER_DRIVER => H::InsufficientDriver,
        C::CUDA_ERROR_NO_DEVICE | C::CUDA_ERROR_DEVICE_UNAVAILABLE => H::NoDevice,
        C::CUDA_ERROR_INVALID_DEVICE | C::CUDA_ERROR_DEVICE_NOT_LICENSED => H::InvalidDevice,
        C::CUDA_ERROR_INVALID_IMAGE => H::InvalidImage,
        C::CUDA_ERROR_INVALID_CONTEXT => H::InvalidContext,
        C::CUDA_ERROR_CONTEXT_ALREADY_CURRENT => H::ContextAlreadyCurrent,
        C::CUDA_ERROR_MAP_FAILED => H::MapFailed,
        C::CUDA_ERROR_UNMAP_FAILED => H::UnmapFailed,
        C::CUDA_ERROR_ARRAY_IS_MAPPED => H::ArrayIsMapped,
        C::CUDA_ERROR_ALREADY_MAPPED => H::AlreadyMapped,
        C::CUDA_ERROR_NO_BINARY_FOR_GPU => H::NoBinaryForGpu,
        C::CUDA_ERROR_ALREADY_ACQUIRED => H::AlreadyAcquired,
        C::CUDA_ERROR_NOT_MAPPED => H::NotMapped,
        C::CUDA_ERROR_NOT_MAPPED_AS_ARRAY => H::NotMappedAsArray,
        C::CUDA_ERROR_NOT_MAPPED_AS_POINTER => H::NotMappedAsPointer,
        C::CUDA_ERROR_ECC_UNCORRECTABLE | C::CUDA_ERROR_NVLINK_UNCORRECTABLE => {
            H::EccNotCorrectable
        }
        C::CUDA_ERROR_UNSUPPORTED_LIMIT => H::UnsupportedLimit,
        C::CUDA_ERROR_CONTEXT_ALREADY_IN_USE => H::ContextAlreadyInUse,
        C::CUDA_ERROR_PEER_ACCESS_UNSUPPORTED => H::PeerAccessUnsupported,
        C::CUDA_ERROR_INVALID_PTX
        | C::CUDA_ERROR_UNSUPPORTED_PTX_VERSION
        | C::CUDA_ERROR_JIT_COMPILER_NOT_FOUND
        | C::CUDA_ERROR_JIT_COMPILATION_DISABLED => H::InvalidKernelFile,
        C::CUDA_ERROR_INVALID_GRAPHICS_CONTEXT => H::InvalidGraphicsContext,
        C::CUDA_ERROR_INVALID_SOURCE => H::InvalidSource,
        C::CUDA_ERROR_FILE_NOT_FOUND => H::FileNotFound,
        C::CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND => H::SharedObjectSymbolNotFound,
        C::CUDA_ERROR_SHARED_OBJECT_INIT_FAILED => H::SharedObjectInitFailed,
        C::CUDA_ERROR_OPERATING_SYSTEM => H::OperatingSystem,
        C::CUDA_ERROR_INVALID_HANDLE => H::InvalidHandle,
        C::CUDA_ERROR_ILLEGAL_STATE => H::IllegalState,
        C::CUDA_ERROR_NOT_FOUND => H::NotFound,
        C::CUDA_ERROR_NOT_READY => H::NotReady,
        C::CUDA_ERROR_ILLEGAL_ADDRESS => H::IllegalAddress,
        C::CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES => H::LaunchOutOfResources,
        C::CUDA_ERROR_LAUNCH_TIMEOUT => H::LaunchTimeOut,
        C::CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED => H::PeerAccessAlreadyEnabled,
        C::CUDA_ERROR_PEER_ACCESS_NOT_ENABLED => H::PeerAccessNotEnabled,
        C::CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE => H::SetOnActiveProcess,
        C::CUDA_ERROR_CONTEXT_IS_DESTROYED => H::ContextIsDestroyed,
        C::CUDA_ERROR_ASSERT => H::Assert,
        C::CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED => H::HostMemoryAlreadyRegistered,
        C::CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED => H::HostMemoryNotRegistered,
        C::CUDA_ERROR_HARDWARE_STACK_ERROR
        | C::CUDA_ERROR_ILLEGAL_INSTRUCTION
        | C::CUDA_ERROR_MISALIGNED_ADDRESS
        | C::CUDA_ERROR_INVALID_ADDRESS_SPACE
        | C::CUDA_ERROR_INVALID_PC
        | C::CUDA_ERROR_LAUNCH_FAILED => H::LaunchFailure,
        C::CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE => H::CooperativeLaunchTooLarge,
        C::CUDA_ERROR_NOT_SUPPORTED | C::CUDA_ERROR_NOT_PERMITTED => H::NotSupported,
        C::CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED => H::StreamCaptureUnsupported,
        C::CUDA_ERROR_STREAM_CAPTURE_INVALIDATED => H::StreamCaptureInvalidated,
        C::CUDA_ERROR_STREAM_CAPTURE_MERGE => H::StreamCaptureMerge,
        C::CUDA_ERROR_STREAM_CAPTURE_UNMATCHED => H::StreamCaptureUnmatched,
        C::CUDA_ERROR_STREAM_CAPTURE_UNJOINED => H::StreamCaptureUnjoined,
        C::CUDA_ERROR_STREAM_CAPTURE_ISOLATION => H::StreamCaptureIsolation,
        C::CUDA_ERROR_STREAM_CAPTURE_IMPLICIT => H::StreamCaptureImplicit,
        C::CUDA_ERROR_CAPTURED_EVENT => H::CapturedEvent,
        C::CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD => H::StreamCaptureWrongThread,
        C::CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE => H::GraphExecUpdateFailure,
        _ => H::Unknown,
    }
}
