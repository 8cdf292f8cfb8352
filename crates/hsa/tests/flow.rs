//! The dispatch flow through the safe API, on the CPU agent, with a CPU code object built
//! from `tests/kernels/flow_kernels.c` at test time: the agent suite of `agent_suite/mod.rs`
//! instantiated for the CPU agent (`nvidia_agent.rs` runs it on an NVIDIA GPU), and what the
//! CPU agent does beyond it (multi-dimensional grids, group-memory reductions, barriers across
//! queues, multi-producer queues, agent dispatch, the error callback's every case).
//!
//! The runtime is process-wide and tests run on several threads: each test holds its own
//! `Runtime` (a reference), so the runtime lives until the last test finishes.

mod agent_suite;
mod common;

agent_suite::instantiate!(Cpu);

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::Arc;
use std::time::Duration;

use common::{code_object_path, wait_for, wait_until, wait_zero, TIMEOUT};
use hsa::core::queue::QueueState;
use hsa::signal::{Condition, MemoryOrder};
use hsa::{
    Agent, AgentDispatch, CodeObjectReader, DeviceType, Executable, HsaError, KernargBuilder,
    KernelDispatch, KernelSymbol, MemoryPool, PoolBuffer, Queue, QueueType, Runtime, Segment,
    Signal, SymbolKind,
};

struct Fixture {
    _rt: Runtime,
    cpu: Agent,
    fine: MemoryPool,
    kernarg: MemoryPool,
    _reader: CodeObjectReader,
    exe: Executable,
}

fn fixture() -> Fixture {
    let rt = Runtime::init().expect("hsa_init");
    let cpu = rt.cpu_agent().expect("CPU agent");
    let fine = cpu.fine_grained_pool().expect("fine-grained pool");
    let kernarg = cpu.kernarg_pool().expect("kernarg pool");
    let reader = CodeObjectReader::from_file(code_object_path()).expect("read the code object");
    let exe = Executable::new().expect("create an executable");
    exe.load(&cpu, &reader).expect("load the code object");
    exe.freeze().expect("freeze");
    Fixture {
        _rt: rt,
        cpu,
        fine,
        kernarg,
        _reader: reader,
        exe,
    }
}

impl Fixture {
    fn kernel(&self, name: &str) -> KernelSymbol {
        self.exe
            .kernel(name)
            .unwrap_or_else(|e| panic!("kernel {name}: {e}"))
    }

    fn queue(&self, size: u32) -> Queue {
        Queue::new(&self.cpu, size, QueueType::Multi).expect("create a queue")
    }

    /// A queue whose error callback sends the status to the returned receiver.
    fn queue_with_errors(&self, size: u32) -> (Queue, Receiver<HsaError>) {
        let (tx, rx) = sync_channel(16);
        let q = Queue::with_error_callback(&self.cpu, size, QueueType::Multi, move |e| {
            let _ = tx.try_send(e);
        })
        .expect("create a queue with a callback");
        (q, rx)
    }

    fn buffer<T: hsa::DeviceCopy>(&self, data: &[T]) -> PoolBuffer<T> {
        PoolBuffer::from_slice(&self.fine, data).expect("allocate")
    }
}

/// Submits a vector_add of `n` elements (`c = a + b`).
fn dispatch_vector_add(
    f: &Fixture,
    q: &Queue,
    a: &PoolBuffer<f32>,
    b: &PoolBuffer<f32>,
    c: &mut PoolBuffer<f32>,
    args_out: &mut Vec<PoolBuffer<u8>>,
    done: &Signal,
) -> u64 {
    let n = a.len() as u32;
    let kernel = f.kernel("vector_add");
    let args = KernargBuilder::new()
        .push_ptr(a.as_ptr())
        .push_ptr(b.as_ptr())
        .push_ptr(c.as_mut_ptr())
        .push(n)
        .build(&f.kernarg)
        .expect("kernargs");
    assert_eq!(args.len(), kernel.kernarg_size as usize);
    let d = KernelDispatch::new(&kernel)
        .grid_1d(n, 256)
        .kernarg(&args)
        .completion(done);
    // SAFETY: the arguments match vector_add's; the buffers outlive the dispatch (callers
    // wait for `done` before touching them).
    let index = unsafe { q.dispatch(&d) }.expect("dispatch");
    args_out.push(args);
    index
}

#[test]
fn classic_dispatch_flow() {
    let f = fixture();
    assert_eq!(f.cpu.device_type(), DeviceType::Cpu);
    assert!(f.cpu.is_kernel_agent());
    assert_eq!(f.kernarg.segment(), Segment::Global);

    // The executable's symbols.
    let names: HashSet<String> = f
        .exe
        .symbols()
        .iter()
        .map(|s| s.name().to_string())
        .collect();
    for k in [
        "vector_add.kd",
        "fill_ids.kd",
        "block_reduce.kd",
        "block_reduce_dynamic.kd",
        "atomic_inc.kd",
    ] {
        assert!(names.contains(k), "missing {k} in {names:?}");
    }
    assert!(names.contains("flow_table"));
    let kernel = f.kernel("vector_add");
    assert_eq!(kernel, f.kernel("vector_add.kd"));
    assert_ne!(kernel.kernel_object, 0);
    assert_eq!(kernel.kernarg_size, 32);
    assert!(kernel.kernarg_alignment >= 16);
    assert_eq!(kernel.group_segment_size, 0);
    let reduce = f.kernel("block_reduce");
    assert_eq!(reduce.group_segment_size, 4096);
    assert_eq!(
        f.exe.kernel("no_such_kernel").err(),
        Some(HsaError::ERROR_INVALID_SYMBOL_NAME)
    );
    assert_eq!(
        f.exe.kernel("flow_table").err(),
        Some(HsaError::ERROR_INVALID_SYMBOL_NAME)
    );
    let sym = f.exe.symbol("atomic_inc.kd").expect("symbol by name");
    assert_eq!(sym.kind(), SymbolKind::Kernel);
    assert_eq!(sym.agent(), Some(f.cpu.handle()));
    assert_eq!(f.exe.agent_symbols(&f.cpu).len(), f.exe.symbols().len());

    // A global variable of the code object.
    let (address, size) = f.exe.variable("flow_table").expect("variable");
    assert_eq!(size, 16);
    assert_ne!(address, 0);
    // SAFETY: the symbol table says 16 bytes of u32 live there while the executable does.
    let table = unsafe { std::slice::from_raw_parts(address as *const u32, 4) };
    assert_eq!(table, &[11, 22, 33, 44]);

    // The dispatch: a grid that is not a multiple of the work-group size.
    let n = 1_000_003usize;
    let a = f.buffer(&(0..n).map(|i| i as f32).collect::<Vec<_>>());
    let b = f.buffer(&(0..n).map(|i| (2 * i) as f32 + 0.5).collect::<Vec<_>>());
    let mut c: PoolBuffer<f32> = f.fine.allocate(n).expect("allocate c");
    let q = f.queue(64);
    let done = Signal::new(1).expect("signal");
    let mut args = Vec::new();
    let index = dispatch_vector_add(&f, &q, &a, &b, &mut c, &mut args, &done);
    assert_eq!(index, 0);
    wait_zero(&done);
    for i in 0..n {
        assert_eq!(c[i], (3 * i) as f32 + 0.5, "c[{i}]");
    }
    assert_eq!(q.load_read_index(MemoryOrder::Acquire), 1);
    assert_eq!(q.load_write_index(MemoryOrder::Acquire), 1);
    assert_eq!(q.state(), QueueState::Active);

    // The same code object from memory, in a second executable.
    let bytes = std::fs::read(code_object_path()).expect("read the .so");
    let reader = CodeObjectReader::from_bytes(&bytes).expect("reader from memory");
    let mut names = reader.kernel_names();
    names.sort();
    assert_eq!(
        names,
        [
            "atomic_inc",
            "block_reduce",
            "block_reduce_dynamic",
            "fill_ids",
            "reverse_block",
            "store_id",
            "vector_add"
        ]
    );
    let exe2 = Executable::new().expect("executable");
    exe2.load(&f.cpu, &reader).expect("load");
    assert_eq!(
        exe2.kernel("vector_add").err(),
        Some(HsaError::ERROR_INVALID_EXECUTABLE),
        "not frozen yet"
    );
    exe2.freeze().expect("freeze");
    assert_eq!(exe2.freeze().err(), Some(HsaError::ERROR_FROZEN_EXECUTABLE));
    assert_eq!(
        exe2.load(&f.cpu, &reader).err(),
        Some(HsaError::ERROR_FROZEN_EXECUTABLE)
    );
    let k2 = exe2.kernel("vector_add").expect("kernel");
    assert_ne!(k2.kernel_object, kernel.kernel_object);
    c.as_mut_slice().fill(0.0);
    done.store(1, MemoryOrder::Release);
    let d = KernelDispatch::new(&k2)
        .grid_1d(n as u32, 1024)
        .kernarg(&args[0])
        .completion(&done);
    // SAFETY: same arguments as before, still alive; we wait before reading.
    unsafe { q.dispatch(&d) }.expect("dispatch");
    wait_zero(&done);
    assert!(c
        .iter()
        .enumerate()
        .all(|(i, &v)| v == (3 * i) as f32 + 0.5));

    assert_eq!(
        CodeObjectReader::from_bytes(b"not an ELF file").err(),
        Some(HsaError::ERROR_INVALID_CODE_OBJECT)
    );
    assert_eq!(
        CodeObjectReader::from_file("/nonexistent/ferrocm.so").err(),
        Some(HsaError::ERROR_INVALID_FILE)
    );
}

fn check_fill_ids(f: &Fixture, q: &Queue, grid: [u32; 3], wg: [u16; 3], dims: u16) {
    let kernel = f.kernel("fill_ids");
    let total = (grid[0] * grid[1] * grid[2]) as usize;
    let mut count: PoolBuffer<u32> = f.fine.allocate(total).expect("count");
    let mut tag: PoolBuffer<u32> = f.fine.allocate(total).expect("tag");
    let args = KernargBuilder::new()
        .push_ptr(count.as_mut_ptr())
        .push_ptr(tag.as_mut_ptr())
        .build(&f.kernarg)
        .expect("kernargs");
    let done = Signal::new(1).expect("signal");
    let d = KernelDispatch {
        dimensions: dims,
        grid_size: grid,
        workgroup_size: wg,
        ..KernelDispatch::new(&kernel)
    }
    .kernarg(&args)
    .completion(&done);
    // SAFETY: fill_ids takes two u32 pointers to `total` elements, alive until `done`.
    unsafe { q.dispatch(&d) }.expect("dispatch");
    wait_zero(&done);
    for z in 0..grid[2] {
        for y in 0..grid[1] {
            for x in 0..grid[0] {
                let i = ((z * grid[1] + y) * grid[0] + x) as usize;
                assert_eq!(
                    count[i], 1,
                    "work-item ({x},{y},{z}) of {grid:?}/{wg:?} ran {} times",
                    count[i]
                );
                assert_eq!(tag[i], x | (y << 10) | (z << 20));
            }
        }
    }
}

#[test]
fn grids_in_two_and_three_dimensions() {
    let f = fixture();
    let q = f.queue(16);
    check_fill_ids(&f, &q, [37, 1, 1], [8, 1, 1], 1);
    check_fill_ids(&f, &q, [37, 23, 1], [8, 4, 1], 2);
    check_fill_ids(&f, &q, [64, 64, 1], [16, 16, 1], 2);
    check_fill_ids(&f, &q, [9, 7, 5], [4, 2, 3], 3);
    check_fill_ids(&f, &q, [33, 17, 9], [8, 8, 4], 3);
    // Work-groups larger than the grid.
    check_fill_ids(&f, &q, [3, 2, 2], [4, 4, 4], 3);
}

fn run_reduce(f: &Fixture, q: &Queue, dynamic: bool, wg: u16) {
    let n = 100_000u32;
    let input: Vec<u32> = (0..n).map(|i| i % 7).collect();
    let input_buf = f.buffer(&input);
    let groups = n.div_ceil(u32::from(wg)) as usize;
    let mut sums: PoolBuffer<u32> = f.fine.allocate(groups).expect("sums");
    let mut nonzero: PoolBuffer<u32> = f.fine.allocate(groups).expect("nonzero");
    let kernel = f.kernel(if dynamic {
        "block_reduce_dynamic"
    } else {
        "block_reduce"
    });
    let args = KernargBuilder::new()
        .push_ptr(input_buf.as_ptr())
        .push_ptr(sums.as_mut_ptr())
        .push_ptr(nonzero.as_mut_ptr())
        .push(n)
        .build(&f.kernarg)
        .expect("kernargs");
    let done = Signal::new(1).expect("signal");
    let mut d = KernelDispatch::new(&kernel)
        .grid_1d(n, wg)
        .kernarg(&args)
        .completion(&done);
    if dynamic {
        d.group_segment_size = u32::from(wg) * 4;
    }
    // SAFETY: arguments as block_reduce expects them, alive until `done`.
    unsafe { q.dispatch(&d) }.expect("dispatch");
    wait_zero(&done);
    for g in 0..groups {
        let range = (g * wg as usize)..((g + 1) * wg as usize).min(n as usize);
        let expect: u32 = input[range.clone()].iter().sum();
        let expect_nonzero = input[range].iter().filter(|&&v| v != 0).count() as u32;
        assert_eq!(sums[g], expect, "group {g} (dynamic {dynamic}, wg {wg})");
        assert_eq!(nonzero[g], expect_nonzero, "barrier count of group {g}");
    }
}

#[test]
fn block_reduction_with_group_memory_and_barriers() {
    let f = fixture();
    let q = f.queue(16);
    run_reduce(&f, &q, false, 256);
    run_reduce(&f, &q, false, 1024);
    run_reduce(&f, &q, false, 100);
    run_reduce(&f, &q, true, 256);
    run_reduce(&f, &q, true, 64);
}

#[test]
fn barrier_and_across_two_queues() {
    let f = fixture();
    let (q1, q2) = (f.queue(16), f.queue(16));
    let n = 4096;
    let a = f.buffer(&vec![1.5f32; n]);
    let b = f.buffer(&vec![2.0f32; n]);
    let mut c: PoolBuffer<f32> = f.fine.allocate(n).expect("c");
    let mut e: PoolBuffer<f32> = f.fine.allocate(n).expect("e");
    let mut args = Vec::new();

    let gate = Signal::new(1).expect("signal");
    let s1 = Signal::new(1).expect("signal");
    let s2 = Signal::new(1).expect("signal");
    let barrier_done = Signal::new(1).expect("signal");
    let done = Signal::new(1).expect("signal");

    // q1: wait for the gate, then c = a + b (completes s1).
    q1.barrier_and(&[&gate], None).expect("barrier");
    dispatch_vector_add(&f, &q1, &a, &b, &mut c, &mut args, &s1);
    // q2: wait for s1 and s2, then e = c + c.
    q2.barrier_and(&[&s1, &s2], Some(&barrier_done))
        .expect("barrier");
    // `c` is read by this dispatch only after s1 (the dispatch that writes it) completed.
    dispatch_vector_add(&f, &q2, &c, &c, &mut e, &mut args, &done);

    std::thread::sleep(Duration::from_millis(50));
    assert_eq!(
        s1.load(MemoryOrder::Acquire),
        1,
        "q1 must wait for the gate"
    );
    assert_eq!(barrier_done.load(MemoryOrder::Acquire), 1);
    gate.store(0, MemoryOrder::Release);
    wait_zero(&s1);
    std::thread::sleep(Duration::from_millis(50));
    assert_eq!(
        barrier_done.load(MemoryOrder::Acquire),
        1,
        "barrier-AND needs s2 too"
    );
    assert_eq!(done.load(MemoryOrder::Acquire), 1);
    s2.store(0, MemoryOrder::Release);
    wait_zero(&barrier_done);
    wait_zero(&done);
    assert!(e.iter().all(|&v| v == 7.0));

    // More than five dependencies are chained.
    let deps: Vec<Signal> = (0..7).map(|_| Signal::new(1).expect("signal")).collect();
    let refs: Vec<&Signal> = deps.iter().collect();
    let all = Signal::new(1).expect("signal");
    q2.barrier_and(&refs, Some(&all)).expect("barrier chain");
    for (i, d) in deps.iter().enumerate() {
        std::thread::sleep(Duration::from_millis(2));
        assert_eq!(
            all.load(MemoryOrder::Acquire),
            1,
            "completed with {i} of 7 deps"
        );
        d.store(0, MemoryOrder::Release);
    }
    wait_zero(&all);
}

#[test]
fn barrier_or_across_two_queues() {
    let f = fixture();
    let (q1, q2) = (f.queue(16), f.queue(16));
    let gate = Signal::new(1).expect("signal");
    let s1 = Signal::new(1).expect("signal");
    let never = Signal::new(1).expect("signal");
    let or_done = Signal::new(1).expect("signal");
    let after = Signal::new(1).expect("signal");
    let ran = Arc::new(AtomicBool::new(false));

    q1.barrier_and(&[&gate], None).expect("barrier");
    q1.host_call(|| std::thread::sleep(Duration::from_millis(1)), Some(&s1))
        .expect("host call");
    q2.barrier_or(&[&never, &s1], Some(&or_done))
        .expect("barrier-or");
    let r = ran.clone();
    q2.host_call(move || r.store(true, Ordering::SeqCst), Some(&after))
        .expect("host call");

    std::thread::sleep(Duration::from_millis(50));
    assert_eq!(
        or_done.load(MemoryOrder::Acquire),
        1,
        "no dependency is satisfied yet"
    );
    assert!(!ran.load(Ordering::SeqCst));
    gate.store(0, MemoryOrder::Release);
    wait_zero(&or_done);
    wait_zero(&after);
    assert!(ran.load(Ordering::SeqCst));
    assert_eq!(never.load(MemoryOrder::Acquire), 1);

    let too_many: Vec<Signal> = (0..6).map(|_| Signal::new(1).expect("signal")).collect();
    let refs: Vec<&Signal> = too_many.iter().collect();
    assert_eq!(
        q2.barrier_or(&refs, None).err(),
        Some(HsaError::ERROR_INVALID_ARGUMENT)
    );

    // Barrier-value (AMD): waits until (value & mask) >= 8.
    let v = Signal::new(0).expect("signal");
    let value_done = Signal::new(1).expect("signal");
    q1.barrier_value(&v, Condition::Gte, 8, 0xFF, Some(&value_done))
        .expect("barrier-value");
    v.store(0x107, MemoryOrder::Release); // masked: 7
    std::thread::sleep(Duration::from_millis(20));
    assert_eq!(value_done.load(MemoryOrder::Acquire), 1);
    v.store(0x108, MemoryOrder::Release);
    wait_zero(&value_done);
}

#[test]
fn barrier_and_with_negative_dependency() {
    let f = fixture();
    let (q1, q2) = (f.queue(8), f.queue(8));
    let dep = Signal::new(1).expect("signal");
    let other = Signal::new(0).expect("signal");
    let completion = Signal::new(1).expect("signal");
    q2.barrier_and(&[&other, &dep], Some(&completion))
        .expect("barrier");
    // Another queue makes the dependency negative.
    let d = dep.clone_ref();
    q1.host_call(move || d.store(-1, MemoryOrder::Release), None)
        .expect("host call");
    let v = wait_until(&completion, Condition::Lt, 1);
    assert!(v < 0, "completion signal must be negative, got {v}");
    // The queue keeps working afterwards.
    let next = Signal::new(1).expect("signal");
    q2.barrier_and(&[], Some(&next)).expect("barrier");
    wait_zero(&next);
}

#[test]
fn four_threads_share_one_multi_queue() {
    const THREADS: usize = 4;
    const PER_THREAD: usize = 5_000;
    const ITEMS: u32 = 4;
    let f = fixture();
    let q = f.queue(256);
    assert_eq!(q.queue_type(), QueueType::Multi);
    let kernel = f.kernel("atomic_inc");
    let mut counter: PoolBuffer<u64> = f.fine.allocate(1).expect("counter");
    let args = KernargBuilder::new()
        .push_ptr(counter.as_mut_ptr())
        .build(&f.kernarg)
        .expect("kernargs");
    let done = Signal::new((THREADS * PER_THREAD) as i64).expect("signal");
    let indexes: Vec<Vec<u64>> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..THREADS)
            .map(|_| {
                s.spawn(|| {
                    let d = KernelDispatch::new(&kernel)
                        .grid_1d(ITEMS, ITEMS as u16)
                        .kernarg(&args)
                        .completion(&done);
                    (0..PER_THREAD)
                        // SAFETY: atomic_inc's argument is the counter, alive until `done`.
                        .map(|_| unsafe { q.dispatch(&d) }.expect("dispatch"))
                        .collect::<Vec<u64>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("producer"))
            .collect()
    });
    wait_zero(&done);
    let mut all: Vec<u64> = indexes.into_iter().flatten().collect();
    all.sort_unstable();
    let expected: Vec<u64> = (0..(THREADS * PER_THREAD) as u64).collect();
    assert_eq!(all, expected, "every packet got its own index");
    assert_eq!(
        counter[0],
        (THREADS * PER_THREAD) as u64 * u64::from(ITEMS),
        "no packet lost"
    );
    assert_eq!(
        q.load_read_index(MemoryOrder::Acquire),
        (THREADS * PER_THREAD) as u64
    );
}

#[test]
fn full_queue_blocks_producers_until_released() {
    let f = fixture();
    let q = f.queue(4);
    assert_eq!(q.size(), 4);
    let gate = Signal::new(1).expect("signal");
    q.barrier_and(&[&gate], None).expect("barrier");
    let counter = Arc::new(AtomicU32::new(0));
    let submitted = AtomicBool::new(false);
    let done = Signal::new(10).expect("signal");
    std::thread::scope(|s| {
        let producer = s.spawn(|| {
            for _ in 0..10 {
                let c = counter.clone();
                q.host_call(
                    move || {
                        c.fetch_add(1, Ordering::SeqCst);
                    },
                    Some(&done),
                )
                .expect("host call");
            }
            submitted.store(true, Ordering::SeqCst);
        });
        // The barrier holds slot 0; three packets fill the ring; the fourth waits.
        wait_for("the producer to fill the queue", || {
            q.load_write_index(MemoryOrder::Acquire) >= 5
        });
        std::thread::sleep(Duration::from_millis(100));
        assert!(
            !submitted.load(Ordering::SeqCst),
            "the producer must wait for a free slot"
        );
        assert_eq!(q.load_write_index(MemoryOrder::Acquire), 5);
        assert_eq!(q.load_read_index(MemoryOrder::Acquire), 0);
        assert_eq!(counter.load(Ordering::SeqCst), 0);
        gate.store(0, MemoryOrder::Release);
        producer.join().expect("producer");
    });
    wait_zero(&done);
    assert!(submitted.load(Ordering::SeqCst));
    assert_eq!(counter.load(Ordering::SeqCst), 10);
    assert_eq!(q.load_read_index(MemoryOrder::Acquire), 11);
}

fn expect_error(rx: &Receiver<HsaError>, q: &Queue, expected: HsaError, what: &str) {
    let got = rx
        .recv_timeout(TIMEOUT)
        .unwrap_or_else(|_| panic!("{what}: no error callback"));
    assert_eq!(got, expected, "{what}");
    assert_eq!(q.state(), QueueState::Error, "{what}");
    // The queue is dead: writers refuse new packets.
    assert_eq!(
        q.host_call(|| {}, None).err(),
        Some(HsaError::ERROR_INVALID_QUEUE),
        "{what}"
    );
}

#[test]
fn malformed_packets_reach_the_error_callback() {
    let f = fixture();
    let kernel = f.kernel("atomic_inc");
    let mut counter: PoolBuffer<u64> = f.fine.allocate(1).expect("counter");
    let args = KernargBuilder::new()
        .push_ptr(counter.as_mut_ptr())
        .build(&f.kernarg)
        .expect("kernargs");
    let good = KernelDispatch::new(&kernel).grid_1d(64, 64).kernarg(&args);

    let stale = {
        let exe = Executable::new().expect("executable");
        let reader = CodeObjectReader::from_file(code_object_path()).expect("reader");
        exe.load(&f.cpu, &reader).expect("load");
        exe.freeze().expect("freeze");
        exe.kernel("atomic_inc").expect("kernel").kernel_object
    };
    let local = 0u64;

    // The cases every agent shares (no dimensions, a work-group over 1024, a group segment
    // too large, kernel object 0, header type 0xFF, a bad completion signal) are the agent
    // suite's malformed_packets_report_errors; these are the CPU agent's further checks.
    let cases: Vec<(&str, KernelDispatch<'_>, HsaError)> = vec![
        (
            "work-group size 0",
            KernelDispatch {
                workgroup_size: [0, 1, 1],
                ..good
            },
            HsaError::ERROR_INCOMPATIBLE_ARGUMENTS,
        ),
        (
            "work-group 0 in y",
            KernelDispatch {
                dimensions: 2,
                workgroup_size: [4, 0, 1],
                grid_size: [4, 4, 1],
                ..good
            },
            HsaError::ERROR_INCOMPATIBLE_ARGUMENTS,
        ),
        (
            "work-group of 64x32",
            KernelDispatch {
                dimensions: 2,
                workgroup_size: [64, 32, 1],
                grid_size: [64, 32, 1],
                ..good
            },
            HsaError::ERROR_INCOMPATIBLE_ARGUMENTS,
        ),
        (
            "garbage kernel object",
            KernelDispatch {
                kernel_object: 0xDEAD_BEEF_0000,
                ..good
            },
            HsaError::ERROR_INVALID_CODE_OBJECT,
        ),
        (
            "kernel object pointing at host data",
            KernelDispatch {
                kernel_object: &local as *const u64 as u64,
                ..good
            },
            HsaError::ERROR_INVALID_CODE_OBJECT,
        ),
        (
            "kernel object of a destroyed executable",
            KernelDispatch {
                kernel_object: stale,
                ..good
            },
            HsaError::ERROR_INVALID_CODE_OBJECT,
        ),
    ];
    for (what, dispatch, expected) in cases {
        let (q, rx) = f.queue_with_errors(8);
        // SAFETY: the only valid kernel object in these packets is atomic_inc, whose
        // argument (the counter) outlives the queue.
        unsafe { q.dispatch(&dispatch) }.expect("submission itself succeeds");
        expect_error(&rx, &q, expected, what);
    }

    // An agent dispatch with an unknown function code.
    let (q, rx) = f.queue_with_errors(8);
    let unknown = AgentDispatch::Raw {
        type_: 0x7777,
        args: [0; 4],
        return_address: std::ptr::null_mut(),
    };
    // SAFETY: rejected by the packet processor.
    unsafe { q.agent_dispatch(unknown, None) }.expect("submit");
    expect_error(
        &rx,
        &q,
        HsaError::ERROR_INVALID_PACKET_FORMAT,
        "unknown agent-dispatch type",
    );

    // The packets before a malformed one still complete.
    let (q, rx) = f.queue_with_errors(8);
    let before = Signal::new(1).expect("signal");
    counter[0] = 0;
    // SAFETY: as above.
    unsafe {
        q.dispatch(&KernelDispatch {
            completion_signal: Some(&before),
            ..good
        })
    }
    .expect("dispatch");
    // SAFETY: rejected by the packet processor.
    unsafe {
        q.dispatch(&KernelDispatch {
            dimensions: 0,
            ..good
        })
    }
    .expect("dispatch");
    expect_error(
        &rx,
        &q,
        HsaError::ERROR_INCOMPATIBLE_ARGUMENTS,
        "after a good packet",
    );
    wait_zero(&before);
    assert_eq!(counter[0], 64);

    // The process, the runtime and other queues keep working.
    let q = f.queue(8);
    let done = Signal::new(1).expect("signal");
    // SAFETY: as above.
    unsafe {
        q.dispatch(&KernelDispatch {
            completion_signal: Some(&done),
            ..good
        })
    }
    .expect("dispatch");
    wait_zero(&done);
    assert_eq!(counter[0], 128);

    // A panicking error callback is contained too.
    let q = Queue::with_error_callback(&f.cpu, 8, QueueType::Single, |_| panic!("callback panics"))
        .expect("queue");
    // SAFETY: rejected by the packet processor.
    unsafe {
        q.dispatch(&KernelDispatch {
            dimensions: 0,
            ..good
        })
    }
    .expect("dispatch");
    wait_for("the queue to stop", || q.state() == QueueState::Error);
}

#[test]
fn agent_dispatch_copies_fills_and_host_calls() {
    let f = fixture();
    let q = f.queue(16);
    let n = 10_000usize;
    let src = f.buffer(&(0..n as u32).collect::<Vec<_>>());
    let mut dst: PoolBuffer<u32> = f.fine.allocate(n).expect("dst");
    let mut fill: PoolBuffer<u32> = f.fine.allocate(n).expect("fill");
    let mut fill16: PoolBuffer<u16> = f.fine.allocate(n).expect("fill16");
    let mut result: PoolBuffer<u64> = f.fine.allocate(2).expect("result");
    let done = Signal::new(5).expect("signal");
    // SAFETY: every range is inside a live buffer that the host leaves alone until `done`.
    unsafe {
        q.agent_dispatch(
            AgentDispatch::Memcpy {
                dst: dst.as_mut_ptr().cast(),
                src: src.as_ptr().cast(),
                size: n * 4,
            },
            Some(&done),
        )
        .expect("memcpy");
        q.agent_dispatch(
            AgentDispatch::Memset {
                dst: fill.as_mut_ptr().cast(),
                value: 0xA5A5_A5A5,
                count: n,
                element_size: 4,
            },
            Some(&done),
        )
        .expect("memset");
        q.agent_dispatch(
            AgentDispatch::Memset {
                dst: fill16.as_mut_ptr().add(1).cast(),
                value: 0xBEEF,
                count: n - 2,
                element_size: 2,
            },
            Some(&done),
        )
        .expect("memset 16");
        // Raw form of a copy, with a return address: copies 400 bytes.
        let ret = result.as_mut_ptr();
        q.agent_dispatch(
            AgentDispatch::Raw {
                type_: 0x8001,
                args: [
                    dst.as_mut_ptr().add(5000) as u64,
                    src.as_ptr() as u64,
                    400,
                    0,
                ],
                return_address: ret,
            },
            Some(&done),
        )
        .expect("raw memcpy");
    }
    let seen = Arc::new(AtomicU64::new(0));
    let s = seen.clone();
    let payload: Vec<u64> = (1..=3).collect();
    q.host_call(
        move || s.store(payload.iter().sum(), Ordering::SeqCst),
        Some(&done),
    )
    .expect("host call");
    wait_zero(&done);
    assert_eq!(seen.load(Ordering::SeqCst), 6);
    for i in 0..n {
        let expect = if (5000..5100).contains(&i) {
            (i - 5000) as u32
        } else {
            i as u32
        };
        assert_eq!(dst[i], expect, "dst[{i}]");
    }
    assert!(fill.iter().all(|&v| v == 0xA5A5_A5A5));
    assert_eq!(fill16[0], 0);
    assert_eq!(fill16[n - 1], 0);
    assert!(fill16[1..n - 1].iter().all(|&v| v == 0xBEEF));
    assert_eq!(result[0], 400);

    // A panicking host call is contained; the queue goes on.
    let after = Signal::new(1).expect("signal");
    q.host_call(|| panic!("host call panics (expected by the test)"), None)
        .expect("host call");
    let s = seen.clone();
    q.host_call(move || s.store(99, Ordering::SeqCst), Some(&after))
        .expect("host call");
    wait_zero(&after);
    assert_eq!(seen.load(Ordering::SeqCst), 99);
    assert_eq!(q.state(), QueueState::Active);

    // Copies through the synchronous helpers.
    let mut back = vec![0u32; n];
    src.copy_to_slice(&mut back).expect("copy to slice");
    assert_eq!(back[123], 123);
    dst.copy_from(&src).expect("copy between buffers");
    assert_eq!(dst[5050], 5050);
    assert_eq!(
        dst.copy_from_slice(&back[..10]).err(),
        Some(HsaError::ERROR_INVALID_ARGUMENT)
    );
}

#[test]
fn inactivate_stops_processing() {
    let f = fixture();
    let q = f.queue(8);
    let gate = Signal::new(1).expect("signal");
    let completion = Signal::new(1).expect("signal");
    let ran = Arc::new(AtomicBool::new(false));
    q.barrier_and(&[&gate], None).expect("barrier");
    let r = ran.clone();
    q.host_call(move || r.store(true, Ordering::SeqCst), Some(&completion))
        .expect("host call");
    std::thread::sleep(Duration::from_millis(20));
    q.inactivate();
    assert_eq!(q.state(), QueueState::Inactive);
    gate.store(0, MemoryOrder::Release);
    std::thread::sleep(Duration::from_millis(200));
    assert!(
        !ran.load(Ordering::SeqCst),
        "no packet runs after hsa_queue_inactivate"
    );
    assert_eq!(completion.load(MemoryOrder::Acquire), 1);
    assert_eq!(
        q.host_call(|| {}, None).err(),
        Some(HsaError::ERROR_INVALID_QUEUE)
    );
    assert_eq!(
        q.barrier_and(&[], None).err(),
        Some(HsaError::ERROR_INVALID_QUEUE)
    );
    // The C view of the same queue.
    assert!(hsa::core::queue::lookup(q.as_raw() as u64).is_ok());
    let key = q.as_raw() as u64;
    drop(q);
    assert_eq!(
        hsa::core::queue::lookup(key).err(),
        Some(HsaError::ERROR_INVALID_QUEUE)
    );
}

#[test]
fn agent_and_memory_information() {
    let f = fixture();
    let rt = Runtime::init().expect("init");
    assert_eq!(rt.version(), (1, 1));
    assert_eq!(rt.timestamp_frequency(), 1_000_000_000);
    let t0 = rt.timestamp();
    assert!(rt.timestamp() >= t0);
    assert_eq!(rt.machine_model(), hsa::MachineModel::Large);
    let agents = rt.agents().expect("agents");
    assert!(agents.contains(&f.cpu));
    assert_eq!(rt.agent(f.cpu.handle()).expect("agent by handle"), f.cpu);
    assert_eq!(rt.agent(42).err(), Some(HsaError::ERROR_INVALID_AGENT));
    let cpu = &f.cpu;
    assert_eq!(cpu.wavefront_size(), 64);
    assert_eq!(cpu.workgroup_max_size(), 1024);
    assert!(cpu.queue_min_size() <= 4 && cpu.queue_max_size() >= 256);
    assert!(cpu.compute_units() >= 1);
    assert_eq!(cpu.vendor_name(), "CPU");
    let isa = cpu.isa().expect("isa");
    assert_eq!(isa.wavefront_size(), 64);
    let pools = cpu.memory_pools();
    let globals: Vec<_> = pools
        .iter()
        .filter(|p| p.segment() == Segment::Global)
        .collect();
    assert!(globals.len() >= 3);
    assert!(globals.iter().any(|p| p.global_flags().coarse_grained()));
    assert!(pools
        .iter()
        .any(|p| p.segment() == Segment::Group && !p.runtime_alloc_allowed()));
    let regions = cpu.regions();
    assert!(regions.iter().any(|r| r.segment() == Segment::Private));
    for r in &regions {
        if let Some(p) = r.as_pool() {
            assert_eq!(p.handle(), r.handle(), "region and pool handles agree");
        }
    }
    // Allocation errors.
    let group = pools
        .iter()
        .find(|p| p.segment() == Segment::Group)
        .expect("group pool");
    assert_eq!(
        group.allocate::<u8>(64).err(),
        Some(HsaError::ERROR_INVALID_ALLOCATION)
    );
    assert_eq!(
        f.fine.allocate::<u8>(0).err(),
        Some(HsaError::ERROR_INVALID_ARGUMENT)
    );
    assert_eq!(
        f.fine.allocate::<u64>(usize::MAX).err(),
        Some(HsaError::ERROR_INVALID_ALLOCATION)
    );
    let coarse = cpu.coarse_grained_pool().expect("coarse pool");
    let mut buf: PoolBuffer<i32> = coarse.allocate(3).expect("coarse alloc");
    buf.copy_from_slice(&[-1, 0, 1]).expect("copy");
    assert_eq!(buf.to_vec(), vec![-1, 0, 1]);
    let info = hsa::core::memory::find(buf.as_ptr() as usize).expect("known to the runtime");
    assert_eq!(info.region, coarse.handle());
    let base = buf.as_ptr() as usize;
    drop(buf);
    assert!(hsa::core::memory::find(base).is_none(), "freed on drop");
}

#[test]
fn queue_dropped_from_its_own_callbacks() {
    let f = fixture();
    // From a host call running on the queue's own processor thread.
    let slot: Arc<std::sync::Mutex<Option<Queue>>> = Arc::default();
    let q = f.queue(8);
    let key = q.as_raw() as u64;
    let done = Signal::new(1).expect("signal");
    let gate = Signal::new(1).expect("signal");
    q.barrier_and(&[&gate], None).expect("barrier");
    let (s, d) = (slot.clone(), done.clone_ref());
    q.host_call(
        move || {
            drop(s.lock().expect("lock").take());
            d.store(0, MemoryOrder::Release);
        },
        None,
    )
    .expect("host call");
    *slot.lock().expect("lock") = Some(q);
    gate.store(0, MemoryOrder::Release);
    wait_zero(&done);
    assert!(slot.lock().expect("lock").is_none());
    wait_for("the queue to be destroyed", || {
        hsa::core::queue::lookup(key).is_err()
    });

    // From the error callback.
    let slot: Arc<std::sync::Mutex<Option<Queue>>> = Arc::default();
    let (tx, rx) = sync_channel(1);
    let s = slot.clone();
    let q = Queue::with_error_callback(&f.cpu, 8, QueueType::Multi, move |e| {
        drop(s.lock().expect("lock").take());
        let _ = tx.try_send(e);
    })
    .expect("queue");
    let key = q.as_raw() as u64;
    let bad = KernelDispatch::default(); // kernel object 0
    *slot.lock().expect("lock") = Some(q);
    {
        let guard = slot.lock().expect("lock");
        let q = guard.as_ref().expect("queue");
        // SAFETY: rejected by the packet processor.
        unsafe { q.dispatch(&bad) }.expect("dispatch");
    }
    let e = rx.recv_timeout(TIMEOUT).expect("error callback");
    assert_eq!(e, HsaError::ERROR_INVALID_CODE_OBJECT);
    assert!(slot.lock().expect("lock").is_none());
    assert_eq!(
        hsa::core::queue::lookup(key).err(),
        Some(HsaError::ERROR_INVALID_QUEUE)
    );
}

/// Sets its flag when dropped (shows that a closure was freed, not leaked).
struct DropFlag(Arc<AtomicBool>);

impl Drop for DropFlag {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

#[test]
fn host_calls_that_never_run_are_dropped_with_the_queue() {
    // Found by LeakSanitizer (scripts/sanitize.sh): the closures of packets that never ran
    // were leaked when their queue went away.
    let f = fixture();
    let q = f.queue(8);
    let gate = Signal::new(1).expect("signal");
    let ran = Arc::new(AtomicBool::new(false));
    let dropped = Arc::new(AtomicBool::new(false));
    q.barrier_and(&[&gate], None).expect("barrier");
    let (r, guard) = (ran.clone(), DropFlag(dropped.clone()));
    q.host_call(
        move || {
            let _guard = guard;
            r.store(true, Ordering::SeqCst);
        },
        None,
    )
    .expect("host call");
    q.inactivate();
    gate.store(0, MemoryOrder::Release);
    assert!(!dropped.load(Ordering::SeqCst), "still owned by its packet");
    drop(q);
    assert!(!ran.load(Ordering::SeqCst), "the packet never ran");
    assert!(
        dropped.load(Ordering::SeqCst),
        "the closure is dropped with its queue"
    );
}

#[test]
fn error_callback_of_a_queue_dropped_from_it_is_freed() {
    // Found by LeakSanitizer: a queue dropped from its own error callback leaked the
    // callback's closure; it is now freed when the processor thread exits.
    let f = fixture();
    let dropped = Arc::new(AtomicBool::new(false));
    let slot: Arc<std::sync::Mutex<Option<Queue>>> = Arc::default();
    let (s, guard) = (slot.clone(), DropFlag(dropped.clone()));
    let q = Queue::with_error_callback(&f.cpu, 8, QueueType::Multi, move |_| {
        let _keep = &guard;
        drop(s.lock().expect("lock").take());
    })
    .expect("queue");
    *slot.lock().expect("lock") = Some(q);
    {
        let guard = slot.lock().expect("lock");
        let q = guard.as_ref().expect("queue");
        // SAFETY: kernel object 0 is rejected by the packet processor.
        unsafe { q.dispatch(&KernelDispatch::default()) }.expect("dispatch");
    }
    wait_for("the error callback's closure to be freed", || {
        dropped.load(Ordering::SeqCst)
    });
}
