//! BLAS on the CPU: SGEMM/DGEMM through libhipblas's C entry points (`hipblasSgemm`,
//! `hipblasDgemm` on the null stream, then a stream synchronisation: what a HIP program
//! pays) against faer called directly on the same data, same thread pool, same run;
//! SAXPY/SDOT against `memcpy` bandwidth. Prints GFLOP/s (GB/s) and ratios.
//!
//! `cargo bench -p ferrocm-benches --bench blas` (`BLAS_BENCH_MAX_N=1024` to stop earlier).

use std::ffi::c_void;
use std::time::{Duration, Instant};

use faer::linalg::matmul::matmul;
use faer::mat::{MatMut, MatRef};
use faer::{Accum, Par};

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
    blas::hip_bridge::synchronize(0).expect("synchronize the null stream");
}

trait Elem: faer::traits::ComplexField + Copy + Default + 'static {
    const NAME: &'static str;
    fn from_f64(v: f64) -> Self;
    /// The hipBLAS GEMM of this type.
    ///
    /// # Safety
    /// n x n column-major operands.
    unsafe fn hipblas_gemm(
        h: *mut c_void,
        n: i32,
        a: *const Self,
        b: *const Self,
        c: *mut Self,
    ) -> i32;
}

impl Elem for f32 {
    const NAME: &'static str = "SGEMM";
    fn from_f64(v: f64) -> Self {
        v as f32
    }
    unsafe fn hipblas_gemm(
        h: *mut c_void,
        n: i32,
        a: *const f32,
        b: *const f32,
        c: *mut f32,
    ) -> i32 {
        // SAFETY: forwarded.
        unsafe {
            hipblas::exports::hipblasSgemm(h, 111, 111, n, n, n, &1.0, a, n, b, n, &0.0, c, n)
        }
    }
}

impl Elem for f64 {
    const NAME: &'static str = "DGEMM";
    fn from_f64(v: f64) -> Self {
        v
    }
    unsafe fn hipblas_gemm(
        h: *mut c_void,
        n: i32,
        a: *const f64,
        b: *const f64,
        c: *mut f64,
    ) -> i32 {
        // SAFETY: forwarded.
        unsafe {
            hipblas::exports::hipblasDgemm(h, 111, 111, n, n, n, &1.0, a, n, b, n, &0.0, c, n)
        }
    }
}

fn gemm_row<T: Elem>(h: *mut c_void, n: usize) {
    let a: Vec<T> = (0..n * n)
        .map(|i| T::from_f64((i % 17) as f64 / 17.0))
        .collect();
    let b: Vec<T> = (0..n * n)
        .map(|i| T::from_f64((i % 13) as f64 / 13.0))
        .collect();
    let mut c = vec![T::default(); n * n];
    let min = Duration::from_millis(if n >= 1024 { 400 } else { 150 });
    let flops = 2.0 * (n as f64).powi(3);
    let mut ours = f64::INFINITY;
    let mut direct = f64::INFINITY;
    // Alternate the two so that neither always runs first (frequency, cache state, and
    // other processes on a shared machine): best of five rounds each.
    for _ in 0..5 {
        ours = ours.min(time(min, 1, || {
            // SAFETY: n x n buffers.
            let rc =
                unsafe { T::hipblas_gemm(h, n as i32, a.as_ptr(), b.as_ptr(), c.as_mut_ptr()) };
            assert_eq!(rc, 0, "hipBLAS status");
            sync();
        }));
        direct = direct.min(time(min, 1, || {
            // SAFETY: n x n column-major buffers.
            let (av, bv, cv) = unsafe {
                (
                    MatRef::from_raw_parts(a.as_ptr(), n, n, 1, n as isize),
                    MatRef::from_raw_parts(b.as_ptr(), n, n, 1, n as isize),
                    MatMut::from_raw_parts_mut(c.as_mut_ptr(), n, n, 1, n as isize),
                )
            };
            matmul(cv, Accum::Replace, av, bv, T::from_f64(1.0), Par::rayon(0));
        }));
    }
    println!(
        "| {} | {n} | {:.1} | {:.1} | {:.3}x |",
        T::NAME,
        flops / ours / 1e9,
        flops / direct / 1e9,
        direct / ours
    );
}

fn vector_rows(h: *mut c_void) {
    let n = 1usize << 24; // 64 MiB per f32 vector
    let x = vec![1.0f32; n];
    let mut y = vec![2.0f32; n];
    let mut z = vec![0.0f32; n];
    let min = Duration::from_millis(400);
    let copy = time(min, 3, || {
        // SAFETY: n-element buffers.
        unsafe { std::ptr::copy_nonoverlapping(x.as_ptr(), z.as_mut_ptr(), n) };
        std::hint::black_box(&z);
    });
    // memcpy moves 2 x 4n bytes (read + write); SAXPY 3 x 4n (read x, y; write y); SDOT 2 x 4n.
    let copy_bw = 8.0 * n as f64 / copy / 1e9;
    let axpy = time(min, 3, || {
        // SAFETY: as above.
        let rc = unsafe {
            hipblas::exports::hipblasSaxpy(h, n as i32, &1e-7, x.as_ptr(), 1, y.as_mut_ptr(), 1)
        };
        assert_eq!(rc, 0);
        sync();
    });
    let mut r = 0.0f32;
    let dot = time(min, 3, || {
        // SAFETY: as above (host pointer mode: the call waits for the result).
        let rc = unsafe {
            hipblas::exports::hipblasSdot(h, n as i32, x.as_ptr(), 1, y.as_ptr(), 1, &mut r)
        };
        assert_eq!(rc, 0);
    });
    let axpy_bw = 12.0 * n as f64 / axpy / 1e9;
    let dot_bw = 8.0 * n as f64 / dot / 1e9;
    println!("| memcpy 64 MiB | {copy_bw:.1} GB/s | 1.000x |");
    println!(
        "| SAXPY 16M | {axpy_bw:.1} GB/s | {:.3}x |",
        axpy_bw / copy_bw
    );
    println!("| SDOT 16M | {dot_bw:.1} GB/s | {:.3}x |", dot_bw / copy_bw);
}

/// What one small call costs (n = 16: the work is nothing, the call is everything): argument
/// checks (including the operands' memory: `hip_bridge::check_memory`, here one `mincore`
/// per operand, host vectors being memory the HIP runtime did not allocate), queueing on the
/// null stream and waiting, against the same loop written inline.
fn small_call_rows(h: *mut c_void) {
    let n = 16usize;
    let x = vec![1.0f32; n];
    let mut y = vec![2.0f32; n];
    let min = Duration::from_millis(300);
    let mut r = 0.0f32;
    let dot = time(min, 3, || {
        // SAFETY: n-element buffers (host pointer mode: the call waits for the result).
        let rc = unsafe {
            hipblas::exports::hipblasSdot(h, n as i32, x.as_ptr(), 1, y.as_ptr(), 1, &mut r)
        };
        assert_eq!(rc, 0);
    });
    let axpy = time(min, 3, || {
        // SAFETY: as above.
        let rc = unsafe {
            hipblas::exports::hipblasSaxpy(h, n as i32, &1e-7, x.as_ptr(), 1, y.as_mut_ptr(), 1)
        };
        assert_eq!(rc, 0);
        sync();
    });
    // The operand check alone (what the bad-input hardening added to every call, per operand).
    let check = time(min, 3, || {
        let ok = blas::hip_bridge::check_memory(x.as_ptr().cast(), n * 4).is_ok();
        std::hint::black_box(ok);
    });
    let native = time(min, 3, || {
        let s: f32 = std::hint::black_box(&x)
            .iter()
            .zip(std::hint::black_box(&y))
            .map(|(a, b)| a * b)
            .sum();
        std::hint::black_box(s);
    });
    println!("\n| small call (n = 16, host vectors) | per call | native loop | ratio |");
    println!("|---|---|---|---|");
    println!(
        "| SDOT | {:.2} us | {:.3} us | {:.0}x |",
        dot * 1e6,
        native * 1e6,
        dot / native
    );
    println!(
        "| SAXPY + stream sync | {:.2} us | {:.3} us | {:.0}x |",
        axpy * 1e6,
        native * 1e6,
        axpy / native
    );
    println!(
        "| operand memory check (one operand) | {:.3} us | | |",
        check * 1e6
    );
}

fn main() {
    let max_n: usize = std::env::var("BLAS_BENCH_MAX_N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2048);
    let mut h: *mut c_void = std::ptr::null_mut();
    // SAFETY: out-parameter.
    let status = unsafe { hipblas::exports::hipblasCreate(&mut h) };
    assert_eq!(status, 0, "hipblasCreate");
    println!(
        "CPU: {} threads in the rayon pool (shared by both columns)\n",
        rayon_threads()
    );
    println!(
        "| routine | n | hipBLAS C API GFLOP/s | faer direct GFLOP/s | ratio (C API / faer) |"
    );
    println!("|---|---|---|---|---|");
    for n in [256usize, 512, 1024, 2048]
        .into_iter()
        .filter(|&n| n <= max_n)
    {
        gemm_row::<f32>(h, n);
        gemm_row::<f64>(h, n);
    }
    println!("\n| vector op | bandwidth | vs memcpy |\n|---|---|---|");
    vector_rows(h);
    small_call_rows(h);
    // SAFETY: our handle.
    unsafe { hipblas::exports::hipblasDestroy(h) };
}

fn rayon_threads() -> usize {
    faer::Par::rayon(0).degree()
}
