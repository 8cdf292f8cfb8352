//! Signals (`hsa_signal_*`, HSA §1.6) and their AMD extensions (`hsa_amd_signal_*`, §2.3).
//!
//! A signal is a [`SignalObject`] whose first field is ROCR's 64-byte `amd_signal_t`
//! ([`AmdSignal`]), so the HSA handle is the address of the `amd_signal_t`, as in ROCR;
//! AMD-style device code that reads `kind`/`value` through the handle keeps working.
//!
//! # Handles
//! Signal objects are never freed: the registry keeps one reference to every object it has
//! created, and a destroyed object's slot is reused by a later signal (after a quarantine
//! of 64 other destroyed signals, and only once no `Arc` to it is left). Validating a
//! handle ([`get`], [`lookup`]) is a lock-free probe of an insert-only hash set of those
//! addresses plus a liveness check, so a zero, destroyed or foreign handle is rejected
//! without dereferencing it, and a reference obtained from a valid handle stays
//! dereferenceable forever (`&'static`). Using a destroyed handle is undefined behaviour
//! in HSA; here it is memory-safe and fails with `ERROR_INVALID_SIGNAL` until the slot
//! is reused.
//!
//! # Waiting and waking
//! A waiter first spins for a short window (20 µs, `FERROCM_SIGNAL_SPIN_US` overrides;
//! [`WaitState::Active`] spins for the whole wait), then registers itself in the signal's
//! waiter count and sleeps on a futex: a per-signal event word for single-signal waits,
//! a per-wait token for multi-signal waits ([`wait_any`], groups, the async-handler thread).
//! Every value-changing operation (`store`, `exchange`, successful `cas`, `add`, `subtract`,
//! `and`, `or`, `xor`) is performed sequentially consistent and then loads the waiter count:
//! when nobody waits that load is the whole extra cost; with registered waiters it bumps
//! their event words, and makes a `FUTEX_WAKE` call only for words a waiter actually sleeps
//! on. `silent_store` does not wake.
//! Sleepers also re-check the value every [`sleep_poll_ns`] (10 ms) as a safety net for writers
//! that bypass the wake protocol (`silent_store`, writes through [`SignalObject::value_ptr`],
//! device code writing the `amd_signal_t`).

mod futex;
mod group;
mod handler;
mod registry;
mod wait;

use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};
use std::sync::Arc;

use parking_lot::Mutex;

use crate::status::{HsaError, HsaResult};

pub(crate) use futex::EventWord;
pub use group::{group_create, group_destroy, group_len, group_wait_any, GroupObject};
pub use handler::{async_function, async_handler, async_thread_running};
pub use registry::{
    create, create_doorbell, create_with_attributes, destroy, destroy_all, get, live_signals,
    lookup, release_doorbell,
};
pub(crate) use wait::setting_from_env_us;
pub use wait::{
    set_sleep_poll_ns, set_spin_window_ns, sleep_poll_ns, spin_window_ns, wait_any, SLEEP_POLL_NS,
};

/// `hsa_signal_value_t` in the large machine model.
pub type SignalValue = i64;

/// `AMD_SIGNAL_KIND_INVALID`
pub const AMD_SIGNAL_KIND_INVALID: i64 = 0;
/// `AMD_SIGNAL_KIND_USER`: a signal created by `hsa_signal_create`.
pub const AMD_SIGNAL_KIND_USER: i64 = 1;
/// `AMD_SIGNAL_KIND_DOORBELL`: a queue's doorbell, owned by the runtime.
pub const AMD_SIGNAL_KIND_DOORBELL: i64 = -1;
/// `AMD_SIGNAL_KIND_LEGACY_DOORBELL`
pub const AMD_SIGNAL_KIND_LEGACY_DOORBELL: i64 = -2;

/// `HSA_AMD_SIGNAL_AMD_GPU_ONLY`: accepted and recorded; it changes nothing here.
pub const AMD_SIGNAL_ATTRIBUTE_GPU_ONLY: u64 = 1;
/// `HSA_AMD_SIGNAL_IPC`: inter-process signals are not supported (`HSA_STATUS_ERROR`).
pub const AMD_SIGNAL_ATTRIBUTE_IPC: u64 = 2;

/// ROCR's `amd_signal_t`: 64 bytes, 64-byte aligned.
///
/// | field | offset |
/// |---|---|
/// | `kind` | 0 |
/// | `value` (union with the hardware doorbell pointers) | 8 |
/// | `event_mailbox_ptr` | 16 |
/// | `event_id`, `reserved1` | 24, 28 |
/// | `start_ts`, `end_ts` (profiling) | 32, 40 |
/// | `queue_ptr` | 48 |
/// | `reserved3[2]` | 56 |
#[repr(C, align(64))]
#[derive(Debug)]
pub struct AmdSignal {
    /// `AMD_SIGNAL_KIND_*`; set at creation.
    pub kind: AtomicI64,
    /// The signal value.
    pub value: AtomicI64,
    /// Unused by ferrocm (no KFD events): 0.
    pub event_mailbox_ptr: u64,
    /// Unused by ferrocm: 0.
    pub event_id: u32,
    pub reserved1: u32,
    /// Dispatch start, in system-timestamp ticks (written by the packet processor).
    pub start_ts: AtomicU64,
    /// Dispatch end, in system-timestamp ticks.
    pub end_ts: AtomicU64,
    /// For doorbells: the owning `amd_queue_t`, if the queue sets it.
    pub queue_ptr: AtomicU64,
    pub reserved3: [u32; 2],
}

/// HSA memory orders: `_relaxed`, `_scacquire`, `_screlease`, `_scacq_screl`.
/// The deprecated `_acquire`/`_release`/`_acq_rel` names map to the `sc` variants.
///
/// Loads, `silent_store` and waits honour the order (`Relaxed` or sequentially
/// consistent). The waking operations (`store`, `exchange`, `cas`, `add`, `subtract`,
/// `and`, `or`, `xor`) always run sequentially consistent, whatever the order asks: the
/// wake protocol needs the value change ordered before the waiter-count load. That is
/// free for the read-modify-writes on x86-64 (every `lock` instruction is a full
/// barrier); a `store` becomes an `xchg` instead of a `mov`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemoryOrder {
    Relaxed,
    Acquire,
    Release,
    AcqRel,
}

impl MemoryOrder {
    /// Ordering for a load (`scacquire` is sequentially consistent).
    fn load(self) -> Ordering {
        match self {
            MemoryOrder::Relaxed => Ordering::Relaxed,
            _ => Ordering::SeqCst,
        }
    }

    /// Ordering for a store that does not take part in the wake protocol.
    fn store(self) -> Ordering {
        match self {
            MemoryOrder::Relaxed => Ordering::Relaxed,
            _ => Ordering::SeqCst,
        }
    }
}

/// `hsa_signal_condition_t` (`hsa_signal_condition32_t` in packets).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum Condition {
    Eq = 0,
    Ne = 1,
    Lt = 2,
    Gte = 3,
}

impl Condition {
    /// The condition with this C value, or `HSA_STATUS_ERROR_INVALID_ARGUMENT`.
    pub fn from_raw(v: u32) -> HsaResult<Condition> {
        match v {
            0 => Ok(Condition::Eq),
            1 => Ok(Condition::Ne),
            2 => Ok(Condition::Lt),
            3 => Ok(Condition::Gte),
            _ => Err(HsaError::ERROR_INVALID_ARGUMENT),
        }
    }

    /// Whether `value <cond> compare` holds.
    #[inline]
    pub fn holds(self, value: i64, compare: i64) -> bool {
        match self {
            Condition::Eq => value == compare,
            Condition::Ne => value != compare,
            Condition::Lt => value < compare,
            Condition::Gte => value >= compare,
        }
    }
}

/// `hsa_wait_state_t`: `Blocked` may sleep, `Active` spins for the whole wait.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WaitState {
    Blocked,
    Active,
}

impl WaitState {
    /// The wait state with this C value (0 blocked, 1 active), or `HSA_STATUS_ERROR_INVALID_ARGUMENT`.
    pub fn from_raw(v: u32) -> HsaResult<WaitState> {
        match v {
            0 => Ok(WaitState::Blocked),
            1 => Ok(WaitState::Active),
            _ => Err(HsaError::ERROR_INVALID_ARGUMENT),
        }
    }
}

/// Low half of [`SignalObject::waiters`]: single-signal sleepers on `seq`.
const SLEEPER: u64 = 1;
/// High half of [`SignalObject::waiters`]: multi-signal waiters with a token in `tokens`.
const MULTI_WAITER: u64 = 1 << 32;

/// A wake token of one multi-signal wait: a futex word that any of its signals bumps.
#[derive(Debug, Default)]
pub(crate) struct WakeToken {
    word: futex::EventWord,
}

impl WakeToken {
    fn notify(&self) {
        self.word.notify(1);
    }
}

/// A signal: the `amd_signal_t` (at offset 0, so the handle is its address) plus the
/// runtime's waiter bookkeeping.
#[repr(C)]
pub struct SignalObject {
    amd: AmdSignal,
    /// `SLEEPER` × single-signal sleepers + `MULTI_WAITER` × multi-signal waiters.
    /// Writers load it after every value change; non-zero takes the wake slow path.
    waiters: AtomicU64,
    /// Futex word of single-signal sleepers; bumped by every wake.
    seq: futex::EventWord,
    /// Cleared when the signal is destroyed (the async-handler thread prunes it).
    live: AtomicBool,
    /// Wake tokens of multi-signal waiters.
    tokens: Mutex<Vec<Arc<WakeToken>>>,
    /// Consumer agents given at creation (informational).
    consumers: Mutex<Box<[u64]>>,
    /// `hsa_amd_signal_create` attributes.
    attributes: AtomicU64,
}

impl std::fmt::Debug for SignalObject {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SignalObject")
            .field("handle", &format_args!("{:#x}", self.handle()))
            .field("kind", &self.kind())
            .field("value", &self.amd.value.load(Ordering::Relaxed))
            .field("live", &self.is_live())
            .finish()
    }
}

impl SignalObject {
    /// A signal outside the handle registry (runtime-internal signals, unit tests).
    pub(crate) fn new_unregistered(
        kind: i64,
        initial: i64,
        consumers: &[u64],
        attributes: u64,
    ) -> SignalObject {
        SignalObject {
            amd: AmdSignal {
                kind: AtomicI64::new(kind),
                value: AtomicI64::new(initial),
                event_mailbox_ptr: 0,
                event_id: 0,
                reserved1: 0,
                start_ts: AtomicU64::new(0),
                end_ts: AtomicU64::new(0),
                queue_ptr: AtomicU64::new(0),
                reserved3: [0; 2],
            },
            waiters: AtomicU64::new(0),
            seq: futex::EventWord::default(),
            live: AtomicBool::new(true),
            tokens: Mutex::new(Vec::new()),
            consumers: Mutex::new(consumers.into()),
            attributes: AtomicU64::new(attributes),
        }
    }

    /// Re-initialises a destroyed registry slot for a new signal. Only atomics are
    /// written, so stale references (which HSA makes undefined behaviour to use) stay
    /// memory-safe; `live` is set last.
    fn reinit(&self, kind: i64, initial: i64, consumers: &[u64], attributes: u64) {
        self.amd.kind.store(kind, Ordering::Relaxed);
        self.amd.value.store(initial, Ordering::Relaxed);
        self.amd.start_ts.store(0, Ordering::Relaxed);
        self.amd.end_ts.store(0, Ordering::Relaxed);
        self.amd.queue_ptr.store(0, Ordering::Relaxed);
        *self.consumers.lock() = consumers.into();
        self.attributes.store(attributes, Ordering::Relaxed);
        self.live.store(true, Ordering::SeqCst);
    }

    /// The HSA handle: the address of the `amd_signal_t`.
    #[inline]
    pub fn handle(&self) -> u64 {
        &self.amd as *const AmdSignal as u64
    }

    /// The `amd_signal_t`.
    pub fn amd(&self) -> &AmdSignal {
        &self.amd
    }

    /// `AMD_SIGNAL_KIND_*` of this signal.
    pub fn kind(&self) -> i64 {
        self.amd.kind.load(Ordering::Relaxed)
    }

    /// Whether this is a runtime-owned queue doorbell.
    pub fn is_doorbell(&self) -> bool {
        let kind = self.kind();
        kind == AMD_SIGNAL_KIND_DOORBELL || kind == AMD_SIGNAL_KIND_LEGACY_DOORBELL
    }

    /// Whether the signal is still registered (not destroyed).
    pub fn is_live(&self) -> bool {
        self.live.load(Ordering::Acquire)
    }

    /// The consumer agents given at creation (empty: any agent).
    pub fn consumers(&self) -> Vec<u64> {
        self.consumers.lock().to_vec()
    }

    /// The `hsa_amd_signal_create` attributes.
    pub fn attributes(&self) -> u64 {
        self.attributes.load(Ordering::Relaxed)
    }

    /// `hsa_signal_load_*`.
    #[inline]
    pub fn load(&self, order: MemoryOrder) -> i64 {
        self.amd.value.load(order.load())
    }

    /// `hsa_signal_store_*`: stores and wakes waiters.
    #[inline]
    pub fn store(&self, value: i64, _order: MemoryOrder) {
        self.amd.value.store(value, Ordering::SeqCst);
        self.wake();
    }

    /// `hsa_signal_silent_store_*`: stores without waking waiters (sleepers notice it
    /// within [`sleep_poll_ns`] or at the next wake).
    #[inline]
    pub fn silent_store(&self, value: i64, order: MemoryOrder) {
        self.amd.value.store(value, order.store());
    }

    /// `hsa_signal_exchange_*`: returns the previous value.
    #[inline]
    pub fn exchange(&self, value: i64, _order: MemoryOrder) -> i64 {
        let old = self.amd.value.swap(value, Ordering::SeqCst);
        self.wake();
        old
    }

    /// `hsa_signal_cas_*`: returns the observed value (equal to `expected` on success).
    #[inline]
    pub fn cas(&self, expected: i64, value: i64, _order: MemoryOrder) -> i64 {
        match self
            .amd
            .value
            .compare_exchange(expected, value, Ordering::SeqCst, Ordering::SeqCst)
        {
            Ok(old) => {
                self.wake();
                old
            }
            Err(observed) => observed,
        }
    }

    /// `hsa_signal_add_*` (wrapping).
    #[inline]
    pub fn add(&self, v: i64, _order: MemoryOrder) {
        self.amd.value.fetch_add(v, Ordering::SeqCst);
        self.wake();
    }

    /// `hsa_signal_subtract_*` (wrapping).
    #[inline]
    pub fn subtract(&self, v: i64, _order: MemoryOrder) {
        self.amd.value.fetch_sub(v, Ordering::SeqCst);
        self.wake();
    }

    /// `hsa_signal_and_*`.
    #[inline]
    pub fn and(&self, v: i64, _order: MemoryOrder) {
        self.amd.value.fetch_and(v, Ordering::SeqCst);
        self.wake();
    }

    /// `hsa_signal_or_*`.
    #[inline]
    pub fn or(&self, v: i64, _order: MemoryOrder) {
        self.amd.value.fetch_or(v, Ordering::SeqCst);
        self.wake();
    }

    /// `hsa_signal_xor_*`.
    #[inline]
    pub fn xor(&self, v: i64, _order: MemoryOrder) {
        self.amd.value.fetch_xor(v, Ordering::SeqCst);
        self.wake();
    }

    /// `hsa_signal_wait_*`: waits until `value <cond> compare` holds or `timeout_ticks`
    /// ticks of [`crate::time::now`] have passed (`u64::MAX`: no limit), and returns the
    /// last observed value. It does not return early for any other reason.
    pub fn wait(
        &self,
        cond: Condition,
        compare: i64,
        timeout_ticks: u64,
        state: WaitState,
        order: MemoryOrder,
    ) -> i64 {
        wait::wait_one(self, cond, compare, timeout_ticks, state, order)
    }

    /// `hsa_amd_signal_value_pointer`: the address of the value. Writes through it do not
    /// wake sleepers (they notice within [`sleep_poll_ns`]).
    pub fn value_ptr(&self) -> *mut i64 {
        self.amd.value.as_ptr()
    }

    /// Records a dispatch's start and end (system ticks) in `start_ts`/`end_ts`.
    pub fn set_dispatch_times(&self, start: u64, end: u64) {
        self.amd.start_ts.store(start, Ordering::Release);
        self.amd.end_ts.store(end, Ordering::Release);
    }

    /// The `(start, end)` recorded by [`set_dispatch_times`](Self::set_dispatch_times).
    pub fn dispatch_times(&self) -> (u64, u64) {
        (
            self.amd.start_ts.load(Ordering::Acquire),
            self.amd.end_ts.load(Ordering::Acquire),
        )
    }

    /// The `queue_ptr` field (doorbells: the owning `amd_queue_t`).
    pub fn queue_ptr(&self) -> u64 {
        self.amd.queue_ptr.load(Ordering::Acquire)
    }

    /// Sets the `queue_ptr` field.
    pub fn set_queue_ptr(&self, queue: u64) {
        self.amd.queue_ptr.store(queue, Ordering::Release);
    }

    /// After a value change (performed `SeqCst`): wakes sleepers, if there are any.
    #[inline]
    fn wake(&self) {
        let w = self.waiters.load(Ordering::SeqCst);
        if w != 0 {
            self.wake_slow(w);
        }
    }

    #[cold]
    #[inline(never)]
    fn wake_slow(&self, w: u64) {
        if w & (MULTI_WAITER - 1) != 0 {
            // A CPU queue's doorbell (its `queue_ptr` is set) while its processor sleeps:
            // the queue decides whether to wake it (the lazy doorbell, `cpu::doorbell`).
            let queue = self.amd.queue_ptr.load(Ordering::Relaxed);
            if queue != 0 && self.is_doorbell() {
                crate::core::queue::on_doorbell_ring(queue);
            }
            self.seq.notify(i32::MAX);
        }
        if w >= MULTI_WAITER {
            for token in self.tokens.lock().iter() {
                token.notify();
            }
        }
    }

    /// Marks the signal destroyed and wakes its waiters: multi-signal waits that prune
    /// destroyed signals (the async-handler thread) notice; the others go back to sleep.
    /// Returns false if it was already destroyed (only one of racing destroys succeeds).
    fn retire(&self) -> bool {
        let retired = self
            .live
            .compare_exchange(true, false, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok();
        if retired {
            self.wake();
        }
        retired
    }

    /// Counts a sleeper that sleeps on its own futex word rather than on `seq` (a CPU
    /// queue's processor), so that value changes take the wake path while it sleeps.
    pub(crate) fn add_foreign_sleeper(&self) {
        self.waiters.fetch_add(SLEEPER, Ordering::SeqCst);
    }

    /// Undoes [`add_foreign_sleeper`](Self::add_foreign_sleeper).
    pub(crate) fn remove_foreign_sleeper(&self) {
        self.waiters.fetch_sub(SLEEPER, Ordering::SeqCst);
    }

    fn register_token(&self, token: &Arc<WakeToken>) {
        self.tokens.lock().push(Arc::clone(token));
        self.waiters.fetch_add(MULTI_WAITER, Ordering::SeqCst);
    }

    fn unregister_token(&self, token: &Arc<WakeToken>) {
        self.waiters.fetch_sub(MULTI_WAITER, Ordering::SeqCst);
        let mut tokens = self.tokens.lock();
        if let Some(i) = tokens.iter().position(|t| Arc::ptr_eq(t, token)) {
            tokens.swap_remove(i);
        }
    }
}

/// For unit tests that use the registry: serialises them with the crate's other
/// runtime tests and holds an `hsa_init` reference, so that no concurrent last
/// `hsa_shut_down` sweeps their signals.
#[cfg(test)]
pub(crate) struct TestGuard(#[allow(dead_code)] parking_lot::MutexGuard<'static, ()>);

#[cfg(test)]
impl TestGuard {
    pub(crate) fn new() -> TestGuard {
        let lock = crate::core::runtime::test_support::RUNTIME_TEST_LOCK.lock();
        crate::core::runtime::init().expect("hsa_init");
        TestGuard(lock)
    }
}

#[cfg(test)]
impl Drop for TestGuard {
    fn drop(&mut self) {
        let _ = crate::core::runtime::shut_down();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::{align_of, offset_of, size_of};

    fn sig(v: i64) -> SignalObject {
        SignalObject::new_unregistered(AMD_SIGNAL_KIND_USER, v, &[], 0)
    }

    const ORDERS: [MemoryOrder; 4] = [
        MemoryOrder::Relaxed,
        MemoryOrder::Acquire,
        MemoryOrder::Release,
        MemoryOrder::AcqRel,
    ];

    #[test]
    fn amd_signal_layout_matches_rocr() {
        assert_eq!(size_of::<AmdSignal>(), 64);
        assert_eq!(align_of::<AmdSignal>(), 64);
        assert_eq!(offset_of!(AmdSignal, kind), 0);
        assert_eq!(offset_of!(AmdSignal, value), 8);
        assert_eq!(offset_of!(AmdSignal, event_mailbox_ptr), 16);
        assert_eq!(offset_of!(AmdSignal, event_id), 24);
        assert_eq!(offset_of!(AmdSignal, reserved1), 28);
        assert_eq!(offset_of!(AmdSignal, start_ts), 32);
        assert_eq!(offset_of!(AmdSignal, end_ts), 40);
        assert_eq!(offset_of!(AmdSignal, queue_ptr), 48);
        assert_eq!(offset_of!(AmdSignal, reserved3), 56);
        assert_eq!(offset_of!(SignalObject, amd), 0);
        assert_eq!(align_of::<SignalObject>(), 64);
    }

    #[test]
    fn handle_is_the_amd_signal_address() {
        let s = Arc::new(sig(5));
        assert_eq!(s.handle(), Arc::as_ptr(&s) as u64);
        assert_eq!(s.handle() % 64, 0);
        // Device code reads kind at +0 and value at +8 through the handle.
        // SAFETY: the handle is the address of a live, 64-byte amd_signal_t.
        let (kind, value) = unsafe {
            let p = s.handle() as *const i64;
            (p.read(), p.add(1).read_volatile())
        };
        assert_eq!((kind, value), (AMD_SIGNAL_KIND_USER, 5));
        assert_eq!(s.value_ptr() as u64, s.handle() + 8);
    }

    #[test]
    fn condition_raw_values_and_truth_table() {
        for (raw, c) in [
            (0, Condition::Eq),
            (1, Condition::Ne),
            (2, Condition::Lt),
            (3, Condition::Gte),
        ] {
            assert_eq!(Condition::from_raw(raw), Ok(c));
            assert_eq!(c as u32, raw);
        }
        assert_eq!(
            Condition::from_raw(4),
            Err(HsaError::ERROR_INVALID_ARGUMENT)
        );
        assert!(Condition::Eq.holds(3, 3) && !Condition::Eq.holds(3, 4));
        assert!(Condition::Ne.holds(3, 4) && !Condition::Ne.holds(4, 4));
        assert!(Condition::Lt.holds(-1, 0) && !Condition::Lt.holds(0, 0));
        assert!(
            Condition::Gte.holds(0, 0)
                && Condition::Gte.holds(i64::MAX, 1)
                && !Condition::Gte.holds(-5, -4)
        );
        assert_eq!(WaitState::from_raw(0), Ok(WaitState::Blocked));
        assert_eq!(WaitState::from_raw(1), Ok(WaitState::Active));
        assert_eq!(
            WaitState::from_raw(2),
            Err(HsaError::ERROR_INVALID_ARGUMENT)
        );
    }

    #[test]
    fn every_op_in_every_order() {
        for order in ORDERS {
            let s = sig(10);
            assert_eq!(s.load(order), 10);
            s.store(7, order);
            assert_eq!(s.load(order), 7);
            s.silent_store(8, order);
            assert_eq!(s.load(order), 8);
            assert_eq!(s.exchange(3, order), 8);
            assert_eq!(s.load(order), 3);
            assert_eq!(s.cas(3, 12, order), 3);
            assert_eq!(s.load(order), 12);
            assert_eq!(
                s.cas(3, 99, order),
                12,
                "failed cas returns the observed value"
            );
            assert_eq!(s.load(order), 12);
            s.add(5, order);
            assert_eq!(s.load(order), 17);
            s.subtract(20, order);
            assert_eq!(s.load(order), -3);
            s.store(0b1100, order);
            s.and(0b1010, order);
            assert_eq!(s.load(order), 0b1000);
            s.or(0b0011, order);
            assert_eq!(s.load(order), 0b1011);
            s.xor(0b1111, order);
            assert_eq!(s.load(order), 0b0100);
            s.store(i64::MAX, order);
            s.add(1, order);
            assert_eq!(s.load(order), i64::MIN, "add wraps");
        }
    }

    #[test]
    fn dispatch_times_and_queue_ptr() {
        let s = sig(1);
        assert_eq!(s.dispatch_times(), (0, 0));
        s.set_dispatch_times(100, 250);
        assert_eq!(s.dispatch_times(), (100, 250));
        assert_eq!(s.amd().start_ts.load(Ordering::Relaxed), 100);
        s.set_queue_ptr(0x1000);
        assert_eq!(s.queue_ptr(), 0x1000);
        assert!(!s.is_doorbell());
        assert!(SignalObject::new_unregistered(AMD_SIGNAL_KIND_DOORBELL, 0, &[], 0).is_doorbell());
    }

    #[test]
    fn waiter_count_returns_to_zero() {
        let s = Arc::new(sig(0));
        let s2 = Arc::clone(&s);
        let t = std::thread::spawn(move || {
            s2.wait(
                Condition::Eq,
                1,
                u64::MAX,
                WaitState::Blocked,
                MemoryOrder::Acquire,
            )
        });
        std::thread::sleep(std::time::Duration::from_millis(60));
        assert_eq!(
            s.waiters.load(Ordering::SeqCst),
            SLEEPER,
            "the waiter sleeps after its spin"
        );
        s.store(1, MemoryOrder::Release);
        assert_eq!(t.join().unwrap(), 1);
        assert_eq!(s.waiters.load(Ordering::SeqCst), 0);
        assert!(s.tokens.lock().is_empty());
    }
}
