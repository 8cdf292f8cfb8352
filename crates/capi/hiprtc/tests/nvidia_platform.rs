//! `libhiprtc.so` on the NVIDIA platform, chosen through `HIP_PLATFORM=nvidia` (no
//! `libamdhip64.so` is loaded in this process, so the environment decides).
//!
//! One test in its own process (this file), so that setting the environment races with
//! nothing. Without NVRTC (CI, machines without a CUDA toolkit) a compilation must fail
//! cleanly with `HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE` and a log that says why; with NVRTC
//! it must produce a cubin and lowered names.

use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::path::PathBuf;
use std::ptr::{null, null_mut};

type Prog = *mut c_void;

const SUCCESS: c_int = 0;
const INVALID_OPTION: c_int = 5;
const COMPILATION: c_int = 6;
const BUILTIN_OPERATION_FAILURE: c_int = 7;

fn library_path() -> PathBuf {
    let exe = std::env::current_exe().expect("current_exe");
    let deps = exe.parent().expect("deps directory");
    let candidates = [
        deps.join("libhiprtc.so"),
        deps.parent()
            .expect("target directory")
            .join("libhiprtc.so"),
        // scripts/gpu-bundle.sh's layout: rust-tests/ beside lib/.
        deps.parent()
            .expect("bundle directory")
            .join("lib/libhiprtc.so"),
    ];
    candidates
        .iter()
        .find(|p| p.is_file())
        .cloned()
        .unwrap_or_else(|| panic!("libhiprtc.so not found in {candidates:?}"))
}

#[allow(non_snake_case, clippy::type_complexity)]
struct Api {
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
}

// Each transmute's target type is the `Api` field it initialises.
#[allow(clippy::missing_transmute_annotations)]
fn load() -> Api {
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
        CreateProgram: sym!("hiprtcCreateProgram"),
        DestroyProgram: sym!("hiprtcDestroyProgram"),
        CompileProgram: sym!("hiprtcCompileProgram"),
        AddNameExpression: sym!("hiprtcAddNameExpression"),
        GetLoweredName: sym!("hiprtcGetLoweredName"),
        GetProgramLogSize: sym!("hiprtcGetProgramLogSize"),
        GetProgramLog: sym!("hiprtcGetProgramLog"),
        GetCodeSize: sym!("hiprtcGetCodeSize"),
        GetCode: sym!("hiprtcGetCode"),
    }
}

fn cstr(s: &str) -> CString {
    CString::new(s).expect("no NUL")
}

fn create(api: &Api, src: &str, name: &str) -> Prog {
    let (src, name) = (cstr(src), cstr(name));
    let mut prog: Prog = null_mut();
    // SAFETY: valid out-pointer and NUL-terminated strings; no headers.
    let r =
        unsafe { (api.CreateProgram)(&mut prog, src.as_ptr(), name.as_ptr(), 0, null(), null()) };
    assert_eq!(r, SUCCESS);
    prog
}

fn compile(api: &Api, prog: Prog, opts: &[&str]) -> c_int {
    let owned: Vec<CString> = opts.iter().map(|o| cstr(o)).collect();
    let ptrs: Vec<*const c_char> = owned.iter().map(|o| o.as_ptr()).collect();
    // SAFETY: a live program and `ptrs.len()` NUL-terminated options.
    unsafe { (api.CompileProgram)(prog, ptrs.len() as c_int, ptrs.as_ptr()) }
}

fn log(api: &Api, prog: Prog) -> String {
    let mut size = 0usize;
    // SAFETY: a live program; valid out-pointer.
    assert_eq!(unsafe { (api.GetProgramLogSize)(prog, &mut size) }, SUCCESS);
    let mut buf = vec![0 as c_char; size.max(1)];
    // SAFETY: the buffer holds the reported size.
    let r = unsafe { (api.GetProgramLog)(prog, buf.as_mut_ptr()) };
    assert_eq!(r, SUCCESS);
    // SAFETY: hiprtc NUL-terminates the log.
    unsafe { CStr::from_ptr(buf.as_ptr()) }
        .to_string_lossy()
        .into_owned()
}

#[test]
fn hip_platform_nvidia_compiles_with_nvrtc_or_fails_cleanly() {
    // The only test of this process: nothing else reads the environment concurrently.
    std::env::set_var("HIP_PLATFORM", "nvidia");
    let cache = std::env::temp_dir().join(format!("hiprtc-capi-nv-cache-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&cache);
    std::env::set_var("FERROCM_CACHE_DIR", &cache);
    std::env::remove_var("FERROCM_HIPRTC_CACHE");
    assert_eq!(
        hiprtc_core::platform::current(),
        hiprtc_core::Platform::Nvidia
    );
    let api = load();
    let nvrtc = hiprtc_core::nvidia::Nvrtc::get();

    let mut prog = create(
        &api,
        "template <typename T> __global__ void scale(T *x, T f) { x[hipThreadIdx_x] *= f; }\n\
         extern \"C\" __global__ void fill(int *x) { x[threadIdx.x] = __shfl(7, 0); }\n",
        "nv.hip",
    );
    let expr = cstr("scale<float>");
    // SAFETY: a live program; NUL-terminated expression.
    let r = unsafe { (api.AddNameExpression)(prog, expr.as_ptr()) };
    assert_eq!(r, SUCCESS);
    // An option error is reported whatever the compiler.
    assert_eq!(compile(&api, prog, &["-arch=compute_90"]), INVALID_OPTION);
    assert!(
        log(&api, prog).contains("compute_90"),
        "{}",
        log(&api, prog)
    );

    let r = compile(&api, prog, &["-DUNUSED=1"]);
    match nvrtc {
        Err(e) => {
            eprintln!("NVRTC not available ({e}): checking the failure path");
            assert_eq!(r, BUILTIN_OPERATION_FAILURE);
            let l = log(&api, prog);
            assert!(
                l.contains("NVRTC is not available") && l.contains("libnvrtc"),
                "{l}"
            );
            let mut size = 0usize;
            // SAFETY: a live program; valid out-pointer.
            assert_ne!(unsafe { (api.GetCodeSize)(prog, &mut size) }, SUCCESS);
        }
        Ok(_) => {
            assert_eq!(r, SUCCESS, "{}", log(&api, prog));
            let mut size = 0usize;
            // SAFETY: a live program; valid out-pointer.
            assert_eq!(unsafe { (api.GetCodeSize)(prog, &mut size) }, SUCCESS);
            let mut code = vec![0u8; size];
            // SAFETY: the buffer holds the reported size.
            let r = unsafe { (api.GetCode)(prog, code.as_mut_ptr().cast()) };
            assert_eq!(r, SUCCESS);
            assert_eq!(&code[..4], b"\x7fELF");
            let mut low: *const c_char = null();
            // SAFETY: a live, compiled program; valid out-pointer.
            let r = unsafe { (api.GetLoweredName)(prog, expr.as_ptr(), &mut low) };
            assert_eq!(r, SUCCESS);
            // SAFETY: hiprtc returns a NUL-terminated string owned by the program.
            let low = unsafe { CStr::from_ptr(low) }
                .to_string_lossy()
                .into_owned();
            assert!(low.starts_with("_Z") && low.contains("scale"), "{low}");
            // A compile error.
            let mut bad = create(&api, "__global__ void b() { nope(); }", "bad.hip");
            assert_eq!(compile(&api, bad, &[]), COMPILATION);
            assert!(log(&api, bad).contains("nope"), "{}", log(&api, bad));
            // SAFETY: a live program handle.
            assert_eq!(unsafe { (api.DestroyProgram)(&mut bad) }, SUCCESS);
        }
    }
    // SAFETY: a live program handle.
    assert_eq!(unsafe { (api.DestroyProgram)(&mut prog) }, SUCCESS);
    let _ = std::fs::remove_dir_all(&cache);
}
