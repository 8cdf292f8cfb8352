//! NVIDIA GPUs over NVML (`libnvidia-ml.so.1`, loaded at run time by `nvml-wrapper`). A
//! machine without the driver has no NVIDIA devices; a query NVML refuses (not supported on
//! this board, no permission) is N/A.

use std::sync::Arc;

use nvml_wrapper::enum_wrappers::device::{Clock, TemperatureSensor, TemperatureThreshold};
use nvml_wrapper::enums::device::UsedGpuMemory;
use nvml_wrapper::Nvml;

use crate::cpu::host::Host;
use crate::device::{
    Activity, ClockInfo, ClockKind, Device, DeviceKind, Energy, MemoryUsage, PowerInfo,
    ProcessInfo, Sensor, StaticInfo, Temperature,
};

/// One NVIDIA GPU.
pub struct NvidiaDevice {
    nvml: Arc<Nvml>,
    index: u32,
    info: StaticInfo,
}

impl std::fmt::Debug for NvidiaDevice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NvidiaDevice")
            .field("index", &self.index)
            .field("info", &self.info)
            .finish()
    }
}

/// The NVIDIA GPUs NVML sees; none without the driver.
pub fn discover() -> Vec<NvidiaDevice> {
    let Ok(nvml) = Nvml::init() else {
        return Vec::new();
    };
    let nvml = Arc::new(nvml);
    let count = nvml.device_count().unwrap_or(0);
    let driver_version = nvml.sys_driver_version().unwrap_or_default();
    (0..count)
        .filter_map(|index| {
            let d = nvml.device_by_index(index).ok()?;
            let pci = d.pci_info().ok();
            let target = d
                .cuda_compute_capability()
                .map(|c| format!("sm_{}{}", c.major, c.minor))
                .unwrap_or_default();
            let info = StaticInfo {
                kind: DeviceKind::Nvidia,
                hip_ordinal: index,
                name: d.name().unwrap_or_default(),
                vendor: "NVIDIA".into(),
                vendor_id: Some(0x10de),
                // NVML's PCI device id holds the vendor id in its low 16 bits.
                device_id: pci.as_ref().map(|p| p.pci_device_id >> 16),
                subsystem_id: pci.as_ref().and_then(|p| p.pci_sub_system_id),
                bdf: pci.as_ref().map(|p| normalise_bus_id(&p.bus_id)),
                uuid: d.uuid().ok(),
                serial: d.serial().ok(),
                target,
                compute_units: None,
                driver_name: "nvidia".into(),
                driver_version: driver_version.clone(),
                numa_node: d.numa_node_id().ok(),
            };
            Some(NvidiaDevice {
                nvml: nvml.clone(),
                index,
                info,
            })
        })
        .collect()
}

/// NVML's `00000000:3B:00.0` as `0000:3b:00.0` (the form amd-smi and lspci print).
fn normalise_bus_id(id: &str) -> String {
    let id = id.trim_end_matches('\0').to_ascii_lowercase();
    match id.split_once(':') {
        Some((domain, rest)) if domain.len() > 4 => {
            format!("{}:{rest}", &domain[domain.len() - 4..])
        }
        _ => id,
    }
}

impl NvidiaDevice {
    fn with<T>(
        &self,
        f: impl FnOnce(&nvml_wrapper::Device<'_>) -> Result<T, nvml_wrapper::error::NvmlError>,
    ) -> Option<T> {
        let d = self.nvml.device_by_index(self.index).ok()?;
        f(&d).ok()
    }
}

impl Device for NvidiaDevice {
    fn info(&self) -> &StaticInfo {
        &self.info
    }

    fn activity(&self) -> Activity {
        match self.with(|d| d.utilization_rates()) {
            Some(u) => Activity {
                gfx: Some(u.gpu),
                memory: Some(u.memory),
            },
            None => Activity::default(),
        }
    }

    fn memory(&self) -> MemoryUsage {
        match self.with(|d| d.memory_info()) {
            Some(m) => MemoryUsage {
                total: Some(m.total),
                used: Some(m.used),
            },
            None => MemoryUsage::default(),
        }
    }

    fn clock(&self, kind: ClockKind) -> Option<ClockInfo> {
        let clock = match kind {
            ClockKind::Gfx => Clock::Graphics,
            ClockKind::Memory => Clock::Memory,
        };
        let c = ClockInfo {
            current_mhz: self.with(|d| d.clock_info(clock)),
            min_mhz: None,
            max_mhz: self.with(|d| d.max_clock_info(clock)),
        };
        (c != ClockInfo::default()).then_some(c)
    }

    fn temperature(&self, sensor: Sensor) -> Temperature {
        match sensor {
            Sensor::Edge => Temperature {
                current: self
                    .with(|d| d.temperature(TemperatureSensor::Gpu))
                    .map(f64::from),
                critical: self
                    .with(|d| d.temperature_threshold(TemperatureThreshold::Shutdown))
                    .map(f64::from),
            },
            Sensor::Hotspot => Temperature::default(),
            Sensor::Memory => Temperature {
                current: None,
                critical: self
                    .with(|d| d.temperature_threshold(TemperatureThreshold::MemoryMax))
                    .map(f64::from),
            },
        }
    }

    fn power(&self) -> PowerInfo {
        let watts = |mw: u32| f64::from(mw) / 1000.0;
        PowerInfo {
            current_w: self.with(|d| d.power_usage()).map(watts),
            cap_w: self.with(|d| d.enforced_power_limit()).map(watts),
            default_cap_w: self.with(|d| d.power_management_limit_default()).map(watts),
        }
    }

    fn energy(&self) -> Option<Energy> {
        // NVML counts millijoules.
        self.with(|d| d.total_energy_consumption())
            .map(|mj| Energy {
                microjoules: mj.saturating_mul(1000),
            })
    }

    fn fan_percent(&self) -> Option<u32> {
        self.with(|d| d.fan_speed(0))
    }

    fn processes(&self) -> Vec<ProcessInfo> {
        let host = Host::default();
        self.with(|d| d.running_compute_processes())
            .unwrap_or_default()
            .into_iter()
            .map(|p| ProcessInfo {
                pid: p.pid,
                name: std::fs::read_to_string(host.proc(&format!("{}/comm", p.pid)))
                    .map(|s| s.trim().to_string())
                    .unwrap_or_default(),
                device_memory: match p.used_gpu_memory {
                    UsedGpuMemory::Used(b) => Some(b),
                    UsedGpuMemory::Unavailable => None,
                },
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bus_ids_print_like_lspci() {
        assert_eq!(normalise_bus_id("00000000:3B:00.0"), "0000:3b:00.0");
        assert_eq!(normalise_bus_id("0000:3b:00.0"), "0000:3b:00.0");
    }
}
