//! Turns the mapping data (data/mappings.tsv, data/arguments.tsv) into Rust tables compiled
//! into hipify, so a malformed row fails the build rather than a user's run.

use std::fmt::Write as _;
use std::path::Path;

fn target(col: &str, file: &str, line: usize) -> String {
    match col {
        "-" => "Target::None".into(),
        "!" => "Target::Unsupported".into(),
        "~" => "Target::Drop".into(),
        name if !name.is_empty() && !name.contains(char::is_whitespace) => {
            format!("Target::Name({name:?})")
        }
        other => panic!("{file}:{line}: bad target {other:?}"),
    }
}

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("tables.rs");
    let mut code = String::from("pub(crate) static MAPPINGS: &[Mapping] = &[\n");
    let tsv = std::fs::read_to_string(dir.join("mappings.tsv")).expect("read data/mappings.tsv");
    let mut seen = std::collections::HashSet::new();
    for (i, line) in tsv.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let c: Vec<&str> = line.split('\t').collect();
        assert_eq!(c.len(), 6, "mappings.tsv:{}: expected 6 columns", i + 1);
        assert!(seen.insert(c[0]), "mappings.tsv:{}: {} twice", i + 1, c[0]);
        let mut flags = String::from(
            "Flags { experimental: false, deprecated: None, removed: None, warp: false }",
        );
        if c[5] != "-" {
            let (mut e, mut d, mut r, mut w) = (false, None, None, false);
            for f in c[5].split(',') {
                match f.split_once('=') {
                    None if f == "experimental" => e = true,
                    None if f == "warp" => w = true,
                    Some(("deprecated", v)) => d = Some(v),
                    Some(("removed", v)) => r = Some(v),
                    _ => panic!("mappings.tsv:{}: unknown flag {f:?}", i + 1),
                }
            }
            flags = format!(
                "Flags {{ experimental: {e}, deprecated: {d:?}, removed: {r:?}, warp: {w} }}"
            );
        }
        writeln!(
            code,
            "    Mapping {{ cuda: {:?}, hip: {}, roc: {}, category: {:?}, api: {:?}, flags: {flags} }},",
            c[0],
            target(c[1], "mappings.tsv", i + 1),
            target(c[2], "mappings.tsv", i + 1),
            c[3],
            c[4],
        )
        .expect("write to a String");
    }
    code.push_str("];\n\npub(crate) static ARGUMENT_RULES: &[ArgumentRule] = &[\n");
    let args = std::fs::read_to_string(dir.join("arguments.tsv")).expect("read data/arguments.tsv");
    for (i, line) in args.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let c: Vec<&str> = line.split('\t').collect();
        assert_eq!(c.len(), 3, "arguments.tsv:{}: expected 3 columns", i + 1);
        let index: usize = c[1]
            .parse()
            .unwrap_or_else(|_| panic!("arguments.tsv:{}: bad index", i + 1));
        let action = match c[2] {
            "symbol" => "ArgumentAction::Symbol".to_string(),
            "void_ptr" => "ArgumentAction::VoidPtr".to_string(),
            "drop" => "ArgumentAction::Drop".to_string(),
            other => match other.strip_prefix("append=") {
                Some(v) if !v.is_empty() => format!("ArgumentAction::Append({v:?})"),
                _ => panic!("arguments.tsv:{}: unknown action {other:?}", i + 1),
            },
        };
        writeln!(
            code,
            "    ArgumentRule {{ function: {:?}, index: {index}, action: {action} }},",
            c[0]
        )
        .expect("write to a String");
    }
    code.push_str("];\n");
    std::fs::write(&out, code).expect("write tables.rs");
    println!("cargo:rerun-if-changed=data/mappings.tsv");
    println!("cargo:rerun-if-changed=data/arguments.tsv");
}
