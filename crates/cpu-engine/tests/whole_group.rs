//! The whole-group offer (`abi::WHOLE_GROUP_OFFER`): the first work-item of a group may run
//! the whole group itself, either without barriers (a kernel split at its barriers, answering
//! `WHOLE_GROUP_DONE`) or as a work-group loop that the engine cuts short at a barrier.

mod common;

use std::sync::atomic::{AtomicU32, Ordering};

use common::{dispatch, engines, kernel};
use cpu_engine::abi::{WHOLE_GROUP_DONE, WHOLE_GROUP_OFFER, WHOLE_GROUP_RUNNING};
use cpu_engine::{DispatchError, WorkItem};

#[repr(C)]
struct Counts {
    /// Per global work-item: times its body ran before / after its barrier.
    before: *const AtomicU32,
    after: *const AtomicU32,
    /// Calls of the work-item entry point.
    entries: *const AtomicU32,
    /// Work-items (flat id below this) that return before the barrier.
    early: u32,
}

/// One work-item's body: count, and (unless it is one of the first `early`) a barrier, count.
///
/// # Safety
/// `wi` is the work-item of a running dispatch of these tests (kernarg: `Counts`).
unsafe fn body(wi: *mut WorkItem) {
    // SAFETY: caller contract.
    unsafe {
        let c = &*((*wi).kernarg as *const Counts);
        let g = (*wi).group_id[0] * (*wi).workgroup_size[0] + (*wi).flat_local_id;
        (*c.before.add(g as usize)).fetch_add(1, Ordering::Relaxed);
        if (*wi).flat_local_id < c.early {
            return;
        }
        WorkItem::barrier(wi, 0);
        let g = (*wi).group_id[0] * (*wi).workgroup_size[0] + (*wi).flat_local_id;
        (*c.after.add(g as usize)).fetch_add(1, Ordering::Relaxed);
    }
}

/// Takes the offer as a work-group loop (what `include/hip/cpu/launch.h` does): sets
/// `range_end` to the group size and runs work-items while their flat id is below it,
/// publishing each one's ids in the work-item; answers DONE if it ran them all.
///
/// # Safety
/// Called by the engine with a valid work-item of a dispatch made by these tests.
unsafe extern "C" fn continuing_entry(wi: *mut WorkItem) {
    // SAFETY: engine contract; the fields are written between engine calls only.
    unsafe {
        let c = &*((*wi).kernarg as *const Counts);
        (*c.entries).fetch_add(1, Ordering::Relaxed);
        if (*wi).reserved0 != WHOLE_GROUP_OFFER {
            body(wi);
            return;
        }
        let n = (*wi).local_size[0];
        (*wi).range_end.set(n);
        let mut f = 0;
        while f < (*wi).range_end.get() {
            (*wi).local_id[0] = f;
            (*wi).flat_local_id = f;
            body(wi);
            f += 1;
        }
        if (*wi).range_end.get() == n {
            (*wi).reserved0 = WHOLE_GROUP_DONE;
        }
    }
}

fn run_counted(early: u32, group: u32, groups: u32) {
    let total = (group * groups) as usize;
    for e in engines() {
        let before: Vec<AtomicU32> = (0..total).map(|_| AtomicU32::new(0)).collect();
        let after: Vec<AtomicU32> = (0..total).map(|_| AtomicU32::new(0)).collect();
        let entries = AtomicU32::new(0);
        let args = Counts {
            before: before.as_ptr(),
            after: after.as_ptr(),
            entries: &entries,
            early,
        };
        let k = kernel(continuing_entry, None);
        let d = dispatch(&k, 1, [group, 1, 1], [group * groups, 1, 1], &args);
        e.run(&d).expect("dispatch");
        for (i, (b, a)) in before.iter().zip(&after).enumerate() {
            let flat = i as u32 % group;
            let late = flat >= early;
            assert_eq!(b.load(Ordering::Relaxed), 1, "work-item {i} ran once");
            assert_eq!(
                a.load(Ordering::Relaxed),
                u32::from(late),
                "work-item {i} after"
            );
        }
        let entries = entries.load(Ordering::Relaxed);
        if early >= group {
            // No barrier at all: one entry per group.
            assert_eq!(entries, groups);
        } else {
            // The group goes to fibers at work-item `early`: the later ones start there.
            assert_eq!(entries, groups * (1 + group - early - 1));
        }
    }
}

#[test]
fn an_entry_that_runs_its_group_is_called_once_per_group() {
    run_counted(64, 64, 40);
}

#[test]
fn a_barrier_in_the_entrys_loop_goes_to_fibers_at_that_work_item() {
    // Items 0..5 return early; item 5 reaches the barrier inside the entry's loop.
    run_counted(5, 64, 40);
    // The very first one reaches it.
    run_counted(0, 16, 30);
    // The last one reaches it alone: no fibers are needed.
    run_counted(31, 32, 20);
}

/// Takes the offer and runs the group "without barriers", but calls one.
///
/// # Safety
/// Called by the engine with a valid work-item of a dispatch made by these tests.
unsafe extern "C" fn broken_split_entry(wi: *mut WorkItem) {
    // SAFETY: engine contract.
    unsafe {
        if (*wi).reserved0 == WHOLE_GROUP_OFFER {
            (*wi).reserved0 = WHOLE_GROUP_RUNNING;
            WorkItem::barrier(wi, 0);
            (*wi).reserved0 = WHOLE_GROUP_DONE;
        }
    }
}

#[test]
fn a_barrier_while_running_the_whole_group_fails_the_dispatch() {
    for e in engines() {
        let k = kernel(broken_split_entry, None);
        let d = dispatch::<u8>(&k, 1, [8, 1, 1], [64, 1, 1], std::ptr::null());
        match e.run(&d) {
            Err(DispatchError::KernelFault(m)) => assert!(m.contains("split"), "{m}"),
            other => panic!("expected a kernel fault, got {other:?}"),
        }
        // The engine still works afterwards.
        let k = kernel(continuing_entry, None);
        let before: Vec<AtomicU32> = (0..64).map(|_| AtomicU32::new(0)).collect();
        let after: Vec<AtomicU32> = (0..64).map(|_| AtomicU32::new(0)).collect();
        let entries = AtomicU32::new(0);
        let args = Counts {
            before: before.as_ptr(),
            after: after.as_ptr(),
            entries: &entries,
            early: 8,
        };
        let d = dispatch(&k, 1, [8, 1, 1], [64, 1, 1], &args);
        e.run(&d).expect("dispatch after a fault");
        assert!(before.iter().all(|b| b.load(Ordering::Relaxed) == 1));
    }
}
