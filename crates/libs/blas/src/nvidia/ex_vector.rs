//! The level-1 `Ex` functions on cuBLAS's `*Ex` entry points (`cublasAxpyEx`,
//! `cublasScalEx`, `cublasDotEx`/`DotcEx`, `cublasNrm2Ex`, `cublasRotEx`) with the caller's
//! types and execution type; one call per batch entry. Which type combinations work is
//! cuBLAS's to decide (its status comes back).

use std::ffi::c_void;

use cudarc::cublas::sys as cb;

use super::{batch_addresses, int, status, NvidiaBlas};
use crate::error::BlasResult;
use crate::handle::Handle;
use crate::ops::ex::DataType;
use crate::ops::ex_vector::{ExVectorCall, ExVectorOp};

/// cuBLAS's `cudaDataType` for an `Ex` element type.
pub(crate) fn cuda_type(t: DataType) -> cb::cudaDataType {
    match t {
        DataType::F16 => cb::cudaDataType::CUDA_R_16F,
        DataType::Bf16 => cb::cudaDataType::CUDA_R_16BF,
        DataType::F32 => cb::cudaDataType::CUDA_R_32F,
        DataType::F64 => cb::cudaDataType::CUDA_R_64F,
        DataType::C32 => cb::cudaDataType::CUDA_C_32F,
        DataType::C64 => cb::cudaDataType::CUDA_C_64F,
    }
}

impl NvidiaBlas {
    /// # Safety
    /// A validated call; device operands.
    pub unsafe fn ex_vector(&self, h: &Handle, c: &ExVectorCall) -> BlasResult<()> {
        let n = int(c.n as i64)?;
        let (xt, incx) = (cuda_type(c.x.ty), int(c.x.inc)?);
        let (yt, incy) = match c.y {
            Some(y) => (cuda_type(y.ty), int(y.inc)?),
            None => (xt, 1),
        };
        let exec = cuda_type(c.execution);
        self.with(h, |ch| {
            // SAFETY: validated arguments; the type codes describe the operands.
            unsafe {
                let xs = batch_addresses(&c.x.p, c.batch_count)?;
                let ys = match c.y {
                    Some(y) => batch_addresses(&y.p, c.batch_count)?,
                    None => vec![0; c.batch_count],
                };
                for (b, (&x, &y)) in xs.iter().zip(&ys).enumerate() {
                    let (x, y) = (x as *mut c_void, y as *mut c_void);
                    let s = match c.op {
                        ExVectorOp::Axpy { alpha } => {
                            let (a, at) = alpha.raw();
                            cb::cublasAxpyEx(
                                ch,
                                n,
                                a.ptr() as *const c_void,
                                cuda_type(at),
                                x,
                                xt,
                                incx,
                                y,
                                yt,
                                incy,
                                exec,
                            )
                        }
                        ExVectorOp::Scal { alpha } => {
                            let (a, at) = alpha.raw();
                            cb::cublasScalEx(
                                ch,
                                n,
                                a.ptr() as *const c_void,
                                cuda_type(at),
                                x,
                                xt,
                                incx,
                                exec,
                            )
                        }
                        ExVectorOp::Dot {
                            conjugate,
                            result,
                            result_type,
                        } => {
                            let r = result.ptr().add(b * result_type.size()) as *mut c_void;
                            let f = if conjugate {
                                cb::cublasDotcEx
                            } else {
                                cb::cublasDotEx
                            };
                            f(
                                ch,
                                n,
                                x,
                                xt,
                                incx,
                                y,
                                yt,
                                incy,
                                r,
                                cuda_type(result_type),
                                exec,
                            )
                        }
                        ExVectorOp::Nrm2 {
                            result,
                            result_type,
                        } => {
                            let r = result.ptr().add(b * result_type.size()) as *mut c_void;
                            cb::cublasNrm2Ex(
                                ch,
                                n,
                                x,
                                xt,
                                incx.max(1),
                                r,
                                cuda_type(result_type),
                                exec,
                            )
                        }
                        ExVectorOp::Rot { c: cos, s: sin } => {
                            let ((cp, ct), (sp, _)) = (cos.raw(), sin.raw());
                            cb::cublasRotEx(
                                ch,
                                n,
                                x,
                                xt,
                                incx,
                                y,
                                yt,
                                incy,
                                cp.ptr() as *const c_void,
                                sp.ptr() as *const c_void,
                                cuda_type(ct),
                                exec,
                            )
                        }
                    };
                    status(s)?;
                }
                Ok(())
            }
        })
    }
}
