//! Stream memory operations: `hipStreamWaitValue32/64` and `hipStreamWriteValue32/64`.
//! A stream waits (on the device, not the host) until a word of memory meets a condition,
//! or writes a word in stream order; programs use them to hand work between streams,
//! devices and host threads without events.

use std::ffi::c_void;

use super::Handle;
use crate::error::{HipError, HipResult};

/// The width of the word a memory operation reads or writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueWidth {
    /// `hipStream*Value32`.
    U32,
    /// `hipStream*Value64`.
    U64,
}

impl ValueWidth {
    /// Bytes of the word (also its required alignment).
    pub fn bytes(self) -> usize {
        match self {
            ValueWidth::U32 => 4,
            ValueWidth::U64 => 8,
        }
    }

    /// The bits of a word of this width.
    pub fn all_ones(self) -> u64 {
        match self {
            ValueWidth::U32 => u64::from(u32::MAX),
            ValueWidth::U64 => u64::MAX,
        }
    }
}

/// The condition of `hipStreamWaitValue*` (`flags`, HIP's `hipStreamWaitValue*` values,
/// which are also the CUDA driver's `CU_STREAM_WAIT_VALUE_*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u32)]
pub enum WaitCondition {
    /// `hipStreamWaitValueGte` (0): `(*ptr & mask) >= value`.
    Gte = 0,
    /// `hipStreamWaitValueEq` (1): `(*ptr & mask) == value`.
    Eq = 1,
    /// `hipStreamWaitValueAnd` (2): `(*ptr & mask) & value != 0`.
    And = 2,
    /// `hipStreamWaitValueNor` (3): `~((*ptr & mask) | value) != 0` (within the width).
    Nor = 3,
}

impl WaitCondition {
    /// Parses `flags`; anything else is `hipErrorInvalidValue`.
    pub fn from_flags(flags: u32) -> HipResult<WaitCondition> {
        Ok(match flags {
            0 => WaitCondition::Gte,
            1 => WaitCondition::Eq,
            2 => WaitCondition::And,
            3 => WaitCondition::Nor,
            _ => return Err(HipError::InvalidValue),
        })
    }

    /// Whether `current` (the word read, zero-extended) meets the condition.
    pub fn met(self, current: u64, value: u64, mask: u64, width: ValueWidth) -> bool {
        let v = current & mask & width.all_ones();
        let value = value & width.all_ones();
        match self {
            WaitCondition::Gte => v >= value,
            WaitCondition::Eq => v == value,
            WaitCondition::And => v & value != 0,
            WaitCondition::Nor => !(v | value) & width.all_ones() != 0,
        }
    }
}

/// What a wait-value operation waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WaitValue {
    pub ptr: *mut c_void,
    pub value: u64,
    pub mask: u64,
    pub condition: WaitCondition,
    pub width: ValueWidth,
}

/// Stream memory operations (arguments already checked: `ptr` non-null and aligned to the
/// width, the condition parsed).
pub trait StreamMemOpBackend {
    /// `hipStreamWaitValue32/64`: later work on `stream` waits until `wait` is met.
    ///
    /// # Safety
    /// `wait.ptr` must stay readable until the wait has been met.
    unsafe fn stream_wait_value(&self, stream: Handle, wait: WaitValue) -> HipResult<()>;
    /// `hipStreamWriteValue32/64`: writes `value` to `ptr` once earlier work on `stream`
    /// is done (after its memory effects).
    ///
    /// # Safety
    /// `ptr` must stay writable until the write has run.
    unsafe fn stream_write_value(
        &self,
        stream: Handle,
        ptr: *mut c_void,
        value: u64,
        width: ValueWidth,
    ) -> HipResult<()>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conditions_follow_hip() {
        use WaitCondition::*;
        let w = ValueWidth::U32;
        assert!(Gte.met(5, 5, u64::MAX, w) && Gte.met(6, 5, u64::MAX, w));
        assert!(!Gte.met(4, 5, u64::MAX, w));
        // The mask applies to the word read, not to the value.
        assert!(Eq.met(0x1_05, 5, 0xff, w) && !Eq.met(0x1_05, 0x105, 0xff, w));
        assert!(And.met(0b0110, 0b0010, u64::MAX, w) && !And.met(0b0100, 0b0010, u64::MAX, w));
        // NOR within 32 bits: all ones NOR 0 is 0 (not met); 0 NOR 0 is all ones (met).
        assert!(!Nor.met(u64::from(u32::MAX), 0, u64::MAX, w));
        assert!(Nor.met(0, 0, u64::MAX, w));
        assert!(Nor.met(0, 0, u64::MAX, ValueWidth::U64));
        assert!(!Nor.met(u64::MAX, 0, u64::MAX, ValueWidth::U64));
        assert_eq!(WaitCondition::from_flags(4), Err(HipError::InvalidValue));
        assert_eq!(WaitCondition::from_flags(1), Ok(Eq));
    }
}
