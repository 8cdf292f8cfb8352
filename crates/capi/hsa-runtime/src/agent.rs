//! Agents, caches, ISAs and wavefronts.

use std::ffi::{c_char, c_void};
use std::sync::Arc;

use hsa::core::agent::IsaObject;
use hsa::core::info::InfoValue;
use hsa::{HsaError, HsaResult, Status};

use crate::entry::{c_str, iterate, non_null, out_ok, rt, write_info, write_out};
use crate::types::{hsa_agent_t, hsa_cache_t, hsa_isa_t, hsa_status_t, hsa_wavefront_t};

pub(crate) type AgentCallback = unsafe extern "C" fn(hsa_agent_t, *mut c_void) -> hsa_status_t;
pub(crate) type CacheCallback = unsafe extern "C" fn(hsa_cache_t, *mut c_void) -> hsa_status_t;
pub(crate) type IsaCallback = unsafe extern "C" fn(hsa_isa_t, *mut c_void) -> hsa_status_t;
pub(crate) type WavefrontCallback =
    unsafe extern "C" fn(hsa_wavefront_t, *mut c_void) -> hsa_status_t;

/// A wavefront handle is its ISA's handle with the low bit set (ISA handles are aligned).
fn wavefront_of(isa: u64) -> u64 {
    isa | 1
}

fn find_isa(handle: u64) -> HsaResult<Arc<IsaObject>> {
    rt()?.topology.isa(handle).cloned()
}

fn find_wavefront(handle: u64) -> HsaResult<Arc<IsaObject>> {
    let rt = rt()?;
    rt.topology
        .agents
        .iter()
        .flat_map(|a| a.isas.iter())
        .find(|i| wavefront_of(Arc::as_ptr(i) as u64) == handle)
        .cloned()
        .ok_or(HsaError(Status::ERROR_INVALID_WAVEFRONT))
}

hsa_api! {
    fn hsa_agent_get_info(agent: hsa_agent_t, attribute: u32, value: *mut c_void) {
        let rt = rt()?;
        let a = rt.agent(agent.handle)?;
        // SAFETY: the caller passes a buffer of the attribute's type.
        unsafe { write_info(a.info(attribute, agent.handle), value) }
    }

    fn hsa_iterate_agents(callback: Option<AgentCallback>, data: *mut c_void) {
        let rt = rt()?;
        let cb = callback.ok_or(HsaError::ERROR_INVALID_ARGUMENT)?;
        // SAFETY: the application's callback, called with valid agent handles and its data.
        iterate(rt.topology.agents.iter(), |a| unsafe { cb(hsa_agent_t { handle: a.handle() }, data) })
    }

    fn hsa_agent_get_exception_policies(agent: hsa_agent_t, profile: u32, mask: *mut u16) {
        let rt = rt()?;
        rt.agent(agent.handle)?;
        if profile > 1 {
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        // The CPU agent detects no floating-point exceptions: no policy is supported.
        // SAFETY: `uint16_t*` per the API.
        unsafe { write_out(mask, 0) }
    }

    fn hsa_cache_get_info(cache: hsa_cache_t, attribute: u32, value: *mut c_void) {
        let rt = rt()?;
        let c = rt.topology.cache(cache.handle)?;
        let info = match attribute {
            0 => Ok(InfoValue::U32(c.name.len() as u32)),
            1 => Ok(InfoValue::Bytes(c.name.as_bytes().to_vec())),
            2 => Ok(InfoValue::U8(c.level)),
            3 => Ok(InfoValue::U32(c.size)),
            _ => Err(HsaError::ERROR_INVALID_ARGUMENT),
        };
        // SAFETY: the caller passes a buffer of the attribute's type.
        unsafe { write_info(info, value) }
    }

    fn hsa_agent_iterate_caches(agent: hsa_agent_t, callback: Option<CacheCallback>, data: *mut c_void) {
        let rt = rt()?;
        let a = rt.agent(agent.handle)?;
        let cb = callback.ok_or(HsaError::ERROR_INVALID_ARGUMENT)?;
        // SAFETY: the application's callback with valid cache handles.
        iterate(a.caches.iter(), |c| unsafe { cb(hsa_cache_t { handle: Arc::as_ptr(c) as u64 }, data) })
    }

    fn hsa_agent_extension_supported(extension: u16, agent: hsa_agent_t, _version_major: u16, _version_minor: u16, result: *mut bool) {
        let rt = rt()?;
        rt.agent(agent.handle)?;
        if extension > 0x203 {
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        // No agent-level extension is implemented.
        // SAFETY: `bool*` per the API.
        unsafe { write_out(result, false) }
    }

    fn hsa_agent_major_extension_supported(extension: u16, agent: hsa_agent_t, _version_major: u16, version_minor: *mut u16, result: *mut bool) {
        let rt = rt()?;
        rt.agent(agent.handle)?;
        non_null(version_minor)?;
        if extension > 0x203 {
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        // SAFETY: `bool*` per the API.
        unsafe { write_out(result, false) }
    }

    fn hsa_isa_from_name(name: *const c_char, isa: *mut hsa_isa_t) {
        let rt = rt()?;
        out_ok(isa)?;
        // SAFETY: a NUL-terminated string per the API.
        let name = unsafe { c_str(name)? }.to_str().map_err(|_| HsaError::ERROR_INVALID_ISA_NAME)?;
        let found = rt
            .topology
            .agents
            .iter()
            .flat_map(|a| a.isas.iter())
            .find(|i| i.name == name)
            .ok_or(HsaError::ERROR_INVALID_ISA_NAME)?;
        // SAFETY: checked non-null.
        unsafe { write_out(isa, hsa_isa_t { handle: Arc::as_ptr(found) as u64 }) }
    }

    fn hsa_agent_iterate_isas(agent: hsa_agent_t, callback: Option<IsaCallback>, data: *mut c_void) {
        let rt = rt()?;
        let a = rt.agent(agent.handle)?;
        let cb = callback.ok_or(HsaError::ERROR_INVALID_ARGUMENT)?;
        // SAFETY: the application's callback with valid ISA handles.
        iterate(a.isas.iter(), |i| unsafe { cb(hsa_isa_t { handle: Arc::as_ptr(i) as u64 }, data) })
    }

    fn hsa_isa_get_info(isa: hsa_isa_t, attribute: u32, index: u32, value: *mut c_void) {
        let i = find_isa(isa.handle)?;
        if index != 0 && (2..=4).contains(&attribute) {
            return Err(HsaError::ERROR_INVALID_INDEX);
        }
        // SAFETY: the caller passes a buffer of the attribute's type.
        unsafe { write_info(i.info(attribute), value) }
    }

    fn hsa_isa_get_info_alt(isa: hsa_isa_t, attribute: u32, value: *mut c_void) {
        let i = find_isa(isa.handle)?;
        if (2..=4).contains(&attribute) {
            // Call-convention attributes only exist in the deprecated query.
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        // SAFETY: the caller passes a buffer of the attribute's type.
        unsafe { write_info(i.info(attribute), value) }
    }

    fn hsa_isa_get_exception_policies(isa: hsa_isa_t, profile: u32, mask: *mut u16) {
        find_isa(isa.handle)?;
        if profile > 1 {
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        // SAFETY: `uint16_t*` per the API.
        unsafe { write_out(mask, 0) }
    }

    fn hsa_isa_get_round_method(isa: hsa_isa_t, fp_type: u32, flush_mode: u32, round_method: *mut u32) {
        find_isa(isa.handle)?;
        if !matches!(fp_type, 1 | 2 | 4) || !matches!(flush_mode, 1 | 2) {
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        // Host arithmetic rounds once per operation: HSA_ROUND_METHOD_SINGLE.
        // SAFETY: `hsa_round_method_t*` per the API.
        unsafe { write_out(round_method, 1) }
    }

    fn hsa_wavefront_get_info(wavefront: hsa_wavefront_t, attribute: u32, value: *mut c_void) {
        let i = find_wavefront(wavefront.handle)?;
        let info = match attribute {
            0 => Ok(InfoValue::U32(i.wavefront_size)),
            _ => Err(HsaError::ERROR_INVALID_ARGUMENT),
        };
        // SAFETY: the caller passes a buffer of the attribute's type.
        unsafe { write_info(info, value) }
    }

    fn hsa_isa_iterate_wavefronts(isa: hsa_isa_t, callback: Option<WavefrontCallback>, data: *mut c_void) {
        find_isa(isa.handle)?;
        let cb = callback.ok_or(HsaError::ERROR_INVALID_ARGUMENT)?;
        // SAFETY: the application's callback with a valid wavefront handle.
        iterate([wavefront_of(isa.handle)], |w| unsafe { cb(hsa_wavefront_t { handle: w }, data) })
    }

    fn hsa_isa_compatible(code_object_isa: hsa_isa_t, agent_isa: hsa_isa_t, result: *mut bool) {
        find_isa(code_object_isa.handle)?;
        find_isa(agent_isa.handle)?;
        // SAFETY: `bool*` per the API.
        unsafe { write_out(result, code_object_isa.handle == agent_isa.handle) }
    }
}
