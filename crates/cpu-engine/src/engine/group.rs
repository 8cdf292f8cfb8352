//! Work-group execution: running a thread's range of groups on its runner fiber, the loop
//! over work-items, and the switch to fiber mode at the first barrier or wavefront operation.

use std::cell::Cell;
use std::ffi::c_void;
use std::ptr;

use super::context::{FiberTables, Slot, SlotState, Wave, WorkerCtx, CURRENT_GROUP};
use super::dispatch::DispatchState;
use super::DispatchError;
use crate::abi::{
    WorkGroupFn, WorkItem, WorkItemFn, GROUPS_MOVED, GROUPS_OFFERED, WAVEFRONT_SIZE,
    WHOLE_GROUP_DONE, WHOLE_GROUP_OFFER,
};
use crate::fiber;
use crate::fiber::{Context, Stack};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Mode {
    /// Work-item 0 runs.
    Start,
    /// The rest of the group runs as a loop.
    Loop,
    /// Every remaining work-item has its own fiber.
    Fibers,
}

/// Who a barrier waits for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Scope {
    /// The work-group (`__syncthreads`).
    Block,
    /// Every work-group of a cooperative dispatch (`grid_group::sync`).
    Grid,
    /// Every work-group of every grid of a multi-device launch (`multi_grid_group::sync`).
    MultiGrid,
}

#[derive(Clone, Copy, Debug)]
pub(super) enum Op {
    Barrier { predicate: bool, scope: Scope },
    Wave { value: u64, lanes: *mut u64 },
}

/// Execution state of the work-group being run (inside the `Range` on the native stack of the
/// thread running it, reset for every group of a range). Work-items find it through their
/// `engine_private` pointer.
pub(super) struct Group {
    /// Work-items in the group.
    pub(super) n: Cell<u32>,
    pub(super) workitem_fn: WorkItemFn,
    pub(super) workgroup_fn: Option<WorkGroupFn>,
    pub(super) mode: Cell<Mode>,
    /// Work-item 0 / the loop's work-item.
    pub(super) wi0: *mut WorkItem,
    /// The thread's context (resources for fiber mode).
    pub(super) ctx: *mut WorkerCtx,
    pub(super) st: *const DispatchState,
    /// The context of `run_range` while the runner runs.
    pub(super) home: Context,
    /// The runner's context while it waits for the fibers of its group to finish.
    pub(super) runner: Context,
    /// Why the range stopped early (set before jumping home).
    pub(super) error: Cell<Option<DispatchError>>,
    /// Fiber mode: the work-item that switched the group to fiber mode (it runs on the runner;
    /// work-items before it have returned).
    pub(super) first: Cell<u32>,
    /// Fiber mode: the running work-item.
    pub(super) current: Cell<u32>,
    /// Fiber mode: work-items that have not returned.
    pub(super) live: Cell<u32>,
    pub(super) barrier_arrived: Cell<u32>,
    pub(super) barrier_true: Cell<u32>,
    /// Fiber mode: the scope of the pending barrier.
    pub(super) barrier_scope: Cell<Scope>,
    pub(super) slots: Cell<*const Slot>,
    pub(super) waves: Cell<*const Wave>,
    pub(super) items: Cell<*mut WorkItem>,
    pub(super) tops: Cell<*const *mut u8>,
    pub(super) private_base: Cell<*mut u8>,
    /// Fiber mode: the work-item expected to start next (items usually start in order) and
    /// its local ids, so that starting it needs no division.
    pub(super) next_start: Cell<u32>,
    pub(super) next_ids: Cell<[u32; 3]>,
}

impl Group {
    /// # Safety
    /// Fiber mode only (the tables are set), `i < n`.
    pub(super) unsafe fn slot(&self, i: u32) -> &Slot {
        // SAFETY: the caller guarantees the table (len MAX_WORKGROUP_SIZE >= n) is set.
        unsafe { &*self.slots.get().add(i as usize) }
    }

    /// # Safety
    /// Fiber mode only, `w < ceil(n / 64)`.
    pub(super) unsafe fn wave(&self, w: u32) -> &Wave {
        // SAFETY: the caller guarantees the table (len MAX_WAVES) is set.
        unsafe { &*self.waves.get().add(w as usize) }
    }

    pub(super) fn wave_range(&self, w: u32) -> (u32, u32) {
        let begin = w * WAVEFRONT_SIZE;
        (begin, (begin + WAVEFRONT_SIZE).min(self.n.get()))
    }

    /// Releases the barrier: every waiter becomes runnable with the predicate count.
    ///
    /// # Safety
    /// Fiber mode only.
    pub(super) unsafe fn release_barrier(&self) {
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
    pub(super) unsafe fn release_wave(&self, w: u32) {
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
    pub(super) unsafe fn exit(&self, i: u32) {
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
            unsafe { self.complete_barrier() };
        }
    }

    /// Every live work-item has arrived at the pending barrier: for a grid-wide one, waits
    /// for the other work-groups too (this thread runs only this group), then releases it.
    ///
    /// # Safety
    /// Fiber mode only.
    pub(super) unsafe fn complete_barrier(&self) {
        let scope = self.barrier_scope.replace(Scope::Block);
        self.wide_sync(scope);
        // SAFETY: caller contract.
        unsafe { self.release_barrier() };
    }

    /// The work-group has reached a barrier of `scope` as a whole: waits for the rest of the
    /// grid (or of every grid) to reach it. Fails the range (never returns) when the dispatch
    /// is not cooperative or another group of it failed.
    pub(super) fn wide_sync(&self, scope: Scope) {
        if scope == Scope::Block {
            return;
        }
        // SAFETY: the dispatch state outlives its groups.
        let st = unsafe { &*self.st };
        let barrier = match (st.coop.as_ref(), scope) {
            (Some(c), Scope::Grid) => Some(&c.grid),
            (Some(c), _) => c.multi_barrier(),
            (None, _) => None,
        };
        let Some(barrier) = barrier else {
            self.abort(DispatchError::KernelFault(if scope == Scope::Grid {
                "grid synchronisation (cooperative_groups::grid_group::sync) in a kernel not \
                 launched with hipLaunchCooperativeKernel"
                    .into()
            } else {
                "multi-grid synchronisation (cooperative_groups::multi_grid_group::sync) in a \
                 kernel not launched with hipLaunchCooperativeKernelMultiDevice"
                    .into()
            }));
        };
        if !barrier.arrive() {
            self.abort(DispatchError::KernelFault(
                "another work-group of the cooperative launch failed".into(),
            ));
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
    pub(super) unsafe fn next_runnable(&self, from: u32) -> Result<u32, DispatchError> {
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
    pub(super) unsafe fn next_in_order(&self, from: u32) -> Option<u32> {
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
    pub(super) unsafe fn start_item(&self, j: u32) {
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
    pub(super) fn abort(&self, e: DispatchError) -> ! {
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
    pub(super) unsafe fn switch_from(&self, from: u32, save: &Context) {
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
pub(super) struct Range<'a> {
    pub(super) st: &'a DispatchState,
    pub(super) group: Group,
    /// Linear id of the group being run (or next to run).
    pub(super) cursor: Cell<u64>,
    /// Its coordinates.
    pub(super) coords: Cell<[u32; 3]>,
    pub(super) end: u64,
}

impl Range<'_> {
    /// Moves to the next group.
    pub(super) fn advance(&self) {
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
    pub(super) fn skip(&self, m: u64) {
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
    pub(super) fn start_group(&self) -> u32 {
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
        grp.barrier_scope.set(Scope::Block);
        n
    }
}

/// Runs work-groups `first..end` (linear ids, x fastest) of the dispatch on this thread.
///
/// The groups run on a *runner* fiber, one after another. When one of them reaches a barrier
/// or wave exchange, it switches to fiber mode (see `convert`); once all its work-items have
/// returned, the runner goes on with the next group.
pub(super) fn run_groups(
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
            barrier_scope: Cell::new(Scope::Block),
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
pub(super) unsafe extern "C" fn runner_main(arg: *mut c_void) -> ! {
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
pub(super) unsafe extern "C" fn item_main(arg: *mut c_void) -> ! {
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
pub(super) unsafe fn loop_items(wi: *mut WorkItem, f: WorkItemFn) {
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
pub(super) unsafe fn convert(g: &Group, k: u32) -> Result<(), DispatchError> {
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
    g.barrier_scope.set(Scope::Block);
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
