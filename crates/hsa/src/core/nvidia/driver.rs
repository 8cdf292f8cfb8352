//! Loading the CUDA driver (`libcuda.so.1`) once per process, at run time, and the error
//! type of every driver call.
//!
//! The library is loaded and initialised by the shared loader (`ferrocm-cuda`, never a
//! panic); [`Driver::get`] then checks that every entry point this module calls
//! unconditionally ([`REQUIRED_SYMBOLS`]) is exported and records which optional (newer)
//! ones exist.
//! Any failure (no library, a stub library, an old driver, no device) means "no NVIDIA
//! agents": [`Driver::get`] returns `None`, and the HSA runtime has only its CPU agent.
//! The probe also runs under `catch_unwind` as a last line of defence.

use std::ffi::{c_int, CStr};
use std::panic::catch_unwind;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use super::cu;
use super::device::NvDevice;
use crate::status::HsaError;

/// Entry points called without a presence check. A driver lacking any of them is treated
/// as absent. The names are the exact symbols cudarc's wrappers resolve.
pub const REQUIRED_SYMBOLS: &[&str] = &[
    "cuInit",
    "cuDriverGetVersion",
    "cuDeviceGetCount",
    "cuDeviceGet",
    "cuDeviceGetAttribute",
    "cuDeviceGetName",
    "cuDeviceTotalMem_v2",
    "cuDeviceGetUuid_v2",
    "cuDevicePrimaryCtxRetain",
    "cuCtxSetCurrent",
    "cuCtxPushCurrent_v2",
    "cuCtxPopCurrent_v2",
    "cuMemGetInfo_v2",
    "cuMemAlloc_v2",
    "cuMemFree_v2",
    "cuMemHostAlloc",
    "cuMemFreeHost",
    "cuMemHostRegister_v2",
    "cuMemHostUnregister",
    "cuMemHostGetDevicePointer_v2",
    "cuPointerGetAttribute",
    "cuMemcpy",
    "cuMemsetD32_v2",
    "cuStreamCreate",
    "cuStreamDestroy_v2",
    "cuStreamQuery",
    "cuStreamSynchronize",
    "cuStreamWaitEvent",
    "cuEventCreate",
    "cuEventRecord",
    "cuEventDestroy_v2",
    "cuLaunchHostFunc",
    "cuLaunchKernel",
    "cuModuleLoadDataEx",
    "cuModuleUnload",
    "cuModuleGetFunction",
    "cuModuleGetGlobal_v2",
    "cuFuncGetAttribute",
    "cuFuncSetAttribute",
    "cuGetErrorName",
];

/// A failed driver call, or a driver that cannot do what was asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum NvError {
    /// No usable CUDA driver (or no device): there are no NVIDIA agents.
    #[error("no usable CUDA driver")]
    NoDriver,
    /// A driver entry point returned an error.
    #[error("{call} failed: {}", error_name(.code))]
    Driver {
        /// The entry point.
        call: &'static str,
        /// What it returned.
        code: cu::CUresult,
    },
    /// The driver lacks an (optional) entry point this operation needs.
    #[error("the CUDA driver does not export {0}")]
    Unsupported(&'static str),
    /// A fatbin or cubin whose structure is broken (never handed to the driver).
    #[error("invalid NVIDIA code-object image")]
    InvalidImage,
}

impl NvError {
    /// The driver's code, for [`NvError::Driver`].
    pub fn code(&self) -> Option<cu::CUresult> {
        match self {
            NvError::Driver { code, .. } => Some(*code),
            _ => None,
        }
    }

    /// The HSA status for a failed resource operation (allocation, stream or event
    /// creation, registration): out-of-memory codes become `ERROR_OUT_OF_RESOURCES`,
    /// invalid arguments `ERROR_INVALID_ARGUMENT`, everything else `ERROR`.
    pub fn resource_status(&self) -> HsaError {
        use cu::CUresult as C;
        match self.code() {
            Some(C::CUDA_ERROR_OUT_OF_MEMORY) => HsaError::ERROR_OUT_OF_RESOURCES,
            Some(C::CUDA_ERROR_INVALID_VALUE) => HsaError::ERROR_INVALID_ARGUMENT,
            None if *self == NvError::NoDriver => HsaError::ERROR_OUT_OF_RESOURCES,
            _ => HsaError::ERROR,
        }
    }
}

/// `Ok(())` for `CUDA_SUCCESS`, else the call's [`NvError`].
#[inline]
pub fn check(call: &'static str, r: cu::CUresult) -> Result<(), NvError> {
    if r == cu::CUresult::CUDA_SUCCESS {
        Ok(())
    } else {
        Err(NvError::Driver { call, code: r })
    }
}

/// The driver's name for a code (`CUDA_ERROR_INVALID_VALUE`), or its number.
pub fn error_name(code: &cu::CUresult) -> String {
    let code = *code;
    if Driver::get().is_some() {
        let mut p: *const std::ffi::c_char = std::ptr::null();
        // SAFETY: `cuGetErrorName` is a required symbol of the loaded driver; `p` is an
        // out-parameter that receives a static string (or stays NULL).
        let r = unsafe { cu::cuGetErrorName(code, &mut p) };
        if r == cu::CUresult::CUDA_SUCCESS && !p.is_null() {
            // SAFETY: the driver returns a NUL-terminated static string.
            return unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned();
        }
    }
    format!("CUresult {}", code as u32)
}

/// Optional entry points (newer drivers), found at load.
#[derive(Debug, Clone, Copy, Default)]
pub struct Optional {
    /// `cuStreamWaitValue64_v2` (CUDA 11.7+): GPU-side signal waits.
    pub wait_value64: bool,
    /// `cuFuncGetParamInfo` (CUDA 12.4+): kernel argument layout.
    pub func_param_info: bool,
    /// `cuModuleGetFunctionCount` + `cuModuleEnumerateFunctions` + `cuFuncGetName`
    /// (CUDA 12.4+): listing a module's kernels.
    pub enumerate_functions: bool,
    /// `cuFuncLoad` (CUDA 12.4+): loading a kernel's code now, whatever
    /// `CUDA_MODULE_LOADING` says.
    pub func_load: bool,
}

/// The loaded and initialised CUDA driver and its devices.
#[derive(Debug)]
pub struct Driver {
    /// `cuDriverGetVersion`, e.g. 13000.
    pub version: i32,
    pub optional: Optional,
    /// Every device the driver exposes (after `CUDA_VISIBLE_DEVICES`), in ordinal order.
    pub devices: Vec<Arc<NvDevice>>,
}

static DRIVER: OnceLock<Option<Driver>> = OnceLock::new();

impl Driver {
    /// The driver, loaded and initialised on first use; `None` without a usable driver or
    /// device. Never panics; after the first call it is one atomic load.
    #[inline]
    pub fn get() -> Option<&'static Driver> {
        DRIVER
            .get_or_init(|| catch_unwind(Driver::load).ok().flatten())
            .as_ref()
    }

    /// [`Driver::get`], or [`NvError::NoDriver`].
    #[inline]
    pub fn require() -> Result<&'static Driver, NvError> {
        Driver::get().ok_or(NvError::NoDriver)
    }

    fn load() -> Option<Driver> {
        // Kernels are loaded when their module is (as AMD's runtime does): with CUDA's
        // default lazy loading, the first launch of a kernel while the queue's stream is
        // blocked in a GPU-side signal wait could wait for that stream (CUDA's documented
        // lazy-loading deadlock). The driver reads this in `cuInit` (the shared loader's
        // first call); a value the user set is kept.
        if std::env::var_os("CUDA_MODULE_LOADING").is_none() {
            std::env::set_var("CUDA_MODULE_LOADING", "EAGER");
        }
        let loaded = cuda::driver()?;
        if !loaded.has_all(REQUIRED_SYMBOLS) {
            return None;
        }
        let optional = Optional {
            wait_value64: loaded.has("cuStreamWaitValue64_v2"),
            func_param_info: loaded.has("cuFuncGetParamInfo"),
            enumerate_functions: loaded.has("cuModuleGetFunctionCount")
                && loaded.has("cuModuleEnumerateFunctions")
                && loaded.has("cuFuncGetName"),
            func_load: loaded.has("cuFuncLoad"),
        };
        let mut devices = Vec::new();
        for ordinal in 0..loaded.device_count() as c_int {
            let mut device = 0;
            // SAFETY: a required entry point of the initialised driver; `ordinal` is in range.
            check("cuDeviceGet", unsafe {
                cu::cuDeviceGet(&mut device, ordinal)
            })
            .ok()?;
            match NvDevice::probe(devices.len(), ordinal, device, optional) {
                Ok(d) => devices.push(Arc::new(d)),
                // A device whose properties cannot be read is left out.
                Err(_) => continue,
            }
        }
        Some(Driver {
            version: loaded.version(),
            optional,
            devices,
        })
    }
}

/// Cleared by [`disable_gpu_agents`].
static GPU_AGENTS_WANTED: AtomicBool = AtomicBool::new(true);

/// Makes every later initialisation of the runtime in this process expose the CPU agent
/// only and never load the CUDA driver: for HIP's CPU platform, which needs no GPU agent
/// (and should not pay for `cuInit` on a machine that has a GPU).
pub fn disable_gpu_agents() {
    GPU_AGENTS_WANTED.store(false, Ordering::Relaxed);
}

/// Whether NVIDIA agents are enabled: `FERROCM_HSA_NVIDIA=0` (or `off`, `false`) hides
/// them (the HSA runtime then never loads the CUDA driver), as does [`disable_gpu_agents`].
pub fn enabled_by_environment() -> bool {
    if !GPU_AGENTS_WANTED.load(Ordering::Relaxed) {
        return false;
    }
    match std::env::var("FERROCM_HSA_NVIDIA") {
        Ok(v) => !matches!(
            v.trim().to_ascii_lowercase().as_str(),
            "0" | "off" | "false" | "no"
        ),
        Err(_) => true,
    }
}

/// The devices to expose as agents: empty without a driver or when disabled.
pub fn devices() -> &'static [Arc<NvDevice>] {
    if !enabled_by_environment() {
        return &[];
    }
    Driver::get().map_or(&[], |d| d.devices.as_slice())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_display_and_map() {
        let e = NvError::Driver {
            call: "cuMemAlloc_v2",
            code: cu::CUresult::CUDA_ERROR_OUT_OF_MEMORY,
        };
        assert_eq!(e.resource_status(), HsaError::ERROR_OUT_OF_RESOURCES);
        assert!(e.to_string().starts_with("cuMemAlloc_v2 failed"));
        assert_eq!(
            NvError::Driver {
                call: "x",
                code: cu::CUresult::CUDA_ERROR_INVALID_VALUE
            }
            .resource_status(),
            HsaError::ERROR_INVALID_ARGUMENT
        );
        assert_eq!(NvError::NoDriver.code(), None);
        assert!(check("cuInit", cu::CUresult::CUDA_SUCCESS).is_ok());
    }

    #[test]
    fn probing_never_panics() {
        // With or without a driver: no panic, and a consistent answer.
        let first = Driver::get().is_some();
        assert_eq!(Driver::get().is_some(), first);
        if !first {
            assert!(devices().is_empty());
        }
    }
}
