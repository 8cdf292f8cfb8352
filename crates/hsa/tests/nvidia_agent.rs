//! NVIDIA GPUs as HSA agents, through the safe API: enumeration, the device and host
//! pools, copies, a PTX code object, dispatches through AQL queues with completion
//! signals, barrier-AND (waited for by the GPU) and barrier-OR packets, and malformed
//! packets.
//!
//! Without a CUDA driver and GPU every GPU test prints `skipped: no NVIDIA GPU` (on
//! stderr, past the test harness's capture) and passes; the tests that need no GPU
//! (image detection, loading PTX on the CPU agent) always run.
//!
//! The kernels are PTX text written here (PTX is JIT-compiled by the driver for whatever
//! GPU is present, so no nvcc is needed).

mod common;

use std::io::Write;
use std::sync::mpsc::{sync_channel, Receiver};
use std::time::{Duration, Instant};

use common::{wait_for, wait_until, wait_zero};
use hsa::core::packet::RawPacket;
use hsa::core::queue::QueueState;
use hsa::signal::{Condition, MemoryOrder};
use hsa::{
    Agent, CodeObjectReader, DeviceBuffer, DeviceType, Executable, HsaError, KernargBuilder,
    KernelDispatch, KernelSymbol, MemoryPool, PoolBuffer, PoolLocation, Queue, QueueType, Runtime,
    Segment, Signal, SymbolKind,
};

/// Two kernels and a variable:
/// - `store_id(u32* out, u32 n, u32 base)`: `out[i] = base + i` for the global id `i < n`;
/// - `reverse_block(u32* out)`: each work-item writes its id to dynamic shared memory,
///   then `out[i] = ntid - 1 - i` read back from shared memory after a barrier;
/// - `hsa_test_counter`: a `u32` in global memory.
const PTX: &str = r#"
.version 7.0
.target sm_50
.address_size 64

.visible .global .align 4 .u32 hsa_test_counter;
.extern .shared .align 4 .b8 dyn_smem[];

.visible .entry store_id(
	.param .u64 store_id_out,
	.param .u32 store_id_n,
	.param .u32 store_id_base
)
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<8>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [store_id_out];
	ld.param.u32 	%r1, [store_id_n];
	ld.param.u32 	%r2, [store_id_base];
	mov.u32 	%r3, %ctaid.x;
	mov.u32 	%r4, %ntid.x;
	mov.u32 	%r5, %tid.x;
	mad.lo.u32 	%r6, %r3, %r4, %r5;
	setp.ge.u32 	%p1, %r6, %r1;
	@%p1 bra 	$L_done;
	add.u32 	%r7, %r6, %r2;
	mul.wide.u32 	%rd2, %r6, 4;
	add.u64 	%rd3, %rd1, %rd2;
	st.u32 	[%rd3], %r7;
$L_done:
	ret;
}

.visible .entry reverse_block(
	.param .u64 reverse_block_out
)
{
	.reg .b32 	%r<10>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [reverse_block_out];
	mov.u32 	%r1, %tid.x;
	mov.u32 	%r2, %ntid.x;
	mov.u32 	%r3, dyn_smem;
	shl.b32 	%r4, %r1, 2;
	add.u32 	%r5, %r3, %r4;
	st.shared.u32 	[%r5], %r1;
	bar.sync 	0;
	sub.u32 	%r6, %r2, %r1;
	sub.u32 	%r7, %r6, 1;
	shl.b32 	%r8, %r7, 2;
	add.u32 	%r9, %r3, %r8;
	ld.shared.u32 	%r7, [%r9];
	mul.wide.u32 	%rd2, %r1, 4;
	add.u64 	%rd3, %rd1, %rd2;
	st.u32 	[%rd3], %r7;
	ret;
}
"#;

/// How long a packet that must not run yet is watched.
const HOLD: Duration = Duration::from_millis(200);

/// Prints past the test harness's output capture.
fn note(text: &str) {
    let _ = writeln!(std::io::stderr(), "{text}");
}

/// The runtime and the first GPU agent, or `None` (after printing the skip line).
fn gpu() -> Option<(Runtime, Agent)> {
    let rt = Runtime::init().expect("hsa_init");
    match rt.gpu_agents().expect("agents").into_iter().next() {
        Some(agent) => Some((rt, agent)),
        None => {
            let test = std::thread::current().name().unwrap_or("").to_string();
            note(&format!("skipped: no NVIDIA GPU ({test})"));
            None
        }
    }
}

/// Everything a dispatch test needs on one GPU agent.
struct Gpu {
    _rt: Runtime,
    agent: Agent,
    fine: MemoryPool,
    kernarg: MemoryPool,
    coarse: MemoryPool,
    _reader: CodeObjectReader,
    exe: Executable,
}

fn fixture() -> Option<Gpu> {
    let (rt, agent) = gpu()?;
    let fine = agent.fine_grained_pool().expect("fine-grained pool");
    let kernarg = agent.kernarg_pool().expect("kernarg pool");
    let coarse = agent.coarse_grained_pool().expect("device pool");
    let reader = CodeObjectReader::from_bytes(PTX.as_bytes()).expect("PTX reader");
    assert!(reader.is_nvidia());
    let exe = Executable::new().expect("executable");
    exe.load(&agent, &reader).expect("load the PTX module");
    exe.freeze().expect("freeze");
    Some(Gpu {
        _rt: rt,
        agent,
        fine,
        kernarg,
        coarse,
        _reader: reader,
        exe,
    })
}

impl Gpu {
    /// The kernel, or `None` (with a skip line) when the driver cannot describe kernel
    /// arguments (`cuFuncGetParamInfo`, CUDA 12.4+).
    fn kernel(&self, name: &str) -> Option<KernelSymbol> {
        let k = self.exe.kernel(name).expect("kernel symbol");
        let has_param_info =
            hsa::core::nvidia::Driver::get().is_some_and(|d| d.optional.func_param_info);
        if !has_param_info {
            note("skipped: the CUDA driver lacks cuFuncGetParamInfo (CUDA 12.4+)");
            return None;
        }
        Some(k)
    }

    fn queue(&self) -> Queue {
        Queue::new(&self.agent, 64, QueueType::Multi).expect("GPU queue")
    }

    fn queue_with_errors(&self) -> (Queue, Receiver<HsaError>) {
        let (tx, rx) = sync_channel(16);
        let q = Queue::with_error_callback(&self.agent, 64, QueueType::Multi, move |e| {
            let _ = tx.try_send(e);
        })
        .expect("GPU queue with a callback");
        (q, rx)
    }

    /// A zeroed host buffer the GPU writes into (pinned, fine-grained).
    fn host_buffer(&self, n: usize) -> PoolBuffer<u32> {
        self.fine.allocate(n).expect("fine-grained allocation")
    }

    fn store_id_args(&self, out: usize, n: u32, base: u32) -> PoolBuffer<u8> {
        KernargBuilder::new()
            .push(out as u64)
            .push(n)
            .push(base)
            .build(&self.kernarg)
            .expect("kernarg buffer")
    }
}

/// Reads `buf[i]` while the GPU may write it.
fn read(buf: &PoolBuffer<u32>, i: usize) -> u32 {
    assert!(i < buf.len());
    // SAFETY: in bounds of a live allocation; a volatile read of a u32 the GPU writes.
    unsafe { std::ptr::read_volatile(buf.as_ptr().add(i)) }
}

/// Whether the agent's queues wait for barrier-AND dependencies on the GPU.
fn gpu_waits(g: &Gpu) -> bool {
    let device = g.agent.object().nvidia_device().expect("NVIDIA device");
    hsa::core::nvidia::signal::gpu_waits_enabled()
        && hsa::core::nvidia::signal::device_can_wait(device)
}

fn expect_error(rx: &Receiver<HsaError>, q: &Queue, expected: HsaError, what: &str) {
    let got = rx
        .recv_timeout(common::TIMEOUT)
        .unwrap_or_else(|_| panic!("{what}: no error callback"));
    assert_eq!(got, expected, "{what}");
    wait_for("the queue error state", || q.state() == QueueState::Error);
}

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
    let Some(g) = fixture() else { return };
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
    let cpu = g._rt.cpu_agent().expect("CPU agent");
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
fn ptx_symbols_and_variables() {
    let Some(g) = fixture() else { return };
    let names: Vec<(String, SymbolKind)> = g
        .exe
        .agent_symbols(&g.agent)
        .iter()
        .map(|s| (s.name().to_string(), s.kind()))
        .collect();
    for expected in ["store_id.kd", "reverse_block.kd"] {
        assert!(
            names.contains(&(expected.to_string(), SymbolKind::Kernel)),
            "{expected} in {names:?}"
        );
    }
    assert!(names.contains(&("hsa_test_counter".to_string(), SymbolKind::Variable)));
    // The bare name finds the kernel too.
    assert_eq!(
        g.exe.symbol("store_id").expect("bare name").name(),
        "store_id.kd"
    );
    let k = g.exe.kernel("store_id").expect("kernel");
    assert_ne!(k.kernel_object, 0);
    assert_eq!(k.group_segment_size, 0);
    if hsa::core::nvidia::Driver::get().is_some_and(|d| d.optional.func_param_info) {
        assert_eq!(k.kernarg_size, 16, "u64 + u32 + u32");
    }
    assert!(k.kernarg_alignment >= 16);

    // The variable lives in device memory: hsa_memory_copy goes through the driver.
    let (address, size) = g.exe.variable("hsa_test_counter").expect("variable");
    assert_eq!(size, 4);
    let value: u32 = 0x5eed_f00d;
    let mut back: u32 = 0;
    // SAFETY: the variable is 4 bytes of device memory; host values are 4 bytes.
    unsafe {
        hsa::memory::copy(address as *mut u8, (&value as *const u32).cast(), 4).expect("to device");
        hsa::memory::copy((&mut back as *mut u32).cast(), address as *const u8, 4).expect("back");
    }
    assert_eq!(back, value);
    assert_eq!(
        g.exe.symbol("no_such_symbol").err(),
        Some(HsaError::ERROR_INVALID_SYMBOL_NAME)
    );
}

#[test]
fn dispatch_with_completion_signal() {
    let Some(g) = fixture() else { return };
    let Some(k) = g.kernel("store_id") else {
        return;
    };
    let q = g.queue();
    let n = 1000u32; // not a multiple of the work-group: the last group is partial
    let out = g.host_buffer(n as usize);
    let args = g.store_id_args(out.as_ptr() as usize, n, 7);
    let done = Signal::new(1).expect("signal");
    // SAFETY: store_id writes n u32s into `out`, which outlives the dispatch.
    unsafe {
        q.dispatch(
            &KernelDispatch::new(&k)
                .grid_1d(n, 128)
                .kernarg(&args)
                .completion(&done),
        )
        .expect("dispatch");
    }
    wait_zero(&done);
    for i in 0..n as usize {
        assert_eq!(out[i], 7 + i as u32, "out[{i}]");
    }
    assert!(q.load_read_index(MemoryOrder::Acquire) >= 1);

    // Into device memory, many dispatches back to back, one completion signal each.
    let dev: DeviceBuffer<u32> = DeviceBuffer::new(&g.coarse, n as usize).expect("device buffer");
    let args = g.store_id_args(dev.address(), n, 1);
    let count = 200;
    let all = Signal::new(count).expect("signal");
    for _ in 0..count {
        // SAFETY: writes n u32s into `dev`, which outlives the dispatches.
        unsafe {
            q.dispatch(
                &KernelDispatch::new(&k)
                    .grid_1d(n, 256)
                    .kernarg(&args)
                    .completion(&all),
            )
            .expect("dispatch");
        }
    }
    wait_zero(&all);
    let back = dev.to_vec().expect("copy back");
    assert!(back.iter().enumerate().all(|(i, &v)| v == 1 + i as u32));
}

#[test]
fn dynamic_group_memory() {
    let Some(g) = fixture() else { return };
    let Some(k) = g.kernel("reverse_block") else {
        return;
    };
    let q = g.queue();
    let wg = 256u32;
    let out = g.host_buffer(wg as usize);
    let args = KernargBuilder::new()
        .push(out.as_ptr() as u64)
        .build(&g.kernarg)
        .expect("kernarg");
    let done = Signal::new(1).expect("signal");
    let mut d = KernelDispatch::new(&k)
        .grid_1d(wg, wg as u16)
        .kernarg(&args)
        .completion(&done);
    d.group_segment_size = wg * 4;
    // SAFETY: reverse_block writes wg u32s into `out`.
    unsafe { q.dispatch(&d) }.expect("dispatch");
    wait_zero(&done);
    for i in 0..wg as usize {
        assert_eq!(out[i], wg - 1 - i as u32, "out[{i}]");
    }

    // More than the 48 KiB a block gets without opting in.
    let optin = g
        .agent
        .memory_pools()
        .into_iter()
        .find(|p| p.segment() == Segment::Group)
        .map_or(0, |p| p.size());
    if optin >= 64 * 1024 {
        let done = Signal::new(1).expect("signal");
        d.completion_signal = Some(&done);
        d.group_segment_size = 64 * 1024;
        // SAFETY: as above.
        unsafe { q.dispatch(&d) }.expect("dispatch");
        wait_zero(&done);
        assert_eq!(out[0], wg - 1);
    }
}

#[test]
fn barrier_and_holds_the_next_dispatch_until_the_host_sets_the_signal() {
    let Some(g) = fixture() else { return };
    let Some(k) = g.kernel("store_id") else {
        return;
    };
    let q = g.queue();
    let n = 256u32;
    let first = g.host_buffer(n as usize);
    let second = g.host_buffer(n as usize);
    let first_args = g.store_id_args(first.as_ptr() as usize, n, 100);
    let second_args = g.store_id_args(second.as_ptr() as usize, n, 200);
    let gate = Signal::new(1).expect("gate");
    let barrier_done = Signal::new(1).expect("barrier completion");
    let done = Signal::new(1).expect("completion");
    // SAFETY: each dispatch writes n u32s into its own buffer, which outlives it.
    unsafe {
        q.dispatch(&KernelDispatch::new(&k).grid_1d(n, 64).kernarg(&first_args))
            .expect("first dispatch");
    }
    q.barrier_and(&[&gate], Some(&barrier_done))
        .expect("barrier-AND");
    // SAFETY: as above.
    unsafe {
        q.dispatch(
            &KernelDispatch::new(&k)
                .grid_1d(n, 64)
                .kernarg(&second_args)
                .completion(&done),
        )
        .expect("second dispatch");
    }
    // With GPU-side waits the processor turns all three packets into stream operations
    // without waiting: the wait is the GPU's.
    if gpu_waits(&g) {
        wait_for("the packets to be consumed", || {
            q.load_read_index(MemoryOrder::Acquire) >= 3
        });
    } else {
        note("note: this device waits for barrier-AND dependencies on the host");
    }
    wait_for("the first dispatch", || {
        read(&first, n as usize - 1) == 100 + n - 1
    });
    std::thread::sleep(HOLD);
    assert_eq!(
        barrier_done.load(MemoryOrder::Acquire),
        1,
        "the barrier waits"
    );
    assert_eq!(
        done.load(MemoryOrder::Acquire),
        1,
        "the second dispatch has not completed"
    );
    assert!(
        (0..n as usize).all(|i| read(&second, i) == 0),
        "the second dispatch did not run before the signal was set"
    );
    let released = Instant::now();
    gate.store(0, MemoryOrder::Release);
    wait_zero(&barrier_done);
    wait_zero(&done);
    note(&format!(
        "barrier-AND released the GPU {:?} after the host store",
        released.elapsed()
    ));
    assert!((0..n as usize).all(|i| second[i] == 200 + i as u32));
}

#[test]
fn barrier_and_with_a_negative_dependency_fails_its_completion() {
    let Some(g) = fixture() else { return };
    let q = g.queue();
    let dep = Signal::new(1).expect("dependency");
    let other = Signal::new(0).expect("satisfied dependency");
    let done = Signal::new(1).expect("completion");
    q.barrier_and(&[&other, &dep], Some(&done))
        .expect("barrier-AND");
    std::thread::sleep(Duration::from_millis(50));
    assert_eq!(done.load(MemoryOrder::Acquire), 1);
    dep.store(-1, MemoryOrder::Release);
    let v = wait_until(&done, Condition::Lt, 0);
    assert_eq!(v, -1);
    // The queue keeps working.
    let again = Signal::new(1).expect("completion");
    q.barrier_and(&[], Some(&again))
        .expect("barrier-AND without dependencies");
    wait_zero(&again);
}

#[test]
fn barrier_or_completes_on_any_dependency() {
    let Some(g) = fixture() else { return };
    let Some(k) = g.kernel("store_id") else {
        return;
    };
    let q = g.queue();
    let n = 64u32;
    let out = g.host_buffer(n as usize);
    let args = g.store_id_args(out.as_ptr() as usize, n, 300);
    let s1 = Signal::new(1).expect("s1");
    let s2 = Signal::new(1).expect("s2");
    let or_done = Signal::new(1).expect("barrier completion");
    let done = Signal::new(1).expect("completion");
    q.barrier_or(&[&s1, &s2], Some(&or_done))
        .expect("barrier-OR");
    // SAFETY: writes n u32s into `out`, which outlives the dispatch.
    unsafe {
        q.dispatch(
            &KernelDispatch::new(&k)
                .grid_1d(n, 64)
                .kernarg(&args)
                .completion(&done),
        )
        .expect("dispatch");
    }
    std::thread::sleep(HOLD);
    assert_eq!(or_done.load(MemoryOrder::Acquire), 1);
    assert_eq!(done.load(MemoryOrder::Acquire), 1);
    assert!((0..n as usize).all(|i| read(&out, i) == 0));
    s2.store(0, MemoryOrder::Release);
    wait_zero(&or_done);
    wait_zero(&done);
    assert!((0..n as usize).all(|i| out[i] == 300 + i as u32));
    assert_eq!(s1.load(MemoryOrder::Acquire), 1);

    // A negative dependency makes the completion negative.
    let s3 = Signal::new(1).expect("s3");
    let failed = Signal::new(1).expect("completion");
    q.barrier_or(&[&s3], Some(&failed)).expect("barrier-OR");
    s3.store(-5, MemoryOrder::Release);
    assert_eq!(wait_until(&failed, Condition::Lt, 0), -1);
}

#[test]
fn barrier_value_packet() {
    let Some(g) = fixture() else { return };
    let q = g.queue();
    let s = Signal::new(0).expect("signal");
    let done = Signal::new(1).expect("completion");
    q.barrier_value(&s, Condition::Gte, 0x40, 0xF0, Some(&done))
        .expect("barrier-value");
    std::thread::sleep(Duration::from_millis(50));
    s.store(0x3F, MemoryOrder::Release);
    std::thread::sleep(Duration::from_millis(50));
    assert_eq!(done.load(MemoryOrder::Acquire), 1, "0x3F & 0xF0 < 0x40");
    s.store(0x45, MemoryOrder::Release);
    wait_zero(&done);
}

#[test]
fn malformed_packets_report_errors() {
    let Some(g) = fixture() else { return };
    let k = g.exe.kernel("store_id").expect("kernel");
    let out = g.host_buffer(64);
    let args = g.store_id_args(out.as_ptr() as usize, 64, 0);
    let good = KernelDispatch::new(&k).grid_1d(64, 64).kernarg(&args);

    let cases: [(KernelDispatch<'_>, HsaError, &str); 4] = [
        (
            KernelDispatch {
                kernel_object: 0,
                ..good
            },
            HsaError::ERROR_INVALID_CODE_OBJECT,
            "kernel_object 0",
        ),
        (
            KernelDispatch {
                dimensions: 0,
                ..good
            },
            HsaError::ERROR_INCOMPATIBLE_ARGUMENTS,
            "0 dimensions",
        ),
        (
            KernelDispatch {
                workgroup_size: [2048, 1, 1],
                grid_size: [2048, 1, 1],
                ..good
            },
            HsaError::ERROR_INCOMPATIBLE_ARGUMENTS,
            "work-group over 1024",
        ),
        (
            KernelDispatch {
                group_segment_size: u32::MAX,
                ..good
            },
            HsaError::ERROR_INVALID_ALLOCATION,
            "group segment 0xFFFFFFFF",
        ),
    ];
    for (dispatch, expected, what) in cases {
        let (q, rx) = g.queue_with_errors();
        // SAFETY: every packet is rejected before anything runs.
        unsafe { q.dispatch(&dispatch) }.expect("submission succeeds");
        expect_error(&rx, &q, expected, what);
    }

    // Header type 0xFF.
    let (q, rx) = g.queue_with_errors();
    let mut raw = RawPacket::from_packet(&good.to_packet());
    raw.0[0] = (raw.0[0] & !0xFF) | 0xFF;
    // SAFETY: rejected by the packet processor.
    unsafe { q.submit_raw(&raw) }.expect("submit");
    expect_error(
        &rx,
        &q,
        HsaError::ERROR_INVALID_PACKET_FORMAT,
        "header type 0xFF",
    );

    // Agent dispatch: GPU queues have no AGENT_DISPATCH feature.
    let (q, rx) = g.queue_with_errors();
    let mut raw = RawPacket::from_packet(&good.to_packet());
    raw.0[0] = (raw.0[0] & !0xFF) | 4;
    // SAFETY: rejected by the packet processor.
    unsafe { q.submit_raw(&raw) }.expect("submit");
    expect_error(
        &rx,
        &q,
        HsaError::ERROR_INVALID_PACKET_FORMAT,
        "agent dispatch",
    );

    // A bad completion signal.
    let (q, rx) = g.queue_with_errors();
    let mut packet = good.to_packet();
    packet.completion_signal = 0x1000;
    // SAFETY: rejected before the launch.
    unsafe { q.submit_raw(&RawPacket::from_packet(&packet)) }.expect("submit");
    expect_error(
        &rx,
        &q,
        HsaError::ERROR_INVALID_SIGNAL,
        "bad completion signal",
    );
}

#[test]
fn destroying_queues_with_pending_waits_does_not_hang() {
    let Some(g) = fixture() else { return };
    // A barrier-OR with no dependency never completes: the processor waits on the host.
    let q = g.queue();
    q.barrier_or(&[], None).expect("barrier-OR");
    std::thread::sleep(Duration::from_millis(50));
    let t = Instant::now();
    drop(q);
    assert!(t.elapsed() < Duration::from_secs(10));

    // A GPU-side wait on a signal nobody sets yet.
    let q = g.queue();
    let gate = Signal::new(1).expect("gate");
    q.barrier_and(&[&gate], None).expect("barrier-AND");
    if gpu_waits(&g) {
        wait_for("the barrier to be consumed", || {
            q.load_read_index(MemoryOrder::Acquire) >= 1
        });
    } else {
        std::thread::sleep(Duration::from_millis(50));
    }
    let t = Instant::now();
    q.inactivate();
    drop(q);
    assert!(t.elapsed() < Duration::from_secs(10));
    // Let the orphaned stream drain.
    gate.store(0, MemoryOrder::Release);
}

#[test]
fn queues_on_two_agents_chain_through_a_signal() {
    let Some(g) = fixture() else { return };
    let Some(k) = g.kernel("store_id") else {
        return;
    };
    // The CPU agent's queue signals, the GPU's waits (GPU-side) on the same signal.
    let cpu = g._rt.cpu_agent().expect("CPU agent");
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
