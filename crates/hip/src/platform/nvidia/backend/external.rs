//! [`ExternalBackend`] for NVIDIA GPUs: the driver's external memory and semaphores
//! (`cuImportExternalMemory`, `cuSignalExternalSemaphoresAsync`, ...) with POSIX file
//! descriptors (Vulkan's opaque fds, or fds from `hipMemExportToShareableHandle`).

use std::ffi::c_void;

use super::super::handles::LiveHandles;
use super::ipc::require;
use super::{live_stream, Nvidia};
use crate::backend::external::{
    ExternalMemoryDesc, ExternalSemaphoreDesc, SemaphoreOp, EXTERNAL_MEMORY_OPAQUE_FD,
    EXTERNAL_SEMAPHORE_OPAQUE_FD, EXTERNAL_SEMAPHORE_TIMELINE_FD,
};
use crate::backend::{ExternalBackend, Handle};
use crate::error::{HipError, HipResult};
use crate::platform::nvidia::{check, cu, current_device, make_current};

const EXTERNAL_SYMBOLS: &[&str] = &[
    "cuImportExternalMemory",
    "cuExternalMemoryGetMappedBuffer",
    "cuDestroyExternalMemory",
    "cuImportExternalSemaphore",
    "cuSignalExternalSemaphoresAsync",
    "cuWaitExternalSemaphoresAsync",
    "cuDestroyExternalSemaphore",
];

/// Imported memory objects and semaphores, until destroyed: the driver dereferences the
/// handles it is given, so a made-up, destroyed or other kind of handle must be refused
/// (`hipErrorInvalidValue`) before it sees one.
static MEMORIES: LiveHandles = LiveHandles::new();
static SEMAPHORES: LiveHandles = LiveHandles::new();

/// A device reset destroyed the objects imported on it.
pub(crate) fn forget_device(dev: usize) {
    MEMORIES.forget_device(dev);
    SEMAPHORES.forget_device(dev);
}

fn live(set: &LiveHandles, h: Handle) -> HipResult<()> {
    if set.contains(h as usize) {
        Ok(())
    } else {
        Err(HipError::InvalidValue)
    }
}

fn enter() -> HipResult<()> {
    require(EXTERNAL_SYMBOLS)?;
    make_current(current_device()?)?;
    Ok(())
}

impl ExternalBackend for Nvidia {
    fn import_external_memory(&self, desc: &ExternalMemoryDesc) -> HipResult<Handle> {
        enter()?;
        if desc.handle_type != EXTERNAL_MEMORY_OPAQUE_FD {
            return Err(HipError::NotSupported);
        }
        let mut d = std::mem::MaybeUninit::<cu::CUDA_EXTERNAL_MEMORY_HANDLE_DESC>::zeroed();
        // SAFETY: zero is valid for every field but the handle-type enum (whose values start
        // at 1, so `mem::zeroed` would panic), which is written before the value is used.
        let d = unsafe {
            let p = d.as_mut_ptr();
            std::ptr::addr_of_mut!((*p).type_)
                .write(cu::CUexternalMemoryHandleType::CU_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD);
            (*p).handle.fd = desc.fd;
            (*p).size = desc.size;
            (*p).flags = desc.flags;
            d.assume_init()
        };
        let mut m = std::ptr::null_mut();
        // SAFETY: a complete descriptor and an out-parameter; the driver takes the fd on
        // success.
        check(unsafe { cu::cuImportExternalMemory(&mut m, &d) })?;
        MEMORIES.insert(m as usize, current_device()?);
        Ok(m.cast())
    }

    fn external_memory_mapped_buffer(
        &self,
        memory: Handle,
        offset: u64,
        size: u64,
        flags: u32,
    ) -> HipResult<*mut c_void> {
        enter()?;
        live(&MEMORIES, memory)?;
        let d = cu::CUDA_EXTERNAL_MEMORY_BUFFER_DESC {
            offset,
            size,
            flags,
            reserved: [0; 16],
        };
        let mut p = 0;
        // SAFETY: a complete descriptor; a live imported memory object.
        check(unsafe { cu::cuExternalMemoryGetMappedBuffer(&mut p, memory.cast(), &d) })?;
        Ok(p as *mut c_void)
    }

    fn destroy_external_memory(&self, memory: Handle) -> HipResult<()> {
        enter()?;
        live(&MEMORIES, memory)?;
        // SAFETY: a live imported memory object.
        check(unsafe { cu::cuDestroyExternalMemory(memory.cast()) })?;
        MEMORIES.remove(memory as usize);
        Ok(())
    }

    fn import_external_semaphore(&self, desc: &ExternalSemaphoreDesc) -> HipResult<Handle> {
        enter()?;
        use cu::CUexternalSemaphoreHandleType as T;
        let ty = match desc.handle_type {
            EXTERNAL_SEMAPHORE_OPAQUE_FD => T::CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD,
            EXTERNAL_SEMAPHORE_TIMELINE_FD => {
                T::CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_TIMELINE_SEMAPHORE_FD
            }
            _ => return Err(HipError::NotSupported),
        };
        let mut d = std::mem::MaybeUninit::<cu::CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC>::zeroed();
        // SAFETY: zero is valid for every field but the handle-type enum (whose values start
        // at 1), which is written before the value is used.
        let d = unsafe {
            let p = d.as_mut_ptr();
            std::ptr::addr_of_mut!((*p).type_).write(ty);
            (*p).handle.fd = desc.fd;
            (*p).flags = desc.flags;
            d.assume_init()
        };
        let mut s = std::ptr::null_mut();
        // SAFETY: a complete descriptor and an out-parameter.
        check(unsafe { cu::cuImportExternalSemaphore(&mut s, &d) })?;
        SEMAPHORES.insert(s as usize, current_device()?);
        Ok(s.cast())
    }

    fn signal_external_semaphores(
        &self,
        semaphores: &[Handle],
        ops: &[SemaphoreOp],
        stream: Handle,
    ) -> HipResult<()> {
        let s = live_stream(stream)?;
        enter()?;
        for &h in semaphores {
            live(&SEMAPHORES, h)?;
        }
        let sems: Vec<cu::CUexternalSemaphore> = semaphores.iter().map(|h| h.cast()).collect();
        let params = ops
            .iter()
            .map(|o| {
                // SAFETY: plain data; zero is a valid value.
                let mut p: cu::CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS =
                    unsafe { std::mem::zeroed() };
                p.params.fence.value = o.fence_value;
                p.params.keyedMutex.key = o.key;
                p.flags = o.flags;
                p
            })
            .collect::<Vec<_>>();
        // SAFETY: both arrays have `sems.len()` entries; a checked stream.
        check(unsafe {
            cu::cuSignalExternalSemaphoresAsync(
                sems.as_ptr(),
                params.as_ptr(),
                sems.len() as u32,
                s,
            )
        })
    }

    fn wait_external_semaphores(
        &self,
        semaphores: &[Handle],
        ops: &[SemaphoreOp],
        stream: Handle,
    ) -> HipResult<()> {
        let s = live_stream(stream)?;
        enter()?;
        for &h in semaphores {
            live(&SEMAPHORES, h)?;
        }
        let sems: Vec<cu::CUexternalSemaphore> = semaphores.iter().map(|h| h.cast()).collect();
        let params = ops
            .iter()
            .map(|o| {
                // SAFETY: plain data; zero is a valid value.
                let mut p: cu::CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS = unsafe { std::mem::zeroed() };
                p.params.fence.value = o.fence_value;
                p.params.keyedMutex.key = o.key;
                p.params.keyedMutex.timeoutMs = o.timeout_ms;
                p.flags = o.flags;
                p
            })
            .collect::<Vec<_>>();
        // SAFETY: both arrays have `sems.len()` entries; a checked stream.
        check(unsafe {
            cu::cuWaitExternalSemaphoresAsync(sems.as_ptr(), params.as_ptr(), sems.len() as u32, s)
        })
    }

    fn destroy_external_semaphore(&self, semaphore: Handle) -> HipResult<()> {
        enter()?;
        live(&SEMAPHORES, semaphore)?;
        // SAFETY: a live imported semaphore.
        check(unsafe { cu::cuDestroyExternalSemaphore(semaphore.cast()) })?;
        SEMAPHORES.remove(semaphore as usize);
        Ok(())
    }
}
