//! Safe signals: [`Signal`] (an owned HSA signal, destroyed on drop) and [`SignalGroup`].
//!
//! ```
//! use hsa::signal::{Condition, MemoryOrder, Signal, WaitState};
//! use std::time::Duration;
//!
//! let done = Signal::new(1)?;
//! let remote = done.clone_ref();
//! let worker = std::thread::spawn(move || remote.subtract(1, MemoryOrder::Release));
//! // Blocks (spinning briefly, then sleeping) until the worker's decrement.
//! assert_eq!(done.wait(Condition::Eq, 0, None, WaitState::Blocked), 0);
//! worker.join().unwrap();
//! // A timed wait returns the observed value when the time is up.
//! let v = done.wait(Condition::Eq, 5, Some(Duration::from_millis(1)), WaitState::Blocked);
//! assert_eq!(v, 0);
//! # Ok::<(), hsa::HsaError>(())
//! ```

use std::sync::Arc;
use std::time::Duration;

use crate::core::signal::{self as core_signal, SignalObject};
use crate::status::HsaResult;

pub use crate::core::signal::{Condition, MemoryOrder, SignalValue, WaitState};

/// A signal handle owned by Rust code: dropping the owning `Signal` destroys the HSA
/// signal (`hsa_signal_destroy`); [`clone_ref`](Signal::clone_ref) makes non-owning
/// references for other threads.
///
/// Operations take a [`MemoryOrder`]; the value-changing ones wake waiters
/// ([`silent_store`](Signal::silent_store) excepted).
///
/// ```
/// use hsa::signal::{MemoryOrder, Signal};
///
/// let s = Signal::new(10)?;
/// s.add(5, MemoryOrder::Relaxed);
/// assert_eq!(s.exchange(3, MemoryOrder::AcqRel), 15);
/// assert_eq!(s.cas(3, 4, MemoryOrder::AcqRel), 3);
/// assert_eq!(s.load(MemoryOrder::Acquire), 4);
/// let handle = s.handle(); // what C code sees as hsa_signal_t
/// drop(s);
/// assert!(hsa::core::signal::lookup(handle).is_err());
/// # Ok::<(), hsa::HsaError>(())
/// ```
pub struct Signal {
    obj: Arc<SignalObject>,
    owned: bool,
}

impl std::fmt::Debug for Signal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Signal")
            .field("handle", &format_args!("{:#x}", self.handle()))
            .field("value", &self.load(MemoryOrder::Relaxed))
            .field("owned", &self.owned)
            .finish()
    }
}

/// `Duration` to system ticks (1 GHz); `None` is "no limit".
fn ticks(timeout: Option<Duration>) -> u64 {
    timeout.map_or(u64::MAX, |d| {
        u64::try_from(d.as_nanos())
            .unwrap_or(u64::MAX - 1)
            .min(u64::MAX - 1)
    })
}

impl Signal {
    /// `hsa_signal_create(initial, 0, NULL)`: any agent may wait on it.
    pub fn new(initial: SignalValue) -> HsaResult<Signal> {
        core_signal::create(initial, &[]).map(Signal::from_core)
    }

    /// `hsa_signal_create` with a consumer list (agent handles; the runtime must be
    /// initialised, agents valid and distinct).
    pub fn with_consumers(initial: SignalValue, consumers: &[u64]) -> HsaResult<Signal> {
        core_signal::create(initial, consumers).map(Signal::from_core)
    }

    /// Takes ownership of a registered core signal: dropping the result destroys it.
    pub fn from_core(obj: Arc<SignalObject>) -> Signal {
        Signal { obj, owned: true }
    }

    /// A non-owning reference to the signal with this handle (`ERROR_INVALID_SIGNAL` if
    /// there is none); dropping it destroys nothing.
    pub fn from_handle(handle: u64) -> HsaResult<Signal> {
        core_signal::lookup(handle).map(|obj| Signal { obj, owned: false })
    }

    /// A non-owning reference to the same signal (for other threads). It stays usable
    /// after the owner is dropped (the object lives on), but its handle is then invalid.
    pub fn clone_ref(&self) -> Signal {
        Signal {
            obj: Arc::clone(&self.obj),
            owned: false,
        }
    }

    /// Gives up ownership without destroying the signal; returns the core object.
    pub fn into_core(mut self) -> Arc<SignalObject> {
        self.owned = false;
        Arc::clone(&self.obj)
    }

    /// The core object.
    pub fn as_core(&self) -> &Arc<SignalObject> {
        &self.obj
    }

    /// The `hsa_signal_t` handle.
    pub fn handle(&self) -> u64 {
        self.obj.handle()
    }

    /// Whether dropping this `Signal` destroys the HSA signal.
    pub fn is_owner(&self) -> bool {
        self.owned
    }

    /// `hsa_signal_load_*`.
    pub fn load(&self, order: MemoryOrder) -> SignalValue {
        self.obj.load(order)
    }

    /// `hsa_signal_store_*` (wakes waiters).
    pub fn store(&self, value: SignalValue, order: MemoryOrder) {
        self.obj.store(value, order)
    }

    /// `hsa_signal_silent_store_*` (need not wake waiters).
    pub fn silent_store(&self, value: SignalValue, order: MemoryOrder) {
        self.obj.silent_store(value, order)
    }

    /// `hsa_signal_exchange_*`: returns the previous value.
    pub fn exchange(&self, value: SignalValue, order: MemoryOrder) -> SignalValue {
        self.obj.exchange(value, order)
    }

    /// `hsa_signal_cas_*`: returns the observed value (`expected` on success).
    pub fn cas(
        &self,
        expected: SignalValue,
        value: SignalValue,
        order: MemoryOrder,
    ) -> SignalValue {
        self.obj.cas(expected, value, order)
    }

    /// `hsa_signal_add_*`.
    pub fn add(&self, value: SignalValue, order: MemoryOrder) {
        self.obj.add(value, order)
    }

    /// `hsa_signal_subtract_*`.
    pub fn subtract(&self, value: SignalValue, order: MemoryOrder) {
        self.obj.subtract(value, order)
    }

    /// `hsa_signal_and_*`.
    pub fn and(&self, value: SignalValue, order: MemoryOrder) {
        self.obj.and(value, order)
    }

    /// `hsa_signal_or_*`.
    pub fn or(&self, value: SignalValue, order: MemoryOrder) {
        self.obj.or(value, order)
    }

    /// `hsa_signal_xor_*`.
    pub fn xor(&self, value: SignalValue, order: MemoryOrder) {
        self.obj.xor(value, order)
    }

    /// `hsa_signal_wait_scacquire`: waits until `value <cond> compare` holds or `timeout`
    /// passes (`None`: no limit); returns the observed value.
    pub fn wait(
        &self,
        cond: Condition,
        compare: SignalValue,
        timeout: Option<Duration>,
        state: WaitState,
    ) -> SignalValue {
        self.wait_with_order(cond, compare, timeout, state, MemoryOrder::Acquire)
    }

    /// [`wait`](Self::wait) with an explicit memory order (`Relaxed`: `hsa_signal_wait_relaxed`).
    pub fn wait_with_order(
        &self,
        cond: Condition,
        compare: SignalValue,
        timeout: Option<Duration>,
        state: WaitState,
        order: MemoryOrder,
    ) -> SignalValue {
        self.obj.wait(cond, compare, ticks(timeout), state, order)
    }

    /// Blocks until the value equals `compare`; returns it.
    pub fn wait_eq(&self, compare: SignalValue) -> SignalValue {
        self.wait(Condition::Eq, compare, None, WaitState::Blocked)
    }

    /// Blocks until the value is less than `compare`; returns it.
    pub fn wait_lt(&self, compare: SignalValue) -> SignalValue {
        self.wait(Condition::Lt, compare, None, WaitState::Blocked)
    }

    /// `hsa_amd_signal_async_handler`: calls `handler(value)` on the runtime's async thread
    /// once `value <cond> compare` holds; returning `true` re-arms it.
    ///
    /// ```
    /// use hsa::signal::{Condition, MemoryOrder, Signal};
    ///
    /// let s = Signal::new(0)?;
    /// let (tx, rx) = std::sync::mpsc::channel();
    /// s.on_condition(Condition::Gte, 2, move |v| {
    ///     tx.send(v).unwrap();
    ///     false // one shot
    /// })?;
    /// s.add(2, MemoryOrder::Release);
    /// assert_eq!(rx.recv().unwrap(), 2);
    /// # Ok::<(), hsa::HsaError>(())
    /// ```
    pub fn on_condition(
        &self,
        cond: Condition,
        compare: SignalValue,
        handler: impl FnMut(SignalValue) -> bool + Send + 'static,
    ) -> HsaResult<()> {
        core_signal::async_handler(self.handle(), cond, compare, Box::new(handler))
    }

    /// `hsa_amd_signal_value_pointer`. Writes through it do not wake sleeping waiters
    /// promptly (they re-check every few milliseconds).
    pub fn value_ptr(&self) -> *mut SignalValue {
        self.obj.value_ptr()
    }

    /// Dispatch `(start, end)` times recorded by a profiling queue, in system ticks.
    pub fn dispatch_times(&self) -> (u64, u64) {
        self.obj.dispatch_times()
    }
}

impl Drop for Signal {
    fn drop(&mut self) {
        if self.owned {
            // Already destroyed through its handle, or swept by shutdown: nothing to do.
            let _ = core_signal::destroy(self.obj.handle());
        }
    }
}

/// An owned signal group (`hsa_signal_group_*`), destroyed on drop.
///
/// ```
/// use hsa::signal::{Condition, MemoryOrder, Signal, SignalGroup, WaitState};
///
/// hsa::core::runtime::init()?;
/// let agent = hsa::core::runtime::current()?.topology.cpu_agent().handle();
/// let (a, b) = (Signal::new(1)?, Signal::new(1)?);
/// let group = SignalGroup::new(&[&a, &b], &[agent])?;
/// b.store(0, MemoryOrder::Release);
/// let (index, value) = group.wait_any(&[Condition::Eq; 2], &[0, 0], WaitState::Blocked)?;
/// assert_eq!((index, value), (1, 0));
/// drop(group);
/// hsa::core::runtime::shut_down()?;
/// # Ok::<(), hsa::HsaError>(())
/// ```
#[derive(Debug)]
pub struct SignalGroup {
    handle: u64,
    signals: Box<[u64]>,
}

impl SignalGroup {
    /// `hsa_signal_group_create` over `signals` for `consumers` (agent handles; both lists
    /// non-empty and without duplicates).
    pub fn new(signals: &[&Signal], consumers: &[u64]) -> HsaResult<SignalGroup> {
        let handles: Box<[u64]> = signals.iter().map(|s| s.handle()).collect();
        let handle = core_signal::group_create(&handles, consumers)?;
        Ok(SignalGroup {
            handle,
            signals: handles,
        })
    }

    /// The `hsa_signal_group_t` handle.
    pub fn handle(&self) -> u64 {
        self.handle
    }

    /// The number of signals.
    pub fn len(&self) -> usize {
        self.signals.len()
    }

    /// Always false: groups are never empty.
    pub fn is_empty(&self) -> bool {
        self.signals.is_empty()
    }

    /// `hsa_signal_group_wait_any_scacquire`: waits until `signal[i] <conds[i]> values[i]`
    /// holds for some `i` and returns `(i, observed value)`. Both slices must have
    /// [`len`](Self::len) entries (`ERROR_INVALID_ARGUMENT`).
    pub fn wait_any(
        &self,
        conds: &[Condition],
        values: &[SignalValue],
        state: WaitState,
    ) -> HsaResult<(usize, SignalValue)> {
        let (handle, value) =
            core_signal::group_wait_any(self.handle, conds, values, state, MemoryOrder::Acquire)?;
        let index = self.signals.iter().position(|&h| h == handle).unwrap_or(0);
        Ok((index, value))
    }
}

impl Drop for SignalGroup {
    fn drop(&mut self) {
        let _ = core_signal::group_destroy(self.handle);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::status::HsaError;

    #[test]
    fn drop_destroys_only_the_owner() {
        let _guard = crate::core::signal::TestGuard::new();
        let s = Signal::new(3).unwrap();
        let h = s.handle();
        let r = s.clone_ref();
        let looked_up = Signal::from_handle(h).unwrap();
        drop(r);
        drop(looked_up);
        assert!(core_signal::lookup(h).is_ok(), "references do not destroy");
        drop(s);
        assert_eq!(
            core_signal::lookup(h).err(),
            Some(HsaError::ERROR_INVALID_SIGNAL)
        );
        assert!(Signal::from_handle(h).is_err());
    }

    #[test]
    fn into_core_keeps_the_signal() {
        let _guard = crate::core::signal::TestGuard::new();
        let s = Signal::new(9).unwrap();
        let h = s.handle();
        let obj = s.into_core();
        assert_eq!(Arc::strong_count(&obj), 2, "registry + returned reference");
        assert!(core_signal::lookup(h).is_ok());
        core_signal::destroy(h).unwrap();
        assert_eq!(obj.load(MemoryOrder::Relaxed), 9);
    }

    #[test]
    fn timeout_conversion() {
        assert_eq!(ticks(None), u64::MAX);
        assert_eq!(ticks(Some(Duration::from_micros(3))), 3000);
        assert_eq!(ticks(Some(Duration::MAX)), u64::MAX - 1);
    }

    #[test]
    fn convenience_waits() {
        let _guard = crate::core::signal::TestGuard::new();
        let s = Signal::new(1).unwrap();
        let r = s.clone_ref();
        let t = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(2));
            r.store(0, MemoryOrder::Release);
            r.wait_eq(5);
            r.store(-4, MemoryOrder::Release);
        });
        assert_eq!(s.wait_eq(0), 0);
        s.store(5, MemoryOrder::Release);
        assert_eq!(s.wait_lt(-1), -4);
        t.join().unwrap();
        let v = s.wait(
            Condition::Gte,
            100,
            Some(Duration::from_millis(2)),
            WaitState::Active,
        );
        assert_eq!(v, -4);
    }
}
