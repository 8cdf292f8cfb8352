//! Regions and the core memory API.

use std::ffi::c_void;

use hsa::core::memory;
use hsa::HsaError;

use crate::entry::{iterate, non_null, rt, write_info, write_out};
use crate::types::{hsa_agent_t, hsa_region_t, hsa_status_t};

pub(crate) type RegionCallback = unsafe extern "C" fn(hsa_region_t, *mut c_void) -> hsa_status_t;

hsa_api! {
    fn hsa_region_get_info(region: hsa_region_t, attribute: u32, value: *mut c_void) {
        let rt = rt()?;
        let (_, r) = rt.topology.region(region.handle)?;
        // SAFETY: the caller passes a buffer of the attribute's type.
        unsafe { write_info(r.region_info(attribute), value) }
    }

    fn hsa_agent_iterate_regions(agent: hsa_agent_t, callback: Option<RegionCallback>, data: *mut c_void) {
        let rt = rt()?;
        let a = rt.agent(agent.handle)?;
        let cb = callback.ok_or(HsaError::ERROR_INVALID_ARGUMENT)?;
        // SAFETY: the application's callback with valid region handles.
        iterate(a.regions.iter(), |r| unsafe { cb(hsa_region_t { handle: r.handle() }, data) })
    }

    fn hsa_memory_allocate(region: hsa_region_t, size: usize, ptr: *mut *mut c_void) {
        let rt = rt()?;
        non_null(ptr)?;
        let (agent, r) = rt.topology.region(region.handle)?;
        let p = memory::allocate(agent.handle(), r, size)?;
        // SAFETY: checked non-null `void**`.
        unsafe { write_out(ptr, p.cast()) }
    }

    fn hsa_memory_free(ptr: *mut c_void) {
        rt()?;
        memory::free(ptr.cast())
    }

    fn hsa_memory_copy(dst: *mut c_void, src: *const c_void, size: usize) {
        rt()?;
        // SAFETY: HSA makes the caller guarantee both ranges for `size` bytes.
        unsafe { memory::copy(dst.cast(), src.cast(), size) }
    }

    fn hsa_memory_assign_agent(ptr: *mut c_void, agent: hsa_agent_t, access: u32) {
        let rt = rt()?;
        non_null(ptr)?;
        rt.agent(agent.handle)?;
        if access > 3 {
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        // Ownership is tracked for coarse-grained allocations; fine-grained ones are a no-op.
        memory::update(ptr as usize, |a| {
            if a.global_flags & memory::GLOBAL_FLAG_COARSE_GRAINED != 0 {
                a.owner = agent.handle;
            }
        })
    }

    fn hsa_memory_register(ptr: *mut c_void, size: usize) {
        rt()?;
        // A performance hint for OS memory, which the CPU agent reaches directly.
        if ptr.is_null() != (size == 0) {
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        Ok(())
    }

    fn hsa_memory_deregister(ptr: *mut c_void, size: usize) {
        rt()?;
        if ptr.is_null() != (size == 0) {
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        Ok(())
    }
}
