//! The safe Rust API: devices, streams, events, typed buffers, and Rust closures as kernels.
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

mod module;
pub use module::{Function, Global, KernelArg, LaunchBuilder, Module};

use std::any::TypeId;
use std::collections::HashMap;
use std::marker::PhantomData;
use std::sync::Arc;

use cpu_engine::abi::{KernelDescriptor, WorkItem, ABI_VERSION, KERNEL_DESCRIPTOR_MAGIC};
use parking_lot::Mutex;

use crate::error::{HipError, HipResult};
use crate::event::EventCore;
use crate::kernel::Kernel;
use crate::memory::{self, MemoryKind, Sync};
use crate::runtime::Runtime;
use crate::stream::StreamCore;
use crate::DeviceProperties;

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

/// A HIP device.
#[derive(Debug, Clone)]
pub struct Device {
    ordinal: usize,
}

impl Device {
    /// Number of visible devices.
    pub fn count() -> HipResult<usize> {
        Ok(Runtime::get()?.device_count())
    }

    /// Device `ordinal` (`hipErrorInvalidDevice` if there is none).
    pub fn get(ordinal: usize) -> HipResult<Device> {
        Runtime::get()?.device(ordinal)?;
        Ok(Device { ordinal })
    }

    pub fn ordinal(&self) -> usize {
        self.ordinal
    }

    pub fn properties(&self) -> HipResult<DeviceProperties> {
        Ok(Runtime::get()?.device(self.ordinal)?.properties().clone())
    }

    /// Waits for all work on every stream of the device.
    pub fn synchronize(&self) -> HipResult<()> {
        Runtime::get()?.synchronize_device(self.ordinal)
    }
}

/// A stream: work runs in submission order; independent streams run concurrently.
/// Dropping it waits for its work.
pub struct Stream {
    core: Arc<StreamCore>,
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
        let core = StreamCore::create(Runtime::get()?, device.ordinal, flags, 0)?;
        Ok(Stream { core })
    }

    pub fn synchronize(&self) -> HipResult<()> {
        self.core.synchronize()
    }

    /// Whether all submitted work has completed.
    pub fn is_idle(&self) -> bool {
        self.core.is_idle()
    }

    /// Copies `src` into `dst` (asynchronously: `src` is captured by value).
    pub fn copy_to_device<T: Copy + Send + 'static>(
        &self,
        src: Vec<T>,
        dst: &mut DeviceBuffer<T>,
    ) -> HipResult<()> {
        if src.len() != dst.len {
            return Err(HipError::InvalidValue);
        }
        let bytes = std::mem::size_of_val(src.as_slice());
        // SAFETY: `dst` holds `len` elements; `src` is kept alive below until the copy ran
        // (it is dropped by a host function that runs after the copy, in stream order).
        unsafe {
            memory::copy(
                dst.ptr.cast(),
                src.as_ptr().cast(),
                bytes,
                &self.core,
                Sync::Async,
            )?;
        }
        self.core.host_fn(move || drop(src))
    }

    /// Runs `kernel` on a grid of `grid` blocks of `block` work-items. The closure is called
    /// once per work-item with its [`ThreadCtx`]; it stays alive until the launch completes.
    pub fn launch<F>(&self, grid: Dim3, block: Dim3, kernel: F) -> HipResult<()>
    where
        F: Fn(&ThreadCtx<'_>) + Send + std::marker::Sync + 'static,
    {
        let k = closure_kernel::<F>()?;
        let closure = Arc::new(kernel);
        let ptr = Arc::as_ptr(&closure) as usize;
        k.launch(
            grid.to_array(),
            block.to_array(),
            0,
            &self.core,
            &(ptr as u64).to_ne_bytes(),
        )?;
        // Dropped in stream order, after the kernel.
        self.core.host_fn(move || drop(closure))
    }
}

impl Drop for Stream {
    fn drop(&mut self) {
        let _ = StreamCore::destroy(self.core.handle);
    }
}

/// An event: marks a point in a stream; measures time between two such points.
pub struct Event {
    core: Arc<EventCore>,
}

impl Event {
    pub fn new() -> HipResult<Event> {
        Runtime::get()?;
        Ok(Event {
            core: EventCore::create(0)?,
        })
    }

    pub fn record(&self, stream: &Stream) -> HipResult<()> {
        self.core.record(&stream.core)
    }

    pub fn synchronize(&self) -> HipResult<()> {
        self.core.synchronize()
    }

    /// Whether the latest record has completed.
    pub fn is_complete(&self) -> bool {
        self.core.query().is_ok()
    }

    /// Milliseconds from `self` to `later` (both recorded and complete).
    pub fn elapsed_ms(&self, later: &Event) -> HipResult<f32> {
        EventCore::elapsed_ms(&self.core, &later.core)
    }

    /// Makes later work on `stream` wait for this event's latest record.
    pub fn make_wait(&self, stream: &Stream) -> HipResult<()> {
        match self.core.current_record() {
            Some(r) => stream.core.wait_event(&r),
            None => Ok(()),
        }
    }
}

impl Drop for Event {
    fn drop(&mut self) {
        let _ = EventCore::destroy(self.core.handle);
    }
}

/// Typed device memory (`hipMalloc`), freed on drop.
pub struct DeviceBuffer<T: Copy> {
    ptr: *mut T,
    len: usize,
    kind: MemoryKind,
    _marker: PhantomData<T>,
}

// SAFETY: the buffer owns its allocation; access goes through `&self`/`&mut self`.
unsafe impl<T: Copy + Send> Send for DeviceBuffer<T> {}
// SAFETY: shared references only read.
unsafe impl<T: Copy + std::marker::Sync> std::marker::Sync for DeviceBuffer<T> {}

impl<T: Copy> DeviceBuffer<T> {
    fn alloc(len: usize, kind: MemoryKind) -> HipResult<DeviceBuffer<T>> {
        let rt = Runtime::get()?;
        let bytes = len
            .checked_mul(std::mem::size_of::<T>())
            .ok_or(HipError::OutOfMemory)?;
        let ptr = memory::allocate(rt.current_device()?, bytes, kind, 0)?;
        Ok(DeviceBuffer {
            ptr: ptr.cast(),
            len,
            kind,
            _marker: PhantomData,
        })
    }

    /// `len` zeroed elements (fresh pages are zero).
    pub fn zeroed(len: usize) -> HipResult<DeviceBuffer<T>> {
        DeviceBuffer::alloc(len, MemoryKind::Device)
    }

    /// A buffer holding a copy of `data`.
    pub fn from_slice(data: &[T]) -> HipResult<DeviceBuffer<T>> {
        let mut b = DeviceBuffer::alloc(data.len(), MemoryKind::Device)?;
        b.copy_from(data)?;
        Ok(b)
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn as_ptr(&self) -> *const T {
        self.ptr
    }

    pub fn as_mut_ptr(&mut self) -> *mut T {
        self.ptr
    }

    fn null_stream() -> HipResult<Arc<StreamCore>> {
        crate::stream::resolve(0)
    }

    /// Synchronous copy from host memory (ordered with the null stream).
    pub fn copy_from(&mut self, data: &[T]) -> HipResult<()> {
        if data.len() != self.len {
            return Err(HipError::InvalidValue);
        }
        // SAFETY: both ranges hold `len` elements; the copy is synchronous.
        unsafe {
            memory::copy(
                self.ptr.cast(),
                data.as_ptr().cast(),
                std::mem::size_of_val(data),
                &*Self::null_stream()?,
                Sync::Blocking,
            )
        }
    }

    /// Synchronous copy to host memory.
    pub fn copy_to(&self, out: &mut [T]) -> HipResult<()> {
        if out.len() != self.len {
            return Err(HipError::InvalidValue);
        }
        // SAFETY: both ranges hold `len` elements; the copy is synchronous.
        unsafe {
            memory::copy(
                out.as_mut_ptr().cast(),
                self.ptr.cast(),
                std::mem::size_of_val(out),
                &*Self::null_stream()?,
                Sync::Blocking,
            )
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
        // Work on any stream may still use the memory: wait, as hipFree does.
        if let Ok(rt) = Runtime::get() {
            if let Ok(d) = rt.current_device() {
                let _ = rt.synchronize_device(d);
            }
        }
        let _ = memory::free(self.ptr.cast(), &[self.kind]);
    }
}

/// Pinned host memory (`hipHostMalloc`), usable as a slice and by kernels.
pub struct PinnedBuffer<T: Copy> {
    inner: DeviceBuffer<T>,
}

impl<T: Copy + Default> PinnedBuffer<T> {
    /// `len` elements set to `T::default()`.
    pub fn new(len: usize) -> HipResult<PinnedBuffer<T>> {
        let inner = DeviceBuffer::alloc(len, MemoryKind::Host)?;
        let mut b = PinnedBuffer { inner };
        b.fill(T::default());
        Ok(b)
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
