//! The safe Rust API: devices, streams, events, typed buffers, modules, and Rust closures as
//! kernels — on the CPU and on NVIDIA GPUs, with the same types and HIP's semantics and
//! errors ([`HipError`]).
//!
//! ```
//! use hip::safe::{Device, DeviceBuffer, Dim3, Stream};
//!
//! let device = Device::get(0)?;
//! let stream = Stream::new(&device)?;
//! let input: Vec<f32> = (0..1000).map(|i| i as f32).collect();
//! let x = DeviceBuffer::from_slice(&input)?;
//! let mut y = DeviceBuffer::<f32>::zeroed(1000)?;
//! let (xp, yp) = (x.as_ptr() as usize, y.as_mut_ptr() as usize);
//! // Each work-item doubles one element (addresses travel as usize: the closure is Send).
//! stream.launch(Dim3::x(4), Dim3::x(256), move |t| {
//!     let i = t.global_id(0);
//!     if i < 1000 {
//!         // SAFETY: i < 1000 and both buffers hold 1000 floats while the kernel runs.
//!         unsafe { *(yp as *mut f32).add(i) = 2.0 * *(xp as *const f32).add(i) };
//!     }
//! })?;
//! stream.synchronize()?;
//! assert_eq!(y.to_vec()?[999], 1998.0);
//! # Ok::<(), hip::HipError>(())
//! ```
//!
//! # Platforms: a GPU, with the CPU as fallback
//!
//! A process runs on one platform ([`crate::platform`]), fixed on first use: the CPU (ferrocm's
//! kernel engine) unless `HIP_PLATFORM=nvidia` says otherwise or the program registered
//! nvcc-built kernels. Every safe object uses the platform in effect when it is created. A
//! Rust program that wants the GPU when there is one, and the CPU otherwise, calls
//! [`select_gpu_or_cpu`] (or [`Device::preferred`]) before anything else:
//!
//! ```
//! use hip::safe::{self, Device, DeviceBuffer};
//!
//! let platform = safe::select_gpu_or_cpu(); // Platform::Nvidia on a machine with a GPU
//! let device = Device::get(0)?;
//! assert_eq!(device.platform(), platform);
//! let x = DeviceBuffer::from_slice(&[1u32, 2, 3])?;
//! assert_eq!(x.to_vec()?, [1, 2, 3]);
//! # Ok::<(), hip::HipError>(())
//! ```
//!
//! | | CPU platform | NVIDIA platform (CUDA driver, loaded at run time) |
//! |---|---|---|
//! | [`Device`] | the HSA CPU agent | a CUDA device (its primary context) |
//! | [`Stream`] | an HSA user-mode queue | a `CUstream` |
//! | [`Event`] | a barrier packet with a completion signal | a `CUevent` (timing enabled) |
//! | [`DeviceBuffer`] | memory of the CPU device | `cuMemAlloc` |
//! | [`PinnedBuffer`] | host memory | `cuMemHostAlloc` (device-accessible) |
//! | [`Module`] | a CPU code object (`hipcc --genco`, hiprtc) | a cubin, fatbin or PTX text |
//! | [`LaunchBuilder`] argument checks | the code object's parameter table | `cuFuncGetParamInfo` (CUDA 12.4+ drivers) |
//! | closures ([`Stream::launch`]) | yes | [`HipError::NotSupported`] |
//!
//! **Closures are CPU kernels only.** A Rust closure is host machine code: nothing can turn it
//! into GPU code at run time, so on NVIDIA [`Stream::launch`] returns
//! [`HipError::NotSupported`] (it never runs the closure on the host instead). GPU kernels
//! come from a [`Module`]: PTX text (portable across GPU generations, JIT-compiled by the
//! driver), or a cubin/fatbin built by `nvcc`/`hipcc`.
//!
//! Objects own what they create: dropping a [`Stream`] waits for its work and destroys it, an
//! [`Event`] is destroyed, a buffer waits for the device's work and is freed (as `hipFree`
//! does), a [`Module`] is unloaded once it and every [`Function`] and [`Global`] taken from it
//! are gone. Devices, streams, events, buffers, modules, functions and globals are `Send`
//! and `Sync`; on NVIDIA each thread makes the device's primary context current by itself.

mod module;
pub use module::{Function, Global, KernelArg, LaunchBuilder, Module};

pub use crate::platform::Platform;

use std::any::TypeId;
use std::collections::HashMap;
use std::ffi::c_void;
use std::marker::PhantomData;
use std::sync::Arc;

use cpu_engine::abi::{KernelDescriptor, WorkItem, ABI_VERSION, KERNEL_DESCRIPTOR_MAGIC};
use parking_lot::Mutex;

use crate::error::{HipError, HipResult};
use crate::event::EventCore;
use crate::kernel::Kernel;
use crate::memory::{self, CopyKind, MemoryKind, Sync};
use crate::platform::nvidia as nv;
use crate::runtime::Runtime;
use crate::stream::StreamCore;
use crate::DeviceProperties;

/// Chooses the platform of this process for a program that wants a GPU with the CPU as
/// fallback, and returns the platform in effect:
///
/// * NVIDIA when the CUDA driver loads and reports at least one device (after
///   `HIP_VISIBLE_DEVICES`/`CUDA_VISIBLE_DEVICES`);
/// * the CPU otherwise — also when `HIP_PLATFORM=nvidia` is set but there is no usable GPU —
///   and whenever `HIP_PLATFORM=cpu` (or `amd`) asks for the CPU;
/// * if the platform was already fixed (an earlier call of the safe API or of
///   [`crate::platform::current`], or registered kernels), that choice stays and is
///   returned: a process never switches platforms.
///
/// Call it before creating any object. It counts the GPUs through the driver (loading and
/// initialising it once) unless `HIP_PLATFORM` asks for the CPU. It only changes what a
/// process that has not chosen yet runs on: C programs, which never call it, keep
/// [`crate::platform::current`]'s rule.
pub fn select_gpu_or_cpu() -> Platform {
    use crate::platform as p;
    if let Some(chosen) = p::selected() {
        return chosen;
    }
    let wanted = if p::from_env() != Some(Platform::Cpu) && nv::device_count() > 0 {
        Platform::Nvidia
    } else {
        Platform::Cpu
    };
    p::select(wanted)
}

/// The platform in effect ([`crate::platform::current`]: fixed on first use).
pub fn platform() -> Platform {
    crate::platform::current()
}

/// A CUDA driver handle (stream, event, module, function) owned by a safe object.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cu<H>(pub(crate) H);

// SAFETY: the CUDA driver API is thread-safe and its handles may be used from any thread;
// each owning safe object destroys its handle exactly once, in `Drop`.
unsafe impl<H> Send for Cu<H> {}
// SAFETY: as above: shared use only passes the handle value to thread-safe driver calls.
unsafe impl<H> std::marker::Sync for Cu<H> {}

/// A grid or block size (HIP's `dim3`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dim3 {
    pub x: u32,
    pub y: u32,
    pub z: u32,
}

impl Dim3 {
    pub const fn new(x: u32, y: u32, z: u32) -> Dim3 {
        Dim3 { x, y, z }
    }

    /// A one-dimensional size.
    pub const fn x(x: u32) -> Dim3 {
        Dim3 { x, y: 1, z: 1 }
    }

    fn to_array(self) -> [u32; 3] {
        [self.x, self.y, self.z]
    }
}

/// A HIP device: the CPU device, or an NVIDIA GPU (ordinals among the driver's visible
/// devices).
#[derive(Debug, Clone)]
pub struct Device {
    ordinal: usize,
    platform: Platform,
}

impl Device {
    /// Number of visible devices (on NVIDIA: 0 without a usable driver or GPU).
    pub fn count() -> HipResult<usize> {
        match platform() {
            Platform::Cpu => Ok(Runtime::get()?.device_count()),
            Platform::Nvidia => Ok(nv::device_count()),
        }
    }

    /// Device `ordinal`: `hipErrorNoDevice` if the platform has no device,
    /// `hipErrorInvalidDevice` if there is no such ordinal.
    pub fn get(ordinal: usize) -> HipResult<Device> {
        let platform = platform();
        match platform {
            Platform::Cpu => {
                Runtime::get()?.device(ordinal)?;
            }
            Platform::Nvidia => {
                let count = nv::device_count();
                if count == 0 {
                    return Err(HipError::NoDevice);
                }
                if ordinal >= count {
                    return Err(HipError::InvalidDevice);
                }
            }
        }
        Ok(Device { ordinal, platform })
    }

    /// The first device of the GPU-or-CPU choice: [`select_gpu_or_cpu`], then device 0.
    pub fn preferred() -> HipResult<Device> {
        select_gpu_or_cpu();
        Device::get(0)
    }

    pub fn ordinal(&self) -> usize {
        self.ordinal
    }

    /// The platform the device belongs to.
    pub fn platform(&self) -> Platform {
        self.platform
    }

    pub fn properties(&self) -> HipResult<DeviceProperties> {
        match self.platform {
            Platform::Cpu => Ok(Runtime::get()?.device(self.ordinal)?.properties().clone()),
            Platform::Nvidia => nv::device::properties(self.ordinal).cloned(),
        }
    }

    /// Makes this the calling thread's current device (`hipSetDevice`): buffers, events and
    /// modules the thread creates afterwards belong to it. A thread starts on device 0.
    pub fn set_current(&self) -> HipResult<()> {
        match self.platform {
            Platform::Cpu => Runtime::get()?.set_current_device(self.ordinal),
            Platform::Nvidia => nv::set_current_device(self.ordinal),
        }
    }

    /// Waits for all work on every stream of the device.
    pub fn synchronize(&self) -> HipResult<()> {
        match self.platform {
            Platform::Cpu => Runtime::get()?.synchronize_device(self.ordinal),
            Platform::Nvidia => nv::device::synchronize(self.ordinal),
        }
    }
}

/// A stream: work runs in submission order; independent streams run concurrently.
/// Dropping it waits for its work.
pub struct Stream {
    inner: StreamInner,
}

enum StreamInner {
    Cpu(Arc<StreamCore>),
    /// A `CUstream` created on device `dev`.
    Nvidia {
        dev: usize,
        raw: Cu<nv::Stream>,
    },
}

impl Stream {
    /// A blocking stream (ordered with the device's legacy null stream).
    pub fn new(device: &Device) -> HipResult<Stream> {
        Stream::with_flags(device, crate::STREAM_DEFAULT)
    }

    /// A stream that never waits implicitly for the null stream.
    pub fn non_blocking(device: &Device) -> HipResult<Stream> {
        Stream::with_flags(device, crate::STREAM_NON_BLOCKING)
    }

    fn with_flags(device: &Device, flags: u32) -> HipResult<Stream> {
        let inner = match device.platform {
            Platform::Cpu => StreamInner::Cpu(StreamCore::create(
                Runtime::get()?,
                device.ordinal,
                flags,
                0,
            )?),
            Platform::Nvidia => StreamInner::Nvidia {
                dev: device.ordinal,
                raw: Cu(nv::stream::create(device.ordinal, flags, 0)?),
            },
        };
        Ok(Stream { inner })
    }

    pub fn synchronize(&self) -> HipResult<()> {
        match &self.inner {
            StreamInner::Cpu(core) => core.synchronize(),
            // SAFETY: a live stream owned by `self`.
            StreamInner::Nvidia { dev, raw } => unsafe { nv::stream::synchronize(*dev, raw.0) },
        }
    }

    /// Whether all submitted work has completed.
    pub fn is_idle(&self) -> bool {
        match &self.inner {
            StreamInner::Cpu(core) => core.is_idle(),
            // SAFETY: a live stream owned by `self`.
            StreamInner::Nvidia { dev, raw } => unsafe { nv::stream::query(*dev, raw.0) }.is_ok(),
        }
    }

    /// Copies `src` into `dst` (asynchronously: `src` is captured by value and kept until
    /// the copy no longer needs it).
    pub fn copy_to_device<T: Copy + Send + 'static>(
        &self,
        src: Vec<T>,
        dst: &mut DeviceBuffer<T>,
    ) -> HipResult<()> {
        if src.len() != dst.len {
            return Err(HipError::InvalidValue);
        }
        let bytes = std::mem::size_of_val(src.as_slice());
        match &self.inner {
            StreamInner::Cpu(core) => {
                // SAFETY: `dst` holds `len` elements; `src` is kept alive below until the
                // copy ran (it is dropped by a host function that runs after the copy, in
                // stream order).
                unsafe {
                    memory::copy(
                        dst.ptr.cast(),
                        src.as_ptr().cast(),
                        bytes,
                        core,
                        Sync::Async,
                    )?;
                }
                core.host_fn(move || drop(src))
            }
            StreamInner::Nvidia { dev, raw } => {
                // SAFETY: `dst` holds `len` elements of device-accessible memory and `src`
                // as many readable ones; `raw` is a live stream owned by `self`.
                unsafe {
                    nv::memory::memcpy_async(
                        *dev,
                        dst.ptr.cast(),
                        src.as_ptr().cast(),
                        bytes,
                        CopyKind::HostToDevice,
                        raw.0,
                    )?;
                }
                // From pageable memory (a `Vec`'s, unless the program page-locked it) the
                // driver returns once it has staged the bytes: `src` may go now. Memory
                // the driver knows (registered) is read later: wait for the copy first.
                let pageable = src.is_empty()
                    || nv::memory::pointer_attributes(*dev, src.as_ptr().cast())
                        .is_ok_and(|a| a.memory_type == nv::memory::MemoryType::Unregistered);
                if !pageable {
                    self.synchronize()?;
                }
                drop(src);
                Ok(())
            }
        }
    }

    /// Runs `kernel` on a grid of `grid` blocks of `block` work-items. The closure is called
    /// once per work-item with its [`ThreadCtx`]; it stays alive until the launch completes.
    ///
    /// CPU platform only: a Rust closure is host code, which no GPU can run, so on NVIDIA
    /// this returns [`HipError::NotSupported`] without running anything. Load GPU kernels
    /// with [`Module`] there.
    pub fn launch<F>(&self, grid: Dim3, block: Dim3, kernel: F) -> HipResult<()>
    where
        F: Fn(&ThreadCtx<'_>) + Send + std::marker::Sync + 'static,
    {
        let core = match &self.inner {
            StreamInner::Cpu(core) => core,
            StreamInner::Nvidia { .. } => return Err(HipError::NotSupported),
        };
        let k = closure_kernel::<F>()?;
        let closure = Arc::new(kernel);
        let ptr = Arc::as_ptr(&closure) as usize;
        k.launch(
            grid.to_array(),
            block.to_array(),
            0,
            core,
            &(ptr as u64).to_ne_bytes(),
        )?;
        // Dropped in stream order, after the kernel.
        core.host_fn(move || drop(closure))
    }
}

impl Drop for Stream {
    fn drop(&mut self) {
        match &self.inner {
            StreamInner::Cpu(core) => {
                let _ = StreamCore::destroy(core.handle);
            }
            StreamInner::Nvidia { dev, raw } => {
                // The driver would let queued work run on after the destroy: wait, as the
                // CPU platform does.
                // SAFETY: a live stream owned by `self`, destroyed once, here; nothing else
                // uses it (`&mut self`).
                unsafe {
                    let _ = nv::stream::synchronize(*dev, raw.0);
                    let _ = nv::stream::destroy(*dev, raw.0);
                }
            }
        }
    }
}

/// An event: marks a point in a stream; measures time between two such points.
pub struct Event {
    inner: EventInner,
}

enum EventInner {
    Cpu(Arc<EventCore>),
    /// A `CUevent` created on device `dev`.
    Nvidia {
        dev: usize,
        raw: Cu<nv::Event>,
    },
}

impl Event {
    /// An event (with timing) on the calling thread's current device.
    pub fn new() -> HipResult<Event> {
        let inner = match platform() {
            Platform::Cpu => {
                Runtime::get()?;
                EventInner::Cpu(EventCore::create(0)?)
            }
            Platform::Nvidia => {
                let dev = nv::current_device()?;
                EventInner::Nvidia {
                    dev,
                    raw: Cu(nv::event::create(dev, 0)?),
                }
            }
        };
        Ok(Event { inner })
    }

    /// Records the work submitted to `stream` so far.
    pub fn record(&self, stream: &Stream) -> HipResult<()> {
        match (&self.inner, &stream.inner) {
            (EventInner::Cpu(core), StreamInner::Cpu(s)) => core.record(s),
            (EventInner::Nvidia { raw: e, .. }, StreamInner::Nvidia { dev, raw: s }) => {
                // SAFETY: both handles are live, owned by `self` and `stream`.
                unsafe { nv::event::record(*dev, e.0, s.0) }
            }
            _ => Err(HipError::InvalidHandle),
        }
    }

    pub fn synchronize(&self) -> HipResult<()> {
        match &self.inner {
            EventInner::Cpu(core) => core.synchronize(),
            // SAFETY: a live event owned by `self`.
            EventInner::Nvidia { dev, raw } => unsafe { nv::event::synchronize(*dev, raw.0) },
        }
    }

    /// Whether the latest record has completed (an event never recorded is complete).
    pub fn is_complete(&self) -> bool {
        match &self.inner {
            EventInner::Cpu(core) => core.query().is_ok(),
            // SAFETY: a live event owned by `self`.
            EventInner::Nvidia { dev, raw } => unsafe { nv::event::query(*dev, raw.0) }.is_ok(),
        }
    }

    /// Milliseconds from `self` to `later` (both recorded and complete).
    pub fn elapsed_ms(&self, later: &Event) -> HipResult<f32> {
        match (&self.inner, &later.inner) {
            (EventInner::Cpu(a), EventInner::Cpu(b)) => EventCore::elapsed_ms(a, b),
            (EventInner::Nvidia { dev, raw: a }, EventInner::Nvidia { raw: b, .. }) => {
                // SAFETY: both events are live, owned by `self` and `later`.
                unsafe { nv::event::elapsed_time(*dev, a.0, b.0) }
            }
            _ => Err(HipError::InvalidHandle),
        }
    }

    /// Makes later work on `stream` wait for this event's latest record (no wait if it was
    /// never recorded).
    pub fn make_wait(&self, stream: &Stream) -> HipResult<()> {
        match (&self.inner, &stream.inner) {
            (EventInner::Cpu(core), StreamInner::Cpu(s)) => match core.current_record() {
                Some(r) => s.wait_event(&r),
                None => Ok(()),
            },
            (EventInner::Nvidia { raw: e, .. }, StreamInner::Nvidia { dev, raw: s }) => {
                // SAFETY: both handles are live, owned by `self` and `stream`.
                unsafe { nv::stream::wait_event(*dev, s.0, e.0, 0) }
            }
            _ => Err(HipError::InvalidHandle),
        }
    }
}

impl Drop for Event {
    fn drop(&mut self) {
        match &self.inner {
            EventInner::Cpu(core) => {
                let _ = EventCore::destroy(core.handle);
            }
            EventInner::Nvidia { dev, raw } => {
                // SAFETY: a live event owned by `self`, destroyed once, here (a pending record
                // still completes).
                let _ = unsafe { nv::event::destroy(*dev, raw.0) };
            }
        }
    }
}

/// Where a buffer's memory lives, and so how it is copied and freed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    Cpu(MemoryKind),
    /// NVIDIA device memory (`host: false`) or pinned host memory, of device `dev`.
    Nvidia {
        dev: usize,
        host: bool,
    },
}

/// Typed device memory (`hipMalloc`) of the calling thread's current device, freed on drop.
pub struct DeviceBuffer<T: Copy> {
    ptr: *mut T,
    len: usize,
    place: Place,
    _marker: PhantomData<T>,
}

// SAFETY: the buffer owns its allocation; access goes through `&self`/`&mut self`.
unsafe impl<T: Copy + Send> Send for DeviceBuffer<T> {}
// SAFETY: shared references only read.
unsafe impl<T: Copy + std::marker::Sync> std::marker::Sync for DeviceBuffer<T> {}

impl<T: Copy> DeviceBuffer<T> {
    /// `len` elements of device memory (`host: false`) or pinned host memory.
    fn alloc(len: usize, host: bool) -> HipResult<DeviceBuffer<T>> {
        let bytes = len
            .checked_mul(std::mem::size_of::<T>())
            .ok_or(HipError::OutOfMemory)?;
        let (ptr, place) = match platform() {
            Platform::Cpu => {
                let rt = Runtime::get()?;
                let kind = if host {
                    MemoryKind::Host
                } else {
                    MemoryKind::Device
                };
                let ptr = memory::allocate(rt.current_device()?, bytes, kind, 0)?;
                (ptr.cast::<T>(), Place::Cpu(kind))
            }
            Platform::Nvidia => {
                let dev = nv::current_device()?;
                let ptr = if host {
                    nv::memory::host_malloc(dev, bytes, 0)?.cast::<T>()
                } else {
                    // A device address: never dereferenced on the host.
                    nv::memory::malloc(dev, bytes)? as usize as *mut T
                };
                (ptr, Place::Nvidia { dev, host })
            }
        };
        Ok(DeviceBuffer {
            ptr,
            len,
            place,
            _marker: PhantomData,
        })
    }

    /// `len` zeroed elements.
    pub fn zeroed(len: usize) -> HipResult<DeviceBuffer<T>> {
        let mut b = DeviceBuffer::alloc(len, false)?;
        if matches!(b.place, Place::Nvidia { .. }) {
            // Fresh CPU pages are zero; fresh GPU memory is not.
            b.zero()?;
        }
        Ok(b)
    }

    /// A buffer holding a copy of `data`.
    pub fn from_slice(data: &[T]) -> HipResult<DeviceBuffer<T>> {
        let mut b = DeviceBuffer::alloc(data.len(), false)?;
        b.copy_from(data)?;
        Ok(b)
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The device address of the first element (for kernels; on NVIDIA not readable by the
    /// host).
    pub fn as_ptr(&self) -> *const T {
        self.ptr
    }

    pub fn as_mut_ptr(&mut self) -> *mut T {
        self.ptr
    }

    fn null_stream() -> HipResult<Arc<StreamCore>> {
        crate::stream::resolve(0)
    }

    /// Sets every byte to zero; returns once done (ordered after the null stream's work).
    pub fn zero(&mut self) -> HipResult<()> {
        let bytes = std::mem::size_of::<T>() * self.len;
        match self.place {
            // SAFETY: the buffer holds `bytes` bytes; the fill is synchronous.
            Place::Cpu(_) => unsafe {
                memory::fill(
                    self.ptr.cast(),
                    0,
                    bytes,
                    1,
                    &*Self::null_stream()?,
                    Sync::Blocking,
                )
            },
            Place::Nvidia { dev, .. } => {
                // SAFETY: the buffer holds `bytes` device-accessible bytes.
                unsafe {
                    nv::memory::memset(
                        dev,
                        self.ptr as nv::DevicePtr,
                        nv::memory::Fill::D8(0),
                        bytes,
                    )?
                };
                // The fill is queued on the legacy stream, which a non-blocking stream
                // does not wait for: finish it here, so that "zeroed" holds for every
                // stream.
                // SAFETY: the null stream of the device's primary context.
                unsafe { nv::stream::synchronize(dev, nv::NULL_STREAM) }
            }
        }
    }

    /// Synchronous copy from host memory (ordered with the null stream).
    pub fn copy_from(&mut self, data: &[T]) -> HipResult<()> {
        if data.len() != self.len {
            return Err(HipError::InvalidValue);
        }
        let bytes = std::mem::size_of_val(data);
        match self.place {
            // SAFETY: both ranges hold `len` elements; the copy is synchronous.
            Place::Cpu(_) => unsafe {
                memory::copy(
                    self.ptr.cast(),
                    data.as_ptr().cast(),
                    bytes,
                    &*Self::null_stream()?,
                    Sync::Blocking,
                )
            },
            // SAFETY: both ranges hold `len` elements (the buffer device-accessible, `data`
            // host memory); `hipMemcpy` semantics.
            Place::Nvidia { dev, .. } => unsafe {
                nv::memory::memcpy(
                    dev,
                    self.ptr.cast::<c_void>(),
                    data.as_ptr().cast(),
                    bytes,
                    CopyKind::HostToDevice,
                )
            },
        }
    }

    /// Synchronous copy to host memory.
    pub fn copy_to(&self, out: &mut [T]) -> HipResult<()> {
        if out.len() != self.len {
            return Err(HipError::InvalidValue);
        }
        let bytes = std::mem::size_of_val(out);
        match self.place {
            // SAFETY: both ranges hold `len` elements; the copy is synchronous.
            Place::Cpu(_) => unsafe {
                memory::copy(
                    out.as_mut_ptr().cast(),
                    self.ptr.cast(),
                    bytes,
                    &*Self::null_stream()?,
                    Sync::Blocking,
                )
            },
            // SAFETY: both ranges hold `len` elements; a device-to-host copy returns once
            // the bytes are in `out`.
            Place::Nvidia { dev, .. } => unsafe {
                nv::memory::memcpy(
                    dev,
                    out.as_mut_ptr().cast(),
                    self.ptr.cast::<c_void>(),
                    bytes,
                    CopyKind::DeviceToHost,
                )
            },
        }
    }

    /// The contents, copied to a `Vec`.
    pub fn to_vec(&self) -> HipResult<Vec<T>> {
        let mut v = Vec::with_capacity(self.len);
        // SAFETY: `copy_to` writes every element before any is read; T is Copy (no drop).
        #[allow(clippy::uninit_vec)]
        unsafe {
            v.set_len(self.len)
        };
        self.copy_to(&mut v)?;
        Ok(v)
    }
}

impl<T: Copy> Drop for DeviceBuffer<T> {
    fn drop(&mut self) {
        match self.place {
            Place::Cpu(kind) => {
                // Work on any stream may still use the memory: wait, as hipFree does.
                if let Ok(rt) = Runtime::get() {
                    if let Ok(d) = rt.current_device() {
                        let _ = rt.synchronize_device(d);
                    }
                }
                let _ = memory::free(self.ptr.cast(), &[kind]);
            }
            Place::Nvidia { dev, host } => {
                if self.ptr.is_null() {
                    return;
                }
                // As hipFree: work on any stream of the device may still use the memory.
                let _ = nv::device::synchronize(dev);
                // SAFETY: the buffer owns the allocation (made on `dev` by `alloc`), freed
                // once, here; after the device-wide wait no queued work uses it.
                unsafe {
                    let _ = if host {
                        nv::memory::host_free(dev, self.ptr.cast())
                    } else {
                        nv::memory::free(dev, self.ptr as nv::DevicePtr)
                    };
                }
            }
        }
    }
}

/// Pinned host memory (`hipHostMalloc`), usable as a slice and by kernels (on NVIDIA at the
/// same address, under unified addressing).
pub struct PinnedBuffer<T: Copy> {
    inner: DeviceBuffer<T>,
}

impl<T: Copy + Default> PinnedBuffer<T> {
    /// `len` elements set to `T::default()`.
    pub fn new(len: usize) -> HipResult<PinnedBuffer<T>> {
        let inner = DeviceBuffer::<T>::alloc(len, true)?;
        for i in 0..len {
            // SAFETY: host memory for `len` elements, owned by `inner`; written before any
            // read.
            unsafe { inner.ptr.add(i).write(T::default()) };
        }
        Ok(PinnedBuffer { inner })
    }
}

impl<T: Copy> std::ops::Deref for PinnedBuffer<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        if self.inner.len == 0 {
            return &[];
        }
        // SAFETY: host memory of `len` initialised elements, owned by this buffer.
        unsafe { std::slice::from_raw_parts(self.inner.ptr, self.inner.len) }
    }
}

impl<T: Copy> std::ops::DerefMut for PinnedBuffer<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        if self.inner.len == 0 {
            return &mut [];
        }
        // SAFETY: as above, uniquely borrowed.
        unsafe { std::slice::from_raw_parts_mut(self.inner.ptr, self.inner.len) }
    }
}

/// What a closure kernel sees of its work-item.
pub struct ThreadCtx<'a> {
    wi: *mut WorkItem,
    _marker: PhantomData<&'a WorkItem>,
}

impl ThreadCtx<'_> {
    fn wi(&self) -> &WorkItem {
        // SAFETY: the engine keeps the work-item valid for the whole kernel call.
        unsafe { &*self.wi }
    }

    /// `threadIdx` in dimension `d` (0..3).
    pub fn thread_idx(&self, d: usize) -> usize {
        self.wi().local_id[d.min(2)] as usize
    }

    /// `blockIdx`.
    pub fn block_idx(&self, d: usize) -> usize {
        self.wi().group_id[d.min(2)] as usize
    }

    /// `blockDim`.
    pub fn block_dim(&self, d: usize) -> usize {
        self.wi().workgroup_size[d.min(2)] as usize
    }

    /// `gridDim` (in blocks).
    pub fn grid_dim(&self, d: usize) -> usize {
        self.wi().num_groups[d.min(2)] as usize
    }

    /// `blockIdx * blockDim + threadIdx`.
    pub fn global_id(&self, d: usize) -> usize {
        self.wi().global_id(d) as usize
    }

    /// `__syncthreads()`: every work-item of the block that has not returned must call it.
    pub fn barrier(&self) {
        // SAFETY: called from the running kernel with its own work-item.
        unsafe { WorkItem::barrier(self.wi, 0) };
    }
}

/// The engine entry point for closures of type `F`: the kernarg holds a `*const F`.
unsafe extern "C" fn closure_entry<F: Fn(&ThreadCtx<'_>)>(wi: *mut WorkItem) {
    // SAFETY: launches of this kernel pass the address of a live `F` (kept alive until the
    // launch completes) as their only argument.
    unsafe {
        let f = &*((*wi).kernarg.cast::<u64>().read() as usize as *const F);
        f(&ThreadCtx {
            wi,
            _marker: PhantomData,
        });
    }
}

/// The work-group function of closures of type `F` (`ferrocm_workgroup_fn`): runs work-items
/// `begin..range_end` of the group, x fastest, with the closure looked up once. `range_end`
/// only changes inside a barrier called by the closure (include/ferrocm/cpu_kernel.h), so a
/// plain read after each work-item sees it.
unsafe extern "C" fn closure_group<F: Fn(&ThreadCtx<'_>)>(
    wi: *mut WorkItem,
    begin: u32,
    _end: u32,
) {
    // SAFETY: as for `closure_entry`; the engine passes its loop work-item, whose ids this
    // function owns between work-items.
    unsafe {
        let f = &*((*wi).kernarg.cast::<u64>().read() as usize as *const F);
        let ls = (*wi).local_size;
        let (mut x, mut y, mut z) = (
            begin % ls[0],
            (begin / ls[0]) % ls[1],
            begin / (ls[0] * ls[1]),
        );
        let mut i = begin;
        while i < (*wi).range_end.get() {
            (*wi).local_id = [x, y, z];
            (*wi).flat_local_id = i;
            f(&ThreadCtx {
                wi,
                _marker: PhantomData,
            });
            i += 1;
            x += 1;
            if x == ls[0] {
                x = 0;
                y += 1;
                if y == ls[1] {
                    y = 0;
                    z += 1;
                }
            }
        }
    }
}

/// One kernel per closure type, made on first use.
fn closure_kernel<F: Fn(&ThreadCtx<'_>) + 'static>() -> HipResult<Arc<Kernel>> {
    static KERNELS: Mutex<Option<HashMap<TypeId, Arc<Kernel>>>> = Mutex::new(None);
    let mut map = KERNELS.lock();
    let map = map.get_or_insert_with(HashMap::new);
    if let Some(k) = map.get(&TypeId::of::<F>()) {
        return Ok(Arc::clone(k));
    }
    // Leaked once per closure type: kernels live as long as the program.
    let kd: &'static KernelDescriptor = Box::leak(Box::new(KernelDescriptor {
        magic: KERNEL_DESCRIPTOR_MAGIC,
        abi_version: ABI_VERSION,
        kernarg_segment_size: 8,
        kernarg_segment_alignment: 16,
        group_segment_size: 0,
        private_segment_size: 0,
        flags: 0,
        reserved0: 0,
        workitem_fn: Some(closure_entry::<F>),
        workgroup_fn: Some(closure_group::<F>),
        params: std::ptr::null(),
        host_function: std::ptr::null(),
    }));
    // SAFETY: the descriptor is leaked (valid forever) and its entry point is sound for the
    // kernarg that `Stream::launch` passes.
    let k =
        Arc::new(unsafe { Kernel::from_descriptor(kd, std::any::type_name::<F>().to_string())? });
    map.insert(TypeId::of::<F>(), Arc::clone(&k));
    Ok(k)
}

#[cfg(test)]
mod closure_group_tests {
    use super::*;
    use std::sync::atomic::{AtomicU32, Ordering};

    #[test]
    fn closure_kernels_see_their_ids_and_late_barriers_work() {
        let device = Device::get(0).expect("device");
        let stream = Stream::new(&device).expect("stream");
        // 2-D blocks of 8 x 4 covering a 20 x 10 domain (the work-items beyond it return).
        let (gx, gy) = (20usize, 10usize);
        let ids: Arc<Vec<AtomicU32>> = Arc::new((0..gx * gy).map(|_| AtomicU32::new(0)).collect());
        let counts: Arc<Vec<AtomicU32>> =
            Arc::new((0..gx * gy).map(|_| AtomicU32::new(0)).collect());
        let (i2, c2) = (Arc::clone(&ids), Arc::clone(&counts));
        stream
            .launch(Dim3::new(3, 3, 1), Dim3::new(8, 4, 1), move |t| {
                let (x, y) = (t.global_id(0), t.global_id(1));
                let flat = t.thread_idx(0) + 8 * t.thread_idx(1);
                // Work-items before flat id 5 return at once: the barrier is first reached
                // in the work-group loop.
                if flat < 5 || x >= gx || y >= gy {
                    if x < gx && y < gy {
                        i2[y * gx + x].store((x * 1000 + y) as u32 + 1, Ordering::Relaxed);
                    }
                    return;
                }
                i2[y * gx + x].store((x * 1000 + y) as u32 + 1, Ordering::Relaxed);
                t.barrier();
                c2[y * gx + x].fetch_add(1, Ordering::Relaxed);
                t.barrier();
            })
            .expect("launch");
        stream.synchronize().expect("synchronize");
        for y in 0..gy {
            for x in 0..gx {
                assert_eq!(
                    ids[y * gx + x].load(Ordering::Relaxed),
                    (x * 1000 + y) as u32 + 1
                );
                let flat = (x % 8) + 8 * (y % 4);
                let expect = u32::from(flat >= 5);
                assert_eq!(
                    counts[y * gx + x].load(Ordering::Relaxed),
                    expect,
                    "({x}, {y})"
                );
            }
        }
    }
}
