//! The safe Rust API (in the style of cudarc's `CudaFft`): typed plans whose transforms
//! are ordered on the current device's null stream and take `hip::safe::DeviceBuffer`s.
//! Shapes are given **row-major** (`[rows, cols]`: the last dimension varies fastest),
//! data is dense, and buffers are checked against the plan, so no transform reads or
//! writes outside them. Transforms are unnormalised (cuFFT's convention). Freeing a
//! buffer waits for the device, so enqueued work never outlives its memory.

use std::marker::PhantomData;

use hip::safe::DeviceBuffer;
use num_complex::Complex;

use crate::desc::{Placement, PlanDesc, Precision, TransformType};
use crate::error::{FftError, FftResult};
use crate::plan::{Buffers, Plan};

/// The real types transforms are made of.
pub trait FftFloat: Copy + Send + Sync + 'static {
    const PRECISION: Precision;
}
impl FftFloat for f32 {
    const PRECISION: Precision = Precision::Single;
}
impl FftFloat for f64 {
    const PRECISION: Precision = Precision::Double;
}

fn make(
    t: TransformType,
    p: Precision,
    shape: &[usize],
    batch: usize,
    place: Placement,
) -> FftResult<Plan> {
    let lengths: Vec<usize> = shape.iter().rev().copied().collect();
    Plan::new(PlanDesc::new(t, p, &lengths, batch, place))
}

fn fits<T: Copy>(buf: &DeviceBuffer<T>, needed: usize) -> FftResult<()> {
    if buf.len() < needed {
        return Err(FftError::InvalidSize(
            "a buffer is smaller than the plan's data",
        ));
    }
    Ok(())
}

/// Waits for every transform enqueued so far on the null stream.
pub fn synchronize() -> FftResult<()> {
    Ok(crate::hip_bridge::synchronize(0)?)
}

/// Complex-to-complex transforms of `batch` dense arrays of `shape`.
pub struct C2c<T> {
    out_of_place: Plan,
    in_place: Plan,
    size: usize,
    _t: PhantomData<T>,
}

impl<T: FftFloat> C2c<T> {
    pub fn new(shape: &[usize], batch: usize) -> FftResult<C2c<T>> {
        let t = TransformType::ComplexForward;
        Ok(C2c {
            out_of_place: make(t, T::PRECISION, shape, batch, Placement::NotInPlace)?,
            in_place: make(t, T::PRECISION, shape, batch, Placement::InPlace)?,
            size: shape.iter().product::<usize>() * batch,
            _t: PhantomData,
        })
    }

    /// `output = DFT(input)` (`inverse`: with `exp(+2 pi i jk/n)`).
    pub fn exec(
        &self,
        input: &DeviceBuffer<Complex<T>>,
        output: &mut DeviceBuffer<Complex<T>>,
        inverse: bool,
    ) -> FftResult<()> {
        fits(input, self.size)?;
        fits(output, self.size)?;
        let bufs = Buffers {
            input: [input.as_ptr() as *mut _, std::ptr::null_mut()],
            output: [output.as_mut_ptr().cast(), std::ptr::null_mut()],
        };
        // SAFETY: both buffers hold the plan's elements and outlive the work; the input
        // is only read (the out-of-place CPU and cuFFT C2C transforms keep it).
        unsafe { self.out_of_place.execute(0, bufs, Some(inverse)) }
    }

    /// Transforms `data` in place.
    pub fn exec_in_place(
        &self,
        data: &mut DeviceBuffer<Complex<T>>,
        inverse: bool,
    ) -> FftResult<()> {
        fits(data, self.size)?;
        let p = data.as_mut_ptr().cast();
        let bufs = Buffers {
            input: [p, std::ptr::null_mut()],
            output: [p, std::ptr::null_mut()],
        };
        // SAFETY: the buffer holds the plan's elements and outlives the work.
        unsafe { self.in_place.execute(0, bufs, Some(inverse)) }
    }
}

/// Real-to-complex transforms (`shape` real values in, the last dimension halved + 1
/// complex values out) of `batch` dense arrays.
pub struct R2c<T> {
    plan: Plan,
    real: usize,
    complex: usize,
    _t: PhantomData<T>,
}

fn half_size(shape: &[usize]) -> usize {
    let (last, rest) = shape.split_last().map_or((1, &[][..]), |(l, r)| (*l, r));
    (last / 2 + 1) * rest.iter().product::<usize>()
}

impl<T: FftFloat> R2c<T> {
    pub fn new(shape: &[usize], batch: usize) -> FftResult<R2c<T>> {
        Ok(R2c {
            plan: make(
                TransformType::RealForward,
                T::PRECISION,
                shape,
                batch,
                Placement::NotInPlace,
            )?,
            real: shape.iter().product::<usize>() * batch,
            complex: half_size(shape) * batch,
            _t: PhantomData,
        })
    }

    pub fn exec(
        &self,
        input: &DeviceBuffer<T>,
        output: &mut DeviceBuffer<Complex<T>>,
    ) -> FftResult<()> {
        fits(input, self.real)?;
        fits(output, self.complex)?;
        let bufs = Buffers {
            input: [input.as_ptr() as *mut _, std::ptr::null_mut()],
            output: [output.as_mut_ptr().cast(), std::ptr::null_mut()],
        };
        // SAFETY: as for `C2c::exec`; R2C keeps its input.
        unsafe { self.plan.execute(0, bufs, None) }
    }
}

/// Complex-to-real transforms, the inverse of [`R2c`] (unnormalised). The input is
/// overwritten (as by cuFFT and rocFFT), hence `&mut`.
pub struct C2r<T> {
    plan: Plan,
    real: usize,
    complex: usize,
    _t: PhantomData<T>,
}

impl<T: FftFloat> C2r<T> {
    pub fn new(shape: &[usize], batch: usize) -> FftResult<C2r<T>> {
        Ok(C2r {
            plan: make(
                TransformType::RealInverse,
                T::PRECISION,
                shape,
                batch,
                Placement::NotInPlace,
            )?,
            real: shape.iter().product::<usize>() * batch,
            complex: half_size(shape) * batch,
            _t: PhantomData,
        })
    }

    pub fn exec(
        &self,
        input: &mut DeviceBuffer<Complex<T>>,
        output: &mut DeviceBuffer<T>,
    ) -> FftResult<()> {
        fits(input, self.complex)?;
        fits(output, self.real)?;
        let bufs = Buffers {
            input: [input.as_mut_ptr().cast(), std::ptr::null_mut()],
            output: [output.as_mut_ptr().cast(), std::ptr::null_mut()],
        };
        // SAFETY: as for `C2c::exec`.
        unsafe { self.plan.execute(0, bufs, None) }
    }
}
