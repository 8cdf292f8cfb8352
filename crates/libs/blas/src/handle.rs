//! BLAS handles: the stream the calls are ordered on, the pointer mode, and the backend
//! (chosen at creation from the platform of the process's HIP runtime).

use std::collections::HashMap;
use std::sync::atomic::{AtomicI32, AtomicU64, Ordering};
use std::sync::Arc;

use parking_lot::RwLock;

use crate::error::{BlasError, BlasResult};
use crate::hip_bridge::{self, Platform, StreamHandle};
use crate::nvidia::NvidiaBlas;
use crate::types::PointerMode;

/// The backend behind a handle.
pub enum Backend {
    /// faer and Rust loops, run as host functions on the handle's stream.
    Cpu,
    /// cuBLAS on the device's primary context and the stream's `CUstream`.
    Nvidia(NvidiaBlas),
}

/// A BLAS handle (`rocblas_handle`, `hipblasHandle_t`).
pub struct Handle {
    stream: AtomicU64,
    pointer_mode: AtomicI32,
    /// `rocblas_atomics_mode` / `hipblasAtomicsMode_t` (0 or 1; the CPU results do not
    /// depend on it).
    atomics_mode: AtomicI32,
    /// `rocblas_math_mode` / `hipblasMath_t`, as the C layer stored it.
    math_mode: AtomicI32,
    device: usize,
    backend: Backend,
}

impl Handle {
    /// A handle on the calling thread's current device, on the null stream, in host
    /// pointer mode.
    pub fn new() -> BlasResult<Handle> {
        let device = hip_bridge::current_device().map_err(|_| BlasError::NoDevice)?;
        let backend = match hip_bridge::platform() {
            Platform::Cpu => Backend::Cpu,
            Platform::Nvidia => Backend::Nvidia(NvidiaBlas::new(device)?),
        };
        Ok(Handle {
            stream: AtomicU64::new(0),
            pointer_mode: AtomicI32::new(PointerMode::Host.to_c()),
            atomics_mode: AtomicI32::new(1),
            math_mode: AtomicI32::new(0),
            device,
            backend,
        })
    }

    pub fn device(&self) -> usize {
        self.device
    }
    pub fn backend(&self) -> &Backend {
        &self.backend
    }
    pub fn stream(&self) -> StreamHandle {
        self.stream.load(Ordering::Acquire)
    }
    /// Later calls are ordered on `stream` (work already enqueued stays where it is).
    pub fn set_stream(&self, stream: StreamHandle) {
        self.stream.store(stream, Ordering::Release);
    }
    pub fn pointer_mode(&self) -> PointerMode {
        match self.pointer_mode.load(Ordering::Acquire) {
            1 => PointerMode::Device,
            _ => PointerMode::Host,
        }
    }
    pub fn set_pointer_mode(&self, mode: PointerMode) {
        self.pointer_mode.store(mode.to_c(), Ordering::Release);
    }
    pub fn atomics_mode(&self) -> i32 {
        self.atomics_mode.load(Ordering::Acquire)
    }
    pub fn set_atomics_mode(&self, mode: i32) {
        self.atomics_mode.store(mode, Ordering::Release);
    }
    pub fn math_mode(&self) -> i32 {
        self.math_mode.load(Ordering::Acquire)
    }
    pub fn set_math_mode(&self, mode: i32) {
        self.math_mode.store(mode, Ordering::Release);
    }

    /// Enqueues CPU work on the handle's stream.
    pub(crate) fn submit(&self, work: impl Fn() + Send + Sync + 'static) -> BlasResult<()> {
        Ok(hip_bridge::enqueue(self.stream(), Arc::new(work))?)
    }

    /// Runs a validated call on the handle's backend: on the CPU, `cpu(&call)` enqueued on
    /// the handle's stream; on NVIDIA, `nvidia(backend, &call)` (which enqueues cuBLAS work).
    pub(crate) fn dispatch<C: Send + Sync + 'static>(
        &self,
        call: C,
        cpu: unsafe fn(&C),
        nvidia: impl FnOnce(&NvidiaBlas, &C) -> BlasResult<()>,
    ) -> BlasResult<()> {
        match &self.backend {
            // SAFETY: the call was validated; its operands stay valid until the work ran
            // (the BLAS contract the C caller accepted).
            Backend::Cpu => self.submit(move || unsafe { cpu(&call) }),
            Backend::Nvidia(nv) => nvidia(nv, &call),
        }
    }

    /// Waits for the handle's stream (a result returned in host pointer mode).
    pub(crate) fn wait(&self) -> BlasResult<()> {
        Ok(hip_bridge::synchronize(self.stream())?)
    }
}

/// Live handles by opaque id: the C layers hand ids out as handles, so that NULL, stale and
/// foreign handles are told apart from live ones.
pub struct HandleTable {
    live: RwLock<HashMap<usize, Arc<Handle>>>,
    next: std::sync::atomic::AtomicUsize,
}

/// Ids are opaque, never-reused, non-pointer values.
const HANDLE_ID_BASE: usize = 0x0b1a_5000_0000;

impl HandleTable {
    pub fn new() -> HandleTable {
        HandleTable {
            live: RwLock::new(HashMap::new()),
            next: std::sync::atomic::AtomicUsize::new(1),
        }
    }

    /// Creates a handle; returns its id.
    pub fn create(&self) -> BlasResult<usize> {
        let h = Arc::new(Handle::new()?);
        let id = HANDLE_ID_BASE + self.next.fetch_add(1, Ordering::Relaxed);
        self.live.write().insert(id, h);
        Ok(id)
    }

    /// The live handle `id` (`InvalidHandle` for NULL, stale or unknown ids).
    pub fn get(&self, id: usize) -> BlasResult<Arc<Handle>> {
        self.live
            .read()
            .get(&id)
            .cloned()
            .ok_or(BlasError::InvalidHandle)
    }

    /// Destroys handle `id`. Work it enqueued keeps what it needs (CPU work holds no
    /// reference to the handle; the cuBLAS handle is destroyed after the stream's work).
    pub fn destroy(&self, id: usize) -> BlasResult<()> {
        self.live
            .write()
            .remove(&id)
            .map(drop)
            .ok_or(BlasError::InvalidHandle)
    }
}

impl Default for HandleTable {
    fn default() -> Self {
        HandleTable::new()
    }
}
