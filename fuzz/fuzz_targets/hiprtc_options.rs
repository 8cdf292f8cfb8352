//! hiprtc's option parsing for both platforms and the cheap, pure parts of its compile path
//! (include-name and program-name checks, name-expression blocks, include scans, make-style
//! dependency files). Input: lines; the first is the program name, lines starting with `@`
//! are in-memory header names, `&` name expressions, the rest options.
//!
//! The whole compile path (`Program::compile`, hipcc + the host compiler, ~1 s per program)
//! is not run here: it is far too slow for a fuzzer and its options all pass through
//! `options::parse` first.
#![no_main]

use std::path::Path;

use hiprtc_core::{compile, includes, options, Program};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut lines = text.split(['\n', '\0']);
    let name = lines.next().unwrap_or("");
    let mut headers = Vec::new();
    let mut exprs = Vec::new();
    let mut opts = Vec::new();
    for l in lines {
        if let Some(h) = l.strip_prefix('@') {
            headers.push(h.to_owned());
        } else if let Some(e) = l.strip_prefix('&') {
            exprs.push(e.to_owned());
        } else {
            opts.push(l.to_owned());
        }
    }
    let cwd = Path::new("/tmp/ferrocm-fuzz-cwd");
    if let Ok(p) = options::parse(&opts, cwd, &headers) {
        // Defaults are explicit: the standard and optimisation level lead.
        assert!(p.hipcc_args.len() >= 2);
        assert!(p.hipcc_args[0].starts_with("-std="));
    }
    if let Ok(p) = options::parse_nvidia(&opts, cwd, &headers) {
        if let Some(arch) = &p.arch {
            assert!(options::is_sm_arch(arch), "arch {arch}");
        }
        for d in &p.include_dirs {
            assert!(d.is_absolute(), "{d:?}");
        }
    }
    for o in &opts {
        let _ = options::is_sm_arch(o);
        let _ = options::nvrtc_std(o);
    }
    let file = compile::source_file_name(name);
    assert!(!file.is_empty() && !file.contains('/'), "{file:?}");
    for h in &headers {
        if let Ok(p) = compile::check_include_name(h) {
            assert!(p.is_relative(), "{p:?}");
        }
    }
    let _ = compile::name_expression_block(&exprs);
    let _ = compile::parse_dependencies(&text);
    let _ = includes::include_directives(data);
    let header_pairs: Vec<(String, Vec<u8>)> =
        headers.iter().map(|h| (h.clone(), Vec::new())).collect();
    if let Ok(mut prog) = Program::new(data, Some(name), header_pairs) {
        for e in &exprs {
            let _ = prog.add_name_expression(e);
        }
    }
});
