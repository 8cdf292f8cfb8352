//! Long 1-D lines as `n1 x n2` matrices (the four-step algorithm): `n1`-point FFTs down the
//! columns, twiddle factors, `n2`-point FFTs along the rows, a transpose. Each FFT then fits
//! the caches, and the column and row passes spread over rayon's workers, so one long
//! transform uses every thread (rustfft's own long transforms are single-threaded and
//! memory-bound). With `j = j1 n2 + j2` and `k = k1 + n1 k2`:
//! `X[k] = sum_j2 w_n2^(j2 k2) w_n^(j2 k1) sum_j1 x[j1 n2 + j2] w_n1^(j1 k1)`.

use std::sync::Arc;

use rustfft::num_complex::Complex;
use rustfft::{Fft, FftDirection};

use super::passes::{for_chunks, Work};
use super::Real;

/// Lines at least this long take the four-step path (shorter ones fit the caches).
pub const MIN_LEN: usize = 1 << 16;

/// A four-step plan for one length and direction.
pub struct FourStep<T: Real> {
    n1: usize,
    n2: usize,
    fft1: Arc<dyn Fft<T>>,
    fft2: Arc<dyn Fft<T>>,
    /// `w_n^m = hi[m / n2] * lo[m % n2]` (two small tables, each value rounded once).
    hi: Vec<Complex<T>>,
    lo: Vec<Complex<T>>,
}

impl<T: Real> FourStep<T> {
    /// The plan for `n` (`None` when `n` is short or has no factor pair of at least 16).
    pub fn new(n: usize, direction: FftDirection) -> Option<FourStep<T>> {
        if n < MIN_LEN {
            return None;
        }
        let root = (n as f64).sqrt() as usize;
        let n1 = (16..=root).rev().find(|d| n % d == 0)?;
        let n2 = n / n1;
        let sign = if direction == FftDirection::Forward {
            -1.0
        } else {
            1.0
        };
        let w = |m: usize| {
            let a = sign * 2.0 * std::f64::consts::PI * m as f64 / n as f64;
            Complex::new(T::of(a.cos()), T::of(a.sin()))
        };
        let hi = (0..n1).map(|a| w(a * n2)).collect();
        let lo = (0..n2).map(w).collect();
        let mut p = T::planner().lock();
        Some(FourStep {
            n1,
            n2,
            fft1: p.plan_fft(n1, direction),
            fft2: p.plan_fft(n2, direction),
            hi,
            lo,
        })
    }

    /// Transforms every innermost line of `work` (lines of `n1 * n2`).
    ///
    /// # Safety
    /// As [`Work::pass_inner`].
    pub unsafe fn run(&self, work: &Work<'_, T>) {
        let (n1, n2) = (self.n1, self.n2);
        let n = n1 * n2;
        let mut split = vec![n2, n1];
        split.extend_from_slice(&work.lengths[1..]);
        let w4 = Work {
            ptr: work.ptr,
            dist: work.dist,
            lengths: &split,
            batch: work.batch,
        };
        // SAFETY: the same buffer seen as n1 x n2 matrices (the caller's contract).
        unsafe { w4.pass_outer(1, &self.fft1) };
        // Twiddles: row k1 of each matrix times w_n^(j2 k1).
        let lines_per_batch: usize = work.lengths[1..].iter().product();
        let rows_per_batch = lines_per_batch * n1;
        let rows = rows_per_batch * work.batch;
        let (dist, ptr) = (work.dist, work.ptr);
        for_chunks(rows, n2, |r| {
            for row in r {
                let (b, rr) = (row / rows_per_batch, row % rows_per_batch);
                let k1 = rr % n1;
                // SAFETY: row `row` is this task's and lies inside the buffer.
                let v = unsafe {
                    std::slice::from_raw_parts_mut(ptr.get().add(b * dist + rr * n2), n2)
                };
                let mut m = 0usize;
                for x in v.iter_mut() {
                    *x = *x * (self.hi[m / n2] * self.lo[m % n2]);
                    m += k1;
                    if m >= n {
                        m -= n;
                    }
                }
            }
        });
        // SAFETY: as above.
        unsafe { w4.pass_inner(&self.fft2) };
        // Transpose each n1 x n2 matrix into n2 x n1 (the output order k1 + n1 k2).
        let lines = lines_per_batch * work.batch;
        for_chunks(lines, n, |r| {
            let mut tmp = vec![Complex::new(T::zero(), T::zero()); n];
            const B: usize = 32;
            for line in r {
                let (b, o) = (line / lines_per_batch, line % lines_per_batch);
                // SAFETY: line `line` is this task's and lies inside the buffer.
                let v =
                    unsafe { std::slice::from_raw_parts_mut(ptr.get().add(b * dist + o * n), n) };
                for i0 in (0..n1).step_by(B) {
                    for j0 in (0..n2).step_by(B) {
                        for i in i0..(i0 + B).min(n1) {
                            for j in j0..(j0 + B).min(n2) {
                                tmp[j * n1 + i] = v[i * n2 + j];
                            }
                        }
                    }
                }
                v.copy_from_slice(&tmp);
            }
        });
    }
}
