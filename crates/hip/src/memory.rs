//! Memory: HIP's view of allocations (device, pinned host, managed, registered), backed by
//! the HSA CPU agent's memory pools, and the copy/fill operations.
//!
//! On the CPU every kind is ordinary host memory; the table keeps what HIP reports
//! (`hipPointerGetAttributes`, `hipMemGetInfo`) and what it checks (frees, registrations,
//! copy ranges) exact.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use hsa::core::memory::RegionKind;
use parking_lot::RwLock;

use crate::error::{HipError, HipResult};
use crate::runtime::Runtime;
use crate::stream::StreamCore;

/// HIP's allocation alignment (every allocation is page-aligned here, which is more).
pub const ALLOCATION_ALIGNMENT: usize = 256;

/// What an address range is to HIP (`hipMemoryType`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MemoryKind {
    /// `hipMalloc`, `hipMallocPitch`, `hipMallocAsync`.
    Device,
    /// `hipHostMalloc` / `hipHostAlloc` / `hipMallocHost`.
    Host,
    /// `hipMallocManaged`.
    Managed,
    /// `hipHostRegister`: application memory.
    Registered,
}

impl MemoryKind {
    /// The `hipMemoryType` value.
    pub fn memory_type(self) -> u32 {
        match self {
            MemoryKind::Host | MemoryKind::Registered => 1,
            MemoryKind::Device => 2,
            MemoryKind::Managed => 3,
        }
    }
}

/// One allocation known to HIP.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Allocation {
    pub base: usize,
    /// Bytes requested.
    pub size: usize,
    pub kind: MemoryKind,
    pub device: usize,
    /// Flags given at allocation/registration.
    pub flags: u32,
}

impl Allocation {
    pub fn contains(&self, ptr: usize) -> bool {
        ptr >= self.base && ptr - self.base < self.size.max(1)
    }
}

static TABLE: RwLock<BTreeMap<usize, Allocation>> = RwLock::new(BTreeMap::new());
/// Bytes of device and managed memory allocated (for `hipMemGetInfo`).
static DEVICE_BYTES: AtomicU64 = AtomicU64::new(0);

/// The allocation containing `ptr`, if any.
pub fn find(ptr: usize) -> Option<Allocation> {
    let table = TABLE.read();
    let (_, a) = table.range(..=ptr).next_back()?;
    a.contains(ptr).then_some(*a)
}

fn region(rt: &Runtime, kind: RegionKind) -> HipResult<&Arc<hsa::core::memory::RegionObject>> {
    rt.agent
        .object()
        .regions
        .iter()
        .find(|r| r.kind == kind)
        .ok_or(HipError::NotSupported)
}

/// Allocates `size` bytes of `kind` memory on `device`; `size == 0` gives null (as HIP).
pub fn allocate(device: usize, size: usize, kind: MemoryKind, flags: u32) -> HipResult<*mut u8> {
    let rt = Runtime::get()?;
    rt.device(device)?;
    if size == 0 {
        return Ok(std::ptr::null_mut());
    }
    let region_kind = match kind {
        MemoryKind::Device => RegionKind::GlobalCoarseGrained,
        MemoryKind::Host | MemoryKind::Managed => RegionKind::GlobalFineGrained,
        MemoryKind::Registered => return Err(HipError::InvalidValue),
    };
    let region = region(rt, region_kind)?;
    let ptr = hsa::core::memory::allocate(rt.agent.handle(), region, size)
        .map_err(|_| HipError::OutOfMemory)?;
    TABLE.write().insert(
        ptr as usize,
        Allocation {
            base: ptr as usize,
            size,
            kind,
            device,
            flags,
        },
    );
    if matches!(kind, MemoryKind::Device | MemoryKind::Managed) {
        DEVICE_BYTES.fetch_add(size as u64, Ordering::Relaxed);
    }
    Ok(ptr)
}

/// Frees an allocation made by [`allocate`] whose kind is in `kinds`; null is a no-op.
/// Anything else (an interior or unknown pointer, a double free) is `hipErrorInvalidValue`.
pub fn free(ptr: *mut u8, kinds: &[MemoryKind]) -> HipResult<()> {
    if ptr.is_null() {
        return Ok(());
    }
    let mut table = TABLE.write();
    match table.get(&(ptr as usize)) {
        Some(a) if kinds.contains(&a.kind) => {
            let a = *a;
            table.remove(&(ptr as usize));
            drop(table);
            if matches!(a.kind, MemoryKind::Device | MemoryKind::Managed) {
                DEVICE_BYTES.fetch_sub(a.size as u64, Ordering::Relaxed);
            }
            hsa::core::memory::free(ptr).map_err(|_| HipError::InvalidValue)
        }
        _ => Err(HipError::InvalidValue),
    }
}

/// `hipHostRegister`: records application memory as pinned host memory.
pub fn register(ptr: *mut u8, size: usize, device: usize, flags: u32) -> HipResult<()> {
    if ptr.is_null() || size == 0 {
        return Err(HipError::InvalidValue);
    }
    let start = ptr as usize;
    let end = start.checked_add(size).ok_or(HipError::InvalidValue)?;
    let mut table = TABLE.write();
    let overlaps = table
        .range(..end)
        .next_back()
        .is_some_and(|(_, a)| a.base + a.size > start);
    if overlaps {
        return Err(HipError::HostMemoryAlreadyRegistered);
    }
    table.insert(
        start,
        Allocation {
            base: start,
            size,
            kind: MemoryKind::Registered,
            device,
            flags,
        },
    );
    Ok(())
}

/// `hipHostUnregister`.
pub fn unregister(ptr: *mut u8) -> HipResult<()> {
    let mut table = TABLE.write();
    match table.get(&(ptr as usize)) {
        Some(a) if a.kind == MemoryKind::Registered => {
            table.remove(&(ptr as usize));
            Ok(())
        }
        _ => Err(HipError::HostMemoryNotRegistered),
    }
}

/// (free, total) bytes for `hipMemGetInfo`: host memory available now, and in total.
pub fn mem_info() -> (u64, u64) {
    let total = hsa::core::agent::total_memory();
    let free = hsa::core::agent::available_memory().min(total);
    (free, total)
}

/// Bytes of device and managed memory currently allocated through HIP.
pub fn device_bytes_in_use() -> u64 {
    DEVICE_BYTES.load(Ordering::Relaxed)
}

/// `hipMemcpyKind`
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CopyKind {
    HostToHost,
    HostToDevice,
    DeviceToHost,
    DeviceToDevice,
    Default,
}

impl CopyKind {
    /// Parses a `hipMemcpyKind` (`hipMemcpyDeviceToDeviceNoCU` = 1024 is a device copy).
    pub fn from_raw(raw: u32) -> HipResult<CopyKind> {
        Ok(match raw {
            0 => CopyKind::HostToHost,
            1 => CopyKind::HostToDevice,
            2 => CopyKind::DeviceToHost,
            3 | 1024 => CopyKind::DeviceToDevice,
            4 => CopyKind::Default,
            _ => return Err(HipError::InvalidMemcpyDirection),
        })
    }
}

/// Checks that `[ptr, ptr + size)` does not run past the end of a known allocation that
/// contains `ptr` (unknown memory is the application's own and cannot be checked).
pub fn check_range(ptr: usize, size: usize) -> HipResult<()> {
    if size == 0 {
        return Ok(());
    }
    if ptr == 0 {
        return Err(HipError::InvalidValue);
    }
    let end = ptr.checked_add(size).ok_or(HipError::InvalidValue)?;
    match find(ptr) {
        Some(a) if end > a.base + a.size => Err(HipError::InvalidValue),
        _ => Ok(()),
    }
}

/// How an operation relates to the host thread.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sync {
    /// Returns once the operation is done (`hipMemcpy`, `hipMemset`).
    Blocking,
    /// Enqueued on the stream (`...Async`).
    Async,
}

/// Runs `op` in stream order: inline on the calling thread when it is blocking and the
/// stream (with what it implicitly waits for) is idle, otherwise enqueued (and waited for
/// when blocking).
fn ordered(
    stream: &StreamCore,
    sync: Sync,
    inline: impl FnOnce(),
    enqueue: impl FnOnce(&StreamCore) -> HipResult<()>,
) -> HipResult<()> {
    let rt = Runtime::get()?;
    if sync == Sync::Blocking && stream.idle_with_dependencies(rt)? {
        inline();
        return Ok(());
    }
    enqueue(stream)?;
    if sync == Sync::Blocking {
        stream.synchronize()?;
    }
    Ok(())
}

/// Copies `size` bytes from `src` to `dst` in `stream` order.
///
/// # Safety
/// Both ranges must be valid for the copy, and for an asynchronous copy stay valid (and not
/// be touched by the host) until it has run.
pub unsafe fn copy(
    dst: *mut u8,
    src: *const u8,
    size: usize,
    stream: &StreamCore,
    sync: Sync,
) -> HipResult<()> {
    if size == 0 {
        return Ok(());
    }
    check_range(dst as usize, size)?;
    check_range(src as usize, size)?;
    ordered(
        stream,
        sync,
        // SAFETY: the caller guarantees both ranges; `ptr::copy` allows overlap.
        || unsafe { std::ptr::copy(src, dst, size) },
        // SAFETY: forwarded from the caller's contract.
        |s| unsafe { s.memcpy(dst, src, size) },
    )
}

/// Fills `count` elements of `element_size` (1, 2 or 4) bytes with the low bytes of `value`.
///
/// # Safety
/// As for [`copy`].
pub unsafe fn fill(
    dst: *mut u8,
    value: u32,
    count: usize,
    element_size: u32,
    stream: &StreamCore,
    sync: Sync,
) -> HipResult<()> {
    if count == 0 {
        return Ok(());
    }
    let bytes = count
        .checked_mul(element_size as usize)
        .ok_or(HipError::InvalidValue)?;
    check_range(dst as usize, bytes)?;
    ordered(
        stream,
        sync,
        // SAFETY: the caller guarantees the range.
        || unsafe { fill_now(dst, value, count, element_size) },
        // SAFETY: forwarded from the caller's contract.
        |s| unsafe { s.memset(dst, value, count, element_size) },
    )
}

/// # Safety
/// `dst` must be valid for `count * element_size` bytes.
unsafe fn fill_now(dst: *mut u8, value: u32, count: usize, element_size: u32) {
    // SAFETY: the caller guarantees the range; unaligned writes are used for 16/32-bit
    // elements because HIP allows any byte address.
    unsafe {
        match element_size {
            1 => std::ptr::write_bytes(dst, value as u8, count),
            2 => {
                for i in 0..count {
                    dst.cast::<u16>().add(i).write_unaligned(value as u16);
                }
            }
            _ => {
                for i in 0..count {
                    dst.cast::<u32>().add(i).write_unaligned(value);
                }
            }
        }
    }
}

/// Copies `height` rows of `width` bytes between pitched buffers.
///
/// # Safety
/// As for [`copy`], for every row.
#[allow(clippy::too_many_arguments)]
pub unsafe fn copy_2d(
    dst: *mut u8,
    dst_pitch: usize,
    src: *const u8,
    src_pitch: usize,
    width: usize,
    height: usize,
    stream: &StreamCore,
    sync: Sync,
) -> HipResult<()> {
    if width == 0 || height == 0 {
        return Ok(());
    }
    if width > dst_pitch || width > src_pitch {
        return Err(HipError::InvalidPitchValue);
    }
    let span = |pitch: usize| {
        pitch
            .checked_mul(height - 1)
            .and_then(|v| v.checked_add(width))
            .ok_or(HipError::InvalidValue)
    };
    check_range(dst as usize, span(dst_pitch)?)?;
    check_range(src as usize, span(src_pitch)?)?;
    ordered(
        stream,
        sync,
        || {
            for row in 0..height {
                // SAFETY: the caller guarantees every row.
                unsafe {
                    std::ptr::copy(src.add(row * src_pitch), dst.add(row * dst_pitch), width)
                };
            }
        },
        // SAFETY: forwarded from the caller's contract.
        |s| unsafe { s.memcpy_2d(dst, dst_pitch, src, src_pitch, width, height) },
    )
}
