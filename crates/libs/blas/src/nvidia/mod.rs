//! The NVIDIA backend: cuBLAS, loaded at run time through cudarc (no CUDA needed to build;
//! without `libcublas.so` a handle cannot be created and the call reports it).
//!
//! A `hipStream_t` is a `CUstream` and device pointers are `CUdeviceptr`s on this
//! platform, so operands pass straight through. Each BLAS handle owns one cuBLAS handle,
//! created on its device's primary context; every call binds that context, sets the
//! stream and pointer mode, then calls cuBLAS. What cuBLAS lacks is computed from what it
//! has (batched level 1 as a loop of calls) or reported as not implemented.

mod band_rank;
mod band_rank_ops;
mod ex_vector;
mod functions;
mod level23;
mod rotation;
mod solver;

pub use band_rank::CublasBandRank;
pub use functions::CublasScalar;
pub use solver::CublasSolver;

use std::ffi::c_void;

use cudarc::cublas::sys as cb;
use cudarc::driver::sys as cu;
use parking_lot::Mutex;

use crate::args::{Batch, DevPtr, ScalarArg};
use crate::error::{BlasError, BlasResult};
use crate::handle::Handle;
use crate::hip_bridge::{self, StreamHandle};
use crate::ops::aux::Copy2d;
use crate::ops::ex::{Compute, DataType, GemmEx};
use crate::ops::level1::{Reduction, ScalesBy, Vector, Vectors};
use crate::ops::level3::GemmCall;
use crate::scalar::{Scalar, C32, C64};
use crate::types::{Operation, PointerMode};

/// One BLAS handle's cuBLAS state.
pub struct NvidiaBlas {
    device: usize,
    /// The cuBLAS handle (a `cublasHandle_t` is not safe for concurrent use: one call at
    /// a time configures and uses it).
    cublas: Mutex<usize>,
}

pub(crate) fn status(s: cb::cublasStatus_t) -> BlasResult<()> {
    use cb::cublasStatus_t as S;
    match s {
        S::CUBLAS_STATUS_SUCCESS => Ok(()),
        S::CUBLAS_STATUS_ALLOC_FAILED => Err(BlasError::MemoryError),
        S::CUBLAS_STATUS_INVALID_VALUE => Err(BlasError::InvalidValue),
        S::CUBLAS_STATUS_ARCH_MISMATCH => Err(BlasError::ArchMismatch),
        S::CUBLAS_STATUS_NOT_SUPPORTED => Err(BlasError::NotImplemented("cuBLAS: not supported")),
        other => Err(BlasError::Internal(format!("cuBLAS: {other:?}"))),
    }
}

pub(crate) fn operation(op: Operation) -> cb::cublasOperation_t {
    match op {
        Operation::None => cb::cublasOperation_t::CUBLAS_OP_N,
        Operation::Transpose => cb::cublasOperation_t::CUBLAS_OP_T,
        Operation::ConjTranspose => cb::cublasOperation_t::CUBLAS_OP_C,
    }
}

/// cuBLAS takes 32-bit sizes in the calls used here.
pub(crate) fn int(v: i64) -> BlasResult<i32> {
    i32::try_from(v).map_err(|_| BlasError::NotImplemented("cuBLAS calls with 64-bit sizes"))
}

impl NvidiaBlas {
    /// Creates the cuBLAS handle on `device`'s primary context.
    pub fn new(device: usize) -> BlasResult<NvidiaBlas> {
        // SAFETY: only tries to open the library.
        if !unsafe { cb::is_culib_present() } {
            return Err(BlasError::NotImplemented("libcublas.so is not installed"));
        }
        hip_bridge::bind_device_context(device)?;
        let mut h: cb::cublasHandle_t = std::ptr::null_mut();
        // SAFETY: out-parameter; the device's primary context is current.
        status(unsafe { cb::cublasCreate_v2(&mut h) })?;
        Ok(NvidiaBlas {
            device,
            cublas: Mutex::new(h as usize),
        })
    }

    /// An operation this backend does not map to cuBLAS yet (`NotImplemented`, named in
    /// the status's message).
    pub fn not_mapped(&self, operation: &'static str) -> BlasResult<()> {
        Err(BlasError::NotImplemented(operation))
    }

    /// Runs `f` with the cuBLAS handle configured for `h`'s stream and pointer mode.
    pub(crate) fn with<R>(
        &self,
        h: &Handle,
        f: impl FnOnce(cb::cublasHandle_t) -> BlasResult<R>,
    ) -> BlasResult<R> {
        hip_bridge::bind_device_context(self.device)?;
        let guard = self.cublas.lock();
        let ch = *guard as cb::cublasHandle_t;
        let mode = match h.pointer_mode() {
            PointerMode::Host => cb::cublasPointerMode_t::CUBLAS_POINTER_MODE_HOST,
            PointerMode::Device => cb::cublasPointerMode_t::CUBLAS_POINTER_MODE_DEVICE,
        };
        // SAFETY: a live cuBLAS handle; a hipStream_t is a CUstream on this platform.
        unsafe {
            status(cb::cublasSetStream_v2(
                ch,
                h.stream() as usize as cb::cudaStream_t,
            ))?;
            status(cb::cublasSetPointerMode_v2(ch, mode))?;
        }
        f(ch)
    }

    /// # Safety
    /// Validated call; device operands.
    pub unsafe fn gemm<T: Scalar>(&self, h: &Handle, g: &GemmCall<T>) -> BlasResult<()> {
        let t = CublasType::of::<T>()?;
        let (m, n, k, lda, ldb, ldc, batch) = (
            int(g.m)?,
            int(g.n)?,
            int(g.k)?,
            int(g.lda)?,
            int(g.ldb)?,
            int(g.ldc)?,
            int(g.batch_count)?,
        );
        let (ta, tb) = (operation(g.trans_a), operation(g.trans_b));
        let alpha = scalar_ptr(&g.alpha);
        let beta = scalar_ptr(&g.beta);
        self.with(h, |ch| {
            // SAFETY: validated arguments; the element type matches `t`'s compute type.
            let s = unsafe {
                match (g.a, g.b, g.c) {
                    (Batch::Array(a), Batch::Array(b), Batch::Array(c)) => cb::cublasGemmBatchedEx(
                        ch,
                        ta,
                        tb,
                        m,
                        n,
                        k,
                        alpha,
                        a.ptr() as *const *const c_void,
                        t.data,
                        lda,
                        b.ptr() as *const *const c_void,
                        t.data,
                        ldb,
                        beta,
                        c.ptr() as *const *mut c_void,
                        t.data,
                        ldc,
                        batch,
                        t.compute,
                        cb::cublasGemmAlgo_t::CUBLAS_GEMM_DEFAULT,
                    ),
                    (
                        Batch::Strided {
                            base: a,
                            stride: sa,
                        },
                        Batch::Strided {
                            base: b,
                            stride: sb,
                        },
                        Batch::Strided {
                            base: c,
                            stride: sc,
                        },
                    ) => cb::cublasGemmStridedBatchedEx(
                        ch,
                        ta,
                        tb,
                        m,
                        n,
                        k,
                        alpha,
                        a.ptr() as *const c_void,
                        t.data,
                        lda,
                        sa,
                        b.ptr() as *const c_void,
                        t.data,
                        ldb,
                        sb,
                        beta,
                        c.ptr() as *mut c_void,
                        t.data,
                        ldc,
                        sc,
                        batch,
                        t.compute,
                        cb::cublasGemmAlgo_t::CUBLAS_GEMM_DEFAULT,
                    ),
                    _ => return Err(BlasError::Internal("mixed batch forms".into())),
                }
            };
            status(s)
        })
    }

    /// # Safety
    /// Validated call; device operands.
    pub unsafe fn axpy<T: Scalar>(
        &self,
        h: &Handle,
        alpha: ScalarArg<T>,
        v: &Vectors<T>,
    ) -> BlasResult<()> {
        let t = CublasType::of::<T>()?;
        let n = int(v.n)?;
        let a = scalar_ptr(&alpha);
        self.with(h, |ch| {
            // SAFETY: validated arguments of matching types.
            unsafe {
                each_batch(v.batch_count, &v.x, &v.y, |x, y| {
                    status(cb::cublasAxpyEx(
                        ch,
                        n,
                        a,
                        t.data,
                        x as *const c_void,
                        t.data,
                        int(v.incx)?,
                        y as *mut c_void,
                        t.data,
                        int(v.incy)?,
                        t.data,
                    ))
                })
            }
        })
    }

    /// # Safety
    /// Validated call; device operands.
    pub unsafe fn scal<T: Scalar, A: ScalesBy<T>>(
        &self,
        h: &Handle,
        alpha: ScalarArg<A>,
        v: &Vector<T>,
    ) -> BlasResult<()> {
        let t = CublasType::of::<T>()?;
        let at = CublasType::of_scale::<T, A>()?;
        let n = int(v.n)?;
        let a = scalar_ptr(&alpha);
        self.with(h, |ch| {
            // SAFETY: validated arguments of matching types.
            unsafe {
                each_batch(v.batch_count, &v.x, &v.x, |x, _| {
                    status(cb::cublasScalEx(
                        ch,
                        n,
                        a,
                        at.data,
                        x as *mut c_void,
                        t.data,
                        int(v.incx)?,
                        t.data,
                    ))
                })
            }
        })
    }

    /// # Safety
    /// Validated call; device operands.
    pub unsafe fn dot<T: Scalar>(
        &self,
        h: &Handle,
        v: &Vectors<T>,
        conjugate: bool,
        result: DevPtr<T>,
    ) -> BlasResult<()> {
        let t = CublasType::of::<T>()?;
        let n = int(v.n.max(0))?;
        self.with(h, |ch| {
            let mut b = 0usize;
            // SAFETY: validated arguments of matching types; `result` holds batch_count values.
            unsafe {
                each_batch(v.batch_count, &v.x, &v.y, |x, y| {
                    let r = result.ptr().add(b) as *mut c_void;
                    b += 1;
                    let f = if conjugate {
                        cb::cublasDotcEx
                    } else {
                        cb::cublasDotEx
                    };
                    status(f(
                        ch,
                        n,
                        x as *const c_void,
                        t.data,
                        int(v.incx)?,
                        y as *const c_void,
                        t.data,
                        int(v.incy)?,
                        r,
                        t.data,
                        t.data,
                    ))
                })
            }
        })
    }

    /// # Safety
    /// Validated call; device operands.
    pub unsafe fn norm<T: Scalar>(
        &self,
        h: &Handle,
        v: &Vector<T>,
        which: Reduction,
        result: DevPtr<T::RealPart>,
    ) -> BlasResult<()> {
        let t = CublasType::of::<T>()?;
        let r = CublasType::of::<T::RealPart>()?;
        if which != Reduction::Nrm2 {
            // SAFETY: forwarded.
            return unsafe { self.asum(h, v, result) };
        }
        let n = if v.is_empty() { 0 } else { int(v.n)? };
        self.with(h, |ch| {
            let mut b = 0usize;
            // SAFETY: validated arguments of matching types.
            unsafe {
                each_batch(v.batch_count, &v.x, &v.x, |x, _| {
                    let out = result.ptr().add(b) as *mut c_void;
                    b += 1;
                    status(cb::cublasNrm2Ex(
                        ch,
                        n,
                        x as *const c_void,
                        t.data,
                        int(v.incx.max(1))?,
                        out,
                        r.data,
                        r.data,
                    ))
                })
            }
        })
    }

    /// `rot` in its forms (one cuBLAS call per batch entry).
    ///
    /// # Safety
    /// Validated call; device operands.
    pub unsafe fn rot<T: Scalar, S: ScalesBy<T>>(
        &self,
        h: &Handle,
        v: &Vectors<T>,
        c: ScalarArg<T::RealPart>,
        s: ScalarArg<S>,
    ) -> BlasResult<()> {
        let complex_sine = T::IS_COMPLEX && std::mem::size_of::<S>() == std::mem::size_of::<T>();
        let (n, incx, incy) = (int(v.n)?, int(v.incx)?, int(v.incy)?);
        let (cp, sp) = (scalar_ptr(&c), scalar_ptr(&s));
        self.with(h, |ch| {
            // SAFETY: validated arguments of matching types (c real; s real or T).
            unsafe {
                each_batch(v.batch_count, &v.x, &v.y, |x, y| {
                    status(T::rot(ch, n, x, incx, y, incy, cp, sp, complex_sine))
                })
            }
        })
    }
}

impl NvidiaBlas {
    /// `Ex` GEMMs with `cublasGemm{,StridedBatched,Batched}Ex` (rocBLAS's separate `D`: `C`
    /// is copied into `D` on the stream first, then the product runs in place on `D`).
    ///
    /// # Safety
    /// A validated call; device operands.
    pub unsafe fn gemm_ex(&self, h: &Handle, g: &GemmEx) -> BlasResult<()> {
        let data = |t: DataType| match t {
            DataType::F16 => cb::cudaDataType::CUDA_R_16F,
            DataType::Bf16 => cb::cudaDataType::CUDA_R_16BF,
            DataType::F32 => cb::cudaDataType::CUDA_R_32F,
            DataType::F64 => cb::cudaDataType::CUDA_R_64F,
            DataType::C32 => cb::cudaDataType::CUDA_C_32F,
            DataType::C64 => cb::cudaDataType::CUDA_C_64F,
        };
        let compute = match g.compute {
            Compute::F16 => cb::cublasComputeType_t::CUBLAS_COMPUTE_16F,
            Compute::F32 => cb::cublasComputeType_t::CUBLAS_COMPUTE_32F,
            Compute::F64 => cb::cublasComputeType_t::CUBLAS_COMPUTE_64F,
        };
        let (m, n, k) = (int(g.m)?, int(g.n)?, int(g.k)?);
        let (lda, ldb, ldd, batch) = (int(g.lda)?, int(g.ldb)?, int(g.ldd)?, int(g.batch_count)?);
        let ta = operation(Operation::from_c(g.trans_a)?);
        let tb = operation(Operation::from_c(g.trans_b)?);
        let (alpha, beta) = (g.alpha as *const c_void, g.beta as *const c_void);
        let (at, bt, dt) = (data(g.a_type), data(g.b_type), data(g.d_type));
        if g.c_type != g.d_type {
            return Err(BlasError::InvalidValue);
        }
        // D = C first when they are different matrices.
        let n_batch = g.batch_count.max(0) as usize;
        // SAFETY: device operands (the caller's contract).
        let (cs, ds) = unsafe {
            (
                batch_addresses(&g.c, n_batch)?,
                batch_addresses(&g.d, n_batch)?,
            )
        };
        for (c, d) in cs.iter().zip(&ds) {
            if c != d || g.ldc != g.ldd {
                let e = g.d_type.size();
                let copy = Copy2d {
                    src: DevPtr::new(*c as *const u8),
                    src_pitch: g.ldc as usize * e,
                    dst: DevPtr::new(*d as *const u8),
                    dst_pitch: g.ldd as usize * e,
                    width: g.m as usize * e,
                    height: g.n as usize,
                };
                // SAFETY: both blocks are validated device operands.
                unsafe { copy_2d(&copy, Some(h.stream())) }?;
            }
        }
        self.with(h, |ch| {
            // SAFETY: validated arguments; the data and compute types describe the operands.
            let s = unsafe {
                match (g.a, g.b, g.d) {
                    (Batch::Array(a), Batch::Array(b), Batch::Array(d)) => cb::cublasGemmBatchedEx(
                        ch,
                        ta,
                        tb,
                        m,
                        n,
                        k,
                        alpha,
                        a.ptr() as *const *const c_void,
                        at,
                        lda,
                        b.ptr() as *const *const c_void,
                        bt,
                        ldb,
                        beta,
                        d.ptr() as *const *mut c_void,
                        dt,
                        ldd,
                        batch,
                        compute,
                        cb::cublasGemmAlgo_t::CUBLAS_GEMM_DEFAULT,
                    ),
                    (
                        Batch::Strided {
                            base: a,
                            stride: sa,
                        },
                        Batch::Strided {
                            base: b,
                            stride: sb,
                        },
                        Batch::Strided {
                            base: d,
                            stride: sd,
                        },
                    ) => cb::cublasGemmStridedBatchedEx(
                        ch,
                        ta,
                        tb,
                        m,
                        n,
                        k,
                        alpha,
                        a.ptr() as *const c_void,
                        at,
                        lda,
                        sa / g.a_type.size() as i64,
                        b.ptr() as *const c_void,
                        bt,
                        ldb,
                        sb / g.b_type.size() as i64,
                        beta,
                        d.ptr() as *mut c_void,
                        dt,
                        ldd,
                        sd / g.d_type.size() as i64,
                        batch,
                        compute,
                        cb::cublasGemmAlgo_t::CUBLAS_GEMM_DEFAULT,
                    ),
                    _ => return Err(BlasError::Internal("mixed batch forms".into())),
                }
            };
            status(s)
        })
    }
}

impl Drop for NvidiaBlas {
    fn drop(&mut self) {
        let h = *self.cublas.get_mut() as cb::cublasHandle_t;
        if hip_bridge::bind_device_context(self.device).is_ok() {
            // SAFETY: our handle, destroyed once; cuBLAS waits for its work.
            let _ = unsafe { cb::cublasDestroy_v2(h) };
        }
    }
}

/// The address cuBLAS reads a scalar from: the host value (host pointer mode) or the
/// device address.
pub(crate) fn scalar_ptr<T>(s: &ScalarArg<T>) -> *const c_void {
    match s {
        ScalarArg::Host(v) => v as *const T as *const c_void,
        ScalarArg::Device(p) => p.ptr() as *const c_void,
    }
}

/// Calls `f(x_b, y_b)` for every batch entry; pointer arrays live in device memory and are
/// copied to the host first.
///
/// # Safety
/// Device operands valid for `batch_count` entries; the context is current.
unsafe fn each_batch<T>(
    batch_count: i64,
    x: &Batch<T>,
    y: &Batch<T>,
    mut f: impl FnMut(*mut T, *mut T) -> BlasResult<()>,
) -> BlasResult<()> {
    let n = batch_count.max(0) as usize;
    // SAFETY: forwarded from the caller.
    let (xs, ys) = unsafe { (batch_addresses(x, n)?, batch_addresses(y, n)?) };
    for (px, py) in xs.into_iter().zip(ys) {
        f(px as *mut T, py as *mut T)?;
    }
    Ok(())
}

/// The `n` operand addresses of a batch.
///
/// # Safety
/// As for [`each_batch`].
pub(crate) unsafe fn batch_addresses<T>(b: &Batch<T>, n: usize) -> BlasResult<Vec<usize>> {
    match *b {
        Batch::Strided { base, stride } => Ok((0..n)
            .map(|i| base.offset(stride * i as i64).addr())
            .collect()),
        Batch::Array(a) => {
            let mut v = vec![0usize; n];
            // SAFETY: the array holds `n` device pointers (the caller's contract).
            let rc = unsafe {
                cu::cuMemcpyDtoH_v2(
                    v.as_mut_ptr() as *mut c_void,
                    a.addr() as cu::CUdeviceptr,
                    n * 8,
                )
            };
            if rc != cu::CUresult::CUDA_SUCCESS {
                return Err(BlasError::Internal(format!("cuMemcpyDtoH: {rc:?}")));
            }
            Ok(v)
        }
    }
}

/// cuBLAS's data and compute types for an element type.
struct CublasType {
    data: cb::cudaDataType,
    compute: cb::cublasComputeType_t,
}

impl CublasType {
    fn of<T: 'static>() -> BlasResult<CublasType> {
        use cb::cublasComputeType_t as C;
        use cb::cudaDataType as D;
        let id = std::any::TypeId::of::<T>();
        let (data, compute) = if id == std::any::TypeId::of::<f32>() {
            (D::CUDA_R_32F, C::CUBLAS_COMPUTE_32F)
        } else if id == std::any::TypeId::of::<f64>() {
            (D::CUDA_R_64F, C::CUBLAS_COMPUTE_64F)
        } else if id == std::any::TypeId::of::<C32>() {
            (D::CUDA_C_32F, C::CUBLAS_COMPUTE_32F)
        } else if id == std::any::TypeId::of::<C64>() {
            (D::CUDA_C_64F, C::CUBLAS_COMPUTE_64F)
        } else {
            return Err(BlasError::NotImplemented("element type on NVIDIA"));
        };
        Ok(CublasType { data, compute })
    }

    fn of_scale<T: Scalar, A: 'static>() -> BlasResult<CublasType> {
        CublasType::of::<A>().or_else(|_| CublasType::of::<T>())
    }
}

/// A 2-D copy with `cuMemcpy2D` (any direction: unified addressing), on `stream` or
/// synchronously.
///
/// # Safety
/// Both sides valid for the rows described.
pub unsafe fn copy_2d(c: &Copy2d, stream: Option<StreamHandle>) -> BlasResult<()> {
    hip_bridge::bind_device_context(hip_bridge::current_device()?)?;
    let p = cu::CUDA_MEMCPY2D {
        srcXInBytes: 0,
        srcY: 0,
        srcMemoryType: cu::CUmemorytype::CU_MEMORYTYPE_UNIFIED,
        srcHost: std::ptr::null(),
        srcDevice: c.src.addr() as cu::CUdeviceptr,
        srcArray: std::ptr::null_mut(),
        srcPitch: c.src_pitch,
        dstXInBytes: 0,
        dstY: 0,
        dstMemoryType: cu::CUmemorytype::CU_MEMORYTYPE_UNIFIED,
        dstHost: std::ptr::null_mut(),
        dstDevice: c.dst.addr() as cu::CUdeviceptr,
        dstArray: std::ptr::null_mut(),
        dstPitch: c.dst_pitch,
        WidthInBytes: c.width,
        Height: c.height,
    };
    // SAFETY: a filled descriptor; the caller's contract for the memory.
    let rc = unsafe {
        match stream {
            Some(s) => cu::cuMemcpy2DAsync_v2(&p, s as usize as cu::CUstream),
            None => cu::cuMemcpy2D_v2(&p),
        }
    };
    if rc != cu::CUresult::CUDA_SUCCESS {
        return Err(BlasError::Internal(format!("cuMemcpy2D: {rc:?}")));
    }
    Ok(())
}
