//! [`IpcBackend`] for the CPU platform: device memory and events shared between processes.
//!
//! **Memory.** `hipMalloc` memory is private anonymous memory of the HSA CPU agent. When a
//! handle is first asked for, the allocation's block becomes, at the same address and with
//! the same contents, a `MAP_SHARED` mapping of a new memory file ([`shm::share_in_place`]);
//! the owner keeps the file's descriptor open until it frees the memory. The handle carries
//! the owner's pid, that descriptor's number and the file's identity (device, inode), the
//! block's size and where the allocation and the pointer lie in it: the other process opens
//! `/proc/<pid>/fd/<n>`, checks the identity and maps the file. Once the owner has freed the
//! memory the handle no longer opens (`hipErrorInvalidValue`); mappings made before stay
//! valid (the file lives while mapped), as on GPUs.
//!
//! **Events.** An event created with `hipEventInterprocess` owns a small shared memory file
//! ([`IpcEventShm`]) with two counters: records issued and records completed. A record bumps
//! the first and enqueues, in stream order, a host function that raises the second and wakes
//! waiters (a shared futex); query, synchronise and stream waits compare the two. Both
//! processes use the same file, so a record in either is seen by both.
//!
//! **Memory pools.** A pool created with `hipMemHandleTypePosixFileDescriptor` exports a small
//! memory file naming its process; an exported pointer is the memory handle above, and an
//! imported pointer (checked to come from the imported pool's process) is an opened mapping
//! that `hipFree` releases.

use std::collections::HashMap;
use std::ffi::c_void;
use std::os::fd::{AsRawFd, OwnedFd};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::Arc;

use parking_lot::{Mutex, RwLock};

use super::shm::{self, Mapping};
use super::Cpu;
use crate::backend::ipc::{IpcHandle, IPC_HANDLE_SIZE};
use crate::backend::{DeviceBackend, Handle, IpcBackend};
use crate::error::{HipError, HipResult};
use crate::event::EventCore;
use crate::memory::{self, MemoryKind};
use crate::runtime::Runtime;
use crate::stream::StreamCore;

/// `hipEventInterprocess`
pub const EVENT_INTERPROCESS: u32 = 0x4;
/// `hipEventDisableTiming`
const EVENT_DISABLE_TIMING: u32 = 0x2;

const MEM_MAGIC: &[u8; 8] = b"FRCMIPCM";
const EVENT_MAGIC: &[u8; 8] = b"FRCMIPCE";

/// Set once any IPC object exists: `hipFree` and the event paths skip the tables until then.
static ACTIVE: AtomicBool = AtomicBool::new(false);

/// Whether any IPC memory or event was ever made or opened in this process.
#[inline]
pub(crate) fn active() -> bool {
    ACTIVE.load(Ordering::Relaxed)
}

/// Little-endian fields in a handle.
struct Writer {
    bytes: IpcHandle,
    at: usize,
}

impl Writer {
    fn new(magic: &[u8; 8]) -> Writer {
        let mut bytes = [0u8; IPC_HANDLE_SIZE];
        bytes[..8].copy_from_slice(magic);
        Writer { bytes, at: 8 }
    }
    fn u32(mut self, v: u32) -> Writer {
        self.bytes[self.at..self.at + 4].copy_from_slice(&v.to_le_bytes());
        self.at += 4;
        self
    }
    fn u64(mut self, v: u64) -> Writer {
        self.bytes[self.at..self.at + 8].copy_from_slice(&v.to_le_bytes());
        self.at += 8;
        self
    }
}

struct Reader<'a> {
    bytes: &'a IpcHandle,
    at: usize,
}

impl<'a> Reader<'a> {
    /// `hipErrorInvalidValue` unless the handle starts with `magic` (zeroed or foreign bytes).
    fn new(bytes: &'a IpcHandle, magic: &[u8; 8]) -> HipResult<Reader<'a>> {
        if &bytes[..8] != magic {
            return Err(HipError::InvalidValue);
        }
        Ok(Reader { bytes, at: 8 })
    }
    fn u32(&mut self) -> u32 {
        let mut b = [0u8; 4];
        b.copy_from_slice(&self.bytes[self.at..self.at + 4]);
        self.at += 4;
        u32::from_le_bytes(b)
    }
    fn u64(&mut self) -> u64 {
        let mut b = [0u8; 8];
        b.copy_from_slice(&self.bytes[self.at..self.at + 8]);
        self.at += 8;
        u64::from_le_bytes(b)
    }
}

// ----------------------------------------------------------------------------- memory

/// A block of this process's memory that handles were made for.
struct Export {
    fd: OwnedFd,
    dev: u64,
    ino: u64,
}

/// Another process's memory mapped here.
struct Opened {
    mapping: Mapping,
    /// The address HIP's allocation table knows (the owner's allocation, here).
    tracked: usize,
    /// Opens not closed yet.
    count: usize,
    /// (pid, dev, ino, pointer offset): the same handle opened again maps nothing new.
    key: (u32, u64, u64, u64),
    /// Imported through a memory pool (`hipMemPoolImportPointer`): released with `hipFree`.
    pool_import: bool,
}

/// Held while a block is being shared in place.
static CONVERTING: Mutex<()> = Mutex::new(());
/// Exported blocks by base address.
static EXPORTS: Mutex<Option<HashMap<usize, Export>>> = Mutex::new(None);
/// Opened mappings by the address `hipIpcOpenMemHandle` returned.
static OPENED: Mutex<Option<HashMap<usize, Opened>>> = Mutex::new(None);

/// The export record of the block at `base`, made (the block shared in place) if needed.
fn export_block(base: usize, len: usize, device: usize) -> HipResult<(i32, u64, u64)> {
    let known = |exports: &Option<HashMap<usize, Export>>| {
        exports
            .as_ref()
            .and_then(|m| m.get(&base))
            .map(|e| (e.fd.as_raw_fd(), e.dev, e.ino))
    };
    // One conversion at a time (a block must never be shared in place twice). EXPORTS itself
    // is not held across the device synchronisation, which may return pool blocks to the
    // system (and so call `forget_export`) on this very thread.
    let _converting = CONVERTING.lock();
    if let Some(found) = known(&EXPORTS.lock()) {
        return Ok(found);
    }
    // Device work in flight could write the block while it is copied: wait for it.
    Runtime::get()?.drain_device(device)?;
    // SAFETY: the block is a private anonymous allocation of the HSA CPU agent (HIP device
    // memory), page-aligned, and the device is idle.
    let fd = unsafe { shm::share_in_place(base, len)? };
    let (dev, ino, _) = shm::identity(fd.as_raw_fd())?;
    let raw = fd.as_raw_fd();
    EXPORTS
        .lock()
        .get_or_insert_with(HashMap::new)
        .insert(base, Export { fd, dev, ino });
    ACTIVE.store(true, Ordering::Relaxed);
    Ok((raw, dev, ino))
}

/// `hipFree` of memory that handles were made for: forget the block (its descriptor closes,
/// so the handles no longer open); the caller frees the memory as usual.
pub(crate) fn forget_export(base: usize) {
    if let Some(map) = EXPORTS.lock().as_mut() {
        map.remove(&base);
    }
}

/// Whether `ptr` is memory opened from another process.
pub(crate) fn opened_contains(ptr: usize) -> bool {
    OPENED.lock().as_ref().is_some_and(|m| {
        m.values()
            .any(|o| ptr >= o.mapping.addr() && ptr < o.mapping.addr() + o.mapping.len())
    })
}

/// Whether `ptr` is a pointer `hipMemPoolImportPointer` handed out.
pub(crate) fn is_pool_import(ptr: usize) -> bool {
    active()
        && OPENED
            .lock()
            .as_ref()
            .is_some_and(|m| m.get(&ptr).is_some_and(|o| o.pool_import))
}

/// `hipFree` of memory opened from another process: pool imports are released (`Some(Ok)`),
/// IPC mappings are closed with `hipIpcCloseMemHandle` only (`Some(Err)`); `None` if `ptr`
/// is not such memory.
pub(crate) fn free_opened(ptr: usize) -> Option<HipResult<()>> {
    if !active() {
        return None;
    }
    let mut opened = OPENED.lock();
    let map = opened.as_mut()?;
    if map.get(&ptr).is_some_and(|o| o.pool_import) {
        return Some(close_locked(map, ptr));
    }
    let inside = map
        .values()
        .any(|o| ptr >= o.mapping.addr() && ptr < o.mapping.addr() + o.mapping.len());
    inside.then_some(Err(HipError::InvalidValue))
}

/// Drops one open of the mapping handed out at `ptr`, unmapping it after the last.
fn close_locked(map: &mut HashMap<usize, Opened>, ptr: usize) -> HipResult<()> {
    let o = map.get_mut(&ptr).ok_or(HipError::InvalidValue)?;
    o.count -= 1;
    if o.count == 0 {
        if let Some(o) = map.remove(&ptr) {
            memory::untrack(o.tracked);
            drop(o.mapping);
        }
    }
    Ok(())
}

/// Maps the memory a handle (IPC or pool export data) describes.
fn open_mem(handle: &IpcHandle, device: usize, pool_import: Option<u32>) -> HipResult<*mut c_void> {
    let mut r = Reader::new(handle, MEM_MAGIC)?;
    let pid = r.u32();
    let fd = r.u32() as i32;
    let (dev, ino) = (r.u64(), r.u64());
    let len = usize::try_from(r.u64()).map_err(|_| HipError::InvalidValue)?;
    let alloc_off = usize::try_from(r.u64()).map_err(|_| HipError::InvalidValue)?;
    let alloc_size = usize::try_from(r.u64()).map_err(|_| HipError::InvalidValue)?;
    let ptr_off = r.u64();
    match pool_import {
        // The pointer must come from the process whose pool was imported.
        Some(owner) if owner != pid => return Err(HipError::InvalidValue),
        Some(_) => {}
        // HIP and CUDA: a process cannot open its own handles.
        None if pid == std::process::id() => return Err(HipError::InvalidContext),
        None => {}
    }
    let fits = |off: usize, n: usize| off.checked_add(n).is_some_and(|end| end <= len);
    if len == 0 || !fits(alloc_off, alloc_size) || ptr_off as usize >= len {
        return Err(HipError::InvalidValue);
    }
    let key = (pid, dev, ino, ptr_off);
    let mut opened = OPENED.lock();
    let map = opened.get_or_insert_with(HashMap::new);
    if let Some((&addr, o)) = map
        .iter_mut()
        .find(|(_, o)| o.key == key && o.pool_import == pool_import.is_some())
    {
        o.count += 1;
        return Ok(addr as *mut c_void);
    }
    let file = shm::open_foreign(pid, fd, dev, ino)?;
    let (_, _, size) = shm::identity(file.as_raw_fd())?;
    if (size as usize) < len {
        return Err(HipError::InvalidValue);
    }
    let mapping = Mapping::shared(file.as_raw_fd(), 0, len)?;
    let tracked = mapping.addr() + alloc_off;
    memory::track(tracked, alloc_size, device);
    let addr = mapping.addr() + ptr_off as usize;
    map.insert(
        addr,
        Opened {
            mapping,
            tracked,
            count: 1,
            key,
            pool_import: pool_import.is_some(),
        },
    );
    ACTIVE.store(true, Ordering::Relaxed);
    Ok(addr as *mut c_void)
}

// ----------------------------------------------------------------------------- pools

const POOL_MAGIC: &[u8; 8] = b"FRCMPOOL";
/// Imported pool handles are `IMPORTED_POOL_BASE | id`.
const IMPORTED_POOL_BASE: u64 = 0x4950_0000_0000_0000;

/// Pools created with `hipMemHandleTypePosixFileDescriptor`.
static EXPORTABLE_POOLS: Mutex<Option<std::collections::HashSet<u64>>> = Mutex::new(None);
/// Imported pools: id -> the exporting process.
static IMPORTED_POOLS: Mutex<Option<HashMap<u64, u32>>> = Mutex::new(None);
static NEXT_POOL_ID: AtomicU64 = AtomicU64::new(1);

/// `hipMemPoolCreate` with a POSIX-descriptor handle type: the pool may be exported.
pub(crate) fn mark_exportable_pool(pool: Handle) {
    EXPORTABLE_POOLS
        .lock()
        .get_or_insert_with(Default::default)
        .insert(pool as u64);
}

/// `hipMemPoolDestroy` of a pool of this process: it may no longer be exported.
pub(crate) fn forget_exportable_pool(pool: Handle) {
    if let Some(set) = EXPORTABLE_POOLS.lock().as_mut() {
        set.remove(&(pool as u64));
    }
}

/// `hipMemPoolDestroy` of an imported pool: `true` if `pool` was one (now released).
pub(crate) fn destroy_imported_pool(pool: Handle) -> bool {
    let id = super::vmm::tagged_id(pool, IMPORTED_POOL_BASE);
    IMPORTED_POOLS
        .lock()
        .as_mut()
        .is_some_and(|m| m.remove(&id).is_some())
}

fn exportable(pool: u64) -> bool {
    EXPORTABLE_POOLS
        .lock()
        .as_ref()
        .is_some_and(|s| s.contains(&pool))
}

// ----------------------------------------------------------------------------- events

/// The shared state of an interprocess event (the first bytes of its memory file).
#[repr(C)]
struct IpcEventShm {
    /// Records issued (in either process).
    recorded: AtomicU64,
    /// The highest record completed.
    completed: AtomicU64,
    /// Bumped at every completion: the futex waiters sleep on.
    wake: AtomicU32,
    /// The latest record and the process that issued it: `seq << PID_BITS | pid`, raised with
    /// `fetch_max` (a later record has a larger value). A waiter whose record is pending checks
    /// that process: once it is gone (killed mid-work), the record can never complete.
    latest: AtomicU64,
}

/// Bits of a pid in [`IpcEventShm::latest`] (Linux's `pid_max` is at most 2^22).
const PID_BITS: u32 = 22;

/// Whether process `pid` still runs (a zombie, killed but not yet reaped, does not).
fn process_alive(pid: u32) -> bool {
    let Ok(p) = libc::pid_t::try_from(pid) else {
        return false;
    };
    // SAFETY: signal 0 only checks that the process exists; no signal is sent.
    if unsafe { libc::kill(p, 0) } != 0
        && std::io::Error::last_os_error().raw_os_error() == Some(libc::ESRCH)
    {
        return false;
    }
    // "pid (comm) S ...": the state follows the last ')'.
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => !matches!(
            stat.rsplit_once(')')
                .and_then(|(_, rest)| rest.trim_start().chars().next()),
            Some('Z' | 'X')
        ),
        // Not visible (another pid namespace): assume it runs, as before this check.
        Err(_) => true,
    }
}

/// An interprocess event's shared state, mapped in this process.
pub(crate) struct IpcEvent {
    mapping: Mapping,
    /// The file, kept open: its number is in the handles this process gives out.
    fd: OwnedFd,
    dev: u64,
    ino: u64,
}

// SAFETY: the mapping is shared memory accessed only through atomics.
unsafe impl Send for IpcEvent {}
// SAFETY: as above.
unsafe impl Sync for IpcEvent {}

/// Interprocess events by event handle.
static EVENTS: RwLock<Option<HashMap<u64, Arc<IpcEvent>>>> = RwLock::new(None);

impl IpcEvent {
    fn new(fd: OwnedFd) -> HipResult<IpcEvent> {
        let (dev, ino, size) = shm::identity(fd.as_raw_fd())?;
        if (size as usize) < std::mem::size_of::<IpcEventShm>() {
            return Err(HipError::InvalidValue);
        }
        let mapping = Mapping::shared(fd.as_raw_fd(), 0, shm::page_size())?;
        Ok(IpcEvent {
            mapping,
            fd,
            dev,
            ino,
        })
    }

    fn shared(&self) -> &IpcEventShm {
        // SAFETY: the mapping is at least a page, page-aligned, zero-initialised by the
        // file, and lives as long as `self`; all fields are atomics.
        unsafe { &*(self.mapping.addr() as *const IpcEventShm) }
    }

    fn pending_target(&self) -> Option<u64> {
        let s = self.shared();
        let target = s.recorded.load(Ordering::Acquire);
        (s.completed.load(Ordering::Acquire) < target).then_some(target)
    }

    /// Whether record `target`, still pending, can never complete: the process that issued
    /// the latest record is gone (later completions would have covered `target`).
    fn orphaned(&self, target: u64) -> bool {
        let s = self.shared();
        let latest = s.latest.load(Ordering::Acquire);
        let (seq, pid) = (latest >> PID_BITS, (latest & ((1 << PID_BITS) - 1)) as u32);
        seq >= target
            && pid != std::process::id()
            && s.completed.load(Ordering::Acquire) < target
            && !process_alive(pid)
    }

    /// Blocks until record `target` has completed (in whichever process);
    /// `hipErrorLaunchFailure` once the process that would complete it is gone.
    fn wait_for(&self, target: u64) -> HipResult<()> {
        let s = self.shared();
        loop {
            let w = s.wake.load(Ordering::Acquire);
            if s.completed.load(Ordering::Acquire) >= target {
                return Ok(());
            }
            if self.orphaned(target) {
                return Err(HipError::LaunchFailure);
            }
            // A bounded sleep: a waker in a process that died cannot strand us forever
            // without a re-check.
            cpu_engine::futex::wait_shared(&s.wake, w, Some(100_000_000));
        }
    }

    fn complete(&self, seq: u64) {
        let s = self.shared();
        s.completed.fetch_max(seq, Ordering::AcqRel);
        s.wake.fetch_add(1, Ordering::Release);
        cpu_engine::futex::wake_shared(&s.wake, i32::MAX);
    }

    /// `hipEventRecord`: completes once `stream` gets here.
    pub(crate) fn record(self: &Arc<Self>, stream: &StreamCore) -> HipResult<()> {
        let seq = self.shared().recorded.fetch_add(1, Ordering::AcqRel) + 1;
        let pid = u64::from(std::process::id()) & ((1 << PID_BITS) - 1);
        self.shared()
            .latest
            .fetch_max(seq << PID_BITS | pid, Ordering::AcqRel);
        let me = Arc::clone(self);
        let r = stream.host_fn(move || me.complete(seq));
        if r.is_err() {
            // Nothing was enqueued: the record never happened.
            self.complete(seq);
        }
        r
    }

    /// `hipEventQuery`.
    pub(crate) fn query(&self) -> HipResult<()> {
        match self.pending_target() {
            Some(t) if self.orphaned(t) => Err(HipError::LaunchFailure),
            Some(_) => Err(HipError::NotReady),
            None => Ok(()),
        }
    }

    /// `hipEventSynchronize`.
    pub(crate) fn synchronize(&self) -> HipResult<()> {
        match self.pending_target() {
            Some(t) => self.wait_for(t),
            None => Ok(()),
        }
    }

    /// `hipStreamWaitEvent`: later work on `stream` waits for the latest record.
    pub(crate) fn stream_wait(self: &Arc<Self>, stream: &StreamCore) -> HipResult<()> {
        match self.pending_target() {
            None => Ok(()),
            Some(t) => {
                let me = Arc::clone(self);
                // A record orphaned by a killed process lets the stream go on (a host
                // function cannot fail its stream; holding it forever would be worse).
                stream.host_fn(move || {
                    let _ = me.wait_for(t);
                })
            }
        }
    }
}

/// The interprocess state of event `handle`, if it has one.
#[inline]
pub(crate) fn event(handle: Handle) -> Option<Arc<IpcEvent>> {
    if !active() {
        return None;
    }
    EVENTS.read().as_ref()?.get(&(handle as u64)).cloned()
}

/// `hipEventCreateWithFlags(hipEventInterprocess)`: gives event `handle` its shared state.
pub(crate) fn attach_event(handle: Handle) -> HipResult<()> {
    let fd = shm::memfd("ferrocm-ipc-event", shm::page_size())?;
    let e = IpcEvent::new(fd)?;
    insert_event(handle, e);
    Ok(())
}

fn insert_event(handle: Handle, e: IpcEvent) {
    EVENTS
        .write()
        .get_or_insert_with(HashMap::new)
        .insert(handle as u64, Arc::new(e));
    ACTIVE.store(true, Ordering::Relaxed);
}

/// `hipEventDestroy`: drops the event's shared state (pending stream work keeps it alive).
pub(crate) fn detach_event(handle: Handle) {
    if !active() {
        return;
    }
    if let Some(m) = EVENTS.write().as_mut() {
        m.remove(&(handle as u64));
    }
}

impl IpcBackend for Cpu {
    fn ipc_get_mem_handle(&self, ptr: *mut c_void) -> HipResult<IpcHandle> {
        let p = ptr as usize;
        let a = memory::find(p).ok_or(HipError::InvalidValue)?;
        if a.kind != MemoryKind::Device || super::is_foreign_memory(p) {
            return Err(HipError::InvalidValue);
        }
        let block = hsa::core::memory::find(p).ok_or(HipError::InvalidValue)?;
        if block.base > a.base || a.base + a.size > block.base + block.size {
            return Err(HipError::InvalidValue);
        }
        let (fd, dev, ino) = export_block(block.base, block.size, a.device)?;
        Ok(Writer::new(MEM_MAGIC)
            .u32(std::process::id())
            .u32(fd as u32)
            .u64(dev)
            .u64(ino)
            .u64(block.size as u64)
            .u64((a.base - block.base) as u64)
            .u64(a.size as u64)
            .u64((p - block.base) as u64)
            .bytes)
    }

    fn ipc_open_mem_handle(&self, handle: &IpcHandle, _flags: u32) -> HipResult<*mut c_void> {
        let device = self.current_device()?;
        open_mem(handle, device, None)
    }

    unsafe fn ipc_close_mem_handle(&self, ptr: *mut c_void) -> HipResult<()> {
        let mut opened = OPENED.lock();
        let map = opened.as_mut().ok_or(HipError::InvalidValue)?;
        if map.get(&(ptr as usize)).is_none_or(|o| o.pool_import) {
            return Err(HipError::InvalidValue);
        }
        close_locked(map, ptr as usize)
    }

    fn ipc_get_event_handle(&self, event: Handle) -> HipResult<IpcHandle> {
        let core = EventCore::lookup(event as u64)?;
        let e = match self::event(event) {
            Some(e) => e,
            None if core.flags & EVENT_INTERPROCESS == 0 => {
                return Err(HipError::InvalidConfiguration)
            }
            None => return Err(HipError::InvalidValue),
        };
        let fd = e.fd.as_raw_fd();
        Ok(Writer::new(EVENT_MAGIC)
            .u32(std::process::id())
            .u32(fd as u32)
            .u64(e.dev)
            .u64(e.ino)
            .bytes)
    }

    fn ipc_open_event_handle(&self, handle: &IpcHandle) -> HipResult<Handle> {
        Runtime::get()?;
        let mut r = Reader::new(handle, EVENT_MAGIC)?;
        let pid = r.u32();
        let fd = r.u32() as i32;
        let (dev, ino) = (r.u64(), r.u64());
        if pid == std::process::id() {
            return Err(HipError::InvalidContext);
        }
        let file = shm::open_foreign(pid, fd, dev, ino)?;
        let e = IpcEvent::new(file)?;
        let core = EventCore::create(EVENT_DISABLE_TIMING | EVENT_INTERPROCESS)?;
        let h = core.handle as Handle;
        insert_event(h, e);
        Ok(h)
    }

    fn mem_pool_export_fd(&self, pool: Handle) -> HipResult<i32> {
        let p = crate::mempool::MemPool::lookup(pool as u64)?;
        if !exportable(p.handle) {
            return Err(HipError::InvalidValue);
        }
        let file = shm::memfd("ferrocm-pool", shm::page_size())?;
        let bytes = Writer::new(POOL_MAGIC)
            .u32(std::process::id())
            .u32(0)
            .u64(p.handle)
            .bytes;
        // SAFETY: writes our own buffer into our own descriptor.
        let n = unsafe { libc::pwrite(file.as_raw_fd(), bytes.as_ptr().cast(), bytes.len(), 0) };
        if n != bytes.len() as isize {
            return Err(HipError::OutOfMemory);
        }
        // A descriptor the caller owns (not close-on-exec: it may be handed to a child).
        // SAFETY: F_DUPFD on our own open descriptor; the result is checked.
        let fd = unsafe { libc::fcntl(file.as_raw_fd(), libc::F_DUPFD, 0) };
        if fd < 0 {
            return Err(HipError::OutOfMemory);
        }
        Ok(fd)
    }

    fn mem_pool_import_fd(&self, fd: i32) -> HipResult<Handle> {
        Runtime::get()?;
        let mut bytes = [0u8; IPC_HANDLE_SIZE];
        // SAFETY: reads into our own buffer; a bad descriptor is an error, not UB.
        let n = unsafe { libc::pread(fd, bytes.as_mut_ptr().cast(), bytes.len(), 0) };
        if n != bytes.len() as isize {
            return Err(HipError::InvalidValue);
        }
        let mut r = Reader::new(&bytes, POOL_MAGIC)?;
        let pid = r.u32();
        let id = NEXT_POOL_ID.fetch_add(1, Ordering::Relaxed);
        IMPORTED_POOLS
            .lock()
            .get_or_insert_with(HashMap::new)
            .insert(id, pid);
        Ok((IMPORTED_POOL_BASE | id) as Handle)
    }

    fn mem_pool_export_pointer(&self, ptr: *mut c_void) -> HipResult<IpcHandle> {
        let pool = crate::mempool::pool_of(ptr as usize).ok_or(HipError::InvalidValue)?;
        if !exportable(pool.handle) {
            return Err(HipError::InvalidValue);
        }
        self.ipc_get_mem_handle(ptr)
    }

    fn mem_pool_import_pointer(&self, pool: Handle, data: &IpcHandle) -> HipResult<*mut c_void> {
        let device = self.current_device()?;
        let id = super::vmm::tagged_id(pool, IMPORTED_POOL_BASE);
        let owner = IMPORTED_POOLS
            .lock()
            .as_ref()
            .and_then(|m| m.get(&id).copied())
            .ok_or(HipError::InvalidValue)?;
        open_mem(data, device, Some(owner))
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn handle_fields_round_trip_and_magic_is_checked() {
        let h = Writer::new(MEM_MAGIC).u32(7).u32(9).u64(u64::MAX).bytes;
        let mut r = Reader::new(&h, MEM_MAGIC).expect("magic");
        assert_eq!((r.u32(), r.u32(), r.u64()), (7, 9, u64::MAX));
        assert!(Reader::new(&h, EVENT_MAGIC).is_err());
        assert!(Reader::new(&[0; IPC_HANDLE_SIZE], MEM_MAGIC).is_err());
    }

    /// The file identity (device, inode) a memory handle names.
    fn identity_of(h: &IpcHandle) -> (u64, u64) {
        let mut r = Reader::new(h, MEM_MAGIC).expect("magic");
        let _ = (r.u32(), r.u32());
        (r.u64(), r.u64())
    }

    #[test]
    fn freed_memory_gets_a_new_file_even_at_the_same_address() {
        use crate::backend::MemoryBackend;
        let size = 1 << 20;
        let p = Cpu.malloc(size).expect("malloc");
        let h1 = Cpu.ipc_get_mem_handle(p).expect("handle");
        // Asking again reuses the export.
        assert_eq!(Cpu.ipc_get_mem_handle(p).expect("again"), h1);
        // SAFETY: nothing uses the memory.
        unsafe { Cpu.free(p) }.expect("free");
        let q = Cpu.malloc(size).expect("malloc");
        let h2 = Cpu.ipc_get_mem_handle(q).expect("handle");
        assert_ne!(identity_of(&h1), identity_of(&h2));
        // A process cannot open its own handle.
        assert_eq!(
            Cpu.ipc_open_mem_handle(&h2, 0).unwrap_err(),
            HipError::InvalidContext
        );
        // SAFETY: as above.
        unsafe { Cpu.free(q) }.expect("free");
    }

    /// Sharing a block synchronises the device, which returns freed pool blocks to the
    /// system and so forgets their exports: that must not wait for the export table the
    /// conversion holds (it deadlocked).
    #[test]
    fn a_handle_while_pool_blocks_are_released() {
        use crate::backend::{MemPoolBackend, MemoryBackend};
        let null = std::ptr::null_mut();
        let pooled = Cpu.malloc_async(1 << 16, null).expect("malloc_async");
        // SAFETY: nothing uses the memory afterwards.
        unsafe { Cpu.free_async(pooled, null) }.expect("free_async");
        let p = Cpu.malloc(1 << 16).expect("malloc");
        let (tx, rx) = std::sync::mpsc::channel();
        let addr = p as usize;
        std::thread::spawn(move || {
            let _ = tx.send(Cpu.ipc_get_mem_handle(addr as *mut c_void).is_ok());
        });
        let ok = rx
            .recv_timeout(std::time::Duration::from_secs(20))
            .expect("hipIpcGetMemHandle did not return (deadlock)");
        assert!(ok);
        // SAFETY: as above.
        unsafe { Cpu.free(p) }.expect("free");
    }

    #[test]
    fn event_state_is_shared_through_the_file() {
        let fd = shm::memfd("event-test", shm::page_size()).expect("memfd");
        let other = shm::duplicate(fd.as_raw_fd()).expect("dup");
        let a = Arc::new(IpcEvent::new(fd).expect("a"));
        let b = Arc::new(IpcEvent::new(other).expect("b"));
        // Never recorded: complete.
        assert!(b.query().is_ok());
        let seq = a.shared().recorded.fetch_add(1, Ordering::AcqRel) + 1;
        assert_eq!(b.query(), Err(HipError::NotReady));
        let target = b.pending_target().expect("pending");
        let waiter = {
            let b = Arc::clone(&b);
            std::thread::spawn(move || b.wait_for(target))
        };
        std::thread::sleep(Duration::from_millis(20));
        assert!(!waiter.is_finished());
        a.complete(seq);
        assert_eq!(waiter.join().expect("waiter"), Ok(()));
        assert!(b.query().is_ok());
    }

    /// A record issued by a process that died before completing it (killed mid-work) used to
    /// leave `hipEventSynchronize` in the other process waiting forever; it now fails, for a
    /// process already reaped and for a zombie alike.
    #[test]
    fn a_record_of_a_dead_process_fails_its_waiters_instead_of_hanging() {
        for reap in [true, false] {
            let mut child = std::process::Command::new("true").spawn().expect("spawn");
            let pid = child.id();
            // Unreaped, it becomes a zombie once it exits.
            while process_alive(pid) {
                std::thread::sleep(Duration::from_millis(5));
            }
            if reap {
                child.wait().expect("wait");
            }
            let fd = shm::memfd("event-test", shm::page_size()).expect("memfd");
            let e = Arc::new(IpcEvent::new(fd).expect("event"));
            let s = e.shared();
            // What `record` in that process did before it died.
            let seq = s.recorded.fetch_add(1, Ordering::AcqRel) + 1;
            s.latest
                .fetch_max(seq << PID_BITS | u64::from(pid), Ordering::AcqRel);
            assert_eq!(e.query(), Err(HipError::LaunchFailure));
            let (tx, rx) = std::sync::mpsc::channel();
            let waiter = Arc::clone(&e);
            std::thread::spawn(move || {
                let _ = tx.send(waiter.synchronize());
            });
            let r = rx
                .recv_timeout(Duration::from_secs(10))
                .expect("hipEventSynchronize hung on a dead process's record");
            assert_eq!(r, Err(HipError::LaunchFailure));
            // A record of a live process (this one) is simply pending.
            let seq = s.recorded.fetch_add(1, Ordering::AcqRel) + 1;
            s.latest.fetch_max(
                seq << PID_BITS | u64::from(std::process::id()),
                Ordering::AcqRel,
            );
            assert_eq!(e.query(), Err(HipError::NotReady));
            e.complete(seq);
            assert_eq!(e.query(), Ok(()));
            child.wait().expect("wait");
        }
    }
}
