//! What a device reports, and the one trait every kind of device implements.
//!
//! Every metric is an `Option`: `None` is "N/A", the device (or this machine's kernel, or the
//! driver) does not expose it. Nothing is estimated or filled in.

use std::fmt;

/// The kind of a ferrocm device.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeviceKind {
    /// The host CPU, the device of ferrocm's CPU platform (HIP device 0 there).
    Cpu,
    /// An NVIDIA GPU, a device of ferrocm's NVIDIA platform.
    Nvidia,
}

impl DeviceKind {
    /// The `HIP_PLATFORM` under which HIP programs see this device.
    pub fn hip_platform(self) -> &'static str {
        match self {
            DeviceKind::Cpu => "cpu",
            DeviceKind::Nvidia => "nvidia",
        }
    }
}

/// What does not change while the process runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaticInfo {
    pub kind: DeviceKind,
    /// The device's ordinal among the HIP devices of its platform (`hipSetDevice`'s number
    /// under `HIP_PLATFORM=kind.hip_platform()`).
    pub hip_ordinal: u32,
    /// Marketing name (`/proc/cpuinfo`'s model name, NVML's name).
    pub name: String,
    /// Vendor name (`AuthenticAMD` becomes "AMD", `GenuineIntel` "Intel", ...).
    pub vendor: String,
    /// PCI vendor id (0x1002 AMD, 0x8086 Intel, 0x10de NVIDIA), where known.
    pub vendor_id: Option<u32>,
    /// PCI device id (GPUs).
    pub device_id: Option<u32>,
    /// PCI subsystem id (GPUs).
    pub subsystem_id: Option<u32>,
    /// PCI address `dddd:bb:dd.f` (GPUs).
    pub bdf: Option<String>,
    /// A stable unique id (NVML's `GPU-...` UUID).
    pub uuid: Option<String>,
    /// Board serial number.
    pub serial: Option<String>,
    /// The target HIP code is built for: the CPU agent's ISA (`x86_64-ferrocm-linux--cpu`),
    /// `sm_XY` on NVIDIA.
    pub target: String,
    /// Compute units: online CPU cores; streaming multiprocessors where NVML tells.
    pub compute_units: Option<u32>,
    /// The driver behind the device (`ferrocm` on the CPU, `nvidia` on NVIDIA GPUs).
    pub driver_name: String,
    /// Its version (ferrocm's on the CPU, the NVIDIA driver's on NVIDIA).
    pub driver_version: String,
    /// NUMA node the device is attached to.
    pub numa_node: Option<u32>,
}

/// Engine activity in percent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Activity {
    /// Compute engine busy percentage (CPU: non-idle time of all cores; NVIDIA: NVML's GPU
    /// utilisation).
    pub gfx: Option<u32>,
    /// Memory controller busy percentage (NVIDIA only).
    pub memory: Option<u32>,
}

/// Device memory in bytes (on the CPU device, device memory is host memory).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MemoryUsage {
    pub total: Option<u64>,
    pub used: Option<u64>,
}

impl MemoryUsage {
    /// `total - used`, where both are known.
    pub fn free(&self) -> Option<u64> {
        Some(self.total?.saturating_sub(self.used?))
    }
}

/// Which clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockKind {
    /// The compute clock (GFX/SCLK; the CPU cores' clock).
    Gfx,
    /// The memory clock (MCLK).
    Memory,
}

/// A clock's frequencies in MHz.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ClockInfo {
    pub current_mhz: Option<u32>,
    pub min_mhz: Option<u32>,
    pub max_mhz: Option<u32>,
}

/// Which temperature sensor (amd-smi's names).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sensor {
    /// The package / die edge sensor.
    Edge,
    /// The hottest spot (junction).
    Hotspot,
    /// Memory.
    Memory,
}

/// A temperature reading in degrees Celsius.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Temperature {
    pub current: Option<f64>,
    /// The critical (shutdown) threshold.
    pub critical: Option<f64>,
}

/// Power in watts.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct PowerInfo {
    /// Power drawn now (NVML) or averaged over the last sampling window (RAPL).
    pub current_w: Option<f64>,
    /// The enforced power cap.
    pub cap_w: Option<f64>,
    /// The default power cap.
    pub default_cap_w: Option<f64>,
}

/// An energy counter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Energy {
    /// Energy consumed since an unspecified origin, in microjoules.
    pub microjoules: u64,
}

/// A process using a device.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProcessInfo {
    pub pid: u32,
    /// The command name (`/proc/<pid>/comm`).
    pub name: String,
    /// Device memory the process uses, in bytes (CPU device: the process's resident host
    /// memory, which holds its device allocations; NVIDIA: NVML's used GPU memory).
    pub device_memory: Option<u64>,
}

/// One ferrocm device, whatever its kind.
pub trait Device: Send + Sync {
    fn info(&self) -> &StaticInfo;
    /// May wait up to [`crate::SAMPLE_WINDOW`] on its first call (rates need two readings).
    fn activity(&self) -> Activity;
    fn memory(&self) -> MemoryUsage;
    fn clock(&self, kind: ClockKind) -> Option<ClockInfo>;
    fn temperature(&self, sensor: Sensor) -> Temperature;
    /// May wait up to [`crate::SAMPLE_WINDOW`] where power is computed from an energy counter.
    fn power(&self) -> PowerInfo;
    fn energy(&self) -> Option<Energy>;
    /// Fan speed in percent of its maximum.
    fn fan_percent(&self) -> Option<u32>;
    fn processes(&self) -> Vec<ProcessInfo>;
}

impl fmt::Debug for dyn Device {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Device").field("info", self.info()).finish()
    }
}
