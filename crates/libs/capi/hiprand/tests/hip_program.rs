//! HIP C++ programs using hipRAND and rocRAND the usual way (`tests/programs/*.hip`: the
//! host API on a stream between a kernel and a copy, and the device API in kernels against
//! the host API), built with ferrocm's `hipcc` and `-lhiprand -lrocrand` and run against
//! the built `libamdhip64.so`, `libhiprand.so` and `librocrand.so` (the path a C program
//! takes: the RNG core reaches the program's runtime through its C entry points).

use std::path::{Path, PathBuf};
use std::process::Command;

fn target_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable");
    exe.parent()
        .and_then(Path::parent)
        .expect("target directory")
        .to_path_buf()
}

fn run_program(name: &str) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../..");
    // The libraries and hipcc this test uses, up to date (the package's own cdylib is not
    // rebuilt by `cargo test` when only its rlib is needed).
    let status = Command::new(env!("CARGO"))
        .args([
            "build",
            "-q",
            "-p",
            "ferrocm-hiprand-capi",
            "-p",
            "ferrocm-rocrand-capi",
        ])
        .args(["-p", "ferrocm-hip-capi", "-p", "ferrocm-hipcc"])
        .current_dir(&root)
        .status()
        .expect("run cargo build");
    assert!(
        status.success(),
        "cargo build of the libraries and hipcc failed"
    );
    let dir = target_dir();
    let hipcc = dir.join("hipcc");
    if !hipcc.exists() || !dir.join("libamdhip64.so").exists() {
        eprintln!(
            "SKIPPED: {} or libamdhip64.so is not built",
            hipcc.display()
        );
        return;
    }
    let exe = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let out = Command::new(&hipcc)
        .env_remove("HIP_PLATFORM")
        .arg("-O2")
        .arg(root.join(format!(
            "crates/libs/capi/hiprand/tests/programs/{name}.hip"
        )))
        .arg("-o")
        .arg(&exe)
        .arg("-I")
        .arg(root.join("include"))
        .arg(format!("-L{}", dir.display()))
        .args(["-lhiprand", "-lrocrand"])
        .arg(format!("-Wl,-rpath,{}", dir.display()))
        .output()
        .expect("run hipcc");
    assert!(
        out.status.success(),
        "hipcc failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let run = Command::new(&exe)
        .env("LD_LIBRARY_PATH", &dir)
        .env_remove("HIP_PLATFORM")
        .output()
        .expect("run the program");
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success() && stdout.lines().last() == Some("PASS"),
        "{name} failed ({:?}):\n{stdout}\n{}",
        run.status,
        String::from_utf8_lossy(&run.stderr)
    );
}

#[test]
fn host_api_program_runs_on_the_cpu_platform() {
    run_program("host_api");
}

#[test]
fn device_api_program_matches_the_host_api() {
    run_program("device_api");
}

#[test]
fn device_api_program_for_mrg31k3p_lfsr113_threefry_matches_the_host_api() {
    run_program("device_api_more");
}

/// `include/rocrand/rocrand_kernel.h` (ours) against rocRAND 5.7's own device API: the
/// ferrocm-rand oracle program `tests/oracle/oracle57.cpp`, built with ferrocm's `hipcc`
/// against our headers, must print what it printed built against Debian trixie's
/// `librocrand-dev` 5.7 headers (recorded in ferrocm-rand's
/// `tests/data/rocrand57_device.txt`): integers and uniforms bit for bit, normals within
/// 1e-5 relative (rocRAND keeps MRG31k3p's cached second double normal in float precision).
#[test]
fn rocrand_kernel_h_matches_rocrand_5_7_for_mrg31k3p_lfsr113_threefry() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../..");
    let status = Command::new(env!("CARGO"))
        .args(["build", "-q", "-p", "ferrocm-rocrand-capi"])
        .args(["-p", "ferrocm-hip-capi", "-p", "ferrocm-hipcc"])
        .current_dir(&root)
        .status()
        .expect("run cargo build");
    assert!(
        status.success(),
        "cargo build of the libraries and hipcc failed"
    );
    let dir = target_dir();
    let hipcc = dir.join("hipcc");
    if !hipcc.exists() || !dir.join("libamdhip64.so").exists() {
        eprintln!(
            "SKIPPED: {} or libamdhip64.so is not built",
            hipcc.display()
        );
        return;
    }
    let rand = root.join("crates/libs/rand/tests");
    let exe = Path::new(env!("CARGO_TARGET_TMPDIR")).join("oracle57_ours");
    let out = Command::new(&hipcc)
        .env_remove("HIP_PLATFORM")
        .arg("-O1")
        .arg(rand.join("oracle/oracle57.cpp"))
        .arg("-o")
        .arg(&exe)
        .arg("-I")
        .arg(root.join("include"))
        .arg(format!("-L{}", dir.display()))
        .arg("-lrocrand")
        .arg(format!("-Wl,-rpath,{}", dir.display()))
        .output()
        .expect("run hipcc");
    assert!(
        out.status.success(),
        "hipcc failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let run = Command::new(&exe)
        .env("LD_LIBRARY_PATH", &dir)
        .output()
        .expect("run the oracle program");
    assert!(run.status.success(), "oracle57 failed: {:?}", run.status);
    let ours = String::from_utf8_lossy(&run.stdout).into_owned();
    let theirs = std::fs::read_to_string(rand.join("data/rocrand57_device.txt"))
        .expect("recorded rocRAND 5.7 values");
    let (ours, theirs): (Vec<&str>, Vec<&str>) = (ours.lines().collect(), theirs.lines().collect());
    assert_eq!(ours.len(), theirs.len(), "line count");
    let close = |o: &str, t: &str| {
        let (a, b): (Vec<&str>, Vec<&str>) = (
            o.split_whitespace().collect(),
            t.split_whitespace().collect(),
        );
        a.len() == b.len()
            && a[..3] == b[..3]
            && a[1].contains("normal")
            && a[3..].iter().zip(&b[3..]).all(|(x, y)| {
                let parse = |s: &str| -> Option<f64> {
                    if s.len() == 8 {
                        u32::from_str_radix(s, 16)
                            .ok()
                            .map(|v| f64::from(f32::from_bits(v)))
                    } else {
                        u64::from_str_radix(s, 16).ok().map(f64::from_bits)
                    }
                };
                match (parse(x), parse(y)) {
                    (Some(x), Some(y)) => (x - y).abs() <= 1e-5 * y.abs().max(1e-30),
                    _ => false,
                }
            })
    };
    let bad: Vec<_> = ours
        .iter()
        .zip(&theirs)
        .filter(|(o, t)| o != t && !close(o, t))
        .take(10)
        .collect();
    assert!(bad.is_empty(), "differences (ours, rocRAND 5.7):\n{bad:#?}");
}
