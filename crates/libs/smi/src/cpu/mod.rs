//! The CPU device: the host processor that ferrocm's CPU platform runs HIP kernels on, read
//! from `/proc` and `/sys`. Utilisation is the non-idle share of all cores' time; memory is
//! host memory (hipMalloc on the CPU platform allocates it); clocks come from cpufreq or
//! `/proc/cpuinfo`; temperature from a CPU hwmon driver or thermal zone; power from RAPL. What
//! the kernel does not expose is N/A.

pub mod host;

use std::time::Duration;

use crate::device::{
    Activity, ClockInfo, ClockKind, Device, DeviceKind, Energy, MemoryUsage, PowerInfo,
    ProcessInfo, Sensor, StaticInfo, Temperature,
};
use crate::processes;
use crate::sampler::{Sampler, SAMPLE_WINDOW};
use host::{CpuTimes, Host};

/// The CPU device.
#[derive(Debug)]
pub struct CpuDevice {
    host: Host,
    info: StaticInfo,
    cpu_times: Sampler<CpuTimes>,
    energy: Sampler<u64>,
}

/// ferrocm's version, which the CPU device reports as its driver version.
pub const FERROCM_VERSION: &str = env!("CARGO_PKG_VERSION");

fn vendor_of(vendor_id: &str) -> (String, Option<u32>) {
    match vendor_id {
        "AuthenticAMD" => ("AMD".into(), Some(0x1002)),
        "GenuineIntel" => ("Intel".into(), Some(0x8086)),
        "" => ("CPU".into(), None),
        other => (other.to_string(), None),
    }
}

impl CpuDevice {
    /// The CPU device of this machine.
    pub fn new() -> CpuDevice {
        CpuDevice::with_host(Host::default())
    }

    /// The CPU device described by another `/proc` + `/sys` tree (tests).
    pub fn with_host(host: Host) -> CpuDevice {
        let name = host
            .cpuinfo("model name")
            .or_else(|| host.cpuinfo("Model"))
            .unwrap_or_else(|| format!("{} CPU", std::env::consts::ARCH));
        let (vendor, vendor_id) = vendor_of(&host.cpuinfo("vendor_id").unwrap_or_default());
        let cpus = host.online_cpus().len() as u32;
        let info = StaticInfo {
            kind: DeviceKind::Cpu,
            hip_ordinal: 0,
            name,
            vendor,
            vendor_id,
            device_id: None,
            subsystem_id: None,
            bdf: None,
            uuid: None,
            serial: None,
            target: format!("{}-ferrocm-linux--cpu", std::env::consts::ARCH),
            compute_units: (cpus > 0).then_some(cpus),
            driver_name: "ferrocm".into(),
            driver_version: FERROCM_VERSION.into(),
            numa_node: host.numa_node_of_cpu0(),
        };
        CpuDevice {
            host,
            info,
            cpu_times: Sampler::new(SAMPLE_WINDOW),
            energy: Sampler::new(SAMPLE_WINDOW),
        }
    }

    /// Like [`CpuDevice::with_host`] with a shorter sampling window (tests).
    pub fn with_host_and_window(host: Host, window: Duration) -> CpuDevice {
        let mut d = CpuDevice::with_host(host);
        d.cpu_times = Sampler::new(window);
        d.energy = Sampler::new(window);
        d
    }
}

impl Default for CpuDevice {
    fn default() -> Self {
        CpuDevice::new()
    }
}

impl Device for CpuDevice {
    fn info(&self) -> &StaticInfo {
        &self.info
    }

    fn activity(&self) -> Activity {
        let gfx = self
            .cpu_times
            .pair(|| self.host.cpu_times())
            .and_then(|(a, b, _)| {
                let total = b.total.checked_sub(a.total)?;
                let busy = b.busy.checked_sub(a.busy)?;
                // No tick elapsed (a very idle or very coarse clock): nothing was busy.
                Some(
                    (busy * 100 + total / 2)
                        .checked_div(total)
                        .map_or(0, |p| p.min(100) as u32),
                )
            });
        Activity { gfx, memory: None }
    }

    fn memory(&self) -> MemoryUsage {
        let total = self.host.meminfo("MemTotal");
        let used = total.and_then(|t| Some(t.saturating_sub(self.host.meminfo("MemAvailable")?)));
        MemoryUsage { total, used }
    }

    fn clock(&self, kind: ClockKind) -> Option<ClockInfo> {
        match kind {
            ClockKind::Gfx => {
                let (current_mhz, min_mhz, max_mhz) = self.host.core_clock();
                let c = ClockInfo {
                    current_mhz,
                    min_mhz,
                    max_mhz,
                };
                (c != ClockInfo::default()).then_some(c)
            }
            // The memory clock of a host is not exposed by Linux.
            ClockKind::Memory => None,
        }
    }

    fn temperature(&self, sensor: Sensor) -> Temperature {
        match sensor {
            Sensor::Edge => self
                .host
                .package_temperature()
                .map(|(current, critical)| Temperature {
                    current: Some(current),
                    critical,
                })
                .unwrap_or_default(),
            Sensor::Hotspot | Sensor::Memory => Temperature::default(),
        }
    }

    fn power(&self) -> PowerInfo {
        let current_w = if self.host.rapl_dir().is_some() {
            let wrap = self.host.rapl_max_energy_uj();
            self.energy
                .pair(|| self.host.rapl_energy_uj())
                .and_then(|(a, b, dt)| {
                    let uj = if b >= a { b - a } else { wrap? - a + b };
                    Some(uj as f64 / 1e6 / dt.as_secs_f64())
                })
        } else {
            None
        };
        let cap_w = self.host.rapl_power_limit_w();
        PowerInfo {
            current_w,
            cap_w,
            default_cap_w: None,
        }
    }

    fn energy(&self) -> Option<Energy> {
        self.host
            .rapl_energy_uj()
            .map(|microjoules| Energy { microjoules })
    }

    fn fan_percent(&self) -> Option<u32> {
        None
    }

    fn processes(&self) -> Vec<ProcessInfo> {
        processes::runtime_users(&self.host)
            .iter()
            .filter(|u| u.on_cpu_platform())
            .map(|u| u.to_process_info())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::host::tests::fake;
    use super::*;

    #[test]
    fn a_fake_machine_reads_back() {
        let (dir, host) = fake(&[
            (
                "proc/cpuinfo",
                "vendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 7B13\ncpu MHz\t\t: 2450.0\n",
            ),
            ("proc/stat", "cpu  100 0 0 900 0 0 0 0 0 0\n"),
            (
                "proc/meminfo",
                "MemTotal:       4096 kB\nMemAvailable:   1024 kB\n",
            ),
            ("sys/devices/system/cpu/online", "0-3\n"),
            ("proc/7/maps", "0-1 r-xp 0 0:0 1 /d/lib/libamdhip64.so\n"),
            ("proc/7/comm", "app\n"),
        ]);
        let d = CpuDevice::with_host_and_window(host, Duration::from_millis(1));
        let i = d.info();
        assert_eq!(i.name, "AMD EPYC 7B13");
        assert_eq!((i.vendor.as_str(), i.vendor_id), ("AMD", Some(0x1002)));
        assert_eq!(i.compute_units, Some(4));
        assert_eq!(i.uuid, None);
        let m = d.memory();
        assert_eq!(
            (m.total, m.used, m.free()),
            (Some(4 << 20), Some(3 << 20), Some(1 << 20))
        );
        // /proc/stat does not move in the fake: nothing was busy in the window.
        assert_eq!(d.activity().gfx, Some(0));
        std::fs::write(dir.0.join("proc/stat"), "cpu  150 0 0 950 0 0 0 0 0 0\n").unwrap();
        assert_eq!(d.activity().gfx, Some(50), "50 of 100 ticks busy");
        assert_eq!(
            d.clock(ClockKind::Gfx),
            Some(ClockInfo {
                current_mhz: Some(2450),
                min_mhz: None,
                max_mhz: None
            })
        );
        assert_eq!(d.clock(ClockKind::Memory), None);
        assert_eq!(d.temperature(Sensor::Edge), Temperature::default());
        assert_eq!(d.power(), PowerInfo::default(), "no RAPL: N/A");
        assert_eq!(d.energy(), None);
        assert_eq!(d.fan_percent(), None);
        let p = d.processes();
        assert_eq!(p.len(), 1);
        assert_eq!((p[0].pid, p[0].name.as_str()), (7, "app"));
    }

    #[test]
    fn rapl_power_is_measured_over_the_window() {
        let (dir, host) = fake(&[
            ("sys/class/powercap/intel-rapl:0/energy_uj", "1000000\n"),
            (
                "sys/class/powercap/intel-rapl:0/max_energy_range_uj",
                "2000000\n",
            ),
        ]);
        let d = CpuDevice::with_host_and_window(host, Duration::from_millis(1));
        assert_eq!(d.power().current_w, Some(0.0));
        // The counter wrapped: 1_000_000 -> 2_000_000 (wrap) -> 500_000 is 1.5 J.
        std::fs::write(
            dir.0.join("sys/class/powercap/intel-rapl:0/energy_uj"),
            "500000\n",
        )
        .unwrap();
        let w = d.power().current_w.expect("a power reading");
        assert!(w > 0.0, "{w}");
        assert_eq!(
            d.energy(),
            Some(Energy {
                microjoules: 500000
            })
        );
    }

    #[test]
    fn the_real_machine_reports_what_it_has() {
        let d = CpuDevice::new();
        let m = d.memory();
        assert!(m.total.unwrap() > 0 && m.used.unwrap() <= m.total.unwrap());
        let a = d.activity().gfx.expect("/proc/stat is always there");
        assert!(a <= 100);
        // Temperature is present exactly when the kernel exposes a CPU sensor.
        let t = d.temperature(Sensor::Edge);
        assert_eq!(
            t.current.is_some(),
            Host::default().package_temperature().is_some()
        );
    }
}
