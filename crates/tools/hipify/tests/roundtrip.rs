//! Round trips: CUDA programs (tests/roundtrip/*.cu) hipified, built with ferrocm's hipcc for
//! the CPU platform, run; each checks its own results and prints PASSED.
//!
//! hipcc is `FERROCM_HIPCC`, else `dist/bin/hipcc`, else the workspace's `target/debug/hipcc`
//! (`cargo build -p ferrocm-hipcc -p ferrocm-hip-capi`, or `scripts/dist.sh --debug`); the test
//! skips, saying so, where none is built with its `libamdhip64.so`.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..")
}

/// A hipcc with its runtime library, or why there is none.
fn hipcc() -> Result<PathBuf, String> {
    if let Some(p) = std::env::var_os("FERROCM_HIPCC") {
        return Ok(PathBuf::from(p));
    }
    let dist = repo_root().join("dist");
    if dist.join("bin/hipcc").is_file() && dist.join("lib/libamdhip64.so").is_file() {
        return Ok(dist.join("bin/hipcc"));
    }
    // target/tmp -> target/debug
    let target = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .map(|t| t.join("debug"))
        .ok_or("no target directory")?;
    if target.join("hipcc").is_file() && target.join("libamdhip64.so").is_file() {
        return Ok(target.join("hipcc"));
    }
    Err(format!(
        "no hipcc with libamdhip64.so in dist/ or {} (scripts/dist.sh --debug, or set FERROCM_HIPCC)",
        target.display()
    ))
}

fn flags_of(src: &str) -> Vec<String> {
    src.lines()
        .next()
        .and_then(|l| l.strip_prefix("// hipify:"))
        .map(|f| f.split_whitespace().map(String::from).collect())
        .unwrap_or_default()
}

#[test]
fn hipified_programs_build_and_pass_on_the_cpu() {
    let hipcc = match hipcc() {
        Ok(p) => p,
        Err(why) => {
            eprintln!("skipped: {why}");
            return;
        }
    };
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("hipify-roundtrip");
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).expect("scratch dir");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/roundtrip");
    let mut programs: Vec<_> = std::fs::read_dir(&dir)
        .expect("read tests/roundtrip")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "cu"))
        .collect();
    programs.sort();
    assert!(programs.len() >= 3);
    for cu in programs {
        let name = cu.file_stem().and_then(|s| s.to_str()).unwrap_or("prog");
        let src = std::fs::read_to_string(&cu).expect("read program");
        let mut args = flags_of(&src);
        args.push("x.cu".into());
        let opts = hipify::cli::parse(&args).expect("flags").translate;
        let t = hipify::translate(&src, &opts);
        let left: Vec<_> = cxx_lexer::tokenize(&t.text)
            .into_iter()
            .map(|tok| tok.text(&t.text))
            .filter(|w| w.starts_with("cuda"))
            .collect();
        assert!(left.is_empty(), "{name}: CUDA names left in code: {left:?}");
        let hip = scratch.join(format!("{name}.hip"));
        std::fs::write(&hip, &t.text).expect("write .hip");
        let exe = scratch.join(name);
        let out = Command::new(&hipcc)
            .arg(&hip)
            .arg("-o")
            .arg(&exe)
            .output()
            .expect("run hipcc");
        assert!(
            out.status.success(),
            "{name}: hipcc failed\n{}\n--- hipified source\n{}",
            String::from_utf8_lossy(&out.stderr),
            t.text
        );
        let run = Command::new(&exe).output().expect("run program");
        let stdout = String::from_utf8_lossy(&run.stdout);
        assert!(
            run.status.success() && stdout.contains("PASSED"),
            "{name}: {stdout}{}",
            String::from_utf8_lossy(&run.stderr)
        );
        eprintln!("{name}: hipified, built with {}, PASSED", hipcc.display());
    }
}
