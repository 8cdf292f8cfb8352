//! The process-wide runtime: started lazily by the first call that needs it (as HIP does),
//! never torn down (devices and the null streams live as long as the process).

use std::cell::Cell;
use std::sync::{Arc, OnceLock, Weak};

use parking_lot::Mutex;

use crate::device::{Device, Platform};
use crate::error::{HipError, HipResult};
use crate::stream::{StreamCore, StreamKind};

/// Per-device state that streams share.
pub(crate) struct DeviceState {
    pub(crate) device: Arc<Device>,
    /// The HSA CPU agent behind the device: its queues run the device's streams, its
    /// regions hold the device's memory.
    pub(crate) agent: hsa::Agent,
    /// The legacy default (null) stream, created on first use.
    null_stream: OnceLock<Arc<StreamCore>>,
    /// Live blocking streams: the null stream synchronises with them.
    pub(crate) blocking: Mutex<Vec<Weak<StreamCore>>>,
}

/// The runtime: the HSA runtime under it and the devices.
pub struct Runtime {
    /// The first CPU agent: code objects are loaded for it (every CPU agent runs the same
    /// ISA, and a kernel object dispatches on any CPU agent's queue).
    pub(crate) agent: hsa::Agent,
    pub(crate) devices: Vec<DeviceState>,
    _hsa: hsa::Runtime,
}

static RUNTIME: OnceLock<HipResult<Runtime>> = OnceLock::new();

thread_local! {
    /// `hipSetDevice`'s per-thread current device.
    static CURRENT_DEVICE: Cell<usize> = const { Cell::new(0) };
}

impl Runtime {
    fn start() -> HipResult<Runtime> {
        // The CPU platform runs on the CPU agent alone: no CUDA driver load for GPU agents.
        hsa::disable_gpu_agents();
        let hsa_rt = hsa::Runtime::init().map_err(|_| HipError::NotInitialized)?;
        let agent = hsa_rt.cpu_agent().map_err(|_| HipError::NoDevice)?;
        // One device per CPU agent (`FERROCM_CPU_DEVICES`), then `HIP_VISIBLE_DEVICES`.
        let agents = hsa_rt.cpu_agents().map_err(|_| HipError::NoDevice)?;
        let physical: Vec<_> = agents
            .iter()
            .enumerate()
            .map(|(i, a)| crate::platform::cpu::properties(a, i, agents.len()))
            .collect();
        let devices = ::platform::visible_devices(physical.len())
            .into_iter()
            .enumerate()
            .map(|(ordinal, phys)| DeviceState {
                device: Arc::new(Device::new(ordinal, Platform::Cpu, physical[phys].clone())),
                agent: agents[phys].clone(),
                null_stream: OnceLock::new(),
                blocking: Mutex::new(Vec::new()),
            })
            .collect();
        Ok(Runtime {
            agent,
            devices,
            _hsa: hsa_rt,
        })
    }

    /// The runtime, started on first use.
    pub fn get() -> HipResult<&'static Runtime> {
        RUNTIME.get_or_init(Runtime::start).as_ref().map_err(|e| *e)
    }

    /// Number of visible devices.
    pub fn device_count(&self) -> usize {
        self.devices.len()
    }

    /// The device with this ordinal, or `hipErrorInvalidDevice`.
    pub fn device(&self, ordinal: usize) -> HipResult<&Arc<Device>> {
        self.devices
            .get(ordinal)
            .map(|d| &d.device)
            .ok_or(HipError::InvalidDevice)
    }

    pub(crate) fn device_state(&self, ordinal: usize) -> HipResult<&DeviceState> {
        self.devices.get(ordinal).ok_or(HipError::InvalidDevice)
    }

    /// The HSA agent of device `ordinal`.
    pub(crate) fn device_agent(&self, ordinal: usize) -> HipResult<&hsa::Agent> {
        Ok(&self.device_state(ordinal)?.agent)
    }

    /// The calling thread's current device ordinal (`hipErrorNoDevice` if there are none).
    pub fn current_device(&self) -> HipResult<usize> {
        if self.devices.is_empty() {
            return Err(HipError::NoDevice);
        }
        Ok(CURRENT_DEVICE.with(|c| c.get()).min(self.devices.len() - 1))
    }

    /// `hipSetDevice` for the calling thread.
    pub fn set_current_device(&self, ordinal: usize) -> HipResult<()> {
        if self.devices.is_empty() {
            return Err(HipError::NoDevice);
        }
        self.device(ordinal)?;
        CURRENT_DEVICE.with(|c| c.set(ordinal));
        Ok(())
    }

    /// The legacy null stream of `ordinal`, created on first use.
    pub fn null_stream(&self, ordinal: usize) -> HipResult<&Arc<StreamCore>> {
        let state = self.device_state(ordinal)?;
        if let Some(s) = state.null_stream.get() {
            return Ok(s);
        }
        let stream = StreamCore::new(self, ordinal, StreamKind::Null, 0, 0)?;
        Ok(state.null_stream.get_or_init(|| stream))
    }

    /// The null stream of `ordinal` if it has been created.
    pub(crate) fn existing_null_stream(&self, ordinal: usize) -> Option<&Arc<StreamCore>> {
        self.devices.get(ordinal)?.null_stream.get()
    }

    /// `hipDeviceReset` of `ordinal`: waits for its outstanding work, then destroys every
    /// stream created on it, every event, and every allocation made on it (device, pinned
    /// host and managed memory are freed, registered host memory unregistered, pool memory
    /// returned to its pool), and restores its flags and limits. The null streams and the
    /// program's kernels stay; later API use works as on a fresh device. Events belong to the
    /// device current when they were made; other devices' streams, events and memory stay.
    pub fn reset_device(&self, ordinal: usize) -> HipResult<()> {
        let device = self.device(ordinal)?;
        // Errors of the outstanding work are the reset's to clear, not to report.
        let _ = self.synchronize_device(ordinal);
        crate::stream::destroy_device_streams(ordinal);
        crate::event::EventCore::destroy_device(ordinal);
        crate::memory::free_device_allocations(ordinal);
        device.reset_settings();
        Ok(())
    }

    /// Waits for all work on every stream of `ordinal` (`hipDeviceSynchronize`).
    pub fn synchronize_device(&self, ordinal: usize) -> HipResult<()> {
        self.wait_streams(ordinal, false)
    }

    /// Waits for every stream of the device like [`Runtime::synchronize_device`], except that
    /// a stream stopped by a failed kernel (hipErrorLaunchFailure, hipErrorAssert) is not an
    /// error: it runs nothing more, and what releases memory (hipFree, ...) must still work
    /// after one stream's kernel failed.
    pub fn drain_device(&self, ordinal: usize) -> HipResult<()> {
        self.wait_streams(ordinal, true)
    }

    /// Waits for every stream (all of them, even after one failed); the first error.
    fn wait_streams(&self, ordinal: usize, tolerate_stopped: bool) -> HipResult<()> {
        let state = self.device_state(ordinal)?;
        let mut streams: Vec<Arc<StreamCore>> = Vec::new();
        if let Some(null) = state.null_stream.get() {
            streams.push(Arc::clone(null));
        }
        streams.extend(crate::stream::live_streams(ordinal));
        let mut first = Ok(());
        for s in streams {
            match s.synchronize() {
                Err(HipError::LaunchFailure | HipError::Assert) if tolerate_stopped => {}
                Err(e) if first.is_ok() => first = Err(e),
                _ => {}
            }
        }
        first
    }
}
