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
//!
//! # Layout
//!
//! This file holds the public types and [`Engine`] (configuration, the pool's threads,
//! [`Engine::run`]); the rest is one concern per module: `dispatch` (a dispatch's shared state
//! and [`validate`]), `pool` (published jobs, publication slots, the pool threads' loop),
//! `context` (per-thread buffers, stacks and fiber tables), `group` (running work-groups, the
//! switch to fiber mode) and `device_ops` (the `ops` table kernels call: barriers and
//! wavefront exchanges). The functions that the dispatch path calls across these modules
//! (taking and returning the thread's context, a dispatch's state, publishing a job) are
//! `#[inline]`: in one file LLVM inlined them into `Engine::run`, across codegen units thin
//! local LTO does not, and the split must not add calls to the path.

use std::ffi::c_void;
use std::ptr;
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use parking_lot::{Condvar, Mutex};

use crate::abi::{WorkGroupFn, WorkItemFn, MAX_WORKGROUP_SIZE, WAVEFRONT_SIZE};

use context::{put_ctx, take_ctx, WorkerCtx};
pub use coop::{Cooperative, GridBarrier, MultiGrid, MAX_COOPERATIVE_GROUPS};
pub use dispatch::validate;
use dispatch::DispatchState;
use group::run_groups;
use pool::{worker_main, Job, PubSlot, Shared, SLOTS};

mod context;
pub mod coop;
mod device_ops;
mod dispatch;
mod group;
mod pool;

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
    /// A cooperative dispatch has more work-groups than can be resident at once.
    #[error("cooperative dispatch of {groups} work-groups exceeds the maximum {max}")]
    CooperativeTooLarge {
        /// Work-groups of the dispatch.
        groups: u64,
        /// The limit.
        max: u64,
    },
    /// The kernel broke the kernel ABI (e.g. a barrier while it ran its whole work-group
    /// itself); some work-groups did not run.
    #[error("kernel error: {0}")]
    KernelFault(String),
    /// A work-item trapped (`__builtin_trap()`, `abort()` in device code); the rest of the
    /// dispatch did not run.
    #[error("the kernel trapped")]
    DeviceTrap,
    /// An `assert()` failed in a work-item; the rest of the dispatch did not run.
    #[error("a device-side assert failed")]
    DeviceAssert,
}

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
        self.run_on(d, self.workers)
    }

    /// [`Engine::run`] on at most `threads` threads (the caller included; clamped to
    /// `1..=worker_count`): the share of the cores of one of several CPU devices
    /// (`FERROCM_CPU_DEVICES`), so that the devices' kernels run side by side.
    pub fn run_on(&self, d: &Dispatch<'_>, threads: usize) -> Result<(), DispatchError> {
        let threads = threads.clamp(1, self.workers);
        let st = DispatchState::new(d)?;
        let mut ctx = take_ctx(self.shared.stack_size);
        let result = if st.total_groups == 1 || threads == 1 {
            run_groups(&mut ctx, &st, 0, st.total_groups)
        } else {
            self.run_parallel(&mut ctx, &st, threads)
        };
        put_ctx(ctx);
        result
    }

    fn run_parallel(
        &self,
        ctx: &mut WorkerCtx,
        st: &DispatchState,
        threads: usize,
    ) -> Result<(), DispatchError> {
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
                    return self.share(ctx, st, next, threads);
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
        threads: usize,
    ) -> Result<(), DispatchError> {
        let remaining = st.total_groups - first;
        let threads = threads as u64;
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

#[cfg(test)]
mod tests;
