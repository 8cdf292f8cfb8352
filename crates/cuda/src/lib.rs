//! # ferrocm-cuda: the CUDA driver, loaded once for every crate
//!
//! The HSA runtime (NVIDIA agents), the HIP runtime (NVIDIA platform) and hiprtc (the
//! device's architecture) all drive `libcuda.so.1` through cudarc's `sys` level, loaded at
//! run time so that building and CI need no CUDA. cudarc resolves each entry point lazily
//! but panics when the library is absent or a symbol is missing; [`driver`] is the one probe
//! that makes both impossible: it opens the library only if it loads, calls `cuInit`, reads
//! the version and the device count, and lets each user check the entry points it calls
//! ([`Driver::has_all`]) before calling any of them. Any failure means "no NVIDIA driver":
//! `None`, never a panic (the probe also runs under `catch_unwind`).
//!
//! Error mapping stays with each user (`hsa_status_t` and `hipError_t` differ); the status
//! codes and entry points are cudarc's ([`sys`]). [`image`] recognises and checks the
//! code-object images both runtimes hand to `cuModuleLoadData`.

use std::ffi::{c_int, c_void};
use std::panic::catch_unwind;
use std::sync::OnceLock;

/// The CUDA driver API (cudarc's `sys` level, dynamic loading).
pub use cudarc::driver::sys;

pub mod image;

/// The initialised driver: what every user needs to know before its first call.
#[derive(Debug)]
pub struct Driver {
    version: i32,
    device_count: usize,
}

static DRIVER: OnceLock<Option<Driver>> = OnceLock::new();

/// The driver, loaded and initialised (`cuInit`) on first use; `None` without a usable
/// driver (no library, a stub library, `cuInit` failing). A driver with no device is
/// `Some` with a count of 0. After the first call: one atomic load.
#[inline]
pub fn driver() -> Option<&'static Driver> {
    DRIVER
        .get_or_init(|| catch_unwind(load).ok().flatten())
        .as_ref()
}

/// The entry points [`load`] calls itself.
const PROBE_SYMBOLS: &[&str] = &["cuInit", "cuDriverGetVersion", "cuDeviceGetCount"];

fn load() -> Option<Driver> {
    // SAFETY: only tries to open each candidate library name (dlopen); nothing is called.
    if !unsafe { sys::is_culib_present() } {
        return None;
    }
    if !PROBE_SYMBOLS.iter().all(|s| exported(s)) {
        return None;
    }
    // SAFETY: the three entry points exist (checked above); plain out-parameters.
    unsafe {
        if sys::cuInit(0) != sys::CUresult::CUDA_SUCCESS {
            return None;
        }
        let mut version = 0;
        if sys::cuDriverGetVersion(&mut version) != sys::CUresult::CUDA_SUCCESS {
            return None;
        }
        let mut count: c_int = 0;
        if sys::cuDeviceGetCount(&mut count) != sys::CUresult::CUDA_SUCCESS {
            return None;
        }
        Some(Driver {
            version,
            device_count: usize::try_from(count).unwrap_or(0),
        })
    }
}

/// Whether the loaded driver library exports `symbol` (looked up, never called).
fn exported(symbol: &str) -> bool {
    // SAFETY: only called once `is_culib_present` found the library, so cudarc's loader
    // (which tries the same names in the same order) does not reach its panic.
    let lib = unsafe { sys::culib() };
    // SAFETY: a symbol lookup (dlsym); the pointer type is never called.
    unsafe { lib.get::<*const c_void>(symbol.as_bytes()) }.is_ok()
}

impl Driver {
    /// `cuDriverGetVersion`: e.g. 13000 for CUDA 13.0.
    pub fn version(&self) -> i32 {
        self.version
    }

    /// Devices the driver exposes (after `CUDA_VISIBLE_DEVICES`).
    pub fn device_count(&self) -> usize {
        self.device_count
    }

    /// Whether the driver exports `symbol` (a newer entry point, say).
    pub fn has(&self, symbol: &str) -> bool {
        exported(symbol)
    }

    /// Whether the driver exports every one of `symbols`: a user that calls them without a
    /// check must refuse a driver that lacks any (cudarc would panic on the call).
    pub fn has_all(&self, symbols: &[&str]) -> bool {
        symbols.iter().all(|s| exported(s))
    }

    /// The address of `symbol` as a function of type `F`, for entry points that cudarc's
    /// generated bindings do not fit (an older signature kept under the same name).
    ///
    /// # Safety
    /// `F` must be the symbol's exact C function-pointer type.
    pub unsafe fn function<F: Copy>(&self, symbol: &str) -> Option<F> {
        // SAFETY: as for `exported`.
        let lib = unsafe { sys::culib() };
        // SAFETY: the caller guarantees the type; the library stays loaded for the process
        // (cudarc keeps it in a static), so the copied pointer stays valid.
        unsafe { lib.get::<F>(symbol.as_bytes()).ok().map(|f| *f) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probing_never_panics_and_is_stable() {
        let first = driver().is_some();
        assert_eq!(driver().is_some(), first);
        if let Some(d) = driver() {
            assert!(d.version() > 0);
            assert!(d.has_all(PROBE_SYMBOLS));
            assert!(!d.has("cuNoSuchEntryPoint"));
        }
    }
}
