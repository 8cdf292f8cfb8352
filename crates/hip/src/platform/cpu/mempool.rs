//! [`MemPoolBackend`] for the CPU platform: the runtime core's stream-ordered allocator
//! ([`crate::mempool`]). Pool handles are registry numbers.

use std::ffi::c_void;
use std::sync::Arc;

use super::Cpu;
use crate::backend::mempool::MemAccess;
use crate::backend::{Handle, MemPoolBackend};
use crate::error::{HipError, HipResult};
use crate::mempool::{self, MemPool, PoolAttr, PoolProps};
use crate::stream::resolve;

/// The live pool behind a handle (`hipErrorInvalidValue` otherwise).
fn pool(handle: Handle) -> HipResult<Arc<MemPool>> {
    MemPool::lookup(handle as u64)
}

impl MemPoolBackend for Cpu {
    fn malloc_async(&self, size: usize, stream: Handle) -> HipResult<*mut c_void> {
        let s = resolve(stream as u64)?;
        Ok(mempool::malloc_async(size, &s)?.cast())
    }

    unsafe fn free_async(&self, ptr: *mut c_void, stream: Handle) -> HipResult<()> {
        let s = resolve(stream as u64)?;
        if let Some(done) = super::release_shared_async(ptr as usize, &s) {
            return done;
        }
        mempool::free_async(ptr as usize, &s)
    }

    fn malloc_from_pool_async(
        &self,
        size: usize,
        pool_handle: Handle,
        stream: Handle,
    ) -> HipResult<*mut c_void> {
        let p = pool(pool_handle)?;
        let s = resolve(stream as u64)?;
        Ok(p.allocate(size, &s)?.cast())
    }

    fn mem_pool_create(&self, dev: usize, handle_types: u32, max_size: usize) -> HipResult<Handle> {
        if handle_types & !crate::backend::vmm::HANDLE_TYPE_POSIX_FD != 0 {
            // Windows handles do not exist here.
            return Err(HipError::NotSupported);
        }
        let p = MemPool::create(PoolProps {
            device: dev,
            max_size,
        })?;
        if handle_types != 0 {
            // Exportable as a POSIX descriptor (see `ipc`).
            super::ipc::mark_exportable_pool(p.handle as Handle);
        }
        Ok(p.handle as Handle)
    }

    fn mem_pool_destroy(&self, pool_handle: Handle) -> HipResult<()> {
        if super::ipc::destroy_imported_pool(pool_handle) {
            return Ok(());
        }
        MemPool::destroy(pool_handle as u64)?;
        super::ipc::forget_exportable_pool(pool_handle);
        Ok(())
    }

    fn mem_pool_default(&self, dev: usize) -> HipResult<Handle> {
        Ok(mempool::default_pool(dev)?.handle as Handle)
    }

    fn mem_pool_current(&self, dev: usize) -> HipResult<Handle> {
        Ok(mempool::current_pool(dev)?.handle as Handle)
    }

    fn mem_pool_set_current(&self, dev: usize, pool_handle: Handle) -> HipResult<()> {
        if pool_handle.is_null() {
            return Err(HipError::InvalidValue);
        }
        mempool::set_current_pool(dev, &pool(pool_handle)?)
    }

    fn mem_pool_trim_to(&self, pool_handle: Handle, keep: usize) -> HipResult<()> {
        pool(pool_handle)?.trim_to(keep as u64);
        Ok(())
    }

    fn mem_pool_attribute(&self, pool_handle: Handle, attr: PoolAttr) -> HipResult<u64> {
        Ok(pool(pool_handle)?.attribute(attr))
    }

    fn mem_pool_set_attribute(
        &self,
        pool_handle: Handle,
        attr: PoolAttr,
        value: u64,
    ) -> HipResult<()> {
        let p = pool(pool_handle)?;
        // A reuse flag is set by any non-zero `int`.
        let value = if attr.is_int() {
            u64::from(value as i32 != 0)
        } else {
            value
        };
        p.set_attribute(attr, value)
    }

    fn mem_pool_set_access(&self, pool_handle: Handle, access: &[MemAccess]) -> HipResult<()> {
        let p = pool(pool_handle)?;
        for a in access {
            p.set_access(a.device, a.flags)?;
        }
        Ok(())
    }

    fn mem_pool_access(&self, pool_handle: Handle, dev: usize) -> HipResult<u32> {
        pool(pool_handle)?.access(dev)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::IpcBackend;

    #[test]
    fn pools_through_the_backend() {
        // Windows handles do not exist here; POSIX descriptors make the pool exportable.
        assert_eq!(Cpu.mem_pool_create(0, 0x2, 0), Err(HipError::NotSupported));
        let shareable = Cpu.mem_pool_create(0, 0x1, 0).unwrap();
        let fd = Cpu.mem_pool_export_fd(shareable).unwrap();
        assert!(fd >= 0);
        // SAFETY: the descriptor the export gave us.
        unsafe { libc::close(fd) };
        Cpu.mem_pool_destroy(shareable).unwrap();
        let p = Cpu.mem_pool_create(0, 0, 0).unwrap();
        let attr = PoolAttr::ReuseAllowOpportunistic;
        // A C `int` flag arrives sign-extended: -1 sets it, 0 clears it.
        Cpu.mem_pool_set_attribute(p, attr, 0).unwrap();
        assert_eq!(Cpu.mem_pool_attribute(p, attr), Ok(0));
        Cpu.mem_pool_set_attribute(p, attr, -1i64 as u64).unwrap();
        assert_eq!(Cpu.mem_pool_attribute(p, attr), Ok(1));
        // The owning device keeps read-write access.
        assert_eq!(Cpu.mem_pool_access(p, 0), Ok(mempool::ACCESS_READ_WRITE));
        let access = [MemAccess {
            device: 0,
            flags: mempool::ACCESS_READ,
        }];
        assert_eq!(
            Cpu.mem_pool_set_access(p, &access),
            Err(HipError::InvalidValue)
        );
        let null = std::ptr::null_mut();
        let a = Cpu.malloc_from_pool_async(100, p, null).unwrap();
        assert!(!a.is_null());
        // SAFETY: the allocation above, unused from here on.
        unsafe { Cpu.free_async(a, null).unwrap() };
        Cpu.mem_pool_destroy(p).unwrap();
        assert_eq!(Cpu.mem_pool_trim_to(p, 0), Err(HipError::InvalidValue));
        // Every device has a default pool (which tests elsewhere may replace as the
        // current one, so only its existence is checked here).
        assert!(!Cpu.mem_pool_default(0).unwrap().is_null());
        assert!(!Cpu.mem_pool_current(0).unwrap().is_null());
        assert_eq!(
            Cpu.mem_pool_set_current(0, null),
            Err(HipError::InvalidValue)
        );
    }
}
