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

/// Arguments of `grid_phases`: per work-item phase-1 values, and per work-item results.
struct Phases {
    values: *mut u64,
    out: *mut u64,
    items: u64,
}

/// Phase 1 writes this work-item's value, the grid synchronises, phase 2 sums every value
/// of the grid (written by other groups, on other threads).
///
/// # Safety
/// Called by the engine with a valid work-item of a dispatch made by `cooperative_*`.
unsafe extern "C" fn grid_phases(wi: *mut WorkItem) {
    // SAFETY: the tests pass a live `Phases` whose arrays hold `items` entries.
    unsafe {
        let w = &*wi;
        let p = &*(w.kernarg as *const Phases);
        let id = w.global_id(0);
        p.values.add(id as usize).write_volatile(id + 1);
        let ops = &*w.ops;
        let coop = ops.cooperative.expect("cooperative op");
        assert_eq!(coop(wi, crate::abi::COOP_INFO) & 1, 1);
        coop(wi, crate::abi::COOP_GRID_SYNC);
        let mut sum = 0;
        for i in 0..p.items {
            sum += p.values.add(i as usize).read_volatile();
        }
        p.out.add(id as usize).write(sum);
    }
}

fn run_phases(groups: u32, block: u32) -> Result<Vec<u64>, DispatchError> {
    let e = Engine::global();
    let items = u64::from(groups * block);
    let mut values = vec![0u64; items as usize];
    let mut out = vec![0u64; items as usize];
    let args = Phases {
        values: values.as_mut_ptr(),
        out: out.as_mut_ptr(),
        items,
    };
    let k = Kernel {
        workitem_fn: grid_phases,
        workgroup_fn: None,
        static_group_segment_size: 0,
        static_private_segment_size: 0,
    };
    let d = Dispatch {
        kernel: &k,
        dimensions: 1,
        workgroup_size: [block, 1, 1],
        grid_size: [groups * block, 1, 1],
        group_segment_size: 0,
        private_segment_size: 0,
        kernarg: ptr::from_ref(&args).cast(),
    };
    e.run_cooperative(&d, Cooperative::default())?;
    drop(values);
    Ok(out)
}

#[test]
fn cooperative_grid_sync_sees_every_group() {
    for (groups, block) in [(1, 1), (1, 64), (3, 1), (4, 33), (8, 128)] {
        let items = u64::from(groups * block);
        let out = run_phases(groups, block).expect("cooperative dispatch");
        let want = items * (items + 1) / 2;
        assert!(
            out.iter().all(|&v| v == want),
            "{groups} groups of {block}: {:?}",
            &out[..4.min(out.len())]
        );
    }
}

#[test]
fn grid_sync_outside_a_cooperative_dispatch_fails_instead_of_hanging() {
    let k = Kernel {
        workitem_fn: grid_phases_plain,
        workgroup_fn: None,
        static_group_segment_size: 0,
        static_private_segment_size: 0,
    };
    let d = Dispatch {
        kernel: &k,
        dimensions: 1,
        workgroup_size: [8, 1, 1],
        grid_size: [64, 1, 1],
        group_segment_size: 0,
        private_segment_size: 0,
        kernarg: ptr::null(),
    };
    let r = Engine::global().run(&d);
    assert!(matches!(r, Err(DispatchError::KernelFault(_))), "{r:?}");
}

/// # Safety
/// As for `grid_phases`.
unsafe extern "C" fn grid_phases_plain(wi: *mut WorkItem) {
    // SAFETY: the engine's work-item and its ops table.
    unsafe {
        let coop = (*(*wi).ops).cooperative.expect("cooperative op");
        assert_eq!(coop(wi, crate::abi::COOP_INFO), 0);
        coop(wi, crate::abi::COOP_GRID_SYNC);
    }
}

#[test]
fn grid_barrier_releases_when_groups_leave() {
    let b = Arc::new(GridBarrier::new(3));
    let b2 = Arc::clone(&b);
    let t = std::thread::spawn(move || b2.arrive());
    b.depart();
    // Two groups left of three: one arrived, the other arrives now.
    assert!(b.arrive());
    assert!(t.join().expect("thread"));
    // A failed barrier lets its waiters go with false.
    let b = Arc::new(GridBarrier::new(2));
    let b2 = Arc::clone(&b);
    let t = std::thread::spawn(move || b2.arrive());
    std::thread::sleep(Duration::from_millis(5));
    b.fail();
    assert!(!t.join().expect("thread"));
}

#[test]
fn multi_grid_describes_each_grid() {
    let m = MultiGrid::new(&[(2, 128), (3, 96)]);
    assert_eq!(m.num_grids(), 2);
    let c = coop::CoopRun {
        grid: GridBarrier::new(3),
        multi: Some((Arc::clone(&m), 1)),
    };
    assert_eq!(c.info(), 3);
    assert_eq!(c.grid_rank(), 1);
    assert_eq!(c.thread_offset(), 128);
    assert_eq!(c.multi_size(96), 224);
}

/// An entry point that takes the whole-group offer and synchronises the grid between its two
/// phases (what a kernel split at its barriers does): phase 1 writes every work-item's value,
/// phase 2 sums the whole grid's.
///
/// # Safety
/// As for `grid_phases`.
unsafe extern "C" fn whole_group_phases(wi: *mut WorkItem) {
    use crate::abi::{WHOLE_GROUP_DONE, WHOLE_GROUP_OFFER, WHOLE_GROUP_RUNNING};
    // SAFETY: the engine's work-item; the tests pass a live `Phases`.
    unsafe {
        if (*wi).reserved0 != WHOLE_GROUP_OFFER {
            grid_phases(wi);
            return;
        }
        (*wi).reserved0 = WHOLE_GROUP_RUNNING;
        let p = &*((*wi).kernarg as *const Phases);
        let n = (*wi).local_size[0];
        let base = u64::from((*wi).group_id[0]) * u64::from((*wi).workgroup_size[0]);
        for f in 0..u64::from(n) {
            p.values
                .add((base + f) as usize)
                .write_volatile(base + f + 1);
        }
        let coop = (*(*wi).ops).cooperative.expect("cooperative op");
        coop(wi, crate::abi::COOP_GRID_SYNC);
        let mut sum = 0;
        for i in 0..p.items {
            sum += p.values.add(i as usize).read_volatile();
        }
        for f in 0..u64::from(n) {
            p.out.add((base + f) as usize).write(sum);
        }
        (*wi).reserved0 = WHOLE_GROUP_DONE;
    }
}

#[test]
fn a_group_run_whole_synchronises_the_grid_between_phases() {
    let (groups, block) = (5u32, 16u32);
    let items = u64::from(groups * block);
    let mut values = vec![0u64; items as usize];
    let mut out = vec![0u64; items as usize];
    let args = Phases {
        values: values.as_mut_ptr(),
        out: out.as_mut_ptr(),
        items,
    };
    let k = Kernel {
        workitem_fn: whole_group_phases,
        workgroup_fn: None,
        static_group_segment_size: 0,
        static_private_segment_size: 0,
    };
    let d = Dispatch {
        kernel: &k,
        dimensions: 1,
        workgroup_size: [block, 1, 1],
        grid_size: [groups * block, 1, 1],
        group_segment_size: 0,
        private_segment_size: 0,
        kernarg: ptr::from_ref(&args).cast(),
    };
    Engine::global()
        .run_cooperative(&d, Cooperative::default())
        .expect("cooperative dispatch");
    drop(values);
    assert!(out.iter().all(|&v| v == items * (items + 1) / 2), "{out:?}");
}
