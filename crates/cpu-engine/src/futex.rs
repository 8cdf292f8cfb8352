//! Linux futex wait/wake on a 32-bit word: the one wrapper of the system call, used by the
//! engine's worker pool and by the HSA runtime's signals (process-private futexes), and by
//! the HIP runtime's inter-process events and semaphores (shared futexes on `MAP_SHARED`
//! memory, [`wait_shared`]/[`wake_shared`]). Callers always
//! re-check their condition after a wait returns (a wake, a value mismatch, a signal or the
//! timeout all look the same), so no error of the system call needs handling.

use std::sync::atomic::AtomicU32;

/// Sleeps while `*word == expected`, for at most `timeout_ns` nanoseconds (`None`: no limit).
pub fn wait(word: &AtomicU32, expected: u32, timeout_ns: Option<u64>) {
    wait_op(
        word,
        expected,
        timeout_ns,
        libc::FUTEX_WAIT | libc::FUTEX_PRIVATE_FLAG,
    );
}

/// [`wait`] on a word of memory shared between processes (`MAP_SHARED`): the futex is keyed
/// by the underlying page, so a [`wake_shared`] from another process wakes it.
pub fn wait_shared(word: &AtomicU32, expected: u32, timeout_ns: Option<u64>) {
    wait_op(word, expected, timeout_ns, libc::FUTEX_WAIT);
}

fn wait_op(word: &AtomicU32, expected: u32, timeout_ns: Option<u64>, op: libc::c_int) {
    // Cap at ~31 years so that tv_sec fits every time_t.
    let ts = timeout_ns.map(|ns| {
        let ns = ns.min(1 << 60);
        libc::timespec {
            tv_sec: (ns / 1_000_000_000) as libc::time_t,
            tv_nsec: (ns % 1_000_000_000) as libc::c_long,
        }
    });
    let ts_ptr = ts
        .as_ref()
        .map_or(std::ptr::null(), |t| t as *const libc::timespec);
    // SAFETY: `word` is a live, aligned u32 for the whole call and `ts_ptr` NULL or a valid
    // relative timespec; FUTEX_WAIT only reads them.
    unsafe {
        libc::syscall(
            libc::SYS_futex,
            word.as_ptr(),
            op,
            expected,
            ts_ptr,
            std::ptr::null::<u32>(),
            0u32,
        );
    }
}

/// Wakes up to `count` threads sleeping in [`wait`] on `word`.
pub fn wake(word: &AtomicU32, count: i32) {
    wake_address(word.as_ptr() as usize, count);
}

/// Wakes up to `count` threads sleeping on the futex at address `addr`. The memory is not
/// accessed (the address is only the futex's key, hence an integer), so `addr` may belong to
/// an object whose owner has just released it: at worst an unrelated waiter wakes
/// spuriously, which waiters tolerate.
pub fn wake_address(addr: usize, count: i32) {
    wake_op(addr, count, libc::FUTEX_WAKE | libc::FUTEX_PRIVATE_FLAG);
}

/// Wakes up to `count` threads (of any process) sleeping in [`wait_shared`] on `word`.
pub fn wake_shared(word: &AtomicU32, count: i32) {
    wake_op(word.as_ptr() as usize, count, libc::FUTEX_WAKE);
}

fn wake_op(addr: usize, count: i32, op: libc::c_int) {
    // SAFETY: FUTEX_WAKE does not access memory through the address; it only identifies the
    // futex.
    unsafe {
        libc::syscall(
            libc::SYS_futex,
            addr as *const u32,
            op,
            count,
            std::ptr::null::<libc::timespec>(),
            std::ptr::null::<u32>(),
            0u32,
        );
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::Ordering;
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    use super::*;

    #[test]
    fn a_changed_word_does_not_sleep_and_a_timeout_returns() {
        let w = AtomicU32::new(1);
        let t = Instant::now();
        wait(&w, 0, None); // value mismatch: returns at once
        wait(&w, 1, Some(2_000_000)); // 2 ms timeout
        assert!(t.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn wake_releases_a_sleeper() {
        let w = Arc::new(AtomicU32::new(0));
        let w2 = Arc::clone(&w);
        let sleeper = std::thread::spawn(move || {
            while w2.load(Ordering::Acquire) == 0 {
                wait(&w2, 0, None);
            }
        });
        std::thread::sleep(Duration::from_millis(20));
        w.store(1, Ordering::Release);
        wake(&w, 1);
        sleeper.join().expect("sleeper");
    }
}
