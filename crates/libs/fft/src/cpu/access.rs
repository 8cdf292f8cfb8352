//! Reading and writing one side of a transform in its own layout: interleaved or planar
//! complex, or real values, stored in half, bfloat16, single or double precision and
//! computed in `T` (single or double).

use rustfft::num_complex::Complex;
use rustfft::FftNum;

use crate::desc::Layout;

/// A value type stored in memory and computed in `T`.
pub trait Stored<T>: Copy + Send + Sync + 'static {
    fn load(self) -> T;
    fn from_t(v: T) -> Self;
}

impl Stored<f32> for f32 {
    #[inline(always)]
    fn load(self) -> f32 {
        self
    }
    #[inline(always)]
    fn from_t(v: f32) -> f32 {
        v
    }
}
impl Stored<f64> for f64 {
    #[inline(always)]
    fn load(self) -> f64 {
        self
    }
    #[inline(always)]
    fn from_t(v: f64) -> f64 {
        v
    }
}
impl Stored<f32> for half::f16 {
    #[inline(always)]
    fn load(self) -> f32 {
        self.to_f32()
    }
    #[inline(always)]
    fn from_t(v: f32) -> half::f16 {
        half::f16::from_f32(v)
    }
}
impl Stored<f32> for half::bf16 {
    #[inline(always)]
    fn load(self) -> f32 {
        self.to_f32()
    }
    #[inline(always)]
    fn from_t(v: f32) -> half::bf16 {
        half::bf16::from_f32(v)
    }
}

/// One side's buffers and layout, as raw addresses (the executor is handed them by a
/// C caller or by the safe API, which checked the extents).
#[derive(Clone, Copy)]
pub struct Side<'a> {
    /// Buffer 0 (interleaved data, real data, or planar real parts) and buffer 1
    /// (planar imaginary parts), already advanced by the layout's offsets.
    pub ptr: [usize; 2],
    pub planar: bool,
    pub layout: &'a Layout,
}

impl<'a> Side<'a> {
    /// `ptr` are the caller's buffers (in bytes) for elements of `bytes_per_value`.
    pub fn new(ptr: [usize; 2], layout: &'a Layout, bytes_per_value: usize) -> Side<'a> {
        let planar = layout.array.is_planar();
        let complex = !matches!(layout.array, crate::desc::ArrayType::Real);
        let per_elem = if complex && !planar {
            2 * bytes_per_value
        } else {
            bytes_per_value
        };
        Side {
            ptr: [
                ptr[0].wrapping_add(layout.offsets[0] * per_elem),
                ptr[1].wrapping_add(layout.offsets[1] * per_elem),
            ],
            planar,
            layout,
        }
    }

    /// Element index of the first element of `line` (lines are the innermost rows,
    /// batch-major, then dimension 2, then dimension 1), relative to the offset.
    #[inline]
    pub fn line_base(&self, lines: &LineShape, line: usize) -> usize {
        let (b, i1, i2) = lines.split(line);
        let s = &self.layout.strides;
        b * self.layout.distance
            + s.get(1).map_or(0, |s1| i1 * s1)
            + s.get(2).map_or(0, |s2| i2 * s2)
    }

    #[inline]
    pub fn stride0(&self) -> usize {
        self.layout.strides[0]
    }

    /// Reads `out.len()` complex elements from element `base` on, `stride0` apart.
    ///
    /// # Safety
    /// The elements are readable memory of this side.
    #[inline]
    pub unsafe fn load_complex<S: Stored<T>, T: FftNum>(
        &self,
        base: usize,
        out: &mut [Complex<T>],
    ) {
        let st = self.stride0();
        if self.planar {
            let (re, im) = (self.ptr[0] as *const S, self.ptr[1] as *const S);
            for (i, o) in out.iter_mut().enumerate() {
                let k = base + i * st;
                // SAFETY: the caller's contract.
                unsafe { *o = Complex::new((*re.add(k)).load(), (*im.add(k)).load()) };
            }
        } else {
            let p = self.ptr[0] as *const S;
            for (i, o) in out.iter_mut().enumerate() {
                let k = 2 * (base + i * st);
                // SAFETY: the caller's contract.
                unsafe { *o = Complex::new((*p.add(k)).load(), (*p.add(k + 1)).load()) };
            }
        }
    }

    /// Writes `values * scale` as complex elements from element `base` on.
    ///
    /// # Safety
    /// The elements are writable memory of this side, written by no one else meanwhile.
    #[inline]
    pub unsafe fn store_complex<S: Stored<T>, T: FftNum>(
        &self,
        base: usize,
        values: &[Complex<T>],
        scale: Option<T>,
    ) {
        let st = self.stride0();
        let sc = |v: T| scale.map_or(v, |s| v * s);
        if self.planar {
            let (re, im) = (self.ptr[0] as *mut S, self.ptr[1] as *mut S);
            for (i, v) in values.iter().enumerate() {
                let k = base + i * st;
                // SAFETY: the caller's contract.
                unsafe {
                    *re.add(k) = S::from_t(sc(v.re));
                    *im.add(k) = S::from_t(sc(v.im));
                }
            }
        } else {
            let p = self.ptr[0] as *mut S;
            for (i, v) in values.iter().enumerate() {
                let k = 2 * (base + i * st);
                // SAFETY: the caller's contract.
                unsafe {
                    *p.add(k) = S::from_t(sc(v.re));
                    *p.add(k + 1) = S::from_t(sc(v.im));
                }
            }
        }
    }

    /// Reads `out.len()` real values from element `base` on.
    ///
    /// # Safety
    /// As [`Side::load_complex`].
    #[inline]
    pub unsafe fn load_real<S: Stored<T>, T: FftNum>(&self, base: usize, out: &mut [T]) {
        let st = self.stride0();
        let p = self.ptr[0] as *const S;
        for (i, o) in out.iter_mut().enumerate() {
            // SAFETY: the caller's contract.
            unsafe { *o = (*p.add(base + i * st)).load() };
        }
    }

    /// Writes `values * scale` as real values from element `base` on.
    ///
    /// # Safety
    /// As [`Side::store_complex`].
    #[inline]
    pub unsafe fn store_real<S: Stored<T>, T: FftNum>(
        &self,
        base: usize,
        values: &[T],
        scale: Option<T>,
    ) {
        let st = self.stride0();
        let p = self.ptr[0] as *mut S;
        for (i, v) in values.iter().enumerate() {
            let v = scale.map_or(*v, |s| *v * s);
            // SAFETY: the caller's contract.
            unsafe { *p.add(base + i * st) = S::from_t(v) };
        }
    }
}

/// How line numbers map to (batch, index along dimension 1, index along dimension 2).
#[derive(Debug, Clone, Copy)]
pub struct LineShape {
    pub l1: usize,
    pub l2: usize,
    pub batch: usize,
}

impl LineShape {
    pub fn new(lengths: &[usize], batch: usize) -> LineShape {
        LineShape {
            l1: lengths.get(1).copied().unwrap_or(1),
            l2: lengths.get(2).copied().unwrap_or(1),
            batch,
        }
    }
    pub fn per_batch(&self) -> usize {
        self.l1 * self.l2
    }
    pub fn count(&self) -> usize {
        self.per_batch() * self.batch
    }
    #[inline]
    pub fn split(&self, line: usize) -> (usize, usize, usize) {
        let per = self.per_batch();
        let (b, o) = (line / per, line % per);
        (b, o % self.l1, o / self.l1)
    }
}
