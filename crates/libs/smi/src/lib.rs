//! # ferrocm-smi: the devices amd-smi and rocm-smi report
//!
//! The core under the `amd-smi`/`rocm-smi` tools and the `libamd_smi.so`/`librocm_smi64.so`
//! C libraries: an inventory of ferrocm's devices ([`Inventory`]) and one trait
//! ([`Device`]) with an implementation per kind: [`cpu::CpuDevice`] (the host CPU, the device
//! of the CPU platform, over `/proc` and `/sys`) and [`nvidia::NvidiaDevice`] (NVIDIA GPUs
//! over NVML, loaded at run time). Every metric is an `Option`; `None` is N/A.
//!
//! Device order: the CPU device first, then the NVIDIA GPUs in NVML's order (which is
//! `hipGetDevice`'s order under `HIP_PLATFORM=nvidia` with the default
//! `CUDA_DEVICE_ORDER`). `FERROCM_SMI_NVIDIA=0` hides NVIDIA GPUs.

pub mod capi;
pub mod cpu;
pub mod device;
pub mod nvidia;
pub mod processes;
pub mod sampler;

pub use device::{
    Activity, ClockInfo, ClockKind, Device, DeviceKind, Energy, MemoryUsage, PowerInfo,
    ProcessInfo, Sensor, StaticInfo, Temperature,
};
pub use sampler::SAMPLE_WINDOW;

/// The version the libraries and tools report (ferrocm's).
pub const VERSION: &str = cpu::FERROCM_VERSION;

/// Failures of the inventory.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SmiError {
    #[error("no device {0}")]
    NoSuchDevice(usize),
}

/// ferrocm's devices.
pub struct Inventory {
    devices: Vec<Box<dyn Device>>,
}

impl std::fmt::Debug for Inventory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.devices.iter().map(|d| d.info()))
            .finish()
    }
}

/// Whether NVIDIA GPUs are looked for (`FERROCM_SMI_NVIDIA=0|off|false` hides them).
fn nvidia_enabled() -> bool {
    !matches!(
        std::env::var("FERROCM_SMI_NVIDIA").as_deref(),
        Ok("0") | Ok("off") | Ok("false")
    )
}

impl Inventory {
    /// The devices of this machine.
    pub fn discover() -> Inventory {
        let mut devices: Vec<Box<dyn Device>> = vec![Box::new(cpu::CpuDevice::new())];
        if nvidia_enabled() {
            devices.extend(
                nvidia::discover()
                    .into_iter()
                    .map(|d| Box::new(d) as Box<dyn Device>),
            );
        }
        Inventory { devices }
    }

    /// An inventory of the given devices (tests, embedding).
    pub fn from_devices(devices: Vec<Box<dyn Device>>) -> Inventory {
        Inventory { devices }
    }

    pub fn len(&self) -> usize {
        self.devices.len()
    }

    pub fn is_empty(&self) -> bool {
        self.devices.is_empty()
    }

    pub fn get(&self, index: usize) -> Result<&dyn Device, SmiError> {
        self.devices
            .get(index)
            .map(|d| d.as_ref())
            .ok_or(SmiError::NoSuchDevice(index))
    }

    pub fn iter(&self) -> impl Iterator<Item = &dyn Device> {
        self.devices.iter().map(|d| d.as_ref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cpu_device_comes_first() {
        let inv = Inventory::discover();
        assert!(!inv.is_empty());
        assert_eq!(inv.get(0).unwrap().info().kind, DeviceKind::Cpu);
        assert!(inv
            .iter()
            .skip(1)
            .all(|d| d.info().kind == DeviceKind::Nvidia));
        assert_eq!(
            inv.get(inv.len()).err(),
            Some(SmiError::NoSuchDevice(inv.len()))
        );
    }
}
