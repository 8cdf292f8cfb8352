//! `set/get_vector`, `set/get_matrix` (+ `_async`): strided copies between host and
//! device memory, ordered on a stream (the null stream for the synchronous forms, which
//! also wait for it, as `hipMemcpy2D` does).

use crate::args::Unusable;
use crate::args::{Batch, DevPtr};
use crate::error::{BlasError, BlasResult};
use crate::hip_bridge::{self, Platform, StreamHandle};

/// A 2-D copy: `height` rows of `width` bytes, `src_pitch`/`dst_pitch` bytes apart.
#[derive(Debug, Clone, Copy)]
pub struct Copy2d {
    pub src: DevPtr<u8>,
    pub src_pitch: usize,
    pub dst: DevPtr<u8>,
    pub dst_pitch: usize,
    pub width: usize,
    pub height: usize,
}

impl Copy2d {
    /// Runs the copy on host-visible memory.
    ///
    /// # Safety
    /// Both sides valid for the rows described.
    pub unsafe fn run_on_host(&self) {
        if self.width == self.src_pitch && self.width == self.dst_pitch {
            // SAFETY: the caller's contract; one contiguous block (may overlap).
            unsafe { std::ptr::copy(self.src.ptr(), self.dst.ptr(), self.width * self.height) };
            return;
        }
        for r in 0..self.height {
            // SAFETY: the caller's contract, row by row.
            unsafe {
                std::ptr::copy(
                    self.src.ptr().add(r * self.src_pitch),
                    self.dst.ptr().add(r * self.dst_pitch),
                    self.width,
                )
            };
        }
    }
}

impl Copy2d {
    /// Both blocks are memory the copy may touch (`InvalidPointer` for memory nothing
    /// backs, `InvalidSize` for a block running past its buffer).
    fn check_memory(&self) -> BlasResult<()> {
        let span = |pitch: usize| {
            pitch
                .checked_mul(self.height.saturating_sub(1))
                .and_then(|b| b.checked_add(self.width))
                .ok_or(BlasError::InvalidSize)
        };
        Batch::one(self.src.ptr().cast_const()).check_extent(span(self.src_pitch)?, 1)?;
        Batch::one(self.dst.ptr().cast_const()).check_extent(span(self.dst_pitch)?, 1)
    }
}

/// `rocblas_set_vector` and friends: `n` elements of `elem_size` bytes, `incx`/`incy`
/// elements apart. Sizes, increments and element size must be positive (`n` may be 0):
/// `InvalidSize` otherwise; NULL pointers → `InvalidPointer`.
///
/// # Safety
/// Both vectors valid as described; with `stream` (async forms), until the copy ran.
pub unsafe fn copy_vector(
    n: i64,
    elem_size: i64,
    x: *const u8,
    incx: i64,
    y: *mut u8,
    incy: i64,
    stream: Option<StreamHandle>,
) -> BlasResult<()> {
    if n < 0 || incx <= 0 || incy <= 0 || elem_size <= 0 {
        return Err(BlasError::InvalidSize);
    }
    if n == 0 {
        return Ok(());
    }
    if x.unusable() || y.unusable() {
        return Err(BlasError::InvalidPointer);
    }
    let e = elem_size as usize;
    let c = Copy2d {
        src: DevPtr::new(x),
        src_pitch: (incx as usize)
            .checked_mul(e)
            .ok_or(BlasError::InvalidSize)?,
        dst: DevPtr::new(y),
        dst_pitch: (incy as usize)
            .checked_mul(e)
            .ok_or(BlasError::InvalidSize)?,
        width: e,
        height: n as usize,
    };
    c.check_memory()?;
    // SAFETY: forwarded from the caller.
    unsafe { submit(c, stream) }
}

/// `rocblas_set_matrix` and friends: a `rows x cols` block of `elem_size`-byte elements,
/// column-major with leading dimensions `lda`, `ldb`. `InvalidSize` for negative sizes,
/// non-positive leading dimensions or element size, or `rows > lda`/`rows > ldb`.
///
/// # Safety
/// As for [`copy_vector`].
#[allow(clippy::too_many_arguments)]
pub unsafe fn copy_matrix(
    rows: i64,
    cols: i64,
    elem_size: i64,
    a: *const u8,
    lda: i64,
    b: *mut u8,
    ldb: i64,
    stream: Option<StreamHandle>,
) -> BlasResult<()> {
    if rows < 0 || cols < 0 || lda <= 0 || ldb <= 0 || rows > lda || rows > ldb || elem_size <= 0 {
        return Err(BlasError::InvalidSize);
    }
    if rows == 0 || cols == 0 {
        return Ok(());
    }
    if a.unusable() || b.unusable() {
        return Err(BlasError::InvalidPointer);
    }
    let e = elem_size as usize;
    let c = Copy2d {
        src: DevPtr::new(a),
        src_pitch: (lda as usize)
            .checked_mul(e)
            .ok_or(BlasError::InvalidSize)?,
        dst: DevPtr::new(b),
        dst_pitch: (ldb as usize)
            .checked_mul(e)
            .ok_or(BlasError::InvalidSize)?,
        width: (rows as usize)
            .checked_mul(e)
            .ok_or(BlasError::InvalidSize)?,
        height: cols as usize,
    };
    c.check_memory()?;
    // SAFETY: forwarded from the caller.
    unsafe { submit(c, stream) }
}

/// Enqueues the copy on `stream` (async) or on the null stream and waits (sync).
///
/// # Safety
/// As for [`copy_vector`].
unsafe fn submit(c: Copy2d, stream: Option<StreamHandle>) -> BlasResult<()> {
    match hip_bridge::platform() {
        Platform::Cpu => {
            let s = stream.unwrap_or(0);
            // SAFETY: forwarded from the caller (memory stays valid until the copy ran).
            hip_bridge::enqueue(s, std::sync::Arc::new(move || unsafe { c.run_on_host() }))?;
            if stream.is_none() {
                hip_bridge::synchronize(0)?;
            }
            Ok(())
        }
        // SAFETY: forwarded from the caller.
        Platform::Nvidia => unsafe { crate::nvidia::copy_2d(&c, stream) },
    }
}
