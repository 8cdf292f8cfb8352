//! HIP conformance suite: builds every `tests/hip/*.hip` program (not `*.kernel.hip`) with our
//! `hipcc`, runs each one in its own process against the `libamdhip64.so` built by the same
//! `cargo test --workspace`, and checks its exit code, its last stdout line (`PASS`) and the
//! directives at the top of the file (see `tests/hip/README.md`).
//!
//! Environment:
//! - `FERROCM_HIP_TESTS=substr[,substr...]`: run only the programs whose name contains one of
//!   the substrings (a filter that selects no program fails).
//! - `FERROCM_HIPCC=/path/hipcc`: use another hipcc than the one Cargo built.
//! - `FERROCM_HIP_RUNTIME_LIB=/path/libamdhip64.so`: run against another runtime library.
//! - `FERROCM_HIP_JOBS=N`: parallel builds (default: available cores clamped to 2..=4).
//! - `FERROCM_HIP_TIMEOUT_SCALE=F`: multiply every run-time limit by F (slow machines, sanitizers).
//! - `FERROCM_HIP_KEEP=1`: keep the build directory (it is printed).

use std::collections::{BTreeSet, HashMap};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The suite must never pass with fewer programs than this (guards against a glob that
/// silently matches nothing, or files lost in a refactor).
const MIN_PROGRAMS: usize = 45;
const DEFAULT_RUN_TIMEOUT_S: f64 = 60.0;
const BUILD_TIMEOUT_S: f64 = 600.0;
const KNOWN_DIRECTIVES: &[&str] = &[
    "HIPCC-FLAGS",
    "GENCO",
    "ENV",
    "EXPECT-EXIT",
    "EXPECT-STDOUT",
    "EXPECT-OUTPUT",
    "INCLUDE-DIR",
    "TIMEOUT",
];

#[derive(Debug, Clone, PartialEq)]
enum ExpectExit {
    Zero,
    NonZero,
    Code(i32),
}

#[derive(Debug, Clone)]
struct Directives {
    hipcc_flags: Vec<String>,
    genco: Vec<String>,
    env: Vec<(String, String)>,
    expect_exit: ExpectExit,
    expect_stdout: Vec<String>,
    expect_output: Vec<String>,
    include_dir: bool,
    timeout_s: f64,
}

#[derive(Debug)]
struct Program {
    name: String,
    source: PathBuf,
    directives: Result<Directives, String>,
}

struct Env {
    root: PathBuf,
    tests_dir: PathBuf,
    hipcc: PathBuf,
    build_dir: PathBuf,
    lib_dir: PathBuf,
    /// Extra `LD_LIBRARY_PATH` / `LIBRARY_PATH` entries (our lib dir first).
    lib_path: String,
    timeout_scale: f64,
}

/// Parses the directive block: the `//` comment lines at the top of the file (blank lines
/// allowed) up to the first line of code. A line `// NAME: value` with NAME made of upper-case
/// letters, digits and '-' is a directive; an unknown NAME is an error (typos must not silently
/// disable a check).
fn parse_directives(text: &str) -> Result<Directives, String> {
    let mut d = Directives {
        hipcc_flags: Vec::new(),
        genco: Vec::new(),
        env: Vec::new(),
        expect_exit: ExpectExit::Zero,
        expect_stdout: Vec::new(),
        expect_output: Vec::new(),
        include_dir: false,
        timeout_s: DEFAULT_RUN_TIMEOUT_S,
    };
    for (lineno, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        let Some(comment) = line.strip_prefix("//") else {
            break;
        };
        let comment = comment.trim();
        let Some((key, value)) = comment.split_once(':') else {
            continue;
        };
        let key = key.trim();
        let is_directive_shape = !key.is_empty()
            && key
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '-')
            && key.chars().next().is_some_and(|c| c.is_ascii_uppercase());
        if !is_directive_shape {
            continue;
        }
        let value = value.trim();
        let at = lineno + 1;
        match key {
            "HIPCC-FLAGS" => d
                .hipcc_flags
                .extend(value.split_whitespace().map(str::to_string)),
            "GENCO" => {
                if value.is_empty() || value.contains('/') || !value.ends_with(".kernel.hip") {
                    return Err(format!(
                        "line {at}: GENCO wants a file name `<name>.kernel.hip` in tests/hip, got `{value}`"
                    ));
                }
                d.genco.push(value.to_string());
            }
            "ENV" => {
                let Some((k, v)) = value.split_once('=') else {
                    return Err(format!("line {at}: ENV wants NAME=VALUE, got `{value}`"));
                };
                d.env.push((k.trim().to_string(), v.trim().to_string()));
            }
            "EXPECT-EXIT" => {
                d.expect_exit = match value {
                    "0" => ExpectExit::Zero,
                    "nonzero" | "non-zero" => ExpectExit::NonZero,
                    other => match other.parse::<i32>() {
                        Ok(c) => ExpectExit::Code(c),
                        Err(_) => {
                            return Err(format!(
                                "line {at}: EXPECT-EXIT wants 0, nonzero or a number, got `{value}`"
                            ))
                        }
                    },
                }
            }
            "EXPECT-STDOUT" => {
                if value.is_empty() {
                    return Err(format!("line {at}: empty EXPECT-STDOUT"));
                }
                d.expect_stdout.push(value.to_string());
            }
            "EXPECT-OUTPUT" => {
                if value.is_empty() {
                    return Err(format!("line {at}: empty EXPECT-OUTPUT"));
                }
                d.expect_output.push(value.to_string());
            }
            "INCLUDE-DIR" => d.include_dir = true,
            "TIMEOUT" => {
                d.timeout_s = match value.parse::<f64>() {
                    Ok(t) if t > 0.0 => t,
                    _ => {
                        return Err(format!(
                            "line {at}: TIMEOUT wants a positive number of seconds, got `{value}`"
                        ))
                    }
                }
            }
            other => {
                return Err(format!(
                    "line {at}: unknown directive `{other}` (known: {})",
                    KNOWN_DIRECTIVES.join(", ")
                ))
            }
        }
    }
    Ok(d)
}

fn repo_root() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..");
    root.canonicalize().unwrap_or(root)
}

fn find_programs(tests_dir: &Path) -> Result<Vec<Program>, String> {
    let entries =
        fs::read_dir(tests_dir).map_err(|e| format!("cannot read {}: {e}", tests_dir.display()))?;
    let mut programs = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        let Some(file) = path.file_name().and_then(|f| f.to_str()) else {
            continue;
        };
        if !file.ends_with(".hip") || file.ends_with(".kernel.hip") || !path.is_file() {
            continue;
        }
        let name = file.trim_end_matches(".hip").to_string();
        let directives = fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))
            .and_then(|text| parse_directives(&text));
        programs.push(Program {
            name,
            source: path,
            directives,
        });
    }
    programs.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(programs)
}

/// Finds `libamdhip64.so` (Cargo puts the cdylib next to the binaries, and in `deps/`).
fn find_runtime(hipcc: &Path) -> Result<PathBuf, String> {
    if let Ok(p) = std::env::var("FERROCM_HIP_RUNTIME_LIB") {
        let p = PathBuf::from(p);
        return if p.is_file() {
            Ok(p)
        } else {
            Err(format!(
                "FERROCM_HIP_RUNTIME_LIB={} is not a file",
                p.display()
            ))
        };
    }
    let mut dirs = Vec::new();
    if let Some(d) = hipcc.parent() {
        dirs.push(d.to_path_buf());
        dirs.push(d.join("deps"));
    }
    if let Ok(exe) = std::env::current_exe() {
        if let Some(deps) = exe.parent() {
            dirs.push(deps.to_path_buf());
            if let Some(p) = deps.parent() {
                dirs.push(p.to_path_buf());
            }
        }
    }
    for d in &dirs {
        let p = d.join("libamdhip64.so");
        if p.is_file() {
            return Ok(p);
        }
    }
    Err(format!(
        "libamdhip64.so not found (looked in {}); it is the cdylib of package ferrocm-hip-capi: \
         run `cargo test --workspace` (or `cargo build -p ferrocm-hip-capi` first)",
        dirs.iter()
            .map(|d| d.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    ))
}

/// Optional separate `libhiprtc.so` next to the runtime.
fn find_hiprtc(runtime: &Path) -> Option<PathBuf> {
    let dir = runtime.parent()?;
    [dir.join("libhiprtc.so"), dir.join("deps/libhiprtc.so")]
        .into_iter()
        .find(|p| p.is_file())
}

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

fn symlink(target: &Path, link: &Path) -> Result<(), String> {
    let _ = fs::remove_file(link);
    std::os::unix::fs::symlink(target, link)
        .map_err(|e| format!("symlink {} -> {}: {e}", link.display(), target.display()))
}

fn make_env() -> Result<Env, String> {
    let root = repo_root();
    let tests_dir = root.join("tests/hip");
    let hipcc = match std::env::var("FERROCM_HIPCC") {
        Ok(p) if !p.is_empty() => PathBuf::from(p),
        _ => PathBuf::from(env!("CARGO_BIN_EXE_hipcc")),
    };
    if !hipcc.is_file() {
        return Err(format!("hipcc not found at {}", hipcc.display()));
    }
    let runtime = find_runtime(&hipcc)?;
    let parent = Path::new(env!("CARGO_TARGET_TMPDIR")).join("hip-conformance");
    fs::create_dir_all(&parent).map_err(|e| format!("create {}: {e}", parent.display()))?;
    remove_stale_runs(&parent);
    let build_dir = parent.join(format!("run-{}", std::process::id()));
    let _ = fs::remove_dir_all(&build_dir);
    let lib_dir = build_dir.join("lib");
    fs::create_dir_all(&lib_dir).map_err(|e| format!("create {}: {e}", lib_dir.display()))?;
    // The link uses the unversioned name, the loader the SONAME (libamdhip64.so.7).
    for name in ["libamdhip64.so", "libamdhip64.so.7"] {
        symlink(&runtime, &lib_dir.join(name))?;
    }
    // hiprtc: a separate libhiprtc.so if the workspace builds one; otherwise the entry points
    // are expected in libamdhip64 itself (as in ROCm before 5.x), so -lhiprtc resolves to it.
    let rtc = find_hiprtc(&runtime).unwrap_or_else(|| runtime.clone());
    for name in ["libhiprtc.so", "libhiprtc.so.7"] {
        symlink(&rtc, &lib_dir.join(name))?;
    }
    let mut paths = vec![lib_dir.display().to_string()];
    if let Some(d) = runtime.parent() {
        paths.push(d.display().to_string());
    }
    let lib_path = paths.join(":");
    let timeout_scale = std::env::var("FERROCM_HIP_TIMEOUT_SCALE")
        .ok()
        .and_then(|s| s.parse::<f64>().ok())
        .filter(|f| *f > 0.0)
        .unwrap_or(1.0);
    Ok(Env {
        root,
        tests_dir,
        hipcc,
        build_dir,
        lib_dir,
        lib_path,
        timeout_scale,
    })
}

fn join_path(ours: &str, var: &str) -> String {
    match std::env::var(var) {
        Ok(old) if !old.is_empty() => format!("{ours}:{old}"),
        _ => ours.to_string(),
    }
}

struct Outcome {
    status: Option<ExitStatus>,
    timed_out: bool,
    stdout: String,
    stderr: String,
    elapsed: Duration,
}

/// Runs `cmd` with stdout/stderr redirected to files (no pipe can fill up), killing it after
/// `limit`.
fn run_with_timeout(mut cmd: Command, limit: Duration, log_base: &Path) -> Result<Outcome, String> {
    let out_path = log_base.with_extension("stdout");
    let err_path = log_base.with_extension("stderr");
    let out =
        fs::File::create(&out_path).map_err(|e| format!("create {}: {e}", out_path.display()))?;
    let err =
        fs::File::create(&err_path).map_err(|e| format!("create {}: {e}", err_path.display()))?;
    cmd.stdin(Stdio::null()).stdout(out).stderr(err);
    let start = Instant::now();
    let mut child: Child = cmd
        .spawn()
        .map_err(|e| format!("cannot start {:?}: {e}", cmd.get_program()))?;
    let mut timed_out = false;
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break Some(s),
            Ok(None) => {}
            Err(e) => return Err(format!("waiting for {:?}: {e}", cmd.get_program())),
        }
        if start.elapsed() >= limit {
            timed_out = true;
            let _ = child.kill();
            break child.wait().ok();
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let elapsed = start.elapsed();
    let stdout = String::from_utf8_lossy(&fs::read(&out_path).unwrap_or_default()).into_owned();
    let stderr = String::from_utf8_lossy(&fs::read(&err_path).unwrap_or_default()).into_owned();
    Ok(Outcome {
        status,
        timed_out,
        stdout,
        stderr,
        elapsed,
    })
}

fn tail(text: &str, max_lines: usize, max_bytes: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines.len().saturating_sub(max_lines);
    let mut s = lines[start..].join("\n");
    if s.len() > max_bytes {
        let mut cut = s.len() - max_bytes;
        while !s.is_char_boundary(cut) {
            cut += 1;
        }
        s = format!("...{}", &s[cut..]);
    }
    s
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("    | {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn describe_status(o: &Outcome) -> String {
    if o.timed_out {
        return format!("timed out after {:.1} s (killed)", o.elapsed.as_secs_f64());
    }
    match o.status {
        Some(s) => {
            use std::os::unix::process::ExitStatusExt;
            if let Some(c) = s.code() {
                format!("exit code {c}")
            } else if let Some(sig) = s.signal() {
                format!("killed by signal {sig}")
            } else {
                format!("{s}")
            }
        }
        None => "no exit status".to_string(),
    }
}

fn hipcc_command(env: &Env) -> Command {
    let mut cmd = Command::new(&env.hipcc);
    cmd.current_dir(&env.root)
        .env("LIBRARY_PATH", join_path(&env.lib_path, "LIBRARY_PATH"))
        .env(
            "LD_LIBRARY_PATH",
            join_path(&env.lib_path, "LD_LIBRARY_PATH"),
        );
    cmd
}

/// `tests/hip/<x>.kernel.hip` → `<build>/<x>.co`.
fn genco_output(env: &Env, file: &str) -> PathBuf {
    let stem = file.trim_end_matches(".kernel.hip");
    env.build_dir.join(format!("{stem}.co"))
}

enum Job<'a> {
    Genco(String),
    Program(&'a Program),
}

fn build_one(env: &Env, job: &Job) -> Result<(), String> {
    let inc = format!("-I{}", env.tests_dir.display());
    let (cmd, what, log) = match job {
        Job::Genco(file) => {
            let src = env.tests_dir.join(file);
            let out = genco_output(env, file);
            let mut cmd = hipcc_command(env);
            cmd.arg("--genco")
                .arg("-O2")
                .arg(&inc)
                .arg(&src)
                .arg("-o")
                .arg(&out);
            (
                cmd,
                format!("code object {file}"),
                out.with_extension("genco"),
            )
        }
        Job::Program(p) => {
            let d = p.directives.as_ref().map_err(|e| e.clone())?;
            let out = env.build_dir.join(&p.name);
            let mut cmd = hipcc_command(env);
            cmd.arg("-O2")
                .arg(&inc)
                .arg(&p.source)
                .arg("-o")
                .arg(&out)
                .args(&d.hipcc_flags);
            (
                cmd,
                format!("program {}", p.name),
                out.with_extension("build"),
            )
        }
    };
    let shown = format!("{cmd:?}");
    let o = run_with_timeout(cmd, Duration::from_secs_f64(BUILD_TIMEOUT_S), &log)?;
    let ok = !o.timed_out && o.status.is_some_and(|s| s.success());
    if ok {
        Ok(())
    } else {
        Err(format!(
            "building {what} failed ({}):\n    $ {shown}\n{}",
            describe_status(&o),
            indent(&tail(&format!("{}{}", o.stdout, o.stderr), 60, 8000))
        ))
    }
}

/// Builds the jobs on `jobs` threads; returns one result per job, in order.
fn build_all(env: &Env, work: &[Job], jobs: usize) -> Vec<Result<(), String>> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<(), String>>>> =
        Mutex::new((0..work.len()).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..jobs.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= work.len() {
                    break;
                }
                let r = build_one(env, &work[i]);
                if let Ok(mut v) = results.lock() {
                    v[i] = Some(r);
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_else(|p| p.into_inner())
        .into_iter()
        .map(|r| r.unwrap_or_else(|| Err("build job did not report (panicked?)".to_string())))
        .collect()
}

fn check_outcome(d: &Directives, o: &Outcome) -> Result<(), String> {
    let last = o
        .stdout
        .lines()
        .map(str::trim)
        .rfind(|l| !l.is_empty())
        .unwrap_or("");
    if o.timed_out {
        return Err(describe_status(o));
    }
    let status = o.status.ok_or("no exit status")?;
    match d.expect_exit {
        ExpectExit::Zero => {
            if !status.success() {
                return Err(format!("{} (expected exit code 0)", describe_status(o)));
            }
            if last != "PASS" {
                return Err(format!("last stdout line is `{last}`, expected `PASS`"));
            }
        }
        ExpectExit::NonZero => {
            if status.success() {
                return Err("exit code 0, expected a non-zero exit (or death by a signal)".into());
            }
            if let Some(l) = o
                .stdout
                .lines()
                .find(|l| l.trim_start().starts_with("FAIL"))
            {
                return Err(format!("the program reported a failure: `{}`", l.trim()));
            }
        }
        ExpectExit::Code(c) => {
            if status.code() != Some(c) {
                return Err(format!("{} (expected exit code {c})", describe_status(o)));
            }
            if let Some(l) = o
                .stdout
                .lines()
                .find(|l| l.trim_start().starts_with("FAIL"))
            {
                return Err(format!("the program reported a failure: `{}`", l.trim()));
            }
        }
    }
    for want in &d.expect_stdout {
        if !o.stdout.lines().any(|l| l.trim() == want.as_str()) {
            return Err(format!("stdout lacks the line `{want}` (EXPECT-STDOUT)"));
        }
    }
    for want in &d.expect_output {
        if !o.stdout.contains(want.as_str()) && !o.stderr.contains(want.as_str()) {
            return Err(format!(
                "neither stdout nor stderr contains `{want}` (EXPECT-OUTPUT)"
            ));
        }
    }
    Ok(())
}

fn run_program(env: &Env, p: &Program, d: &Directives) -> Result<Duration, String> {
    let exe = env.build_dir.join(&p.name);
    let mut cmd = Command::new(&exe);
    cmd.current_dir(&env.build_dir)
        .env(
            "LD_LIBRARY_PATH",
            join_path(&env.lib_path, "LD_LIBRARY_PATH"),
        )
        .env("HIP_TEST_BUILD_DIR", &env.build_dir)
        .env("HIP_TEST_SOURCE_DIR", &env.tests_dir);
    for g in &d.genco {
        cmd.arg(genco_output(env, g));
    }
    if d.include_dir {
        let inc = env.tests_dir.join("include");
        cmd.arg(&inc).env("HIP_TEST_INCLUDE_DIR", &inc);
    }
    for (k, v) in &d.env {
        cmd.env(k, v);
    }
    let limit = Duration::from_secs_f64(d.timeout_s * env.timeout_scale);
    let o = run_with_timeout(cmd, limit, &env.build_dir.join(format!("{}.run", p.name)))?;
    match check_outcome(d, &o) {
        Ok(()) => Ok(o.elapsed),
        Err(why) => Err(format!(
            "{why} after {:.2} s\n  stdout (tail):\n{}\n  stderr (tail):\n{}",
            o.elapsed.as_secs_f64(),
            indent(&tail(&o.stdout, 40, 6000)),
            indent(&tail(&o.stderr, 40, 6000))
        )),
    }
}

fn selected(name: &str, filter: &Option<Vec<String>>) -> bool {
    match filter {
        None => true,
        Some(subs) => subs.iter().any(|s| name.contains(s.as_str())),
    }
}

#[test]
fn hip_conformance() {
    if let Err(e) = run_suite() {
        panic!("HIP conformance suite: {e}");
    }
}

fn run_suite() -> Result<(), String> {
    let env = make_env()?;
    let programs = find_programs(&env.tests_dir)?;
    let filter: Option<Vec<String>> = std::env::var("FERROCM_HIP_TESTS")
        .ok()
        .map(|s| {
            s.split(',')
                .map(|x| x.trim().to_string())
                .filter(|x| !x.is_empty())
                .collect::<Vec<_>>()
        })
        .filter(|v| !v.is_empty());
    let chosen: Vec<&Program> = programs
        .iter()
        .filter(|p| selected(&p.name, &filter))
        .collect();
    println!(
        "HIP conformance: {} programs in {}, {} selected; hipcc {}; build dir {}; runtime via {}",
        programs.len(),
        env.tests_dir.display(),
        chosen.len(),
        env.hipcc.display(),
        env.build_dir.display(),
        env.lib_dir.display()
    );
    let mut problems = Vec::new();
    if programs.len() < MIN_PROGRAMS {
        problems.push(format!(
            "only {} programs found in {} (at least {MIN_PROGRAMS} expected)",
            programs.len(),
            env.tests_dir.display()
        ));
    }
    if chosen.is_empty() {
        problems.push(format!(
            "the filter FERROCM_HIP_TESTS={:?} selects no program",
            std::env::var("FERROCM_HIP_TESTS").unwrap_or_default()
        ));
    }

    // Code objects first (shared by several programs), then the programs.
    let gencos: BTreeSet<String> = chosen
        .iter()
        .filter_map(|p| p.directives.as_ref().ok())
        .flat_map(|d| d.genco.iter().cloned())
        .collect();
    let jobs = std::env::var("FERROCM_HIP_JOBS")
        .ok()
        .and_then(|s| s.parse::<usize>().ok())
        .filter(|n| *n > 0)
        .unwrap_or_else(|| {
            std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(2)
                .clamp(2, 4)
        });
    let t0 = Instant::now();
    let genco_jobs: Vec<Job> = gencos.iter().map(|g| Job::Genco(g.clone())).collect();
    let genco_results = build_all(&env, &genco_jobs, jobs);
    let mut genco_errors = std::collections::BTreeMap::new();
    for (g, r) in gencos.iter().zip(genco_results) {
        if let Err(e) = r {
            genco_errors.insert(g.clone(), e);
        }
    }
    let prog_jobs: Vec<Job> = chosen.iter().map(|p| Job::Program(p)).collect();
    let build_results = build_all(&env, &prog_jobs, jobs);
    println!(
        "built {} code objects and {} programs in {:.1} s ({jobs} jobs)",
        gencos.len(),
        chosen.len(),
        t0.elapsed().as_secs_f64()
    );

    let known = known_failures(&env)?;
    let (mut passed, mut failed, mut xfailed) = (0usize, 0usize, 0usize);
    let mut failed_names = Vec::new();
    for (p, built) in chosen.iter().zip(build_results) {
        let result = (|| -> Result<Duration, String> {
            let d = p
                .directives
                .as_ref()
                .map_err(|e| format!("bad directives: {e}"))?;
            for g in &d.genco {
                if let Some(e) = genco_errors.get(g) {
                    return Err(e.clone());
                }
            }
            built?;
            run_program(&env, p, d)
        })();
        match (result, known.get(&p.name)) {
            (Ok(t), None) => {
                passed += 1;
                println!("PASS {} ({:.2} s)", p.name, t.as_secs_f64());
            }
            (Ok(_), Some(_)) => {
                // Keeps tests/hip/KNOWN_FAILURES honest: a fixed program must leave the list.
                failed += 1;
                failed_names.push(p.name.clone());
                println!(
                    "FAIL {}: passed but is listed in KNOWN_FAILURES (remove it)",
                    p.name
                );
            }
            (Err(why), Some(reason)) => {
                xfailed += 1;
                let first = why.lines().next().unwrap_or("");
                println!("XFAIL {} (known: {reason}): {first}", p.name);
            }
            (Err(why), None) => {
                failed += 1;
                failed_names.push(p.name.clone());
                println!("FAIL {}: {why}", p.name);
            }
        }
    }
    println!(
        "{passed} passed, {failed} failed, {xfailed} known failures (tests/hip/KNOWN_FAILURES)"
    );
    if !failed_names.is_empty() {
        println!("failed: {}", failed_names.join(" "));
    }
    if std::env::var("FERROCM_HIP_KEEP").is_ok_and(|v| v == "1") || failed > 0 {
        println!("build directory kept: {}", env.build_dir.display());
    } else {
        let _ = fs::remove_dir_all(&env.build_dir);
    }
    if failed > 0 {
        problems.push(format!("{failed} of {} programs failed", chosen.len()));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("; "))
    }
}

/// `tests/hip/KNOWN_FAILURES`: `name: reason` lines for programs that do not pass yet. They
/// still build and run every time; listing a program that passes is an error.
fn known_failures(env: &Env) -> Result<HashMap<String, String>, String> {
    let path = env.tests_dir.join("KNOWN_FAILURES");
    let text = match fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(HashMap::new()),
        Err(e) => return Err(format!("reading {}: {e}", path.display())),
    };
    let mut out = HashMap::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (name, reason) = line
            .split_once(':')
            .ok_or_else(|| format!("{}: expected `name: reason`, got {line:?}", path.display()))?;
        out.insert(name.trim().to_string(), reason.trim().to_string());
    }
    Ok(out)
}

#[cfg(test)]
mod directive_tests {
    use super::*;

    #[test]
    fn parses_directives() {
        let d = parse_directives(
            "// HIPCC-FLAGS: -lhiprtc -DX=1\n// GENCO: mod.kernel.hip\n//\n// ENV: A=b=c\n\
             // EXPECT-EXIT: nonzero\n// EXPECT-STDOUT: hello 1\n// INCLUDE-DIR:\n\
             // TIMEOUT: 90\n// plain comment: not a directive\n#include <x>\n// ENV: LATE=1\n",
        )
        .expect("valid directives");
        assert_eq!(d.hipcc_flags, vec!["-lhiprtc", "-DX=1"]);
        assert_eq!(d.genco, vec!["mod.kernel.hip"]);
        assert_eq!(d.env, vec![("A".to_string(), "b=c".to_string())]);
        assert_eq!(d.expect_exit, ExpectExit::NonZero);
        assert_eq!(d.expect_stdout, vec!["hello 1"]);
        assert!(d.include_dir);
        assert_eq!(d.timeout_s, 90.0);
        assert!(parse_directives("// EXPECT-STDOUTT: x\n").is_err());
        assert!(parse_directives("// GENCO: x.hip\n").is_err());
    }
}
