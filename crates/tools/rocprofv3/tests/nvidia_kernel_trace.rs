//! rocprofv3 --kernel-trace --memory-copy-trace on an NVIDIA GPU (run by
//! scripts/gpu-check.sh from the GPU bundle): kernel and copy times come from CUDA events
//! aligned to the host clock
//! (`crates/hip/src/platform/nvidia/activity.rs`). The kernels of
//! `tests/programs/kernels.hip` appear once each, named, within the run, after the calls that
//! launched them (within the alignment's error), ordered on their streams.
//!
//! Needs `HIP_PLATFORM=nvidia`, `HIP_PATH` naming a bundle with `bin/hipcc` and
//! `bin/rocprofv3` (gpu-check.sh sets both) and an NVIDIA device node; otherwise it prints
//! "skipping: ..." and passes.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::process::Command;

mod common;
use common::{now_ns, num, read_csv};

/// How far (ns) a kernel's start may seem to precede its launch call: the clock alignment's
/// error bound (a few µs) with a wide margin.
const ALIGNMENT_SLACK_NS: u64 = 200_000;

/// The bundle's tools, or why the test is skipped.
fn tools() -> Result<(PathBuf, PathBuf), String> {
    if std::env::var("HIP_PLATFORM").as_deref() != Ok("nvidia") {
        return Err("HIP_PLATFORM is not nvidia".into());
    }
    if !Path::new("/dev/nvidiactl").exists() {
        return Err("no NVIDIA driver/GPU".into());
    }
    let bundle = PathBuf::from(std::env::var_os("HIP_PATH").ok_or("HIP_PATH is not set")?);
    let (hipcc, rocprofv3) = (bundle.join("bin/hipcc"), bundle.join("bin/rocprofv3"));
    if !hipcc.exists() || !rocprofv3.exists() {
        return Err(format!(
            "no bin/hipcc or bin/rocprofv3 in {}",
            bundle.display()
        ));
    }
    Ok((hipcc, rocprofv3))
}

/// The test program's source: from the working tree gpu-check.sh runs in, else this crate's.
fn source() -> PathBuf {
    let rel = Path::new("crates/tools/rocprofv3/tests/programs/kernels.hip");
    if rel.exists() {
        return rel.to_path_buf();
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs/kernels.hip")
}

#[test]
fn kernel_trace_on_an_nvidia_gpu() {
    let (hipcc, rocprofv3) = match tools() {
        Ok(t) => t,
        Err(why) => {
            eprintln!("skipping: rocprofv3 NVIDIA kernel trace: {why}");
            return;
        }
    };
    let dir = std::env::temp_dir().join(format!("rocprofv3-nvidia-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let exe = dir.join("kernels");
    let out = Command::new(&hipcc)
        .arg(source())
        .arg("-o")
        .arg(&exe)
        .output()
        .expect("run hipcc");
    assert!(
        out.status.success(),
        "hipcc: {}",
        String::from_utf8_lossy(&out.stderr)
    );

    let start = now_ns();
    let out = Command::new(&rocprofv3)
        .args(["--hip-trace", "--kernel-trace", "--memory-copy-trace", "-d"])
        .arg(&dir)
        .args(["-o", "run", "--"])
        .arg(&exe)
        .output()
        .expect("run rocprofv3");
    let end = now_ns();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && stdout.contains("PASS"),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let (_, api) = read_csv(&dir.join("run_hip_api_trace.csv"));
    let calls: HashMap<u64, &BTreeMap<String, String>> =
        api.iter().map(|r| (num(r, "Correlation_Id"), r)).collect();
    let (header, kernels) = read_csv(&dir.join("run_kernel_trace.csv"));
    assert_eq!(header, rocprofv3::csv_out::KERNEL_TRACE_COLUMNS);
    assert_eq!(kernels.len(), 3, "{kernels:#?}");
    let mut names: Vec<&str> = kernels.iter().map(|k| k["Kernel_Name"].as_str()).collect();
    names.sort_unstable();
    assert!(
        names[0].starts_with("add_one") && names[1].starts_with("add_one"),
        "{names:?}"
    );
    assert!(names[2].starts_with("scale"), "{names:?}");
    let mut by_queue: HashMap<u64, Vec<(u64, u64)>> = HashMap::new();
    for k in &kernels {
        let (s, e) = (num(k, "Start_Timestamp"), num(k, "End_Timestamp"));
        assert!(start <= s && s <= e && e <= end, "within the run: {k:?}");
        let call = calls
            .get(&num(k, "Correlation_Id"))
            .unwrap_or_else(|| panic!("the launching call of {k:?}"));
        assert!(
            num(call, "Start_Timestamp") <= s + ALIGNMENT_SLACK_NS,
            "runs after its launch began: {k:?} {call:?}"
        );
        assert_eq!(num(k, "Grid_Size_X"), 1 << 20);
        by_queue.entry(num(k, "Queue_Id")).or_default().push((s, e));
    }
    assert_eq!(by_queue.len(), 2, "two streams");
    for spans in by_queue.values_mut() {
        spans.sort_unstable();
        assert!(spans.windows(2).all(|w| w[0].1 <= w[1].0), "{spans:?}");
    }

    // The one copy: hipMemcpy device to host, timed on the legacy default stream.
    let (_, copies) = read_csv(&dir.join("run_memory_copy_trace.csv"));
    assert_eq!(copies.len(), 1, "{copies:#?}");
    let c = &copies[0];
    assert_eq!(c["Direction"], "MEMORY_COPY_DEVICE_TO_HOST");
    assert_eq!(calls[&num(c, "Correlation_Id")]["Function"], "hipMemcpy");
    let (s, e) = (num(c, "Start_Timestamp"), num(c, "End_Timestamp"));
    assert!(start <= s && s <= e && e <= end, "{c:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
