//! A futex-backed event count for signal waiters, over the engine's futex wrapper
//! ([`cpu_engine::futex`]).

use std::sync::atomic::{AtomicU32, Ordering};

use cpu_engine::futex::{wait, wake};

/// A futex-backed event count. Bit 0 is set by a thread about to sleep, bits 1.. count
/// notifications. A notification bumps the count, clears the bit and makes the futex
/// system call only if the bit was set, so notifying a word whose waiters are awake
/// (re-checking their condition) costs one atomic read-modify-write.
#[derive(Debug, Default)]
pub(crate) struct EventWord(AtomicU32);

impl EventWord {
    /// The epoch to pass to [`sleep`](Self::sleep); read it *before* checking the condition.
    #[inline]
    pub(crate) fn epoch(&self) -> u32 {
        self.0.load(Ordering::SeqCst)
    }

    /// Sleeps (at most `timeout_ns`) unless a notification arrived since `epoch` was read.
    pub(crate) fn sleep(&self, epoch: u32, timeout_ns: u64) {
        let armed = epoch | 1;
        if epoch & 1 == 0
            && self
                .0
                .compare_exchange(epoch, armed, Ordering::SeqCst, Ordering::SeqCst)
                .is_err()
        {
            return; // notified in between: re-check
        }
        wait(&self.0, armed, Some(timeout_ns));
    }

    /// Wakes up to `count` sleepers (all re-check their conditions).
    pub(crate) fn notify(&self, count: i32) {
        let old = match self
            .0
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |v| {
                Some(v.wrapping_add(2) & !1)
            }) {
            Ok(v) | Err(v) => v,
        };
        if old & 1 != 0 {
            wake(&self.0, count);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    #[test]
    fn stale_epoch_does_not_sleep() {
        let w = EventWord::default();
        let e = w.epoch();
        w.notify(1);
        let t = Instant::now();
        w.sleep(e, 1_000_000_000);
        assert!(t.elapsed() < Duration::from_millis(500));
        assert_eq!(w.epoch(), 2, "count bumped, sleep bit clear");
    }

    #[test]
    fn sleeper_sets_the_bit_and_notify_wakes_it() {
        let w = Arc::new(EventWord::default());
        let w2 = Arc::clone(&w);
        let t = std::thread::spawn(move || {
            let e = w2.epoch();
            let start = Instant::now();
            w2.sleep(e, 10_000_000_000);
            start.elapsed()
        });
        while w.epoch() & 1 == 0 {
            std::thread::yield_now();
        }
        std::thread::sleep(Duration::from_millis(20));
        w.notify(1);
        let slept = t.join().unwrap();
        assert!(slept < Duration::from_secs(5), "{slept:?}");
        assert_eq!(w.epoch() & 1, 0);
        // Timeout.
        let e = w.epoch();
        let start = Instant::now();
        w.sleep(e, 20_000_000);
        assert!(start.elapsed() >= Duration::from_millis(20));
    }
}
