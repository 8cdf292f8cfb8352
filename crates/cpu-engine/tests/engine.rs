//! Engine tests with kernels written as Rust `extern "C" fn(*mut WorkItem)`.

mod common;

use std::collections::HashSet;
use std::hint::black_box;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::Mutex;

use common::{dispatch, engine4, engines, kernel, spin_for};
use cpu_engine::{Dispatch, DispatchError, Engine, EngineConfig, Kernel, WorkItem};

const LANES: usize = 64;

// ---------------------------------------------------------------------------------------------
// Ids: every work-item runs exactly once with consistent ids
// ---------------------------------------------------------------------------------------------

#[repr(C)]
struct IdArgs {
    counts: *const AtomicU32,
    errors: *const AtomicU32,
    grid: [u32; 3],
    workgroup: [u32; 3],
    dims: u32,
}

fn check_ids(wi: &WorkItem) {
    // SAFETY: the tests pass an `IdArgs` as kernarg.
    let a = unsafe { &*(wi.kernarg as *const IdArgs) };
    let mut ok = wi.dimensions == a.dims && !wi.ops.is_null() && wi.dispatch_id != 0;
    for d in 0..3 {
        let (w, g) = (a.workgroup[d], a.grid[d]);
        ok &= wi.workgroup_size[d] == w && wi.grid_size[d] == g;
        ok &= wi.num_groups[d] == g.div_ceil(w);
        ok &= wi.group_id[d] < wi.num_groups[d];
        ok &= wi.local_size[d] == w.min(g - wi.group_id[d] * w);
        ok &= wi.local_id[d] < wi.local_size[d];
    }
    let ls = wi.local_size;
    ok &= wi.flat_local_id == wi.local_id[0] + ls[0] * (wi.local_id[1] + ls[1] * wi.local_id[2]);
    let linear = wi.global_id(0)
        + u64::from(a.grid[0]) * (wi.global_id(1) + u64::from(a.grid[1]) * wi.global_id(2));
    let total: u64 = a.grid.iter().map(|&v| u64::from(v)).product();
    // SAFETY: `counts` has `total` entries, `errors` one.
    unsafe {
        if linear < total {
            (*a.counts.add(linear as usize)).fetch_add(1, Ordering::Relaxed);
        } else {
            ok = false;
        }
        if !ok {
            (*a.errors).fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// # Safety
/// Called by the engine with a valid work-item of a dispatch made by this test.
unsafe extern "C" fn id_kernel(wi: *mut WorkItem) {
    // SAFETY: the engine passes a valid work-item.
    check_ids(unsafe { &*wi });
}

/// A workgroup function in the style a compiler would emit.
///
/// # Safety
/// Called by the engine with a valid work-item of a dispatch made by this test.
unsafe extern "C" fn id_group(wi: *mut WorkItem, begin: u32, _end: u32) {
    // SAFETY: the engine passes a valid work-item; we only write the ids, between items.
    unsafe {
        let ls = (*wi).local_size;
        let mut f = begin;
        while f < (*wi).range_end() {
            (*wi).local_id = [f % ls[0], (f / ls[0]) % ls[1], f / (ls[0] * ls[1])];
            (*wi).flat_local_id = f;
            check_ids(&*wi);
            f += 1;
        }
    }
}

fn run_ids(engine: &Engine, k: &Kernel, dims: u32, wg: [u32; 3], grid: [u32; 3]) {
    let total: usize = grid.iter().map(|&v| v as usize).product();
    let counts: Vec<AtomicU32> = (0..total).map(|_| AtomicU32::new(0)).collect();
    let errors = AtomicU32::new(0);
    let args = IdArgs {
        counts: counts.as_ptr(),
        errors: &errors,
        grid,
        workgroup: wg,
        dims,
    };
    engine
        .run(&dispatch(k, dims, wg, grid, &args))
        .expect("dispatch");
    assert_eq!(
        errors.load(Ordering::Relaxed),
        0,
        "bad ids for wg {wg:?} grid {grid:?}"
    );
    let wrong = counts
        .iter()
        .enumerate()
        .find(|(_, c)| c.load(Ordering::Relaxed) != 1);
    assert!(
        wrong.is_none(),
        "work-item {:?} ran {:?} times (wg {wg:?} grid {grid:?})",
        wrong.map(|w| w.0),
        wrong
    );
}

const ID_CASES: &[(u32, [u32; 3], [u32; 3])] = &[
    (1, [1, 1, 1], [1, 1, 1]),
    (1, [1, 1, 1], [3, 1, 1]),
    (1, [64, 1, 1], [1000, 1, 1]),
    (1, [256, 1, 1], [1_000_003, 1, 1]),
    (1, [1024, 1, 1], [1024, 1, 1]),
    (1, [1024, 1, 1], [5000, 1, 1]),
    (1, [7, 1, 1], [3, 1, 1]),
    (2, [16, 8, 1], [100, 37, 1]),
    (2, [32, 32, 1], [1000, 333, 1]),
    (2, [1, 1, 1], [5, 5, 1]),
    (3, [4, 4, 4], [10, 9, 7]),
    (3, [8, 8, 16], [33, 17, 50]),
    (3, [3, 5, 7], [3, 5, 7]),
];

#[test]
fn every_workitem_runs_once_with_correct_ids() {
    let k = kernel(id_kernel, None);
    for e in engines() {
        for &(dims, wg, grid) in ID_CASES {
            run_ids(e, &k, dims, wg, grid);
        }
    }
}

#[test]
fn every_workitem_runs_once_with_a_workgroup_fn() {
    let k = kernel(id_kernel, Some(id_group));
    for e in engines() {
        for &(dims, wg, grid) in ID_CASES {
            run_ids(e, &k, dims, wg, grid);
        }
    }
}

#[test]
fn single_worker_engine_runs_everything() {
    let e = Engine::new(EngineConfig {
        workers: 1,
        stack_size: 128 * 1024,
    });
    assert_eq!(e.worker_count(), 1);
    let k = kernel(id_kernel, None);
    for &(dims, wg, grid) in ID_CASES {
        run_ids(&e, &k, dims, wg, grid);
    }
}

// ---------------------------------------------------------------------------------------------
// Work is spread over threads
// ---------------------------------------------------------------------------------------------

struct ThreadArgs {
    seen: Mutex<HashSet<std::thread::ThreadId>>,
    caller: std::thread::ThreadId,
    helped: std::sync::atomic::AtomicBool,
}

/// # Safety
/// Called by the engine with a valid work-item of a dispatch made by this test.
unsafe extern "C" fn thread_kernel(wi: *mut WorkItem) {
    // SAFETY: valid work-item; kernarg is a ThreadArgs.
    let (wi, a) = unsafe { (&*wi, &*((*wi).kernarg as *const ThreadArgs)) };
    if wi.flat_local_id != 0 {
        return;
    }
    let me = std::thread::current().id();
    a.seen.lock().unwrap_or_else(|e| e.into_inner()).insert(me);
    if wi.group_id[0] == 0 {
        spin_for(100_000); // makes the dispatch look long: it gets shared
    }
    if me != a.caller {
        a.helped.store(true, Ordering::Relaxed);
    } else if wi.group_id[0] > 0 {
        // The caller waits here until a pool thread has run a group (bounded, for loaded
        // machines): if the dispatch were never shared, this would time out.
        let start = std::time::Instant::now();
        while !a.helped.load(Ordering::Relaxed) && start.elapsed().as_secs() < 5 {
            std::thread::yield_now();
        }
    }
}

fn thread_args() -> ThreadArgs {
    ThreadArgs {
        seen: Mutex::new(HashSet::new()),
        caller: std::thread::current().id(),
        helped: std::sync::atomic::AtomicBool::new(false),
    }
}

#[test]
fn long_dispatches_use_several_threads() {
    let k = kernel(thread_kernel, None);
    for e in engines() {
        if e.worker_count() < 2 {
            continue;
        }
        let args = thread_args();
        e.run(&dispatch(&k, 1, [4, 1, 1], [4 * 64, 1, 1], &args))
            .expect("dispatch");
        assert!(
            args.helped.load(Ordering::Relaxed),
            "a long dispatch was not shared"
        );
        let n = args.seen.lock().unwrap_or_else(|e| e.into_inner()).len();
        assert!(n >= 2, "ran on {n} thread(s)");
    }
}

#[test]
fn single_group_dispatch_runs_on_the_calling_thread() {
    let k = kernel(thread_kernel, None);
    for e in engines() {
        let args = thread_args();
        e.run(&dispatch(&k, 1, [64, 1, 1], [64, 1, 1], &args))
            .expect("dispatch");
        let set = args.seen.into_inner().unwrap_or_else(|e| e.into_inner());
        assert_eq!(
            set.into_iter().collect::<Vec<_>>(),
            vec![std::thread::current().id()]
        );
        assert!(!args.helped.load(Ordering::Relaxed));
    }
}

// ---------------------------------------------------------------------------------------------
// Barriers and group memory
// ---------------------------------------------------------------------------------------------

#[repr(C)]
struct ReduceArgs {
    input: *const u32,
    out: *mut u32,
    n: u64,
}

/// # Safety
/// Called by the engine with a valid work-item of a dispatch made by this test.
unsafe extern "C" fn reduce_kernel(wip: *mut WorkItem) {
    // SAFETY: valid work-item; kernarg is a ReduceArgs with `out` of one entry per group and
    // group memory of at least local_size u32s.
    unsafe {
        let wi = &*wip;
        let a = &*(wi.kernarg as *const ReduceArgs);
        let sh = wi.group_segment as *mut u32;
        let lid = wi.flat_local_id as usize;
        let size = wi.local_size[0] as usize;
        let gid = wi.global_id(0);
        *sh.add(lid) = if gid < a.n {
            *a.input.add(gid as usize)
        } else {
            0
        };
        WorkItem::barrier(wip, 0);
        let mut s = 1;
        while s < size {
            if lid % (2 * s) == 0 && lid + s < size {
                *sh.add(lid) += *sh.add(lid + s);
            }
            WorkItem::barrier(wip, 0);
            s *= 2;
        }
        if lid == 0 {
            *a.out.add(wi.group_id[0] as usize) = *sh;
        }
    }
}

fn check_reduce(engine: &Engine, wg: u32, n: u32) {
    let mut k = kernel(reduce_kernel, None);
    k.static_group_segment_size = wg * 4;
    let input: Vec<u32> = (0..n).map(|i| i % 1000).collect();
    let groups = n.div_ceil(wg) as usize;
    let mut out = vec![u32::MAX; groups];
    let args = ReduceArgs {
        input: input.as_ptr(),
        out: out.as_mut_ptr(),
        n: u64::from(n),
    };
    engine
        .run(&dispatch(&k, 1, [wg, 1, 1], [n, 1, 1], &args))
        .expect("dispatch");
    for (g, &v) in out.iter().enumerate() {
        let expected: u32 = input
            .chunks(wg as usize)
            .nth(g)
            .map(|c| c.iter().sum())
            .unwrap_or(0);
        assert_eq!(v, expected, "group {g} (wg {wg}, n {n})");
    }
}

#[test]
fn group_memory_reduction_with_barriers() {
    for e in engines() {
        check_reduce(e, 256, 100_000);
        check_reduce(e, 1024, 3000);
        check_reduce(e, 64, 64);
        check_reduce(e, 2, 3);
    }
}

#[repr(C)]
struct CountArgs {
    out: *mut u32,
    out2: *mut u32,
}

/// # Safety
/// Called by the engine with a valid work-item of a dispatch made by this test.
unsafe extern "C" fn predicate_kernel(wip: *mut WorkItem) {
    // SAFETY: valid work-item; `out` and `out2` have one entry per work-item of the grid.
    unsafe {
        let wi = &*wip;
        let a = &*(wi.kernarg as *const CountArgs);
        let r = WorkItem::barrier(wip, i32::from(wi.flat_local_id % 3 == 0));
        let r2 = WorkItem::barrier(wip, 1);
        let g = wi.global_id(0) as usize;
        *a.out.add(g) = r;
        *a.out2.add(g) = r2;
    }
}

#[test]
fn barrier_returns_the_predicate_count() {
    let k = kernel(predicate_kernel, None);
    for e in engines() {
        for (wg, n) in [(100u32, 1000u32), (1024, 2048), (5, 12), (1, 3)] {
            let mut out = vec![0u32; n as usize];
            let mut out2 = vec![0u32; n as usize];
            let args = CountArgs {
                out: out.as_mut_ptr(),
                out2: out2.as_mut_ptr(),
            };
            e.run(&dispatch(&k, 1, [wg, 1, 1], [n, 1, 1], &args))
                .expect("dispatch");
            for g in 0..n {
                let size = wg.min(n - (g / wg) * wg);
                let expected = size.div_ceil(3);
                assert_eq!(out[g as usize], expected, "item {g} (wg {wg}, n {n})");
                assert_eq!(out2[g as usize], size);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Wavefront exchange
// ---------------------------------------------------------------------------------------------

#[repr(C)]
struct WaveArgs {
    /// One per wave: shuffle-down sum at lane 0.
    sums: *mut u64,
    /// One per work-item: ballot of (global id % 5 == 0) seen by the lane.
    ballots: *mut u64,
    /// One per work-item: active mask returned by the exchange.
    masks: *mut u64,
    waves_per_group: u32,
}

/// # Safety
/// Called by the engine with a valid work-item of a dispatch made by this test.
unsafe extern "C" fn wave_kernel(wip: *mut WorkItem) {
    // SAFETY: valid work-item; the output arrays are sized by the test.
    unsafe {
        let wi = &*wip;
        let a = &*(wi.kernarg as *const WaveArgs);
        let lane = (wi.flat_local_id % 64) as usize;
        let gid = wi.global_id(0);
        let mut lanes = [0u64; LANES];
        // Shuffle-down reduction.
        let mut v = gid;
        for off in [32usize, 16, 8, 4, 2, 1] {
            let mask = WorkItem::wave_exchange(wip, v, lanes.as_mut_ptr());
            let src = lane + off;
            if src < LANES && mask & (1u64 << src) != 0 {
                v += lanes[src];
            }
        }
        let wave =
            wi.group_id[0] as usize * a.waves_per_group as usize + wi.flat_local_id as usize / 64;
        if lane == 0 {
            *a.sums.add(wave) = v;
        }
        // Ballot.
        let mask = WorkItem::wave_exchange(wip, u64::from(gid % 5 == 0), lanes.as_mut_ptr());
        let mut ballot = 0u64;
        for (i, &l) in lanes.iter().enumerate() {
            if mask & (1u64 << i) != 0 && l != 0 {
                ballot |= 1 << i;
            }
        }
        *a.ballots.add(gid as usize) = ballot;
        *a.masks.add(gid as usize) = mask;
    }
}

fn check_waves(engine: &Engine, wg: u32, n: u32) {
    let k = kernel(wave_kernel, None);
    let wpg = wg.div_ceil(64);
    let groups = n.div_ceil(wg);
    let mut sums = vec![u64::MAX; (groups * wpg) as usize];
    let mut ballots = vec![0u64; n as usize];
    let mut masks = vec![0u64; n as usize];
    let args = WaveArgs {
        sums: sums.as_mut_ptr(),
        ballots: ballots.as_mut_ptr(),
        masks: masks.as_mut_ptr(),
        waves_per_group: wpg,
    };
    engine
        .run(&dispatch(&k, 1, [wg, 1, 1], [n, 1, 1], &args))
        .expect("dispatch");
    for g in 0..groups {
        let size = wg.min(n - g * wg);
        for w in 0..size.div_ceil(64) {
            let first = g * wg + w * 64;
            let lanes = 64.min(size - w * 64);
            let sum: u64 = (first..first + lanes).map(u64::from).sum();
            assert_eq!(
                sums[(g * wpg + w) as usize],
                sum,
                "group {g} wave {w} (wg {wg} n {n})"
            );
            let active = if lanes == 64 {
                u64::MAX
            } else {
                (1u64 << lanes) - 1
            };
            let mut ballot = 0u64;
            for l in 0..lanes {
                if (first + l) % 5 == 0 {
                    ballot |= 1 << l;
                }
            }
            for l in 0..lanes {
                assert_eq!(
                    masks[(first + l) as usize],
                    active,
                    "mask of item {}",
                    first + l
                );
                assert_eq!(
                    ballots[(first + l) as usize],
                    ballot,
                    "ballot of item {}",
                    first + l
                );
            }
        }
    }
}

#[test]
fn wave_exchange_shuffle_and_ballot() {
    for e in engines() {
        check_waves(e, 64, 64 * 50);
        check_waves(e, 256, 10_000);
        check_waves(e, 100, 100); // partial last wavefront of 36 lanes
        check_waves(e, 100, 1234);
        check_waves(e, 1, 5);
        check_waves(e, 1024, 1024);
    }
}

// ---------------------------------------------------------------------------------------------
// Early return and non-uniform barriers
// ---------------------------------------------------------------------------------------------

#[repr(C)]
struct EarlyArgs {
    runs: *const AtomicU32,
    results: *mut u32,
    /// Work-items with flat id in `exit_lo..exit_hi` return before the barriers.
    exit_lo: u32,
    exit_hi: u32,
}

/// # Safety
/// Called by the engine with a valid work-item of a dispatch made by this test.
unsafe fn early_body(wip: *mut WorkItem) {
    // SAFETY: valid work-item; arrays have one entry per work-item; group memory holds
    // local_size u32s.
    unsafe {
        let wi = &*wip;
        let a = &*(wi.kernarg as *const EarlyArgs);
        let g = wi.global_id(0) as usize;
        (*a.runs.add(g)).fetch_add(1, Ordering::Relaxed);
        let lid = wi.flat_local_id;
        if lid >= a.exit_lo && lid < a.exit_hi {
            return;
        }
        let sh = wi.group_segment as *mut u32;
        *sh.add(lid as usize) = lid + 1;
        let count = WorkItem::barrier(wip, 1);
        // Read a participating neighbour's value, written before the barrier.
        let mut sum = 0;
        for j in 0..wi.local_size[0] {
            if j < a.exit_lo || j >= a.exit_hi {
                sum += *sh.add(j as usize);
            }
        }
        WorkItem::barrier(wip, 0);
        *a.results.add(g) = count * 1_000_000 + sum;
    }
}

/// # Safety
/// Called by the engine with a valid work-item of a dispatch made by this test.
unsafe extern "C" fn early_kernel(wip: *mut WorkItem) {
    // SAFETY: forwarded engine contract.
    unsafe { early_body(wip) }
}

/// # Safety
/// Called by the engine with a valid work-item of a dispatch made by this test.
unsafe extern "C" fn early_group(wip: *mut WorkItem, begin: u32, _end: u32) {
    // SAFETY: forwarded engine contract; ids written between items.
    unsafe {
        let mut f = begin;
        while f < (*wip).range_end() {
            (*wip).local_id = [f, 0, 0];
            (*wip).flat_local_id = f;
            early_body(wip);
            f += 1;
        }
    }
}

fn check_early(engine: &Engine, k: &Kernel, wg: u32, n: u32, exit_lo: u32, exit_hi: u32) {
    let mut k = *k;
    k.static_group_segment_size = wg * 4;
    let runs: Vec<AtomicU32> = (0..n).map(|_| AtomicU32::new(0)).collect();
    let mut results = vec![u32::MAX; n as usize];
    let args = EarlyArgs {
        runs: runs.as_ptr(),
        results: results.as_mut_ptr(),
        exit_lo,
        exit_hi,
    };
    engine
        .run(&dispatch(&k, 1, [wg, 1, 1], [n, 1, 1], &args))
        .expect("dispatch");
    for i in 0..n {
        assert_eq!(
            runs[i as usize].load(Ordering::Relaxed),
            1,
            "item {i} re-run or skipped"
        );
        let size = wg.min(n - (i / wg) * wg);
        let lid = i % wg;
        let participants: Vec<u32> = (0..size).filter(|&j| j < exit_lo || j >= exit_hi).collect();
        if participants.contains(&lid) {
            let sum: u32 = participants.iter().map(|j| j + 1).sum();
            let expected = participants.len() as u32 * 1_000_000 + sum;
            assert_eq!(
                results[i as usize], expected,
                "item {i} (wg {wg} exit {exit_lo}..{exit_hi})"
            );
        } else {
            assert_eq!(
                results[i as usize],
                u32::MAX,
                "item {i} should have returned early"
            );
        }
    }
}

#[test]
fn early_return_before_a_barrier() {
    // `if (flat_local_id >= 37) return;` then barriers.
    for e in engines() {
        for k in [
            kernel(early_kernel, None),
            kernel(early_kernel, Some(early_group)),
        ] {
            check_early(e, &k, 128, 128 * 20, 37, u32::MAX);
            check_early(e, &k, 100, 250, 37, u32::MAX);
            check_early(e, &k, 30, 90, 37, u32::MAX); // nobody returns early
        }
    }
}

#[test]
fn non_uniform_barrier_discovered_in_loop_mode() {
    // Work-item 0 returns without a barrier, so the group runs as a loop; work-item 10 then
    // reaches a barrier: items 0..10 count as exited and the rest continue as fibers.
    for e in engines() {
        for k in [
            kernel(early_kernel, None),
            kernel(early_kernel, Some(early_group)),
        ] {
            check_early(e, &k, 64, 64 * 30, 0, 10);
            check_early(e, &k, 256, 1000, 0, 255); // only the last item reaches the barrier
            check_early(e, &k, 256, 1000, 0, 200);
            check_early(e, &k, 1024, 2048, 0, 1); // converts at item 1
            check_early(e, &k, 100, 100, 0, 99);
        }
    }
}

#[repr(C)]
struct LoopWaveArgs {
    masks: *mut u64,
    lanes0: *mut u64,
    runs: *const AtomicU32,
}

/// # Safety
/// Called by the engine with a valid work-item of a dispatch made by this test.
unsafe extern "C" fn loop_wave_kernel(wip: *mut WorkItem) {
    // SAFETY: valid work-item; arrays have one entry per work-item.
    unsafe {
        let wi = &*wip;
        let a = &*(wi.kernarg as *const LoopWaveArgs);
        let g = wi.global_id(0) as usize;
        (*a.runs.add(g)).fetch_add(1, Ordering::Relaxed);
        if wi.flat_local_id < 70 {
            return;
        }
        let mut lanes = [u64::MAX; LANES];
        let mask = WorkItem::wave_exchange(wip, u64::from(wi.flat_local_id), lanes.as_mut_ptr());
        *a.masks.add(g) = mask;
        *a.lanes0.add(g) = lanes[6];
    }
}

#[test]
fn wave_exchange_discovered_in_loop_mode() {
    let k = kernel(loop_wave_kernel, None);
    for e in engines() {
        let (wg, n) = (128u32, 128 * 8);
        let mut masks = vec![0u64; n as usize];
        let mut lanes0 = vec![0u64; n as usize];
        let runs: Vec<AtomicU32> = (0..n).map(|_| AtomicU32::new(0)).collect();
        let args = LoopWaveArgs {
            masks: masks.as_mut_ptr(),
            lanes0: lanes0.as_mut_ptr(),
            runs: runs.as_ptr(),
        };
        e.run(&dispatch(&k, 1, [wg, 1, 1], [n, 1, 1], &args))
            .expect("dispatch");
        for i in 0..n {
            assert_eq!(runs[i as usize].load(Ordering::Relaxed), 1);
            if i % wg >= 70 {
                // lanes 6..64 of wave 1 are active
                assert_eq!(masks[i as usize], u64::MAX << 6, "item {i}");
                assert_eq!(lanes0[i as usize], 70, "item {i}");
            }
        }
    }
}

#[repr(C)]
struct MixedArgs {
    runs: *const AtomicU32,
    sums: *mut u32,
}

/// # Safety
/// Called by the engine with a valid work-item of a dispatch made by this test.
unsafe extern "C" fn mixed_mode_kernel(wip: *mut WorkItem) {
    // SAFETY: valid work-item; `runs` has one entry per work-item, `sums` one per group; group
    // memory holds local_size u32s.
    unsafe {
        let wi = &*wip;
        let a = &*(wi.kernarg as *const MixedArgs);
        let g = wi.global_id(0) as usize;
        (*a.runs.add(g)).fetch_add(1, Ordering::Relaxed);
        let group = wi.group_id[0];
        if group % 3 != 1 {
            return; // two groups in three never synchronise: they run as loops
        }
        let sh = wi.group_segment as *mut u32;
        *sh.add(wi.flat_local_id as usize) = wi.flat_local_id;
        let count = WorkItem::barrier(wip, 1);
        if wi.flat_local_id == 0 {
            let sum: u32 = (0..wi.local_size[0]).map(|j| *sh.add(j as usize)).sum();
            *a.sums.add(group as usize) = sum * 10 + count;
        }
    }
}

#[test]
fn groups_mixing_loop_and_fiber_mode() {
    let mut k = kernel(mixed_mode_kernel, None);
    k.static_group_segment_size = 4 * 100;
    for e in engines() {
        for (wg, n) in [(100u32, 100u32 * 40 + 7), (64, 64 * 3), (2, 41)] {
            let runs: Vec<AtomicU32> = (0..n).map(|_| AtomicU32::new(0)).collect();
            let groups = n.div_ceil(wg);
            let mut sums = vec![u32::MAX; groups as usize];
            let args = MixedArgs {
                runs: runs.as_ptr(),
                sums: sums.as_mut_ptr(),
            };
            e.run(&dispatch(&k, 1, [wg, 1, 1], [n, 1, 1], &args))
                .expect("dispatch");
            assert!(runs.iter().all(|r| r.load(Ordering::Relaxed) == 1));
            for (g, &v) in sums.iter().enumerate() {
                let size = wg.min(n - g as u32 * wg);
                let expected = if g % 3 == 1 {
                    size * (size - 1) / 2 * 10 + size
                } else {
                    u32::MAX
                };
                assert_eq!(v, expected, "group {g} (wg {wg}, n {n})");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Stacks, private and dynamic group memory, dispatch ids
// ---------------------------------------------------------------------------------------------

#[inline(never)]
fn big_local_array<const N: usize>(wip: *mut WorkItem, seed: u64) -> u64 {
    let mut arr = [0u64; N];
    for (i, v) in arr.iter_mut().enumerate() {
        *v = seed.wrapping_mul(i as u64 + 1);
    }
    black_box(&mut arr);
    // SAFETY: called from a kernel with its work-item.
    unsafe { WorkItem::barrier(wip, 0) };
    black_box(&mut arr);
    let s = arr.iter().fold(0u64, |a, &b| a.wrapping_add(b));
    // SAFETY: as above.
    unsafe { WorkItem::barrier(wip, 0) };
    s
}

fn expected_big(n: usize, seed: u64) -> u64 {
    (0..n).fold(0u64, |a, i| a.wrapping_add(seed.wrapping_mul(i as u64 + 1)))
}

/// # Safety
/// Called by the engine with a valid work-item of a dispatch made by this test.
unsafe extern "C" fn local_array_8k(wip: *mut WorkItem) {
    // SAFETY: valid work-item; kernarg is an array of one u64 per work-item.
    unsafe {
        let g = (*wip).global_id(0);
        let s = big_local_array::<1024>(wip, g + 1);
        *((*wip).kernarg as *mut u64).add(g as usize) = s;
    }
}

/// # Safety
/// Called by the engine with a valid work-item of a dispatch made by this test.
unsafe extern "C" fn local_array_512k(wip: *mut WorkItem) {
    // SAFETY: as above.
    unsafe {
        let g = (*wip).global_id(0);
        let s = big_local_array::<{ 64 * 1024 }>(wip, g + 1);
        *((*wip).kernarg as *mut u64).add(g as usize) = s;
    }
}

#[test]
fn kernel_with_8k_local_array_and_barriers() {
    let k = kernel(local_array_8k, None);
    for e in engines() {
        let n = 256 * 6;
        let mut out = vec![0u64; n];
        e.run(&dispatch(
            &k,
            1,
            [256, 1, 1],
            [n as u32, 1, 1],
            out.as_mut_ptr(),
        ))
        .expect("dispatch");
        for (g, &v) in out.iter().enumerate() {
            assert_eq!(v, expected_big(1024, g as u64 + 1));
        }
    }
}

#[test]
fn stack_size_is_configurable() {
    // 512 KiB of locals per work-item: needs bigger fiber stacks than the default.
    let e = Engine::new(EngineConfig {
        workers: 2,
        stack_size: 1 << 20,
    });
    assert_eq!(e.stack_size(), 1 << 20);
    let k = kernel(local_array_512k, None);
    let n = 16 * 4;
    let mut out = vec![0u64; n];
    e.run(&dispatch(
        &k,
        1,
        [16, 1, 1],
        [n as u32, 1, 1],
        out.as_mut_ptr(),
    ))
    .expect("dispatch");
    for (g, &v) in out.iter().enumerate() {
        assert_eq!(v, expected_big(64 * 1024, g as u64 + 1));
    }
}

#[repr(C)]
struct SegArgs {
    errors: *const AtomicU32,
    ids: *const AtomicU64,
}

/// # Safety
/// Called by the engine with a valid work-item of a dispatch made by this test.
unsafe extern "C" fn segments_kernel(wip: *mut WorkItem) {
    // SAFETY: valid work-item; the dispatch has 48 bytes of private memory per work-item, a
    // static group size of 20 and 100 bytes of dynamic group memory.
    unsafe {
        let wi = &*wip;
        let a = &*(wi.kernarg as *const SegArgs);
        let mut ok =
            (wi.group_segment as usize) % 64 == 0 && (wi.private_segment as usize) % 16 == 0;
        ok &= wi.dynamic_group_offset == 32 && wi.group_segment_size >= 32 + 100;
        let p = wi.private_segment as *mut u32;
        for i in 0..12 {
            *p.add(i) = wi.flat_local_id * 100 + i as u32;
        }
        let dynamic = (wi.group_segment as *mut u8).add(wi.dynamic_group_offset as usize);
        if wi.flat_local_id < 100 {
            *dynamic.add(wi.flat_local_id as usize) = wi.flat_local_id as u8;
        }
        WorkItem::barrier(wip, 0); // every work-item now holds its private segment at once
        for i in 0..12 {
            ok &= *p.add(i) == wi.flat_local_id * 100 + i as u32;
        }
        for j in 0..100.min(wi.local_size[0]) {
            ok &= *dynamic.add(j as usize) == j as u8;
        }
        if !ok {
            (*a.errors).fetch_add(1, Ordering::Relaxed);
        }
        (*a.ids).store(wi.dispatch_id, Ordering::Relaxed);
    }
}

#[test]
fn private_and_dynamic_group_segments() {
    let k = Kernel {
        static_group_segment_size: 20,
        static_private_segment_size: 40,
        ..kernel(segments_kernel, None)
    };
    let mut seen = HashSet::new();
    for e in engines() {
        for _ in 0..3 {
            let errors = AtomicU32::new(0);
            let id = AtomicU64::new(0);
            let args = SegArgs {
                errors: &errors,
                ids: &id,
            };
            let d = Dispatch {
                group_segment_size: 120,
                private_segment_size: 48,
                ..dispatch(&k, 1, [128, 1, 1], [1000, 1, 1], &args)
            };
            e.run(&d).expect("dispatch");
            assert_eq!(errors.load(Ordering::Relaxed), 0);
            assert!(
                seen.insert(id.load(Ordering::Relaxed)),
                "dispatch ids must be unique"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Invalid programs must not hang
// ---------------------------------------------------------------------------------------------

/// # Safety
/// Called by the engine with a valid work-item of a dispatch made by this test.
unsafe extern "C" fn mixed_sync_kernel(wip: *mut WorkItem) {
    // SAFETY: valid work-item.
    unsafe {
        let mut lanes = [0u64; LANES];
        if (*wip).flat_local_id % 2 == 0 {
            WorkItem::wave_exchange(wip, 1, lanes.as_mut_ptr());
        } else {
            WorkItem::barrier(wip, 0);
        }
    }
}

#[test]
fn barrier_mixed_with_wave_exchange_does_not_hang() {
    let k = kernel(mixed_sync_kernel, None);
    for e in engines() {
        e.run(&dispatch(
            &k,
            1,
            [128, 1, 1],
            [512, 1, 1],
            std::ptr::null::<u8>(),
        ))
        .expect("dispatch");
    }
}

/// # Safety
/// Called by the engine with a valid work-item of a dispatch made by this test.
unsafe extern "C" fn outside_kernel_probe(_wi: *mut WorkItem) {}

#[test]
fn device_ops_called_outside_a_dispatch_act_as_a_lone_work_item() {
    // Capture the ops table from a dispatch, then call it from a plain thread.
    static OPS: AtomicU64 = AtomicU64::new(0);
    /// # Safety
    /// Called by the engine with a valid work-item of a dispatch made by this test.
    unsafe extern "C" fn grab(wi: *mut WorkItem) {
        // SAFETY: valid work-item.
        OPS.store(unsafe { (*wi).ops } as u64, Ordering::Relaxed);
    }
    let k = kernel(grab, None);
    Engine::global()
        .run(&dispatch(
            &k,
            1,
            [1, 1, 1],
            [1, 1, 1],
            std::ptr::null::<u8>(),
        ))
        .expect("dispatch");
    let ops = OPS.load(Ordering::Relaxed) as *const cpu_engine::DeviceOps;
    assert!(!ops.is_null());
    let mut wi = WorkItem::zeroed();
    wi.ops = ops;
    let mut lanes = [0u64; LANES];
    // SAFETY: the engine tolerates calls outside of a dispatch (no group is running here).
    unsafe {
        // Outside of a dispatch the caller behaves as a lone work-item.
        assert_eq!(WorkItem::barrier(&mut wi, 1), 1);
        assert_eq!(WorkItem::barrier(&mut wi, 0), 0);
        assert_eq!(WorkItem::wave_exchange(&mut wi, 5, lanes.as_mut_ptr()), 1);
        assert_eq!(lanes[0], 5);
        assert_eq!((*ops).version, 1);
        assert_eq!((*ops).size, 72);
    }
    let _ = outside_kernel_probe;
}

// ---------------------------------------------------------------------------------------------
// Concurrency
// ---------------------------------------------------------------------------------------------

#[repr(C)]
struct VaddArgs {
    a: *const f32,
    b: *const f32,
    c: *mut f32,
    n: u64,
}

/// # Safety
/// Called by the engine with a valid work-item of a dispatch made by this test.
unsafe extern "C" fn vadd_kernel(wi: *mut WorkItem) {
    // SAFETY: valid work-item; arrays of `n` floats.
    unsafe {
        let wi = &*wi;
        let a = &*(wi.kernarg as *const VaddArgs);
        let i = wi.global_id(0);
        if i < a.n {
            *a.c.add(i as usize) = *a.a.add(i as usize) + *a.b.add(i as usize);
        }
    }
}

/// # Safety
/// Called by the engine with a valid work-item of a dispatch made by this test.
unsafe extern "C" fn vadd_group(wi: *mut WorkItem, begin: u32, _end: u32) {
    // SAFETY: as above; the loop re-reads range_end.
    unsafe {
        let a = &*((*wi).kernarg as *const VaddArgs);
        let base = u64::from((*wi).group_id[0]) * u64::from((*wi).workgroup_size[0]);
        let mut f = begin;
        while f < (*wi).range_end() {
            let i = base + u64::from(f);
            if i < a.n {
                *a.c.add(i as usize) = *a.a.add(i as usize) + *a.b.add(i as usize);
            }
            f += 1;
        }
    }
}

fn vadd_check(e: &Engine, k: &Kernel, n: usize, wg: u32, seed: f32) {
    let a: Vec<f32> = (0..n).map(|i| i as f32 * seed).collect();
    let b: Vec<f32> = (0..n).map(|i| (n - i) as f32).collect();
    let mut c = vec![0f32; n];
    let args = VaddArgs {
        a: a.as_ptr(),
        b: b.as_ptr(),
        c: c.as_mut_ptr(),
        n: n as u64,
    };
    e.run(&dispatch(k, 1, [wg, 1, 1], [n as u32, 1, 1], &args))
        .expect("dispatch");
    for i in 0..n {
        assert_eq!(c[i], a[i] + b[i], "element {i} of {n}");
    }
}

#[test]
fn concurrent_dispatches_from_four_threads() {
    let vadd = kernel(vadd_kernel, None);
    let vadd_wg = kernel(vadd_kernel, Some(vadd_group));
    let ids = kernel(id_kernel, None);
    std::thread::scope(|s| {
        for t in 0..4u32 {
            let (vadd, vadd_wg, ids) = (&vadd, &vadd_wg, &ids);
            s.spawn(move || {
                for i in 0..200u32 {
                    let e = if (i + t) % 2 == 0 {
                        Engine::global()
                    } else {
                        engine4()
                    };
                    match (i + t) % 5 {
                        0 => vadd_check(e, vadd, 1 + (i as usize * 37) % 5000, 64, t as f32),
                        1 => vadd_check(e, vadd_wg, 20_000 + i as usize, 256, i as f32),
                        2 => check_reduce(e, 128, 1000 + i * 3),
                        3 => run_ids(e, ids, 2, [16, 4, 1], [40 + i, 9, 1]),
                        _ => check_waves(e, 100, 300 + i),
                    }
                }
            });
        }
    });
}

// ---------------------------------------------------------------------------------------------
// Validation
// ---------------------------------------------------------------------------------------------

/// # Safety
/// Called by the engine with a valid work-item of a dispatch made by this test.
unsafe extern "C" fn never_runs(_wi: *mut WorkItem) {
    panic!("a rejected dispatch must not run");
}

#[test]
fn invalid_dispatches_are_rejected() {
    let k = Kernel {
        static_group_segment_size: 256,
        static_private_segment_size: 0,
        ..kernel(never_runs, None)
    };
    let ok = Dispatch {
        group_segment_size: 256,
        ..dispatch(&k, 1, [64, 1, 1], [128, 1, 1], std::ptr::null::<u8>())
    };
    let e = Engine::global();
    let cases: Vec<(Dispatch<'_>, DispatchError)> = vec![
        (
            Dispatch {
                dimensions: 0,
                ..ok
            },
            DispatchError::InvalidDimensions(0),
        ),
        (
            Dispatch {
                dimensions: 4,
                ..ok
            },
            DispatchError::InvalidDimensions(4),
        ),
        (
            Dispatch {
                workgroup_size: [0, 1, 1],
                ..ok
            },
            DispatchError::ZeroWorkgroupSize { dim: 0 },
        ),
        (
            Dispatch {
                dimensions: 2,
                workgroup_size: [8, 0, 1],
                grid_size: [8, 8, 1],
                ..ok
            },
            DispatchError::ZeroWorkgroupSize { dim: 1 },
        ),
        (
            Dispatch {
                grid_size: [0, 1, 1],
                ..ok
            },
            DispatchError::ZeroGridSize { dim: 0 },
        ),
        (
            Dispatch {
                dimensions: 3,
                workgroup_size: [1, 1, 1],
                grid_size: [1, 1, 0],
                ..ok
            },
            DispatchError::ZeroGridSize { dim: 2 },
        ),
        (
            Dispatch {
                workgroup_size: [64, 2, 1],
                ..ok
            },
            DispatchError::UnusedWorkgroupDimension { dim: 1, size: 2 },
        ),
        (
            Dispatch {
                grid_size: [128, 1, 3],
                ..ok
            },
            DispatchError::UnusedGridDimension { dim: 2, size: 3 },
        ),
        (
            Dispatch {
                dimensions: 2,
                workgroup_size: [64, 32, 1],
                grid_size: [64, 32, 1],
                ..ok
            },
            DispatchError::WorkgroupTooLarge {
                size: 2048,
                max: 1024,
            },
        ),
        (
            Dispatch {
                workgroup_size: [1025, 1, 1],
                ..ok
            },
            DispatchError::WorkgroupTooLarge {
                size: 1025,
                max: 1024,
            },
        ),
        (
            Dispatch {
                dimensions: 2,
                grid_size: [65536, 65536, 1],
                workgroup_size: [64, 1, 1],
                ..ok
            },
            DispatchError::GridTooLarge {
                size: 1 << 32,
                max: u32::MAX,
            },
        ),
        (
            Dispatch {
                group_segment_size: 65537,
                ..ok
            },
            DispatchError::GroupSegmentTooLarge {
                size: 65537,
                max: 65536,
            },
        ),
        (
            Dispatch {
                group_segment_size: 255,
                ..ok
            },
            DispatchError::GroupSegmentTooSmall {
                size: 255,
                static_size: 256,
            },
        ),
        (
            Dispatch {
                private_segment_size: 65537,
                ..ok
            },
            DispatchError::PrivateSegmentTooLarge {
                size: 65537,
                max: 65536,
            },
        ),
    ];
    for (d, expected) in cases {
        assert_eq!(e.run(&d), Err(expected.clone()), "{d:?}");
        assert!(!expected.to_string().is_empty());
    }
    let limits = Engine::limits();
    assert_eq!(limits.max_workgroup_size, 1024);
    assert_eq!(limits.max_group_segment_size, 64 * 1024);
    assert_eq!(limits.max_private_segment_size, 64 * 1024);
    assert_eq!(limits.max_grid_size, u32::MAX);
    assert_eq!(limits.wavefront_size, 64);
}

#[test]
fn worker_count_matches_config() {
    assert_eq!(engine4().worker_count(), 4);
    assert!(Engine::global().worker_count() >= 1);
    let e = Engine::new(EngineConfig {
        workers: 3,
        stack_size: 1,
    });
    assert_eq!(e.worker_count(), 3);
    assert_eq!(e.stack_size(), cpu_engine::engine::MIN_STACK_SIZE);
    drop(e); // stops the pool
}

// ---------------------------------------------------------------------------------------------
// Barrier phases with direct fiber switching
// ---------------------------------------------------------------------------------------------

const PHASE_ROUNDS: u32 = 12;

#[repr(C)]
struct PhaseArgs {
    /// Mismatches seen by work-items (0 expected).
    errors: *const AtomicU32,
    runs: *const AtomicU32,
}

/// Round before which work-item `lid` returns (`u32::MAX`: never).
fn phase_exit(lid: u32) -> u32 {
    if lid % 3 == 0 {
        lid % 5
    } else {
        u32::MAX
    }
}

/// # Safety
/// Called by the engine with a valid work-item of a dispatch made by this test.
unsafe extern "C" fn phase_kernel(wip: *mut WorkItem) {
    // SAFETY: valid work-item; group memory holds PHASE_ROUNDS u32 counters; arrays have one
    // entry per work-item.
    unsafe {
        let wi = &*wip;
        let a = &*(wi.kernarg as *const PhaseArgs);
        let gid = wi.global_id(0) + wi.global_id(1) * u64::from(wi.grid_size[0]);
        (*a.runs.add(gid as usize)).fetch_add(1, Ordering::Relaxed);
        let lid = wi.flat_local_id;
        let size = wi.local_size[0] * wi.local_size[1] * wi.local_size[2];
        let cnt = wi.group_segment as *mut u32;
        let exit = phase_exit(lid);
        // Group memory is not cleared between groups: the last work-item clears the counters
        // before the first barrier (or before it returns, if it returns at once).
        if lid + 1 == size {
            for r in 0..PHASE_ROUNDS {
                *cnt.add(r as usize) = 0;
            }
        }
        if exit == 0 {
            return;
        }
        WorkItem::barrier(wip, 0);
        for r in 0..PHASE_ROUNDS {
            if r == exit {
                return;
            }
            *cnt.add(r as usize) += 1;
            let passed = WorkItem::barrier(wip, 1);
            let live = (0..size).filter(|&l| phase_exit(l) > r).count() as u32;
            if *cnt.add(r as usize) != live || passed != live {
                (*a.errors).fetch_add(1, Ordering::Relaxed);
            }
            WorkItem::barrier(wip, 0);
        }
    }
}

fn check_phases(engine: &Engine, wg: [u32; 3], grid: [u32; 3], dims: u32) {
    let mut k = kernel(phase_kernel, None);
    k.static_group_segment_size = PHASE_ROUNDS * 4;
    let n = (grid[0] * grid[1] * grid[2]) as usize;
    let runs: Vec<AtomicU32> = (0..n).map(|_| AtomicU32::new(0)).collect();
    let errors = AtomicU32::new(0);
    let args = PhaseArgs {
        errors: &errors,
        runs: runs.as_ptr(),
    };
    engine
        .run(&dispatch(&k, dims, wg, grid, &args))
        .expect("dispatch");
    assert!(runs.iter().all(|r| r.load(Ordering::Relaxed) == 1));
    assert_eq!(errors.load(Ordering::Relaxed), 0, "wg {wg:?} grid {grid:?}");
}

#[test]
fn barrier_phases_with_early_exits_and_partial_groups() {
    // Every barrier returns only once all live work-items reached it, work-items that return
    // leave the barrier (here, at different rounds), and the next group runs after the fiber
    // group is complete; partial groups in both dimensions. Work-item 0 returns before any
    // barrier, so the group reaches fiber mode from the loop (at work-item 1).
    for e in engines() {
        check_phases(e, [64, 1, 1], [64 * 9 + 17, 1, 1], 1);
        check_phases(e, [8, 5, 1], [20, 13, 1], 2);
        check_phases(e, [1024, 1, 1], [2048 + 5, 1, 1], 1);
        check_phases(e, [7, 1, 1], [700, 1, 1], 1);
    }
}
