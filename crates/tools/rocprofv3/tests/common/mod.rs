//! What rocprofv3's integration tests share: the build of a test program with ferrocm's
//! hipcc, fresh output folders, the traces' clock and CSV reading. (Each test binary uses
//! a part of it.)
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// One CSV row: column name -> value.
pub type Row = BTreeMap<String, String>;

/// The cargo target directory of this test run (the test executable is in `<it>/deps`).
pub fn target_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable");
    exe.parent()
        .and_then(Path::parent)
        .expect("target directory")
        .to_path_buf()
}

/// `tests/programs/<name>.hip` built with ferrocm's hipcc for the CPU platform and linked
/// with `libroctx64.so` (the libraries and hipcc are brought up to date first: `cargo test`
/// builds only this package); `None`, with a visible SKIPPED line, when they are missing.
pub fn build_program(name: &str) -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..");
    let status = Command::new(env!("CARGO"))
        .args(["build", "-q", "-p", "ferrocm-hip-capi", "-p"])
        .args(["ferrocm-roctx-capi", "-p", "ferrocm-hipcc"])
        .current_dir(&root)
        .status()
        .expect("run cargo build");
    assert!(
        status.success(),
        "cargo build of the libraries and hipcc failed"
    );
    let dir = target_dir();
    let hipcc = dir.join("hipcc");
    if !hipcc.exists() || !dir.join("libroctx64.so").exists() {
        eprintln!("SKIPPED: {} or libroctx64.so is not built", hipcc.display());
        return None;
    }
    let exe = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let out = Command::new(&hipcc)
        .env_remove("HIP_PLATFORM")
        .arg(root.join(format!("crates/tools/rocprofv3/tests/programs/{name}.hip")))
        .arg("-o")
        .arg(&exe)
        .arg("-I")
        .arg(root.join("include"))
        .arg(format!("-L{}", dir.display()))
        .arg("-lroctx64")
        .arg(format!("-Wl,-rpath,{}", dir.display()))
        .output()
        .expect("run hipcc");
    assert!(
        out.status.success(),
        "hipcc failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(exe)
}

/// A fresh, empty folder for one test.
pub fn fresh_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("test folder");
    dir
}

/// `CLOCK_MONOTONIC` ns, the traces' clock.
pub fn now_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: a valid out-pointer.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut ts) };
    ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
}

/// One CSV file: header and rows.
pub fn read_csv(path: &Path) -> (Vec<String>, Vec<Row>) {
    let mut reader = csv::Reader::from_path(path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let header: Vec<String> = reader
        .headers()
        .expect("header")
        .iter()
        .map(String::from)
        .collect();
    let rows = reader
        .records()
        .map(|r| {
            let r = r.expect("row");
            header
                .iter()
                .cloned()
                .zip(r.iter().map(String::from))
                .collect()
        })
        .collect();
    (header, rows)
}

/// A numeric column of a row.
pub fn num(row: &Row, column: &str) -> u64 {
    row[column]
        .parse()
        .unwrap_or_else(|_| panic!("{column} of {row:?} is a number"))
}
