//! Random and mutated HIP sources through hipcc's source pipeline: the C++ lexer
//! (`cxx-lexer`, shared with hipify), the rewriter (chevron launches, `extern __shared__`,
//! registrations) with loop fission of kernels at their barriers (`fission`), and the header
//! pass (`headers`: include scan, kernel discovery, header-mode rewrite). Never a panic.
//!
//! Input: a source; bytes after a `\0` (if any) are a user header that the source can reach
//! as `#include "h.h"` (written to a private directory once per input).
#![no_main]

use std::path::PathBuf;
use std::sync::OnceLock;

use hipcc::headers::{rewrite_unit_headers, UserDirs};
use hipcc::rewrite::{defined_kernels, rewrite, rewrite_with, RewriteOptions};
use libfuzzer_sys::fuzz_target;

/// A private directory for the header part of an input.
fn dir() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let d = std::env::temp_dir().join(format!("ferrocm-fuzz-hipcc-{}", std::process::id()));
        std::fs::create_dir_all(&d).expect("scratch directory");
        d
    })
}

fuzz_target!(|data: &[u8]| {
    let (src, header) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], Some(&data[i + 1..])),
        None => (data, None),
    };
    // hipcc reads sources as UTF-8, lossily (as the driver does).
    let src = String::from_utf8_lossy(src);
    let toks = cxx_lexer::tokenize(&src);
    for t in &toks {
        // Tokens are in order and on character boundaries.
        assert!(t.start <= t.end && t.end <= src.len());
        assert!(src.is_char_boundary(t.start) && src.is_char_boundary(t.end));
    }
    let out = rewrite(&src, "fuzz.hip");
    assert!(out.source.starts_with("#line 1 \"fuzz.hip\""));
    let kernels = defined_kernels(&src);
    let as_header = rewrite_with(
        &src,
        "fuzz.h",
        &RewriteOptions {
            header: true,
            also_defined: kernels.into_iter().collect(),
        },
    );
    assert!(
        as_header.registrations.is_empty(),
        "headers register nothing"
    );
    if let Some(h) = header {
        let d = dir();
        let source = d.join("s.hip");
        std::fs::write(d.join("h.h"), h).expect("write header");
        std::fs::write(&source, src.as_bytes()).expect("write source");
        let unit = rewrite_unit_headers(&source, &src, &UserDirs::default(), &d.join("none"));
        assert!(unit.headers.len() <= 1, "one header exists");
    }
});
