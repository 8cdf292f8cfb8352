//! `ops->fault`: a work-item that traps or fails an assert stops its dispatch with
//! `DispatchError::DeviceTrap` / `DeviceAssert` (its stack is abandoned, in plain, work-group
//! loop and fiber mode, on one thread or many), the engine runs the next dispatch normally,
//! and outside of a dispatch the op returns (the caller then does the host's thing).

mod common;

use std::sync::atomic::{AtomicU32, Ordering};

use common::{dispatch, engines, kernel, spin_for};
use cpu_engine::abi::{FAULT_ASSERT, FAULT_TRAP};
use cpu_engine::{DispatchError, WorkItem};

#[repr(C)]
struct Args {
    /// Global id of the work-item that faults (u32::MAX: none).
    bad: u32,
    /// FAULT_TRAP or FAULT_ASSERT.
    kind: u32,
    /// Whether work-items meet at a barrier before the fault (fiber mode).
    barrier: u32,
    /// Work-items that ran to their end.
    finished: *const AtomicU32,
}

/// # Safety
/// `wi` is the work-item of a running dispatch of these tests (kernarg: `Args`).
unsafe extern "C" fn faulting_entry(wi: *mut WorkItem) {
    // SAFETY: engine contract.
    unsafe {
        let a = &*((*wi).kernarg as *const Args);
        if a.barrier != 0 {
            WorkItem::barrier(wi, 0);
        }
        let g = (*wi).group_id[0] * (*wi).workgroup_size[0] + (*wi).flat_local_id;
        if g == a.bad || a.bad == u32::MAX - 1 {
            let fault = (*(*wi).ops)
                .fault
                .expect("the engine's table has the fault op");
            fault(wi, a.kind);
            unreachable!("ops->fault returned inside a dispatch");
        }
        spin_for(200);
        (*a.finished).fetch_add(1, Ordering::Relaxed);
    }
}

fn run(bad: u32, kind: u32, barrier: bool, groups: u32) -> (Result<(), DispatchError>, u32) {
    let mut out = Vec::new();
    for e in engines() {
        let finished = AtomicU32::new(0);
        let args = Args {
            bad,
            kind,
            barrier: u32::from(barrier),
            finished: &finished,
        };
        let k = kernel(faulting_entry, None);
        let d = dispatch(&k, 1, [64, 1, 1], [64 * groups, 1, 1], &args);
        let r = e.run(&d);
        out.push((r, finished.load(Ordering::Relaxed)));
        // The engine works normally afterwards: every work-item of a clean dispatch runs.
        let finished = AtomicU32::new(0);
        let args = Args {
            bad: u32::MAX,
            kind,
            barrier: u32::from(barrier),
            finished: &finished,
        };
        let d = dispatch(&k, 1, [64, 1, 1], [64 * groups, 1, 1], &args);
        e.run(&d).expect("a dispatch after a fault");
        assert_eq!(finished.load(Ordering::Relaxed), 64 * groups);
    }
    out.remove(0)
}

#[test]
fn a_trap_fails_the_dispatch() {
    let (r, finished) = run(70, FAULT_TRAP, false, 16);
    assert_eq!(r, Err(DispatchError::DeviceTrap));
    assert!(finished < 64 * 16, "the faulting work-item did not finish");
}

#[test]
fn a_failed_assert_fails_the_dispatch() {
    let (r, _) = run(3, FAULT_ASSERT, false, 4);
    assert_eq!(r, Err(DispatchError::DeviceAssert));
}

#[test]
fn a_trap_on_a_fiber_between_barriers_fails_the_dispatch() {
    let (r, _) = run(130, FAULT_TRAP, true, 8);
    assert_eq!(r, Err(DispatchError::DeviceTrap));
}

#[test]
fn every_work_item_trapping_on_many_threads_fails_the_dispatch() {
    let (r, finished) = run(u32::MAX - 1, FAULT_TRAP, false, 256);
    assert_eq!(r, Err(DispatchError::DeviceTrap));
    assert_eq!(finished, 0);
}

#[test]
fn outside_a_dispatch_the_fault_op_returns() {
    // The engine's table, reached through a dispatch's work-item, called on a thread that
    // runs no dispatch.
    static OPS: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    unsafe extern "C" fn grab(wi: *mut WorkItem) {
        // SAFETY: engine contract.
        let _ = OPS.set(unsafe { (*wi).ops } as usize);
    }
    let k = kernel(grab, None);
    let d = dispatch::<u8>(&k, 1, [1, 1, 1], [1, 1, 1], std::ptr::null());
    cpu_engine::Engine::global().run(&d).expect("dispatch");
    let ops = *OPS.get().expect("the kernel ran") as *const cpu_engine::abi::DeviceOps;
    // SAFETY: the engine's static table.
    let fault = unsafe { (*ops).fault }.expect("fault op");
    // SAFETY: no dispatch runs on this thread: the op returns.
    unsafe { fault(std::ptr::null_mut(), FAULT_TRAP) };
}
