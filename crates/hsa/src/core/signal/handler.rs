//! `hsa_amd_signal_async_handler` and `hsa_amd_async_function`: one lazily started
//! thread, "ferrocm-signal-async", that sleeps on every registered (signal, condition,
//! value) entry plus a private wake signal, and runs handlers and functions serially.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

use parking_lot::Mutex;

use super::registry::lookup;
use super::wait::wait_any_impl;
use super::{Condition, MemoryOrder, SignalObject, WaitState, AMD_SIGNAL_KIND_USER};
use crate::status::{HsaError, HsaResult};

type Handler = Box<dyn FnMut(i64) -> bool + Send>;
type Function = Box<dyn FnOnce() + Send>;

struct Registration {
    signal: Arc<SignalObject>,
    cond: Condition,
    value: i64,
    handler: Handler,
}

#[derive(Default)]
struct Pending {
    handlers: Vec<Registration>,
    functions: Vec<Function>,
}

/// State shared by one incarnation of the thread and its submitters.
struct Shared {
    /// Private signal (not in the registry): bumped by every submission and by `shutdown`.
    wake: SignalObject,
    pending: Mutex<Pending>,
    stop: AtomicBool,
}

struct Worker {
    shared: Arc<Shared>,
    thread: JoinHandle<()>,
}

static WORKER: Mutex<Option<Worker>> = Mutex::new(None);

/// `hsa_amd_signal_async_handler`: once `value <cond> compare` holds for the signal, the
/// async thread calls `handler(observed value)`; `true` re-arms the registration, `false`
/// (or a panic, which is caught) ends it. Handlers run serially, in no particular order,
/// and should not block for long. A registration ends when its signal is destroyed.
/// Errors: `ERROR_INVALID_SIGNAL`; `ERROR_OUT_OF_RESOURCES` if the thread cannot start.
pub fn async_handler(signal: u64, cond: Condition, value: i64, handler: Handler) -> HsaResult<()> {
    let signal = lookup(signal)?;
    submit(|p| {
        p.handlers.push(Registration {
            signal,
            cond,
            value,
            handler,
        })
    })
}

/// `hsa_amd_async_function`: runs `f` once on the async thread (a panic is caught).
pub fn async_function(f: Function) -> HsaResult<()> {
    submit(|p| p.functions.push(f))
}

/// Whether the async thread is running (diagnostics and tests).
pub fn async_thread_running() -> bool {
    WORKER.lock().is_some()
}

fn submit(add: impl FnOnce(&mut Pending)) -> HsaResult<()> {
    let mut worker = WORKER.lock();
    let shared = match &*worker {
        Some(w) => Arc::clone(&w.shared),
        None => {
            let shared = Arc::new(Shared {
                wake: SignalObject::new_unregistered(AMD_SIGNAL_KIND_USER, 0, &[], 0),
                pending: Mutex::new(Pending::default()),
                stop: AtomicBool::new(false),
            });
            let for_thread = Arc::clone(&shared);
            let thread = std::thread::Builder::new()
                .name("ferrocm-signal-async".into())
                .spawn(move || run(&for_thread))
                .map_err(|_| HsaError::ERROR_OUT_OF_RESOURCES)?;
            *worker = Some(Worker {
                shared: Arc::clone(&shared),
                thread,
            });
            shared
        }
    };
    add(&mut shared.pending.lock());
    drop(worker);
    shared.wake.add(1, MemoryOrder::Release);
    Ok(())
}

/// Stops the thread (joining it unless called from it) and drops every registration and
/// pending function. The next submission starts a new thread.
pub(super) fn shutdown() {
    let worker = WORKER.lock().take();
    let Some(worker) = worker else { return };
    worker.shared.stop.store(true, Ordering::SeqCst);
    worker.shared.wake.add(1, MemoryOrder::Release);
    if worker.thread.thread().id() != std::thread::current().id() {
        // A panic cannot escape `run` (handlers run under catch_unwind).
        let _ = worker.thread.join();
    }
    drop(std::mem::take(&mut *worker.shared.pending.lock()));
}

fn run(shared: &Shared) {
    let mut registrations: Vec<Registration> = Vec::new();
    loop {
        // Read the wake value before draining: a later submission bumps it past this.
        let wake_seen = shared.wake.load(MemoryOrder::Acquire);
        if shared.stop.load(Ordering::SeqCst) {
            break;
        }
        let pending = std::mem::take(&mut *shared.pending.lock());
        registrations.extend(pending.handlers);
        for f in pending.functions {
            let _ = catch_unwind(AssertUnwindSafe(f));
        }
        registrations.retain(|r| r.signal.is_live());

        let mut fired = false;
        let mut i = 0;
        while i < registrations.len() && !shared.stop.load(Ordering::Relaxed) {
            let r = &mut registrations[i];
            if !r.signal.is_live() {
                registrations.remove(i);
                continue;
            }
            let v = r.signal.load(MemoryOrder::Acquire);
            if r.cond.holds(v, r.value) {
                fired = true;
                let handler = &mut r.handler;
                let rearm = matches!(catch_unwind(AssertUnwindSafe(|| handler(v))), Ok(true));
                if !rearm {
                    registrations.remove(i);
                    continue;
                }
            }
            i += 1;
        }
        if fired {
            // Handlers may have changed signals or registered more: re-check before sleeping.
            continue;
        }

        let mut entries: Vec<(&SignalObject, Condition, i64)> =
            Vec::with_capacity(registrations.len() + 1);
        entries.push((&shared.wake, Condition::Ne, wake_seen));
        entries.extend(registrations.iter().map(|r| (&*r.signal, r.cond, r.value)));
        wait_any_impl(
            &entries,
            u64::MAX,
            WaitState::Blocked,
            MemoryOrder::Acquire,
            true,
        );
    }
}
