//! How a CPU queue's packet processor sleeps, and when a doorbell ring wakes it (the lazy
//! doorbell).
//!
//! Waking a sleeping thread costs the thread that wakes it a system call and, when the other
//! core is idle, an inter-processor interrupt: 2-3 us on a VM, more than a whole synchronous
//! dispatch should take. Yet most rings are followed by the same host thread waiting for
//! the packet, and that thread runs the packet itself (`queue::help_waiter`); the wake is
//! then wasted. So the processor sleeps in one of two ways:
//! - **Lazy**: while host threads wait for its packets (one waited for the last packets
//!   rung while it slept) and for [`LAZY_WINDOW_NS`] (20 ms) after the last packet, it sleeps for at most the
//!   lazy poll period ([`lazy_poll_ns`], default 500 us) at a time, and a ring does not wake
//!   it. A packet that no host thread waits for runs at the end of the period at the latest.
//! - **Deep**: otherwise every ring wakes it at once.
//!
//! A lazy ring still wakes the processor at once when the packets of the previous lazy ring
//! are still queued (the host launches without waiting). When the processor, woken lazily,
//! has to run a packet itself (nobody helped: a misprediction), the next sleeps are deep
//! until a host thread helps again. `FERROCM_LAZY_DOORBELL_US=0` turns lazy sleeps off.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};

use crate::core::queue::{note_waking, QueueObject, DOORBELL_IDLE};
use crate::core::signal::{
    setting_from_env_us, sleep_poll_ns, spin_window_ns, Condition, EventWord, MemoryOrder,
    SignalObject, WaitState,
};
use crate::time;

/// Default of how long after the last packet lazy sleeps are allowed (then the processor
/// sleeps deep, and an idle process stops waking up), in ns.
pub const LAZY_WINDOW_NS: u64 = 20_000_000;

/// Default longest lazy sleep, in ns.
pub const LAZY_POLL_NS: u64 = 500_000;

/// `u64::MAX`: not read from the environment yet; 0: lazy sleeps off.
static POLL_NS: AtomicU64 = AtomicU64::new(u64::MAX);
static WINDOW_NS: AtomicU64 = AtomicU64::new(LAZY_WINDOW_NS);

/// The longest lazy sleep in ns (0: lazy sleeps off): `FERROCM_LAZY_DOORBELL_US` × 1000,
/// default [`LAZY_POLL_NS`]. It bounds how late a packet that nobody waits for can start.
pub fn lazy_poll_ns() -> u64 {
    setting_from_env_us(&POLL_NS, "FERROCM_LAZY_DOORBELL_US", LAZY_POLL_NS)
}

/// Sets the longest lazy sleep (`poll_ns`, 0 turns lazy sleeps off; overrides the
/// environment) and how long after the last packet lazy sleeps are allowed (`window_ns`).
/// Affects sleeps that start afterwards.
pub fn set_lazy_doorbell(poll_ns: u64, window_ns: u64) {
    POLL_NS.store(poll_ns.min(u64::MAX - 1), Ordering::Relaxed);
    WINDOW_NS.store(window_ns, Ordering::Relaxed);
}

/// [`ProcessorSleep::state`] values.
const AWAKE: u32 = 0;
const LAZY: u32 = 1;
const DEEP: u32 = 2;

/// The sleep of one CPU queue's processor. The processor sleeps on `word`, counted as a
/// sleeper of the doorbell signal so that a store to the doorbell calls [`on_ring`].
///
/// [`on_ring`]: ProcessorSleep::on_ring
#[derive(Debug, Default)]
pub(crate) struct ProcessorSleep {
    word: EventWord,
    /// `AWAKE`, `LAZY` or `DEEP`. Rings read it after storing the doorbell and the processor
    /// re-reads the doorbell after setting it (both `SeqCst`), so a ring is never missed.
    state: AtomicU32,
    /// A host thread waited for the last packets rung while the processor slept.
    helped: AtomicBool,
    /// `time::now()` when packets last ran.
    last_activity: AtomicU64,
    /// The write index at the last lazy ring.
    lazy_ring_write: AtomicU64,
    /// A ring did not wake the processor since it last woke.
    unwoken_ring: AtomicBool,
    /// How many rings woke the sleeping processor (diagnostics).
    waking_rings: AtomicU64,
}

impl ProcessorSleep {
    /// The processor: sleeps until the doorbell holds something other than
    /// [`DOORBELL_IDLE`] (lazily or deeply, see the module's documentation).
    pub(crate) fn wait_for_ring(&self, doorbell: &SignalObject) {
        // (Acquire loads of signals are SeqCst.)
        let rung = || doorbell.load(MemoryOrder::Acquire) != DOORBELL_IDLE;
        doorbell.add_foreign_sleeper();
        loop {
            let now = time::now();
            let lazy_end = self.lazy_end(now);
            self.state.store(
                if lazy_end.is_some() { LAZY } else { DEEP },
                Ordering::SeqCst,
            );
            let epoch = self.word.epoch();
            if rung() {
                break;
            }
            let timeout = match lazy_end {
                Some(end) => lazy_poll_ns().min(end.saturating_sub(now)).max(1),
                None => sleep_poll_ns(),
            };
            self.word.sleep(epoch, timeout);
            if rung() {
                break;
            }
        }
        self.state.store(AWAKE, Ordering::SeqCst);
        doorbell.remove_foreign_sleeper();
    }

    /// The processor, after running packets: spins on the doorbell for the spin window of
    /// signal waits, since the host often rings again at once. Returns whether it rang.
    pub(crate) fn spin_for_ring(&self, doorbell: &SignalObject) -> bool {
        let v = doorbell.wait(
            Condition::Ne,
            DOORBELL_IDLE,
            spin_window_ns(),
            WaitState::Active,
            MemoryOrder::Acquire,
        );
        v != DOORBELL_IDLE
    }

    /// When lazy sleeps are allowed now, the time they stop being allowed.
    fn lazy_end(&self, now: u64) -> Option<u64> {
        if lazy_poll_ns() == 0 || !self.helped.load(Ordering::Acquire) {
            return None;
        }
        let end = self
            .last_activity
            .load(Ordering::Acquire)
            .saturating_add(WINDOW_NS.load(Ordering::Relaxed));
        (now < end).then_some(end)
    }

    /// The doorbell of `q` was stored while the processor is counted as its sleeper.
    pub(crate) fn on_ring(&self, q: &QueueObject) {
        let state = self.state.load(Ordering::SeqCst);
        if state == AWAKE {
            return; // it reads the doorbell before it sleeps
        }
        note_waking(q.key());
        let wake = state == DEEP || lazy_poll_ns() == 0 || {
            let read = q.load_read_index(MemoryOrder::Acquire);
            let write = q.load_write_index(MemoryOrder::Acquire);
            // The previous lazy ring's packets still queued: nobody waits for them.
            read < self.lazy_ring_write.swap(write, Ordering::AcqRel)
        };
        if wake {
            self.waking_rings.fetch_add(1, Ordering::Relaxed);
            self.wake_now();
        } else {
            self.unwoken_ring.store(true, Ordering::Release);
        }
    }

    /// How many rings so far woke the sleeping processor (the others found it awake or
    /// left it in a lazy sleep).
    pub(crate) fn waking_rings(&self) -> u64 {
        self.waking_rings.load(Ordering::Relaxed)
    }

    /// Wakes the processor whatever its sleep (after a store that changed the doorbell).
    pub(crate) fn wake_now(&self) {
        self.unwoken_ring.store(false, Ordering::Release);
        self.word.notify(1);
    }

    /// The processor ran `ran` packets after waking.
    pub(crate) fn processor_ran(&self, ran: u64) {
        let unwoken = self.unwoken_ring.swap(false, Ordering::AcqRel);
        if ran > 0 {
            self.last_activity.store(time::now(), Ordering::Release);
            if unwoken {
                // A lazy ring that no host thread took up: go back to deep sleeps.
                self.helped.store(false, Ordering::Release);
            }
        }
    }

    /// A host thread waits for packets rung while the processor slept, and ran them or
    /// found the processor running them (`processor::run_on_waiter`).
    pub(crate) fn host_waits(&self) {
        self.last_activity.store(time::now(), Ordering::Release);
        self.helped.store(true, Ordering::Release);
    }
}
