//! Waiting on one or several signals: a short spin, then a futex sleep.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use super::{Condition, MemoryOrder, SignalObject, WaitState, WakeToken, SLEEPER};
use crate::time;

/// Default spin window of a `Blocked` wait before it sleeps, in ns.
const DEFAULT_SPIN_NS: u64 = 20_000;

/// Default longest single futex sleep, in ns (see [`sleep_poll_ns`]).
pub const SLEEP_POLL_NS: u64 = 10_000_000;

/// `u64::MAX` stands for "not read from the environment yet".
static SPIN_NS: AtomicU64 = AtomicU64::new(u64::MAX);
/// `0` stands for "not read from the environment yet"; `u64::MAX` for "never poll".
static POLL_NS: AtomicU64 = AtomicU64::new(0);

fn env_u64(name: &str) -> Option<u64> {
    std::env::var(name)
        .ok()
        .and_then(|s| s.trim().parse::<u64>().ok())
}

/// A setting in ns kept in `cell` (`u64::MAX`: not read yet), read once from the environment
/// variable `var` given in µs, `default_ns` when unset or unparsable; a setter may have
/// stored a value first.
#[inline]
pub(crate) fn setting_from_env_us(cell: &AtomicU64, var: &str, default_ns: u64) -> u64 {
    let v = cell.load(Ordering::Relaxed);
    if v != u64::MAX {
        return v;
    }
    let v = env_u64(var).map_or(default_ns, |us| us.saturating_mul(1000).min(u64::MAX - 1));
    let _ = cell.compare_exchange(u64::MAX, v, Ordering::Relaxed, Ordering::Relaxed);
    cell.load(Ordering::Relaxed)
}

/// The spin window of `Blocked` waits, in ns: `FERROCM_SIGNAL_SPIN_US` × 1000, default 20 µs.
#[inline]
pub fn spin_window_ns() -> u64 {
    setting_from_env_us(&SPIN_NS, "FERROCM_SIGNAL_SPIN_US", DEFAULT_SPIN_NS)
}

/// Sets the spin window of `Blocked` waits (ns), overriding the environment.
pub fn set_spin_window_ns(ns: u64) {
    SPIN_NS.store(ns.min(u64::MAX - 1), Ordering::Relaxed);
}

/// Longest single futex sleep, in ns: sleepers re-check the value at least this often, a
/// safety net for writers that bypass the wake protocol (`silent_store`, writes through
/// `value_ptr`, device code writing the `amd_signal_t`). It costs one wake-up per sleeper
/// per period. `FERROCM_SIGNAL_POLL_MS` overrides the default 10 ms; 0 disables polling
/// (`u64::MAX` is returned then).
#[inline]
pub fn sleep_poll_ns() -> u64 {
    let v = POLL_NS.load(Ordering::Relaxed);
    if v != 0 {
        return v;
    }
    let v = match env_u64("FERROCM_SIGNAL_POLL_MS") {
        Some(0) => u64::MAX,
        Some(ms) => ms.saturating_mul(1_000_000).max(1),
        None => SLEEP_POLL_NS,
    };
    let _ = POLL_NS.compare_exchange(0, v, Ordering::Relaxed, Ordering::Relaxed);
    POLL_NS.load(Ordering::Relaxed)
}

/// Sets the polling period of sleepers (ns; `u64::MAX` or 0: never poll), overriding the
/// environment. Affects sleeps that start afterwards.
pub fn set_sleep_poll_ns(ns: u64) {
    POLL_NS.store(if ns == 0 { u64::MAX } else { ns }, Ordering::Relaxed);
}

fn deadline_of(start: u64, timeout_ticks: u64) -> u64 {
    if timeout_ticks == u64::MAX {
        u64::MAX
    } else {
        start.saturating_add(timeout_ticks)
    }
}

enum Spin<T> {
    Done(T),
    TimedOut,
    Sleep,
}

/// Polls `check` until it succeeds, the spin window ends (`Sleep`) or the deadline passes.
/// `Active` waits spin until the deadline, yielding the CPU now and then.
#[inline]
fn spin<T>(
    mut check: impl FnMut() -> Option<T>,
    start: u64,
    deadline: u64,
    state: WaitState,
) -> Spin<T> {
    let spin_end = match state {
        WaitState::Active => deadline,
        WaitState::Blocked => start.saturating_add(spin_window_ns()).min(deadline),
    };
    let mut i: u32 = 0;
    loop {
        if let Some(r) = check() {
            return Spin::Done(r);
        }
        i = i.wrapping_add(1);
        if i & 7 == 0 {
            let now = time::now();
            if now >= spin_end {
                return if now >= deadline {
                    Spin::TimedOut
                } else {
                    Spin::Sleep
                };
            }
            // Yield often: on few cores the thread we wait for (a queue's packet processor)
            // may have been woken onto our CPU; rare yields cost ~20 us per round trip.
            if i & 63 == 0 {
                std::thread::yield_now();
            }
        }
        std::hint::spin_loop();
    }
}

/// [`SignalObject::wait`].
pub(super) fn wait_one(
    s: &SignalObject,
    cond: Condition,
    compare: i64,
    timeout_ticks: u64,
    state: WaitState,
    order: MemoryOrder,
) -> i64 {
    let ord = order.load();
    let v = s.amd.value.load(ord);
    if cond.holds(v, compare) || timeout_ticks == 0 {
        return v;
    }
    let check = || {
        let v = s.amd.value.load(ord);
        cond.holds(v, compare).then_some(v)
    };
    // Before spinning: run the packets that complete this signal if their queue's
    // processor sleeps or is still waking up (never from a processor's own doorbell wait).
    if !s.is_doorbell() && crate::core::queue::help_waiter(s, &|| check().is_some()) {
        if let Some(v) = check() {
            return v;
        }
    }
    let start = time::now();
    let deadline = deadline_of(start, timeout_ticks);
    match spin(check, start, deadline, state) {
        Spin::Done(v) => return v,
        Spin::TimedOut => return s.amd.value.load(ord),
        Spin::Sleep => {}
    }
    // Register, then re-check before every sleep: a writer that changes the value after our
    // check sees the registration (both sides are SeqCst) and notifies `seq` after the
    // epoch we read, so the sleep returns at once.
    s.waiters.fetch_add(SLEEPER, Ordering::SeqCst);
    let v = loop {
        let epoch = s.seq.epoch();
        let v = s.amd.value.load(Ordering::SeqCst);
        if cond.holds(v, compare) {
            break v;
        }
        let now = time::now();
        if now >= deadline {
            break v;
        }
        s.seq.sleep(epoch, (deadline - now).min(sleep_poll_ns()));
    };
    s.waiters.fetch_sub(SLEEPER, Ordering::SeqCst);
    v
}

/// Waits until the condition of one entry holds and returns `(index, observed value)`,
/// or `None` once `timeout_ticks` ticks have passed (`u64::MAX`: no limit; an empty list
/// returns `None` at once). When several hold, the lowest index wins. Sleeps (after the
/// spin window) with one wake token registered in every signal, so any value change of
/// any entry wakes it. A destroyed signal does not end the wait.
pub fn wait_any(
    entries: &[(&SignalObject, Condition, i64)],
    timeout_ticks: u64,
    state: WaitState,
    order: MemoryOrder,
) -> Option<(usize, i64)> {
    wait_any_impl(entries, timeout_ticks, state, order, false)
}

/// [`wait_any`]; with `end_on_destroyed`, an entry whose signal has been destroyed also
/// ends the wait (the async-handler thread prunes such entries).
pub(super) fn wait_any_impl(
    entries: &[(&SignalObject, Condition, i64)],
    timeout_ticks: u64,
    state: WaitState,
    order: MemoryOrder,
    end_on_destroyed: bool,
) -> Option<(usize, i64)> {
    let check = |ord: Ordering| {
        entries
            .iter()
            .enumerate()
            .find_map(|(i, (s, cond, compare))| {
                let v = s.amd.value.load(ord);
                let done = cond.holds(v, *compare) || (end_on_destroyed && !s.live.load(ord));
                done.then_some((i, v))
            })
    };
    let ord = order.load();
    if let Some(r) = check(ord) {
        return Some(r);
    }
    if entries.is_empty() || timeout_ticks == 0 {
        return None;
    }
    let start = time::now();
    let deadline = deadline_of(start, timeout_ticks);
    match spin(|| check(ord), start, deadline, state) {
        Spin::Done(r) => return Some(r),
        Spin::TimedOut => return None,
        Spin::Sleep => {}
    }
    let token = Arc::new(WakeToken::default());
    for (s, _, _) in entries {
        s.register_token(&token);
    }
    let r = loop {
        let epoch = token.word.epoch();
        if let Some(r) = check(Ordering::SeqCst) {
            break Some(r);
        }
        let now = time::now();
        if now >= deadline {
            break None;
        }
        token
            .word
            .sleep(epoch, (deadline - now).min(sleep_poll_ns()));
    };
    for (s, _, _) in entries {
        s.unregister_token(&token);
    }
    r
}
