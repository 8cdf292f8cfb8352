//! The clock and thread ids of trace records, as rocprofv3 takes them.

/// `CLOCK_MONOTONIC` in nanoseconds (rocprofv3's timestamps).
pub fn now_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid out-pointer; CLOCK_MONOTONIC always exists on Linux.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut ts) };
    ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
}

thread_local! {
    /// This thread's kernel id, asked once.
    static THREAD_ID: u64 = {
        // SAFETY: gettid has no preconditions.
        (unsafe { libc::gettid() }) as u64
    };
}

/// The calling thread's kernel thread id (`gettid`, rocprofv3's `Thread_Id`).
pub fn thread_id() -> u64 {
    THREAD_ID.try_with(|id| *id).unwrap_or_else(|_| {
        // SAFETY: gettid has no preconditions (the thread is being torn down: no cache).
        (unsafe { libc::gettid() }) as u64
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_does_not_go_back_and_threads_differ() {
        let a = now_ns();
        let b = now_ns();
        assert!(a > 0 && b >= a);
        let here = thread_id();
        let there = std::thread::spawn(thread_id).join().expect("thread");
        assert_ne!(here, there);
        assert_eq!(here, thread_id());
    }
}
