//! The runtime guard: [`Runtime`] is `hsa_init` on creation and `hsa_shut_down` when
//! the last clone goes away.
//!
//! Every object of the safe API (agents, queues, executables, allocations) holds a
//! clone of the `Runtime` it came from, so the runtime cannot be shut down under an
//! object that is still alive: dropping the `Runtime` you created only gives back
//! your reference; the real shutdown happens when nothing uses the runtime anymore.
//! Several independent `Runtime::init()` calls stack like `hsa_init` calls do.
//!
//! ```
//! use hsa::{DeviceType, Runtime};
//!
//! let rt = Runtime::init()?;
//! let (major, minor) = rt.version();
//! assert_eq!((major, minor), (1, 1));
//! assert_eq!(rt.timestamp_frequency(), 1_000_000_000);
//! let cpu = rt.cpu_agent()?;
//! assert_eq!(cpu.device_type(), DeviceType::Cpu);
//! assert!(rt.agents()?.iter().any(|a| a.handle() == cpu.handle()));
//! # Ok::<(), hsa::HsaError>(())
//! ```

use std::fmt;
use std::sync::Arc;

use crate::agent::Agent;
use crate::core;
use crate::status::HsaResult;

pub use crate::core::runtime::{AMD_EXT_VERSION, HSA_VERSION};

use crate::core::info::InfoValue;

/// A boolean attribute of `hsa_system_get_info`, read from the core's single table.
fn system_flag(attribute: u32) -> bool {
    matches!(
        core::runtime::system_info(attribute),
        Ok(InfoValue::Bool(true))
    )
}

/// `hsa_machine_model_t`
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u32)]
pub enum MachineModel {
    /// 32-bit addresses.
    Small = 0,
    /// 64-bit addresses.
    Large = 1,
}

/// `hsa_endianness_t`
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u32)]
pub enum Endianness {
    Little = 0,
    Big = 1,
}

/// `hsa_profile_t`
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u32)]
pub enum Profile {
    Base = 0,
    Full = 1,
}

/// `hsa_default_float_rounding_mode_t`
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u32)]
pub enum FloatRoundingMode {
    Default = 0,
    Zero = 1,
    Near = 2,
}

/// One `hsa_init` reference, given back by `hsa_shut_down` on drop.
struct Guard;

impl Drop for Guard {
    fn drop(&mut self) {
        // Only fails when the count is already zero, which cannot happen while a guard
        // exists unless C code called `hsa_shut_down` too often; nothing to do then.
        let _ = core::runtime::shut_down();
    }
}

/// An initialised HSA runtime (an `hsa_init` reference). Cheap to clone; the reference
/// is given back when the last clone is dropped.
#[derive(Clone)]
pub struct Runtime {
    _guard: Arc<Guard>,
}

impl fmt::Debug for Runtime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Runtime")
            .field("refcount", &core::runtime::refcount())
            .finish()
    }
}

impl Runtime {
    /// `hsa_init`: initialises the runtime (or takes one more reference to it).
    ///
    /// Errors: `HSA_STATUS_ERROR_REFCOUNT_OVERFLOW`, `HSA_STATUS_ERROR_OUT_OF_RESOURCES`.
    pub fn init() -> HsaResult<Runtime> {
        core::runtime::init()?;
        Ok(Runtime {
            _guard: Arc::new(Guard),
        })
    }

    /// A new reference to the runtime if it is already initialised (by a `Runtime` or by
    /// C code), `HSA_STATUS_ERROR_NOT_INITIALIZED` otherwise. Never initialises it.
    pub fn current() -> HsaResult<Runtime> {
        core::runtime::current()?;
        // The runtime may have been shut down in between; `init` then simply builds it
        // again, which is still a valid runtime for the caller.
        Runtime::init()
    }

    /// The runtime state these objects were discovered in.
    pub(crate) fn state(&self) -> HsaResult<Arc<core::runtime::RuntimeState>> {
        core::runtime::current()
    }

    /// All agents (`hsa_iterate_agents`), CPU agent first.
    pub fn agents(&self) -> HsaResult<Vec<Agent>> {
        let state = self.state()?;
        Ok(state
            .topology
            .agents
            .iter()
            .map(|a| Agent::from_object(a.clone(), self.clone()))
            .collect())
    }

    /// The CPU agent (which is also a kernel agent in ferrocm).
    pub fn cpu_agent(&self) -> HsaResult<Agent> {
        let state = self.state()?;
        Ok(Agent::from_object(
            state.topology.cpu_agent().clone(),
            self.clone(),
        ))
    }

    /// Every CPU agent (one per CPU device, `FERROCM_CPU_DEVICES`; the first is
    /// [`Runtime::cpu_agent`]).
    pub fn cpu_agents(&self) -> HsaResult<Vec<Agent>> {
        let state = self.state()?;
        Ok(state
            .topology
            .cpu_agents()
            .map(|a| Agent::from_object(a.clone(), self.clone()))
            .collect())
    }

    /// The GPU agents (one per NVIDIA device; none without a CUDA driver).
    pub fn gpu_agents(&self) -> HsaResult<Vec<Agent>> {
        Ok(self
            .agents()?
            .into_iter()
            .filter(|a| a.device_type() == crate::DeviceType::Gpu)
            .collect())
    }

    /// The agents that accept kernel-dispatch packets.
    pub fn kernel_agents(&self) -> HsaResult<Vec<Agent>> {
        Ok(self
            .agents()?
            .into_iter()
            .filter(|a| a.features().kernel_dispatch())
            .collect())
    }

    /// The agent with this `hsa_agent_t` handle, or `HSA_STATUS_ERROR_INVALID_AGENT`.
    pub fn agent(&self, handle: u64) -> HsaResult<Agent> {
        let state = self.state()?;
        let obj = state.agent(handle)?.clone();
        Ok(Agent::from_object(obj, self.clone()))
    }

    /// `HSA_SYSTEM_INFO_VERSION_MAJOR` / `_MINOR`.
    pub fn version(&self) -> (u16, u16) {
        HSA_VERSION
    }

    /// `HSA_AMD_SYSTEM_INFO_EXT_VERSION_MAJOR` / `_MINOR` (the AMD extension interface).
    pub fn ext_version(&self) -> (u16, u16) {
        AMD_EXT_VERSION
    }

    /// `HSA_SYSTEM_INFO_TIMESTAMP`: now, in ticks of [`Runtime::timestamp_frequency`].
    pub fn timestamp(&self) -> u64 {
        crate::time::now()
    }

    /// `HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY` in Hz (1 GHz: ticks are nanoseconds).
    pub fn timestamp_frequency(&self) -> u64 {
        crate::time::TIMESTAMP_FREQUENCY_HZ
    }

    /// `HSA_SYSTEM_INFO_SIGNAL_MAX_WAIT`: the longest a signal wait blocks, in ticks
    /// (`u64::MAX`: no limit, as in ROCR).
    pub fn signal_max_wait(&self) -> u64 {
        match core::runtime::system_info(4) {
            Ok(InfoValue::U64(v)) => v,
            _ => u64::MAX,
        }
    }

    /// `HSA_SYSTEM_INFO_MACHINE_MODEL`.
    pub fn machine_model(&self) -> MachineModel {
        if cfg!(target_pointer_width = "64") {
            MachineModel::Large
        } else {
            MachineModel::Small
        }
    }

    /// `HSA_SYSTEM_INFO_ENDIANNESS`.
    pub fn endianness(&self) -> Endianness {
        if cfg!(target_endian = "little") {
            Endianness::Little
        } else {
            Endianness::Big
        }
    }

    /// `HSA_AMD_SYSTEM_INFO_MWAITX_ENABLED` (never: signal waits use futexes).
    pub fn mwaitx_enabled(&self) -> bool {
        system_flag(0x203)
    }

    /// `HSA_AMD_SYSTEM_INFO_DMABUF_SUPPORTED` (no dma-buf export on the CPU agent).
    pub fn dmabuf_supported(&self) -> bool {
        system_flag(0x204)
    }

    /// `HSA_AMD_SYSTEM_INFO_SVM_SUPPORTED`: host and agents share one address space.
    pub fn svm_supported(&self) -> bool {
        system_flag(0x201)
    }

    /// `HSA_AMD_SYSTEM_INFO_SVM_ACCESSIBLE_BY_DEFAULT`.
    pub fn svm_accessible_by_default(&self) -> bool {
        system_flag(0x202)
    }

    /// `HSA_AMD_SYSTEM_INFO_XNACK_ENABLED` (page faults are not an issue on the CPU).
    pub fn xnack_enabled(&self) -> bool {
        system_flag(0x206)
    }

    /// `HSA_AMD_SYSTEM_INFO_BUILD_VERSION`: this crate's version.
    pub fn build_version(&self) -> &'static str {
        crate::core::runtime::BUILD_VERSION.trim_end_matches('\0')
    }
}
