//! NVIDIA GPUs as HSA agents, through the safe API: the agent suite of `agent_suite/mod.rs`
//! (symbols, dispatches with completion signals, dynamic group memory, barrier-AND waited for
//! by the GPU, barrier-OR and barrier-value packets, malformed packets, queue teardown)
//! instantiated for the first NVIDIA GPU (`flow.rs` runs it on the CPU agent), and what only
//! GPU agents have: enumeration and attributes, the device and host pools, copies, PTX on the
//! CPU agent, and queues on the CPU and a GPU chained through a signal.
//!
//! Without a CUDA driver and GPU every GPU test prints `skipped: no NVIDIA GPU` (on
//! stderr, past the test harness's capture) and passes; the tests that need no GPU
//! (image detection, loading PTX on the CPU agent) always run.
//!
//! The kernels are PTX text ([`agent_suite::PTX`]: PTX is JIT-compiled by the driver for
//! whatever GPU is present, so no nvcc is needed).

mod agent_suite;
mod common;

use std::time::Duration;

use agent_suite::{gpu, note, Backend, Device, PTX};
use common::wait_zero;
use hsa::signal::MemoryOrder;
use hsa::{
    Agent, CodeObjectReader, DeviceBuffer, DeviceType, Executable, HsaError, KernelDispatch,
    MemoryPool, PoolBuffer, PoolLocation, Queue, QueueType, Runtime, Segment, Signal,
};

agent_suite::instantiate!(Nvidia);

// ---------------------------------------------------------------------------------------
// Without a GPU too.

#[test]
fn nvidia_images_are_recognised_and_refused_by_the_cpu_agent() {
    let rt = Runtime::init().expect("hsa_init");
    let cpu = rt.cpu_agent().expect("CPU agent");
    assert_eq!(
        rt.agents().expect("agents")[0],
        cpu,
        "the CPU agent comes first"
    );
    let reader = CodeObjectReader::from_bytes(PTX.as_bytes()).expect("a PTX reader");
    assert!(reader.is_nvidia());
    assert!(reader.kernel_names().is_empty());
    let exe = Executable::new().expect("executable");
    assert_eq!(
        exe.load(&cpu, &reader).err(),
        Some(HsaError::ERROR_INCOMPATIBLE_ARGUMENTS),
        "PTX does not run on the CPU agent"
    );
    assert_eq!(
        exe.load_program(&reader).err(),
        Some(HsaError::ERROR_INCOMPATIBLE_ARGUMENTS),
        "PTX is not a program code object"
    );
    for agent in rt.gpu_agents().expect("agents") {
        assert_eq!(agent.device_type(), DeviceType::Gpu);
    }
    if rt.gpu_agents().expect("agents").is_empty() {
        assert_eq!(rt.agents().expect("agents").len(), 1, "only the CPU agent");
    }
}

// ---------------------------------------------------------------------------------------
// With a GPU.

#[test]
fn gpu_agents_report_their_attributes_and_pools() {
    let Some((rt, _)) = gpu() else { return };
    let cpu = rt.cpu_agent().expect("CPU agent");
    for (i, agent) in rt.gpu_agents().expect("agents").iter().enumerate() {
        note(&format!(
            "GPU agent {i}: {} ({}), {} CUs, ISA {}",
            agent.name(),
            agent.uuid(),
            agent.compute_units(),
            agent
                .isa()
                .map(|i| i.name().to_string())
                .unwrap_or_default()
        ));
        assert_eq!(agent.device_type(), DeviceType::Gpu);
        assert_eq!(agent.vendor_name(), "NVIDIA");
        assert!(!agent.name().is_empty());
        assert!(agent.uuid().starts_with("GPU-"));
        let f = agent.features();
        assert!(f.kernel_dispatch() && !f.agent_dispatch());
        assert_eq!(agent.wavefront_size(), 32);
        assert_eq!(agent.workgroup_max_size(), 1024);
        assert_eq!(agent.workgroup_max_dim(), [1024, 1024, 64]);
        assert!(agent.compute_units() >= 1);
        assert_eq!(agent.node(), i as u32 + 1);
        assert!(agent.queue_min_size().is_power_of_two());
        assert!(agent.queue_max_size() >= 4096);
        let isa = agent.isa().expect("ISA");
        assert!(
            isa.name().starts_with("nvptx64-nvidia-cuda--sm_"),
            "{}",
            isa.name()
        );
        assert_eq!(isa.wavefront_size(), 32);
        match agent.info(0xA113) {
            Ok(hsa::core::info::InfoValue::U64(h)) => assert_eq!(h, cpu.handle(), "nearest CPU"),
            other => panic!("NEAREST_CPU: {other:?}"),
        }

        let pools = agent.memory_pools();
        let coarse = agent.coarse_grained_pool().expect("device pool");
        assert_eq!(coarse.location(), PoolLocation::Gpu);
        assert!(!coarse.host_accessible() && !coarse.accessible_by_all());
        assert!(coarse.runtime_alloc_allowed() && coarse.size() > 0);
        let fine = agent.fine_grained_pool().expect("host pool");
        assert_eq!(fine.location(), PoolLocation::Cpu);
        assert!(fine.host_accessible() && fine.runtime_alloc_allowed());
        let kernarg = agent.kernarg_pool().expect("kernarg pool");
        assert!(kernarg.global_flags().fine_grained());
        assert!(pools
            .iter()
            .any(|p| p.segment() == Segment::Group && !p.runtime_alloc_allowed()));
        assert_eq!(pools[0], coarse, "the device pool comes first");
        // Access: the CPU cannot touch device memory; the GPU must ask for CPU-pool memory.
        let access = |a: &Agent, p: &MemoryPool| {
            hsa::core::memory::pool_access(a.object().nvidia_device(), p.object())
        };
        assert_eq!(
            access(&cpu, &coarse),
            hsa::core::memory::POOL_ACCESS_NEVER_ALLOWED
        );
        assert_eq!(
            access(agent, &coarse),
            hsa::core::memory::POOL_ACCESS_ALLOWED_BY_DEFAULT
        );
        assert_eq!(
            access(agent, &fine),
            hsa::core::memory::POOL_ACCESS_ALLOWED_BY_DEFAULT
        );
        let cpu_fine = cpu.fine_grained_pool().expect("CPU pool");
        assert_eq!(
            access(agent, &cpu_fine),
            hsa::core::memory::POOL_ACCESS_DISALLOWED_BY_DEFAULT
        );
    }
}

#[test]
fn pools_allocate_and_copy() {
    let Some(g) = Device::open(Backend::Nvidia) else {
        return;
    };
    let n = 4096usize;
    let data: Vec<u32> = (0..n as u32).map(|i| i.wrapping_mul(2654435761)).collect();

    // Device memory: no slice view, copies only.
    assert_eq!(
        g.coarse.allocate::<u32>(n).err(),
        Some(HsaError::ERROR_INVALID_ALLOCATION),
        "device memory is not handed out as a host slice"
    );
    let dev: DeviceBuffer<u32> = DeviceBuffer::from_slice(&g.coarse, &data).expect("device buffer");
    assert_eq!(
        dev.to_vec().expect("copy back"),
        data,
        "host -> device -> host"
    );
    let a = hsa::core::memory::find(dev.address()).expect("allocation record");
    assert!(a.is_device_memory());

    // Device -> device.
    let dev2: DeviceBuffer<u32> = DeviceBuffer::new(&g.coarse, n).expect("second device buffer");
    // SAFETY: both are live device allocations of n u32s.
    unsafe {
        hsa::memory::copy(dev2.address() as *mut u8, dev.address() as *const u8, n * 4)
            .expect("device -> device copy");
    }
    assert_eq!(dev2.to_vec().expect("copy back"), data);

    // Fill (hsa_amd_memory_fill's core).
    // SAFETY: the range is the whole allocation `a`, which is live.
    unsafe {
        hsa::core::memory::fill_u32(&a, dev.address() as *mut u32, 0xABCD_1234, n)
            .expect("fill device memory");
    }
    assert!(dev
        .to_vec()
        .expect("copy back")
        .iter()
        .all(|&v| v == 0xABCD_1234));

    // Pinned host memory: a host slice, zero-filled, and a copy source for the device.
    let mut host = g.host_buffer(n);
    assert!(host.iter().all(|&v| v == 0));
    host.copy_from_slice(&data).expect("host copy");
    dev2.copy_from_slice(&host).expect("pinned host -> device");
    let mut back = vec![0u32; n];
    dev2.copy_to_slice(&mut back).expect("device -> host");
    assert_eq!(back, data);

    // A CPU-pool allocation granted to the GPU is registered with the driver.
    let cpu = g.rt.cpu_agent().expect("CPU agent");
    let cpu_buf: PoolBuffer<u32> = cpu
        .fine_grained_pool()
        .expect("pool")
        .allocate(n)
        .expect("alloc");
    hsa::core::memory::grant_gpu_access(
        cpu_buf.as_ptr() as usize,
        g.agent.object().nvidia_device().expect("device"),
    )
    .expect("register for the GPU");
    assert!(hsa::core::memory::find(cpu_buf.as_ptr() as usize)
        .expect("record")
        .registered
        .is_some());
    drop(cpu_buf); // unregistered, then unmapped
}

#[test]
fn queues_on_two_agents_chain_through_a_signal() {
    let Some(g) = Device::open(Backend::Nvidia) else {
        return;
    };
    let Some(k) = g.kernel("store_id") else {
        return;
    };
    // The CPU agent's queue signals, the GPU's waits (GPU-side) on the same signal.
    let cpu = g.rt.cpu_agent().expect("CPU agent");
    let cpu_q = Queue::new(&cpu, 8, QueueType::Multi).expect("CPU queue");
    let gpu_q = g.queue();
    let gate = Signal::new(1).expect("gate");
    let cpu_gate = Signal::new(1).expect("CPU-side gate");
    let done = Signal::new(1).expect("completion");
    let n = 64u32;
    let out = g.host_buffer(n as usize);
    let args = g.store_id_args(out.as_ptr() as usize, n, 9);
    gpu_q.barrier_and(&[&gate], None).expect("GPU barrier");
    // SAFETY: writes n u32s into `out`.
    unsafe {
        gpu_q
            .dispatch(
                &KernelDispatch::new(&k)
                    .grid_1d(n, 64)
                    .kernarg(&args)
                    .completion(&done),
            )
            .expect("dispatch");
    }
    cpu_q
        .barrier_and(&[&cpu_gate], Some(&gate))
        .expect("CPU barrier");
    std::thread::sleep(Duration::from_millis(50));
    assert_eq!(done.load(MemoryOrder::Acquire), 1);
    cpu_gate.store(0, MemoryOrder::Release);
    wait_zero(&done);
    assert_eq!(out[n as usize - 1], 9 + n - 1);
}
