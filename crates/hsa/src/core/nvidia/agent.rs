//! The HSA agent of an NVIDIA device: what `hsa_agent_get_info` reports, its ISA and its
//! regions/pools. The table of values is in `docs/HSA-NVIDIA.md`.

use std::sync::Arc;

use super::device::NvDevice;
use crate::core::agent::{
    AgentBackend, AgentObject, AmdAgentInfo, CacheObject, DeviceType, IsaObject,
    AGENT_FEATURE_KERNEL_DISPATCH, QUEUE_TYPE_MULTI,
};
use crate::core::memory::{RegionKind, RegionObject};

/// Queue limits of NVIDIA agents (software queues: a processor thread and two streams
/// each). The sizes are ROCR's GPU queue limits.
pub const GPU_QUEUE_MIN_SIZE: u32 = 64;
pub const GPU_QUEUE_MAX_SIZE: u32 = 1 << 17;
pub const GPU_QUEUES_MAX: u32 = 128;

/// Cache line of NVIDIA GPUs' L1/L2 (bytes).
const GPU_CACHELINE: u32 = 128;

/// Whether a device can be an agent: it needs unified addressing (device pointers and
/// host pointers share one address space; true of every 64-bit Linux system).
pub fn usable(device: &NvDevice) -> bool {
    device.props.unified_addressing
}

/// The ISA of `device`, shared with earlier devices of the same architecture (so that
/// `hsa_isa_compatible` holds between them).
fn isa(device: &NvDevice, isas: &mut Vec<Arc<IsaObject>>) -> Arc<IsaObject> {
    let props = &device.props;
    let name = props.isa_name();
    if let Some(found) = isas.iter().find(|i| i.name == name) {
        return found.clone();
    }
    let grid = props.grid_max_dim_work_items();
    let isa = Arc::new(IsaObject {
        name,
        wavefront_size: props.warp_size,
        workgroup_max_dim: props
            .max_block_dim
            .map(|v| v.min(u32::from(u16::MAX)) as u16),
        workgroup_max_size: props.max_threads_per_block,
        grid_max_dim: grid,
        grid_max_size: grid
            .iter()
            .map(|&v| u64::from(v))
            .fold(1u64, u64::saturating_mul),
        fbarrier_max_size: 32,
        machine_models: [false, true],
        // Discrete GPUs reach only registered host memory: BASE profile, as ROCR's dGPUs.
        profiles: [true, false],
        // DEFAULT and NEAR (CUDA's default rounding is round-to-nearest-even).
        rounding_modes: [true, false, true],
        // Native half arithmetic from sm_53 on.
        fast_f16: props.compute_capability >= (5, 3),
    });
    isas.push(isa.clone());
    isa
}

/// The GPU agent of `device`. `node` is its HSA node number (the CPU agent is node 0),
/// `cpu` the CPU agent's handle (its nearest CPU).
pub fn gpu_agent(
    device: &Arc<NvDevice>,
    node: u32,
    cpu: u64,
    isas: &mut Vec<Arc<IsaObject>>,
) -> AgentObject {
    let props = &device.props;
    let caches = if props.l2_cache_bytes > 0 {
        vec![Arc::new(CacheObject {
            name: "L2".to_string(),
            level: 2,
            size: props.l2_cache_bytes,
        })]
    } else {
        Vec::new()
    };
    AgentObject {
        device_type: DeviceType::Gpu,
        name: device.name.clone(),
        vendor_name: "NVIDIA".to_string(),
        product_name: device.name.clone(),
        uuid: device.uuid.clone(),
        feature: AGENT_FEATURE_KERNEL_DISPATCH,
        compute_units: props.multiprocessors,
        max_clock_mhz: props.clock_khz / 1000,
        node,
        cacheline_size: GPU_CACHELINE,
        caches,
        isas: vec![isa(device, isas)],
        regions: RegionKind::NVIDIA_REGIONS
            .iter()
            .map(|&kind| Arc::new(RegionObject::nvidia(kind, device)))
            .collect(),
        queue_min_size: GPU_QUEUE_MIN_SIZE,
        queue_max_size: GPU_QUEUE_MAX_SIZE,
        queues_max: GPU_QUEUES_MAX,
        queue_type: QUEUE_TYPE_MULTI,
        profile: 0, // BASE
        backend: AgentBackend::Nvidia(device.clone()),
        nearest_cpu: cpu,
        amd: AmdAgentInfo {
            // The PCI device id is not available from the CUDA driver.
            chip_id: 0,
            bdfid: (props.pci_bus << 8) | (props.pci_device << 3),
            domain: props.pci_domain,
            memory_width: props.memory_bus_width,
            memory_max_frequency_mhz: props.memory_clock_khz / 1000,
            max_waves_per_cu: props.max_threads_per_multiprocessor / props.warp_size.max(1),
            // Four warp schedulers (processing blocks) per SM on every supported architecture.
            simds_per_cu: 4,
            // GPC/TPC counts are not available from the CUDA driver.
            shader_engines: 0,
            shader_arrays_per_engine: 0,
            svm_direct_host_access: false,
        },
    }
}
