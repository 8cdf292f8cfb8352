//! Which platform a program is compiled for: the CPU (a CPU code object made by `hipcc`) or
//! NVIDIA (a cubin made by NVRTC).
//!
//! The code must suit the platform the HIP runtime of this process loads it on, so hiprtc
//! asks the runtime: `libamdhip64.so` exports `int ferrocm_current_platform(void)` (1 = CPU,
//! 2 = NVIDIA; it makes the runtime's once-per-process choice if none was made yet). The
//! symbol is looked up at each compilation ([`current`]): first with
//! `dlsym(RTLD_DEFAULT, ...)` (a program linked with `-lamdhip64`, or a library loaded with
//! `RTLD_GLOBAL`), then in an already loaded `libamdhip64.so` opened with `RTLD_NOLOAD`
//! (loaded with `RTLD_LOCAL`, e.g. by Python's ctypes). Without the runtime in the process,
//! `HIP_PLATFORM` decides with the runtime's spellings (`nvidia`, `nvcc`, `cuda` → NVIDIA;
//! `cpu`, `amd`, `hcc` → the CPU; any case), else the CPU.

use std::ffi::{c_int, c_void, CStr};

/// A platform hiprtc compiles for: the CPU (`hipcc --genco` makes a CPU code object) or
/// NVIDIA (NVRTC makes a cubin). The one definition of `ferrocm-platform`.
pub use ::platform::Platform;

/// The choice: the runtime's answer (when the runtime is in the process and answers 1 or
/// 2), else `HIP_PLATFORM`, else the CPU.
pub fn choose(runtime: Option<c_int>, hip_platform: Option<&str>) -> Platform {
    runtime
        .and_then(Platform::from_code)
        .or_else(|| hip_platform.and_then(|p| p.parse().ok()))
        .unwrap_or(Platform::Cpu)
}

/// The platform to compile for now (see the module documentation).
pub fn current() -> Platform {
    let env = std::env::var("HIP_PLATFORM").ok();
    choose(runtime_platform(), env.as_deref())
}

/// What `ferrocm_current_platform` answers, when `libamdhip64.so` is in the process.
pub fn runtime_platform() -> Option<c_int> {
    let f = runtime_symbol(c"ferrocm_current_platform")?;
    // SAFETY: `ferrocm_current_platform` is libamdhip64's `extern "C" fn() -> c_int` (no
    // arguments, never unwinds); the pointer comes from the loader and stays valid while the
    // library is loaded, which `runtime_symbol` guarantees for the process's lifetime.
    let f = unsafe { std::mem::transmute::<*mut c_void, extern "C" fn() -> c_int>(f) };
    Some(f())
}

/// The HIP runtime's current device (`hipGetDevice`), when ferrocm's `libamdhip64.so` is in
/// the process and the call succeeds.
pub fn runtime_current_device() -> Option<c_int> {
    // Only ferrocm's runtime (which exports `ferrocm_current_platform`) is asked: its device
    // ordinals on NVIDIA are the CUDA driver's.
    runtime_symbol(c"ferrocm_current_platform")?;
    let f = runtime_symbol(c"hipGetDevice")?;
    // SAFETY: `hipGetDevice` is `hipError_t hipGetDevice(int *)` (hipError_t is a C enum, an
    // int); the pointer stays valid (see `runtime_symbol`); `dev` is a valid out-parameter.
    let f =
        unsafe { std::mem::transmute::<*mut c_void, unsafe extern "C" fn(*mut c_int) -> c_int>(f) };
    let mut dev: c_int = -1;
    // SAFETY: as above.
    let status = unsafe { f(&mut dev) };
    (status == 0 && dev >= 0).then_some(dev)
}

/// The address of `name` in the HIP runtime library, if it is loaded: the global scope
/// first, then an already loaded `libamdhip64.so` (`RTLD_NOLOAD`: never loads it). A
/// handle obtained that way is deliberately not closed, so that the library (and the
/// returned address) stays loaded for the rest of the process (each such lookup adds a
/// reference, which only keeps the library loaded).
fn runtime_symbol(name: &CStr) -> Option<*mut c_void> {
    // SAFETY: dlsym with the RTLD_DEFAULT pseudo-handle and a NUL-terminated name only
    // searches the loader's tables.
    let p = unsafe { libc::dlsym(libc::RTLD_DEFAULT, name.as_ptr()) };
    if !p.is_null() {
        return Some(p);
    }
    for lib in [c"libamdhip64.so", c"libamdhip64.so.7", c"libamdhip64.so.6"] {
        // SAFETY: RTLD_NOLOAD returns a handle only for a library already loaded; no code
        // of it runs (its constructors already ran); the name is NUL-terminated.
        let h = unsafe { libc::dlopen(lib.as_ptr(), libc::RTLD_NOW | libc::RTLD_NOLOAD) };
        if h.is_null() {
            continue;
        }
        // SAFETY: `h` is a live handle; the name is NUL-terminated.
        let p = unsafe { libc::dlsym(h, name.as_ptr()) };
        if !p.is_null() {
            return Some(p);
        }
        // Not ferrocm's runtime (another libamdhip64): give the reference back.
        // SAFETY: `h` came from the dlopen above and nothing from it is used.
        unsafe { libc::dlclose(h) };
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_runtime_decides_then_hip_platform_then_the_cpu() {
        assert_eq!(choose(Some(2), Some("cpu")), Platform::Nvidia);
        assert_eq!(choose(Some(1), Some("nvidia")), Platform::Cpu);
        // An answer the runtime should not give is ignored.
        assert_eq!(choose(Some(0), Some("nvidia")), Platform::Nvidia);
        assert_eq!(choose(Some(7), None), Platform::Cpu);
        for v in ["nvidia", "NVIDIA", "nvcc", "Cuda"] {
            assert_eq!(choose(None, Some(v)), Platform::Nvidia, "{v}");
        }
        for v in ["cpu", "amd", "HCC"] {
            assert_eq!(choose(None, Some(v)), Platform::Cpu, "{v}");
        }
        assert_eq!(choose(None, Some("tpu")), Platform::Cpu);
        assert_eq!(choose(None, Some("")), Platform::Cpu);
        assert_eq!(choose(None, None), Platform::Cpu);
        assert_eq!(Platform::Cpu.name(), "cpu");
        assert_eq!(Platform::Nvidia.name(), "nvidia");
    }

    #[test]
    fn without_the_runtime_there_is_no_answer() {
        // This test binary does not link libamdhip64.
        assert_eq!(runtime_platform(), None);
        assert_eq!(runtime_current_device(), None);
    }
}
