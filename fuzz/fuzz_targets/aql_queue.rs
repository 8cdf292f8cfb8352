//! Random AQL packets on CPU queues: the packet processor (`hsa::core::cpu::processor`) and the
//! CPU kernel engine behind it. Never a panic, a crash or a hang.
//!
//! Every field of every packet is random (header type, barrier bit, fence scopes, dispatch
//! dimensions, work-group and grid sizes, segment sizes, kernel objects, signal handles,
//! agent-dispatch function codes, barrier-value conditions, kernarg contents), except where
//! HSA makes a random value undefined behaviour rather than an error:
//! - memory the packet processor is asked to read or write on the application's word
//!   (agent-dispatch copy/fill addresses, `return_address`, `kernarg_address`) points into
//!   buffers of this target, or is null, and the sizes keep accepted operations inside them
//!   (sizes are random where the packet is rejected anyway);
//! - a host-call function is this target's, or null;
//! - kernels are a small set registered by this target, written to run with any kernarg
//!   contents, any group/private segment and any grid. Kernel objects are also random values,
//!   a stale (unregistered) kernel and a signal handle: the runtime validates them against its
//!   registry, so those must be errors, not calls.
//!
//! Grids are kept below 2^16 work-items (a grid of 2^96 work-items is a valid request that
//! takes years, not a hang). Signals in barriers are random values, this target's signals
//! (random initial values, set and waited for by the host between packets), a destroyed
//! signal and a kernel object. Between packets the host also stores to signals, waits for
//! them (which may run packets on the host thread), writes random values to doorbells and
//! inactivates queues. Every wait of the host is bounded; at the end the host may
//! release every signal, waits a little, then destroys the queues: `hsa_queue_destroy` must
//! return even with packets stuck on barriers, INVALID slots or barrier-OR packets without
//! dependencies (libFuzzer's `-timeout` catches a hang).
#![no_main]

use std::ffi::c_void;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use cpu_engine::abi::WorkItem;
use hsa::core::executable::{self, KernelObject};
use hsa::core::packet::{
    self, packet_type, AgentDispatchPacket, AmdBarrierValuePacket, BarrierPacket, Header,
    KernelDispatchPacket, RawPacket,
};
use hsa::core::queue::{self, HsaQueue, QueueObject, QueueState};
use hsa::core::signal::{self, Condition, MemoryOrder, SignalObject, WaitState};
use hsa::status::Status;
use libfuzzer_sys::arbitrary::{Result as ArbResult, Unstructured};
use libfuzzer_sys::fuzz_target;

/// Where kernels and host calls leave their results (so that nothing is optimised away).
static SINK: AtomicU64 = AtomicU64::new(0);
static HOST_CALLS: AtomicU64 = AtomicU64::new(0);
static QUEUE_ERRORS: AtomicU64 = AtomicU64::new(0);

/// Kernarg bytes every kernel reads at most (the buffers are larger).
const MIX_KERNARG: u32 = 64;
const KERNARG_BUFFER: usize = 128;
/// Bytes of each queue's agent-dispatch buffer.
const BUF: usize = 4096;
/// Most work-items of one dispatch this target sends.
const MAX_WORK_ITEMS: u128 = 1 << 16;

unsafe extern "C" fn noop(_wi: *mut WorkItem) {}

/// Reads its kernarg, uses group memory around a barrier and its private memory.
unsafe extern "C" fn mix(wi: *mut WorkItem) {
    // SAFETY: the engine passes the live work-item.
    let w = unsafe { &*wi };
    let mut h = u64::from(w.flat_local_id);
    if !w.kernarg.is_null() {
        for i in 0..(MIX_KERNARG as usize / 8) {
            // SAFETY: every dispatch of this kernel that the runtime accepts has a kernarg
            // buffer of KERNARG_BUFFER >= MIX_KERNARG bytes (kernarg_segment_size).
            h = h.rotate_left(7) ^ unsafe { w.kernarg.cast::<u64>().add(i).read_unaligned() };
        }
    }
    let words = (w.group_segment_size / 4) as usize;
    let group = w.group_segment.cast::<u32>();
    if !group.is_null() && words > 0 {
        let i = w.flat_local_id as usize % words;
        // SAFETY: `i < words`, inside the group segment of this work-group; work-items of a
        // group run one at a time (fibers or a loop), so this store races with nothing.
        unsafe { group.add(i).write(h as u32) };
    }
    // SAFETY: the running work-item, called from the kernel; every work-item reaches it.
    let n = unsafe { WorkItem::barrier(wi, (h & 1) as i32) };
    let mut r = h ^ u64::from(n);
    if !group.is_null() && words > 0 {
        let i = (w.flat_local_id as usize + 1) % words;
        // SAFETY: as above.
        r ^= u64::from(unsafe { group.add(i).read() });
    }
    if !w.private_segment.is_null() {
        // SAFETY: the private segment holds at least the kernel's static private size (16).
        unsafe { w.private_segment.cast::<u64>().write_unaligned(r) };
    }
    SINK.fetch_add(r, Ordering::Relaxed);
}

/// A wavefront exchange (the engine's `__shfl` primitive), then a barrier.
unsafe extern "C" fn wave(wi: *mut WorkItem) {
    let mut lanes = [0u64; 64];
    // SAFETY: the running work-item; `lanes` holds 64 entries.
    let v =
        unsafe { WorkItem::wave_exchange(wi, u64::from((*wi).flat_local_id), lanes.as_mut_ptr()) };
    // SAFETY: as above.
    let n = unsafe { WorkItem::barrier(wi, 1) };
    SINK.fetch_add(v ^ lanes[63] ^ u64::from(n), Ordering::Relaxed);
}

unsafe extern "C" fn host_call(arg: *mut c_void) {
    HOST_CALLS.fetch_add(arg as u64 | 1, Ordering::Relaxed);
}

unsafe extern "C" fn on_queue_error(_status: Status, _q: *mut HsaQueue, _data: *mut c_void) {
    QUEUE_ERRORS.fetch_add(1, Ordering::Relaxed);
}

struct Fixture {
    /// Valid kernel objects.
    kernels: Vec<u64>,
    /// An unregistered kernel object.
    stale_kernel: u64,
    /// A destroyed signal.
    stale_signal: u64,
}

fn kernel(
    name: &str,
    f: cpu_engine::abi::WorkItemFn,
    kernarg: u32,
    group: u32,
    private: u32,
) -> u64 {
    executable::register_kernel(Arc::new(KernelObject::from_functions(
        name.into(),
        cpu_engine::Kernel {
            workitem_fn: f,
            workgroup_fn: None,
            static_group_segment_size: group,
            static_private_segment_size: private,
        },
        kernarg,
        16,
    )))
}

fn fixture() -> &'static Fixture {
    static F: OnceLock<Fixture> = OnceLock::new();
    F.get_or_init(|| {
        hsa::disable_gpu_agents();
        hsa::core::runtime::init().expect("hsa_init");
        let stale_kernel = kernel("gone", noop, 0, 0, 0);
        executable::unregister_kernel(stale_kernel);
        let s = signal::create(0, &[]).expect("signal");
        let stale_signal = s.handle();
        signal::destroy(stale_signal).expect("destroy signal");
        Fixture {
            kernels: vec![
                kernel("noop", noop, 0, 0, 0),
                kernel("mix", mix, MIX_KERNARG, 0, 16),
                kernel("mix_static", mix, MIX_KERNARG, 4096, 16),
                kernel("wave", wave, 0, 0, 0),
            ],
            stale_kernel,
            stale_signal,
        }
    })
}

/// One queue of the input with the memory its packets may touch.
struct Q {
    q: Arc<QueueObject>,
    buf: Box<[u64; BUF / 8]>,
}

/// Everything a packet may name, and the memory that must outlive the queues.
struct World<'a> {
    f: &'a Fixture,
    signals: Vec<Arc<SignalObject>>,
    queues: Vec<Q>,
    /// Boxed: packets hold their addresses while the vector grows.
    #[allow(clippy::vec_box)]
    kernargs: Vec<Box<[u8; KERNARG_BUFFER]>>,
}

fn pick<T: Copy>(u: &mut Unstructured<'_>, choices: &[T]) -> ArbResult<T> {
    Ok(*u.choose(choices)?)
}

impl World<'_> {
    fn signal_value(&self, u: &mut Unstructured<'_>) -> ArbResult<u64> {
        Ok(match u.int_in_range(0..=5)? {
            0 => 0,
            1 | 2 if !self.signals.is_empty() => u.choose(&self.signals)?.handle(),
            3 => self.f.stale_signal,
            4 => *u.choose(&self.f.kernels)?,
            _ => u.arbitrary()?,
        })
    }

    fn kernel_object(&self, u: &mut Unstructured<'_>) -> ArbResult<u64> {
        Ok(match u.int_in_range(0..=9)? {
            0 => 0,
            1 => self.f.stale_kernel,
            2 if !self.signals.is_empty() => u.choose(&self.signals)?.handle(),
            3 => u.arbitrary()?,
            _ => *u.choose(&self.f.kernels)?,
        })
    }

    fn kernel_dispatch(&mut self, u: &mut Unstructured<'_>, header: u16) -> ArbResult<RawPacket> {
        let sizes16 = [
            0u16,
            1,
            2,
            3,
            7,
            16,
            32,
            63,
            64,
            65,
            256,
            1024,
            1025,
            u16::MAX,
        ];
        let sizes32 = [0u32, 1, 2, 5, 63, 64, 65, 100, 1000, 4096, u32::MAX];
        let segs = [0u32, 4, 16, 1024, 65536, 65537, u32::MAX];
        let mut p = KernelDispatchPacket {
            header,
            setup: u.arbitrary()?,
            ..Default::default()
        };
        let mut wg = [0u16; 3];
        let mut grid = [0u32; 3];
        for d in 0..3 {
            wg[d] = if u.ratio(1, 8)? {
                u.arbitrary()?
            } else {
                pick(u, &sizes16)?
            };
            grid[d] = if u.ratio(1, 8)? {
                u.arbitrary()?
            } else {
                pick(u, &sizes32)?
            };
        }
        let work: u128 = grid.iter().map(|&g| u128::from(g)).product();
        if work > MAX_WORK_ITEMS {
            for g in &mut grid {
                *g = (*g).min(40);
            }
        }
        [p.workgroup_size_x, p.workgroup_size_y, p.workgroup_size_z] = wg;
        [p.grid_size_x, p.grid_size_y, p.grid_size_z] = grid;
        p.private_segment_size = if u.ratio(1, 8)? {
            u.arbitrary()?
        } else {
            pick(u, &segs)?
        };
        p.group_segment_size = if u.ratio(1, 8)? {
            u.arbitrary()?
        } else {
            pick(u, &segs)?
        };
        p.reserved0 = u.arbitrary()?;
        p.reserved2 = u.arbitrary()?;
        p.kernel_object = self.kernel_object(u)?;
        if u.ratio(7, 8)? {
            let mut k = Box::new([0u8; KERNARG_BUFFER]);
            u.fill_buffer(&mut k[..])?;
            p.kernarg_address = k.as_ptr() as u64;
            self.kernargs.push(k);
        }
        p.completion_signal = self.signal_value(u)?;
        Ok(RawPacket::from_packet(&p))
    }

    /// An offset into a queue buffer and its address (or null).
    fn place(&mut self, u: &mut Unstructured<'_>, qi: usize) -> ArbResult<(usize, u64)> {
        if u.ratio(1, 10)? {
            return Ok((0, 0));
        }
        let off = u.int_in_range(0..=BUF - 1)?;
        let base = self.queues[qi].buf.as_mut_ptr().cast::<u8>();
        Ok((off, base.wrapping_add(off) as u64))
    }

    fn agent_dispatch(
        &mut self,
        u: &mut Unstructured<'_>,
        header: u16,
        qi: usize,
    ) -> ArbResult<RawPacket> {
        use hsa::core::cpu::processor::agent_dispatch as ad;
        let mut p = AgentDispatchPacket {
            header,
            type_: if u.ratio(1, 6)? {
                u.arbitrary()?
            } else {
                pick(u, &[ad::MEMCPY, ad::MEMSET, ad::HOST_CALL, ad::MEMCPY_2D])?
            },
            reserved0: u.arbitrary()?,
            reserved2: u.arbitrary()?,
            ..Default::default()
        };
        match p.type_ {
            ad::MEMCPY => {
                let (o1, dst) = self.place(u, qi)?;
                let (o2, src) = self.place(u, qi)?;
                let size: u64 = u.arbitrary()?;
                p.arg = [dst, src, 0, u.arbitrary()?];
                p.arg[2] = if dst != 0 && src != 0 {
                    size % (BUF - o1.max(o2) + 1) as u64
                } else {
                    size // rejected unless 0
                };
            }
            ad::MEMSET => {
                let (o, dst) = self.place(u, qi)?;
                let elem: u64 = if u.ratio(1, 6)? {
                    u.arbitrary()?
                } else {
                    pick(u, &[1, 2, 4, 8])?
                };
                let count: u64 = u.arbitrary()?;
                let count = if dst != 0 && matches!(elem, 1 | 2 | 4 | 8) {
                    count % ((BUF - o) as u64 / elem + 1)
                } else {
                    count // rejected unless the fill is empty
                };
                p.arg = [dst, u.arbitrary()?, count, elem];
            }
            ad::HOST_CALL => {
                let f = host_call as unsafe extern "C" fn(*mut c_void) as usize as u64;
                p.arg = [
                    if u.ratio(1, 8)? { 0 } else { f },
                    u.arbitrary()?,
                    u.arbitrary()?,
                    u.arbitrary()?,
                ];
            }
            ad::MEMCPY_2D => {
                let (o1, dst) = self.place(u, qi)?;
                let (o2, src) = self.place(u, qi)?;
                let small = |u: &mut Unstructured<'_>| -> ArbResult<u64> {
                    Ok(if u.ratio(1, 8)? {
                        u64::from(u.arbitrary::<u32>()?)
                    } else {
                        u.int_in_range(0..=300)?
                    })
                };
                let (width, mut height) = (small(u)?, small(u)?);
                let (dpitch, spitch) = (small(u)?, small(u)?);
                let accepted = width > 0
                    && height > 0
                    && dst != 0
                    && src != 0
                    && width <= dpitch
                    && width <= spitch;
                if accepted {
                    // Rows that fit in both buffers: (rows - 1) * pitch + width <= room.
                    let rows = |room: u64, pitch: u64| {
                        if width > room {
                            0
                        } else {
                            (room - width) / pitch + 1
                        }
                    };
                    height = height
                        .min(rows((BUF - o1) as u64, dpitch))
                        .min(rows((BUF - o2) as u64, spitch));
                }
                p.arg = [dst, src, (dpitch << 32) | spitch, (height << 32) | width];
            }
            _ => {
                for a in &mut p.arg {
                    *a = u.arbitrary()?;
                }
            }
        }
        if u.ratio(1, 3)? {
            let (o, at) = self.place(u, qi)?;
            p.return_address = if at != 0 && o + 8 <= BUF { at } else { 0 };
        }
        p.completion_signal = self.signal_value(u)?;
        Ok(RawPacket::from_packet(&p))
    }

    fn barrier(&mut self, u: &mut Unstructured<'_>, header: u16) -> ArbResult<RawPacket> {
        let mut p = BarrierPacket {
            header,
            reserved0: u.arbitrary()?,
            reserved1: u.arbitrary()?,
            reserved2: u.arbitrary()?,
            ..Default::default()
        };
        for d in &mut p.dep_signal {
            *d = self.signal_value(u)?;
        }
        p.completion_signal = self.signal_value(u)?;
        Ok(RawPacket::from_packet(&p))
    }

    fn barrier_value(&mut self, u: &mut Unstructured<'_>, header: u16) -> ArbResult<RawPacket> {
        let p = AmdBarrierValuePacket {
            header,
            amd_format: if u.ratio(1, 6)? {
                u.arbitrary()?
            } else {
                packet::AMD_PACKET_TYPE_BARRIER_VALUE
            },
            reserved: u.arbitrary()?,
            reserved0: u.arbitrary()?,
            signal: self.signal_value(u)?,
            value: pick(u, &[0i64, 1, -1, 2])?,
            mask: if u.ratio(1, 2)? { -1 } else { u.arbitrary()? },
            cond: if u.ratio(1, 6)? {
                u.arbitrary()?
            } else {
                u.int_in_range(0..=3)?
            },
            completion_signal: self.signal_value(u)?,
            ..Default::default()
        };
        Ok(RawPacket::from_packet(&p))
    }

    fn packet(&mut self, u: &mut Unstructured<'_>, qi: usize) -> ArbResult<RawPacket> {
        use packet_type::*;
        let ty: u8 = match u.int_in_range(0..=40)? {
            0 => INVALID,
            1 => u.arbitrary()?,
            2..=15 => KERNEL_DISPATCH,
            16..=25 => AGENT_DISPATCH,
            26..=31 => BARRIER_AND,
            32..=36 => BARRIER_OR,
            _ => VENDOR_SPECIFIC,
        };
        let header = Header::new(
            ty,
            u.arbitrary()?,
            u.int_in_range(0..=3)?,
            u.int_in_range(0..=3)?,
        )
        .0;
        match ty {
            KERNEL_DISPATCH => self.kernel_dispatch(u, header),
            AGENT_DISPATCH => self.agent_dispatch(u, header, qi),
            BARRIER_AND | BARRIER_OR => self.barrier(u, header),
            VENDOR_SPECIFIC => self.barrier_value(u, header),
            _ => {
                let mut raw = [0u64; 8];
                for w in &mut raw {
                    *w = u.arbitrary()?;
                }
                raw[0] = (raw[0] & !0xFFFF) | u64::from(header);
                Ok(RawPacket(raw))
            }
        }
    }

    /// Reserves a slot of queue `qi` (waiting a little if the ring is full) and publishes
    /// `raw` there; false if the ring stayed full.
    fn submit(&self, qi: usize, raw: &RawPacket) -> bool {
        let q = &self.queues[qi].q;
        let deadline = Instant::now() + Duration::from_millis(1);
        while q.load_write_index(MemoryOrder::Acquire)
            >= q.load_read_index(MemoryOrder::Acquire) + u64::from(q.size())
        {
            if Instant::now() > deadline {
                return false;
            }
            std::thread::yield_now();
        }
        let index = q.add_write_index(1, MemoryOrder::AcqRel);
        // SAFETY: `index` is reserved for us (single producer) and the ring has room for it.
        unsafe { packet::publish(q.slot(index), raw) };
        q.doorbell.store(index as i64, MemoryOrder::Release);
        true
    }

    fn drained(&self) -> bool {
        self.queues.iter().all(|q| {
            q.q.state() != QueueState::Active
                || q.q.load_read_index(MemoryOrder::Acquire)
                    >= q.q.load_write_index(MemoryOrder::Acquire)
        })
    }
}

fn queue(u: &mut Unstructured<'_>) -> ArbResult<Arc<QueueObject>> {
    let agent = hsa::core::runtime::current()
        .expect("runtime")
        .topology
        .cpu_agent()
        .clone();
    let size: u32 = pick(u, &[1, 2, 4, 8, 16, 64, 0, 3, 1 << 31])?;
    let ty: u32 = pick(u, &[0, 1, 2, 7])?;
    let callback = if u.ratio(7, 8)? {
        Some((on_queue_error as queue::ErrorCallback, 0))
    } else {
        None
    };
    match queue::create(&agent, size, ty, callback) {
        Ok(q) => {
            assert!(
                size.is_power_of_two() && ty <= 1,
                "queue of size {size}, type {ty} accepted"
            );
            Ok(q)
        }
        Err(_) => Ok(queue::create(&agent, 16, 0, callback).expect("valid queue")),
    }
}

fn run(u: &mut Unstructured<'_>) -> ArbResult<()> {
    let f = fixture();
    let mut w = World {
        f,
        signals: Vec::new(),
        queues: Vec::new(),
        kernargs: Vec::new(),
    };
    for _ in 0..u.int_in_range(1..=4)? {
        let v = pick(u, &[0i64, 1, 1, 2, -1])?;
        w.signals.push(signal::create(v, &[]).expect("signal"));
    }
    for _ in 0..u.int_in_range(1..=2)? {
        w.queues.push(Q {
            q: queue(u)?,
            buf: Box::new([0; BUF / 8]),
        });
    }
    let result = (|| -> ArbResult<()> {
        while !u.is_empty() {
            match u.int_in_range(0..=9)? {
                0..=6 => {
                    let qi = u.choose_index(w.queues.len())?;
                    let raw = w.packet(u, qi)?;
                    if !w.submit(qi, &raw) {
                        break;
                    }
                }
                7 => {
                    let s = u.choose(&w.signals)?;
                    s.store(pick(u, &[0, 1, -1, 2, i64::MIN])?, MemoryOrder::Release);
                }
                8 => {
                    let s = u.choose(&w.signals)?;
                    let state = if u.arbitrary()? {
                        WaitState::Blocked
                    } else {
                        WaitState::Active
                    };
                    let ticks = u.int_in_range(0..=500_000)?; // at most 0.5 ms
                    s.wait(Condition::Lt, 1, ticks, state, MemoryOrder::Acquire);
                }
                9 if u.ratio(1, 4)? => {
                    // The application may write anything to a doorbell, or inactivate a queue
                    // (hsa_queue_inactivate) with packets in flight.
                    let q = &u.choose(&w.queues)?.q;
                    if u.ratio(1, 3)? {
                        queue::inactivate(q.key()).expect("inactivate");
                    } else {
                        q.doorbell.store(u.arbitrary()?, MemoryOrder::Release);
                    }
                }
                _ => std::thread::yield_now(),
            }
        }
        Ok(())
    })();
    // The end: maybe release every dependency, let the queues drain a little, then destroy
    // them (which must return whatever they are stuck on), then the signals.
    if result.is_ok() && u.arbitrary().unwrap_or(true) {
        for s in &w.signals {
            s.store(0, MemoryOrder::Release);
        }
    }
    let deadline = Instant::now() + Duration::from_millis(2);
    while !w.drained() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_micros(100));
    }
    for q in &w.queues {
        queue::destroy(q.q.key()).expect("destroy queue");
    }
    for s in &w.signals {
        signal::destroy(s.handle()).expect("destroy signal");
    }
    drop(w.kernargs);
    result
}

/// When the current input started (ms since the epoch; 0 between inputs), for the watchdog.
static INPUT_START_MS: AtomicU64 = AtomicU64::new(0);

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// With `AQL_HANG_DUMP_SECS=N`, an input that runs longer than N seconds has every thread's
/// stack written to `aql-hang-<pid>.txt` (by gdb, if installed) and the process aborted:
/// libFuzzer's own timeout shows only the main thread, and a hang here is usually another
/// thread (a packet processor, an engine worker) waiting for something.
fn start_watchdog() {
    static STARTED: OnceLock<()> = OnceLock::new();
    STARTED.get_or_init(|| {
        let Some(limit) = std::env::var("AQL_HANG_DUMP_SECS")
            .ok()
            .and_then(|v| v.parse::<u64>().ok())
        else {
            return;
        };
        std::thread::spawn(move || loop {
            std::thread::sleep(Duration::from_millis(500));
            let start = INPUT_START_MS.load(Ordering::Acquire);
            if start != 0 && now_ms().saturating_sub(start) > limit * 1000 {
                let pid = std::process::id().to_string();
                let out = std::process::Command::new("gdb")
                    .args(["-p", &pid, "-batch", "-ex", "thread apply all bt"])
                    .output();
                let text = match out {
                    Ok(o) => String::from_utf8_lossy(&o.stdout).into_owned(),
                    Err(e) => format!("gdb: {e}"),
                };
                let _ = std::fs::write(format!("aql-hang-{pid}.txt"), text);
                eprintln!("aql_queue: an input ran over {limit} s; stacks in aql-hang-{pid}.txt");
                std::process::abort();
            }
        });
    });
}

fuzz_target!(|data: &[u8]| {
    start_watchdog();
    INPUT_START_MS.store(now_ms(), Ordering::Release);
    let _ = run(&mut Unstructured::new(data));
    INPUT_START_MS.store(0, Ordering::Release);
});
