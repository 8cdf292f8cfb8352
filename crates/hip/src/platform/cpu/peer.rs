//! [`PeerBackend`] and [`PointerBackend`] for the CPU platform. Every CPU device's memory
//! is host memory, so the link between two CPU devices is the memory system itself: peer
//! access, atomics and arrays all work, at the same (best) rank.

use std::ffi::c_void;

use super::advice;
use super::Cpu;
use crate::backend::peer::{P2pAttribute, PeerBackend};
use crate::backend::pointer::{PointerBackend, RangeAttribute};
use crate::backend::{DeviceBackend, Handle, MemoryBackend};
use crate::error::{HipError, HipResult};
use crate::memory::{self, CopyKind, MemoryKind, Sync};
use crate::runtime::Runtime;

impl PeerBackend for Cpu {
    fn p2p_attribute(&self, attr: P2pAttribute, src: usize, dst: usize) -> HipResult<i32> {
        if !self.can_access_peer(src, dst)? {
            return Err(HipError::InvalidDevice);
        }
        Ok(match attr {
            // One memory system: every pair of CPU devices has the same, best link.
            P2pAttribute::PerformanceRank => 0,
            P2pAttribute::AccessSupported
            | P2pAttribute::NativeAtomicSupported
            | P2pAttribute::HipArrayAccessSupported => 1,
        })
    }

    unsafe fn memcpy_peer(
        &self,
        dst: *mut c_void,
        dst_dev: usize,
        src: *const c_void,
        src_dev: usize,
        size: usize,
        stream: Handle,
        sync: Sync,
    ) -> HipResult<()> {
        match sync {
            Sync::Blocking => {
                // The copy runs on the current device's null stream; the other devices'
                // pending work (which may produce `src` or still read `dst`) finishes first.
                let rt = Runtime::get()?;
                let current = rt.current_device()?;
                for dev in [src_dev, dst_dev] {
                    if dev != current {
                        rt.synchronize_device(dev)?;
                    }
                }
                // SAFETY: forwarded from the caller.
                unsafe { self.memcpy(dst, src, size, CopyKind::Default) }
            }
            // SAFETY: forwarded from the caller.
            Sync::Async => unsafe { self.memcpy_async(dst, src, size, CopyKind::Default, stream) },
        }
    }
}

impl PointerBackend for Cpu {
    fn allocation_range(&self, ptr: *const c_void) -> HipResult<(usize, usize)> {
        memory::find(ptr as usize)
            .map(|a| (a.base, a.size))
            .ok_or(HipError::InvalidValue)
    }

    fn mem_pool_of(&self, ptr: *const c_void) -> HipResult<Handle> {
        Ok(crate::mempool::pool_of(ptr as usize)
            .map_or(std::ptr::null_mut(), |p| p.handle as Handle))
    }

    fn mem_range_attribute(
        &self,
        attr: RangeAttribute,
        ptr: *const c_void,
        count: usize,
        out: &mut [i32],
    ) -> HipResult<()> {
        if out.is_empty() {
            return Err(HipError::InvalidValue);
        }
        // The range must lie in one managed allocation, as for the hints themselves.
        match memory::find(ptr as usize) {
            Some(a)
                if a.kind == MemoryKind::Managed
                    && memory::check_range(ptr as usize, count).is_ok() => {}
            _ => return Err(HipError::InvalidValue),
        }
        advice::query(attr, ptr as usize, count, out);
        Ok(())
    }
}
