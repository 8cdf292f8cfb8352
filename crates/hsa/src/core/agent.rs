//! Agents, their caches and ISAs, and the topology discovered at `hsa_init`.
//!
//! ferrocm reports one CPU agent (or `FERROCM_CPU_DEVICES` of them, nodes 0..N, each with
//! its own regions, queues and share of the engine's threads). Unlike ROCR's CPU agent it
//! is a *kernel agent* (`HSA_AGENT_FEATURE_KERNEL_DISPATCH`, with queues and an ISA), whose
//! "hardware" is the CPU kernel engine; phsa set the precedent. After them comes one GPU
//! agent per NVIDIA device the CUDA driver exposes (none without a driver;
//! `super::nvidia`).

use std::sync::Arc;

use super::info::InfoValue;
use super::memory::{RegionKind, RegionObject};
use super::nvidia::{self, NvDevice};
use crate::status::{HsaError, HsaResult};

/// `hsa_device_type_t`
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u32)]
pub enum DeviceType {
    Cpu = 0,
    Gpu = 1,
}

/// `hsa_agent_feature_t` bits.
pub const AGENT_FEATURE_KERNEL_DISPATCH: u32 = 1;
pub const AGENT_FEATURE_AGENT_DISPATCH: u32 = 2;

/// `hsa_queue_type_t`
pub const QUEUE_TYPE_MULTI: u32 = 0;
pub const QUEUE_TYPE_SINGLE: u32 = 1;

/// Queue limits of the CPU agent.
pub const CPU_QUEUE_MIN_SIZE: u32 = 2;
pub const CPU_QUEUE_MAX_SIZE: u32 = 1 << 17;
/// Each queue has its own processor thread (sleeping when idle), so the limit is generous:
/// HIP programs create a queue per stream and may keep a thousand streams alive.
pub const CPU_QUEUES_MAX: u32 = 4096;

/// One cache level of an agent (`hsa_cache_t`).
#[derive(Debug, Clone)]
pub struct CacheObject {
    pub name: String,
    pub level: u8,
    pub size: u32,
}

/// An instruction set (`hsa_isa_t`).
#[derive(Debug, Clone)]
pub struct IsaObject {
    pub name: String,
    pub wavefront_size: u32,
    pub workgroup_max_dim: [u16; 3],
    pub workgroup_max_size: u32,
    pub grid_max_dim: [u32; 3],
    pub grid_max_size: u64,
    pub fbarrier_max_size: u32,
    /// Indexed by `hsa_machine_model_t` (SMALL, LARGE).
    pub machine_models: [bool; 2],
    /// Indexed by `hsa_profile_t` (BASE, FULL).
    pub profiles: [bool; 2],
    /// Indexed by `hsa_default_float_rounding_mode_t` (DEFAULT, ZERO, NEAR).
    pub rounding_modes: [bool; 3],
    pub fast_f16: bool,
}

impl IsaObject {
    /// `hsa_isa_get_info` / `hsa_isa_get_info_alt` (the call-convention attributes 2..=4
    /// exist only in the deprecated query; the C layer filters them).
    pub fn info(&self, attribute: u32) -> HsaResult<InfoValue> {
        let bools = |v: &[bool]| InfoValue::Bytes(v.iter().map(|&b| u8::from(b)).collect());
        Ok(match attribute {
            0 => InfoValue::U32(self.name.len() as u32 + 1),
            1 => {
                let mut bytes = self.name.as_bytes().to_vec();
                bytes.push(0);
                InfoValue::Bytes(bytes)
            }
            2 => InfoValue::U32(1),                   // CALL_CONVENTION_COUNT
            3 => InfoValue::U32(self.wavefront_size), // CALL_CONVENTION_INFO_WAVEFRONT_SIZE
            4 => InfoValue::U32(1),                   // WAVEFRONTS_PER_COMPUTE_UNIT
            5 => bools(&self.machine_models),
            6 => bools(&self.profiles),
            7 | 8 => bools(&self.rounding_modes),
            9 => InfoValue::Bool(self.fast_f16),
            12 => InfoValue::u16_array(&self.workgroup_max_dim),
            13 => InfoValue::U32(self.workgroup_max_size),
            14 => InfoValue::u32_array(&self.grid_max_dim),
            16 => InfoValue::U64(self.grid_max_size),
            17 => InfoValue::U32(self.fbarrier_max_size),
            _ => return Err(HsaError::ERROR_INVALID_ARGUMENT),
        })
    }
}

/// What runs an agent's queues.
#[derive(Debug, Clone)]
pub enum AgentBackend {
    /// The CPU kernel engine.
    Cpu,
    /// An NVIDIA GPU through the CUDA driver.
    Nvidia(Arc<NvDevice>),
}

/// AMD agent attributes whose values differ between agent kinds.
#[derive(Debug, Clone, Default)]
pub struct AmdAgentInfo {
    pub chip_id: u32,
    /// PCI bus/device/function: `bus << 8 | device << 3 | function`.
    pub bdfid: u32,
    pub domain: u32,
    pub memory_width: u32,
    pub memory_max_frequency_mhz: u32,
    pub max_waves_per_cu: u32,
    pub simds_per_cu: u32,
    pub shader_engines: u32,
    pub shader_arrays_per_engine: u32,
    /// `SVM_DIRECT_HOST_ACCESS`: the host reaches the agent's local memory directly.
    pub svm_direct_host_access: bool,
}

impl AmdAgentInfo {
    /// The CPU agent's values.
    fn cpu() -> AmdAgentInfo {
        AmdAgentInfo {
            max_waves_per_cu: 1,
            simds_per_cu: 1,
            shader_engines: 1,
            shader_arrays_per_engine: 1,
            svm_direct_host_access: true,
            ..AmdAgentInfo::default()
        }
    }
}

/// An agent and everything `hsa_agent_get_info` reports about it.
#[derive(Debug)]
pub struct AgentObject {
    pub device_type: DeviceType,
    pub name: String,
    pub vendor_name: String,
    pub product_name: String,
    pub uuid: String,
    pub feature: u32,
    pub compute_units: u32,
    pub max_clock_mhz: u32,
    pub node: u32,
    pub cacheline_size: u32,
    pub caches: Vec<Arc<CacheObject>>,
    pub isas: Vec<Arc<IsaObject>>,
    pub regions: Vec<Arc<RegionObject>>,
    pub queue_min_size: u32,
    pub queue_max_size: u32,
    pub queues_max: u32,
    pub queue_type: u32,
    /// `hsa_profile_t` of the agent (`HSA_AGENT_INFO_PROFILE`).
    pub profile: u32,
    /// What runs the agent's queues.
    pub backend: AgentBackend,
    /// `HSA_AMD_AGENT_INFO_NEAREST_CPU`: 0 means the agent itself (the CPU agent).
    pub nearest_cpu: u64,
    pub amd: AmdAgentInfo,
}

impl AgentObject {
    /// The NVIDIA device behind a GPU agent.
    pub fn nvidia_device(&self) -> Option<&Arc<NvDevice>> {
        match &self.backend {
            AgentBackend::Cpu => None,
            AgentBackend::Nvidia(d) => Some(d),
        }
    }

    /// `HSA_AMD_AGENT_INFO_MEMORY_AVAIL`: free host memory for the CPU agent, free device
    /// memory (`cuMemGetInfo`, which retains the device's primary context) for a GPU.
    fn memory_available(&self) -> u64 {
        match &self.backend {
            AgentBackend::Cpu => available_memory(),
            AgentBackend::Nvidia(d) => d
                .memory_info()
                .map_or(d.props.total_memory, |(free, _)| free),
        }
    }

    /// The agent's HSA handle: the address of this object, stable while the runtime lives.
    pub fn handle(self: &Arc<Self>) -> u64 {
        Arc::as_ptr(self) as u64
    }

    /// The first ISA, if the agent has one.
    pub fn isa(&self) -> Option<&Arc<IsaObject>> {
        self.isas.first()
    }

    /// `hsa_agent_get_info` for core (`hsa_agent_info_t`) and AMD (`0xA000+`) attributes.
    pub fn info(&self, attribute: u32, self_handle: u64) -> HsaResult<InfoValue> {
        let isa = self.isa();
        let wavefront = isa.map_or(0, |i| i.wavefront_size);
        let cache_sizes = {
            let mut sizes = [0u32; 4];
            for c in &self.caches {
                if (1..=4).contains(&c.level) {
                    sizes[usize::from(c.level - 1)] = c.size;
                }
            }
            sizes
        };
        let extensions = InfoValue::Bytes(vec![0u8; 128]);
        Ok(match attribute {
            0 => InfoValue::fixed_str::<64>(&self.name),
            1 => InfoValue::fixed_str::<64>(&self.vendor_name),
            2 => InfoValue::U32(self.feature),
            3 => InfoValue::U32(1), // HSA_MACHINE_MODEL_LARGE
            4 => InfoValue::U32(self.profile),
            5 => InfoValue::U32(2), // HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR
            6 => InfoValue::U32(wavefront),
            7 => InfoValue::u16_array(&isa.map_or([0; 3], |i| i.workgroup_max_dim)),
            8 => InfoValue::U32(isa.map_or(0, |i| i.workgroup_max_size)),
            9 => InfoValue::u32_array(&isa.map_or([0; 3], |i| i.grid_max_dim)),
            10 => {
                InfoValue::U32(isa.map_or(0, |i| i.grid_max_size.min(u64::from(u32::MAX)) as u32))
            }
            11 => InfoValue::U32(isa.map_or(0, |i| i.fbarrier_max_size)),
            12 => InfoValue::U32(self.queues_max),
            13 => InfoValue::U32(self.queue_min_size),
            14 => InfoValue::U32(self.queue_max_size),
            15 => InfoValue::U32(self.queue_type),
            16 => InfoValue::U32(self.node),
            17 => InfoValue::U32(self.device_type as u32),
            18 => InfoValue::u32_array(&cache_sizes),
            19 => InfoValue::U64(isa.map_or(0, |i| Arc::as_ptr(i) as u64)),
            20 => extensions,
            21 => InfoValue::U16(1),
            22 => InfoValue::U16(1),
            23 => InfoValue::U32(1 << 2), // base-profile rounding modes: NEAR
            24 => InfoValue::Bool(isa.is_some_and(|i| i.fast_f16)),
            // AMD attributes (hsa_amd_agent_info_t).
            0xA000 => InfoValue::U32(self.amd.chip_id), // CHIP_ID
            0xA001 => InfoValue::U32(self.cacheline_size), // CACHELINE_SIZE
            0xA002 => InfoValue::U32(self.compute_units), // COMPUTE_UNIT_COUNT
            0xA003 => InfoValue::U32(self.max_clock_mhz), // MAX_CLOCK_FREQUENCY
            0xA004 => InfoValue::U32(self.node),        // DRIVER_NODE_ID
            0xA005 => InfoValue::U32(0),                // MAX_ADDRESS_WATCH_POINTS
            0xA006 => InfoValue::U32(self.amd.bdfid),   // BDFID
            0xA007 => InfoValue::U32(self.amd.memory_width), // MEMORY_WIDTH
            0xA008 => InfoValue::U32(self.amd.memory_max_frequency_mhz), // MEMORY_MAX_FREQUENCY
            0xA009 => InfoValue::fixed_str::<64>(&self.product_name), // PRODUCT_NAME
            0xA00A => InfoValue::U32(self.amd.max_waves_per_cu), // MAX_WAVES_PER_CU
            0xA00B => InfoValue::U32(self.amd.simds_per_cu), // NUM_SIMDS_PER_CU
            0xA00C => InfoValue::U32(self.amd.shader_engines), // NUM_SHADER_ENGINES
            0xA00D => InfoValue::U32(self.amd.shader_arrays_per_engine), // NUM_SHADER_ARRAYS_PER_SE
            0xA00F => InfoValue::U32(self.amd.domain),  // DOMAIN
            0xA010 => InfoValue::Bool(false),           // COOPERATIVE_QUEUES
            0xA011 => InfoValue::fixed_str::<21>(&self.uuid), // UUID
            0xA012 => InfoValue::U32(0),                // ASIC_REVISION
            0xA013 => InfoValue::Bool(self.amd.svm_direct_host_access), // SVM_DIRECT_HOST_ACCESS
            0xA014 => InfoValue::U32(self.compute_units), // COOPERATIVE_COMPUTE_UNIT_COUNT
            0xA015 => InfoValue::U64(self.memory_available()), // MEMORY_AVAIL
            0xA016 => InfoValue::U64(crate::time::TIMESTAMP_FREQUENCY_HZ), // TIMESTAMP_FREQUENCY
            0xA10A => InfoValue::U32(0),                // NUM_SDMA_ENG
            0xA10B => InfoValue::U32(0),                // NUM_SDMA_XGMI_ENG
            0xA110 => InfoValue::U32(0),                // IOMMU_SUPPORT: NONE
            0xA111 => InfoValue::U32(1),                // NUM_XCC
            0xA112 => InfoValue::U32(0),                // DRIVER_UID
            // NEAREST_CPU: the CPU agent (itself for the CPU agent).
            0xA113 => InfoValue::U64(if self.nearest_cpu == 0 {
                self_handle
            } else {
                self.nearest_cpu
            }),
            0xA114 => InfoValue::Bytes(vec![0u8; 8]), // MEMORY_PROPERTIES
            0xA115 => InfoValue::Bytes(vec![0u8; 8]), // AQL_EXTENSIONS
            _ => return Err(HsaError::ERROR_INVALID_ARGUMENT),
        })
    }
}

/// The agents (and through them the regions) of one initialisation of the runtime.
#[derive(Debug)]
pub struct Topology {
    pub agents: Vec<Arc<AgentObject>>,
}

impl Topology {
    /// Builds the topology: the CPU agent with its regions, then one GPU agent per
    /// NVIDIA device (none without a CUDA driver, or with `FERROCM_HSA_NVIDIA=0`).
    pub fn discover() -> HsaResult<Topology> {
        let devices: Vec<&Arc<NvDevice>> = nvidia::driver::devices()
            .iter()
            .filter(|d| nvidia::agent::usable(d))
            .collect();
        let cpus = cpu_device_count();
        let workers = cpu_engine::Engine::global().worker_count();
        let mut agents: Vec<Arc<AgentObject>> = (0..cpus)
            .map(|i| {
                Arc::new(cpu_agent(
                    !devices.is_empty(),
                    i,
                    cpu_share(workers, cpus, i),
                ))
            })
            .collect();
        let cpu = agents[0].clone();
        let mut isas: Vec<Arc<IsaObject>> = Vec::new();
        for (i, device) in devices.into_iter().enumerate() {
            let node = (cpus + i) as u32;
            agents.push(Arc::new(nvidia::agent::gpu_agent(
                device,
                node,
                cpu.handle(),
                &mut isas,
            )));
        }
        nvidia::set_active(agents.len() > cpus);
        Ok(Topology { agents })
    }

    /// The agent with this handle, or `HSA_STATUS_ERROR_INVALID_AGENT`.
    pub fn agent(&self, handle: u64) -> HsaResult<&Arc<AgentObject>> {
        self.agents
            .iter()
            .find(|a| a.handle() == handle)
            .ok_or(HsaError::ERROR_INVALID_AGENT)
    }

    /// The (first) CPU kernel agent.
    pub fn cpu_agent(&self) -> &Arc<AgentObject> {
        &self.agents[0]
    }

    /// Every CPU agent (one per CPU device: `FERROCM_CPU_DEVICES`), in node order.
    pub fn cpu_agents(&self) -> impl Iterator<Item = &Arc<AgentObject>> {
        self.agents
            .iter()
            .filter(|a| a.device_type == DeviceType::Cpu)
    }

    /// The region with this handle (and its agent), or `HSA_STATUS_ERROR_INVALID_REGION`.
    pub fn region(&self, handle: u64) -> HsaResult<(&Arc<AgentObject>, &Arc<RegionObject>)> {
        self.agents
            .iter()
            .find_map(|a| {
                a.regions
                    .iter()
                    .find(|r| r.handle() == handle)
                    .map(|r| (a, r))
            })
            .ok_or(HsaError::ERROR_INVALID_REGION)
    }

    /// The cache with this handle, or `HSA_STATUS_ERROR_INVALID_CACHE`.
    pub fn cache(&self, handle: u64) -> HsaResult<&Arc<CacheObject>> {
        self.agents
            .iter()
            .flat_map(|a| a.caches.iter())
            .find(|c| Arc::as_ptr(c) as u64 == handle)
            .ok_or(HsaError(crate::Status::ERROR_INVALID_CACHE))
    }

    /// The ISA with this handle, or `HSA_STATUS_ERROR_INVALID_ISA`.
    pub fn isa(&self, handle: u64) -> HsaResult<&Arc<IsaObject>> {
        self.agents
            .iter()
            .flat_map(|a| a.isas.iter())
            .find(|i| Arc::as_ptr(i) as u64 == handle)
            .ok_or(HsaError::ERROR_INVALID_ISA)
    }
}

/// The ISA name of the CPU agent: `<arch>-ferrocm-linux--cpu`.
pub fn cpu_isa_name() -> String {
    format!("{}-ferrocm-linux--cpu", std::env::consts::ARCH)
}

/// Most CPU devices `FERROCM_CPU_DEVICES` may ask for.
pub const MAX_CPU_DEVICES: usize = 64;

/// How many CPU agents the topology has: `FERROCM_CPU_DEVICES` (1 to [`MAX_CPU_DEVICES`]),
/// else 1. Several CPU agents let multi-device programs (peer copies, one stream per
/// device) run without GPUs; each agent owns a share of the engine's threads.
pub fn cpu_device_count() -> usize {
    parse_cpu_devices(std::env::var("FERROCM_CPU_DEVICES").ok().as_deref())
}

fn parse_cpu_devices(value: Option<&str>) -> usize {
    value
        .and_then(|v| v.trim().parse::<usize>().ok())
        .filter(|&n| n >= 1)
        .map_or(1, |n| n.min(MAX_CPU_DEVICES))
}

/// The engine threads CPU agent `index` of `agents` runs a kernel on: an even share of
/// `workers` (the first agents take the remainder), at least one.
fn cpu_share(workers: usize, agents: usize, index: usize) -> u32 {
    let base = workers / agents;
    let extra = usize::from(index < workers % agents);
    (base + extra).max(1) as u32
}

/// CPU agent `index` (node `index`), running kernels on `compute_units` engine threads.
/// With GPU agents present its pools are not accessible to every agent by default (a GPU
/// reaches a host mapping only once it is registered with the driver).
fn cpu_agent(gpus_present: bool, index: usize, compute_units: u32) -> AgentObject {
    let limits = cpu_engine::Engine::limits();
    let cpu = HostCpu::read();
    let isa = IsaObject {
        name: cpu_isa_name(),
        wavefront_size: cpu_engine::abi::WAVEFRONT_SIZE,
        workgroup_max_dim: [limits.max_workgroup_size as u16; 3],
        workgroup_max_size: limits.max_workgroup_size,
        grid_max_dim: [u32::MAX; 3],
        grid_max_size: u64::from(u32::MAX),
        fbarrier_max_size: 32,
        machine_models: [false, true],
        // The agent's profile (HSA_AGENT_INFO_PROFILE) is FULL.
        profiles: [false, true],
        // DEFAULT and NEAR, as ROCR reports them; host arithmetic rounds to nearest.
        rounding_modes: [true, false, true],
        fast_f16: false,
    };
    AgentObject {
        device_type: DeviceType::Cpu,
        name: cpu.model_name.clone(),
        vendor_name: "CPU".to_string(),
        product_name: cpu.model_name,
        uuid: "CPU-XX".to_string(),
        feature: AGENT_FEATURE_KERNEL_DISPATCH | AGENT_FEATURE_AGENT_DISPATCH,
        compute_units,
        max_clock_mhz: cpu.max_clock_mhz,
        node: index as u32,
        cacheline_size: cpu.cacheline_size,
        caches: cpu.caches.into_iter().map(Arc::new).collect(),
        isas: vec![Arc::new(isa)],
        regions: RegionKind::CPU_REGIONS
            .iter()
            .map(|&kind| {
                let mut region = RegionObject::new(kind, &limits);
                region.accessible_by_all = !gpus_present;
                Arc::new(region)
            })
            .collect(),
        queue_min_size: CPU_QUEUE_MIN_SIZE,
        queue_max_size: CPU_QUEUE_MAX_SIZE,
        queues_max: CPU_QUEUES_MAX,
        queue_type: QUEUE_TYPE_MULTI,
        profile: 1, // FULL
        backend: AgentBackend::Cpu,
        nearest_cpu: 0,
        amd: AmdAgentInfo::cpu(),
    }
}

/// Host memory currently available to allocations, in bytes.
pub fn available_memory() -> u64 {
    // SAFETY: sysinfo only writes into the zeroed struct we pass.
    let mut info: libc::sysinfo = unsafe { std::mem::zeroed() };
    // SAFETY: `info` is a valid, writable sysinfo struct.
    if unsafe { libc::sysinfo(&mut info) } != 0 {
        return 0;
    }
    (info.freeram as u64 + info.bufferram as u64) * u64::from(info.mem_unit)
}

/// Total host memory, in bytes.
pub fn total_memory() -> u64 {
    // SAFETY: as in `available_memory`.
    let mut info: libc::sysinfo = unsafe { std::mem::zeroed() };
    // SAFETY: `info` is a valid, writable sysinfo struct.
    if unsafe { libc::sysinfo(&mut info) } != 0 {
        return 0;
    }
    info.totalram as u64 * u64::from(info.mem_unit)
}

/// What Linux tells us about the host CPU.
struct HostCpu {
    model_name: String,
    max_clock_mhz: u32,
    cacheline_size: u32,
    caches: Vec<CacheObject>,
}

impl HostCpu {
    fn read() -> HostCpu {
        let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
        let field = |key: &str| {
            cpuinfo.lines().find_map(|l| {
                let (k, v) = l.split_once(':')?;
                (k.trim() == key).then(|| v.trim().to_string())
            })
        };
        let model_name = field("model name")
            .or_else(|| field("Model"))
            .unwrap_or_else(|| format!("{} CPU", std::env::consts::ARCH));
        let max_khz =
            std::fs::read_to_string("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq")
                .ok()
                .and_then(|s| s.trim().parse::<u64>().ok());
        let max_clock_mhz = match max_khz {
            Some(khz) => (khz / 1000) as u32,
            None => field("cpu MHz")
                .and_then(|s| s.parse::<f64>().ok())
                .map_or(0, |mhz| mhz as u32),
        };
        let cacheline_size = field("clflush size")
            .and_then(|s| s.parse().ok())
            .unwrap_or(64);
        HostCpu {
            model_name,
            max_clock_mhz,
            cacheline_size,
            caches: read_caches(),
        }
    }
}

/// Data/unified caches of CPU 0 from sysfs, ascending by level.
fn read_caches() -> Vec<CacheObject> {
    let mut caches = Vec::new();
    for index in 0..8 {
        let dir = format!("/sys/devices/system/cpu/cpu0/cache/index{index}");
        let read = |f: &str| {
            std::fs::read_to_string(format!("{dir}/{f}"))
                .ok()
                .map(|s| s.trim().to_string())
        };
        let (Some(level), Some(kind), Some(size)) = (read("level"), read("type"), read("size"))
        else {
            continue;
        };
        if kind == "Instruction" {
            continue;
        }
        let Ok(level) = level.parse::<u8>() else {
            continue;
        };
        let size = parse_cache_size(&size);
        caches.push(CacheObject {
            name: format!("L{level}"),
            level,
            size,
        });
    }
    caches.sort_by_key(|c| c.level);
    caches
}

fn parse_cache_size(s: &str) -> u32 {
    let (digits, mult) = match s.chars().last() {
        Some('K') => (&s[..s.len() - 1], 1024u64),
        Some('M') => (&s[..s.len() - 1], 1024 * 1024),
        Some('G') => (&s[..s.len() - 1], 1024 * 1024 * 1024),
        _ => (s, 1),
    };
    digits
        .parse::<u64>()
        .map_or(0, |v| (v * mult).min(u64::from(u32::MAX)) as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cache_sizes_parse() {
        assert_eq!(parse_cache_size("32K"), 32 * 1024);
        assert_eq!(parse_cache_size("1M"), 1024 * 1024);
        assert_eq!(parse_cache_size("512"), 512);
        assert_eq!(parse_cache_size("junk"), 0);
    }

    #[test]
    fn cpu_agent_is_a_kernel_agent() {
        let topo = Topology::discover().unwrap();
        let cpu = topo.cpu_agent();
        assert_eq!(cpu.device_type, DeviceType::Cpu);
        assert_ne!(cpu.feature & AGENT_FEATURE_KERNEL_DISPATCH, 0);
        assert_eq!(cpu.info(6, 0).unwrap(), InfoValue::U32(64));
        assert!(cpu.compute_units >= 1);
        assert!(topo.agent(cpu.handle()).is_ok());
        assert_eq!(topo.agent(12345).err(), Some(HsaError::ERROR_INVALID_AGENT));
        assert_eq!(
            cpu.info(0x7777, 0).err(),
            Some(HsaError::ERROR_INVALID_ARGUMENT)
        );
        assert!(cpu.queue_min_size.is_power_of_two() && cpu.queue_max_size.is_power_of_two());
    }

    #[test]
    fn cpu_device_count_parses_and_clamps() {
        assert_eq!(parse_cpu_devices(None), 1);
        assert_eq!(parse_cpu_devices(Some("")), 1);
        assert_eq!(parse_cpu_devices(Some("0")), 1);
        assert_eq!(parse_cpu_devices(Some("junk")), 1);
        assert_eq!(parse_cpu_devices(Some(" 3 ")), 3);
        assert_eq!(parse_cpu_devices(Some("1000")), MAX_CPU_DEVICES);
    }

    #[test]
    fn cpu_devices_share_the_engine_threads() {
        // 2 threads over 3 devices: each still gets one.
        assert_eq!(
            (0..3).map(|i| cpu_share(2, 3, i)).collect::<Vec<_>>(),
            [1, 1, 1]
        );
        // 16 threads over 3 devices: 6 + 5 + 5.
        assert_eq!(
            (0..3).map(|i| cpu_share(16, 3, i)).collect::<Vec<_>>(),
            [6, 5, 5]
        );
        assert_eq!(cpu_share(8, 1, 0), 8);
    }
}
