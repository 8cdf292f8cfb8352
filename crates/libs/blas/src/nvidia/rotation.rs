//! Device-pointer-mode rotations on cuBLAS (`?rotg`, `?rotmg`, `?rotm`): one call per batch
//! entry. Host-pointer-mode `rotg`/`rotmg` are computed on the calling thread by the core.

use std::any::TypeId;
use std::ffi::c_void;

use cudarc::cublas::sys as cb;

use super::{batch_addresses, int, status, NvidiaBlas};
use crate::error::BlasResult;
use crate::handle::Handle;
use crate::ops::rotation::{RotgCall, RotmCall, RotmParams, RotmgCall};
use crate::scalar::{RealScalar, Scalar};

fn is_f32<T: 'static>() -> bool {
    TypeId::of::<T>() == TypeId::of::<f32>()
}

impl NvidiaBlas {
    /// # Safety
    /// A validated call; device operands.
    pub unsafe fn rotg<T: Scalar>(&self, h: &Handle, c: &RotgCall<T>) -> BlasResult<()> {
        self.with(h, |ch| {
            // SAFETY: device scalars (the caller's contract), the handle in device mode.
            unsafe {
                let n = c.batch_count;
                let (a, b, s) = (
                    batch_addresses(&c.a, n)?,
                    batch_addresses(&c.b, n)?,
                    batch_addresses(&c.s, n)?,
                );
                let cs = batch_addresses(&c.c, n)?;
                for i in 0..n {
                    status(T::rotg(
                        ch,
                        a[i] as *mut T,
                        b[i] as *mut T,
                        cs[i] as *mut c_void,
                        s[i] as *mut T,
                    ))?;
                }
                Ok(())
            }
        })
    }

    /// # Safety
    /// A validated call; device operands.
    pub unsafe fn rotmg<T: RealScalar>(&self, h: &Handle, c: &RotmgCall<T>) -> BlasResult<()> {
        self.with(h, |ch| {
            // SAFETY: as above; T is f32 or f64.
            unsafe {
                let n = c.batch_count;
                let all = [&c.d1, &c.d2, &c.x1, &c.y1, &c.param].map(|b| batch_addresses(b, n));
                let [d1, d2, x1, y1, p] = all;
                let (d1, d2, x1, y1, p) = (d1?, d2?, x1?, y1?, p?);
                for i in 0..n {
                    status(if is_f32::<T>() {
                        cb::cublasSrotmg_v2(
                            ch, d1[i] as _, d2[i] as _, x1[i] as _, y1[i] as _, p[i] as _,
                        )
                    } else {
                        cb::cublasDrotmg_v2(
                            ch, d1[i] as _, d2[i] as _, x1[i] as _, y1[i] as _, p[i] as _,
                        )
                    })?;
                }
                Ok(())
            }
        })
    }

    /// # Safety
    /// A validated call; device operands (host parameters in host pointer mode).
    pub unsafe fn rotm<T: RealScalar>(&self, h: &Handle, c: &RotmCall<T>) -> BlasResult<()> {
        let (n, incx, incy) = (int(c.n as i64)?, int(c.incx)?, int(c.incy)?);
        self.with(h, |ch| {
            // SAFETY: as above; known parameters stay alive for the call (cuBLAS reads host
            // parameters before returning).
            unsafe {
                let b = c.batch_count;
                let (xs, ys) = (batch_addresses(&c.x, b)?, batch_addresses(&c.y, b)?);
                let params: Vec<usize> = match &c.params {
                    RotmParams::Known(all) => all.iter().map(|p| p.as_ptr() as usize).collect(),
                    RotmParams::Device(batch) => batch_addresses(batch, b)?,
                };
                for i in 0..b {
                    status(if is_f32::<T>() {
                        cb::cublasSrotm_v2(
                            ch,
                            n,
                            xs[i] as _,
                            incx,
                            ys[i] as _,
                            incy,
                            params[i] as _,
                        )
                    } else {
                        cb::cublasDrotm_v2(
                            ch,
                            n,
                            xs[i] as _,
                            incx,
                            ys[i] as _,
                            incy,
                            params[i] as _,
                        )
                    })?;
                }
                Ok(())
            }
        })
    }
}
