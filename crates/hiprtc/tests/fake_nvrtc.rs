//! hiprtc's NVRTC plumbing against a stand-in `libnvrtc.so` (built here from C with `cc`),
//! so that it is tested without CUDA: the option list and source hiprtc hands to NVRTC, the
//! in-memory headers and name expressions, the cubin, lowered names and log it reads back,
//! the mapping of NVRTC's statuses, the cache, and that every program is destroyed.
//!
//! NVRTC is loaded once per process, so the checks run in a child process (this test binary
//! again, test `child`, with `LD_LIBRARY_PATH` pointing at the stand-in, which cudarc's first
//! candidate name `libnvrtc.so` then finds). Without a C compiler the test prints why and
//! skips.

use std::path::{Path, PathBuf};
use std::process::Command;

use hiprtc_core::cache::Cache;
use hiprtc_core::nvidia::{self, nvrtc, NvidiaToolchain, Nvrtc};
use hiprtc_core::{HiprtcResult, Program};

const FAKE_NVRTC_C: &str = r#"/* A stand-in libnvrtc for testing hiprtc's NVRTC plumbing without CUDA. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct prog {
  char *src, *name, *log;
  int nexpr;
  char *expr[64];
  char *lowered[64];
  int compiled;
} prog;

static void dump(const char *what, const char *text) {
  const char *dir = getenv("FAKE_NVRTC_DUMP");
  if (!dir) return;
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, what);
  FILE *f = fopen(path, "a");
  if (!f) return;
  fputs(text, f);
  fputc('\n', f);
  fclose(f);
}

int nvrtcVersion(int *major, int *minor) { *major = 13; *minor = 0; return 0; }
const char *nvrtcGetErrorString(int r) { return r == 6 ? "NVRTC_ERROR_COMPILATION" : r ? "NVRTC_ERROR" : "NVRTC_SUCCESS"; }
int nvrtcCreateProgram(prog **out, const char *src, const char *name, int n, const char *const *headers,
                       const char *const *names) {
  prog *p = calloc(1, sizeof *p);
  p->src = strdup(src);
  p->name = strdup(name ? name : "default_program");
  dump("source", src);
  dump("name", p->name);
  for (int i = 0; i < n; ++i) { dump("header-names", names[i]); dump("headers", headers[i]); }
  *out = p;
  return 0;
}
int nvrtcDestroyProgram(prog **p) {
  if (!p || !*p) return 3;
  dump("destroyed", (*p)->name);
  free((*p)->src); free((*p)->name); free((*p)->log);
  for (int i = 0; i < (*p)->nexpr; ++i) { free((*p)->expr[i]); free((*p)->lowered[i]); }
  free(*p);
  *p = 0;
  return 0;
}
int nvrtcAddNameExpression(prog *p, const char *e) {
  p->expr[p->nexpr++] = strdup(e);
  dump("exprs", e);
  return 0;
}
int nvrtcCompileProgram(prog *p, int n, const char *const *opts) {
  for (int i = 0; i < n; ++i) dump("options", opts[i]);
  for (int i = 0; i < n; ++i)
    if (!strcmp(opts[i], "--std=c++99")) {
      p->log = strdup("nvrtc: error: invalid value for --std\n");
      return 5;
    }
  if (strstr(p->src, "undeclared_thing")) {
    p->log = strdup("broken.hip(1): error: identifier \"undeclared_thing\" is undefined\n\n1 error detected.\n");
    return 6;
  }
  p->log = strdup("");
  for (int i = 0; i < p->nexpr; ++i) {
    char buf[512];
    const char *e = p->expr[i];
    if (*e == '&') ++e;
    snprintf(buf, sizeof buf, "_Z%zu%s", strlen(e), e);
    p->lowered[i] = strdup(buf);
  }
  p->compiled = 1;
  return 0;
}
int nvrtcGetProgramLogSize(prog *p, size_t *s) { *s = p->log ? strlen(p->log) + 1 : 1; return 0; }
int nvrtcGetProgramLog(prog *p, char *out) { strcpy(out, p->log ? p->log : ""); return 0; }
static const unsigned char cubin[80] = {0x7f, 'E', 'L', 'F', 2, 1, 1, 0x33, 7, 0, 0, 0, 0, 0, 0, 0, 1, 0, 190, 0};
int nvrtcGetCUBINSize(prog *p, size_t *s) { *s = p->compiled ? sizeof cubin : 0; return p->compiled ? 0 : 4; }
int nvrtcGetCUBIN(prog *p, char *out) { memcpy(out, cubin, sizeof cubin); (void)p; return 0; }
int nvrtcGetLoweredName(prog *p, const char *e, const char **out) {
  for (int i = 0; i < p->nexpr; ++i) if (!strcmp(p->expr[i], e)) { *out = p->lowered[i]; return 0; }
  return 10;
}
"#;

const CHILD_ENV: &str = "HIPRTC_FAKE_NVRTC_CHILD";

fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "hiprtc-fake-nvrtc-{tag}-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0)
    ));
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

#[test]
fn nvrtc_plumbing_with_a_stand_in_library() {
    if std::env::var_os(CHILD_ENV).is_some() {
        return;
    }
    let dir = temp_dir("lib");
    std::fs::write(dir.join("fake_nvrtc.c"), FAKE_NVRTC_C).expect("write");
    let cc = std::env::var_os("CC").unwrap_or_else(|| "cc".into());
    let built = Command::new(&cc)
        .current_dir(&dir)
        .args(["-shared", "-fPIC", "-o", "libnvrtc.so", "fake_nvrtc.c"])
        .output();
    match built {
        Err(e) => {
            eprintln!("skipped: cannot run {cc:?}: {e}");
            return;
        }
        Ok(o) if !o.status.success() => panic!(
            "building the stand-in libnvrtc failed:\n{}",
            String::from_utf8_lossy(&o.stderr)
        ),
        Ok(_) => {}
    }
    let dump = dir.join("dump");
    std::fs::create_dir_all(&dump).expect("mkdir");
    let exe = std::env::current_exe().expect("current_exe");
    let out = Command::new(exe)
        .args(["--exact", "child", "--nocapture", "--test-threads=1"])
        .env(CHILD_ENV, "1")
        .env("FAKE_NVRTC_DUMP", &dump)
        .env("LD_LIBRARY_PATH", &dir)
        .output()
        .expect("run the child");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "child failed:\n{text}");
    assert!(text.contains("1 passed"), "the child ran no test:\n{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

fn read_lines(dump: &Path, what: &str) -> Vec<String> {
    std::fs::read_to_string(dump.join(what))
        .unwrap_or_default()
        .lines()
        .map(str::to_owned)
        .collect()
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// Runs in the child process only (see the module documentation).
#[test]
fn child() {
    if std::env::var_os(CHILD_ENV).is_none() {
        return;
    }
    let dump = PathBuf::from(std::env::var_os("FAKE_NVRTC_DUMP").expect("dump dir"));
    let nv = Nvrtc::get().unwrap_or_else(|e| panic!("the stand-in NVRTC does not load: {e}"));
    assert_eq!(nv.version(), (13, 0));
    let include = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../include")
        .canonicalize()
        .expect("include");
    let tc = NvidiaToolchain::new(include.clone(), None);
    let work = temp_dir("work");
    let inc = work.join("inc");
    std::fs::create_dir_all(&inc).expect("mkdir");
    std::fs::write(inc.join("helper.h"), "#define HELPER 1\n").expect("write");
    let cache = Cache::in_dir(work.join("cache"));
    let opts = strings(&[
        "-DA=1",
        "-I",
        inc.to_str().expect("utf8"),
        "-include",
        "pre.h",
        "--offload-arch=sm_80",
        "-ffp-contract=off",
    ]);
    let make = || {
        let mut p = Program::new(
            b"#include \"helper.h\"\n__global__ void k() {}\n",
            Some("dir/k.hip"),
            vec![("pre.h".to_owned(), b"#define PRE 1\n".to_vec())],
        )
        .expect("program");
        p.add_name_expression("tmpl<int>").expect("add");
        p.add_name_expression("&ns::v").expect("add");
        p
    };

    let mut p = make();
    let r = p
        .compile_nvidia(&opts, &tc, &cache)
        .unwrap_or_else(|e| panic!("compile: {e}\n{}", p.log()));
    assert!(!r.cache_hit);
    assert_eq!(p.target(), Some("sm_80"));
    let code = p.code().expect("code");
    assert_eq!(&code[..4], b"\x7fELF");
    assert_eq!(u16::from_le_bytes([code[18], code[19]]), 190);
    assert_eq!(
        p.lowered_name("tmpl<int>").expect("lowered").to_str(),
        Ok("_Z9tmpl<int>")
    );
    assert_eq!(
        p.lowered_name("&ns::v").expect("lowered").to_str(),
        Ok("_Z5ns::v")
    );
    let inc_s = inc.display().to_string();
    assert_eq!(
        read_lines(&dump, "options"),
        [
            "--gpu-architecture=sm_80".to_owned(),
            "--std=c++17".to_owned(),
            "--define-macro=__HIP_PLATFORM_NVIDIA__=1".to_owned(),
            "--define-macro=__HIP_PLATFORM_NVCC__=1".to_owned(),
            "--define-macro=__HIPCC__=1".to_owned(),
            "--define-macro=__HIPCC_RTC__=1".to_owned(),
            format!("--include-path={}", include.display()),
            "--define-macro=A=1".to_owned(),
            format!("--include-path={inc_s}"),
            "--fmad=false".to_owned(),
            // The prelude's automatic PCH (the stand-in reports NVRTC 12.8 or later).
            "--pch".to_owned(),
            format!("--pch-dir={}", work.join("cache/nvrtc-pch").display()),
            "--pch-messages=false".to_owned(),
        ]
    );
    let source = std::fs::read_to_string(dump.join("source")).expect("source");
    assert!(
        source.starts_with(
            "#include <hip/hip_runtime.h>\n#include \"pre.h\"\n#line 1 \"k.hip\"\n#include \"helper.h\"\n"
        ),
        "{source}"
    );
    assert_eq!(read_lines(&dump, "name"), ["k.hip"]);
    assert_eq!(read_lines(&dump, "header-names"), ["pre.h"]);
    assert_eq!(read_lines(&dump, "exprs"), ["tmpl<int>", "&ns::v"]);

    // The same program again: from the cache, without NVRTC.
    let calls = nvrtc::compile_calls();
    let mut again = make();
    assert!(
        again
            .compile_nvidia(&opts, &tc, &cache)
            .expect("cached")
            .cache_hit
    );
    assert_eq!(nvrtc::compile_calls(), calls);
    assert_eq!(again.code().expect("code"), p.code().expect("code"));
    assert_eq!(
        again.lowered_name("&ns::v").expect("lowered").to_str(),
        Ok("_Z5ns::v")
    );
    // A header found through -I changed: compiled again.
    std::fs::write(inc.join("helper.h"), "#define HELPER 22\n").expect("write");
    let mut changed = make();
    assert!(
        !changed
            .compile_nvidia(&opts, &tc, &cache)
            .expect("compile")
            .cache_hit
    );
    assert_eq!(nvrtc::compile_calls(), calls + 1);

    // Compilation errors and rejected options.
    let mut bad = Program::new(
        b"extern \"C\" __global__ void broken(int *p) { p[0] = undeclared_thing; }",
        Some("broken.hip"),
        vec![],
    )
    .expect("program");
    let e = bad
        .compile_nvidia(&[], &tc, &Cache::disabled())
        .expect_err("broken");
    assert_eq!(e.result(), HiprtcResult::Compilation);
    assert!(bad.log().contains("undeclared_thing"), "{}", bad.log());
    assert!(bad.code().is_err());
    let e = bad
        .compile_nvidia(&strings(&["-std=c++99"]), &tc, &Cache::disabled())
        .expect_err("rejected option");
    assert_eq!(e.result(), HiprtcResult::InvalidOption);
    assert!(
        bad.log().contains("invalid value for --std"),
        "{}",
        bad.log()
    );
    // No architecture: the device's, else sm_90 with a note.
    let mut plain = Program::new(b"__global__ void k() {}", None, vec![]).expect("program");
    plain
        .compile_nvidia(&[], &tc, &Cache::disabled())
        .expect("compile");
    let target = plain.target().expect("target").to_owned();
    assert!(hiprtc_core::options::is_sm_arch(&target), "{target}");
    if target == nvidia::FALLBACK_ARCH {
        eprintln!("log: {}", plain.log());
    }

    // Every program NVRTC made was destroyed.
    let created = read_lines(&dump, "name").len();
    assert_eq!(created, 5);
    assert_eq!(read_lines(&dump, "destroyed").len(), created);
    let _ = std::fs::remove_dir_all(&work);
}
