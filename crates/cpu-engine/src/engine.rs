//! The CPU agent's "hardware": runs the work-groups of a dispatch on a pool of worker threads.
//!
//! # Execution model (ARCHITECTURE.md §4)
//!
//! * **Grid.** [`Engine::run`] is synchronous and the calling thread takes part. It starts
//!   running work-groups itself, one at a time; a single-group dispatch, or one whose remaining
//!   work is estimated (from the groups already run) to be too small to be worth waking
//!   anybody, finishes there without touching the pool. Otherwise the dispatch is *published*
//!   in a lock-free slot: the remaining groups are split into one home block per participant
//!   (the caller, and up to `worker_count() - 1` pool threads, woken as a tree: each helper
//!   that joins wakes up to two more); each claims shrinking chunks of its own block, then
//!   steals from the others. Pool threads rotate between published dispatches after each
//!   chunk, so concurrent dispatches (one per HSA queue) all progress. Idle pool threads spin
//!   briefly, then sleep on a condition variable.
//! * **Work-group.** Work-items run one after another on one thread. Consecutive groups run on
//!   the thread's *runner* fiber (`fiber.rs`: own context switch, pooled stacks): work-item 0
//!   first; if it returns without a barrier or a wavefront operation, the rest of the group
//!   runs as a loop (`workgroup_fn(wi, 1, n)` when the kernel has one, else `workitem_fn` per
//!   work-item). When a barrier or wavefront operation is reached, the group switches to *fiber
//!   mode* right there (`convert`): the runner stays with the work-item that reached it (a loop
//!   is cut short by lowering `range_end`), the work-items that already returned count as
//!   exited, and each remaining work-item gets a fiber (its own `WorkItem` and a stack kept per
//!   flat id). A work-item that waits switches **directly** to the next runnable work-item in
//!   flat-id order (`Group::next_in_order`, else `next_runnable`); the last to arrive releases
//!   the barrier and goes on. There is no scheduler context: the runner, once its own work-item
//!   has returned, parks until the last work-item returns and switches back to it, and then
//!   goes on with the next group. Device ops find the group through `wi->engine_private`.
//! * **Memory.** Every thread that runs work-groups keeps a context (thread-local) with its
//!   group-memory buffer, private-segment buffers, fiber stacks and fiber-mode tables, reused by
//!   every dispatch: the small-dispatch path allocates nothing once warm.

use std::cell::Cell;
use std::ffi::c_void;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr;
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use parking_lot::{Condvar, Mutex};

use crate::abi::{
    DeviceOps, WorkGroupFn, WorkItem, WorkItemFn, ABI_VERSION, GROUPS_MOVED, GROUPS_OFFERED,
    MAX_WORKGROUP_SIZE, WAVEFRONT_SIZE, WHOLE_GROUP_DONE, WHOLE_GROUP_OFFER, WHOLE_GROUP_RUNNING,
};
use crate::fiber::{self, Context, Stack};

/// Default size of a fiber stack (bytes); `FERROCM_CPU_STACK_SIZE` overrides it.
pub const DEFAULT_STACK_SIZE: usize = 256 * 1024;
/// Smallest accepted fiber stack size.
pub const MIN_STACK_SIZE: usize = 16 * 1024;
/// Largest accepted fiber stack size.
pub const MAX_STACK_SIZE: usize = 1 << 30;
/// Largest group segment (static + dynamic) of a dispatch.
pub const MAX_GROUP_SEGMENT_SIZE: u32 = 64 * 1024;
/// Largest private segment per work-item.
pub const MAX_PRIVATE_SEGMENT_SIZE: u32 = 64 * 1024;

/// Alignment of the group segment.
const GROUP_ALIGN: usize = 64;
/// Alignment (and stride granule) of private segments.
const PRIVATE_ALIGN: usize = 16;
/// Waves per group at most.
const MAX_WAVES: usize = (MAX_WORKGROUP_SIZE / WAVEFRONT_SIZE) as usize;
/// A dispatch is published once the estimated time left on the caller alone exceeds this.
const PUBLISH_THRESHOLD: Duration = Duration::from_micros(15);
/// How long a pool thread spins for new work after finishing some before it sleeps.
const WORKER_SPIN: Duration = Duration::from_micros(50);
/// How long the caller spins for its helpers to finish before it sleeps.
const CALLER_SPIN: Duration = Duration::from_micros(20);
/// Chunks per participating thread when a dispatch is published (sets the largest chunk).
const CHUNKS_PER_THREAD: u64 = 8;
/// Home blocks of a published dispatch at most (participants beyond share them).
const MAX_BLOCKS: usize = 64;

/// A kernel as the engine sees it (from a loaded code object, or Rust functions).
///
/// The function pointers are called with a valid `WorkItem` for every work-item of a dispatch;
/// whoever builds a `Kernel` vouches that they are sound to call that way (for a code object:
/// that it stays loaded while dispatches run).
#[derive(Debug, Clone, Copy)]
pub struct Kernel {
    /// Runs one work-item (required).
    pub workitem_fn: WorkItemFn,
    /// Optional fast path running a range of work-items.
    pub workgroup_fn: Option<WorkGroupFn>,
    /// Static group memory per work-group (bytes).
    pub static_group_segment_size: u32,
    /// Static private memory per work-item (bytes).
    pub static_private_segment_size: u32,
}

/// One kernel dispatch (the fields of an AQL kernel-dispatch packet that the engine needs).
#[derive(Debug, Clone, Copy)]
pub struct Dispatch<'a> {
    /// The kernel.
    pub kernel: &'a Kernel,
    /// 1, 2 or 3.
    pub dimensions: u32,
    /// Work-group size per dimension (unused dimensions must be 1).
    pub workgroup_size: [u32; 3],
    /// Grid size in work-items per dimension (unused dimensions must be 1); need not be a
    /// multiple of the work-group size.
    pub grid_size: [u32; 3],
    /// Total group memory per work-group from the packet: static + dynamic (bytes).
    pub group_segment_size: u32,
    /// Private memory per work-item from the packet (bytes).
    pub private_segment_size: u32,
    /// Kernel arguments, passed to work-items as `wi->kernarg`; must stay valid during `run`.
    pub kernarg: *const c_void,
}

/// The CPU agent's dispatch limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Largest work-group (product of the sizes).
    pub max_workgroup_size: u32,
    /// Largest work-group size per dimension.
    pub max_workgroup_dims: [u32; 3],
    /// Largest grid (total work-items).
    pub max_grid_size: u32,
    /// Largest grid size per dimension.
    pub max_grid_dims: [u32; 3],
    /// Largest group segment (static + dynamic) per work-group.
    pub max_group_segment_size: u32,
    /// Largest private segment per work-item.
    pub max_private_segment_size: u32,
    /// Lanes per wavefront.
    pub wavefront_size: u32,
    /// Wavefronts per work-group at most.
    pub max_waves_per_workgroup: u32,
}

/// Why a dispatch was rejected or failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DispatchError {
    /// `dimensions` is not 1, 2 or 3.
    #[error("invalid number of dimensions {0} (1, 2 or 3)")]
    InvalidDimensions(u32),
    /// A used work-group dimension is 0.
    #[error("work-group size is 0 in dimension {dim}")]
    ZeroWorkgroupSize {
        /// Dimension (0-based).
        dim: u32,
    },
    /// A used grid dimension is 0.
    #[error("grid size is 0 in dimension {dim}")]
    ZeroGridSize {
        /// Dimension (0-based).
        dim: u32,
    },
    /// A work-group dimension beyond `dimensions` is not 1.
    #[error("unused work-group dimension {dim} has size {size} (must be 1)")]
    UnusedWorkgroupDimension {
        /// Dimension (0-based).
        dim: u32,
        /// Its size.
        size: u32,
    },
    /// A grid dimension beyond `dimensions` is not 1.
    #[error("unused grid dimension {dim} has size {size} (must be 1)")]
    UnusedGridDimension {
        /// Dimension (0-based).
        dim: u32,
        /// Its size.
        size: u32,
    },
    /// The work-group has more work-items than the agent allows.
    #[error("work-group of {size} work-items exceeds the maximum {max}")]
    WorkgroupTooLarge {
        /// Product of the work-group sizes.
        size: u64,
        /// The limit.
        max: u32,
    },
    /// The grid has more work-items than the agent allows.
    #[error("grid of {size} work-items exceeds the maximum {max}")]
    GridTooLarge {
        /// Product of the grid sizes.
        size: u64,
        /// The limit.
        max: u32,
    },
    /// The group segment exceeds the agent's limit.
    #[error("group segment of {size} bytes exceeds the maximum {max}")]
    GroupSegmentTooLarge {
        /// Requested bytes.
        size: u32,
        /// The limit.
        max: u32,
    },
    /// The packet's group segment is smaller than the kernel's static group memory.
    #[error(
        "group segment of {size} bytes is smaller than the kernel's static {static_size} bytes"
    )]
    GroupSegmentTooSmall {
        /// Requested bytes.
        size: u32,
        /// The kernel's static size.
        static_size: u32,
    },
    /// The private segment exceeds the agent's limit.
    #[error("private segment of {size} bytes per work-item exceeds the maximum {max}")]
    PrivateSegmentTooLarge {
        /// Requested bytes (max of the packet's and the kernel's).
        size: u32,
        /// The limit.
        max: u32,
    },
    /// Memory for fiber stacks or segments could not be obtained; some work-groups did not run.
    #[error("out of resources: {0}")]
    OutOfResources(String),
    /// The kernel broke the kernel ABI (e.g. a barrier while it ran its whole work-group
    /// itself); some work-groups did not run.
    #[error("kernel error: {0}")]
    KernelFault(String),
}

// ---------------------------------------------------------------------------------------------
// Public engine
// ---------------------------------------------------------------------------------------------

/// Engine configuration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EngineConfig {
    /// Threads executing one dispatch: the calling thread plus `workers - 1` pool threads.
    pub workers: usize,
    /// Fiber stack size in bytes (clamped to `MIN_STACK_SIZE..=MAX_STACK_SIZE`).
    pub stack_size: usize,
}

impl EngineConfig {
    /// Defaults: one thread per core (`available_parallelism`), overridden by
    /// `FERROCM_CPU_WORKERS`; stacks of [`DEFAULT_STACK_SIZE`], overridden by
    /// `FERROCM_CPU_STACK_SIZE` (bytes). Unparsable or zero values are ignored.
    pub fn from_env() -> EngineConfig {
        let env = |name: &str| {
            std::env::var(name)
                .ok()
                .and_then(|v| v.trim().parse::<usize>().ok())
                .filter(|&v| v > 0)
        };
        let cores = std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1);
        EngineConfig {
            workers: env("FERROCM_CPU_WORKERS").unwrap_or(cores),
            stack_size: env("FERROCM_CPU_STACK_SIZE").unwrap_or(DEFAULT_STACK_SIZE),
        }
    }
}

/// The CPU kernel engine: a worker pool that runs dispatches.
pub struct Engine {
    shared: Arc<Shared>,
    threads: Vec<JoinHandle<()>>,
    workers: usize,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("workers", &self.workers)
            .field("stack_size", &self.shared.stack_size)
            .finish()
    }
}

impl Engine {
    /// The process-wide engine, started on first use with [`EngineConfig::from_env`].
    pub fn global() -> &'static Engine {
        static GLOBAL: OnceLock<Engine> = OnceLock::new();
        GLOBAL.get_or_init(|| Engine::new(EngineConfig::from_env()))
    }

    /// Starts an engine with its own pool (`config.workers - 1` threads). Dropping it stops
    /// the pool.
    pub fn new(config: EngineConfig) -> Engine {
        let workers = config.workers.clamp(1, 4096);
        let stack_size = config.stack_size.clamp(MIN_STACK_SIZE, MAX_STACK_SIZE);
        let shared = Arc::new(Shared {
            slots: (0..SLOTS)
                .map(|_| PubSlot {
                    owner: AtomicBool::new(false),
                    job: AtomicPtr::new(ptr::null_mut()),
                    refs: AtomicU32::new(0),
                })
                .collect(),
            active: AtomicU64::new(0),
            sleep: Mutex::new(()),
            cv: Condvar::new(),
            sleepers: AtomicUsize::new(0),
            shutdown: AtomicBool::new(false),
            epoch: AtomicU64::new(0),
            spinning: AtomicUsize::new(0),
            stack_size,
        });
        let mut threads = Vec::with_capacity(workers - 1);
        for i in 1..workers {
            let s = Arc::clone(&shared);
            let spawned = std::thread::Builder::new()
                .name(format!("ferrocm-cpu-{i}"))
                .stack_size(stack_size.max(8 << 20))
                .spawn(move || worker_main(&s, i));
            match spawned {
                Ok(t) => threads.push(t),
                Err(_) => break,
            }
        }
        let workers = threads.len() + 1;
        Engine {
            shared,
            threads,
            workers,
        }
    }

    /// Threads that execute one dispatch (the caller plus the pool threads).
    pub fn worker_count(&self) -> usize {
        self.workers
    }

    /// Fiber stack size in bytes.
    pub fn stack_size(&self) -> usize {
        self.shared.stack_size
    }

    /// The dispatch limits of the CPU agent.
    pub fn limits() -> Limits {
        Limits {
            max_workgroup_size: MAX_WORKGROUP_SIZE,
            max_workgroup_dims: [MAX_WORKGROUP_SIZE; 3],
            max_grid_size: u32::MAX,
            max_grid_dims: [u32::MAX; 3],
            max_group_segment_size: MAX_GROUP_SEGMENT_SIZE,
            max_private_segment_size: MAX_PRIVATE_SEGMENT_SIZE,
            wavefront_size: WAVEFRONT_SIZE,
            max_waves_per_workgroup: MAX_WORKGROUP_SIZE / WAVEFRONT_SIZE,
        }
    }

    /// Validates `d` and runs every work-item of it; returns when all have finished.
    ///
    /// May be called from several threads at once (one per queue). The kernel's function
    /// pointers and `kernarg` must be valid for the whole call (see [`Kernel`]).
    pub fn run(&self, d: &Dispatch<'_>) -> Result<(), DispatchError> {
        let st = DispatchState::new(d)?;
        let mut ctx = take_ctx(self.shared.stack_size);
        let result = if st.total_groups == 1 || self.workers == 1 {
            run_groups(&mut ctx, &st, 0, st.total_groups)
        } else {
            self.run_parallel(&mut ctx, &st)
        };
        put_ctx(ctx);
        result
    }

    fn run_parallel(&self, ctx: &mut WorkerCtx, st: &DispatchState) -> Result<(), DispatchError> {
        let total = st.total_groups;
        let start = Instant::now();
        let mut next = 0;
        // Run 1, 1, 2, 4, ... (at most 32) groups between looks at the clock.
        let mut step = 1;
        while next < total {
            let end = (next + step).min(total);
            run_groups(ctx, st, next, end)?;
            step = end.clamp(1, 32);
            next = end;
            if next < total {
                let elapsed = start.elapsed();
                // Estimated time for the rest on this thread alone.
                let per_group = elapsed / u32::try_from(next).unwrap_or(u32::MAX);
                let rest = u32::try_from(total - next).unwrap_or(u32::MAX);
                if per_group.saturating_mul(rest) >= PUBLISH_THRESHOLD {
                    return self.share(ctx, st, next);
                }
            }
        }
        Ok(())
    }

    /// Publishes groups `first..` of `st` to the pool and takes part until none is left.
    fn share(
        &self,
        ctx: &mut WorkerCtx,
        st: &DispatchState,
        first: u64,
    ) -> Result<(), DispatchError> {
        let remaining = st.total_groups - first;
        let threads = self.workers as u64;
        let helpers = (threads - 1).min(remaining - 1);
        let job = Job::new(st, first, threads, helpers);
        match self.shared.publish(&job) {
            Some(slot) => {
                job.work(ctx, 0);
                self.shared.unpublish(slot);
            }
            // Every publication slot is taken (64 dispatches shared at once): run alone.
            None => job.work(ctx, 0),
        }
        st.take_error()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.shared.shutdown.store(true, Ordering::SeqCst);
        drop(self.shared.sleep.lock());
        self.shared.cv.notify_all();
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Dispatch state and validation
// ---------------------------------------------------------------------------------------------

/// Immutable description of a running dispatch shared by every thread that takes part.
struct DispatchState {
    workitem_fn: WorkItemFn,
    workgroup_fn: Option<WorkGroupFn>,
    /// Dispatch-wide fields of every `WorkItem`.
    template: WorkItem,
    num_groups: [u32; 3],
    /// Size of the last (possibly partial) group in each dimension.
    last_group_size: [u32; 3],
    total_groups: u64,
    /// Bytes of group memory per group (0: none).
    group_alloc: usize,
    /// Private segment stride per work-item (0: none).
    private_stride: usize,
    /// First error raised by a thread (groups after it may not have run).
    error: Mutex<Option<DispatchError>>,
}

// SAFETY: the raw pointers in `template` (kernarg, ops) are only copied into work-items; the
// dispatch's caller guarantees `kernarg` stays valid and may be read from any thread while
// `run` executes; the rest is immutable or synchronised (`error`).
unsafe impl Sync for DispatchState {}

static DEVICE_OPS: DeviceOps = DeviceOps {
    version: ABI_VERSION,
    size: core::mem::size_of::<DeviceOps>() as u32,
    barrier: barrier_entry,
    wave_exchange: wave_exchange_entry,
    reserved: [ptr::null_mut(); 6],
};

static DISPATCH_IDS: AtomicU64 = AtomicU64::new(1);

const fn round_up(v: usize, to: usize) -> usize {
    v.div_ceil(to) * to
}

/// Checks a dispatch against the agent's limits (see [`DispatchError`]).
pub fn validate(d: &Dispatch<'_>) -> Result<(), DispatchError> {
    let dims = d.dimensions;
    if !(1..=3).contains(&dims) {
        return Err(DispatchError::InvalidDimensions(dims));
    }
    for dim in 0..3u32 {
        let (w, g) = (d.workgroup_size[dim as usize], d.grid_size[dim as usize]);
        if dim < dims {
            if w == 0 {
                return Err(DispatchError::ZeroWorkgroupSize { dim });
            }
            if g == 0 {
                return Err(DispatchError::ZeroGridSize { dim });
            }
        } else {
            if w != 1 {
                return Err(DispatchError::UnusedWorkgroupDimension { dim, size: w });
            }
            if g != 1 {
                return Err(DispatchError::UnusedGridDimension { dim, size: g });
            }
        }
    }
    let wg: u64 = d.workgroup_size.iter().map(|&v| u64::from(v)).product();
    if wg > u64::from(MAX_WORKGROUP_SIZE) {
        return Err(DispatchError::WorkgroupTooLarge {
            size: wg,
            max: MAX_WORKGROUP_SIZE,
        });
    }
    let grid = d
        .grid_size
        .iter()
        .try_fold(1u64, |acc, &v| acc.checked_mul(u64::from(v)))
        .unwrap_or(u64::MAX);
    if grid > u64::from(u32::MAX) {
        return Err(DispatchError::GridTooLarge {
            size: grid,
            max: u32::MAX,
        });
    }
    if d.group_segment_size > MAX_GROUP_SEGMENT_SIZE {
        return Err(DispatchError::GroupSegmentTooLarge {
            size: d.group_segment_size,
            max: MAX_GROUP_SEGMENT_SIZE,
        });
    }
    if d.group_segment_size < d.kernel.static_group_segment_size {
        return Err(DispatchError::GroupSegmentTooSmall {
            size: d.group_segment_size,
            static_size: d.kernel.static_group_segment_size,
        });
    }
    let private = d
        .private_segment_size
        .max(d.kernel.static_private_segment_size);
    if private > MAX_PRIVATE_SEGMENT_SIZE {
        return Err(DispatchError::PrivateSegmentTooLarge {
            size: private,
            max: MAX_PRIVATE_SEGMENT_SIZE,
        });
    }
    Ok(())
}

impl DispatchState {
    fn new(d: &Dispatch<'_>) -> Result<DispatchState, DispatchError> {
        validate(d)?;
        let num_groups: [u32; 3] =
            std::array::from_fn(|i| d.grid_size[i].div_ceil(d.workgroup_size[i]));
        let total_groups = num_groups.iter().map(|&v| u64::from(v)).product();
        let static_group = d.kernel.static_group_segment_size as usize;
        let dynamic_offset = round_up(static_group, 16);
        let total_group = d.group_segment_size as usize;
        let group_alloc = if total_group == 0 {
            0
        } else {
            dynamic_offset + (total_group - static_group)
        };
        let private = d
            .private_segment_size
            .max(d.kernel.static_private_segment_size) as usize;
        let mut template = WorkItem::zeroed();
        template.workgroup_size = d.workgroup_size;
        template.grid_size = d.grid_size;
        template.num_groups = num_groups;
        template.dimensions = d.dimensions;
        template.group_segment_size = group_alloc as u32;
        template.dynamic_group_offset = dynamic_offset as u32;
        template.kernarg = d.kernarg;
        template.ops = &DEVICE_OPS;
        template.dispatch_id = DISPATCH_IDS.fetch_add(1, Ordering::Relaxed);
        Ok(DispatchState {
            workitem_fn: d.kernel.workitem_fn,
            workgroup_fn: d.kernel.workgroup_fn,
            template,
            num_groups,
            last_group_size: std::array::from_fn(|i| {
                d.grid_size[i] - (num_groups[i] - 1) * d.workgroup_size[i]
            }),
            total_groups,
            group_alloc,
            private_stride: round_up(private, PRIVATE_ALIGN),
            error: Mutex::new(None),
        })
    }

    fn record_error(&self, e: DispatchError) {
        let mut slot = self.error.lock();
        if slot.is_none() {
            *slot = Some(e);
        }
    }

    fn take_error(&self) -> Result<(), DispatchError> {
        match self.error.lock().take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Pool: published jobs, workers
// ---------------------------------------------------------------------------------------------

/// A published dispatch. It lives on the publishing caller's stack, referenced by a
/// publication slot of the pool (see [`PubSlot`]).
///
/// The groups are split into one contiguous *home block* per participant (the caller has block
/// 0, pool thread `i` block `i`): a participant first claims chunks of its own block, then
/// steals chunks from the others. Repeated dispatches of the same shape thus give each thread
/// the same part of the data (which stays in its caches), while stealing balances the load.
struct Job {
    state: *const DispatchState,
    blocks: [Block; MAX_BLOCKS],
    nblocks: usize,
    /// Set once a participant found every block exhausted.
    exhausted: AtomicBool,
    /// Largest chunk claimed at once.
    chunk: u64,
    /// Helpers still wanted (each joining helper wakes up to two sleepers while > 0).
    wanted: AtomicUsize,
}

/// A home block: groups `next..end` are still to be claimed.
#[repr(align(64))]
struct Block {
    next: AtomicU64,
    end: u64,
}

impl Job {
    fn state(&self) -> &DispatchState {
        // SAFETY: `state` points to the caller's `DispatchState`, which outlives the job.
        unsafe { &*self.state }
    }

    fn new(st: &DispatchState, first: u64, participants: u64, helpers: u64) -> Job {
        let remaining = st.total_groups - first;
        let nblocks = participants.clamp(1, MAX_BLOCKS as u64);
        let mut job = Job {
            state: st,
            blocks: std::array::from_fn(|_| Block {
                next: AtomicU64::new(0),
                end: 0,
            }),
            nblocks: nblocks as usize,
            exhausted: AtomicBool::new(false),
            chunk: (remaining / (participants * CHUNKS_PER_THREAD)).max(1),
            wanted: AtomicUsize::new(usize::try_from(helpers).unwrap_or(usize::MAX)),
        };
        for (b, block) in job.blocks.iter_mut().enumerate().take(nblocks as usize) {
            let b = b as u64;
            *block.next.get_mut() = first + remaining * b / nblocks;
            block.end = first + remaining * (b + 1) / nblocks;
        }
        job
    }

    fn has_work(&self) -> bool {
        !self.exhausted.load(Ordering::Relaxed)
    }

    /// Claims and runs chunks until none is left (participant `who`).
    fn work(&self, ctx: &mut WorkerCtx, who: usize) {
        while self.run_chunk(ctx, who) {}
    }

    /// Claims one chunk (from `who`'s home block first) and runs it; false when none was left.
    fn run_chunk(&self, ctx: &mut WorkerCtx, who: usize) -> bool {
        let st = self.state();
        let home = who % self.nblocks;
        for i in 0..self.nblocks {
            let block = &self.blocks[(home + i) % self.nblocks];
            let Some((first, end)) = self.claim(block) else {
                continue;
            };
            if let Err(e) = run_groups(ctx, st, first, end) {
                st.record_error(e);
                self.stop();
                return false;
            }
            return true;
        }
        self.exhausted.store(true, Ordering::Relaxed);
        false
    }

    /// Claims the next chunk of `block`: a quarter of what is left, at most `chunk` groups and at
    /// least one ("guided" scheduling: the last chunks are small, so all threads finish
    /// together).
    fn claim(&self, block: &Block) -> Option<(u64, u64)> {
        let mut cur = block.next.load(Ordering::Relaxed);
        loop {
            if cur >= block.end {
                return None;
            }
            let size = ((block.end - cur) / 4).clamp(1, self.chunk);
            match block.next.compare_exchange_weak(
                cur,
                cur + size,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return Some((cur, cur + size)),
                Err(now) => cur = now,
            }
        }
    }

    /// Makes every remaining group unclaimable (after an error).
    fn stop(&self) {
        for block in &self.blocks[..self.nblocks] {
            block.next.store(block.end, Ordering::Relaxed);
        }
        self.exhausted.store(true, Ordering::Relaxed);
    }
}

/// Concurrently published dispatches at most (more run on their callers alone).
const SLOTS: usize = 64;

/// Set in a slot's `refs` while its owner sleeps waiting for them to drop to zero.
const WAITING: u32 = 1 << 31;

/// A publication slot. A publishing caller owns it from `publish` until `unpublish` has seen
/// every pool thread leave. Pool threads find jobs without locks: they count themselves in
/// `refs` *before* reading `job`, and the owner clears `job` *before* waiting for `refs` to
/// drop to zero, so no thread can use a job after its caller returned.
#[repr(align(64))]
struct PubSlot {
    owner: AtomicBool,
    job: AtomicPtr<Job>,
    /// Pool threads looking at or working on `job`, plus [`WAITING`].
    refs: AtomicU32,
}

struct Shared {
    slots: Box<[PubSlot]>,
    /// Bit `i`: slot `i` holds a job.
    active: AtomicU64,
    /// Held by a sleeping worker from its last look for work until it waits on `cv`.
    sleep: Mutex<()>,
    cv: Condvar,
    sleepers: AtomicUsize,
    shutdown: AtomicBool,
    /// Bumped on every publication (spinning workers watch it).
    epoch: AtomicU64,
    /// Pool threads spinning for work.
    spinning: AtomicUsize,
    stack_size: usize,
}

impl Shared {
    /// Makes `job` visible to the pool; `None` if every slot is taken.
    fn publish(&self, job: &Job) -> Option<usize> {
        let i = (0..SLOTS).find(|&i| {
            self.slots[i]
                .owner
                .compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed)
                .is_ok()
        })?;
        self.slots[i]
            .job
            .store(ptr::from_ref(job).cast_mut(), Ordering::SeqCst);
        self.active.fetch_or(1 << i, Ordering::SeqCst);
        self.epoch.fetch_add(1, Ordering::SeqCst);
        if job.wanted.load(Ordering::Relaxed) > self.spinning.load(Ordering::SeqCst) {
            self.wake(1);
        }
        Some(i)
    }

    /// Withdraws the job of slot `i` and waits until no pool thread uses it any more.
    fn unpublish(&self, i: usize) {
        let slot = &self.slots[i];
        self.active.fetch_and(!(1 << i), Ordering::SeqCst);
        slot.job.store(ptr::null_mut(), Ordering::SeqCst);
        let start = Instant::now();
        loop {
            let r = slot.refs.load(Ordering::SeqCst);
            if r & !WAITING == 0 {
                break;
            }
            if start.elapsed() < CALLER_SPIN {
                std::hint::spin_loop();
                continue;
            }
            if r & WAITING == 0
                && slot
                    .refs
                    .compare_exchange(r, r | WAITING, Ordering::SeqCst, Ordering::SeqCst)
                    .is_err()
            {
                continue;
            }
            futex_wait(&slot.refs, r | WAITING);
        }
        slot.refs.fetch_and(!WAITING, Ordering::SeqCst);
        slot.owner.store(false, Ordering::Release);
    }

    /// Takes a reference on slot `i`; returns its job if it still has work (the reference is
    /// kept), else drops the reference.
    fn peek(&self, i: usize) -> Option<*const Job> {
        let slot = &self.slots[i];
        slot.refs.fetch_add(1, Ordering::SeqCst);
        let job = slot.job.load(Ordering::SeqCst);
        // SAFETY: a non-null job stays alive while we hold a reference (see `PubSlot`).
        if !job.is_null() && unsafe { &*job }.has_work() {
            return Some(job);
        }
        self.release(i);
        None
    }

    /// Drops a reference on slot `i`; wakes its owner if it waits for the last one.
    fn release(&self, i: usize) {
        let slot = &self.slots[i];
        if slot.refs.fetch_sub(1, Ordering::SeqCst) == WAITING | 1 {
            futex_wake(slot.refs.as_ptr());
        }
    }

    /// Picks a published job with work left, starting at slot `*cursor` (round-robin), and
    /// takes a reference on its slot.
    fn acquire(&self, cursor: &mut usize) -> Option<(usize, *const Job)> {
        let mask = self.active.load(Ordering::SeqCst);
        if mask == 0 {
            return None;
        }
        for t in 0..SLOTS {
            let i = (*cursor + t) % SLOTS;
            if mask & (1 << i) == 0 {
                continue;
            }
            if let Some(job) = self.peek(i) {
                *cursor = i + 1;
                // SAFETY: we hold a reference on the slot.
                let wanted = &unsafe { &*job }.wanted;
                let before = wanted
                    .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |w| {
                        Some(w.saturating_sub(1))
                    })
                    .unwrap_or(0);
                // Wake helpers as a binary tree: each one that joins wakes up to two more.
                self.wake(before.saturating_sub(1).min(2));
                return Some((i, job));
            }
        }
        None
    }

    /// Whether some published job has work left.
    fn any_work(&self) -> bool {
        let mask = self.active.load(Ordering::SeqCst);
        (0..SLOTS).any(|i| mask & (1 << i) != 0 && self.peek(i).map(|_| self.release(i)).is_some())
    }

    /// Wakes up to `n` sleeping workers.
    fn wake(&self, n: usize) {
        if n == 0 || self.sleepers.load(Ordering::SeqCst) == 0 {
            return;
        }
        // A sleeper holds `sleep` from its last look for work until it waits: taking it here
        // orders this wake-up after that wait, so it is not lost.
        drop(self.sleep.lock());
        for _ in 0..n {
            self.cv.notify_one();
        }
    }
}

fn worker_main(shared: &Shared, index: usize) {
    let mut ctx = WorkerCtx::new(shared.stack_size);
    let mut cursor = index;
    loop {
        if let Some((slot, job)) = shared.acquire(&mut cursor) {
            // SAFETY: we hold a reference on the slot, which keeps the job alive until `release`.
            let job = unsafe { &*job };
            while job.run_chunk(&mut ctx, index) {
                if shared.active.load(Ordering::Relaxed).count_ones() > 1 {
                    break; // rotate to the next job for fairness
                }
            }
            shared.release(slot);
            continue;
        }
        // Spin a little for the next dispatch, then sleep.
        let seen = shared.epoch.load(Ordering::SeqCst);
        shared.spinning.fetch_add(1, Ordering::SeqCst);
        let start = Instant::now();
        let mut again = false;
        while start.elapsed() < WORKER_SPIN {
            for _ in 0..8 {
                std::hint::spin_loop();
            }
            if shared.epoch.load(Ordering::SeqCst) != seen {
                again = true;
                break;
            }
        }
        shared.spinning.fetch_sub(1, Ordering::SeqCst);
        if again {
            continue;
        }
        let mut guard = shared.sleep.lock();
        loop {
            if shared.shutdown.load(Ordering::SeqCst) {
                return;
            }
            shared.sleepers.fetch_add(1, Ordering::SeqCst);
            if shared.any_work() {
                shared.sleepers.fetch_sub(1, Ordering::SeqCst);
                break;
            }
            shared.cv.wait(&mut guard);
            shared.sleepers.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

fn futex_wait(word: &AtomicU32, expected: u32) {
    // SAFETY: FUTEX_WAIT reads the aligned u32 behind `word` (valid for the call) and sleeps
    // only if it still equals `expected`; a null timeout waits without limit.
    unsafe {
        libc::syscall(
            libc::SYS_futex,
            word.as_ptr(),
            libc::FUTEX_WAIT | libc::FUTEX_PRIVATE_FLAG,
            expected,
            ptr::null::<libc::timespec>(),
        );
    }
}

fn futex_wake(addr: *mut u32) {
    // SAFETY: FUTEX_WAKE does not access the memory; it only uses the address as a key (an
    // address whose owner is gone at worst wakes a waiter spuriously, which waiters tolerate).
    unsafe {
        libc::syscall(
            libc::SYS_futex,
            addr,
            libc::FUTEX_WAKE | libc::FUTEX_PRIVATE_FLAG,
            i32::MAX,
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Per-thread execution context
// ---------------------------------------------------------------------------------------------

/// A growable, aligned, uninitialised byte buffer.
struct AlignedBuf {
    ptr: *mut u8,
    cap: usize,
    align: usize,
}

impl AlignedBuf {
    const fn new(align: usize) -> AlignedBuf {
        AlignedBuf {
            ptr: ptr::null_mut(),
            cap: 0,
            align,
        }
    }

    /// A pointer to at least `len` bytes (null if `len == 0`); the contents are unspecified.
    fn get(&mut self, len: usize) -> Result<*mut u8, DispatchError> {
        if len == 0 {
            return Ok(ptr::null_mut());
        }
        if len > self.cap {
            self.free();
            let cap = round_up(len, self.align);
            let layout = std::alloc::Layout::from_size_align(cap, self.align)
                .map_err(|e| DispatchError::OutOfResources(e.to_string()))?;
            // SAFETY: `layout` has a non-zero size.
            let p = unsafe { std::alloc::alloc(layout) };
            if p.is_null() {
                return Err(DispatchError::OutOfResources(format!(
                    "cannot allocate {cap} bytes"
                )));
            }
            self.ptr = p;
            self.cap = cap;
        }
        Ok(self.ptr)
    }

    fn free(&mut self) {
        if !self.ptr.is_null() {
            // SAFETY: `ptr` was allocated in `get` with exactly this layout (it was valid then).
            unsafe {
                std::alloc::dealloc(
                    self.ptr,
                    std::alloc::Layout::from_size_align_unchecked(self.cap, self.align),
                )
            };
            self.ptr = ptr::null_mut();
            self.cap = 0;
        }
    }
}

impl Drop for AlignedBuf {
    fn drop(&mut self) {
        self.free();
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum SlotState {
    NotStarted,
    /// Runnable (or running).
    Ready,
    AtBarrier,
    AtWave,
    Exited,
}

/// Fiber-mode state of one work-item (indexed by flat local id). Shared by the fibers of a
/// group through `Cell`s; only one of them runs at a time on a thread.
struct Slot {
    state: Cell<SlotState>,
    /// The saved context while the work-item is suspended.
    ctx: Context,
    /// Result of the last barrier / wave exchange.
    result: Cell<u64>,
    /// Value contributed to the pending wave exchange.
    value: Cell<u64>,
    /// Where the pending wave exchange writes the lanes.
    lanes: Cell<*mut u64>,
}

impl Slot {
    const fn new() -> Slot {
        Slot {
            state: Cell::new(SlotState::NotStarted),
            ctx: fiber::context(),
            result: Cell::new(0),
            value: Cell::new(0),
            lanes: Cell::new(ptr::null_mut()),
        }
    }
}

#[derive(Default)]
struct Wave {
    /// Lanes that have not returned.
    live: Cell<u64>,
    /// Lanes waiting in the pending exchange.
    arrived: Cell<u64>,
}

/// Work-item structs whose addresses are handed to kernels. They are owned through a raw
/// pointer (never reborrowed as a whole `&mut` slice while kernels hold pointers into it).
struct RawItems {
    ptr: *mut WorkItem,
    len: usize,
}

impl RawItems {
    fn new(len: usize) -> RawItems {
        let items: Box<[WorkItem]> = (0..len).map(|_| WorkItem::zeroed()).collect();
        RawItems {
            len: items.len(),
            ptr: Box::into_raw(items).cast::<WorkItem>(),
        }
    }

    /// Pointer to item `i` (`i < len`).
    fn at(&self, i: usize) -> *mut WorkItem {
        debug_assert!(i < self.len);
        // SAFETY: `i < len` (callers index by flat id < MAX_WORKGROUP_SIZE = len, or 0 < 1).
        unsafe { self.ptr.add(i.min(self.len - 1)) }
    }
}

impl Drop for RawItems {
    fn drop(&mut self) {
        // SAFETY: `ptr`/`len` come from `Box::into_raw` of a boxed slice in `new`, freed once.
        drop(unsafe { Box::from_raw(ptr::slice_from_raw_parts_mut(self.ptr, self.len)) });
    }
}

/// Fiber-mode tables, allocated on a thread's first fiber-mode group and reused.
struct FiberTables {
    slots: Box<[Slot]>,
    items: RawItems,
    waves: Box<[Wave]>,
    /// The stack of work-item `i`'s fiber, made the first time a group needs it, then kept.
    stacks: Vec<Option<Stack>>,
    /// Their tops (null where none was made).
    tops: Box<[*mut u8]>,
    /// `stacks[1..ready]` all exist.
    ready: u32,
}

impl FiberTables {
    fn new() -> FiberTables {
        let n = MAX_WORKGROUP_SIZE as usize;
        FiberTables {
            slots: (0..n).map(|_| Slot::new()).collect(),
            items: RawItems::new(n),
            waves: (0..MAX_WAVES).map(|_| Wave::default()).collect(),
            stacks: (0..n).map(|_| None).collect(),
            tops: (0..n).map(|_| ptr::null_mut()).collect(),
            ready: 1,
        }
    }
}

/// Everything a thread reuses from one work-group to the next.
struct WorkerCtx {
    stack_size: usize,
    /// Stacks created by this context (for their colours).
    stacks_made: usize,
    /// The stack of the runner fiber (groups run on it until one needs fibers).
    runner: Option<Stack>,
    group_mem: AlignedBuf,
    /// Private segment of work-item 0 and of the loop (one slot).
    private0: AlignedBuf,
    /// Private segments of fiber-mode work-items (one slot per work-item).
    private_fibers: AlignedBuf,
    /// Work-item 0 / the loop's work-item (its address is handed to kernels).
    wi0: RawItems,
    tables: Option<Box<FiberTables>>,
}

impl WorkerCtx {
    fn new(stack_size: usize) -> WorkerCtx {
        WorkerCtx {
            stack_size,
            stacks_made: 0,
            runner: None,
            group_mem: AlignedBuf::new(GROUP_ALIGN),
            private0: AlignedBuf::new(GROUP_ALIGN),
            private_fibers: AlignedBuf::new(GROUP_ALIGN),
            wi0: RawItems::new(1),
            tables: None,
        }
    }

    fn new_stack(&mut self) -> Result<Stack, DispatchError> {
        self.stacks_made += 1;
        Stack::new(self.stack_size, self.stacks_made).map_err(DispatchError::OutOfResources)
    }

    /// Drops every stack (their size changed).
    fn drop_stacks(&mut self) {
        self.runner = None;
        if let Some(t) = self.tables.as_mut() {
            for (s, top) in t.stacks.iter_mut().zip(t.tops.iter_mut()) {
                *s = None;
                *top = ptr::null_mut();
            }
            t.ready = 1;
        }
    }
}

thread_local! {
    static CTX: Cell<Option<Box<WorkerCtx>>> = const { Cell::new(None) };
    /// The work-group running on this thread (for `barrier` / `wave_exchange` called with a
    /// work-item that does not name its group).
    static CURRENT_GROUP: Cell<*const Group> = const { Cell::new(ptr::null()) };
}

fn take_ctx(stack_size: usize) -> Box<WorkerCtx> {
    let ctx = CTX.try_with(Cell::take).ok().flatten();
    match ctx {
        Some(mut c) => {
            if c.stack_size != stack_size {
                c.drop_stacks();
                c.stack_size = stack_size;
            }
            c
        }
        None => Box::new(WorkerCtx::new(stack_size)),
    }
}

fn put_ctx(ctx: Box<WorkerCtx>) {
    // If the thread-local is being destroyed, the context is simply dropped.
    let _ = CTX.try_with(|c| c.set(Some(ctx)));
}

// ---------------------------------------------------------------------------------------------
// Work-group execution
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    /// Work-item 0 runs.
    Start,
    /// The rest of the group runs as a loop.
    Loop,
    /// Every remaining work-item has its own fiber.
    Fibers,
}

#[derive(Clone, Copy, Debug)]
enum Op {
    Barrier { predicate: bool },
    Wave { value: u64, lanes: *mut u64 },
}

/// Execution state of the work-group being run (inside the `Range` on the native stack of the
/// thread running it, reset for every group of a range). Work-items find it through their
/// `engine_private` pointer.
struct Group {
    /// Work-items in the group.
    n: Cell<u32>,
    workitem_fn: WorkItemFn,
    workgroup_fn: Option<WorkGroupFn>,
    mode: Cell<Mode>,
    /// Work-item 0 / the loop's work-item.
    wi0: *mut WorkItem,
    /// The thread's context (resources for fiber mode).
    ctx: *mut WorkerCtx,
    st: *const DispatchState,
    /// The context of `run_range` while the runner runs.
    home: Context,
    /// The runner's context while it waits for the fibers of its group to finish.
    runner: Context,
    /// Why the range stopped early (set before jumping home).
    error: Cell<Option<DispatchError>>,
    /// Fiber mode: the work-item that switched the group to fiber mode (it runs on the runner;
    /// work-items before it have returned).
    first: Cell<u32>,
    /// Fiber mode: the running work-item.
    current: Cell<u32>,
    /// Fiber mode: work-items that have not returned.
    live: Cell<u32>,
    barrier_arrived: Cell<u32>,
    barrier_true: Cell<u32>,
    slots: Cell<*const Slot>,
    waves: Cell<*const Wave>,
    items: Cell<*mut WorkItem>,
    tops: Cell<*const *mut u8>,
    private_base: Cell<*mut u8>,
    /// Fiber mode: the work-item expected to start next (items usually start in order) and
    /// its local ids, so that starting it needs no division.
    next_start: Cell<u32>,
    next_ids: Cell<[u32; 3]>,
}

impl Group {
    /// # Safety
    /// Fiber mode only (the tables are set), `i < n`.
    unsafe fn slot(&self, i: u32) -> &Slot {
        // SAFETY: the caller guarantees the table (len MAX_WORKGROUP_SIZE >= n) is set.
        unsafe { &*self.slots.get().add(i as usize) }
    }

    /// # Safety
    /// Fiber mode only, `w < ceil(n / 64)`.
    unsafe fn wave(&self, w: u32) -> &Wave {
        // SAFETY: the caller guarantees the table (len MAX_WAVES) is set.
        unsafe { &*self.waves.get().add(w as usize) }
    }

    fn wave_range(&self, w: u32) -> (u32, u32) {
        let begin = w * WAVEFRONT_SIZE;
        (begin, (begin + WAVEFRONT_SIZE).min(self.n.get()))
    }

    /// Releases the barrier: every waiter becomes runnable with the predicate count.
    ///
    /// # Safety
    /// Fiber mode only.
    unsafe fn release_barrier(&self) {
        let count = u64::from(self.barrier_true.get());
        for i in self.first.get()..self.n.get() {
            // SAFETY: fiber mode, i < n.
            let s = unsafe { self.slot(i) };
            if s.state.get() == SlotState::AtBarrier {
                s.result.set(count);
                s.state.set(SlotState::Ready);
            }
        }
        self.barrier_arrived.set(0);
        self.barrier_true.set(0);
    }

    /// Completes the pending exchange of wave `w` among the lanes that arrived.
    ///
    /// # Safety
    /// Fiber mode only; `w` a wave of the group; arrived lanes' `lanes` pointers valid.
    unsafe fn release_wave(&self, w: u32) {
        // SAFETY: fiber mode and `w` valid (caller).
        let wave = unsafe { self.wave(w) };
        let mask = wave.arrived.get();
        let (begin, end) = self.wave_range(w);
        let mut values = [0u64; WAVEFRONT_SIZE as usize];
        for l in begin..end {
            if mask & (1u64 << (l - begin)) != 0 {
                // SAFETY: l < n.
                values[(l - begin) as usize] = unsafe { self.slot(l) }.value.get();
            }
        }
        for l in begin..end {
            if mask & (1u64 << (l - begin)) == 0 {
                continue;
            }
            // SAFETY: l < n.
            let s = unsafe { self.slot(l) };
            let out = s.lanes.get();
            if !out.is_null() {
                if mask == u64::MAX {
                    // SAFETY: the header requires `lanes` to hold 64 entries.
                    unsafe {
                        ptr::copy_nonoverlapping(values.as_ptr(), out, WAVEFRONT_SIZE as usize)
                    };
                } else {
                    let mut m = mask;
                    while m != 0 {
                        let i = m.trailing_zeros() as usize;
                        // SAFETY: i < 64 and `lanes` holds 64 entries.
                        unsafe { out.add(i).write(values[i]) };
                        m &= m - 1;
                    }
                }
            }
            s.result.set(mask);
            s.state.set(SlotState::Ready);
        }
        wave.arrived.set(0);
    }

    /// Work-item `i` returned (fiber mode): it leaves the barrier and its wave.
    ///
    /// # Safety
    /// Fiber mode only, `i < n`.
    unsafe fn exit(&self, i: u32) {
        // SAFETY: caller contract.
        unsafe { self.slot(i) }.state.set(SlotState::Exited);
        self.live.set(self.live.get() - 1);
        let w = i / WAVEFRONT_SIZE;
        // SAFETY: w is the wave of a valid work-item.
        let wave = unsafe { self.wave(w) };
        wave.live
            .set(wave.live.get() & !(1u64 << (i % WAVEFRONT_SIZE)));
        if wave.arrived.get() != 0 && wave.arrived.get() == wave.live.get() {
            // SAFETY: fiber mode, valid wave; arrived lanes are suspended in the exchange.
            unsafe { self.release_wave(w) };
        }
        if self.barrier_arrived.get() != 0 && self.barrier_arrived.get() == self.live.get() {
            // SAFETY: fiber mode.
            unsafe { self.release_barrier() };
        }
    }

    /// Fiber mode: picks the work-item to run after `from` (which waits or has returned):
    /// the next runnable one in flat-id order, wrapping around, starting a work-item that has
    /// not started yet. Makes it current and returns its id; it is `from` only if `from`
    /// became runnable again (a wave exchange forced to complete).
    ///
    /// # Safety
    /// Fiber mode only, `from < n`, some work-item has not returned.
    #[cold]
    #[inline(never)]
    unsafe fn next_runnable(&self, from: u32) -> Result<u32, DispatchError> {
        let (first, n) = (self.first.get(), self.n.get());
        loop {
            for j in (from + 1..n).chain(first..=from) {
                // SAFETY: fiber mode, j < n.
                let s = unsafe { self.slot(j) };
                match s.state.get() {
                    SlotState::Ready => {}
                    SlotState::NotStarted => {
                        // SAFETY: fiber mode, j < n has not started.
                        unsafe { self.start_item(j) };
                        s.state.set(SlotState::Ready);
                    }
                    _ => continue,
                }
                self.current.set(j);
                return Ok(j);
            }
            // Every live work-item waits and nothing can release them: a wave exchange is
            // mixed with a barrier (invalid in HIP). Complete the pending exchanges among the
            // lanes that reached them so that the group can go on.
            let nwaves = n.div_ceil(WAVEFRONT_SIZE);
            // SAFETY: fiber mode, w < nwaves.
            let Some(w) = (0..nwaves).find(|&w| unsafe { self.wave(w) }.arrived.get() != 0) else {
                return Err(DispatchError::OutOfResources(
                    "internal: work-group deadlock".into(),
                ));
            };
            // SAFETY: fiber mode, valid wave, arrived lanes suspended in the exchange.
            unsafe { self.release_wave(w) };
        }
    }

    /// Fiber mode: the work-item to run after `from`, when it is simply `from + 1` (the usual
    /// case: work-items take turns in order); `None` when the general search is needed.
    /// Makes it current.
    ///
    /// # Safety
    /// Fiber mode only.
    #[inline(always)]
    unsafe fn next_in_order(&self, from: u32) -> Option<u32> {
        let j = from + 1;
        if j >= self.n.get() {
            return None;
        }
        // SAFETY: fiber mode, j < n.
        let s = unsafe { self.slot(j) };
        match s.state.get() {
            SlotState::Ready => {}
            SlotState::NotStarted => {
                // SAFETY: fiber mode, j < n has not started.
                unsafe { self.start_item(j) };
                s.state.set(SlotState::Ready);
            }
            _ => return None,
        }
        self.current.set(j);
        Some(j)
    }

    /// Sets up work-item `j`'s struct and a fresh context on its stack.
    ///
    /// # Safety
    /// Fiber mode only, `j < n`, work-item `j` has not started (nothing refers to its struct
    /// or stack).
    unsafe fn start_item(&self, j: u32) {
        let wi_ptr = self.items.get().wrapping_add(j as usize);
        // SAFETY: caller contract: the tables are set and item j is ours to write; `wi0` is
        // valid (nobody writes it while this fiber runs).
        unsafe {
            // Field by field from `wi0` (a block copy followed by reads of the copy stalls on
            // store forwarding).
            let src = &*self.wi0;
            let wi = &mut *wi_ptr;
            let ls = src.local_size;
            wi.group_id = src.group_id;
            wi.workgroup_size = src.workgroup_size;
            wi.local_size = ls;
            wi.grid_size = src.grid_size;
            wi.num_groups = src.num_groups;
            wi.dimensions = src.dimensions;
            wi.group_segment = src.group_segment;
            wi.group_segment_size = src.group_segment_size;
            wi.dynamic_group_offset = src.dynamic_group_offset;
            wi.kernarg = src.kernarg;
            wi.ops = src.ops;
            wi.dispatch_id = src.dispatch_id;
            wi.reserved0 = 0;
            wi.engine_private = src.engine_private;
            wi.reserved = [0; 6];
            let ids = if j == self.next_start.get() {
                self.next_ids.get()
            } else {
                [j % ls[0], (j / ls[0]) % ls[1], j / (ls[0] * ls[1])]
            };
            wi.local_id = ids;
            let mut next = ids;
            next[0] += 1;
            if next[0] == ls[0] {
                next[0] = 0;
                next[1] += 1;
                if next[1] == ls[1] {
                    next[1] = 0;
                    next[2] += 1;
                }
            }
            self.next_start.set(j + 1);
            self.next_ids.set(next);
            wi.flat_local_id = j;
            wi.range_end.set(j + 1);
            let base = self.private_base.get();
            wi.private_segment = if base.is_null() {
                ptr::null_mut()
            } else {
                base.add((*self.st).private_stride * j as usize).cast()
            };
            let top = *self.tops.get().add(j as usize);
            let arg = ptr::from_ref(self).cast_mut().cast::<c_void>();
            fiber::prepare(&self.slot(j).ctx, top, item_main, arg);
        }
    }

    /// Gives up the range after a fatal error: records it and resumes `run_range`. The
    /// suspended work-items are abandoned (never resumed, their frames not unwound).
    #[cold]
    fn abort(&self, e: DispatchError) -> ! {
        self.error.set(Some(e));
        // SAFETY: `home` was saved when `run_range` switched to the runner; it waits there.
        unsafe { fiber::jump(&self.home) }
    }

    /// Fiber mode: work-item `from` stops running (it waits, saved in `save`, or it has
    /// returned, `save` null); the next runnable work-item resumes. Returns when `from` is
    /// resumed.
    ///
    /// # Safety
    /// Fiber mode only, called on the context of work-item `from` (or of the runner after it).
    #[inline(always)]
    unsafe fn switch_from(&self, from: u32, save: &Context) {
        // SAFETY: caller contract.
        let next = match unsafe { self.next_in_order(from) } {
            Some(j) => Ok(j),
            // SAFETY: caller contract.
            None => unsafe { self.next_runnable(from) },
        };
        match next {
            Ok(j) if j == from => {}
            // SAFETY: `j` is current and has a context (saved or fresh) that nobody else
            // resumes; `save` is the slot of a context that is about to be suspended.
            Ok(j) => unsafe { fiber::switch(save, &self.slot(j).ctx) },
            Err(e) => self.abort(e),
        }
    }
}

/// A range of consecutive work-groups run by one thread.
struct Range<'a> {
    st: &'a DispatchState,
    group: Group,
    /// Linear id of the group being run (or next to run).
    cursor: Cell<u64>,
    /// Its coordinates.
    coords: Cell<[u32; 3]>,
    end: u64,
}

impl Range<'_> {
    /// Moves to the next group.
    fn advance(&self) {
        let ng = self.st.num_groups;
        let mut g = self.coords.get();
        g[0] += 1;
        if g[0] == ng[0] {
            g[0] = 0;
            g[1] += 1;
            if g[1] == ng[1] {
                g[1] = 0;
                g[2] += 1;
            }
        }
        self.coords.set(g);
        self.cursor.set(self.cursor.get() + 1);
    }

    /// Moves `m` groups on, to the group an entry point went on to (abi::WHOLE_GROUP_OFFER).
    fn skip(&self, m: u64) {
        let c = self.cursor.get() + m;
        let ng = self.st.num_groups;
        self.cursor.set(c);
        self.coords.set([
            (c % u64::from(ng[0])) as u32,
            ((c / u64::from(ng[0])) % u64::from(ng[1])) as u32,
            (c / (u64::from(ng[0]) * u64::from(ng[1]))) as u32,
        ]);
    }

    /// Sets up work-item 0 and the group state for the group at the cursor; returns its size.
    fn start_group(&self) -> u32 {
        let st = self.st;
        let g = self.coords.get();
        let mut local_size = st.template.workgroup_size;
        for d in 0..3 {
            if g[d] + 1 == st.num_groups[d] {
                local_size[d] = st.last_group_size[d];
            }
        }
        let n = local_size[0] * local_size[1] * local_size[2];
        // SAFETY: no kernel runs between groups: nothing else refers to `wi0` now.
        let wi0 = unsafe { &mut *self.group.wi0 };
        wi0.group_id = g;
        wi0.local_size = local_size;
        wi0.local_id = [0; 3];
        wi0.flat_local_id = 0;
        wi0.range_end.set(1);
        // Work-item 0 may run the whole group itself, and the next groups of the range
        // (abi::WHOLE_GROUP_OFFER).
        wi0.reserved0 = WHOLE_GROUP_OFFER;
        wi0.reserved[GROUPS_OFFERED] = self.end - self.cursor.get();
        wi0.reserved[GROUPS_MOVED] = 0;
        let grp = &self.group;
        grp.n.set(n);
        grp.mode.set(Mode::Start);
        grp.live.set(n);
        grp.barrier_arrived.set(0);
        grp.barrier_true.set(0);
        n
    }
}

/// Runs work-groups `first..end` (linear ids, x fastest) of the dispatch on this thread.
///
/// The groups run on a *runner* fiber, one after another. When one of them reaches a barrier
/// or wave exchange, it switches to fiber mode (see `convert`); once all its work-items have
/// returned, the runner goes on with the next group.
fn run_groups(
    ctx: &mut WorkerCtx,
    st: &DispatchState,
    first: u64,
    end: u64,
) -> Result<(), DispatchError> {
    if first >= end {
        return Ok(());
    }
    let ng = st.num_groups;
    let group_segment = ctx.group_mem.get(st.group_alloc)?;
    let private0 = ctx.private0.get(st.private_stride)?;
    if ctx.runner.is_none() {
        ctx.runner = Some(ctx.new_stack()?);
    }
    let wi0: *mut WorkItem = ctx.wi0.at(0);
    let ctx: *mut WorkerCtx = ctx;
    let range = Range {
        st,
        group: Group {
            n: Cell::new(0),
            workitem_fn: st.workitem_fn,
            workgroup_fn: st.workgroup_fn,
            mode: Cell::new(Mode::Start),
            wi0,
            ctx,
            st,
            home: fiber::context(),
            runner: fiber::context(),
            error: Cell::new(None),
            first: Cell::new(0),
            current: Cell::new(0),
            live: Cell::new(0),
            barrier_arrived: Cell::new(0),
            barrier_true: Cell::new(0),
            slots: Cell::new(ptr::null()),
            waves: Cell::new(ptr::null()),
            items: Cell::new(ptr::null_mut()),
            tops: Cell::new(ptr::null()),
            private_base: Cell::new(ptr::null_mut()),
            next_start: Cell::new(0),
            next_ids: Cell::new([0; 3]),
        },
        cursor: Cell::new(first),
        // Decompose the first id once, then walk.
        coords: Cell::new([
            (first % u64::from(ng[0])) as u32,
            ((first / u64::from(ng[0])) % u64::from(ng[1])) as u32,
            (first / (u64::from(ng[0]) * u64::from(ng[1]))) as u32,
        ]),
        end,
    };
    {
        // SAFETY: no kernel runs now, so nothing else refers to `wi0`.
        let wi0 = unsafe { &mut *wi0 };
        wi0.clone_from(&st.template);
        wi0.group_segment = group_segment.cast();
        wi0.private_segment = private0.cast();
        wi0.engine_private = ptr::from_ref(&range.group).cast_mut().cast();
    }
    let previous = CURRENT_GROUP.with(|c| c.replace(&range.group));
    // SAFETY: the runner stack exists (made above) and is not in use: no range runs on this
    // thread now (ranges do not nest: kernels cannot dispatch on their own thread's engine
    // context while it is taken).
    let top = unsafe { (*ctx).runner.as_ref().map(Stack::top) }.unwrap_or(ptr::null_mut());
    let rp = ptr::from_ref(&range).cast_mut().cast::<c_void>();
    // SAFETY: `top` is the runner stack's top; `range` outlives the runner, which jumps back
    // here (`home`) when the range is done or abandoned and is never resumed afterwards.
    unsafe {
        fiber::prepare(&range.group.runner, top, runner_main, rp);
        fiber::switch(&range.group.home, &range.group.runner);
    }
    CURRENT_GROUP.with(|c| c.set(previous));
    // SAFETY: kernels of this range no longer run; clear the pointer to this stack frame.
    unsafe { (*wi0).engine_private = ptr::null_mut() };
    match range.group.error.take() {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Entry of the runner fiber: runs the groups of the range, then resumes `run_groups`.
///
/// # Safety
/// `arg` points to the live `Range` of the `run_groups` call that started this fiber.
unsafe extern "C" fn runner_main(arg: *mut c_void) -> ! {
    // SAFETY: caller contract: the range outlives the fiber.
    let r = unsafe { &*arg.cast::<Range<'static>>() };
    let g = &r.group;
    while r.cursor.get() < r.end {
        let n = r.start_group();
        // SAFETY: `wi0` is initialised for work-item 0 (see `start_group`); `Kernel` contract.
        unsafe { (g.workitem_fn)(g.wi0) };
        // SAFETY: `wi0` is valid; no kernel of this group runs now.
        let moved = unsafe { (*g.wi0).reserved[GROUPS_MOVED] };
        let mut n = n;
        if moved != 0 {
            // The entry point ran whole groups and went on with later ones of the range: the
            // group in `wi0` is now the one `moved` groups on (sync_op took its size).
            r.skip(moved.min(r.end - r.cursor.get() - 1));
            n = g.n.get();
            // SAFETY: as above.
            let ls = unsafe { (*g.wi0).local_size };
            if g.mode.get() != Mode::Fibers {
                n = ls[0] * ls[1] * ls[2];
                g.n.set(n);
            }
        }
        // SAFETY: `wi0` is valid; no kernel of this group runs now.
        let whole = unsafe { (*g.wi0).reserved0 } == WHOLE_GROUP_DONE;
        if whole && g.mode.get() == Mode::Start {
            // The entry point ran every work-item of the group (a kernel split at barriers).
            r.advance();
            continue;
        }
        if g.mode.get() != Mode::Fibers && n > 1 {
            g.mode.set(Mode::Loop);
            // SAFETY: `wi0` is valid; the kernel holds no reference across this (`Cell`).
            unsafe { (*g.wi0).range_end.set(n) };
            if let Some(wg) = g.workgroup_fn {
                // SAFETY: as for `workitem_fn`; the workgroup function sets the ids itself.
                unsafe { wg(g.wi0, 1, n) };
            } else {
                // SAFETY: `wi0` is set up for this group.
                unsafe { loop_items(g.wi0, g.workitem_fn) };
            }
        }
        if g.mode.get() == Mode::Fibers {
            // The work-item that switched the group to fiber mode has returned on the
            // runner: wait here until the group's other work-items have returned too.
            let k = g.first.get();
            // SAFETY: fiber mode, k < n.
            unsafe { g.exit(k) };
            if g.live.get() != 0 {
                // SAFETY: fiber mode; we run on the runner (work-item k's context until now).
                unsafe { g.switch_from(k, &g.runner) };
            }
        }
        r.advance();
    }
    // SAFETY: `home` waits in `run_groups`.
    unsafe { fiber::jump(&g.home) }
}

/// Entry of the fiber of a work-item in fiber mode (the current one).
///
/// # Safety
/// `arg` points to the running `Group`, in fiber mode, whose current work-item was set up by
/// `start_item`.
unsafe extern "C" fn item_main(arg: *mut c_void) -> ! {
    // SAFETY: caller contract: the group outlives its fibers.
    let g = unsafe { &*arg.cast::<Group>() };
    let i = g.current.get();
    // SAFETY: item i's struct was set up by `start_item`; `Kernel` contract.
    unsafe { (g.workitem_fn)(g.items.get().wrapping_add(i as usize)) };
    let i = g.current.get();
    // SAFETY: fiber mode, i < n.
    unsafe { g.exit(i) };
    if g.live.get() == 0 {
        // The runner's work-item has returned, so the runner waits for the group.
        // SAFETY: the runner's context was saved in `runner_main`; this fiber is done.
        unsafe { fiber::jump(&g.runner) }
    }
    // SAFETY: fiber mode, some work-item has not returned.
    let next = match unsafe { g.next_in_order(i) } {
        Some(j) => Ok(j),
        // SAFETY: as above.
        None => unsafe { g.next_runnable(i) },
    };
    match next {
        // SAFETY: `j` has a context nobody else resumes; this fiber is done (never resumed).
        Ok(j) => unsafe { fiber::jump(&g.slot(j).ctx) },
        Err(e) => g.abort(e),
    }
}

/// Runs work-items `1..wi.range_end` of a group with `f`, one after another.
///
/// # Safety
/// `wi` is the group's work-item 0 set up by `start_group`; `f` is the kernel's entry point.
unsafe fn loop_items(wi: *mut WorkItem, f: WorkItemFn) {
    // SAFETY: `wi` is valid; fields are written between kernel calls only.
    let ls = unsafe { (*wi).local_size };
    let (mut x, mut y, mut z) = (1 % ls[0], (1 / ls[0]) % ls[1], 1 / (ls[0] * ls[1]));
    let mut i = 1u32;
    loop {
        // SAFETY: `wi` stays valid; `range_end` may be lowered by a barrier in the kernel.
        if i >= unsafe { (*wi).range_end() } {
            break;
        }
        // SAFETY: see above; the kernel does not run while the ids are written.
        unsafe {
            (*wi).local_id = [x, y, z];
            (*wi).flat_local_id = i;
            f(wi);
        }
        i += 1;
        x += 1;
        if x == ls[0] {
            x = 0;
            y += 1;
            if y == ls[1] {
                y = 0;
                z += 1;
            }
        }
    }
}

/// Switches the group to fiber mode at work-item `k`, which runs on the runner: work-items
/// before `k` have returned, those after it have not started. Gets their stacks and private
/// segments (before any of them starts) and sets up the tables.
///
/// # Safety
/// Called on the runner, by work-item `k < n` of the running group, in start or loop mode.
unsafe fn convert(g: &Group, k: u32) -> Result<(), DispatchError> {
    let n = g.n.get();
    // SAFETY: the context outlives the range; the runner is the only code using it while
    // the range runs (run_groups waits in `switch`).
    let ctx = unsafe { &mut *g.ctx };
    // SAFETY: as for the context.
    let st = unsafe { &*g.st };
    let private_base = ctx.private_fibers.get(st.private_stride * n as usize)?;
    if ctx.tables.is_none() {
        ctx.tables = Some(Box::new(FiberTables::new()));
    }
    let ready = ctx.tables.as_ref().map_or(1, |t| t.ready);
    for i in (k + 1).max(ready)..n {
        let has = ctx
            .tables
            .as_ref()
            .is_some_and(|t| t.stacks[i as usize].is_some());
        if !has {
            let s = ctx.new_stack()?;
            if let Some(t) = ctx.tables.as_mut() {
                t.tops[i as usize] = s.top();
                t.stacks[i as usize] = Some(s);
            }
        }
    }
    let Some(t) = ctx.tables.as_mut() else {
        return Err(DispatchError::OutOfResources(
            "internal: no fiber tables".into(),
        ));
    };
    if k == 0 && n > t.ready {
        t.ready = n;
    }
    let t = &*t;
    g.slots.set(t.slots.as_ptr());
    g.waves.set(t.waves.as_ptr());
    g.items.set(t.items.at(0));
    g.tops.set(t.tops.as_ptr());
    g.private_base.set(private_base);
    for (i, s) in t.slots.iter().enumerate().take(n as usize).skip(k as usize) {
        s.state.set(if i as u32 == k {
            SlotState::Ready
        } else {
            SlotState::NotStarted
        });
        s.lanes.set(ptr::null_mut());
    }
    for (w, wave) in t
        .waves
        .iter()
        .enumerate()
        .take(n.div_ceil(WAVEFRONT_SIZE) as usize)
    {
        let (begin, end) = g.wave_range(w as u32);
        let lo = begin.max(k);
        let live = if lo >= end {
            0
        } else {
            let bits = end - lo;
            let m = if bits == 64 {
                u64::MAX
            } else {
                (1u64 << bits) - 1
            };
            m << (lo - begin)
        };
        wave.live.set(live);
        wave.arrived.set(0);
    }
    g.live.set(n - k);
    g.barrier_arrived.set(0);
    g.barrier_true.set(0);
    g.first.set(k);
    g.current.set(k);
    // SAFETY: `wi0` is valid; its local size is this group's.
    let ls = unsafe { (*g.wi0).local_size };
    let j = k + 1;
    g.next_start.set(j);
    g.next_ids
        .set([j % ls[0], (j / ls[0]) % ls[1], j / (ls[0] * ls[1])]);
    g.mode.set(Mode::Fibers);
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Device ops
// ---------------------------------------------------------------------------------------------

/// `ops->barrier`.
///
/// # Safety
/// `wi` is the work-item the engine passed to the running kernel (called from that kernel).
unsafe extern "C" fn barrier_entry(wi: *mut WorkItem, predicate: i32) -> u32 {
    let op = Op::Barrier {
        predicate: predicate != 0,
    };
    catch_unwind(AssertUnwindSafe(|| sync_op(wi, op))).map_or(0, |r| r as u32)
}

/// `ops->wave_exchange`.
///
/// # Safety
/// As for `barrier_entry`; `lanes` is null or valid for writing 64 `u64`s.
unsafe extern "C" fn wave_exchange_entry(wi: *mut WorkItem, value: u64, lanes: *mut u64) -> u64 {
    let op = Op::Wave { value, lanes };
    catch_unwind(AssertUnwindSafe(|| sync_op(wi, op))).unwrap_or(0)
}

/// Writes `value` as the only contribution of lane `lane` (a wave exchange nobody else joins).
fn lone_exchange(value: u64, lanes: *mut u64, lane: u32) -> u64 {
    if !lanes.is_null() {
        // SAFETY: the header requires `lanes` to hold 64 entries; lane < 64.
        unsafe { lanes.add(lane as usize).write(value) };
    }
    1u64 << lane
}

/// Barrier or wave exchange of the work-item running on this thread. Without a group state
/// (a one-work-item group, or a call from outside of any dispatch) the caller is alone.
#[inline(always)]
fn sync_op(wi: *mut WorkItem, op: Op) -> u64 {
    // The engine's work-items (and copies of them) name their group; else the thread's.
    let named = if wi.is_null() {
        ptr::null()
    } else {
        // SAFETY: a non-null `wi` is the work-item the running kernel was given (or a copy).
        unsafe { (*wi).engine_private }.cast_const().cast::<Group>()
    };
    let g = if named.is_null() {
        CURRENT_GROUP.with(Cell::get)
    } else {
        named
    };
    if g.is_null() {
        return match op {
            Op::Barrier { predicate } => u64::from(predicate),
            Op::Wave { value, lanes } => lone_exchange(value, lanes, 0),
        };
    }
    // SAFETY: the group is set only while it runs on this thread.
    let g = unsafe { &*g };
    if g.mode.get() == Mode::Start {
        // An entry point that took the whole-group offer may have gone on to a later group
        // of the range: `wi0` describes the group that runs now.
        // SAFETY: `wi0` is valid while its group runs; the kernel only reads it now.
        let ls = unsafe { (*g.wi0).local_size };
        let n = ls[0] * ls[1] * ls[2];
        g.n.set(n);
        g.live.set(n);
    }
    let n = g.n.get();
    // SAFETY: `wi0` is valid while its group runs.
    if g.mode.get() == Mode::Start && unsafe { (*g.wi0).reserved0 } == WHOLE_GROUP_RUNNING {
        // Work-item 0 runs the whole group itself and promised no barriers: the other
        // work-items' state is its own, so nothing can be resumed.
        g.abort(DispatchError::KernelFault(
            "a barrier or wavefront operation was reached by a kernel that runs its work-group \
             itself (a kernel split at its barriers by hipcc): please report this kernel"
                .into(),
        ));
    }
    if g.mode.get() != Mode::Fibers {
        // The work-group function (or, in start mode, a work-item entry that goes on with the
        // rest of the group itself, see abi::WHOLE_GROUP_OFFER) keeps the ids of the
        // work-item it runs in `wi` (the engine's work-item 0, unless it passes a copy).
        let src = if wi.is_null() { g.wi0 } else { wi };
        // SAFETY: `src` is the work-item the running kernel was given (or `wi0`).
        let flat = unsafe { (*src).flat_local_id };
        let k = if g.mode.get() == Mode::Start {
            flat.min(n.saturating_sub(1))
        } else {
            flat.max(1).min(n.saturating_sub(1))
        };
        // Work-items before k have returned; those after k have not started.
        match op {
            Op::Barrier { predicate } if k + 1 == n => return u64::from(predicate),
            Op::Wave { value, lanes } if k + 1 == g.wave_range(k / WAVEFRONT_SIZE).1 => {
                return lone_exchange(value, lanes, k % WAVEFRONT_SIZE);
            }
            _ => {}
        }
        // SAFETY: `wi0` is valid: a loop stops after the current work-item.
        unsafe { (*g.wi0).range_end.set(k + 1) };
        // SAFETY: we run on the runner, as work-item k, in start or loop mode.
        if let Err(e) = unsafe { convert(g, k) } {
            g.abort(e);
        }
    }
    let i = g.current.get();
    // SAFETY: fiber mode, i < n (the running work-item).
    let slot = unsafe { g.slot(i) };
    match op {
        Op::Barrier { predicate } => {
            slot.state.set(SlotState::AtBarrier);
            g.barrier_arrived.set(g.barrier_arrived.get() + 1);
            g.barrier_true
                .set(g.barrier_true.get() + u32::from(predicate));
            if g.barrier_arrived.get() == g.live.get() {
                // SAFETY: fiber mode.
                unsafe { g.release_barrier() };
                return slot.result.get();
            }
        }
        Op::Wave { value, lanes } => {
            let w = i / WAVEFRONT_SIZE;
            // SAFETY: fiber mode, wave of a valid work-item.
            let wave = unsafe { g.wave(w) };
            slot.state.set(SlotState::AtWave);
            slot.value.set(value);
            slot.lanes.set(lanes);
            wave.arrived
                .set(wave.arrived.get() | (1u64 << (i % WAVEFRONT_SIZE)));
            if wave.arrived.get() == wave.live.get() {
                // SAFETY: fiber mode, valid wave; every arrived lane's `lanes` is valid.
                unsafe { g.release_wave(w) };
                return slot.result.get();
            }
        }
    }
    // SAFETY: fiber mode; we run as work-item i, whose context is saved in its slot.
    unsafe { g.switch_from(i, &slot.ctx) };
    slot.result.get()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU32;

    /// # Safety
    /// Called by the engine with a valid work-item of a dispatch made by this test.
    unsafe extern "C" fn count(wi: *mut WorkItem) {
        // SAFETY: the tests pass an array of one counter per work-item as kernarg.
        unsafe {
            let wi = &*wi;
            let c = wi.kernarg as *const AtomicU32;
            (*c.add(wi.global_id(0) as usize)).fetch_add(1, Ordering::Relaxed);
            // Long enough for the dispatch to be shared.
            let start = Instant::now();
            while start.elapsed() < Duration::from_micros(2) {}
        }
    }

    fn run_counted(e: &Engine, n: u32) {
        let k = Kernel {
            workitem_fn: count,
            workgroup_fn: None,
            static_group_segment_size: 0,
            static_private_segment_size: 0,
        };
        let counts: Vec<AtomicU32> = (0..n).map(|_| AtomicU32::new(0)).collect();
        let d = Dispatch {
            kernel: &k,
            dimensions: 1,
            workgroup_size: [4, 1, 1],
            grid_size: [n, 1, 1],
            group_segment_size: 0,
            private_segment_size: 0,
            kernarg: counts.as_ptr().cast(),
        };
        e.run(&d).expect("dispatch");
        assert!(counts.iter().all(|c| c.load(Ordering::Relaxed) == 1));
    }

    #[test]
    fn dispatch_runs_alone_when_every_slot_is_taken() {
        let e = Engine::new(EngineConfig {
            workers: 3,
            stack_size: 64 * 1024,
        });
        for s in e.shared.slots.iter() {
            s.owner.store(true, Ordering::SeqCst);
        }
        run_counted(&e, 4000);
        for s in e.shared.slots.iter() {
            s.owner.store(false, Ordering::SeqCst);
        }
        run_counted(&e, 4000);
        assert!(e
            .shared
            .slots
            .iter()
            .all(|s| !s.owner.load(Ordering::SeqCst)));
        assert!(e
            .shared
            .slots
            .iter()
            .all(|s| s.refs.load(Ordering::SeqCst) == 0));
        assert_eq!(e.shared.active.load(Ordering::SeqCst), 0);
    }

    #[test]
    fn many_concurrent_publications() {
        let e = Engine::new(EngineConfig {
            workers: 4,
            stack_size: 64 * 1024,
        });
        std::thread::scope(|s| {
            for t in 0..8u32 {
                let e = &e;
                s.spawn(move || {
                    for i in 0..60u32 {
                        run_counted(e, 200 + (i * 37 + t * 11) % 800);
                    }
                });
            }
        });
        assert!(e
            .shared
            .slots
            .iter()
            .all(|s| !s.owner.load(Ordering::SeqCst)));
        assert_eq!(e.shared.active.load(Ordering::SeqCst), 0);
    }

    /// # Safety
    /// Called by the engine with a valid work-item of a dispatch made by this test.
    unsafe extern "C" fn two_barriers(wi: *mut WorkItem) {
        // SAFETY: forwarded engine contract.
        unsafe {
            WorkItem::barrier(wi, 0);
            WorkItem::barrier(wi, 0);
        }
    }

    #[test]
    fn fiber_stacks_are_made_once_per_thread_and_reused() {
        let e = Engine::new(EngineConfig {
            workers: 1,
            stack_size: 64 * 1024,
        });
        let k = Kernel {
            workitem_fn: two_barriers,
            workgroup_fn: None,
            static_group_segment_size: 0,
            static_private_segment_size: 0,
        };
        let made = |wg: u32, groups: u32| {
            let d = Dispatch {
                kernel: &k,
                dimensions: 1,
                workgroup_size: [wg, 1, 1],
                grid_size: [wg * groups, 1, 1],
                group_segment_size: 0,
                private_segment_size: 0,
                kernarg: ptr::null(),
            };
            e.run(&d).expect("dispatch");
            let ctx = take_ctx(64 * 1024);
            let n = ctx.stacks_made;
            put_ctx(ctx);
            n
        };
        // One runner plus one stack per work-item after the first, however many groups.
        let first = made(64, 50);
        assert_eq!(first, 64);
        assert_eq!(made(64, 50), first);
        assert_eq!(made(16, 200), first);
        assert_eq!(made(128, 3), first + 64);
    }

    #[test]
    fn home_blocks_cover_the_range_exactly() {
        let k = Kernel {
            workitem_fn: count,
            workgroup_fn: None,
            static_group_segment_size: 0,
            static_private_segment_size: 0,
        };
        for (total, first, participants) in [
            (1000u32, 1u64, 4u64),
            (7, 1, 16),
            (100_000, 3, 200),
            (2, 1, 2),
        ] {
            let d = Dispatch {
                kernel: &k,
                dimensions: 1,
                workgroup_size: [1, 1, 1],
                grid_size: [total, 1, 1],
                group_segment_size: 0,
                private_segment_size: 0,
                kernarg: ptr::null(),
            };
            let st = DispatchState::new(&d).expect("valid");
            let job = Job::new(&st, first, participants, participants - 1);
            assert_eq!(job.nblocks as u64, participants.min(MAX_BLOCKS as u64));
            let mut expect = first;
            for b in &job.blocks[..job.nblocks] {
                assert_eq!(b.next.load(Ordering::Relaxed), expect);
                assert!(b.end >= expect);
                expect = b.end;
            }
            assert_eq!(expect, u64::from(total));
        }
    }
}
