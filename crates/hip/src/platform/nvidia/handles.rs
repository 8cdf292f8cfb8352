//! Live-handle sets for the driver handles HIP hands out as its own (streams, events).
//!
//! The driver does not validate handles: a destroyed or made-up `CUstream` passed to it is
//! a use-after-free or a wild read, and the process crashes. HIP's contract (and ours:
//! every entry point returns the documented error, nothing crashes) is
//! `hipErrorInvalidHandle`/`hipErrorContextIsDestroyed`. So every stream and event this
//! platform creates is noted here with its device until destroyed (or until a device reset
//! destroys it), and entry points check a handle before the driver sees it: one uncontended
//! read lock and one hash probe, with no allocation.
//!
//! Handles created outside HIP (a `CUstream` from the driver API or a CUDA library) are
//! therefore not accepted by HIP calls; on NVIDIA HIP programs get their streams from HIP.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use parking_lot::RwLock;

/// A hasher for address keys: one multiply, good enough for distinct addresses and much
/// cheaper than SipHash on the launch path.
#[derive(Default)]
pub(crate) struct AddressHasher(u64);

impl Hasher for AddressHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.0 = (n as u64 ^ (n as u64 >> 29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// A map keyed by addresses (handles, host function pointers).
pub(crate) type AddressMap<V> = HashMap<usize, V, BuildHasherDefault<AddressHasher>>;

/// The live handles of one kind, each with its device ordinal.
pub(crate) struct LiveHandles(RwLock<Option<AddressMap<usize>>>);

impl LiveHandles {
    pub(crate) const fn new() -> LiveHandles {
        LiveHandles(RwLock::new(None))
    }

    /// Notes a handle the driver just created on device `dev`.
    pub(crate) fn insert(&self, handle: usize, dev: usize) {
        self.0
            .write()
            .get_or_insert_with(AddressMap::default)
            .insert(handle, dev);
    }

    /// Forgets a handle; `false` if it was not live.
    pub(crate) fn remove(&self, handle: usize) -> bool {
        self.0
            .write()
            .as_mut()
            .is_some_and(|m| m.remove(&handle).is_some())
    }

    /// Whether `handle` is live.
    #[inline]
    pub(crate) fn contains(&self, handle: usize) -> bool {
        self.0
            .read()
            .as_ref()
            .is_some_and(|m| m.contains_key(&handle))
    }

    /// Forgets every handle of device `dev` (its context was reset: they are gone).
    pub(crate) fn forget_device(&self, dev: usize) {
        if let Some(m) = self.0.write().as_mut() {
            m.retain(|_, d| *d != dev);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handles_live_between_insert_and_remove() {
        let live = LiveHandles::new();
        assert!(!live.contains(0x1000));
        live.insert(0x1000, 0);
        live.insert(0x2000, 1);
        assert!(live.contains(0x1000));
        assert!(live.remove(0x1000));
        assert!(!live.remove(0x1000), "a second destroy is reported");
        assert!(!live.contains(0x1000));
        live.forget_device(1);
        assert!(!live.contains(0x2000), "a device reset forgets its handles");
    }
}
