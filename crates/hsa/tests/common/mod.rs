//! Helpers shared by the integration tests of the safe API: building the test code
//! object and bounded waits (a broken runtime fails a test instead of hanging it).

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use hsa::signal::{Condition, WaitState};
use hsa::Signal;

/// How long any single wait in these tests may take before the test fails.
pub const TIMEOUT: Duration = Duration::from_secs(60);

/// Compiles `tests/kernels/flow_kernels.c` into a CPU code object once per test process
/// and returns its path.
pub fn code_object_path() -> &'static Path {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| {
        let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
        let source = manifest.join("tests/kernels/flow_kernels.c");
        let include = manifest.join("../../include");
        let out_dir =
            Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("hsa-flow-{}", std::process::id()));
        std::fs::create_dir_all(&out_dir).expect("create the output directory");
        let output = out_dir.join("flow_kernels.so");
        let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
        let status = Command::new(&cc)
            .args(["-shared", "-fPIC", "-O2", "-Wall", "-Werror", "-I"])
            .arg(&include)
            .arg("-o")
            .arg(&output)
            .arg(&source)
            .status()
            .unwrap_or_else(|e| panic!("cannot run {cc}: {e}"));
        assert!(
            status.success(),
            "{cc} failed to build {}",
            source.display()
        );
        output
    })
}

/// Waits until `signal <cond> value` holds; panics after [`TIMEOUT`]. Returns the value.
pub fn wait_until(signal: &Signal, cond: Condition, value: i64) -> i64 {
    let deadline = Instant::now() + TIMEOUT;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let v = signal.wait(
            cond,
            value,
            Some(left.min(Duration::from_millis(500))),
            WaitState::Blocked,
        );
        if cond.holds(v, value) {
            return v;
        }
        assert!(
            Instant::now() < deadline,
            "signal {:#x} stuck at {v}, waiting for {cond:?} {value}",
            signal.handle()
        );
    }
}

/// Waits until the signal reaches 0.
pub fn wait_zero(signal: &Signal) {
    wait_until(signal, Condition::Eq, 0);
}

/// Polls `f` until it returns true; panics after [`TIMEOUT`].
pub fn wait_for(what: &str, mut f: impl FnMut() -> bool) {
    let deadline = Instant::now() + TIMEOUT;
    while !f() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(1));
    }
}
