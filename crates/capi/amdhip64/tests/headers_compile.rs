//! Compiles and runs the C/C++ header tests in tests/headers/ with the C++ compiler on
//! PATH (`c++`), against a mock of the runtime's private entry points
//! (tests/headers/mock_runtime.cpp), so they do not need libamdhip64.so.
//! Skipped, with a message, when no C++ compiler is installed.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../..")
        .canonicalize()
        .expect("repository root")
}

fn include_dir() -> PathBuf {
    repo_root().join("include")
}

fn src(name: &str) -> PathBuf {
    repo_root().join("tests/headers").join(name)
}

/// A scratch directory per test, removed when the test passes.
struct Scratch(PathBuf);
impl Scratch {
    fn new(test: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("ferrocm-headers-{}-{}", std::process::id(), test));
        std::fs::create_dir_all(&dir).expect("scratch directory");
        Scratch(dir)
    }
    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}
impl Drop for Scratch {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

fn have_cxx() -> bool {
    match Command::new("c++").arg("--version").output() {
        Ok(o) if o.status.success() => true,
        _ => {
            eprintln!("headers_compile: no C++ compiler (`c++`) on PATH; skipping");
            false
        }
    }
}

fn show(o: &Output) -> String {
    format!(
        "status {:?}\n--- stdout\n{}\n--- stderr\n{}",
        o.status,
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// Runs `c++ -I include <args>` and asserts success.
fn cxx(args: &[&str]) {
    let inc = include_dir();
    let o = Command::new("c++")
        .arg("-I")
        .arg(&inc)
        .args(args)
        .output()
        .expect("run c++");
    assert!(o.status.success(), "c++ {:?} failed:\n{}", args, show(&o));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(
        !stderr.contains("warning"),
        "c++ {:?} warned:\n{}",
        args,
        stderr
    );
}

/// Runs `c++ -I include <args>`, expecting failure with `message` in the diagnostics.
fn cxx_fails(args: &[&str], message: &str) {
    let o = Command::new("c++")
        .arg("-I")
        .arg(include_dir())
        .args(args)
        .output()
        .expect("run c++");
    assert!(!o.status.success(), "c++ {:?} should have failed", args);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(
        stderr.contains(message),
        "expected {message:?} in diagnostics of {:?}:\n{}",
        args,
        stderr
    );
}

fn run(program: &Path, args: &[&str], expect: &str) -> String {
    let o = Command::new(program)
        .args(args)
        .output()
        .expect("run test program");
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(
        o.status.success() && out.contains(expect),
        "{} failed:\n{}",
        program.display(),
        show(&o)
    );
    out
}

fn p(path: &Path) -> &str {
    path.to_str().expect("utf-8 path")
}

#[test]
fn headers_compile_as_c11_with_hip_layouts() {
    if !have_cxx() {
        return;
    }
    let s = Scratch::new("c");
    let exe = s.path("c_headers");
    let c = src("c_headers.c");
    cxx(&[
        "-x",
        "c",
        "-std=c11",
        "-Wall",
        "-Wextra",
        "-pedantic",
        "-Werror",
        p(&c),
        "-o",
        p(&exe),
    ]);
    let out = run(&exe, &[], "sizeof(hipDeviceProp_t)");
    for line in [
        "sizeof(hipDeviceProp_t) 1472",
        "hipDeviceProp_t.totalGlobalMem 288",
        "hipDeviceProp_t.gcnArchName 1160",
        "hipDeviceProp_t.asicRevision 1468",
        "sizeof(hipFuncAttributes) 56",
        "hipFuncAttributes.sharedSizeBytes 48",
        "sizeof(hipPointerAttribute_t) 32",
        "hipPointerAttribute_t.allocationFlags 28",
    ] {
        assert!(out.contains(line), "missing {line:?} in:\n{out}");
    }
}

#[test]
fn host_api_compiles_as_cxx11_to_cxx20() {
    if !have_cxx() {
        return;
    }
    let host = src("cxx_host.cpp");
    for std in ["-std=c++11", "-std=c++14", "-std=c++17", "-std=c++20"] {
        cxx(&[
            std,
            "-Wall",
            "-Wextra",
            "-pedantic",
            "-Werror",
            "-fsyntax-only",
            p(&host),
        ]);
    }
}

#[test]
fn device_language_runs_on_the_host_cxx17_and_cxx20() {
    if !have_cxx() {
        return;
    }
    let s = Scratch::new("device");
    let f = src("device_features.cpp");
    for std in ["c++17", "c++20"] {
        let exe = s.path(&format!("device_features_{std}"));
        let flag = format!("-std={std}");
        cxx(&[
            &flag,
            "-O1",
            "-Wall",
            "-Wextra",
            "-pedantic",
            "-Werror",
            p(&f),
            "-o",
            p(&exe),
        ]);
        run(&exe, &[], "device_features: OK");
    }
}

#[test]
fn launches_through_the_mock_runtime() {
    if !have_cxx() {
        return;
    }
    let s = Scratch::new("launch");
    let exe = s.path("launch_test");
    let (t, m) = (src("launch_test.cpp"), src("mock_runtime.cpp"));
    cxx(&[
        "-std=c++17",
        "-O2",
        "-Wall",
        "-Wextra",
        "-Werror",
        p(&t),
        p(&m),
        "-pthread",
        "-o",
        p(&exe),
    ]);
    let out = run(&exe, &[], "launch_test: OK");
    assert!(
        out.contains("offsets 0 8 16 32 48, explicit_size 64"),
        "{out}"
    );
}

#[test]
fn code_object_mode_exports_a_kernel_table() {
    if !have_cxx() {
        return;
    }
    let s = Scratch::new("codeobj");
    let so = s.path("kernels.so");
    let loader = s.path("loader");
    let (co, table, ld) = (
        src("code_object.cpp"),
        src("code_object_table.cpp"),
        src("code_object_loader.cpp"),
    );
    cxx(&[
        "-std=c++17",
        "-O2",
        "-Wall",
        "-Wextra",
        "-Werror",
        "-fPIC",
        "-shared",
        "-D__FERROCM_CODE_OBJECT__",
        p(&co),
        p(&table),
        "-o",
        p(&so),
    ]);
    cxx(&[
        "-std=c++17",
        "-Wall",
        "-Wextra",
        "-Werror",
        p(&ld),
        "-ldl",
        "-o",
        p(&loader),
    ]);
    run(&loader, &[p(&so)], "code_object: OK");
    // Only the kernels, the variable and the table are exported.
    if let Ok(o) = Command::new("nm")
        .args(["-D", "--defined-only", p(&so)])
        .output()
    {
        let syms = String::from_utf8_lossy(&o.stdout);
        for name in [
            "vscale",
            "_ZN2ns4fillEPii",
            "dev_value",
            "ferrocm_code_object_kernels",
        ] {
            assert!(
                syms.lines().any(|l| l.ends_with(&format!(" {name}"))),
                "{name} not exported:\n{syms}"
            );
        }
        assert!(
            !syms.contains("hip_impl"),
            "implementation symbols exported:\n{syms}"
        );
    }
}

#[test]
fn misuse_is_a_clear_compile_error() {
    if !have_cxx() {
        return;
    }
    let s = Scratch::new("errors");
    let cases: [(&str, &str, &str); 4] = [
        (
            "nontrivial.cpp",
            "#include <hip/hip_runtime.h>\n#include <string>\n__global__ void k(std::string) {}\n\
             void f() { hipLaunchKernelGGL(k, 1, 1, 0, 0, std::string()); }\n",
            "trivially copyable",
        ),
        (
            "mask.cpp",
            "#include <hip/hip_runtime.h>\n__global__ void k(int *p) { p[0] = __shfl_sync(0xffffffffu, p[0], 0); }\n",
            "64-bit",
        ),
        (
            "amd_and_nvidia.cpp",
            "#define __HIP_PLATFORM_AMD__\n#define __HIP_PLATFORM_NVIDIA__\n#include <hip/hip_runtime.h>\n",
            "mutually exclusive",
        ),
        (
            "cxx14.cpp",
            "#include <hip/hip_runtime.h>\n__global__ void k() {}\nvoid f() { hipLaunchKernelGGL(k, 1, 1, 0, 0); }\n",
            "need C++17",
        ),
    ];
    for (name, text, message) in cases {
        let file = s.path(name);
        std::fs::write(&file, text).expect("write test source");
        let std = if name == "cxx14.cpp" {
            "-std=c++14"
        } else {
            "-std=c++17"
        };
        cxx_fails(&[std, "-fsyntax-only", p(&file)], message);
    }
}

/// tests/headers/abi_rocm63.cpp: every structure layout, enumerator, numeric macro and
/// function type of ROCm 6.3's HIP runtime API (expected values derived from the API
/// digest, not from these headers), compiled and run as C11, C++11 and C++17.
#[test]
fn abi_matches_rocm_6_3() {
    if !have_cxx() {
        return;
    }
    let s = Scratch::new("abi");
    let file = src("abi_rocm63.cpp");
    for (lang, std) in [
        ("c", "-std=c11"),
        ("c++", "-std=c++11"),
        ("c++", "-std=c++17"),
    ] {
        let exe = s.path(&format!("abi_{}", std.trim_start_matches("-std=")));
        cxx(&[
            "-x",
            lang,
            std,
            "-Wall",
            "-Wextra",
            "-pedantic",
            "-Werror",
            p(&file),
            "-x",
            "none",
            "-o",
            p(&exe),
        ]);
        let out = run(&exe, &[], "abi_rocm63: OK");
        assert!(out.contains("426 functions"), "{out}");
    }
}

/// Every public header compiles on its own, warning-free, as C11 and as C++11 to C++20.
#[test]
fn each_header_compiles_alone_in_c_and_cxx() {
    if !have_cxx() {
        return;
    }
    let s = Scratch::new("alone");
    let c_headers = [
        "hip_runtime_api.h",
        "hip_runtime_pt_api.h",
        "hip_runtime.h",
        "hip_ext.h",
        "driver_types.h",
        "texture_types.h",
        "hip_texture_types.h",
        "surface_types.h",
        "channel_descriptor.h",
        "hip_complex.h",
        "hip_bf16.h",
        "math_functions.h",
        "device_functions.h",
    ];
    for header in c_headers {
        let stem = header.trim_end_matches(".h");
        let c = s.path(&format!("{stem}.c"));
        std::fs::write(
            &c,
            format!("#include <hip/{header}>\nint main(void) {{ return 0; }}\n"),
        )
        .expect("write test source");
        cxx(&[
            "-x",
            "c",
            "-std=c11",
            "-Wall",
            "-Wextra",
            "-pedantic",
            "-Werror",
            "-fsyntax-only",
            p(&c),
        ]);
        let cpp = s.path(&format!("{stem}.cpp"));
        std::fs::write(
            &cpp,
            format!("#include <hip/{header}>\nint main() {{ return 0; }}\n"),
        )
        .expect("write test source");
        for std in ["-std=c++11", "-std=c++14", "-std=c++17", "-std=c++20"] {
            cxx(&[
                std,
                "-Wall",
                "-Wextra",
                "-pedantic",
                "-Werror",
                "-fsyntax-only",
                p(&cpp),
            ]);
        }
    }
}

/// The `hip/amd_detail/` headers that AMD-flavoured programs include directly compile alone
/// (C++17: they bring the device language), with the AMD branch's macros defined.
#[test]
fn amd_detail_headers_compile_alone() {
    if !have_cxx() {
        return;
    }
    let s = Scratch::new("amd_detail");
    let dir = include_dir().join("hip/amd_detail");
    let mut headers: Vec<String> = std::fs::read_dir(&dir)
        .expect("include/hip/amd_detail")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".h"))
        .collect();
    headers.sort();
    assert!(headers.len() >= 10, "{headers:?}");
    for header in headers {
        let cpp = s.path(&format!("{}.cpp", header.trim_end_matches(".h")));
        std::fs::write(
            &cpp,
            format!(
                "#include <hip/amd_detail/{header}>\n\
                 #if !defined(__HIP_PLATFORM_AMD__) || !defined(__HIP_PLATFORM_CPU__) || __AMDGCN_WAVEFRONT_SIZE != 64\n\
                 #error \"the CPU platform takes the AMD branch\"\n#endif\n\
                 int main() {{ return 0; }}\n"
            ),
        )
        .expect("write test source");
        cxx(&[
            "-std=c++17",
            "-Wall",
            "-Wextra",
            "-Werror",
            "-fsyntax-only",
            p(&cpp),
        ]);
    }
}

/// HIP 6.3's deprecations and [[nodiscard]] are visible to programs: hipHostMalloc and the
/// context API warn; with FERROCM_HIP_NODISCARD (HIP's [[nodiscard]] hipError_t, opt-in
/// here) an ignored status warns from C++17 on, and a launch statement (hipLaunchKernelGGL,
/// whose status may be ignored as in HIP) does not.
#[test]
fn deprecations_and_nodiscard_are_diagnosed() {
    if !have_cxx() {
        return;
    }
    let s = Scratch::new("diagnostics");
    let cases: [(&str, &str, &str); 3] = [
        (
            "host_malloc.cpp",
            "#include <hip/hip_runtime_api.h>\nhipError_t f(float **p) { return hipHostMalloc(p, 4); }\n",
            "use hipExtHostAlloc instead",
        ),
        (
            "ctx.cpp",
            "#include <hip/hip_runtime_api.h>\nhipError_t f(hipCtx_t *c) { return hipCtxGetCurrent(c); }\n",
            "deprecated",
        ),
        (
            "nodiscard.cpp",
            "#include <hip/hip_runtime_api.h>\nvoid f() { hipDeviceSynchronize(); }\n",
            "nodiscard",
        ),
    ];
    for (name, text, message) in cases {
        let file = s.path(name);
        std::fs::write(&file, text).expect("write test source");
        cxx_fails(
            &[
                "-std=c++17",
                "-DFERROCM_HIP_NODISCARD",
                "-Werror",
                "-fsyntax-only",
                p(&file),
            ],
            message,
        );
    }
    let launch = s.path("launch_statement.cpp");
    std::fs::write(
        &launch,
        "#include <hip/hip_runtime.h>\n__global__ void k(int *p) { p[threadIdx.x] = 1; }\n\
         void f(int *p) { hipLaunchKernelGGL(k, 1, 1, 0, 0, p); (void)hipDeviceSynchronize(); }\n",
    )
    .expect("write test source");
    for nodiscard in ["-DFERROCM_HIP_NODISCARD", "-UFERROCM_HIP_NODISCARD"] {
        cxx(&[
            "-std=c++17",
            nodiscard,
            "-Wall",
            "-Wextra",
            "-Werror",
            "-fsyntax-only",
            p(&launch),
        ]);
    }
}

/// Under nvcc (which pre-includes cuda_runtime.h) the host API must not redefine what CUDA's
/// headers define: dim3, textureReference (and surfaceReference / texture<> before CUDA 12).
/// Without a CUDA toolkit, a stand-in pre-include declares those names the way CUDA does and
/// the headers are compiled as nvcc's host pass would see them (__CUDACC__, NVIDIA platform),
/// for CUDA 13 and CUDA 11. Only the GPU machine's nvcc can confirm it with CUDA's own headers.
#[test]
fn host_api_coexists_with_cuda_names_under_nvcc() {
    if !have_cxx() {
        return;
    }
    let s = Scratch::new("cuda_names");
    std::fs::write(
        s.path("vector_types.h"),
        "#define V(T, N) struct N##1 { T x; }; struct N##2 { T x, y; }; \
         struct N##3 { T x, y, z; }; struct N##4 { T x, y, z, w; };\n\
         V(signed char, char) V(unsigned char, uchar) V(short, short) \
         V(unsigned short, ushort) V(int, int) V(unsigned, uint) V(float, float)\n#undef V\n",
    )
    .expect("write stand-in");
    std::fs::write(s.path("vector_functions.h"), "\n").expect("write stand-in");
    let program = s.path("uses.cpp");
    std::fs::write(
        &program,
        "#include <hip/hip_runtime_api.h>\n#include <hip/hip_texture_types.h>\n\
         #include <hip/surface_types.h>\n\
         textureReference *ref = nullptr;\nhipTexRef texref = ref;\n\
         static_assert(sizeof(textureReference) == 88, \"HIP's textureReference\");\n\
         static_assert(sizeof(surfaceReference) == 8, \"HIP's surfaceReference\");\n\
         hipChannelFormatDesc desc = hipCreateChannelDesc<float4>();\n\
         dim3 grid;\nhipStream_t stream = hipStreamPerThread;\n",
    )
    .expect("write test source");
    for (version, cuda) in [
        ("13000", "struct textureReference { int cuda; };"),
        (
            "11080",
            "struct textureReference { int cuda; }; struct surfaceReference { int cuda; };\n\
             template <class T, int dim, int mode> struct texture : textureReference {};",
        ),
    ] {
        let pre = s.path(&format!("cuda_runtime_{version}.h"));
        std::fs::write(
            &pre,
            format!(
                "#define CUDART_VERSION {version}\nstruct dim3 {{ unsigned x, y, z; }};\n\
                 typedef struct dim3 dim3;\nstruct CUstream_st;\n{cuda}\n"
            ),
        )
        .expect("write stand-in");
        for std in ["-std=c++11", "-std=c++17"] {
            cxx(&[
                std,
                "-Wall",
                "-Wextra",
                "-Werror",
                "-fsyntax-only",
                "-D__HIP_PLATFORM_NVIDIA__",
                "-D__CUDACC__",
                "-D__NVCC__",
                "-I",
                p(&s.0),
                "-include",
                p(&pre),
                p(&program),
            ]);
        }
    }
}

/// tests/headers/per_thread_api.c: every X_spt of hip_runtime_pt_api.h has X's type, and with
/// HIP_API_PER_THREAD_DEFAULT_STREAM the program's calls to X reference X_spt (read with `nm`
/// when it is installed).
#[test]
fn per_thread_variants_have_their_base_types_and_take_over_the_names() {
    if !have_cxx() {
        return;
    }
    let s = Scratch::new("per_thread");
    let file = src("per_thread_api.c");
    for (define, object) in [
        ("-UHIP_API_PER_THREAD_DEFAULT_STREAM", "legacy.o"),
        ("-DHIP_API_PER_THREAD_DEFAULT_STREAM", "per_thread.o"),
    ] {
        let out = s.path(object);
        cxx(&[
            "-x",
            "c",
            "-std=c11",
            define,
            "-Wall",
            "-Wextra",
            "-pedantic",
            "-Werror",
            "-c",
            p(&file),
            "-o",
            p(&out),
        ]);
        let Ok(o) = Command::new("nm").arg("-u").arg(&out).output() else {
            eprintln!("per_thread_variants: no `nm`; symbol check skipped");
            continue;
        };
        let symbols = String::from_utf8_lossy(&o.stdout);
        let per_thread = object == "per_thread.o";
        for base in [
            "hipMemcpy",
            "hipMemsetAsync",
            "hipStreamSynchronize",
            "hipEventRecord",
            "hipStreamWaitEvent",
        ] {
            let spt = format!("{base}_spt");
            let has = |name: &str| {
                symbols
                    .lines()
                    .any(|l| l.trim_end().ends_with(&format!(" {name}")))
            };
            assert_eq!(has(&spt), per_thread, "{spt} in {object}:\n{symbols}");
            assert_eq!(has(base), !per_thread, "{base} in {object}:\n{symbols}");
        }
    }
}

/// The names declared on one line `[HIP_DEPRECATED(...) ]<type> <name>(<params>);` at the start
/// of a line (the convention the export table's tooling reads).
fn one_line_declarations(header: &str) -> std::collections::BTreeSet<String> {
    let path = include_dir().join("hip").join(header);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut names = std::collections::BTreeSet::new();
    for line in text.lines() {
        if !line.starts_with(is_ident) || !line.ends_with(");") || line.starts_with("typedef") {
            continue;
        }
        let mut rest = line;
        if let Some(after) = rest.strip_prefix("HIP_DEPRECATED(") {
            let close = after.find(") ").expect("HIP_DEPRECATED(...) closes");
            rest = &after[close + 2..];
        }
        let open = rest.find('(').expect("a parameter list");
        let head = rest[..open].trim_end();
        let name = &head[head.rfind(|c: char| !is_ident(c)).map_or(0, |i| i + 1)..];
        assert!(
            name.len() < head.len(),
            "{header}: no return type before {name}: {line}"
        );
        assert!(
            names.insert(name.to_string()),
            "{header}: {name} declared twice"
        );
    }
    names
}

/// Every function is declared on one line (the export table's convention), and those lines
/// are exactly the functions abi_rocm63.cpp checks against the ROCm 6.3 digest (425 in
/// hip_runtime_api.h, 2 in hip_ext.h), plus the 37 per-thread variants and
/// hipCreateChannelDesc.
#[test]
fn declarations_are_one_line_each_and_match_the_digest() {
    let abi = std::fs::read_to_string(src("abi_rocm63.cpp")).expect("read abi_rocm63.cpp");
    let digest: std::collections::BTreeSet<String> = abi
        .lines()
        .filter_map(|l| l.strip_prefix("ABI_FUNCTION("))
        .filter_map(|l| l.split(',').next())
        .map(str::to_string)
        .collect();
    let api = one_line_declarations("hip_runtime_api.h");
    let ext = one_line_declarations("hip_ext.h");
    assert_eq!((api.len(), ext.len()), (425, 2));
    let declared: std::collections::BTreeSet<String> = api.union(&ext).cloned().collect();
    assert_eq!(
        declared, digest,
        "one-line declarations vs the digest's functions"
    );
    let per_thread = one_line_declarations("hip_runtime_pt_api.h");
    assert_eq!(per_thread.len(), 37);
    for name in &per_thread {
        let base = name.strip_suffix("_spt").expect("an _spt name");
        assert!(api.contains(base), "{name} without {base}");
    }
    let channel = one_line_declarations("channel_descriptor.h");
    assert_eq!(
        channel.into_iter().collect::<Vec<_>>(),
        ["hipCreateChannelDesc"]
    );
}

/// tests/headers/ext_launch.cpp: hipExtLaunchKernelGGL records its start event, runs the
/// kernel and records its stop event, in its stream (kernels run by mock_runtime.cpp).
#[test]
fn ext_launch_records_events_around_the_kernel() {
    if !have_cxx() {
        return;
    }
    let s = Scratch::new("ext_launch");
    let exe = s.path("ext_launch");
    let (t, m) = (src("ext_launch.cpp"), src("mock_runtime.cpp"));
    cxx(&[
        "-std=c++17",
        "-O2",
        "-Wall",
        "-Wextra",
        "-Werror",
        p(&t),
        p(&m),
        "-pthread",
        "-o",
        p(&exe),
    ]);
    run(&exe, &[], "ext_launch: OK");
}

/// tests/headers/channel_desc.cpp: hipCreateChannelDesc<T>() and texture<> in C++11 and C++17.
#[test]
fn channel_descriptors_and_texture_references() {
    if !have_cxx() {
        return;
    }
    let s = Scratch::new("channel_desc");
    let file = src("channel_desc.cpp");
    for std in ["-std=c++11", "-std=c++17"] {
        let exe = s.path(&format!("channel_desc_{}", std.trim_start_matches("-std=")));
        cxx(&[
            std,
            "-Wall",
            "-Wextra",
            "-pedantic",
            "-Werror",
            p(&file),
            "-o",
            p(&exe),
        ]);
        run(&exe, &[], "channel_desc: OK");
    }
}

/// The same header checks with clang (`clang` / `clang++`), when installed: every public
/// header alone and abi_rocm63.cpp, C11 and C++11 to C++20, -Wall -Wextra -pedantic -Werror.
#[test]
fn headers_compile_with_clang_when_present() {
    let have_clang = Command::new("clang++")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !have_clang {
        eprintln!("headers_compile: no clang++ on PATH; clang checks skipped");
        return;
    }
    let clang = |args: &[&str]| {
        let o = Command::new("clang++")
            .arg("-I")
            .arg(include_dir())
            .args(["-Wall", "-Wextra", "-pedantic", "-Werror"])
            .args(args)
            .output()
            .expect("run clang++");
        assert!(o.status.success(), "clang++ {args:?} failed:\n{}", show(&o));
    };
    let s = Scratch::new("clang");
    for header in [
        "hip_runtime_api.h",
        "hip_runtime_pt_api.h",
        "hip_runtime.h",
        "hip_ext.h",
        "driver_types.h",
        "texture_types.h",
        "hip_texture_types.h",
        "surface_types.h",
        "channel_descriptor.h",
    ] {
        let file = s.path(&format!("{}.inc", header.trim_end_matches(".h")));
        std::fs::write(
            &file,
            format!("#include <hip/{header}>\nint main(void) {{ return 0; }}\n"),
        )
        .expect("write test source");
        clang(&["-x", "c", "-std=c11", "-fsyntax-only", p(&file)]);
        for std in ["-std=c++11", "-std=c++14", "-std=c++17", "-std=c++20"] {
            clang(&["-x", "c++", std, "-fsyntax-only", p(&file)]);
        }
    }
    let abi = src("abi_rocm63.cpp");
    for (lang, std) in [
        ("c", "-std=c11"),
        ("c++", "-std=c++11"),
        ("c++", "-std=c++17"),
    ] {
        let exe = s.path(&format!("abi_{}", std.trim_start_matches("-std=")));
        clang(&["-x", lang, std, p(&abi), "-x", "none", "-o", p(&exe)]);
        run(&exe, &[], "abi_rocm63: OK");
    }
}
