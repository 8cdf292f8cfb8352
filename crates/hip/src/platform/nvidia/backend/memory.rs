//! [`MemoryBackend`] for NVIDIA GPUs: the driver's allocations, copies and fills
//! ([`memory`], [`memory3d`]) on the calling thread's current device's primary context.
//! Device pointers are `CUdeviceptr`s, the same addresses as the program's pointers
//! (unified addressing).

use std::ffi::c_void;

use super::{live_stream, Nvidia};
use crate::backend::memory::PointerAttributes;
use crate::backend::{Handle, MemoryBackend};
use crate::error::{HipError, HipResult};
use crate::graph::Memcpy3dParams;
use crate::memory::{CopyKind, Extent, PitchedPtr, Sync};
use crate::platform::nvidia::memory::{self, Fill, MemoryType};
use crate::platform::nvidia::{current_device, memory3d, stream, DevicePtr};

/// A program's pointer as the driver's `CUdeviceptr`.
#[inline(always)]
fn dptr(p: *const c_void) -> DevicePtr {
    p as DevicePtr
}

/// The driver stream of a stream-ordered operation: `None` for a blocking one (the
/// driver's synchronous calls), the checked stream otherwise.
fn ordered_on(stream: Handle, sync: Sync) -> HipResult<Option<crate::platform::nvidia::Stream>> {
    match sync {
        Sync::Async => live_stream(stream).map(Some),
        Sync::Blocking => Ok(None),
    }
}

impl MemoryBackend for Nvidia {
    fn malloc(&self, size: usize) -> HipResult<*mut c_void> {
        Ok(memory::malloc(current_device()?, size)? as *mut c_void)
    }

    fn malloc_managed(&self, size: usize, flags: u32) -> HipResult<*mut c_void> {
        Ok(memory::malloc_managed(current_device()?, size, flags)? as *mut c_void)
    }

    fn malloc_pitch(&self, width: usize, height: usize) -> HipResult<(*mut c_void, usize)> {
        let (p, pitch) = memory::malloc_pitch(current_device()?, width, height)?;
        Ok((p as *mut c_void, pitch))
    }

    fn malloc_3d(&self, extent: Extent) -> HipResult<PitchedPtr> {
        let rows = extent
            .height
            .checked_mul(extent.depth)
            .ok_or(HipError::InvalidValue)?;
        let (ptr, pitch) = memory::malloc_pitch(current_device()?, extent.width, rows)?;
        Ok(PitchedPtr {
            ptr: ptr as usize,
            pitch,
            xsize: extent.width,
            ysize: extent.height,
        })
    }

    fn host_malloc(&self, size: usize, flags: u32) -> HipResult<*mut c_void> {
        memory::host_malloc(current_device()?, size, flags)
    }

    /// Device and managed memory (`cuMemFree`, which waits for the device), and, as ROCm
    /// allows, pinned host memory.
    unsafe fn free(&self, ptr: *mut c_void) -> HipResult<()> {
        // IPC mappings are closed with hipIpcCloseMemHandle only.
        super::ipc::refuse_opened(ptr)?;
        let dev = current_device()?;
        // SAFETY: forwarded from the caller.
        match unsafe { memory::free(dev, dptr(ptr)) } {
            Err(HipError::InvalidValue) => {
                let a = memory::pointer_attributes(dev, ptr)?;
                if a.memory_type == MemoryType::Host && a.allocation_flags != 0 {
                    // SAFETY: as above.
                    unsafe { memory::host_free(dev, ptr) }
                } else {
                    Err(HipError::InvalidValue)
                }
            }
            r => r,
        }
    }

    unsafe fn host_free(&self, ptr: *mut c_void) -> HipResult<()> {
        // SAFETY: forwarded from the caller.
        unsafe { memory::host_free(current_device()?, ptr) }
    }

    unsafe fn host_register(&self, ptr: *mut c_void, size: usize, flags: u32) -> HipResult<()> {
        // SAFETY: forwarded from the caller.
        unsafe { memory::host_register(current_device()?, ptr, size, flags) }
    }

    unsafe fn host_unregister(&self, ptr: *mut c_void) -> HipResult<()> {
        // SAFETY: forwarded from the caller.
        unsafe { memory::host_unregister(current_device()?, ptr) }
    }

    fn host_device_pointer(&self, host: *mut c_void, flags: u32) -> HipResult<*mut c_void> {
        Ok(memory::host_get_device_pointer(current_device()?, host, flags)? as *mut c_void)
    }

    fn host_flags(&self, host: *mut c_void) -> HipResult<u32> {
        memory::host_get_flags(current_device()?, host)
    }

    fn mem_ptr_size(&self, ptr: *mut c_void) -> HipResult<usize> {
        Ok(memory::address_range(current_device()?, dptr(ptr))?.1)
    }

    fn mem_pointer_attributes(&self, ptr: *const c_void) -> HipResult<PointerAttributes> {
        let a = memory::pointer_attributes(current_device()?, ptr)?;
        Ok(PointerAttributes {
            memory_type: a.memory_type.hip_value(),
            device: a.device,
            device_pointer: a.device_pointer as *mut c_void,
            host_pointer: a.host_pointer,
            is_managed: a.is_managed,
            allocation_flags: a.allocation_flags,
        })
    }

    fn mem_prefetch_async(
        &self,
        ptr: *const c_void,
        count: usize,
        device: i32,
        s: Handle,
    ) -> HipResult<()> {
        let (dev, s) = (current_device()?, live_stream(s)?);
        // SAFETY: checked stream handle.
        unsafe { memory::prefetch_async(dev, dptr(ptr), count, device, s) }
    }

    fn stream_attach_mem_async(
        &self,
        stream: Handle,
        ptr: *mut c_void,
        length: usize,
        flags: u32,
    ) -> HipResult<()> {
        let s = live_stream(stream)?;
        // SAFETY: a checked stream.
        unsafe { memory::stream_attach_mem(current_device()?, s, dptr(ptr), length, flags) }
    }

    fn mem_advise(
        &self,
        ptr: *const c_void,
        count: usize,
        advice: i32,
        device: i32,
    ) -> HipResult<()> {
        let advice = u32::try_from(advice).map_err(|_| HipError::InvalidValue)?;
        memory::mem_advise(current_device()?, dptr(ptr), count, advice, device)
    }

    #[inline]
    unsafe fn memcpy(
        &self,
        dst: *mut c_void,
        src: *const c_void,
        size: usize,
        kind: CopyKind,
    ) -> HipResult<()> {
        // SAFETY: forwarded from the caller.
        unsafe { memory::memcpy(current_device()?, dst, src, size, kind) }
    }

    unsafe fn memcpy_with_stream(
        &self,
        dst: *mut c_void,
        src: *const c_void,
        size: usize,
        kind: CopyKind,
        s: Handle,
    ) -> HipResult<()> {
        let (dev, s) = (current_device()?, live_stream(s)?);
        // SAFETY: forwarded from the caller; checked stream handle.
        unsafe {
            memory::memcpy_async(dev, dst, src, size, kind, s)?;
            stream::synchronize(dev, s)
        }
    }

    #[inline]
    unsafe fn memcpy_async(
        &self,
        dst: *mut c_void,
        src: *const c_void,
        size: usize,
        kind: CopyKind,
        s: Handle,
    ) -> HipResult<()> {
        // SAFETY: forwarded from the caller; checked stream handle.
        unsafe { memory::memcpy_async(current_device()?, dst, src, size, kind, live_stream(s)?) }
    }

    unsafe fn memcpy_2d(
        &self,
        dst: *mut c_void,
        dpitch: usize,
        src: *const c_void,
        spitch: usize,
        width: usize,
        height: usize,
        kind: CopyKind,
        s: Handle,
        sync: Sync,
    ) -> HipResult<()> {
        let dev = current_device()?;
        // SAFETY: forwarded from the caller; checked stream handle.
        unsafe {
            match ordered_on(s, sync)? {
                None => memory::memcpy_2d(dev, dst, dpitch, src, spitch, width, height, kind),
                Some(s) => {
                    memory::memcpy_2d_async(dev, dst, dpitch, src, spitch, width, height, kind, s)
                }
            }
        }
    }

    unsafe fn memcpy_3d(&self, params: &Memcpy3dParams, s: Handle, sync: Sync) -> HipResult<()> {
        let s = ordered_on(s, sync)?;
        // SAFETY: forwarded from the caller; checked stream handle.
        unsafe { memory3d::memcpy_3d(current_device()?, params, s) }
    }

    unsafe fn memset(
        &self,
        dst: *mut c_void,
        value: u32,
        count: usize,
        element_size: u32,
        s: Handle,
        sync: Sync,
    ) -> HipResult<()> {
        let fill = match element_size {
            1 => Fill::D8(value as u8),
            2 => Fill::D16(value as u16),
            _ => Fill::D32(value),
        };
        let dev = current_device()?;
        // SAFETY: forwarded from the caller; checked stream handle.
        unsafe {
            match sync {
                Sync::Blocking => memory::memset(dev, dptr(dst), fill, count),
                Sync::Async => memory::memset_async(dev, dptr(dst), fill, count, live_stream(s)?),
            }
        }
    }

    unsafe fn memset_2d(
        &self,
        dst: *mut c_void,
        pitch: usize,
        value: u8,
        width: usize,
        height: usize,
        s: Handle,
        sync: Sync,
    ) -> HipResult<()> {
        let (dev, d) = (current_device()?, dptr(dst));
        // SAFETY: forwarded from the caller; checked stream handle.
        unsafe {
            match sync {
                Sync::Blocking => memory::memset_2d(dev, d, pitch, value, width, height),
                Sync::Async => {
                    memory::memset_2d_async(dev, d, pitch, value, width, height, live_stream(s)?)
                }
            }
        }
    }

    unsafe fn memset_3d(
        &self,
        pitched: PitchedPtr,
        value: u8,
        extent: Extent,
        s: Handle,
        sync: Sync,
    ) -> HipResult<()> {
        let s = ordered_on(s, sync)?;
        // SAFETY: forwarded from the caller; checked stream handle.
        unsafe { memory3d::memset_3d(current_device()?, pitched, value, extent, s) }
    }
}
