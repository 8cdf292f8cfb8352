//! [`IpcBackend`] for NVIDIA GPUs: the driver's `cuIpc*` entry points. HIP's 64-byte handles
//! are the driver's `CUipcMemHandle` / `CUipcEventHandle` byte for byte. Opened pointers are
//! counted here so that closing one that was not opened (or was closed already) is
//! `hipErrorInvalidValue` before it reaches the driver.

use std::collections::{HashMap, HashSet};
use std::ffi::c_void;
use std::sync::atomic::{AtomicBool, Ordering};

use parking_lot::Mutex;

use super::{live_event, Nvidia};
use crate::backend::ipc::{IpcHandle, IPC_HANDLE_SIZE};
use crate::backend::{Handle, IpcBackend};
use crate::error::{HipError, HipResult};
use crate::platform::nvidia::{check, cu, current_device, event, make_current};

/// Entry points of an optional area: `hipErrorNotSupported` if the driver lacks any (the
/// platform's required list does not name them, so an older driver still works for the
/// rest).
pub(super) fn require(symbols: &[&str]) -> HipResult<()> {
    match cuda::driver() {
        Some(d) if d.has_all(symbols) => Ok(()),
        Some(_) => Err(HipError::NotSupported),
        None => Err(HipError::NoDevice),
    }
}

const IPC_SYMBOLS: &[&str] = &[
    "cuIpcGetMemHandle",
    "cuIpcOpenMemHandle_v2",
    "cuIpcCloseMemHandle",
    "cuIpcGetEventHandle",
    "cuIpcOpenEventHandle",
];

const POOL_IPC_SYMBOLS: &[&str] = &[
    "cuMemPoolExportToShareableHandle",
    "cuMemPoolImportFromShareableHandle",
    "cuMemPoolExportPointer",
    "cuMemPoolImportPointer",
];

/// Handles this process made (memory and events): opening one here is
/// `hipErrorInvalidContext`, HIP's code, before the driver sees it.
static EXPORTED: Mutex<Option<HashSet<(u32, IpcHandle)>>> = Mutex::new(None);

fn remember_exported(h: IpcHandle) -> IpcHandle {
    // With the pid: a child forked after the export is another process.
    EXPORTED
        .lock()
        .get_or_insert_with(HashSet::new)
        .insert((std::process::id(), h));
    h
}

fn refuse_own(h: &IpcHandle) -> HipResult<()> {
    let mine = (std::process::id(), *h);
    if EXPORTED.lock().as_ref().is_some_and(|s| s.contains(&mine)) {
        Err(HipError::InvalidContext)
    } else {
        Ok(())
    }
}

/// Set at the first successful `hipIpcOpenMemHandle`.
static ANY_OPENED: AtomicBool = AtomicBool::new(false);
/// Opened pointers and their open counts.
static OPENED: Mutex<Option<HashMap<u64, usize>>> = Mutex::new(None);

/// `hipErrorInvalidValue` for an address `hipIpcOpenMemHandle` returned (`hipFree` and
/// `hipFreeAsync` must not reach the driver with it: it is closed with
/// `hipIpcCloseMemHandle`).
pub(super) fn refuse_opened(ptr: *mut c_void) -> HipResult<()> {
    // One relaxed load on the allocator's path until the process opens a handle.
    if !ANY_OPENED.load(Ordering::Relaxed) {
        return Ok(());
    }
    let opened = OPENED
        .lock()
        .as_ref()
        .is_some_and(|m| m.contains_key(&(ptr as u64)));
    if opened {
        Err(HipError::InvalidValue)
    } else {
        Ok(())
    }
}

fn to_bytes(reserved: &[std::ffi::c_char; IPC_HANDLE_SIZE]) -> IpcHandle {
    reserved.map(|c| c as u8)
}

fn from_bytes(bytes: &IpcHandle) -> [std::ffi::c_char; IPC_HANDLE_SIZE] {
    bytes.map(|b| b as std::ffi::c_char)
}

impl IpcBackend for Nvidia {
    fn ipc_get_mem_handle(&self, ptr: *mut c_void) -> HipResult<IpcHandle> {
        require(IPC_SYMBOLS)?;
        make_current(current_device()?)?;
        let mut h = cu::CUipcMemHandle {
            reserved: [0; IPC_HANDLE_SIZE],
        };
        // SAFETY: a context is current; out-parameter; the driver checks the pointer.
        check(unsafe { cu::cuIpcGetMemHandle(&mut h, ptr as cu::CUdeviceptr) })?;
        Ok(remember_exported(to_bytes(&h.reserved)))
    }

    fn ipc_open_mem_handle(&self, handle: &IpcHandle, flags: u32) -> HipResult<*mut c_void> {
        require(IPC_SYMBOLS)?;
        refuse_own(handle)?;
        make_current(current_device()?)?;
        let h = cu::CUipcMemHandle {
            reserved: from_bytes(handle),
        };
        let mut p = 0;
        // SAFETY: a context is current; out-parameter; the driver validates the handle.
        check(unsafe { cu::cuIpcOpenMemHandle_v2(&mut p, h, flags) })?;
        *OPENED
            .lock()
            .get_or_insert_with(HashMap::new)
            .entry(p)
            .or_insert(0) += 1;
        ANY_OPENED.store(true, Ordering::Relaxed);
        Ok(p as *mut c_void)
    }

    unsafe fn ipc_close_mem_handle(&self, ptr: *mut c_void) -> HipResult<()> {
        require(IPC_SYMBOLS)?;
        let mut opened = OPENED.lock();
        let map = opened.as_mut().ok_or(HipError::InvalidValue)?;
        let count = map.get_mut(&(ptr as u64)).ok_or(HipError::InvalidValue)?;
        make_current(current_device()?)?;
        // SAFETY: an address cuIpcOpenMemHandle returned and not closed as often as opened;
        // the caller guarantees no further use.
        check(unsafe { cu::cuIpcCloseMemHandle(ptr as cu::CUdeviceptr) })?;
        *count -= 1;
        if *count == 0 {
            map.remove(&(ptr as u64));
        }
        Ok(())
    }

    fn ipc_get_event_handle(&self, e: Handle) -> HipResult<IpcHandle> {
        require(IPC_SYMBOLS)?;
        let e = live_event(e)?;
        if !event::is_interprocess(e) {
            // HIP's code (the driver would give its own).
            return Err(HipError::InvalidConfiguration);
        }
        make_current(current_device()?)?;
        let mut h = cu::CUipcEventHandle {
            reserved: [0; IPC_HANDLE_SIZE],
        };
        // SAFETY: a live event; out-parameter.
        check(unsafe { cu::cuIpcGetEventHandle(&mut h, e) })?;
        Ok(remember_exported(to_bytes(&h.reserved)))
    }

    fn ipc_open_event_handle(&self, handle: &IpcHandle) -> HipResult<Handle> {
        require(IPC_SYMBOLS)?;
        refuse_own(handle)?;
        let dev = current_device()?;
        make_current(dev)?;
        let h = cu::CUipcEventHandle {
            reserved: from_bytes(handle),
        };
        let mut e = std::ptr::null_mut();
        // SAFETY: a context is current; out-parameter; the driver validates the handle.
        check(unsafe { cu::cuIpcOpenEventHandle(&mut e, h) })?;
        event::adopt(e, dev);
        Ok(e.cast())
    }

    fn mem_pool_export_fd(&self, pool: Handle) -> HipResult<i32> {
        require(POOL_IPC_SYMBOLS)?;
        let pool = super::mempool::pool_of(pool)?;
        make_current(current_device()?)?;
        let mut fd: i32 = -1;
        // SAFETY: for a POSIX descriptor the driver writes an `int`; the pool is HIP's
        // contract with the program.
        check(unsafe {
            cu::cuMemPoolExportToShareableHandle(
                (&mut fd as *mut i32).cast(),
                pool,
                cu::CUmemAllocationHandleType::CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR,
                0,
            )
        })?;
        Ok(fd)
    }

    fn mem_pool_import_fd(&self, fd: i32) -> HipResult<Handle> {
        require(POOL_IPC_SYMBOLS)?;
        make_current(current_device()?)?;
        let mut pool = std::ptr::null_mut();
        // SAFETY: a POSIX descriptor is passed as the pointer-sized value itself (CUDA's
        // convention); out-parameter.
        check(unsafe {
            cu::cuMemPoolImportFromShareableHandle(
                &mut pool,
                fd as isize as *mut c_void,
                cu::CUmemAllocationHandleType::CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR,
                0,
            )
        })?;
        Ok(pool.cast())
    }

    fn mem_pool_export_pointer(&self, ptr: *mut c_void) -> HipResult<IpcHandle> {
        require(POOL_IPC_SYMBOLS)?;
        make_current(current_device()?)?;
        let mut data = cu::CUmemPoolPtrExportData {
            reserved: [0; IPC_HANDLE_SIZE],
        };
        // SAFETY: out-parameter; the driver checks the pointer.
        check(unsafe { cu::cuMemPoolExportPointer(&mut data, ptr as cu::CUdeviceptr) })?;
        Ok(data.reserved)
    }

    fn mem_pool_import_pointer(&self, pool: Handle, data: &IpcHandle) -> HipResult<*mut c_void> {
        require(POOL_IPC_SYMBOLS)?;
        let pool = super::mempool::pool_of(pool)?;
        make_current(current_device()?)?;
        let mut d = cu::CUmemPoolPtrExportData { reserved: *data };
        let mut p = 0;
        // SAFETY: a complete export record; the pool is HIP's contract with the program.
        check(unsafe { cu::cuMemPoolImportPointer(&mut p, pool, &mut d) })?;
        Ok(p as *mut c_void)
    }
}
