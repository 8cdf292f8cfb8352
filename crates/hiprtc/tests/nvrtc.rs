//! NVIDIA-platform compilations through the core API: NVRTC behind ferrocm's HIP prelude.
//!
//! These need NVRTC (`libnvrtc.so`, from a CUDA toolkit). Without it (CI, machines without
//! GPUs) each test that compiles prints "skipped: NVRTC not available (...)" and returns,
//! and `nvrtc_unavailable_is_an_error` checks the failure path instead. Loading a cubin
//! additionally needs the CUDA driver and a GPU (else that part is skipped with a message).
//! The prelude's NVRTC safety (no system header under `__CUDACC_RTC__`) is checked with the
//! host compiler everywhere (`prelude_needs_no_system_header`).

use std::ffi::{c_int, c_void, CString};
use std::path::{Path, PathBuf};
use std::process::Command;

use hiprtc_core::cache::Cache;
use hiprtc_core::nvidia::{self, nvrtc, NvidiaToolchain, Nvrtc};
use hiprtc_core::{Error, HiprtcResult, Platform, Program};

/// NVRTC, or `None` after printing why the test is skipped.
fn nvrtc_or_skip() -> Option<&'static Nvrtc> {
    match Nvrtc::get() {
        Ok(n) => Some(n),
        Err(Error::NvrtcUnavailable(why)) => {
            eprintln!("skipped: NVRTC not available ({why})");
            None
        }
        Err(e) => panic!("unexpected error loading NVRTC: {e}"),
    }
}

/// The HIP headers: `$HIP_PATH/include` where set (scripts/gpu-check.sh sets it to the
/// bundle, as the test binary runs away from the tree it was built in), else the
/// repository's.
fn repo_include() -> PathBuf {
    if let Some(p) = std::env::var_os("HIP_PATH").map(|p| PathBuf::from(p).join("include")) {
        if p.is_dir() {
            return p;
        }
    }
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../include")
        .canonicalize()
        .expect("repository include directory")
}

fn toolchain() -> NvidiaToolchain {
    NvidiaToolchain::new(
        repo_include(),
        nvidia::locate_cuda_include(&|k| std::env::var_os(k)),
    )
}

fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "hiprtc-nvrtc-{tag}-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0)
    ));
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// ELF magic and `e_machine == EM_CUDA` (190).
fn assert_cubin(code: &[u8]) {
    assert!(code.len() > 64, "cubin of {} bytes", code.len());
    assert_eq!(&code[..4], b"\x7fELF", "not an ELF file");
    assert_eq!(
        u16::from_le_bytes([code[18], code[19]]),
        190,
        "e_machine is not EM_CUDA"
    );
}

const SOURCE: &str = r#"
#include "embedded.h"
namespace ns { __device__ int counter; }
extern "C" __global__ void plain(int *out, int n) {
  int i = hipBlockIdx_x * hipBlockDim_x + hipThreadIdx_x;
  if (i < n) out[i] = i * FACTOR + EMBEDDED_VALUE + __shfl(i, 0) + (int)(__ballot(1) & 1u);
}
template <typename T> __global__ void tmpl(T *out, T v) { out[threadIdx.x] = v * (T)FACTOR; }
"#;

fn program() -> Program {
    let mut p = Program::new(
        SOURCE.as_bytes(),
        Some("rtc_kernel.hip"),
        vec![(
            "embedded.h".to_owned(),
            b"#define EMBEDDED_VALUE 1000\n".to_vec(),
        )],
    )
    .expect("program");
    p.add_name_expression("tmpl<int>").expect("add");
    p.add_name_expression("&ns::counter").expect("add");
    p
}

#[test]
fn nvrtc_unavailable_is_an_error() {
    if Nvrtc::get().is_ok() {
        eprintln!("NVRTC is available: the unavailable path is not exercised on this machine");
        return;
    }
    let mut p = program();
    for _ in 0..2 {
        let e = p
            .compile_nvidia(&strings(&["-DFACTOR=3"]), &toolchain(), &Cache::disabled())
            .expect_err("no NVRTC");
        assert!(matches!(e, Error::NvrtcUnavailable(_)), "{e:?}");
        assert_eq!(e.result(), HiprtcResult::BuiltinOperationFailure);
        assert!(p.log().contains("NVRTC is not available"), "{}", p.log());
        assert!(p.log().contains("libnvrtc"), "{}", p.log());
        assert_eq!(
            p.code().expect_err("no code").result(),
            HiprtcResult::InvalidProgram
        );
    }
    // Option errors are reported before NVRTC is needed.
    let e = p
        .compile_nvidia(
            &strings(&["-arch=compute_90"]),
            &toolchain(),
            &Cache::disabled(),
        )
        .expect_err("bad arch");
    assert_eq!(e.result(), HiprtcResult::InvalidOption);
    assert!(p.log().contains("compute_90"), "{}", p.log());
}

#[test]
fn compiles_a_cubin_with_lowered_names() {
    let Some(nv) = nvrtc_or_skip() else { return };
    eprintln!("NVRTC {:?}", nv.version());
    let mut p = program();
    let report = p
        .compile_nvidia(
            &strings(&["-DFACTOR=3", "--offload-arch=sm_80"]),
            &toolchain(),
            &Cache::disabled(),
        )
        .unwrap_or_else(|e| panic!("compile: {e}\n{}", p.log()));
    assert!(!report.cache_hit);
    assert_eq!(report.platform, Platform::Nvidia);
    assert_eq!(p.target(), Some("sm_80"));
    assert_cubin(p.code().expect("code"));
    let t = p
        .lowered_name("tmpl<int>")
        .expect("lowered")
        .to_string_lossy();
    assert!(t.starts_with("_Z") && t.contains("tmpl"), "{t}");
    let c = p
        .lowered_name("&ns::counter")
        .expect("lowered")
        .to_string_lossy();
    assert!(c.starts_with("_ZN2ns7counter"), "{c}");
    assert_eq!(
        p.lowered_name("other<int>")
            .expect_err("not added")
            .result(),
        HiprtcResult::NameExpressionNotValid
    );

    // Without an architecture: the current device's (or sm_90); the cubin loads there.
    let mut p = program();
    p.compile_nvidia(&strings(&["-DFACTOR=3"]), &toolchain(), &Cache::disabled())
        .unwrap_or_else(|e| panic!("compile: {e}\n{}", p.log()));
    let code = p.code().expect("code").to_vec();
    assert_cubin(&code);
    let lowered = p
        .lowered_name("tmpl<int>")
        .expect("lowered")
        .to_string_lossy()
        .into_owned();
    load_on_device(&code, &["plain", &lowered]);
}

/// Loads `cubin` with `cuModuleLoadData` (what `hipModuleLoadData` does on NVIDIA) and looks
/// the functions up, when a driver and a GPU are present.
fn load_on_device(cubin: &[u8], functions: &[&str]) {
    use cudarc::driver::sys as cu;
    let ok = |r: cu::CUresult| r == cu::CUresult::CUDA_SUCCESS;
    // SAFETY: only tries to dlopen libcuda.
    if !unsafe { cu::is_culib_present() } {
        eprintln!("skipped loading the cubin: no CUDA driver");
        return;
    }
    let mut count: c_int = 0;
    // SAFETY: the library opens; cuInit and cuDeviceGetCount take plain arguments.
    if !unsafe { ok(cu::cuInit(0)) && ok(cu::cuDeviceGetCount(&mut count)) } || count == 0 {
        eprintln!("skipped loading the cubin: no CUDA device");
        return;
    }
    let mut dev: cu::CUdevice = 0;
    let mut ctx: cu::CUcontext = std::ptr::null_mut();
    // SAFETY: device 0 exists; out-parameters are valid; this test process owns its context.
    unsafe {
        assert!(ok(cu::cuDeviceGet(&mut dev, 0)));
        assert!(ok(cu::cuDevicePrimaryCtxRetain(&mut ctx, dev)));
        assert!(ok(cu::cuCtxSetCurrent(ctx)));
    }
    let mut module: cu::CUmodule = std::ptr::null_mut();
    // SAFETY: `cubin` is a complete image that outlives the call; a context is current.
    let r = unsafe { cu::cuModuleLoadData(&mut module, cubin.as_ptr().cast::<c_void>()) };
    assert!(ok(r), "cuModuleLoadData: {r:?}");
    for f in functions {
        let name = CString::new(*f).expect("name");
        let mut func: cu::CUfunction = std::ptr::null_mut();
        // SAFETY: live module; NUL-terminated name; valid out-parameter.
        let r = unsafe { cu::cuModuleGetFunction(&mut func, module, name.as_ptr()) };
        assert!(ok(r), "cuModuleGetFunction({f}): {r:?}");
    }
    // SAFETY: the module was loaded above and is not used afterwards.
    assert!(ok(unsafe { cu::cuModuleUnload(module) }));
}

#[test]
fn compile_errors_are_in_the_log() {
    let Some(_) = nvrtc_or_skip() else { return };
    let mut p = Program::new(
        b"extern \"C\" __global__ void broken(int *p) { p[0] = undeclared_thing; }",
        Some("broken.hip"),
        vec![],
    )
    .expect("program");
    let e = p
        .compile_nvidia(&[], &toolchain(), &Cache::disabled())
        .expect_err("broken");
    assert_eq!(e.result(), HiprtcResult::Compilation);
    assert!(p.log().contains("undeclared_thing"), "{}", p.log());
    // The #line directive makes diagnostics name the program's own line 1.
    assert!(p.log().contains("broken.hip"), "{}", p.log());
    assert_eq!(
        p.code().expect_err("failed").result(),
        HiprtcResult::InvalidProgram
    );
}

#[test]
fn amd_architectures_are_ignored_with_a_warning() {
    let Some(_) = nvrtc_or_skip() else { return };
    let mut p = Program::new(
        b"#include <hip/hip_runtime.h>\n__global__ void k(float *x) { atomicMax(x, 1.0f); }\n",
        None,
        vec![],
    )
    .expect("program");
    p.compile_nvidia(
        &strings(&["--offload-arch=gfx90a", "-O3", "-std=c++20"]),
        &toolchain(),
        &Cache::disabled(),
    )
    .unwrap_or_else(|e| panic!("compile: {e}\n{}", p.log()));
    assert_cubin(p.code().expect("code"));
    assert!(
        p.log().contains("ignoring AMD GPU architecture 'gfx90a'"),
        "{}",
        p.log()
    );
}

#[test]
fn second_compile_hits_the_cache() {
    let Some(_) = nvrtc_or_skip() else { return };
    let dir = temp_dir("cache");
    let inc = dir.join("inc");
    std::fs::create_dir_all(&inc).expect("mkdir");
    std::fs::write(inc.join("helper.h"), "#define HELPER 7\n").expect("write");
    let cache = Cache::in_dir(dir.join("cache"));
    let opts = strings(&["-DFACTOR=3", &format!("-I{}", inc.display())]);
    let source = format!("#include \"helper.h\"\n{SOURCE}\n__device__ int h = HELPER;\n");
    let make = || {
        let mut p = Program::new(
            source.as_bytes(),
            Some("rtc_kernel.hip"),
            vec![(
                "embedded.h".to_owned(),
                b"#define EMBEDDED_VALUE 1000\n".to_vec(),
            )],
        )
        .expect("program");
        p.add_name_expression("tmpl<int>").expect("add");
        p
    };
    let mut first = make();
    let r1 = first
        .compile_nvidia(&opts, &toolchain(), &cache)
        .unwrap_or_else(|e| panic!("compile: {e}\n{}", first.log()));
    assert!(!r1.cache_hit);
    let calls = nvrtc::compile_calls();
    let mut second = make();
    let r2 = second
        .compile_nvidia(&opts, &toolchain(), &cache)
        .expect("cached compile");
    assert!(r2.cache_hit, "the second compilation was not a cache hit");
    assert_eq!(nvrtc::compile_calls(), calls, "NVRTC ran on a cache hit");
    assert_eq!(first.code().expect("code"), second.code().expect("code"));
    assert_eq!(
        first.lowered_name("tmpl<int>").expect("lowered"),
        second.lowered_name("tmpl<int>").expect("lowered")
    );
    eprintln!("first compile {:?}, second {:?}", r1.duration, r2.duration);
    // Other options, another key.
    let mut third = make();
    let r3 = third
        .compile_nvidia(
            &strings(&["-DFACTOR=4", &format!("-I{}", inc.display())]),
            &toolchain(),
            &cache,
        )
        .expect("compile");
    assert!(!r3.cache_hit);
    // A header found through -I changed: the entry is stale.
    std::thread::sleep(std::time::Duration::from_millis(10));
    std::fs::write(inc.join("helper.h"), "#define HELPER 8 /* changed */\n").expect("write");
    let mut fourth = make();
    let r4 = fourth
        .compile_nvidia(&opts, &toolchain(), &cache)
        .expect("compile");
    assert!(
        !r4.cache_hit,
        "a changed header did not invalidate the entry"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// NVRTC's predefined device environment, reduced to what ferrocm's prelude uses, for
/// checking the prelude with the host compiler.
const FAKE_NVRTC: &str = r#"
#define __device__ __attribute__((unused))
#define __global__ __attribute__((unused))
#define __host__
#define __shared__ static
#define __forceinline__ inline
struct uint3 { unsigned int x, y, z; };
struct dim3 { unsigned int x, y, z; };
extern const uint3 threadIdx, blockIdx;
extern const dim3 blockDim, gridDim;
extern const int warpSize;
template <class T> T __shfl_sync(unsigned, T, int, int = 32);
template <class T> T __shfl_up_sync(unsigned, T, unsigned, int = 32);
template <class T> T __shfl_down_sync(unsigned, T, unsigned, int = 32);
template <class T> T __shfl_xor_sync(unsigned, T, int, int = 32);
unsigned __activemask();
unsigned __ballot_sync(unsigned, int);
int __any_sync(unsigned, int);
int __all_sync(unsigned, int);
int __ffs(int); int __ffsll(long long); int __popc(unsigned); unsigned __fns(unsigned, unsigned, int);
unsigned atomicCAS(unsigned *, unsigned, unsigned);
unsigned long long atomicCAS(unsigned long long *, unsigned long long, unsigned long long);
int atomicAdd(int *, int); float atomicAdd(float *, float);
float __uint_as_float(unsigned); unsigned __float_as_uint(float);
double __longlong_as_double(long long); long long __double_as_longlong(double);
long clock(); long long clock64(); void __syncthreads(); void __trap();
"#;

const PRELUDE_USER: &str = r#"
extern "C" __global__ void k(int *out, float *f, unsigned long long *m) {
  int i = hipBlockIdx_x * hipBlockDim_x + hipThreadIdx_x;
  out[i] = __shfl(i, 0) + __shfl_up(i, 1) + __shfl_down(i, 1) + __shfl_xor(i, 1) + (int)__lane_id();
  m[i] = __ballot(i & 1) + __any(i) + __all(i) + wall_clock64() + __bitextract_u64(m[i], 1, 2);
  atomicMax(f, 1.0f);
  unsafeAtomicAdd(out, 1);
  uint64_t a = 1; uint32_t b = 2; int8_t c = 3; (void)a; (void)b; (void)c;
}
#if !defined(__HIP_PLATFORM_NVIDIA__) || !defined(__HIPCC_RTC__) || !defined(__HIP_DEVICE_COMPILE__)
#error "the NVIDIA platform macros are missing"
#endif
#if defined(__HIP_PLATFORM_CPU__)
#error "the CPU platform was selected"
#endif
#if defined(__dparm) || defined(hipStreamPerThread)
#error "the host API was declared"
#endif
"#;

#[test]
fn prelude_needs_no_system_header() {
    // NVRTC cannot read system headers: under __CUDACC_RTC__ the prelude must not include
    // any. The host compiler with -nostdinc and a stand-in for NVRTC's predefined device
    // environment checks that (and that the HIP spellings parse), without CUDA.
    let cxx = std::env::var_os("CXX").unwrap_or_else(|| "g++".into());
    let dir = temp_dir("prelude");
    std::fs::write(dir.join("fake_nvrtc.h"), FAKE_NVRTC).expect("write");
    // Compiled the way hiprtc compiles: the prelude first, then the source.
    let src = nvidia::prelude_source(PRELUDE_USER.as_bytes(), "k.hip", &[]);
    std::fs::write(dir.join("k.cpp"), src).expect("write");
    let run = |explicit_macros: bool| {
        let mut c = Command::new(&cxx);
        c.current_dir(&dir).args([
            "-fsyntax-only",
            "-nostdinc",
            "-x",
            "c++",
            "-std=c++17",
            "-D__CUDACC_RTC__",
            "-D__CUDACC__",
            "-D__CUDA_ARCH__=900",
            "-include",
            "fake_nvrtc.h",
        ]);
        if explicit_macros {
            c.args(nvidia::PLATFORM_MACROS.iter().map(|m| format!("-D{m}")));
        }
        c.arg(format!("-I{}", repo_include().display()))
            .arg("k.cpp");
        c.output()
    };
    for explicit in [true, false] {
        match run(explicit) {
            Err(e) => {
                eprintln!("skipped: cannot run {cxx:?}: {e}");
                return;
            }
            Ok(out) => assert!(
                out.status.success(),
                "the prelude does not compile without system headers:\n{}",
                String::from_utf8_lossy(&out.stderr)
            ),
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
