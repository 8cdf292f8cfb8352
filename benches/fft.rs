//! FFT on the CPU: single-precision C2C transforms through libhipfft's C entry points
//! (`hipfftExecC2C` on the null stream, then a stream synchronisation: what a HIP program
//! pays) against rustfft called directly on the same data, same run; and against FFTW
//! (`FFTW_MEASURE` plans, loaded at run time from Debian's `libfftw3-single3` when it is
//! installed; it is optional and skipped otherwise). 1-D lengths 2^10..2^22, batched to
//! 2^22 points per call (the harness of shared/reference/libraries.md 3.3), and a 2-D
//! 1024x1024 transform; single thread and all threads (the single-thread half runs in a
//! child process with RAYON_NUM_THREADS=1 and OMP-free FFTW). GFLOP/s by 5 N log2 N.
//!
//! `cargo bench -p ferrocm-benches --bench fft` (`FFT_BENCH_MAX_LOG2=16` to stop earlier).

use std::ffi::{c_int, c_uint, c_void};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use rustfft::num_complex::Complex32;
use rustfft::{Fft, FftPlanner};

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
    fft::hip_bridge::synchronize(0).expect("synchronize the null stream");
}

const TOTAL: usize = 1 << 22;

fn data(n: usize) -> Vec<Complex32> {
    (0..n)
        .map(|i| {
            Complex32::new(
                ((i * 7) % 13) as f32 / 13.0 - 0.5,
                ((i * 5) % 11) as f32 / 11.0 - 0.5,
            )
        })
        .collect()
}

/// FFTW's single-precision API, loaded at run time (Debian's libfftw3f.so.3).
type PlanManyDft = unsafe extern "C" fn(
    c_int,
    *const c_int,
    c_int,
    *mut c_void,
    *const c_int,
    c_int,
    c_int,
    *mut c_void,
    *const c_int,
    c_int,
    c_int,
    c_int,
    c_uint,
) -> *mut c_void;
type PlanFn = unsafe extern "C" fn(*mut c_void);

struct Fftw {
    plan_many: PlanManyDft,
    execute: PlanFn,
    destroy: PlanFn,
}

impl Fftw {
    fn load() -> Option<Fftw> {
        // SAFETY: dlopen/dlsym with NUL-terminated names; the library stays loaded.
        unsafe {
            let h = libc::dlopen(
                c"libfftw3f.so.3".as_ptr(),
                libc::RTLD_NOW | libc::RTLD_LOCAL,
            );
            if h.is_null() {
                return None;
            }
            let sym = |n: &std::ffi::CStr| {
                let p = libc::dlsym(h, n.as_ptr());
                (!p.is_null()).then_some(p)
            };
            Some(Fftw {
                plan_many: std::mem::transmute::<*mut c_void, PlanManyDft>(sym(
                    c"fftwf_plan_many_dft",
                )?),
                execute: std::mem::transmute::<*mut c_void, PlanFn>(sym(c"fftwf_execute")?),
                destroy: std::mem::transmute::<*mut c_void, PlanFn>(sym(c"fftwf_destroy_plan")?),
            })
        }
    }

    /// Time of one in-place forward transform of `howmany` arrays of `dims` (row-major).
    fn time(&self, dims: &[c_int], howmany: usize, buf: &mut [Complex32]) -> f64 {
        const FFTW_MEASURE: c_uint = 0;
        let n: usize = dims.iter().map(|&d| d as usize).product();
        let p = buf.as_mut_ptr().cast();
        // SAFETY: FFTW's documented API; the buffer holds howmany * n elements.
        let plan = unsafe {
            (self.plan_many)(
                dims.len() as c_int,
                dims.as_ptr(),
                howmany as c_int,
                p,
                std::ptr::null(),
                1,
                n as c_int,
                p,
                std::ptr::null(),
                1,
                n as c_int,
                -1,
                FFTW_MEASURE,
            )
        };
        assert!(!plan.is_null(), "fftwf_plan_many_dft");
        // SAFETY: a live plan over `buf`.
        let t = time(Duration::from_millis(200), 3, || unsafe {
            (self.execute)(plan)
        });
        // SAFETY: a live plan, destroyed once.
        unsafe { (self.destroy)(plan) };
        t
    }
}

/// rustfft directly: `batch` transforms in the buffer, over every thread when `parallel`.
fn rustfft_1d(fft: &Arc<dyn Fft<f32>>, buf: &mut [Complex32], parallel: bool) {
    let n = fft.len();
    if parallel {
        let per = (buf.len() / n).div_ceil(rayon::current_num_threads()) * n;
        buf.par_chunks_mut(per).for_each(|c| fft.process(c));
    } else {
        fft.process(buf);
    }
}

/// The 2-D transform with rustfft directly: rows, transpose, rows, transpose back.
fn rustfft_2d(
    fft: &Arc<dyn Fft<f32>>,
    buf: &mut [Complex32],
    tmp: &mut [Complex32],
    parallel: bool,
) {
    let n = fft.len();
    let transpose = |src: &[Complex32], dst: &mut [Complex32]| {
        const B: usize = 32;
        let body = |(bi, rows): (usize, &mut [Complex32])| {
            for jb in (0..n).step_by(B) {
                for i in 0..B.min(n - bi * B) {
                    for j in jb..(jb + B).min(n) {
                        rows[i * n + j] = src[j * n + bi * B + i];
                    }
                }
            }
        };
        if parallel {
            dst.par_chunks_mut(B * n).enumerate().for_each(body);
        } else {
            dst.chunks_mut(B * n).enumerate().for_each(body);
        }
    };
    rustfft_1d(fft, buf, parallel);
    transpose(buf, tmp);
    rustfft_1d(fft, tmp, parallel);
    transpose(tmp, buf);
}

fn main() {
    let threads = rayon::current_num_threads();
    let child = std::env::var_os("FERROCM_FFT_BENCH_CHILD").is_some();
    if !child && threads > 1 {
        // The single-thread half first, in a child with a one-thread pool.
        let status = std::process::Command::new(std::env::current_exe().expect("bench executable"))
            .env("RAYON_NUM_THREADS", "1")
            .env("FERROCM_FFT_BENCH_CHILD", "1")
            .status()
            .expect("run the single-thread half");
        assert!(status.success());
    }
    let max_log2: u32 = std::env::var("FFT_BENCH_MAX_LOG2")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(22);
    let fftw = Fftw::load();
    println!(
        "\n## C2C f32, {threads} thread(s); GFLOP/s = 5 N log2 N / t; hipFFT = hipfftExecC2C + sync{}",
        if fftw.is_none() { "; FFTW: not installed (apt-get install libfftw3-single3), skipped" } else { "" }
    );
    println!("| transform | hipFFT (C API) | rustfft direct | ratio | FFTW (MEASURE) | ratio |");
    println!("|---|---|---|---|---|---|");
    let mut planner = FftPlanner::<f32>::new();
    let parallel = threads > 1;
    for lg in (10..=max_log2).step_by(2) {
        let n = 1usize << lg;
        let batch = TOTAL / n;
        let mut buf = data(TOTAL);
        let fft = planner.plan_fft_forward(n);
        let flops = 5.0 * TOTAL as f64 * lg as f64;
        let t_direct = time(Duration::from_millis(200), 3, || {
            rustfft_1d(&fft, &mut buf, parallel)
        });
        let mut plan: hipfft::abi::hipfftHandle = std::ptr::null_mut();
        // SAFETY: hipFFT's contract: plan out-parameter; the buffer holds the batch.
        let t_ours = unsafe {
            assert_eq!(
                hipfft::exports::hipfftPlan1d(
                    &mut plan,
                    n as c_int,
                    hipfft::abi::HIPFFT_C2C,
                    batch as c_int
                ),
                0
            );
            let p = buf.as_mut_ptr().cast();
            let t = time(Duration::from_millis(200), 3, || {
                assert_eq!(hipfft::exports::hipfftExecC2C(plan, p, p, -1), 0);
                sync();
            });
            hipfft::exports::hipfftDestroy(plan);
            t
        };
        let (fw, fr) = match &fftw {
            Some(f) => {
                let t = f.time(&[n as c_int], batch, &mut buf);
                (
                    format!("{:.1}", flops / t / 1e9),
                    format!("{:.2}x", t / t_ours),
                )
            }
            None => ("-".into(), "-".into()),
        };
        println!(
            "| 1-D 2^{lg} x {batch} | {:.1} | {:.1} | {:.2}x | {fw} | {fr} |",
            flops / t_ours / 1e9,
            flops / t_direct / 1e9,
            t_direct / t_ours
        );
    }
    // 2-D 1024 x 1024.
    let n = 1024usize;
    let mut buf = data(n * n);
    let mut tmp = data(n * n);
    let fft = planner.plan_fft_forward(n);
    let flops = 5.0 * (n * n) as f64 * 20.0;
    let t_direct = time(Duration::from_millis(200), 3, || {
        rustfft_2d(&fft, &mut buf, &mut tmp, parallel)
    });
    let mut plan: hipfft::abi::hipfftHandle = std::ptr::null_mut();
    // SAFETY: as above.
    let t_ours = unsafe {
        assert_eq!(
            hipfft::exports::hipfftPlan2d(
                &mut plan,
                n as c_int,
                n as c_int,
                hipfft::abi::HIPFFT_C2C
            ),
            0
        );
        let p = buf.as_mut_ptr().cast();
        let t = time(Duration::from_millis(200), 3, || {
            assert_eq!(hipfft::exports::hipfftExecC2C(plan, p, p, -1), 0);
            sync();
        });
        hipfft::exports::hipfftDestroy(plan);
        t
    };
    let (fw, fr) = match &fftw {
        Some(f) => {
            let t = f.time(&[n as c_int, n as c_int], 1, &mut buf);
            (
                format!("{:.1}", flops / t / 1e9),
                format!("{:.2}x", t / t_ours),
            )
        }
        None => ("-".into(), "-".into()),
    };
    println!(
        "| 2-D 1024 x 1024 | {:.1} | {:.1} | {:.2}x | {fw} | {fr} |",
        flops / t_ours / 1e9,
        flops / t_direct / 1e9,
        t_direct / t_ours
    );
}
