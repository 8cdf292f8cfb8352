//! Level 1 on the CPU: loops over strided vectors (negative increments run backwards, as
//! in reference BLAS); long contiguous vectors are split over the rayon pool.

use rayon::prelude::*;

use crate::args::{DevPtr, ScalarArg, VecLayout};
use crate::ops::level1::{IndexOut, Reduction, ScalesBy, Vector, Vectors};
use crate::scalar::{RealScalar, Scalar};

/// Contiguous vectors at least this long are processed in parallel chunks.
const PARALLEL_LEN: usize = 1 << 16;
const CHUNK: usize = 1 << 14;

fn layout(n: i64, inc: i64) -> VecLayout {
    VecLayout {
        n: n.max(0) as usize,
        inc,
    }
}

/// `f(x_b, y_b)` for every batch entry, with host-visible base pointers.
///
/// # Safety
/// The batch's pointer arrays (if any) must be host-readable.
unsafe fn each_pair<T>(v: &Vectors<T>, mut f: impl FnMut(usize, *mut T, *mut T)) {
    for b in 0..v.batch_count.max(0) as usize {
        // With no elements the operands are not looked at (they may be NULL, arrays too).
        let (x, y) = if v.n <= 0 {
            (std::ptr::null_mut(), std::ptr::null_mut())
        } else {
            // SAFETY: the caller's contract.
            unsafe { (v.x.host_ptr(b), v.y.host_ptr(b)) }
        };
        f(b, x, y);
    }
}

/// # Safety
/// Validated vectors, host-visible.
pub unsafe fn axpy<T: Scalar>(alpha: ScalarArg<T>, v: &Vectors<T>) {
    // SAFETY: the caller's contract.
    let alpha = unsafe { alpha.host_value() };
    let (lx, ly) = (layout(v.n, v.incx), layout(v.n, v.incy));
    // SAFETY: the caller's contract.
    unsafe {
        each_pair(v, |_, x, y| {
            if v.incx == 1 && v.incy == 1 && lx.n >= PARALLEL_LEN && !overlaps(x, y, lx.n) {
                let xs = std::slice::from_raw_parts(x, lx.n);
                let ys = std::slice::from_raw_parts_mut(y, lx.n);
                ys.par_chunks_mut(CHUNK)
                    .zip(xs.par_chunks(CHUNK))
                    .for_each(|(yc, xc)| {
                        yc.iter_mut()
                            .zip(xc)
                            .for_each(|(yi, xi)| *yi += alpha * *xi)
                    });
            } else {
                for i in 0..lx.n {
                    let xi = *x.offset(lx.index(i));
                    *y.offset(ly.index(i)) += alpha * xi;
                }
            }
        })
    }
}

fn overlaps<T>(x: *const T, y: *const T, n: usize) -> bool {
    let (a, b) = (x as usize, y as usize);
    let len = n * std::mem::size_of::<T>();
    a < b + len && b < a + len
}

/// # Safety
/// As for [`axpy`].
pub unsafe fn scal<T: Scalar, A: ScalesBy<T>>(alpha: ScalarArg<A>, v: &Vector<T>) {
    // SAFETY: the caller's contract.
    let alpha = unsafe { alpha.host_value() };
    let lx = layout(v.n, v.incx);
    for b in 0..v.batch_count as usize {
        // SAFETY: the caller's contract.
        unsafe {
            let x = v.x.host_ptr(b);
            if v.incx == 1 && lx.n >= PARALLEL_LEN {
                let xs = std::slice::from_raw_parts_mut(x, lx.n);
                xs.par_chunks_mut(CHUNK)
                    .for_each(|c| c.iter_mut().for_each(|e| *e = alpha.times(*e)));
            } else {
                for i in 0..lx.n {
                    let e = x.offset(lx.index(i));
                    *e = alpha.times(*e);
                }
            }
        }
    }
}

/// # Safety
/// As for [`axpy`].
pub unsafe fn copy<T: Scalar>(v: &Vectors<T>) {
    let (lx, ly) = (layout(v.n, v.incx), layout(v.n, v.incy));
    // SAFETY: the caller's contract.
    unsafe {
        each_pair(v, |_, x, y| {
            if v.incx == 1 && v.incy == 1 {
                std::ptr::copy(x, y, lx.n);
            } else {
                for i in 0..lx.n {
                    *y.offset(ly.index(i)) = *x.offset(lx.index(i));
                }
            }
        })
    }
}

/// # Safety
/// As for [`axpy`].
pub unsafe fn swap<T: Scalar>(v: &Vectors<T>) {
    let (lx, ly) = (layout(v.n, v.incx), layout(v.n, v.incy));
    // SAFETY: the caller's contract.
    unsafe {
        each_pair(v, |_, x, y| {
            for i in 0..lx.n {
                std::ptr::swap(x.offset(lx.index(i)), y.offset(ly.index(i)));
            }
        })
    }
}

/// # Safety
/// As for [`axpy`]; `result` valid for `batch_count` values.
pub unsafe fn dot<T: Scalar>(v: &Vectors<T>, conjugate: bool, result: DevPtr<T>) {
    let (lx, ly) = (layout(v.n, v.incx), layout(v.n, v.incy));
    let term = move |x: T, y: T| {
        if conjugate {
            Scalar::conj(x) * y
        } else {
            x * y
        }
    };
    // SAFETY: the caller's contract.
    unsafe {
        each_pair(v, |b, x, y| {
            // n <= 0 writes zeros without looking at the vectors (which may be NULL: no
            // slice may be made of them, even an empty one).
            let sum = if lx.n == 0 {
                T::zero()
            } else if v.incx == 1 && v.incy == 1 {
                let xs = std::slice::from_raw_parts(x as *const T, lx.n);
                let ys = std::slice::from_raw_parts(y as *const T, lx.n);
                if lx.n >= PARALLEL_LEN {
                    xs.par_chunks(CHUNK)
                        .zip(ys.par_chunks(CHUNK))
                        .map(|(xc, yc)| dot_contiguous(xc, yc, conjugate))
                        .reduce(T::zero, |a, b| a + b)
                } else {
                    dot_contiguous(xs, ys, conjugate)
                }
            } else {
                let mut s = T::zero();
                for i in 0..lx.n {
                    s += term(*x.offset(lx.index(i)), *y.offset(ly.index(i)));
                }
                s
            };
            result.ptr().add(b).write_unaligned(sum);
        })
    }
}

/// A contiguous dot product with eight independent partial sums, so that the additions
/// do not form one dependency chain and the loop vectorises.
fn dot_contiguous<T: Scalar>(x: &[T], y: &[T], conjugate: bool) -> T {
    const LANES: usize = 8;
    let mut acc = [T::zero(); LANES];
    let (xc, yc) = (x.chunks_exact(LANES), y.chunks_exact(LANES));
    let (xr, yr) = (xc.remainder(), yc.remainder());
    for (xs, ys) in xc.zip(yc) {
        for l in 0..LANES {
            let a = if conjugate {
                Scalar::conj(xs[l])
            } else {
                xs[l]
            };
            acc[l] += a * ys[l];
        }
    }
    let mut s = acc.iter().fold(T::zero(), |s, v| s + *v);
    for (a, b) in xr.iter().zip(yr) {
        s += if conjugate { Scalar::conj(*a) } else { *a } * *b;
    }
    s
}

/// # Safety
/// As for [`dot`].
pub unsafe fn norm<T: Scalar>(v: &Vector<T>, which: Reduction, result: DevPtr<T::RealPart>) {
    let lx = layout(v.n, v.incx);
    for b in 0..v.batch_count as usize {
        let r = if v.is_empty() {
            T::RealPart::zero()
        } else {
            // SAFETY: the caller's contract.
            let x = unsafe { v.x.host_ptr(b) };
            // SAFETY: as above.
            let at = |i: usize| unsafe { *x.offset(lx.index(i)) };
            match which {
                Reduction::Asum => (0..lx.n).fold(T::RealPart::zero(), |s, i| s + at(i).abs1()),
                _ => nrm2((0..lx.n).map(at)),
            }
        };
        // SAFETY: `result` holds `batch_count` values.
        unsafe { result.ptr().add(b).write_unaligned(r) };
    }
}

/// `sqrt(sum |x|^2)` without overflow or underflow: scaled sum of squares (LAPACK's
/// `?lassq` idea: keep `scale` = largest magnitude so far, `ssq` relative to it).
fn nrm2<T: Scalar>(values: impl Iterator<Item = T>) -> T::RealPart {
    let zero = T::RealPart::zero();
    let one = T::RealPart::one();
    let (mut scale, mut ssq) = (zero, one);
    for v in values {
        for part in [v.re(), v.im()] {
            if part != zero {
                let a = part.abs();
                if scale < a {
                    let r = scale / a;
                    ssq = one + ssq * r * r;
                    scale = a;
                } else {
                    let r = a / scale;
                    ssq += r * r;
                }
            }
        }
    }
    scale * ssq.sqrt()
}

/// # Safety
/// As for [`dot`].
pub unsafe fn iamax<T: Scalar, I: IndexOut>(v: &Vector<T>, max: bool, result: DevPtr<I>) {
    let lx = layout(v.n, v.incx);
    for b in 0..v.batch_count as usize {
        let index = if v.is_empty() {
            0
        } else {
            // SAFETY: the caller's contract.
            let x = unsafe { v.x.host_ptr(b) };
            let mut best = 0usize;
            // SAFETY: as above.
            let mut best_v = unsafe { (*x).abs1() };
            for i in 1..lx.n {
                // SAFETY: as above (incx > 0 here: element i is at i * incx).
                let a = unsafe { (*x.offset(lx.index(i))).abs1() };
                // Strict comparisons: the first extreme wins; NaN never replaces.
                if (max && a > best_v) || (!max && a < best_v) {
                    best = i;
                    best_v = a;
                }
            }
            best + 1
        };
        // SAFETY: `result` holds `batch_count` values.
        unsafe { result.ptr().add(b).write_unaligned(I::from_index(index)) };
    }
}

/// # Safety
/// As for [`axpy`].
pub unsafe fn rot<T: Scalar, S: ScalesBy<T>>(
    v: &Vectors<T>,
    c: ScalarArg<T::RealPart>,
    s: ScalarArg<S>,
) {
    // SAFETY: the caller's contract.
    let (c, s) = unsafe { (c.host_value(), s.host_value()) };
    let c = T::from_real(c);
    let (lx, ly) = (layout(v.n, v.incx), layout(v.n, v.incy));
    // SAFETY: the caller's contract.
    unsafe {
        each_pair(v, |_, x, y| {
            for i in 0..lx.n {
                let (px, py) = (x.offset(lx.index(i)), y.offset(ly.index(i)));
                let (xi, yi) = (*px, *py);
                *px = c * xi + s.times(yi);
                *py = c * yi - s.conj_times(xi);
            }
        })
    }
}
