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

/// `hipMemAttachGlobal`: managed memory every stream may use.
pub const ATTACH_GLOBAL: u32 = 0x1;
/// `hipMemAttachHost`: managed memory the host uses (no device access).
pub const ATTACH_HOST: u32 = 0x2;
/// `hipMemAttachSingle`: managed memory one stream uses.
pub const ATTACH_SINGLE: u32 = 0x4;

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
/// The same per device ordinal (each CPU device accounts for its own share).
static DEVICE_BYTES_ON: [AtomicU64; hsa::core::agent::MAX_CPU_DEVICES] =
    [const { AtomicU64::new(0) }; hsa::core::agent::MAX_CPU_DEVICES];

/// Counts `size` bytes in (`add`) or out of the device-memory totals of `device`.
fn account(device: usize, size: usize, add: bool) {
    let size = size as u64;
    let on = DEVICE_BYTES_ON.get(device);
    if add {
        DEVICE_BYTES.fetch_add(size, Ordering::Relaxed);
        on.map(|c| c.fetch_add(size, Ordering::Relaxed));
    } else {
        DEVICE_BYTES.fetch_sub(size, Ordering::Relaxed);
        on.map(|c| c.fetch_sub(size, Ordering::Relaxed));
    }
}

/// The allocation containing `ptr`, if any.
pub fn find(ptr: usize) -> Option<Allocation> {
    let table = TABLE.read();
    let (_, a) = table.range(..=ptr).next_back()?;
    a.contains(ptr).then_some(*a)
}

fn region(
    agent: &hsa::Agent,
    kind: RegionKind,
) -> HipResult<&Arc<hsa::core::memory::RegionObject>> {
    agent
        .object()
        .regions
        .iter()
        .find(|r| r.kind == kind)
        .ok_or(HipError::NotSupported)
}

/// Allocates `size` bytes of `kind` memory on `device`; `size == 0` gives null (as HIP).
pub fn allocate(device: usize, size: usize, kind: MemoryKind, flags: u32) -> HipResult<*mut u8> {
    let rt = Runtime::get()?;
    let agent = rt.device_agent(device)?;
    // An allocation is a "potentially unsafe" call while streams are capturing.
    crate::graph::check_unsafe_call()?;
    if size == 0 {
        return Ok(std::ptr::null_mut());
    }
    let region_kind = match kind {
        MemoryKind::Device => RegionKind::GlobalCoarseGrained,
        MemoryKind::Host | MemoryKind::Managed => RegionKind::GlobalFineGrained,
        MemoryKind::Registered => return Err(HipError::InvalidValue),
    };
    let region = region(agent, region_kind)?;
    let ptr = hsa::core::memory::allocate(agent.handle(), region, size)
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
        account(device, size, true);
    }
    Ok(ptr)
}

/// Frees an allocation made by [`allocate`] whose kind is in `kinds`; null is a no-op.
/// Anything else (an interior or unknown pointer, a double free) is `hipErrorInvalidValue`.
pub fn free(ptr: *mut u8, kinds: &[MemoryKind]) -> HipResult<()> {
    if ptr.is_null() {
        return Ok(());
    }
    // IPC, virtual-memory and external memory have their own release.
    if let Some(result) = crate::platform::cpu::release_shared(ptr as usize) {
        return result;
    }
    // Memory of a graph's allocation node stays with the node: its allocation ends.
    if kinds.contains(&MemoryKind::Device) {
        if let Some(result) = crate::graph::memnodes::free_from_host(ptr as usize) {
            return result;
        }
    }
    // Memory from a stream-ordered pool goes back to its pool (the caller has synchronised).
    if kinds.contains(&MemoryKind::Device) {
        if let Some(result) = crate::mempool::free_now(ptr as usize) {
            return result;
        }
    }
    let mut table = TABLE.write();
    match table.get(&(ptr as usize)) {
        Some(a) if kinds.contains(&a.kind) => {
            let a = *a;
            table.remove(&(ptr as usize));
            drop(table);
            if matches!(a.kind, MemoryKind::Device | MemoryKind::Managed) {
                account(a.device, a.size, false);
            }
            if a.kind == MemoryKind::Managed {
                crate::platform::cpu::forget_advice(a.base, a.size);
            }
            hsa::core::memory::free(ptr).map_err(|_| HipError::InvalidValue)
        }
        _ => Err(HipError::InvalidValue),
    }
}

/// Frees every allocation made on `device` and unregisters its registered host memory
/// (`hipDeviceReset`; the caller has waited for the device's work). Pool memory goes back
/// to its pool.
pub fn free_device_allocations(device: usize) {
    let all: Vec<(usize, MemoryKind)> = TABLE
        .read()
        .values()
        .filter(|a| a.device == device)
        .map(|a| (a.base, a.kind))
        .collect();
    for (base, kind) in all {
        let _ = match kind {
            MemoryKind::Registered => unregister(base as *mut u8),
            _ => free(base as *mut u8, &[kind]),
        };
    }
}

/// `hipHostRegister`: records application memory as pinned host memory.
pub fn register(ptr: *mut u8, size: usize, device: usize, flags: u32) -> HipResult<()> {
    if ptr.is_null() || size == 0 {
        return Err(HipError::InvalidValue);
    }
    let start = ptr as usize;
    let end = start.checked_add(size).ok_or(HipError::InvalidValue)?;
    // Only memory the process has can be registered: a made-up or freed range would
    // otherwise enter the table as valid memory, and later copies to it fault.
    if !hsa::core::memory::is_mapped(start, end) {
        return Err(HipError::InvalidValue);
    }
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

/// (free, total) bytes of a CPU device whose share of host memory is `share` bytes (its
/// `totalGlobalMem`): the share less what HIP has allocated on the device (each of several
/// CPU devices accounts for its own allocations only: memory that another device or
/// another process takes does not move it, as on a GPU). A device that owns all host
/// memory (one CPU device) reports [`mem_info`], the host's free memory.
pub fn device_mem_info(device: usize, share: u64) -> (u64, u64) {
    let (free, total) = mem_info();
    if share >= total {
        return (free, total);
    }
    let used = DEVICE_BYTES_ON
        .get(device)
        .map_or(0, |c| c.load(Ordering::Relaxed));
    (share.saturating_sub(used), share)
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
/// contains `ptr`. Memory that is no live allocation is the application's own (ordinary
/// host memory is accepted wherever HIP takes a device pointer, as AMD's runtime does); it
/// must at least be mapped, so that a stale or made-up pointer is `hipErrorInvalidValue`
/// instead of a fault in the runtime.
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
        Some(_) => Ok(()),
        None if hsa::core::memory::is_mapped(ptr, end) => Ok(()),
        None => Err(HipError::InvalidValue),
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
    ordered_copy(stream, sync, None, inline, enqueue)
}

/// [`ordered`] for a copy `(dst, src, bytes)`: a copy run in place is reported to the
/// activity sink here (an enqueued one by the stream, when its packets are published).
fn ordered_copy(
    stream: &StreamCore,
    sync: Sync,
    copy: Option<(usize, usize, u64)>,
    inline: impl FnOnce(),
    enqueue: impl FnOnce(&StreamCore) -> HipResult<()>,
) -> HipResult<()> {
    let rt = Runtime::get()?;
    if sync == Sync::Blocking {
        // A synchronous operation is "potentially unsafe" during capture, and one on a
        // capturing stream (or on the legacy stream next to a capturing blocking stream)
        // invalidates the capture.
        crate::graph::check_unsafe_call()?;
        stream.refuse_while_capturing()?;
        if stream.idle_with_dependencies(rt)? {
            match (copy, crate::activity::sink()) {
                (Some((dst, src, bytes)), Some(sink)) => {
                    let span = sink.memory_copy(&crate::activity::MemoryCopy {
                        src: crate::activity::place_of(src),
                        dst: crate::activity::place_of(dst),
                        bytes,
                        stream: stream.handle,
                    });
                    span.start_now();
                    inline();
                    span.end_now();
                }
                _ => inline(),
            }
            return Ok(());
        }
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
    ordered_copy(
        stream,
        sync,
        Some((dst as usize, src as usize, size as u64)),
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
pub(crate) unsafe fn fill_now(dst: *mut u8, value: u32, count: usize, element_size: u32) {
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
    ordered_copy(
        stream,
        sync,
        Some((dst as usize, src as usize, (width as u64) * (height as u64))),
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

// ---------------------------------------------------------------------------------------
// Pitched 3-D memory (`hipMalloc3D`, `hipMemcpy3D`, `hipMemset3D`)

/// `hipPitchedPtr`: `pitch` bytes per row, `xsize` (logical width) and `ysize` rows per
/// slice, so a slice is `pitch * ysize` bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PitchedPtr {
    pub ptr: usize,
    pub pitch: usize,
    pub xsize: usize,
    pub ysize: usize,
}

/// `hipPos`: a byte offset within a row (`x`), a row (`y`) and a slice (`z`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pos {
    pub x: usize,
    pub y: usize,
    pub z: usize,
}

/// `hipExtent`: `width` bytes (for linear memory) by `height` rows by `depth` slices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Extent {
    pub width: usize,
    pub height: usize,
    pub depth: usize,
}

impl Extent {
    pub fn is_empty(&self) -> bool {
        self.width == 0 || self.height == 0 || self.depth == 0
    }
}

/// Row pitch of `hipMalloc3D` / `hipMallocPitch` allocations (HIP's texture pitch alignment).
pub const PITCH_ALIGNMENT: usize = 256;

/// A resolved 3-D copy: `depth` slices of `height` rows of `width` bytes, each side with
/// its first byte and its row (`pitch`) and slice strides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Copy3d {
    /// The pitched pointers the box is relative to (range checks start there).
    pub dst_base: usize,
    pub src_base: usize,
    pub dst: usize,
    pub dst_pitch: usize,
    pub dst_slice: usize,
    pub src: usize,
    pub src_pitch: usize,
    pub src_slice: usize,
    pub width: usize,
    pub height: usize,
    pub depth: usize,
}

/// One side of a 3-D operation: first byte, row pitch, slice pitch and the bytes spanned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Side {
    base: usize,
    start: usize,
    pitch: usize,
    slice: usize,
    span: usize,
}

/// Validates one pitched side of a 3-D copy or fill (HIP's rules): a null pointer, or a box
/// that leaves its row (`pos.x + width > pitch`) or, with several slices, its slice
/// (`pos.y + height > ysize`) is `hipErrorInvalidValue`; a pitch below the width is
/// `hipErrorInvalidPitchValue`. `extent` must not be empty.
fn resolve_side(p: PitchedPtr, pos: Pos, extent: Extent) -> HipResult<Side> {
    let e = extent;
    if p.ptr == 0 {
        return Err(HipError::InvalidValue);
    }
    if p.pitch < e.width {
        return Err(HipError::InvalidPitchValue);
    }
    let overflow = HipError::InvalidValue;
    if pos.x.checked_add(e.width).ok_or(overflow)? > p.pitch {
        return Err(HipError::InvalidValue);
    }
    let slice = if e.depth > 1 || pos.z > 0 {
        if pos.y.checked_add(e.height).ok_or(overflow)? > p.ysize {
            return Err(HipError::InvalidValue);
        }
        p.pitch.checked_mul(p.ysize).ok_or(overflow)?
    } else {
        // One slice: the slice pitch is never used; keep the rows contiguous in it.
        p.pitch.saturating_mul(e.height)
    };
    let offset = pos
        .z
        .checked_mul(slice)
        .and_then(|v| v.checked_add(pos.y.checked_mul(p.pitch)?))
        .and_then(|v| v.checked_add(pos.x))
        .ok_or(overflow)?;
    let start = p.ptr.checked_add(offset).ok_or(overflow)?;
    let span = (e.depth - 1)
        .checked_mul(slice)
        .and_then(|v| v.checked_add((e.height - 1).checked_mul(p.pitch)?))
        .and_then(|v| v.checked_add(e.width))
        .ok_or(overflow)?;
    start.checked_add(span).ok_or(overflow)?;
    Ok(Side {
        base: p.ptr,
        start,
        pitch: p.pitch,
        slice,
        span,
    })
}

impl Copy3d {
    /// Resolves `hipMemcpy3DParms` in pointer form (see [`resolve_side`] for the rules).
    /// An empty extent is a valid no-op copy.
    pub fn resolve(
        src: PitchedPtr,
        src_pos: Pos,
        dst: PitchedPtr,
        dst_pos: Pos,
        extent: Extent,
    ) -> HipResult<Copy3d> {
        if extent.is_empty() {
            return Ok(Copy3d::default());
        }
        let s = resolve_side(src, src_pos, extent)?;
        let d = resolve_side(dst, dst_pos, extent)?;
        Ok(Copy3d {
            dst_base: d.base,
            src_base: s.base,
            dst: d.start,
            dst_pitch: d.pitch,
            dst_slice: d.slice,
            src: s.start,
            src_pitch: s.pitch,
            src_slice: s.slice,
            width: extent.width,
            height: extent.height,
            depth: extent.depth,
        })
    }

    /// A linear copy of `size` bytes as a 3-D copy.
    pub fn linear(dst: usize, src: usize, size: usize) -> Copy3d {
        Copy3d {
            dst_base: dst,
            src_base: src,
            dst,
            dst_pitch: size,
            dst_slice: size,
            src,
            src_pitch: size,
            src_slice: size,
            width: size,
            height: usize::from(size > 0),
            depth: usize::from(size > 0),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.width == 0 || self.height == 0 || self.depth == 0
    }

    fn span(pitch: usize, slice: usize, width: usize, height: usize, depth: usize) -> usize {
        (depth - 1) * slice + (height - 1) * pitch + width
    }

    /// Bytes from the first to the last destination byte.
    pub fn dst_span(&self) -> usize {
        if self.is_empty() {
            return 0;
        }
        Copy3d::span(
            self.dst_pitch,
            self.dst_slice,
            self.width,
            self.height,
            self.depth,
        )
    }

    /// Bytes from the first to the last source byte.
    pub fn src_span(&self) -> usize {
        if self.is_empty() {
            return 0;
        }
        Copy3d::span(
            self.src_pitch,
            self.src_slice,
            self.width,
            self.height,
            self.depth,
        )
    }

    /// Both sides against the allocations HIP knows, from the pitched pointers the box is
    /// relative to (unknown memory is not checked).
    pub fn check_ranges(&self) -> HipResult<()> {
        if self.is_empty() {
            return Ok(());
        }
        let from = |base: usize, start: usize, span: usize| {
            start
                .checked_sub(base)
                .and_then(|o| o.checked_add(span))
                .ok_or(HipError::InvalidValue)
        };
        check_range(
            self.dst_base,
            from(self.dst_base, self.dst, self.dst_span())?,
        )?;
        check_range(
            self.src_base,
            from(self.src_base, self.src, self.src_span())?,
        )
    }

    /// Whether the slices follow each other without gaps on both sides, so that the copy
    /// is one 2-D copy of `height * depth` rows.
    pub fn slices_contiguous(&self) -> bool {
        self.depth == 1
            || (self.dst_slice == self.dst_pitch * self.height
                && self.src_slice == self.src_pitch * self.height)
    }

    /// Runs the copy on the calling thread.
    ///
    /// # Safety
    /// Every row of both sides must be valid.
    pub(crate) unsafe fn run_now(&self) {
        for z in 0..self.depth {
            for y in 0..self.height {
                let d = self.dst + z * self.dst_slice + y * self.dst_pitch;
                let s = self.src + z * self.src_slice + y * self.src_pitch;
                // SAFETY: the caller guarantees every row; `ptr::copy` allows overlap.
                unsafe { std::ptr::copy(s as *const u8, d as *mut u8, self.width) };
            }
        }
    }
}

/// A resolved 3-D fill: `depth` slices of `height` rows of `width` elements of
/// `element_size` (1, 2 or 4) bytes, rows `pitch` bytes apart, slices `slice` bytes apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Fill3d {
    /// The pitched pointer the box is relative to (range checks start there).
    pub base: usize,
    pub dst: usize,
    pub pitch: usize,
    pub slice: usize,
    pub value: u32,
    pub element_size: u32,
    pub width: usize,
    pub height: usize,
    pub depth: usize,
}

impl Fill3d {
    /// `hipMemset3D`: bytes of `value` over `extent` of a pitched allocation.
    pub fn pitched(p: PitchedPtr, value: u8, extent: Extent) -> HipResult<Fill3d> {
        if extent.is_empty() {
            return Ok(Fill3d::default());
        }
        let side = resolve_side(p, Pos::default(), extent)?;
        Ok(Fill3d {
            base: side.base,
            dst: side.start,
            pitch: side.pitch,
            slice: side.slice,
            value: u32::from(value),
            element_size: 1,
            width: extent.width,
            height: extent.height,
            depth: extent.depth,
        })
    }

    /// A 2-D fill (`hipMemset2D`, memset graph nodes): `height` rows of `width` elements.
    /// `hipErrorInvalidValue` for a null pointer or an element size other than 1, 2, 4;
    /// `hipErrorInvalidPitchValue` when a row is wider than the pitch (several rows).
    pub fn rows(
        dst: usize,
        pitch: usize,
        value: u32,
        element_size: u32,
        width: usize,
        height: usize,
    ) -> HipResult<Fill3d> {
        if !matches!(element_size, 1 | 2 | 4) {
            return Err(HipError::InvalidValue);
        }
        if width == 0 || height == 0 {
            return Ok(Fill3d::default());
        }
        if dst == 0 {
            return Err(HipError::InvalidValue);
        }
        let row = width
            .checked_mul(element_size as usize)
            .ok_or(HipError::InvalidValue)?;
        let pitch = if height == 1 { pitch.max(row) } else { pitch };
        if row > pitch {
            return Err(HipError::InvalidPitchValue);
        }
        let fill = Fill3d {
            base: dst,
            dst,
            pitch,
            slice: pitch.checked_mul(height).ok_or(HipError::InvalidValue)?,
            value,
            element_size,
            width,
            height,
            depth: 1,
        };
        dst.checked_add(fill.span()).ok_or(HipError::InvalidValue)?;
        Ok(fill)
    }

    pub fn is_empty(&self) -> bool {
        self.width == 0 || self.height == 0 || self.depth == 0
    }

    fn row_bytes(&self) -> usize {
        self.width * self.element_size as usize
    }

    /// Checks the box against the allocations HIP knows, from its pitched pointer.
    pub fn check_range(&self) -> HipResult<()> {
        if self.is_empty() {
            return Ok(());
        }
        let len = (self.dst - self.base)
            .checked_add(self.span())
            .ok_or(HipError::InvalidValue)?;
        check_range(self.base, len)
    }

    /// Bytes from the first to the last byte written.
    pub fn span(&self) -> usize {
        if self.is_empty() {
            return 0;
        }
        (self.depth - 1) * self.slice + (self.height - 1) * self.pitch + self.row_bytes()
    }

    /// Whether the filled bytes are one contiguous run.
    pub fn contiguous(&self) -> bool {
        (self.height == 1 || self.pitch == self.row_bytes())
            && (self.depth == 1 || self.slice == self.pitch * self.height)
    }

    /// Runs the fill on the calling thread.
    ///
    /// # Safety
    /// Every row must be valid for writes.
    pub(crate) unsafe fn run_now(&self) {
        for z in 0..self.depth {
            for y in 0..self.height {
                let d = self.dst + z * self.slice + y * self.pitch;
                // SAFETY: the caller guarantees every row.
                unsafe { fill_now(d as *mut u8, self.value, self.width, self.element_size) };
            }
        }
    }
}

/// Copies a 3-D box in `stream` order (`hipMemcpy3D`, `hipMemcpy3DAsync`): one operation on
/// the stream (one graph node when the stream is capturing).
///
/// # Safety
/// Every row of both sides must be valid for the copy (until it has run, if async).
pub unsafe fn copy_3d(copy: &Copy3d, stream: &StreamCore, sync: Sync) -> HipResult<()> {
    if copy.is_empty() {
        return Ok(());
    }
    copy.check_ranges()?;
    let c = *copy;
    let bytes = (c.width as u64) * (c.height as u64) * (c.depth as u64);
    ordered_copy(
        stream,
        sync,
        Some((c.dst, c.src, bytes)),
        // SAFETY: the caller guarantees every row.
        || unsafe { c.run_now() },
        // SAFETY: forwarded from the caller's contract.
        |s| unsafe { s.memcpy_3d(&c) },
    )
}

/// Fills a 2-D or 3-D box in `stream` order (`hipMemset2D`, `hipMemset3D` and their async
/// forms): one operation on the stream (one graph node when capturing).
///
/// # Safety
/// Every row must be valid for writes (until the fill has run, if async).
pub unsafe fn fill_3d(fill: &Fill3d, stream: &StreamCore, sync: Sync) -> HipResult<()> {
    if fill.is_empty() {
        return Ok(());
    }
    fill.check_range()?;
    let f = *fill;
    ordered(
        stream,
        sync,
        // SAFETY: the caller guarantees every row.
        || unsafe { f.run_now() },
        // SAFETY: forwarded from the caller's contract.
        |s| unsafe { s.memset_3d(&f) },
    )
}

/// `hipMalloc3D`: a pitched allocation of `extent` (width in bytes), rows aligned to
/// [`PITCH_ALIGNMENT`]. An empty extent gives a null pointer (as a zero-size `hipMalloc`).
pub fn allocate_3d(device: usize, extent: Extent) -> HipResult<PitchedPtr> {
    let pitch = extent
        .width
        .max(1)
        .checked_next_multiple_of(PITCH_ALIGNMENT)
        .ok_or(HipError::OutOfMemory)?;
    let size = pitch
        .checked_mul(extent.height)
        .and_then(|v| v.checked_mul(extent.depth))
        .ok_or(HipError::OutOfMemory)?;
    let size = if extent.width == 0 { 0 } else { size };
    let ptr = allocate(device, size, MemoryKind::Device, 0)?;
    Ok(PitchedPtr {
        ptr: ptr as usize,
        pitch,
        xsize: extent.width,
        ysize: extent.height,
    })
}

// ---------------------------------------------------------------------------------------
// Blocks for the stream-ordered pools (crates/hip/src/mempool.rs)

/// Allocates `size` bytes of device memory that HIP does not track yet (a pool block).
pub(crate) fn allocate_block(size: usize) -> HipResult<*mut u8> {
    let rt = Runtime::get()?;
    let region = region(&rt.agent, RegionKind::GlobalCoarseGrained)?;
    hsa::core::memory::allocate(rt.agent.handle(), region, size).map_err(|_| HipError::OutOfMemory)
}

/// Returns a pool block to the system.
pub(crate) fn free_block(ptr: usize) {
    // Handles made for memory in it stop opening (the address may be reused).
    if crate::platform::cpu::ipc::active() {
        crate::platform::cpu::ipc::forget_export(ptr);
    }
    let _ = hsa::core::memory::free(ptr as *mut u8);
}

/// Makes `[ptr, ptr + size)` a device allocation HIP knows (handed out by a pool).
pub(crate) fn track(ptr: usize, size: usize, device: usize) {
    TABLE.write().insert(
        ptr,
        Allocation {
            base: ptr,
            size,
            kind: MemoryKind::Device,
            device,
            flags: 0,
        },
    );
    account(device, size, true);
}

/// Forgets an allocation recorded by [`track`] (its pool keeps the memory).
pub(crate) fn untrack(ptr: usize) {
    if let Some(a) = TABLE.write().remove(&ptr) {
        account(a.device, a.size, false);
    }
}

/// Removes a device or managed allocation from the table without releasing its memory
/// (`hipFreeAsync` of `hipMalloc` memory: released once the stream gets there).
pub(crate) fn take(ptr: usize) -> HipResult<Allocation> {
    let mut table = TABLE.write();
    match table.get(&ptr) {
        Some(a) if matches!(a.kind, MemoryKind::Device | MemoryKind::Managed) => {
            let a = *a;
            table.remove(&ptr);
            account(a.device, a.size, false);
            Ok(a)
        }
        _ => Err(HipError::InvalidValue),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Found by the bad-input probes: registering a made-up address put it in the table as
    /// valid memory, and a later hipMemcpy to it faulted instead of failing.
    #[test]
    fn registering_unmapped_memory_is_refused_and_leaves_no_entry() {
        let garbage = 0x0000_dead_beef_0000usize as *mut u8;
        assert_eq!(register(garbage, 64, 0, 0), Err(HipError::InvalidValue));
        assert!(find(garbage as usize).is_none());
        assert_eq!(
            check_range(garbage as usize, 64),
            Err(HipError::InvalidValue)
        );
        let mut host = vec![0u8; 4096];
        assert_eq!(register(host.as_mut_ptr(), host.len(), 0, 0), Ok(()));
        assert_eq!(unregister(host.as_mut_ptr()), Ok(()));
    }

    fn pp(ptr: usize, pitch: usize, xsize: usize, ysize: usize) -> PitchedPtr {
        PitchedPtr {
            ptr,
            pitch,
            xsize,
            ysize,
        }
    }

    fn ext(width: usize, height: usize, depth: usize) -> Extent {
        Extent {
            width,
            height,
            depth,
        }
    }

    fn pos(x: usize, y: usize, z: usize) -> Pos {
        Pos { x, y, z }
    }

    #[test]
    fn copy_3d_resolves_positions_and_strides() {
        let c = Copy3d::resolve(
            pp(0x1000, 37, 37, 11),
            pos(2, 1, 1),
            pp(0x10_0000, 256, 37, 11),
            pos(10, 5, 2),
            ext(4, 3, 2),
        )
        .unwrap();
        assert_eq!(c.src, 0x1000 + 37 * 11 + 37 + 2);
        assert_eq!(c.dst, 0x10_0000 + 2 * 256 * 11 + 5 * 256 + 10);
        assert_eq!((c.src_pitch, c.src_slice), (37, 37 * 11));
        assert_eq!((c.dst_pitch, c.dst_slice), (256, 256 * 11));
        assert_eq!(c.dst_span(), 256 * 11 + 2 * 256 + 4);
        assert!(!c.slices_contiguous());
    }

    #[test]
    fn copy_3d_rejects_bad_pitches_and_ranges() {
        let good = pp(0x1000, 64, 64, 8);
        let e = ext(32, 8, 2);
        assert_eq!(
            Copy3d::resolve(pp(0, 64, 64, 8), Pos::default(), good, Pos::default(), e),
            Err(HipError::InvalidValue)
        );
        assert_eq!(
            Copy3d::resolve(
                pp(0x1000, 16, 16, 8),
                Pos::default(),
                good,
                Pos::default(),
                e
            ),
            Err(HipError::InvalidPitchValue)
        );
        // The box leaves the row.
        assert_eq!(
            Copy3d::resolve(good, pos(40, 0, 0), good, Pos::default(), e),
            Err(HipError::InvalidValue)
        );
        // The box leaves the slice (several slices).
        assert_eq!(
            Copy3d::resolve(good, pos(0, 1, 0), good, Pos::default(), e),
            Err(HipError::InvalidValue)
        );
        // Overflowing arithmetic is an error, not a wrap.
        assert_eq!(
            Copy3d::resolve(
                pp(usize::MAX - 8, 64, 64, 8),
                Pos::default(),
                good,
                Pos::default(),
                e
            ),
            Err(HipError::InvalidValue)
        );
        // One slice: ysize does not matter.
        assert!(Copy3d::resolve(
            pp(0x1000, 64, 64, 0),
            pos(0, 3, 0),
            good,
            Pos::default(),
            ext(32, 8, 1)
        )
        .is_ok());
        // Empty extents are no-ops, even with null pointers.
        assert!(Copy3d::resolve(
            pp(0, 0, 0, 0),
            Pos::default(),
            good,
            Pos::default(),
            ext(0, 1, 1)
        )
        .unwrap()
        .is_empty());
    }

    #[test]
    fn copy_3d_runs_on_host_memory() {
        let src: Vec<u8> = (0..4 * 3 * 2).map(|i| i as u8).collect();
        let mut dst = vec![0u8; 8 * 5 * 3];
        let c = Copy3d::resolve(
            pp(src.as_ptr() as usize, 4, 4, 3),
            Pos::default(),
            pp(dst.as_mut_ptr() as usize, 8, 8, 5),
            pos(2, 1, 1),
            ext(4, 3, 2),
        )
        .unwrap();
        assert!(c.src_span() <= src.len());
        assert!(c.dst - dst.as_ptr() as usize + c.dst_span() <= dst.len());
        // SAFETY: both buffers cover the resolved box (checked just above).
        unsafe { c.run_now() };
        for z in 0..2 {
            for y in 0..3 {
                for x in 0..4 {
                    assert_eq!(
                        dst[(z + 1) * 40 + (y + 1) * 8 + x + 2],
                        src[z * 12 + y * 4 + x]
                    );
                }
            }
        }
        assert_eq!(dst.iter().filter(|&&b| b != 0).count(), 4 * 3 * 2 - 1);
    }

    #[test]
    fn fill_3d_validates_and_runs() {
        assert_eq!(
            Fill3d::rows(0x1000, 8, 0, 3, 2, 2),
            Err(HipError::InvalidValue)
        );
        assert_eq!(
            Fill3d::rows(0x1000, 7, 0, 4, 2, 2),
            Err(HipError::InvalidPitchValue)
        );
        assert_eq!(Fill3d::rows(0, 8, 0, 4, 2, 2), Err(HipError::InvalidValue));
        assert!(Fill3d::rows(0, 8, 0, 4, 0, 2).unwrap().is_empty());
        let mut buf = vec![0u16; 4 * 3];
        let f = Fill3d::rows(buf.as_mut_ptr() as usize, 8, 0xabcd, 2, 3, 3).unwrap();
        assert!(!f.contiguous());
        assert_eq!(f.span(), 2 * 8 + 6);
        // SAFETY: three rows of 8 bytes fit the 24-byte buffer.
        unsafe { f.run_now() };
        assert_eq!(
            buf,
            [0xabcd, 0xabcd, 0xabcd, 0, 0xabcd, 0xabcd, 0xabcd, 0, 0xabcd, 0xabcd, 0xabcd, 0]
        );
        let p = Fill3d::pitched(pp(0x1000, 256, 37, 11), 7, ext(37, 11, 5)).unwrap();
        assert_eq!(
            (p.slice, p.span()),
            (256 * 11, 4 * 256 * 11 + 10 * 256 + 37)
        );
        assert_eq!(
            Fill3d::pitched(pp(0x1000, 256, 37, 10), 7, ext(37, 11, 5)),
            Err(HipError::InvalidValue)
        );
    }
}
