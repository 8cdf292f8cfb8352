//! The C ABI suite of the built `libhiprtc.so`, written once and instantiated per platform
//! (CubeCL's testgen idea): `c_abi.rs` runs it on the CPU platform, `nvidia_platform.rs` on
//! NVIDIA, each test binary in its own process with `HIP_PLATFORM` set before the library is
//! loaded (no `libamdhip64.so` is in the process, so the environment decides). The library is
//! loaded with `dlopen` the way a C program uses it.
//!
//! The library is found in the test's target directory (`target/<profile>/libhiprtc.so`, built
//! by `cargo test -p ferrocm-hiprtc-capi`) or, in `scripts/gpu-bundle.sh`'s layout, in the
//! bundle's `lib/`. CPU compilations need `hipcc` next to it (`cargo build -p ferrocm-hipcc`;
//! `cargo test --workspace` builds it first) or `$FERROCM_HIPCC`, and the HIP headers: when a
//! kernel does not compile, the compiling tests fail with hiprtc's log. NVIDIA compilations
//! need NVRTC: without it the compiling tests print `skipped: NVRTC not available` (on stderr,
//! past the test harness's capture) and pass; `nvidia_platform.rs` checks that the failure is
//! then clean.
#![allow(dead_code)] // each instantiating test file uses a different part of the helpers

use std::ffi::{c_char, c_int, c_uint, c_void, CStr, CString};
use std::io::Write;
use std::path::PathBuf;
use std::ptr::{null, null_mut};
use std::sync::OnceLock;
use std::time::Instant;

pub use hiprtc_core::Platform;

/// Instantiates every test of the suite for `$platform` (a [`Platform`]): one `#[test]` per
/// suite function, with the same name.
macro_rules! instantiate {
    ($platform:expr) => {
        #[test]
        fn error_strings_and_version() {
            $crate::suite::error_strings_and_version($platform)
        }
        #[test]
        fn arguments_and_handles_are_validated() {
            $crate::suite::arguments_and_handles_are_validated($platform)
        }
        #[test]
        fn syntax_error_log() {
            $crate::suite::syntax_error_log($platform)
        }
        #[test]
        fn name_expressions_are_lowered_and_the_cache_is_hit() {
            $crate::suite::name_expressions_are_lowered_and_the_cache_is_hit($platform)
        }
    };
}
pub(crate) use instantiate;

/// A `hiprtcProgram`.
pub type Prog = *mut c_void;

#[allow(non_snake_case, clippy::type_complexity)]
pub struct Api {
    pub GetErrorString: extern "C" fn(c_int) -> *const c_char,
    pub Version: unsafe extern "C" fn(*mut c_int, *mut c_int) -> c_int,
    pub CreateProgram: unsafe extern "C" fn(
        *mut Prog,
        *const c_char,
        *const c_char,
        c_int,
        *const *const c_char,
        *const *const c_char,
    ) -> c_int,
    pub DestroyProgram: unsafe extern "C" fn(*mut Prog) -> c_int,
    pub CompileProgram: unsafe extern "C" fn(Prog, c_int, *const *const c_char) -> c_int,
    pub AddNameExpression: unsafe extern "C" fn(Prog, *const c_char) -> c_int,
    pub GetLoweredName: unsafe extern "C" fn(Prog, *const c_char, *mut *const c_char) -> c_int,
    pub GetProgramLogSize: unsafe extern "C" fn(Prog, *mut usize) -> c_int,
    pub GetProgramLog: unsafe extern "C" fn(Prog, *mut c_char) -> c_int,
    pub GetCodeSize: unsafe extern "C" fn(Prog, *mut usize) -> c_int,
    pub GetCode: unsafe extern "C" fn(Prog, *mut c_char) -> c_int,
    pub GetBitcodeSize: unsafe extern "C" fn(Prog, *mut usize) -> c_int,
    pub GetBitcode: unsafe extern "C" fn(Prog, *mut c_char) -> c_int,
    pub LinkCreate:
        unsafe extern "C" fn(c_uint, *mut c_int, *mut *mut c_void, *mut *mut c_void) -> c_int,
    pub LinkAddData: unsafe extern "C" fn(
        *mut c_void,
        c_int,
        *mut c_void,
        usize,
        *const c_char,
        c_uint,
        *mut c_int,
        *mut *mut c_void,
    ) -> c_int,
    pub LinkComplete: unsafe extern "C" fn(*mut c_void, *mut *mut c_void, *mut usize) -> c_int,
    pub LinkDestroy: unsafe extern "C" fn(*mut c_void) -> c_int,
}

pub const SUCCESS: c_int = 0;
pub const INVALID_INPUT: c_int = 3;
pub const INVALID_PROGRAM: c_int = 4;
pub const INVALID_OPTION: c_int = 5;
pub const COMPILATION: c_int = 6;
pub const BUILTIN_OPERATION_FAILURE: c_int = 7;
pub const NO_NAME_EXPRESSIONS_AFTER_COMPILATION: c_int = 8;
pub const NO_LOWERED_NAMES_BEFORE_COMPILATION: c_int = 9;
pub const NAME_EXPRESSION_NOT_VALID: c_int = 10;
pub const LINKING: c_int = 100;

fn library_path() -> PathBuf {
    let exe = std::env::current_exe().expect("current_exe");
    // target/<profile>/deps/<test>: `cargo build` puts the cdylib in target/<profile>/,
    // `cargo test` (which builds it as this package's library) in deps/; the GPU bundle has
    // rust-tests/ beside lib/.
    let deps = exe.parent().expect("deps directory");
    let up = deps.parent().expect("parent directory");
    let candidates = [
        deps.join("libhiprtc.so"),
        up.join("libhiprtc.so"),
        up.join("lib/libhiprtc.so"),
    ];
    candidates
        .iter()
        .find(|p| p.is_file())
        .cloned()
        .unwrap_or_else(|| panic!("libhiprtc.so not found in {candidates:?}"))
}

/// The library's entry points, loaded once per process for `platform`: the first call sets
/// `HIP_PLATFORM` and a private cache directory before the library is loaded (all tests of the
/// process call this first, so nothing reads the environment meanwhile).
// Each transmute's target type is the `Api` field it initialises.
#[allow(clippy::missing_transmute_annotations)]
pub fn api(platform: Platform) -> &'static Api {
    static API: OnceLock<(Platform, Api)> = OnceLock::new();
    let (loaded_for, api) = API.get_or_init(|| {
        std::env::set_var("HIP_PLATFORM", platform.name());
        // All compilations of this test process share a private cache directory.
        let cache = std::env::temp_dir().join(format!(
            "hiprtc-capi-test-cache-{}-{}",
            platform.name(),
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&cache);
        std::env::set_var("FERROCM_CACHE_DIR", &cache);
        std::env::remove_var("FERROCM_HIPRTC_CACHE");
        assert_eq!(hiprtc_core::platform::current(), platform);

        let path = library_path();
        let c = CString::new(path.to_string_lossy().as_bytes()).expect("path");
        // SAFETY: dlopen of our own library with a NUL-terminated path.
        let h = unsafe { libc::dlopen(c.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
        assert!(!h.is_null(), "cannot dlopen {}", path.display());
        macro_rules! sym {
            ($name:literal) => {{
                // SAFETY: `h` is a live handle and the name is NUL-terminated.
                let p = unsafe { libc::dlsym(h, concat!($name, "\0").as_ptr().cast()) };
                assert!(!p.is_null(), "missing symbol {}", $name);
                // SAFETY: the symbol is the C function of that name, whose signature the
                // field's type mirrors (include/hip/hiprtc.h).
                unsafe { std::mem::transmute::<*mut c_void, _>(p) }
            }};
        }
        let api = Api {
            GetErrorString: sym!("hiprtcGetErrorString"),
            Version: sym!("hiprtcVersion"),
            CreateProgram: sym!("hiprtcCreateProgram"),
            DestroyProgram: sym!("hiprtcDestroyProgram"),
            CompileProgram: sym!("hiprtcCompileProgram"),
            AddNameExpression: sym!("hiprtcAddNameExpression"),
            GetLoweredName: sym!("hiprtcGetLoweredName"),
            GetProgramLogSize: sym!("hiprtcGetProgramLogSize"),
            GetProgramLog: sym!("hiprtcGetProgramLog"),
            GetCodeSize: sym!("hiprtcGetCodeSize"),
            GetCode: sym!("hiprtcGetCode"),
            GetBitcodeSize: sym!("hiprtcGetBitcodeSize"),
            GetBitcode: sym!("hiprtcGetBitcode"),
            LinkCreate: sym!("hiprtcLinkCreate"),
            LinkAddData: sym!("hiprtcLinkAddData"),
            LinkComplete: sym!("hiprtcLinkComplete"),
            LinkDestroy: sym!("hiprtcLinkDestroy"),
        };
        (platform, api)
    });
    assert_eq!(*loaded_for, platform, "one platform per test process");
    api
}

pub fn cstr(s: &str) -> CString {
    CString::new(s).expect("no NUL")
}

/// Creates a program (asserting success).
pub fn create(a: &Api, src: &str, name: &str, headers: &[(&str, &str)]) -> Prog {
    let src = cstr(src);
    let name = cstr(name);
    let contents: Vec<CString> = headers.iter().map(|(_, c)| cstr(c)).collect();
    let names: Vec<CString> = headers.iter().map(|(n, _)| cstr(n)).collect();
    let cp: Vec<*const c_char> = contents.iter().map(|c| c.as_ptr()).collect();
    let np: Vec<*const c_char> = names.iter().map(|c| c.as_ptr()).collect();
    let mut prog: Prog = null_mut();
    // SAFETY: valid pointers and counts.
    let r = unsafe {
        (a.CreateProgram)(
            &mut prog,
            src.as_ptr(),
            name.as_ptr(),
            headers.len() as c_int,
            if headers.is_empty() {
                null()
            } else {
                cp.as_ptr()
            },
            if headers.is_empty() {
                null()
            } else {
                np.as_ptr()
            },
        )
    };
    assert_eq!(r, SUCCESS);
    assert!(!prog.is_null());
    prog
}

pub fn compile(a: &Api, prog: Prog, opts: &[&str]) -> c_int {
    let owned: Vec<CString> = opts.iter().map(|o| cstr(o)).collect();
    let ptrs: Vec<*const c_char> = owned.iter().map(|o| o.as_ptr()).collect();
    // SAFETY: a valid array of `opts.len()` strings.
    unsafe { (a.CompileProgram)(prog, ptrs.len() as c_int, ptrs.as_ptr()) }
}

pub fn log(a: &Api, prog: Prog) -> String {
    let mut size = 0usize;
    // SAFETY: valid out-pointer.
    assert_eq!(unsafe { (a.GetProgramLogSize)(prog, &mut size) }, SUCCESS);
    assert!(size >= 1, "the size counts the NUL");
    let mut buf = vec![0x55u8; size];
    // SAFETY: `size` bytes of room.
    let r = unsafe { (a.GetProgramLog)(prog, buf.as_mut_ptr().cast()) };
    assert_eq!(r, SUCCESS);
    assert_eq!(buf[size - 1], 0, "NUL-terminated");
    let s = CStr::from_bytes_with_nul(&buf).expect("exactly one NUL, at the end");
    s.to_string_lossy().into_owned()
}

pub fn code(a: &Api, prog: Prog) -> Vec<u8> {
    let mut size = 0usize;
    // SAFETY: valid out-pointer.
    assert_eq!(unsafe { (a.GetCodeSize)(prog, &mut size) }, SUCCESS);
    let mut buf = vec![0u8; size];
    // SAFETY: `size` bytes of room.
    let r = unsafe { (a.GetCode)(prog, buf.as_mut_ptr().cast()) };
    assert_eq!(r, SUCCESS);
    buf
}

pub fn destroy(a: &Api, mut prog: Prog) {
    // SAFETY: valid pointer to a handle.
    assert_eq!(unsafe { (a.DestroyProgram)(&mut prog) }, SUCCESS);
    assert!(prog.is_null());
}

/// Why `platform`'s compiler cannot be used in this process, if it cannot. The CPU platform
/// always has one (the workspace has a host compiler and hipcc: a kernel that does not compile
/// is a hiprtc bug, which the compiling tests report with the log); NVIDIA needs NVRTC.
pub fn compiler_missing(platform: Platform) -> Option<String> {
    match platform {
        Platform::Cpu => None,
        Platform::Nvidia => hiprtc_core::nvidia::Nvrtc::get()
            .err()
            .map(|e| e.to_string()),
    }
}

/// Whether a compiling test can run; says why not on stderr, past the harness's capture.
fn compiler_or_skip(platform: Platform, test: &str) -> bool {
    match compiler_missing(platform) {
        None => true,
        Some(why) => {
            // The loader's message lists every name it tried: the first clause is enough.
            let why = why.split(" (tried").next().unwrap_or(&why);
            let _ = writeln!(std::io::stderr(), "{test}: skipped: {why}");
            false
        }
    }
}

/// Where a diagnostic about `line` of `file` points, as the platform's compiler writes it:
/// `file:line` (host compiler behind hipcc) or `file(line)` (NVRTC).
fn diagnostic_location(platform: Platform, file: &str, line: u32) -> String {
    match platform {
        Platform::Cpu => format!("{file}:{line}"),
        Platform::Nvidia => format!("{file}({line})"),
    }
}

/// Checks that `code` is what the platform loads and defines `kernels` (lowered names): a CPU
/// code object (loaded with the CPU engine) or a cubin (an ELF for `EM_CUDA` naming them).
fn check_code(platform: Platform, code: &[u8], kernels: &[&str], variables: &[&str]) {
    match platform {
        Platform::Cpu => {
            let object = cpu_engine::CodeObject::parse(code).expect("code object");
            let loaded = object.load().expect("load");
            for k in kernels {
                assert!(loaded.kernel(k).is_some(), "kernel {k}");
            }
            for v in variables {
                assert!(loaded.variable(v).is_some(), "variable {v}");
            }
        }
        Platform::Nvidia => {
            const EM_CUDA: u16 = 190;
            assert_eq!(&code[..4], b"\x7fELF", "a cubin is an ELF file");
            assert_eq!(u16::from_le_bytes([code[18], code[19]]), EM_CUDA);
            for name in kernels.iter().chain(variables) {
                assert!(
                    code.windows(name.len()).any(|w| w == name.as_bytes()),
                    "the cubin names {name}"
                );
            }
        }
    }
}

pub fn error_strings_and_version(platform: Platform) {
    let a = api(platform);
    let names = [
        (0, "HIPRTC_SUCCESS"),
        (1, "HIPRTC_ERROR_OUT_OF_MEMORY"),
        (2, "HIPRTC_ERROR_PROGRAM_CREATION_FAILURE"),
        (3, "HIPRTC_ERROR_INVALID_INPUT"),
        (4, "HIPRTC_ERROR_INVALID_PROGRAM"),
        (5, "HIPRTC_ERROR_INVALID_OPTION"),
        (6, "HIPRTC_ERROR_COMPILATION"),
        (7, "HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE"),
        (8, "HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION"),
        (9, "HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION"),
        (10, "HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID"),
        (11, "HIPRTC_ERROR_INTERNAL_ERROR"),
        (100, "HIPRTC_ERROR_LINKING"),
        (12, "Invalid HIPRTC error code"),
        (-1, "Invalid HIPRTC error code"),
    ];
    for (code, name) in names {
        // SAFETY: the library returns static NUL-terminated strings.
        let s = unsafe { CStr::from_ptr((a.GetErrorString)(code)) };
        assert_eq!(s.to_str(), Ok(name));
    }
    let (mut major, mut minor) = (0, 0);
    // SAFETY: valid out-pointers (or NULL, rejected).
    unsafe {
        assert_eq!((a.Version)(&mut major, &mut minor), SUCCESS);
        assert_eq!((major, minor), (7, 1));
        assert_eq!((a.Version)(null_mut(), &mut minor), INVALID_INPUT);
        assert_eq!((a.Version)(&mut major, null_mut()), INVALID_INPUT);
    }
}

pub fn arguments_and_handles_are_validated(platform: Platform) {
    let a = api(platform);
    let src = cstr("__global__ void k() {}");
    let mut prog: Prog = null_mut();
    let bad_name = cstr("../escape.h");
    let hdr = cstr("int x;");
    // SAFETY: every call passes valid pointers or deliberate NULLs / foreign handles, which
    // the library must reject without touching them.
    unsafe {
        assert_eq!(
            (a.CreateProgram)(null_mut(), src.as_ptr(), null(), 0, null(), null()),
            INVALID_INPUT
        );
        assert_eq!(
            (a.CreateProgram)(&mut prog, null(), null(), 0, null(), null()),
            INVALID_INPUT
        );
        assert_eq!(
            (a.CreateProgram)(&mut prog, src.as_ptr(), null(), -1, null(), null()),
            INVALID_INPUT
        );
        assert_eq!(
            (a.CreateProgram)(&mut prog, src.as_ptr(), null(), 1, null(), null()),
            INVALID_INPUT
        );
        let hp = [hdr.as_ptr()];
        let np = [bad_name.as_ptr()];
        let nulls = [null::<c_char>()];
        assert_eq!(
            (a.CreateProgram)(&mut prog, src.as_ptr(), null(), 1, hp.as_ptr(), np.as_ptr()),
            INVALID_INPUT
        );
        assert_eq!(
            (a.CreateProgram)(
                &mut prog,
                src.as_ptr(),
                null(),
                1,
                hp.as_ptr(),
                nulls.as_ptr()
            ),
            INVALID_INPUT
        );
        assert!(prog.is_null(), "a failed create leaves *prog alone");

        // A NULL name is allowed (default_program).
        assert_eq!(
            (a.CreateProgram)(&mut prog, src.as_ptr(), null(), 0, null(), null()),
            SUCCESS
        );
        let live = prog;

        // Foreign handles.
        let foreign = [
            null_mut(),
            0xdead_bee0usize as Prog,
            (live as usize + 1) as Prog,
        ];
        let mut size = 0usize;
        let mut name: *const c_char = null();
        let expr = cstr("k");
        let mut buf = [0 as c_char; 16];
        for f in foreign {
            assert_eq!((a.CompileProgram)(f, 0, null()), INVALID_PROGRAM);
            assert_eq!((a.AddNameExpression)(f, expr.as_ptr()), INVALID_PROGRAM);
            assert_eq!(
                (a.GetLoweredName)(f, expr.as_ptr(), &mut name),
                INVALID_PROGRAM
            );
            assert_eq!((a.GetProgramLogSize)(f, &mut size), INVALID_PROGRAM);
            assert_eq!((a.GetProgramLog)(f, buf.as_mut_ptr()), INVALID_PROGRAM);
            assert_eq!((a.GetCodeSize)(f, &mut size), INVALID_PROGRAM);
            assert_eq!((a.GetCode)(f, buf.as_mut_ptr()), INVALID_PROGRAM);
            assert_eq!((a.GetBitcodeSize)(f, &mut size), INVALID_PROGRAM);
            let mut g = f;
            assert_eq!((a.DestroyProgram)(&mut g), INVALID_PROGRAM);
        }
        assert_eq!((a.DestroyProgram)(null_mut()), INVALID_INPUT);

        // Wrong order and NULL out-pointers on a live program.
        assert_eq!((a.GetCodeSize)(live, &mut size), INVALID_PROGRAM);
        assert_eq!((a.GetCode)(live, buf.as_mut_ptr()), INVALID_PROGRAM);
        assert_eq!(
            (a.GetLoweredName)(live, expr.as_ptr(), &mut name),
            NO_LOWERED_NAMES_BEFORE_COMPILATION
        );
        assert_eq!((a.GetCodeSize)(live, null_mut()), INVALID_INPUT);
        assert_eq!((a.GetProgramLogSize)(live, null_mut()), INVALID_INPUT);
        assert_eq!((a.GetProgramLog)(live, null_mut()), INVALID_INPUT);
        assert_eq!((a.AddNameExpression)(live, null()), INVALID_INPUT);
        assert_eq!((a.CompileProgram)(live, -1, null()), INVALID_INPUT);
        assert_eq!((a.CompileProgram)(live, 1, null()), INVALID_INPUT);
        assert_eq!(log(a, live), "", "empty log before compilation");

        // No bitcode, no linking on ferrocm's platforms.
        assert_eq!((a.GetBitcodeSize)(live, &mut size), INVALID_INPUT);
        assert_eq!((a.GetBitcode)(live, buf.as_mut_ptr()), INVALID_INPUT);
        let mut state: *mut c_void = 0x10 as *mut c_void;
        assert_eq!(
            (a.LinkCreate)(0, null_mut(), null_mut(), &mut state),
            LINKING
        );
        assert!(state.is_null());
        assert_eq!(
            (a.LinkCreate)(0, null_mut(), null_mut(), null_mut()),
            INVALID_INPUT
        );
        assert_eq!(
            (a.LinkAddData)(
                null_mut(),
                0,
                null_mut(),
                0,
                null(),
                0,
                null_mut(),
                null_mut()
            ),
            LINKING
        );
        assert_eq!(
            (a.LinkComplete)(null_mut(), null_mut(), null_mut()),
            LINKING
        );
        assert_eq!((a.LinkDestroy)(null_mut()), LINKING);

        // An unknown option: INVALID_OPTION, named in the log (no compiler needed).
        assert_eq!((a.AddNameExpression)(live, expr.as_ptr()), SUCCESS);
        assert_eq!(
            compile(a, live, &["-O2", "--no-such-option"]),
            INVALID_OPTION
        );
        assert!(
            log(a, live).contains("--no-such-option"),
            "{}",
            log(a, live)
        );
        assert_eq!(
            (a.AddNameExpression)(live, expr.as_ptr()),
            NO_NAME_EXPRESSIONS_AFTER_COMPILATION
        );

        // Destroyed handles stay invalid.
        let mut p = live;
        assert_eq!((a.DestroyProgram)(&mut p), SUCCESS);
        assert!(p.is_null());
        let mut again = live;
        assert_eq!((a.DestroyProgram)(&mut again), INVALID_PROGRAM);
        assert_eq!((a.GetProgramLogSize)(live, &mut size), INVALID_PROGRAM);
    }
}

pub fn syntax_error_log(platform: Platform) {
    if !compiler_or_skip(platform, "syntax_error_log") {
        return;
    }
    let a = api(platform);
    let p = create(
        a,
        "__global__ void k(int *p) {\n  *p = undeclared_thing;\n}\n",
        "bad.hip",
        &[],
    );
    assert_eq!(compile(a, p, &[]), COMPILATION);
    let l = log(a, p);
    let at = diagnostic_location(platform, "bad.hip", 2);
    assert!(l.contains(&at), "log lacks {at}: {l}");
    assert!(l.contains("undeclared_thing"), "log: {l}");
    let mut size = 0usize;
    // SAFETY: valid out-pointer.
    let r = unsafe { (a.GetCodeSize)(p, &mut size) };
    assert_eq!(r, INVALID_PROGRAM);
    destroy(a, p);
}

/// A program with a header, a template kernel, a kernel in a namespace and a variable.
const SOURCE: &str = r#"
#include "params.h"
template <class T, int N> __global__ void scale(T *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= N * FACTOR;
}
namespace ns { __global__ void fill(int *x, int v) { x[threadIdx.x] = v; } }
__device__ float table[4];
"#;

fn compile_named(a: &Api, opts: &[&str]) -> (Prog, c_int, f64) {
    let p = create(
        a,
        SOURCE,
        "scale.hip",
        &[("params.h", "#define FACTOR 2\n")],
    );
    for e in ["scale<float, 3>", "&ns::fill", "table"] {
        let e = cstr(e);
        // SAFETY: a live program and a NUL-terminated expression.
        assert_eq!(unsafe { (a.AddNameExpression)(p, e.as_ptr()) }, SUCCESS);
    }
    let t = Instant::now();
    let r = compile(a, p, opts);
    (p, r, t.elapsed().as_secs_f64() * 1e3)
}

fn lowered(a: &Api, p: Prog, expr: &str) -> Result<String, c_int> {
    let e = cstr(expr);
    let mut out: *const c_char = null();
    // SAFETY: a live program, a NUL-terminated expression and a valid out-pointer.
    let r = unsafe { (a.GetLoweredName)(p, e.as_ptr(), &mut out) };
    if r != SUCCESS {
        return Err(r);
    }
    // SAFETY: on success the library returns a NUL-terminated string it keeps alive.
    Ok(unsafe { CStr::from_ptr(out) }
        .to_string_lossy()
        .into_owned())
}

pub fn name_expressions_are_lowered_and_the_cache_is_hit(platform: Platform) {
    if !compiler_or_skip(
        platform,
        "name_expressions_are_lowered_and_the_cache_is_hit",
    ) {
        return;
    }
    let a = api(platform);
    let opts = ["-O2", "-std=c++17", "--offload-arch=gfx942", "-DUNUSED=1"];
    let (p, r, cold_ms) = compile_named(a, &opts);
    assert_eq!(r, SUCCESS, "log: {}", log(a, p));
    assert_eq!(
        lowered(a, p, "scale<float, 3>").as_deref(),
        Ok("_Z5scaleIfLi3EEvPT_i")
    );
    assert_eq!(lowered(a, p, "&ns::fill").as_deref(), Ok("_ZN2ns4fillEPii"));
    assert_eq!(lowered(a, p, "table").as_deref(), Ok("table"));
    assert_eq!(
        lowered(a, p, "scale<float, 4>"),
        Err(NAME_EXPRESSION_NOT_VALID)
    );
    let code1 = code(a, p);

    // The code is the platform's, and its kernels are named by the lowered names.
    check_code(
        platform,
        &code1,
        &["_Z5scaleIfLi3EEvPT_i", "_ZN2ns4fillEPii"],
        &["table"],
    );

    // The same program again: from the cache.
    let (q, r, warm_ms) = compile_named(a, &opts);
    assert_eq!(r, SUCCESS);
    eprintln!(
        "libhiprtc compile ({}): cold {cold_ms:.1} ms, cached {warm_ms:.2} ms",
        platform.name()
    );
    assert!(
        warm_ms < 100.0 && warm_ms * 5.0 < cold_ms,
        "cached {warm_ms} ms vs cold {cold_ms} ms"
    );
    assert_eq!(code(a, q), code1);
    assert_eq!(lowered(a, q, "&ns::fill").as_deref(), Ok("_ZN2ns4fillEPii"));
    let cache = PathBuf::from(std::env::var_os("FERROCM_CACHE_DIR").expect("set by api()"));
    let entries = std::fs::read_dir(&cache).expect("cache dir").count();
    assert!(entries >= 1, "the cache directory holds the entry");
    // Lowered-name pointers stay valid until destruction; destroying one program leaves the
    // other intact.
    let name = lowered(a, p, "table").expect("name");
    destroy(a, p);
    assert_eq!(lowered(a, q, "table").as_deref(), Ok(name.as_str()));
    destroy(a, q);
}
