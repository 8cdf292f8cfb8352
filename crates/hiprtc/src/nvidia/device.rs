//! The current device's architecture (`sm_<major><minor>`), for compilations that name none.
//!
//! The device is the HIP runtime's current device (`hipGetDevice`, when ferrocm's
//! `libamdhip64.so` is in the process; its NVIDIA ordinals are the driver's), else device 0.
//! Its compute capability comes from the CUDA driver (`cuDeviceGetAttribute`), loaded at run
//! time through cudarc's `sys` bindings with the same care as NVRTC ([`super::nvrtc`]):
//! presence of the library and of every entry point is checked before any call, and
//! `cuInit` runs once. No context is created or made current (the runtime's per-thread
//! context cache stays right).

use std::ffi::{c_int, c_void};
use std::panic::catch_unwind;
use std::sync::OnceLock;

use cudarc::driver::sys as cu;

use crate::platform;

/// Driver entry points the query calls.
const REQUIRED_SYMBOLS: &[&str] = &[
    "cuInit",
    "cuDeviceGetCount",
    "cuDeviceGet",
    "cuDeviceGetAttribute",
];

static DRIVER: OnceLock<Result<(), String>> = OnceLock::new();

fn check(call: &str, r: cu::CUresult) -> Result<(), String> {
    if r == cu::CUresult::CUDA_SUCCESS {
        Ok(())
    } else {
        Err(format!("{call} failed: {r:?}"))
    }
}

/// The driver, loaded and initialised once (`Err`: why it cannot be used).
fn driver() -> Result<(), String> {
    DRIVER
        .get_or_init(|| {
            catch_unwind(|| {
                // SAFETY: only tries to dlopen each candidate name.
                if !unsafe { cu::is_culib_present() } {
                    return Err("the CUDA driver (libcuda) cannot be loaded".to_owned());
                }
                // SAFETY: the library opens (just checked), so cudarc's loader does not panic.
                let lib = unsafe { cu::culib() };
                for s in REQUIRED_SYMBOLS {
                    // SAFETY: symbol lookup only; the pointer is never called.
                    if unsafe { lib.get::<*const c_void>(s.as_bytes()) }.is_err() {
                        return Err(format!("the CUDA driver lacks {s}"));
                    }
                }
                // SAFETY: the symbol exists; cuInit may be called any number of times.
                check("cuInit", unsafe { cu::cuInit(0) })
            })
            .unwrap_or_else(|_| Err("loading the CUDA driver panicked".to_owned()))
        })
        .clone()
}

/// The architecture of the HIP runtime's current device (else device 0), e.g. `sm_90`.
pub fn current_device_arch() -> Result<String, String> {
    driver()?;
    let mut count: c_int = 0;
    // SAFETY: the driver is initialised and the symbol exists; valid out-parameter.
    check("cuDeviceGetCount", unsafe {
        cu::cuDeviceGetCount(&mut count)
    })?;
    if count <= 0 {
        return Err("the CUDA driver reports no device".to_owned());
    }
    let ordinal = platform::runtime_current_device()
        .filter(|&d| d < count)
        .unwrap_or(0);
    let mut dev: cu::CUdevice = 0;
    // SAFETY: as above; `ordinal` is in range.
    check("cuDeviceGet", unsafe { cu::cuDeviceGet(&mut dev, ordinal) })?;
    let attribute = |a: cu::CUdevice_attribute, what: &str| -> Result<c_int, String> {
        let mut v: c_int = 0;
        // SAFETY: `dev` is a device handle from cuDeviceGet; valid out-parameter.
        check(what, unsafe { cu::cuDeviceGetAttribute(&mut v, a, dev) })?;
        Ok(v)
    };
    let major = attribute(
        cu::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
        "cuDeviceGetAttribute(COMPUTE_CAPABILITY_MAJOR)",
    )?;
    let minor = attribute(
        cu::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
        "cuDeviceGetAttribute(COMPUTE_CAPABILITY_MINOR)",
    )?;
    arch_name(major, minor)
}

/// `sm_<major><minor>` for a compute capability (`Err` for values no GPU has).
pub fn arch_name(major: c_int, minor: c_int) -> Result<String, String> {
    if !(1..=99).contains(&major) || !(0..=9).contains(&minor) {
        return Err(format!("unexpected compute capability {major}.{minor}"));
    }
    Ok(format!("sm_{major}{minor}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn architecture_names() {
        assert_eq!(arch_name(9, 0).as_deref(), Ok("sm_90"));
        assert_eq!(arch_name(8, 6).as_deref(), Ok("sm_86"));
        assert_eq!(arch_name(10, 0).as_deref(), Ok("sm_100"));
        assert_eq!(arch_name(12, 1).as_deref(), Ok("sm_121"));
        assert!(arch_name(0, 0).is_err());
        assert!(arch_name(9, 10).is_err());
        assert!(arch_name(-1, 0).is_err());
    }

    #[test]
    fn no_driver_is_an_error_not_a_panic() {
        // On a machine without CUDA this exercises the failure path; with a GPU it answers.
        match current_device_arch() {
            Ok(a) => assert!(crate::options::is_sm_arch(&a), "{a}"),
            Err(why) => assert!(!why.is_empty()),
        }
    }
}
