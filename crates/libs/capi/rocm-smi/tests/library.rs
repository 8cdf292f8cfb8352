//! `librocm_smi64.so` against its table and header: it exports exactly the table's
//! functions, `include/rocm_smi/rocm_smi.h` declares exactly them (and compiles as C and C++),
//! and a C monitoring program built against the library passes on this machine.

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
    rocm_smi64::exports::EXPORTS
        .iter()
        .map(|s| s.to_string())
        .collect()
}

/// `cargo test` builds the rlib only: build the cdylib, once per test binary.
fn library() -> PathBuf {
    static BUILT: std::sync::Once = std::sync::Once::new();
    BUILT.call_once(|| {
        let status = Command::new(env!("CARGO"))
            .args(["build", "-q", "-p", "ferrocm-rocm-smi-capi"])
            .current_dir(root())
            .status()
            .expect("run cargo build");
        assert!(
            status.success(),
            "cargo build -p ferrocm-rocm-smi-capi failed"
        );
    });
    target_dir().join("librocm_smi64.so")
}

#[test]
fn the_library_exports_exactly_the_table() {
    let path = library();
    let data = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let file = object::File::parse(&*data).expect("an ELF file");
    let exported: BTreeSet<String> = file
        .dynamic_symbols()
        .filter(|s| s.is_definition() && s.is_global() && s.kind() == object::SymbolKind::Text)
        .filter_map(|s| s.name().ok().map(String::from))
        .filter(|name| !name.starts_with("rust_"))
        .collect();
    assert_eq!(exported, table());
}

#[test]
fn the_header_declares_exactly_the_table() {
    let header =
        std::fs::read_to_string(root().join("include/rocm_smi/rocm_smi.h")).expect("header");
    let declared: BTreeSet<String> = header
        .lines()
        .filter_map(|line| line.strip_prefix("RSMI_API rsmi_status_t "))
        .filter_map(|decl| decl.split('(').next().map(String::from))
        .collect();
    assert_eq!(declared, table());
}

fn cc() -> Option<&'static str> {
    Command::new("cc")
        .arg("--version")
        .output()
        .ok()
        .map(|_| "cc")
}

#[test]
fn the_header_compiles_as_c_and_cxx() {
    let Some(cc) = cc() else {
        eprintln!("SKIPPED: no C compiler");
        return;
    };
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let file = dir.join("rsmi_header.c");
    std::fs::write(
        &file,
        "#include <rocm_smi/rocm_smi.h>\nint main(void) { uint32_t n; return rsmi_num_monitor_devices(&n); }\n",
    )
    .unwrap();
    for (compiler, std, lang) in [(cc, "-std=c99", "c"), ("c++", "-std=c++17", "c++")] {
        let out = Command::new(compiler)
            .args([std, "-x", lang, "-Wall", "-Werror", "-fsyntax-only", "-I"])
            .arg(root().join("include"))
            .arg(&file)
            .output()
            .expect("run the compiler");
        assert!(
            out.status.success(),
            "{compiler}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn a_c_monitoring_program_passes() {
    let lib = library();
    let Some(cc) = cc() else {
        eprintln!("SKIPPED: no C compiler");
        return;
    };
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let exe = dir.join("rsmi_query");
    let libdir = lib.parent().unwrap();
    let out = Command::new(cc)
        .args(["-std=c11", "-Wall", "-Werror", "-o"])
        .arg(&exe)
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs/rsmi_query.c"))
        .arg("-I")
        .arg(root().join("include"))
        .arg(format!("-L{}", libdir.display()))
        .arg("-lrocm_smi64")
        .arg(format!("-Wl,-rpath,{}", libdir.display()))
        .output()
        .expect("run cc");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let run = Command::new(&exe).output().expect("run the program");
    let stdout = String::from_utf8_lossy(&run.stdout);
    println!("{stdout}");
    assert!(
        run.status.success() && stdout.trim_end().ends_with("PASS"),
        "{stdout}{}",
        String::from_utf8_lossy(&run.stderr)
    );
}

/// docs/TOOLS.md lists exactly the functions that answer not-supported, with the table's
/// reasons.
#[test]
fn the_docs_list_the_unsupported_functions() {
    let doc = std::fs::read_to_string(root().join("docs/TOOLS.md")).expect("docs/TOOLS.md");
    let listed: BTreeSet<(String, String)> = doc
        .lines()
        .filter_map(|l| l.strip_prefix("- `rsmi_"))
        .filter_map(|l| {
            let (name, reason) = l.split_once("`: ")?;
            Some((format!("rsmi_{name}"), reason.to_string()))
        })
        .collect();
    let table: BTreeSet<(String, String)> = rocm_smi64::exports::TABLE
        .iter()
        .filter_map(|(name, reason)| Some((name.to_string(), (*reason)?.to_string())))
        .collect();
    assert_eq!(listed, table);
}
