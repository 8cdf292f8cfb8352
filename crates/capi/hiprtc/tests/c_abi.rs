//! The C ABI of the built `libhiprtc.so`, loaded with `dlopen` the way a C program uses it.
//!
//! The library is found in this test's target directory (`target/<profile>/libhiprtc.so`,
//! built by `cargo test -p ferrocm-hiprtc-capi`). Compilations need `hipcc` next to it
//! (`cargo build -p ferrocm-hipcc`; `cargo test --workspace` builds it first) or
//! `$FERROCM_HIPCC`, and the HIP headers: when a trivial kernel does not compile, the
//! compiling tests fail with hiprtc's log (they used to skip, which hid breakage).

use std::ffi::{c_char, c_int, c_uint, c_void, CStr, CString};
use std::path::PathBuf;
use std::ptr::{null, null_mut};
use std::sync::OnceLock;
use std::time::Instant;

type Prog = *mut c_void;

#[allow(non_snake_case, clippy::type_complexity)]
struct Api {
    GetErrorString: extern "C" fn(c_int) -> *const c_char,
    Version: unsafe extern "C" fn(*mut c_int, *mut c_int) -> c_int,
    CreateProgram: unsafe extern "C" fn(
        *mut Prog,
        *const c_char,
        *const c_char,
        c_int,
        *const *const c_char,
        *const *const c_char,
    ) -> c_int,
    DestroyProgram: unsafe extern "C" fn(*mut Prog) -> c_int,
    CompileProgram: unsafe extern "C" fn(Prog, c_int, *const *const c_char) -> c_int,
    AddNameExpression: unsafe extern "C" fn(Prog, *const c_char) -> c_int,
    GetLoweredName: unsafe extern "C" fn(Prog, *const c_char, *mut *const c_char) -> c_int,
    GetProgramLogSize: unsafe extern "C" fn(Prog, *mut usize) -> c_int,
    GetProgramLog: unsafe extern "C" fn(Prog, *mut c_char) -> c_int,
    GetCodeSize: unsafe extern "C" fn(Prog, *mut usize) -> c_int,
    GetCode: unsafe extern "C" fn(Prog, *mut c_char) -> c_int,
    GetBitcodeSize: unsafe extern "C" fn(Prog, *mut usize) -> c_int,
    GetBitcode: unsafe extern "C" fn(Prog, *mut c_char) -> c_int,
    LinkCreate:
        unsafe extern "C" fn(c_uint, *mut c_int, *mut *mut c_void, *mut *mut c_void) -> c_int,
    LinkAddData: unsafe extern "C" fn(
        *mut c_void,
        c_int,
        *mut c_void,
        usize,
        *const c_char,
        c_uint,
        *mut c_int,
        *mut *mut c_void,
    ) -> c_int,
    LinkComplete: unsafe extern "C" fn(*mut c_void, *mut *mut c_void, *mut usize) -> c_int,
    LinkDestroy: unsafe extern "C" fn(*mut c_void) -> c_int,
}

const SUCCESS: c_int = 0;
const INVALID_INPUT: c_int = 3;
const INVALID_PROGRAM: c_int = 4;
const INVALID_OPTION: c_int = 5;
const COMPILATION: c_int = 6;
const NO_NAME_EXPRESSIONS_AFTER_COMPILATION: c_int = 8;
const NO_LOWERED_NAMES_BEFORE_COMPILATION: c_int = 9;
const NAME_EXPRESSION_NOT_VALID: c_int = 10;
const LINKING: c_int = 100;

fn library_path() -> PathBuf {
    let exe = std::env::current_exe().expect("current_exe");
    // target/<profile>/deps/<test>: `cargo build` puts the cdylib in target/<profile>/,
    // `cargo test` (which builds it as this package's library) in deps/.
    let deps = exe.parent().expect("deps directory");
    let candidates = [
        deps.join("libhiprtc.so"),
        deps.parent()
            .expect("target directory")
            .join("libhiprtc.so"),
    ];
    candidates
        .iter()
        .find(|p| p.is_file())
        .cloned()
        .unwrap_or_else(|| panic!("libhiprtc.so not found in {candidates:?}"))
}

// Each transmute's target type is the `Api` field it initialises.
#[allow(clippy::missing_transmute_annotations)]
fn api() -> &'static Api {
    static API: OnceLock<Api> = OnceLock::new();
    API.get_or_init(|| {
        // All compilations of this test process share a private cache directory.
        let cache =
            std::env::temp_dir().join(format!("hiprtc-capi-test-cache-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&cache);
        std::env::set_var("FERROCM_CACHE_DIR", &cache);
        std::env::remove_var("FERROCM_HIPRTC_CACHE");

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
        Api {
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
        }
    })
}

fn cstr(s: &str) -> CString {
    CString::new(s).expect("no NUL")
}

/// Creates a program (asserting success).
fn create(src: &str, name: &str, headers: &[(&str, &str)]) -> Prog {
    let a = api();
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

fn compile(prog: Prog, opts: &[&str]) -> c_int {
    let owned: Vec<CString> = opts.iter().map(|o| cstr(o)).collect();
    let ptrs: Vec<*const c_char> = owned.iter().map(|o| o.as_ptr()).collect();
    // SAFETY: a valid array of `opts.len()` strings.
    unsafe { (api().CompileProgram)(prog, ptrs.len() as c_int, ptrs.as_ptr()) }
}

fn log(prog: Prog) -> String {
    let a = api();
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

fn code(prog: Prog) -> Vec<u8> {
    let a = api();
    let mut size = 0usize;
    // SAFETY: valid out-pointer.
    assert_eq!(unsafe { (a.GetCodeSize)(prog, &mut size) }, SUCCESS);
    let mut buf = vec![0u8; size];
    // SAFETY: `size` bytes of room.
    let r = unsafe { (a.GetCode)(prog, buf.as_mut_ptr().cast()) };
    assert_eq!(r, SUCCESS);
    buf
}

fn destroy(mut prog: Prog) {
    // SAFETY: valid pointer to a handle.
    assert_eq!(unsafe { (api().DestroyProgram)(&mut prog) }, SUCCESS);
    assert!(prog.is_null());
}

/// Whether hipcc --genco works through the library (checked once; prints why not).
fn can_compile() -> bool {
    static OK: OnceLock<Result<(), String>> = OnceLock::new();
    let r = OK.get_or_init(|| {
        let p = create(
            "__global__ void probe(int *p) { *p = 1; }\n",
            "probe.hip",
            &[],
        );
        let r = compile(p, &[]);
        let l = log(p);
        destroy(p);
        if r == SUCCESS {
            Ok(())
        } else {
            Err(format!("compile result {r}, log:\n{l}"))
        }
    });
    match r {
        Ok(()) => true,
        // The workspace always has a host compiler and hipcc (`.ci/run` installs g++): a
        // probe that does not compile is a hiprtc bug, not a reason to skip.
        Err(why) => panic!("hiprtc cannot compile a trivial kernel: {why}"),
    }
}

#[test]
fn error_strings_and_version() {
    let a = api();
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

#[test]
fn arguments_and_handles_are_validated() {
    let a = api();
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
        assert_eq!(log(live), "", "empty log before compilation");

        // No bitcode, no linking on the CPU platform.
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
        assert_eq!(compile(live, &["-O2", "--no-such-option"]), INVALID_OPTION);
        assert!(log(live).contains("--no-such-option"), "{}", log(live));
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

#[test]
fn syntax_error_log() {
    if !can_compile() {
        return;
    }
    let p = create(
        "__global__ void k(int *p) {\n  *p = undeclared_thing;\n}\n",
        "bad.hip",
        &[],
    );
    assert_eq!(compile(p, &[]), COMPILATION);
    let l = log(p);
    assert!(l.contains("bad.hip:2"), "log: {l}");
    assert!(l.contains("undeclared_thing"), "log: {l}");
    let mut size = 0usize;
    // SAFETY: valid out-pointer.
    let r = unsafe { (api().GetCodeSize)(p, &mut size) };
    assert_eq!(r, INVALID_PROGRAM);
    destroy(p);
}

const SOURCE: &str = r#"
#include "params.h"
template <class T, int N> __global__ void scale(T *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= N * FACTOR;
}
namespace ns { __global__ void fill(int *x, int v) { x[threadIdx.x] = v; } }
__device__ float table[4];
"#;

fn compile_named(opts: &[&str]) -> (Prog, c_int, f64) {
    let a = api();
    let p = create(SOURCE, "scale.hip", &[("params.h", "#define FACTOR 2\n")]);
    for e in ["scale<float, 3>", "&ns::fill", "table"] {
        let e = cstr(e);
        // SAFETY: a live program and a NUL-terminated expression.
        assert_eq!(unsafe { (a.AddNameExpression)(p, e.as_ptr()) }, SUCCESS);
    }
    let t = Instant::now();
    let r = compile(p, opts);
    (p, r, t.elapsed().as_secs_f64() * 1e3)
}

fn lowered(p: Prog, expr: &str) -> Result<String, c_int> {
    let e = cstr(expr);
    let mut out: *const c_char = null();
    // SAFETY: a live program, a NUL-terminated expression and a valid out-pointer.
    let r = unsafe { (api().GetLoweredName)(p, e.as_ptr(), &mut out) };
    if r != SUCCESS {
        return Err(r);
    }
    // SAFETY: on success the library returns a NUL-terminated string it keeps alive.
    Ok(unsafe { CStr::from_ptr(out) }
        .to_string_lossy()
        .into_owned())
}

#[test]
fn name_expressions_are_lowered_and_the_cache_is_hit() {
    if !can_compile() {
        return;
    }
    let opts = ["-O2", "-std=c++17", "--offload-arch=gfx942", "-DUNUSED=1"];
    let (p, r, cold_ms) = compile_named(&opts);
    assert_eq!(r, SUCCESS, "log: {}", log(p));
    assert_eq!(
        lowered(p, "scale<float, 3>").as_deref(),
        Ok("_Z5scaleIfLi3EEvPT_i")
    );
    assert_eq!(lowered(p, "&ns::fill").as_deref(), Ok("_ZN2ns4fillEPii"));
    assert_eq!(lowered(p, "table").as_deref(), Ok("table"));
    assert_eq!(
        lowered(p, "scale<float, 4>"),
        Err(NAME_EXPRESSION_NOT_VALID)
    );
    let code1 = code(p);

    // The code object loads, and its kernels are named by the lowered names.
    let object = cpu_engine::CodeObject::parse(&code1).expect("code object");
    let loaded = object.load().expect("load");
    assert!(loaded.kernel("_Z5scaleIfLi3EEvPT_i").is_some());
    assert!(loaded.kernel("_ZN2ns4fillEPii").is_some());
    assert!(loaded.variable("table").is_some());

    // The same program again: from the cache.
    let (q, r, warm_ms) = compile_named(&opts);
    assert_eq!(r, SUCCESS);
    eprintln!("libhiprtc compile: cold {cold_ms:.1} ms, cached {warm_ms:.2} ms");
    assert!(
        warm_ms < 100.0 && warm_ms * 5.0 < cold_ms,
        "cached {warm_ms} ms vs cold {cold_ms} ms"
    );
    assert_eq!(code(q), code1);
    assert_eq!(lowered(q, "&ns::fill").as_deref(), Ok("_ZN2ns4fillEPii"));
    let cache = PathBuf::from(std::env::var_os("FERROCM_CACHE_DIR").expect("set by api()"));
    let entries = std::fs::read_dir(&cache).expect("cache dir").count();
    assert!(entries >= 1, "the cache directory holds the entry");
    // Lowered-name pointers stay valid until destruction; destroying one program leaves the
    // other intact.
    let name = lowered(p, "table").expect("name");
    destroy(p);
    assert_eq!(lowered(q, "table").as_deref(), Ok(name.as_str()));
    destroy(q);
}
