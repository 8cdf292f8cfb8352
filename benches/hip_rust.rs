//! The safe Rust HIP API (`hip::safe`) on the CPU platform, beside native Rust peers measured
//! in the same run:
//! - vadd of 2^24 floats with a Rust closure as the kernel (one element per work-item, blocks
//!   64/256/1024; launch + `Stream::synchronize` per sample); peers: the same addition as a
//!   plain loop on one thread and split with `std::thread::scope` over as many threads as the
//!   engine has workers, on the same memory (device memory is host memory here);
//! - launch + synchronize of an empty closure kernel on a created stream, back to back; peers:
//!   a round trip through `std::sync::mpsc` to a worker thread that runs a boxed closure
//!   (both sides block), and a hand-off to a worker that spins on an atomic (nobody sleeps:
//!   the native floor; our runtime's threads also spin for a while before they sleep);
//! - host-side enqueue: 100 empty launches back to back (the stream's queue never fills), per
//!   launch; throughput: 10000 back to back, then one synchronize, per launch; peer: as many
//!   boxed closures sent to the mpsc worker, then waiting for the last one.
//!
//! Run: `cargo bench -p ferrocm-benches --bench hip_rust` (`FERROCM_BENCH_QUICK=1`: fewer
//! samples).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Instant;

use ferrocm_benches::{compare_row, engine_threads, machine, peer_row, quick, sample, Stats};
use hip::safe::{Device, DeviceBuffer, Dim3, Stream};

type Job = Box<dyn FnOnce() + Send>;

/// The native peer of a stream: a worker thread running boxed closures in order, reporting
/// each completion on a channel.
struct NativeWorker {
    jobs: Option<mpsc::Sender<Job>>,
    done: mpsc::Receiver<()>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl NativeWorker {
    fn new() -> NativeWorker {
        let (jobs, job_rx) = mpsc::channel::<Job>();
        let (done_tx, done) = mpsc::channel();
        let thread = std::thread::spawn(move || {
            while let Ok(job) = job_rx.recv() {
                job();
                if done_tx.send(()).is_err() {
                    return;
                }
            }
        });
        NativeWorker {
            jobs: Some(jobs),
            done,
            thread: Some(thread),
        }
    }

    fn submit(&self, job: Job) {
        if let Some(tx) = &self.jobs {
            tx.send(job).expect("native worker thread is gone");
        }
    }

    /// Waits for `n` completions.
    fn wait(&self, n: usize) {
        for _ in 0..n {
            self.done.recv().expect("native worker thread is gone");
        }
    }
}

impl Drop for NativeWorker {
    fn drop(&mut self) {
        self.jobs = None;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The spinning native peer: the worker polls a request counter, runs an empty job and
/// publishes the counter back; the caller spins until it sees it.
fn spin_handoff_latency(iterations: usize) -> Stats {
    let request = Arc::new(AtomicU64::new(0));
    let done = Arc::new(AtomicU64::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let worker = {
        let (request, done, stop) = (request.clone(), done.clone(), stop.clone());
        std::thread::spawn(move || {
            let mut seen = 0;
            while !stop.load(Ordering::Relaxed) {
                let r = request.load(Ordering::Acquire);
                if r != seen {
                    seen = r;
                    std::hint::black_box(());
                    done.store(r, Ordering::Release);
                } else {
                    std::hint::spin_loop();
                }
            }
        })
    };
    let mut k = 0u64;
    let s = measure(iterations, || {
        k += 1;
        request.store(k, Ordering::Release);
        while done.load(Ordering::Acquire) != k {
            std::hint::spin_loop();
        }
    });
    stop.store(true, Ordering::Relaxed);
    let _ = worker.join();
    s
}

/// One untimed warm-up call, then `n` timed ones.
fn measure(n: usize, mut f: impl FnMut()) -> Stats {
    f();
    Stats::of(&mut sample(n, f))
}

fn vadd_native(x: &[f32], y: &[f32], z: &mut [f32]) {
    for ((z, x), y) in z.iter_mut().zip(x).zip(y) {
        *z = x + y;
    }
}

fn run() -> Result<(), String> {
    let q = quick();
    let threads = engine_threads();
    println!(
        "# hip_rust on {} ({threads} engine workers; threaded peers use as many threads){}",
        machine(),
        if q { "; QUICK mode" } else { "" }
    );
    let err = |e: hip::HipError| e.to_string();
    let device = Device::get(0).map_err(err)?;
    let stream = Stream::new(&device).map_err(err)?;

    // 1. vadd 2^24 with a closure kernel.
    let n: usize = 1 << 24;
    let samples = if q { 5 } else { 15 };
    let x_host: Vec<f32> = (0..n).map(|i| (i & 1023) as f32 * 0.5).collect();
    let y_host: Vec<f32> = (0..n).map(|i| (i % 1000) as f32 * 0.25).collect();
    let x = DeviceBuffer::from_slice(&x_host).map_err(err)?;
    let y = DeviceBuffer::from_slice(&y_host).map_err(err)?;
    let mut z = DeviceBuffer::<f32>::zeroed(n).map_err(err)?;
    let (xp, yp, zp) = (
        x.as_ptr() as usize,
        y.as_ptr() as usize,
        z.as_mut_ptr() as usize,
    );
    let check = |what: &str, got: &[f32]| -> Result<(), String> {
        match (0..n).find(|&i| got[i] != x_host[i] + y_host[i]) {
            Some(i) => Err(format!("{what}: z[{i}] = {}", got[i])),
            None => Ok(()),
        }
    };
    let bytes = Some(3.0 * 4.0 * n as f64);
    let mut ours = Vec::new();
    for block in [64usize, 256, 1024] {
        let grid = n.div_ceil(block) as u32;
        let s = measure(samples, || {
            stream
                .launch(Dim3::x(grid), Dim3::x(block as u32), move |t| {
                    let i = t.global_id(0);
                    if i < n {
                        // SAFETY: i < n and the three buffers hold n floats; they outlive the
                        // launch (the stream is synchronized before they are dropped).
                        unsafe {
                            *(zp as *mut f32).add(i) =
                                *(xp as *const f32).add(i) + *(yp as *const f32).add(i)
                        };
                    }
                })
                .expect("launch of the vadd closure");
            stream.synchronize().expect("stream synchronize");
        });
        check(&format!("closure b{block}"), &z.to_vec().map_err(err)?)?;
        ours.push((format!("closure-b{block}"), s));
        z.copy_from(&vec![0.0; n]).map_err(err)?;
    }
    // SAFETY: device memory is ordinary host memory on the CPU platform; the buffers hold n
    // floats and live until the end of this function; no kernel runs while these slices are
    // used (the stream is idle after the synchronize above).
    let (xs, ys, zs) = unsafe {
        (
            std::slice::from_raw_parts(xp as *const f32, n),
            std::slice::from_raw_parts(yp as *const f32, n),
            std::slice::from_raw_parts_mut(zp as *mut f32, n),
        )
    };
    let one = measure(samples, || vadd_native(xs, ys, zs));
    check("loop-1t", zs)?;
    zs.fill(0.0);
    let chunk = n.div_ceil(threads);
    let split = measure(samples, || {
        std::thread::scope(|s| {
            let mut parts = zs
                .chunks_mut(chunk)
                .zip(xs.chunks(chunk))
                .zip(ys.chunks(chunk));
            let last = parts.next_back();
            for ((z, x), y) in parts {
                s.spawn(move || vadd_native(x, y, z));
            }
            if let Some(((z, x), y)) = last {
                vadd_native(x, y, z);
            }
        });
    });
    check("threaded loop", zs)?;
    let peers = vec![
        ("loop-1t".to_string(), one),
        (format!("loop-{threads}t"), split),
    ];
    println!("\nvadd 2^24 floats, one element per work-item, Rust closure kernel");
    for (name, s) in &peers {
        peer_row(name, *s, bytes);
    }
    for (name, s) in &ours {
        compare_row(name, *s, &peers, bytes, None);
    }

    // 2. Launch + synchronize latency, back to back.
    let iterations = if q { 500 } else { 3000 };
    let worker = NativeWorker::new();
    let latency = measure(iterations, || {
        stream
            .launch(Dim3::x(1), Dim3::x(1), |_t| {})
            .expect("launch of the empty closure");
        stream.synchronize().expect("stream synchronize");
    });
    let peer_latency = measure(iterations, || {
        worker.submit(Box::new(|| {}));
        worker.wait(1);
    });
    let spin_latency = spin_handoff_latency(iterations);
    println!("\nempty closure kernel launch + Stream::synchronize, created stream");
    let peers = vec![
        ("mpsc-worker".to_string(), peer_latency),
        ("spin-worker".to_string(), spin_latency),
    ];
    for (name, s) in &peers {
        peer_row(name, *s, None);
    }
    compare_row("b1", latency, &peers, None, None);

    // 3. Host-side enqueue: 100 launches back to back (each is a kernel packet and a host
    // function packet that drops the closure: 200 of the queue's 256 slots, so none waits for
    // room), per launch, then an untimed synchronize.
    let burst = 100usize;
    let bursts = if q { 50 } else { 300 };
    let (mut enqueue, mut peer_enqueue) = (Vec::new(), Vec::new());
    for r in 0..=bursts {
        let t0 = Instant::now();
        for _ in 0..burst {
            stream
                .launch(Dim3::x(1), Dim3::x(1), |_t| {})
                .expect("launch of the empty closure");
        }
        let t1 = t0.elapsed().as_nanos() as f64;
        stream.synchronize().expect("stream synchronize");
        let p0 = Instant::now();
        for _ in 0..burst {
            worker.submit(Box::new(|| {}));
        }
        let p1 = p0.elapsed().as_nanos() as f64;
        worker.wait(burst);
        if r > 0 {
            enqueue.push(t1 / burst as f64);
            peer_enqueue.push(p1 / burst as f64);
        }
    }
    println!("\n100 back-to-back empty closure launches (queue never full): host-side enqueue per launch");
    let pe = Stats::of(&mut peer_enqueue);
    peer_row("mpsc-worker", pe, None);
    compare_row(
        "b1",
        Stats::of(&mut enqueue),
        &[("mpsc-worker".into(), pe)],
        None,
        None,
    );

    // 4. Throughput: 10000 launches back to back, one synchronize, per launch.
    let batch = 10_000usize;
    let batches = if q { 5 } else { 15 };
    let (mut total, mut peer_total) = (Vec::new(), Vec::new());
    for r in 0..=batches {
        let t0 = Instant::now();
        for _ in 0..batch {
            stream
                .launch(Dim3::x(1), Dim3::x(1), |_t| {})
                .expect("launch of the empty closure");
        }
        stream.synchronize().expect("stream synchronize");
        let t1 = t0.elapsed().as_nanos() as f64;
        let p0 = Instant::now();
        for _ in 0..batch {
            worker.submit(Box::new(|| {}));
        }
        worker.wait(batch);
        let p1 = p0.elapsed().as_nanos() as f64;
        if r > 0 {
            total.push(t1 / batch as f64);
            peer_total.push(p1 / batch as f64);
        }
    }
    println!("\n10000 back-to-back empty closure launches + one synchronize, per launch");
    let pt = Stats::of(&mut peer_total);
    peer_row("mpsc-worker", pt, None);
    compare_row(
        "b1",
        Stats::of(&mut total),
        &[("mpsc-worker".into(), pt)],
        None,
        None,
    );
    Ok(())
}

fn main() {
    if let Err(e) = run() {
        eprintln!("hip_rust: {e}");
        std::process::exit(1);
    }
}
