//! # libhiprtc.so: the hiprtc C ABI (`include/hip/hiprtc.h`)
//!
//! HIP's runtime-compilation API on ferrocm's platforms. Each `hiprtcCompileProgram` compiles
//! for the platform the process's HIP runtime runs on (`ferrocm_current_platform` of
//! `libamdhip64.so`, else `HIP_PLATFORM`, else the CPU: `hiprtc_core::platform`):
//!
//! - **CPU**: the program is compiled by running `hipcc --genco` (found next to this library:
//!   `<libdir>/../bin/hipcc`, or `<libdir>/hipcc` in cargo's target directory;
//!   `$FERROCM_HIPCC` overrides), and the code is a CPU code object for `hipModuleLoadData`;
//! - **NVIDIA**: the program is compiled by NVRTC (`libnvrtc.so`, loaded at run time) behind
//!   ferrocm's HIP headers (found like hipcc finds them: `$HIP_PATH`, the installed layout
//!   next to this library, or the repository), and the code is a cubin for the current
//!   device's architecture (or the one the options name) that `hipModuleLoadData` loads. A
//!   process without NVRTC gets `HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE` and a log that
//!   says so.
//!
//! The work is done by crate `ferrocm-hiprtc` (`hiprtc_core`); this crate validates
//! arguments, maps errors to `hiprtcResult` values and never lets a panic cross into C
//! (`HIPRTC_ERROR_INTERNAL_ERROR`).
//!
//! Conventions:
//! - a null pointer argument is `HIPRTC_ERROR_INVALID_INPUT`; a program handle that is not a
//!   live program (null, destroyed, or never created here) is `HIPRTC_ERROR_INVALID_PROGRAM`.
//!   Handles are never reused, so a destroyed handle stays invalid;
//! - `hiprtcGetCode`/`hiprtcGetCodeSize` before a successful compilation:
//!   `HIPRTC_ERROR_INVALID_PROGRAM`; `hiprtcGetLoweredName` before one:
//!   `HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION`; `hiprtcAddNameExpression` after a
//!   compilation: `HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION`;
//! - `hiprtcCompileProgram`: an unknown option is `HIPRTC_ERROR_INVALID_OPTION` (also an
//!   option NVRTC rejects), compiler errors `HIPRTC_ERROR_COMPILATION`, a missing or
//!   unrunnable compiler (`hipcc`; NVRTC) or missing HIP headers
//!   `HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE`; the log says which in every case;
//! - the log (and its size, which counts the terminating NUL) is empty before compilation;
//! - lowered-name strings stay valid until the program is destroyed;
//! - `hiprtcVersion` reports the HIP version these headers and runtime implement (7.1) on
//!   every platform, also on NVIDIA (hiprtc's API is HIP's, whatever NVRTC runs under it);
//! - there is no LLVM bitcode on either platform: `hiprtcGetBitcode(Size)` return
//!   `HIPRTC_ERROR_INVALID_INPUT`; device-code linking is not implemented on either platform
//!   (on NVIDIA a whole program compiles into one cubin; `-fgpu-rdc` is ignored): every
//!   `hiprtcLink*` function returns `HIPRTC_ERROR_LINKING` (and `hiprtcLinkCreate` stores a
//!   null state);
//! - `FERROCM_HIPRTC_TRACE=1` prints one line per compilation on standard error (platform,
//!   architecture, cache hit or miss, time);
//! - `HIPRTC_ERROR_OUT_OF_MEMORY` is never returned by hiprtc itself (an allocation failure
//!   aborts); NVRTC's out-of-memory status is passed on.

#![allow(non_snake_case)]
// Entry points are documented by HIP's API reference; each carries its safety contract.
#![allow(clippy::missing_safety_doc)]

use std::collections::HashMap;
use std::ffi::{c_char, c_int, c_uint, c_void, CStr, CString};
use std::os::unix::ffi::OsStringExt as _;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

pub mod exports;

use hiprtc_core::cache::Cache;
use hiprtc_core::{
    locate_hipcc, platform, Error, HiprtcResult, NvidiaToolchain, Platform, Program,
};

/// `hiprtcResult`.
pub type HiprtcResultT = c_int;
/// `hiprtcProgram` (`struct _hiprtcProgram *`): an opaque handle.
pub type HiprtcProgram = *mut c_void;
/// `hiprtcLinkState`.
pub type HiprtcLinkState = *mut c_void;

const SUCCESS: HiprtcResultT = 0;

/// A live program and the lowered-name strings handed out for it.
struct Handle {
    program: Program,
    /// Every lowered name returned so far (kept so the pointers stay valid).
    names: Vec<CString>,
}

type Shared = Arc<Mutex<Handle>>;

static PROGRAMS: Mutex<Option<HashMap<usize, Shared>>> = Mutex::new(None);
static NEXT_ID: AtomicUsize = AtomicUsize::new(1);

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

fn invalid_program() -> Error {
    Error::InvalidProgram("not a live hiprtc program".into())
}

/// The program behind `prog`.
fn program(prog: HiprtcProgram) -> Result<Shared, Error> {
    let programs = lock(&PROGRAMS);
    programs
        .as_ref()
        .and_then(|m| m.get(&(prog as usize)))
        .cloned()
        .ok_or_else(invalid_program)
}

/// Runs an entry point: `Ok` → `HIPRTC_SUCCESS`, `Err(e)` → `e`'s result, a panic →
/// `HIPRTC_ERROR_INTERNAL_ERROR`.
fn api(body: impl FnOnce() -> Result<(), Error>) -> HiprtcResultT {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => SUCCESS,
        Ok(Err(e)) => e.result().code(),
        Err(_) => HiprtcResult::InternalError.code(),
    }
}

/// `HIPRTC_ERROR_INVALID_INPUT` for NULL or an address no process can map
/// ([`ferrocm_cabi::plausible`]).
fn non_null<T>(p: *const T, what: &str) -> Result<(), Error> {
    if ferrocm_cabi::plausible_ptr(p) {
        Ok(())
    } else {
        Err(Error::InvalidInput(format!(
            "{what} is NULL or not a valid address"
        )))
    }
}

/// A C string argument.
///
/// # Safety
/// `p` must be NULL (rejected) or point to a NUL-terminated string.
unsafe fn c_str<'a>(p: *const c_char, what: &str) -> Result<&'a CStr, Error> {
    non_null(p, what)?;
    // SAFETY: non-null, and the caller guarantees NUL termination.
    Ok(unsafe { CStr::from_ptr(p) })
}

/// Writes `value` through a non-NULL out-pointer.
///
/// # Safety
/// `out` must be NULL (rejected) or valid for a write of `T`.
unsafe fn write_out<T>(out: *mut T, value: T, what: &str) -> Result<(), Error> {
    non_null(out, what)?;
    // SAFETY: checked non-null; the caller guarantees validity.
    unsafe { out.write_unaligned(value) };
    Ok(())
}

/// The directory holding this library (found with `dladdr` on one of its functions).
fn library_dir() -> Option<PathBuf> {
    static DIR: OnceLock<Option<PathBuf>> = OnceLock::new();
    DIR.get_or_init(|| {
        let mut info = libc::Dl_info {
            dli_fname: std::ptr::null(),
            dli_fbase: std::ptr::null_mut(),
            dli_sname: std::ptr::null(),
            dli_saddr: std::ptr::null_mut(),
        };
        let addr =
            exports::hiprtcGetErrorString as unsafe extern "C" fn(HiprtcResultT) -> *const c_char;
        let addr = addr as *const c_void;
        // SAFETY: dladdr only reads the loader's tables and writes `info`, which we own.
        let found = unsafe { libc::dladdr(addr, &mut info) };
        if found == 0 || info.dli_fname.is_null() {
            return None;
        }
        // SAFETY: `dli_fname` is a NUL-terminated path owned by the loader, valid while this
        // library is loaded (it is: we are running its code); we copy it at once.
        let file = unsafe { CStr::from_ptr(info.dli_fname) };
        let path = PathBuf::from(std::ffi::OsString::from_vec(file.to_bytes().to_vec()));
        let path = path.canonicalize().unwrap_or(path);
        path.parent().map(PathBuf::from)
    })
    .clone()
}

/// `hiprtcGetErrorString`: HIP's names of the results; `"Invalid HIPRTC error code"` for any
/// other value.
pub(crate) fn hiprtcGetErrorString(result: HiprtcResultT) -> *const c_char {
    let s: &'static CStr = match HiprtcResult::from_code(result) {
        Some(HiprtcResult::Success) => c"HIPRTC_SUCCESS",
        Some(HiprtcResult::OutOfMemory) => c"HIPRTC_ERROR_OUT_OF_MEMORY",
        Some(HiprtcResult::ProgramCreationFailure) => c"HIPRTC_ERROR_PROGRAM_CREATION_FAILURE",
        Some(HiprtcResult::InvalidInput) => c"HIPRTC_ERROR_INVALID_INPUT",
        Some(HiprtcResult::InvalidProgram) => c"HIPRTC_ERROR_INVALID_PROGRAM",
        Some(HiprtcResult::InvalidOption) => c"HIPRTC_ERROR_INVALID_OPTION",
        Some(HiprtcResult::Compilation) => c"HIPRTC_ERROR_COMPILATION",
        Some(HiprtcResult::BuiltinOperationFailure) => c"HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE",
        Some(HiprtcResult::NoNameExpressionsAfterCompilation) => {
            c"HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION"
        }
        Some(HiprtcResult::NoLoweredNamesBeforeCompilation) => {
            c"HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION"
        }
        Some(HiprtcResult::NameExpressionNotValid) => c"HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID",
        Some(HiprtcResult::InternalError) => c"HIPRTC_ERROR_INTERNAL_ERROR",
        Some(HiprtcResult::Linking) => c"HIPRTC_ERROR_LINKING",
        None => c"Invalid HIPRTC error code",
    };
    s.as_ptr()
}

/// `hiprtcVersion`: HIP 7.1 (on every platform; not NVRTC's version on NVIDIA).
pub(crate) unsafe fn hiprtcVersion(major: *mut c_int, minor: *mut c_int) -> HiprtcResultT {
    api(|| {
        non_null(major, "major")?;
        non_null(minor, "minor")?;
        let (ma, mi) = hiprtc_core::HIP_VERSION;
        // SAFETY: both checked non-null; the caller guarantees they are writable ints.
        unsafe {
            write_out(major, ma, "major")?;
            write_out(minor, mi, "minor")
        }
    })
}

/// `hiprtcCreateProgram`.
pub(crate) unsafe fn hiprtcCreateProgram(
    prog: *mut HiprtcProgram,
    src: *const c_char,
    name: *const c_char,
    numHeaders: c_int,
    headers: *const *const c_char,
    includeNames: *const *const c_char,
) -> HiprtcResultT {
    api(|| {
        non_null(prog, "prog")?;
        // SAFETY: the caller passes a NUL-terminated source (NULL rejected).
        let src = unsafe { c_str(src, "src") }?;
        let name = if name.is_null() {
            None
        } else {
            non_null(name, "name")?;
            // SAFETY: plausible; the caller passes a NUL-terminated name.
            Some(
                unsafe { CStr::from_ptr(name) }
                    .to_string_lossy()
                    .into_owned(),
            )
        };
        let count = usize::try_from(numHeaders)
            .map_err(|_| Error::InvalidInput(format!("numHeaders is {numHeaders}")))?;
        // SAFETY: the caller's arrays of `numHeaders` entries (checked mapped first).
        let (headers, names) = unsafe {
            (
                ferrocm_cabi::mapped_array(headers, count),
                ferrocm_cabi::mapped_array(includeNames, count),
            )
        };
        let (Some(headers), Some(names)) = (headers, names) else {
            return Err(Error::InvalidInput(format!(
                "headers/includeNames do not hold {numHeaders} entries"
            )));
        };
        let mut hs = Vec::with_capacity(count);
        for (&h, &n) in headers.iter().zip(names) {
            // SAFETY: the entries are NUL-terminated strings (NULL rejected).
            let (h, n) = unsafe { (c_str(h, "a header")?, c_str(n, "an include name")?) };
            hs.push((n.to_string_lossy().into_owned(), h.to_bytes().to_vec()));
        }
        let program = Program::new(src.to_bytes(), name.as_deref(), hs)?;
        let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
        let handle = id << 4;
        lock(&PROGRAMS).get_or_insert_with(HashMap::new).insert(
            handle,
            Arc::new(Mutex::new(Handle {
                program,
                names: Vec::new(),
            })),
        );
        // SAFETY: checked non-null; the caller guarantees it is writable.
        unsafe { write_out(prog, handle as HiprtcProgram, "prog") }
    })
}

/// `hiprtcDestroyProgram`: frees the program and sets `*prog` to NULL.
pub(crate) unsafe fn hiprtcDestroyProgram(prog: *mut HiprtcProgram) -> HiprtcResultT {
    api(|| {
        non_null(prog, "prog")?;
        // SAFETY: checked non-null; the caller passes a pointer to a handle.
        let handle = unsafe { prog.read_unaligned() };
        let removed = lock(&PROGRAMS)
            .as_mut()
            .and_then(|m| m.remove(&(handle as usize)));
        if removed.is_none() {
            return Err(invalid_program());
        }
        // SAFETY: as above.
        unsafe { write_out(prog, std::ptr::null_mut(), "prog") }
    })
}

/// `hiprtcAddNameExpression`.
pub(crate) unsafe fn hiprtcAddNameExpression(
    prog: HiprtcProgram,
    name_expression: *const c_char,
) -> HiprtcResultT {
    api(|| {
        let p = program(prog)?;
        // SAFETY: the caller passes a NUL-terminated string (NULL rejected).
        let expr = unsafe { c_str(name_expression, "name_expression") }?;
        let expr = expr.to_string_lossy();
        let mut h = lock(&p);
        h.program.add_name_expression(&expr)
    })
}

/// `hiprtcCompileProgram`: for the HIP runtime's platform (see the crate documentation).
pub(crate) unsafe fn hiprtcCompileProgram(
    prog: HiprtcProgram,
    numOptions: c_int,
    options: *const *const c_char,
) -> HiprtcResultT {
    api(|| {
        let p = program(prog)?;
        let count = usize::try_from(numOptions)
            .map_err(|_| Error::InvalidInput(format!("numOptions is {numOptions}")))?;
        // SAFETY: the caller's array of `numOptions` entries (checked mapped first).
        let options = unsafe { ferrocm_cabi::mapped_array(options, count) }.ok_or_else(|| {
            Error::InvalidInput(format!("options does not hold {numOptions} entries"))
        })?;
        let mut opts = Vec::with_capacity(count);
        for &o in options {
            // SAFETY: each entry is a NUL-terminated string (NULL rejected).
            let o = unsafe { c_str(o, "an option") }?;
            opts.push(o.to_string_lossy().into_owned());
        }
        let cache = Cache::from_env();
        let platform = platform::current();
        let mut h = lock(&p);
        let result = match platform {
            Platform::Cpu => {
                let hipcc = locate_hipcc(library_dir().as_deref());
                h.program.compile(&opts, hipcc, &cache)
            }
            Platform::Nvidia => {
                let toolchain = NvidiaToolchain::locate(library_dir().as_deref());
                h.program.compile_nvidia(&opts, &toolchain, &cache)
            }
        };
        if std::env::var_os("FERROCM_HIPRTC_TRACE").is_some_and(|v| !v.is_empty() && v != "0") {
            trace(&h.program, platform, &result);
        }
        result.map(|_| ())
    })
}

/// `FERROCM_HIPRTC_TRACE=1`: one line on standard error per `hiprtcCompileProgram` (the
/// platform, the target architecture on NVIDIA, cache hit or miss, the time).
fn trace(
    program: &Program,
    platform: Platform,
    result: &Result<hiprtc_core::CompileReport, Error>,
) {
    let target = program
        .target()
        .map(|t| format!(" ({t})"))
        .unwrap_or_default();
    match result {
        Ok(r) => eprintln!(
            "hiprtc: {} compiled for {}{target}: cache {} in {:.1} ms",
            program.name(),
            platform.name(),
            if r.cache_hit { "hit" } else { "miss" },
            r.duration.as_secs_f64() * 1e3
        ),
        Err(e) => eprintln!(
            "hiprtc: {} failed to compile for {}{target}: {e}",
            program.name(),
            platform.name()
        ),
    }
}

/// `hiprtcGetLoweredName`: the string stays valid until the program is destroyed.
pub(crate) unsafe fn hiprtcGetLoweredName(
    prog: HiprtcProgram,
    name_expression: *const c_char,
    lowered_name: *mut *const c_char,
) -> HiprtcResultT {
    api(|| {
        let p = program(prog)?;
        // SAFETY: the caller passes a NUL-terminated string (NULL rejected).
        let expr = unsafe { c_str(name_expression, "name_expression") }?;
        non_null(lowered_name, "lowered_name")?;
        let mut guard = lock(&p);
        let h = &mut *guard;
        let name = h.program.lowered_name(&expr.to_string_lossy())?.clone();
        let ptr = match h.names.iter().find(|n| **n == name) {
            Some(n) => n.as_ptr(),
            None => {
                let ptr = name.as_ptr();
                // The CString's buffer does not move when the Vec grows.
                h.names.push(name);
                ptr
            }
        };
        // SAFETY: checked non-null; the caller guarantees it is writable.
        unsafe { write_out(lowered_name, ptr, "lowered_name") }
    })
}

/// `hiprtcGetProgramLogSize`: the log's length plus its terminating NUL.
pub(crate) unsafe fn hiprtcGetProgramLogSize(
    prog: HiprtcProgram,
    logSizeRet: *mut usize,
) -> HiprtcResultT {
    api(|| {
        let p = program(prog)?;
        let size = lock(&p).program.log().len() + 1;
        // SAFETY: the caller guarantees a writable size_t (NULL rejected).
        unsafe { write_out(logSizeRet, size, "logSizeRet") }
    })
}

/// `hiprtcGetProgramLog`: copies the log and a NUL (`hiprtcGetProgramLogSize` bytes).
pub(crate) unsafe fn hiprtcGetProgramLog(prog: HiprtcProgram, log: *mut c_char) -> HiprtcResultT {
    api(|| {
        let p = program(prog)?;
        non_null(log, "log")?;
        let h = lock(&p);
        let bytes = h.program.log().as_bytes();
        // SAFETY: `log` is non-null and, per the API, has room for the log size
        // (`bytes.len() + 1`); the regions cannot overlap (ours is a private String).
        unsafe {
            std::ptr::copy_nonoverlapping(bytes.as_ptr(), log.cast::<u8>(), bytes.len());
            log.add(bytes.len()).write(0);
        }
        Ok(())
    })
}

/// `hiprtcGetCodeSize`.
pub(crate) unsafe fn hiprtcGetCodeSize(
    prog: HiprtcProgram,
    codeSizeRet: *mut usize,
) -> HiprtcResultT {
    api(|| {
        let p = program(prog)?;
        non_null(codeSizeRet, "codeSizeRet")?;
        let size = lock(&p).program.code()?.len();
        // SAFETY: checked non-null; the caller guarantees a writable size_t.
        unsafe { write_out(codeSizeRet, size, "codeSizeRet") }
    })
}

/// `hiprtcGetCode`: copies the code object (`hiprtcGetCodeSize` bytes).
pub(crate) unsafe fn hiprtcGetCode(prog: HiprtcProgram, code: *mut c_char) -> HiprtcResultT {
    api(|| {
        let p = program(prog)?;
        non_null(code, "code")?;
        let h = lock(&p);
        let bytes = h.program.code()?;
        // SAFETY: `code` is non-null and, per the API, has room for the code size; the regions
        // cannot overlap (ours is a private Vec).
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), code.cast::<u8>(), bytes.len()) };
        Ok(())
    })
}

/// The checks shared by the bitcode entry points: a live program and a non-null pointer;
/// then `HIPRTC_ERROR_INVALID_INPUT`, as there is no LLVM bitcode on ferrocm's platforms.
fn no_bitcode(prog: HiprtcProgram, out: *const c_void, what: &str) -> Result<(), Error> {
    program(prog)?;
    non_null(out, what)?;
    Err(Error::NotSupported(
        "there is no LLVM bitcode on ferrocm's platforms (use hiprtcGetCode)",
    ))
}

/// `hiprtcGetBitcodeSize`: `HIPRTC_ERROR_INVALID_INPUT` (no bitcode on ferrocm's platforms).
pub(crate) unsafe fn hiprtcGetBitcodeSize(
    prog: HiprtcProgram,
    bitcode_size: *mut usize,
) -> HiprtcResultT {
    api(|| no_bitcode(prog, bitcode_size.cast_const().cast(), "bitcode_size"))
}

/// `hiprtcGetBitcode`: `HIPRTC_ERROR_INVALID_INPUT` (no bitcode on ferrocm's platforms).
pub(crate) unsafe fn hiprtcGetBitcode(prog: HiprtcProgram, bitcode: *mut c_char) -> HiprtcResultT {
    api(|| no_bitcode(prog, bitcode.cast_const().cast(), "bitcode"))
}

/// `HIPRTC_ERROR_LINKING`: device-code linking is not implemented (the CPU platform has no
/// device code to link; on NVIDIA, NVRTC compiles a whole program into one cubin and the
/// driver's `cuLink*` is not wrapped).
fn no_linking() -> HiprtcResultT {
    HiprtcResult::Linking.code()
}

/// `hiprtcLinkCreate`: not supported (`HIPRTC_ERROR_LINKING`, `*hip_link_state_ptr` = NULL).
pub(crate) unsafe fn hiprtcLinkCreate(
    _num_options: c_uint,
    _option_ptr: *mut c_int,
    _option_vals_pptr: *mut *mut c_void,
    hip_link_state_ptr: *mut HiprtcLinkState,
) -> HiprtcResultT {
    if !ferrocm_cabi::plausible_ptr(hip_link_state_ptr) {
        return HiprtcResult::InvalidInput.code();
    }
    // SAFETY: non-null; the caller passes a writable hiprtcLinkState.
    unsafe { hip_link_state_ptr.write_unaligned(std::ptr::null_mut()) };
    no_linking()
}

/// `hiprtcLinkAddFile`: not supported (`HIPRTC_ERROR_LINKING`).
pub(crate) fn hiprtcLinkAddFile(
    _hip_link_state: HiprtcLinkState,
    _input_type: c_int,
    _file_path: *const c_char,
    _num_options: c_uint,
    _options_ptr: *mut c_int,
    _option_values: *mut *mut c_void,
) -> HiprtcResultT {
    no_linking()
}

/// `hiprtcLinkAddData`: not supported (`HIPRTC_ERROR_LINKING`).
#[allow(clippy::too_many_arguments)]
pub(crate) fn hiprtcLinkAddData(
    _hip_link_state: HiprtcLinkState,
    _input_type: c_int,
    _image: *mut c_void,
    _image_size: usize,
    _name: *const c_char,
    _num_options: c_uint,
    _options_ptr: *mut c_int,
    _option_values: *mut *mut c_void,
) -> HiprtcResultT {
    no_linking()
}

/// `hiprtcLinkComplete`: not supported (`HIPRTC_ERROR_LINKING`).
pub(crate) fn hiprtcLinkComplete(
    _hip_link_state: HiprtcLinkState,
    _bin_out: *mut *mut c_void,
    _size_out: *mut usize,
) -> HiprtcResultT {
    no_linking()
}

/// `hiprtcLinkDestroy`: not supported (`HIPRTC_ERROR_LINKING`).
pub(crate) fn hiprtcLinkDestroy(_hip_link_state: HiprtcLinkState) -> HiprtcResultT {
    no_linking()
}
