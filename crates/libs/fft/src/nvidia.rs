//! The NVIDIA backend: cuFFT, loaded at run time through cudarc (no CUDA needed to build;
//! without `libcufft.so` a plan cannot be made there and the call says so).
//!
//! A `hipStream_t` is a `CUstream` and device pointers are `CUdeviceptr`s on this
//! platform, so buffers pass straight through. A plan owns one cuFFT plan made on its
//! device's primary context with cuFFT's advanced layout (`inembed`/`istride`/`idist`),
//! into which every layout of dense-or-padded rows maps; rocFFT's offsets move the
//! pointers. What cuFFT cannot express (planar arrays, strides that are not an embedding,
//! scale factors, half precision: cudarc binds no `cufftXt` entry points) is reported as
//! not supported on this platform.

use std::ffi::{c_longlong, c_void};

use cudarc::cufft::sys as cf;
use parking_lot::Mutex;

use crate::desc::{Layout, PlanDesc, Precision, TransformType};
use crate::error::{FftError, FftResult};
use crate::hip_bridge::{self, StreamHandle};

/// One plan's cuFFT state.
pub struct NvidiaPlan {
    device: usize,
    /// The cuFFT plan; a plan is configured (stream, work area) and run one call at a time.
    handle: Mutex<cf::cufftHandle>,
    kind: cf::cufftType,
    work_size: usize,
    /// Bytes to add to the input and output pointers (rocFFT offsets).
    offsets: [usize; 2],
}

fn status(r: cf::cufftResult) -> FftResult<()> {
    use cf::cufftResult as R;
    match r {
        R::CUFFT_SUCCESS => Ok(()),
        R::CUFFT_ALLOC_FAILED => Err(FftError::AllocFailed),
        R::CUFFT_INVALID_VALUE => Err(FftError::InvalidValue("cuFFT")),
        R::CUFFT_INVALID_SIZE => Err(FftError::InvalidSize("cuFFT")),
        R::CUFFT_INVALID_TYPE => Err(FftError::InvalidType),
        R::CUFFT_INVALID_PLAN => Err(FftError::InvalidPlan),
        R::CUFFT_NOT_SUPPORTED | R::CUFFT_NOT_IMPLEMENTED => {
            Err(FftError::NotSupported("cuFFT does not support this plan"))
        }
        R::CUFFT_EXEC_FAILED => Err(FftError::ExecFailed("cuFFT execution failed".into())),
        other => Err(FftError::Internal(format!("cuFFT: {other:?}"))),
    }
}

/// cuFFT's (row-major) embedding of one side: `stride`, `embed[]` and `dist` such that
/// dimension `k` (innermost first) is `stride * prod(embed[inner dims])` apart.
fn embedding(
    layout: &Layout,
    lengths: &[usize],
) -> FftResult<(Vec<c_longlong>, c_longlong, c_longlong)> {
    if layout.array.is_planar() {
        return Err(FftError::NotSupported(
            "planar arrays on NVIDIA (cuFFT has none)",
        ));
    }
    let s = &layout.strides;
    let r = lengths.len();
    // Innermost-first embed sizes: embed[k] = s[k+1] / s[k].
    let mut inner = Vec::with_capacity(r);
    for k in 0..r - 1 {
        if s[k] == 0 || s[k + 1] % s[k] != 0 || s[k + 1] / s[k] < lengths[k] {
            return Err(FftError::NotSupported(
                "strides that cuFFT's advanced layout cannot express",
            ));
        }
        inner.push(s[k + 1] / s[k]);
    }
    // The outermost embed size is not used by cuFFT.
    inner.push(lengths[r - 1]);
    let int = |v: usize| c_longlong::try_from(v).map_err(|_| FftError::InvalidSize("too large"));
    let embed = inner
        .iter()
        .rev()
        .map(|&v| int(v))
        .collect::<FftResult<Vec<_>>>()?;
    Ok((embed, int(s[0])?, int(layout.distance)?))
}

impl NvidiaPlan {
    /// Makes the cuFFT plan for `desc` (validated) on `device`.
    pub fn new(desc: &PlanDesc, device: usize) -> FftResult<NvidiaPlan> {
        // SAFETY: only tries to open the library.
        if !unsafe { cf::is_culib_present() } {
            return Err(FftError::NotSupported("libcufft.so is not installed"));
        }
        if desc.scale != 1.0 {
            return Err(FftError::NotSupported("scale factors on NVIDIA"));
        }
        use cf::cufftType as K;
        let kind = match (desc.transform, desc.precision) {
            (TransformType::ComplexForward | TransformType::ComplexInverse, Precision::Single) => {
                K::CUFFT_C2C
            }
            (TransformType::ComplexForward | TransformType::ComplexInverse, Precision::Double) => {
                K::CUFFT_Z2Z
            }
            (TransformType::RealForward, Precision::Single) => K::CUFFT_R2C,
            (TransformType::RealForward, Precision::Double) => K::CUFFT_D2Z,
            (TransformType::RealInverse, Precision::Single) => K::CUFFT_C2R,
            (TransformType::RealInverse, Precision::Double) => K::CUFFT_Z2D,
            _ => {
                return Err(FftError::NotSupported(
                    "half and bfloat16 precision on NVIDIA (no cufftXt bindings)",
                ))
            }
        };
        let (li, lo) = desc.side_lengths();
        let (mut iembed, istride, idist) = embedding(&desc.input, &li)?;
        let (mut oembed, ostride, odist) = embedding(&desc.output, &lo)?;
        let mut n = desc
            .lengths
            .iter()
            .rev()
            .map(|&v| c_longlong::try_from(v).map_err(|_| FftError::InvalidSize("too large")))
            .collect::<FftResult<Vec<_>>>()?;
        let rank = n.len() as i32;
        let batch = c_longlong::try_from(desc.batch).map_err(|_| FftError::InvalidSize("batch"))?;
        let vb = desc.precision.real_bytes();
        let elem = |l: &Layout| match l.array {
            crate::desc::ArrayType::Real => vb,
            _ => 2 * vb,
        };
        let offsets = [
            desc.input.offsets[0] * elem(&desc.input),
            desc.output.offsets[0] * elem(&desc.output),
        ];
        hip_bridge::bind_device_context(device)?;
        let mut h: cf::cufftHandle = 0;
        // SAFETY: out-parameter; the device's primary context is current.
        status(unsafe { cf::cufftCreate(&mut h) })?;
        let mut ws: usize = 0;
        // SAFETY: a fresh plan; the arrays hold `rank` values each and outlive the call.
        let made = status(unsafe {
            cf::cufftMakePlanMany64(
                h,
                rank,
                n.as_mut_ptr(),
                iembed.as_mut_ptr(),
                istride,
                idist,
                oembed.as_mut_ptr(),
                ostride,
                odist,
                kind,
                batch,
                &mut ws,
            )
        });
        if let Err(e) = made {
            // SAFETY: the plan was created above and is not used again.
            unsafe { cf::cufftDestroy(h) };
            return Err(e);
        }
        Ok(NvidiaPlan {
            device,
            handle: Mutex::new(h),
            kind,
            work_size: ws,
            offsets,
        })
    }

    /// The work area cuFFT asked for, in bytes.
    pub fn work_size(&self) -> usize {
        self.work_size
    }

    /// Gives cuFFT a caller-owned work area (`hipfftSetWorkArea`).
    ///
    /// # Safety
    /// `area` is device memory of at least [`NvidiaPlan::work_size`] bytes that stays
    /// allocated while the plan runs.
    pub unsafe fn set_work_area(&self, area: *mut c_void) -> FftResult<()> {
        hip_bridge::bind_device_context(self.device)?;
        let h = self.handle.lock();
        // SAFETY: a live plan; the area is device memory the caller keeps alive.
        status(unsafe { cf::cufftSetWorkArea(*h, area) })
    }

    /// `hipfftSetAutoAllocation`.
    pub fn set_auto_allocation(&self, on: bool) -> FftResult<()> {
        let h = self.handle.lock();
        // SAFETY: a live plan.
        status(unsafe { cf::cufftSetAutoAllocation(*h, i32::from(on)) })
    }

    /// Enqueues the transform on `stream`.
    ///
    /// # Safety
    /// Device buffers holding every element the plan addresses.
    pub unsafe fn execute(
        &self,
        stream: StreamHandle,
        input: *mut c_void,
        output: *mut c_void,
        inverse: bool,
    ) -> FftResult<()> {
        use cf::cufftType as K;
        hip_bridge::bind_device_context(self.device)?;
        let guard = self.handle.lock();
        let h = *guard;
        let i = (input as usize + self.offsets[0]) as *mut c_void;
        let o = (output as usize + self.offsets[1]) as *mut c_void;
        let dir = if inverse { 1 } else { -1 };
        // SAFETY: a live plan; a hipStream_t is a CUstream on this platform; the
        // buffers are the caller's device memory, typed as the plan's kind says.
        unsafe {
            status(cf::cufftSetStream(h, stream as usize as cf::cudaStream_t))?;
            let r = match self.kind {
                K::CUFFT_C2C => cf::cufftExecC2C(h, i.cast(), o.cast(), dir),
                K::CUFFT_Z2Z => cf::cufftExecZ2Z(h, i.cast(), o.cast(), dir),
                K::CUFFT_R2C => cf::cufftExecR2C(h, i.cast(), o.cast()),
                K::CUFFT_D2Z => cf::cufftExecD2Z(h, i.cast(), o.cast()),
                K::CUFFT_C2R => cf::cufftExecC2R(h, i.cast(), o.cast()),
                K::CUFFT_Z2D => cf::cufftExecZ2D(h, i.cast(), o.cast()),
            };
            drop(guard);
            status(r)
        }
    }
}

impl Drop for NvidiaPlan {
    fn drop(&mut self) {
        if hip_bridge::bind_device_context(self.device).is_ok() {
            // SAFETY: the plan is live and used by no one else (we own it); cuFFT
            // releases it after the work already enqueued.
            unsafe { cf::cufftDestroy(*self.handle.get_mut()) };
        }
    }
}
