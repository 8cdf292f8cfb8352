//! The three command lines end to end: outputs, in-place translation with backups, directory
//! trees, statistics, warnings and exit codes.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const SAMPLE: &str = "#include <cuda_runtime.h>\n\
__global__ void k(float *x) { x[threadIdx.x] = 0; }\n\
int main() { float *d; cudaMalloc(&d, 4); k<<<1, 1>>>(d); umul24(1, 2); cudaFree(d); }\n";

const TRANSLATED: &str = "#include <hip/hip_runtime.h>\n\
__global__ void k(float *x) { x[threadIdx.x] = 0; }\n\
int main() { float *d; hipMalloc(&d, 4); k<<<1, 1>>>(d); umul24(1, 2); hipFree(d); }\n";

fn scratch(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("scratch dir");
    d
}

fn run(tool: &str, args: &[&str]) -> Output {
    let exe = match tool {
        "hipify-perl" => env!("CARGO_BIN_EXE_hipify-perl"),
        "hipify-clang" => env!("CARGO_BIN_EXE_hipify-clang"),
        _ => env!("CARGO_BIN_EXE_hipify"),
    };
    Command::new(exe).args(args).output().expect("run tool")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn write(path: &Path, s: &str) {
    if let Some(p) = path.parent() {
        std::fs::create_dir_all(p).expect("mkdir");
    }
    std::fs::write(path, s).expect("write");
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn stdout_with_warnings_on_stderr() {
    let d = scratch("stdout");
    let f = d.join("a.cu");
    write(&f, SAMPLE);
    for tool in ["hipify", "hipify-perl"] {
        let o = run(tool, &[f.to_str().unwrap_or_default()]);
        assert_eq!(o.status.code(), Some(0), "{tool}: {}", text(&o.stderr));
        assert_eq!(text(&o.stdout), TRANSLATED);
        let err = text(&o.stderr);
        assert!(
            err.contains("a.cu:3: warning: unsupported HIP identifier: umul24"),
            "{err}"
        );
    }
    let o = run(
        "hipify",
        &["--quiet-warnings", f.to_str().unwrap_or_default()],
    );
    assert!(o.stderr.is_empty());
}

#[test]
fn standard_input() {
    use std::io::Write as _;
    let mut child = Command::new(env!("CARGO_BIN_EXE_hipify-clang"))
        .arg("-")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("spawn");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(SAMPLE.as_bytes())
        .expect("write stdin");
    let o = child.wait_with_output().expect("wait");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(text(&o.stdout), TRANSLATED);
}

#[test]
fn output_file_both_spellings() {
    let d = scratch("output");
    let f = d.join("a.cu");
    write(&f, SAMPLE);
    let out1 = d.join("one.hip");
    let out2 = d.join("two.hip");
    let o = run(
        "hipify-perl",
        &[
            &format!("-o={}", out1.display()),
            f.to_str().unwrap_or_default(),
        ],
    );
    assert_eq!(o.status.code(), Some(0));
    assert!(o.stdout.is_empty());
    let o = run(
        "hipify-clang",
        &[
            f.to_str().unwrap_or_default(),
            "-o",
            out2.to_str().unwrap_or_default(),
            "--",
            "-std=c++17",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(read(&out1), TRANSLATED);
    assert_eq!(read(&out2), TRANSLATED);
}

#[test]
fn conditionals_see_include_dirs_and_defines() {
    let d = scratch("conditionals");
    write(
        &d.join("inc/config.h"),
        "#pragma once\n#define GPU_LEVEL 2\n",
    );
    write(
        &d.join("a.cu"),
        "#include \"config.h\"\n#if GPU_LEVEL >= 2 && defined(FAST)\nvoid f() { cudaFree(0); }\n#else\nvoid f() { cudaFree(0); }\n#endif\n",
    );
    let out = d.join("a.hip");
    let args = |extra: &[&str]| {
        let mut v = vec![
            d.join("a.cu").to_str().unwrap_or_default().to_string(),
            format!("-o={}", out.display()),
            "--skip-excluded-preprocessor-conditional-blocks".to_string(),
            "--no-runtime-header".to_string(),
            "--".to_string(),
        ];
        v.extend(extra.iter().map(|s| s.to_string()));
        v
    };
    let inc = format!("-I{}", d.join("inc").display());
    let a = args(&[&inc, "-DFAST", "-std=c++17"]);
    let o = run(
        "hipify-clang",
        &a.iter().map(String::as_str).collect::<Vec<_>>(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let got = read(&out);
    assert!(got.contains("#if GPU_LEVEL >= 2 && defined(FAST)\nvoid f() { hipFree(0); }\n#else\nvoid f() { cudaFree(0); }"), "{got}");
    // Without the include directory the first branch is inactive.
    let a = args(&["-DFAST"]);
    run(
        "hipify-clang",
        &a.iter().map(String::as_str).collect::<Vec<_>>(),
    );
    let got = read(&out);
    assert!(
        got.contains("void f() { cudaFree(0); }\n#else\nvoid f() { hipFree(0); }"),
        "{got}"
    );
}

#[test]
fn hipify_clang_writes_beside_the_input() {
    let d = scratch("clang-default");
    let f = d.join("a.cu");
    write(&f, SAMPLE);
    let o = run("hipify-clang", &[f.to_str().unwrap_or_default()]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(read(&d.join("a.cu.hip")), TRANSLATED);
}

#[test]
fn inplace_keeps_a_backup_and_is_idempotent() {
    let d = scratch("inplace");
    let f = d.join("a.cu");
    write(&f, SAMPLE);
    let o = run("hipify", &["--inplace", f.to_str().unwrap_or_default()]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(read(&f), TRANSLATED);
    assert_eq!(read(&d.join("a.cu.prehip")), SAMPLE);
    // Again: nothing changes, and the backup still holds the original.
    let o = run("hipify-perl", &["-inplace", f.to_str().unwrap_or_default()]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(read(&f), TRANSLATED);
    assert_eq!(read(&d.join("a.cu.prehip")), SAMPLE);
    let g = d.join("b.cu");
    write(&g, SAMPLE);
    run(
        "hipify-clang",
        &["--inplace", "--no-backup", g.to_str().unwrap_or_default()],
    );
    assert_eq!(read(&g), TRANSLATED);
    assert!(!d.join("b.cu.prehip").exists());
}

#[test]
fn recursive_into_an_output_directory() {
    let d = scratch("recursive");
    let src = d.join("src");
    write(&src.join("a.cu"), SAMPLE);
    write(&src.join("sub/b.cuh"), SAMPLE);
    write(&src.join("skip/c.cu"), SAMPLE);
    write(&src.join("notes.txt"), "cudaMalloc");
    let out = d.join("out");
    let o = run(
        "hipify",
        &[
            "--recursive",
            "--exclude-dirs=skip",
            &format!("--o-dir={}", out.display()),
            "--print-stats",
            src.to_str().unwrap_or_default(),
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(read(&out.join("a.cu")), TRANSLATED);
    assert_eq!(read(&out.join("sub/b.cuh")), TRANSLATED);
    assert!(!out.join("skip/c.cu").exists());
    assert!(!out.join("notes.txt").exists());
    let err = text(&o.stderr);
    assert!(
        err.contains("[HIPIFY] info: file 'GLOBAL' statistics:"),
        "{err}"
    );
    // 2 files x (header, cudaMalloc, cudaFree, one launch)
    assert!(err.contains("CONVERTED refs count: 8"), "{err}");
    assert!(err.contains("cudaMalloc => hipMalloc: 2"), "{err}");
    // The same as CSV.
    let csv_path = d.join("stats.csv");
    let o = run(
        "hipify-clang",
        &[
            "--recursive",
            "--examine",
            "--print-stats-csv",
            &format!("--o-stats={}", csv_path.display()),
            src.to_str().unwrap_or_default(),
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let csv = read(&csv_path);
    assert!(csv.starts_with("file,kind,name,value\n"), "{csv}");
    assert!(
        csv.contains("GLOBAL,converted,cudaMalloc=>hipMalloc,3\n"),
        "{csv}"
    );
    assert!(csv.contains("GLOBAL,total,converted,12\n"), "{csv}");
}

#[test]
fn examine_writes_nothing_and_prints_statistics() {
    let d = scratch("examine");
    let f = d.join("a.cu");
    write(&f, SAMPLE);
    let o = run("hipify-perl", &["-examine", f.to_str().unwrap_or_default()]);
    assert_eq!(o.status.code(), Some(0));
    assert!(o.stdout.is_empty());
    let err = text(&o.stderr);
    assert!(err.contains("CONVERTED refs count: 4"), "{err}");
    assert!(err.contains("UNCONVERTED refs count: 1"), "{err}");
    assert!(err.contains("TOTAL lines of code: 3"), "{err}");
    assert_eq!(read(&f), SAMPLE);
}

#[test]
fn exit_codes() {
    let d = scratch("exit");
    let f = d.join("a.cu");
    write(&f, SAMPLE);
    let fs = f.to_str().unwrap_or_default();
    assert_eq!(run("hipify", &["--frobnicate", fs]).status.code(), Some(2));
    assert_eq!(run("hipify", &[]).status.code(), Some(2));
    assert_eq!(
        run("hipify", &[d.to_str().unwrap_or_default()])
            .status
            .code(),
        Some(2),
        "a directory needs --recursive"
    );
    assert_eq!(
        run("hipify", &["--recursive", d.to_str().unwrap_or_default()])
            .status
            .code(),
        Some(2),
        "a directory needs somewhere to write"
    );
    assert_eq!(run("hipify", &["-o=x", fs, fs]).status.code(), Some(2));
    // A missing input fails with 1; the other file is still translated.
    let missing = d.join("missing.cu");
    let o = run(
        "hipify",
        &[
            "--o-dir",
            d.join("o").to_str().unwrap_or_default(),
            missing.to_str().unwrap_or_default(),
            fs,
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("missing.cu"));
    assert_eq!(read(&d.join("o/a.cu")), TRANSLATED);
    let o = run("hipify", &["--version"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(text(&o.stdout).contains("HIP version"));
    let o = run("hipify-clang", &["--help"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(text(&o.stdout).contains("--hip-kernel-execution-syntax"));
}
