//! The CPU backend: rustfft for complex lines, realfft for the real innermost lines,
//! multi-dimensional transforms as successive 1-D passes over a dense work buffer, the
//! lines of a pass spread over rayon's worker threads. The 1-D plans are made once per
//! plan (rustfft's planners, shared process-wide, cache them by length).
//!
//! A transform runs in three stages: the input is read into the work buffer (in its own
//! layout and precision; real lines are transformed on the way), the passes run on the
//! work buffer, and the result is written out (scaled; real lines transformed on the way).
//! When one side is already dense and interleaved in the compute precision, the work
//! buffer *is* that side (the output, or a C2R input, which cuFFT and rocFFT allow to be
//! overwritten), so common layouts need no extra memory and in-place dense transforms no
//! copy at all.

pub mod access;
pub mod passes;

use std::any::TypeId;
use std::marker::PhantomData;
use std::sync::{Arc, LazyLock, OnceLock};

use parking_lot::Mutex;
use realfft::{ComplexToReal, RealFftPlanner, RealToComplex};
use rustfft::num_complex::Complex;
use rustfft::{Fft, FftDirection, FftNum, FftPlanner};

use crate::desc::{Layout, Placement, PlanDesc, Precision, TransformType};
use crate::error::{FftError, FftResult};
use access::{LineShape, Side, Stored};
use passes::{for_chunks, Shared, Work};

/// A compute precision (f32 or f64) with its process-wide planners.
pub trait Real: FftNum {
    fn planner() -> &'static Mutex<FftPlanner<Self>>;
    fn real_planner() -> &'static Mutex<RealFftPlanner<Self>>;
    fn of(v: f64) -> Self;
}

static PLANNER32: LazyLock<Mutex<FftPlanner<f32>>> =
    LazyLock::new(|| Mutex::new(FftPlanner::new()));
static PLANNER64: LazyLock<Mutex<FftPlanner<f64>>> =
    LazyLock::new(|| Mutex::new(FftPlanner::new()));
static RPLANNER32: LazyLock<Mutex<RealFftPlanner<f32>>> =
    LazyLock::new(|| Mutex::new(RealFftPlanner::new()));
static RPLANNER64: LazyLock<Mutex<RealFftPlanner<f64>>> =
    LazyLock::new(|| Mutex::new(RealFftPlanner::new()));

impl Real for f32 {
    fn planner() -> &'static Mutex<FftPlanner<f32>> {
        &PLANNER32
    }
    fn real_planner() -> &'static Mutex<RealFftPlanner<f32>> {
        &RPLANNER32
    }
    fn of(v: f64) -> f32 {
        v as f32
    }
}
impl Real for f64 {
    fn planner() -> &'static Mutex<FftPlanner<f64>> {
        &PLANNER64
    }
    fn real_planner() -> &'static Mutex<RealFftPlanner<f64>> {
        &RPLANNER64
    }
    fn of(v: f64) -> f64 {
        v
    }
}

/// A CPU plan: the description and its 1-D plans.
pub struct CpuPlan {
    desc: PlanDesc,
    exec: Box<dyn Exec>,
}

trait Exec: Send + Sync {
    /// # Safety
    /// The buffers hold every element the description addresses.
    unsafe fn run(
        &self,
        desc: &PlanDesc,
        input: [usize; 2],
        output: [usize; 2],
        inverse: bool,
    ) -> FftResult<()>;
}

impl CpuPlan {
    /// Plans `desc` (validated by the caller).
    pub fn new(desc: &PlanDesc) -> CpuPlan {
        let exec: Box<dyn Exec> = match desc.precision {
            Precision::Single => Box::new(Typed::<f32, f32>::new(desc)),
            Precision::Double => Box::new(Typed::<f64, f64>::new(desc)),
            Precision::Half => Box::new(Typed::<f32, half::f16>::new(desc)),
            Precision::BFloat16 => Box::new(Typed::<f32, half::bf16>::new(desc)),
        };
        CpuPlan {
            desc: desc.clone(),
            exec,
        }
    }

    /// Runs the transform now, on the calling thread and rayon's workers. `inverse`
    /// picks the direction of a complex transform (ignored for real ones).
    ///
    /// # Safety
    /// The buffers hold every element the description addresses (offsets, strides,
    /// distance, batch), and nothing else uses them meanwhile.
    pub unsafe fn execute(
        &self,
        input: [usize; 2],
        output: [usize; 2],
        inverse: bool,
    ) -> FftResult<()> {
        // SAFETY: the caller's contract.
        unsafe { self.exec.run(&self.desc, input, output, inverse) }
    }
}

struct Typed<T: Real, S> {
    /// Complex plans per dimension, forward and inverse, made on first use.
    forward: OnceLock<Vec<Arc<dyn Fft<T>>>>,
    inverse: OnceLock<Vec<Arc<dyn Fft<T>>>>,
    r2c: Option<Arc<dyn RealToComplex<T>>>,
    c2r: Option<Arc<dyn ComplexToReal<T>>>,
    lengths: Vec<usize>,
    _stored: PhantomData<S>,
}

/// Where the dense work buffer lives.
#[derive(Clone, Copy, PartialEq, Eq)]
enum WorkIn {
    /// A temporary allocation.
    Temp,
    /// The output buffer.
    Output,
    /// The input buffer (in-place C2C: input and output; C2R: the input it may overwrite).
    Input,
}

/// In-place real data whose lines sit exactly on the complex lines (rocFFT's and cuFFT's
/// padded layout): line `l` of either side covers the same bytes, so a line can be read
/// whole and then written.
fn real_lines_align(real: &Layout, complex: &Layout) -> bool {
    real.offsets[0] == 0
        && complex.offsets[0] == 0
        && real.strides[0] == 1
        && complex.strides[0] == 1
        && real.strides[1..]
            .iter()
            .zip(&complex.strides[1..])
            .all(|(r, c)| *r == 2 * c)
        && real.distance == 2 * complex.distance
}

impl<T: Real, S: Stored<T>> Typed<T, S> {
    fn new(desc: &PlanDesc) -> Self {
        let n0 = desc.lengths[0];
        let (r2c, c2r) = match desc.transform {
            TransformType::RealForward => {
                (Some(T::real_planner().lock().plan_fft_forward(n0)), None)
            }
            TransformType::RealInverse => {
                (None, Some(T::real_planner().lock().plan_fft_inverse(n0)))
            }
            _ => (None, None),
        };
        let t = Typed {
            forward: OnceLock::new(),
            inverse: OnceLock::new(),
            r2c,
            c2r,
            lengths: desc.lengths.clone(),
            _stored: PhantomData,
        };
        // Make the plans of the direction the description names now (planning is the
        // expensive part of a first execution).
        match desc.transform {
            TransformType::ComplexInverse | TransformType::RealInverse => {
                t.complex_plans(true);
            }
            _ => {
                t.complex_plans(false);
            }
        }
        t
    }

    /// Complex plans for every dimension (dimension 0 unused by real transforms).
    fn complex_plans(&self, inverse: bool) -> &[Arc<dyn Fft<T>>] {
        let cell = if inverse {
            &self.inverse
        } else {
            &self.forward
        };
        cell.get_or_init(|| {
            let dir = if inverse {
                FftDirection::Inverse
            } else {
                FftDirection::Forward
            };
            let mut p = T::planner().lock();
            self.lengths.iter().map(|&l| p.plan_fft(l, dir)).collect()
        })
    }
}

impl<T: Real, S: Stored<T>> Exec for Typed<T, S> {
    unsafe fn run(
        &self,
        d: &PlanDesc,
        input: [usize; 2],
        output: [usize; 2],
        inverse: bool,
    ) -> FftResult<()> {
        let vb = d.precision.real_bytes();
        let ins = Side::new(input, &d.input, vb);
        let outs = Side::new(output, &d.output, vb);
        let cl = d.complex_lengths();
        let n_c: usize = cl.iter().product();
        let l0 = cl[0];
        let lines = LineShape::new(&cl, d.batch);
        let native = TypeId::of::<S>() == TypeId::of::<T>();
        let scale = (d.scale != 1.0).then(|| T::of(d.scale));
        let in_place = d.placement == Placement::InPlace;
        let zero = Complex::new(T::zero(), T::zero());

        let place = match d.transform {
            TransformType::ComplexForward | TransformType::ComplexInverse => {
                if native
                    && d.output.is_dense_interleaved(&cl)
                    && (!in_place || d.input == d.output)
                {
                    if in_place {
                        WorkIn::Input
                    } else {
                        WorkIn::Output
                    }
                } else {
                    WorkIn::Temp
                }
            }
            TransformType::RealForward => {
                if native
                    && d.output.is_dense_interleaved(&cl)
                    && (!in_place || real_lines_align(&d.input, &d.output))
                {
                    WorkIn::Output
                } else {
                    WorkIn::Temp
                }
            }
            TransformType::RealInverse => {
                if native
                    && d.input.is_dense_interleaved(&cl)
                    && (!in_place || real_lines_align(&d.output, &d.input))
                {
                    WorkIn::Input
                } else {
                    WorkIn::Temp
                }
            }
        };
        let mut temp: Vec<Complex<T>> = Vec::new();
        let (wptr, dist) = match place {
            WorkIn::Temp => {
                let total = n_c.checked_mul(d.batch).ok_or(FftError::AllocFailed)?;
                temp.try_reserve_exact(total)
                    .map_err(|_| FftError::AllocFailed)?;
                temp.resize(total, zero);
                (temp.as_mut_ptr(), n_c)
            }
            WorkIn::Output => (outs.ptr[0] as *mut Complex<T>, d.output.distance),
            WorkIn::Input => (ins.ptr[0] as *mut Complex<T>, d.input.distance),
        };
        let work = Work {
            ptr: Shared(wptr),
            dist,
            lengths: &cl,
            batch: d.batch,
        };
        let wline = |line: usize| -> usize {
            let per = lines.per_batch();
            (line / per) * dist + (line % per) * l0
        };
        let nlines = lines.count();
        let failed = std::sync::atomic::AtomicBool::new(false);

        // Stage 1: input -> work buffer.
        match d.transform {
            TransformType::RealForward => {
                let r2c = self
                    .r2c
                    .as_ref()
                    .ok_or(FftError::Internal("no R2C plan".into()))?;
                let n0 = d.lengths[0];
                let scratch_len = r2c.get_scratch_len();
                for_chunks(nlines, n0, |r| {
                    let mut rbuf = vec![T::zero(); n0];
                    let mut scratch = vec![zero; scratch_len];
                    for line in r {
                        // SAFETY: the caller's extents; line `line` of the work buffer is
                        // this task's, and in place it covers exactly the input line just
                        // read (`real_lines_align`).
                        unsafe {
                            ins.load_real::<S, T>(ins.line_base(&lines, line), &mut rbuf);
                            let w =
                                std::slice::from_raw_parts_mut(work.ptr.get().add(wline(line)), l0);
                            if r2c
                                .process_with_scratch(&mut rbuf, w, &mut scratch)
                                .is_err()
                            {
                                failed.store(true, std::sync::atomic::Ordering::Relaxed);
                            }
                        }
                    }
                });
            }
            _ if place == WorkIn::Input => {}
            _ => {
                for_chunks(nlines, l0, |r| {
                    for line in r {
                        // SAFETY: the caller's extents; the work line is this task's (a
                        // temporary, or the output of an out-of-place transform).
                        unsafe {
                            let w =
                                std::slice::from_raw_parts_mut(work.ptr.get().add(wline(line)), l0);
                            ins.load_complex::<S, T>(ins.line_base(&lines, line), w);
                        }
                    }
                });
            }
        }

        // Stage 2: the complex passes.
        let complex_inverse = match d.transform {
            TransformType::ComplexForward | TransformType::ComplexInverse => inverse,
            TransformType::RealForward => false,
            TransformType::RealInverse => true,
        };
        let plans = self.complex_plans(complex_inverse);
        // SAFETY: the work buffer holds `batch` dense transforms of `cl` and is ours
        // until the call returns.
        unsafe {
            if !d.transform.is_real() {
                work.pass_inner(&plans[0]);
            }
            for (dim, plan) in plans.iter().enumerate().skip(1) {
                work.pass_outer(dim, plan);
            }
        }

        // Stage 3: work buffer -> output.
        match d.transform {
            TransformType::RealInverse => {
                let c2r = self
                    .c2r
                    .as_ref()
                    .ok_or(FftError::Internal("no C2R plan".into()))?;
                let n0 = d.lengths[0];
                let scratch_len = c2r.get_scratch_len();
                for_chunks(nlines, n0, |r| {
                    let mut rbuf = vec![T::zero(); n0];
                    let mut scratch = vec![zero; scratch_len];
                    for line in r {
                        // SAFETY: as in stage 1; the output line written covers at most
                        // the work line just consumed.
                        unsafe {
                            let w =
                                std::slice::from_raw_parts_mut(work.ptr.get().add(wline(line)), l0);
                            // cuFFT's semantics: the imaginary parts of the DC and Nyquist
                            // terms are ignored (realfft would reject them).
                            w[0].im = T::zero();
                            if n0 % 2 == 0 {
                                w[l0 - 1].im = T::zero();
                            }
                            if let Err(e) = c2r.process_with_scratch(w, &mut rbuf, &mut scratch) {
                                if !matches!(e, realfft::FftError::InputValues(..)) {
                                    failed.store(true, std::sync::atomic::Ordering::Relaxed);
                                }
                            }
                            outs.store_real::<S, T>(outs.line_base(&lines, line), &rbuf, scale);
                        }
                    }
                });
            }
            _ if place != WorkIn::Temp => {
                if let Some(s) = scale {
                    // SAFETY: the work buffer is the output here.
                    unsafe { work.scale(s) };
                }
            }
            _ => {
                for_chunks(nlines, l0, |r| {
                    for line in r {
                        // SAFETY: the caller's extents; output lines are disjoint
                        // (validated) and the work buffer is a temporary.
                        unsafe {
                            let w = std::slice::from_raw_parts(work.ptr.get().add(wline(line)), l0);
                            outs.store_complex::<S, T>(outs.line_base(&lines, line), w, scale);
                        }
                    }
                });
            }
        }
        drop(temp);
        if failed.into_inner() {
            return Err(FftError::Internal("a realfft length mismatch".into()));
        }
        Ok(())
    }
}
