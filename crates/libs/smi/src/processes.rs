//! Which processes use ferrocm: those that mapped the HIP or HSA runtime library
//! (`/proc/<pid>/maps`). Processes of other users are visible only to root, as with ROCm's
//! tools (their maps are unreadable otherwise).

use crate::cpu::host::Host;
use crate::device::ProcessInfo;

/// The runtime libraries whose mapping marks a process as a ferrocm (or ROCm) user.
const RUNTIME_LIBRARIES: &[&str] = &["libamdhip64.so", "libhsa-runtime64.so"];

/// A process that mapped a runtime library.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuntimeUser {
    pub pid: u32,
    pub name: String,
    /// Resident memory in bytes (`VmRSS`).
    pub resident: Option<u64>,
    /// The process's `HIP_PLATFORM`, where its environment is readable.
    pub hip_platform: Option<String>,
}

impl RuntimeUser {
    /// Whether the process runs on ferrocm's CPU platform (no `HIP_PLATFORM`, or one naming the
    /// CPU or AMD; an unreadable environment counts as the default).
    pub fn on_cpu_platform(&self) -> bool {
        match self.hip_platform.as_deref() {
            None | Some("") | Some("cpu") | Some("amd") | Some("hcc") => true,
            Some(_) => false,
        }
    }

    pub fn to_process_info(&self) -> ProcessInfo {
        ProcessInfo {
            pid: self.pid,
            name: self.name.clone(),
            device_memory: self.resident,
        }
    }
}

/// Every process that mapped a runtime library, by ascending pid.
pub fn runtime_users(host: &Host) -> Vec<RuntimeUser> {
    let Ok(entries) = std::fs::read_dir(&host.proc_root) else {
        return Vec::new();
    };
    let mut pids: Vec<u32> = entries
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
        .collect();
    pids.sort_unstable();
    pids.into_iter()
        .filter_map(|pid| runtime_user(host, pid))
        .collect()
}

/// The process `pid` if it mapped a runtime library.
pub fn runtime_user(host: &Host, pid: u32) -> Option<RuntimeUser> {
    let maps = std::fs::read_to_string(host.proc(&format!("{pid}/maps"))).ok()?;
    let uses = maps.lines().any(|l| {
        l.rsplit('/')
            .next()
            .is_some_and(|file| RUNTIME_LIBRARIES.iter().any(|lib| file.starts_with(lib)))
    });
    if !uses {
        return None;
    }
    let name = std::fs::read_to_string(host.proc(&format!("{pid}/comm")))
        .map(|s| s.trim().to_string())
        .unwrap_or_default();
    let resident = std::fs::read_to_string(host.proc(&format!("{pid}/status")))
        .ok()
        .and_then(|s| {
            s.lines().find_map(|l| {
                let v = l.strip_prefix("VmRSS:")?;
                let kb: u64 = v.split_whitespace().next()?.parse().ok()?;
                Some(kb * 1024)
            })
        });
    let hip_platform = std::fs::read(host.proc(&format!("{pid}/environ")))
        .ok()
        .and_then(|env| {
            env.split(|&b| b == 0).find_map(|var| {
                let v = var.strip_prefix(b"HIP_PLATFORM=")?;
                Some(String::from_utf8_lossy(v).into_owned())
            })
        });
    Some(RuntimeUser {
        pid,
        name,
        resident,
        hip_platform,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cpu::host::tests::fake;

    #[test]
    fn finds_processes_that_mapped_the_runtime() {
        let (_d, host) = fake(&[
            (
                "proc/10/maps",
                "7f00-7f10 r-xp 0 08:01 1 /opt/ferrocm/lib/libamdhip64.so\n",
            ),
            ("proc/10/comm", "vectorAdd\n"),
            ("proc/10/status", "Name:\tvectorAdd\nVmRSS:\t  2048 kB\n"),
            ("proc/10/environ", "A=b\0HIP_PLATFORM=nvidia\0"),
            (
                "proc/11/maps",
                "7f00-7f10 r-xp 0 08:01 1 /usr/lib/libc.so.6\n",
            ),
            ("proc/11/comm", "bash\n"),
            (
                "proc/12/maps",
                "7f00-7f10 r-xp 0 08:01 1 /x/libhsa-runtime64.so.1\n",
            ),
            ("proc/12/comm", "rocminfo\n"),
            ("proc/self/maps", "not a pid\n"),
        ]);
        let users = runtime_users(&host);
        assert_eq!(users.len(), 2);
        assert_eq!(users[0].pid, 10);
        assert_eq!(users[0].name, "vectorAdd");
        assert_eq!(users[0].resident, Some(2048 * 1024));
        assert_eq!(users[0].hip_platform.as_deref(), Some("nvidia"));
        assert!(!users[0].on_cpu_platform());
        assert_eq!(users[1].pid, 12);
        assert_eq!(users[1].resident, None, "no status file: N/A");
        assert!(users[1].on_cpu_platform());
    }

    #[test]
    fn this_test_process_is_not_a_runtime_user() {
        let host = Host::default();
        assert_eq!(runtime_user(&host, std::process::id()), None);
    }
}
