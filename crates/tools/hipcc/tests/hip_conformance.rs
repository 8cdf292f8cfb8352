//! HIP conformance suite on the CPU platform: builds every `tests/hip/*.hip` program (not
//! `*.kernel.hip`) with the `hipcc` Cargo built, runs each one in its own process against the
//! `libamdhip64.so` built by the same `cargo test --workspace`, and checks it against the
//! directives at the top of its file (`tests/hip/README.md`). The runner is the
//! `ferrocm-conformance` crate, which `scripts/gpu-check.sh` also uses on NVIDIA; this file only
//! configures it from the environment.
//!
//! Environment:
//! - `FERROCM_HIP_TESTS=substr[,substr...]`: run only the programs whose name contains one of
//!   the substrings (a filter that selects no program fails).
//! - `FERROCM_HIPCC=/path/hipcc`: use another hipcc than the one Cargo built.
//! - `FERROCM_HIP_RUNTIME_LIB=/path/libamdhip64.so`: run against another runtime library.
//! - `FERROCM_HIP_JOBS=N`: parallel builds (default: available cores clamped to 2..=4).
//! - `FERROCM_HIP_TIMEOUT_SCALE=F`: multiply every run-time limit by F (slow machines, sanitizers).
//! - `FERROCM_HIP_KEEP=1`: keep the build directory (it is printed).

use std::path::{Path, PathBuf};

use conformance::suite::{find_hiprtc, find_runtime, fresh_run_dir, parse_filter};
use conformance::{run_suite, Keep, Platform, SuiteConfig, SuiteError};

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.is_empty())
}

/// `libamdhip64.so`: `FERROCM_HIP_RUNTIME_LIB`, else where Cargo puts the cdylib (next to the
/// binaries, and in `deps/`).
fn runtime(hipcc: &Path) -> Result<PathBuf, SuiteError> {
    if let Some(p) = var("FERROCM_HIP_RUNTIME_LIB") {
        let p = PathBuf::from(p);
        return if p.is_file() {
            Ok(p)
        } else {
            Err(SuiteError::Setup(format!(
                "FERROCM_HIP_RUNTIME_LIB={} is not a file",
                p.display()
            )))
        };
    }
    let mut dirs = Vec::new();
    if let Some(d) = hipcc.parent() {
        dirs.push(d.to_path_buf());
        dirs.push(d.join("deps"));
    }
    if let Some(deps) = std::env::current_exe()
        .ok()
        .as_deref()
        .and_then(Path::parent)
    {
        dirs.push(deps.to_path_buf());
        dirs.extend(deps.parent().map(Path::to_path_buf));
    }
    find_runtime(&dirs).ok_or_else(|| {
        SuiteError::Setup(format!(
            "libamdhip64.so not found (looked in {}); it is the cdylib of package \
             ferrocm-hip-capi: run `cargo test --workspace` (or `cargo build -p ferrocm-hip-capi` first)",
            dirs.iter()
                .map(|d| d.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ))
    })
}

fn config() -> Result<SuiteConfig, SuiteError> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..");
    let root = root.canonicalize().unwrap_or(root);
    let hipcc = var("FERROCM_HIPCC")
        .map_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_hipcc")), PathBuf::from);
    let runtime = runtime(&hipcc)?;
    let build_dir = fresh_run_dir(&Path::new(env!("CARGO_TARGET_TMPDIR")).join("hip-conformance"))?;
    Ok(SuiteConfig {
        root,
        platform: Platform::Cpu,
        hiprtc: find_hiprtc(&runtime),
        runtime,
        hipcc,
        build_dir,
        jobs: var("FERROCM_HIP_JOBS")
            .and_then(|s| s.parse::<usize>().ok())
            .filter(|n| *n > 0)
            .unwrap_or_else(|| {
                std::thread::available_parallelism()
                    .map(|n| n.get())
                    .unwrap_or(2)
                    .clamp(2, 4)
            }),
        filter: var("FERROCM_HIP_TESTS").and_then(|s| parse_filter(&s)),
        timeout_scale: var("FERROCM_HIP_TIMEOUT_SCALE")
            .and_then(|s| s.parse::<f64>().ok())
            .filter(|f| *f > 0.0)
            .unwrap_or(1.0),
        timeout_cap: None,
        keep: if var("FERROCM_HIP_KEEP").as_deref() == Some("1") {
            Keep::Always
        } else {
            Keep::OnFailure
        },
    })
}

#[test]
fn hip_conformance() {
    if let Err(e) = config().and_then(|c| run_suite(&c)) {
        panic!("HIP conformance suite: {e}");
    }
}
