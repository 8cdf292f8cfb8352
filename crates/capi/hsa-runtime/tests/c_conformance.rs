//! C conformance suite for `libhsa-runtime64.so`.
//!
//! Builds the CPU code objects of `tests/hsa/kernels/*.c` and the programs of
//! `tests/hsa/*.c` with the system C compiler, links the programs against the
//! cdylib that Cargo built for this test binary, runs each one (with a time
//! limit) and expects exit status 0 with `PASS` on the last line of its output.
//! There is one `#[test]` per program, so a failure names the program and shows
//! its output.
//!
//! Environment:
//! - `CC`: the C compiler (default `cc`); `CXX` (default `c++`) for the C++ header check.
//! - `FERROCM_HSA_RUNTIME_LIB`: run the suite against another `libhsa-runtime64.so`
//!   (for instance ROCR's) instead of the one built here.
//! - `FERROCM_CTEST_TIMEOUT`: per-program time limit in seconds (default 120).

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// Every program of `tests/hsa` and the code objects it takes as arguments, in order.
const PROGRAMS: &[(&str, &[&str])] = &[
    ("layout", &[]),
    ("system_info", &[]),
    ("api_errors", &["vector_add"]),
    ("signals", &[]),
    ("memory", &[]),
    (
        "dispatch_basic",
        &["vector_add", "global_id", "block_reduce"],
    ),
    ("barrier_packets", &["atomic_inc"]),
    ("multi_producer", &["atomic_inc"]),
    ("queue_full", &[]),
    ("malformed_packets", &["atomic_inc"]),
    ("amd_extensions", &["atomic_inc"]),
    ("out_of_memory", &["vector_add"]),
    ("device_fault", &["device_fault", "atomic_inc"]),
    // Passes with "skipped: no NVIDIA GPU" when there is no NVIDIA GPU agent.
    ("nvidia_agent", &[]),
];

const HEADERS: &[&str] = &[
    "hsa/hsa.h",
    "hsa/hsa_ext_amd.h",
    "hsa/hsa_ext_ferrocm.h",
    "ferrocm/cpu_kernel.h",
];

struct Setup {
    /// Scratch directory of this run.
    dir: PathBuf,
    /// Directory holding the `libhsa-runtime64.so` symlinks.
    lib_dir: PathBuf,
    include: PathBuf,
    sources: PathBuf,
    cc: String,
}

fn repo_root() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..");
    root.canonicalize().unwrap_or(root)
}

fn compiler() -> String {
    std::env::var("CC")
        .ok()
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "cc".to_string())
}

fn have_tool(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map(|s| s.success())
        .unwrap_or(false)
}

/// The cdylib Cargo built for this test binary: `target/<profile>/deps/libhsa_runtime64.so`
/// (the test binary is `target/<profile>/deps/<test>-<hash>`).
fn find_library() -> Result<PathBuf, String> {
    if let Ok(p) = std::env::var("FERROCM_HSA_RUNTIME_LIB") {
        let p = PathBuf::from(p);
        return if p.is_file() {
            Ok(p)
        } else {
            Err(format!(
                "FERROCM_HSA_RUNTIME_LIB={} is not a file",
                p.display()
            ))
        };
    }
    let exe = std::env::current_exe().map_err(|e| format!("current_exe: {e}"))?;
    let deps = exe
        .parent()
        .ok_or("the test binary has no parent directory")?;
    let mut candidates = vec![deps.join("libhsa_runtime64.so")];
    if let Some(profile_dir) = deps.parent() {
        candidates.push(profile_dir.join("libhsa_runtime64.so"));
    }
    candidates
        .iter()
        .find(|p| p.is_file())
        .cloned()
        .ok_or_else(|| {
            format!(
                "libhsa_runtime64.so not found (looked at {}); it is built as the cdylib of \
             ferrocm-hsa-capi",
                candidates
                    .iter()
                    .map(|p| p.display().to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })
}

/// Removes scratch directories left by earlier runs whose process is gone.
fn remove_stale_runs(parent: &Path) {
    let Ok(entries) = fs::read_dir(parent) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if let Some(pid) = name.strip_prefix("run-") {
            if pid != std::process::id().to_string() && !Path::new("/proc").join(pid).exists() {
                let _ = fs::remove_dir_all(entry.path());
            }
        }
    }
}

fn run_compiler(cc: &str, args: &[&std::ffi::OsStr], what: &str) -> Result<(), String> {
    let out = Command::new(cc)
        .args(args)
        .output()
        .map_err(|e| format!("cannot run the C compiler `{cc}` for {what}: {e}"))?;
    let diagnostics = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    if !out.status.success() {
        return Err(format!(
            "compiling {what} failed ({}):\n{diagnostics}",
            out.status
        ));
    }
    if !diagnostics.trim().is_empty() {
        eprintln!("compiler output for {what}:\n{diagnostics}");
    }
    Ok(())
}

fn make_setup() -> Result<Setup, String> {
    let cc = compiler();
    if !have_tool(&cc) {
        return Err(format!(
            "the HSA C conformance tests need a C compiler, but `{cc} --version` could not be \
             run; install gcc or clang (or set CC)"
        ));
    }
    let root = repo_root();
    let include = root.join("include");
    let sources = root.join("tests/hsa");
    let library = find_library()?;

    let parent = Path::new(env!("CARGO_TARGET_TMPDIR")).join("hsa-c-conformance");
    fs::create_dir_all(&parent).map_err(|e| format!("create {}: {e}", parent.display()))?;
    remove_stale_runs(&parent);
    let dir = parent.join(format!("run-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    let lib_dir = dir.join("lib");
    let kernel_dir = dir.join("kernels");
    for d in [&dir, &lib_dir, &kernel_dir] {
        fs::create_dir_all(d).map_err(|e| format!("create {}: {e}", d.display()))?;
    }
    // The cdylib's SONAME is libhsa-runtime64.so.1: the link uses the unversioned
    // name, the loader looks for the SONAME.
    for name in ["libhsa-runtime64.so", "libhsa-runtime64.so.1"] {
        std::os::unix::fs::symlink(&library, lib_dir.join(name))
            .map_err(|e| format!("symlink {name} -> {}: {e}", library.display()))?;
    }

    // CPU code objects.
    let mut kernels: Vec<PathBuf> = fs::read_dir(sources.join("kernels"))
        .map_err(|e| format!("read {}: {e}", sources.join("kernels").display()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    kernels.sort();
    for src in &kernels {
        let stem = src
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let out = kernel_dir.join(format!("{stem}.so"));
        let inc = format!("-I{}", include.display());
        run_compiler(
            &cc,
            &[
                "-shared".as_ref(),
                "-fPIC".as_ref(),
                "-O2".as_ref(),
                "-Wall".as_ref(),
                "-Wextra".as_ref(),
                inc.as_ref(),
                src.as_os_str(),
                "-o".as_ref(),
                out.as_os_str(),
            ],
            &format!("kernel {}", src.display()),
        )?;
    }
    Ok(Setup {
        dir,
        lib_dir,
        include,
        sources,
        cc,
    })
}

fn setup() -> &'static Setup {
    static SETUP: OnceLock<Result<Setup, String>> = OnceLock::new();
    match SETUP.get_or_init(make_setup) {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    }
}

/// Programs run one at a time: several of them check timing (waits, timeouts, a
/// packet that must not run for 100 ms) and share the machine's cores.
static RUN_LOCK: Mutex<()> = Mutex::new(());

fn timeout() -> Duration {
    std::env::var("FERROCM_CTEST_TIMEOUT")
        .ok()
        .and_then(|s| s.parse().ok())
        .map(Duration::from_secs)
        .unwrap_or(Duration::from_secs(120))
}

fn tail(text: &str, max: usize) -> &str {
    if text.len() <= max {
        return text;
    }
    let mut start = text.len() - max;
    while !text.is_char_boundary(start) {
        start += 1;
    }
    &text[start..]
}

fn run_program(name: &str) {
    let s = setup();
    let kernels = PROGRAMS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, k)| *k)
        .unwrap_or_else(|| panic!("{name} is not listed in PROGRAMS"));

    // Compile.
    let src = s.sources.join(format!("{name}.c"));
    let exe = s.dir.join(name);
    let inc = format!("-I{}", s.include.display());
    let libdir = format!("-L{}", s.lib_dir.display());
    let rpath = format!("-Wl,-rpath,{}", s.lib_dir.display());
    if let Err(e) = run_compiler(
        &s.cc,
        &[
            "-std=c11".as_ref(),
            "-O1".as_ref(),
            "-Wall".as_ref(),
            "-Wextra".as_ref(),
            inc.as_ref(),
            "-pthread".as_ref(),
            src.as_os_str(),
            libdir.as_ref(),
            "-lhsa-runtime64".as_ref(),
            rpath.as_ref(),
            "-o".as_ref(),
            exe.as_os_str(),
        ],
        &format!("program {}", src.display()),
    ) {
        panic!("{e}");
    }

    // Run.
    let _guard = RUN_LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let log_path = s.dir.join(format!("{name}.log"));
    let log = fs::File::create(&log_path)
        .unwrap_or_else(|e| panic!("create {}: {e}", log_path.display()));
    let log_err = log.try_clone().unwrap_or_else(|e| panic!("dup log: {e}"));
    let args: Vec<PathBuf> = kernels
        .iter()
        .map(|k| s.dir.join("kernels").join(format!("{k}.so")))
        .collect();
    let start = Instant::now();
    let mut child = Command::new(&exe)
        .args(&args)
        .current_dir(&s.dir)
        .stdin(Stdio::null())
        .stdout(Stdio::from(log))
        .stderr(Stdio::from(log_err))
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", exe.display()));
    let limit = timeout();
    let status: Option<ExitStatus> = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if start.elapsed() > limit => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(10)),
            Err(e) => panic!("waiting for {name}: {e}"),
        }
    };
    let elapsed = start.elapsed();
    let output = String::from_utf8_lossy(&fs::read(&log_path).unwrap_or_default()).into_owned();
    let last = output
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("");
    let verdict = match status {
        None => Some(format!("killed after the {}s time limit", limit.as_secs())),
        Some(st) if !st.success() => Some(format!("exited with {st}")),
        Some(_) if last != "PASS" => Some(format!("last line is {last:?}, not \"PASS\"")),
        Some(_) => None,
    };
    if let Some(why) = verdict {
        let failed: Vec<&str> = output.lines().filter(|l| l.starts_with("FAIL")).collect();
        panic!(
            "{name}: {why} ({:.1}s)\n--- failed checks ---\n{}\n--- output (tail) ---\n{}",
            elapsed.as_secs_f64(),
            failed.join("\n"),
            tail(&output, 24_000)
        );
    }
    let mut out = std::io::stdout();
    let _ = writeln!(out, "{name}: PASS in {:.2}s", elapsed.as_secs_f64());
}

macro_rules! c_programs {
    ($($name:ident),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                run_program(stringify!($name));
            }
        )*
    };
}

c_programs!(
    layout,
    system_info,
    api_errors,
    signals,
    memory,
    dispatch_basic,
    barrier_packets,
    multi_producer,
    queue_full,
    malformed_packets,
    amd_extensions,
    out_of_memory,
    device_fault,
    nvidia_agent,
);

/// The headers compile warning-free as C99 (pedantic) and C++11.
#[test]
fn headers_compile() {
    let cc = compiler();
    assert!(
        have_tool(&cc),
        "the HSA C conformance tests need a C compiler, but `{cc} --version` could not be run; \
         install gcc or clang (or set CC)"
    );
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("hsa-c-conformance");
    fs::create_dir_all(&dir).expect("create the scratch directory");
    let tu: String = HEADERS
        .iter()
        .map(|h| format!("#include <{h}>\n"))
        .collect::<String>()
        + "int main(void) { return 0; }\n";
    let inc = format!("-I{}", repo_root().join("include").display());
    let flags: [&std::ffi::OsStr; 6] = [
        "-Wall".as_ref(),
        "-Wextra".as_ref(),
        "-pedantic".as_ref(),
        "-Werror".as_ref(),
        inc.as_ref(),
        "-fsyntax-only".as_ref(),
    ];

    let c_src = dir.join(format!("headers-{}.c", std::process::id()));
    fs::write(&c_src, &tu).expect("write the C header check");
    let mut c_args: Vec<&std::ffi::OsStr> = vec!["-std=c99".as_ref()];
    c_args.extend_from_slice(&flags);
    c_args.push(c_src.as_os_str());
    let c_result = run_compiler(&cc, &c_args, "the headers as C99");
    let _ = fs::remove_file(&c_src);
    c_result.unwrap_or_else(|e| panic!("{e}"));

    let cxx = std::env::var("CXX")
        .ok()
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "c++".to_string());
    if !have_tool(&cxx) {
        eprintln!("no C++ compiler (`{cxx}`): skipping the C++11 header check");
        return;
    }
    let cxx_src = dir.join(format!("headers-{}.cpp", std::process::id()));
    fs::write(&cxx_src, tu.replace("int main(void)", "int main()"))
        .expect("write the C++ header check");
    let mut cxx_args: Vec<&std::ffi::OsStr> = vec!["-std=c++11".as_ref()];
    cxx_args.extend_from_slice(&flags);
    cxx_args.push(cxx_src.as_os_str());
    let cxx_result = run_compiler(&cxx, &cxx_args, "the headers as C++11");
    let _ = fs::remove_file(&cxx_src);
    cxx_result.unwrap_or_else(|e| panic!("{e}"));
}

/// Names of the functions a header declares with `HSA_API` (comments skipped).
fn declared_functions(header: &Path) -> Vec<String> {
    let text =
        fs::read_to_string(header).unwrap_or_else(|e| panic!("read {}: {e}", header.display()));
    // Drop /* ... */ comments.
    let mut code = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(start) = rest.find("/*") {
        code.push_str(&rest[..start]);
        rest = match rest[start + 2..].find("*/") {
            Some(end) => &rest[start + 2 + end + 2..],
            None => "",
        };
    }
    code.push_str(rest);

    let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut names: Vec<String> = Vec::new();
    let mut rest = code.as_str();
    while let Some(pos) = rest.find("HSA_API") {
        rest = &rest[pos + "HSA_API".len()..];
        if rest.starts_with(is_ident) {
            continue; // HSA_API_EXPORT, HSA_API_IMPORT
        }
        let mut after = rest.trim_start();
        if let Some(r) = after.strip_prefix("HSA_DEPRECATED") {
            after = r.trim_start();
        }
        let ident_len = after.find(|c: char| !is_ident(c)).unwrap_or(after.len());
        let (name, tail) = after.split_at(ident_len);
        if name.starts_with("hsa_")
            && tail.trim_start().starts_with('(')
            && !names.iter().any(|n| n == name)
        {
            names.push(name.to_string());
        }
    }
    names
}

const EXPORTS_MAIN: &str = r#"};
int main(int argc, char **argv) {
  void *h;
  unsigned i, bad = 0;
  if (argc < 2 || !(h = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL))) {
    printf("FAIL dlopen: %s\nFAIL\n", argc < 2 ? "no path" : dlerror());
    return 1;
  }
  for (i = 0; i < sizeof names / sizeof names[0]; i++) {
    int ok = dlsym(h, names[i]) != NULL;
    if (!ok) bad++;
    printf("%s %s\n", ok ? "ok  " : "FAIL", names[i]);
  }
  printf("%u of %u missing\n%s\n", bad, i, bad ? "FAIL" : "PASS");
  return bad != 0;
}
"#;

/// Every function declared in hsa.h (159) and hsa_ext_amd.h is exported by the library.
#[test]
fn exports() {
    let s = setup();
    let include = repo_root().join("include/hsa");
    let core = declared_functions(&include.join("hsa.h"));
    assert_eq!(
        core.len(),
        159,
        "hsa.h should declare 159 functions, found {}",
        core.len()
    );
    let amd = declared_functions(&include.join("hsa_ext_amd.h"));
    assert!(!amd.is_empty(), "no functions found in hsa_ext_amd.h");
    let mut src = String::from("#include <dlfcn.h>\n#include <stdio.h>\n");
    src.push_str("static const char *const names[] = {\n");
    for n in core.iter().chain(amd.iter()) {
        src.push_str(&format!("  \"{n}\",\n"));
    }
    src.push_str(EXPORTS_MAIN);
    let c_src = s.dir.join("exports.c");
    let exe = s.dir.join("exports");
    fs::write(&c_src, src).expect("write exports.c");
    run_compiler(
        &s.cc,
        &[
            c_src.as_os_str(),
            "-o".as_ref(),
            exe.as_os_str(),
            "-ldl".as_ref(),
        ],
        "the export check",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let library = s.lib_dir.join("libhsa-runtime64.so");
    let out = Command::new(&exe)
        .arg(&library)
        .output()
        .expect("run the export check");
    let text = String::from_utf8_lossy(&out.stdout);
    let missing: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("FAIL "))
        .collect();
    assert!(
        out.status.success() && text.trim_end().ends_with("PASS"),
        "{} of {} declared functions are not exported by libhsa-runtime64.so: {missing:?}",
        missing.len(),
        core.len() + amd.len(),
    );
}

/// Every program in tests/hsa has a test here (a new one cannot be forgotten).
#[test]
fn every_program_is_listed() {
    let dir = repo_root().join("tests/hsa");
    let mut missing = Vec::new();
    for entry in fs::read_dir(&dir).expect("read tests/hsa").flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|x| x == "c") {
            let stem = path
                .file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            if !PROGRAMS.iter().any(|(n, _)| *n == stem) {
                missing.push(stem);
            }
        }
    }
    assert!(
        missing.is_empty(),
        "programs without a test in c_conformance.rs: {missing:?}"
    );
}
