//! rocprofv3 --hsa-trace on a C program calling the HSA API (`tests/programs/hsa_calls.c`,
//! linked with ferrocm's libhsa-runtime64): every call appears once, in HSA's two domains,
//! with its status and sane times; without --hsa-trace nothing is recorded.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

mod common;
use common::{fresh_dir, now_ns, num, read_csv, target_dir};

/// The program, built once per test run (None when cc or the library are missing).
fn program() -> Option<&'static Path> {
    static PROGRAM: OnceLock<Option<PathBuf>> = OnceLock::new();
    PROGRAM
        .get_or_init(|| {
            let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..");
            let status = Command::new(env!("CARGO"))
                .args(["build", "-q", "-p", "ferrocm-hsa-capi"])
                .current_dir(&root)
                .status()
                .expect("run cargo build");
            assert!(status.success(), "cargo build of libhsa-runtime64 failed");
            let dir = target_dir();
            if !dir.join("libhsa_runtime64.so").exists() {
                eprintln!("SKIPPED: libhsa_runtime64.so is not built");
                return None;
            }
            // The library's SONAME is libhsa-runtime64.so.1 (Cargo names the file
            // libhsa_runtime64.so): link and load through symlinks of both names.
            let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
            let lib_dir = tmp.join("hsa_lib");
            let _ = std::fs::remove_dir_all(&lib_dir);
            std::fs::create_dir_all(&lib_dir).expect("library folder");
            for name in ["libhsa-runtime64.so", "libhsa-runtime64.so.1"] {
                std::os::unix::fs::symlink(dir.join("libhsa_runtime64.so"), lib_dir.join(name))
                    .expect("library symlink");
            }
            let exe = tmp.join("hsa_calls");
            let out = Command::new("cc")
                .arg(root.join("crates/tools/rocprofv3/tests/programs/hsa_calls.c"))
                .arg("-o")
                .arg(&exe)
                .arg("-I")
                .arg(root.join("include"))
                .arg(format!("-L{}", lib_dir.display()))
                .arg("-lhsa-runtime64")
                .arg(format!("-Wl,-rpath,{}", lib_dir.display()))
                .output();
            match out {
                Ok(o) if o.status.success() => Some(exe),
                Ok(o) => panic!("cc failed:\n{}", String::from_utf8_lossy(&o.stderr)),
                Err(e) => {
                    eprintln!("SKIPPED: no C compiler ({e})");
                    None
                }
            }
        })
        .as_deref()
}

fn rocprofv3(args: &[&str], dir: &Path, app: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_rocprofv3"))
        .args(args)
        .arg("-d")
        .arg(dir)
        .args(["-o", "run", "--"])
        .arg(app)
        .output()
        .expect("run rocprofv3")
}

#[test]
fn hsa_calls_are_traced_in_hsas_domains() {
    let Some(app) = program() else { return };
    let dir = fresh_dir("hsa_trace");
    let start = now_ns();
    let out = rocprofv3(&["--hsa-trace", "--stats"], &dir, app);
    let end = now_ns();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && stdout.contains("PASS"),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (header, rows) = read_csv(&dir.join("run_hsa_api_trace.csv"));
    assert_eq!(
        header,
        [
            "Domain",
            "Function",
            "Process_Id",
            "Thread_Id",
            "Correlation_Id",
            "Start_Timestamp",
            "End_Timestamp"
        ]
    );
    let count = |name: &str| rows.iter().filter(|r| r["Function"] == name).count();
    for (name, calls) in [
        ("hsa_init", 1),
        ("hsa_iterate_agents", 1),
        ("hsa_signal_create", 2),
        ("hsa_signal_subtract_relaxed", 2),
        ("hsa_signal_wait_scacquire", 1),
        ("hsa_signal_destroy", 1),
        ("hsa_amd_agent_iterate_memory_pools", 1),
        ("hsa_amd_memory_pool_allocate", 1),
        ("hsa_amd_memory_pool_free", 1),
        ("hsa_shut_down", 1),
    ] {
        assert_eq!(count(name), calls, "{name} in {rows:#?}");
    }
    // Called by the runtime's callbacks from inside hsa_amd_agent_iterate_memory_pools: the
    // application's own calls, so they are there too.
    assert!(count("hsa_amd_memory_pool_get_info") >= 1);
    for r in &rows {
        let domain = if r["Function"].starts_with("hsa_amd_") {
            "HSA_AMD_EXT_API"
        } else {
            "HSA_CORE_API"
        };
        assert_eq!(r["Domain"], domain, "{r:?}");
        let (s, e) = (num(r, "Start_Timestamp"), num(r, "End_Timestamp"));
        assert!(
            start <= s && s <= e && e <= end,
            "{r:?} within [{start}, {end}]"
        );
    }
    let ids: std::collections::BTreeSet<u64> =
        rows.iter().map(|r| num(r, "Correlation_Id")).collect();
    assert_eq!(ids.len(), rows.len(), "correlation ids are unique");
    let (_, stats) = read_csv(&dir.join("run_hsa_api_stats.csv"));
    assert!(
        stats
            .iter()
            .any(|r| r["Name"] == "hsa_init" && num(r, "Calls") == 1),
        "{stats:#?}"
    );
}

#[test]
fn without_hsa_trace_no_hsa_calls_are_recorded() {
    let Some(app) = program() else { return };
    let dir = fresh_dir("hsa_untraced");
    let out = rocprofv3(&["--hip-trace"], &dir, app);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!dir.join("run_hsa_api_trace.csv").exists());
}
