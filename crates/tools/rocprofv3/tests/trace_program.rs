//! rocprofv3 on a HIP C++ program (`tests/programs/traced.hip`) built with ferrocm's hipcc and
//! linked with `libroctx64.so`, run on the CPU platform: the files rocprofv3 writes hold what
//! the program did (calls, counts, statuses, nesting, times), and without rocprofv3 nothing is
//! recorded.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use serde_json::Value;

mod common;
use common::{fresh_dir, num, read_csv};

/// The traced program, built once per test run (None when hipcc or the libraries are missing).
fn program() -> Option<&'static Path> {
    static PROGRAM: OnceLock<Option<PathBuf>> = OnceLock::new();
    PROGRAM
        .get_or_init(|| common::build_program("traced"))
        .as_deref()
}

fn rocprofv3(args: &[&str], out_dir: &Path, app: &Path, app_args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rocprofv3"))
        .args(args)
        .arg("-d")
        .arg(out_dir)
        .args(["-o", "run", "--"])
        .arg(app)
        .args(app_args)
        .env_remove("HIP_PLATFORM")
        .output()
        .expect("run rocprofv3")
}

/// The program's main thread id (it prints it), which is also its process id.
fn main_thread(stdout: &str) -> u64 {
    stdout
        .lines()
        .find_map(|l| l.strip_prefix("tid "))
        .and_then(|t| t.parse().ok())
        .expect("the program prints its thread id")
}

const API_COLUMNS: [&str; 7] = [
    "Domain",
    "Function",
    "Process_Id",
    "Thread_Id",
    "Correlation_Id",
    "Start_Timestamp",
    "End_Timestamp",
];

#[test]
fn hip_calls_and_markers_are_traced_with_stats_and_json() {
    let Some(app) = program() else { return };
    let dir = fresh_dir("all");
    let args = [
        "--hip-trace",
        "--marker-trace",
        "--stats",
        "--output-format",
        "csv",
        "json",
        "pftrace",
    ];
    let out = rocprofv3(&args, &dir, app, &["3"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(3),
        "the program's exit code:\n{stdout}\n{stderr}"
    );
    assert!(stdout.contains("PASS"), "{stdout}");
    let tid = main_thread(&stdout);

    // HIP API trace: columns, counts, domains, times, one process.
    let (header, hip) = read_csv(&dir.join("run_hip_api_trace.csv"));
    assert_eq!(header, API_COLUMNS);
    let count = |name: &str| hip.iter().filter(|r| r["Function"] == name).count();
    for (name, calls) in [
        ("hipGetDeviceCount", 1),
        ("hipMalloc", 2),
        ("hipMemcpy", 1),
        ("hipDeviceSynchronize", 1),
        ("hipFree", 1),
        ("__ferrocmLaunchKernel", 1),
        ("hipGetDevice", 0),     // called while paused
        ("hipProfilerStop", 1),  // starts before its pause
        ("hipProfilerStart", 0), // starts while paused
    ] {
        assert_eq!(count(name), calls, "{name} in {hip:#?}");
    }
    for r in &hip {
        let compiler = !r["Function"].starts_with("hip");
        let domain = if compiler {
            "HIP_COMPILER_API"
        } else {
            "HIP_RUNTIME_API"
        };
        assert_eq!(r["Domain"], domain, "{r:?}");
        assert_eq!(num(r, "Process_Id"), tid);
        assert!(
            num(r, "Start_Timestamp") <= num(r, "End_Timestamp"),
            "{r:?}"
        );
    }
    let starts: Vec<u64> = hip.iter().map(|r| num(r, "Start_Timestamp")).collect();
    assert!(
        starts.windows(2).all(|w| w[0] <= w[1]),
        "rows in start order"
    );
    let sync = hip
        .iter()
        .find(|r| r["Function"] == "hipDeviceSynchronize")
        .expect("sync");
    assert_ne!(num(sync, "Thread_Id"), tid, "called from the other thread");
    let malloc = hip
        .iter()
        .find(|r| r["Function"] == "hipMalloc")
        .expect("malloc");
    assert_eq!(num(malloc, "Thread_Id"), tid);

    // Marker trace: the ranges nest as the program opened them, around its HIP calls.
    let (header, markers) = read_csv(&dir.join("run_marker_api_trace.csv"));
    assert_eq!(header, API_COLUMNS);
    let names: Vec<&str> = markers.iter().map(|r| r["Function"].as_str()).collect();
    // ("while paused" and "while stopped" are not reported.)
    assert_eq!(names, ["main", "begin", "fill and copy", "across threads"]);
    assert!(markers.iter().all(|r| r["Domain"] == "MARKER_CORE_API"));
    let span = |r: &BTreeMap<String, String>| (num(r, "Start_Timestamp"), num(r, "End_Timestamp"));
    let within = |inner: (u64, u64), outer: (u64, u64)| outer.0 <= inner.0 && inner.1 <= outer.1;
    let (main, begin, fill) = (span(&markers[0]), span(&markers[1]), span(&markers[2]));
    assert_eq!(begin.0, begin.1, "a mark is an instant");
    assert!(within(begin, main) && within(fill, main));
    let memcpy = hip
        .iter()
        .find(|r| r["Function"] == "hipMemcpy")
        .expect("memcpy");
    assert!(
        within(span(memcpy), fill),
        "hipMemcpy inside 'fill and copy'"
    );
    assert!(within(span(&markers[3]), main));

    // Correlation ids: unique across both files.
    let ids: HashSet<u64> = hip
        .iter()
        .chain(&markers)
        .map(|r| num(r, "Correlation_Id"))
        .collect();
    assert_eq!(ids.len(), hip.len() + markers.len());

    // Statistics: the sums of the trace.
    let (header, stats) = read_csv(&dir.join("run_hip_api_stats.csv"));
    assert_eq!(
        header,
        [
            "Name",
            "Calls",
            "TotalDurationNs",
            "AverageNs",
            "Percentage",
            "MinNs",
            "MaxNs",
            "StdDev"
        ]
    );
    let malloc_stats = stats
        .iter()
        .find(|r| r["Name"] == "hipMalloc")
        .expect("row");
    let malloc_total: u64 = hip
        .iter()
        .filter(|r| r["Function"] == "hipMalloc")
        .map(|r| num(r, "End_Timestamp") - num(r, "Start_Timestamp"))
        .sum();
    assert_eq!(num(malloc_stats, "Calls"), 2);
    assert_eq!(num(malloc_stats, "TotalDurationNs"), malloc_total);
    let percent: f64 = stats
        .iter()
        .map(|r| r["Percentage"].parse::<f64>().expect("%"))
        .sum();
    assert!(
        (percent - 100.0).abs() < 0.1,
        "percentages sum to 100: {percent}"
    );
    let (_, domains) = read_csv(&dir.join("run_domain_stats.csv"));
    let hip_domain = domains
        .iter()
        .find(|r| r["Name"] == "HIP_API")
        .expect("HIP_API");
    assert_eq!(num(hip_domain, "Calls"), hip.len() as u64);
    assert!(dir.join("run_marker_api_stats.csv").exists());

    // JSON: the same calls, with their statuses (the NULL hipMalloc failed).
    let text = std::fs::read_to_string(dir.join("run_results.json")).expect("JSON file");
    let json: Value = serde_json::from_str(&text).expect("valid JSON");
    let tool = &json["rocprofiler-sdk-tool"][0];
    assert_eq!(tool["metadata"]["pid"].as_u64(), Some(tid));
    let kinds = &tool["strings"]["buffer_records"];
    let name_of = |r: &Value| {
        let kind = &kinds[r["kind"].as_u64().expect("kind") as usize];
        kind["operations"][r["operation"].as_u64().expect("operation") as usize]
            .as_str()
            .expect("name")
            .to_string()
    };
    let records = tool["buffer_records"]["hip_api"]
        .as_array()
        .expect("hip_api");
    assert_eq!(records.len(), hip.len());
    let statuses: Vec<u64> = records
        .iter()
        .filter(|r| name_of(r) == "hipMalloc")
        .map(|r| r["status"].as_u64().expect("status"))
        .collect();
    assert_eq!(statuses, [0, 1], "hipSuccess, then hipErrorInvalidValue");
    let failures = records.iter().filter(|r| r["status"] != 0).count();
    assert_eq!(failures, 1);
    let messages = tool["strings"]["marker_api"].as_array().expect("messages");
    assert_eq!(messages.len(), markers.len());

    check_pftrace(
        &dir.join("run_results.pftrace"),
        tid,
        hip.len(),
        markers.len(),
    );
}

/// The Perfetto trace: a track per thread (both threads), every HIP call and range a slice
/// that begins and ends on its track, properly nested, the mark an instant; and, when
/// `PERFETTO_PYTHON` names a Python with the `perfetto` package, the file parses with
/// Perfetto's own schema.
fn check_pftrace(path: &Path, main_tid: u64, hip_calls: usize, markers: usize) {
    use prost::Message;
    use rocprofv3::pftrace::{Trace, INSTANT, SLICE_BEGIN, SLICE_END};

    let bytes = std::fs::read(path).expect("pftrace file");
    let trace = Trace::decode(&bytes[..]).expect("a Perfetto Trace message");
    let threads: BTreeMap<i64, String> = trace
        .packet
        .iter()
        .filter_map(|p| {
            let thread = p.track_descriptor.as_ref()?.thread.as_ref()?;
            Some((thread.tid?, thread.thread_name.clone()?))
        })
        .collect();
    assert_eq!(threads.len(), 2, "the main thread and the other one");
    assert_eq!(threads[&(main_tid as i64)], format!("Thread {main_tid}"));
    assert!(
        threads.values().any(|name| name == "worker"),
        "roctxNameOsThread names the other thread's track: {threads:?}"
    );
    let mut open: BTreeMap<u64, Vec<String>> = BTreeMap::new();
    let (mut hip_slices, mut marker_events) = (0, 0);
    for p in &trace.packet {
        let Some(e) = &p.track_event else { continue };
        let stack = open.entry(e.track_uuid.expect("track")).or_default();
        match e.r#type {
            Some(SLICE_BEGIN) => {
                let name = e.name.clone().expect("a begin has a name");
                if e.categories.iter().any(|c| c.starts_with("HIP_")) {
                    hip_slices += 1;
                } else {
                    marker_events += 1;
                }
                stack.push(name);
            }
            Some(SLICE_END) => {
                stack.pop().expect("an end closes an open slice");
            }
            Some(INSTANT) => {
                assert_eq!(e.name.as_deref(), Some("begin"));
                marker_events += 1;
            }
            other => panic!("unexpected event type {other:?}"),
        }
    }
    assert!(
        open.values().all(Vec::is_empty),
        "every slice ends: {open:?}"
    );
    assert_eq!((hip_slices, marker_events), (hip_calls, markers));

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
                  print(sum(1 for x in t.packet if x.HasField('track_event')))\n";
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
    let events: usize = String::from_utf8_lossy(&out.stdout)
        .trim()
        .parse()
        .expect("count");
    assert_eq!(
        events,
        2 * (hip_calls + markers) - 1,
        "begin+end each, one instant"
    );
}

#[test]
fn runtime_trace_leaves_out_the_compiler_api_and_markers() {
    let Some(app) = program() else { return };
    let dir = fresh_dir("runtime");
    let out = rocprofv3(&["--hip-runtime-trace"], &dir, app, &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (_, hip) = read_csv(&dir.join("run_hip_api_trace.csv"));
    assert!(!hip.is_empty());
    assert!(
        hip.iter().all(|r| r["Domain"] == "HIP_RUNTIME_API"),
        "{hip:#?}"
    );
    let files: Vec<String> = std::fs::read_dir(&dir)
        .expect("output folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(files, ["run_hip_api_trace.csv"]);
}

#[test]
fn a_hip_program_makes_no_hsa_calls_of_its_own() {
    // ferrocm's HIP runtime uses the HSA runtime as a Rust library, not through its C API:
    // --hsa-trace records the application's own HSA calls (tests/hsa_trace.rs), none here.
    let Some(app) = program() else { return };
    let dir = fresh_dir("hsa");
    let out = rocprofv3(&["--hip-trace", "--hsa-trace"], &dir, app, &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(dir.join("run_hip_api_trace.csv").exists());
    assert!(!dir.join("run_hsa_api_trace.csv").exists());
}

#[test]
fn without_rocprofv3_nothing_is_recorded() {
    let Some(app) = program() else { return };
    let dir = fresh_dir("plain");
    let out = Command::new(app)
        .current_dir(&dir)
        .env_remove("HIP_PLATFORM")
        .env_remove("FERROCM_PROFILE_DIR")
        .env_remove("FERROCM_PROFILE_DOMAINS")
        .output()
        .expect("run the program");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(std::fs::read_dir(&dir).expect("folder").count(), 0);
    // A folder but no domain: still nothing.
    let out = Command::new(app)
        .current_dir(&dir)
        .env_remove("HIP_PLATFORM")
        .env("FERROCM_PROFILE_DIR", &dir)
        .env_remove("FERROCM_PROFILE_DOMAINS")
        .output()
        .expect("run the program");
    assert!(out.status.success());
    assert_eq!(std::fs::read_dir(&dir).expect("folder").count(), 0);
}

#[test]
fn each_process_gets_its_own_files() {
    let Some(app) = program() else { return };
    let dir = fresh_dir("processes");
    // A shell that runs the program twice: two traced processes, `%pid%` tells them apart.
    let script = format!("{0} 0 && {0} 0", app.display());
    let out = Command::new(env!("CARGO_BIN_EXE_rocprofv3"))
        .args(["--hip-runtime-trace", "-d"])
        .arg(&dir)
        .args(["-o", "%pid%", "--", "sh", "-c", &script])
        .env_remove("HIP_PLATFORM")
        .output()
        .expect("run rocprofv3");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let pids: BTreeSet<&str> = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("tid "))
        .collect();
    assert_eq!(pids.len(), 2, "{stdout}");
    for pid in pids {
        let (_, rows) = read_csv(&dir.join(format!("{pid}_hip_api_trace.csv")));
        assert!(rows.iter().all(|r| r["Process_Id"] == pid));
        assert_eq!(
            rows.iter().filter(|r| r["Function"] == "hipMalloc").count(),
            2
        );
    }
}
