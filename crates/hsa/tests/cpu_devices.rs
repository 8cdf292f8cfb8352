//! `FERROCM_CPU_DEVICES=3`: three CPU agents (nodes 0..3), each with its own pools and queues
//! and a share of the engine's threads, each running kernels. This file is its own process
//! and sets the variable before the runtime starts (its single test owns the runtime).

mod common;

use common::{code_object_path, wait_zero};
use hsa::{
    CodeObjectReader, DeviceType, Executable, KernargBuilder, KernelDispatch, PoolBuffer, Queue,
    QueueType, Runtime, Signal,
};

#[test]
fn three_cpu_agents_each_run_kernels() {
    // SAFETY: set before any thread of this process reads the environment (the runtime
    // starts below, in this single test).
    unsafe {
        std::env::set_var("FERROCM_CPU_DEVICES", "3");
        std::env::set_var("FERROCM_HSA_NVIDIA", "0");
    }
    let rt = Runtime::init().expect("init");
    let cpus = rt.cpu_agents().expect("cpu agents");
    assert_eq!(cpus.len(), 3);
    let workers = cpu_engine::Engine::global().worker_count() as u32;
    let mut units = 0;
    for (i, a) in cpus.iter().enumerate() {
        assert_eq!(a.device_type(), DeviceType::Cpu);
        assert_eq!(a.node(), i as u32);
        assert!(a.compute_units() >= 1);
        units += a.compute_units();
    }
    // The shares cover the engine's threads (each agent gets at least one).
    assert_eq!(units, workers.max(3));
    assert_eq!(rt.cpu_agent().expect("cpu").handle(), cpus[0].handle());
    assert_eq!(
        rt.agents()
            .expect("agents")
            .iter()
            .filter(|a| a.device_type() == DeviceType::Cpu)
            .count(),
        3
    );

    // A code object loaded for agent 0 runs on every agent's queue, with every agent's
    // memory.
    let reader = CodeObjectReader::from_file(code_object_path()).expect("reader");
    let exe = Executable::new().expect("executable");
    exe.load(&cpus[0], &reader).expect("load");
    exe.freeze().expect("freeze");
    let kernel = exe.kernel("atomic_inc").expect("kernel");
    for agent in &cpus {
        let fine = agent.fine_grained_pool().expect("pool");
        let kernarg = agent.kernarg_pool().expect("kernarg pool");
        let mut counter: PoolBuffer<u64> = fine.allocate(1).expect("alloc");
        let args = KernargBuilder::new()
            .push_ptr(counter.as_mut_ptr())
            .build(&kernarg)
            .expect("kernargs");
        let queue = Queue::new(agent, 16, QueueType::Single).expect("queue");
        let done = Signal::new(1).expect("signal");
        let d = KernelDispatch::new(&kernel)
            .grid_1d(5000, 100)
            .kernarg(&args)
            .completion(&done);
        // SAFETY: atomic_inc's argument is the counter, alive until `done`.
        unsafe { queue.dispatch(&d) }.expect("dispatch");
        wait_zero(&done);
        assert_eq!(counter[0], 5000, "agent node {}", agent.node());
    }
}
