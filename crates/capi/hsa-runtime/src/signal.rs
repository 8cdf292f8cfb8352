//! Signals and signal groups: every operation in every memory order, plus the deprecated
//! `_acquire`/`_release`/`_acq_rel` names, generated from one table per operation shape.
//! Operations on a destroyed or foreign handle do nothing (they have no status to
//! return) and never touch memory that is not a live signal.

use std::ffi::c_void;

use hsa::core::signal::{self, Condition, MemoryOrder, WaitState};
use hsa::{HsaError, Status};

use crate::entry::{guard_value, non_null, rt, slice, write_out};
use crate::types::{hsa_agent_t, hsa_signal_group_t, hsa_signal_t};

use MemoryOrder::{AcqRel, Acquire, Relaxed, Release};

/// Runs `f` on a live signal; `fallback` for a bad handle or a panic.
fn with_signal<T: Copy>(
    s: hsa_signal_t,
    fallback: T,
    f: impl FnOnce(&signal::SignalObject) -> T,
) -> T {
    // `get` validates without locking or touching a reference count (signal slots are never
    // freed), which keeps every hsa_signal_* call a few nanoseconds.
    guard_value(fallback, || match signal::get(s.handle) {
        Ok(obj) => f(obj),
        Err(_) => fallback,
    })
}

/// `fn name(signal) -> value`
macro_rules! signal_load {
    ($($name:ident => $order:expr;)*) => {$(
        #[inline]
        pub(crate) unsafe fn $name(signal: hsa_signal_t) -> i64 {
            with_signal(signal, 0, |s| s.load($order))
        }
    )*};
}

/// `fn name(signal, value)` for the void operations.
macro_rules! signal_void_op {
    ($($name:ident => $method:ident, $order:expr;)*) => {$(
        #[inline]
        pub(crate) unsafe fn $name(signal: hsa_signal_t, value: i64) {
            with_signal(signal, (), |s| s.$method(value, $order))
        }
    )*};
}

signal_load! {
    hsa_signal_load_scacquire => Acquire;
    hsa_signal_load_relaxed => Relaxed;
    hsa_signal_load_acquire => Acquire;
}

signal_void_op! {
    hsa_signal_store_relaxed => store, Relaxed;
    hsa_signal_store_screlease => store, Release;
    hsa_signal_store_release => store, Release;
    hsa_signal_silent_store_relaxed => silent_store, Relaxed;
    hsa_signal_silent_store_screlease => silent_store, Release;
}

/// The four current orders plus three deprecated aliases of a read-modify-write `op`.
macro_rules! signal_rmw_family {
    ($method:ident: $scacq_screl:ident, $scacquire:ident, $relaxed:ident, $screlease:ident,
     $acq_rel:ident, $acquire:ident, $release:ident) => {
        signal_void_op! {
            $scacq_screl => $method, AcqRel;
            $scacquire => $method, Acquire;
            $relaxed => $method, Relaxed;
            $screlease => $method, Release;
            $acq_rel => $method, AcqRel;
            $acquire => $method, Acquire;
            $release => $method, Release;
        }
    };
}

signal_rmw_family!(add: hsa_signal_add_scacq_screl, hsa_signal_add_scacquire, hsa_signal_add_relaxed, hsa_signal_add_screlease,
    hsa_signal_add_acq_rel, hsa_signal_add_acquire, hsa_signal_add_release);
signal_rmw_family!(subtract: hsa_signal_subtract_scacq_screl, hsa_signal_subtract_scacquire, hsa_signal_subtract_relaxed, hsa_signal_subtract_screlease,
    hsa_signal_subtract_acq_rel, hsa_signal_subtract_acquire, hsa_signal_subtract_release);
signal_rmw_family!(and: hsa_signal_and_scacq_screl, hsa_signal_and_scacquire, hsa_signal_and_relaxed, hsa_signal_and_screlease,
    hsa_signal_and_acq_rel, hsa_signal_and_acquire, hsa_signal_and_release);
signal_rmw_family!(or: hsa_signal_or_scacq_screl, hsa_signal_or_scacquire, hsa_signal_or_relaxed, hsa_signal_or_screlease,
    hsa_signal_or_acq_rel, hsa_signal_or_acquire, hsa_signal_or_release);
signal_rmw_family!(xor: hsa_signal_xor_scacq_screl, hsa_signal_xor_scacquire, hsa_signal_xor_relaxed, hsa_signal_xor_screlease,
    hsa_signal_xor_acq_rel, hsa_signal_xor_acquire, hsa_signal_xor_release);

macro_rules! signal_exchange {
    ($($name:ident => $order:expr;)*) => {$(
        #[inline]
        pub(crate) unsafe fn $name(signal: hsa_signal_t, value: i64) -> i64 {
            with_signal(signal, 0, |s| s.exchange(value, $order))
        }
    )*};
}

signal_exchange! {
    hsa_signal_exchange_scacq_screl => AcqRel;
    hsa_signal_exchange_scacquire => Acquire;
    hsa_signal_exchange_relaxed => Relaxed;
    hsa_signal_exchange_screlease => Release;
    hsa_signal_exchange_acq_rel => AcqRel;
    hsa_signal_exchange_acquire => Acquire;
    hsa_signal_exchange_release => Release;
}

macro_rules! signal_cas {
    ($($name:ident => $order:expr;)*) => {$(
        #[inline]
        pub(crate) unsafe fn $name(signal: hsa_signal_t, expected: i64, value: i64) -> i64 {
            with_signal(signal, 0, |s| s.cas(expected, value, $order))
        }
    )*};
}

signal_cas! {
    hsa_signal_cas_scacq_screl => AcqRel;
    hsa_signal_cas_scacquire => Acquire;
    hsa_signal_cas_relaxed => Relaxed;
    hsa_signal_cas_screlease => Release;
    hsa_signal_cas_acq_rel => AcqRel;
    hsa_signal_cas_acquire => Acquire;
    hsa_signal_cas_release => Release;
}

macro_rules! signal_wait {
    ($($name:ident => $order:expr;)*) => {$(
        #[inline]
        pub(crate) unsafe fn $name(
            signal: hsa_signal_t,
            condition: u32,
            compare_value: i64,
            timeout_hint: u64,
            wait_state_hint: u32,
        ) -> i64 {
            with_signal(signal, 0, |s| {
                let Ok(cond) = Condition::from_raw(condition) else { return s.load($order) };
                // An unknown hint is treated as BLOCKED (hints never change correctness).
                let state = WaitState::from_raw(wait_state_hint).unwrap_or(WaitState::Blocked);
                s.wait(cond, compare_value, timeout_hint, state, $order)
            })
        }
    )*};
}

signal_wait! {
    hsa_signal_wait_scacquire => Acquire;
    hsa_signal_wait_relaxed => Relaxed;
    hsa_signal_wait_acquire => Acquire;
}

/// Agent handles of a consumer list, each checked against the runtime.
unsafe fn consumers(num: u32, list: *const hsa_agent_t) -> hsa::HsaResult<Vec<u64>> {
    // SAFETY: the caller passes `num` agents.
    let agents = unsafe { slice(list, num as usize)? };
    Ok(agents.iter().map(|a| a.handle).collect())
}

hsa_api! {
    fn hsa_signal_create(initial_value: i64, num_consumers: u32, consumers_: *const hsa_agent_t, signal: *mut hsa_signal_t) {
        rt()?;
        non_null(signal)?;
        // SAFETY: `num_consumers` agents per the API.
        let list = unsafe { consumers(num_consumers, consumers_)? };
        let obj = signal::create(initial_value, &list)?;
        // SAFETY: checked non-null.
        unsafe { write_out(signal, hsa_signal_t { handle: obj.handle() }) }
    }

    fn hsa_signal_destroy(signal: hsa_signal_t) {
        rt()?;
        signal::destroy(signal.handle)
    }

    fn hsa_amd_signal_create(initial_value: i64, num_consumers: u32, consumers_: *const hsa_agent_t, attributes: u64, signal: *mut hsa_signal_t) {
        rt()?;
        non_null(signal)?;
        // SAFETY: `num_consumers` agents per the API.
        let list = unsafe { consumers(num_consumers, consumers_)? };
        let obj = signal::create_with_attributes(initial_value, &list, attributes)?;
        // SAFETY: checked non-null.
        unsafe { write_out(signal, hsa_signal_t { handle: obj.handle() }) }
    }

    fn hsa_amd_signal_value_pointer(signal: hsa_signal_t, value_ptr: *mut *mut i64) {
        rt()?;
        non_null(value_ptr)?;
        let obj = signal::lookup(signal.handle)?;
        // SAFETY: checked non-null.
        unsafe { write_out(value_ptr, obj.value_ptr()) }
    }

    fn hsa_signal_group_create(num_signals: u32, signals: *const hsa_signal_t, num_consumers: u32, consumers_: *const hsa_agent_t, signal_group: *mut hsa_signal_group_t) {
        rt()?;
        non_null(signal_group)?;
        if num_signals == 0 || num_consumers == 0 {
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        // SAFETY: `num_signals` signals per the API.
        let sigs: Vec<u64> = unsafe { slice(signals, num_signals as usize)? }.iter().map(|s| s.handle).collect();
        // SAFETY: `num_consumers` agents per the API.
        let list = unsafe { consumers(num_consumers, consumers_)? };
        let group = signal::group_create(&sigs, &list)?;
        // SAFETY: checked non-null.
        unsafe { write_out(signal_group, hsa_signal_group_t { handle: group }) }
    }

    fn hsa_signal_group_destroy(signal_group: hsa_signal_group_t) {
        rt()?;
        signal::group_destroy(signal_group.handle)
    }

    fn hsa_signal_group_wait_any_scacquire(signal_group: hsa_signal_group_t, conditions: *const u32, compare_values: *const i64, wait_state_hint: u32, signal: *mut hsa_signal_t, value: *mut i64) {
        // SAFETY: forwarded from the caller.
        unsafe { group_wait(signal_group, conditions, compare_values, wait_state_hint, signal, value, Acquire) }
    }

    fn hsa_signal_group_wait_any_relaxed(signal_group: hsa_signal_group_t, conditions: *const u32, compare_values: *const i64, wait_state_hint: u32, signal: *mut hsa_signal_t, value: *mut i64) {
        // SAFETY: forwarded from the caller.
        unsafe { group_wait(signal_group, conditions, compare_values, wait_state_hint, signal, value, Relaxed) }
    }

    fn hsa_amd_signal_async_handler(signal: hsa_signal_t, cond: u32, value: i64, handler: Option<unsafe extern "C" fn(i64, *mut c_void) -> bool>, arg: *mut c_void) {
        rt()?;
        let handler = handler.ok_or(HsaError::ERROR_INVALID_ARGUMENT)?;
        let cond = Condition::from_raw(cond)?;
        let arg = arg as usize;
        signal::async_handler(
            signal.handle,
            cond,
            value,
            // SAFETY: the application's handler with its argument, called on the async thread.
            Box::new(move |v| unsafe { handler(v, arg as *mut c_void) }),
        )
    }

    fn hsa_amd_async_function(callback: Option<unsafe extern "C" fn(*mut c_void)>, arg: *mut c_void) {
        rt()?;
        let callback = callback.ok_or(HsaError::ERROR_INVALID_ARGUMENT)?;
        let arg = arg as usize;
        // SAFETY: the application's function with its argument.
        signal::async_function(Box::new(move || unsafe { callback(arg as *mut c_void) }))
    }
}

#[allow(clippy::too_many_arguments)]
unsafe fn group_wait(
    group: hsa_signal_group_t,
    conditions: *const u32,
    compare_values: *const i64,
    wait_state_hint: u32,
    signal_out: *mut hsa_signal_t,
    value_out: *mut i64,
    order: MemoryOrder,
) -> hsa::HsaResult<()> {
    rt()?;
    non_null(signal_out)?;
    non_null(value_out)?;
    let n = signal::group_len(group.handle)?;
    // SAFETY: one condition and one value per signal of the group, per the API.
    let conds = unsafe { slice(conditions, n)? }
        .iter()
        .map(|&c| Condition::from_raw(c))
        .collect::<Result<Vec<_>, _>>()?;
    // SAFETY: as above.
    let values = unsafe { slice(compare_values, n)? };
    let state = WaitState::from_raw(wait_state_hint)?;
    let (sig, val) = signal::group_wait_any(group.handle, &conds, values, state, order)?;
    // SAFETY: checked non-null.
    unsafe {
        write_out(signal_out, hsa_signal_t { handle: sig })?;
        write_out(value_out, val)
    }
}

/// `hsa_amd_signal_wait_any`: returns the index of a satisfied signal, `UINT32_MAX` on
/// timeout or bad arguments (ROCR behaviour).
pub(crate) unsafe fn hsa_amd_signal_wait_any(
    signal_count: u32,
    signals: *const hsa_signal_t,
    conds: *const u32,
    values: *const i64,
    timeout_hint: u64,
    wait_hint: u32,
    satisfying_value: *mut i64,
) -> u32 {
    guard_value(u32::MAX, || {
        if rt().is_err() || signal_count == 0 {
            return u32::MAX;
        }
        let n = signal_count as usize;
        // SAFETY: `signal_count` entries in each array, per the API.
        let (Ok(sigs), Ok(cs), Ok(vs)) = (
            unsafe { slice(signals, n) },
            unsafe { slice(conds, n) },
            unsafe { slice(values, n) },
        ) else {
            return u32::MAX;
        };
        let mut objs = Vec::with_capacity(n);
        let mut parsed = Vec::with_capacity(n);
        for i in 0..n {
            let (Ok(obj), Ok(c)) = (signal::lookup(sigs[i].handle), Condition::from_raw(cs[i]))
            else {
                return u32::MAX;
            };
            objs.push(obj);
            parsed.push(c);
        }
        let entries: Vec<_> = (0..n)
            .map(|i| (objs[i].as_ref(), parsed[i], vs[i]))
            .collect();
        let state = WaitState::from_raw(wait_hint).unwrap_or(WaitState::Blocked);
        match signal::wait_any(&entries, timeout_hint, state, Relaxed) {
            Some((index, value)) => {
                if !satisfying_value.is_null() {
                    // SAFETY: non-null out-pointer supplied by the caller.
                    unsafe { satisfying_value.write_unaligned(value) };
                }
                index as u32
            }
            None => u32::MAX,
        }
    })
}

// Keep the status type in scope for the macro-generated signatures.
const _: Status = Status::SUCCESS;
