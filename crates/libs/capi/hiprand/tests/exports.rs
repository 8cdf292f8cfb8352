//! The declaration lists against the headers, the built libraries and the docs:
//! * every function `include/hiprand/hiprand.h` and `include/rocrand/rocrand.h` declare is
//!   in the library's list and the other way round;
//! * the built `libhiprand.so` and `librocrand.so` export every listed symbol;
//! * the RAND section of `docs/LIBRARIES.md` is what the lists say (regenerate it with
//!   `FERROCM_UPDATE_DOCS=1 cargo test -p ferrocm-hiprand-capi --test exports`).

use std::collections::BTreeSet;
use std::ffi::CString;
use std::path::{Path, PathBuf};

use rng::capi::Export;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../..")
        .canonicalize()
        .expect("repository root")
}

/// Function names a header declares (`status API name(params);` lines).
fn declared(path: &Path, status: &str) -> BTreeSet<String> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| l.starts_with(status))
        .filter_map(|l| {
            let open = l.find('(')?;
            Some(l[..open].split_whitespace().last()?.to_string())
        })
        .collect()
}

fn names(exports: &[Export]) -> BTreeSet<String> {
    exports.iter().map(|e| e.name.to_string()).collect()
}

#[test]
fn headers_declare_exactly_the_lists() {
    let hip = declared(
        &repo_root().join("include/hiprand/hiprand.h"),
        "hiprandStatus_t HIPRANDAPI",
    );
    assert_eq!(
        hip,
        names(hiprand::exports::EXPORTS),
        "hiprand.h vs libhiprand's list"
    );
    let roc = declared(
        &repo_root().join("include/rocrand/rocrand.h"),
        "rocrand_status ROCRANDAPI",
    );
    assert_eq!(
        roc,
        names(rocrand::exports::EXPORTS),
        "rocrand.h vs librocrand's list"
    );
    // hipRAND's 30 functions, rocRAND's 33 (reference/api digests).
    assert_eq!((hip.len(), roc.len()), (30, 33));
}

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
        eprintln!("SKIPPED: {} is not built", path.display());
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
    assert!(missing.is_empty(), "{file} lacks {missing:?}");
}

#[test]
fn built_libraries_export_every_listed_function() {
    check_library("libhiprand.so", hiprand::exports::EXPORTS);
    check_library("librocrand.so", rocrand::exports::EXPORTS);
}

fn coverage(library: &str, exports: &[Export]) -> String {
    let implemented: Vec<&str> = exports
        .iter()
        .filter(|e| e.missing.is_none())
        .map(|e| e.name)
        .collect();
    let mut s = format!(
        "### {library}\n\n{} functions exported, {} implemented, {} return the not-supported status.\n\n",
        exports.len(),
        implemented.len(),
        exports.len() - implemented.len()
    );
    for e in exports {
        if let Some(why) = e.missing {
            s.push_str(&format!("- `{}`: {why}\n", e.name));
        }
    }
    s.push_str(&format!(
        "\nImplemented:\n\n`{}`\n",
        implemented.join("`, `")
    ));
    s
}

const SECTION: &str = "## RAND\n";

fn section() -> String {
    let mut md = String::from(SECTION);
    md.push_str(include_str!("rand_section.md"));
    md.push('\n');
    md.push_str(&coverage(
        "rocRAND (`librocrand.so`, `include/rocrand/rocrand.h`)",
        rocrand::exports::EXPORTS,
    ));
    md.push('\n');
    md.push_str(&coverage(
        "hipRAND (`libhiprand.so`, `include/hiprand/hiprand.h`)",
        hiprand::exports::EXPORTS,
    ));
    md
}

/// The RAND section's byte range in the page: from its heading to the next `## ` heading.
fn section_range(page: &str) -> Option<(usize, usize)> {
    let start = if page.starts_with(SECTION) {
        0
    } else {
        page.find(&format!("\n{SECTION}"))? + 1
    };
    let end = page[start + SECTION.len()..]
        .find("\n## ")
        .map_or(page.len(), |i| start + SECTION.len() + i + 1);
    Some((start, end))
}

#[test]
fn coverage_doc_is_current() {
    let path = repo_root().join("docs/LIBRARIES.md");
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    let want = section();
    if std::env::var_os("FERROCM_UPDATE_DOCS").is_some() {
        let page = match section_range(&have) {
            Some((a, b)) => format!("{}{want}{}", &have[..a], &have[b..]),
            None => format!("{}\n{want}", have.trim_end_matches('\n').to_owned() + "\n"),
        };
        std::fs::write(&path, page).expect("write docs/LIBRARIES.md");
        return;
    }
    let current = section_range(&have).map(|(a, b)| &have[a..b]);
    assert!(
        current == Some(want.as_str()),
        "the RAND section of docs/LIBRARIES.md is out of date: run FERROCM_UPDATE_DOCS=1 cargo test -p ferrocm-hiprand-capi --test exports"
    );
}
