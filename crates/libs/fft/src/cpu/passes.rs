//! The 1-D passes of a multi-dimensional transform over the dense work buffer, and the
//! task splitting that spreads lines over rayon's worker threads.

use std::ops::Range;
use std::sync::Arc;

use rayon::prelude::*;
use rustfft::num_complex::Complex;
use rustfft::{Fft, FftNum};

/// An address shared by the tasks of one pass; each task touches its own elements.
#[derive(Clone, Copy)]
pub struct Shared<T>(pub *mut T);
// SAFETY: tasks write disjoint elements (the pass's partition) and the buffer outlives
// the pass (it is borrowed for its whole duration).
unsafe impl<T> Send for Shared<T> {}
// SAFETY: as above.
unsafe impl<T> Sync for Shared<T> {}

impl<T> Shared<T> {
    /// The address (a method, so that closures capture the `Send` wrapper, not the field).
    #[inline(always)]
    pub fn get(&self) -> *mut T {
        self.0
    }
}

/// Below this many elements of work a pass runs on the calling thread (a rayon
/// dispatch costs more than the transform).
const SERIAL_WORK: usize = 1 << 15;

/// Runs `f(range)` over `0..tasks` split into chunks, in parallel when the work
/// (`tasks * cost` elements) is worth it. `f` gets each chunk once, so that its scratch
/// buffers are allocated once per chunk.
pub fn for_chunks(tasks: usize, cost: usize, f: impl Fn(Range<usize>) + Sync) {
    if tasks == 0 {
        return;
    }
    let threads = rayon::current_num_threads().max(1);
    if threads == 1 || tasks == 1 || tasks.saturating_mul(cost) < SERIAL_WORK {
        f(0..tasks);
        return;
    }
    let chunks = tasks.min(threads * 4);
    let per = tasks.div_ceil(chunks);
    (0..tasks.div_ceil(per))
        .into_par_iter()
        .for_each(|c| f(c * per..((c + 1) * per).min(tasks)));
}

/// Columns gathered together for a strided pass (contiguous reads of this many elements).
const COLUMNS: usize = 16;

/// The dense work buffer: `batch` transforms of `lengths` (innermost first), `dist`
/// elements apart.
#[derive(Clone, Copy)]
pub struct Work<'a, T> {
    pub ptr: Shared<Complex<T>>,
    pub dist: usize,
    pub lengths: &'a [usize],
    pub batch: usize,
}

impl<T: FftNum> Work<'_, T> {
    fn size(&self) -> usize {
        self.lengths.iter().product()
    }

    /// Transforms every innermost line with `fft`.
    ///
    /// # Safety
    /// The buffer holds `batch` transforms and no one else touches it meanwhile.
    pub unsafe fn pass_inner(&self, fft: &Arc<dyn Fft<T>>) {
        let l0 = self.lengths[0];
        let n = self.size();
        let per_batch = n / l0;
        let scratch_len = fft.get_inplace_scratch_len();
        let w = *self;
        if self.dist == n || self.batch == 1 {
            // One contiguous run of lines: rustfft transforms consecutive chunks itself.
            let lines = per_batch * self.batch;
            for_chunks(lines, l0, |r| {
                let mut scratch = vec![Complex::new(T::zero(), T::zero()); scratch_len];
                // SAFETY: lines `r` are this task's and lie inside the buffer.
                let s = unsafe {
                    std::slice::from_raw_parts_mut(w.ptr.get().add(r.start * l0), r.len() * l0)
                };
                fft.process_with_scratch(s, &mut scratch);
            });
        } else {
            for_chunks(self.batch, n, |r| {
                let mut scratch = vec![Complex::new(T::zero(), T::zero()); scratch_len];
                for b in r {
                    // SAFETY: transform `b` is this task's and lies inside the buffer.
                    let s =
                        unsafe { std::slice::from_raw_parts_mut(w.ptr.get().add(b * w.dist), n) };
                    fft.process_with_scratch(s, &mut scratch);
                }
            });
        }
    }

    /// Transforms every line along dimension `d >= 1` with `fft`, gathering
    /// [`COLUMNS`] lines at a time into a contiguous buffer.
    ///
    /// # Safety
    /// As [`Work::pass_inner`].
    pub unsafe fn pass_outer(&self, d: usize, fft: &Arc<dyn Fft<T>>) {
        let inner: usize = self.lengths[..d].iter().product();
        let len = self.lengths[d];
        let outer: usize = self.lengths[d + 1..].iter().product();
        let blocks = outer * self.batch;
        let groups = inner.div_ceil(COLUMNS);
        let scratch_len = fft.get_inplace_scratch_len();
        let w = *self;
        for_chunks(blocks * groups, len * COLUMNS, |r| {
            let zero = Complex::new(T::zero(), T::zero());
            let mut scratch = vec![zero; scratch_len];
            let mut buf = vec![zero; len * COLUMNS];
            for t in r {
                let (block, g) = (t / groups, t % groups);
                let base = (block / outer) * w.dist + (block % outer) * len * inner;
                let c0 = g * COLUMNS;
                let width = COLUMNS.min(inner - c0);
                // SAFETY: this task owns columns c0..c0+width of this block.
                unsafe {
                    let p = w.ptr.get().add(base + c0);
                    for j in 0..len {
                        let row = p.add(j * inner);
                        for k in 0..width {
                            *buf.get_unchecked_mut(k * len + j) = *row.add(k);
                        }
                    }
                }
                fft.process_with_scratch(&mut buf[..width * len], &mut scratch);
                // SAFETY: as above.
                unsafe {
                    let p = w.ptr.get().add(base + c0);
                    for j in 0..len {
                        let row = p.add(j * inner);
                        for k in 0..width {
                            *row.add(k) = *buf.get_unchecked(k * len + j);
                        }
                    }
                }
            }
        });
    }

    /// Multiplies every element by `s`.
    ///
    /// # Safety
    /// As [`Work::pass_inner`].
    pub unsafe fn scale(&self, s: T) {
        let n = self.size();
        let w = *self;
        for_chunks(self.batch, n, |r| {
            for b in r {
                // SAFETY: transform `b` is this task's.
                let v = unsafe { std::slice::from_raw_parts_mut(w.ptr.get().add(b * w.dist), n) };
                for x in v {
                    *x = *x * s;
                }
            }
        });
    }
}
