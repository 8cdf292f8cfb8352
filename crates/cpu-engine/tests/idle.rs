//! An idle engine uses no CPU: pool threads spin only briefly after work, then block.
//! (Its own test binary, so that no other test burns CPU in the process meanwhile.)

mod common;

use std::time::{Duration, Instant};

use common::{dispatch, engines, kernel, spin_for};
use cpu_engine::WorkItem;

/// User + system CPU time of the whole process.
fn process_cpu_time() -> Duration {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: getrusage writes a `rusage` into the valid buffer.
    let rc = unsafe { libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr()) };
    assert_eq!(rc, 0);
    // SAFETY: initialised by getrusage (and zeroed before).
    let u = unsafe { usage.assume_init() };
    let tv = |t: libc::timeval| {
        Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64)
    };
    tv(u.ru_utime) + tv(u.ru_stime)
}

/// # Safety
/// Called by the engine with a valid work-item of a dispatch made by this test.
unsafe extern "C" fn busy(_wi: *mut WorkItem) {
    spin_for(20_000);
}

#[test]
fn idle_pool_uses_no_cpu() {
    let k = kernel(busy, None);
    for e in engines() {
        // Long enough to wake the whole pool.
        e.run(&dispatch(
            &k,
            1,
            [1, 1, 1],
            [200, 1, 1],
            std::ptr::null::<u8>(),
        ))
        .expect("dispatch");
    }
    let cpu0 = process_cpu_time();
    let wall0 = Instant::now();
    std::thread::sleep(Duration::from_millis(200));
    let wall = wall0.elapsed();
    let cpu = process_cpu_time() - cpu0;
    assert!(
        cpu < wall / 10,
        "idle engine used {cpu:?} of CPU in {wall:?}"
    );
}
