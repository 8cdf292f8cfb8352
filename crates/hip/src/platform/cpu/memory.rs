//! [`MemoryBackend`] for the CPU platform: every kind of memory is host memory from the
//! HSA CPU agent's regions, recorded in the runtime core's allocation table
//! ([`crate::memory`]); copies and fills run in stream order on the agent's queues (inline
//! when a blocking operation finds its stream idle).

use std::ffi::c_void;

use super::Cpu;
use crate::backend::memory::PointerAttributes;
use crate::backend::{DeviceBackend, Handle, MemoryBackend};
use crate::error::{HipError, HipResult};
use crate::graph::Memcpy3dParams;
use crate::memory::{self, Copy3d, CopyKind, Extent, Fill3d, MemoryKind, PitchedPtr, Sync};
use crate::runtime::Runtime;
use crate::stream::resolve;

/// Every `hipHostMalloc*` flag accepted here: Portable, Mapped, WriteCombined, NumaUser,
/// Coherent, NonCoherent (Default is 0).
const HOST_MALLOC_FLAGS: u32 = 0x1 | 0x2 | 0x4 | 0x2000_0000 | 0x4000_0000 | 0x8000_0000;
/// `hipHostMallocCoherent | hipHostMallocNonCoherent`: contradictory together.
const HOST_MALLOC_COHERENCE: u32 = 0xC000_0000;
/// Flags of `hipHostRegister`: Portable, Mapped, IoMemory, ReadOnly.
const HOST_REGISTER_FLAGS: u32 = 0x1 | 0x2 | 0x4 | 0x8;

/// `kind` memory of `size` bytes on the current device.
fn allocate(size: usize, kind: MemoryKind, flags: u32) -> HipResult<*mut c_void> {
    let device = Cpu.current_device()?;
    Ok(memory::allocate(device, size, kind, flags)?.cast())
}

/// HIP's `hipFree`/`hipHostFree` wait for the device before releasing memory.
fn sync_current_device() -> HipResult<()> {
    let rt = Runtime::get()?;
    rt.drain_device(rt.current_device()?)
}

/// Host memory (pinned or registered) known to HIP: its table entry.
fn host_allocation(ptr: *mut c_void) -> HipResult<memory::Allocation> {
    match memory::find(ptr as usize) {
        Some(a) if matches!(a.kind, MemoryKind::Host | MemoryKind::Registered) => Ok(a),
        _ => Err(HipError::InvalidValue),
    }
}

/// What prefetch and advice accept: `hipCpuDeviceId` (-1) or a valid device, and a range
/// inside one managed allocation.
fn check_managed_hint(ptr: *const c_void, count: usize, device: i32) -> HipResult<()> {
    if device != -1 {
        Cpu.ordinal(device)?;
    }
    match memory::find(ptr as usize) {
        Some(a)
            if a.kind == MemoryKind::Managed
                && memory::check_range(ptr as usize, count).is_ok() =>
        {
            Ok(())
        }
        _ => Err(HipError::InvalidValue),
    }
}

/// A 1-D copy on `stream`: both pointers must be set for a non-empty copy.
///
/// # Safety
/// As for [`memory::copy`].
#[inline(always)]
unsafe fn copy(
    dst: *mut c_void,
    src: *const c_void,
    size: usize,
    stream: Handle,
    sync: Sync,
) -> HipResult<()> {
    let s = resolve(stream as u64)?;
    if size > 0 && (dst.is_null() || src.is_null()) {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: forwarded from the caller.
    unsafe { memory::copy(dst.cast(), src.cast(), size, &s, sync) }
}

impl MemoryBackend for Cpu {
    fn malloc(&self, size: usize) -> HipResult<*mut c_void> {
        allocate(size, MemoryKind::Device, 0)
    }

    fn malloc_managed(&self, size: usize, flags: u32) -> HipResult<*mut c_void> {
        allocate(size, MemoryKind::Managed, flags)
    }

    fn malloc_pitch(&self, width: usize, height: usize) -> HipResult<(*mut c_void, usize)> {
        let pitch = width
            .checked_next_multiple_of(memory::PITCH_ALIGNMENT)
            .ok_or(HipError::InvalidValue)?;
        let size = pitch.checked_mul(height).ok_or(HipError::OutOfMemory)?;
        Ok((allocate(size, MemoryKind::Device, 0)?, pitch))
    }

    fn malloc_3d(&self, extent: Extent) -> HipResult<PitchedPtr> {
        memory::allocate_3d(self.current_device()?, extent)
    }

    fn host_malloc(&self, size: usize, flags: u32) -> HipResult<*mut c_void> {
        if flags & !HOST_MALLOC_FLAGS != 0 || flags & HOST_MALLOC_COHERENCE == HOST_MALLOC_COHERENCE
        {
            return Err(HipError::InvalidValue);
        }
        allocate(size, MemoryKind::Host, flags)
    }

    unsafe fn free(&self, ptr: *mut c_void) -> HipResult<()> {
        sync_current_device()?;
        memory::free(
            ptr.cast(),
            &[MemoryKind::Device, MemoryKind::Managed, MemoryKind::Host],
        )
    }

    unsafe fn host_free(&self, ptr: *mut c_void) -> HipResult<()> {
        sync_current_device()?;
        memory::free(ptr.cast(), &[MemoryKind::Host])
    }

    unsafe fn host_register(&self, ptr: *mut c_void, size: usize, flags: u32) -> HipResult<()> {
        if flags & !HOST_REGISTER_FLAGS != 0 {
            return Err(HipError::InvalidValue);
        }
        memory::register(ptr.cast(), size, self.current_device()?, flags)
    }

    unsafe fn host_unregister(&self, ptr: *mut c_void) -> HipResult<()> {
        memory::unregister(ptr.cast())
    }

    fn host_device_pointer(&self, host: *mut c_void, flags: u32) -> HipResult<*mut c_void> {
        if flags != 0 {
            return Err(HipError::InvalidValue);
        }
        // Host memory is the device's memory here: the same address.
        host_allocation(host).map(|_| host)
    }

    fn host_flags(&self, host: *mut c_void) -> HipResult<u32> {
        Ok(host_allocation(host)?.flags)
    }

    fn mem_ptr_size(&self, ptr: *mut c_void) -> HipResult<usize> {
        let a = memory::find(ptr as usize).ok_or(HipError::InvalidValue)?;
        Ok(a.size)
    }

    fn mem_pointer_attributes(&self, ptr: *const c_void) -> HipResult<PointerAttributes> {
        Ok(match memory::find(ptr as usize) {
            Some(a) => PointerAttributes {
                memory_type: a.kind.memory_type(),
                device: a.device as i32,
                device_pointer: ptr.cast_mut(),
                host_pointer: if a.kind == MemoryKind::Device {
                    std::ptr::null_mut()
                } else {
                    ptr.cast_mut()
                },
                is_managed: a.kind == MemoryKind::Managed,
                allocation_flags: a.flags,
            },
            // Unregistered host memory (HIP >= 6 reports it rather than failing).
            None => PointerAttributes {
                memory_type: 0,
                device: -2,
                device_pointer: std::ptr::null_mut(),
                host_pointer: std::ptr::null_mut(),
                is_managed: false,
                allocation_flags: 0,
            },
        })
    }

    // Managed-memory hints: on the CPU all memory is already where every agent can use it;
    // the arguments are checked as HIP does.

    fn mem_prefetch_async(
        &self,
        ptr: *const c_void,
        count: usize,
        device: i32,
        stream: Handle,
    ) -> HipResult<()> {
        resolve(stream as u64)?;
        check_managed_hint(ptr, count, device)?;
        super::advice::prefetched(ptr as usize, count, device);
        Ok(())
    }

    fn stream_attach_mem_async(
        &self,
        stream: Handle,
        ptr: *mut c_void,
        length: usize,
        flags: u32,
    ) -> HipResult<()> {
        resolve(stream as u64)?;
        if !matches!(
            flags,
            crate::memory::ATTACH_GLOBAL
                | crate::memory::ATTACH_HOST
                | crate::memory::ATTACH_SINGLE
        ) {
            return Err(HipError::InvalidValue);
        }
        match memory::find(ptr as usize) {
            Some(a)
                if a.kind == MemoryKind::Managed
                    && a.base == ptr as usize
                    && (length == 0 || length == a.size) =>
            {
                // Attaching only narrows which streams and devices may touch the memory;
                // every CPU device and stream reaches all of it, so nothing changes (access
                // outside the attachment is undefined in CUDA, not an error).
                Ok(())
            }
            _ => Err(HipError::InvalidValue),
        }
    }

    fn mem_advise(
        &self,
        ptr: *const c_void,
        count: usize,
        advice: i32,
        device: i32,
    ) -> HipResult<()> {
        if !(1..=6).contains(&advice) && !(100..=103).contains(&advice) {
            return Err(HipError::InvalidValue);
        }
        check_managed_hint(ptr, count, device)?;
        super::advice::advise(ptr as usize, count, advice, device);
        Ok(())
    }

    // The direction of a copy does not matter here (all memory is host memory): `kind` was
    // checked by the caller and is not needed.

    #[inline]
    unsafe fn memcpy(
        &self,
        dst: *mut c_void,
        src: *const c_void,
        size: usize,
        _kind: CopyKind,
    ) -> HipResult<()> {
        // SAFETY: forwarded from the caller.
        unsafe { copy(dst, src, size, std::ptr::null_mut(), Sync::Blocking) }
    }

    #[inline]
    unsafe fn memcpy_with_stream(
        &self,
        dst: *mut c_void,
        src: *const c_void,
        size: usize,
        _kind: CopyKind,
        stream: Handle,
    ) -> HipResult<()> {
        // SAFETY: forwarded from the caller.
        unsafe { copy(dst, src, size, stream, Sync::Blocking) }
    }

    #[inline]
    unsafe fn memcpy_async(
        &self,
        dst: *mut c_void,
        src: *const c_void,
        size: usize,
        _kind: CopyKind,
        stream: Handle,
    ) -> HipResult<()> {
        // SAFETY: forwarded from the caller.
        unsafe { copy(dst, src, size, stream, Sync::Async) }
    }

    unsafe fn memcpy_2d(
        &self,
        dst: *mut c_void,
        dpitch: usize,
        src: *const c_void,
        spitch: usize,
        width: usize,
        height: usize,
        _kind: CopyKind,
        stream: Handle,
        sync: Sync,
    ) -> HipResult<()> {
        let s = resolve(stream as u64)?;
        if width > 0 && height > 0 && (dst.is_null() || src.is_null()) {
            return Err(HipError::InvalidValue);
        }
        // SAFETY: forwarded from the caller.
        unsafe {
            memory::copy_2d(
                dst.cast(),
                dpitch,
                src.cast(),
                spitch,
                width,
                height,
                &s,
                sync,
            )
        }
    }

    unsafe fn memcpy_3d(
        &self,
        params: &Memcpy3dParams,
        stream: Handle,
        sync: Sync,
    ) -> HipResult<()> {
        let s = resolve(stream as u64)?;
        let copy = Copy3d::resolve(
            params.src,
            params.src_pos,
            params.dst,
            params.dst_pos,
            params.extent,
        )?;
        // SAFETY: forwarded from the caller.
        unsafe { memory::copy_3d(&copy, &s, sync) }
    }

    unsafe fn memset(
        &self,
        dst: *mut c_void,
        value: u32,
        count: usize,
        element_size: u32,
        stream: Handle,
        sync: Sync,
    ) -> HipResult<()> {
        let s = resolve(stream as u64)?;
        if count > 0 && dst.is_null() {
            return Err(HipError::InvalidValue);
        }
        // SAFETY: forwarded from the caller.
        unsafe { memory::fill(dst.cast(), value, count, element_size, &s, sync) }
    }

    unsafe fn memset_2d(
        &self,
        dst: *mut c_void,
        pitch: usize,
        value: u8,
        width: usize,
        height: usize,
        stream: Handle,
        sync: Sync,
    ) -> HipResult<()> {
        let s = resolve(stream as u64)?;
        if width == 0 || height == 0 {
            return Ok(());
        }
        if dst.is_null() {
            return Err(HipError::InvalidValue);
        }
        if width > pitch {
            return Err(HipError::InvalidPitchValue);
        }
        let fill = Fill3d::rows(dst as usize, pitch, u32::from(value), 1, width, height)?;
        // SAFETY: the caller guarantees every row.
        unsafe { memory::fill_3d(&fill, &s, sync) }
    }

    unsafe fn memset_3d(
        &self,
        pitched: PitchedPtr,
        value: u8,
        extent: Extent,
        stream: Handle,
        sync: Sync,
    ) -> HipResult<()> {
        let s = resolve(stream as u64)?;
        let fill = Fill3d::pitched(pitched, value, extent)?;
        // SAFETY: forwarded from the caller.
        unsafe { memory::fill_3d(&fill, &s, sync) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allocations_report_their_kind() {
        let d = Cpu.malloc(100).unwrap();
        let h = Cpu.host_malloc(64, 0x2).unwrap();
        let m = Cpu.malloc_managed(32, 0x1).unwrap();
        let a = Cpu.mem_pointer_attributes(d).unwrap();
        assert_eq!((a.memory_type, a.host_pointer), (2, std::ptr::null_mut()));
        let a = Cpu.mem_pointer_attributes(h).unwrap();
        assert_eq!((a.memory_type, a.allocation_flags), (1, 0x2));
        assert!(Cpu.mem_pointer_attributes(m).unwrap().is_managed);
        assert_eq!(Cpu.mem_ptr_size(d).unwrap(), 100);
        assert_eq!(Cpu.host_flags(h).unwrap(), 0x2);
        assert_eq!(Cpu.host_device_pointer(h, 0).unwrap(), h);
        // Device memory is not host memory for the host queries.
        assert_eq!(Cpu.host_flags(d), Err(HipError::InvalidValue));
        // SAFETY: the allocations above, unused from here on.
        unsafe {
            assert_eq!(Cpu.host_free(d), Err(HipError::InvalidValue));
            Cpu.free(d).unwrap();
            Cpu.free(h).unwrap();
            Cpu.free(m).unwrap();
            assert_eq!(Cpu.free(d), Err(HipError::InvalidValue));
        }
        // Unknown memory is reported as unregistered, not as an error.
        let local = 0u8;
        let a = Cpu
            .mem_pointer_attributes((&local as *const u8).cast())
            .unwrap();
        assert_eq!((a.memory_type, a.device), (0, -2));
    }

    #[test]
    fn host_malloc_rejects_contradictory_flags() {
        assert_eq!(
            Cpu.host_malloc(8, HOST_MALLOC_COHERENCE),
            Err(HipError::InvalidValue)
        );
        assert_eq!(Cpu.host_malloc(8, 0x8), Err(HipError::InvalidValue));
    }

    #[test]
    fn pitched_allocations_align_rows() {
        let (p, pitch) = Cpu.malloc_pitch(300, 4).unwrap();
        assert_eq!(pitch, 512);
        assert_eq!(Cpu.mem_ptr_size(p).unwrap(), 512 * 4);
        // SAFETY: the allocation above, unused from here on.
        unsafe { Cpu.free(p).unwrap() };
    }

    #[test]
    fn copies_and_fills_reach_memory() {
        let d = Cpu.malloc(16).unwrap();
        let src: Vec<u8> = (0..16).collect();
        let mut out = vec![0u8; 16];
        let null = std::ptr::null_mut();
        // SAFETY: 16-byte buffers on both sides; the async forms are waited for by the
        // blocking copy on the same (null) stream.
        unsafe {
            Cpu.memcpy_async(d, src.as_ptr().cast(), 16, CopyKind::HostToDevice, null)
                .unwrap();
            Cpu.memset(d.cast::<u8>().add(4).cast(), 0xAB, 2, 2, null, Sync::Async)
                .unwrap();
            Cpu.memcpy(out.as_mut_ptr().cast(), d, 16, CopyKind::DeviceToHost)
                .unwrap();
            assert_eq!(&out[..4], &[0, 1, 2, 3]);
            assert_eq!(&out[4..8], &[0xAB, 0, 0xAB, 0]);
            assert_eq!(&out[8..], &src[8..]);
            // Null pointers and pitches narrower than a row are rejected.
            assert_eq!(
                Cpu.memcpy(null, d, 1, CopyKind::Default),
                Err(HipError::InvalidValue)
            );
            assert_eq!(
                Cpu.memset_2d(d, 4, 0, 8, 2, null, Sync::Blocking),
                Err(HipError::InvalidPitchValue)
            );
            Cpu.free(d).unwrap();
        }
    }

    #[test]
    fn managed_hints_need_managed_memory() {
        let m = Cpu.malloc_managed(64, 0x1).unwrap();
        let d = Cpu.malloc(64).unwrap();
        let null = std::ptr::null_mut();
        assert_eq!(Cpu.mem_prefetch_async(m, 64, -1, null), Ok(()));
        assert_eq!(Cpu.mem_advise(m, 64, 1, 0), Ok(()));
        assert_eq!(Cpu.mem_advise(m, 64, 7, 0), Err(HipError::InvalidValue));
        assert_eq!(Cpu.mem_advise(m, 65, 1, 0), Err(HipError::InvalidValue));
        assert_eq!(
            Cpu.mem_prefetch_async(d, 64, -1, null),
            Err(HipError::InvalidValue)
        );
        // SAFETY: the allocations above, unused from here on.
        unsafe {
            Cpu.free(m).unwrap();
            Cpu.free(d).unwrap();
        }
    }
}
