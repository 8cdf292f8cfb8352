//! End-to-end compilations through the core API with the real `hipcc`.
//!
//! These need a built `hipcc` (`cargo build -p ferrocm-hipcc`, found next to the test's
//! target directory, or `$FERROCM_HIPCC`) and the HIP headers. When `hipcc --genco` cannot
//! compile a trivial kernel, the tests print why and skip; once it can, they assert.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use hiprtc_core::cache::Cache;
use hiprtc_core::{Error, HiprtcResult, Program};

/// `$FERROCM_HIPCC`, else `hipcc` in the target directory this test was built in.
fn hipcc_path() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("FERROCM_HIPCC") {
        return Some(PathBuf::from(p));
    }
    let exe = std::env::current_exe().ok()?;
    // target/<profile>/deps/<test> → target/<profile>/hipcc
    let p = exe.parent()?.parent()?.join("hipcc");
    p.is_file().then_some(p)
}

/// The hipcc to use, if `hipcc --genco` works (checked once).
fn hipcc() -> Option<PathBuf> {
    static PROBE: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    let r = PROBE.get_or_init(|| {
        let path = hipcc_path().ok_or_else(|| {
            "hipcc not built (cargo build -p ferrocm-hipcc) and FERROCM_HIPCC not set".to_owned()
        })?;
        let mut p = Program::new(b"__global__ void probe(int *p) { *p = 1; }\n", None, vec![])
            .map_err(|e| e.to_string())?;
        match p.compile(&[], Ok(path.clone()), &Cache::disabled()) {
            Ok(_) => Ok(path),
            Err(e) => Err(format!("hipcc --genco does not work yet: {e}: {}", p.log())),
        }
    });
    match r {
        Ok(p) => Some(p.clone()),
        Err(why) => {
            eprintln!("SKIPPED: {why}");
            None
        }
    }
}

fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "hiprtc-test-{tag}-{}-{:?}",
        std::process::id(),
        std::time::Instant::now()
    ));
    let d = PathBuf::from(d.to_string_lossy().replace(
        |c: char| !c.is_ascii_alphanumeric() && c != '/' && c != '-',
        "_",
    ));
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

const KERNELS: &str = r#"
#include "config.h"
template <class T, int N> __global__ void my_kernel(T *x) { x[threadIdx.x] *= N; }
namespace ns {
__global__ void k(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] += ADDEND + EXTRA;
}
}
__device__ int dev_var = 5;
"#;

fn kernels_program() -> Program {
    let mut p = Program::new(
        KERNELS.as_bytes(),
        Some("kernels.hip"),
        vec![("config.h".into(), b"#define ADDEND 1.0f\n".to_vec())],
    )
    .expect("program");
    for e in ["my_kernel<float, 4>", "&ns::k", "&dev_var"] {
        p.add_name_expression(e).expect("name expression");
    }
    p
}

#[test]
fn compiles_lowers_names_loads_and_runs() {
    let Some(hipcc) = hipcc() else { return };
    let mut p = kernels_program();
    let report = p
        .compile(
            &["-DEXTRA=2.0f".into(), "--offload-arch=gfx90a".into()],
            Ok(hipcc),
            &Cache::disabled(),
        )
        .unwrap_or_else(|e| panic!("compile: {e}\n{}", p.log()));
    assert!(!report.cache_hit);
    let lowered = |e: &str| -> String {
        p.lowered_name(e)
            .unwrap_or_else(|err| panic!("{e}: {err}"))
            .to_str()
            .expect("utf-8")
            .to_owned()
    };
    assert_eq!(lowered("my_kernel<float, 4>"), "_Z9my_kernelIfLi4EEvPT_");
    assert_eq!(lowered("&ns::k"), "_ZN2ns1kEPfi");
    assert_eq!(lowered(" &ns::k "), "_ZN2ns1kEPfi");
    assert_eq!(lowered("&dev_var"), "dev_var");
    assert_eq!(
        p.lowered_name("ns::k").expect_err("not added").result(),
        HiprtcResult::NameExpressionNotValid
    );

    // The code object is what the loader accepts, and names its kernels by the lowered names.
    let code = p.code().expect("code").to_vec();
    let object = cpu_engine::CodeObject::parse(&code).expect("parse code object");
    let loaded = object.load().expect("load code object");
    let names: Vec<&str> = loaded.kernels().iter().map(|k| k.name()).collect();
    assert!(names.contains(&"_Z9my_kernelIfLi4EEvPT_"), "{names:?}");
    assert!(names.contains(&"_ZN2ns1kEPfi"), "{names:?}");
    assert!(loaded.variable("dev_var").is_some());

    // Run ns::k(a, n).
    let kernel = loaded.kernel("_ZN2ns1kEPfi").expect("kernel").kernel();
    let mut a = vec![1.0f32; 100];
    #[repr(C)]
    struct Args {
        a: *mut f32,
        n: i32,
    }
    let args = Args {
        a: a.as_mut_ptr(),
        n: 100,
    };
    cpu_engine::Engine::global()
        .run(&cpu_engine::Dispatch {
            kernel: &kernel,
            dimensions: 1,
            workgroup_size: [32, 1, 1],
            grid_size: [128, 1, 1],
            group_segment_size: 0,
            private_segment_size: 0,
            kernarg: &args as *const Args as *const std::ffi::c_void,
        })
        .expect("dispatch");
    assert!(a.iter().all(|&x| x == 4.0), "{:?}", &a[..4]);
}

#[test]
fn syntax_errors_are_in_the_log() {
    let Some(hipcc) = hipcc() else { return };
    let mut p = Program::new(
        b"__global__ void k(int *p) {\n  *p = 1 +;\n}\n",
        Some("broken.hip"),
        vec![],
    )
    .expect("program");
    let e = p
        .compile(&[], Ok(hipcc), &Cache::disabled())
        .expect_err("must fail");
    assert_eq!(e.result(), HiprtcResult::Compilation);
    assert!(p.log().contains("broken.hip:2"), "log: {}", p.log());
    assert!(p.log().contains("error"), "log: {}", p.log());
    assert_eq!(
        p.code().expect_err("no code").result(),
        HiprtcResult::InvalidProgram
    );
    assert_eq!(
        p.lowered_name("k").expect_err("no names").result(),
        HiprtcResult::NoLoweredNamesBeforeCompilation
    );
}

#[test]
fn invalid_name_expressions_fail_to_compile() {
    let Some(hipcc) = hipcc() else { return };
    let mut p =
        Program::new(b"__global__ void k(int *p) { *p = 1; }\n", None, vec![]).expect("program");
    p.add_name_expression("&no_such_kernel").expect("add");
    let e = p
        .compile(&[], Ok(hipcc), &Cache::disabled())
        .expect_err("must fail");
    assert!(matches!(e, Error::Compilation));
    assert!(p.log().contains("no_such_kernel"), "log: {}", p.log());
}

fn compile_cached(cache: &Cache, hipcc: &Path, opts: &[String]) -> (Program, bool, f64) {
    let mut p = kernels_program();
    let r = p
        .compile(opts, Ok(hipcc.to_path_buf()), cache)
        .unwrap_or_else(|e| panic!("compile: {e}\n{}", p.log()));
    (p, r.cache_hit, r.duration.as_secs_f64() * 1e3)
}

#[test]
fn second_compile_hits_the_cache() {
    let Some(hipcc) = hipcc() else { return };
    let dir = temp_dir("cache");
    let cache = Cache::in_dir(dir.join("cache"));
    let inc = dir.join("inc");
    std::fs::create_dir_all(&inc).expect("inc");
    std::fs::write(inc.join("extra.h"), "#define EXTRA 2.0f\n").expect("write");
    let opts = vec![
        format!("-I{}", inc.display()),
        "-include".into(),
        "extra.h".into(),
    ];

    let (cold, hit, cold_ms) = compile_cached(&cache, &hipcc, &opts);
    assert!(!hit, "first compile cannot hit");
    let (warm, hit, warm_ms) = compile_cached(&cache, &hipcc, &opts);
    assert!(hit, "second compile must hit the cache");
    eprintln!("hiprtc compile: cold {cold_ms:.1} ms, cached {warm_ms:.2} ms");
    assert!(warm_ms < 100.0, "a cached compile took {warm_ms} ms");
    assert_eq!(cold.code().expect("code"), warm.code().expect("code"));
    assert_eq!(
        warm.lowered_name("&ns::k").expect("name").to_str(),
        Ok("_ZN2ns1kEPfi")
    );
    assert_eq!(cold.log(), warm.log());

    // Different options: a miss.
    let mut other = opts.clone();
    other.push("-O1".into());
    let (_, hit, _) = compile_cached(&cache, &hipcc, &other);
    assert!(!hit);

    // A header found through -I changed: the entry is stale.
    std::thread::sleep(std::time::Duration::from_millis(20));
    std::fs::write(inc.join("extra.h"), "#define EXTRA 3.0f\n").expect("write");
    let (_, hit, _) = compile_cached(&cache, &hipcc, &opts);
    assert!(!hit, "a changed dependency must be recompiled");
    let (_, hit, _) = compile_cached(&cache, &hipcc, &opts);
    assert!(hit);

    // Corrupt entries are ignored and replaced.
    for e in std::fs::read_dir(dir.join("cache")).expect("cache dir") {
        let path = e.expect("entry").path();
        let mut bytes = std::fs::read(&path).expect("read");
        let mid = bytes.len() / 2;
        bytes[mid] ^= 0xff;
        std::fs::write(&path, bytes).expect("write");
    }
    let (_, hit, _) = compile_cached(&cache, &hipcc, &opts);
    assert!(!hit, "a corrupt entry must not be used");
    let (p, hit, _) = compile_cached(&cache, &hipcc, &opts);
    assert!(hit, "the corrupt entry must have been replaced");
    cpu_engine::CodeObject::parse(p.code().expect("code")).expect("valid code object");
    let _ = std::fs::remove_dir_all(&dir);
}
