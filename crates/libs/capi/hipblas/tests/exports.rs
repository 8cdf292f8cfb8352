//! The declaration lists against the headers, the built libraries and the docs:
//! * every function `include/hipblas/hipblas.h` and `include/rocblas/rocblas.h` declare is in
//!   the library's list and the other way round;
//! * the built `libhipblas.so` and `librocblas.so` export every listed symbol (none is
//!   missing at link time);
//! * `docs/LIBRARIES.md` is what the lists say (regenerate it with
//!   `FERROCM_UPDATE_DOCS=1 cargo test -p ferrocm-hipblas-capi --test exports`).

use std::collections::BTreeSet;
use std::ffi::CString;
use std::path::{Path, PathBuf};

use blas::capi::{coverage_markdown, Export};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../..")
        .canonicalize()
        .expect("repository root")
}

/// Names declared by a generated declaration include (`EXPORT type name(params);` lines).
fn declared(path: &Path) -> BTreeSet<String> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter_map(|l| {
            let open = l.find('(')?;
            let name = l[..open].split_whitespace().last()?;
            Some(name.trim_start_matches('*').to_string())
        })
        .collect()
}

fn names(exports: &[Export]) -> BTreeSet<String> {
    exports.iter().map(|e| e.name.to_string()).collect()
}

#[test]
fn headers_declare_exactly_the_lists() {
    let hip = declared(&repo_root().join("include/hipblas/internal/hipblas-functions.inc"));
    assert_eq!(
        hip,
        names(hipblas::exports::EXPORTS),
        "hipblas.h vs libhipblas's list"
    );
    let roc = declared(&repo_root().join("include/rocblas/internal/rocblas-functions.inc"));
    assert_eq!(
        roc,
        names(rocblas::exports::EXPORTS),
        "rocblas.h vs librocblas's list"
    );
    assert!(
        hip.len() > 1800 && roc.len() > 1200,
        "{} / {}",
        hip.len(),
        roc.len()
    );
}

/// The directory cargo put this package's libraries in (the test runs from `deps/`).
fn target_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable");
    exe.parent()
        .and_then(Path::parent)
        .expect("target directory")
        .to_path_buf()
}

fn check_library(file: &str, exports: &[Export]) {
    let path = target_dir().join(file);
    if !path.exists() {
        eprintln!(
            "SKIPPED: {} is not built (cargo build -p ferrocm-{}-capi)",
            path.display(),
            &file[3..file.len() - 3]
        );
        return;
    }
    let c = CString::new(path.to_str().expect("utf-8 path")).expect("path");
    // SAFETY: loads our own library (its initialisers only set up Rust statics).
    let lib = unsafe { libc::dlopen(c.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
    assert!(!lib.is_null(), "dlopen {}", path.display());
    let missing: Vec<&str> = exports
        .iter()
        .map(|e| e.name)
        .filter(|name| {
            let n = CString::new(*name).expect("name");
            // SAFETY: a live handle and a NUL-terminated name.
            unsafe { libc::dlsym(lib, n.as_ptr()) }.is_null()
        })
        .collect();
    assert!(
        missing.is_empty(),
        "{file} lacks {} symbols: {:?}",
        missing.len(),
        &missing[..missing.len().min(10)]
    );
}

#[test]
fn built_libraries_export_every_listed_function() {
    check_library("libhipblas.so", hipblas::exports::EXPORTS);
    check_library("librocblas.so", rocblas::exports::EXPORTS);
}

fn page() -> String {
    let mut md = String::from(
        "# ROCm libraries: coverage\n\n\
         Generated from the libraries' declaration lists by\n\
         `crates/libs/capi/hipblas/tests/exports.rs`; do not edit by hand. Regenerate with\n\
         `FERROCM_UPDATE_DOCS=1 cargo test -p ferrocm-hipblas-capi --test exports`.\n\n\
         Every function of ROCm 6.3's public headers is declared by our headers and exported by\n\
         the library, so no program fails to link; what is not implemented yet returns the\n\
         library's NOT_SUPPORTED status (`rocblas_status_not_implemented`,\n\
         `HIPBLAS_STATUS_NOT_SUPPORTED`). Implemented functions run on the CPU platform (faer and\n\
         Rust loops, ordered on the handle's HIP stream). On NVIDIA they run on cuBLAS (on the\n\
         stream's `CUstream`, the device's primary context) except, so far: gemmt, trtri, the\n\
         mixed-precision batched gemv, complex symmetric packed updates, host-mode rotations\n\
         with pointer arrays, and the plain/strided forms of the LU/QR helpers (their\n\
         pointer-array forms are mapped), which report NOT_SUPPORTED there\n\
         (`crates/libs/blas/src/nvidia/`).\n\n\
         ## BLAS\n\n",
    );
    md.push_str(&coverage_markdown(
        "rocBLAS (`librocblas.so`, `include/rocblas/rocblas.h`)",
        rocblas::exports::EXPORTS,
    ));
    md.push('\n');
    md.push_str(&coverage_markdown(
        "hipBLAS (`libhipblas.so`, `include/hipblas/hipblas.h`, `_v2` and `_64` forms included)",
        hipblas::exports::EXPORTS,
    ));
    md
}

/// The page up to the next library's `## ` section (the other libraries' tests own theirs).
fn blas_part(doc: &str) -> (&str, &str) {
    let start = doc.find("## BLAS").map_or(doc.len(), |i| i + 1);
    let end = doc[start..]
        .find("\n## ")
        .map_or(doc.len(), |i| start + i + 1);
    (&doc[..end], &doc[end..])
}

#[test]
fn coverage_doc_is_current() {
    let path = repo_root().join("docs/LIBRARIES.md");
    let want = page();
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    let (part, rest) = blas_part(&have);
    if std::env::var_os("FERROCM_UPDATE_DOCS").is_some() {
        let sep = if rest.is_empty() { "" } else { "\n" };
        std::fs::write(&path, format!("{want}{sep}{rest}")).expect("write docs/LIBRARIES.md");
        return;
    }
    assert!(
        part.trim_end() == want.trim_end(),
        "docs/LIBRARIES.md is out of date: run FERROCM_UPDATE_DOCS=1 cargo test -p ferrocm-hipblas-capi --test exports"
    );
}
