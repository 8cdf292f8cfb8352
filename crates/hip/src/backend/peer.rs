//! Peer devices beyond access control (which is [`DeviceBackend`](super::DeviceBackend)'s):
//! what the link between two devices supports (`hipDeviceGetP2PAttribute`).

use crate::error::{HipError, HipResult};

/// `hipDeviceP2PAttr`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(i32)]
pub enum P2pAttribute {
    /// `hipDevP2PAttrPerformanceRank` (0): relative performance of the link.
    PerformanceRank = 0,
    /// `hipDevP2PAttrAccessSupported` (1).
    AccessSupported = 1,
    /// `hipDevP2PAttrNativeAtomicSupported` (2).
    NativeAtomicSupported = 2,
    /// `hipDevP2PAttrHipArrayAccessSupported` (3).
    HipArrayAccessSupported = 3,
}

impl P2pAttribute {
    /// Parses a `hipDeviceP2PAttr`; anything else is `hipErrorInvalidValue`.
    pub fn from_raw(raw: i32) -> HipResult<P2pAttribute> {
        Ok(match raw {
            0 => P2pAttribute::PerformanceRank,
            1 => P2pAttribute::AccessSupported,
            2 => P2pAttribute::NativeAtomicSupported,
            3 => P2pAttribute::HipArrayAccessSupported,
            _ => return Err(HipError::InvalidValue),
        })
    }
}

/// What a platform says about the links between its devices.
pub trait PeerBackend {
    /// `hipDeviceGetP2PAttribute(attr, src, dst)`; `src != dst`, both valid ordinals.
    fn p2p_attribute(&self, attr: P2pAttribute, src: usize, dst: usize) -> HipResult<i32>;
}
