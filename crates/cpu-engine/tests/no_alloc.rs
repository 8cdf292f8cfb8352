//! Once warm, small dispatches allocate nothing: no heap allocation on the calling thread for
//! a one-work-item dispatch, a one-group loop-mode dispatch or a one-group dispatch with
//! barriers (fiber mode). Its own test binary because it installs a counting allocator.

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use common::{dispatch, kernel};
use cpu_engine::{Engine, WorkItem};

struct Counting;

thread_local! {
    static ALLOCS: Cell<u64> = const { Cell::new(0) };
}

// SAFETY: forwards to the system allocator; the thread-local counter (const-initialised, no
// destructor) never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: same contract as ours.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as ours.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: same contract as ours.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// # Safety
/// Called by the engine with a valid work-item of a dispatch made by this test.
unsafe extern "C" fn empty(_wi: *mut WorkItem) {}

/// # Safety
/// Called by the engine with a valid work-item of a dispatch made by this test.
unsafe extern "C" fn with_barriers(wi: *mut WorkItem) {
    // SAFETY: called by the engine with a valid work-item.
    unsafe {
        WorkItem::barrier(wi, 1);
        let mut lanes = [0u64; 64];
        WorkItem::wave_exchange(wi, 1, lanes.as_mut_ptr());
        WorkItem::barrier(wi, 0);
    }
}

#[test]
fn warm_small_dispatches_do_not_allocate() {
    let e = Engine::global();
    let k_empty = kernel(empty, None);
    let k_sync = cpu_engine::Kernel {
        static_group_segment_size: 512,
        static_private_segment_size: 32,
        ..kernel(with_barriers, None)
    };
    let null = std::ptr::null::<u8>();
    let cases = [
        dispatch(&k_empty, 1, [1, 1, 1], [1, 1, 1], null),
        dispatch(&k_empty, 1, [64, 1, 1], [64, 1, 1], null),
        dispatch(&k_empty, 3, [8, 8, 4], [8, 8, 4], null),
        dispatch(&k_sync, 1, [256, 1, 1], [256, 1, 1], null),
        dispatch(&k_sync, 2, [16, 16, 1], [16, 16, 1], null),
    ];
    for d in &cases {
        for _ in 0..10 {
            e.run(d).expect("warm-up dispatch");
        }
    }
    let before = ALLOCS.with(Cell::get);
    for d in &cases {
        for _ in 0..1000 {
            e.run(d).expect("dispatch");
        }
    }
    let allocs = ALLOCS.with(Cell::get) - before;
    assert_eq!(
        allocs, 0,
        "{allocs} allocations in 5000 warm single-group dispatches"
    );
}
