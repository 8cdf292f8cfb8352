//! The handle registry: creation, validation ([`get`], [`lookup`]), destruction.
//!
//! A signal handle is the address of its `amd_signal_t`, the first field of a
//! [`SignalObject`] allocated in an `Arc`. The registry owns one strong reference to every
//! object it ever created (taken with `Arc::into_raw` and never released), so those
//! objects are never freed; their addresses live in an insert-only open-addressing hash
//! set that readers probe without locks. A destroyed object goes to a FIFO free list and
//! is re-initialised (through atomics only) for a later signal.

use std::collections::VecDeque;
use std::mem::ManuallyDrop;
use std::sync::atomic::{AtomicPtr, AtomicU64, Ordering};
use std::sync::{Arc, Once};

use parking_lot::Mutex;

use super::{
    group, handler, SignalObject, AMD_SIGNAL_ATTRIBUTE_GPU_ONLY, AMD_SIGNAL_ATTRIBUTE_IPC,
    AMD_SIGNAL_KIND_DOORBELL, AMD_SIGNAL_KIND_USER,
};
use crate::core::runtime;
use crate::status::{HsaError, HsaResult};

const MIX: u64 = 0x9E37_79B9_7F4A_7C15;
const INITIAL_SLOTS: usize = 1024;
/// Destroyed slots wait behind this many others before reuse, so that a stale handle is
/// unlikely to alias a new signal right away.
const QUARANTINE: usize = 64;

/// Folded 64×64→128 multiply of the handle without its (always zero) low 6 bits.
#[inline]
fn mix(handle: u64) -> u64 {
    let m = u128::from(handle >> 6) * u128::from(MIX);
    (m as u64) ^ ((m >> 64) as u64)
}

/// Insert-only open-addressing set of object addresses (0 = empty slot), at most half full.
struct AddrTable {
    mask: usize,
    slots: Box<[AtomicU64]>,
}

impl AddrTable {
    fn with_slots(n: usize) -> AddrTable {
        AddrTable {
            mask: n - 1,
            slots: (0..n).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// Stores `addr` in the first empty slot of its probe sequence (writer lock held).
    fn place(&self, addr: u64) {
        let mut i = mix(addr) as usize & self.mask;
        while self.slots[i].load(Ordering::Relaxed) != 0 {
            i = (i + 1) & self.mask;
        }
        self.slots[i].store(addr, Ordering::Release);
    }

    #[inline]
    fn contains(&self, addr: u64) -> bool {
        let mut i = mix(addr) as usize & self.mask;
        loop {
            // Slots only go from 0 to an address, so a probe chain never gains a gap.
            let v = self.slots[i].load(Ordering::Acquire);
            if v == addr {
                return true;
            }
            if v == 0 {
                return false;
            }
            i = (i + 1) & self.mask;
        }
    }

    fn addresses(&self) -> impl Iterator<Item = u64> + '_ {
        self.slots
            .iter()
            .map(|s| s.load(Ordering::Acquire))
            .filter(|&a| a != 0)
    }
}

/// The current table. Replaced tables are never freed (kept in [`Writer::retired`]), so a
/// reader holding an older one still probes valid memory; it lacks only addresses inserted
/// after it was replaced, which that reader cannot have obtained yet.
static TABLE: AtomicPtr<AddrTable> = AtomicPtr::new(std::ptr::null_mut());

#[inline]
fn table() -> Option<&'static AddrTable> {
    let p = TABLE.load(Ordering::Acquire);
    // SAFETY: TABLE is null or points to a leaked (never freed, never mutated except
    // through atomics) AddrTable published with Release.
    unsafe { p.as_ref() }
}

/// Writer-side state: creation, destruction and reuse are serialised by this lock.
struct Writer {
    /// Addresses in the table.
    count: usize,
    /// Destroyed objects, oldest first.
    free: VecDeque<u64>,
    /// Replaced tables: still probed by readers that loaded them, so never freed; held
    /// here rather than leaked, so that they stay reachable (LeakSanitizer).
    retired: Vec<&'static AddrTable>,
}

static WRITER: Mutex<Writer> = Mutex::new(Writer {
    count: 0,
    free: VecDeque::new(),
    retired: Vec::new(),
});

fn insert(w: &mut Writer, addr: u64) {
    let capacity = table().map_or(0, |t| t.slots.len());
    let t = if (w.count + 1) * 2 > capacity {
        let grown: &'static AddrTable = Box::leak(Box::new(AddrTable::with_slots(
            (capacity * 2).max(INITIAL_SLOTS),
        )));
        if let Some(old) = table() {
            for a in old.addresses() {
                grown.place(a);
            }
            w.retired.push(old);
        }
        TABLE.store(
            grown as *const AddrTable as *mut AddrTable,
            Ordering::Release,
        );
        grown
    } else {
        match table() {
            Some(t) => t,
            None => return, // unreachable: capacity 0 always grows
        }
    };
    t.place(addr);
    w.count += 1;
}

/// The object at a registered address.
#[inline]
fn object(addr: u64) -> &'static SignalObject {
    // SAFETY: `addr` is in the table, so it came from `Arc::into_raw` of a SignalObject
    // whose strong reference the registry never releases: it is live for 'static.
    unsafe { &*(addr as *const SignalObject) }
}

/// A new `Arc` to a registered object.
fn arc_of(obj: &'static SignalObject) -> Arc<SignalObject> {
    let p = obj as *const SignalObject;
    // SAFETY: `p` came from `Arc::into_raw` and the registry's strong reference keeps the
    // count >= 1, so incrementing it and adopting the increment with `from_raw` is sound.
    unsafe {
        Arc::increment_strong_count(p);
        Arc::from_raw(p)
    }
}

/// Strong references to a registered object (1 = only the registry's).
fn strong_count(obj: &'static SignalObject) -> usize {
    // SAFETY: as in `arc_of`; ManuallyDrop keeps the borrowed count untouched.
    let arc = ManuallyDrop::new(unsafe { Arc::from_raw(obj as *const SignalObject) });
    Arc::strong_count(&arc)
}

/// Registers `destroy_all` as a runtime shutdown hook, once per process.
fn ensure_shutdown_hook() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| runtime::on_shutdown(destroy_all));
}

fn register(kind: i64, initial: i64, consumers: &[u64], attributes: u64) -> Arc<SignalObject> {
    ensure_shutdown_hook();
    let mut w = WRITER.lock();
    // Reuse the oldest quarantined slot that nobody references any more.
    let candidates = w.free.len().saturating_sub(QUARANTINE).min(8);
    for _ in 0..candidates {
        let Some(addr) = w.free.pop_front() else {
            break;
        };
        let obj = object(addr);
        if strong_count(obj) == 1 {
            obj.reinit(kind, initial, consumers, attributes);
            return arc_of(obj);
        }
        w.free.push_back(addr);
    }
    let obj = Arc::new(SignalObject::new_unregistered(
        kind, initial, consumers, attributes,
    ));
    let addr = Arc::into_raw(Arc::clone(&obj)) as u64;
    insert(&mut w, addr);
    obj
}

/// Whether `xs` contains a value twice.
pub(super) fn has_duplicates(xs: &[u64]) -> bool {
    if xs.len() <= 32 {
        xs.iter().enumerate().any(|(i, x)| xs[i + 1..].contains(x))
    } else {
        let mut sorted = xs.to_vec();
        sorted.sort_unstable();
        sorted.windows(2).any(|w| w[0] == w[1])
    }
}

/// Validates a consumer-agent list: empty is fine; otherwise the runtime must be
/// initialised (`ERROR_NOT_INITIALIZED`), every agent valid (`ERROR_INVALID_AGENT`) and
/// no agent listed twice (`ERROR_INVALID_ARGUMENT`).
pub(super) fn validate_consumers(consumers: &[u64]) -> HsaResult<()> {
    if consumers.is_empty() {
        return Ok(());
    }
    let rt = runtime::current()?;
    for &agent in consumers {
        rt.agent(agent)?;
    }
    if has_duplicates(consumers) {
        return Err(HsaError::ERROR_INVALID_ARGUMENT);
    }
    Ok(())
}

/// `hsa_signal_create`: a user signal with `initial` value. `consumers` are agent
/// handles (empty: any agent may wait); see [`validate_consumers`] for the errors.
pub fn create(initial: i64, consumers: &[u64]) -> HsaResult<Arc<SignalObject>> {
    create_with_attributes(initial, consumers, 0)
}

/// `hsa_amd_signal_create`. `attributes`: 0, or `HSA_AMD_SIGNAL_AMD_GPU_ONLY` (1, accepted,
/// no effect). `HSA_AMD_SIGNAL_IPC` (2) is not supported and fails with the generic
/// `HSA_STATUS_ERROR`; any other bit is `HSA_STATUS_ERROR_INVALID_ARGUMENT`.
pub fn create_with_attributes(
    initial: i64,
    consumers: &[u64],
    attributes: u64,
) -> HsaResult<Arc<SignalObject>> {
    if attributes & AMD_SIGNAL_ATTRIBUTE_IPC != 0 {
        return Err(HsaError::ERROR);
    }
    if attributes & !AMD_SIGNAL_ATTRIBUTE_GPU_ONLY != 0 {
        return Err(HsaError::ERROR_INVALID_ARGUMENT);
    }
    validate_consumers(consumers)?;
    Ok(register(
        AMD_SIGNAL_KIND_USER,
        initial,
        consumers,
        attributes,
    ))
}

/// A queue doorbell (kind `AMD_SIGNAL_KIND_DOORBELL`, initial value 0): valid for every
/// `hsa_signal_*` operation, but `destroy` refuses it (`ERROR_INVALID_ARGUMENT`); the queue
/// frees it with [`release_doorbell`].
pub fn create_doorbell() -> Arc<SignalObject> {
    register(AMD_SIGNAL_KIND_DOORBELL, 0, &[], 0)
}

/// Destroys a signal made by [`create_doorbell`] (no-op if already released or swept by
/// [`destroy_all`]). The object stays usable through the `Arc`s that remain.
pub fn release_doorbell(signal: &Arc<SignalObject>) {
    let addr = signal.handle();
    if table().is_some_and(|t| t.contains(addr)) {
        let mut w = WRITER.lock();
        if signal.retire() {
            w.free.push_back(addr);
        }
    }
}

/// The live signal with this handle as a `'static` reference (objects are never freed),
/// or `ERROR_INVALID_SIGNAL` for 0, destroyed and foreign handles, which are never
/// dereferenced. The cheapest validation: no lock, no reference count.
#[inline]
pub fn get(handle: u64) -> HsaResult<&'static SignalObject> {
    if handle == 0 || handle & 63 != 0 || !table().is_some_and(|t| t.contains(handle)) {
        return Err(HsaError::ERROR_INVALID_SIGNAL);
    }
    let obj = object(handle);
    if obj.is_live() {
        Ok(obj)
    } else {
        Err(HsaError::ERROR_INVALID_SIGNAL)
    }
}

/// [`get`], returning a new `Arc` (one reference-count increment).
#[inline]
pub fn lookup(handle: u64) -> HsaResult<Arc<SignalObject>> {
    get(handle).map(arc_of)
}

/// `hsa_signal_destroy`: 0 is `ERROR_INVALID_ARGUMENT`, an unknown or destroyed handle
/// `ERROR_INVALID_SIGNAL`, a queue doorbell `ERROR_INVALID_ARGUMENT`. Threads still
/// waiting on the signal keep waiting for its value (destroying a waited-on signal is
/// undefined in HSA).
pub fn destroy(handle: u64) -> HsaResult<()> {
    if handle == 0 {
        return Err(HsaError::ERROR_INVALID_ARGUMENT);
    }
    let obj = get(handle)?;
    if obj.is_doorbell() {
        return Err(HsaError::ERROR_INVALID_ARGUMENT);
    }
    let mut w = WRITER.lock();
    if !obj.retire() {
        return Err(HsaError::ERROR_INVALID_SIGNAL); // a racing destroy won
    }
    w.free.push_back(handle);
    Ok(())
}

/// Releases everything: stops (and joins) the async-handler thread, dropping its handlers
/// and pending functions, destroys every signal group and every signal, doorbells
/// included. Run by the last `hsa_shut_down`; idempotent; signals may be created again
/// afterwards.
pub fn destroy_all() {
    handler::shutdown();
    group::destroy_all_groups();
    let mut w = WRITER.lock();
    if let Some(t) = table() {
        for addr in t.addresses() {
            if object(addr).retire() {
                w.free.push_back(addr);
            }
        }
    }
}

/// How many signals (doorbells included) are live now (diagnostics and tests).
pub fn live_signals() -> usize {
    let _w = WRITER.lock();
    table().map_or(0, |t| {
        t.addresses().filter(|&a| object(a).is_live()).count()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duplicates() {
        assert!(!has_duplicates(&[]));
        assert!(!has_duplicates(&[1, 2, 3]));
        assert!(has_duplicates(&[1, 2, 1]));
        let long: Vec<u64> = (0..100).collect();
        assert!(!has_duplicates(&long));
        let mut dup = long.clone();
        dup.push(57);
        assert!(has_duplicates(&dup));
    }

    #[test]
    fn address_table_insert_only_probe() {
        let t = AddrTable::with_slots(64);
        let addrs: Vec<u64> = (1..=32u64).map(|i| 0x7f00_0000_0000 + i * 256).collect();
        for &a in &addrs {
            t.place(a);
        }
        assert!(addrs.iter().all(|&a| t.contains(a)));
        assert!(!t.contains(0x7f00_0000_0000 + 33 * 256));
        assert!(!t.contains(64));
        assert_eq!(t.addresses().count(), 32);
    }

    #[test]
    fn foreign_handles_are_rejected_without_dereference() {
        // Addresses that would fault if dereferenced.
        for h in [0u64, 8, 64, 0xdead_beef_0000, !63, 0x1000] {
            assert_eq!(
                lookup(h).err(),
                Some(HsaError::ERROR_INVALID_SIGNAL),
                "{h:#x}"
            );
            assert!(get(h).is_err());
        }
        assert_eq!(destroy(0), Err(HsaError::ERROR_INVALID_ARGUMENT));
        assert_eq!(destroy(0x1001), Err(HsaError::ERROR_INVALID_SIGNAL));
    }

    #[test]
    fn table_growth_keeps_every_handle() {
        let _guard = super::super::TestGuard::new();
        let signals: Vec<_> = (0..3000).map(|i| create(i, &[]).unwrap()).collect();
        for (i, s) in signals.iter().enumerate() {
            assert_eq!(
                get(s.handle()).map(|o| o.load(super::super::MemoryOrder::Relaxed)),
                Ok(i as i64)
            );
        }
        for s in &signals {
            destroy(s.handle()).unwrap();
        }
        for s in &signals {
            assert!(get(s.handle()).is_err());
        }
    }
}
