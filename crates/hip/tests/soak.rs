//! Soak test of the safe Rust API (the C++ one is `tests/hip/soak.hip`): host threads, each
//! with a blocking and a non-blocking stream, run units of work for `FERROCM_SOAK_SECS`
//! seconds (default 2 here): an async host-to-device copy, a closure kernel (with a barrier in
//! every other unit), an event recorded on one stream that the other stream waits for, a
//! second kernel there, then the results copied back and checked. Every unit submitted must
//! be completed and verified (0 lost). `FERROCM_SOAK_THREADS` (default 4) sets the threads.
//! CPU platform (closure kernels are host code); on NVIDIA the test says it is skipped.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use hip::safe::{Device, DeviceBuffer, Dim3, Event, Platform, Stream};

#[derive(Default)]
struct Counts {
    submitted: AtomicU64,
    completed: AtomicU64,
    verified: AtomicU64,
    launches: AtomicU64,
}

/// A device pointer a kernel closure may capture (the launch keeps the buffer alive: the
/// thread waits for the unit before touching or dropping the buffer).
#[derive(Clone, Copy)]
struct DevPtr(usize);

const N: usize = 4096;

fn env_number(name: &str, fallback: f64) -> f64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(fallback)
}

fn worker(t: usize, end: Instant, counts: &Counts) {
    let device = Device::get(0).expect("device 0");
    let a = Stream::non_blocking(&device).expect("stream");
    let b = Stream::new(&device).expect("stream");
    let mut buf = DeviceBuffer::<u32>::zeroed(N).expect("buffer");
    let ev = Event::new().expect("event");
    let mut k: u64 = 0;
    while Instant::now() < end {
        let base = (t as u32).wrapping_mul(1_000_003).wrapping_add(k as u32);
        let input: Vec<u32> = (0..N as u32).map(|i| base ^ i).collect();
        counts.submitted.fetch_add(1, Ordering::Relaxed);
        a.copy_to_device(input.clone(), &mut buf).expect("copy");
        let p = DevPtr(buf.as_mut_ptr() as usize);
        let with_barrier = k % 2 == 1;
        a.launch(Dim3::x((N / 256) as u32), Dim3::x(256), move |ctx| {
            let p = p;
            let i = ctx.global_id(0);
            if with_barrier {
                ctx.barrier();
            }
            // SAFETY: i < N; the buffer outlives the unit (the thread waits for it).
            unsafe {
                let q = (p.0 as *mut u32).add(i);
                *q = (*q).wrapping_add(7);
            }
        })
        .expect("launch on a");
        ev.record(&a).expect("record");
        ev.make_wait(&b).expect("wait on b");
        b.launch(Dim3::x((N / 256) as u32), Dim3::x(256), move |ctx| {
            let p = p;
            let i = ctx.global_id(0);
            // SAFETY: as above.
            unsafe {
                let q = (p.0 as *mut u32).add(i);
                *q = (*q).wrapping_mul(3);
            }
        })
        .expect("launch on b");
        counts.launches.fetch_add(2, Ordering::Relaxed);
        b.synchronize().expect("synchronize b");
        let out = buf.to_vec().expect("copy back");
        counts.completed.fetch_add(1, Ordering::Relaxed);
        let wrong = input
            .iter()
            .zip(&out)
            .position(|(x, y)| x.wrapping_add(7).wrapping_mul(3) != *y);
        match wrong {
            None => {
                counts.verified.fetch_add(1, Ordering::Relaxed);
            }
            Some(i) => eprintln!(
                "thread {t} unit {k}: element {i} is {}, expected {}",
                out[i],
                input[i].wrapping_add(7).wrapping_mul(3)
            ),
        }
        k += 1;
    }
    a.synchronize().expect("a");
}

#[test]
fn soak_threads_streams_events_and_kernels() {
    if hip::safe::platform() != Platform::Cpu {
        eprintln!("soak (safe API): skipped: closure kernels run on the CPU platform only");
        return;
    }
    let secs = env_number("FERROCM_SOAK_SECS", 2.0).max(0.1);
    let threads = env_number("FERROCM_SOAK_THREADS", 4.0).max(1.0) as usize;
    let counts = Arc::new(Counts::default());
    let start = Instant::now();
    let end = start + Duration::from_secs_f64(secs);
    let handles: Vec<_> = (0..threads)
        .map(|t| {
            let c = Arc::clone(&counts);
            std::thread::spawn(move || worker(t, end, &c))
        })
        .collect();
    for h in handles {
        h.join().expect("a soak thread panicked");
    }
    let elapsed = start.elapsed().as_secs_f64();
    let (sub, done, ok) = (
        counts.submitted.load(Ordering::Relaxed),
        counts.completed.load(Ordering::Relaxed),
        counts.verified.load(Ordering::Relaxed),
    );
    println!(
        "soak (safe API): {elapsed:.1} s, {threads} host threads, {} kernel launches ({:.0}/s), \
         units: {sub} submitted, {done} completed, {ok} verified, {} lost",
        counts.launches.load(Ordering::Relaxed),
        counts.launches.load(Ordering::Relaxed) as f64 / elapsed,
        sub - done
    );
    assert!(sub > 0, "no work was submitted");
    assert_eq!(done, sub, "units lost");
    assert_eq!(ok, sub, "units with wrong results");
}
