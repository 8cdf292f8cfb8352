//! The dispatch tests that every kernel agent must pass, written once and instantiated per
//! agent (CubeCL's testgen idea): `flow.rs` runs them on the CPU agent (kernels from
//! `kernels/flow_kernels.c`), `nvidia_agent.rs` on the first NVIDIA GPU (the same kernels in
//! PTX, [`PTX`]). Both code objects define `store_id`, `reverse_block` and the variable
//! `hsa_test_counter` with the same arguments and meaning.
//!
//! Without a CUDA driver and GPU every NVIDIA instance prints `skipped: no NVIDIA GPU` (on
//! stderr, past the test harness's capture) and passes.
#![allow(dead_code)] // each instantiating test file uses a different part of the helpers

use std::io::Write;
use std::sync::mpsc::{sync_channel, Receiver};
use std::time::{Duration, Instant};

use crate::common::{code_object_path, wait_for, wait_until, wait_zero, TIMEOUT};
use hsa::core::packet::RawPacket;
use hsa::core::queue::QueueState;
use hsa::signal::{Condition, MemoryOrder};
use hsa::{
    Agent, CodeObjectReader, DeviceBuffer, Executable, HsaError, KernargBuilder, KernelDispatch,
    KernelSymbol, MemoryPool, PoolBuffer, Queue, QueueType, Runtime, Segment, Signal, SymbolKind,
};

/// Instantiates every test of the suite for the [`Backend`] variant `$backend`, in a module
/// `agent_suite_tests` (one `#[test]` per suite function, with the same name).
macro_rules! instantiate {
    ($backend:ident) => {
        mod agent_suite_tests {
            use $crate::agent_suite::{self as suite, Backend};
            #[test]
            fn symbols_and_variables() {
                suite::symbols_and_variables(Backend::$backend)
            }
            #[test]
            fn dispatch_with_completion_signal() {
                suite::dispatch_with_completion_signal(Backend::$backend)
            }
            #[test]
            fn dynamic_group_memory() {
                suite::dynamic_group_memory(Backend::$backend)
            }
            #[test]
            fn barrier_and_holds_the_next_dispatch_until_the_host_sets_the_signal() {
                suite::barrier_and_holds_the_next_dispatch_until_the_host_sets_the_signal(
                    Backend::$backend,
                )
            }
            #[test]
            fn barrier_and_with_a_negative_dependency_fails_its_completion() {
                suite::barrier_and_with_a_negative_dependency_fails_its_completion(
                    Backend::$backend,
                )
            }
            #[test]
            fn barrier_or_completes_on_any_dependency() {
                suite::barrier_or_completes_on_any_dependency(Backend::$backend)
            }
            #[test]
            fn barrier_value_packet() {
                suite::barrier_value_packet(Backend::$backend)
            }
            #[test]
            fn malformed_packets_report_errors() {
                suite::malformed_packets_report_errors(Backend::$backend)
            }
            #[test]
            fn destroying_queues_with_pending_waits_does_not_hang() {
                suite::destroying_queues_with_pending_waits_does_not_hang(Backend::$backend)
            }
        }
    };
}
pub(crate) use instantiate;

/// The kind of kernel agent a suite instance runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// The CPU agent, with `kernels/flow_kernels.c` built into a CPU code object.
    Cpu,
    /// The first NVIDIA GPU agent, with [`PTX`].
    Nvidia,
}

/// Two kernels and a variable:
/// - `store_id(u32* out, u32 n, u32 base)`: `out[i] = base + i` for the global id `i < n`;
/// - `reverse_block(u32* out)`: each work-item writes its id to dynamic shared memory,
///   then `out[i] = ntid - 1 - i` read back from shared memory after a barrier;
/// - `hsa_test_counter`: a `u32` in global memory.
pub const PTX: &str = r#"
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
pub const HOLD: Duration = Duration::from_millis(200);

/// Prints past the test harness's output capture.
pub fn note(text: &str) {
    let _ = writeln!(std::io::stderr(), "{text}");
}

/// The runtime and the first GPU agent, or `None` (after printing the skip line).
pub fn gpu() -> Option<(Runtime, Agent)> {
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

/// Everything a dispatch test needs on one agent, with the suite's code object loaded.
pub struct Device {
    pub backend: Backend,
    pub rt: Runtime,
    pub agent: Agent,
    pub fine: MemoryPool,
    pub kernarg: MemoryPool,
    pub coarse: MemoryPool,
    _reader: CodeObjectReader,
    pub exe: Executable,
}

impl Device {
    /// The backend's agent and code object, or `None` (after printing the skip line) when
    /// there is no such agent.
    pub fn open(backend: Backend) -> Option<Device> {
        let (rt, agent, reader) = match backend {
            Backend::Cpu => {
                let rt = Runtime::init().expect("hsa_init");
                let agent = rt.cpu_agent().expect("CPU agent");
                let reader =
                    CodeObjectReader::from_file(code_object_path()).expect("read the code object");
                (rt, agent, reader)
            }
            Backend::Nvidia => {
                let (rt, agent) = gpu()?;
                let reader = CodeObjectReader::from_bytes(PTX.as_bytes()).expect("PTX reader");
                assert!(reader.is_nvidia());
                (rt, agent, reader)
            }
        };
        let fine = agent.fine_grained_pool().expect("fine-grained pool");
        let kernarg = agent.kernarg_pool().expect("kernarg pool");
        let coarse = agent.coarse_grained_pool().expect("device pool");
        let exe = Executable::new().expect("executable");
        exe.load(&agent, &reader).expect("load the code object");
        exe.freeze().expect("freeze");
        Some(Device {
            backend,
            rt,
            agent,
            fine,
            kernarg,
            coarse,
            _reader: reader,
            exe,
        })
    }

    /// The kernel, or `None` (with a skip line) when the CUDA driver cannot describe kernel
    /// arguments (`cuFuncGetParamInfo`, CUDA 12.4+).
    pub fn kernel(&self, name: &str) -> Option<KernelSymbol> {
        let k = self.exe.kernel(name).expect("kernel symbol");
        if self.backend == Backend::Nvidia && !driver_describes_arguments() {
            note("skipped: the CUDA driver lacks cuFuncGetParamInfo (CUDA 12.4+)");
            return None;
        }
        Some(k)
    }

    pub fn queue(&self) -> Queue {
        Queue::new(&self.agent, 64, QueueType::Multi).expect("queue")
    }

    pub fn queue_with_errors(&self) -> (Queue, Receiver<HsaError>) {
        let (tx, rx) = sync_channel(16);
        let q = Queue::with_error_callback(&self.agent, 64, QueueType::Multi, move |e| {
            let _ = tx.try_send(e);
        })
        .expect("queue with a callback");
        (q, rx)
    }

    /// A zeroed host buffer the agent writes into (fine-grained; pinned on a GPU).
    pub fn host_buffer(&self, n: usize) -> PoolBuffer<u32> {
        self.fine.allocate(n).expect("fine-grained allocation")
    }

    pub fn store_id_args(&self, out: usize, n: u32, base: u32) -> PoolBuffer<u8> {
        KernargBuilder::new()
            .push(out as u64)
            .push(n)
            .push(base)
            .build(&self.kernarg)
            .expect("kernarg buffer")
    }

    /// Whether the agent's queues wait for barrier-AND dependencies on the device (NVIDIA
    /// stream waits); otherwise the packet processor waits on the host.
    pub fn waits_on_device(&self) -> bool {
        match self.backend {
            Backend::Cpu => false,
            Backend::Nvidia => {
                let device = self.agent.object().nvidia_device().expect("NVIDIA device");
                hsa::core::nvidia::signal::gpu_waits_enabled()
                    && hsa::core::nvidia::signal::device_can_wait(device)
            }
        }
    }
}

/// Whether the CUDA driver describes kernel arguments (`cuFuncGetParamInfo`, CUDA 12.4+).
pub fn driver_describes_arguments() -> bool {
    hsa::core::nvidia::Driver::get().is_some_and(|d| d.optional.func_param_info)
}

/// Reads `buf[i]` while the agent may write it.
pub fn read(buf: &PoolBuffer<u32>, i: usize) -> u32 {
    assert!(i < buf.len());
    // SAFETY: in bounds of a live allocation; a volatile read of a u32 the agent writes.
    unsafe { std::ptr::read_volatile(buf.as_ptr().add(i)) }
}

pub fn expect_error(rx: &Receiver<HsaError>, q: &Queue, expected: HsaError, what: &str) {
    let got = rx
        .recv_timeout(TIMEOUT)
        .unwrap_or_else(|_| panic!("{what}: no error callback"));
    assert_eq!(got, expected, "{what}");
    wait_for("the queue error state", || q.state() == QueueState::Error);
}

pub fn symbols_and_variables(backend: Backend) {
    let Some(g) = Device::open(backend) else {
        return;
    };
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
    // A PTX module names its kernels without `.kd`: on NVIDIA the bare name finds the kernel
    // too; a CPU code object's symbols are looked up by their exact names, as in ROCr.
    match backend {
        Backend::Nvidia => assert_eq!(
            g.exe.symbol("store_id").expect("bare name").name(),
            "store_id.kd"
        ),
        Backend::Cpu => assert_eq!(
            g.exe.symbol("store_id").err(),
            Some(HsaError::ERROR_INVALID_SYMBOL_NAME)
        ),
    }
    let k = g.exe.kernel("store_id").expect("kernel");
    assert_ne!(k.kernel_object, 0);
    assert_eq!(k.group_segment_size, 0);
    if backend == Backend::Cpu || driver_describes_arguments() {
        assert_eq!(k.kernarg_size, 16, "u64 + u32 + u32");
    }
    assert!(k.kernarg_alignment >= 16);

    // The variable lives in the agent's global memory (device memory on a GPU: hsa_memory_copy
    // goes through the driver).
    let (address, size) = g.exe.variable("hsa_test_counter").expect("variable");
    assert_eq!(size, 4);
    let value: u32 = 0x5eed_f00d;
    let mut back: u32 = 0;
    // SAFETY: the variable is 4 bytes of the agent's memory; host values are 4 bytes.
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

pub fn dispatch_with_completion_signal(backend: Backend) {
    let Some(g) = Device::open(backend) else {
        return;
    };
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

pub fn dynamic_group_memory(backend: Backend) {
    let Some(g) = Device::open(backend) else {
        return;
    };
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

pub fn barrier_and_holds_the_next_dispatch_until_the_host_sets_the_signal(backend: Backend) {
    let Some(g) = Device::open(backend) else {
        return;
    };
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
    // With device-side waits the processor turns all three packets into stream operations
    // without waiting: the wait is the GPU's.
    if g.waits_on_device() {
        wait_for("the packets to be consumed", || {
            q.load_read_index(MemoryOrder::Acquire) >= 3
        });
    } else if backend == Backend::Nvidia {
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
        "barrier-AND released the {backend:?} agent {:?} after the host store",
        released.elapsed()
    ));
    assert!((0..n as usize).all(|i| second[i] == 200 + i as u32));
}

pub fn barrier_and_with_a_negative_dependency_fails_its_completion(backend: Backend) {
    let Some(g) = Device::open(backend) else {
        return;
    };
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

pub fn barrier_or_completes_on_any_dependency(backend: Backend) {
    let Some(g) = Device::open(backend) else {
        return;
    };
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

pub fn barrier_value_packet(backend: Backend) {
    let Some(g) = Device::open(backend) else {
        return;
    };
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

pub fn malformed_packets_report_errors(backend: Backend) {
    let Some(g) = Device::open(backend) else {
        return;
    };
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

    // Agent dispatch: GPU queues have no AGENT_DISPATCH feature (the CPU agent has it).
    if backend == Backend::Nvidia {
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
    }

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

pub fn destroying_queues_with_pending_waits_does_not_hang(backend: Backend) {
    let Some(g) = Device::open(backend) else {
        return;
    };
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
    if g.waits_on_device() {
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
