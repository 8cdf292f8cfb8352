//! RNG on the CPU: Philox4x32-10 uniform floats and normal floats through librocrand's C
//! entry points (`rocrand_generate_uniform`/`_normal` on a device generator, then a stream
//! synchronisation: what a HIP program pays) against `memset` of the same buffer, same
//! run. Uniform floats of every other generator the CPU has too (XORWOW, MRG32k3a,
//! MRG31k3p, LFSR113, MT19937, ThreeFry 2x32/4x32/2x64/4x64). Prints GB/s of output and
//! the ratio to memset (targets, issue 20: Philox uniform >= 0.5x, normal >= 0.25x).
//!
//! `cargo bench -p ferrocm-benches --bench rand` (`RAND_BENCH_MB=64` for the buffer size).

use std::ffi::c_void;
use std::time::{Duration, Instant};

/// Best time per call over rounds of at least `min` each.
fn time(min: Duration, rounds: usize, mut f: impl FnMut()) -> f64 {
    f();
    let mut best = f64::INFINITY;
    for _ in 0..rounds {
        let (mut n, t0) = (0u32, Instant::now());
        while t0.elapsed() < min {
            f();
            n += 1;
        }
        best = best.min(t0.elapsed().as_secs_f64() / n as f64);
    }
    best
}

fn sync() {
    rng::hip_bridge::synchronize(0).expect("synchronize the null stream");
}

fn main() {
    let mb: usize = std::env::var("RAND_BENCH_MB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(64);
    let n = mb * (1 << 20) / 4;
    let mut buf = vec![0f32; n];
    let bytes = (n * 4) as f64;
    let (min, rounds) = (Duration::from_millis(300), 5);
    let threads = rayon::current_num_threads();
    println!("RNG on the CPU: {mb} MiB of f32 output, {threads} worker threads");

    let p = buf.as_mut_ptr();
    let t_memset = time(min, rounds, || {
        // SAFETY: `n` floats; all-zero bytes are 0.0f.
        unsafe { std::ptr::write_bytes(p, 0, n) };
        std::hint::black_box(p);
    });
    let memset_gbs = bytes / t_memset / 1e9;
    println!("{:<34} {:>8.2} GB/s", "memset", memset_gbs);

    for (name, rng_type) in [
        ("Philox4x32-10", 404),
        ("XORWOW", 401),
        ("MRG32k3a", 402),
        ("MRG31k3p", 405),
        ("LFSR113", 406),
        ("MT19937", 407),
        ("ThreeFry2x32-20", 408),
        ("ThreeFry4x32-20", 410),
        ("ThreeFry2x64-20", 409),
        ("ThreeFry4x64-20", 411),
    ] {
        let mut g: *mut c_void = std::ptr::null_mut();
        // SAFETY: out-parameter.
        let s = unsafe { rocrand::exports::rocrand_create_generator(&mut g, rng_type) };
        assert_eq!(s, 0, "create {name}");
        let t_uniform = time(min, rounds, || {
            // SAFETY: `n` floats (host memory is device memory on the CPU platform).
            let s = unsafe { rocrand::exports::rocrand_generate_uniform(g, p, n) };
            assert_eq!(s, 0);
            sync();
        });
        let gbs = bytes / t_uniform / 1e9;
        println!(
            "{:<34} {:>8.2} GB/s  {:.2}x memset",
            format!("{name} uniform float"),
            gbs,
            gbs / memset_gbs
        );
        if rng_type == 404 {
            let t_normal = time(min, rounds, || {
                // SAFETY: as above.
                let s = unsafe { rocrand::exports::rocrand_generate_normal(g, p, n, 0.0, 1.0) };
                assert_eq!(s, 0);
                sync();
            });
            let gbs = bytes / t_normal / 1e9;
            println!(
                "{:<34} {:>8.2} GB/s  {:.2}x memset",
                format!("{name} normal float"),
                gbs,
                gbs / memset_gbs
            );
        }
        // SAFETY: our generator.
        unsafe { rocrand::exports::rocrand_destroy_generator(g) };
    }

    // What splitting MT19937's one stream over threads would cost: a jump-ahead of 2^20
    // numbers (the characteristic polynomial is computed on first use, before timing).
    let mut e = rng::engines::Mt19937::new(1);
    e.jump(1 << 21);
    let t_jump = time(min, 1, || e.jump(1 << 20));
    let mut raw = vec![0u32; 1 << 20];
    let t_make = time(min, 1, || e.fill(&mut raw));
    println!(
        "MT19937 jump-ahead of 2^20: {:.1} ms; generating 2^20 raw outputs: {:.1} ms",
        t_jump * 1e3,
        t_make * 1e3
    );
}
