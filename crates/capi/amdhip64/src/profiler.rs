//! The HIP API tracer that `rocprofv3 --hip-trace` switches on (`crates/tools/rocprofv3`,
//! `docs/PROFILING.md`).
//!
//! rocprofv3 runs the program with `FERROCM_PROFILE_DIR` set and `hip` among
//! `FERROCM_PROFILE_DOMAINS`. An ELF constructor reads them as the library loads and, only
//! then, installs [`ApiTracer`] as the export table's [`Tracer`]: an unprofiled program never
//! has a tracer (its calls pay the one atomic load of [`crate::trace`]). The tracer records,
//! per call, the function, kernel thread id, `CLOCK_MONOTONIC` start and end in nanoseconds,
//! the status returned and a correlation id: the start in a thread-local stack (no lock), the
//! finished call in a buffer of the calling thread (its own, uncontended lock). At `exit` the
//! records of every thread are written to `<dir>/<pid>.hip.trace`, which rocprofv3 turns into
//! ROCm's output files.
//!
//! The file format is `ferrocm_roctx::trace_file`'s (this crate does not depend on that one,
//! so [`write_trace`] mirrors its writer; rocprofv3's tests read what this writes).

use std::cell::{OnceCell, RefCell};
use std::fs::OpenOptions;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

use parking_lot::Mutex;

use crate::entry::HipErrorT;
use crate::exports::{ApiId, API};
use crate::profiler_activity;
use crate::trace::{self, Tracer};

/// The folder rocprofv3 collects trace files in.
pub const ENV_DIR: &str = "FERROCM_PROFILE_DIR";
/// The comma-separated domains to record; this tracer's is [`DOMAIN`].
pub const ENV_DOMAINS: &str = "FERROCM_PROFILE_DOMAINS";
/// The domain word of HIP API trace files.
pub const DOMAIN: &str = "hip";

/// One finished call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Call {
    id: ApiId,
    correlation_id: u64,
    thread_id: u64,
    start_ns: u64,
    end_ns: u64,
    status: HipErrorT,
}

type Buffer = Arc<Mutex<Vec<Call>>>;

/// Records every exported call into per-thread buffers.
pub struct ApiTracer {
    dir: PathBuf,
    /// Whether calls are recorded (`hip` asked for); otherwise only their correlation ids
    /// are kept while they run, for kernel, copy and allocation records.
    record_calls: bool,
    buffers: Mutex<Vec<Buffer>>,
    next_correlation_id: AtomicU64,
    /// `hipProfilerStop` / `hipProfilerStart` calls, in call order.
    switches: Mutex<Vec<Switch>>,
}

/// A `hipProfilerStop` (pause) or `hipProfilerStart` (resume).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Switch {
    pause: bool,
    thread_id: u64,
    at_ns: u64,
}

thread_local! {
    /// This thread's buffer of finished calls (one tracer per process, so one buffer per
    /// thread).
    static LOCAL: OnceCell<Buffer> = const { OnceCell::new() };
    /// This thread's calls in progress: correlation id and start, innermost last.
    static OPEN: RefCell<Vec<(u64, u64)>> = const { RefCell::new(Vec::new()) };
    /// This thread's kernel id, asked once.
    static THREAD_ID: u64 = {
        // SAFETY: gettid has no preconditions.
        (unsafe { libc::gettid() }) as u64
    };
}

/// The correlation id and start (0 when calls are not recorded) of the innermost HIP call
/// open on this thread (what a kernel, copy or allocation record of that call links to).
pub(crate) fn current_call() -> Option<(u64, u64)> {
    OPEN.try_with(|open| open.borrow().last().copied())
        .ok()
        .flatten()
}

/// This thread's kernel id (0 during its teardown).
pub(crate) fn thread_id() -> u64 {
    THREAD_ID.try_with(|t| *t).unwrap_or(0)
}

/// `CLOCK_MONOTONIC` in nanoseconds (rocprofv3's clock).
fn now_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid out-pointer; CLOCK_MONOTONIC always exists on Linux.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut ts) };
    ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
}

impl ApiTracer {
    /// A tracer that will write `<dir>/<pid>.hip.trace`.
    pub fn new(dir: PathBuf) -> Self {
        Self::with_calls(dir, true)
    }

    /// A tracer that records calls (`record_calls`) or only numbers them while they run.
    pub fn with_calls(dir: PathBuf, record_calls: bool) -> Self {
        ApiTracer {
            dir,
            record_calls,
            buffers: Mutex::new(Vec::new()),
            next_correlation_id: AtomicU64::new(1),
            switches: Mutex::new(Vec::new()),
        }
    }

    /// Where the trace goes.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Adds a finished call to this thread's buffer (not during the thread's own teardown,
    /// when its thread-locals are gone: such a call is not recorded).
    fn file(&self, call: Call) {
        let _ = LOCAL.try_with(|local| {
            let buffer = local.get_or_init(|| {
                let buffer = Buffer::default();
                self.buffers.lock().push(buffer.clone());
                buffer
            });
            buffer.lock().push(call);
        });
    }

    /// Takes the finished calls of every thread, in start order (calls still running are
    /// not there yet).
    fn drain(&self) -> Vec<Call> {
        let mut all: Vec<Call> = self
            .buffers
            .lock()
            .iter()
            .flat_map(|b| std::mem::take(&mut *b.lock()))
            .collect();
        all.sort_by_key(|c| (c.start_ns, c.correlation_id));
        all
    }

    /// Notes `hipProfilerStop` (`pause`) or `hipProfilerStart` (resume) now, on this thread:
    /// rocprofv3 leaves out what starts between a stop and the next start, as it does for
    /// `roctxProfilerPause`/`Resume`.
    pub fn switch(&self, pause: bool) {
        self.switches.lock().push(Switch {
            pause,
            thread_id: thread_id(),
            at_ns: now_ns(),
        });
    }

    /// Appends the finished calls so far to `<dir>/<pid>.hip.trace`; returns its path.
    pub fn write_trace(&self) -> io::Result<PathBuf> {
        let pid = std::process::id();
        let path = self.dir.join(format!("{pid}.{DOMAIN}.trace"));
        let file = OpenOptions::new().create(true).append(true).open(&path)?;
        let mut out = BufWriter::new(file);
        let switches = std::mem::take(&mut *self.switches.lock());
        write_trace(&mut out, pid, &self.drain(), &switches)?;
        out.flush()?;
        Ok(path)
    }
}

/// The trace file format of `ferrocm_roctx::trace_file` (HIP function names need no
/// escaping).
fn write_trace(
    out: &mut impl Write,
    pid: u32,
    calls: &[Call],
    switches: &[Switch],
) -> io::Result<()> {
    writeln!(out, "ferrocm-trace 1 {DOMAIN} {pid}")?;
    for s in switches {
        let (kind, name) = if s.pause {
            ("pause", "hipProfilerStop")
        } else {
            ("resume", "hipProfilerStart")
        };
        writeln!(
            out,
            "{kind}\t0\t{}\t{}\t{}\t0\t{name}",
            s.thread_id, s.at_ns, s.at_ns
        )?;
    }
    for c in calls {
        writeln!(
            out,
            "api\t{}\t{}\t{}\t{}\t{}\t{}",
            c.correlation_id, c.thread_id, c.start_ns, c.end_ns, c.status, API[c.id as usize].name
        )?;
    }
    Ok(())
}

impl Tracer for ApiTracer {
    /// Notes the call's correlation id and start on this thread (no lock); the token is the
    /// correlation id.
    fn enter(&self, _id: ApiId) -> u64 {
        let correlation_id = self.next_correlation_id.fetch_add(1, Ordering::Relaxed);
        // Without call records no start is needed (0: unknown).
        let start_ns = if self.record_calls { now_ns() } else { 0 };
        // A thread being torn down (a thread-local's destructor calling HIP) has no OPEN any
        // more; its calls are not recorded (`exit` finds nothing open).
        let _ = OPEN.try_with(|open| open.borrow_mut().push((correlation_id, start_ns)));
        correlation_id
    }

    /// Files the finished call in this thread's buffer.
    fn exit(&self, id: ApiId, token: u64, status: HipErrorT) {
        if !self.record_calls {
            let _ = OPEN.try_with(|open| {
                let mut open = open.borrow_mut();
                if let Some(at) = open.iter().rposition(|&(corr, _)| corr == token) {
                    open.remove(at);
                }
            });
            return;
        }
        let end_ns = now_ns();
        // Calls nest on a thread (a callback calling HIP), so this one is the innermost open.
        let opened = OPEN
            .try_with(|open| {
                let mut open = open.borrow_mut();
                let at = open.iter().rposition(|&(corr, _)| corr == token)?;
                Some(open.remove(at))
            })
            .ok()
            .flatten();
        let (Some((correlation_id, start_ns)), Ok(thread_id)) =
            (opened, THREAD_ID.try_with(|t| *t))
        else {
            return;
        };
        self.file(Call {
            id,
            correlation_id,
            thread_id,
            start_ns,
            end_ns: end_ns.max(start_ns),
            status,
        });
    }
}

/// The installed profiler, when rocprofv3 asked for HIP tracing.
static PROFILER: OnceLock<ApiTracer> = OnceLock::new();

/// `hipProfilerStop` (`pause`) / `hipProfilerStart`: a pause or resume switch for rocprofv3
/// when it traces this process; nothing to do otherwise (as CUDA's profiler calls without a
/// profiler).
pub fn switch_collection(pause: bool) {
    if let Some(tracer) = PROFILER.get() {
        tracer.switch(pause);
    }
}

/// Whether this process records HIP calls for rocprofv3.
pub fn is_recording() -> bool {
    PROFILER.get().is_some()
}

/// The folder to write traces to and the domains to record, when the environment asks
/// for HIP calls or activity (activity records need the calls' correlation ids, so either
/// switches the call tracer on).
fn requested() -> Option<(PathBuf, Vec<String>)> {
    let dir = std::env::var_os(ENV_DIR)?;
    let domains: Vec<String> = std::env::var(ENV_DOMAINS)
        .ok()?
        .split(',')
        .map(|d| d.trim().to_string())
        .collect();
    let ours = [
        DOMAIN,
        profiler_activity::KERNEL_DOMAIN,
        profiler_activity::COPY_DOMAIN,
        profiler_activity::ALLOCATION_DOMAIN,
    ];
    domains
        .iter()
        .any(|d| ours.contains(&d.as_str()))
        .then(|| (dir.into(), domains))
}

/// The activity recorder, when rocprofv3 asked for kernels, copies or allocations.
static ACTIVITY: OnceLock<&'static profiler_activity::ActivityRecorder> = OnceLock::new();

/// Runs when the dynamic linker loads the library (before `main` for linked programs).
extern "C" fn on_load() {
    let Some((dir, domains)) = requested() else {
        return;
    };
    let record_calls = domains.iter().any(|d| d == DOMAIN);
    let tracer = PROFILER.get_or_init(|| ApiTracer::with_calls(dir, record_calls));
    trace::install(tracer);
    let words: Vec<&str> = domains.iter().map(String::as_str).collect();
    if let Some(recorder) = profiler_activity::install(&words) {
        let _ = ACTIVITY.set(recorder);
    }
    // SAFETY: registering a plain `extern "C" fn()`; atexit has no other precondition.
    if unsafe { libc::atexit(on_exit) } != 0 {
        trace::uninstall();
        profiler_activity::stop();
        eprintln!("libamdhip64: cannot register the HIP trace writer; HIP tracing off");
    }
}

/// Runs at `exit`, after the program's own atexit handlers and static destructors (they
/// were registered later): calls made from them are traced too.
extern "C" fn on_exit() {
    if let Some(tracer) = PROFILER.get() {
        trace::uninstall();
        if let Err(e) = tracer.write_trace() {
            eprintln!(
                "libamdhip64: cannot write the HIP trace to {}: {e}",
                tracer.dir().display()
            );
        }
        if let Some(recorder) = ACTIVITY.get() {
            profiler_activity::stop();
            if let Err(e) = recorder.write(tracer.dir()) {
                eprintln!(
                    "libamdhip64: cannot write the activity trace to {}: {e}",
                    tracer.dir().display()
                );
            }
        }
    }
}

#[used]
#[link_section = ".init_array"]
static ON_LOAD: extern "C" fn() = on_load;

#[cfg(test)]
mod tests {
    use super::*;

    // The tracer is driven directly (not installed: other tests of this crate install their
    // own tracer in the same process).

    #[test]
    fn without_call_records_calls_are_only_numbered_while_open() {
        let dir = std::env::temp_dir().join(format!("amdhip64-numbered-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let tracer = ApiTracer::with_calls(dir.clone(), false);
        let outer = tracer.enter(ApiId::hipGraphLaunch);
        assert_eq!(current_call(), Some((outer, 0)));
        let inner = tracer.enter(ApiId::hipMalloc);
        assert_eq!(current_call(), Some((inner, 0)));
        tracer.exit(ApiId::hipMalloc, inner, 0);
        assert_eq!(
            current_call(),
            Some((outer, 0)),
            "the outer call is open again"
        );
        tracer.exit(ApiId::hipGraphLaunch, outer, 0);
        assert_eq!(current_call(), None);
        let path = tracer.write_trace().expect("write");
        let text = std::fs::read_to_string(&path).expect("read back");
        std::fs::remove_dir_all(&dir).expect("clean up");
        assert_eq!(text.lines().count(), 1, "the header only: {text}");
    }

    #[test]
    fn calls_are_recorded_with_nesting_statuses_and_ordered_times() {
        let dir = std::env::temp_dir().join(format!("amdhip64-profiler-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let tracer = ApiTracer::new(dir.clone());
        let outer = tracer.enter(ApiId::hipMalloc);
        let inner = tracer.enter(ApiId::hipGetDeviceCount);
        tracer.exit(ApiId::hipGetDeviceCount, inner, 0);
        tracer.exit(ApiId::hipMalloc, outer, 2);
        let running = tracer.enter(ApiId::hipDeviceSynchronize);
        let other = std::thread::scope(|s| {
            s.spawn(|| {
                let t = tracer.enter(ApiId::hipFree);
                tracer.exit(ApiId::hipFree, t, 1);
                THREAD_ID.with(|t| *t)
            })
            .join()
            .expect("thread")
        });
        let path = tracer.write_trace().expect("write");
        tracer.exit(ApiId::hipDeviceSynchronize, running, 0);
        let text = std::fs::read_to_string(&path).expect("read back");
        std::fs::remove_dir_all(&dir).expect("clean up");

        let mut lines = text.lines();
        assert_eq!(
            lines.next(),
            Some(format!("ferrocm-trace 1 hip {}", std::process::id()).as_str())
        );
        let rows: Vec<Vec<&str>> = lines.map(|l| l.split('\t').collect()).collect();
        let names: Vec<&str> = rows.iter().map(|r| r[6]).collect();
        assert_eq!(names, ["hipMalloc", "hipGetDeviceCount", "hipFree"]);
        let statuses: Vec<&str> = rows.iter().map(|r| r[5]).collect();
        assert_eq!(statuses, ["2", "0", "1"]);
        let number = |r: &[&str], i: usize| r[i].parse::<u64>().expect("number");
        let (malloc, count, free) = (&rows[0], &rows[1], &rows[2]);
        assert!(number(malloc, 3) <= number(count, 3));
        assert!(
            number(count, 4) <= number(malloc, 4),
            "the inner call ends first"
        );
        assert!(number(malloc, 1) < number(count, 1), "ids in entry order");
        assert_eq!(number(free, 2), other);
        assert_ne!(number(malloc, 2), other);
    }
}
