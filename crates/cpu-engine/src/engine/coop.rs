//! Cooperative dispatches (`hipLaunchCooperativeKernel`, and the grids of
//! `hipLaunchCooperativeKernelMultiDevice`): every work-group is resident at once, so that a
//! grid-wide barrier (`cooperative_groups::this_grid().sync()`) can work.
//!
//! # Why one thread per work-group
//!
//! Ordinary dispatches run work-groups one after another on the pool's threads. A grid
//! barrier needs every group of the grid started and able to wait. A waiting group cannot
//! simply leave its thread to another group of the same dispatch: the device language keeps
//! per-group state in the thread's thread-local storage (HIP's `__shared__` variables are
//! `static thread_local` in `include/hip/cpu/hip_runtime.h`, and so are the running
//! work-item's ids), so two groups suspended on one thread would share their shared memory.
//! A cooperative dispatch therefore runs each of its groups on a thread of its own (the
//! caller runs group 0; the others come from a pool of threads kept for cooperative
//! dispatches). Inside a group nothing changes: work-items run in a loop, or as fibers once a
//! barrier is reached. A group waiting at the grid barrier spins briefly and then sleeps on a
//! futex, giving its core to the groups that have not arrived yet. The HIP runtime limits a
//! cooperative grid to `hipOccupancyMaxActiveBlocksPerMultiprocessor` x
//! `multiProcessorCount` (one group per core), so the threads do not oversubscribe the cores.
//!
//! # The barrier
//!
//! [`GridBarrier`] counts the groups that have arrived against the groups still running
//! (`live`): a group that returns leaves the barrier (as a work-item that returns leaves a
//! work-group barrier), so a grid where some groups exit early does not hang. A group whose
//! kernel faults marks the barrier failed; the groups waiting then fail too instead of
//! waiting forever.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use parking_lot::{Condvar, Mutex};

use super::context::{put_ctx, take_ctx};
use super::dispatch::DispatchState;
use super::group::run_groups;
use super::{Dispatch, DispatchError, Engine};
use crate::futex;

/// Work-groups of one cooperative dispatch at most (one thread each).
pub const MAX_COOPERATIVE_GROUPS: u64 = 4096;

/// How long a group waiting at a grid barrier spins before it sleeps.
const BARRIER_SPIN: Duration = Duration::from_micros(20);
/// How long a cooperative thread spins for the next task, and a dispatch's caller for its
/// other groups, before they sleep.
const SPIN: Duration = Duration::from_micros(50);

const ARRIVED_MASK: u64 = 0xffff_ffff;

/// A barrier of work-groups: released once every group still running has arrived.
#[derive(Debug)]
pub struct GridBarrier {
    /// `live << 32 | arrived`.
    state: AtomicU64,
    /// Generation, bumped at every release (the futex word waiters sleep on).
    generation: AtomicU32,
    failed: AtomicBool,
}

impl GridBarrier {
    /// A barrier of `groups` work-groups.
    pub fn new(groups: u32) -> GridBarrier {
        GridBarrier {
            state: AtomicU64::new(u64::from(groups) << 32),
            generation: AtomicU32::new(0),
            failed: AtomicBool::new(false),
        }
    }

    /// One group arrives; returns once every running group has arrived (true), or once the
    /// barrier has failed (false).
    pub fn arrive(&self) -> bool {
        let generation = self.generation.load(Ordering::Acquire);
        if self.failed.load(Ordering::Acquire) {
            return false;
        }
        let released = self.update(|live, arrived| {
            let arrived = arrived + 1;
            if arrived >= live {
                (live, 0, true)
            } else {
                (live, arrived, false)
            }
        });
        if released {
            self.release(generation);
            return !self.failed.load(Ordering::Acquire);
        }
        self.wait(generation)
    }

    /// One group has returned: it no longer takes part (which may complete the barrier).
    pub fn depart(&self) {
        let generation = self.generation.load(Ordering::Acquire);
        let released = self.update(|live, arrived| {
            let live = live.saturating_sub(1);
            if arrived > 0 && arrived >= live {
                (live, 0, true)
            } else {
                (live, arrived, false)
            }
        });
        if released {
            self.release(generation);
        }
    }

    /// The dispatch failed: every waiter (now and later) returns false.
    pub fn fail(&self) {
        self.failed.store(true, Ordering::Release);
        self.generation.fetch_add(1, Ordering::AcqRel);
        futex::wake(&self.generation, i32::MAX);
    }

    /// Applies `f(live, arrived) -> (live, arrived, released)` atomically.
    fn update(&self, f: impl Fn(u64, u64) -> (u64, u64, bool)) -> bool {
        let mut s = self.state.load(Ordering::Acquire);
        loop {
            let (live, arrived, released) = f(s >> 32, s & ARRIVED_MASK);
            let new = (live << 32) | arrived;
            match self
                .state
                .compare_exchange_weak(s, new, Ordering::AcqRel, Ordering::Acquire)
            {
                Ok(_) => return released,
                Err(now) => s = now,
            }
        }
    }

    fn release(&self, generation: u32) {
        self.generation
            .store(generation.wrapping_add(1), Ordering::Release);
        futex::wake(&self.generation, i32::MAX);
    }

    fn wait(&self, generation: u32) -> bool {
        let start = Instant::now();
        let mut spins = 0u32;
        while self.generation.load(Ordering::Acquire) == generation {
            if spins < 64 || start.elapsed() < BARRIER_SPIN {
                spins += 1;
                std::hint::spin_loop();
            } else {
                futex::wait(&self.generation, generation, None);
            }
        }
        !self.failed.load(Ordering::Acquire)
    }
}

/// The grids of one multi-device cooperative launch, shared by their dispatches (one per
/// device): the barrier of `multi_grid_group::sync` and each grid's place.
#[derive(Debug)]
pub struct MultiGrid {
    barrier: GridBarrier,
    /// Work-items of the grids before each grid.
    offsets: Vec<u64>,
    total_items: u64,
}

impl MultiGrid {
    /// The launch of `grids`, each given as (work-groups, work-items).
    pub fn new(grids: &[(u64, u64)]) -> Arc<MultiGrid> {
        let groups: u64 = grids.iter().map(|g| g.0).sum();
        let mut offsets = Vec::with_capacity(grids.len());
        let mut total_items = 0u64;
        for g in grids {
            offsets.push(total_items);
            total_items += g.1;
        }
        Arc::new(MultiGrid {
            barrier: GridBarrier::new(u32::try_from(groups).unwrap_or(u32::MAX)),
            offsets,
            total_items,
        })
    }

    /// The launch's grids.
    pub fn num_grids(&self) -> u32 {
        self.offsets.len() as u32
    }

    /// One of the grids will never run (its launch failed): the others must not wait for it
    /// at the multi-grid barrier, whose waiters now fail.
    pub fn abandon(&self) {
        self.barrier.fail();
    }
}

/// What makes a dispatch cooperative: alone, or grid `rank` of a multi-device launch.
#[derive(Debug, Clone, Default)]
pub struct Cooperative {
    /// The multi-device launch and this grid's index in it.
    pub multi: Option<(Arc<MultiGrid>, u32)>,
}

impl Cooperative {
    /// The dispatch will never run: the other grids of its launch must not wait for it.
    pub fn abandon(&self) {
        if let Some((m, _)) = self.multi.as_ref() {
            m.abandon();
        }
    }
}

/// A cooperative dispatch's shared state (in its `DispatchState`).
#[derive(Debug)]
pub(super) struct CoopRun {
    pub(super) grid: GridBarrier,
    pub(super) multi: Option<(Arc<MultiGrid>, u32)>,
}

impl CoopRun {
    /// `COOP_*` queries.
    pub(super) fn info(&self) -> u64 {
        1 | if self.multi.is_some() { 2 } else { 0 }
    }
    pub(super) fn num_grids(&self) -> u64 {
        self.multi
            .as_ref()
            .map_or(1, |m| u64::from(m.0.num_grids()))
    }
    pub(super) fn grid_rank(&self) -> u64 {
        self.multi.as_ref().map_or(0, |m| u64::from(m.1))
    }
    pub(super) fn thread_offset(&self) -> u64 {
        self.multi
            .as_ref()
            .and_then(|(m, r)| m.offsets.get(*r as usize).copied())
            .unwrap_or(0)
    }
    pub(super) fn multi_size(&self, grid_items: u64) -> u64 {
        self.multi
            .as_ref()
            .map_or(grid_items, |(m, _)| m.total_items)
    }
    pub(super) fn multi_barrier(&self) -> Option<&GridBarrier> {
        self.multi.as_ref().map(|(m, _)| &m.barrier)
    }

    /// A group of the dispatch failed: nobody waits for the others any more.
    fn fail(&self) {
        self.grid.fail();
        if let Some(b) = self.multi_barrier() {
            b.fail();
        }
    }

    /// A group has returned.
    fn depart(&self) {
        self.grid.depart();
        if let Some(b) = self.multi_barrier() {
            b.depart();
        }
    }
}

// -------------------------------------------------------------------- handles for packets

/// Cooperative descriptions waiting for their AQL packet to be processed, by handle (the
/// CPU agent's packets carry the handle in `reserved2`: 0 for an ordinary dispatch).
fn registry() -> &'static Mutex<(u64, HashMap<u64, Cooperative>)> {
    static REG: OnceLock<Mutex<(u64, HashMap<u64, Cooperative>)>> = OnceLock::new();
    REG.get_or_init(|| Mutex::new((0, HashMap::new())))
}

/// Registers `c` for a packet; returns its non-zero handle.
pub fn register(c: Cooperative) -> u64 {
    let mut r = registry().lock();
    r.0 += 1;
    let h = r.0;
    r.1.insert(h, c);
    h
}

/// Takes the description registered as `handle` (once).
pub fn take(handle: u64) -> Option<Cooperative> {
    registry().lock().1.remove(&handle)
}

// ------------------------------------------------------------------ the cooperative threads

/// A raw pointer handed to a cooperative thread.
struct SendPtr(*const DispatchState);
// SAFETY: the dispatch's caller waits for every task before its `DispatchState` goes away,
// and the state is `Sync`.
unsafe impl Send for SendPtr {}

/// Tasks of a dispatch not yet finished, and the caller waiting for them.
struct Done {
    left: AtomicU64,
    lock: Mutex<()>,
    cv: Condvar,
}

impl Done {
    /// One task has finished (its last touch of the dispatch was before this).
    fn finish(&self) {
        if self.left.fetch_sub(1, Ordering::AcqRel) == 1 {
            let _guard = self.lock.lock();
            self.cv.notify_all();
        }
    }

    /// Returns once every task has finished: spins briefly (the groups usually finish
    /// together), then sleeps.
    fn wait(&self) {
        let start = Instant::now();
        while self.left.load(Ordering::Acquire) > 0 {
            if start.elapsed() >= SPIN {
                let mut guard = self.lock.lock();
                while self.left.load(Ordering::Acquire) > 0 {
                    self.cv.wait(&mut guard);
                }
                return;
            }
            std::hint::spin_loop();
        }
    }
}

struct Task {
    st: SendPtr,
    group: u64,
    stack_size: usize,
    done: Arc<Done>,
}

#[derive(Default)]
struct PoolState {
    /// Threads neither running a task nor promised one.
    idle: usize,
    threads: usize,
    tasks: VecDeque<Task>,
}

struct CoopPool {
    state: Mutex<PoolState>,
    cv: Condvar,
    /// Tasks queued and not yet taken (read without the lock by threads that spin for work).
    queued: AtomicUsize,
}

fn pool() -> &'static CoopPool {
    static POOL: OnceLock<CoopPool> = OnceLock::new();
    POOL.get_or_init(|| CoopPool {
        state: Mutex::new(PoolState::default()),
        cv: Condvar::new(),
        queued: AtomicUsize::new(0),
    })
}

impl CoopPool {
    /// Queues `tasks` so that each runs on a thread of its own at once: threads are promised
    /// to them (and started where too few are idle) before they are queued.
    fn start(&'static self, tasks: Vec<Task>) -> Result<(), DispatchError> {
        let mut s = self.state.lock();
        while s.idle < tasks.len() {
            let n = s.threads + 1;
            std::thread::Builder::new()
                .name(format!("ferrocm-coop-{n}"))
                .stack_size(8 << 20)
                .spawn(move || self.worker())
                .map_err(|e| DispatchError::OutOfResources(format!("cooperative thread: {e}")))?;
            s.threads = n;
            s.idle += 1;
        }
        s.idle -= tasks.len();
        self.queued.fetch_add(tasks.len(), Ordering::Release);
        s.tasks.extend(tasks);
        drop(s);
        self.cv.notify_all();
        Ok(())
    }

    /// Takes a queued task: after a task, spins briefly for the next launch's (iterative
    /// programs launch cooperative kernels back to back), then sleeps.
    fn next_task(&self, just_worked: bool) -> Task {
        if just_worked {
            let start = Instant::now();
            while self.queued.load(Ordering::Acquire) == 0 && start.elapsed() < SPIN {
                std::hint::spin_loop();
            }
        }
        let mut s = self.state.lock();
        loop {
            if let Some(t) = s.tasks.pop_front() {
                self.queued.fetch_sub(1, Ordering::AcqRel);
                return t;
            }
            self.cv.wait(&mut s);
        }
    }

    fn worker(&self) {
        let mut just_worked = false;
        loop {
            let task = self.next_task(just_worked);
            // SAFETY: the dispatch's caller waits for this task (`done`) before dropping it.
            let st = unsafe { &*task.st.0 };
            run_member(st, task.group, task.stack_size);
            // Idle again before the caller may return and launch again (so that a launch
            // right after finds this thread instead of starting another).
            self.state.lock().idle += 1;
            task.done.finish();
            just_worked = true;
        }
    }
}

/// Runs work-group `group` of a cooperative dispatch on this thread.
fn run_member(st: &DispatchState, group: u64, stack_size: usize) {
    let mut ctx = take_ctx(stack_size);
    let result = run_groups(&mut ctx, st, group, group + 1);
    put_ctx(ctx);
    if let Some(c) = st.coop.as_ref() {
        if let Err(e) = result {
            st.record_error(e);
            c.fail();
        }
        c.depart();
    }
}

impl Engine {
    /// Runs `d` as a cooperative dispatch: every work-group at once, each on a thread of its
    /// own (see the module's documentation), so that the kernel may synchronise the grid
    /// (`COOP_GRID_SYNC`, and `COOP_MULTI_GRID_SYNC` for a grid of a multi-device launch).
    pub fn run_cooperative(
        &self,
        d: &Dispatch<'_>,
        coop: Cooperative,
    ) -> Result<(), DispatchError> {
        let mut st = DispatchState::new(d)?;
        let total = st.total_groups;
        if total > MAX_COOPERATIVE_GROUPS {
            if let Some((m, _)) = coop.multi.as_ref() {
                m.barrier.fail();
            }
            return Err(DispatchError::CooperativeTooLarge {
                groups: total,
                max: MAX_COOPERATIVE_GROUPS,
            });
        }
        st.coop = Some(CoopRun {
            grid: GridBarrier::new(total as u32),
            multi: coop.multi,
        });
        let stack_size = self.shared.stack_size;
        let done = Arc::new(Done {
            left: AtomicU64::new(total - 1),
            lock: Mutex::new(()),
            cv: Condvar::new(),
        });
        let tasks: Vec<Task> = (1..total)
            .map(|group| Task {
                st: SendPtr(&st),
                group,
                stack_size,
                done: Arc::clone(&done),
            })
            .collect();
        if let Err(e) = pool().start(tasks) {
            if let Some(c) = st.coop.as_ref() {
                c.fail();
            }
            return Err(e);
        }
        run_member(&st, 0, stack_size);
        done.wait();
        st.take_error()
    }
}
