//! hipcc sees the whole translation unit (CPU platform).
//!
//! Programs put kernels, `<<<...>>>` launches and `extern __shared__` arrays in their own
//! headers (AMD's test suite in its common header, applications in `.hpp`/`.cuh` files), so
//! the user headers a HIP source reaches are rewritten as the source is. Each one is written
//! to a mirror tree, `<root>/<its absolute path>`, that the compiler searches before the
//! original directories:
//!
//! - a header found next to a mirrored file, or in a user `-iquote`/`-I` directory, is found
//!   at the same place in the mirror first (hipcc passes `-iquote <root>/<dir>` and
//!   `-I <root>/<dir>` ahead of the originals), so nested and relative includes resolve as
//!   before and `#pragma once` / include guards see one file each;
//! - every mirrored file starts with `#line 1 "<original path>"`, and no rewrite adds or
//!   removes a line, so diagnostics and `__FILE__` name the user's file and line;
//! - a path in the mirror is the original path with `<root>` in front, so dependency output
//!   is fixed up by removing that prefix.
//!
//! Not rewritten: system headers and ferrocm's own (`<root>/include`), headers named by a
//! macro (`#include MACRO`), and headers reached only through directories hipcc does not know
//! (`-isystem`, `CPATH`); those compile as they are.

use std::collections::{BTreeSet, VecDeque};
use std::ffi::OsString;
use std::path::{Path, PathBuf};

use crate::rewrite::{defined_kernels, rewrite_with, RewriteOptions, Rewritten};

/// At most this many headers are mirrored for one source (a runaway include graph is a bug
/// in the scan, not a program).
const MAX_HEADERS: usize = 4096;

/// The user include directories of a compilation, in search order.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct UserDirs {
    /// `-iquote DIR`: searched for `#include "..."` only.
    pub quote: Vec<PathBuf>,
    /// `-I DIR`: searched for both forms.
    pub angle: Vec<PathBuf>,
}

impl UserDirs {
    /// The directories named by `-I`/`-iquote` in the compiler arguments hipcc passes on.
    pub fn from_args(args: &[OsString]) -> UserDirs {
        let mut dirs = UserDirs::default();
        let mut it = args.iter().map(|a| a.to_string_lossy().into_owned());
        while let Some(a) = it.next() {
            if a == "-I" || a == "-iquote" {
                if let Some(d) = it.next() {
                    push_dir(&mut dirs, a == "-iquote", &d);
                }
            } else if let Some(d) = a.strip_prefix("-iquote") {
                push_dir(&mut dirs, true, d);
            } else if let Some(d) = a.strip_prefix("-I") {
                push_dir(&mut dirs, false, d);
            }
        }
        dirs
    }
}

fn push_dir(dirs: &mut UserDirs, quote: bool, d: &str) {
    if d.is_empty() || d == "-" {
        return;
    }
    let p = PathBuf::from(d);
    if quote {
        dirs.quote.push(p);
    } else {
        dirs.angle.push(p);
    }
}

/// One `#include` of a file: the name and whether it was quoted (`"..."`) or angled.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Include {
    name: String,
    quoted: bool,
}

/// The `#include "..."` / `#include <...>` directives of `text`, in order (directives inside
/// block comments are skipped; conditional ones are all taken, which at worst mirrors a
/// header the compiler then does not read).
fn includes(text: &str) -> Vec<Include> {
    let mut out = Vec::new();
    let mut in_comment = false;
    for line in text.lines() {
        let mut rest = line;
        if in_comment {
            match rest.find("*/") {
                Some(end) => {
                    in_comment = false;
                    rest = &rest[end + 2..];
                }
                None => continue,
            }
        }
        let trimmed = rest.trim_start();
        if let Some(directive) = trimmed.strip_prefix('#') {
            if let Some(arg) = directive.trim_start().strip_prefix("include") {
                let arg = arg.trim_start();
                let (close, quoted) = match arg.chars().next() {
                    Some('"') => ('"', true),
                    Some('<') => ('>', false),
                    _ => (' ', false),
                };
                if close != ' ' {
                    if let Some(end) = arg[1..].find(close) {
                        out.push(Include {
                            name: arg[1..1 + end].to_owned(),
                            quoted,
                        });
                    }
                }
            }
        }
        // A block comment opened on this line and left open.
        if let Some(open) = rest.rfind("/*") {
            if !rest[open..].contains("*/") {
                in_comment = true;
            }
        }
    }
    out
}

/// Where the compiler finds `inc`, included from `from`, among the user's directories.
fn resolve(inc: &Include, from: &Path, dirs: &UserDirs) -> Option<PathBuf> {
    let own_dir = from.parent().map(Path::to_path_buf);
    let candidates = inc
        .quoted
        .then_some(own_dir)
        .flatten()
        .into_iter()
        .chain(if inc.quoted {
            dirs.quote.clone()
        } else {
            Vec::new()
        })
        .chain(dirs.angle.iter().cloned());
    for dir in candidates {
        let p = dir.join(&inc.name);
        if p.is_file() {
            return std::fs::canonicalize(&p).ok();
        }
    }
    None
}

/// A header of the unit, rewritten.
#[derive(Debug, Clone)]
pub struct MirroredHeader {
    /// Its absolute (canonical) path.
    pub original: PathBuf,
    /// The rewritten text (starting with a `#line` directive naming `original`).
    pub rewritten: Rewritten,
}

/// The rewritten headers of one source and the kernels they define.
#[derive(Debug, Clone, Default)]
pub struct UnitHeaders {
    pub headers: Vec<MirroredHeader>,
    /// Kernels (unqualified names) the headers define: launches of them from the source go
    /// through the probe, as launches of the source's own kernels do.
    pub kernels: BTreeSet<String>,
}

/// Finds and rewrites the user headers `source` (whose text is `text`) reaches; headers under
/// `exclude` (ferrocm's include directory) are not the user's.
pub fn rewrite_unit_headers(
    source: &Path,
    text: &str,
    dirs: &UserDirs,
    exclude: &Path,
) -> UnitHeaders {
    let exclude = std::fs::canonicalize(exclude).unwrap_or_else(|_| exclude.to_path_buf());
    let source = std::fs::canonicalize(source).unwrap_or_else(|_| source.to_path_buf());
    let mut seen: BTreeSet<PathBuf> = BTreeSet::from([source.clone()]);
    let mut texts: Vec<(PathBuf, String)> = Vec::new();
    let mut queue: VecDeque<(PathBuf, String)> = VecDeque::from([(source, text.to_owned())]);
    while let Some((file, body)) = queue.pop_front() {
        for inc in includes(&body) {
            let Some(header) = resolve(&inc, &file, dirs) else {
                continue;
            };
            if header.starts_with(&exclude)
                || !seen.insert(header.clone())
                || seen.len() > MAX_HEADERS
            {
                continue;
            }
            let Ok(bytes) = std::fs::read(&header) else {
                continue;
            };
            let body = String::from_utf8_lossy(&bytes).into_owned();
            texts.push((header.clone(), body.clone()));
            queue.push_back((header, body));
        }
    }
    // First the kernels every header defines, then each header rewritten knowing all of them.
    let kernels: BTreeSet<String> = texts
        .iter()
        .flat_map(|(_, body)| defined_kernels(body))
        .collect();
    let options = RewriteOptions {
        header: true,
        also_defined: kernels.clone(),
    };
    let headers = texts
        .into_iter()
        .map(|(original, body)| MirroredHeader {
            rewritten: rewrite_with(&body, &original.to_string_lossy(), &options),
            original,
        })
        .collect();
    UnitHeaders { headers, kernels }
}

/// `path` (absolute) at its place in the mirror under `root`.
pub fn mirrored(root: &Path, path: &Path) -> PathBuf {
    let relative = path.strip_prefix("/").unwrap_or(path);
    root.join(relative)
}

/// Writes the headers into the mirror under `root`, and creates the mirrored search
/// directories ([`search_dirs`]), so that a `../x.h` relative to one of them resolves.
pub fn write_mirror(
    root: &Path,
    headers: &UnitHeaders,
    search: &[(&'static str, PathBuf)],
) -> std::io::Result<()> {
    for (_, dir) in search {
        std::fs::create_dir_all(dir)?;
    }
    for h in &headers.headers {
        let at = mirrored(root, &h.original);
        if let Some(dir) = at.parent() {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(&at, &h.rewritten.source)?;
    }
    Ok(())
}

/// The search directories that put the mirror ahead of the originals, with their flags:
/// `-iquote` for the source's own directory and the user's quote directories, `-I` for the
/// user's `-I` ones.
pub fn search_dirs(
    root: &Path,
    source_dir: &Path,
    dirs: &UserDirs,
) -> Vec<(&'static str, PathBuf)> {
    let absolute = |d: &Path| std::fs::canonicalize(d).unwrap_or_else(|_| d.to_path_buf());
    let quote = std::iter::once(source_dir.to_path_buf()).chain(dirs.quote.iter().cloned());
    quote
        .map(|d| ("-iquote", d))
        .chain(dirs.angle.iter().cloned().map(|d| ("-I", d)))
        .map(|(flag, d)| (flag, mirrored(root, &absolute(&d))))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn include_directives_are_found_outside_comments() {
        let text = "#include \"a.h\"\n  #  include <b/c.h>\n/* #include \"no.h\"\n*/ #include \"d.h\"\n#include MACRO\n// x\n#define X\n";
        let got: Vec<(String, bool)> = includes(text)
            .into_iter()
            .map(|i| (i.name, i.quoted))
            .collect();
        assert_eq!(
            got,
            [
                ("a.h".to_owned(), true),
                ("b/c.h".to_owned(), false),
                ("d.h".to_owned(), true)
            ]
        );
    }

    #[test]
    fn user_dirs_come_from_both_spellings() {
        let args: Vec<OsString> = ["-I", "inc", "-Iother", "-iquote", "q", "-iquoteq2", "-O2"]
            .iter()
            .map(OsString::from)
            .collect();
        let d = UserDirs::from_args(&args);
        assert_eq!(d.angle, [PathBuf::from("inc"), PathBuf::from("other")]);
        assert_eq!(d.quote, [PathBuf::from("q"), PathBuf::from("q2")]);
    }

    #[test]
    fn headers_are_found_rewritten_and_their_kernels_known() {
        let dir = std::env::temp_dir().join(format!("hipcc-headers-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("inc/sub")).expect("dirs");
        std::fs::create_dir_all(dir.join("ours")).expect("dirs");
        std::fs::write(
            dir.join("ours/hip.h"),
            "#pragma once\n__global__ void not_mine() {}\n",
        )
        .expect("write");
        std::fs::write(
            dir.join("inc/common.h"),
            "#pragma once\n#include \"sub/kernels.h\"\ninline void go(int *p) { k<<<1, 1>>>(p); }\n",
        )
        .expect("write");
        std::fs::write(
            dir.join("inc/sub/kernels.h"),
            "#pragma once\n#include <hip.h>\n__global__ void k(int *p) { extern __shared__ int s[]; *p = s[0]; }\n",
        )
        .expect("write");
        let main = dir.join("main.hip");
        let text = "#include <common.h>\nint main() { int *p = nullptr; k<<<1, 1>>>(p); }\n";
        std::fs::write(&main, text).expect("write");
        let dirs = UserDirs {
            quote: Vec::new(),
            angle: vec![dir.join("inc"), dir.join("ours")],
        };
        let unit = rewrite_unit_headers(&main, text, &dirs, &dir.join("ours"));
        let names: Vec<String> = unit
            .headers
            .iter()
            .map(|h| {
                h.original
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default()
            })
            .collect();
        assert_eq!(names, ["common.h", "kernels.h"]);
        assert_eq!(unit.kernels, BTreeSet::from(["k".to_owned()]));
        let common = &unit.headers[0].rewritten.source;
        assert!(common.starts_with("#line 1 \""), "{common}");
        assert!(
            common.contains("::hip_impl::chevron_probed(__HIP_KERNEL_PROBE(k)"),
            "{common}"
        );
        let kernels = &unit.headers[1].rewritten.source;
        assert!(
            kernels.contains("int *const s = ::hip_impl::dynamic_shared<int>{}.get();"),
            "{kernels}"
        );
        assert!(kernels.contains("::hip_impl::kernel_self<"), "{kernels}");
        assert!(unit.headers[1].rewritten.registrations.is_empty());
        let root = dir.join("mirror");
        let search = search_dirs(&root, &dir, &dirs);
        assert_eq!(search[0].0, "-iquote");
        assert_eq!(search[1].0, "-I");
        write_mirror(&root, &unit, &search).expect("mirror");
        assert!(search.iter().all(|(_, d)| d.is_dir()));
        assert!(mirrored(&root, &unit.headers[1].original).is_file());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
