//! Platforms under the runtime core. The CPU platform (the HSA CPU agent) is always present;
//! the NVIDIA platform drives GPUs through the CUDA driver when one is usable.
//!
//! A process runs on exactly one platform, chosen once ([`current`]): a program's kernels are
//! compiled for one of them (g++ CPU kernels register through `__ferrocmRegister*`, nvcc's
//! fat binaries through `__cudaRegisterFatBinary`), and the first registration decides
//! ([`select`]). A program without kernels follows `HIP_PLATFORM` (`nvidia`, or `cpu`/`amd`
//! for the CPU), else runs on the CPU.

use std::sync::atomic::{AtomicU8, Ordering};

pub mod cpu;
pub mod nvidia;

/// The platform a process's HIP runtime drives (the one definition of `ferrocm-platform`).
pub use ::platform::Platform;

/// 0 until chosen, then a `Platform` discriminant.
static SELECTED: AtomicU8 = AtomicU8::new(0);

fn decode(v: u8) -> Option<Platform> {
    Platform::from_code(i32::from(v))
}

/// Chooses `p` unless a platform was already chosen; returns the platform in effect (the
/// earlier choice wins: a process cannot switch platforms).
pub fn select(p: Platform) -> Platform {
    match SELECTED.compare_exchange(0, p as u8, Ordering::AcqRel, Ordering::Acquire) {
        Ok(_) => p,
        Err(prev) => decode(prev).unwrap_or(p),
    }
}

/// The platform if one was chosen already (`None`: nothing has fixed it yet).
pub fn selected() -> Option<Platform> {
    decode(SELECTED.load(Ordering::Acquire))
}

/// What `HIP_PLATFORM` asks for (`None`: unset, empty or unknown: the runtime then runs on
/// the CPU, as HIP's runtime ignores a platform it does not know).
pub fn from_env() -> Option<Platform> {
    ::platform::from_env().and_then(Result::ok)
}

/// The platform in effect, choosing it (from `HIP_PLATFORM`, else the CPU) on first use.
/// One atomic load once chosen: cheap enough for every entry point.
#[inline]
pub fn current() -> Platform {
    match decode(SELECTED.load(Ordering::Acquire)) {
        Some(p) => p,
        None => select(from_env().unwrap_or(Platform::Cpu)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_choice_sticks() {
        // The process-wide choice is made once; whatever it is, later selections keep it.
        let first = current();
        let other = match first {
            Platform::Cpu => Platform::Nvidia,
            Platform::Nvidia => Platform::Cpu,
        };
        assert_eq!(select(other), first);
        assert_eq!(current(), first);
        assert_eq!(decode(0), None);
        assert_eq!(decode(Platform::Nvidia as u8), Some(Platform::Nvidia));
    }
}
