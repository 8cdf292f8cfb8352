//! Device ops: the table passed to kernels (`ops->barrier`, `ops->wave_exchange`) and the
//! synchronisation they perform within a group (barriers, wavefront exchanges).

use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr;

use super::context::{SlotState, CURRENT_GROUP};
use super::group::{convert, Group, Mode, Op, Scope};
use super::DispatchError;
use crate::abi::{
    DeviceOps, WorkItem, ABI_VERSION, COOP_GRID_RANK, COOP_GRID_SYNC, COOP_INFO,
    COOP_MULTI_GRID_SIZE, COOP_MULTI_GRID_SYNC, COOP_MULTI_GRID_THREAD_OFFSET, COOP_NUM_GRIDS,
    FAULT_ASSERT, WAVEFRONT_SIZE, WHOLE_GROUP_RUNNING,
};

pub(super) static DEVICE_OPS: DeviceOps = DeviceOps {
    version: ABI_VERSION,
    size: core::mem::size_of::<DeviceOps>() as u32,
    barrier: barrier_entry,
    wave_exchange: wave_exchange_entry,
    cooperative: Some(cooperative_entry),
    fault: Some(fault_entry),
    reserved: [ptr::null_mut(); 4],
};

/// `ops->fault`: the running work-item trapped, aborted or failed an assert. The dispatch
/// fails and this thread's range of groups is abandoned (the kernel's stack is left without
/// unwinding, as `Group::abort` does for a broken barrier protocol); the error stops the
/// other threads' claims, as any range's error does. Returns only when no group runs on this thread (device code run by the
/// host), so that the caller does what the fault does there.
///
/// # Safety
/// Called by device code (any `wi`, even null: the thread's running group is what counts).
pub(super) unsafe extern "C" fn fault_entry(_wi: *mut WorkItem, kind: u32) {
    let g = CURRENT_GROUP.with(Cell::get);
    if g.is_null() {
        return;
    }
    // SAFETY: the group is set only while it runs on this thread, and this call comes
    // from one of its work-items (on the runner or a work-item fiber of this thread).
    let g = unsafe { &*g };
    let e = match kind {
        FAULT_ASSERT => DispatchError::DeviceAssert,
        _ => DispatchError::DeviceTrap,
    };
    g.abort(e)
}

/// `ops->barrier`.
///
/// # Safety
/// `wi` is the work-item the engine passed to the running kernel (called from that kernel).
pub(super) unsafe extern "C" fn barrier_entry(wi: *mut WorkItem, predicate: i32) -> u32 {
    let op = Op::Barrier {
        predicate: predicate != 0,
        scope: Scope::Block,
    };
    catch_unwind(AssertUnwindSafe(|| sync_op(wi, op))).map_or(0, |r| r as u32)
}

/// `ops->cooperative`.
///
/// # Safety
/// As for `barrier_entry`.
pub(super) unsafe extern "C" fn cooperative_entry(wi: *mut WorkItem, op: u32) -> u64 {
    catch_unwind(AssertUnwindSafe(|| cooperative_op(wi, op))).unwrap_or(0)
}

/// The group of the running work-item `wi` (see `sync_op`); null outside of a dispatch.
fn group_of(wi: *mut WorkItem) -> *const Group {
    let named = if wi.is_null() {
        ptr::null()
    } else {
        // SAFETY: a non-null `wi` is the work-item the running kernel was given (or a copy).
        unsafe { (*wi).engine_private }.cast_const().cast::<Group>()
    };
    if named.is_null() {
        CURRENT_GROUP.with(Cell::get)
    } else {
        named
    }
}

/// The `COOP_*` services: queries answer from the dispatch; the barriers are a work-group
/// barrier whose last arrival waits for the rest of the grid(s) (`Group::wide_sync`).
fn cooperative_op(wi: *mut WorkItem, op: u32) -> u64 {
    let g = group_of(wi);
    if g.is_null() {
        // Outside of a dispatch: a grid of one work-item, not cooperative.
        return match op {
            COOP_NUM_GRIDS | COOP_MULTI_GRID_SIZE => 1,
            _ => 0,
        };
    }
    // SAFETY: the group is set only while it runs on this thread.
    let g = unsafe { &*g };
    // SAFETY: the dispatch state outlives its groups.
    let st = unsafe { &*g.st };
    let coop = st.coop.as_ref();
    let grid_items = || {
        let t = &st.template;
        u64::from(t.grid_size[0]) * u64::from(t.grid_size[1]) * u64::from(t.grid_size[2])
    };
    match op {
        COOP_INFO => coop.map_or(0, |c| c.info()),
        COOP_GRID_SYNC | COOP_MULTI_GRID_SYNC => {
            let scope = if op == COOP_GRID_SYNC {
                Scope::Grid
            } else {
                Scope::MultiGrid
            };
            // SAFETY: `wi0` is valid while its group runs; the kernel only reads it now.
            if g.mode.get() == Mode::Start && unsafe { (*g.wi0).reserved0 } == WHOLE_GROUP_RUNNING {
                // An entry point running its whole group (a kernel split at its barriers)
                // calls it between two phases: every work-item of the group has arrived.
                g.wide_sync(scope);
                return 0;
            }
            sync_op(
                wi,
                Op::Barrier {
                    predicate: false,
                    scope,
                },
            );
            0
        }
        COOP_NUM_GRIDS => coop.map_or(1, |c| c.num_grids()),
        COOP_GRID_RANK => coop.map_or(0, |c| c.grid_rank()),
        COOP_MULTI_GRID_THREAD_OFFSET => coop.map_or(0, |c| c.thread_offset()),
        COOP_MULTI_GRID_SIZE => coop.map_or_else(grid_items, |c| c.multi_size(grid_items())),
        _ => 0,
    }
}

/// `ops->wave_exchange`.
///
/// # Safety
/// As for `barrier_entry`; `lanes` is null or valid for writing 64 `u64`s.
pub(super) unsafe extern "C" fn wave_exchange_entry(
    wi: *mut WorkItem,
    value: u64,
    lanes: *mut u64,
) -> u64 {
    let op = Op::Wave { value, lanes };
    catch_unwind(AssertUnwindSafe(|| sync_op(wi, op))).unwrap_or(0)
}

/// Writes `value` as the only contribution of lane `lane` (a wave exchange nobody else joins).
pub(super) fn lone_exchange(value: u64, lanes: *mut u64, lane: u32) -> u64 {
    if !lanes.is_null() {
        // SAFETY: the header requires `lanes` to hold 64 entries; lane < 64.
        unsafe { lanes.add(lane as usize).write(value) };
    }
    1u64 << lane
}

/// Barrier or wave exchange of the work-item running on this thread. Without a group state
/// (a one-work-item group, or a call from outside of any dispatch) the caller is alone.
#[inline(always)]
pub(super) fn sync_op(wi: *mut WorkItem, op: Op) -> u64 {
    // The engine's work-items (and copies of them) name their group; else the thread's.
    let g = group_of(wi);
    if g.is_null() {
        return match op {
            Op::Barrier { predicate, .. } => u64::from(predicate),
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
            Op::Barrier { predicate, scope } if k + 1 == n => {
                // The only work-item left of the group: the group has arrived.
                g.wide_sync(scope);
                return u64::from(predicate);
            }
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
        Op::Barrier { predicate, scope } => {
            slot.state.set(SlotState::AtBarrier);
            g.barrier_scope.set(scope);
            g.barrier_arrived.set(g.barrier_arrived.get() + 1);
            g.barrier_true
                .set(g.barrier_true.get() + u32::from(predicate));
            if g.barrier_arrived.get() == g.live.get() {
                // SAFETY: fiber mode.
                unsafe { g.complete_barrier() };
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
