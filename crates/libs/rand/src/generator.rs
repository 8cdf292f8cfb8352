//! Generators: their settings (seed, offset, ordering, dimensions, stream), argument
//! checks in rocRAND's order with its statuses, and the backend that produces the numbers
//! (picked once, at creation, from the platform of the process's HIP runtime).

use std::sync::Arc;

use parking_lot::Mutex;

use crate::cpu::{CpuState, Seeding};
use crate::error::{RandError, RandResult};
use crate::hip_bridge::{self, Platform, StreamHandle};
use crate::nvidia::CurandGenerator;
use crate::types::{Distribution, Elem, Ordering, Placement, Request, RngType};

/// rocRAND's largest number of Sobol dimensions.
pub const MAX_DIMENSIONS: u32 = 20_000;

/// A generator's settings, as of one generate call.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Settings {
    pub seed: u64,
    /// LFSR113's four seed words: `rocrand_set_seed_uint4`'s, or derived from `seed`.
    pub seed4: [u32; 4],
    pub offset: u64,
    pub ordering: Ordering,
    pub dimensions: u32,
    pub stream: StreamHandle,
    /// Counts the calls that restart the sequence (seed, offset, ordering, dimensions):
    /// as in rocRAND, setting even the same value again restarts it.
    pub epoch: u64,
}

/// What produces the numbers: the platform difference, in one place.
pub trait Backend: Send + Sync {
    /// Generates the validated `req` with `settings`, ordered on `settings.stream`.
    ///
    /// # Safety
    /// `req.ptr` is valid for `req.n` elements until the work ran (the C contract).
    unsafe fn generate(&self, settings: &Settings, req: Request) -> RandResult<()>;
    /// Whether the numbers are computed by [`CpuBackend`].
    fn is_cpu(&self) -> bool {
        false
    }
}

/// rocRAND's algorithms on the CPU (the CPU platform, and host generators everywhere).
pub struct CpuBackend {
    state: Arc<Mutex<CpuState>>,
    placement: Placement,
}

impl Backend for CpuBackend {
    fn is_cpu(&self) -> bool {
        true
    }

    unsafe fn generate(&self, settings: &Settings, req: Request) -> RandResult<()> {
        let state = Arc::clone(&self.state);
        let seeding = Seeding {
            seed: settings.seed,
            seed4: settings.seed4,
            offset: settings.offset,
            dimensions: settings.dimensions,
            epoch: settings.epoch,
        };
        let work = move || {
            // SAFETY: the request was validated and its buffer outlives the work (the
            // generate call's contract).
            if let Err(e) = unsafe { state.lock().generate(seeding, &req) } {
                eprintln!("ferrocm rand: generation failed on the stream: {e}");
            }
        };
        let inline = hip_bridge::platform() == Platform::Nvidia;
        if inline {
            // Host memory on an NVIDIA machine: wait for the stream's earlier work, then
            // compute here.
            hip_bridge::synchronize(settings.stream)?;
            work();
            return Ok(());
        }
        hip_bridge::enqueue(settings.stream, Arc::new(work))?;
        if self.placement == Placement::HostBlocking {
            hip_bridge::synchronize(settings.stream)?;
        }
        Ok(())
    }
}

/// A generator (`rocrand_generator`, `hiprandGenerator_t`).
pub struct Generator {
    rng: RngType,
    placement: Placement,
    settings: Mutex<Settings>,
    backend: Box<dyn Backend>,
}

fn default_seed(rng: RngType) -> u64 {
    use crate::engines::{mrg31k3p, mrg32k3a, mt19937, philox, threefry, xorwow};
    match rng {
        RngType::Mt19937 => mt19937::DEFAULT_SEED,
        RngType::Philox4x32_10 => philox::DEFAULT_SEED,
        RngType::Mrg32k3a => mrg32k3a::DEFAULT_SEED,
        RngType::Mrg31k3p => mrg31k3p::DEFAULT_SEED,
        RngType::Threefry2x32_20
        | RngType::Threefry4x32_20
        | RngType::Threefry2x64_20
        | RngType::Threefry4x64_20 => threefry::DEFAULT_SEED,
        RngType::Xorwow => xorwow::DEFAULT_SEED,
        _ => 0,
    }
}

impl Generator {
    /// Creates a generator of type `rng` on the calling thread's current device.
    pub fn new(rng: RngType, placement: Placement) -> RandResult<Generator> {
        let on_cpu = placement != Placement::Device || hip_bridge::platform() == Platform::Cpu;
        let backend: Box<dyn Backend> = if on_cpu {
            if !rng.cpu_supported() {
                return Err(RandError::NotImplemented(
                    "this generator type on the CPU (see docs/LIBRARIES.md)",
                ));
            }
            Box::new(CpuBackend {
                state: Arc::new(Mutex::new(CpuState::new(rng))),
                placement,
            })
        } else {
            let device = hip_bridge::current_device()
                .map_err(|e| RandError::Internal(format!("no device: {e}")))?;
            Box::new(CurandGenerator::new(rng, device)?)
        };
        Ok(Generator {
            rng,
            placement,
            settings: Mutex::new(Settings {
                seed: default_seed(rng),
                seed4: crate::engines::lfsr113::DEFAULT_SEED,
                offset: 0,
                ordering: if rng.is_quasi() {
                    Ordering::QuasiDefault
                } else {
                    Ordering::PseudoDefault
                },
                dimensions: 1,
                stream: 0,
                epoch: 0,
            }),
            backend,
        })
    }

    pub fn rng_type(&self) -> RngType {
        self.rng
    }
    pub fn placement(&self) -> Placement {
        self.placement
    }
    pub fn settings(&self) -> Settings {
        *self.settings.lock()
    }

    /// Later calls are ordered on `stream`.
    pub fn set_stream(&self, stream: StreamHandle) {
        self.settings.lock().stream = stream;
    }

    /// `rocrand_set_seed`: pseudo-random generators only; the engines restart.
    pub fn set_seed(&self, seed: u64) -> RandResult<()> {
        if self.rng.is_quasi() {
            return Err(RandError::TypeError);
        }
        let mut s = self.settings.lock();
        s.seed = seed;
        s.seed4 = crate::engines::Lfsr113::seed_words(seed);
        s.epoch += 1;
        Ok(())
    }

    /// `rocrand_set_seed_uint4`: LFSR113's four seed words (words below its minimums are
    /// raised when the engines are made); other generators have no such seed.
    pub fn set_seed_uint4(&self, seed: [u32; 4]) -> RandResult<()> {
        if self.rng != RngType::Lfsr113 {
            return Err(RandError::TypeError);
        }
        let mut s = self.settings.lock();
        s.seed4 = seed;
        s.epoch += 1;
        Ok(())
    }

    /// `rocrand_set_offset`: the engines restart that many numbers further. rocRAND gives
    /// LFSR113 and MTGP32 no absolute offset (TYPE_ERROR).
    pub fn set_offset(&self, offset: u64) -> RandResult<()> {
        if matches!(self.rng, RngType::Lfsr113 | RngType::Mtgp32) {
            return Err(RandError::TypeError);
        }
        let mut s = self.settings.lock();
        s.offset = offset;
        s.epoch += 1;
        Ok(())
    }

    /// `rocrand_set_ordering`: pseudo orderings for pseudo generators, the quasi ordering
    /// for quasi ones. Every pseudo ordering produces rocRAND's legacy sequence here
    /// (BEST and DEFAULT are LEGACY in rocRAND; SEEDED and DYNAMIC promise no particular
    /// sequence).
    pub fn set_ordering(&self, ordering: Ordering) -> RandResult<()> {
        let ok = if self.rng.is_quasi() {
            ordering == Ordering::QuasiDefault
        } else {
            ordering != Ordering::QuasiDefault
        };
        if !ok {
            return Err(RandError::OutOfRange);
        }
        let mut s = self.settings.lock();
        s.ordering = ordering;
        s.epoch += 1;
        Ok(())
    }

    /// `rocrand_set_quasi_random_generator_dimensions`.
    pub fn set_dimensions(&self, dimensions: u32) -> RandResult<()> {
        if !self.rng.is_quasi() {
            return Err(RandError::TypeError);
        }
        if dimensions == 0 || dimensions > MAX_DIMENSIONS {
            return Err(RandError::OutOfRange);
        }
        let mut s = self.settings.lock();
        s.dimensions = dimensions;
        s.epoch += 1;
        Ok(())
    }

    /// Generates `n` elements at `ptr` (device memory for a device generator, host memory
    /// for a host one), ordered on the generator's stream.
    ///
    /// # Safety
    /// `ptr` is valid for `n` elements of `elem` until the work has run.
    pub unsafe fn generate(
        &self,
        ptr: *mut std::ffi::c_void,
        n: usize,
        elem: Elem,
        dist: Distribution,
    ) -> RandResult<()> {
        let settings = self.settings();
        if elem == Elem::U64 && !self.rng.is_64bit() {
            return Err(RandError::TypeError);
        }
        if let Distribution::Poisson { lambda } = dist {
            if lambda.is_nan() || lambda <= 0.0 {
                return Err(RandError::OutOfRange);
            }
        }
        if self.rng.is_quasi() {
            if n % settings.dimensions as usize != 0 {
                return Err(RandError::LengthNotMultiple);
            }
            if self.backend.is_cpu() {
                crate::quasi::supports(self.rng, elem, dist)?;
            }
        }
        if n == 0 {
            return Ok(());
        }
        if ptr.is_null() {
            return Err(RandError::LaunchFailure("NULL output buffer".into()));
        }
        // An output that does not hold `n` elements (garbage, freed, too short) is refused
        // before any work is queued, after rocRAND's own argument checks, rather than
        // faulting when it runs (cuRAND's kernel would fail: LAUNCH_FAILURE).
        let bytes = n.checked_mul(elem.size()).ok_or(RandError::OutOfRange)?;
        crate::hip_bridge::check_memory(ptr, bytes)
            .map_err(|_| RandError::LaunchFailure("the output does not hold n elements".into()))?;
        let req = Request {
            ptr: ptr as usize,
            n,
            elem,
            dist,
        };
        // SAFETY: forwarded caller contract.
        unsafe { self.backend.generate(&settings, req) }
    }
}
