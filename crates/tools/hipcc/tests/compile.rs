//! hipcc end to end: compile, link and run programs, build code objects.
//!
//! The first tests use a stand-in ferrocm root (tests/fixtures/fake_hip_runtime.h, an empty
//! libamdhip64.so) so that the driver and the rewrite are checked whatever state the real
//! headers and runtime are in. The last ones use the real `include/hip/hip_runtime.h` and
//! `libamdhip64.so`; while those are being written they skip with a message.

mod common;

use std::process::Command;

use common::{fake_hipcc, fixture, real_runtime, scratch, show, text, tool};
use cpu_engine::CodeObject;

#[test]
fn program_with_chevrons_shared_memory_and_registration_runs() {
    let dir = scratch("program");
    let exe = dir.join("program");
    let o = fake_hipcc()
        .args(["-v", "--offload-arch=gfx90a", "-O1"])
        .arg(fixture("program.hip"))
        .arg("-o")
        .arg(&exe)
        .output()
        .expect("run hipcc");
    assert!(o.status.success(), "{}", show(&o));
    let err = text(&o.stderr);
    assert!(err.contains("`--offload-arch=gfx90a` ignored"), "{err}");
    assert!(
        err.contains("-x c++") && err.contains("-std=c++17"),
        "{err}"
    );
    assert!(
        !err.contains(" -O3 "),
        "an explicit -O replaces the default: {err}"
    );
    assert!(
        err.contains("-lamdhip64") && err.contains("-Wl,-rpath,"),
        "{err}"
    );
    let run = Command::new(&exe).output().expect("run program");
    assert!(run.status.success(), "{}", show(&run));
    let out = text(&run.stdout);
    // Registrations run as static initialisers, in source order; the template gets no
    // registration line but its instantiation registers itself, and `__launch_bounds__(64)` is
    // noted. Template members are initialised in an unspecified order, so only the
    // registration lines' order is checked.
    let registrations: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("registered "))
        .collect();
    assert_eq!(
        registrations,
        [
            "registered variable counter",
            "registered variable scale",
            "registered kernel ns::add",
            "registered kernel with_shared",
        ],
        "{out}"
    );
    let mut lines: Vec<&str> = out.lines().collect();
    lines.sort_unstable();
    assert_eq!(
        lines,
        [
            "a=7 s=7",
            "instantiated a kernel template",
            "launch bounds 64",
            "registered kernel ns::add",
            "registered kernel with_shared",
            "registered variable counter",
            "registered variable scale",
        ],
        "{out}"
    );
}

#[test]
fn separate_compilation_and_static_library() {
    let dir = scratch("separate");
    let obj = dir.join("program.o");
    let o = fake_hipcc()
        .arg("-c")
        .arg(fixture("program.hip"))
        .arg("-o")
        .arg(&obj)
        .output()
        .expect("run");
    assert!(o.status.success(), "{}", show(&o));
    assert!(obj.is_file());
    let lib = dir.join("libprog.a");
    let o = fake_hipcc()
        .arg("--emit-static-lib")
        .arg(fixture("program.hip"))
        .arg("-o")
        .arg(&lib)
        .output()
        .expect("run");
    assert!(o.status.success(), "{}", show(&o));
    let exe = dir.join("from_lib");
    let o = fake_hipcc()
        .arg(&lib)
        .arg("-o")
        .arg(&exe)
        .output()
        .expect("run");
    assert!(o.status.success(), "{}", show(&o));
    let run = Command::new(&exe).output().expect("run program");
    assert!(text(&run.stdout).ends_with("a=7 s=7\n"), "{}", show(&run));
    // -c without -o writes <stem>.o in the current directory.
    let o = fake_hipcc()
        .current_dir(&dir)
        .arg("-c")
        .arg(fixture("program.hip"))
        .output()
        .expect("run");
    assert!(o.status.success(), "{}", show(&o));
    assert!(dir.join("program.o").is_file());
}

#[test]
fn compile_errors_name_the_users_file_and_line() {
    let o = fake_hipcc()
        .arg("-c")
        .arg(fixture("bad.hip"))
        .arg("-o")
        .arg(scratch("bad").join("bad.o"))
        .output()
        .expect("run");
    assert_ne!(o.status.code(), Some(0));
    let err = text(&o.stderr);
    let expected = format!("{}:3:", fixture("bad.hip").display());
    assert!(err.contains(&expected), "expected `{expected}` in:\n{err}");
    assert!(
        !err.contains("hipcc-"),
        "the temporary copy is not mentioned:\n{err}"
    );
}

#[test]
fn preprocessing_and_dependencies_name_the_users_file() {
    let dir = scratch("deps");
    let o = fake_hipcc()
        .args(["-M"])
        .arg(fixture("program.hip"))
        .output()
        .expect("run");
    assert!(o.status.success(), "{}", show(&o));
    let deps = text(&o.stdout);
    assert!(
        deps.contains("program.hip") && deps.contains("local_header.h"),
        "{deps}"
    );
    assert!(!deps.contains("/hipcc-"), "{deps}");
    let obj = dir.join("p.o");
    let o = fake_hipcc()
        .arg("-MD")
        .arg("-c")
        .arg(fixture("program.hip"))
        .arg("-o")
        .arg(&obj)
        .output()
        .expect("run");
    assert!(o.status.success(), "{}", show(&o));
    let d = std::fs::read_to_string(dir.join("p.d")).expect("p.d written");
    assert!(d.starts_with(&format!("{}:", obj.display())), "{d}");
    assert!(
        d.contains(&fixture("program.hip").display().to_string()),
        "{d}"
    );
    assert!(!d.contains("/hipcc-"), "{d}");
}

#[test]
fn c_inputs_are_compiled_as_c() {
    let dir = scratch("c-input");
    let src = dir.join("plain.c");
    // Valid C, invalid C++ (implicit void* conversion, `new` as a name).
    std::fs::write(
        &src,
        "#include <stdlib.h>\nint main(void) { int *new = malloc(4); free(new); return 0; }\n",
    )
    .expect("write");
    let exe = dir.join("plain");
    let o = fake_hipcc()
        .arg("-std=c++17")
        .arg(&src)
        .arg("-o")
        .arg(&exe)
        .output()
        .expect("run");
    assert!(o.status.success(), "{}", show(&o));
    assert!(Command::new(&exe).status().expect("run").success());
}

#[test]
fn failing_compiler_status_is_returned() {
    let dir = scratch("status");
    let src = dir.join("a.hip");
    std::fs::write(&src, "int main() { return 0; }\n").expect("write");
    let o = fake_hipcc()
        .env("CXX", "false")
        .arg(&src)
        .output()
        .expect("run");
    assert_eq!(o.status.code(), Some(1));
    let o = fake_hipcc()
        .env("CXX", "/nonexistent/compiler")
        .arg(&src)
        .output()
        .expect("run");
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains("cannot run `/nonexistent/compiler`"),
        "{}",
        show(&o)
    );
}

#[test]
fn dry_run_prints_commands_only() {
    let dir = scratch("dry");
    let o = fake_hipcc()
        .current_dir(&dir)
        .arg("-###")
        .arg(fixture("program.hip"))
        .output()
        .expect("run");
    assert!(o.status.success(), "{}", show(&o));
    let err = text(&o.stderr);
    assert!(err.contains("-include hip/hip_runtime.h"), "{err}");
    assert!(
        err.contains(" -O3 ") && err.contains("-D__HIPCC__=1 -D__HIP__=1"),
        "{err}"
    );
    assert!(!dir.join("a.out").exists());
}

#[test]
fn genco_builds_a_code_object_the_engine_loads() {
    let dir = scratch("genco");
    let out = dir.join("kernels.co");
    let o = fake_hipcc()
        .args(["--genco", "--offload-arch=gfx942"])
        .arg(fixture("code_object.hip"))
        .arg("-o")
        .arg(&out)
        .output()
        .expect("run");
    assert!(o.status.success(), "{}", show(&o));
    let bytes = std::fs::read(&out).expect("code object written");
    let co = CodeObject::parse(&bytes).expect("a valid CPU code object");
    assert!(co.has_kernel_table());
    let loaded = co.load().expect("load");
    let mut names: Vec<&str> = loaded.kernels().iter().map(|k| k.name()).collect();
    names.sort_unstable();
    // The anonymous-namespace kernel has no dynamic symbol: it cannot be named.
    assert_eq!(names, ["_Z4vaddPfi", "_ZN2ns5scaleEPf", "cfun"]);
    let v = loaded.variable("dev_var").expect("device variable");
    // SAFETY: `dev_var` is an int of the loaded code object.
    assert_eq!(unsafe { *(v.address() as *const i32) }, 3);
    assert!(
        loaded.variables().iter().all(|v| !v.name().contains("kd")),
        "descriptors are not variables"
    );

    // Default output name: <first input stem>.co in the current directory.
    let o = fake_hipcc()
        .current_dir(&dir)
        .arg("--genco")
        .arg(fixture("code_object.hip"))
        .output()
        .expect("run");
    assert!(o.status.success(), "{}", show(&o));
    assert!(dir.join("code_object.co").is_file());
}

#[test]
fn genco_without_kernels_has_an_empty_table() {
    let dir = scratch("genco-empty");
    let src = dir.join("none.hip");
    std::fs::write(&src, "int helper(int x) { return x; }\n").expect("write");
    let out = dir.join("none.co");
    let o = fake_hipcc()
        .arg("--genco")
        .arg(&src)
        .arg("-o")
        .arg(&out)
        .output()
        .expect("run");
    assert!(o.status.success(), "{}", show(&o));
    let co = CodeObject::parse(&std::fs::read(&out).expect("read")).expect("parse");
    assert!(co.load().expect("load").kernels().is_empty());
}

// ---------------------------------------------------------------------------------------------
// With the real headers and runtime (skipped while they are being written).

/// Builds `src` with the real hipcc setup; `None` (skip) when the runtime is not there or lacks
/// a symbol.
fn build_real(src: &str, name: &str) -> Option<std::path::PathBuf> {
    if !real_runtime() {
        return None;
    }
    let dir = scratch(name);
    let file = dir.join(format!("{name}.hip"));
    std::fs::write(&file, src).expect("write");
    let exe = dir.join(name);
    let o = tool("hipcc")
        .arg(&file)
        .arg("-o")
        .arg(&exe)
        .output()
        .expect("run hipcc");
    if !o.status.success() {
        let err = text(&o.stderr);
        if err.contains("undefined reference") || err.contains("undefined symbol") {
            eprintln!("SKIPPED: the runtime lacks a symbol:\n{err}");
            return None;
        }
        panic!("hipcc failed with the real headers:\n{}", show(&o));
    }
    Some(exe)
}

const VECTOR_ADD: &str = r#"
#include <hip/hip_runtime.h>
#include <cstdio>
#include <vector>

__constant__ float bias = 0.5f;

__global__ void vadd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i] + bias;
}

__global__ void block_sum(const int *in, int *out) {
  extern __shared__ int tile[];
  tile[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) {
    int s = 0;
    for (unsigned j = 0; j < blockDim.x; ++j) s += tile[j];
    out[blockIdx.x] = s;
  }
}

int main() {
  const int n = 1000;
  std::vector<float> a(n, 1.0f), b(n, 2.0f), c(n);
  float *da, *db, *dc;
  hipMalloc(&da, n * sizeof(float));
  hipMalloc(&db, n * sizeof(float));
  hipMalloc(&dc, n * sizeof(float));
  hipMemcpy(da, a.data(), n * sizeof(float), hipMemcpyHostToDevice);
  hipMemcpy(db, b.data(), n * sizeof(float), hipMemcpyHostToDevice);
  vadd<<<(n + 255) / 256, 256>>>(da, db, dc, n);
  hipMemcpy(c.data(), dc, n * sizeof(float), hipMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; ++i) bad += c[i] != 3.5f;

  std::vector<int> in(256 * 4, 1), out(4);
  int *din, *dout;
  hipMalloc(&din, in.size() * sizeof(int));
  hipMalloc(&dout, out.size() * sizeof(int));
  hipMemcpy(din, in.data(), in.size() * sizeof(int), hipMemcpyHostToDevice);
  block_sum<<<dim3(4), dim3(256), 256 * sizeof(int), 0>>>(din, dout);
  hipMemcpy(out.data(), dout, out.size() * sizeof(int), hipMemcpyDeviceToHost);
  for (int v : out) bad += v != 256;
  hipLaunchKernelGGL(vadd, dim3(4), dim3(256), 0, 0, da, db, dc, n);
  hipError_t e = hipDeviceSynchronize();
  std::printf("bad=%d err=%d\n", bad, (int)e);
  return bad != 0 || e != hipSuccess;
}
"#;

#[test]
fn real_vector_add_program() {
    let Some(exe) = build_real(VECTOR_ADD, "vector_add") else {
        return;
    };
    let run = Command::new(&exe).output().expect("run program");
    assert!(run.status.success(), "{}", show(&run));
    assert_eq!(text(&run.stdout), "bad=0 err=0\n");
}
