//! The suite: code objects first (shared by several programs), then every selected program,
//! built in parallel with the given hipcc; then each program run alone (several measure time
//! or CPU use) with its time limit and checked against its directives and `KNOWN_FAILURES`.
//! Prints `PASS name (1.23 s)`, `FAIL name: reason` (with the tail of its output) or
//! `XFAIL name (known: reason): first line` per program, then the summary line.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::directives::{Directives, ExpectExit};
use crate::known_failures::known_failures;
use crate::process::{indent, run_with_timeout, tail, Outcome};
use crate::programs::{discover, Platform, Program};

/// `tests/hip` must never hold fewer programs than this (guards against a glob that silently
/// matches nothing, or files lost in a refactor).
pub const MIN_PROGRAMS: usize = 45;
/// A build (code object or program) that takes longer than this is killed.
const BUILD_TIMEOUT: Duration = Duration::from_secs(600);

/// When the build directory is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keep {
    /// Always (its path is printed).
    Always,
    /// Only after a failure (it is removed when everything passed).
    OnFailure,
}

/// What to run, with what, and where.
#[derive(Debug, Clone)]
pub struct SuiteConfig {
    /// The repository root (holds `tests/hip`, and `tests/nvidia` for NVIDIA).
    pub root: PathBuf,
    /// The platform to build for and run on.
    pub platform: Platform,
    /// The `hipcc` to build with.
    pub hipcc: PathBuf,
    /// The `libamdhip64.so` the programs link and run against.
    pub runtime: PathBuf,
    /// A separate `libhiprtc.so` (`None`: hiprtc's entry points are in the runtime itself).
    pub hiprtc: Option<PathBuf>,
    /// Where to build (created; emptied first).
    pub build_dir: PathBuf,
    /// How many builds run at once.
    pub jobs: usize,
    /// Only programs whose name contains one of these substrings (`None`: all).
    pub filter: Option<Vec<String>>,
    /// Multiplies every run-time limit (slow machines, sanitizers).
    pub timeout_scale: f64,
    /// Caps every run-time limit, in seconds (after scaling).
    pub timeout_cap: Option<f64>,
    /// When to keep the build directory.
    pub keep: Keep,
}

/// The suite's result when it could run.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Summary {
    /// Programs that passed.
    pub passed: Vec<String>,
    /// Programs that failed (a known failure that passed counts here).
    pub failed: Vec<String>,
    /// Known failures that failed.
    pub known: Vec<String>,
}

/// Why the suite failed.
#[derive(Debug, thiserror::Error)]
pub enum SuiteError {
    /// It could not start (no hipcc, no runtime, unreadable tests).
    #[error("{0}")]
    Setup(String),
    /// It ran and something is wrong: failed programs, too few programs, an empty selection.
    #[error("{}", .problems.join("; "))]
    Failed {
        /// What went wrong, one item per problem.
        problems: Vec<String>,
        /// The results of the programs that ran.
        summary: Summary,
    },
}

/// Parses a `sub1,sub2` filter (`None` when it names nothing).
pub fn parse_filter(s: &str) -> Option<Vec<String>> {
    let v: Vec<String> = s
        .split(',')
        .map(|x| x.trim().to_string())
        .filter(|x| !x.is_empty())
        .collect();
    (!v.is_empty()).then_some(v)
}

/// `libamdhip64.so` in the first of `dirs` that has it.
pub fn find_runtime(dirs: &[PathBuf]) -> Option<PathBuf> {
    dirs.iter()
        .map(|d| d.join("libamdhip64.so"))
        .find(|p| p.is_file())
}

/// A separate `libhiprtc.so` beside `runtime` (or in its `deps/`).
pub fn find_hiprtc(runtime: &Path) -> Option<PathBuf> {
    let dir = runtime.parent()?;
    [dir.join("libhiprtc.so"), dir.join("deps/libhiprtc.so")]
        .into_iter()
        .find(|p| p.is_file())
}

/// A fresh `run-<pid>` directory under `parent`; the `run-*` directories of processes that are
/// gone are removed first.
pub fn fresh_run_dir(parent: &Path) -> Result<PathBuf, SuiteError> {
    fs::create_dir_all(parent)
        .map_err(|e| SuiteError::Setup(format!("create {}: {e}", parent.display())))?;
    if let Ok(entries) = fs::read_dir(parent) {
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if let Some(pid) = name.strip_prefix("run-") {
                if pid != std::process::id().to_string() && !Path::new("/proc").join(pid).exists() {
                    let _ = fs::remove_dir_all(entry.path());
                }
            }
        }
    }
    Ok(parent.join(format!("run-{}", std::process::id())))
}

/// The build directory, its library links and search path.
struct Env<'a> {
    config: &'a SuiteConfig,
    tests_dir: PathBuf,
    lib_dir: PathBuf,
    /// Extra `LD_LIBRARY_PATH` / `LIBRARY_PATH` entries (our lib dir first).
    lib_path: String,
}

fn symlink(target: &Path, link: &Path) -> Result<(), SuiteError> {
    let _ = fs::remove_file(link);
    std::os::unix::fs::symlink(target, link).map_err(|e| {
        SuiteError::Setup(format!(
            "symlink {} -> {}: {e}",
            link.display(),
            target.display()
        ))
    })
}

fn join_path(ours: &str, var: &str) -> String {
    match std::env::var(var) {
        Ok(old) if !old.is_empty() => format!("{ours}:{old}"),
        _ => ours.to_string(),
    }
}

impl<'a> Env<'a> {
    fn new(config: &'a SuiteConfig) -> Result<Env<'a>, SuiteError> {
        if !config.hipcc.is_file() {
            return Err(SuiteError::Setup(format!(
                "hipcc not found at {}",
                config.hipcc.display()
            )));
        }
        if !config.runtime.is_file() {
            return Err(SuiteError::Setup(format!(
                "runtime library {} is not a file",
                config.runtime.display()
            )));
        }
        let build_dir = &config.build_dir;
        let _ = fs::remove_dir_all(build_dir);
        let lib_dir = build_dir.join("lib");
        fs::create_dir_all(&lib_dir)
            .map_err(|e| SuiteError::Setup(format!("create {}: {e}", lib_dir.display())))?;
        // The link uses the unversioned name, the loader the SONAME (libamdhip64.so.7).
        for name in ["libamdhip64.so", "libamdhip64.so.7"] {
            symlink(&config.runtime, &lib_dir.join(name))?;
        }
        // hiprtc: the separate library if there is one; otherwise the entry points are
        // expected in libamdhip64 itself (as in ROCm before 5.x), so -lhiprtc resolves to it.
        let rtc = config.hiprtc.as_ref().unwrap_or(&config.runtime);
        for name in ["libhiprtc.so", "libhiprtc.so.7"] {
            symlink(rtc, &lib_dir.join(name))?;
        }
        let mut paths = vec![lib_dir.display().to_string()];
        if let Some(d) = config.runtime.parent() {
            paths.push(d.display().to_string());
        }
        Ok(Env {
            config,
            tests_dir: config.root.join("tests/hip"),
            lib_dir,
            lib_path: paths.join(":"),
        })
    }

    fn hipcc(&self) -> Command {
        let mut cmd = Command::new(&self.config.hipcc);
        cmd.current_dir(&self.config.root)
            .env("HIP_PLATFORM", self.config.platform.name())
            .env("LIBRARY_PATH", join_path(&self.lib_path, "LIBRARY_PATH"))
            .env(
                "LD_LIBRARY_PATH",
                join_path(&self.lib_path, "LD_LIBRARY_PATH"),
            )
            .arg("--platform")
            .arg(self.config.platform.name());
        cmd
    }

    /// `tests/hip/<x>.kernel.hip` → `<build>/<x>.co`.
    fn genco_output(&self, file: &str) -> PathBuf {
        let stem = file.trim_end_matches(".kernel.hip");
        self.config.build_dir.join(format!("{stem}.co"))
    }

    fn executable(&self, p: &Program) -> PathBuf {
        self.config.build_dir.join(&p.name)
    }
}

enum Job<'a> {
    Genco(String),
    Program(&'a Program),
}

fn build_one(env: &Env, job: &Job) -> Result<(), String> {
    let inc = format!("-I{}", env.tests_dir.display());
    let mut cmd = env.hipcc();
    let (what, out, log) = match job {
        Job::Genco(file) => {
            let out = env.genco_output(file);
            cmd.arg("--genco")
                .arg("-O2")
                .arg(&inc)
                .arg(env.tests_dir.join(file));
            cmd.arg("-o").arg(&out);
            (
                format!("code object {file}"),
                out.clone(),
                out.with_extension("genco"),
            )
        }
        Job::Program(p) => {
            let d = p.directives.as_ref().map_err(|e| e.clone())?;
            let out = env.executable(p);
            cmd.arg("-O2").arg(&inc).args(&p.sources);
            cmd.arg("-o").arg(&out).args(&d.hipcc_flags);
            (
                format!("program {}", p.name),
                out.clone(),
                out.with_extension("build"),
            )
        }
    };
    if let Some(dir) = out.parent() {
        fs::create_dir_all(dir).map_err(|e| format!("create {}: {e}", dir.display()))?;
    }
    let shown = format!("{cmd:?}");
    let o = run_with_timeout(cmd, BUILD_TIMEOUT, &log)?;
    if o.success() {
        Ok(())
    } else {
        Err(format!(
            "building {what} failed ({}):\n    $ {shown}\n{}",
            o.describe(),
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

/// The first `FAIL` line of stdout, as a failure.
fn reported_failure(o: &Outcome) -> Result<(), String> {
    match o
        .stdout
        .lines()
        .find(|l| l.trim_start().starts_with("FAIL"))
    {
        Some(l) => Err(format!("the program reported a failure: `{}`", l.trim())),
        None => Ok(()),
    }
}

/// Checks a finished run against the directives.
pub fn check_outcome(d: &Directives, o: &Outcome) -> Result<(), String> {
    let last = o
        .stdout
        .lines()
        .map(str::trim)
        .rfind(|l| !l.is_empty())
        .unwrap_or("");
    if o.timed_out {
        return Err(o.describe());
    }
    let status = o.status.ok_or("no exit status")?;
    match d.expect_exit {
        ExpectExit::Zero => {
            if !status.success() {
                return Err(format!("{} (expected exit code 0)", o.describe()));
            }
            if last != "PASS" {
                return Err(format!("last stdout line is `{last}`, expected `PASS`"));
            }
        }
        ExpectExit::NonZero => {
            if status.success() {
                return Err("exit code 0, expected a non-zero exit (or death by a signal)".into());
            }
            reported_failure(o)?;
        }
        ExpectExit::Code(c) => {
            if status.code() != Some(c) {
                return Err(format!("{} (expected exit code {c})", o.describe()));
            }
            reported_failure(o)?;
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
    let config = env.config;
    let mut cmd = Command::new(env.executable(p));
    cmd.current_dir(&config.build_dir)
        .env("HIP_PLATFORM", config.platform.name())
        .env(
            "LD_LIBRARY_PATH",
            join_path(&env.lib_path, "LD_LIBRARY_PATH"),
        )
        .env("HIP_TEST_BUILD_DIR", &config.build_dir)
        .env("HIP_TEST_SOURCE_DIR", &env.tests_dir);
    for g in &d.genco {
        cmd.arg(env.genco_output(g));
    }
    if d.include_dir {
        let inc = env.tests_dir.join("include");
        cmd.arg(&inc).env("HIP_TEST_INCLUDE_DIR", &inc);
    }
    for (k, v) in &d.env {
        cmd.env(k, v);
    }
    let mut limit_s = d.timeout_s * config.timeout_scale;
    if let Some(cap) = config.timeout_cap {
        limit_s = limit_s.min(cap);
    }
    let log = config.build_dir.join(format!("{}.run", p.name));
    let o = run_with_timeout(cmd, Duration::from_secs_f64(limit_s), &log)?;
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

/// Builds and runs the suite, printing a line per program and a summary line.
pub fn run_suite(config: &SuiteConfig) -> Result<Summary, SuiteError> {
    let env = Env::new(config)?;
    let programs = discover(&config.root, config.platform).map_err(SuiteError::Setup)?;
    let known = known_failures(&config.root, config.platform).map_err(SuiteError::Setup)?;
    let chosen: Vec<&Program> = programs
        .iter()
        .filter(|p| selected(&p.name, &config.filter))
        .collect();
    let dirs = match config.platform {
        Platform::Cpu => "tests/hip",
        Platform::Nvidia => "tests/hip and tests/nvidia",
    };
    println!(
        "HIP conformance ({}): {} programs in {dirs} under {}, {} selected; hipcc {}; build dir {}; runtime via {}",
        config.platform,
        programs.len(),
        config.root.display(),
        chosen.len(),
        config.hipcc.display(),
        config.build_dir.display(),
        env.lib_dir.display()
    );
    let mut problems = Vec::new();
    let suite_programs = programs.iter().filter(|p| !p.name.contains('/')).count();
    if suite_programs < MIN_PROGRAMS {
        problems.push(format!(
            "only {suite_programs} programs found in {} (at least {MIN_PROGRAMS} expected)",
            env.tests_dir.display()
        ));
    }
    if chosen.is_empty() {
        problems.push(format!(
            "the filter {:?} selects no program",
            config.filter.as_deref().unwrap_or_default().join(",")
        ));
    }

    // Code objects first (shared by several programs), then the programs.
    let gencos: BTreeSet<String> = chosen
        .iter()
        .filter_map(|p| p.directives.as_ref().ok())
        .flat_map(|d| d.genco.iter().cloned())
        .collect();
    let jobs = config.jobs.max(1);
    let t0 = Instant::now();
    let genco_jobs: Vec<Job> = gencos.iter().map(|g| Job::Genco(g.clone())).collect();
    let genco_results = build_all(&env, &genco_jobs, jobs);
    let mut genco_errors = BTreeMap::new();
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

    let summary = run_programs(&env, &chosen, build_results, &genco_errors, &known);
    println!(
        "{} passed, {} failed, {} known failures (tests/hip/KNOWN_FAILURES)",
        summary.passed.len(),
        summary.failed.len(),
        summary.known.len()
    );
    if !summary.failed.is_empty() {
        println!("failed: {}", summary.failed.join(" "));
        problems.push(format!(
            "{} of {} programs failed",
            summary.failed.len(),
            chosen.len()
        ));
    }
    if config.keep == Keep::Always || !summary.failed.is_empty() {
        println!("build directory kept: {}", config.build_dir.display());
    } else {
        let _ = fs::remove_dir_all(&config.build_dir);
    }
    if problems.is_empty() {
        Ok(summary)
    } else {
        Err(SuiteError::Failed { problems, summary })
    }
}

/// Runs the built programs one at a time and reports each.
fn run_programs(
    env: &Env,
    chosen: &[&Program],
    build_results: Vec<Result<(), String>>,
    genco_errors: &BTreeMap<String, String>,
    known: &HashMap<String, String>,
) -> Summary {
    let mut summary = Summary::default();
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
            run_program(env, p, d)
        })();
        match (result, known.get(&p.name)) {
            (Ok(t), None) => {
                summary.passed.push(p.name.clone());
                println!("PASS {} ({:.2} s)", p.name, t.as_secs_f64());
            }
            (Ok(_), Some(_)) => {
                // Keeps tests/hip/KNOWN_FAILURES honest: a fixed program must leave the list.
                summary.failed.push(p.name.clone());
                println!(
                    "FAIL {}: passed but is listed in KNOWN_FAILURES (remove it)",
                    p.name
                );
            }
            (Err(why), Some(reason)) => {
                summary.known.push(p.name.clone());
                let first = why.lines().next().unwrap_or("");
                println!("XFAIL {} (known: {reason}): {first}", p.name);
            }
            (Err(why), None) => {
                summary.failed.push(p.name.clone());
                println!("FAIL {}: {why}", p.name);
            }
        }
    }
    summary
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::process::ExitStatusExt;
    use std::process::ExitStatus;

    fn outcome(code: i32, stdout: &str, stderr: &str) -> Outcome {
        Outcome {
            status: Some(ExitStatus::from_raw(code << 8)),
            timed_out: false,
            stdout: stdout.into(),
            stderr: stderr.into(),
            elapsed: Duration::from_millis(1),
        }
    }

    #[test]
    fn outcomes_against_directives() {
        let zero = Directives::default();
        assert!(check_outcome(&zero, &outcome(0, "x\nPASS\n\n", "")).is_ok());
        assert!(check_outcome(&zero, &outcome(0, "PASS\nmore\n", "")).is_err());
        assert!(check_outcome(&zero, &outcome(1, "PASS\n", "")).is_err());
        let nonzero = Directives {
            expect_exit: ExpectExit::NonZero,
            ..Directives::default()
        };
        assert!(check_outcome(&nonzero, &outcome(134, "", "")).is_ok());
        assert!(check_outcome(&nonzero, &outcome(0, "", "")).is_err());
        assert!(check_outcome(&nonzero, &outcome(1, "  FAIL: x\n", "")).is_err());
        let code = Directives {
            expect_exit: ExpectExit::Code(2),
            expect_stdout: vec!["line".into()],
            expect_output: vec!["boom".into()],
            ..Directives::default()
        };
        assert!(check_outcome(&code, &outcome(2, " line \n", "a boom")).is_ok());
        assert!(check_outcome(&code, &outcome(3, " line \n", "a boom")).is_err());
        assert!(check_outcome(&code, &outcome(2, "lines\n", "a boom")).is_err());
        assert!(check_outcome(&code, &outcome(2, "line\n", "")).is_err());
        let mut late = outcome(0, "PASS\n", "");
        late.timed_out = true;
        assert!(check_outcome(&zero, &late).is_err());
    }

    #[test]
    fn filters() {
        assert_eq!(parse_filter(" ,"), None);
        let f = parse_filter("warp, nvidia/");
        assert_eq!(f, Some(vec!["warp".to_string(), "nvidia/".to_string()]));
        assert!(selected("warp_vote", &f) && selected("nvidia/rdc", &f));
        assert!(!selected("events", &f) && selected("events", &None));
    }
}
