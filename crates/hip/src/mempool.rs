//! Stream-ordered memory pools (`hipMallocAsync`, `hipFreeAsync`, `hipMemPool*`).
//!
//! A pool hands out blocks of device memory (host memory on the CPU platform) and keeps
//! freed blocks for reuse. Allocation happens on the host when the call is made (the
//! pointer is usable by anything enqueued afterwards, which is all stream order asks for);
//! the ordering work is in *reuse*: a block freed by `hipFreeAsync(p, s)` is only free once
//! everything enqueued on `s` before the free has completed. Until then it may be reused:
//! - by a later allocation on the same stream `s` (stream order makes it safe);
//! - by an allocation on another stream `t` when the pool allows internal dependencies
//!   (`hipMemPoolReuseAllowInternalDependencies`, on by default): `t` then waits on the
//!   agent for `s` to reach the free before its later work runs.
//!
//! Once the free has completed, any stream may reuse the block when opportunistic reuse is
//! allowed (`hipMemPoolReuseAllowOpportunistic`, on by default). `hipMemPoolReuseFollowEventDependencies`
//! is stored and reported, but dependencies through events are not tracked, so it enables
//! no reuse beyond the two rules above.
//!
//! Blocks whose frees have completed go back to the system when the pool holds more than
//! its release threshold (0 by default): after each free and at every stream
//! synchronisation, as HIP does at synchronisation points; `hipMemPoolTrimTo` does it on
//! demand. Memory still in use by the program, or freed by work still pending, is never
//! released.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;

use parking_lot::{Mutex, RwLock};

use crate::error::{HipError, HipResult};
use crate::memory;
use crate::runtime::Runtime;
use crate::stream::{StreamCore, StreamMark};

/// Blocks are handed out in multiples of this (HIP's allocation alignment).
pub const BLOCK_GRANULARITY: usize = 256;

/// `hipMemAccessFlags`
pub const ACCESS_NONE: u32 = 0;
pub const ACCESS_READ: u32 = 1;
pub const ACCESS_READ_WRITE: u32 = 3;

/// `hipMemPoolAttr`
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PoolAttr {
    ReuseFollowEventDependencies = 1,
    ReuseAllowOpportunistic = 2,
    ReuseAllowInternalDependencies = 3,
    ReleaseThreshold = 4,
    ReservedMemCurrent = 5,
    ReservedMemHigh = 6,
    UsedMemCurrent = 7,
    UsedMemHigh = 8,
}

impl PoolAttr {
    pub fn from_raw(raw: u32) -> HipResult<PoolAttr> {
        Ok(match raw {
            1 => PoolAttr::ReuseFollowEventDependencies,
            2 => PoolAttr::ReuseAllowOpportunistic,
            3 => PoolAttr::ReuseAllowInternalDependencies,
            4 => PoolAttr::ReleaseThreshold,
            5 => PoolAttr::ReservedMemCurrent,
            6 => PoolAttr::ReservedMemHigh,
            7 => PoolAttr::UsedMemCurrent,
            8 => PoolAttr::UsedMemHigh,
            _ => return Err(HipError::InvalidValue),
        })
    }

    /// The reuse flags are C `int`s; the others are `uint64_t`.
    pub fn is_int(self) -> bool {
        matches!(
            self,
            PoolAttr::ReuseFollowEventDependencies
                | PoolAttr::ReuseAllowOpportunistic
                | PoolAttr::ReuseAllowInternalDependencies
        )
    }
}

/// A block freed to the pool.
struct FreeBlock {
    ptr: usize,
    capacity: usize,
    /// The stream that freed it (0: freed synchronously, by `hipFree`).
    stream: u64,
    /// The free's position while work before it is still pending.
    pending: Option<StreamMark>,
}

struct PoolState {
    /// Most bytes the pool may hold (0: no limit).
    max_size: usize,
    release_threshold: u64,
    follow_event_dependencies: bool,
    opportunistic: bool,
    internal_dependencies: bool,
    reserved: u64,
    reserved_high: u64,
    used: u64,
    used_high: u64,
    /// Blocks handed out: pointer → capacity.
    live: HashMap<usize, usize>,
    free: Vec<FreeBlock>,
    /// Access granted to other devices (`hipMemPoolSetAccess`).
    access: HashMap<usize, u32>,
    destroyed: bool,
}

/// A memory pool (the `hipMemPool_t` behind the handle).
pub struct MemPool {
    pub handle: u64,
    pub device: usize,
    pub is_default: bool,
    state: Mutex<PoolState>,
}

static POOLS: RwLock<Option<HashMap<u64, Arc<MemPool>>>> = RwLock::new(None);
/// Pool of every block handed out, by address.
static LIVE: RwLock<Option<HashMap<usize, Arc<MemPool>>>> = RwLock::new(None);
/// A device's (default pool, current pool).
type DevicePools = (Arc<MemPool>, Arc<MemPool>);
static DEVICE_POOLS: Mutex<Option<HashMap<usize, DevicePools>>> = Mutex::new(None);
/// Free blocks in all pools (lets synchronisation skip the pools when there are none).
static FREE_BLOCKS: AtomicUsize = AtomicUsize::new(0);
static NEXT_HANDLE: AtomicU64 = AtomicU64::new(1);
const POOL_HANDLE_BASE: u64 = 0x4d50_0000_0000_0000;

/// What a new pool is made with (`hipMemPoolProps`, validated by the caller).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PoolProps {
    pub device: usize,
    pub max_size: usize,
}

impl MemPool {
    fn new(props: PoolProps, is_default: bool) -> Arc<MemPool> {
        let pool = Arc::new(MemPool {
            handle: POOL_HANDLE_BASE | (NEXT_HANDLE.fetch_add(1, Ordering::Relaxed) << 4),
            device: props.device,
            is_default,
            state: Mutex::new(PoolState {
                max_size: props.max_size,
                release_threshold: 0,
                follow_event_dependencies: true,
                opportunistic: true,
                internal_dependencies: true,
                reserved: 0,
                reserved_high: 0,
                used: 0,
                used_high: 0,
                live: HashMap::new(),
                free: Vec::new(),
                access: HashMap::new(),
                destroyed: false,
            }),
        });
        POOLS
            .write()
            .get_or_insert_with(HashMap::new)
            .insert(pool.handle, Arc::clone(&pool));
        pool
    }

    /// `hipMemPoolCreate`.
    pub fn create(props: PoolProps) -> HipResult<Arc<MemPool>> {
        Runtime::get()?.device(props.device)?;
        Ok(MemPool::new(props, false))
    }

    /// The live pool with this handle (`hipErrorInvalidValue` otherwise).
    pub fn lookup(handle: u64) -> HipResult<Arc<MemPool>> {
        POOLS
            .read()
            .as_ref()
            .and_then(|m| m.get(&handle).cloned())
            .filter(|p| !p.state.lock().destroyed)
            .ok_or(HipError::InvalidValue)
    }

    /// `hipMemPoolDestroy`: the handle becomes invalid at once; a device using the pool
    /// goes back to its default pool. Memory still allocated from it stays valid and is
    /// released when freed. A device's default pool cannot be destroyed.
    pub fn destroy(handle: u64) -> HipResult<()> {
        let pool = MemPool::lookup(handle)?;
        if pool.is_default {
            return Err(HipError::InvalidValue);
        }
        if let Some(map) = DEVICE_POOLS.lock().as_mut() {
            for (default, current) in map.values_mut() {
                if Arc::ptr_eq(current, &pool) {
                    *current = Arc::clone(default);
                }
            }
        }
        let empty = {
            let mut st = pool.state.lock();
            st.destroyed = true;
            pool.trim_locked(&mut st, 0)
        };
        if empty {
            pool.forget();
        }
        Ok(())
    }

    fn forget(&self) {
        if let Some(m) = POOLS.write().as_mut() {
            m.remove(&self.handle);
        }
    }

    /// Marks the frees whose streams got there as complete.
    fn refresh(st: &mut PoolState) {
        for b in st.free.iter_mut() {
            if b.pending.as_ref().is_some_and(|m| m.is_done()) {
                b.pending = None;
            }
        }
    }

    /// Returns completed free blocks to the system, largest first, while the pool holds
    /// more than `keep` bytes. Returns whether a destroyed pool is now empty.
    fn trim_locked(&self, st: &mut PoolState, keep: u64) -> bool {
        MemPool::refresh(st);
        let keep = if st.destroyed { 0 } else { keep };
        while st.reserved > keep {
            let largest = st
                .free
                .iter()
                .enumerate()
                .filter(|(_, b)| b.pending.is_none())
                .max_by_key(|(_, b)| b.capacity)
                .map(|(i, _)| i);
            let Some(i) = largest else { break };
            let b = st.free.swap_remove(i);
            FREE_BLOCKS.fetch_sub(1, Ordering::Relaxed);
            memory::free_block(b.ptr);
            st.reserved -= b.capacity as u64;
        }
        st.destroyed && st.live.is_empty() && st.free.is_empty()
    }

    /// `hipMemPoolTrimTo`: releases completed free memory until the pool holds at most
    /// `keep` bytes (memory in use, or freed by pending work, stays).
    pub fn trim_to(&self, keep: u64) {
        let mut st = self.state.lock();
        self.trim_locked(&mut st, keep);
    }

    /// `hipMallocFromPoolAsync`: `size` bytes usable by work enqueued on `stream` from now
    /// on (see the module documentation for reuse). Size 0 gives null.
    pub fn allocate(self: &Arc<Self>, size: usize, stream: &Arc<StreamCore>) -> HipResult<*mut u8> {
        if size == 0 {
            return Ok(std::ptr::null_mut());
        }
        if let Some(session) = stream.capture_session() {
            // Captured: a graph allocation node (graph memory, not this pool's).
            if let Some(done) = crate::graph::capture_alloc(stream, &session, size) {
                return done;
            }
        }
        let capacity = size
            .checked_next_multiple_of(BLOCK_GRANULARITY)
            .ok_or(HipError::OutOfMemory)?;
        let (ptr, wait) = {
            let mut st = self.state.lock();
            if st.destroyed {
                return Err(HipError::InvalidValue);
            }
            let (ptr, cap, wait) = match self.reuse_locked(&mut st, capacity, stream) {
                Some(found) => found,
                None => (self.grow_locked(&mut st, capacity)?, capacity, None),
            };
            st.live.insert(ptr, cap);
            st.used += cap as u64;
            st.used_high = st.used_high.max(st.used);
            (ptr, wait)
        };
        if let Some(mark) = wait {
            if let Err(e) = stream.wait_mark(&mark) {
                let mut st = self.state.lock();
                if let Some(cap) = st.live.remove(&ptr) {
                    st.used -= cap as u64;
                    st.free.push(FreeBlock {
                        ptr,
                        capacity: cap,
                        stream: mark.stream().handle,
                        pending: Some(mark),
                    });
                    FREE_BLOCKS.fetch_add(1, Ordering::Relaxed);
                }
                return Err(e);
            }
        }
        memory::track(ptr, size, self.device);
        LIVE.write()
            .get_or_insert_with(HashMap::new)
            .insert(ptr, Arc::clone(self));
        Ok(ptr as *mut u8)
    }

    /// Picks a free block of at least `capacity` bytes (at most twice as large, or 64 KiB
    /// more) that `stream` may use: smallest first, blocks that need no wait before those
    /// that do. Returns it with the mark to wait for, if any.
    fn reuse_locked(
        &self,
        st: &mut PoolState,
        capacity: usize,
        stream: &Arc<StreamCore>,
    ) -> Option<(usize, usize, Option<StreamMark>)> {
        MemPool::refresh(st);
        let limit = capacity
            .saturating_mul(2)
            .max(capacity.saturating_add(64 << 10));
        let mut best: Option<(bool, usize, usize)> = None; // (needs wait, capacity, index)
        for (i, b) in st.free.iter().enumerate() {
            if b.capacity < capacity || b.capacity > limit {
                continue;
            }
            let same_stream = b.stream == stream.handle;
            let needs_wait = match &b.pending {
                None if b.stream == 0 || same_stream || st.opportunistic => false,
                None => continue,
                Some(_) if same_stream => false,
                Some(_) if st.internal_dependencies => true,
                Some(_) => continue,
            };
            let key = (needs_wait, b.capacity, i);
            if best.is_none_or(|k| (key.0, key.1) < (k.0, k.1)) {
                best = Some(key);
            }
        }
        let (needs_wait, _, i) = best?;
        let b = st.free.swap_remove(i);
        FREE_BLOCKS.fetch_sub(1, Ordering::Relaxed);
        let wait = if needs_wait { b.pending } else { None };
        Some((b.ptr, b.capacity, wait))
    }

    /// A new block from the system (after releasing completed free blocks if the pool's
    /// maximum size or the system says so).
    fn grow_locked(&self, st: &mut PoolState, capacity: usize) -> HipResult<usize> {
        let fits = |st: &PoolState| {
            st.max_size == 0 || st.reserved + capacity as u64 <= st.max_size as u64
        };
        if !fits(st) {
            let keep = (st.max_size as u64).saturating_sub(capacity as u64);
            self.trim_locked(st, keep);
            if !fits(st) {
                return Err(HipError::OutOfMemory);
            }
        }
        let ptr = match memory::allocate_block(capacity) {
            Ok(p) => p,
            Err(_) => {
                self.trim_locked(st, 0);
                memory::allocate_block(capacity)?
            }
        } as usize;
        st.reserved += capacity as u64;
        st.reserved_high = st.reserved_high.max(st.reserved);
        Ok(ptr)
    }

    /// Takes back a block handed out by this pool; `freed_at` is the stream position of
    /// an asynchronous free (`None`: free now).
    fn release(&self, ptr: usize, freed_at: Option<StreamMark>) -> HipResult<()> {
        let empty = {
            let mut st = self.state.lock();
            let capacity = st.live.remove(&ptr).ok_or(HipError::InvalidValue)?;
            st.used -= capacity as u64;
            let (stream, pending) = match freed_at {
                Some(m) => (m.stream().handle, (!m.is_done()).then_some(m)),
                None => (0, None),
            };
            st.free.push(FreeBlock {
                ptr,
                capacity,
                stream,
                pending,
            });
            FREE_BLOCKS.fetch_add(1, Ordering::Relaxed);
            let keep = st.release_threshold;
            self.trim_locked(&mut st, keep)
        };
        if empty {
            self.forget();
        }
        Ok(())
    }

    /// `hipMemPoolGetAttribute`.
    pub fn attribute(&self, attr: PoolAttr) -> u64 {
        let st = self.state.lock();
        match attr {
            PoolAttr::ReuseFollowEventDependencies => u64::from(st.follow_event_dependencies),
            PoolAttr::ReuseAllowOpportunistic => u64::from(st.opportunistic),
            PoolAttr::ReuseAllowInternalDependencies => u64::from(st.internal_dependencies),
            PoolAttr::ReleaseThreshold => st.release_threshold,
            PoolAttr::ReservedMemCurrent => st.reserved,
            PoolAttr::ReservedMemHigh => st.reserved_high,
            PoolAttr::UsedMemCurrent => st.used,
            PoolAttr::UsedMemHigh => st.used_high,
        }
    }

    /// `hipMemPoolSetAttribute`: the reuse flags (non-zero is on), the release threshold,
    /// and the two high-water marks, which may only be reset (value 0: to the current
    /// value). The current values are read-only (`hipErrorInvalidValue`).
    pub fn set_attribute(&self, attr: PoolAttr, value: u64) -> HipResult<()> {
        let mut st = self.state.lock();
        match attr {
            PoolAttr::ReuseFollowEventDependencies => st.follow_event_dependencies = value != 0,
            PoolAttr::ReuseAllowOpportunistic => st.opportunistic = value != 0,
            PoolAttr::ReuseAllowInternalDependencies => st.internal_dependencies = value != 0,
            PoolAttr::ReleaseThreshold => st.release_threshold = value,
            PoolAttr::ReservedMemHigh if value == 0 => st.reserved_high = st.reserved,
            PoolAttr::UsedMemHigh if value == 0 => st.used_high = st.used,
            _ => return Err(HipError::InvalidValue),
        }
        Ok(())
    }

    /// `hipMemPoolSetAccess` for one device: the owning device always has read-write
    /// access (anything else is `hipErrorInvalidValue`); others get what is asked.
    pub fn set_access(&self, device: usize, flags: u32) -> HipResult<()> {
        Runtime::get()?
            .device(device)
            .map_err(|_| HipError::InvalidValue)?;
        if !matches!(flags, ACCESS_NONE | ACCESS_READ | ACCESS_READ_WRITE) {
            return Err(HipError::InvalidValue);
        }
        if device == self.device {
            return if flags == ACCESS_READ_WRITE {
                Ok(())
            } else {
                Err(HipError::InvalidValue)
            };
        }
        self.state.lock().access.insert(device, flags);
        Ok(())
    }

    /// `hipMemPoolGetAccess`.
    pub fn access(&self, device: usize) -> HipResult<u32> {
        Runtime::get()?
            .device(device)
            .map_err(|_| HipError::InvalidValue)?;
        if device == self.device {
            return Ok(ACCESS_READ_WRITE);
        }
        Ok(self
            .state
            .lock()
            .access
            .get(&device)
            .copied()
            .unwrap_or(ACCESS_NONE))
    }
}

fn device_pools(device: usize) -> HipResult<DevicePools> {
    Runtime::get()?.device(device)?;
    let mut map = DEVICE_POOLS.lock();
    let entry = map
        .get_or_insert_with(HashMap::new)
        .entry(device)
        .or_insert_with(|| {
            let pool = MemPool::new(
                PoolProps {
                    device,
                    max_size: 0,
                },
                true,
            );
            (Arc::clone(&pool), pool)
        });
    Ok((Arc::clone(&entry.0), Arc::clone(&entry.1)))
}

/// `hipDeviceGetDefaultMemPool`.
pub fn default_pool(device: usize) -> HipResult<Arc<MemPool>> {
    Ok(device_pools(device)?.0)
}

/// `hipDeviceGetMemPool`: the pool `hipMallocAsync` uses on `device`.
pub fn current_pool(device: usize) -> HipResult<Arc<MemPool>> {
    Ok(device_pools(device)?.1)
}

/// `hipDeviceSetMemPool`: `pool` must belong to `device` (`hipErrorInvalidValue`).
pub fn set_current_pool(device: usize, pool: &Arc<MemPool>) -> HipResult<()> {
    device_pools(device)?;
    if pool.device != device {
        return Err(HipError::InvalidValue);
    }
    if let Some((_, current)) = DEVICE_POOLS
        .lock()
        .as_mut()
        .and_then(|m| m.get_mut(&device))
    {
        *current = Arc::clone(pool);
    }
    Ok(())
}

/// `hipMallocAsync`: from the current pool of the stream's device.
pub fn malloc_async(size: usize, stream: &Arc<StreamCore>) -> HipResult<*mut u8> {
    current_pool(stream.device)?.allocate(size, stream)
}

/// The pool a pointer handed out by a pool (its first byte) came from.
pub fn pool_of(ptr: usize) -> Option<Arc<MemPool>> {
    LIVE.read().as_ref()?.get(&ptr).cloned()
}

/// `hipFreeAsync`: pool memory goes back to its pool, free for reuse once `stream` gets
/// here; other device or managed memory (`hipMalloc`) is released when `stream` gets
/// here. Null or unknown pointers are `hipErrorInvalidValue`.
pub fn free_async(ptr: usize, stream: &Arc<StreamCore>) -> HipResult<()> {
    if ptr == 0 {
        return Err(HipError::InvalidValue);
    }
    if let Some(session) = stream.capture_session() {
        // Captured: a graph free node (for graph memory only).
        if let Some(done) = crate::graph::capture_free(stream, &session, ptr) {
            return done;
        }
    }
    // Graph memory stays with its allocation node: the allocation ends.
    if let Some(done) = crate::graph::memnodes::free_from_host(ptr) {
        return done;
    }
    let pool = LIVE.write().as_mut().and_then(|m| m.remove(&ptr));
    match pool {
        Some(pool) => {
            memory::untrack(ptr);
            pool.release(ptr, Some(stream.mark()))
        }
        None => {
            let a = memory::take(ptr)?;
            stream.host_fn(move || memory::free_block(a.base))
        }
    }
}

/// `hipFree` of pool memory (after the caller synchronised): `None` when `ptr` is not a
/// block handed out by a pool.
pub(crate) fn free_now(ptr: usize) -> Option<HipResult<()>> {
    let pool = LIVE.write().as_mut().and_then(|m| m.remove(&ptr))?;
    memory::untrack(ptr);
    Some(pool.release(ptr, None))
}

/// At synchronisation points: frees that have completed make their blocks free, and
/// pools above their release threshold give memory back.
pub(crate) fn release_completed() {
    if FREE_BLOCKS.load(Ordering::Relaxed) == 0 {
        return;
    }
    let pools: Vec<Arc<MemPool>> = POOLS
        .read()
        .as_ref()
        .map(|m| m.values().cloned().collect())
        .unwrap_or_default();
    for pool in pools {
        let empty = {
            let mut st = pool.state.lock();
            if st.free.is_empty() {
                continue;
            }
            let keep = st.release_threshold;
            pool.trim_locked(&mut st, keep)
        };
        if empty {
            pool.forget();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;

    fn stream() -> Arc<StreamCore> {
        let rt = Runtime::get().unwrap();
        StreamCore::create(rt, 0, crate::STREAM_NON_BLOCKING, 0).unwrap()
    }

    /// Holds `s` until the returned flag is set.
    fn hold(s: &StreamCore) -> Arc<AtomicBool> {
        let go = Arc::new(AtomicBool::new(false));
        let g = Arc::clone(&go);
        s.host_fn(move || {
            while !g.load(Ordering::Acquire) {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
        })
        .unwrap();
        go
    }

    fn pool() -> Arc<MemPool> {
        MemPool::create(PoolProps {
            device: 0,
            max_size: 0,
        })
        .unwrap()
    }

    #[test]
    fn same_stream_reuses_at_once() {
        let p = pool();
        let s = stream();
        let go = hold(&s);
        let a = p.allocate(1000, &s).unwrap();
        assert_eq!(a as usize % 256, 0);
        free_async(a as usize, &s).unwrap();
        // The free is still pending (the stream is held), yet the same stream may reuse.
        let b = p.allocate(900, &s).unwrap();
        assert_eq!(a, b);
        assert_eq!(p.attribute(PoolAttr::UsedMemCurrent), 1024);
        go.store(true, Ordering::Release);
        free_async(b as usize, &s).unwrap();
        s.synchronize().unwrap();
        // Threshold 0: released at the synchronisation.
        assert_eq!(p.attribute(PoolAttr::ReservedMemCurrent), 0);
        assert_eq!(p.attribute(PoolAttr::ReservedMemHigh), 1024);
        StreamCore::destroy(s.handle).unwrap();
        MemPool::destroy(p.handle).unwrap();
    }

    #[test]
    fn other_streams_reuse_by_dependency_or_after_completion() {
        let p = pool();
        p.set_attribute(PoolAttr::ReleaseThreshold, u64::MAX)
            .unwrap();
        let (s1, s2) = (stream(), stream());
        let go = hold(&s1);
        let a = p.allocate(4096, &s1).unwrap();
        free_async(a as usize, &s1).unwrap();
        // Without internal dependencies a pending free is not reusable by another stream.
        p.set_attribute(PoolAttr::ReuseAllowInternalDependencies, 0)
            .unwrap();
        let b = p.allocate(4096, &s2).unwrap();
        assert_ne!(a, b);
        free_async(b as usize, &s2).unwrap();
        s2.synchronize().unwrap();
        // With them, s2 reuses the block and waits for s1.
        p.set_attribute(PoolAttr::ReuseAllowInternalDependencies, 1)
            .unwrap();
        // b's block (complete, no wait needed) is preferred; then a's, with a wait.
        let c = p.allocate(4096, &s2).unwrap();
        assert_eq!(c, b);
        let d = p.allocate(4096, &s2).unwrap();
        assert_eq!(d, a);
        let ran = Arc::new(AtomicBool::new(false));
        let saw = Arc::clone(&ran);
        let g = Arc::clone(&go);
        s2.host_fn(move || saw.store(g.load(Ordering::Acquire), Ordering::Release))
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        go.store(true, Ordering::Release);
        s2.synchronize().unwrap();
        assert!(
            ran.load(Ordering::Acquire),
            "s2 ran before s1 reached the free"
        );
        assert_eq!(p.attribute(PoolAttr::UsedMemCurrent), 8192);
        free_now(c as usize).unwrap().unwrap();
        free_now(d as usize).unwrap().unwrap();
        assert_eq!(p.attribute(PoolAttr::ReservedMemCurrent), 8192);
        p.trim_to(4096);
        assert_eq!(p.attribute(PoolAttr::ReservedMemCurrent), 4096);
        p.trim_to(0);
        assert_eq!(p.attribute(PoolAttr::ReservedMemCurrent), 0);
        assert_eq!(free_now(c as usize), None);
        StreamCore::destroy(s1.handle).unwrap();
        StreamCore::destroy(s2.handle).unwrap();
        MemPool::destroy(p.handle).unwrap();
    }

    #[test]
    fn attributes_and_access_follow_hip_rules() {
        let p = pool();
        assert_eq!(p.attribute(PoolAttr::ReuseAllowOpportunistic), 1);
        assert_eq!(
            p.set_attribute(PoolAttr::UsedMemCurrent, 0),
            Err(HipError::InvalidValue)
        );
        assert_eq!(
            p.set_attribute(PoolAttr::UsedMemHigh, 5),
            Err(HipError::InvalidValue)
        );
        assert!(p.set_attribute(PoolAttr::UsedMemHigh, 0).is_ok());
        assert_eq!(PoolAttr::from_raw(9), Err(HipError::InvalidValue));
        assert_eq!(p.access(0), Ok(ACCESS_READ_WRITE));
        assert_eq!(p.set_access(0, ACCESS_READ), Err(HipError::InvalidValue));
        assert_eq!(p.set_access(99, ACCESS_READ), Err(HipError::InvalidValue));
        let default = default_pool(0).unwrap();
        assert_eq!(
            MemPool::destroy(default.handle),
            Err(HipError::InvalidValue)
        );
        set_current_pool(0, &p).unwrap();
        assert!(Arc::ptr_eq(&current_pool(0).unwrap(), &p));
        MemPool::destroy(p.handle).unwrap();
        assert!(Arc::ptr_eq(&current_pool(0).unwrap(), &default));
        assert_eq!(
            MemPool::lookup(p.handle).err(),
            Some(HipError::InvalidValue)
        );
    }

    #[test]
    fn max_size_limits_the_pool() {
        let p = MemPool::create(PoolProps {
            device: 0,
            max_size: 8192,
        })
        .unwrap();
        let s = stream();
        let a = p.allocate(8000, &s).unwrap();
        assert_eq!(p.allocate(256, &s), Err(HipError::OutOfMemory));
        free_async(a as usize, &s).unwrap();
        s.synchronize().unwrap();
        let b = p.allocate(256, &s).unwrap();
        free_async(b as usize, &s).unwrap();
        StreamCore::destroy(s.handle).unwrap();
        MemPool::destroy(p.handle).unwrap();
    }
}
