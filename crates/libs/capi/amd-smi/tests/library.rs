//! `libamd_smi.so` against its table and header: it exports exactly the table's functions,
//! `include/amd_smi/amdsmi.h` declares exactly them, the header's structs have the Rust
//! layouts, and a C monitoring program built against the library passes on this machine.

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
    amd_smi::exports::EXPORTS
        .iter()
        .map(|s| s.to_string())
        .collect()
}

/// `cargo test` builds the rlib only: build the cdylib, once per test binary.
fn library() -> PathBuf {
    static BUILT: std::sync::Once = std::sync::Once::new();
    BUILT.call_once(|| {
        let status = Command::new(env!("CARGO"))
            .args(["build", "-q", "-p", "ferrocm-amd-smi-capi"])
            .current_dir(root())
            .status()
            .expect("run cargo build");
        assert!(
            status.success(),
            "cargo build -p ferrocm-amd-smi-capi failed"
        );
    });
    target_dir().join("libamd_smi.so")
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
    let header = std::fs::read_to_string(root().join("include/amd_smi/amdsmi.h")).expect("header");
    let declared: BTreeSet<String> = header
        .lines()
        .filter_map(|line| line.strip_prefix("AMDSMI_API amdsmi_status_t "))
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
fn the_header_layouts_match_the_rust_types() {
    use amd_smi::abi::*;
    use std::mem::{offset_of, size_of};
    let Some(cc) = cc() else {
        eprintln!("SKIPPED: no C compiler");
        return;
    };
    let structs = [
        ("amdsmi_version_t", size_of::<amdsmi_version_t>()),
        ("amdsmi_vram_usage_t", size_of::<amdsmi_vram_usage_t>()),
        (
            "amdsmi_power_cap_info_t",
            size_of::<amdsmi_power_cap_info_t>(),
        ),
        ("amdsmi_vbios_info_t", size_of::<amdsmi_vbios_info_t>()),
        ("amdsmi_asic_info_t", size_of::<amdsmi_asic_info_t>()),
        ("amdsmi_kfd_info_t", size_of::<amdsmi_kfd_info_t>()),
        ("amdsmi_vram_info_t", size_of::<amdsmi_vram_info_t>()),
        ("amdsmi_driver_info_t", size_of::<amdsmi_driver_info_t>()),
        ("amdsmi_board_info_t", size_of::<amdsmi_board_info_t>()),
        ("amdsmi_power_info_t", size_of::<amdsmi_power_info_t>()),
        ("amdsmi_clk_info_t", size_of::<amdsmi_clk_info_t>()),
        ("amdsmi_engine_usage_t", size_of::<amdsmi_engine_usage_t>()),
        ("amdsmi_proc_info_t", size_of::<amdsmi_proc_info_t>()),
        ("amdsmi_process_info_t", size_of::<amdsmi_process_info_t>()),
        ("amdsmi_bdf_t", size_of::<amdsmi_bdf_t>()),
    ];
    let mut src = String::from(
        "#include <amd_smi/amdsmi.h>\n#ifdef __cplusplus\n#define _Static_assert static_assert\n#endif\n",
    );
    for (name, size) in structs {
        src.push_str(&format!(
            "_Static_assert(sizeof({name}) == {size}, \"{name}: Rust has {size} bytes\");\n"
        ));
    }
    let offsets = [
        (
            "amdsmi_proc_info_t",
            "memory_usage",
            offset_of!(amdsmi_proc_info_t, memory_usage),
        ),
        (
            "amdsmi_proc_info_t",
            "container_name",
            offset_of!(amdsmi_proc_info_t, container_name),
        ),
        (
            "amdsmi_asic_info_t",
            "device_id",
            offset_of!(amdsmi_asic_info_t, device_id),
        ),
        (
            "amdsmi_asic_info_t",
            "target_graphics_version",
            offset_of!(amdsmi_asic_info_t, target_graphics_version),
        ),
        (
            "amdsmi_clk_info_t",
            "reserved",
            offset_of!(amdsmi_clk_info_t, reserved),
        ),
        (
            "amdsmi_vram_info_t",
            "vram_bit_width",
            offset_of!(amdsmi_vram_info_t, vram_bit_width),
        ),
    ];
    src.push_str("#include <stddef.h>\n");
    for (ty, field, off) in offsets {
        src.push_str(&format!(
            "_Static_assert(offsetof({ty}, {field}) == {off}, \"{ty}.{field}\");\n"
        ));
    }
    src.push_str("int main(void) { return 0; }\n");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let file = dir.join("amdsmi_layouts.c");
    std::fs::write(&file, src).unwrap();
    for (compiler, std) in [(cc, "-std=c11"), ("c++", "-std=c++17")] {
        let lang = if compiler == "c++" { "c++" } else { "c" };
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
    let exe = dir.join("amdsmi_query");
    let libdir = lib.parent().unwrap();
    let out = Command::new(cc)
        .args(["-std=c11", "-Wall", "-Werror", "-o"])
        .arg(&exe)
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs/amdsmi_query.c"))
        .arg("-I")
        .arg(root().join("include"))
        .arg(format!("-L{}", libdir.display()))
        .arg("-lamd_smi")
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
        .filter_map(|l| l.strip_prefix("- `amdsmi_"))
        .filter_map(|l| {
            let (name, reason) = l.split_once("`: ")?;
            Some((format!("amdsmi_{name}"), reason.to_string()))
        })
        .collect();
    let table: BTreeSet<(String, String)> = amd_smi::exports::TABLE
        .iter()
        .filter_map(|(name, reason)| Some((name.to_string(), (*reason)?.to_string())))
        .collect();
    assert_eq!(listed, table);
}
