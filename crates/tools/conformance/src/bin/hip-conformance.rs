//! `hip-conformance`: builds and runs the HIP conformance programs (`tests/hip/README.md`) with
//! a given hipcc, on the CPU or NVIDIA platform; prints PASS/FAIL per program and a summary.
//! Exit status: 0 when everything passed, 1 when something failed, 2 when it could not run.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;
use conformance::suite::{find_hiprtc, find_runtime, fresh_run_dir, parse_filter};
use conformance::{run_suite, Keep, Platform, SuiteConfig, SuiteError};

#[derive(Parser, Debug)]
#[command(name = "hip-conformance", version, about)]
struct Args {
    /// The platform to build for and run on: cpu or nvidia (nvidia adds tests/nvidia).
    #[arg(long, default_value = "cpu")]
    platform: Platform,
    /// The hipcc to build with [default: hipcc beside this program].
    #[arg(long)]
    hipcc: Option<PathBuf>,
    /// The libamdhip64.so to link and run against [default: in the hipcc's ../lib, its own
    /// directory or its deps/].
    #[arg(long)]
    runtime: Option<PathBuf>,
    /// The repository root, holding tests/hip [default: the current directory].
    #[arg(long)]
    root: Option<PathBuf>,
    /// Where to build (emptied first) [default: `run-PID` under
    /// `$TMPDIR/hip-conformance-PLATFORM`].
    #[arg(long)]
    build_dir: Option<PathBuf>,
    /// Parallel builds [default: the number of CPUs].
    #[arg(short, long)]
    jobs: Option<usize>,
    /// Only programs whose name contains one of these comma-separated substrings.
    #[arg(long, default_value = "")]
    filter: String,
    /// Multiplies every program's time limit.
    #[arg(long, default_value_t = 1.0, value_parser = positive)]
    timeout_scale: f64,
    /// Caps every program's time limit (seconds, after scaling).
    #[arg(long, value_parser = positive)]
    timeout_cap: Option<f64>,
    /// Keep the build directory (logs: NAME.build.std{out,err}, NAME.run.std{out,err}) even
    /// when everything passed.
    #[arg(long)]
    keep: bool,
}

/// A positive finite number (time limits and their scale).
fn positive(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 => Ok(v),
        _ => Err(format!("`{s}` is not a positive number")),
    }
}

fn config(args: Args) -> Result<SuiteConfig, SuiteError> {
    let setup = SuiteError::Setup;
    let hipcc = match args.hipcc {
        Some(p) => p,
        None => std::env::current_exe()
            .map_err(|e| setup(format!("cannot find this program's path: {e}")))?
            .with_file_name("hipcc"),
    };
    let runtime = match args.runtime {
        Some(p) => p,
        None => {
            let dir = hipcc.parent().unwrap_or(Path::new("."));
            let dirs = [dir.join("../lib"), dir.to_path_buf(), dir.join("deps")];
            find_runtime(&dirs).ok_or_else(|| {
                setup(format!(
                    "libamdhip64.so not found beside {} (../lib, ., deps/); pass --runtime",
                    hipcc.display()
                ))
            })?
        }
    };
    let root = match args.root {
        Some(p) => p,
        None => std::env::current_dir()
            .map_err(|e| setup(format!("cannot read the current directory: {e}")))?,
    };
    let build_dir = match args.build_dir {
        Some(d) => d,
        None => {
            fresh_run_dir(&std::env::temp_dir().join(format!("hip-conformance-{}", args.platform)))?
        }
    };
    Ok(SuiteConfig {
        root,
        platform: args.platform,
        hiprtc: find_hiprtc(&runtime),
        runtime,
        hipcc,
        build_dir,
        jobs: args.jobs.unwrap_or_else(|| {
            std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(2)
        }),
        filter: parse_filter(&args.filter),
        timeout_scale: args.timeout_scale,
        timeout_cap: args.timeout_cap,
        keep: if args.keep {
            Keep::Always
        } else {
            Keep::OnFailure
        },
    })
}

fn main() -> ExitCode {
    let args = Args::parse();
    match config(args).and_then(|c| run_suite(&c)) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e @ SuiteError::Failed { .. }) => {
            eprintln!("hip-conformance: {e}");
            ExitCode::from(1)
        }
        Err(e @ SuiteError::Setup(_)) => {
            eprintln!("hip-conformance: {e}");
            ExitCode::from(2)
        }
    }
}
