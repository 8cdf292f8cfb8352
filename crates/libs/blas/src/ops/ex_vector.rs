//! The level-1 `Ex` functions (`axpy_ex`, `dot_ex`, `dotc_ex`, `nrm2_ex`, `scal_ex`,
//! `rot_ex`) and the half/bfloat16 `haxpy`, `hdot`, `bfdot`: operand types chosen at run
//! time. On the CPU every combination of fp16, bf16, fp32, fp64 and complex operands runs
//! one path: elements are widened to double-precision complex, combined, and rounded once
//! to the output type (at least the precision any execution type asks for). On NVIDIA
//! they map to cuBLAS's `*Ex` functions with the caller's execution type.

use half::{bf16, f16};

use super::require;
use crate::args::Unusable;
use crate::args::{Batch, DevPtr, VecLayout};
use crate::error::BlasResult;
use crate::handle::Handle;
use crate::ops::ex::DataType;
use crate::scalar::C64;
use crate::types::PointerMode;

/// Reads element `i` of a `t`-typed array, widened.
///
/// # Safety
/// `p` valid for element `i`.
pub(crate) unsafe fn load(t: DataType, p: *const u8, i: isize) -> C64 {
    // SAFETY: the caller's contract.
    unsafe {
        match t {
            DataType::F16 => C64::new(
                f16::from_bits((p as *const u16).offset(i).read_unaligned()).to_f64(),
                0.0,
            ),
            DataType::Bf16 => C64::new(
                bf16::from_bits((p as *const u16).offset(i).read_unaligned()).to_f64(),
                0.0,
            ),
            DataType::F32 => C64::new((p as *const f32).offset(i).read_unaligned() as f64, 0.0),
            DataType::F64 => C64::new((p as *const f64).offset(i).read_unaligned(), 0.0),
            DataType::C32 => {
                let q = (p as *const f32).offset(2 * i);
                C64::new(q.read_unaligned() as f64, q.add(1).read_unaligned() as f64)
            }
            DataType::C64 => (p as *const C64).offset(i).read_unaligned(),
        }
    }
}

/// Writes element `i` of a `t`-typed array, rounded once (a real type keeps the real part).
///
/// # Safety
/// `p` valid for element `i`.
pub(crate) unsafe fn store(t: DataType, p: *mut u8, i: isize, v: C64) {
    // SAFETY: the caller's contract.
    unsafe {
        match t {
            DataType::F16 => (p as *mut u16)
                .offset(i)
                .write_unaligned(f16::from_f64(v.re).to_bits()),
            DataType::Bf16 => (p as *mut u16)
                .offset(i)
                .write_unaligned(bf16::from_f64(v.re).to_bits()),
            DataType::F32 => (p as *mut f32).offset(i).write_unaligned(v.re as f32),
            DataType::F64 => (p as *mut f64).offset(i).write_unaligned(v.re),
            DataType::C32 => {
                let q = (p as *mut f32).offset(2 * i);
                q.write_unaligned(v.re as f32);
                q.add(1).write_unaligned(v.im as f32);
            }
            DataType::C64 => (p as *mut C64).offset(i).write_unaligned(v),
        }
    }
}

/// A typed scalar: read now (host pointer mode) or by the work (device mode).
#[derive(Debug, Clone, Copy)]
pub enum ExScalar {
    /// Read now: the value, and where it was read (cuBLAS reads host scalars itself).
    Host(C64, DevPtr<u8>, DataType),
    Device(DevPtr<u8>, DataType),
}

impl ExScalar {
    /// # Safety
    /// In host mode `p` must be readable now.
    pub unsafe fn from_c(p: *const u8, t: DataType, mode: PointerMode) -> BlasResult<ExScalar> {
        require(!p.unusable())?;
        Ok(match mode {
            // SAFETY: the caller's contract.
            PointerMode::Host => ExScalar::Host(unsafe { load(t, p, 0) }, DevPtr::new(p), t),
            PointerMode::Device => ExScalar::Device(DevPtr::new(p), t),
        })
    }

    /// The address and type the caller passed.
    pub fn raw(&self) -> (DevPtr<u8>, DataType) {
        match *self {
            ExScalar::Host(_, p, t) | ExScalar::Device(p, t) => (p, t),
        }
    }

    /// # Safety
    /// A device scalar must be host-readable (CPU platform).
    pub unsafe fn value(&self) -> C64 {
        match *self {
            ExScalar::Host(v, _, _) => v,
            // SAFETY: the caller's contract.
            ExScalar::Device(p, t) => unsafe { load(t, p.ptr(), 0) },
        }
    }
}

/// A typed vector batch.
#[derive(Debug, Clone, Copy)]
pub struct ExVector {
    pub p: Batch<u8>,
    pub ty: DataType,
    pub inc: i64,
}

/// What an `Ex` vector call computes.
#[derive(Debug, Clone, Copy)]
pub enum ExVectorOp {
    /// `y = alpha * x + y`
    Axpy { alpha: ExScalar },
    /// `x = alpha * x`
    Scal { alpha: ExScalar },
    /// `result[b] = sum x_i * y_i` (`conj(x_i)` when `conjugate`)
    Dot {
        conjugate: bool,
        result: DevPtr<u8>,
        result_type: DataType,
    },
    /// `result[b] = ||x||_2`
    Nrm2 {
        result: DevPtr<u8>,
        result_type: DataType,
    },
    /// `x = c x + s y`, `y = c y - conj(s) x` (`c` real)
    Rot { c: ExScalar, s: ExScalar },
}

/// A validated `Ex` vector call.
#[derive(Debug, Clone, Copy)]
pub struct ExVectorCall {
    pub op: ExVectorOp,
    /// The execution type the caller asked for (the CPU computes wider; cuBLAS uses it).
    pub execution: DataType,
    pub n: usize,
    pub x: ExVector,
    pub y: Option<ExVector>,
    pub batch_count: usize,
}

/// Batch entry `b` of a typed vector batch, as bytes.
///
/// # Safety
/// The batch's pointer arrays must be host-readable.
unsafe fn entry(v: &ExVector, b: usize) -> *mut u8 {
    // SAFETY: the caller's contract.
    unsafe { v.p.host_ptr(b) }
}

/// Runs an `Ex` vector call.
///
/// # Safety
/// A validated call; operands host-visible.
pub unsafe fn run(c: &ExVectorCall) {
    let lx = VecLayout {
        n: c.n,
        inc: c.x.inc,
    };
    for b in 0..c.batch_count {
        // SAFETY: the caller's contract for batch entry `b`.
        unsafe {
            let x = entry(&c.x, b);
            let y =
                c.y.map(|y| (entry(&y, b), y.ty, VecLayout { n: c.n, inc: y.inc }));
            match c.op {
                ExVectorOp::Axpy { alpha } => {
                    let a = alpha.value();
                    if let Some((yp, yt, ly)) = y {
                        for i in 0..c.n {
                            let v = a * load(c.x.ty, x, lx.index(i)) + load(yt, yp, ly.index(i));
                            store(yt, yp, ly.index(i), v);
                        }
                    }
                }
                ExVectorOp::Scal { alpha } => {
                    let a = alpha.value();
                    for i in 0..c.n {
                        store(c.x.ty, x, lx.index(i), a * load(c.x.ty, x, lx.index(i)));
                    }
                }
                ExVectorOp::Dot {
                    conjugate,
                    result,
                    result_type,
                } => {
                    let mut s = C64::new(0.0, 0.0);
                    if let Some((yp, yt, ly)) = y {
                        for i in 0..c.n {
                            let xi = load(c.x.ty, x, lx.index(i));
                            s += if conjugate { xi.conj() } else { xi } * load(yt, yp, ly.index(i));
                        }
                    }
                    store(result_type, result.ptr(), b as isize, s);
                }
                ExVectorOp::Nrm2 {
                    result,
                    result_type,
                } => {
                    // Scaled sum of squares (no overflow for large fp64 values).
                    let (mut scale, mut ssq) = (0.0f64, 1.0f64);
                    for i in 0..c.n {
                        let v = load(c.x.ty, x, lx.index(i));
                        for part in [v.re, v.im] {
                            if part != 0.0 {
                                let a = part.abs();
                                if scale < a {
                                    ssq = 1.0 + ssq * (scale / a) * (scale / a);
                                    scale = a;
                                } else {
                                    ssq += (a / scale) * (a / scale);
                                }
                            }
                        }
                    }
                    store(
                        result_type,
                        result.ptr(),
                        b as isize,
                        C64::new(scale * ssq.sqrt(), 0.0),
                    );
                }
                ExVectorOp::Rot { c: cos, s: sin } => {
                    let (cv, sv) = (C64::new(cos.value().re, 0.0), sin.value());
                    // A real sine type (csrot) keeps conj(s) = s.
                    if let Some((yp, yt, ly)) = y {
                        for i in 0..c.n {
                            let (xi, yi) =
                                (load(c.x.ty, x, lx.index(i)), load(yt, yp, ly.index(i)));
                            store(c.x.ty, x, lx.index(i), cv * xi + sv * yi);
                            store(yt, yp, ly.index(i), cv * yi - sv.conj() * xi);
                        }
                    }
                }
            }
        }
    }
}

/// Validates and runs an `Ex` vector call: `n <= 0` or no batch entries do nothing
/// (reductions then write 0 to their results); `scal`/`nrm2` with `incx <= 0` likewise.
///
/// # Safety
/// Operands valid as BLAS requires for their types; host-mode scalars readable now.
pub unsafe fn ex_vector(
    h: &Handle,
    call: ExVectorCall,
    n: i64,
    batch_count: i64,
) -> BlasResult<()> {
    let reduction = matches!(call.op, ExVectorOp::Dot { .. } | ExVectorOp::Nrm2 { .. });
    if let ExVectorOp::Dot { result, .. } | ExVectorOp::Nrm2 { result, .. } = call.op {
        require(!result.unusable())?;
    }
    if batch_count <= 0 {
        return Ok(());
    }
    let positive_inc = matches!(call.op, ExVectorOp::Scal { .. } | ExVectorOp::Nrm2 { .. });
    let empty = n <= 0 || (positive_inc && call.x.inc <= 0);
    if empty && !reduction {
        return Ok(());
    }
    if let ExVectorOp::Dot {
        result,
        result_type,
        ..
    }
    | ExVectorOp::Nrm2 {
        result,
        result_type,
    } = call.op
    {
        let bytes = (batch_count as usize)
            .checked_mul(result_type.size())
            .ok_or(crate::error::BlasError::InvalidSize)?;
        Batch::<u8>::one(result.ptr().cast_const()).check_extent(bytes, 1)?;
    }
    if !empty {
        require(!call.x.p.unusable() && call.y.is_none_or(|y| !y.p.unusable()))?;
        for v in std::iter::once(&call.x).chain(call.y.as_ref()) {
            let bytes = crate::args::vector_extent(n, v.inc)?
                .checked_mul(v.ty.size())
                .ok_or(crate::error::BlasError::InvalidSize)?;
            v.p.check_extent(bytes, batch_count)?;
        }
    }
    let call = ExVectorCall {
        n: if empty { 0 } else { n as usize },
        batch_count: batch_count as usize,
        ..call
    };
    h.dispatch(call, run, |nv, c| {
        // SAFETY: validated; device operands.
        unsafe { nv.ex_vector(h, c) }
    })?;
    if reduction && h.pointer_mode() == PointerMode::Host {
        h.wait()?;
    }
    Ok(())
}
