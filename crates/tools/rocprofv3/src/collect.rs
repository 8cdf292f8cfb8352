//! From the trace files the in-process recorders wrote to what rocprofv3 reports, per
//! process: records of the requested domains, paused intervals left out, correlation ids
//! made unique across libraries, kernel dispatches and copies linked to the calls that
//! made them.

use std::collections::{BTreeMap, HashMap};
use std::io;
use std::path::{Path, PathBuf};

use roctx::trace_file::{self, Kind, ParseError, Record};

use crate::activity::{self, Activity, ActivityError};
use crate::cli::Domains;

/// rocprofv3's tracing domains.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Domain {
    HipRuntime,
    HipCompiler,
    Marker,
    /// HSA's core API (`hsa_*` of `hsa.h`), called by the application.
    HsaCore,
    /// AMD's HSA extensions (`hsa_amd_*` of `hsa_ext_amd.h`).
    HsaAmdExt,
}

impl Domain {
    /// The `Domain` column of the trace CSVs (and the JSON's buffer-record kinds).
    pub fn name(self) -> &'static str {
        match self {
            Domain::HipRuntime => "HIP_RUNTIME_API",
            Domain::HipCompiler => "HIP_COMPILER_API",
            Domain::Marker => "MARKER_CORE_API",
            Domain::HsaCore => "HSA_CORE_API",
            Domain::HsaAmdExt => "HSA_AMD_EXT_API",
        }
    }

    /// Whether the domain is one of HIP's (their calls launch the kernels and copies that
    /// activity records link to).
    pub fn is_hip(self) -> bool {
        matches!(self, Domain::HipRuntime | Domain::HipCompiler)
    }

    /// The domain of an API call record: HSA's functions are `hsa_*` (`hsa_amd_*` for AMD's
    /// extensions; libhsa-runtime64 records them); of HIP's, the runtime API is what HIP's
    /// header declares (`hip*`), the rest of libamdhip64's table is the compiler and loader
    /// ABI (`__hip*`, registration, launch).
    pub fn of_function(name: &str) -> Domain {
        if name.starts_with("hsa_amd_") {
            Domain::HsaAmdExt
        } else if name.starts_with("hsa_") {
            Domain::HsaCore
        } else if name.starts_with("hip") {
            Domain::HipRuntime
        } else {
            Domain::HipCompiler
        }
    }
}

/// One reported call or marker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    pub domain: Domain,
    /// The HIP function, or the marker's message.
    pub function: String,
    /// The roctx function that made a marker (`roctxMarkA`, `roctxRangePushA`,
    /// `roctxRangeStartA`); the HIP function otherwise.
    pub operation: String,
    pub thread_id: u64,
    pub correlation_id: u64,
    pub start_ns: u64,
    pub end_ns: u64,
    /// `hipError_t` returned (0 for markers).
    pub status: i64,
}

/// What one process recorded.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ProcessTrace {
    pub pid: u32,
    /// In start order; correlation ids 1, 2, ... in that order.
    pub events: Vec<Event>,
    /// Names given to threads (`roctxNameOsThread`; the last one given wins).
    pub thread_names: BTreeMap<u64, String>,
    /// Names given to streams (`roctxNameHipStream`, by `hipStream_t` value; the last wins).
    pub stream_names: BTreeMap<u64, String>,
    /// Names given to HIP devices (`roctxNameHipDevice`, by ordinal; the last wins).
    pub device_names: BTreeMap<u64, String>,
    /// Kernel dispatches, copies and allocations of the requested domains, each in start
    /// order, their correlation ids those of [`ProcessTrace::events`] (fresh ones, after
    /// those, when the launching call is not reported).
    pub activity: Activity,
}

impl ProcessTrace {
    /// The events of `domains`.
    pub fn of<'a>(&'a self, domains: &'a [Domain]) -> impl Iterator<Item = &'a Event> + 'a {
        self.events.iter().filter(|e| domains.contains(&e.domain))
    }
}

/// Why the trace files could not be gathered.
#[derive(Debug, thiserror::Error)]
pub enum CollectError {
    #[error("reading {path}: {source}")]
    Io { path: PathBuf, source: io::Error },
    #[error("{path}: {source}")]
    Parse { path: PathBuf, source: ParseError },
    #[error("{path}: {source}")]
    Activity {
        path: PathBuf,
        source: ActivityError,
    },
}

/// Reads every trace file of `dir` (one file may hold several runs of the same pid, one
/// after another) and returns each process's events, by pid.
pub fn collect(dir: &Path, domains: Domains) -> Result<Vec<ProcessTrace>, CollectError> {
    let io_error = |path: &Path| {
        let path = path.to_path_buf();
        move |source| CollectError::Io { path, source }
    };
    let mut by_pid: BTreeMap<u32, Vec<Record>> = BTreeMap::new();
    let mut activities: BTreeMap<u32, Activity> = BTreeMap::new();
    let entries = std::fs::read_dir(dir).map_err(io_error(dir))?;
    for entry in entries {
        let path = entry.map_err(io_error(dir))?.path();
        if path.extension().is_some_and(|e| e == "activity") {
            let text = std::fs::read_to_string(&path).map_err(io_error(&path))?;
            let runs = activity::parse(&text).map_err(|source| CollectError::Activity {
                path: path.clone(),
                source,
            })?;
            for (pid, a) in runs {
                activities.entry(pid).or_default().extend(a);
                by_pid.entry(pid).or_default();
            }
            continue;
        }
        if path.extension().is_none_or(|e| e != "trace") {
            continue;
        }
        let text = std::fs::read_to_string(&path).map_err(io_error(&path))?;
        for part in split_runs(&text) {
            let file = trace_file::parse(part).map_err(|source| CollectError::Parse {
                path: path.clone(),
                source,
            })?;
            by_pid.entry(file.pid).or_default().extend(file.records);
        }
    }
    Ok(by_pid
        .into_iter()
        .map(|(pid, records)| {
            let a = activities.remove(&pid).unwrap_or_default();
            merge(pid, records, a, domains)
        })
        .collect())
}

/// The runs appended to one file, each starting with its header line.
fn split_runs(text: &str) -> Vec<&str> {
    let mut starts: Vec<usize> = text
        .match_indices(trace_file::MAGIC)
        .map(|(i, _)| i)
        .filter(|&i| i == 0 || text.as_bytes()[i - 1] == b'\n')
        .collect();
    if starts.first() != Some(&0) {
        starts.insert(0, 0);
    }
    starts
        .iter()
        .zip(starts.iter().skip(1).chain([&text.len()]))
        .map(|(&a, &b)| &text[a..b])
        .filter(|run| !run.trim().is_empty())
        .collect()
}

/// The intervals `roctxProfilerPause` ... `roctxProfilerResume` (open at the end if never
/// resumed).
fn paused_intervals(records: &[Record]) -> Vec<(u64, u64)> {
    let mut switches: Vec<&Record> = records
        .iter()
        .filter(|r| matches!(r.kind, Kind::Pause | Kind::Resume))
        .collect();
    switches.sort_by_key(|r| r.start_ns);
    let mut intervals = Vec::new();
    let mut paused_at = None;
    for r in switches {
        match (r.kind, paused_at) {
            (Kind::Pause, None) => paused_at = Some(r.start_ns),
            (Kind::Resume, Some(from)) => {
                intervals.push((from, r.start_ns));
                paused_at = None;
            }
            _ => {}
        }
    }
    if let Some(from) = paused_at {
        intervals.push((from, u64::MAX));
    }
    intervals
}

/// One process's records as reported events, and its activity linked to them.
pub fn merge(pid: u32, records: Vec<Record>, activity: Activity, domains: Domains) -> ProcessTrace {
    let paused = paused_intervals(&records);
    let mut names: Vec<&Record> = records
        .iter()
        .filter(|r| {
            matches!(
                r.kind,
                Kind::ThreadName | Kind::StreamName | Kind::DeviceName
            )
        })
        .collect();
    names.sort_by_key(|r| r.start_ns);
    let thread_names = names
        .iter()
        .filter(|r| r.kind == Kind::ThreadName)
        .map(|r| (r.thread_id, r.name.clone()))
        .collect();
    // roctxNameHipStream / roctxNameHipDevice: the object's bits are in `status`.
    let object_names = |kind: Kind| -> BTreeMap<u64, String> {
        names
            .iter()
            .filter(|r| r.kind == kind)
            .map(|r| (r.status as u64, r.name.clone()))
            .collect()
    };
    let (stream_names, device_names) = (
        object_names(Kind::StreamName),
        object_names(Kind::DeviceName),
    );
    let is_paused = |t: u64| paused.iter().any(|&(a, b)| a <= t && t < b);
    let mut events: Vec<(u64, Event)> = records
        .into_iter()
        .filter(|r| !is_paused(r.start_ns))
        .filter_map(|r| {
            let (domain, operation) = match r.kind {
                Kind::Api => (Domain::of_function(&r.name), r.name.clone()),
                Kind::Mark => (Domain::Marker, "roctxMarkA".to_string()),
                Kind::PushPop => (Domain::Marker, "roctxRangePushA".to_string()),
                Kind::StartStop => (Domain::Marker, "roctxRangeStartA".to_string()),
                Kind::Pause
                | Kind::Resume
                | Kind::ThreadName
                | Kind::StreamName
                | Kind::DeviceName => return None,
            };
            let wanted = match domain {
                Domain::HipRuntime => domains.hip_runtime,
                Domain::HipCompiler => domains.hip_compiler,
                Domain::Marker => domains.marker,
                Domain::HsaCore | Domain::HsaAmdExt => domains.hsa,
            };
            wanted.then(|| {
                let event = Event {
                    domain,
                    function: r.name,
                    operation,
                    thread_id: r.thread_id,
                    correlation_id: 0,
                    start_ns: r.start_ns,
                    end_ns: r.end_ns.max(r.start_ns),
                    status: r.status,
                };
                (r.correlation_id, event)
            })
        })
        .collect();
    // Each library numbers its own records: one process-wide numbering, in start order (the
    // order of a single counter taken at entry), ties kept in each library's order.
    events.sort_by_key(|(corr, e)| (e.start_ns, e.domain, *corr));
    // The HIP library's ids of the reported HIP calls -> their new ids.
    let mut hip_ids: HashMap<u64, u64> = HashMap::new();
    let events: Vec<Event> = events
        .into_iter()
        .zip(1..)
        .map(|((corr, mut e), id)| {
            if e.domain.is_hip() {
                hip_ids.insert(corr, id);
            }
            e.correlation_id = id;
            e
        })
        .collect();
    let activity = link_activity(activity, domains, &is_paused, hip_ids, events.len() as u64);
    ProcessTrace {
        pid,
        events,
        thread_names,
        stream_names,
        device_names,
        activity,
    }
}

/// The activity of the requested domains, not started while paused, in start order, with
/// rocprofv3's ids: the launching call's new correlation id (calls not reported get fresh
/// ids after `last_id`, one per call), dispatch ids 1, 2, ... and one kernel id per name.
fn link_activity(
    mut a: Activity,
    domains: Domains,
    is_paused: &dyn Fn(u64) -> bool,
    mut ids: HashMap<u64, u64>,
    last_id: u64,
) -> Activity {
    if !domains.kernel {
        a.kernels.clear();
    }
    if !domains.memory_copy {
        a.copies.clear();
    }
    if !domains.memory_allocation {
        a.allocations.clear();
    }
    a.kernels.retain(|k| !is_paused(k.start_ns));
    a.copies.retain(|c| !is_paused(c.start_ns));
    a.allocations.retain(|r| !is_paused(r.start_ns));
    a.kernels.sort_by_key(|k| (k.start_ns, k.correlation_id));
    a.copies.sort_by_key(|c| (c.start_ns, c.correlation_id));
    a.allocations
        .sort_by_key(|r| (r.start_ns, r.correlation_id));
    // Calls that are not reported, in the library's order (its ids grow with time).
    let mut unreported: Vec<u64> = a
        .kernels
        .iter()
        .map(|k| k.correlation_id)
        .chain(a.copies.iter().map(|c| c.correlation_id))
        .chain(a.allocations.iter().map(|r| r.correlation_id))
        .filter(|c| !ids.contains_key(c))
        .collect();
    unreported.sort_unstable();
    unreported.dedup();
    for (corr, id) in unreported.into_iter().zip(last_id + 1..) {
        ids.insert(corr, id);
    }
    let new_id = |corr: u64| ids.get(&corr).copied().unwrap_or(0);
    let mut kernel_ids: HashMap<String, u64> = HashMap::new();
    for (k, dispatch) in a.kernels.iter_mut().zip(1..) {
        k.correlation_id = new_id(k.correlation_id);
        k.dispatch_id = dispatch;
        let next = kernel_ids.len() as u64 + 1;
        k.kernel_id = *kernel_ids.entry(k.symbol.clone()).or_insert(next);
    }
    for c in &mut a.copies {
        c.correlation_id = new_id(c.correlation_id);
    }
    for r in &mut a.allocations {
        r.correlation_id = new_id(r.correlation_id);
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(kind: Kind, corr: u64, start: u64, end: u64, name: &str) -> Record {
        Record {
            kind,
            correlation_id: corr,
            thread_id: 9,
            start_ns: start,
            end_ns: end,
            status: 0,
            name: name.into(),
        }
    }

    const ALL: Domains = Domains {
        hsa: true,
        hip_runtime: true,
        hip_compiler: true,
        marker: true,
        kernel: true,
        memory_copy: true,
        memory_allocation: true,
    };

    #[test]
    fn api_records_are_sorted_into_domains_by_function() {
        assert_eq!(Domain::of_function("hsa_init"), Domain::HsaCore);
        assert_eq!(
            Domain::of_function("hsa_amd_memory_pool_allocate"),
            Domain::HsaAmdExt
        );
        assert_eq!(Domain::of_function("hipMalloc"), Domain::HipRuntime);
        assert_eq!(
            Domain::of_function("__hipRegisterFunction"),
            Domain::HipCompiler
        );
        assert!(
            Domain::HipCompiler.is_hip() && !Domain::HsaCore.is_hip() && !Domain::Marker.is_hip()
        );
    }

    #[test]
    fn libraries_are_merged_in_start_order_with_fresh_ids() {
        let records = vec![
            record(Kind::Api, 1, 20, 30, "hipMalloc"),
            record(Kind::PushPop, 1, 10, 50, "outer"),
            record(Kind::Api, 2, 5, 6, "__hipPushCallConfiguration"),
            record(Kind::Mark, 2, 40, 40, "tick"),
        ];
        let t = merge(7, records, Activity::default(), ALL);
        let summary: Vec<(&str, Domain, u64)> = t
            .events
            .iter()
            .map(|e| (e.function.as_str(), e.domain, e.correlation_id))
            .collect();
        assert_eq!(
            summary,
            [
                ("__hipPushCallConfiguration", Domain::HipCompiler, 1),
                ("outer", Domain::Marker, 2),
                ("hipMalloc", Domain::HipRuntime, 3),
                ("tick", Domain::Marker, 4),
            ]
        );
        assert_eq!(t.events[1].operation, "roctxRangePushA");
        let runtime_only = Domains {
            hip_runtime: true,
            ..Domains::default()
        };
        let t = merge(
            7,
            vec![record(Kind::Api, 1, 1, 2, "__hipRegisterFatBinary")],
            Activity::default(),
            runtime_only,
        );
        assert!(t.events.is_empty());
    }

    #[test]
    fn paused_records_are_left_out() {
        let records = vec![
            record(Kind::Api, 1, 10, 11, "hipFree"),
            record(Kind::Pause, 1, 15, 15, ""),
            record(Kind::Api, 2, 20, 21, "hipMalloc"),
            record(Kind::Resume, 2, 25, 25, ""),
            record(Kind::Api, 3, 30, 31, "hipMemset"),
            record(Kind::Pause, 3, 35, 35, ""),
            record(Kind::Mark, 4, 40, 40, "never resumed"),
        ];
        let names: Vec<String> = merge(1, records, Activity::default(), ALL)
            .events
            .into_iter()
            .map(|e| e.function)
            .collect();
        assert_eq!(names, ["hipFree", "hipMemset"]);
    }

    #[test]
    fn activity_links_to_the_new_ids_of_its_calls() {
        let records = vec![
            record(Kind::PushPop, 1, 5, 100, "outer"),
            record(Kind::Api, 7, 10, 12, "hipLaunchKernel"),
            record(Kind::Api, 8, 20, 30, "__hipRegisterFatBinary"),
            record(Kind::Api, 9, 40, 50, "hipMemcpy"),
        ];
        let text = "ferrocm-activity 1 1\n\
                    kernel\t7\t9\t0\t5\t13\t19\t0\t0\t1\t1\t1\t1\t1\t1\tk2\n\
                    kernel\t7\t9\t0\t5\t11\t12\t0\t0\t1\t1\t1\t1\t1\t1\tk1\n\
                    kernel\t8\t9\t0\t5\t21\t22\t0\t0\t1\t1\t1\t1\t1\t1\tk1\n\
                    copy\t9\t9\t0\thost\t5\t8\t41\t42\n";
        let (_, activity) = activity::parse(text).expect("parses").remove(0);
        let runtime = Domains {
            hip_runtime: true,
            marker: true,
            kernel: true,
            memory_copy: true,
            ..Domains::default()
        };
        let t = merge(1, records, activity, runtime);
        let ids: Vec<(&str, u64)> = t
            .events
            .iter()
            .map(|e| (e.function.as_str(), e.correlation_id))
            .collect();
        assert_eq!(
            ids,
            [("outer", 1), ("hipLaunchKernel", 2), ("hipMemcpy", 3)]
        );
        let kernels: Vec<(&str, u64, u64, u64)> = t
            .activity
            .kernels
            .iter()
            .map(|k| {
                (
                    k.symbol.as_str(),
                    k.correlation_id,
                    k.dispatch_id,
                    k.kernel_id,
                )
            })
            .collect();
        // The compiler-API call is not reported: its kernel gets a fresh id.
        assert_eq!(kernels, [("k1", 2, 1, 1), ("k2", 2, 2, 2), ("k1", 4, 3, 1)]);
        assert_eq!(t.activity.copies[0].correlation_id, 3);
    }

    #[test]
    fn appended_runs_are_read_one_by_one() {
        let text = "ferrocm-trace 1 hip 5\napi\t1\t5\t1\t2\t0\thipFree\n\
                    ferrocm-trace 1 hip 5\napi\t1\t5\t3\t4\t0\thipMalloc\n";
        let runs = split_runs(text);
        assert_eq!(runs.len(), 2);
        assert!(runs[1].starts_with("ferrocm-trace 1 hip 5\napi\t1\t5\t3"));
    }
}
