//! The HSA API tracer that `rocprofv3 --hsa-trace` (and `-s`) switches on
//! (`crates/tools/rocprofv3`, docs/PROFILING.md).
//!
//! rocprofv3 runs the program with `FERROCM_PROFILE_DIR` set and `hsa` among
//! `FERROCM_PROFILE_DOMAINS`. An ELF constructor reads them as the library loads and only then
//! makes the recorder; every exported function (the declaration list of [`crate::exports`])
//! checks for it with one atomic load, so an unprofiled program pays nothing else. Each call
//! becomes an `api` record (function, thread, `CLOCK_MONOTONIC` start and end, status) in the
//! calling thread's buffer; at `exit` they are written to `<dir>/<pid>.hsa.trace`, which
//! rocprofv3 turns into `*_hsa_api_trace.csv` (domains `HSA_CORE_API`, `HSA_AMD_EXT_API`).
//!
//! Only calls the application makes through the C API are seen: ferrocm's HIP runtime uses
//! the HSA runtime as a Rust library, not through these exports (AMD's HIP calls its HSA
//! runtime's API, so there a HIP program's HSA trace also shows HIP's own calls).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

use roctx::clock::{now_ns, thread_id};
use roctx::recorder::Recorder;
use roctx::trace_file::{Kind, Record};

use crate::types::hsa_status_t;

/// The domain word of HSA trace files.
pub const DOMAIN: &str = "hsa";

/// The recorder, when rocprofv3 asked for the HSA API.
static RECORDER: OnceLock<Recorder> = OnceLock::new();
/// Correlation ids of this library's records (rocprofv3 renumbers all libraries' records).
static NEXT_ID: AtomicU64 = AtomicU64::new(1);

/// The recorder, if this process is traced (one atomic load).
#[inline(always)]
pub fn recorder() -> Option<&'static Recorder> {
    RECORDER.get()
}

/// Records one finished call of `name` that started at `start_ns`.
pub fn record(recorder: &Recorder, name: &str, start_ns: u64, status: i64) {
    recorder.push(Record {
        kind: Kind::Api,
        correlation_id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
        thread_id: thread_id(),
        start_ns,
        end_ns: now_ns(),
        status,
        name: name.to_string(),
    });
}

/// The start time of a traced call.
#[inline]
pub fn start() -> u64 {
    now_ns()
}

/// The status column of a call's record: the `hsa_status_t` it returned; 0 for the
/// functions that return a value instead (signal and queue-index operations).
pub trait CallStatus {
    fn call_status(&self) -> i64;
}

impl CallStatus for hsa_status_t {
    fn call_status(&self) -> i64 {
        i64::from(self.0)
    }
}

macro_rules! no_status {
    ($($t:ty),*) => {$(
        impl CallStatus for $t {
            fn call_status(&self) -> i64 {
                0
            }
        }
    )*};
}
no_status!((), u32, u64, i64);

/// Runs when the dynamic linker loads the library (before `main` for linked programs).
extern "C" fn on_load() {
    let Some(dir) = roctx::requested_dir(DOMAIN) else {
        return;
    };
    let _ = RECORDER.set(Recorder::new(DOMAIN, dir));
    // SAFETY: registering a plain `extern "C" fn()`; atexit has no other precondition.
    if unsafe { libc::atexit(on_exit) } != 0 {
        eprintln!(
            "libhsa-runtime64: cannot register the HSA trace writer; HSA calls are not written"
        );
    }
}

/// Runs at `exit` (after the program's own atexit handlers, registered later).
extern "C" fn on_exit() {
    if let Some(r) = RECORDER.get() {
        if let Err(e) = r.write() {
            eprintln!(
                "libhsa-runtime64: cannot write the HSA trace to {}: {e}",
                r.dir().display()
            );
        }
    }
}

#[used]
#[link_section = ".init_array"]
static ON_LOAD: extern "C" fn() = on_load;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_of_calls() {
        assert_eq!(hsa_status_t(0x1001).call_status(), 0x1001);
        assert_eq!(().call_status(), 0);
        assert_eq!(7u64.call_status(), 0);
    }

    #[test]
    fn records_carry_the_call() {
        let dir = std::env::temp_dir().join(format!("hsa-profiler-{}", std::process::id()));
        let r = Recorder::new(DOMAIN, dir);
        let t = start();
        record(&r, "hsa_init", t, 0);
        let records = r.drain();
        assert_eq!(records.len(), 1);
        let c = &records[0];
        assert_eq!(
            (c.kind, c.name.as_str(), c.status),
            (Kind::Api, "hsa_init", 0)
        );
        assert!(c.start_ns <= c.end_ns && c.thread_id != 0);
    }
}
