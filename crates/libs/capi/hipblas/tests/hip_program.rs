//! A HIP C++ program using hipBLAS the usual way (`tests/programs/sgemm_stream.hip`: create,
//! set stream, copy, SGEMM between a kernel and an async copy on that stream, check,
//! documented failures), built with ferrocm's `hipcc` and `-lhipblas` and run against the
//! built `libamdhip64.so` and `libhipblas.so`: the path a C program takes (the BLAS core
//! reaches the program's runtime through its C entry points).

use std::path::{Path, PathBuf};
use std::process::Command;

fn target_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable");
    exe.parent()
        .and_then(Path::parent)
        .expect("target directory")
        .to_path_buf()
}

#[test]
fn sgemm_program_runs_on_the_cpu_platform() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../..");
    // The libraries and hipcc this test uses, up to date (the package's own cdylib is not
    // rebuilt by `cargo test` when only its rlib is needed).
    let status = Command::new(env!("CARGO"))
        .args([
            "build",
            "-q",
            "-p",
            "ferrocm-hipblas-capi",
            "-p",
            "ferrocm-hip-capi",
            "-p",
            "ferrocm-hipcc",
        ])
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
    let exe = Path::new(env!("CARGO_TARGET_TMPDIR")).join("sgemm_stream");
    let out = Command::new(&hipcc)
        .env_remove("HIP_PLATFORM")
        .arg("-O2")
        .arg(root.join("crates/libs/capi/hipblas/tests/programs/sgemm_stream.hip"))
        .arg("-o")
        .arg(&exe)
        .arg("-I")
        .arg(root.join("include"))
        .arg(format!("-L{}", dir.display()))
        .arg("-lhipblas")
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
        "program failed ({:?}):\n{stdout}\n{}",
        run.status,
        String::from_utf8_lossy(&run.stderr)
    );
}
