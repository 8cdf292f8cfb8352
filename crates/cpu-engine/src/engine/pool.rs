//! The worker pool: published jobs (home blocks, chunk claiming and stealing), the lock-free
//! publication slots, and the pool threads' main loop.

use std::ptr;
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use parking_lot::{Condvar, Mutex};

use super::context::WorkerCtx;
use super::dispatch::DispatchState;
use super::group::run_groups;
use super::{CALLER_SPIN, CHUNKS_PER_THREAD, MAX_BLOCKS, WORKER_SPIN};

/// A published dispatch. It lives on the publishing caller's stack, referenced by a
/// publication slot of the pool (see [`PubSlot`]).
///
/// The groups are split into one contiguous *home block* per participant (the caller has block
/// 0, pool thread `i` block `i`): a participant first claims chunks of its own block, then
/// steals chunks from the others. Repeated dispatches of the same shape thus give each thread
/// the same part of the data (which stays in its caches), while stealing balances the load.
pub(super) struct Job {
    pub(super) state: *const DispatchState,
    pub(super) blocks: [Block; MAX_BLOCKS],
    pub(super) nblocks: usize,
    /// Set once a participant found every block exhausted.
    pub(super) exhausted: AtomicBool,
    /// Largest chunk claimed at once.
    pub(super) chunk: u64,
    /// Helpers still wanted (each joining helper wakes up to two sleepers while > 0).
    pub(super) wanted: AtomicUsize,
    /// Pool threads that may work on the job at once: a dispatch limited to a share of the
    /// threads (one of several CPU devices, `Engine::run_on`) never gets more helpers.
    pub(super) seats: AtomicUsize,
}

/// A home block: groups `next..end` are still to be claimed.
#[repr(align(64))]
pub(super) struct Block {
    pub(super) next: AtomicU64,
    pub(super) end: u64,
}

impl Job {
    pub(super) fn state(&self) -> &DispatchState {
        // SAFETY: `state` points to the caller's `DispatchState`, which outlives the job.
        unsafe { &*self.state }
    }

    #[inline]
    pub(super) fn new(st: &DispatchState, first: u64, participants: u64, helpers: u64) -> Job {
        let remaining = st.total_groups - first;
        let nblocks = participants.clamp(1, MAX_BLOCKS as u64);
        let mut job = Job {
            state: st,
            blocks: std::array::from_fn(|_| Block {
                next: AtomicU64::new(0),
                end: 0,
            }),
            nblocks: nblocks as usize,
            exhausted: AtomicBool::new(false),
            chunk: (remaining / (participants * CHUNKS_PER_THREAD)).max(1),
            wanted: AtomicUsize::new(usize::try_from(helpers).unwrap_or(usize::MAX)),
            seats: AtomicUsize::new(usize::try_from(helpers).unwrap_or(usize::MAX)),
        };
        for (b, block) in job.blocks.iter_mut().enumerate().take(nblocks as usize) {
            let b = b as u64;
            *block.next.get_mut() = first + remaining * b / nblocks;
            block.end = first + remaining * (b + 1) / nblocks;
        }
        job
    }

    pub(super) fn has_work(&self) -> bool {
        !self.exhausted.load(Ordering::Relaxed)
    }

    /// Whether a pool thread may join: work is left and a seat is free.
    pub(super) fn open(&self) -> bool {
        self.has_work() && self.seats.load(Ordering::Relaxed) > 0
    }

    /// Takes a seat (false when none is free).
    pub(super) fn take_seat(&self) -> bool {
        self.seats
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |s| s.checked_sub(1))
            .is_ok()
    }

    /// Gives a seat back (the helper leaves the job).
    pub(super) fn leave_seat(&self) {
        self.seats.fetch_add(1, Ordering::Relaxed);
    }

    /// Claims and runs chunks until none is left (participant `who`).
    pub(super) fn work(&self, ctx: &mut WorkerCtx, who: usize) {
        while self.run_chunk(ctx, who) {}
    }

    /// Claims one chunk (from `who`'s home block first) and runs it; false when none was left.
    pub(super) fn run_chunk(&self, ctx: &mut WorkerCtx, who: usize) -> bool {
        let st = self.state();
        let home = who % self.nblocks;
        for i in 0..self.nblocks {
            let block = &self.blocks[(home + i) % self.nblocks];
            let Some((first, end)) = self.claim(block) else {
                continue;
            };
            if let Err(e) = run_groups(ctx, st, first, end) {
                st.record_error(e);
                self.stop();
                return false;
            }
            return true;
        }
        self.exhausted.store(true, Ordering::Relaxed);
        false
    }

    /// Claims the next chunk of `block`: a quarter of what is left, at most `chunk` groups and at
    /// least one ("guided" scheduling: the last chunks are small, so all threads finish
    /// together).
    pub(super) fn claim(&self, block: &Block) -> Option<(u64, u64)> {
        let mut cur = block.next.load(Ordering::Relaxed);
        loop {
            if cur >= block.end {
                return None;
            }
            let size = ((block.end - cur) / 4).clamp(1, self.chunk);
            match block.next.compare_exchange_weak(
                cur,
                cur + size,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return Some((cur, cur + size)),
                Err(now) => cur = now,
            }
        }
    }

    /// Makes every remaining group unclaimable (after an error).
    pub(super) fn stop(&self) {
        for block in &self.blocks[..self.nblocks] {
            block.next.store(block.end, Ordering::Relaxed);
        }
        self.exhausted.store(true, Ordering::Relaxed);
    }
}

/// Concurrently published dispatches at most (more run on their callers alone).
pub(super) const SLOTS: usize = 64;

/// Set in a slot's `refs` while its owner sleeps waiting for them to drop to zero.
pub(super) const WAITING: u32 = 1 << 31;

/// A publication slot. A publishing caller owns it from `publish` until `unpublish` has seen
/// every pool thread leave. Pool threads find jobs without locks: they count themselves in
/// `refs` *before* reading `job`, and the owner clears `job` *before* waiting for `refs` to
/// drop to zero, so no thread can use a job after its caller returned.
#[repr(align(64))]
pub(super) struct PubSlot {
    pub(super) owner: AtomicBool,
    pub(super) job: AtomicPtr<Job>,
    /// Pool threads looking at or working on `job`, plus [`WAITING`].
    pub(super) refs: AtomicU32,
}

pub(super) struct Shared {
    pub(super) slots: Box<[PubSlot]>,
    /// Bit `i`: slot `i` holds a job.
    pub(super) active: AtomicU64,
    /// Held by a sleeping worker from its last look for work until it waits on `cv`.
    pub(super) sleep: Mutex<()>,
    pub(super) cv: Condvar,
    pub(super) sleepers: AtomicUsize,
    pub(super) shutdown: AtomicBool,
    /// Bumped on every publication (spinning workers watch it).
    pub(super) epoch: AtomicU64,
    /// Pool threads spinning for work.
    pub(super) spinning: AtomicUsize,
    pub(super) stack_size: usize,
}

impl Shared {
    /// Makes `job` visible to the pool; `None` if every slot is taken.
    #[inline]
    pub(super) fn publish(&self, job: &Job) -> Option<usize> {
        let i = (0..SLOTS).find(|&i| {
            self.slots[i]
                .owner
                .compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed)
                .is_ok()
        })?;
        self.slots[i]
            .job
            .store(ptr::from_ref(job).cast_mut(), Ordering::SeqCst);
        self.active.fetch_or(1 << i, Ordering::SeqCst);
        self.epoch.fetch_add(1, Ordering::SeqCst);
        if job.wanted.load(Ordering::Relaxed) > self.spinning.load(Ordering::SeqCst) {
            self.wake(1);
        }
        Some(i)
    }

    /// Withdraws the job of slot `i` and waits until no pool thread uses it any more.
    #[inline]
    pub(super) fn unpublish(&self, i: usize) {
        let slot = &self.slots[i];
        self.active.fetch_and(!(1 << i), Ordering::SeqCst);
        slot.job.store(ptr::null_mut(), Ordering::SeqCst);
        let start = Instant::now();
        loop {
            let r = slot.refs.load(Ordering::SeqCst);
            if r & !WAITING == 0 {
                break;
            }
            if start.elapsed() < CALLER_SPIN {
                std::hint::spin_loop();
                continue;
            }
            if r & WAITING == 0
                && slot
                    .refs
                    .compare_exchange(r, r | WAITING, Ordering::SeqCst, Ordering::SeqCst)
                    .is_err()
            {
                continue;
            }
            crate::futex::wait(&slot.refs, r | WAITING, None);
        }
        slot.refs.fetch_and(!WAITING, Ordering::SeqCst);
        slot.owner.store(false, Ordering::Release);
    }

    /// Takes a reference on slot `i`; returns its job if it still has work (the reference is
    /// kept), else drops the reference.
    pub(super) fn peek(&self, i: usize) -> Option<*const Job> {
        let slot = &self.slots[i];
        slot.refs.fetch_add(1, Ordering::SeqCst);
        let job = slot.job.load(Ordering::SeqCst);
        // SAFETY: a non-null job stays alive while we hold a reference (see `PubSlot`).
        if !job.is_null() && unsafe { &*job }.open() {
            return Some(job);
        }
        self.release(i);
        None
    }

    /// Drops a reference on slot `i`; wakes its owner if it waits for the last one.
    pub(super) fn release(&self, i: usize) {
        let slot = &self.slots[i];
        if slot.refs.fetch_sub(1, Ordering::SeqCst) == WAITING | 1 {
            crate::futex::wake_address(slot.refs.as_ptr() as usize, i32::MAX);
        }
    }

    /// Picks a published job with work left, starting at slot `*cursor` (round-robin), and
    /// takes a reference on its slot.
    pub(super) fn acquire(&self, cursor: &mut usize) -> Option<(usize, *const Job)> {
        let mask = self.active.load(Ordering::SeqCst);
        if mask == 0 {
            return None;
        }
        for t in 0..SLOTS {
            let i = (*cursor + t) % SLOTS;
            if mask & (1 << i) == 0 {
                continue;
            }
            if let Some(job) = self.peek(i) {
                // SAFETY: we hold a reference on the slot.
                if !unsafe { &*job }.take_seat() {
                    self.release(i);
                    continue;
                }
                *cursor = i + 1;
                // SAFETY: as above.
                let wanted = &unsafe { &*job }.wanted;
                let before = wanted
                    .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |w| {
                        Some(w.saturating_sub(1))
                    })
                    .unwrap_or(0);
                // Wake helpers as a binary tree: each one that joins wakes up to two more.
                self.wake(before.saturating_sub(1).min(2));
                return Some((i, job));
            }
        }
        None
    }

    /// Whether some published job has work left.
    pub(super) fn any_work(&self) -> bool {
        let mask = self.active.load(Ordering::SeqCst);
        (0..SLOTS).any(|i| mask & (1 << i) != 0 && self.peek(i).map(|_| self.release(i)).is_some())
    }

    /// Wakes up to `n` sleeping workers.
    #[inline]
    pub(super) fn wake(&self, n: usize) {
        if n == 0 || self.sleepers.load(Ordering::SeqCst) == 0 {
            return;
        }
        // A sleeper holds `sleep` from its last look for work until it waits: taking it here
        // orders this wake-up after that wait, so it is not lost.
        drop(self.sleep.lock());
        for _ in 0..n {
            self.cv.notify_one();
        }
    }
}

pub(super) fn worker_main(shared: &Shared, index: usize) {
    let mut ctx = WorkerCtx::new(shared.stack_size);
    let mut cursor = index;
    loop {
        if let Some((slot, job)) = shared.acquire(&mut cursor) {
            // SAFETY: we hold a reference on the slot, which keeps the job alive until `release`.
            let job = unsafe { &*job };
            while job.run_chunk(&mut ctx, index) {
                if shared.active.load(Ordering::Relaxed).count_ones() > 1 {
                    break; // rotate to the next job for fairness
                }
            }
            job.leave_seat();
            shared.release(slot);
            continue;
        }
        // Spin a little for the next dispatch, then sleep.
        let seen = shared.epoch.load(Ordering::SeqCst);
        shared.spinning.fetch_add(1, Ordering::SeqCst);
        let start = Instant::now();
        let mut again = false;
        while start.elapsed() < WORKER_SPIN {
            for _ in 0..8 {
                std::hint::spin_loop();
            }
            if shared.epoch.load(Ordering::SeqCst) != seen {
                again = true;
                break;
            }
        }
        shared.spinning.fetch_sub(1, Ordering::SeqCst);
        if again {
            continue;
        }
        let mut guard = shared.sleep.lock();
        loop {
            if shared.shutdown.load(Ordering::SeqCst) {
                return;
            }
            shared.sleepers.fetch_add(1, Ordering::SeqCst);
            if shared.any_work() {
                shared.sleepers.fetch_sub(1, Ordering::SeqCst);
                break;
            }
            shared.cv.wait(&mut guard);
            shared.sleepers.fetch_sub(1, Ordering::SeqCst);
        }
    }
}
