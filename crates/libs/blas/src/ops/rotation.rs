//! The rotation generators and the modified rotation: `rotg`, `rotmg` (scalars in, scalars
//! out) and `rotm` (applies a modified rotation to two vectors), in their forms.
//!
//! In host pointer mode the scalars are host memory: `rotg`/`rotmg` compute on the calling
//! thread before returning, and `rotm` reads its parameters before returning. In device
//! pointer mode the work is enqueued on the handle's stream (cuBLAS on NVIDIA).

use super::require;
use crate::args::Batch;
use crate::args::{vector_extent, Unusable};
use crate::error::{BlasError, BlasResult};
use crate::handle::{Backend, Handle};
use crate::scalar::{RealScalar, Scalar};
use crate::types::PointerMode;

/// `rotg`: `a, b -> r, z` in place, with `c` (real) and `s`.
#[derive(Debug)]
pub struct RotgCall<T: Scalar> {
    pub a: Batch<T>,
    pub b: Batch<T>,
    pub c: Batch<T::RealPart>,
    pub s: Batch<T>,
    pub batch_count: usize,
}

impl<T: Scalar> Clone for RotgCall<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T: Scalar> Copy for RotgCall<T> {}

/// `rotmg`: the modified rotation zeroing `sqrt(d2) * y1`.
#[derive(Debug)]
pub struct RotmgCall<T: RealScalar> {
    pub d1: Batch<T>,
    pub d2: Batch<T>,
    pub x1: Batch<T>,
    pub y1: Batch<T>,
    pub param: Batch<T>,
    pub batch_count: usize,
}

impl<T: RealScalar> Clone for RotmgCall<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T: RealScalar> Copy for RotmgCall<T> {}

/// Where `rotm`'s parameters come from.
#[derive(Debug)]
pub enum RotmParams<T> {
    /// Read when the call was made (host pointer mode), one `[flag, h11, h21, h12, h22]`
    /// per batch entry.
    Known(std::sync::Arc<Vec<[T; 5]>>),
    /// Read by the work (device pointer mode).
    Device(Batch<T>),
}

impl<T> Clone for RotmParams<T> {
    fn clone(&self) -> Self {
        match self {
            RotmParams::Known(v) => RotmParams::Known(std::sync::Arc::clone(v)),
            RotmParams::Device(b) => RotmParams::Device(*b),
        }
    }
}

/// `rotm`: `[x; y] = H [x; y]` element-wise, `H` from `param`.
#[derive(Debug, Clone)]
pub struct RotmCall<T: RealScalar> {
    pub n: usize,
    pub x: Batch<T>,
    pub incx: i64,
    pub y: Batch<T>,
    pub incy: i64,
    pub params: RotmParams<T>,
    pub batch_count: usize,
}

fn batches(count: i64) -> usize {
    count.max(0) as usize
}

/// Host pointer mode reads the scalars on the calling thread. With the NVIDIA backend an
/// array of pointers lives in device memory and cannot be read there: not supported.
fn host_readable<T>(h: &Handle, batches: &[&Batch<T>]) -> BlasResult<()> {
    let device_array = batches.iter().any(|b| matches!(b, Batch::Array(_)));
    if device_array && matches!(h.backend(), Backend::Nvidia(_)) {
        return Err(BlasError::NotImplemented(
            "host-mode rotations with pointer arrays on NVIDIA",
        ));
    }
    Ok(())
}

/// `?rotg` in its forms.
///
/// # Safety
/// Operands valid for `batch_count` entries (host memory in host pointer mode).
pub unsafe fn rotg<T: Scalar>(h: &Handle, call: RotgCall<T>) -> BlasResult<()> {
    require(!call.a.unusable() && !call.b.unusable() && !call.c.unusable() && !call.s.unusable())?;
    if call.batch_count == 0 {
        return Ok(());
    }
    let count = i64::try_from(call.batch_count).map_err(|_| BlasError::InvalidSize)?;
    for b in [&call.a, &call.b, &call.s] {
        b.check_extent(1, count)?;
    }
    call.c.check_extent(1, count)?;
    match h.pointer_mode() {
        PointerMode::Host => {
            host_readable(h, &[&call.a, &call.b, &call.s])?;
            host_readable(h, &[&call.c])?;
            // SAFETY: host memory (the caller's contract).
            unsafe { crate::cpu::rotation::rotg(&call) };
            Ok(())
        }
        PointerMode::Device => h.dispatch(call, crate::cpu::rotation::rotg::<T>, |nv, c| {
            // SAFETY: validated; device operands.
            unsafe { nv.rotg(h, c) }
        }),
    }
}

/// `?rotmg` in its forms.
///
/// # Safety
/// As for [`rotg`].
pub unsafe fn rotmg<T: RealScalar>(h: &Handle, call: RotmgCall<T>) -> BlasResult<()> {
    require(
        !call.d1.unusable()
            && !call.d2.unusable()
            && !call.x1.unusable()
            && !call.y1.unusable()
            && !call.param.unusable(),
    )?;
    if call.batch_count == 0 {
        return Ok(());
    }
    let count = i64::try_from(call.batch_count).map_err(|_| BlasError::InvalidSize)?;
    for b in [&call.d1, &call.d2, &call.x1, &call.y1] {
        b.check_extent(1, count)?;
    }
    call.param.check_extent(5, count)?;
    match h.pointer_mode() {
        PointerMode::Host => {
            host_readable(h, &[&call.d1, &call.d2, &call.x1, &call.y1, &call.param])?;
            // SAFETY: host memory (the caller's contract).
            unsafe { crate::cpu::rotation::rotmg(&call) };
            Ok(())
        }
        PointerMode::Device => h.dispatch(call, crate::cpu::rotation::rotmg::<T>, |nv, c| {
            // SAFETY: validated; device operands.
            unsafe { nv.rotmg(h, c) }
        }),
    }
}

/// `?rotm` in its forms. `n <= 0` or no batch entries: nothing to do; a host-mode flag of
/// -2 (identity) leaves the vectors as they are.
///
/// # Safety
/// Vectors valid as BLAS requires; host-mode parameters readable now.
#[allow(clippy::too_many_arguments)]
pub unsafe fn rotm<T: RealScalar>(
    h: &Handle,
    n: i64,
    x: Batch<T>,
    incx: i64,
    y: Batch<T>,
    incy: i64,
    param: Batch<T>,
    batch_count: i64,
) -> BlasResult<()> {
    let bc = batches(batch_count);
    if n <= 0 || bc == 0 {
        return Ok(());
    }
    require(!x.unusable() && !y.unusable() && !param.unusable())?;
    x.check_extent(vector_extent(n, incx)?, batch_count)?;
    y.check_extent(vector_extent(n, incy)?, batch_count)?;
    param.check_extent(5, batch_count)?;
    let params = match h.pointer_mode() {
        PointerMode::Host => {
            host_readable(h, &[&param])?;
            let mut all = Vec::with_capacity(bc);
            for b in 0..bc {
                // SAFETY: host-mode parameters are readable now (5 values each).
                let p = unsafe { param.host_ptr(b) };
                // SAFETY: as above.
                all.push(std::array::from_fn(|i| unsafe {
                    p.add(i).read_unaligned()
                }));
            }
            if all.iter().all(|p: &[T; 5]| p[0] == T::from_f64(-2.0)) {
                return Ok(());
            }
            RotmParams::Known(std::sync::Arc::new(all))
        }
        PointerMode::Device => RotmParams::Device(param),
    };
    let call = RotmCall {
        n: n as usize,
        x,
        incx,
        y,
        incy,
        params,
        batch_count: bc,
    };
    h.dispatch(call, crate::cpu::rotation::rotm::<T>, |nv, c| {
        // SAFETY: validated; device operands.
        unsafe { nv.rotm(h, c) }
    })
}
