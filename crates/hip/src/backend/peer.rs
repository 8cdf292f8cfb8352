//! Peer devices beyond access control (which is [`DeviceBackend`](super::DeviceBackend)'s):
//! what the link between two devices supports (`hipDeviceGetP2PAttribute`).

use std::ffi::c_void;

use super::Handle;
use crate::error::{HipError, HipResult};
use crate::memory::Sync;

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

/// What a platform says about the links between its devices, and copies over them.
pub trait PeerBackend {
    /// `hipDeviceGetP2PAttribute(attr, src, dst)`; `src != dst`, both valid ordinals.
    fn p2p_attribute(&self, attr: P2pAttribute, src: usize, dst: usize) -> HipResult<i32>;
    /// `hipMemcpyPeer` (`sync` blocking, `stream` NULL: serialised with the pending work of
    /// the current, source and destination devices, as CUDA documents) and
    /// `hipMemcpyPeerAsync` (ordered on `stream` only). Both ordinals are valid.
    ///
    /// # Safety
    /// `src` must be readable and `dst` writable for `size` bytes (until the copy has run).
    #[allow(clippy::too_many_arguments)]
    unsafe fn memcpy_peer(
        &self,
        dst: *mut c_void,
        dst_dev: usize,
        src: *const c_void,
        src_dev: usize,
        size: usize,
        stream: Handle,
        sync: Sync,
    ) -> HipResult<()>;
}
