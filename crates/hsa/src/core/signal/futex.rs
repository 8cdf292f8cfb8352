//! Linux futex wait/wake on an `AtomicU32` (process-private).

use std::sync::atomic::AtomicU32;

/// Sleeps while `*word == expected`, for at most `timeout_ns` nanoseconds. Returns on a
/// wake, a value mismatch, a signal or the timeout; callers re-check their condition.
pub(super) fn wait(word: &AtomicU32, expected: u32, timeout_ns: u64) {
    // Cap at ~31 years so that tv_sec fits every time_t.
    let timeout_ns = timeout_ns.min(1 << 60);
    let ts = libc::timespec {
        tv_sec: (timeout_ns / 1_000_000_000) as libc::time_t,
        tv_nsec: (timeout_ns % 1_000_000_000) as libc::c_long,
    };
    // SAFETY: `word` is a live, aligned u32 for the whole call and `ts` a valid relative
    // timespec; FUTEX_WAIT only reads them. Errors (EAGAIN, EINTR, ETIMEDOUT) need no
    // handling because every caller re-checks its condition in a loop.
    unsafe {
        libc::syscall(
            libc::SYS_futex,
            word.as_ptr(),
            libc::FUTEX_WAIT | libc::FUTEX_PRIVATE_FLAG,
            expected,
            &ts as *const libc::timespec,
            std::ptr::null::<u32>(),
            0u32,
        );
    }
}

/// Wakes up to `count` threads sleeping in [`wait`] on `word`.
pub(super) fn wake(word: &AtomicU32, count: i32) {
    // SAFETY: `word` is a live, aligned u32; FUTEX_WAKE does not access memory through it
    // beyond identifying the futex.
    unsafe {
        libc::syscall(
            libc::SYS_futex,
            word.as_ptr(),
            libc::FUTEX_WAKE | libc::FUTEX_PRIVATE_FLAG,
            count,
            std::ptr::null::<libc::timespec>(),
            std::ptr::null::<u32>(),
            0u32,
        );
    }
}
