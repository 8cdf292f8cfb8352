//! Running `hipcc --genco` on a program.
//!
//! A compilation happens in a private temporary directory (mode 0700, removed afterwards),
//! which is also hipcc's working directory:
//!
//! ```text
//! <tmp>/<program name>          the source, plus the name-expression block
//! <tmp>/include/<include name>  each in-memory header (found with -Iinclude)
//! <tmp>/.hiprtc-out.co          hipcc's output
//! <tmp>/.hiprtc-deps.d          the compiler's dependency list (-MD)
//! <tmp>/.hiprtc-log             hipcc's standard output and error, in order
//! ```
//!
//! Paths in diagnostics are therefore the program's name and `include/<name>`.

use std::collections::HashMap;
use std::fs;
use std::os::unix::fs::MetadataExt as _;
use std::path::{Component, Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;

use crate::cache::{unique, Dependency};
use crate::lowered::anchor_symbol;
use crate::Error;

/// Environment variables hipcc (or the host compiler it runs) reads; part of the toolchain
/// identity.
pub const HIPCC_ENVIRONMENT: &[&str] = &[
    "HIP_PLATFORM",
    "HIP_PATH",
    "FERROCM_ROOT",
    "HIP_CLANG_PATH",
    "HIPCC_CXX",
    "CXX",
    "HIPCC_COMPILE_FLAGS_APPEND",
    "HIPCC_LINK_FLAGS_APPEND",
    "PATH",
    "CPATH",
    "CPLUS_INCLUDE_PATH",
    "C_INCLUDE_PATH",
    "GCC_EXEC_PREFIX",
    "COMPILER_PATH",
    "LIBRARY_PATH",
];

/// Finds the `hipcc` executable: `$FERROCM_HIPCC` if set, else (for a library in `lib_dir`)
/// `<lib_dir>/../bin/hipcc` (installed layout) or `<lib_dir>/hipcc` (cargo's target
/// directory, where the executables sit next to the libraries).
pub fn locate_hipcc(lib_dir: Option<&Path>) -> Result<PathBuf, Error> {
    if let Some(v) = std::env::var_os("FERROCM_HIPCC").filter(|v| !v.is_empty()) {
        let p = PathBuf::from(&v);
        return if p.is_file() {
            Ok(p)
        } else {
            Err(Error::Compiler(format!(
                "FERROCM_HIPCC={} is not an executable file",
                p.display()
            )))
        };
    }
    let mut tried = Vec::new();
    if let Some(dir) = lib_dir {
        // An install (lib/ beside bin/), a Cargo build (the library beside the binaries), and
        // `cargo test`'s layout (the library in deps/, the binaries one level up).
        for candidate in [
            dir.join("../bin/hipcc"),
            dir.join("hipcc"),
            dir.join("../hipcc"),
        ] {
            if candidate.is_file() {
                return Ok(candidate.canonicalize().unwrap_or(candidate));
            }
            tried.push(candidate.display().to_string());
        }
    }
    Err(Error::Compiler(format!(
        "hipcc not found (tried: {}); set FERROCM_HIPCC to its path",
        if tried.is_empty() {
            "nothing: the library's location is unknown".to_owned()
        } else {
            tried.join(", ")
        }
    )))
}

/// The compiler hiprtc runs, and its identity for the cache key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Toolchain {
    hipcc: PathBuf,
    identity: String,
}

/// `hipcc --version` outputs already seen in this process, by hipcc identity and environment.
static VERSIONS: Mutex<Option<HashMap<String, String>>> = Mutex::new(None);

impl Toolchain {
    /// The toolchain of the `hipcc` at `hipcc`. Its identity is the file's path, size and
    /// modification time, the environment hipcc reads, and what `hipcc --version` prints
    /// (which includes the host compiler's version; run once per process and identity).
    pub fn new(hipcc: PathBuf) -> Result<Toolchain, Error> {
        let meta = fs::metadata(&hipcc).map_err(|e| {
            Error::Compiler(format!("cannot use hipcc at {}: {e}", hipcc.display()))
        })?;
        let mut id = format!(
            "hipcc={}\nsize={}\nmtime={}.{}\n",
            hipcc.display(),
            meta.size(),
            meta.mtime(),
            meta.mtime_nsec()
        );
        for var in HIPCC_ENVIRONMENT {
            if let Some(v) = std::env::var_os(var) {
                id.push_str(var);
                id.push('=');
                id.push_str(&v.to_string_lossy());
                id.push('\n');
            }
        }
        let known = VERSIONS
            .lock()
            .ok()
            .and_then(|m| m.as_ref().and_then(|m| m.get(&id).cloned()));
        let version = match known {
            Some(v) => v,
            None => {
                let out = Command::new(&hipcc)
                    .arg("--version")
                    .stdin(Stdio::null())
                    .output()
                    .map_err(|e| Error::Compiler(format!("cannot run {}: {e}", hipcc.display())))?;
                let mut v = String::from_utf8_lossy(&out.stdout).into_owned();
                v.push_str(&String::from_utf8_lossy(&out.stderr));
                if let Ok(mut m) = VERSIONS.lock() {
                    m.get_or_insert_with(HashMap::new)
                        .insert(id.clone(), v.clone());
                }
                v
            }
        };
        id.push_str("version:\n");
        id.push_str(&version);
        Ok(Toolchain {
            hipcc,
            identity: id,
        })
    }

    /// The `hipcc` executable.
    pub fn hipcc(&self) -> &Path {
        &self.hipcc
    }

    /// The identity string hashed into cache keys.
    pub fn identity(&self) -> &str {
        &self.identity
    }
}

/// Checks an in-memory header's include name: relative, no `..`, no NUL, not empty.
pub fn check_include_name(name: &str) -> Result<PathBuf, String> {
    if name.is_empty() {
        return Err("empty include name".into());
    }
    if name.contains('\0') {
        return Err(format!("include name {name:?} contains NUL"));
    }
    let p = Path::new(name);
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::Normal(n) => out.push(n),
            Component::CurDir => {}
            _ => {
                return Err(format!(
                    "include name {name:?} must be a relative path without `..`"
                ))
            }
        }
    }
    if out.as_os_str().is_empty() {
        return Err(format!("include name {name:?} names no file"));
    }
    Ok(out)
}

/// The source file's name in the private directory, from the program name: its last path
/// component, with characters other than letters, digits and `._+-` replaced by `_`.
pub fn source_file_name(program_name: &str) -> String {
    let last = program_name.rsplit('/').next().unwrap_or("");
    let mut s: String = last
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '+' | '-') {
                c
            } else {
                '_'
            }
        })
        .collect();
    if s.is_empty() || s.chars().all(|c| c == '.') {
        s = "default_program".into();
    }
    if s == "include" || s.starts_with(".hiprtc") {
        s.insert_str(0, "prog_");
    }
    s
}

/// The code appended to the source for the name expressions: for expression `i`, a kernel-table
/// entry (`FERROCM_REGISTER_KERNEL`'s expansion, for kernels only: a variable or a non-kernel
/// function gets an entry the loader skips) and the exported anchor
/// `__ferrocm_name_expr_<i>` holding the named entity's address. Each expression's lines are
/// marked `#line <i+1> "<hiprtc name expressions>"` for diagnostics.
pub fn name_expression_block(exprs: &[String]) -> String {
    use std::fmt::Write as _;
    if exprs.is_empty() {
        return String::new();
    }
    let mut out = String::from(NAME_EXPRESSION_SUPPORT);
    for (i, e) in exprs.iter().enumerate() {
        let e = e.trim();
        let e = e.strip_prefix('&').unwrap_or(e).trim();
        let _ = write!(
            out,
            "#line {line} \"<hiprtc name expressions>\"\n\
             __attribute__((used, section(\"ferrocm_kernels\"))) __FERROCM_RETAIN static const ferrocm_kernel_descriptor_t *const __ferrocm_name_expr_entry_{i} = ::__ferrocm_hiprtc::entry<&({e})>(); \
             extern \"C\" __attribute__((visibility(\"default\"), used)) const void *const {anchor} = (const void *)(&({e}));\n",
            line = i + 1,
            anchor = anchor_symbol(i),
        );
    }
    out
}

/// Support code of the name-expression block (see [`name_expression_block`]).
const NAME_EXPRESSION_SUPPORT: &str = r#"
#line 1 "<hiprtc name expression support>"
#include <hip/hip_runtime.h>
#ifndef __FERROCM_RETAIN
#define __FERROCM_RETAIN
#endif
namespace {
namespace __ferrocm_hiprtc {
void not_a_kernel(ferrocm_workitem_t *) {}
/* The kernel-table entry of a name expression that is not a kernel: its host function has no
   dynamic symbol, so the loader skips it. */
const ferrocm_kernel_descriptor_t not_a_kernel_desc = {
    FERROCM_KERNEL_DESCRIPTOR_MAGIC, FERROCM_CPU_ABI_VERSION, 0u, 16u, 0u, 0u, 0u, 0u,
    &not_a_kernel, nullptr, nullptr, reinterpret_cast<const void *>(&not_a_kernel), nullptr};
template <class T> struct is_kernel : std::false_type {};
template <class... Ps> struct is_kernel<void (*)(Ps...)> : std::true_type {};
template <class... Ps> struct is_kernel<void (*)(Ps...) noexcept> : std::true_type {};
template <auto F> constexpr const ferrocm_kernel_descriptor_t *entry() {
  if constexpr (is_kernel<decltype(F)>::value) {
    return &::hip_impl::fn_kernel<F>::desc;
  } else {
    return &not_a_kernel_desc;
  }
}
} // namespace __ferrocm_hiprtc
} // namespace
"#;

/// What to compile.
#[derive(Debug, Clone, Copy)]
pub struct Job<'a> {
    /// The source.
    pub source: &'a [u8],
    /// The program name.
    pub name: &'a str,
    /// The in-memory headers (include name, contents).
    pub headers: &'a [(String, Vec<u8>)],
    /// hipcc arguments ([`crate::options::parse`]).
    pub hipcc_args: &'a [String],
    /// The name expressions.
    pub name_expressions: &'a [String],
}

/// What a compilation produced.
#[derive(Debug, Clone, Default)]
pub struct Outcome {
    /// hipcc succeeded and wrote a code object.
    pub success: bool,
    /// hipcc's output (diagnostics).
    pub log: String,
    /// The code object (empty on failure).
    pub code: Vec<u8>,
    /// Files read outside the private directory.
    pub dependencies: Vec<Dependency>,
}

/// A private temporary directory, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new() -> Result<TempDir, Error> {
        use std::os::unix::fs::DirBuilderExt as _;
        let base = std::env::temp_dir();
        sweep_orphans(&base);
        let mut last = None;
        for _ in 0..16 {
            let p = base.join(format!("hiprtc-{}-{:x}", std::process::id(), unique()));
            match fs::DirBuilder::new().mode(0o700).create(&p) {
                Ok(()) => return Ok(TempDir(p)),
                Err(e) => last = Some(e),
            }
        }
        Err(Error::Internal(format!(
            "cannot create a temporary directory in {}: {}",
            base.display(),
            last.map(|e| e.to_string()).unwrap_or_default()
        )))
    }
}

/// Removes the private directories (`hiprtc-<pid>-<n>`, ours by owner) of processes that are
/// gone: a process killed while it compiled never ran [`TempDir`]'s drop.
fn sweep_orphans(base: &Path) {
    let Ok(entries) = fs::read_dir(base) else {
        return;
    };
    // SAFETY: geteuid has no preconditions.
    let uid = unsafe { libc::geteuid() };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix("hiprtc-"))
            .and_then(|rest| rest.split_once('-'))
            .and_then(|(pid, n)| {
                (u64::from_str_radix(n, 16).is_ok())
                    .then(|| pid.parse::<u32>().ok())
                    .flatten()
            })
        else {
            continue;
        };
        let owned = entry.metadata().is_ok_and(|m| m.is_dir() && m.uid() == uid);
        if owned && pid != std::process::id() && crate::cache::process_gone(pid) {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn io(what: &str, path: &Path) -> impl FnOnce(std::io::Error) -> Error {
    let msg = format!("{what} {}", path.display());
    move |e| Error::Internal(format!("{msg}: {e}"))
}

/// Compiles `job` with `toolchain`.
pub fn run(toolchain: &Toolchain, job: &Job<'_>) -> Result<Outcome, Error> {
    let tmp = TempDir::new()?;
    let dir = &tmp.0;
    let src_name = source_file_name(job.name);
    let mut source = job.source.to_vec();
    if !job.name_expressions.is_empty() {
        source.push(b'\n');
        source.extend_from_slice(name_expression_block(job.name_expressions).as_bytes());
    }
    let src_path = dir.join(&src_name);
    fs::write(&src_path, &source).map_err(io("cannot write", &src_path))?;
    let include = dir.join("include");
    fs::create_dir(&include).map_err(io("cannot create", &include))?;
    for (name, contents) in job.headers {
        let rel = check_include_name(name).map_err(Error::InvalidInput)?;
        let path = include.join(rel);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).map_err(io("cannot create", parent))?;
        }
        fs::write(&path, contents).map_err(io("cannot write", &path))?;
    }
    let out = dir.join(".hiprtc-out.co");
    let deps = dir.join(".hiprtc-deps.d");
    let log_path = dir.join(".hiprtc-log");
    let log_file = fs::File::create(&log_path).map_err(io("cannot create", &log_path))?;
    let log_err = log_file
        .try_clone()
        .map_err(io("cannot duplicate", &log_path))?;
    let status = Command::new(toolchain.hipcc())
        .current_dir(dir)
        .arg("--genco")
        .arg("-Iinclude")
        .args(job.hipcc_args)
        .args(["-MD", "-MF"])
        .arg(&deps)
        .arg("-o")
        .arg(&out)
        .args(["-x", "hip"])
        .arg(&src_name)
        .stdin(Stdio::null())
        .stdout(Stdio::from(log_file))
        .stderr(Stdio::from(log_err))
        .status()
        .map_err(|e| Error::Compiler(format!("cannot run {}: {e}", toolchain.hipcc().display())))?;
    let log = fs::read(&log_path)
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .unwrap_or_default();
    let code = if status.success() {
        fs::read(&out).unwrap_or_default()
    } else {
        Vec::new()
    };
    let success = status.success() && !code.is_empty();
    let mut log = log;
    if status.success() && code.is_empty() {
        log.push_str("hiprtc: error: hipcc reported success but wrote no code object\n");
    }
    if !status.success() && log.trim().is_empty() {
        log.push_str(&format!("hiprtc: error: hipcc failed ({status})\n"));
    }
    let dependencies = if success {
        fs::read(&deps)
            .map(|d| parse_dependencies(&String::from_utf8_lossy(&d)))
            .unwrap_or_default()
            .into_iter()
            .filter(|p| p.is_absolute() && !p.starts_with(dir))
            .filter_map(|p| Dependency::of(&p))
            .collect()
    } else {
        Vec::new()
    };
    Ok(Outcome {
        success,
        log,
        code,
        dependencies,
    })
}

/// The prerequisites listed in a make-style dependency file (`target: a b \` lines).
pub fn parse_dependencies(text: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let joined = text.replace("\\\r\n", " ").replace("\\\n", " ");
    for line in joined.lines() {
        // The target ends at the first `:` followed by white space or the end of the line.
        let bytes = line.as_bytes();
        let Some(colon) = (0..bytes.len()).find(|&i| {
            bytes[i] == b':' && bytes.get(i + 1).is_none_or(|c| c.is_ascii_whitespace())
        }) else {
            continue;
        };
        let mut cur = String::new();
        let mut chars = line[colon + 1..].chars().peekable();
        let mut flush = |cur: &mut String, out: &mut Vec<PathBuf>| {
            if !cur.is_empty() {
                let p = PathBuf::from(std::mem::take(cur));
                if seen.insert(p.clone()) {
                    out.push(p);
                }
            }
        };
        while let Some(c) = chars.next() {
            match c {
                '\\' if matches!(chars.peek(), Some(' ') | Some('#') | Some('\\')) => {
                    if let Some(n) = chars.next() {
                        cur.push(n);
                    }
                }
                '$' if chars.peek() == Some(&'$') => {
                    chars.next();
                    cur.push('$');
                }
                c if c.is_whitespace() => flush(&mut cur, &mut out),
                c => cur.push(c),
            }
        }
        flush(&mut cur, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dependency_files() {
        let d = "prog.o: prog.hip include/a.h /usr/include/stdio.h \\\n /opt/x\\ y/h.h \\\n  /usr/include/stdio.h /a$$b.h\n/usr/include/stdio.h:\n";
        let deps = parse_dependencies(d);
        let names: Vec<String> = deps.iter().map(|p| p.display().to_string()).collect();
        assert_eq!(
            names,
            [
                "prog.hip",
                "include/a.h",
                "/usr/include/stdio.h",
                "/opt/x y/h.h",
                "/a$b.h"
            ]
        );
    }

    #[test]
    fn include_names() {
        assert_eq!(check_include_name("a.h"), Ok(PathBuf::from("a.h")));
        assert_eq!(check_include_name("./x/y.h"), Ok(PathBuf::from("x/y.h")));
        assert!(check_include_name("").is_err());
        assert!(check_include_name("/etc/passwd").is_err());
        assert!(check_include_name("../a.h").is_err());
        assert!(check_include_name("x/../../a.h").is_err());
        assert!(check_include_name(".").is_err());
    }

    #[test]
    fn source_names() {
        assert_eq!(source_file_name("saxpy.cu"), "saxpy.cu");
        assert_eq!(source_file_name("dir/k.hip"), "k.hip");
        assert_eq!(source_file_name("my prog"), "my_prog");
        assert_eq!(source_file_name(""), "default_program");
        assert_eq!(source_file_name(".."), "default_program");
        assert_eq!(source_file_name("include"), "prog_include");
        assert_eq!(source_file_name(".hiprtc-log"), "prog_.hiprtc-log");
    }

    #[test]
    fn name_expression_code() {
        assert_eq!(name_expression_block(&[]), "");
        let b = name_expression_block(&["&k<float, 4>".into(), " ns::v ".into()]);
        assert!(b.contains("#include <hip/hip_runtime.h>"));
        assert!(b.contains("#line 1 \"<hiprtc name expressions>\""));
        assert!(b.contains("#line 2 \"<hiprtc name expressions>\""));
        assert!(b.contains("entry<&(k<float, 4>)>()"));
        assert!(
            b.contains("const void *const __ferrocm_name_expr_0 = (const void *)(&(k<float, 4>));")
        );
        assert!(b.contains("__ferrocm_name_expr_1 = (const void *)(&(ns::v));"));
    }

    /// A process killed while it compiled left its private directory behind for good; the
    /// next compilation (in any process) removes the directories of processes that are gone,
    /// and only those.
    #[test]
    fn directories_of_killed_compilations_are_swept() {
        let base = std::env::temp_dir().join(format!("hiprtc-sweep-test-{}", unique()));
        fs::create_dir_all(&base).expect("mkdir");
        let mut child = std::process::Command::new("true").spawn().expect("spawn");
        child.wait().expect("wait");
        let dead = base.join(format!("hiprtc-{}-{:x}", child.id(), 7));
        let alive = base.join(format!("hiprtc-{}-{:x}", std::process::id(), 8));
        let other = base.join("hiprtc-cache");
        for d in [&dead, &alive, &other] {
            fs::create_dir_all(d.join("sub")).expect("mkdir");
            fs::write(d.join("sub/x.o"), b"x").expect("write");
        }
        sweep_orphans(&base);
        assert!(!dead.exists(), "the dead process's directory was kept");
        assert!(alive.exists() && other.exists());
        let _ = fs::remove_dir_all(&base);
    }

    #[test]
    fn missing_hipcc_is_reported() {
        let dir = std::env::temp_dir().join(format!("hiprtc-nohipcc-{}", unique()));
        if std::env::var_os("FERROCM_HIPCC").is_none() {
            let e = locate_hipcc(Some(&dir)).expect_err("no hipcc there");
            assert!(e.to_string().contains("hipcc not found"), "{e}");
            assert!(locate_hipcc(None).is_err());
        }
        assert!(Toolchain::new(dir.join("hipcc")).is_err());
    }
}
