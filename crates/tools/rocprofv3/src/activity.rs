//! Kernel dispatches, memory copies and memory allocations: the `<pid>.activity` files that
//! `libamdhip64.so` writes at exit (`crates/capi/amdhip64/src/profiler_activity.rs` has the
//! format), and the records rocprofv3 reports from them.
//!
//! Agents are numbered as rocprofv3 numbers HSA agents on a machine with one CPU: agent 0 is
//! the host, HIP device `d` is agent `d + 1`.

use std::fmt;

/// The first word of an activity file.
pub const MAGIC: &str = "ferrocm-activity";
/// The format version read here.
pub const VERSION: u32 = 1;

/// An agent id (`Agent_Id`, `Source_Agent_Id`, ...): 0 the host, `d + 1` HIP device `d`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Agent(pub u64);

impl Agent {
    pub const HOST: Agent = Agent(0);

    fn parse(s: &str) -> Option<Agent> {
        if s == "host" {
            return Some(Agent::HOST);
        }
        s.parse::<u64>().ok().map(|d| Agent(d + 1))
    }

    pub fn is_host(self) -> bool {
        self == Agent::HOST
    }
}

impl fmt::Display for Agent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// One kernel dispatch as it ran.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KernelRecord {
    /// The HIP call that launched it: the library's id in the file, rocprofv3's once merged.
    pub correlation_id: u64,
    pub thread_id: u64,
    pub agent: Agent,
    /// The stream (`hipStream_t` value): rocprofv3's `Queue_Id`.
    pub queue: u64,
    pub start_ns: u64,
    pub end_ns: u64,
    pub private_segment_size: u32,
    pub group_segment_size: u32,
    pub workgroup: [u32; 3],
    pub grid: [u32; 3],
    /// The kernel's symbol as recorded (mangled for C++ kernels).
    pub symbol: String,
    /// Numbered when merged: 1, 2, ... in start order.
    pub dispatch_id: u64,
    /// Numbered when merged: one per kernel name, in order of first dispatch.
    pub kernel_id: u64,
}

/// The direction of a copy, rocprofv3's names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Direction {
    HostToHost,
    HostToDevice,
    DeviceToHost,
    DeviceToDevice,
}

impl Direction {
    pub fn of(src: Agent, dst: Agent) -> Direction {
        match (src.is_host(), dst.is_host()) {
            (true, true) => Direction::HostToHost,
            (true, false) => Direction::HostToDevice,
            (false, true) => Direction::DeviceToHost,
            (false, false) => Direction::DeviceToDevice,
        }
    }

    /// The `Direction` column (rocprofiler's `ROCPROFILER_MEMORY_COPY_*` without the prefix).
    pub fn name(self) -> &'static str {
        match self {
            Direction::HostToHost => "MEMORY_COPY_HOST_TO_HOST",
            Direction::HostToDevice => "MEMORY_COPY_HOST_TO_DEVICE",
            Direction::DeviceToHost => "MEMORY_COPY_DEVICE_TO_HOST",
            Direction::DeviceToDevice => "MEMORY_COPY_DEVICE_TO_DEVICE",
        }
    }

    pub const ALL: [Direction; 4] = [
        Direction::HostToHost,
        Direction::HostToDevice,
        Direction::DeviceToHost,
        Direction::DeviceToDevice,
    ];
}

/// One memory copy as it ran.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CopyRecord {
    pub correlation_id: u64,
    pub thread_id: u64,
    pub src: Agent,
    pub dst: Agent,
    pub queue: u64,
    pub bytes: u64,
    pub start_ns: u64,
    pub end_ns: u64,
}

impl CopyRecord {
    pub fn direction(&self) -> Direction {
        Direction::of(self.src, self.dst)
    }
}

/// One allocation or free.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AllocationRecord {
    pub correlation_id: u64,
    pub thread_id: u64,
    pub free: bool,
    pub agent: Agent,
    pub address: u64,
    pub size: u64,
    pub start_ns: u64,
    pub end_ns: u64,
}

impl AllocationRecord {
    /// The `Operation` column.
    pub fn operation(&self) -> &'static str {
        if self.free {
            "MEMORY_ALLOCATION_FREE"
        } else {
            "MEMORY_ALLOCATION_ALLOCATE"
        }
    }
}

/// What one process's activity file held.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Activity {
    pub kernels: Vec<KernelRecord>,
    pub copies: Vec<CopyRecord>,
    pub allocations: Vec<AllocationRecord>,
}

impl Activity {
    pub fn is_empty(&self) -> bool {
        self.kernels.is_empty() && self.copies.is_empty() && self.allocations.is_empty()
    }

    pub fn extend(&mut self, other: Activity) {
        self.kernels.extend(other.kernels);
        self.copies.extend(other.copies);
        self.allocations.extend(other.allocations);
    }
}

/// Why an activity file could not be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ActivityError {
    #[error("not a ferrocm activity file (first line {0:?})")]
    BadHeader(String),
    #[error("activity format version {0} (this rocprofv3 reads version {VERSION})")]
    Version(u32),
    #[error("line {line}: {what}")]
    BadLine { line: usize, what: String },
}

/// Parses the runs of one file (each starts with its header line): `(pid, activity)` each.
pub fn parse(text: &str) -> Result<Vec<(u32, Activity)>, ActivityError> {
    let mut runs: Vec<(u32, Activity)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        let bad = |what: &str| ActivityError::BadLine {
            line: n,
            what: what.to_string(),
        };
        if line.is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix(MAGIC) {
            let words: Vec<&str> = rest.split_whitespace().collect();
            let [version, pid] = words[..] else {
                return Err(ActivityError::BadHeader(line.to_string()));
            };
            let version: u32 = version
                .parse()
                .map_err(|_| ActivityError::BadHeader(line.to_string()))?;
            if version != VERSION {
                return Err(ActivityError::Version(version));
            }
            let pid = pid
                .parse()
                .map_err(|_| ActivityError::BadHeader(line.to_string()))?;
            runs.push((pid, Activity::default()));
            continue;
        }
        let Some((_, activity)) = runs.last_mut() else {
            return Err(ActivityError::BadHeader(line.to_string()));
        };
        let fields: Vec<&str> = line.split('\t').collect();
        let num = |i: usize| -> Result<u64, ActivityError> {
            fields
                .get(i)
                .and_then(|f| f.parse().ok())
                .ok_or_else(|| bad(&format!("field {i} is not a number")))
        };
        let small = |i: usize| -> Result<u32, ActivityError> {
            u32::try_from(num(i)?).map_err(|_| bad(&format!("field {i} is too large")))
        };
        let agent = |i: usize| -> Result<Agent, ActivityError> {
            fields
                .get(i)
                .and_then(|f| Agent::parse(f))
                .ok_or_else(|| bad(&format!("field {i} is not an agent")))
        };
        match fields[0] {
            "kernel" if fields.len() == 16 => activity.kernels.push(KernelRecord {
                correlation_id: num(1)?,
                thread_id: num(2)?,
                agent: agent(3)?,
                queue: num(4)?,
                start_ns: num(5)?,
                end_ns: num(6)?.max(num(5)?),
                private_segment_size: small(7)?,
                group_segment_size: small(8)?,
                workgroup: [small(9)?, small(10)?, small(11)?],
                grid: [small(12)?, small(13)?, small(14)?],
                symbol: fields[15].to_string(),
                dispatch_id: 0,
                kernel_id: 0,
            }),
            "copy" if fields.len() == 9 => activity.copies.push(CopyRecord {
                correlation_id: num(1)?,
                thread_id: num(2)?,
                src: agent(3)?,
                dst: agent(4)?,
                queue: num(5)?,
                bytes: num(6)?,
                start_ns: num(7)?,
                end_ns: num(8)?.max(num(7)?),
            }),
            "alloc" if fields.len() == 9 => activity.allocations.push(AllocationRecord {
                correlation_id: num(1)?,
                thread_id: num(2)?,
                free: match fields[3] {
                    "alloc" => false,
                    "free" => true,
                    _ => return Err(bad("operation is neither alloc nor free")),
                },
                agent: agent(4)?,
                address: num(5)?,
                size: num(6)?,
                start_ns: num(7)?,
                end_ns: num(8)?.max(num(7)?),
            }),
            other => return Err(bad(&format!("unknown record {other:?}"))),
        }
    }
    Ok(runs)
}

/// A kernel's name as rocprofv3 prints it by default: demangled when it is a C++ symbol.
pub fn demangle(symbol: &str) -> String {
    cpp_demangle::Symbol::new(symbol)
        .ok()
        .and_then(|s| s.demangle().ok())
        .unwrap_or_else(|| symbol.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_parse_with_agents_numbered_from_the_host() {
        let text = "ferrocm-activity 1 7\n\
                    kernel\t3\t7\t0\t99\t10\t20\t8\t16\t64\t1\t1\t256\t1\t1\t_Z4fillPffi\n\
                    copy\t4\t7\t0\thost\t99\t1024\t30\t40\n\
                    alloc\t2\t7\talloc\t0\t4096\t64\t5\t6\n\
                    ferrocm-activity 1 8\n\
                    alloc\t1\t8\tfree\thost\t4096\t0\t5\t6\n";
        let runs = parse(text).expect("parses");
        assert_eq!(runs.len(), 2);
        let (pid, a) = &runs[0];
        assert_eq!(*pid, 7);
        let k = &a.kernels[0];
        assert_eq!(
            (k.agent, k.queue, k.start_ns, k.end_ns),
            (Agent(1), 99, 10, 20)
        );
        assert_eq!((k.workgroup, k.grid), ([64, 1, 1], [256, 1, 1]));
        assert_eq!(demangle(&k.symbol), "fill(float*, float, int)");
        assert_eq!(a.copies[0].direction(), Direction::DeviceToHost);
        assert_eq!(a.copies[0].bytes, 1024);
        assert_eq!(a.allocations[0].operation(), "MEMORY_ALLOCATION_ALLOCATE");
        assert_eq!(runs[1].1.allocations[0].agent, Agent::HOST);
        assert!(runs[1].1.allocations[0].free);
        assert_eq!(demangle("plain_c_kernel"), "plain_c_kernel");
    }

    #[test]
    fn bad_files_are_refused_with_the_line() {
        assert!(matches!(
            parse("kernel\t1\n"),
            Err(ActivityError::BadHeader(_))
        ));
        assert_eq!(
            parse("ferrocm-activity 2 7\n"),
            Err(ActivityError::Version(2))
        );
        assert!(matches!(
            parse("ferrocm-activity 1 7\ncopy\t1\t2\tnowhere\thost\t0\t1\t2\t3\n"),
            Err(ActivityError::BadLine { line: 2, .. })
        ));
    }
}
