//! Level 1 operations (vectors), plain and batched. Quick returns follow rocBLAS:
//! `n <= 0` or `batch_count <= 0` does nothing (reductions then write 0 to every result),
//! and so does `incx <= 0` for `scal`, `nrm2`, `asum`, `i?amax`, `i?amin`.

use super::require;
use crate::args::Unusable;
use crate::args::{vector_extent, Batch, DevPtr, ScalarArg};
use crate::error::BlasResult;
use crate::handle::{Backend, Handle};
use crate::scalar::Scalar;
use crate::types::PointerMode;

/// Two vectors per batch entry (`x`, `y`).
#[derive(Debug)]
pub struct Vectors<T> {
    pub n: i64,
    pub x: Batch<T>,
    pub incx: i64,
    pub y: Batch<T>,
    pub incy: i64,
    pub batch_count: i64,
}

impl<T> Clone for Vectors<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Vectors<T> {}

impl<T> Vectors<T> {
    /// Nothing to do.
    pub(crate) fn is_empty(&self) -> bool {
        self.n <= 0 || self.batch_count <= 0
    }

    /// Both vectors of every batch entry are memory the work may touch.
    pub(crate) fn check_memory(&self) -> BlasResult<()> {
        self.x
            .check_extent(vector_extent(self.n, self.incx)?, self.batch_count)?;
        self.y
            .check_extent(vector_extent(self.n, self.incy)?, self.batch_count)
    }
}

/// One vector per batch entry.
#[derive(Debug)]
pub struct Vector<T> {
    pub n: i64,
    pub x: Batch<T>,
    pub incx: i64,
    pub batch_count: i64,
}

impl<T> Clone for Vector<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Vector<T> {}

impl<T> Vector<T> {
    /// Nothing to do (for `scal`-like operations and reductions, `incx <= 0` too).
    pub(crate) fn is_empty(&self) -> bool {
        self.n <= 0 || self.batch_count <= 0 || self.incx <= 0
    }

    /// The vector of every batch entry is memory the work may touch.
    pub(crate) fn check_memory(&self) -> BlasResult<()> {
        self.x
            .check_extent(vector_extent(self.n, self.incx)?, self.batch_count)
    }
}

/// A scalar that multiplies vectors of `T`: `T` itself, or the real type of a complex `T`
/// (`csscal`, `zdscal`, `csrot`, `zdrot`).
pub trait ScalesBy<T: Scalar>: Copy + Send + Sync + PartialEq + std::fmt::Debug + 'static {
    fn times(self, v: T) -> T;
    /// `conj(self) * v`
    fn conj_times(self, v: T) -> T;
    fn is_zero(self) -> bool;
    fn is_one(self) -> bool;
    /// The scalar as a `T`.
    fn to_scalar(self) -> T;
}

impl<T: Scalar> ScalesBy<T> for T {
    fn times(self, v: T) -> T {
        self * v
    }
    fn conj_times(self, v: T) -> T {
        Scalar::conj(self) * v
    }
    fn is_zero(self) -> bool {
        Scalar::is_zero(self)
    }
    fn is_one(self) -> bool {
        Scalar::is_one(self)
    }
    fn to_scalar(self) -> T {
        self
    }
}

macro_rules! real_scales_complex {
    ($r:ty, $c:ty) => {
        impl ScalesBy<$c> for $r {
            fn times(self, v: $c) -> $c {
                v * self
            }
            fn conj_times(self, v: $c) -> $c {
                v * self
            }
            fn is_zero(self) -> bool {
                self == 0.0
            }
            fn is_one(self) -> bool {
                self == 1.0
            }
            fn to_scalar(self) -> $c {
                <$c>::new(self, 0.0)
            }
        }
    };
}
real_scales_complex!(f32, crate::scalar::C32);
real_scales_complex!(f64, crate::scalar::C64);

/// An index result type (`int` or `int64_t`).
pub trait IndexOut: Copy + Send + Sync + 'static {
    fn from_index(i: usize) -> Self;
}
impl IndexOut for i32 {
    fn from_index(i: usize) -> Self {
        i32::try_from(i).unwrap_or(i32::MAX)
    }
}
impl IndexOut for i64 {
    fn from_index(i: usize) -> Self {
        i as i64
    }
}

/// Writes a reduction's results: the work writes them through `result`; in host pointer
/// mode the call then waits for the stream, so they are there when it returns.
fn finish_reduction(h: &Handle) -> BlasResult<()> {
    match h.pointer_mode() {
        PointerMode::Host => h.wait(),
        PointerMode::Device => Ok(()),
    }
}

/// `y = alpha * x + y`
///
/// # Safety
/// Vectors valid as BLAS requires; a host-mode `alpha` readable now.
pub unsafe fn axpy<T: Scalar>(h: &Handle, alpha: *const T, v: Vectors<T>) -> BlasResult<()> {
    if v.is_empty() {
        return Ok(());
    }
    // SAFETY: the caller's contract.
    let alpha = unsafe { ScalarArg::from_c(alpha, h.pointer_mode())? };
    if alpha.known().is_some_and(Scalar::is_zero) {
        return Ok(());
    }
    require(!v.x.unusable() && !v.y.unusable())?;
    v.check_memory()?;
    match h.backend() {
        // SAFETY: validated; operands valid until the work ran.
        Backend::Cpu => h.submit(move || unsafe { crate::cpu::level1::axpy(alpha, &v) }),
        // SAFETY: as above.
        Backend::Nvidia(nv) => unsafe { nv.axpy(h, alpha, &v) },
    }
}

/// `x = alpha * x` (`alpha` of `x`'s type, or real for `csscal`/`zdscal`).
///
/// # Safety
/// As for [`axpy`].
pub unsafe fn scal<T: Scalar, A: ScalesBy<T>>(
    h: &Handle,
    alpha: *const A,
    v: Vector<T>,
) -> BlasResult<()> {
    if v.is_empty() {
        return Ok(());
    }
    // SAFETY: the caller's contract.
    let alpha = unsafe { ScalarArg::from_c(alpha, h.pointer_mode())? };
    if alpha.known().is_some_and(ScalesBy::is_one) {
        return Ok(());
    }
    require(!v.x.unusable())?;
    v.check_memory()?;
    match h.backend() {
        // SAFETY: validated.
        Backend::Cpu => h.submit(move || unsafe { crate::cpu::level1::scal(alpha, &v) }),
        // SAFETY: as above.
        Backend::Nvidia(nv) => unsafe { nv.scal(h, alpha, &v) },
    }
}

/// `y = x`
///
/// # Safety
/// As for [`axpy`].
pub unsafe fn copy<T: Scalar>(h: &Handle, v: Vectors<T>) -> BlasResult<()> {
    if v.is_empty() {
        return Ok(());
    }
    require(!v.x.unusable() && !v.y.unusable())?;
    v.check_memory()?;
    match h.backend() {
        // SAFETY: validated.
        Backend::Cpu => h.submit(move || unsafe { crate::cpu::level1::copy(&v) }),
        // SAFETY: as above.
        Backend::Nvidia(nv) => unsafe { nv.copy(h, &v) },
    }
}

/// `x <-> y`
///
/// # Safety
/// As for [`axpy`].
pub unsafe fn swap<T: Scalar>(h: &Handle, v: Vectors<T>) -> BlasResult<()> {
    if v.is_empty() {
        return Ok(());
    }
    require(!v.x.unusable() && !v.y.unusable())?;
    v.check_memory()?;
    match h.backend() {
        // SAFETY: validated.
        Backend::Cpu => h.submit(move || unsafe { crate::cpu::level1::swap(&v) }),
        // SAFETY: as above.
        Backend::Nvidia(nv) => unsafe { nv.swap(h, &v) },
    }
}

/// `batch_count` results at `result` are memory the work may write.
fn check_results<R>(result: *mut R, batch_count: i64) -> BlasResult<()> {
    let n = usize::try_from(batch_count.max(0)).unwrap_or(0);
    let bytes = n
        .checked_mul(std::mem::size_of::<R>())
        .ok_or(crate::error::BlasError::InvalidSize)?;
    crate::hip_bridge::check_memory(result.cast_const().cast(), bytes)
        .map_err(|_| crate::error::BlasError::InvalidPointer)
}

/// The reductions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reduction {
    /// `sum x_i * y_i` (`conj(x_i)` for `dotc`).
    Dot { conjugate: bool },
    /// `sqrt(sum |x_i|^2)`
    Nrm2,
    /// `sum |re x_i| + |im x_i|`
    Asum,
    /// 1-based index of the first largest (`max`) or smallest `|re| + |im|`.
    Iamax { max: bool },
}

/// `dot`, `dotu`, `dotc` (`result[b]` for every batch entry).
///
/// # Safety
/// As for [`axpy`]; `result` valid for `batch_count` values (host memory in host mode).
pub unsafe fn dot<T: Scalar>(
    h: &Handle,
    v: Vectors<T>,
    conjugate: bool,
    result: *mut T,
) -> BlasResult<()> {
    require(!result.unusable())?;
    check_results(result, v.batch_count)?;
    let result = DevPtr::new(result);
    if v.batch_count <= 0 {
        return Ok(());
    }
    if v.n > 0 {
        require(!v.x.unusable() && !v.y.unusable())?;
        v.check_memory()?;
        v.check_memory()?;
    }
    match h.backend() {
        Backend::Cpu => {
            // SAFETY: validated; `result` valid until the work ran.
            h.submit(move || unsafe { crate::cpu::level1::dot(&v, conjugate, result) })?
        }
        // SAFETY: as above.
        Backend::Nvidia(nv) => unsafe { nv.dot(h, &v, conjugate, result)? },
    }
    finish_reduction(h)
}

/// `nrm2` and `asum` (real results).
///
/// # Safety
/// As for [`dot`].
pub unsafe fn norm<T: Scalar>(
    h: &Handle,
    v: Vector<T>,
    which: Reduction,
    result: *mut T::RealPart,
) -> BlasResult<()> {
    require(!result.unusable())?;
    check_results(result, v.batch_count)?;
    let result = DevPtr::new(result);
    if v.batch_count <= 0 {
        return Ok(());
    }
    if !v.is_empty() {
        require(!v.x.unusable())?;
        v.check_memory()?;
        v.check_memory()?;
    }
    match h.backend() {
        // SAFETY: validated.
        Backend::Cpu => h.submit(move || unsafe { crate::cpu::level1::norm(&v, which, result) })?,
        // SAFETY: as above.
        Backend::Nvidia(nv) => unsafe { nv.norm(h, &v, which, result)? },
    }
    finish_reduction(h)
}

/// `i?amax`, `i?amin` (1-based; 0 for an empty vector).
///
/// # Safety
/// As for [`dot`].
pub unsafe fn iamax<T: Scalar, I: IndexOut>(
    h: &Handle,
    v: Vector<T>,
    max: bool,
    result: *mut I,
) -> BlasResult<()> {
    require(!result.unusable())?;
    check_results(result, v.batch_count)?;
    let result = DevPtr::new(result);
    if v.batch_count <= 0 {
        return Ok(());
    }
    if !v.is_empty() {
        require(!v.x.unusable())?;
        v.check_memory()?;
        v.check_memory()?;
    }
    match h.backend() {
        // SAFETY: validated.
        Backend::Cpu => h.submit(move || unsafe { crate::cpu::level1::iamax(&v, max, result) })?,
        // SAFETY: as above.
        Backend::Nvidia(nv) => unsafe { nv.iamax(h, &v, max, result)? },
    }
    finish_reduction(h)
}

/// Plane rotation: `x = c x + s y`, `y = c y - conj(s) x` (`c` real; `s` real or of the
/// vectors' type).
///
/// # Safety
/// As for [`axpy`]; host-mode `c` and `s` readable now.
pub unsafe fn rot<T: Scalar, S: ScalesBy<T>>(
    h: &Handle,
    v: Vectors<T>,
    c: *const T::RealPart,
    s: *const S,
) -> BlasResult<()> {
    if v.is_empty() {
        return Ok(());
    }
    let mode = h.pointer_mode();
    // SAFETY: the caller's contract.
    let (c, s) = unsafe { (ScalarArg::from_c(c, mode)?, ScalarArg::from_c(s, mode)?) };
    require(!v.x.unusable() && !v.y.unusable())?;
    v.check_memory()?;
    match h.backend() {
        // SAFETY: validated.
        Backend::Cpu => h.submit(move || unsafe { crate::cpu::level1::rot(&v, c, s) }),
        // SAFETY: as above.
        Backend::Nvidia(nv) => unsafe { nv.rot(h, &v, c, s) },
    }
}
