//! The NVIDIA backend: cuRAND, loaded at run time through cudarc (no CUDA needed to
//! build; without `libcurand.so` a device generator cannot be created and the call says
//! so). A `hipStream_t` is a `CUstream` and device pointers are `CUdeviceptr`s on this
//! platform, so buffers and streams pass straight through. The numbers are cuRAND's: only
//! Sobol32/64 match rocRAND's; cuRAND has no half, char or short generation and no
//! LFSR113, MRG31k3p or ThreeFry, which report "not implemented".

use cudarc::curand::sys as cr;
use parking_lot::Mutex;

use crate::error::{RandError, RandResult};
use crate::generator::{Backend, Settings};
use crate::hip_bridge;
use crate::types::{Distribution, Elem, Ordering, Request, RngType};

fn status(s: cr::curandStatus_t) -> RandResult<()> {
    use cr::curandStatus_t as S;
    match s {
        S::CURAND_STATUS_SUCCESS => Ok(()),
        S::CURAND_STATUS_ALLOCATION_FAILED => Err(RandError::AllocationFailed),
        S::CURAND_STATUS_TYPE_ERROR => Err(RandError::TypeError),
        S::CURAND_STATUS_OUT_OF_RANGE => Err(RandError::OutOfRange),
        S::CURAND_STATUS_LENGTH_NOT_MULTIPLE => Err(RandError::LengthNotMultiple),
        S::CURAND_STATUS_LAUNCH_FAILURE => Err(RandError::LaunchFailure("cuRAND".into())),
        other => Err(RandError::Internal(format!("cuRAND: {other:?}"))),
    }
}

fn rng_type(rng: RngType) -> RandResult<cr::curandRngType_t> {
    use cr::curandRngType_t as T;
    Ok(match rng {
        RngType::Xorwow => T::CURAND_RNG_PSEUDO_XORWOW,
        RngType::Mrg32k3a => T::CURAND_RNG_PSEUDO_MRG32K3A,
        RngType::Mtgp32 => T::CURAND_RNG_PSEUDO_MTGP32,
        RngType::Mt19937 => T::CURAND_RNG_PSEUDO_MT19937,
        RngType::Philox4x32_10 => T::CURAND_RNG_PSEUDO_PHILOX4_32_10,
        RngType::Sobol32 => T::CURAND_RNG_QUASI_SOBOL32,
        RngType::ScrambledSobol32 => T::CURAND_RNG_QUASI_SCRAMBLED_SOBOL32,
        RngType::Sobol64 => T::CURAND_RNG_QUASI_SOBOL64,
        RngType::ScrambledSobol64 => T::CURAND_RNG_QUASI_SCRAMBLED_SOBOL64,
        _ => return Err(RandError::NotImplemented("this generator type over cuRAND")),
    })
}

fn ordering(o: Ordering) -> cr::curandOrdering_t {
    use cr::curandOrdering_t as O;
    match o {
        Ordering::PseudoBest => O::CURAND_ORDERING_PSEUDO_BEST,
        Ordering::PseudoDefault => O::CURAND_ORDERING_PSEUDO_DEFAULT,
        Ordering::PseudoSeeded => O::CURAND_ORDERING_PSEUDO_SEEDED,
        Ordering::PseudoLegacy => O::CURAND_ORDERING_PSEUDO_LEGACY,
        Ordering::PseudoDynamic => O::CURAND_ORDERING_PSEUDO_DYNAMIC,
        Ordering::QuasiDefault => O::CURAND_ORDERING_QUASI_DEFAULT,
    }
}

/// One generator's cuRAND generator, and the settings last given to it (cuRAND restarts
/// its sequence when they are set, so they are set only when they change).
pub struct CurandGenerator {
    device: usize,
    rng: RngType,
    inner: Mutex<(usize, Option<Settings>)>,
}

impl CurandGenerator {
    pub fn new(rng: RngType, device: usize) -> RandResult<CurandGenerator> {
        let t = rng_type(rng)?;
        // SAFETY: only tries to open the library.
        if !unsafe { cr::is_culib_present() } {
            return Err(RandError::NotImplemented("libcurand.so is not installed"));
        }
        hip_bridge::bind_device_context(device)?;
        let mut g: cr::curandGenerator_t = std::ptr::null_mut();
        // SAFETY: out-parameter; the device's primary context is current.
        status(unsafe { cr::curandCreateGenerator(&mut g, t) })?;
        Ok(CurandGenerator {
            device,
            rng,
            inner: Mutex::new((g as usize, None)),
        })
    }
}

impl Drop for CurandGenerator {
    fn drop(&mut self) {
        let g = self.inner.get_mut().0 as cr::curandGenerator_t;
        if hip_bridge::bind_device_context(self.device).is_ok() {
            // SAFETY: our generator, destroyed once; cuRAND orders it after its work.
            let _ = unsafe { cr::curandDestroyGenerator(g) };
        }
    }
}

impl Backend for CurandGenerator {
    unsafe fn generate(&self, s: &Settings, req: Request) -> RandResult<()> {
        hip_bridge::bind_device_context(self.device)?;
        let mut inner = self.inner.lock();
        let g = inner.0 as cr::curandGenerator_t;
        // SAFETY: a live generator; a hipStream_t is a CUstream on this platform.
        unsafe {
            status(cr::curandSetStream(
                g,
                s.stream as usize as cr::cudaStream_t,
            ))?;
            if inner
                .1
                .map(|p| (p.seed, p.offset, p.ordering, p.dimensions))
                != Some((s.seed, s.offset, s.ordering, s.dimensions))
            {
                if self.rng.is_quasi() {
                    status(cr::curandSetQuasiRandomGeneratorDimensions(g, s.dimensions))?;
                } else {
                    status(cr::curandSetPseudoRandomGeneratorSeed(g, s.seed))?;
                }
                status(cr::curandSetGeneratorOffset(g, s.offset))?;
                status(cr::curandSetGeneratorOrdering(g, ordering(s.ordering)))?;
                inner.1 = Some(*s);
            }
        }
        let (p, n) = (req.ptr, req.n);
        use Distribution as D;
        // SAFETY: validated request; device buffers of the right element type.
        status(unsafe {
            match (req.elem, req.dist) {
                (Elem::U32, D::Bits) => cr::curandGenerate(g, p as *mut u32, n),
                (Elem::U64, D::Bits) => cr::curandGenerateLongLong(g, p as *mut u64, n),
                (Elem::F32, D::Uniform) => cr::curandGenerateUniform(g, p as *mut f32, n),
                (Elem::F64, D::Uniform) => cr::curandGenerateUniformDouble(g, p as *mut f64, n),
                (Elem::F32, D::Normal { mean, stddev }) => {
                    cr::curandGenerateNormal(g, p as *mut f32, n, mean as f32, stddev as f32)
                }
                (Elem::F64, D::Normal { mean, stddev }) => {
                    cr::curandGenerateNormalDouble(g, p as *mut f64, n, mean, stddev)
                }
                (Elem::F32, D::LogNormal { mean, stddev }) => {
                    cr::curandGenerateLogNormal(g, p as *mut f32, n, mean as f32, stddev as f32)
                }
                (Elem::F64, D::LogNormal { mean, stddev }) => {
                    cr::curandGenerateLogNormalDouble(g, p as *mut f64, n, mean, stddev)
                }
                (Elem::U32, D::Poisson { lambda }) => {
                    cr::curandGeneratePoisson(g, p as *mut u32, n, lambda)
                }
                _ => {
                    return Err(RandError::NotImplemented(
                        "cuRAND has no char, short or half generation",
                    ))
                }
            }
        })
    }
}
