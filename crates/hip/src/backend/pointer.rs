//! Pointer and address-range queries beyond `hipPointerGetAttributes`: the allocation an
//! address lies in (`HIP_POINTER_ATTRIBUTE_RANGE_START_ADDR`/`RANGE_SIZE`) and the
//! managed-memory range attributes (`hipMemRangeGetAttribute(s)`).

use std::ffi::c_void;

use super::Handle;
use crate::error::{HipError, HipResult};

/// `hipMemRangeAttribute`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(i32)]
pub enum RangeAttribute {
    /// `hipMemRangeAttributeReadMostly` (1): an `int`, 1 if the whole range is read-mostly.
    ReadMostly = 1,
    /// `hipMemRangeAttributePreferredLocation` (2): an `int` device id (`hipCpuDeviceId`
    /// -1, `hipInvalidDeviceId` -2 when not set or not the same over the range).
    PreferredLocation = 2,
    /// `hipMemRangeAttributeAccessedBy` (3): an array of `int` device ids, padded with -2.
    AccessedBy = 3,
    /// `hipMemRangeAttributeLastPrefetchLocation` (4): an `int` device id (-2 if none).
    LastPrefetchLocation = 4,
    /// `hipMemRangeAttributeCoherencyMode` (100): an `int` `hipMemRangeCoherencyMode`.
    CoherencyMode = 100,
}

impl RangeAttribute {
    /// Parses a `hipMemRangeAttribute`; anything else is `hipErrorInvalidValue`.
    pub fn from_raw(raw: i32) -> HipResult<RangeAttribute> {
        Ok(match raw {
            1 => RangeAttribute::ReadMostly,
            2 => RangeAttribute::PreferredLocation,
            3 => RangeAttribute::AccessedBy,
            4 => RangeAttribute::LastPrefetchLocation,
            100 => RangeAttribute::CoherencyMode,
            _ => return Err(HipError::InvalidValue),
        })
    }
}

/// `hipInvalidDeviceId`: "no device" in range attributes.
pub const INVALID_DEVICE_ID: i32 = -2;

/// Pointer and range queries.
pub trait PointerBackend {
    /// The allocation (base address, size in bytes) that `ptr` points into:
    /// `hipErrorInvalidValue` for memory the platform does not know.
    fn allocation_range(&self, ptr: *const c_void) -> HipResult<(usize, usize)>;
    /// The memory pool (`hipMemPool_t`) the allocation at `ptr` came from; NULL for memory
    /// that no pool handed out.
    fn mem_pool_of(&self, ptr: *const c_void) -> HipResult<Handle>;
    /// `hipMemRangeGetAttribute` over `[ptr, ptr + count)` of managed memory (checked:
    /// `ptr` non-null, `count` non-zero): fills `out`, `4 * n` bytes (n >= 1; for
    /// `AccessedBy` one `int` per slot, padded with [`INVALID_DEVICE_ID`]).
    fn mem_range_attribute(
        &self,
        attr: RangeAttribute,
        ptr: *const c_void,
        count: usize,
        out: &mut [i32],
    ) -> HipResult<()>;
}
