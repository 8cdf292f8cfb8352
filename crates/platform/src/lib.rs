//! # ferrocm-platform: which HIP platform, read one way everywhere
//!
//! The HIP runtime (`crates/hip`), hiprtc and hipcc each need to know which platform a
//! process or a compilation targets, and which devices the user made visible. They read it
//! here, so that `HIP_PLATFORM=cuda` means the same to all three and `HIP_VISIBLE_DEVICES`
//! is parsed once.
//!
//! * `HIP_PLATFORM`: `cpu`, `amd`, `hcc` (ROCm's names for the AMD stack, whose device is
//!   the CPU agent here) or `nvidia`, `nvcc`, `cuda`; any case, surrounding blanks ignored.
//! * `HIP_VISIBLE_DEVICES` (and, where HIP honours it, `CUDA_VISIBLE_DEVICES`): a
//!   comma-separated list of ordinals; parsing stops at the first entry that is not a valid,
//!   new ordinal (so `-1` hides every device), as in HIP.

use std::fmt;
use std::str::FromStr;

/// A HIP platform. The discriminants are the values `libamdhip64.so`'s
/// `ferrocm_current_platform()` returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Platform {
    /// ferrocm's CPU platform: the HSA CPU agent and its kernel engine (HIP C++ compiled by
    /// the host compiler).
    Cpu = 1,
    /// NVIDIA GPUs through the CUDA driver (HIP compiled by nvcc or NVRTC).
    Nvidia = 2,
}

/// A name that is not a HIP platform.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown HIP platform `{0}` (expected `cpu` or `nvidia`)")]
pub struct UnknownPlatform(pub String);

impl Platform {
    /// The short name (`cpu`, `nvidia`): what `hipconfig --platform` prints and cache keys use.
    pub const fn name(self) -> &'static str {
        match self {
            Platform::Cpu => "cpu",
            Platform::Nvidia => "nvidia",
        }
    }

    /// The platform of a `ferrocm_current_platform()` value (1 = CPU, 2 = NVIDIA).
    pub const fn from_code(code: i32) -> Option<Platform> {
        match code {
            1 => Some(Platform::Cpu),
            2 => Some(Platform::Nvidia),
            _ => None,
        }
    }

    /// The `ferrocm_current_platform()` value of this platform.
    pub const fn code(self) -> i32 {
        self as i32
    }
}

impl FromStr for Platform {
    type Err = UnknownPlatform;

    fn from_str(s: &str) -> Result<Platform, UnknownPlatform> {
        match s.trim().to_ascii_lowercase().as_str() {
            "cpu" | "amd" | "hcc" => Ok(Platform::Cpu),
            "nvidia" | "nvcc" | "cuda" => Ok(Platform::Nvidia),
            _ => Err(UnknownPlatform(s.to_owned())),
        }
    }
}

impl fmt::Display for Platform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What `HIP_PLATFORM` asks for: `None` when unset or empty, `Err` for a name that is no
/// platform (callers decide whether that is an error, as hipcc does, or means the default).
pub fn from_env() -> Option<Result<Platform, UnknownPlatform>> {
    let v = std::env::var("HIP_PLATFORM").ok()?;
    if v.trim().is_empty() {
        return None;
    }
    Some(v.parse())
}

/// The ordinals a visible-devices list selects out of `physical` devices (see the crate
/// documentation). `None` (unset) selects every device.
pub fn parse_visible_devices(list: Option<&str>, physical: usize) -> Vec<usize> {
    let Some(list) = list else {
        return (0..physical).collect();
    };
    let mut out = Vec::new();
    for entry in list.split(',') {
        match entry.trim().parse::<usize>() {
            Ok(i) if i < physical && !out.contains(&i) => out.push(i),
            _ => break,
        }
    }
    out
}

/// The devices `HIP_VISIBLE_DEVICES`, else `CUDA_VISIBLE_DEVICES`, select out of
/// `physical` (the CPU platform, which has no driver to apply `CUDA_VISIBLE_DEVICES`).
pub fn visible_devices(physical: usize) -> Vec<usize> {
    let var = std::env::var("HIP_VISIBLE_DEVICES")
        .or_else(|_| std::env::var("CUDA_VISIBLE_DEVICES"))
        .ok();
    parse_visible_devices(var.as_deref(), physical)
}

/// The devices `HIP_VISIBLE_DEVICES` selects out of `physical` (the NVIDIA platform, whose
/// driver has already applied `CUDA_VISIBLE_DEVICES`).
pub fn hip_visible_devices(physical: usize) -> Vec<usize> {
    let var = std::env::var("HIP_VISIBLE_DEVICES").ok();
    parse_visible_devices(var.as_deref(), physical)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_the_same_for_every_tool() {
        for s in ["cpu", "AMD", " hcc "] {
            assert_eq!(s.parse::<Platform>(), Ok(Platform::Cpu), "{s}");
        }
        for s in ["nvidia", "NVCC", "cuda"] {
            assert_eq!(s.parse::<Platform>(), Ok(Platform::Nvidia), "{s}");
        }
        assert_eq!(
            "rocm".parse::<Platform>(),
            Err(UnknownPlatform("rocm".into()))
        );
        assert_eq!(
            Platform::from_code(Platform::Nvidia.code()),
            Some(Platform::Nvidia)
        );
        assert_eq!(Platform::from_code(0), None);
        assert_eq!(Platform::Cpu.to_string(), "cpu");
    }

    #[test]
    fn visible_device_lists() {
        assert_eq!(parse_visible_devices(None, 3), [0, 1, 2]);
        assert_eq!(parse_visible_devices(Some("2,0"), 3), [2, 0]);
        assert_eq!(parse_visible_devices(Some("1, 1,0"), 3), [1]);
        assert_eq!(parse_visible_devices(Some("0,7,1"), 3), [0]);
        assert!(parse_visible_devices(Some("-1"), 3).is_empty());
        assert!(parse_visible_devices(Some(""), 3).is_empty());
    }
}
