//! [`PeerBackend`], [`StreamMemOpBackend`] and [`PointerBackend`] for NVIDIA GPUs: the
//! driver's `cuDeviceGetP2PAttribute`, `cuStreamWaitValue*`/`cuStreamWriteValue*`,
//! `cuMemGetAddressRange` and `cuMemRangeGetAttribute`. The stream memory operations and
//! range attributes are newer or optional entry points: a driver without them answers
//! `hipErrorNotSupported` (checked before the call, never a panic).

use std::ffi::c_void;

use super::{live_stream, Nvidia};
use crate::backend::memop::{StreamMemOpBackend, ValueWidth, WaitValue};
use crate::backend::peer::{P2pAttribute, PeerBackend};
use crate::backend::pointer::{PointerBackend, RangeAttribute};
use crate::backend::Handle;
use crate::error::{HipError, HipResult};
use crate::memory::Sync;
use crate::platform::nvidia::context::{cu_device, primary_context};
use crate::platform::nvidia::{check, cu, current_device, make_current, memory};

/// Whether the driver exports `symbol` (an optional entry point).
fn has(symbol: &str) -> bool {
    cuda::driver().is_some_and(|d| d.has(symbol))
}

impl PeerBackend for Nvidia {
    fn p2p_attribute(&self, attr: P2pAttribute, src: usize, dst: usize) -> HipResult<i32> {
        use cu::CUdevice_P2PAttribute as A;
        if !has("cuDeviceGetP2PAttribute") {
            return Err(HipError::NotSupported);
        }
        let (s, d) = (cu_device(src)?, cu_device(dst)?);
        let attrib = match attr {
            P2pAttribute::PerformanceRank => A::CU_DEVICE_P2P_ATTRIBUTE_PERFORMANCE_RANK,
            P2pAttribute::AccessSupported => A::CU_DEVICE_P2P_ATTRIBUTE_ACCESS_SUPPORTED,
            P2pAttribute::NativeAtomicSupported => {
                A::CU_DEVICE_P2P_ATTRIBUTE_NATIVE_ATOMIC_SUPPORTED
            }
            P2pAttribute::HipArrayAccessSupported => {
                A::CU_DEVICE_P2P_ATTRIBUTE_ACCESS_ACCESS_SUPPORTED
            }
        };
        let mut value = 0;
        // SAFETY: the entry point exists (checked); valid devices; an out-parameter.
        check(unsafe { cu::cuDeviceGetP2PAttribute(&mut value, attrib, s, d) })?;
        Ok(value)
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
        if !has("cuMemcpyPeer") || !has("cuMemcpyPeerAsync") {
            return Err(HipError::NotSupported);
        }
        let (dst_ctx, src_ctx) = (primary_context(dst_dev)?, primary_context(src_dev)?);
        make_current(current_device()?)?;
        let (d, s) = (dst as cu::CUdeviceptr, src as cu::CUdeviceptr);
        match sync {
            // SAFETY: the entry point exists (checked); retained primary contexts; the
            // caller's ranges (cudaMemcpyPeer's serialisation is the driver's).
            Sync::Blocking => check(unsafe { cu::cuMemcpyPeer(d, dst_ctx, s, src_ctx, size) }),
            Sync::Async => {
                let st = live_stream(stream)?;
                // SAFETY: as above, on a checked stream.
                check(unsafe { cu::cuMemcpyPeerAsync(d, dst_ctx, s, src_ctx, size, st) })
            }
        }
    }
}

impl StreamMemOpBackend for Nvidia {
    unsafe fn stream_wait_value(&self, stream: Handle, wait: WaitValue) -> HipResult<()> {
        // The driver compares the whole word: a partial mask has no driver equivalent.
        if wait.mask & wait.width.all_ones() != wait.width.all_ones() {
            return Err(HipError::NotSupported);
        }
        let s = live_stream(stream)?;
        make_current(current_device()?)?;
        let addr = wait.ptr as cu::CUdeviceptr;
        let flags = wait.condition as u32;
        match wait.width {
            ValueWidth::U32 if has("cuStreamWaitValue32_v2") => {
                // SAFETY: the entry point exists (checked); a live stream; the caller keeps
                // the word valid until the wait is met.
                check(unsafe { cu::cuStreamWaitValue32_v2(s, addr, wait.value as u32, flags) })
            }
            ValueWidth::U64 if has("cuStreamWaitValue64_v2") => {
                // SAFETY: as above.
                check(unsafe { cu::cuStreamWaitValue64_v2(s, addr, wait.value, flags) })
            }
            _ => Err(HipError::NotSupported),
        }
    }

    unsafe fn stream_write_value(
        &self,
        stream: Handle,
        ptr: *mut c_void,
        value: u64,
        width: ValueWidth,
    ) -> HipResult<()> {
        let s = live_stream(stream)?;
        make_current(current_device()?)?;
        let addr = ptr as cu::CUdeviceptr;
        // Flags 0: the write comes after the stream's earlier memory effects (a barrier).
        match width {
            ValueWidth::U32 if has("cuStreamWriteValue32_v2") => {
                // SAFETY: the entry point exists (checked); a live stream; the caller keeps
                // the word writable until the write has run.
                check(unsafe { cu::cuStreamWriteValue32_v2(s, addr, value as u32, 0) })
            }
            ValueWidth::U64 if has("cuStreamWriteValue64_v2") => {
                // SAFETY: as above.
                check(unsafe { cu::cuStreamWriteValue64_v2(s, addr, value, 0) })
            }
            _ => Err(HipError::NotSupported),
        }
    }
}

impl PointerBackend for Nvidia {
    fn allocation_range(&self, ptr: *const c_void) -> HipResult<(usize, usize)> {
        let (base, size) = memory::address_range(current_device()?, ptr as cu::CUdeviceptr)
            .map_err(|_| HipError::InvalidValue)?;
        Ok((base as usize, size))
    }

    fn mem_pool_of(&self, ptr: *const c_void) -> HipResult<Handle> {
        if !has("cuPointerGetAttribute") {
            return Err(HipError::NotSupported);
        }
        make_current(current_device()?)?;
        let mut pool: cu::CUmemoryPool = std::ptr::null_mut();
        // SAFETY: the entry point exists (checked); the attribute's type is a
        // `CUmemoryPool`, written to `pool`; the driver only looks the address up.
        let r = unsafe {
            cu::cuPointerGetAttribute(
                (&mut pool as *mut cu::CUmemoryPool).cast(),
                cu::CUpointer_attribute::CU_POINTER_ATTRIBUTE_MEMPOOL_HANDLE,
                ptr as cu::CUdeviceptr,
            )
        };
        // Memory that no pool handed out has no pool: NULL, as HIP reports it.
        match check(r) {
            Ok(()) => Ok(pool.cast()),
            Err(_) => Ok(std::ptr::null_mut()),
        }
    }

    fn mem_range_attribute(
        &self,
        attr: RangeAttribute,
        ptr: *const c_void,
        count: usize,
        out: &mut [i32],
    ) -> HipResult<()> {
        use cu::CUmem_range_attribute as A;
        let attribute = match attr {
            RangeAttribute::ReadMostly => A::CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY,
            RangeAttribute::PreferredLocation => A::CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION,
            RangeAttribute::AccessedBy => A::CU_MEM_RANGE_ATTRIBUTE_ACCESSED_BY,
            RangeAttribute::LastPrefetchLocation => {
                A::CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION
            }
            // AMD's coherency mode has no CUDA counterpart.
            RangeAttribute::CoherencyMode => return Err(HipError::NotSupported),
        };
        if !has("cuMemRangeGetAttribute") {
            return Err(HipError::NotSupported);
        }
        make_current(current_device()?)?;
        // SAFETY: the entry point exists (checked); `out` is writable for its length in
        // bytes; the driver only looks the range up.
        check(unsafe {
            cu::cuMemRangeGetAttribute(
                out.as_mut_ptr().cast(),
                std::mem::size_of_val(out),
                attribute,
                ptr as cu::CUdeviceptr,
                count,
            )
        })
    }
}
