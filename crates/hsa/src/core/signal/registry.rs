//! The handle registry: creation, validation (`lookup`), destruction.
//!
//! A signal handle is the address of its `amd_signal_t`. The registry maps live handles
//! to their objects in 64 independently locked shards, so validating a handle costs one
//! uncontended reader lock, one hash probe and (for [`lookup`]) one reference-count
//! increment; a handle that is not in the map is rejected without being dereferenced.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Arc, Once, OnceLock};

use parking_lot::RwLock;

use super::{
    group, handler, SignalObject, AMD_SIGNAL_ATTRIBUTE_GPU_ONLY, AMD_SIGNAL_ATTRIBUTE_IPC, AMD_SIGNAL_KIND_DOORBELL,
    AMD_SIGNAL_KIND_USER,
};
use crate::core::runtime;
use crate::status::{HsaError, HsaResult};

const SHARDS: usize = 64;
const MIX: u64 = 0x9E37_79B9_7F4A_7C15;

/// Folded 64×64→128 multiply of the handle without its (always zero) low 6 bits.
#[inline]
fn mix(handle: u64) -> u64 {
    let m = u128::from(handle >> 6) * u128::from(MIX);
    (m as u64) ^ ((m >> 64) as u64)
}

/// Hasher for handle keys (`u64` only; other input falls back to a byte-wise mix).
#[derive(Default)]
struct HandleHasher(u64);

impl Hasher for HandleHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(MIX);
        }
    }

    fn write_u64(&mut self, handle: u64) {
        self.0 = mix(handle);
    }
}

type Map = HashMap<u64, Arc<SignalObject>, BuildHasherDefault<HandleHasher>>;

/// One shard, on its own cache lines so that readers of different shards do not contend.
#[repr(align(128))]
struct Shard(RwLock<Map>);

fn shards() -> &'static [Shard; SHARDS] {
    static REGISTRY: OnceLock<[Shard; SHARDS]> = OnceLock::new();
    REGISTRY.get_or_init(|| std::array::from_fn(|_| Shard(RwLock::new(Map::default()))))
}

#[inline]
fn shard(handle: u64) -> &'static RwLock<Map> {
    // Bits 40..46 of the mix: independent of the bits hashbrown uses (low bits, top 7).
    &shards()[((mix(handle) >> 40) as usize) % SHARDS].0
}

/// Registers `destroy_all` as a runtime shutdown hook, once per process.
fn ensure_shutdown_hook() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| runtime::on_shutdown(destroy_all));
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

fn register(obj: SignalObject) -> Arc<SignalObject> {
    ensure_shutdown_hook();
    let obj = Arc::new(obj);
    let handle = obj.handle();
    // A live signal's address cannot belong to another live signal, so the slot is free.
    let previous = shard(handle).write().insert(handle, Arc::clone(&obj));
    debug_assert!(previous.is_none());
    obj
}

/// `hsa_signal_create`: a user signal with `initial` value. `consumers` are agent
/// handles (empty: any agent may wait); see [`validate_consumers`] for the errors.
pub fn create(initial: i64, consumers: &[u64]) -> HsaResult<Arc<SignalObject>> {
    create_with_attributes(initial, consumers, 0)
}

/// `hsa_amd_signal_create`. `attributes`: 0, or `HSA_AMD_SIGNAL_AMD_GPU_ONLY` (1, accepted,
/// no effect). `HSA_AMD_SIGNAL_IPC` (2) is not supported and fails with the generic
/// `HSA_STATUS_ERROR`; any other bit is `HSA_STATUS_ERROR_INVALID_ARGUMENT`.
pub fn create_with_attributes(initial: i64, consumers: &[u64], attributes: u64) -> HsaResult<Arc<SignalObject>> {
    if attributes & AMD_SIGNAL_ATTRIBUTE_IPC != 0 {
        return Err(HsaError::ERROR);
    }
    if attributes & !AMD_SIGNAL_ATTRIBUTE_GPU_ONLY != 0 {
        return Err(HsaError::ERROR_INVALID_ARGUMENT);
    }
    validate_consumers(consumers)?;
    Ok(register(SignalObject::new_unregistered(
        AMD_SIGNAL_KIND_USER,
        initial,
        consumers,
        attributes,
    )))
}

/// A queue doorbell (kind `AMD_SIGNAL_KIND_DOORBELL`, initial value 0): valid for every
/// `hsa_signal_*` operation, but `destroy` refuses it (`ERROR_INVALID_ARGUMENT`); the queue
/// frees it with [`release_doorbell`].
pub fn create_doorbell() -> Arc<SignalObject> {
    register(SignalObject::new_unregistered(AMD_SIGNAL_KIND_DOORBELL, 0, &[], 0))
}

/// Unregisters a doorbell made by [`create_doorbell`] (no-op if already released or
/// swept by [`destroy_all`]). The object lives on while `Arc`s to it remain.
pub fn release_doorbell(signal: &Arc<SignalObject>) {
    let handle = signal.handle();
    let removed = {
        let mut map = shard(handle).write();
        match map.get(&handle) {
            Some(o) if Arc::ptr_eq(o, signal) => map.remove(&handle),
            _ => None,
        }
    };
    if removed.is_some() {
        signal.retire();
    }
}

/// The live signal with this handle, or `ERROR_INVALID_SIGNAL` (for 0, destroyed and
/// foreign handles, which are never dereferenced).
#[inline]
pub fn lookup(handle: u64) -> HsaResult<Arc<SignalObject>> {
    if handle == 0 || handle % 64 != 0 {
        return Err(HsaError::ERROR_INVALID_SIGNAL);
    }
    shard(handle)
        .read_recursive()
        .get(&handle)
        .cloned()
        .ok_or(HsaError::ERROR_INVALID_SIGNAL)
}

/// Runs `f` on the live signal with this handle without touching its reference count
/// (the cheapest validation for the non-blocking `hsa_signal_*` operations), or returns
/// `ERROR_INVALID_SIGNAL`. `f` runs under the shard's reader lock: it must not block
/// (no waits; use [`lookup`] for those) and must not destroy signals.
#[inline]
pub fn with_signal<R>(handle: u64, f: impl FnOnce(&SignalObject) -> R) -> HsaResult<R> {
    if handle == 0 || handle % 64 != 0 {
        return Err(HsaError::ERROR_INVALID_SIGNAL);
    }
    let map = shard(handle).read_recursive();
    match map.get(&handle) {
        Some(obj) => Ok(f(obj)),
        None => Err(HsaError::ERROR_INVALID_SIGNAL),
    }
}

/// `hsa_signal_destroy`: 0 is `ERROR_INVALID_ARGUMENT`, an unknown or destroyed handle
/// `ERROR_INVALID_SIGNAL`, a queue doorbell `ERROR_INVALID_ARGUMENT`. Threads still
/// waiting on the signal keep it alive (destroying a waited-on signal is undefined in
/// HSA; here they keep waiting for its value).
pub fn destroy(handle: u64) -> HsaResult<()> {
    if handle == 0 {
        return Err(HsaError::ERROR_INVALID_ARGUMENT);
    }
    if handle % 64 != 0 {
        return Err(HsaError::ERROR_INVALID_SIGNAL);
    }
    let obj = {
        let mut map = shard(handle).write();
        match map.get(&handle) {
            None => return Err(HsaError::ERROR_INVALID_SIGNAL),
            Some(o) if o.is_doorbell() => return Err(HsaError::ERROR_INVALID_ARGUMENT),
            Some(_) => map.remove(&handle),
        }
    };
    if let Some(obj) = obj {
        obj.retire();
    }
    Ok(())
}

/// Releases everything: stops (and joins) the async-handler thread, dropping its handlers
/// and pending functions, destroys every signal group and unregisters every signal,
/// doorbells included. Run by the last `hsa_shut_down`; idempotent; signals may be
/// created again afterwards.
pub fn destroy_all() {
    handler::shutdown();
    group::destroy_all_groups();
    for shard in shards() {
        let map = std::mem::take(&mut *shard.0.write());
        for obj in map.values() {
            obj.retire();
        }
    }
}

/// How many signals (doorbells included) are registered now (diagnostics and tests).
pub fn live_signals() -> usize {
    shards().iter().map(|s| s.0.read().len()).sum()
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
    fn shards_spread_consecutive_handles() {
        let mut used = [0usize; SHARDS];
        for i in 0..4096u64 {
            used[((mix(0x7f00_0000_0000 + i * 256) >> 40) as usize) % SHARDS] += 1;
        }
        assert!(used.iter().all(|&n| n > 20), "{used:?}");
    }

    #[test]
    fn foreign_handles_are_rejected_without_dereference() {
        // Addresses that would fault if dereferenced.
        for h in [0u64, 8, 64, 0xdead_beef_0000, u64::MAX & !63, 0x1000] {
            assert_eq!(lookup(h).err(), Some(HsaError::ERROR_INVALID_SIGNAL), "{h:#x}");
            assert!(with_signal(h, |s| s.handle()).is_err());
        }
        assert_eq!(destroy(0), Err(HsaError::ERROR_INVALID_ARGUMENT));
        assert_eq!(destroy(0x1001), Err(HsaError::ERROR_INVALID_SIGNAL));
    }
}
