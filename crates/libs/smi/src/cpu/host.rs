//! Reading the host's `/proc` and `/sys`. Every path is taken relative to a root pair so that
//! tests can point the readers at a tree of their own.

use std::path::{Path, PathBuf};

/// Where `/proc` and `/sys` are.
#[derive(Debug, Clone)]
pub struct Host {
    pub proc_root: PathBuf,
    pub sys_root: PathBuf,
}

impl Default for Host {
    fn default() -> Host {
        Host {
            proc_root: PathBuf::from("/proc"),
            sys_root: PathBuf::from("/sys"),
        }
    }
}

/// Cumulative CPU time of all cores (`/proc/stat`'s first line), in clock ticks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CpuTimes {
    pub busy: u64,
    pub total: u64,
}

fn read(path: &Path) -> Option<String> {
    std::fs::read_to_string(path).ok()
}

fn read_u64(path: &Path) -> Option<u64> {
    read(path)?.trim().parse().ok()
}

impl Host {
    pub fn proc(&self, rel: &str) -> PathBuf {
        self.proc_root.join(rel)
    }

    pub fn sys(&self, rel: &str) -> PathBuf {
        self.sys_root.join(rel)
    }

    /// `/proc/stat`'s aggregate line: busy is everything but idle and iowait.
    pub fn cpu_times(&self) -> Option<CpuTimes> {
        let stat = read(&self.proc("stat"))?;
        let line = stat.lines().find(|l| l.starts_with("cpu "))?;
        let fields: Vec<u64> = line
            .split_whitespace()
            .skip(1)
            .map(|f| f.parse().ok())
            .collect::<Option<_>>()?;
        // user nice system idle iowait irq softirq steal [guest guest_nice]; guest time is
        // already counted in user/nice.
        let total: u64 = fields.iter().take(8).sum();
        let idle = fields.get(3).copied()? + fields.get(4).copied().unwrap_or(0);
        Some(CpuTimes {
            busy: total.saturating_sub(idle),
            total,
        })
    }

    /// A `/proc/meminfo` field in bytes.
    pub fn meminfo(&self, key: &str) -> Option<u64> {
        let info = read(&self.proc("meminfo"))?;
        info.lines().find_map(|l| {
            let (k, v) = l.split_once(':')?;
            if k.trim() != key {
                return None;
            }
            let mut it = v.split_whitespace();
            let n: u64 = it.next()?.parse().ok()?;
            Some(match it.next() {
                Some("kB") => n * 1024,
                _ => n,
            })
        })
    }

    /// The first value of a `/proc/cpuinfo` field.
    pub fn cpuinfo(&self, key: &str) -> Option<String> {
        self.cpuinfo_all(key).into_iter().next()
    }

    /// Every value of a `/proc/cpuinfo` field (one per logical CPU for per-CPU fields).
    pub fn cpuinfo_all(&self, key: &str) -> Vec<String> {
        let Some(info) = read(&self.proc("cpuinfo")) else {
            return Vec::new();
        };
        info.lines()
            .filter_map(|l| {
                let (k, v) = l.split_once(':')?;
                (k.trim() == key).then(|| v.trim().to_string())
            })
            .collect()
    }

    /// The online CPUs (`/sys/devices/system/cpu/online`, e.g. `0-3,6`).
    pub fn online_cpus(&self) -> Vec<u32> {
        let Some(list) = read(&self.sys("devices/system/cpu/online")) else {
            return Vec::new();
        };
        parse_cpu_list(list.trim())
    }

    /// Current, minimum and maximum core clocks in MHz: cpufreq where the kernel has it,
    /// else the current clock from `/proc/cpuinfo` (x86) alone.
    pub fn core_clock(&self) -> (Option<u32>, Option<u32>, Option<u32>) {
        let cpus = self.online_cpus();
        let khz = |cpu: u32, f: &str| {
            read_u64(&self.sys(&format!("devices/system/cpu/cpu{cpu}/cpufreq/{f}")))
        };
        let current: Vec<u64> = cpus
            .iter()
            .filter_map(|&c| khz(c, "scaling_cur_freq"))
            .collect();
        let current_mhz = if current.is_empty() {
            let mhz: Vec<f64> = self
                .cpuinfo_all("cpu MHz")
                .iter()
                .filter_map(|s| s.parse().ok())
                .collect();
            (!mhz.is_empty()).then(|| (mhz.iter().sum::<f64>() / mhz.len() as f64).round() as u32)
        } else {
            Some((current.iter().sum::<u64>() / current.len() as u64 / 1000) as u32)
        };
        let first = cpus.first().copied().unwrap_or(0);
        let min = khz(first, "cpuinfo_min_freq").map(|k| (k / 1000) as u32);
        let max = khz(first, "cpuinfo_max_freq").map(|k| (k / 1000) as u32);
        (current_mhz, min, max)
    }

    /// The CPU package temperature sensor: a hwmon device of a CPU temperature driver, else a
    /// thermal zone of a CPU type. Returns (current, critical) in °C.
    pub fn package_temperature(&self) -> Option<(f64, Option<f64>)> {
        const HWMON_DRIVERS: &[&str] = &["k10temp", "coretemp", "zenpower", "cpu_thermal"];
        const ZONE_TYPES: &[&str] = &["x86_pkg_temp", "cpu-thermal", "cpu_thermal", "soc_thermal"];
        let milli = |p: PathBuf| {
            read(&p)?
                .trim()
                .parse::<i64>()
                .ok()
                .map(|m| m as f64 / 1000.0)
        };
        for dir in sorted_entries(&self.sys("class/hwmon")) {
            let name = read(&dir.join("name")).unwrap_or_default();
            if HWMON_DRIVERS.contains(&name.trim()) {
                if let Some(t) = milli(dir.join("temp1_input")) {
                    return Some((t, milli(dir.join("temp1_crit"))));
                }
            }
        }
        for dir in sorted_entries(&self.sys("class/thermal")) {
            let kind = read(&dir.join("type")).unwrap_or_default();
            if ZONE_TYPES.contains(&kind.trim()) {
                if let Some(t) = milli(dir.join("temp")) {
                    // The zone's critical trip point, where it has one.
                    let critical = (0..8).find_map(|i| {
                        let trip = read(&dir.join(format!("trip_point_{i}_type")))?;
                        if trip.trim() == "critical" {
                            milli(dir.join(format!("trip_point_{i}_temp")))
                        } else {
                            None
                        }
                    });
                    return Some((t, critical));
                }
            }
        }
        None
    }

    /// The RAPL package-0 domain (`/sys/class/powercap/intel-rapl:0`, also on AMD Zen).
    pub fn rapl_dir(&self) -> Option<PathBuf> {
        let dir = self.sys("class/powercap/intel-rapl:0");
        dir.join("energy_uj").is_file().then_some(dir)
    }

    /// The RAPL package energy counter in µJ (often readable by root only).
    pub fn rapl_energy_uj(&self) -> Option<u64> {
        read_u64(&self.rapl_dir()?.join("energy_uj"))
    }

    /// Where the counter wraps.
    pub fn rapl_max_energy_uj(&self) -> Option<u64> {
        read_u64(&self.rapl_dir()?.join("max_energy_range_uj"))
    }

    /// The long-term package power limit in W.
    pub fn rapl_power_limit_w(&self) -> Option<f64> {
        read_u64(&self.rapl_dir()?.join("constraint_0_power_limit_uw")).map(|uw| uw as f64 / 1e6)
    }

    /// The NUMA node of CPU 0.
    pub fn numa_node_of_cpu0(&self) -> Option<u32> {
        sorted_entries(&self.sys("devices/system/cpu/cpu0"))
            .iter()
            .find_map(|p| p.file_name()?.to_str()?.strip_prefix("node")?.parse().ok())
    }
}

/// The entries of a directory, sorted (for a stable choice among several sensors).
fn sorted_entries(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|it| it.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    v.sort();
    v
}

/// Parses a kernel CPU list (`0-3,6,8-9`).
pub fn parse_cpu_list(s: &str) -> Vec<u32> {
    let mut out = Vec::new();
    for part in s.split(',').filter(|p| !p.is_empty()) {
        match part.split_once('-') {
            Some((a, b)) => {
                if let (Ok(a), Ok(b)) = (a.parse::<u32>(), b.parse::<u32>()) {
                    out.extend(a..=b);
                }
            }
            None => out.extend(part.parse::<u32>().ok()),
        }
    }
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A fake `/proc` + `/sys` tree.
    pub(crate) fn fake(files: &[(&str, &str)]) -> (tempdir::Dir, Host) {
        let dir = tempdir::Dir::new();
        for (path, body) in files {
            let p = dir.0.join(path);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, body).unwrap();
        }
        let host = Host {
            proc_root: dir.0.join("proc"),
            sys_root: dir.0.join("sys"),
        };
        (dir, host)
    }

    pub(crate) mod tempdir {
        use std::path::PathBuf;
        use std::sync::atomic::{AtomicU32, Ordering};

        pub struct Dir(pub PathBuf);
        impl Dir {
            pub fn new() -> Dir {
                static N: AtomicU32 = AtomicU32::new(0);
                let p = std::env::temp_dir().join(format!(
                    "ferrocm-smi-test-{}-{}",
                    std::process::id(),
                    N.fetch_add(1, Ordering::Relaxed)
                ));
                std::fs::create_dir_all(&p).unwrap();
                Dir(p)
            }
        }
        impl Drop for Dir {
            fn drop(&mut self) {
                let _ = std::fs::remove_dir_all(&self.0);
            }
        }
    }

    #[test]
    fn cpu_lists() {
        assert_eq!(parse_cpu_list("0-3,6,8-9"), vec![0, 1, 2, 3, 6, 8, 9]);
        assert_eq!(parse_cpu_list("0"), vec![0]);
        assert!(parse_cpu_list("").is_empty());
    }

    #[test]
    fn proc_stat_and_meminfo() {
        let (_d, h) = fake(&[
            (
                "proc/stat",
                "cpu  100 0 50 800 50 0 0 0 0 0\ncpu0 100 0 50 800 50 0 0 0 0 0\n",
            ),
            (
                "proc/meminfo",
                "MemTotal:       1000 kB\nMemAvailable:    250 kB\n",
            ),
        ]);
        assert_eq!(
            h.cpu_times(),
            Some(CpuTimes {
                busy: 150,
                total: 1000
            })
        );
        assert_eq!(h.meminfo("MemTotal"), Some(1_024_000));
        assert_eq!(h.meminfo("MemAvailable"), Some(256_000));
        assert_eq!(h.meminfo("SwapTotal"), None);
    }

    #[test]
    fn clocks_from_cpufreq_or_cpuinfo() {
        let (_d, h) = fake(&[
            ("sys/devices/system/cpu/online", "0-1\n"),
            (
                "sys/devices/system/cpu/cpu0/cpufreq/scaling_cur_freq",
                "2000000\n",
            ),
            (
                "sys/devices/system/cpu/cpu1/cpufreq/scaling_cur_freq",
                "3000000\n",
            ),
            (
                "sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_min_freq",
                "800000\n",
            ),
            (
                "sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq",
                "4000000\n",
            ),
        ]);
        assert_eq!(h.core_clock(), (Some(2500), Some(800), Some(4000)));
        let (_d, h) = fake(&[
            ("sys/devices/system/cpu/online", "0-1\n"),
            (
                "proc/cpuinfo",
                "cpu MHz\t\t: 2000.4\n\ncpu MHz\t\t: 2001.0\n",
            ),
        ]);
        assert_eq!(h.core_clock(), (Some(2001), None, None));
        let (_d, h) = fake(&[]);
        assert_eq!(h.core_clock(), (None, None, None));
    }

    #[test]
    fn temperature_from_hwmon_then_thermal_zone() {
        let (_d, h) = fake(&[
            ("sys/class/hwmon/hwmon0/name", "nvme\n"),
            ("sys/class/hwmon/hwmon0/temp1_input", "30000\n"),
            ("sys/class/hwmon/hwmon1/name", "k10temp\n"),
            ("sys/class/hwmon/hwmon1/temp1_input", "45500\n"),
            ("sys/class/hwmon/hwmon1/temp1_crit", "95000\n"),
        ]);
        assert_eq!(h.package_temperature(), Some((45.5, Some(95.0))));
        let (_d, h) = fake(&[
            ("sys/class/thermal/thermal_zone0/type", "acpitz\n"),
            ("sys/class/thermal/thermal_zone0/temp", "20000\n"),
            ("sys/class/thermal/thermal_zone1/type", "x86_pkg_temp\n"),
            ("sys/class/thermal/thermal_zone1/temp", "51000\n"),
            (
                "sys/class/thermal/thermal_zone1/trip_point_0_type",
                "passive\n",
            ),
            (
                "sys/class/thermal/thermal_zone1/trip_point_0_temp",
                "90000\n",
            ),
            (
                "sys/class/thermal/thermal_zone1/trip_point_1_type",
                "critical\n",
            ),
            (
                "sys/class/thermal/thermal_zone1/trip_point_1_temp",
                "100000\n",
            ),
        ]);
        assert_eq!(h.package_temperature(), Some((51.0, Some(100.0))));
        let (_d, h) = fake(&[("sys/class/hwmon/hwmon0/name", "nvme\n")]);
        assert_eq!(h.package_temperature(), None, "no CPU sensor: N/A");
    }

    #[test]
    fn rapl() {
        let (_d, h) = fake(&[
            ("sys/class/powercap/intel-rapl:0/energy_uj", "123456\n"),
            (
                "sys/class/powercap/intel-rapl:0/constraint_0_power_limit_uw",
                "65000000\n",
            ),
        ]);
        assert_eq!(h.rapl_energy_uj(), Some(123456));
        assert_eq!(h.rapl_power_limit_w(), Some(65.0));
        let (_d, h) = fake(&[]);
        assert_eq!(h.rapl_energy_uj(), None);
    }
}
