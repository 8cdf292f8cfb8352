//! Plans: a validated description bound to a device and a backend, executed in order on
//! a HIP stream like a kernel.

use std::ffi::c_void;
use std::sync::Arc;

use crate::cpu::CpuPlan;
use crate::desc::{PlanDesc, TransformType};
use crate::error::{FftError, FftResult};
use crate::hip_bridge::{self, Platform, StreamHandle};
use crate::nvidia::NvidiaPlan;

/// The backend behind a plan.
pub enum Backend {
    /// rustfft/realfft, run as host functions on the stream.
    Cpu(Arc<CpuPlan>),
    /// cuFFT on the device's primary context and the stream's `CUstream`.
    Nvidia(NvidiaPlan),
}

/// A plan (rocFFT's `rocfft_plan`; a hipFFT handle holds one per placement/direction).
pub struct Plan {
    desc: PlanDesc,
    device: usize,
    backend: Backend,
}

/// The buffers of one execution: `[interleaved or real or planar-real, planar-imaginary]`.
#[derive(Debug, Clone, Copy)]
pub struct Buffers {
    pub input: [*mut c_void; 2],
    pub output: [*mut c_void; 2],
}

impl Plan {
    /// Validates `desc` and plans it for the calling thread's current device.
    pub fn new(desc: PlanDesc) -> FftResult<Plan> {
        desc.validate()?;
        let device = hip_bridge::current_device().map_err(|_| FftError::NoDevice)?;
        let backend = match hip_bridge::platform() {
            Platform::Cpu => Backend::Cpu(Arc::new(CpuPlan::new(&desc))),
            Platform::Nvidia => Backend::Nvidia(NvidiaPlan::new(&desc, device)?),
        };
        Ok(Plan {
            desc,
            device,
            backend,
        })
    }

    pub fn desc(&self) -> &PlanDesc {
        &self.desc
    }
    pub fn device(&self) -> usize {
        self.device
    }
    pub fn backend(&self) -> &Backend {
        &self.backend
    }

    /// Bytes of device work area the plan needs from the caller (the CPU backend
    /// allocates its own host scratch and needs none).
    pub fn work_size(&self) -> usize {
        match &self.backend {
            Backend::Cpu(_) => 0,
            Backend::Nvidia(nv) => nv.work_size(),
        }
    }

    /// A caller-owned work area (NVIDIA; the CPU backend has no use for one).
    ///
    /// # Safety
    /// `area` is device memory of at least [`Plan::work_size`] bytes, allocated while
    /// the plan runs.
    pub unsafe fn set_work_area(&self, area: *mut c_void) -> FftResult<()> {
        match &self.backend {
            Backend::Cpu(_) => Ok(()),
            // SAFETY: the caller's contract.
            Backend::Nvidia(nv) => unsafe { nv.set_work_area(area) },
        }
    }

    /// Whether the backend allocates its work area itself (hipFFT's auto-allocation).
    pub fn set_auto_allocation(&self, on: bool) -> FftResult<()> {
        match &self.backend {
            Backend::Cpu(_) => Ok(()),
            Backend::Nvidia(nv) => nv.set_auto_allocation(on),
        }
    }

    /// Enqueues the transform on `stream`: it runs after the work enqueued there before
    /// and before the work enqueued after, asynchronously to the caller. `inverse`
    /// overrides the direction of a complex transform (hipFFT's `direction`); `None`
    /// uses the description's.
    ///
    /// # Safety
    /// The buffers hold every element the description addresses (offsets, strides,
    /// distance, batch; the imaginary buffers too for planar arrays) and stay valid until
    /// the stream has run the transform.
    pub unsafe fn execute(
        &self,
        stream: StreamHandle,
        bufs: Buffers,
        inverse: Option<bool>,
    ) -> FftResult<()> {
        let planar_in = self.desc.input.array.is_planar();
        let planar_out = self.desc.output.array.is_planar();
        if bufs.input[0].is_null() || (planar_in && bufs.input[1].is_null()) {
            return Err(FftError::InvalidValue("input buffer"));
        }
        let in_place = self.desc.placement == crate::desc::Placement::InPlace;
        let output = if in_place { bufs.input } else { bufs.output };
        if output[0].is_null() || (planar_out && output[1].is_null()) {
            return Err(FftError::InvalidValue("output buffer"));
        }
        let inverse = inverse.unwrap_or(matches!(
            self.desc.transform,
            TransformType::ComplexInverse | TransformType::RealInverse
        ));
        match &self.backend {
            Backend::Cpu(plan) => {
                let plan = Arc::clone(plan);
                let input = bufs.input.map(|p| p as usize);
                let output = output.map(|p| p as usize);
                hip_bridge::enqueue(
                    stream,
                    Arc::new(move || {
                        // SAFETY: the caller's contract: the buffers are valid when the
                        // stream runs this.
                        if let Err(e) = unsafe { plan.execute(input, output, inverse) } {
                            eprintln!("ferrocm fft: a transform failed on the stream: {e}");
                        }
                    }),
                )?;
                Ok(())
            }
            // SAFETY: the caller's contract.
            Backend::Nvidia(nv) => unsafe { nv.execute(stream, bufs.input[0], output[0], inverse) },
        }
    }
}
