//! The current device's architecture (`sm_<major><minor>`), for compilations that name none.
//!
//! The device is the HIP runtime's current device (`hipGetDevice`, when ferrocm's
//! `libamdhip64.so` is in the process; its NVIDIA ordinals are the driver's), else device 0.
//! Its compute capability comes from the CUDA driver (`cuDeviceGetAttribute`), loaded at run
//! time by the shared loader (`ferrocm-cuda`), which checks that the library loads and runs
//! `cuInit` once; every entry point called here is checked before the first call. No context is created or made current (the runtime's per-thread
//! context cache stays right).

use std::ffi::c_int;

use cuda::sys as cu;

use crate::platform;

/// Driver entry points the query calls.
const REQUIRED_SYMBOLS: &[&str] = &[
    "cuInit",
    "cuDeviceGetCount",
    "cuDeviceGet",
    "cuDeviceGetAttribute",
];

fn check(call: &str, r: cu::CUresult) -> Result<(), String> {
    if r == cu::CUresult::CUDA_SUCCESS {
        Ok(())
    } else {
        Err(format!("{call} failed: {r:?}"))
    }
}

/// The driver, loaded and initialised once by the shared loader, with the entry points this
/// module calls (`Err`: why it cannot be used).
fn driver() -> Result<&'static cuda::Driver, String> {
    let d = cuda::driver()
        .ok_or_else(|| "the CUDA driver (libcuda) cannot be loaded or initialised".to_owned())?;
    match REQUIRED_SYMBOLS.iter().find(|s| !d.has(s)) {
        Some(s) => Err(format!("the CUDA driver lacks {s}")),
        None => Ok(d),
    }
}

/// The architecture of the HIP runtime's current device (else device 0), e.g. `sm_90`.
pub fn current_device_arch() -> Result<String, String> {
    let count = c_int::try_from(driver()?.device_count()).unwrap_or(c_int::MAX);
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
