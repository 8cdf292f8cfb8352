//! `hshgemv`, `hssgemv`, `tstgemv`, `tssgemv` (batched and strided) to
//! [`crate::ops::gemv_mixed`]: `h`/`t` is fp16/bf16 input, the last letter `y`'s type
//! (`h`/`t`: the input's, `s`: fp32).

use std::ffi::c_void;

use super::{handle, CInt};
use crate::args::Batch;
use crate::error::BlasResult;
use crate::ops::ex::DataType;
use crate::ops::gemv_mixed::gemv_mixed;

macro_rules! mixed_gemv {
    ($batched:ident, $strided:ident, $in:ty, $out:ty, $tin:expr, $tout:expr) => {
        /// # Safety
        /// BLAS's contract.
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $batched<I: CInt>(
            h: *mut c_void,
            trans: i32,
            m: I,
            n: I,
            alpha: *const f32,
            a: *const *const $in,
            lda: I,
            x: *const *const $in,
            incx: I,
            beta: *const f32,
            y: *const *mut $out,
            incy: I,
            batch_count: I,
        ) -> BlasResult<()> {
            let h = handle(h)?;
            let (a, x, y) = (
                Batch::<u8>::array(a),
                Batch::<u8>::array(x),
                Batch::<u8>::array(y),
            );
            // SAFETY: forwarded.
            unsafe {
                gemv_mixed(
                    &h,
                    trans,
                    m.into(),
                    n.into(),
                    alpha,
                    a,
                    lda.into(),
                    x,
                    incx.into(),
                    beta,
                    y,
                    incy.into(),
                    $tin,
                    $tout,
                    batch_count.into(),
                )
            }
        }

        /// # Safety
        /// BLAS's contract.
        #[allow(clippy::too_many_arguments)]
        pub unsafe fn $strided<I: CInt>(
            h: *mut c_void,
            trans: i32,
            m: I,
            n: I,
            alpha: *const f32,
            a: *const $in,
            lda: I,
            stride_a: i64,
            x: *const $in,
            incx: I,
            stride_x: i64,
            beta: *const f32,
            y: *mut $out,
            incy: I,
            stride_y: i64,
            batch_count: I,
        ) -> BlasResult<()> {
            let h = handle(h)?;
            let (si, so) = (
                std::mem::size_of::<$in>() as i64,
                std::mem::size_of::<$out>() as i64,
            );
            let a = Batch::strided(a as *const u8, stride_a * si);
            let x = Batch::strided(x as *const u8, stride_x * si);
            let y = Batch::strided(y as *const u8, stride_y * so);
            // SAFETY: forwarded.
            unsafe {
                gemv_mixed(
                    &h,
                    trans,
                    m.into(),
                    n.into(),
                    alpha,
                    a,
                    lda.into(),
                    x,
                    incx.into(),
                    beta,
                    y,
                    incy.into(),
                    $tin,
                    $tout,
                    batch_count.into(),
                )
            }
        }
    };
}

use crate::scalar::{Bf16, Half};
mixed_gemv!(
    hshgemv_batched,
    hshgemv_strided_batched,
    Half,
    Half,
    DataType::F16,
    DataType::F16
);
mixed_gemv!(
    hssgemv_batched,
    hssgemv_strided_batched,
    Half,
    f32,
    DataType::F16,
    DataType::F32
);
mixed_gemv!(
    tstgemv_batched,
    tstgemv_strided_batched,
    Bf16,
    Bf16,
    DataType::Bf16,
    DataType::Bf16
);
mixed_gemv!(
    tssgemv_batched,
    tssgemv_strided_batched,
    Bf16,
    f32,
    DataType::Bf16,
    DataType::F32
);
