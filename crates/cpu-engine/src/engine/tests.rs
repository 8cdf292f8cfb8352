use std::sync::atomic::AtomicU32;

use super::*;
use crate::abi::WorkItem;

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

thread_local! {
    /// Its address names the thread that runs a work-item.
    static THREAD_TAG: u8 = const { 0 };
}

/// # Safety
/// Called by the engine with a valid work-item of a dispatch made by this test.
unsafe extern "C" fn record_thread(wi: *mut WorkItem) {
    // SAFETY: the test passes one `usize` slot per work-item as kernarg.
    unsafe {
        let wi = &*wi;
        let slots = wi.kernarg as *mut usize;
        let tag = THREAD_TAG.with(|t| t as *const u8 as usize);
        *slots.add(wi.global_id(0) as usize) = tag;
        // Long enough for the dispatch to be shared.
        let start = Instant::now();
        while start.elapsed() < Duration::from_micros(5) {}
    }
}

/// The distinct threads that ran a dispatch of `n` work-items on at most `threads` threads.
fn threads_used(e: &Engine, n: u32, threads: usize) -> usize {
    let k = Kernel {
        workitem_fn: record_thread,
        workgroup_fn: None,
        static_group_segment_size: 0,
        static_private_segment_size: 0,
    };
    let mut slots = vec![0usize; n as usize];
    let d = Dispatch {
        kernel: &k,
        dimensions: 1,
        workgroup_size: [4, 1, 1],
        grid_size: [n, 1, 1],
        group_segment_size: 0,
        private_segment_size: 0,
        kernarg: slots.as_mut_ptr().cast(),
    };
    e.run_on(&d, threads).expect("dispatch");
    assert!(slots.iter().all(|&s| s != 0), "every work-item ran");
    slots.sort_unstable();
    slots.dedup();
    slots.len()
}

#[test]
fn run_on_keeps_a_dispatch_to_its_share_of_the_threads() {
    let e = Engine::new(EngineConfig {
        workers: 4,
        stack_size: 64 * 1024,
    });
    // One thread: the caller alone, however long the dispatch.
    assert_eq!(threads_used(&e, 20_000, 1), 1);
    // Two: never more (fewer if the pool is slow to join).
    for _ in 0..3 {
        assert!(threads_used(&e, 20_000, 2) <= 2);
    }
    // More than the pool has: clamped to it.
    assert!(threads_used(&e, 20_000, 64) <= 4);
}
