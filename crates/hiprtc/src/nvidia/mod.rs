//! hiprtc on the NVIDIA platform: NVRTC behind ferrocm's HIP prelude.
//!
//! - **Compiler**: NVRTC, loaded at run time ([`nvrtc`]); the code is a cubin
//!   (`nvrtcGetCUBIN`) for one real architecture, which `hipModuleLoadData`
//!   (`cuModuleLoadData`) loads. Lowered names come from `nvrtcGetLoweredName`, the log from
//!   `nvrtcGetProgramLog`.
//! - **Prelude**: ferrocm's headers (`include/hip/hip_runtime.h` and `include/hip/nvidia/`,
//!   NVRTC-safe under `__CUDACC_RTC__`: no host headers, no host API) are read from disk
//!   through `--include-path=<ferrocm include>`, searched before the user's include
//!   directories ([`NvidiaToolchain::locate`] finds the directory the way `hipcc` does), and
//!   the source is compiled as
//!   `#include <hip/hip_runtime.h>` + the `-include` files + `#line 1 "<program>"` + the
//!   source, so that the HIP device API needs no include (as hiprtc on AMD) and diagnostics
//!   name the program's lines ([`prelude_source`]). The CUDA toolkit's include directory is
//!   added last when one is found (`$CUDA_PATH`, `$CUDA_HOME`, `/usr/local/cuda`), for
//!   headers such as `cuda_fp16.h` that `hip/hip_fp16.h` includes.
//! - **Options**: see [`crate::options`] (NVIDIA column) and [`nvrtc_options`].
//! - **Architecture**: the one the options name, else the current device's compute
//!   capability ([`device`]), else [`FALLBACK_ARCH`] (with a note in the log).
//! - **Cache key**: the platform, the NVRTC version, the architecture, the complete NVRTC
//!   option list, the source, the program name, the in-memory headers, the name expressions
//!   and a SHA-256 of the prelude headers' contents ([`Prelude`]); headers read from disk
//!   through include directories are recorded as dependencies ([`crate::includes`]).

pub mod device;
pub mod nvrtc;

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

pub use nvrtc::Nvrtc;

use crate::options::NvidiaOptions;
use crate::Error;

/// The architecture compiled for when none is given and the current device's cannot be
/// queried (H100).
pub const FALLBACK_ARCH: &str = "sm_90";

/// The header every program is compiled with.
pub const PRELUDE_HEADER: &str = "hip/hip_runtime.h";

/// Macros hiprtc defines on NVIDIA (before the user's `-D`/`-U`, so these can be undone).
pub const PLATFORM_MACROS: &[&str] = &[
    "__HIP_PLATFORM_NVIDIA__=1",
    "__HIP_PLATFORM_NVCC__=1",
    "__HIPCC__=1",
    "__HIPCC_RTC__=1",
];

/// Where NVIDIA compilations find their headers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NvidiaToolchain {
    include: Result<PathBuf, String>,
    cuda_include: Option<PathBuf>,
}

fn has_headers(include: &Path) -> bool {
    include.join(PRELUDE_HEADER).is_file()
}

/// The repository's include directory recorded at build time (`crates/hiprtc/../../include`).
pub fn build_time_include() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../include")
}

impl NvidiaToolchain {
    /// The toolchain of this process's environment, for a library in `lib_dir` (see
    /// [`locate_include`] and [`locate_cuda_include`]).
    pub fn locate(lib_dir: Option<&Path>) -> NvidiaToolchain {
        let env = |k: &str| std::env::var_os(k);
        NvidiaToolchain {
            include: locate_include(lib_dir, &env),
            cuda_include: locate_cuda_include(&env),
        }
    }

    /// A toolchain with the given directories.
    pub fn new(include: PathBuf, cuda_include: Option<PathBuf>) -> NvidiaToolchain {
        NvidiaToolchain {
            include: Ok(include),
            cuda_include,
        }
    }

    /// ferrocm's include directory ([`Error::Headers`] if it was not found).
    pub fn include_dir(&self) -> Result<&Path, Error> {
        self.include
            .as_deref()
            .map_err(|e| Error::Headers(e.clone()))
    }

    /// The CUDA toolkit's include directory, if one was found.
    pub fn cuda_include_dir(&self) -> Option<&Path> {
        self.cuda_include.as_deref()
    }
}

/// ferrocm's include directory (the one holding `hip/hip_runtime.h`), tried in order:
/// 1. `$HIP_PATH/include`, `$FERROCM_ROOT/include` (as `hipcc`);
/// 2. for a library in `lib_dir`: `<lib_dir>/../include` (installed layout), then
///    `<ancestor>/include` for each ancestor of `lib_dir` (a Cargo build inside the
///    repository: `target/<profile>/` or its `deps/`);
/// 3. the repository recorded at build time ([`build_time_include`]).
pub fn locate_include(
    lib_dir: Option<&Path>,
    env: &dyn Fn(&str) -> Option<OsString>,
) -> Result<PathBuf, String> {
    let mut candidates: Vec<PathBuf> = Vec::new();
    for var in ["HIP_PATH", "FERROCM_ROOT"] {
        if let Some(v) = env(var).filter(|v| !v.is_empty()) {
            candidates.push(PathBuf::from(v).join("include"));
        }
    }
    if let Some(dir) = lib_dir {
        candidates.push(dir.join("../include"));
        candidates.extend(dir.ancestors().map(|a| a.join("include")));
    }
    candidates.push(build_time_include());
    for c in &candidates {
        if has_headers(c) {
            return Ok(c.canonicalize().unwrap_or_else(|_| c.clone()));
        }
    }
    Err(format!(
        "ferrocm's HIP headers ({PRELUDE_HEADER}) were not found (tried: {}); set HIP_PATH to \
         the ferrocm installation",
        candidates
            .iter()
            .map(|c| c.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    ))
}

/// The CUDA toolkit's include directory: `$CUDA_PATH`, `$CUDA_HOME`, then `/usr/local/cuda`,
/// the first whose `include/` has `cuda_fp16.h`.
pub fn locate_cuda_include(env: &dyn Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
    let mut roots: Vec<PathBuf> = ["CUDA_PATH", "CUDA_HOME"]
        .iter()
        .filter_map(|v| env(v).filter(|v| !v.is_empty()).map(PathBuf::from))
        .collect();
    roots.push(PathBuf::from("/usr/local/cuda"));
    roots
        .into_iter()
        .map(|r| r.join("include"))
        .find(|i| i.join("cuda_fp16.h").is_file())
        .map(|i| i.canonicalize().unwrap_or(i))
}

/// The prelude headers as they are now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prelude {
    /// ferrocm's include directory.
    pub dir: PathBuf,
    /// SHA-256 (hex) of the headers NVIDIA compilations can read: `hip/*.h` and
    /// `hip/nvidia/*.h` (names and contents, in name order).
    pub digest: String,
}

/// Reads the prelude headers below `include` ([`Prelude`]).
pub fn read_prelude(include: &Path) -> Result<Prelude, Error> {
    if !has_headers(include) {
        return Err(Error::Headers(format!(
            "{} does not exist",
            include.join(PRELUDE_HEADER).display()
        )));
    }
    let mut files: Vec<(String, PathBuf)> = Vec::new();
    for sub in ["hip", "hip/nvidia"] {
        let dir = include.join(sub);
        let entries = fs::read_dir(&dir)
            .map_err(|e| Error::Headers(format!("cannot read {}: {e}", dir.display())))?;
        for entry in entries {
            let entry =
                entry.map_err(|e| Error::Headers(format!("cannot read {}: {e}", dir.display())))?;
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.ends_with(".h") && path.is_file() {
                files.push((format!("{sub}/{name}"), path));
            }
        }
    }
    files.sort();
    let mut h = Sha256::new();
    for (name, path) in &files {
        let contents = fs::read(path)
            .map_err(|e| Error::Headers(format!("cannot read {}: {e}", path.display())))?;
        h.update((name.len() as u64).to_le_bytes());
        h.update(name.as_bytes());
        h.update((contents.len() as u64).to_le_bytes());
        h.update(&contents);
    }
    let digest = h
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect::<String>();
    Ok(Prelude {
        dir: include.to_path_buf(),
        digest,
    })
}

/// The complete NVRTC option list: `--gpu-architecture=<arch>`, the standard, the
/// [`PLATFORM_MACROS`], ferrocm's include directory (first, so that an `-I` to another HIP
/// installation, e.g. `/opt/rocm/include`, cannot replace the prelude: as on AMD, where
/// hiprtc's HIP headers are built in), the user's other options (macros, include
/// directories, code generation) in order, and the CUDA toolkit's include directory when
/// found.
pub fn nvrtc_options(
    arch: &str,
    user: &NvidiaOptions,
    include: &Path,
    cuda_include: Option<&Path>,
) -> Vec<String> {
    let mut out = vec![format!("--gpu-architecture={arch}")];
    let (std, rest) = match user.nvrtc_args.split_first() {
        Some((s, rest)) if s.starts_with("--std=") => (s.clone(), rest),
        _ => ("--std=c++17".to_owned(), user.nvrtc_args.as_slice()),
    };
    out.push(std);
    out.extend(
        PLATFORM_MACROS
            .iter()
            .map(|m| format!("--define-macro={m}")),
    );
    out.push(format!("--include-path={}", include.display()));
    out.extend(rest.iter().cloned());
    if let Some(c) = cuda_include {
        out.push(format!("--include-path={}", c.display()));
    }
    out
}

/// NVRTC's automatic precompiled headers for the prelude (`#include <hip/hip_runtime.h>`,
/// the first include of every program): NVRTC 12.8 and later build a PCH of it once, in
/// `<cache>/nvrtc-pch`, and reuse it in every later compile, of any program and in any
/// process, instead of parsing the HIP headers again (about 4 ms of a 14 ms compile on the
/// H100 machine). NVRTC checks a PCH's validity itself. Not part of the cache key: it does
/// not change the code. `None` for older NVRTC or without a cache directory.
pub fn pch_options(nvrtc_version: (i32, i32), cache_dir: Option<&Path>) -> Option<Vec<String>> {
    if nvrtc_version < (12, 8) {
        return None;
    }
    let dir = cache_dir?.join("nvrtc-pch");
    std::fs::create_dir_all(&dir).ok()?;
    Some(vec![
        "--pch".to_owned(),
        format!("--pch-dir={}", dir.display()),
        "--pch-messages=false".to_owned(),
    ])
}

/// The text NVRTC compiles: `#include <hip/hip_runtime.h>`, one `#include "<f>"` per
/// `-include` file, `#line 1 "<file_name>"`, then the source.
pub fn prelude_source(source: &[u8], file_name: &str, pre_includes: &[String]) -> Vec<u8> {
    let mut out = format!("#include <{PRELUDE_HEADER}>\n");
    for p in pre_includes {
        out.push_str(&format!("#include \"{p}\"\n"));
    }
    out.push_str(&format!("#line 1 \"{file_name}\"\n"));
    let mut bytes = out.into_bytes();
    bytes.extend_from_slice(source);
    bytes
}

/// The toolchain identity hashed into cache keys.
pub fn identity(nvrtc_version: (i32, i32), arch: &str, prelude: &Prelude) -> String {
    format!(
        "platform=nvidia\nnvrtc={}.{}\narch={arch}\nprelude={}\nprelude-digest={}\n",
        nvrtc_version.0,
        nvrtc_version.1,
        prelude.dir.display(),
        prelude.digest
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(vars: &'static [(&'static str, &'static str)]) -> impl Fn(&str) -> Option<OsString> {
        move |k: &str| {
            vars.iter()
                .find(|(n, _)| *n == k)
                .map(|(_, v)| OsString::from(v))
        }
    }

    #[test]
    fn the_repository_headers_are_found() {
        let repo = build_time_include()
            .canonicalize()
            .expect("repository include");
        // Nothing else set: the build-time repository.
        assert_eq!(locate_include(None, &env(&[])), Ok(repo.clone()));
        // A library somewhere below the repository (target/debug/deps).
        let lib = repo.join("../target/debug/deps");
        assert_eq!(locate_include(Some(&lib), &env(&[])), Ok(repo.clone()));
        // HIP_PATH without headers is skipped; with headers it wins.
        assert_eq!(
            locate_include(None, &env(&[("HIP_PATH", "/nonexistent")])),
            Ok(repo.clone())
        );
        let root = repo.parent().expect("repository root").to_path_buf();
        let root_s: &'static str = Box::leak(root.display().to_string().into_boxed_str());
        let vars: &'static [(&'static str, &'static str)] =
            Box::leak(vec![("FERROCM_ROOT", root_s)].into_boxed_slice());
        assert_eq!(locate_include(None, &env(vars)), Ok(repo));
    }

    #[test]
    fn prelude_digest_covers_the_nvidia_headers() {
        let repo = build_time_include();
        let p = read_prelude(&repo).expect("prelude");
        assert_eq!(p.digest.len(), 64);
        assert_eq!(read_prelude(&repo).expect("again"), p);
        // A copy with one byte changed in hip/nvidia/ has another digest.
        let tmp = std::env::temp_dir().join(format!(
            "hiprtc-prelude-{}-{}",
            std::process::id(),
            crate::cache::unique()
        ));
        fs::create_dir_all(tmp.join("hip/nvidia")).expect("mkdir");
        for sub in ["hip", "hip/nvidia"] {
            for e in fs::read_dir(repo.join(sub)).expect("read_dir") {
                let e = e.expect("entry");
                if e.path().is_file() {
                    fs::copy(e.path(), tmp.join(sub).join(e.file_name())).expect("copy");
                }
            }
        }
        let copy = read_prelude(&tmp).expect("copy");
        assert_eq!(copy.digest, p.digest);
        let f = tmp.join("hip/nvidia/hip_runtime.h");
        let mut text = fs::read(&f).expect("read");
        text.push(b'\n');
        fs::write(&f, text).expect("write");
        assert_ne!(read_prelude(&tmp).expect("changed").digest, p.digest);
        assert!(matches!(
            read_prelude(&tmp.join("nothing")),
            Err(Error::Headers(_))
        ));
        let _ = fs::remove_dir_all(&tmp);
    }

    #[test]
    fn options_and_source() {
        let user = NvidiaOptions {
            nvrtc_args: vec![
                "--std=c++20".into(),
                "--define-macro=A".into(),
                "--undefine-macro=__HIPCC_RTC__".into(),
                "--include-path=/x".into(),
                "--use_fast_math".into(),
            ],
            ..Default::default()
        };
        assert_eq!(
            nvrtc_options(
                "sm_80",
                &user,
                Path::new("/f/include"),
                Some(Path::new("/cuda/include"))
            ),
            [
                "--gpu-architecture=sm_80",
                "--std=c++20",
                "--define-macro=__HIP_PLATFORM_NVIDIA__=1",
                "--define-macro=__HIP_PLATFORM_NVCC__=1",
                "--define-macro=__HIPCC__=1",
                "--define-macro=__HIPCC_RTC__=1",
                "--include-path=/f/include",
                "--define-macro=A",
                "--undefine-macro=__HIPCC_RTC__",
                "--include-path=/x",
                "--use_fast_math",
                "--include-path=/cuda/include",
            ]
        );
        let none = nvrtc_options("sm_90", &NvidiaOptions::default(), Path::new("/i"), None);
        assert_eq!(none[..2], ["--gpu-architecture=sm_90", "--std=c++17"]);
        assert_eq!(none.len(), 2 + PLATFORM_MACROS.len() + 1);
        assert_eq!(none.last().map(String::as_str), Some("--include-path=/i"));

        let src = prelude_source(b"__global__ void k() {}\n", "k.hip", &["a.h".into()]);
        assert_eq!(
            String::from_utf8(src).expect("utf8"),
            "#include <hip/hip_runtime.h>\n#include \"a.h\"\n#line 1 \"k.hip\"\n__global__ void k() {}\n"
        );
        let p = Prelude {
            dir: PathBuf::from("/i"),
            digest: "d".into(),
        };
        let id = identity((13, 0), "sm_90", &p);
        assert!(
            id.contains("nvrtc=13.0")
                && id.contains("arch=sm_90")
                && id.contains("prelude-digest=d")
        );
        assert_ne!(id, identity((12, 8), "sm_90", &p));
        assert_ne!(id, identity((13, 0), "sm_80", &p));
    }

    #[test]
    fn cuda_include_needs_cuda_fp16() {
        assert_eq!(
            locate_cuda_include(&env(&[("CUDA_PATH", "/nonexistent")])),
            locate_cuda_include(&env(&[]))
        );
    }
}
