//! Agents (`hsa_agent_t`): what they are, their limits, caches, ISAs and memory.
//!
//! ```
//! use hsa::{DeviceType, Runtime, Segment};
//!
//! let rt = Runtime::init()?;
//! let cpu = rt.cpu_agent()?;
//! assert_eq!(cpu.device_type(), DeviceType::Cpu);
//! assert!(cpu.features().kernel_dispatch());
//! assert_eq!(cpu.wavefront_size(), 64);
//! assert!(cpu.workgroup_max_size() >= 256);
//! let isa = cpu.isa().expect("the CPU agent is a kernel agent");
//! assert!(isa.name().ends_with("-ferrocm-linux--cpu"));
//! let global_pools = cpu
//!     .memory_pools()
//!     .into_iter()
//!     .filter(|p| p.segment() == Segment::Global)
//!     .count();
//! assert!(global_pools >= 3);
//! # Ok::<(), hsa::HsaError>(())
//! ```

use std::fmt;
use std::sync::Arc;

pub use crate::core::agent::DeviceType;
use crate::core::agent::{
    AgentObject, CacheObject, IsaObject, AGENT_FEATURE_AGENT_DISPATCH,
    AGENT_FEATURE_KERNEL_DISPATCH, QUEUE_TYPE_MULTI, QUEUE_TYPE_SINGLE,
};
use crate::core::info::InfoValue;
use crate::memory::{MemoryPool, Region};
use crate::runtime::{FloatRoundingMode, MachineModel, Profile, Runtime};
use crate::status::HsaResult;

/// `hsa_agent_feature_t` bits of an agent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AgentFeatures(pub u32);

impl AgentFeatures {
    /// `HSA_AGENT_FEATURE_KERNEL_DISPATCH`: the agent runs kernel-dispatch packets.
    pub fn kernel_dispatch(self) -> bool {
        self.0 & AGENT_FEATURE_KERNEL_DISPATCH != 0
    }

    /// `HSA_AGENT_FEATURE_AGENT_DISPATCH`: the agent runs agent-dispatch packets.
    pub fn agent_dispatch(self) -> bool {
        self.0 & AGENT_FEATURE_AGENT_DISPATCH != 0
    }
}

/// `hsa_queue_type_t`: who may write packets into a queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u32)]
pub enum QueueType {
    /// Several producers (threads) may reserve packets concurrently.
    Multi = QUEUE_TYPE_MULTI,
    /// One producer at a time.
    Single = QUEUE_TYPE_SINGLE,
}

impl QueueType {
    /// The `hsa_queue_type32_t` value.
    pub fn raw(self) -> u32 {
        self as u32
    }

    /// From an `hsa_queue_type32_t` value, if it is one of the two standard types.
    pub fn from_raw(raw: u32) -> Option<QueueType> {
        match raw {
            QUEUE_TYPE_MULTI => Some(QueueType::Multi),
            QUEUE_TYPE_SINGLE => Some(QueueType::Single),
            _ => None,
        }
    }
}

/// A cache of an agent (`hsa_cache_t`).
#[derive(Debug, Clone)]
pub struct Cache {
    obj: Arc<CacheObject>,
}

impl Cache {
    /// The `hsa_cache_t` handle.
    pub fn handle(&self) -> u64 {
        Arc::as_ptr(&self.obj) as u64
    }

    /// `HSA_CACHE_INFO_NAME` (`"L1"`, `"L2"`...).
    pub fn name(&self) -> &str {
        &self.obj.name
    }

    /// `HSA_CACHE_INFO_LEVEL` (1 = closest to the cores).
    pub fn level(&self) -> u8 {
        self.obj.level
    }

    /// `HSA_CACHE_INFO_SIZE` in bytes (0: unknown).
    pub fn size(&self) -> u32 {
        self.obj.size
    }
}

/// An instruction set architecture (`hsa_isa_t`) and its limits.
#[derive(Debug, Clone)]
pub struct Isa {
    obj: Arc<IsaObject>,
}

impl Isa {
    /// The `hsa_isa_t` handle.
    pub fn handle(&self) -> u64 {
        Arc::as_ptr(&self.obj) as u64
    }

    /// `HSA_ISA_INFO_NAME` (`x86_64-ferrocm-linux--cpu` on an x86-64 host).
    pub fn name(&self) -> &str {
        &self.obj.name
    }

    /// Wavefront size (`hsa_wavefront_get_info(HSA_WAVEFRONT_INFO_SIZE)`).
    pub fn wavefront_size(&self) -> u32 {
        self.obj.wavefront_size
    }

    /// `HSA_ISA_INFO_MACHINE_MODELS`: whether each model is supported.
    pub fn supports_machine_model(&self, model: MachineModel) -> bool {
        self.obj.machine_models[model as usize]
    }

    /// `HSA_ISA_INFO_PROFILES`: whether each profile is supported.
    pub fn supports_profile(&self, profile: Profile) -> bool {
        self.obj.profiles[profile as usize]
    }

    /// `HSA_ISA_INFO_DEFAULT_FLOAT_ROUNDING_MODES`: whether each mode is supported.
    pub fn supports_rounding_mode(&self, mode: FloatRoundingMode) -> bool {
        self.obj.rounding_modes[mode as usize]
    }

    /// `HSA_ISA_INFO_FAST_F16_OPERATION`.
    pub fn fast_f16(&self) -> bool {
        self.obj.fast_f16
    }

    /// `HSA_ISA_INFO_WORKGROUP_MAX_DIM`.
    pub fn workgroup_max_dim(&self) -> [u16; 3] {
        self.obj.workgroup_max_dim
    }

    /// `HSA_ISA_INFO_WORKGROUP_MAX_SIZE` (product of the three sizes).
    pub fn workgroup_max_size(&self) -> u32 {
        self.obj.workgroup_max_size
    }

    /// `HSA_ISA_INFO_GRID_MAX_DIM`.
    pub fn grid_max_dim(&self) -> [u32; 3] {
        self.obj.grid_max_dim
    }

    /// `HSA_ISA_INFO_GRID_MAX_SIZE` (a `u64` for ISAs).
    pub fn grid_max_size(&self) -> u64 {
        self.obj.grid_max_size
    }

    /// `HSA_ISA_INFO_FBARRIER_MAX_SIZE`.
    pub fn fbarrier_max_size(&self) -> u32 {
        self.obj.fbarrier_max_size
    }
}

/// An agent: the CPU (a kernel agent in ferrocm) or, later, a GPU.
///
/// Holds a [`Runtime`] reference, so the runtime stays initialised while the agent lives.
#[derive(Clone)]
pub struct Agent {
    obj: Arc<AgentObject>,
    rt: Runtime,
}

impl fmt::Debug for Agent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Agent")
            .field("handle", &format_args!("{:#x}", self.handle()))
            .field("name", &self.obj.name)
            .field("device_type", &self.obj.device_type)
            .finish()
    }
}

impl PartialEq for Agent {
    fn eq(&self, other: &Agent) -> bool {
        Arc::ptr_eq(&self.obj, &other.obj)
    }
}

impl Eq for Agent {}

impl Agent {
    pub(crate) fn from_object(obj: Arc<AgentObject>, rt: Runtime) -> Agent {
        Agent { obj, rt }
    }

    /// The core object (escape hatch to [`crate::core`]).
    pub fn object(&self) -> &Arc<AgentObject> {
        &self.obj
    }

    /// The runtime this agent belongs to.
    pub fn runtime(&self) -> &Runtime {
        &self.rt
    }

    /// The `hsa_agent_t` handle.
    pub fn handle(&self) -> u64 {
        self.obj.handle()
    }

    /// Raw `hsa_agent_get_info` value of any core or AMD attribute (the same code path as
    /// the C ABI); `HSA_STATUS_ERROR_INVALID_ARGUMENT` for an unknown attribute.
    pub fn info(&self, attribute: u32) -> HsaResult<InfoValue> {
        self.obj.info(attribute, self.handle())
    }

    /// An integer attribute through [`Agent::info`]; 0 when the agent does not report it.
    fn info_u32(&self, attribute: u32) -> u32 {
        match self.info(attribute) {
            Ok(InfoValue::U32(v)) => v,
            Ok(InfoValue::U16(v)) => u32::from(v),
            Ok(InfoValue::U8(v)) => u32::from(v),
            Ok(InfoValue::Bool(v)) => u32::from(v),
            _ => 0,
        }
    }

    /// `HSA_AGENT_INFO_NAME`.
    pub fn name(&self) -> &str {
        &self.obj.name
    }

    /// `HSA_AGENT_INFO_VENDOR_NAME` (`"CPU"` for the CPU agent, as in ROCR).
    pub fn vendor_name(&self) -> &str {
        &self.obj.vendor_name
    }

    /// `HSA_AMD_AGENT_INFO_PRODUCT_NAME` (rocminfo's "Marketing Name").
    pub fn product_name(&self) -> &str {
        &self.obj.product_name
    }

    /// `HSA_AMD_AGENT_INFO_UUID` (`"CPU-XX"` for the CPU agent, as in ROCR).
    pub fn uuid(&self) -> &str {
        &self.obj.uuid
    }

    /// `HSA_AGENT_INFO_DEVICE`.
    pub fn device_type(&self) -> DeviceType {
        self.obj.device_type
    }

    /// `HSA_AGENT_INFO_FEATURE`.
    pub fn features(&self) -> AgentFeatures {
        AgentFeatures(self.obj.feature)
    }

    /// Whether the agent runs kernel-dispatch packets.
    pub fn is_kernel_agent(&self) -> bool {
        self.features().kernel_dispatch()
    }

    /// `HSA_AGENT_INFO_MACHINE_MODEL`.
    pub fn machine_model(&self) -> MachineModel {
        match self.info_u32(3) {
            0 => MachineModel::Small,
            _ => MachineModel::Large,
        }
    }

    /// `HSA_AGENT_INFO_PROFILE`.
    pub fn profile(&self) -> Profile {
        match self.info_u32(4) {
            0 => Profile::Base,
            _ => Profile::Full,
        }
    }

    /// `HSA_AGENT_INFO_DEFAULT_FLOAT_ROUNDING_MODE`.
    pub fn default_float_rounding_mode(&self) -> FloatRoundingMode {
        match self.info_u32(5) {
            1 => FloatRoundingMode::Zero,
            2 => FloatRoundingMode::Near,
            _ => FloatRoundingMode::Default,
        }
    }

    /// `HSA_AGENT_INFO_VERSION_MAJOR` / `_MINOR`.
    pub fn version(&self) -> (u16, u16) {
        (self.info_u32(21) as u16, self.info_u32(22) as u16)
    }

    /// `HSA_AGENT_INFO_WAVEFRONT_SIZE` (0 for an agent without an ISA).
    pub fn wavefront_size(&self) -> u32 {
        self.obj.isa().map_or(0, |i| i.wavefront_size)
    }

    /// `HSA_AGENT_INFO_WORKGROUP_MAX_DIM`.
    pub fn workgroup_max_dim(&self) -> [u16; 3] {
        self.obj.isa().map_or([0; 3], |i| i.workgroup_max_dim)
    }

    /// `HSA_AGENT_INFO_WORKGROUP_MAX_SIZE`.
    pub fn workgroup_max_size(&self) -> u32 {
        self.obj.isa().map_or(0, |i| i.workgroup_max_size)
    }

    /// `HSA_AGENT_INFO_GRID_MAX_DIM`.
    pub fn grid_max_dim(&self) -> [u32; 3] {
        self.obj.isa().map_or([0; 3], |i| i.grid_max_dim)
    }

    /// `HSA_AGENT_INFO_GRID_MAX_SIZE` (a `u32` for agents).
    pub fn grid_max_size(&self) -> u32 {
        self.obj
            .isa()
            .map_or(0, |i| u32::try_from(i.grid_max_size).unwrap_or(u32::MAX))
    }

    /// `HSA_AGENT_INFO_FBARRIER_MAX_SIZE`.
    pub fn fbarrier_max_size(&self) -> u32 {
        self.obj.isa().map_or(0, |i| i.fbarrier_max_size)
    }

    /// `HSA_AGENT_INFO_QUEUES_MAX`.
    pub fn queues_max(&self) -> u32 {
        self.obj.queues_max
    }

    /// `HSA_AGENT_INFO_QUEUE_MIN_SIZE` (packets).
    pub fn queue_min_size(&self) -> u32 {
        self.obj.queue_min_size
    }

    /// `HSA_AGENT_INFO_QUEUE_MAX_SIZE` (packets).
    pub fn queue_max_size(&self) -> u32 {
        self.obj.queue_max_size
    }

    /// `HSA_AGENT_INFO_QUEUE_TYPE`: the most permissive queue type the agent offers.
    pub fn queue_type(&self) -> QueueType {
        QueueType::from_raw(self.obj.queue_type).unwrap_or(QueueType::Single)
    }

    /// `HSA_AGENT_INFO_NODE` (NUMA node).
    pub fn node(&self) -> u32 {
        self.obj.node
    }

    /// `hsa_agent_iterate_caches`: data/unified caches, ascending by level.
    pub fn caches(&self) -> Vec<Cache> {
        self.obj
            .caches
            .iter()
            .map(|c| Cache { obj: c.clone() })
            .collect()
    }

    /// `HSA_AGENT_INFO_CACHE_SIZE`: bytes of the L1..L4 caches (0: none or unknown).
    pub fn cache_sizes(&self) -> [u32; 4] {
        let mut sizes = [0u32; 4];
        for c in &self.obj.caches {
            if (1..=4).contains(&c.level) {
                sizes[usize::from(c.level - 1)] = c.size;
            }
        }
        sizes
    }

    /// `hsa_agent_iterate_isas` (at most one on ferrocm agents).
    pub fn isas(&self) -> Vec<Isa> {
        self.obj
            .isas
            .iter()
            .map(|i| Isa { obj: i.clone() })
            .collect()
    }

    /// The agent's ISA (`HSA_AGENT_INFO_ISA`); `None` for an agent that runs no kernels.
    pub fn isa(&self) -> Option<Isa> {
        self.obj.isa().map(|i| Isa { obj: i.clone() })
    }

    /// `HSA_AMD_AGENT_INFO_CHIP_ID` (0 for the CPU).
    pub fn chip_id(&self) -> u32 {
        self.info_u32(0xA000)
    }

    /// `HSA_AMD_AGENT_INFO_CACHELINE_SIZE` in bytes.
    pub fn cacheline_size(&self) -> u32 {
        self.obj.cacheline_size
    }

    /// `HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT` (the CPU engine's worker threads).
    pub fn compute_units(&self) -> u32 {
        self.obj.compute_units
    }

    /// `HSA_AMD_AGENT_INFO_MAX_CLOCK_FREQUENCY` in MHz (0: unknown).
    pub fn max_clock_mhz(&self) -> u32 {
        self.obj.max_clock_mhz
    }

    /// `HSA_AMD_AGENT_INFO_BDFID` (0: not a PCI device).
    pub fn bdfid(&self) -> u32 {
        self.info_u32(0xA006)
    }

    /// `HSA_AMD_AGENT_INFO_DRIVER_NODE_ID` (rocminfo's "Internal Node ID").
    pub fn driver_node_id(&self) -> u32 {
        self.obj.node
    }

    /// `HSA_AMD_AGENT_INFO_NUM_SIMDS_PER_CU`.
    pub fn simds_per_cu(&self) -> u32 {
        self.info_u32(0xA00B)
    }

    /// `HSA_AMD_AGENT_INFO_NUM_SHADER_ENGINES`.
    pub fn shader_engines(&self) -> u32 {
        self.info_u32(0xA00C)
    }

    /// `HSA_AMD_AGENT_INFO_NUM_SHADER_ARRAYS_PER_SE`.
    pub fn shader_arrays_per_engine(&self) -> u32 {
        self.info_u32(0xA00D)
    }

    /// `HSA_AMD_AGENT_INFO_MAX_WAVES_PER_CU`.
    pub fn max_waves_per_cu(&self) -> u32 {
        self.info_u32(0xA00A)
    }

    /// `HSA_AMD_AGENT_INFO_MEMORY_PROPERTIES` bit 0 (`AGENT_IS_APU`).
    pub fn is_apu(&self) -> bool {
        match self.info(0xA114) {
            Ok(InfoValue::Bytes(b)) => b.first().is_some_and(|&bits| bits & 1 != 0),
            _ => false,
        }
    }

    /// `hsa_agent_iterate_regions`: every region, global ones first.
    pub fn regions(&self) -> Vec<Region> {
        self.obj
            .regions
            .iter()
            .map(|r| Region::from_object(r.clone(), self.clone()))
            .collect()
    }

    /// `hsa_amd_agent_iterate_memory_pools`: global and group pools.
    pub fn memory_pools(&self) -> Vec<MemoryPool> {
        self.obj
            .regions
            .iter()
            .filter(|r| r.is_pool())
            .map(|r| MemoryPool::from_object(r.clone(), self.clone()))
            .collect()
    }

    /// The fine-grained global pool (coherent host memory): the usual home of buffers.
    pub fn fine_grained_pool(&self) -> Option<MemoryPool> {
        self.memory_pools()
            .into_iter()
            .find(|p| p.global_flags().fine_grained() && !p.global_flags().kernarg())
    }

    /// The coarse-grained global pool.
    pub fn coarse_grained_pool(&self) -> Option<MemoryPool> {
        self.memory_pools()
            .into_iter()
            .find(|p| p.global_flags().coarse_grained())
    }

    /// The pool that holds kernel arguments (fine-grained + `KERNARG_INIT`).
    pub fn kernarg_pool(&self) -> Option<MemoryPool> {
        self.memory_pools()
            .into_iter()
            .find(|p| p.global_flags().kernarg())
    }
}
