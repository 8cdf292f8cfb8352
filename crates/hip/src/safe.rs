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

use crate::backend::{backend, Handle};
use crate::error::{HipError, HipResult};
use crate::kernel::Kernel;
use crate::memory::{CopyKind, Sync};
use crate::platform::nvidia as nv;
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

/// A handle owned by a safe object: a backend's stream or event, or a CUDA driver module or
/// function.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cu<H>(pub(crate) H);

// SAFETY: both backends' handles may be used from any thread (the CPU's are registry
// numbers, the CUDA driver's are thread-safe); each owning safe object destroys its handle
// exactly once, in `Drop`.
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
        backend().device_count()
    }

    /// Device `ordinal`: `hipErrorNoDevice` if the platform has no device,
    /// `hipErrorInvalidDevice` if there is no such ordinal.
    pub fn get(ordinal: usize) -> HipResult<Device> {
        let ordinal = i32::try_from(ordinal).map_err(|_| HipError::InvalidDevice)?;
        let ordinal = backend().ordinal(ordinal)?;
        Ok(Device {
            ordinal,
            platform: platform(),
        })
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
        backend().properties(self.ordinal).cloned()
    }

    /// Makes this the calling thread's current device (`hipSetDevice`): buffers, events and
    /// modules the thread creates afterwards belong to it. A thread starts on device 0.
    pub fn set_current(&self) -> HipResult<()> {
        backend().set_current_device(self.ordinal)
    }

    /// Waits for all work on every stream of the device.
    pub fn synchronize(&self) -> HipResult<()> {
        backend().synchronize(self.ordinal)
    }
}

/// A stream: work runs in submission order; independent streams run concurrently.
/// Dropping it waits for its work.
pub struct Stream {
    handle: Cu<Handle>,
    device: usize,
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
        Ok(Stream {
            handle: Cu(backend().stream_create(device.ordinal, flags, 0)?),
            device: device.ordinal,
        })
    }

    /// The backend's handle (what a C program would hold as `hipStream_t`).
    pub(crate) fn handle(&self) -> Handle {
        self.handle.0
    }

    /// The device the stream was created on.
    pub(crate) fn device(&self) -> usize {
        self.device
    }

    pub fn synchronize(&self) -> HipResult<()> {
        backend().stream_synchronize(self.handle.0)
    }

    /// Whether all submitted work has completed.
    pub fn is_idle(&self) -> bool {
        backend().stream_query(self.handle.0).is_ok()
    }

    /// Copies `src` into `dst` (asynchronously: `src` is captured by value and kept until
    /// the copy has run: a host function later in the stream drops it).
    pub fn copy_to_device<T: Copy + Send + 'static>(
        &self,
        src: Vec<T>,
        dst: &mut DeviceBuffer<T>,
    ) -> HipResult<()> {
        if src.len() != dst.len {
            return Err(HipError::InvalidValue);
        }
        let bytes = std::mem::size_of_val(src.as_slice());
        let b = backend();
        // SAFETY: `dst` holds `len` elements of device-accessible memory and `src` as many
        // readable ones, kept alive below until the copy has run.
        unsafe {
            b.memcpy_async(
                dst.ptr.cast(),
                src.as_ptr().cast(),
                bytes,
                CopyKind::HostToDevice,
                self.handle.0,
            )?;
        }
        let keep = Box::into_raw(Box::new(src));
        // SAFETY: `drop_boxed::<Vec<T>>` takes back the box made just above, once.
        let r =
            unsafe { b.launch_host_func(self.handle.0, Some(drop_boxed::<Vec<T>>), keep.cast()) };
        if r.is_err() {
            // Not enqueued: wait for the copy, then free the source here.
            let _ = self.synchronize();
            // SAFETY: the box was not handed to the stream.
            drop(unsafe { Box::from_raw(keep) });
        }
        r
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
        let k = closure_kernel::<F>()?;
        let closure = Arc::new(kernel);
        let ptr = Arc::as_ptr(&closure) as usize;
        backend().launch_host_kernel(
            self.handle.0,
            &k,
            grid.to_array(),
            block.to_array(),
            &(ptr as u64).to_ne_bytes(),
            Box::new(move || drop(closure)),
        )
    }
}

/// Drops a `Box<T>` handed to the stream as a host function's argument.
///
/// # Safety
/// `p` must come from `Box::<T>::into_raw` and be passed here exactly once.
unsafe extern "C" fn drop_boxed<T>(p: *mut c_void) {
    // SAFETY: the caller's contract.
    drop(unsafe { Box::from_raw(p.cast::<T>()) });
}

impl Drop for Stream {
    fn drop(&mut self) {
        // Queued work would run on after a destroy: wait first, on every platform.
        let b = backend();
        let _ = b.stream_synchronize(self.handle.0);
        let _ = b.stream_destroy(self.handle.0);
    }
}

/// An event: marks a point in a stream; measures time between two such points.
pub struct Event {
    handle: Cu<Handle>,
}

impl Event {
    /// An event (with timing) on the calling thread's current device.
    pub fn new() -> HipResult<Event> {
        Ok(Event {
            handle: Cu(backend().event_create(0)?),
        })
    }

    /// Records the work submitted to `stream` so far.
    pub fn record(&self, stream: &Stream) -> HipResult<()> {
        backend().event_record(self.handle.0, stream.handle.0)
    }

    pub fn synchronize(&self) -> HipResult<()> {
        backend().event_synchronize(self.handle.0)
    }

    /// Whether the latest record has completed (an event never recorded is complete).
    pub fn is_complete(&self) -> bool {
        backend().event_query(self.handle.0).is_ok()
    }

    /// Milliseconds from `self` to `later` (both recorded and complete).
    pub fn elapsed_ms(&self, later: &Event) -> HipResult<f32> {
        backend().event_elapsed_ms(self.handle.0, later.handle.0)
    }

    /// Makes later work on `stream` wait for this event's latest record (no wait if it was
    /// never recorded).
    pub fn make_wait(&self, stream: &Stream) -> HipResult<()> {
        backend().stream_wait_event(stream.handle.0, self.handle.0, 0)
    }
}

impl Drop for Event {
    fn drop(&mut self) {
        // A pending record still completes.
        let _ = backend().event_destroy(self.handle.0);
    }
}

/// Typed device memory (`hipMalloc`) of the calling thread's current device, freed on drop.
pub struct DeviceBuffer<T: Copy> {
    ptr: *mut T,
    len: usize,
    /// Pinned host memory (`hipHostMalloc`) rather than device memory.
    host: bool,
    _marker: PhantomData<T>,
}

// SAFETY: the buffer owns its allocation; the pointer is only used through `&self`/`&mut
// self` methods (device memory is not dereferenced on the host, pinned memory follows Rust's
// borrow rules through `PinnedBuffer`).
unsafe impl<T: Copy + Send> Send for DeviceBuffer<T> {}
// SAFETY: as above.
unsafe impl<T: Copy + std::marker::Sync> std::marker::Sync for DeviceBuffer<T> {}

impl<T: Copy> DeviceBuffer<T> {
    fn alloc(len: usize, host: bool) -> HipResult<DeviceBuffer<T>> {
        let bytes = len
            .checked_mul(std::mem::size_of::<T>())
            .ok_or(HipError::OutOfMemory)?;
        let b = backend();
        let ptr = if host {
            b.host_malloc(bytes, 0)?
        } else {
            b.malloc(bytes)?
        };
        Ok(DeviceBuffer {
            ptr: ptr.cast(),
            len,
            host,
            _marker: PhantomData,
        })
    }

    /// `len` elements set to zero bytes.
    pub fn zeroed(len: usize) -> HipResult<DeviceBuffer<T>> {
        let mut b = DeviceBuffer::alloc(len, false)?;
        b.zero()?;
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

    /// The device address (for kernel arguments).
    pub fn as_ptr(&self) -> *const T {
        self.ptr
    }

    pub fn as_mut_ptr(&mut self) -> *mut T {
        self.ptr
    }

    fn bytes(&self) -> usize {
        self.len * std::mem::size_of::<T>()
    }

    /// Sets every byte to zero; returns once done (ordered after the null stream's work).
    pub fn zero(&mut self) -> HipResult<()> {
        if self.len == 0 {
            return Ok(());
        }
        let b = backend();
        // SAFETY: the buffer owns `bytes()` writable bytes.
        unsafe {
            b.memset(
                self.ptr.cast(),
                0,
                self.bytes(),
                1,
                std::ptr::null_mut(),
                Sync::Blocking,
            )?
        };
        // A device fill may return before it ran (CUDA's memset of device memory does): wait
        // for the null stream, so that "zeroed" holds for every stream, non-blocking ones too.
        b.stream_synchronize(std::ptr::null_mut())
    }

    /// Copies `data` (exactly `len` elements) into the buffer.
    pub fn copy_from(&mut self, data: &[T]) -> HipResult<()> {
        if data.len() != self.len {
            return Err(HipError::InvalidValue);
        }
        // SAFETY: both sides hold `len` elements.
        unsafe {
            backend().memcpy(
                self.ptr.cast(),
                data.as_ptr().cast(),
                self.bytes(),
                CopyKind::HostToDevice,
            )
        }
    }

    /// Copies the buffer into `out` (exactly `len` elements).
    pub fn copy_to(&self, out: &mut [T]) -> HipResult<()> {
        if out.len() != self.len {
            return Err(HipError::InvalidValue);
        }
        // SAFETY: both sides hold `len` elements.
        unsafe {
            backend().memcpy(
                out.as_mut_ptr().cast(),
                self.ptr.cast(),
                self.bytes(),
                CopyKind::DeviceToHost,
            )
        }
    }

    /// The contents as a vector.
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
        if self.ptr.is_null() {
            return;
        }
        let b = backend();
        // Freeing waits for the device's work, as hipFree does.
        // SAFETY: the allocation is owned by `self` and freed exactly once, here.
        let _ = unsafe {
            if self.host {
                b.host_free(self.ptr.cast())
            } else {
                b.free(self.ptr.cast())
            }
        };
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
    // The descriptor's address is kept next to its kernel (which does not hold on to it):
    // one per closure type, never freed, and reachable (LeakSanitizer).
    type Kernels = HashMap<TypeId, (Arc<Kernel>, usize)>;
    static KERNELS: Mutex<Option<Kernels>> = Mutex::new(None);
    let mut map = KERNELS.lock();
    let map = map.get_or_insert_with(HashMap::new);
    if let Some((k, _)) = map.get(&TypeId::of::<F>()) {
        return Ok(Arc::clone(k));
    }
    // Kernels live as long as the program.
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
    map.insert(
        TypeId::of::<F>(),
        (Arc::clone(&k), std::ptr::from_ref(kd) as usize),
    );
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
