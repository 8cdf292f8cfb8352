//! The HSA system timestamp: `CLOCK_BOOTTIME` in nanoseconds, so its frequency is
//! 1 GHz (ROCR reports the same; see `HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY`).

/// Ticks per second of [`now`].
pub const TIMESTAMP_FREQUENCY_HZ: u64 = 1_000_000_000;

/// Current system timestamp in ticks (nanoseconds since boot).
pub fn now() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; CLOCK_BOOTTIME exists on every Linux we support.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_BOOTTIME, &mut ts) };
    debug_assert_eq!(rc, 0);
    (ts.tv_sec as u64)
        .wrapping_mul(1_000_000_000)
        .wrapping_add(ts.tv_nsec as u64)
}

#[cfg(test)]
mod tests {
    #[test]
    fn timestamp_is_monotonic() {
        let a = super::now();
        let b = super::now();
        assert!(b >= a);
        assert!(a > 0);
    }
}
