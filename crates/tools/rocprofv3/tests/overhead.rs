//! Tracing overhead (docs/PROFILING.md): `tests/programs/overhead.hip` untraced and under
//! `rocprofv3 --hip-trace`, `--kernel-trace`, `--kernel-trace --memory-copy-trace` and
//! `--hip-trace --kernel-trace`, alternating, in one run; prints the median and range of each
//! figure and the traced/untraced ratio of the medians. Ignored by default (timings need
//! release builds and a quiet machine):
//!
//! ```text
//! cargo build --release -p ferrocm-hip-capi -p ferrocm-hipcc -p ferrocm-rocprofv3
//! cargo test --release -p ferrocm-rocprofv3 --test overhead -- --ignored --nocapture
//! ```
//!
//! `FERROCM_OVERHEAD_ROUNDS` (default 5) sets the number of rounds.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

mod common;
use common::target_dir;

const FIGURES: [&str; 5] = ["get_device", "launch", "launch_call", "launch_sync", "copy"];
const CONFIGS: [(&str, &[&str]); 5] = [
    ("untraced", &[]),
    ("--hip-trace", &["--hip-trace"]),
    ("--kernel-trace", &["--kernel-trace"]),
    (
        "--kernel-trace --memory-copy-trace",
        &["--kernel-trace", "--memory-copy-trace"],
    ),
    (
        "--hip-trace --kernel-trace",
        &["--hip-trace", "--kernel-trace"],
    ),
];

/// The figures one run printed (ns).
fn run(cmd: &mut Command) -> BTreeMap<String, f64> {
    let out = cmd.env_remove("HIP_PLATFORM").output().expect("run");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| {
            let (k, v) = l.split_once(' ')?;
            Some((k.to_string(), v.parse().ok()?))
        })
        .collect()
}

#[test]
#[ignore = "a benchmark: run with --release -- --ignored --nocapture"]
fn tracing_overhead_on_calls_launches_and_copies() {
    let dir = target_dir();
    let hipcc = dir.join("hipcc");
    assert!(
        hipcc.exists(),
        "build hipcc and libamdhip64.so of this profile first"
    );
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs/overhead.hip");
    let exe = Path::new(env!("CARGO_TARGET_TMPDIR")).join("overhead");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..");
    let out = Command::new(&hipcc)
        .env_remove("HIP_PLATFORM")
        .args(["-O2", "-I"])
        .arg(root.join("include"))
        .arg(&src)
        .arg("-o")
        .arg(&exe)
        .arg(format!("-L{}", dir.display()))
        .arg(format!("-Wl,-rpath,{}", dir.display()))
        .output()
        .expect("hipcc");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rounds: usize = std::env::var("FERROCM_OVERHEAD_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5);
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("overhead-out");
    // samples[config][figure]
    let mut samples: Vec<BTreeMap<String, Vec<f64>>> = vec![BTreeMap::new(); CONFIGS.len()];
    for _ in 0..rounds {
        for (i, (_, args)) in CONFIGS.iter().enumerate() {
            let figures = if args.is_empty() {
                run(&mut Command::new(&exe))
            } else {
                let _ = std::fs::remove_dir_all(&scratch);
                run(Command::new(env!("CARGO_BIN_EXE_rocprofv3"))
                    .args(*args)
                    .arg("-d")
                    .arg(&scratch)
                    .arg("--")
                    .arg(&exe))
            };
            for (k, v) in figures {
                samples[i].entry(k).or_default().push(v);
            }
        }
    }
    let median = |v: &[f64]| {
        let mut v = v.to_vec();
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    println!(
        "| ns per call ({rounds} rounds, median [min-max]) | {} |",
        FIGURES.join(" | ")
    );
    println!("|---|{}", "---|".repeat(FIGURES.len()));
    for (i, (name, _)) in CONFIGS.iter().enumerate() {
        let cells: Vec<String> = FIGURES
            .iter()
            .map(|f| {
                let v = &samples[i][*f];
                let lo = v.iter().copied().fold(f64::INFINITY, f64::min);
                let hi = v.iter().copied().fold(0.0, f64::max);
                let ratio = median(v) / median(&samples[0][*f]);
                if i == 0 {
                    format!("{:.0} [{lo:.0}-{hi:.0}]", median(v))
                } else {
                    format!("{:.0} [{lo:.0}-{hi:.0}] ({ratio:.2}x)", median(v))
                }
            })
            .collect();
        println!("| {name} | {} |", cells.join(" | "));
    }
    let kernel = 2;
    let ratio = median(&samples[kernel]["launch"]) / median(&samples[0]["launch"]);
    println!("traced/untraced empty-kernel launch (--kernel-trace): {ratio:.2}x");
}
