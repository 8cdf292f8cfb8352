//! Runs every case of a library in child processes and counts what went wrong.
//!
//! A test binary with `harness = false` calls [`main`]. Without `FERROCM_PROBE_WORKER` in
//! its environment it is the parent: it lists the cases, splits them into one range per
//! core and runs each range in a child (the same binary, with `FERROCM_PROBE_WORKER=a..b`).
//! The child prints `@probe begin K` before case K's call and `@probe end K CODE SANITY`
//! after the call and the sanity sequence. A child that dies in case K is a crash, one
//! that prints nothing for the timeout a hang (it is killed), a failed sanity sequence a
//! corruption; the parent then starts a new child at K + 1, so one bad case costs one
//! process, not the run.
//!
//! Environment: `FERROCM_PROBE_FILTER` (substring of function names),
//! `FERROCM_PROBE_LIST` (print the numbered cases and stop), `FERROCM_PROBE_TIMEOUT` (seconds per case, default 10), `FERROCM_PROBE_JOBS` (children
//! at once, default the number of cores), `FERROCM_PROBE_REPORT` (a file to write every
//! case that went wrong, and every bad input that was accepted, to).

use std::collections::{BTreeMap, VecDeque};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use crate::classes::{classes_for, classify, Class, Kind};
use crate::library::Fixtures;
use crate::{Param, Probe, Value};

/// One call: function `probe`, parameter `param` given a bad value of `class`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Case {
    pub probe: usize,
    pub param: usize,
    pub kind: Kind,
    pub class: Class,
}

/// The kind of parameter `p` for library `f`.
pub fn kind_of(f: &dyn Fixtures, p: &Param) -> Kind {
    f.kind_override(p)
        .unwrap_or_else(|| classify(p, &|t| f.handle_family(t)))
}

/// Every case of library `f` (functions it skips left out; `filter` a name substring).
pub fn cases(f: &dyn Fixtures, filter: Option<&str>) -> Vec<Case> {
    let mut out = Vec::new();
    for (pi, probe) in f.probes().iter().enumerate() {
        if f.skip(probe.name).is_some() || filter.is_some_and(|s| !probe.name.contains(s)) {
            continue;
        }
        for (ai, param) in probe.params.iter().enumerate() {
            let kind = kind_of(f, param);
            for &class in classes_for(kind) {
                if !f.is_valid_input(probe, param, kind, class) {
                    out.push(Case {
                        probe: pi,
                        param: ai,
                        kind,
                        class,
                    });
                }
            }
        }
    }
    out
}

/// An address no process has mapped (not canonical on x86-64: bit 47 set, 63..48 clear).
pub const GARBAGE_ADDRESS: u64 = 0x0000_dead_beef_0000;

/// A bad value of `class` for a parameter of `kind`, or `None` where the fixtures have
/// none (then the case counts as skipped).
fn bad_value(f: &mut dyn Fixtures, kind: Kind, class: Class, valid: &Value) -> Option<Value> {
    let word = |w: u64| Some(Value::Word(w));
    match class {
        Class::Null => word(0),
        Class::Garbage => word(GARBAGE_ADDRESS),
        Class::Destroyed => f.destroyed(kind),
        Class::WrongType => match kind {
            Kind::Handle(family) => f.other_family(family),
            _ => None,
        },
        Class::ForeignHost => {
            // Ordinary host memory the runtime never saw; leaked on purpose (the call
            // may keep it, e.g. as a registered buffer).
            let host: &'static mut [u64] = Vec::leak(vec![0u64; 1 << 17]);
            word(host.as_mut_ptr() as usize as u64)
        }
        Class::Misaligned => match valid {
            Value::Word(w) => word(w + 1),
            _ => None,
        },
        Class::Zero => match kind {
            Kind::Plain => Some(Value::Bytes(Vec::new())),
            _ => word(0),
        },
        Class::Huge => match kind {
            Kind::Size => word(u64::MAX),
            Kind::Device => word(1000),
            _ => word(i32::MAX as u64),
        },
        Class::Negative => word(-1i64 as u64),
        Class::Unknown => word(0x4000_1234),
        Class::NotFinite => Some(Value::Float(f64::NAN)),
        Class::GarbageBytes => Some(Value::Bytes(vec![0xA5; 512])),
    }
}

static NAME: &[u8] = b"ferrocm_probe\0";

/// The runner's valid value where the fixtures give none.
fn default_valid(kind: Kind, scratch: &mut Vec<Vec<u64>>) -> Value {
    let mut buffer = || {
        scratch.push(vec![0u64; 8192]);
        let last = scratch
            .last_mut()
            .map(|v| v.as_mut_ptr() as usize)
            .unwrap_or(0);
        Value::Word(last as u64)
    };
    match kind {
        Kind::Out | Kind::In | Kind::HandleOut(_) | Kind::Data | Kind::Handle(_) => buffer(),
        Kind::Str => Value::Word(NAME.as_ptr() as usize as u64),
        Kind::Size => Value::Word(64),
        Kind::Count => Value::Word(1),
        Kind::Flags | Kind::Device => Value::Word(0),
        Kind::Float => Value::Float(1.0),
        Kind::Callback => Value::Callback(true),
        Kind::Plain => Value::Bytes(Vec::new()),
    }
}

/// The value a case passes, for the report.
fn describe(case: &Case, probe: &Probe) -> String {
    let p = &probe.params[case.param];
    format!(
        "{}({}: {}) <- {}",
        probe.name,
        p.name,
        p.ty,
        case.class.label()
    )
}

/// Runs cases `range` in this process (the child's side).
fn worker(mut f: Box<dyn Fixtures>, range: std::ops::Range<usize>) {
    let filter = std::env::var("FERROCM_PROBE_FILTER").ok();
    let all = cases(f.as_ref(), filter.as_deref());
    let mut out = std::io::stdout().lock();
    if let Err(e) = f.setup() {
        let _ = writeln!(out, "@probe setup-failed {e}");
        std::process::exit(2);
    }
    let probes = f.probes();
    for k in range {
        let Some(case) = all.get(k).copied() else {
            break;
        };
        let probe = &probes[case.probe];
        let mut scratch = Vec::new();
        let mut values = Vec::with_capacity(probe.params.len());
        for (i, p) in probe.params.iter().enumerate() {
            let kind = if i == case.param {
                case.kind
            } else {
                kind_of(f.as_ref(), p)
            };
            let v = f
                .valid(kind, p)
                .unwrap_or_else(|| default_valid(kind, &mut scratch));
            values.push(v);
        }
        let Some(bad) = bad_value(f.as_mut(), case.kind, case.class, &values[case.param]) else {
            let _ = writeln!(out, "@probe skip {k}");
            let _ = out.flush();
            f.release();
            continue;
        };
        values[case.param] = bad;
        let _ = writeln!(out, "@probe begin {k}");
        let _ = out.flush();
        // SAFETY: the point of the test; the function must cope with the bad value.
        let code = unsafe { (probe.call)(&values) };
        f.release();
        let sanity = match f.sanity() {
            Ok(()) => "ok".to_string(),
            Err(e) => format!("corrupt:{}", e.replace(char::is_whitespace, "_")),
        };
        let _ = writeln!(out, "@probe end {k} {code} {sanity}");
        let _ = out.flush();
        drop(scratch);
    }
    let _ = out.flush();
    std::process::exit(0);
}

/// What became of one case.
#[derive(Debug, Clone)]
pub enum Outcome {
    Returned { code: i64 },
    Skipped,
    Crashed(String),
    Hung,
    Corrupt(String),
}

enum Line {
    Out(String),
    Err(String),
    Closed,
}

/// Runs cases `lo..hi` in as many children as needed; returns each case's outcome.
fn run_range(library: usize, lo: usize, hi: usize, timeout: Duration) -> BTreeMap<usize, Outcome> {
    let mut outcomes = BTreeMap::new();
    let mut next = lo;
    while next < hi {
        let exe = match std::env::current_exe() {
            Ok(e) => e,
            Err(e) => panic!("bad-input runner: no path to this test binary: {e}"),
        };
        let mut cmd = Command::new(exe);
        cmd.env("FERROCM_PROBE_WORKER", format!("{next}..{hi}"))
            .env("FERROCM_PROBE_LIBRARY", library.to_string())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // SAFETY: setrlimit is async-signal-safe; no core files from the expected crashes.
        unsafe {
            std::os::unix::process::CommandExt::pre_exec(&mut cmd, || {
                let zero = libc::rlimit {
                    rlim_cur: 0,
                    rlim_max: 0,
                };
                libc::setrlimit(libc::RLIMIT_CORE, &zero);
                Ok(())
            });
        }
        let mut child = match cmd.spawn() {
            Ok(c) => c,
            Err(e) => panic!("bad-input runner: cannot start a worker: {e}"),
        };
        let (tx, rx) = mpsc::channel();
        let pipes: Vec<(Box<dyn std::io::Read + Send>, bool)> = vec![
            (Box::new(child.stdout.take().expect("piped stdout")), true),
            (Box::new(child.stderr.take().expect("piped stderr")), false),
        ];
        for (pipe, is_out) in pipes {
            let tx = tx.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(pipe).lines().map_while(Result::ok) {
                    let _ = tx.send(if is_out {
                        Line::Out(line)
                    } else {
                        Line::Err(line)
                    });
                }
                let _ = tx.send(Line::Closed);
            });
        }
        drop(tx);
        let mut current: Option<usize> = None;
        let mut stderr_tail: VecDeque<String> = VecDeque::new();
        let mut closed = 0;
        let mut restart_at = hi;
        let mut progress: Option<usize> = None;
        loop {
            match rx.recv_timeout(timeout) {
                Ok(Line::Out(l)) => {
                    let words: Vec<&str> = l.split_whitespace().collect();
                    match words.as_slice() {
                        ["@probe", "begin", k] => {
                            current = k.parse().ok();
                            stderr_tail.clear();
                        }
                        ["@probe", "skip", k] => {
                            if let Ok(k) = k.parse::<usize>() {
                                outcomes.insert(k, Outcome::Skipped);
                                progress = Some(k);
                            }
                        }
                        ["@probe", "end", k, code, sanity] => {
                            if let (Ok(k), Ok(code)) = (k.parse::<usize>(), code.parse::<i64>()) {
                                current = None;
                                progress = Some(k);
                                if let Some(msg) = sanity.strip_prefix("corrupt:") {
                                    outcomes.insert(k, Outcome::Corrupt(msg.to_string()));
                                    // The runtime is suspect now: a fresh process goes on.
                                    restart_at = k + 1;
                                    let _ = child.kill();
                                } else {
                                    outcomes.insert(k, Outcome::Returned { code });
                                }
                            }
                        }
                        ["@probe", "setup-failed", ..] => {
                            panic!("bad-input runner: the library did not start: {l}")
                        }
                        _ => {}
                    }
                    if restart_at < hi {
                        break;
                    }
                }
                Ok(Line::Err(l)) => {
                    if stderr_tail.len() == 6 {
                        stderr_tail.pop_front();
                    }
                    stderr_tail.push_back(l);
                }
                Ok(Line::Closed) => {
                    closed += 1;
                    if closed == 2 {
                        break;
                    }
                }
                Err(_) => {
                    // No line for a whole timeout: a hang in the current case (or in the
                    // sanity sequence after it).
                    let _ = child.kill();
                    if let Some(k) = current.take() {
                        outcomes.insert(k, Outcome::Hung);
                        restart_at = k + 1;
                    }
                    break;
                }
            }
        }
        let status = child.wait();
        let how = match status {
            Ok(s) => {
                use std::os::unix::process::ExitStatusExt;
                match s.signal() {
                    Some(sig) => format!("signal {sig}"),
                    None => format!("exit {}", s.code().unwrap_or(-1)),
                }
            }
            Err(e) => format!("wait failed: {e}"),
        };
        let tail: Vec<String> = stderr_tail.into_iter().collect();
        next = if let Some(k) = current {
            outcomes.insert(k, Outcome::Crashed(format!("{how}; {}", tail.join(" | "))));
            k + 1
        } else if restart_at < hi {
            restart_at
        } else if let Some(p) = progress {
            p + 1
        } else {
            // Died before its first case: blame that case, so the run moves on.
            outcomes.insert(
                next,
                Outcome::Crashed(format!(
                    "worker died before the call: {how}; {}",
                    tail.join(" | ")
                )),
            );
            next + 1
        };
    }
    outcomes
}

/// The counts of one run.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Summary {
    pub calls: usize,
    pub crashes: usize,
    pub hangs: usize,
    pub corrupt: usize,
    pub skipped: usize,
    /// Bad inputs that the function accepted (returned success).
    pub accepted: usize,
}

impl Summary {
    pub fn line(&self, library: &str) -> String {
        format!(
            "bad-input: {library}: {} calls, {} crashes, {} hangs, {} corrupt ({} bad inputs accepted, {} cases without a value)",
            self.calls, self.crashes, self.hangs, self.corrupt, self.accepted, self.skipped
        )
    }
}

/// The entry point of a `harness = false` bad-input test: `make` creates the library's
/// fixtures. The parent prints the summary and every failure, and panics if anything
/// crashed, hung or was corrupted.
pub fn main(make: fn() -> Box<dyn Fixtures>) {
    main_each(1, &|_| make());
}

/// [`main`] for several libraries in one test binary (twin libraries such as rocBLAS and
/// hipBLAS): `make(i)` creates library `i`'s fixtures; each library is run in turn.
pub fn main_each(count: usize, make: &dyn Fn(usize) -> Box<dyn Fixtures>) {
    let library = std::env::var("FERROCM_PROBE_LIBRARY")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    if let Ok(range) = std::env::var("FERROCM_PROBE_WORKER") {
        let (a, b) = range.split_once("..").unwrap_or(("0", "0"));
        let (a, b) = (a.parse().unwrap_or(0), b.parse().unwrap_or(0));
        worker(make(library), a..b);
        return;
    }
    if std::env::var_os("FERROCM_PROBE_LIST").is_some() {
        list(make(library).as_ref());
        return;
    }
    let mut broken = Vec::new();
    for i in 0..count {
        let fixtures = make(i);
        if !parent(i, fixtures.as_ref()) {
            broken.push(fixtures.library());
        }
    }
    assert!(
        broken.is_empty(),
        "bad input crashed, hung or corrupted {}: see the list above",
        broken.join(", ")
    );
}

/// The numbered cases, to run one alone: `FERROCM_PROBE_WORKER=K..K+1 <this binary>`
/// (`FERROCM_PROBE_LIBRARY=i` for the library's index in a binary with several).
fn list(fixtures: &dyn Fixtures) {
    let filter = std::env::var("FERROCM_PROBE_FILTER").ok();
    let probes = fixtures.probes();
    for (k, case) in cases(fixtures, filter.as_deref()).iter().enumerate() {
        println!("{k} {}", describe(case, &probes[case.probe]));
    }
}

/// Runs library `library`'s cases in children; prints the summary and the failures;
/// whether nothing crashed, hung or was corrupted.
fn parent(library: usize, fixtures: &dyn Fixtures) -> bool {
    let filter = std::env::var("FERROCM_PROBE_FILTER").ok();
    let all = cases(fixtures, filter.as_deref());
    let probes = fixtures.probes();
    let timeout = Duration::from_secs(
        std::env::var("FERROCM_PROBE_TIMEOUT")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(10),
    );
    let jobs = std::env::var("FERROCM_PROBE_JOBS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()))
        .max(1);
    let started = std::time::Instant::now();
    let chunk = all.len().div_ceil(jobs).max(1);
    let handles: Vec<_> = (0..all.len())
        .step_by(chunk)
        .map(|lo| {
            let hi = (lo + chunk).min(all.len());
            std::thread::spawn(move || run_range(library, lo, hi, timeout))
        })
        .collect();
    let mut outcomes = BTreeMap::new();
    for h in handles {
        match h.join() {
            Ok(o) => outcomes.extend(o),
            Err(_) => panic!("bad-input runner: a worker thread panicked"),
        }
    }
    let mut summary = Summary::default();
    let mut failures = Vec::new();
    let mut accepted = Vec::new();
    for (k, case) in all.iter().enumerate() {
        let probe = &probes[case.probe];
        match outcomes.get(&k) {
            None => {
                summary.crashes += 1;
                failures.push(format!("LOST   {} (no outcome)", describe(case, probe)));
            }
            Some(Outcome::Skipped) => summary.skipped += 1,
            Some(Outcome::Returned { code }) => {
                summary.calls += 1;
                if fixtures.is_success(probe, *code) {
                    summary.accepted += 1;
                    accepted.push(describe(case, probe));
                }
            }
            Some(Outcome::Crashed(how)) => {
                summary.calls += 1;
                summary.crashes += 1;
                failures.push(format!("CRASH  {} ({how})", describe(case, probe)));
            }
            Some(Outcome::Hung) => {
                summary.calls += 1;
                summary.hangs += 1;
                failures.push(format!("HANG   {}", describe(case, probe)));
            }
            Some(Outcome::Corrupt(msg)) => {
                summary.calls += 1;
                summary.corrupt += 1;
                failures.push(format!("CORRUPT {} ({msg})", describe(case, probe)));
            }
        }
    }
    for f in &failures {
        println!("{f}");
    }
    if let Ok(path) = std::env::var("FERROCM_PROBE_REPORT") {
        // One file per library where a binary runs several (`<path>.<index>` after the first).
        let path = if library == 0 {
            path
        } else {
            format!("{path}.{library}")
        };
        let mut text = format!("{}\n\n", summary.line(fixtures.library()));
        for f in &failures {
            text.push_str(&format!("{f}\n"));
        }
        text.push_str("\naccepted (returned success):\n");
        for a in &accepted {
            text.push_str(&format!("  {a}\n"));
        }
        if let Err(e) = std::fs::write(&path, text) {
            println!("cannot write {path}: {e}");
        }
    }
    println!(
        "{} [{:.1} s]",
        summary.line(fixtures.library()),
        started.elapsed().as_secs_f64()
    );
    summary.crashes + summary.hangs + summary.corrupt == 0
}
