//! The test corpus: CUDA inputs under `tests/corpus/`, their expected HIP outputs under
//! `tests/corpus/expected/` (same name).
//!
//! An input's first line may be `// hipify: FLAGS` (the command-line flags for that case);
//! lines `// expect-warning: LINE: TEXT` list the warnings it must produce (each warning must
//! match one of them, and each of them a warning).
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use hipify::cli;
use hipify::stats::Warning;
use hipify::Options;

pub fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus")
}

/// One corpus case.
pub struct Case {
    pub name: String,
    pub input_path: PathBuf,
    pub input: String,
    pub expected: String,
    pub flags: Vec<String>,
    pub expected_warnings: Vec<(usize, String)>,
}

impl Case {
    pub fn options(&self) -> Options {
        let mut args = self.flags.clone();
        args.push("input.cu".into());
        cli::parse(&args)
            .unwrap_or_else(|e| panic!("{}: bad flags: {e}", self.name))
            .translate
    }

    /// Which expected warnings no warning matched, and which warnings no expectation did.
    pub fn warning_mismatch(&self, got: &[Warning]) -> Vec<String> {
        let mut out = Vec::new();
        for (line, text) in &self.expected_warnings {
            if !got
                .iter()
                .any(|w| w.line == *line && w.message.contains(text.as_str()))
            {
                out.push(format!("missing warning {line}: {text}"));
            }
        }
        for w in got {
            if !self
                .expected_warnings
                .iter()
                .any(|(l, t)| w.line == *l && w.message.contains(t.as_str()))
            {
                out.push(format!("unexpected warning {}: {}", w.line, w.message));
            }
        }
        out
    }
}

pub fn cases() -> Vec<Case> {
    let dir = corpus_dir();
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .expect("read tests/corpus")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|input_path| {
            let name = input_path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default()
                .to_string();
            let input = std::fs::read_to_string(&input_path).expect("read input");
            let expected_path = dir.join("expected").join(&name);
            let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
            let flags = input
                .lines()
                .next()
                .and_then(|l| l.strip_prefix("// hipify:"))
                .map(|f| f.split_whitespace().map(String::from).collect())
                .unwrap_or_default();
            let expected_warnings = input
                .lines()
                .filter_map(|l| l.strip_prefix("// expect-warning: "))
                .filter_map(|l| {
                    let (line, text) = l.split_once(": ")?;
                    Some((line.trim().parse().ok()?, text.trim().to_string()))
                })
                .collect();
            Case {
                name,
                input_path,
                input,
                expected,
                flags,
                expected_warnings,
            }
        })
        .collect()
}

/// hipify-perl, if it is there: `HIPIFY_PERL`, else the peer beside the repository.
pub fn hipify_perl() -> Option<PathBuf> {
    let p = std::env::var_os("HIPIFY_PERL")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../../../shared/peers/hipify-perl/hipify-perl")
        });
    let perl_ok = std::process::Command::new("perl")
        .arg("-v")
        .output()
        .is_ok_and(|o| o.status.success());
    (p.is_file() && perl_ok).then_some(p)
}
