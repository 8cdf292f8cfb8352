//! roctx's markers and ranges: what `libroctx64.so`'s entry points do.
//!
//! Ranges nest per thread whether or not a profiler listens (push and pop return depths);
//! only with a profiler active (`rocprofv3 --marker-trace`, see [`activate`]) are messages
//! copied and records kept, so an unprofiled program pays a thread-local push or pop.

use std::cell::RefCell;
use std::collections::HashMap;
use std::ffi::CStr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::OnceLock;

use parking_lot::Mutex;

use crate::clock::{now_ns, thread_id};
use crate::recorder::Recorder;
use crate::trace_file::{Kind, Record};

/// The domain word of marker trace files.
pub const DOMAIN: &str = "marker";

/// What roctx calls can get wrong.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum RoctxError {
    #[error("roctxRangePop without an open roctxRangePush range on this thread")]
    NoOpenRange,
    #[error("roctxRangeStop of range id {0}, which is not open")]
    UnknownRangeId(u64),
    #[error("roctx call during the thread's teardown (its range stack is gone)")]
    ThreadExiting,
}

/// An open range: what its record needs when it closes.
#[derive(Debug)]
struct Open {
    correlation_id: u64,
    thread_id: u64,
    start_ns: u64,
    message: String,
}

static ACTIVE: AtomicBool = AtomicBool::new(false);
static RECORDER: OnceLock<Recorder> = OnceLock::new();
/// Correlation ids of marker records and ids of start/stop ranges (0 is never handed out).
static NEXT_ID: AtomicU64 = AtomicU64::new(1);
/// Start/stop ranges not stopped yet (any thread may stop them).
static STARTED: OnceLock<Mutex<HashMap<u64, Open>>> = OnceLock::new();

thread_local! {
    /// This thread's push/pop ranges, innermost last (`None` where nothing is recorded).
    static STACK: RefCell<Vec<Option<Open>>> = const { RefCell::new(Vec::new()) };
}

/// Switches recording on for the rest of the process; records go to
/// `<dir>/<pid>.marker.trace` when [`write_trace`] runs. A second call changes nothing.
pub fn activate(dir: std::path::PathBuf) {
    if RECORDER.set(Recorder::new(DOMAIN, dir)).is_ok() {
        ACTIVE.store(true, Ordering::Release);
    }
}

/// Whether a profiler records markers.
#[inline]
pub fn is_active() -> bool {
    ACTIVE.load(Ordering::Relaxed)
}

fn recorder() -> Option<&'static Recorder> {
    if is_active() {
        RECORDER.get()
    } else {
        None
    }
}

fn open(message: &CStr) -> Open {
    Open {
        correlation_id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
        thread_id: thread_id(),
        start_ns: now_ns(),
        message: message.to_string_lossy().into_owned(),
    }
}

fn close(recorder: &Recorder, kind: Kind, open: Open) {
    recorder.push(Record {
        kind,
        correlation_id: open.correlation_id,
        thread_id: open.thread_id,
        start_ns: open.start_ns,
        end_ns: now_ns(),
        status: 0,
        name: open.message,
    });
}

/// `roctxMarkA`: an instant event.
pub fn mark(message: &CStr) {
    if let Some(recorder) = recorder() {
        let open = open(message);
        let at = open.start_ns;
        recorder.push(Record {
            kind: Kind::Mark,
            correlation_id: open.correlation_id,
            thread_id: open.thread_id,
            start_ns: at,
            end_ns: at,
            status: 0,
            name: open.message,
        });
    }
}

/// `roctxRangePushA`: opens a nested range on this thread; returns its level (0 for the
/// outermost).
pub fn range_push(message: &CStr) -> Result<i32, RoctxError> {
    let open = recorder().map(|_| open(message));
    STACK
        .try_with(|stack| {
            let mut stack = stack.borrow_mut();
            stack.push(open);
            i32::try_from(stack.len() - 1).unwrap_or(i32::MAX)
        })
        .map_err(|_| RoctxError::ThreadExiting)
}

/// `roctxRangePop`: closes this thread's innermost range; returns the level it was opened at.
pub fn range_pop() -> Result<i32, RoctxError> {
    let (level, open) = STACK
        .try_with(|stack| {
            let mut stack = stack.borrow_mut();
            let open = stack.pop().ok_or(RoctxError::NoOpenRange)?;
            Ok((i32::try_from(stack.len()).unwrap_or(i32::MAX), open))
        })
        .map_err(|_| RoctxError::ThreadExiting)??;
    if let (Some(recorder), Some(open)) = (recorder(), open) {
        close(recorder, Kind::PushPop, open);
    }
    Ok(level)
}

fn started() -> &'static Mutex<HashMap<u64, Open>> {
    STARTED.get_or_init(Default::default)
}

/// `roctxRangeStartA`: opens a range any thread may stop; returns its id (never 0).
pub fn range_start(message: &CStr) -> u64 {
    match recorder() {
        None => NEXT_ID.fetch_add(1, Ordering::Relaxed),
        Some(_) => {
            let open = open(message);
            let id = open.correlation_id;
            started().lock().insert(id, open);
            id
        }
    }
}

/// `roctxRangeStop`: closes the range `id` started. Without a profiler ids are not kept, so
/// any id is accepted.
pub fn range_stop(id: u64) -> Result<(), RoctxError> {
    let Some(recorder) = recorder() else {
        return Ok(());
    };
    let open = started()
        .lock()
        .remove(&id)
        .ok_or(RoctxError::UnknownRangeId(id))?;
    close(recorder, Kind::StartStop, open);
    Ok(())
}

/// `roctxProfilerPause` / `roctxProfilerResume`: recorded as instants; rocprofv3 leaves out
/// every record (HIP calls included) that starts while paused.
pub fn pause_or_resume(kind: Kind) {
    if let Some(recorder) = recorder() {
        let at = now_ns();
        recorder.push(Record {
            kind,
            correlation_id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            thread_id: thread_id(),
            start_ns: at,
            end_ns: at,
            status: 0,
            name: String::new(),
        });
    }
}

/// `roctxNameOsThread`: names the calling thread's track in the profiler's output.
pub fn name_os_thread(name: &CStr) {
    if let Some(recorder) = recorder() {
        let at = now_ns();
        recorder.push(Record {
            kind: Kind::ThreadName,
            correlation_id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            thread_id: thread_id(),
            start_ns: at,
            end_ns: at,
            status: 0,
            name: name.to_string_lossy().into_owned(),
        });
    }
}

/// `roctxNameHipStream` / `roctxNameHipDevice`: names object `object` (a `hipStream_t`
/// value, a device ordinal) for its track in the profiler's output; `kind` is
/// [`Kind::StreamName`] or [`Kind::DeviceName`].
pub fn name_object(kind: Kind, object: u64, name: &CStr) {
    if let Some(recorder) = recorder() {
        let at = now_ns();
        recorder.push(Record {
            kind,
            correlation_id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            thread_id: thread_id(),
            start_ns: at,
            end_ns: at,
            // The format's signed field carries the object's bits.
            status: object as i64,
            name: name.to_string_lossy().into_owned(),
        });
    }
}

/// Writes the records so far to the trace file (at process exit); `None` when no profiler is
/// active.
pub fn write_trace() -> Option<std::io::Result<std::path::PathBuf>> {
    recorder().map(Recorder::write)
}

#[cfg(test)]
mod tests {
    use super::*;

    // These tests share the process-wide recorder: each runs on its own thread and looks
    // only at its thread's records (ranges) or at its own ids.

    fn activate_for_tests() -> &'static Recorder {
        let dir = std::env::temp_dir();
        activate(dir);
        recorder().expect("active")
    }

    #[test]
    fn nested_ranges_report_their_levels_and_pop_without_push_fails() {
        assert_eq!(range_pop(), Err(RoctxError::NoOpenRange));
        assert_eq!(range_push(c"outer"), Ok(0));
        assert_eq!(range_push(c"inner"), Ok(1));
        assert_eq!(range_pop(), Ok(1));
        assert_eq!(range_push(c"second inner"), Ok(1));
        assert_eq!(range_pop(), Ok(1));
        assert_eq!(range_pop(), Ok(0));
        assert_eq!(range_pop(), Err(RoctxError::NoOpenRange));
    }

    #[test]
    fn recorded_ranges_nest_in_time_and_carry_their_messages() {
        let recorder = activate_for_tests();
        let me = thread_id();
        range_push(c"outer").expect("outer");
        mark(c"tick");
        range_push(c"inner").expect("inner");
        range_pop().expect("inner");
        range_pop().expect("outer");
        let id = range_start(c"async");
        assert_ne!(id, 0);
        let stopper = std::thread::spawn(move || range_stop(id));
        assert_eq!(stopper.join().expect("thread"), Ok(()));
        assert_eq!(range_stop(id), Err(RoctxError::UnknownRangeId(id)));
        // Other tests may record concurrently: keep this thread's records and this range.
        let mine: Vec<Record> = recorder
            .drain()
            .into_iter()
            .filter(|r| r.thread_id == me)
            .collect();
        let get = |name: &str| {
            mine.iter()
                .find(|r| r.name == name)
                .unwrap_or_else(|| panic!("{name} recorded: {mine:?}"))
        };
        let (outer, inner, tick, started) = (get("outer"), get("inner"), get("tick"), get("async"));
        assert_eq!(outer.kind, Kind::PushPop);
        assert_eq!(tick.kind, Kind::Mark);
        assert_eq!(tick.start_ns, tick.end_ns);
        assert_eq!(started.kind, Kind::StartStop);
        assert!(outer.start_ns <= tick.start_ns && tick.start_ns <= inner.start_ns);
        assert!(inner.end_ns <= outer.end_ns);
        assert!(outer.correlation_id < tick.correlation_id);
    }
}
