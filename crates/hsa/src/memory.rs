//! Memory: regions and AMD memory pools (two views of one object set, as in ROCR),
//! [`PoolBuffer`] allocations freed on drop, kernel-argument buffers, and copies.
//!
//! ```
//! use hsa::{KernargBuilder, PoolBuffer, Runtime};
//!
//! let rt = Runtime::init()?;
//! let cpu = rt.cpu_agent()?;
//! let pool = cpu.fine_grained_pool().expect("every system has fine-grained memory");
//! assert!(pool.runtime_alloc_allowed());
//!
//! let mut buf: PoolBuffer<f32> = pool.allocate(1000)?;
//! assert_eq!(buf.len(), 1000);
//! assert!(buf.iter().all(|&x| x == 0.0)); // fresh pages are zero-filled
//! buf.as_mut_slice()[7] = 1.5;
//! let copy = PoolBuffer::from_slice(&pool, buf.as_slice())?;
//! assert_eq!(copy[7], 1.5);
//!
//! // Kernel arguments laid out like the C struct `{ float* p; uint32_t n; }`.
//! let kernarg_pool = cpu.kernarg_pool().expect("kernel agents have a kernarg pool");
//! let args = KernargBuilder::new().push_ptr(buf.as_ptr()).push(1000u32).build(&kernarg_pool)?;
//! assert_eq!(args.len(), 16);
//! # Ok::<(), hsa::HsaError>(())
//! ```

use std::fmt;
use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};
use std::ptr::NonNull;
use std::sync::Arc;

use crate::agent::Agent;
use crate::core;
use crate::core::info::InfoValue;
use crate::core::memory::{
    RegionKind, RegionObject, GLOBAL_FLAG_COARSE_GRAINED, GLOBAL_FLAG_FINE_GRAINED,
    GLOBAL_FLAG_KERNARG, SEGMENT_GLOBAL, SEGMENT_GROUP, SEGMENT_KERNARG, SEGMENT_PRIVATE,
    SEGMENT_READONLY,
};
use crate::status::{HsaError, HsaResult};

/// `hsa_region_segment_t` / `hsa_amd_segment_t`
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u32)]
pub enum Segment {
    Global = SEGMENT_GLOBAL,
    ReadOnly = SEGMENT_READONLY,
    Private = SEGMENT_PRIVATE,
    Group = SEGMENT_GROUP,
    Kernarg = SEGMENT_KERNARG,
}

impl Segment {
    /// From the C enumerator value.
    pub fn from_raw(raw: u32) -> Option<Segment> {
        match raw {
            SEGMENT_GLOBAL => Some(Segment::Global),
            SEGMENT_READONLY => Some(Segment::ReadOnly),
            SEGMENT_PRIVATE => Some(Segment::Private),
            SEGMENT_GROUP => Some(Segment::Group),
            SEGMENT_KERNARG => Some(Segment::Kernarg),
            _ => None,
        }
    }
}

/// `hsa_region_global_flag_t` / `hsa_amd_memory_pool_global_flag_t` bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GlobalFlags(pub u32);

impl GlobalFlags {
    /// `KERNARG` / `KERNARG_INIT`: may hold kernel arguments.
    pub fn kernarg(self) -> bool {
        self.0 & GLOBAL_FLAG_KERNARG != 0
    }

    /// `FINE_GRAINED`: coherent with every agent at all times.
    pub fn fine_grained(self) -> bool {
        self.0 & GLOBAL_FLAG_FINE_GRAINED != 0
    }

    /// `COARSE_GRAINED`: coherent only at dispatch boundaries, owned by one agent.
    pub fn coarse_grained(self) -> bool {
        self.0 & GLOBAL_FLAG_COARSE_GRAINED != 0
    }

    /// `EXTENDED_SCOPE_FINE_GRAINED` (AMD): device-scope atomics act system-wide.
    pub fn extended_scope_fine_grained(self) -> bool {
        self.0 & 8 != 0
    }
}

/// Types that may live in agent memory and be read back after a kernel wrote it:
/// plain old data, for which every bit pattern is a valid value.
///
/// # Safety
/// Implementors must be `Copy`, contain no padding bytes, no references and nothing
/// whose validity depends on its bits (`bool`, `char`, enums, `NonNull`...): kernels
/// and copies write arbitrary bytes into a [`PoolBuffer`], which Rust code then reads
/// as `&[T]`.
pub unsafe trait DeviceCopy: Copy + 'static {}

macro_rules! device_copy {
    ($($t:ty),*) => {
        $(
            // SAFETY: primitive integers and floats have no padding and accept every bit pattern.
            unsafe impl DeviceCopy for $t {}
        )*
    };
}
device_copy!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize, f32, f64);

// SAFETY: arrays of plain old data have no padding between elements and accept every
// bit pattern that their elements accept.
unsafe impl<T: DeviceCopy, const N: usize> DeviceCopy for [T; N] {}
// SAFETY: a raw pointer is an address; every bit pattern is a valid (possibly dangling)
// raw pointer, and reading one does not dereference it.
unsafe impl<T: 'static> DeviceCopy for *const T {}
// SAFETY: as for `*const T`.
unsafe impl<T: 'static> DeviceCopy for *mut T {}

/// What regions and pools share: the core object and the agent it belongs to.
#[derive(Clone)]
struct MemoryObject {
    obj: Arc<RegionObject>,
    agent: Agent,
}

impl MemoryObject {
    fn allocate<T: DeviceCopy>(&self, len: usize) -> HsaResult<PoolBuffer<T>> {
        if !self.obj.host_accessible() && self.obj.runtime_alloc_allowed() {
            // Device memory cannot be viewed as a slice: see `allocate_device`.
            return Err(HsaError::ERROR_INVALID_ALLOCATION);
        }
        let bytes = len
            .checked_mul(std::mem::size_of::<T>())
            .ok_or(HsaError::ERROR_INVALID_ALLOCATION)?;
        if bytes == 0 {
            // hsa_memory_allocate: "size 0 ⇒ INVALID_ARGUMENT" (zero-sized types included).
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        let ptr = core::memory::allocate(self.agent.handle(), &self.obj, bytes)?;
        let Some(ptr) = NonNull::new(ptr) else {
            return Err(HsaError::ERROR_OUT_OF_RESOURCES);
        };
        let buffer = PoolBuffer {
            ptr: ptr.cast::<T>(),
            len,
            pool: MemoryPool {
                inner: self.clone(),
            },
            _owns: PhantomData,
        };
        if ptr.as_ptr() as usize % std::mem::align_of::<T>() != 0 {
            // Global allocations are page-aligned; only over-aligned types can get here.
            // Dropping `buffer` frees the allocation.
            return Err(HsaError::ERROR_INVALID_ALLOCATION);
        }
        Ok(buffer)
    }

    fn allocate_device<T: DeviceCopy>(&self, len: usize) -> HsaResult<DeviceBuffer<T>> {
        let bytes = len
            .checked_mul(std::mem::size_of::<T>())
            .ok_or(HsaError::ERROR_INVALID_ALLOCATION)?;
        if bytes == 0 {
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        let ptr = core::memory::allocate(self.agent.handle(), &self.obj, bytes)?;
        let buffer = DeviceBuffer {
            address: ptr as usize,
            len,
            pool: MemoryPool {
                inner: self.clone(),
            },
            _owns: PhantomData,
        };
        if ptr.is_null() || buffer.address % std::mem::align_of::<T>() != 0 {
            // Dropping `buffer` frees the allocation.
            return Err(HsaError::ERROR_INVALID_ALLOCATION);
        }
        Ok(buffer)
    }

    fn segment(&self) -> Segment {
        Segment::from_raw(self.obj.segment()).unwrap_or(Segment::Global)
    }
}

/// A memory region (`hsa_region_t`) of an agent.
#[derive(Clone)]
pub struct Region {
    inner: MemoryObject,
}

impl fmt::Debug for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Region")
            .field("handle", &format_args!("{:#x}", self.handle()))
            .field("segment", &self.segment())
            .field("global_flags", &self.global_flags())
            .finish()
    }
}

impl Region {
    pub(crate) fn from_object(obj: Arc<RegionObject>, agent: Agent) -> Region {
        Region {
            inner: MemoryObject { obj, agent },
        }
    }

    /// The `hsa_region_t` handle (equal to the pool handle of the same memory).
    pub fn handle(&self) -> u64 {
        self.inner.obj.handle()
    }

    /// The agent the region belongs to.
    pub fn agent(&self) -> &Agent {
        &self.inner.agent
    }

    /// Raw `hsa_region_get_info` value (the C ABI's code path).
    pub fn info(&self, attribute: u32) -> HsaResult<InfoValue> {
        self.inner.obj.region_info(attribute)
    }

    /// `HSA_REGION_INFO_SEGMENT`.
    pub fn segment(&self) -> Segment {
        self.inner.segment()
    }

    /// `HSA_REGION_INFO_GLOBAL_FLAGS` (empty for non-global regions).
    pub fn global_flags(&self) -> GlobalFlags {
        GlobalFlags(self.inner.obj.global_flags())
    }

    /// `HSA_REGION_INFO_SIZE` in bytes.
    pub fn size(&self) -> usize {
        self.inner.obj.size
    }

    /// `HSA_REGION_INFO_ALLOC_MAX_SIZE`: largest allocation (global), per work-group
    /// (group) or per work-item (private) size.
    pub fn alloc_max_size(&self) -> usize {
        self.inner.obj.alloc_max_size
    }

    /// `HSA_REGION_INFO_RUNTIME_ALLOC_ALLOWED`.
    pub fn runtime_alloc_allowed(&self) -> bool {
        self.inner.obj.runtime_alloc_allowed()
    }

    /// `HSA_REGION_INFO_RUNTIME_ALLOC_GRANULE` in bytes.
    pub fn alloc_granule(&self) -> usize {
        self.inner.obj.granule
    }

    /// `HSA_REGION_INFO_RUNTIME_ALLOC_ALIGNMENT` in bytes.
    pub fn alloc_alignment(&self) -> usize {
        self.inner.obj.alignment
    }

    /// `HSA_AMD_REGION_INFO_HOST_ACCESSIBLE`: global host memory (not a GPU's device memory).
    pub fn host_accessible(&self) -> bool {
        self.inner.obj.host_accessible()
    }

    /// The memory-pool view of this region, if it is one (global and group regions).
    pub fn as_pool(&self) -> Option<MemoryPool> {
        self.inner.obj.is_pool().then(|| MemoryPool {
            inner: self.inner.clone(),
        })
    }

    /// `hsa_memory_allocate`: `len` elements of `T`, zero-filled, freed on drop.
    ///
    /// Errors: `INVALID_ARGUMENT` for an empty allocation, `INVALID_ALLOCATION` when the
    /// region does not allow runtime allocation, the size is too large, or the region is
    /// device memory the host cannot read (use [`Region::allocate_device`]).
    pub fn allocate<T: DeviceCopy>(&self, len: usize) -> HsaResult<PoolBuffer<T>> {
        self.inner.allocate(len)
    }

    /// `hsa_memory_allocate` from any allocatable region, device memory included: a
    /// buffer reached through copies only.
    pub fn allocate_device<T: DeviceCopy>(&self, len: usize) -> HsaResult<DeviceBuffer<T>> {
        self.inner.allocate_device(len)
    }
}

/// `hsa_amd_memory_pool_location_t`
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u32)]
pub enum PoolLocation {
    Cpu = 0,
    Gpu = 1,
}

/// An AMD memory pool (`hsa_amd_memory_pool_t`) of an agent.
#[derive(Clone)]
pub struct MemoryPool {
    inner: MemoryObject,
}

impl fmt::Debug for MemoryPool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MemoryPool")
            .field("handle", &format_args!("{:#x}", self.handle()))
            .field("segment", &self.segment())
            .field("global_flags", &self.global_flags())
            .finish()
    }
}

impl PartialEq for MemoryPool {
    fn eq(&self, other: &MemoryPool) -> bool {
        Arc::ptr_eq(&self.inner.obj, &other.inner.obj)
    }
}

impl Eq for MemoryPool {}

impl MemoryPool {
    pub(crate) fn from_object(obj: Arc<RegionObject>, agent: Agent) -> MemoryPool {
        MemoryPool {
            inner: MemoryObject { obj, agent },
        }
    }

    /// The `hsa_amd_memory_pool_t` handle (equal to the region handle of the same memory).
    pub fn handle(&self) -> u64 {
        self.inner.obj.handle()
    }

    /// The agent the pool belongs to.
    pub fn agent(&self) -> &Agent {
        &self.inner.agent
    }

    /// Raw `hsa_amd_memory_pool_get_info` value (the C ABI's code path).
    pub fn info(&self, attribute: u32) -> HsaResult<InfoValue> {
        self.inner.obj.pool_info(attribute)
    }

    /// The core object (escape hatch to [`crate::core`]).
    pub fn object(&self) -> &Arc<RegionObject> {
        &self.inner.obj
    }

    /// The region view of the same memory.
    pub fn as_region(&self) -> Region {
        Region {
            inner: self.inner.clone(),
        }
    }

    /// `HSA_AMD_MEMORY_POOL_INFO_SEGMENT` (kernarg memory is a GLOBAL pool with the
    /// `KERNARG_INIT` flag).
    pub fn segment(&self) -> Segment {
        self.inner.segment()
    }

    /// `HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS`.
    pub fn global_flags(&self) -> GlobalFlags {
        GlobalFlags(self.inner.obj.global_flags())
    }

    /// `HSA_AMD_MEMORY_POOL_INFO_SIZE` in bytes.
    pub fn size(&self) -> usize {
        self.inner.obj.size
    }

    /// `HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED`.
    pub fn runtime_alloc_allowed(&self) -> bool {
        self.inner.obj.runtime_alloc_allowed()
    }

    /// `HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_GRANULE` in bytes.
    pub fn alloc_granule(&self) -> usize {
        self.inner.obj.granule
    }

    /// `HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_REC_GRANULE` in bytes.
    pub fn alloc_recommended_granule(&self) -> usize {
        match self.info(18) {
            Ok(InfoValue::Usize(v)) => v,
            _ => self.inner.obj.granule,
        }
    }

    /// `HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALIGNMENT` in bytes.
    pub fn alloc_alignment(&self) -> usize {
        self.inner.obj.alignment
    }

    /// `HSA_AMD_MEMORY_POOL_INFO_ALLOC_MAX_SIZE` in bytes.
    pub fn alloc_max_size(&self) -> usize {
        self.inner.obj.alloc_max_size
    }

    /// `HSA_AMD_MEMORY_POOL_INFO_ACCESSIBLE_BY_ALL`.
    pub fn accessible_by_all(&self) -> bool {
        !matches!(self.info(15), Ok(InfoValue::Bool(false)))
    }

    /// `HSA_AMD_MEMORY_POOL_INFO_LOCATION`.
    pub fn location(&self) -> PoolLocation {
        match self.info(17) {
            Ok(InfoValue::U32(1)) => PoolLocation::Gpu,
            _ => PoolLocation::Cpu,
        }
    }

    /// Whether this is the coarse-grained pool.
    pub fn is_coarse_grained(&self) -> bool {
        self.inner.obj.kind == RegionKind::GlobalCoarseGrained
    }

    /// `hsa_amd_memory_pool_allocate`: `len` elements of `T`, zero-filled, freed on drop.
    ///
    /// Errors: `INVALID_ARGUMENT` for an empty allocation, `INVALID_ALLOCATION` when the
    /// pool does not allow runtime allocation, the size is too large, or the pool is
    /// device memory the host cannot read (use [`MemoryPool::allocate_device`]).
    pub fn allocate<T: DeviceCopy>(&self, len: usize) -> HsaResult<PoolBuffer<T>> {
        self.inner.allocate(len)
    }

    /// `hsa_amd_memory_pool_allocate` from any allocatable pool, device memory included
    /// (an NVIDIA agent's coarse-grained pool): a buffer reached through copies only.
    /// Device memory is not zero-filled.
    pub fn allocate_device<T: DeviceCopy>(&self, len: usize) -> HsaResult<DeviceBuffer<T>> {
        self.inner.allocate_device(len)
    }

    /// Whether the host can read and write the pool's memory (false for a GPU's device
    /// memory).
    pub fn host_accessible(&self) -> bool {
        self.inner.obj.host_accessible()
    }
}

/// An allocation of `len` values of `T` that the host may not dereference (device memory
/// of an NVIDIA agent, or any pool's memory viewed that way); freed on drop. Data moves
/// in and out with [`DeviceBuffer::copy_from_slice`] / [`DeviceBuffer::copy_to_slice`]
/// (`hsa_memory_copy`), and kernels get its address ([`DeviceBuffer::address`]).
pub struct DeviceBuffer<T: DeviceCopy> {
    address: usize,
    len: usize,
    /// Keeps the pool, its agent and the runtime alive.
    pool: MemoryPool,
    _owns: PhantomData<T>,
}

// SAFETY: the buffer exclusively owns its allocation and never hands out references to it.
unsafe impl<T: DeviceCopy + Send> Send for DeviceBuffer<T> {}
// SAFETY: as above: shared access only copies out through the driver.
unsafe impl<T: DeviceCopy + Sync> Sync for DeviceBuffer<T> {}

impl<T: DeviceCopy> DeviceBuffer<T> {
    /// A new buffer of `len` elements from `pool` (contents undefined for device memory).
    pub fn new(pool: &MemoryPool, len: usize) -> HsaResult<DeviceBuffer<T>> {
        pool.allocate_device(len)
    }

    /// A new buffer from `pool` holding a copy of `data`.
    pub fn from_slice(pool: &MemoryPool, data: &[T]) -> HsaResult<DeviceBuffer<T>> {
        let buffer = pool.allocate_device(data.len())?;
        buffer.copy_from_slice(data)?;
        Ok(buffer)
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Always false: empty allocations are refused.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Size in bytes.
    pub fn byte_len(&self) -> usize {
        self.len * std::mem::size_of::<T>()
    }

    /// The buffer's (device) address, for kernel arguments.
    pub fn address(&self) -> usize {
        self.address
    }

    /// The pool the buffer came from.
    pub fn pool(&self) -> &MemoryPool {
        &self.pool
    }

    /// `hsa_memory_copy` from host memory into the buffer; the lengths must match
    /// (`HSA_STATUS_ERROR_INVALID_ARGUMENT` otherwise). Takes `&self`: the copy goes
    /// through the driver, never through a Rust reference to the buffer.
    pub fn copy_from_slice(&self, src: &[T]) -> HsaResult<()> {
        if src.len() != self.len {
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        // SAFETY: `src` is readable for `byte_len()` bytes and the allocation is live and
        // that large; host memory cannot overlap a device allocation.
        unsafe {
            copy(
                self.address as *mut u8,
                src.as_ptr().cast(),
                self.byte_len(),
            )
        }
    }

    /// `hsa_memory_copy` from the buffer into host memory; the lengths must match.
    pub fn copy_to_slice(&self, dst: &mut [T]) -> HsaResult<()> {
        if dst.len() != self.len {
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        // SAFETY: `dst` is writable for `byte_len()` bytes; the allocation is live.
        unsafe {
            copy(
                dst.as_mut_ptr().cast(),
                self.address as *const u8,
                self.byte_len(),
            )
        }
    }

    /// Copies the contents into a new `Vec`.
    pub fn to_vec(&self) -> HsaResult<Vec<T>>
    where
        T: Default + Clone,
    {
        let mut v = vec![T::default(); self.len];
        self.copy_to_slice(&mut v)?;
        Ok(v)
    }
}

impl<T: DeviceCopy> Drop for DeviceBuffer<T> {
    fn drop(&mut self) {
        // Fails only for a pointer the runtime no longer knows (freed by a forced shutdown).
        let _ = core::memory::free(self.address as *mut u8);
    }
}

impl<T: DeviceCopy> fmt::Debug for DeviceBuffer<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DeviceBuffer")
            .field("address", &format_args!("{:#x}", self.address))
            .field("len", &self.len)
            .field("pool", &format_args!("{:#x}", self.pool.handle()))
            .finish()
    }
}

/// An allocation from a pool or region holding `len` values of `T`; freed on drop.
///
/// It dereferences to `[T]`. The buffer's address ([`PoolBuffer::as_ptr`]) is what kernel
/// arguments and agent-dispatch copies use; while a packet that uses the buffer is in
/// flight the host must not touch it (that is part of the contract of the `unsafe`
/// packet writers in [`crate::queue`]).
pub struct PoolBuffer<T: DeviceCopy> {
    ptr: NonNull<T>,
    len: usize,
    /// Keeps the pool, its agent and the runtime (which frees everything at shutdown) alive.
    pool: MemoryPool,
    _owns: PhantomData<T>,
}

// SAFETY: the buffer exclusively owns its allocation, like a `Box<[T]>`.
unsafe impl<T: DeviceCopy + Send> Send for PoolBuffer<T> {}
// SAFETY: shared access only hands out `&[T]`, like a `Box<[T]>`.
unsafe impl<T: DeviceCopy + Sync> Sync for PoolBuffer<T> {}

impl<T: DeviceCopy> PoolBuffer<T> {
    /// A new zero-filled buffer of `len` elements from `pool`.
    pub fn new(pool: &MemoryPool, len: usize) -> HsaResult<PoolBuffer<T>> {
        pool.allocate(len)
    }

    /// A new buffer from `pool` holding a copy of `data`.
    pub fn from_slice(pool: &MemoryPool, data: &[T]) -> HsaResult<PoolBuffer<T>> {
        let mut buffer = pool.allocate(data.len())?;
        buffer.as_mut_slice().copy_from_slice(data);
        Ok(buffer)
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Always false: empty allocations are refused.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Size in bytes (`len * size_of::<T>()`).
    pub fn byte_len(&self) -> usize {
        self.len * std::mem::size_of::<T>()
    }

    /// The pool the buffer came from.
    pub fn pool(&self) -> &MemoryPool {
        &self.pool
    }

    /// Address of the first element (for kernel arguments and packets).
    pub fn as_ptr(&self) -> *const T {
        self.ptr.as_ptr()
    }

    /// Mutable address of the first element (for kernel arguments and packets).
    pub fn as_mut_ptr(&mut self) -> *mut T {
        self.ptr.as_ptr()
    }

    /// The contents.
    pub fn as_slice(&self) -> &[T] {
        // SAFETY: `ptr` is an allocation of `len` elements that this buffer owns; it is
        // initialised (zero-filled pages, then only `DeviceCopy` values written) and
        // aligned for `T` (checked at allocation).
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }

    /// The contents, mutably.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        // SAFETY: as in `as_slice`, and `&mut self` makes the access exclusive.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }

    /// Copies the contents into a `Vec`.
    pub fn to_vec(&self) -> Vec<T> {
        self.as_slice().to_vec()
    }

    /// `hsa_memory_copy` from host memory into the buffer; the lengths must match
    /// (`HSA_STATUS_ERROR_INVALID_ARGUMENT` otherwise).
    pub fn copy_from_slice(&mut self, src: &[T]) -> HsaResult<()> {
        if src.len() != self.len {
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        // SAFETY: `src` is readable and the buffer writable for `byte_len()` bytes; they
        // cannot overlap because `&mut self` is exclusive.
        unsafe {
            copy(
                self.ptr.as_ptr().cast(),
                src.as_ptr().cast(),
                self.byte_len(),
            )
        }
    }

    /// `hsa_memory_copy` from the buffer into host memory; the lengths must match.
    pub fn copy_to_slice(&self, dst: &mut [T]) -> HsaResult<()> {
        if dst.len() != self.len {
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        // SAFETY: the buffer is readable and `dst` writable for `byte_len()` bytes.
        unsafe {
            copy(
                dst.as_mut_ptr().cast(),
                self.ptr.as_ptr().cast(),
                self.byte_len(),
            )
        }
    }

    /// `hsa_memory_copy` between two buffers of the same length.
    pub fn copy_from(&mut self, src: &PoolBuffer<T>) -> HsaResult<()> {
        self.copy_from_slice(src.as_slice())
    }
}

impl<T: DeviceCopy> Deref for PoolBuffer<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T: DeviceCopy> DerefMut for PoolBuffer<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        self.as_mut_slice()
    }
}

impl<T: DeviceCopy> Drop for PoolBuffer<T> {
    fn drop(&mut self) {
        // Fails only for a pointer the runtime no longer knows (freed by a shutdown that C
        // code forced); nothing can be done about it in a destructor.
        let _ = core::memory::free(self.ptr.as_ptr().cast());
    }
}

impl<T: DeviceCopy + fmt::Debug> fmt::Debug for PoolBuffer<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PoolBuffer")
            .field("ptr", &self.ptr)
            .field("len", &self.len)
            .field("pool", &format_args!("{:#x}", self.pool.handle()))
            .finish()
    }
}

/// `hsa_memory_copy`: copies `size` bytes from `src` to `dst` synchronously (overlap is
/// allowed; size 0 is a no-op). `HSA_STATUS_ERROR_INVALID_ARGUMENT` for a null pointer.
///
/// # Safety
/// `src` must be valid for reads and `dst` for writes of `size` bytes.
pub unsafe fn copy(dst: *mut u8, src: *const u8, size: usize) -> HsaResult<()> {
    // SAFETY: forwarded from the caller's contract.
    unsafe { core::memory::copy(dst, src, size) }
}

/// Lays out kernel arguments the way a C compiler lays out a struct of the same fields
/// in the same order (each field at its natural alignment, the total rounded up to the
/// largest alignment, at least 16 as HSA requires of kernarg segments).
#[derive(Debug, Clone)]
pub struct KernargBuilder {
    bytes: Vec<u8>,
    align: usize,
}

impl Default for KernargBuilder {
    fn default() -> KernargBuilder {
        KernargBuilder::new()
    }
}

impl KernargBuilder {
    /// An empty argument list.
    pub fn new() -> KernargBuilder {
        KernargBuilder {
            bytes: Vec::new(),
            align: 16,
        }
    }

    /// Appends `value` at the next offset aligned for `T`.
    pub fn push<T: DeviceCopy>(mut self, value: T) -> KernargBuilder {
        let align = std::mem::align_of::<T>();
        let offset = self.bytes.len().next_multiple_of(align);
        self.bytes.resize(offset, 0);
        let size = std::mem::size_of::<T>();
        let start = self.bytes.len();
        self.bytes.resize(start + size, 0);
        // SAFETY: `bytes[start..start + size]` was just allocated; `T: DeviceCopy` has no
        // padding, so every byte written is initialised; the write is unaligned-safe.
        unsafe {
            self.bytes
                .as_mut_ptr()
                .add(start)
                .cast::<T>()
                .write_unaligned(value)
        };
        self.align = self.align.max(align);
        self
    }

    /// Appends a pointer argument.
    pub fn push_ptr<T>(self, ptr: *const T) -> KernargBuilder {
        self.push(ptr as usize)
    }

    /// The argument bytes, padded to the segment's alignment.
    pub fn bytes(&self) -> Vec<u8> {
        let mut out = self.bytes.clone();
        out.resize(self.bytes.len().next_multiple_of(self.align), 0);
        out
    }

    /// The segment alignment (the largest argument alignment, at least 16).
    pub fn alignment(&self) -> usize {
        self.align
    }

    /// Copies the arguments into a new buffer from `pool` (normally the agent's kernarg pool).
    pub fn build(&self, pool: &MemoryPool) -> HsaResult<PoolBuffer<u8>> {
        let bytes = self.bytes();
        if bytes.is_empty() {
            // An empty argument list still gets one (zeroed) aligned segment.
            return pool.allocate(self.align);
        }
        PoolBuffer::from_slice(pool, &bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kernarg_layout_matches_c() {
        // struct { uint8_t a; uint64_t b; uint16_t c; } => a@0, b@8, c@16, size 32 (16-aligned).
        let k = KernargBuilder::new().push(1u8).push(2u64).push(3u16);
        let b = k.bytes();
        assert_eq!(b.len(), 32);
        assert_eq!(b[0], 1);
        assert_eq!(u64::from_ne_bytes(b[8..16].try_into().unwrap()), 2);
        assert_eq!(u16::from_ne_bytes(b[16..18].try_into().unwrap()), 3);
        assert_eq!(k.alignment(), 16);
        assert!(KernargBuilder::new().bytes().is_empty());
        assert_eq!(KernargBuilder::default().push(7u32).bytes().len(), 16);
    }

    #[test]
    fn global_flags() {
        let f = GlobalFlags(GLOBAL_FLAG_FINE_GRAINED | GLOBAL_FLAG_KERNARG);
        assert!(f.fine_grained() && f.kernarg() && !f.coarse_grained());
        assert_eq!(Segment::from_raw(3), Some(Segment::Group));
        assert_eq!(Segment::from_raw(9), None);
    }
}
