//! HIP C++ programs using hipFFT and rocFFT the usual way (`tests/programs/`), built with
//! ferrocm's `hipcc` and `-lhipfft` / `-lrocfft` and run against the built
//! `libamdhip64.so`, `libhipfft.so` and `librocfft.so`: the path a C program takes (the FFT
//! core reaches the program's runtime through its C entry points).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Once;

fn target_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable");
    exe.parent()
        .and_then(Path::parent)
        .expect("target directory")
        .to_path_buf()
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../..")
}

/// The libraries and hipcc the programs use, up to date (the packages' own cdylibs are
/// not rebuilt by `cargo test` when only their rlibs are needed).
fn build_once() {
    static BUILD: Once = Once::new();
    BUILD.call_once(|| {
        let status = Command::new(env!("CARGO"))
            .args([
                "build",
                "-q",
                "-p",
                "ferrocm-hipfft-capi",
                "-p",
                "ferrocm-rocfft-capi",
                "-p",
                "ferrocm-hip-capi",
                "-p",
                "ferrocm-hipcc",
            ])
            .current_dir(root())
            .status()
            .expect("run cargo build");
        assert!(
            status.success(),
            "cargo build of the libraries and hipcc failed"
        );
    });
}

fn run_program(name: &str, lib: &str) {
    build_once();
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
        .arg(root().join(format!("crates/libs/capi/hipfft/tests/programs/{name}.hip")))
        .arg("-o")
        .arg(&exe)
        .arg("-I")
        .arg(root().join("include"))
        .arg(format!("-L{}", dir.display()))
        .arg(format!("-l{lib}"))
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
fn hipfft_program_runs_on_the_cpu_platform() {
    run_program("hipfft_stream", "hipfft");
}

#[test]
fn rocfft_program_runs_on_the_cpu_platform() {
    run_program("rocfft_layouts", "rocfft");
}
