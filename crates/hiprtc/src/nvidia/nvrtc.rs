//! NVRTC (`libnvrtc.so`), loaded at run time through cudarc's `sys` bindings.
//!
//! cudarc resolves each entry point lazily, but panics when the library cannot be opened
//! ([`nv::culib`]) or a symbol is missing. Neither may happen here, so [`Nvrtc::get`] first
//! asks cudarc whether the library opens at all ([`nv::is_culib_present`], which tries the
//! same candidate names in the same order as the loader), then checks that every entry
//! point hiprtc calls is exported, then calls `nvrtcVersion`. Any failure is
//! [`Error::NvrtcUnavailable`] (`HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE`), remembered for the
//! process. The probe also runs under `catch_unwind` as a last line of defence.
//!
//! Every NVRTC call's status is checked; a program is destroyed on every path (a guard).

use std::ffi::{c_char, c_int, c_void, CStr, CString, OsString};
use std::panic::catch_unwind;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

use cudarc::nvrtc::sys as nv;

use crate::Error;

/// The NVRTC entry points hiprtc calls (all exist since CUDA 11.1, when `nvrtcGetCUBIN`
/// appeared). A library lacking any of them is treated as absent.
pub const REQUIRED_SYMBOLS: &[&str] = &[
    "nvrtcVersion",
    "nvrtcGetErrorString",
    "nvrtcCreateProgram",
    "nvrtcDestroyProgram",
    "nvrtcAddNameExpression",
    "nvrtcCompileProgram",
    "nvrtcGetProgramLogSize",
    "nvrtcGetProgramLog",
    "nvrtcGetCUBINSize",
    "nvrtcGetCUBIN",
    "nvrtcGetLoweredName",
];

/// The loaded NVRTC library.
#[derive(Debug)]
pub struct Nvrtc {
    major: i32,
    minor: i32,
}

static NVRTC: OnceLock<Result<Nvrtc, String>> = OnceLock::new();

/// Number of `nvrtcCompileProgram` calls made by this process (tests use it to prove that a
/// cache hit compiles nothing).
static COMPILE_CALLS: AtomicUsize = AtomicUsize::new(0);

/// The `nvrtcCompileProgram` calls made so far by this process.
pub fn compile_calls() -> usize {
    COMPILE_CALLS.load(Ordering::Relaxed)
}

/// The library names cudarc tries, in order (for messages).
pub fn candidate_names() -> Vec<String> {
    cudarc::get_lib_name_candidates("nvrtc")
}

/// NVRTC's name for a status (`nvrtcGetErrorString`).
fn status_name(r: nv::nvrtcResult) -> String {
    // SAFETY: the symbol was checked at load; the function returns a pointer to a static
    // NUL-terminated string (or NULL for an unknown value, handled).
    let p = unsafe { nv::nvrtcGetErrorString(r) };
    if p.is_null() {
        format!("NVRTC error {}", r as i32)
    } else {
        // SAFETY: non-null, NUL-terminated, static.
        unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
    }
}

/// `Ok` for `NVRTC_SUCCESS`, else [`Error::Nvrtc`] naming the call.
fn check(call: &'static str, r: nv::nvrtcResult) -> Result<(), Error> {
    if r == nv::nvrtcResult::NVRTC_SUCCESS {
        Ok(())
    } else {
        Err(Error::Nvrtc {
            call,
            code: r as i32,
            message: status_name(r),
        })
    }
}

impl Nvrtc {
    /// NVRTC, loaded on first use; [`Error::NvrtcUnavailable`] (the same for the rest of the
    /// process) when it cannot be used. Never panics.
    pub fn get() -> Result<&'static Nvrtc, Error> {
        NVRTC
            .get_or_init(|| {
                catch_unwind(Nvrtc::load)
                    .unwrap_or_else(|_| Err("loading libnvrtc panicked".to_owned()))
            })
            .as_ref()
            .map_err(|e| Error::NvrtcUnavailable(e.clone()))
    }

    fn load() -> Result<Nvrtc, String> {
        let env = |k: &str| std::env::var_os(k);
        // SAFETY: only tries to dlopen each candidate name (no symbol is called). When none
        // is on the loader's path, a toolkit directory's libnvrtc is loaded by path and the
        // names are tried again (the loader matches them against its SONAME).
        let present = unsafe { nv::is_culib_present() }
            || (preload_from_toolkit(&env) && unsafe { nv::is_culib_present() });
        if !present {
            let mut seen = std::collections::HashSet::new();
            let mut tried = candidate_names();
            tried.retain(|n| seen.insert(n.clone()));
            tried.extend(
                toolkit_library_dirs(&env)
                    .iter()
                    .map(|d| format!("{}/libnvrtc.so*", d.display())),
            );
            return Err(format!(
                "cannot load libnvrtc (tried {}); install the CUDA toolkit's NVRTC, add its \
                 directory to LD_LIBRARY_PATH or set CUDA_PATH",
                tried.join(", ")
            ));
        }
        // SAFETY: the library was just found to open, so cudarc's loader (same candidates,
        // same order) does not reach its panic.
        let lib = unsafe { nv::culib() };
        let missing: Vec<&str> = REQUIRED_SYMBOLS
            .iter()
            .copied()
            // SAFETY: only looks the symbol up (dlsym); the pointer is never called.
            .filter(|s| unsafe { lib.get::<*const c_void>(s.as_bytes()) }.is_err())
            .collect();
        if !missing.is_empty() {
            return Err(format!(
                "libnvrtc lacks {} (NVRTC 11.1 or later is needed)",
                missing.join(", ")
            ));
        }
        let (mut major, mut minor): (c_int, c_int) = (0, 0);
        // SAFETY: the symbol exists (checked above); both are valid out-parameters.
        let r = unsafe { nv::nvrtcVersion(&mut major, &mut minor) };
        check("nvrtcVersion", r).map_err(|e| e.to_string())?;
        Ok(Nvrtc { major, minor })
    }

    /// `nvrtcVersion`.
    pub fn version(&self) -> (i32, i32) {
        (self.major, self.minor)
    }

    /// Compiles `input` into a cubin. `Ok` also when NVRTC reports errors in the program
    /// ([`Compiled::status`]); `Err` when an NVRTC call fails otherwise.
    pub fn compile(&self, input: &Input<'_>) -> Result<Compiled, Error> {
        let mut header_ptrs: Vec<*const c_char> = Vec::with_capacity(input.headers.len());
        let mut name_ptrs: Vec<*const c_char> = Vec::with_capacity(input.headers.len());
        for (name, contents) in input.headers {
            name_ptrs.push(name.as_ptr());
            header_ptrs.push(contents.as_ptr());
        }
        let count = c_int::try_from(input.headers.len())
            .map_err(|_| Error::InvalidInput("too many headers".into()))?;
        let mut guard = ProgramGuard(std::ptr::null_mut());
        // SAFETY: every pointer is a NUL-terminated string owned by `input` (or the local
        // vectors of pointers into it), alive for the whole call; `count` entries each;
        // `guard.0` is a valid out-parameter.
        let r = unsafe {
            nv::nvrtcCreateProgram(
                &mut guard.0,
                input.source.as_ptr(),
                input.name.as_ptr(),
                count,
                if count > 0 {
                    header_ptrs.as_ptr()
                } else {
                    std::ptr::null()
                },
                if count > 0 {
                    name_ptrs.as_ptr()
                } else {
                    std::ptr::null()
                },
            )
        };
        check("nvrtcCreateProgram", r)?;
        for expr in input.name_expressions {
            // SAFETY: `guard.0` is the live program; `expr` is NUL-terminated.
            let r = unsafe { nv::nvrtcAddNameExpression(guard.0, expr.as_ptr()) };
            check("nvrtcAddNameExpression", r)?;
        }
        let option_ptrs: Vec<*const c_char> = input.options.iter().map(|o| o.as_ptr()).collect();
        let n_options = c_int::try_from(option_ptrs.len())
            .map_err(|_| Error::InvalidInput("too many options".into()))?;
        COMPILE_CALLS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: live program; `n_options` NUL-terminated strings alive for the call.
        let compiled = unsafe {
            nv::nvrtcCompileProgram(
                guard.0,
                n_options,
                if n_options > 0 {
                    option_ptrs.as_ptr()
                } else {
                    std::ptr::null()
                },
            )
        };
        let log = program_log(guard.0)?;
        if compiled != nv::nvrtcResult::NVRTC_SUCCESS {
            return Ok(Compiled {
                status: Status::Failed {
                    code: compiled as i32,
                    message: status_name(compiled),
                },
                log,
                cubin: Vec::new(),
                lowered: Vec::new(),
            });
        }
        let mut size = 0usize;
        // SAFETY: live, compiled program; valid out-parameter.
        check("nvrtcGetCUBINSize", unsafe {
            nv::nvrtcGetCUBINSize(guard.0, &mut size)
        })?;
        if size == 0 {
            return Err(Error::Internal(
                "NVRTC produced no cubin (a real sm_XX architecture is needed)".into(),
            ));
        }
        let mut cubin = vec![0u8; size];
        // SAFETY: the buffer holds the `size` bytes nvrtcGetCUBINSize reported.
        check("nvrtcGetCUBIN", unsafe {
            nv::nvrtcGetCUBIN(guard.0, cubin.as_mut_ptr().cast::<c_char>())
        })?;
        let mut lowered = Vec::with_capacity(input.name_expressions.len());
        for expr in input.name_expressions {
            let mut name: *const c_char = std::ptr::null();
            // SAFETY: live, compiled program; `expr` was added before compilation and is
            // NUL-terminated; `name` is a valid out-parameter.
            let r = unsafe { nv::nvrtcGetLoweredName(guard.0, expr.as_ptr(), &mut name) };
            lowered.push(if r == nv::nvrtcResult::NVRTC_SUCCESS && !name.is_null() {
                // SAFETY: NVRTC returns a NUL-terminated string owned by the program, alive
                // until it is destroyed (after this copy).
                Some(
                    unsafe { CStr::from_ptr(name) }
                        .to_string_lossy()
                        .into_owned(),
                )
            } else {
                None
            });
        }
        Ok(Compiled {
            status: Status::Success,
            log,
            cubin,
            lowered,
        })
    }
}

/// The program log (without its terminating NUL).
fn program_log(prog: nv::nvrtcProgram) -> Result<String, Error> {
    let mut size = 0usize;
    // SAFETY: `prog` is a live program; valid out-parameter.
    check("nvrtcGetProgramLogSize", unsafe {
        nv::nvrtcGetProgramLogSize(prog, &mut size)
    })?;
    if size <= 1 {
        return Ok(String::new());
    }
    let mut buf = vec![0u8; size];
    // SAFETY: the buffer holds the `size` bytes (NUL included) NVRTC reported.
    check("nvrtcGetProgramLog", unsafe {
        nv::nvrtcGetProgramLog(prog, buf.as_mut_ptr().cast::<c_char>())
    })?;
    let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
    buf.truncate(end);
    Ok(String::from_utf8_lossy(&buf).into_owned())
}

/// The library directories of the CUDA toolkits hiprtc looks in when libnvrtc is not on the
/// loader's path: `lib64`, `lib` and `targets/<arch>-linux/lib` below `$CUDA_PATH`,
/// `$CUDA_HOME` and `/usr/local/cuda` (the roots hipcc looks for nvcc in).
pub fn toolkit_library_dirs(env: &dyn Fn(&str) -> Option<OsString>) -> Vec<PathBuf> {
    let mut roots: Vec<PathBuf> = ["CUDA_PATH", "CUDA_HOME"]
        .iter()
        .filter_map(|v| env(v).filter(|v| !v.is_empty()).map(PathBuf::from))
        .collect();
    roots.push(PathBuf::from("/usr/local/cuda"));
    let target = if cfg!(target_arch = "aarch64") {
        "targets/sbsa-linux/lib"
    } else {
        "targets/x86_64-linux/lib"
    };
    let mut out = Vec::new();
    for r in roots {
        for sub in ["lib64", "lib", target] {
            let d = r.join(sub);
            if !out.contains(&d) {
                out.push(d);
            }
        }
    }
    out
}

/// The libnvrtc to load in `dir`: `libnvrtc.so`, else the `libnvrtc.so.<N>` with the highest
/// major version (not `libnvrtc-builtins`, `libnvrtc_static`, `libnvrtc.alt`...).
pub fn nvrtc_in(dir: &Path) -> Option<PathBuf> {
    library_in(dir, "libnvrtc")
}

/// `<dir>/<stem>.so`, else the `<stem>.so.<N>[.<M>...]` with the highest version.
fn library_in(dir: &Path, stem: &str) -> Option<PathBuf> {
    let plain = dir.join(format!("{stem}.so"));
    if plain.is_file() {
        return Some(plain);
    }
    let prefix = format!("{stem}.so.");
    let entries = std::fs::read_dir(dir).ok()?;
    entries
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let rest = name.strip_prefix(&prefix)?;
            let version = rest
                .split('.')
                .map(|p| p.parse::<u32>().ok())
                .collect::<Option<Vec<u32>>>()?;
            Some((version, e.path()))
        })
        .max()
        .map(|(_, p)| p)
}

/// Loads the first libnvrtc found in [`toolkit_library_dirs`] (kept loaded for the process);
/// whether one was loaded.
fn preload_from_toolkit(env: &dyn Fn(&str) -> Option<OsString>) -> bool {
    for dir in toolkit_library_dirs(env) {
        let Some(path) = nvrtc_in(&dir) else {
            continue;
        };
        let Ok(c) = CString::new(path.as_os_str().as_encoded_bytes()) else {
            continue;
        };
        // SAFETY: loads a library by absolute path (its initialisers run: libnvrtc's are
        // those any NVRTC user runs); the handle is deliberately never closed, so the library
        // stays loaded for the process and cudarc's later dlopen by name finds it.
        let h = unsafe { libc::dlopen(c.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
        if !h.is_null() {
            // NVRTC loads its built-in headers library by name at compile time: load the one
            // beside it too, so that the name matches its SONAME (best effort).
            if let Some(b) = library_in(&dir, "libnvrtc-builtins") {
                if let Ok(c) = CString::new(b.as_os_str().as_encoded_bytes()) {
                    // SAFETY: as above (a library of the same toolkit, never closed).
                    let _ = unsafe { libc::dlopen(c.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
                }
            }
            return true;
        }
    }
    false
}

/// Destroys the NVRTC program it holds (if any) when dropped.
struct ProgramGuard(nv::nvrtcProgram);

impl Drop for ProgramGuard {
    fn drop(&mut self) {
        if !self.0.is_null() {
            // SAFETY: `self.0` is a program nvrtcCreateProgram made and nothing destroyed
            // yet; NVRTC sets it to NULL. A failure cannot be reported from a destructor and
            // leaves nothing to undo.
            let _ = unsafe { nv::nvrtcDestroyProgram(&mut self.0) };
        }
    }
}

/// What NVRTC compiles.
#[derive(Debug, Clone, Copy)]
pub struct Input<'a> {
    /// The source (with hiprtc's prelude lines).
    pub source: &'a CStr,
    /// The program name.
    pub name: &'a CStr,
    /// In-memory headers: (include name, contents).
    pub headers: &'a [(CString, CString)],
    /// NVRTC options.
    pub options: &'a [CString],
    /// Name expressions, as added.
    pub name_expressions: &'a [CString],
}

/// How `nvrtcCompileProgram` went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    /// A cubin was made.
    Success,
    /// `nvrtcCompileProgram` failed (`NVRTC_ERROR_COMPILATION`, `..._INVALID_OPTION`...).
    Failed {
        /// The `nvrtcResult` value.
        code: i32,
        /// NVRTC's name for it.
        message: String,
    },
}

impl Status {
    /// `NVRTC_ERROR_INVALID_OPTION`: NVRTC rejected an option.
    pub fn is_invalid_option(&self) -> bool {
        matches!(self, Status::Failed { code, .. } if *code == codes::INVALID_OPTION)
    }
}

/// The result of [`Nvrtc::compile`].
#[derive(Debug, Clone)]
pub struct Compiled {
    /// Whether compilation succeeded.
    pub status: Status,
    /// NVRTC's log.
    pub log: String,
    /// The cubin (empty on failure).
    pub cubin: Vec<u8>,
    /// The lowered name of each name expression (`None`: NVRTC has none).
    pub lowered: Vec<Option<String>>,
}

/// `nvrtcResult` values hiprtc tells apart.
pub mod codes {
    /// `NVRTC_ERROR_INVALID_OPTION`.
    pub const INVALID_OPTION: i32 = 5;
    /// `NVRTC_ERROR_COMPILATION`.
    pub const COMPILATION: i32 = 6;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn toolkit_directories_and_library_names() {
        let env = |k: &str| (k == "CUDA_PATH").then(|| OsString::from("/opt/cuda"));
        let dirs = toolkit_library_dirs(&env);
        assert_eq!(dirs[0], PathBuf::from("/opt/cuda/lib64"));
        assert!(dirs.contains(&PathBuf::from("/usr/local/cuda/lib64")));
        let d = std::env::temp_dir().join(format!(
            "hiprtc-nvrtc-lib-{}-{}",
            std::process::id(),
            crate::cache::unique()
        ));
        std::fs::create_dir_all(&d).expect("mkdir");
        assert_eq!(nvrtc_in(&d), None);
        for f in [
            "libnvrtc-builtins.so.13.0",
            "libnvrtc.so.12",
            "libnvrtc.so.13.0.88",
            "libnvrtc.so.13",
            "libnvrtc_static.a",
        ] {
            std::fs::write(d.join(f), "").expect("write");
        }
        let found = nvrtc_in(&d).expect("found");
        assert_eq!(found, d.join("libnvrtc.so.13.0.88"));
        assert_eq!(
            library_in(&d, "libnvrtc-builtins"),
            Some(d.join("libnvrtc-builtins.so.13.0"))
        );
        std::fs::write(d.join("libnvrtc.so"), "").expect("write");
        assert_eq!(nvrtc_in(&d), Some(d.join("libnvrtc.so")));
        let _ = std::fs::remove_dir_all(&d);
    }
}
