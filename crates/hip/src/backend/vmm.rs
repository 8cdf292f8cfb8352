//! Virtual memory management (`hipMemCreate`, `hipMemAddressReserve`, `hipMemMap`, ...):
//! physical allocations, address ranges, and mappings of the one into the other with
//! per-device access rights, plus export/import of allocations as POSIX file descriptors.
//!
//! Allocation handles (`hipMemGenericAllocationHandle_t`) are opaque: a registry number on
//! the CPU, the driver's `CUmemGenericAllocationHandle` on NVIDIA. The C layer has checked
//! the `hipMemAllocationProp` (pinned, a device location, known handle types) and turned
//! the access descriptors into [`MemAccess`] values.

use std::ffi::c_void;

use super::mempool::MemAccess;
use super::Handle;
use crate::error::HipResult;

/// `hipMemHandleTypePosixFileDescriptor`
pub const HANDLE_TYPE_POSIX_FD: u32 = 0x1;

/// A `hipMemAllocationProp` as the backends use it (type: pinned; location: a device).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AllocationProp {
    /// The device the memory is on.
    pub device: usize,
    /// `hipMemAllocationHandleType` bits the allocation may be exported as.
    pub handle_types: u32,
}

/// Physical allocations, address reservations and mappings.
pub trait VmmBackend {
    /// `hipMemGetAllocationGranularity`: the minimum (or recommended) size and alignment
    /// unit of allocations with `prop`.
    fn mem_granularity(&self, prop: &AllocationProp, recommended: bool) -> HipResult<usize>;
    /// `hipMemCreate`: `size` bytes (a multiple of the minimum granularity, else
    /// `hipErrorInvalidValue`) of physical memory.
    fn mem_create(&self, size: usize, prop: &AllocationProp) -> HipResult<Handle>;
    /// `hipMemRelease`: drops one reference; the memory goes once no handle reference and
    /// no mapping is left. An unknown (or already released) handle is `hipErrorInvalidValue`.
    fn mem_release(&self, handle: Handle) -> HipResult<()>;
    /// `hipMemGetAllocationPropertiesFromHandle`.
    fn mem_allocation_prop(&self, handle: Handle) -> HipResult<AllocationProp>;
    /// `hipMemAddressReserve`: `size` bytes of address space aligned to `alignment` (0: the
    /// granularity), preferably at `addr` (a hint; null: anywhere).
    fn mem_address_reserve(
        &self,
        size: usize,
        alignment: usize,
        addr: *mut c_void,
    ) -> HipResult<*mut c_void>;
    /// `hipMemAddressFree`: exactly a range [`VmmBackend::mem_address_reserve`] returned.
    ///
    /// # Safety
    /// Nothing may use addresses of the range afterwards.
    unsafe fn mem_address_free(&self, ptr: *mut c_void, size: usize) -> HipResult<()>;
    /// `hipMemMap`: maps `[offset, offset + size)` of `handle` at `ptr`, inside a
    /// reservation and over no other mapping. The range is inaccessible until
    /// [`VmmBackend::mem_set_access`].
    ///
    /// # Safety
    /// The range must not be in use by anything but this mapping.
    unsafe fn mem_map(
        &self,
        ptr: *mut c_void,
        size: usize,
        offset: usize,
        handle: Handle,
    ) -> HipResult<()>;
    /// `hipMemUnmap`: `[ptr, ptr + size)` must be made of whole mappings.
    ///
    /// # Safety
    /// No pending device work or host code may use the range afterwards.
    unsafe fn mem_unmap(&self, ptr: *mut c_void, size: usize) -> HipResult<()>;
    /// `hipMemSetAccess`: every byte of the range must be mapped.
    fn mem_set_access(&self, ptr: *mut c_void, size: usize, access: &[MemAccess]) -> HipResult<()>;
    /// `hipMemGetAccess`: `device`'s `hipMemAccessFlags` at mapped address `ptr`.
    fn mem_get_access(&self, device: usize, ptr: *mut c_void) -> HipResult<u32>;
    /// `hipMemExportToShareableHandle` as a POSIX file descriptor (new, owned by the
    /// caller). The allocation must have been created with
    /// [`HANDLE_TYPE_POSIX_FD`] among its handle types.
    fn mem_export_fd(&self, handle: Handle) -> HipResult<i32>;
    /// `hipMemImportFromShareableHandle`: an allocation handle for the memory behind `fd`
    /// (the caller keeps `fd`).
    fn mem_import_fd(&self, fd: i32) -> HipResult<Handle>;
    /// `hipMemRetainAllocationHandle`: the handle of the allocation mapped at `addr` (any
    /// address of a mapping), with one more reference.
    fn mem_retain_allocation_handle(&self, addr: *mut c_void) -> HipResult<Handle>;
}
