//! Helpers shared by hipcc's integration tests.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

pub fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

pub fn repo_root() -> PathBuf {
    crate_dir().join("../../..")
}

pub fn fixture(name: &str) -> PathBuf {
    crate_dir().join("tests/fixtures").join(name)
}

/// A fresh scratch directory for one test.
pub fn scratch(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("t-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("create scratch dir");
    d
}

/// A command running the built `hipcc` (or `hipconfig`) with a clean HIP environment.
pub fn tool(name: &str) -> Command {
    let exe = match name {
        "hipcc" => env!("CARGO_BIN_EXE_hipcc"),
        _ => env!("CARGO_BIN_EXE_hipconfig"),
    };
    let mut c = Command::new(exe);
    for v in [
        "HIP_PLATFORM",
        "HIP_PATH",
        "FERROCM_ROOT",
        "HIP_CLANG_PATH",
        "HIPCC_CXX",
        "CXX",
        "HIPCC_VERBOSE",
        "HIPCC_COMPILE_FLAGS_APPEND",
        "HIPCC_LINK_FLAGS_APPEND",
    ] {
        c.env_remove(v);
    }
    c
}

/// Whether the real headers and the built `libamdhip64.so` (beside hipcc, where cargo puts
/// it when the workspace is built) are there to build and run HIP programs; says why not, for
/// a test that then skips.
pub fn real_runtime() -> bool {
    let h = repo_root().join("include/hip/hip_runtime.h");
    if !h.is_file() {
        eprintln!("SKIPPED: {} does not exist", h.display());
        return false;
    }
    let lib = Path::new(env!("CARGO_BIN_EXE_hipcc")).with_file_name("libamdhip64.so");
    if !lib.exists() {
        eprintln!(
            "SKIPPED: {} is not built (cargo build -p ferrocm-hip-capi)",
            lib.display()
        );
        return false;
    }
    true
}

pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

pub fn show(o: &Output) -> String {
    format!(
        "status {:?}\n--- stdout\n{}--- stderr\n{}",
        o.status.code(),
        text(&o.stdout),
        text(&o.stderr)
    )
}

/// A stand-in ferrocm root: the stand-in `hip/hip_runtime.h`, the real `ferrocm/cpu_kernel.h`
/// and an empty `libamdhip64.so`, so that the driver can be tested end to end while the real
/// headers and runtime are written.
pub fn fake_root() -> &'static Path {
    static ROOT: OnceLock<PathBuf> = OnceLock::new();
    ROOT.get_or_init(|| {
        let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fake-ferrocm-root");
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("include/hip")).expect("mkdir");
        std::fs::create_dir_all(root.join("include/ferrocm")).expect("mkdir");
        std::fs::create_dir_all(root.join("lib")).expect("mkdir");
        std::fs::copy(
            fixture("fake_hip_runtime.h"),
            root.join("include/hip/hip_runtime.h"),
        )
        .expect("copy header");
        std::fs::copy(
            repo_root().join("include/ferrocm/cpu_kernel.h"),
            root.join("include/ferrocm/cpu_kernel.h"),
        )
        .expect("copy header");
        let empty = root.join("empty.c");
        std::fs::write(&empty, "void ferrocm_fake_runtime(void) {}\n").expect("write");
        let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
        let st = Command::new(cc)
            .args(["-shared", "-fPIC", "-o"])
            .arg(root.join("lib/libamdhip64.so"))
            .arg(&empty)
            .status()
            .expect("run cc");
        assert!(st.success(), "building the stand-in libamdhip64.so");
        root
    })
}

/// `hipcc` with the stand-in root.
pub fn fake_hipcc() -> Command {
    let mut c = tool("hipcc");
    c.env("HIP_PATH", fake_root());
    c
}
