//! The export table against the built library and the header: `libroctx64.so` exports
//! exactly the table's functions, `include/roctracer/roctx.h` declares exactly them, and the
//! header (and its rocprofiler-sdk path) compiles as C.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use object::{Object, ObjectSymbol};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../..")
}

/// The directory cargo puts libraries in (the test runs from `deps/`).
fn target_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable");
    exe.parent()
        .and_then(Path::parent)
        .expect("target directory")
        .to_path_buf()
}

fn table() -> BTreeSet<String> {
    roctx64::exports::EXPORTS
        .iter()
        .map(|s| s.to_string())
        .collect()
}

#[test]
fn the_library_exports_exactly_the_table() {
    // `cargo test` builds the rlib only: build the cdylib.
    let status = Command::new(env!("CARGO"))
        .args(["build", "-q", "-p", "ferrocm-roctx-capi"])
        .current_dir(root())
        .status()
        .expect("run cargo build");
    assert!(status.success(), "cargo build -p ferrocm-roctx-capi failed");
    let path = target_dir().join("libroctx64.so");
    let data = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let file = object::File::parse(&*data).expect("an ELF file");
    let exported: BTreeSet<String> = file
        .dynamic_symbols()
        .filter(|s| s.is_definition() && s.is_global() && s.kind() == object::SymbolKind::Text)
        .filter_map(|s| s.name().ok().map(String::from))
        // The Rust runtime's own (unwinding personality).
        .filter(|name| !name.starts_with("rust_"))
        .collect();
    assert_eq!(exported, table());
}

#[test]
fn the_header_declares_exactly_the_table() {
    let header = std::fs::read_to_string(root().join("include/roctracer/roctx.h")).expect("header");
    let declared: BTreeSet<String> = header
        .lines()
        .filter_map(|line| line.strip_prefix("ROCTX_API "))
        .filter_map(|decl| {
            let name_end = decl.find('(')?;
            decl[..name_end].rsplit([' ', '*']).next().map(String::from)
        })
        .collect();
    assert_eq!(declared, table());
}

#[test]
fn the_header_compiles_as_c() {
    let source = "#include <roctracer/roctx.h>\n#include <rocprofiler-sdk-roctx/roctx.h>\n\
                  int main(void) { roctx_range_id_t id = roctxRangeStart(\"r\"); \
                  roctxRangeStop(id); return roctxRangePush(\"x\") + roctxRangePop(); }\n";
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let file = dir.join("roctx_header.c");
    std::fs::write(&file, source).expect("write the C file");
    let out = match Command::new("cc")
        .args(["-std=c99", "-Wall", "-Werror", "-fsyntax-only", "-I"])
        .arg(root().join("include"))
        .arg(&file)
        .output()
    {
        Ok(out) => out,
        Err(e) => {
            eprintln!("SKIPPED: no C compiler ({e})");
            return;
        }
    };
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
