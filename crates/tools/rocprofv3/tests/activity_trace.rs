//! rocprofv3's kernel, memory-copy and memory-allocation traces on a HIP C++ program
//! (`tests/programs/activity.hip`) built with ferrocm's hipcc, run on the CPU platform: every
//! launch and copy the program made appears once, with sane times on the API records' clock,
//! ordered within its stream, linked to the call that made it; the CSV headers are
//! rocprofv3's; JSON and Perfetto carry the same records.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use serde_json::Value;

mod common;
use common::{fresh_dir, now_ns, num, read_csv, Row};

/// The program, built once per test run (None when hipcc or the libraries are missing).
fn program() -> Option<&'static Path> {
    static PROGRAM: OnceLock<Option<PathBuf>> = OnceLock::new();
    PROGRAM
        .get_or_init(|| common::build_program("activity"))
        .as_deref()
}

/// rocprofv3 with `args` on the program; the run's output and (start, end) times.
fn rocprofv3(args: &[&str], dir: &Path, app: &Path) -> (Output, (u64, u64)) {
    let start = now_ns();
    let out = Command::new(env!("CARGO_BIN_EXE_rocprofv3"))
        .args(args)
        .arg("-d")
        .arg(dir)
        .args(["-o", "run", "--"])
        .arg(app)
        .env_remove("HIP_PLATFORM")
        .output()
        .expect("run rocprofv3");
    let end = now_ns();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && stdout.contains("PASS"),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (out, (start, end))
}

/// What the program printed: `key value...`.
fn printed(stdout: &str, key: &str) -> Vec<u64> {
    stdout
        .lines()
        .find_map(|l| l.strip_prefix(&format!("{key} ")))
        .unwrap_or_else(|| panic!("the program prints {key}"))
        .split_whitespace()
        .map(|v| v.parse().expect("number"))
        .collect()
}

fn span(r: &Row) -> (u64, u64) {
    (num(r, "Start_Timestamp"), num(r, "End_Timestamp"))
}

/// Rows of one queue (or stream) in start order never overlap.
fn assert_ordered_per_queue(rows: &[&Row], queue: &dyn Fn(&Row) -> u64) {
    let mut by_queue: HashMap<u64, Vec<(u64, u64)>> = HashMap::new();
    for r in rows {
        by_queue.entry(queue(r)).or_default().push(span(r));
    }
    for spans in by_queue.values_mut() {
        spans.sort_unstable();
        for w in spans.windows(2) {
            assert!(w[0].1 <= w[1].0, "overlap on one queue: {w:?}");
        }
    }
}

#[test]
fn kernels_copies_and_allocations_are_traced_once_and_linked_to_their_calls() {
    let Some(app) = program() else { return };
    let dir = fresh_dir("activity-all");
    let args = [
        "--hip-trace",
        "--marker-trace",
        "--kernel-trace",
        "--memory-copy-trace",
        "--memory-allocation-trace",
        "--stats",
        "--summary",
        "--output-format",
        "csv",
        "json",
        "pftrace",
    ];
    let (out, (t0, t1)) = rocprofv3(&args, &dir, app);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let launches = printed(&stdout, "launches")[0] as usize;
    let copies = printed(&stdout, "copies")[0] as usize;
    let streams = printed(&stdout, "streams");
    let stderr = String::from_utf8_lossy(&out.stderr);
    for table in ["HIP_API", "KERNEL_DISPATCH", "MEMORY_COPY"] {
        assert!(
            stderr.lines().any(|l| l == table),
            "--summary prints a {table} table:\n{stderr}"
        );
    }

    let (_, api) = read_csv(&dir.join("run_hip_api_trace.csv"));
    let api_by_id: HashMap<u64, &Row> = api.iter().map(|r| (num(r, "Correlation_Id"), r)).collect();

    // Kernels.
    let (header, kernels) = read_csv(&dir.join("run_kernel_trace.csv"));
    assert_eq!(header, rocprofv3::csv_out::KERNEL_TRACE_COLUMNS);
    assert_eq!(kernels.len(), launches, "every launch once: {kernels:#?}");
    let mut names: Vec<&str> = kernels.iter().map(|k| k["Kernel_Name"].as_str()).collect();
    names.sort_unstable();
    assert_eq!(
        names,
        ["add_one", "add_one", "add_one", "add_one", "add_one", "add_one", "scale", "scale"]
    );
    let launchers = [
        "__ferrocmLaunchKernel",
        "hipLaunchKernel",
        "hipLaunchCooperativeKernel",
        "hipGraphLaunch",
    ];
    let mut by_launcher: BTreeMap<&str, usize> = BTreeMap::new();
    for k in &kernels {
        assert_eq!(k["Kind"], "KERNEL_DISPATCH");
        assert_eq!(num(k, "Agent_Id"), 1, "HIP device 0 is agent 1");
        let (start, end) = span(k);
        assert!(
            t0 <= start && start <= end && end <= t1,
            "within the run: {k:?}"
        );
        let call = api_by_id
            .get(&num(k, "Correlation_Id"))
            .unwrap_or_else(|| panic!("the launching call of {k:?} is in the HIP trace"));
        assert!(launchers.contains(&call["Function"].as_str()), "{call:?}");
        assert_eq!(call["Thread_Id"], k["Thread_Id"]);
        assert!(
            num(call, "Start_Timestamp") <= start,
            "runs after its launch began"
        );
        *by_launcher.entry(call["Function"].as_str()).or_default() += 1;
        assert!(
            streams.contains(&num(k, "Queue_Id")),
            "on the program's streams"
        );
        let items: u64 = ["X", "Y", "Z"]
            .iter()
            .map(|d| num(k, &format!("Grid_Size_{d}")))
            .product();
        assert!(items >= num(k, "Workgroup_Size_X"));
    }
    assert_eq!(
        by_launcher.into_iter().collect::<Vec<_>>(),
        [
            ("__ferrocmLaunchKernel", 2),
            ("hipGraphLaunch", 4),
            ("hipLaunchCooperativeKernel", 1),
            ("hipLaunchKernel", 1)
        ]
    );
    let dispatch_ids: Vec<u64> = kernels.iter().map(|k| num(k, "Dispatch_Id")).collect();
    assert_eq!(dispatch_ids, (1..=launches as u64).collect::<Vec<_>>());
    assert_ordered_per_queue(&kernels.iter().collect::<Vec<_>>(), &|k| num(k, "Queue_Id"));

    // Copies.
    let (header, copy_rows) = read_csv(&dir.join("run_memory_copy_trace.csv"));
    assert_eq!(header, rocprofv3::csv_out::MEMORY_COPY_TRACE_COLUMNS);
    assert_eq!(copy_rows.len(), copies, "{copy_rows:#?}");
    let directions: Vec<(&str, &str)> = copy_rows
        .iter()
        .map(|c| {
            let call = api_by_id
                .get(&num(c, "Correlation_Id"))
                .unwrap_or_else(|| panic!("the call of {c:?}"));
            (call["Function"].as_str(), c["Direction"].as_str())
        })
        .collect();
    assert_eq!(
        directions,
        [
            ("hipMemcpy", "MEMORY_COPY_HOST_TO_DEVICE"),
            ("hipMemcpyAsync", "MEMORY_COPY_DEVICE_TO_DEVICE"),
            // The graph's copy node, once per launch.
            ("hipGraphLaunch", "MEMORY_COPY_DEVICE_TO_DEVICE"),
            ("hipGraphLaunch", "MEMORY_COPY_DEVICE_TO_DEVICE"),
            ("hipMemcpy", "MEMORY_COPY_DEVICE_TO_HOST"),
            ("hipMemcpy", "MEMORY_COPY_HOST_TO_HOST"),
            ("hipMemcpy2DAsync", "MEMORY_COPY_HOST_TO_DEVICE"),
            // Device symbols are host memory on the CPU platform.
            ("hipMemcpyToSymbol", "MEMORY_COPY_HOST_TO_HOST"),
            ("hipMemcpyPeer", "MEMORY_COPY_DEVICE_TO_DEVICE"),
        ]
    );
    for c in &copy_rows {
        let (start, end) = span(c);
        assert!(t0 <= start && start <= end && end <= t1, "{c:?}");
        let device = |col: &str| if c["Direction"].contains(col) { 1 } else { 0 };
        assert_eq!(num(c, "Source_Agent_Id"), device("COPY_DEVICE_TO"));
        assert_eq!(num(c, "Destination_Agent_Id"), device("TO_DEVICE"));
    }

    // Allocations: each free has its allocation's size and agent.
    let (header, allocs) = read_csv(&dir.join("run_memory_allocation_trace.csv"));
    assert_eq!(header, rocprofv3::csv_out::MEMORY_ALLOCATION_TRACE_COLUMNS);
    let (made, freed): (Vec<&Row>, Vec<&Row>) = allocs
        .iter()
        .partition(|r| r["Operation"] == "MEMORY_ALLOCATION_ALLOCATE");
    assert_eq!((made.len(), freed.len()), (5, 5), "{allocs:#?}");
    for f in &freed {
        assert_eq!(f["Operation"], "MEMORY_ALLOCATION_FREE");
        let a = made
            .iter()
            .find(|a| a["Address"] == f["Address"])
            .unwrap_or_else(|| panic!("{f:?} frees an allocation"));
        assert_eq!(
            (&a["Allocation_Size"], &a["Agent_Id"]),
            (&f["Allocation_Size"], &f["Agent_Id"])
        );
        assert!(span(a).1 <= span(f).0);
    }
    let agents: Vec<&str> = made.iter().map(|a| a["Agent_Id"].as_str()).collect();
    assert_eq!(
        agents,
        ["0", "1", "1", "1", "1"],
        "hipHostMalloc is the host's"
    );
    for a in &allocs {
        let call = &api_by_id[&num(a, "Correlation_Id")];
        assert!(
            call["Function"].contains("lloc") || call["Function"].contains("Free"),
            "{call:?}"
        );
    }

    // Statistics.
    let (_, stats) = read_csv(&dir.join("run_kernel_stats.csv"));
    let calls: u64 = stats.iter().map(|r| num(r, "Calls")).sum();
    assert_eq!(calls, launches as u64);
    let (_, copy_stats) = read_csv(&dir.join("run_memory_copy_stats.csv"));
    assert_eq!(
        copy_stats.iter().map(|r| num(r, "Calls")).sum::<u64>(),
        copies as u64
    );
    let (_, domains) = read_csv(&dir.join("run_domain_stats.csv"));
    let domain_names: Vec<&str> = domains.iter().map(|r| r["Name"].as_str()).collect();
    for d in ["HIP_API", "KERNEL_DISPATCH", "MEMORY_COPY"] {
        assert!(domain_names.contains(&d), "{domain_names:?}");
    }

    // JSON.
    let text = std::fs::read_to_string(dir.join("run_results.json")).expect("JSON");
    let json: Value = serde_json::from_str(&text).expect("valid JSON");
    let records = &json["rocprofiler-sdk-tool"][0]["buffer_records"];
    let len = |k: &str| records[k].as_array().map_or(0, Vec::len);
    assert_eq!(
        (
            len("kernel_dispatch"),
            len("memory_copy"),
            len("memory_allocation")
        ),
        (launches, copies, allocs.len())
    );
    let first = &records["kernel_dispatch"][0];
    assert_eq!(
        first["correlation_id"]["internal"].as_u64(),
        Some(num(&kernels[0], "Correlation_Id"))
    );
    assert_eq!(
        first["dispatch_info"]["workgroup_size"]["x"].as_u64(),
        Some(num(&kernels[0], "Workgroup_Size_X"))
    );

    check_pftrace(&dir.join("run_results.pftrace"), launches, copies);
}

/// The Perfetto trace: the kernels and copies as slices on stream tracks under the process,
/// never overlapping on one track, each in a flow that starts at a HIP call on a thread
/// track.
fn check_pftrace(path: &Path, launches: usize, copies: usize) {
    use prost::Message;
    use rocprofv3::pftrace::{Trace, COPY_CATEGORY, KERNEL_CATEGORY, SLICE_BEGIN, SLICE_END};

    let bytes = std::fs::read(path).expect("pftrace file");
    let trace = Trace::decode(&bytes[..]).expect("a Perfetto Trace message");
    let stream_tracks: HashMap<u64, String> = trace
        .packet
        .iter()
        .filter_map(|p| {
            let d = p.track_descriptor.as_ref()?;
            let name = d.name.clone()?;
            let uuid = d.uuid?;
            (d.parent_uuid.is_some() && name.ends_with("(the device)")).then_some((uuid, name))
        })
        .collect();
    assert_eq!(
        stream_tracks.len(),
        3,
        "the null stream and two others: {stream_tracks:?}"
    );
    let mut open: HashMap<u64, usize> = HashMap::new();
    let (mut kernels, mut copy_slices) = (0, 0);
    let mut api_flows = Vec::new();
    let mut activity_flows = Vec::new();
    for p in &trace.packet {
        let Some(e) = &p.track_event else { continue };
        let track = e.track_uuid.expect("track");
        match e.r#type {
            Some(SLICE_BEGIN) if stream_tracks.contains_key(&track) => {
                let depth = open.entry(track).or_default();
                assert_eq!(*depth, 0, "stream slices do not overlap");
                *depth += 1;
                if e.categories == [KERNEL_CATEGORY] {
                    kernels += 1;
                } else {
                    assert_eq!(e.categories, [COPY_CATEGORY]);
                    copy_slices += 1;
                }
                assert_eq!(e.flow_ids.len(), 1);
                activity_flows.push(e.flow_ids[0]);
            }
            Some(SLICE_END) if stream_tracks.contains_key(&track) => {
                *open.get_mut(&track).expect("open") -= 1;
            }
            Some(SLICE_BEGIN) => api_flows.extend(e.flow_ids.iter().copied()),
            _ => {}
        }
    }
    assert_eq!((kernels, copy_slices), (launches, copies));
    for f in &activity_flows {
        assert!(api_flows.contains(f), "flow {f} starts at its HIP call");
    }

    // Perfetto's own schema, when PERFETTO_PYTHON names a Python with the `perfetto` package.
    let Some(python) = std::env::var_os("PERFETTO_PYTHON") else {
        eprintln!(
            "skipped: Perfetto schema check (set PERFETTO_PYTHON to a Python with `perfetto`)"
        );
        return;
    };
    let script = "import sys\n\
                  from perfetto.protos.perfetto.trace import perfetto_trace_pb2 as p\n\
                  t = p.Trace()\n\
                  t.ParseFromString(open(sys.argv[1], 'rb').read())\n\
                  e = [x.track_event for x in t.packet if x.HasField('track_event')]\n\
                  print(sum(1 for x in e if 'KERNEL_DISPATCH' in x.categories),\n\
                        sum(len(x.flow_ids) for x in e))\n";
    let out = Command::new(python)
        .current_dir(env!("CARGO_TARGET_TMPDIR"))
        .args(["-c", script])
        .arg(path)
        .output()
        .expect("run Python");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let counts: Vec<usize> = String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .map(|v| v.parse().expect("count"))
        .collect();
    assert_eq!(
        counts,
        [launches, activity_flows.len() + api_flows.len()],
        "Perfetto's parser sees the kernels and every flow id"
    );
}

#[test]
fn runtime_trace_is_kernels_copies_allocations_markers_and_the_runtime_api() {
    let Some(app) = program() else { return };
    let dir = fresh_dir("runtime-set");
    rocprofv3(&["-r"], &dir, app);
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("output folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(
        files,
        [
            "run_hip_api_trace.csv",
            "run_kernel_trace.csv",
            "run_memory_allocation_trace.csv",
            "run_memory_copy_trace.csv"
        ]
    );
    let (_, api) = read_csv(&dir.join("run_hip_api_trace.csv"));
    assert!(api.iter().all(|r| r["Domain"] == "HIP_RUNTIME_API"));
}

#[test]
fn a_kernel_trace_alone_still_has_correlation_ids() {
    let Some(app) = program() else { return };
    let dir = fresh_dir("kernels-only");
    let (out, _) = rocprofv3(&["--kernel-trace"], &dir, app);
    let launches = printed(&String::from_utf8_lossy(&out.stdout), "launches")[0] as usize;
    let files: Vec<String> = std::fs::read_dir(&dir)
        .expect("output folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(files, ["run_kernel_trace.csv"]);
    let (_, kernels) = read_csv(&dir.join("run_kernel_trace.csv"));
    assert_eq!(kernels.len(), launches);
    let ids: Vec<u64> = kernels.iter().map(|k| num(k, "Correlation_Id")).collect();
    assert!(ids.iter().all(|&i| i > 0), "{ids:?}");
    // The graph's four kernels come from two hipGraphLaunch calls: 8 kernels, 6 calls.
    let mut distinct = ids.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), launches - 2);
}

#[test]
fn untraced_runs_record_nothing() {
    let Some(app) = program() else { return };
    let dir = fresh_dir("activity-untraced");
    let out = Command::new(app)
        .current_dir(&dir)
        .env_remove("HIP_PLATFORM")
        .env("FERROCM_PROFILE_DIR", &dir)
        .env("FERROCM_PROFILE_DOMAINS", "hsa")
        .output()
        .expect("run the program");
    assert!(out.status.success());
    assert_eq!(std::fs::read_dir(&dir).expect("folder").count(), 0);
}
