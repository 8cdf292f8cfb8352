//! The files an NVRTC compilation may read, for the cache's validation.
//!
//! On the CPU platform the compiler lists the files it read (`-MD`). NVRTC has no such list
//! in every version, so hiprtc scans the source itself: every `#include "x"` / `#include <x>`
//! line (`#include_next` too), followed recursively through in-memory headers and files
//! found on disk. The scan is conservative: it ignores `#if` (both branches are followed)
//! and comments, so it may record files the compilation did not read (which only makes a
//! cached entry go stale when they change), but it records every file found the way NVRTC
//! finds it:
//!
//! - an in-memory header whose include name is the name (NVRTC's first choice);
//! - for `"x"`, the including file's directory (the current directory for the source and
//!   in-memory headers), then the include directories in order;
//! - for `<x>`, the include directories in order;
//! - an absolute name as it is.
//!
//! Files below the prelude directory (ferrocm's HIP headers) are not recorded: their
//! contents are part of the cache key. Includes whose name is a macro are not followed
//! (they cannot be resolved without preprocessing).

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};

use crate::cache::Dependency;

/// At most this many files are followed (a bound against pathological include graphs).
const MAX_FILES: usize = 10_000;
/// Files larger than this are recorded but not scanned (64 MiB).
const MAX_SCANNED: u64 = 64 << 20;

/// Where includes are looked for.
#[derive(Debug, Clone, Copy)]
pub struct SearchPath<'a> {
    /// In-memory headers: (include name, contents).
    pub headers: &'a [(String, Vec<u8>)],
    /// Include directories, in search order.
    pub include_dirs: &'a [PathBuf],
    /// The directory of the prelude headers (not recorded), if any.
    pub prelude_dir: Option<&'a Path>,
    /// The directory quoted includes of the source and in-memory headers are relative to.
    pub cwd: &'a Path,
}

/// The names `text` includes: (name, quoted).
pub fn include_directives(text: &[u8]) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    for line in text.split(|&b| b == b'\n') {
        let line = trim_start(line);
        let Some(rest) = line.strip_prefix(b"#") else {
            continue;
        };
        let rest = trim_start(rest);
        let Some(rest) = rest.strip_prefix(b"include") else {
            continue;
        };
        let rest = rest.strip_prefix(b"_next").unwrap_or(rest);
        let rest = trim_start(rest);
        let (close, quoted) = match rest.first() {
            Some(b'"') => (b'"', true),
            Some(b'<') => (b'>', false),
            _ => continue,
        };
        let body = &rest[1..];
        let Some(end) = body.iter().position(|&b| b == close) else {
            continue;
        };
        if let Ok(name) = std::str::from_utf8(&body[..end]) {
            if !name.is_empty() {
                out.push((name.to_owned(), quoted));
            }
        }
    }
    out
}

fn trim_start(b: &[u8]) -> &[u8] {
    let n = b.iter().take_while(|c| matches!(c, b' ' | b'\t')).count();
    &b[n..]
}

/// A text to scan: its contents and the directory its quoted includes are relative to.
struct Pending {
    text: Vec<u8>,
    dir: PathBuf,
}

/// The files on disk that `source` (and the `pre_includes`, included before it) may read,
/// as they are now.
pub fn dependencies(
    search: &SearchPath<'_>,
    source: &[u8],
    pre_includes: &[String],
) -> Vec<Dependency> {
    let mut deps = Vec::new();
    let mut seen_files: HashSet<PathBuf> = HashSet::new();
    let mut seen_headers: HashSet<&str> = HashSet::new();
    let mut first = source.to_vec();
    for p in pre_includes {
        first.extend_from_slice(format!("\n#include \"{p}\"\n").as_bytes());
    }
    let mut work = vec![Pending {
        text: first,
        dir: search.cwd.to_path_buf(),
    }];
    while let Some(item) = work.pop() {
        for (name, quoted) in include_directives(&item.text) {
            if seen_files.len() >= MAX_FILES {
                return deps;
            }
            if let Some((n, contents)) = search.headers.iter().find(|(n, _)| *n == name) {
                if seen_headers.insert(n.as_str()) {
                    work.push(Pending {
                        text: contents.clone(),
                        dir: search.cwd.to_path_buf(),
                    });
                }
            }
            let Some(path) = find(search, &name, quoted.then_some(item.dir.as_path())) else {
                continue;
            };
            if search.prelude_dir.is_some_and(|d| path.starts_with(d)) {
                continue;
            }
            if !seen_files.insert(path.clone()) {
                continue;
            }
            let Some(dep) = Dependency::of(&path) else {
                continue;
            };
            let scan = dep.size <= MAX_SCANNED;
            deps.push(dep);
            if scan {
                if let Ok(text) = fs::read(&path) {
                    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
                    work.push(Pending { text, dir });
                }
            }
        }
    }
    deps
}

/// The file `name` resolves to on disk (`from`: the including file's directory, for a quoted
/// include).
fn find(search: &SearchPath<'_>, name: &str, from: Option<&Path>) -> Option<PathBuf> {
    let n = Path::new(name);
    if n.is_absolute() {
        return n.is_file().then(|| n.to_path_buf());
    }
    from.into_iter()
        .chain(search.include_dirs.iter().map(PathBuf::as_path))
        .map(|d| d.join(n))
        .find(|p| p.is_file())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directives() {
        let text = b"#include \"a.h\"\n  #  include <b/c.h>\n#include_next <d.h>\r\n\
                     #define X 1\n#include MACRO\n// #include \"e.h\"\n#include <unterminated\n\
                     #include \"\"\n#pragma once\n";
        assert_eq!(
            include_directives(text),
            [
                ("a.h".to_owned(), true),
                ("b/c.h".to_owned(), false),
                ("d.h".to_owned(), false)
            ]
        );
    }

    #[test]
    fn follows_in_memory_headers_and_files() {
        let root = std::env::temp_dir().join(format!(
            "hiprtc-includes-{}-{}",
            std::process::id(),
            crate::cache::unique()
        ));
        let inc = root.join("inc");
        let prelude = root.join("prelude");
        let cwd = root.join("cwd");
        for d in [&inc, &prelude.join("hip"), &cwd] {
            fs::create_dir_all(d).expect("mkdir");
        }
        fs::write(
            inc.join("a.h"),
            "#include \"sub/b.h\"\n#include <hip/x.h>\n",
        )
        .expect("w");
        fs::create_dir_all(inc.join("sub")).expect("mkdir");
        fs::write(inc.join("sub/b.h"), "#include \"c.h\"\n#include \"a.h\"\n").expect("w");
        fs::write(inc.join("sub/c.h"), "int c;\n").expect("w");
        fs::write(prelude.join("hip/x.h"), "int x;\n").expect("w");
        fs::write(cwd.join("local.h"), "int l;\n").expect("w");
        fs::write(cwd.join("pre.h"), "int p;\n").expect("w");
        let headers = vec![("mem.h".to_owned(), b"#include <a.h>\n".to_vec())];
        let dirs = vec![inc.clone(), prelude.clone()];
        let search = SearchPath {
            headers: &headers,
            include_dirs: &dirs,
            prelude_dir: Some(&prelude),
            cwd: &cwd,
        };
        let deps = dependencies(
            &search,
            b"#include \"mem.h\"\n#include \"local.h\"\n#include <missing.h>\n#include <local.h>\n",
            &["pre.h".to_owned()],
        );
        let mut paths: Vec<PathBuf> = deps.iter().map(|d| d.path.clone()).collect();
        paths.sort();
        let mut want = vec![
            inc.join("a.h"),
            inc.join("sub/b.h"),
            inc.join("sub/c.h"),
            cwd.join("local.h"),
            cwd.join("pre.h"),
        ];
        want.sort();
        assert_eq!(paths, want);
        assert!(deps.iter().all(Dependency::unchanged));
        let _ = fs::remove_dir_all(&root);
    }
}
