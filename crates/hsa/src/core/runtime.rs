//! Process-wide runtime state: the `hsa_init`/`hsa_shut_down` reference count and the
//! topology (agents, regions) built at first init.
//!
//! Every entry point other than `hsa_init` and `hsa_status_string` calls
//! [`current`] first; it fails with `HSA_STATUS_ERROR_NOT_INITIALIZED` while the
//! reference count is zero.

use std::sync::Arc;

use parking_lot::{Mutex, RwLock};

use super::agent::{AgentObject, Topology};
use super::info::InfoValue;
use crate::status::{HsaError, HsaResult};

/// `HSA_SYSTEM_INFO_VERSION_MAJOR/MINOR`: HSA 1.1, as ROCR reports.
pub const HSA_VERSION: (u16, u16) = (1, 1);
/// `HSA_AMD_SYSTEM_INFO_EXT_VERSION_MAJOR/MINOR`: the `hsa_ext_amd.h` interface version.
pub const AMD_EXT_VERSION: (u16, u16) = (1, 6);
/// `HSA_EXTENSION_AMD_PROFILER`: the only extension reported (its functions are exported
/// by name; no function table).
pub const EXTENSION_AMD_PROFILER: u16 = 0x200;
/// Extensions this runtime supports, by `hsa_extension_t` id.
pub const SUPPORTED_EXTENSIONS: &[u16] = &[EXTENSION_AMD_PROFILER];
/// `HSA_AMD_SYSTEM_INFO_BUILD_VERSION`, NUL-terminated for the C ABI.
pub const BUILD_VERSION: &str = concat!("ferrocm ", env!("CARGO_PKG_VERSION"), "\0");

/// `hsa_system_get_info`: the one table both the C ABI and the safe API read.
pub fn system_info(attribute: u32) -> HsaResult<InfoValue> {
    Ok(match attribute {
        0 => InfoValue::U16(HSA_VERSION.0),
        1 => InfoValue::U16(HSA_VERSION.1),
        2 => InfoValue::U64(crate::time::now()),
        3 => InfoValue::U64(crate::time::TIMESTAMP_FREQUENCY_HZ),
        4 => InfoValue::U64(u64::MAX), // SIGNAL_MAX_WAIT: no limit, as in ROCR
        5 => InfoValue::U32(if cfg!(target_endian = "little") { 0 } else { 1 }),
        6 => InfoValue::U32(u32::from(cfg!(target_pointer_width = "64"))), // LARGE on 64-bit
        7 => {
            let mut mask = vec![0u8; 128];
            for &ext in SUPPORTED_EXTENSIONS {
                mask[usize::from(ext / 8)] |= 1 << (ext % 8);
            }
            InfoValue::Bytes(mask)
        }
        0x200 => InfoValue::Pointer(BUILD_VERSION.as_ptr() as usize),
        0x201 => InfoValue::Bool(true), // SVM_SUPPORTED: all memory is host memory
        0x202 => InfoValue::Bool(true), // SVM_ACCESSIBLE_BY_DEFAULT
        0x203 => InfoValue::Bool(false), // MWAITX_ENABLED: waits use futexes
        0x204 => InfoValue::Bool(false), // DMABUF_SUPPORTED
        0x205 => InfoValue::Bool(false), // VIRTUAL_MEM_API_SUPPORTED
        0x206 => InfoValue::Bool(false), // XNACK_ENABLED
        0x207 => InfoValue::U16(AMD_EXT_VERSION.0),
        0x208 => InfoValue::U16(AMD_EXT_VERSION.1),
        _ => return Err(HsaError::ERROR_INVALID_ARGUMENT),
    })
}

/// The initialised runtime: what `hsa_init` builds and the last `hsa_shut_down` drops.
pub struct RuntimeState {
    /// Agents and their regions, fixed for the life of this initialisation.
    pub topology: Topology,
}

impl RuntimeState {
    /// The agent with this handle, or `HSA_STATUS_ERROR_INVALID_AGENT`.
    pub fn agent(&self, handle: u64) -> HsaResult<&Arc<AgentObject>> {
        self.topology.agent(handle)
    }
}

struct Lifecycle {
    refcount: u32,
}

static LIFECYCLE: Mutex<Lifecycle> = Mutex::new(Lifecycle { refcount: 0 });
static STATE: RwLock<Option<Arc<RuntimeState>>> = RwLock::new(None);

/// Hooks run by the last `hsa_shut_down`, so every subsystem releases what it holds
/// (queues stop their processors, signals and allocations are freed).
type ShutdownHook = fn();
static SHUTDOWN_HOOKS: Mutex<Vec<ShutdownHook>> = Mutex::new(Vec::new());

/// Registers `hook` to run at every final shutdown (idempotent per function).
pub fn on_shutdown(hook: ShutdownHook) {
    let mut hooks = SHUTDOWN_HOOKS.lock();
    if !hooks.iter().any(|h| std::ptr::fn_addr_eq(*h, hook)) {
        hooks.push(hook);
    }
}

/// `hsa_init`: builds the runtime on the first call, otherwise bumps the reference count.
pub fn init() -> HsaResult<()> {
    let mut life = LIFECYCLE.lock();
    if life.refcount == i32::MAX as u32 {
        return Err(HsaError::ERROR_REFCOUNT_OVERFLOW);
    }
    if life.refcount == 0 {
        let topology = Topology::discover()?;
        *STATE.write() = Some(Arc::new(RuntimeState { topology }));
    }
    life.refcount += 1;
    Ok(())
}

/// `hsa_shut_down`: drops one reference; the last one releases every resource.
pub fn shut_down() -> HsaResult<()> {
    let mut life = LIFECYCLE.lock();
    if life.refcount == 0 {
        return Err(HsaError::ERROR_NOT_INITIALIZED);
    }
    life.refcount -= 1;
    if life.refcount == 0 {
        // Copy the hooks out so that a hook may register others without deadlocking.
        let hooks: Vec<ShutdownHook> = SHUTDOWN_HOOKS.lock().clone();
        for hook in hooks {
            hook();
        }
        *STATE.write() = None;
    }
    Ok(())
}

/// The initialised runtime, or `HSA_STATUS_ERROR_NOT_INITIALIZED`.
pub fn current() -> HsaResult<Arc<RuntimeState>> {
    STATE.read().clone().ok_or(HsaError::ERROR_NOT_INITIALIZED)
}

/// Whether the reference count is non-zero.
pub fn is_initialized() -> bool {
    STATE.read().is_some()
}

/// The current reference count (for tests and diagnostics).
pub fn refcount() -> u32 {
    LIFECYCLE.lock().refcount
}

#[cfg(test)]
pub(crate) mod test_support {
    /// Serialises unit tests that init/shut down the process-wide runtime.
    pub static RUNTIME_TEST_LOCK: parking_lot::Mutex<()> = parking_lot::Mutex::new(());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refcount_and_not_initialized() {
        let _guard = test_support::RUNTIME_TEST_LOCK.lock();
        let base = refcount();
        init().unwrap();
        init().unwrap();
        assert_eq!(refcount(), base + 2);
        assert!(current().is_ok());
        shut_down().unwrap();
        shut_down().unwrap();
        assert_eq!(refcount(), base);
        if base == 0 {
            assert_eq!(current().err(), Some(HsaError::ERROR_NOT_INITIALIZED));
            assert_eq!(shut_down(), Err(HsaError::ERROR_NOT_INITIALIZED));
        }
    }
}
