//! Kernels: CPU kernel descriptors made dispatchable, the registry of the program's kernels
//! and device variables (filled by hipcc-emitted static initialisers), launch validation
//! and kernel-argument packing.

use std::cell::Cell;
use std::collections::HashMap;
use std::sync::atomic::{AtomicI32, AtomicU32, Ordering};
use std::sync::Arc;

use cpu_engine::abi::KernelAttributesRef;
use cpu_engine::{KernelDescriptor, WorkItemFn};
use hsa::core::executable::{self as hsa_exe, KernelObject};
use parking_lot::RwLock;

use crate::error::{HipError, HipResult};
use crate::runtime::Runtime;
use crate::stream::{StreamCore, KERNARG_SLOT_SIZE};

/// `HIP_LAUNCH_PARAM_BUFFER_POINTER`: the key of the argument buffer in an `extra` array.
pub const LAUNCH_PARAM_BUFFER_POINTER: usize = 1;
/// `HIP_LAUNCH_PARAM_BUFFER_SIZE`: the key of a pointer to the buffer's size.
pub const LAUNCH_PARAM_BUFFER_SIZE: usize = 2;
/// `HIP_LAUNCH_PARAM_END`: the end of an `extra` array.
pub const LAUNCH_PARAM_END: usize = 3;

/// A dispatchable kernel.
pub struct Kernel {
    pub name: String,
    /// The HSA kernel object that dispatch packets name.
    pub(crate) object: u64,
    pub kernarg_size: u32,
    pub kernarg_alignment: u32,
    /// Static group memory per work-group.
    pub group_segment_size: u32,
    /// Static private memory per work-item.
    pub private_segment_size: u32,
    /// `(offset, size)` of each explicit argument, when the descriptor describes them.
    pub params: Option<Vec<(u32, u32)>>,
    /// Bytes of explicit arguments (`extra` buffer size).
    pub explicit_size: u32,
    /// Source-level attributes (`__launch_bounds__`, static `__shared__` size) filled in by
    /// hipcc's static initialisers, when the descriptor has them.
    pub attributes: Option<KernelAttributesRef>,
    /// `hipFuncAttributeMaxDynamicSharedMemorySize` as set by the program (`u32::MAX`: not
    /// set, the device's limit minus the static size applies).
    max_dynamic_shared: AtomicU32,
    /// `hipFuncAttributePreferredSharedMemoryCarveout` (-1: no preference).
    shared_carveout: AtomicI32,
    /// Whether this wrapper registered the kernel object (module kernels are registered by
    /// their HSA executable instead).
    owns_registration: bool,
    _object: Arc<KernelObject>,
}

impl Drop for Kernel {
    fn drop(&mut self) {
        if self.owns_registration {
            hsa_exe::unregister_kernel(self.object);
        }
    }
}

impl Kernel {
    /// Makes a descriptor dispatchable.
    ///
    /// # Safety
    /// `kd` must point to a valid descriptor whose functions (and parameter tables) stay
    /// valid while the kernel exists, and that are sound to call as CPU kernels.
    pub unsafe fn from_descriptor(kd: *const KernelDescriptor, name: String) -> HipResult<Kernel> {
        if kd.is_null() {
            return Err(HipError::InvalidDeviceFunction);
        }
        // SAFETY: the caller guarantees `kd` is valid.
        let d = unsafe { &*kd };
        if d.magic != cpu_engine::abi::KERNEL_DESCRIPTOR_MAGIC
            || d.abi_version != cpu_engine::abi::ABI_VERSION
        {
            return Err(HipError::InvalidDeviceFunction);
        }
        let workitem_fn: WorkItemFn = d.workitem_fn.ok_or(HipError::InvalidDeviceFunction)?;
        // SAFETY: the caller guarantees the parameter table is valid when non-null.
        let (params, explicit_size) = unsafe { read_params(d) };
        let engine_kernel = cpu_engine::Kernel {
            workitem_fn,
            workgroup_fn: d.workgroup_fn,
            static_group_segment_size: d.group_segment_size,
            static_private_segment_size: d.private_segment_size,
        };
        let object = Arc::new(KernelObject::from_functions(
            name.clone(),
            engine_kernel,
            d.kernarg_segment_size,
            d.kernarg_segment_alignment,
        ));
        let handle = hsa_exe::register_kernel(Arc::clone(&object));
        // SAFETY: the caller guarantees the descriptor (and what it points to) stays valid.
        let attributes = unsafe { KernelAttributesRef::from_descriptor(kd) };
        Ok(Kernel {
            attributes,
            max_dynamic_shared: AtomicU32::new(u32::MAX),
            shared_carveout: AtomicI32::new(-1),
            name,
            object: handle,
            kernarg_size: d.kernarg_segment_size,
            kernarg_alignment: d.kernarg_segment_alignment,
            group_segment_size: d.group_segment_size,
            private_segment_size: d.private_segment_size,
            params,
            explicit_size,
            owns_registration: true,
            _object: object,
        })
    }

    /// A kernel of a frozen HSA executable (a loaded module).
    pub(crate) fn from_kernel_object(object: Arc<KernelObject>) -> Kernel {
        let params = object.arguments.as_ref().map(|a| {
            a.offsets()
                .iter()
                .zip(a.sizes())
                .map(|(&o, &s)| (o, s))
                .collect()
        });
        let explicit_size = object
            .arguments
            .as_ref()
            .map_or(object.kernarg_segment_size, |a| a.explicit_size());
        Kernel {
            attributes: object.attributes,
            max_dynamic_shared: AtomicU32::new(u32::MAX),
            shared_carveout: AtomicI32::new(-1),
            name: object.name.clone(),
            object: object.handle(),
            kernarg_size: object.kernarg_segment_size,
            kernarg_alignment: object.kernarg_segment_alignment,
            group_segment_size: object.engine_kernel.static_group_segment_size,
            private_segment_size: object.engine_kernel.static_private_segment_size,
            params,
            explicit_size,
            owns_registration: false,
            _object: object,
        }
    }

    /// Packs `args[i]` (pointers to each argument, HIP's `kernelParams`) into a kernarg block.
    ///
    /// # Safety
    /// `args` must hold one valid pointer per explicit parameter, each readable for the
    /// parameter's size.
    pub unsafe fn pack_params(&self, args: *const *const u8) -> HipResult<Vec<u8>> {
        let params = self
            .params
            .as_ref()
            .ok_or(HipError::InvalidDeviceFunction)?;
        let mut block = vec![0u8; self.kernarg_size as usize];
        if params.is_empty() {
            return Ok(block);
        }
        if args.is_null() {
            return Err(HipError::InvalidValue);
        }
        for (i, &(offset, size)) in params.iter().enumerate() {
            // SAFETY: the caller guarantees one pointer per parameter.
            let src = unsafe { *args.add(i) };
            if src.is_null() {
                return Err(HipError::InvalidValue);
            }
            let (offset, size) = (offset as usize, size as usize);
            // SAFETY: the caller guarantees `size` readable bytes; the table was checked to
            // fit the kernarg segment when it was read.
            unsafe {
                std::ptr::copy_nonoverlapping(src, block.as_mut_ptr().add(offset), size);
            }
        }
        Ok(block)
    }

    /// Packs the `extra` form of `hipModuleLaunchKernel`'s arguments:
    /// `{HIP_LAUNCH_PARAM_BUFFER_POINTER, buf, HIP_LAUNCH_PARAM_BUFFER_SIZE, &size,
    /// HIP_LAUNCH_PARAM_END}` (in either order). The buffer must hold at least the explicit
    /// arguments and at most the kernarg segment; anything else is `hipErrorInvalidValue`.
    ///
    /// # Safety
    /// `extra` must be a well-formed, END-terminated array whose buffer is readable.
    pub unsafe fn pack_extra(&self, extra: *mut *mut std::ffi::c_void) -> HipResult<Vec<u8>> {
        let (mut buf, mut size): (*const u8, Option<usize>) = (std::ptr::null(), None);
        let mut i = 0;
        loop {
            // SAFETY: the caller promises an END-terminated array of pairs.
            let key = unsafe { *extra.add(i) } as usize;
            match key {
                LAUNCH_PARAM_END => break,
                // SAFETY: as above (value follows its key).
                LAUNCH_PARAM_BUFFER_POINTER => buf = unsafe { *extra.add(i + 1) } as *const u8,
                LAUNCH_PARAM_BUFFER_SIZE => {
                    // SAFETY: as above; the value points to a size_t.
                    let p = unsafe { *extra.add(i + 1) } as *const usize;
                    if p.is_null() {
                        return Err(HipError::InvalidValue);
                    }
                    // SAFETY: checked non-null; readable per the caller.
                    size = Some(unsafe { p.read_unaligned() });
                }
                _ => return Err(HipError::InvalidValue),
            }
            i += 2;
            if i > 64 {
                return Err(HipError::InvalidValue);
            }
        }
        let size = size.ok_or(HipError::InvalidValue)?;
        let mut block = vec![0u8; self.kernarg_size as usize];
        // The buffer must reach the end of the last argument; the tail padding of the
        // arguments' struct may be left out (programs compute the size by hand).
        let arguments_end = self
            .params
            .as_ref()
            .and_then(|p| p.iter().map(|&(offset, size)| offset + size).max())
            .map_or(self.explicit_size, |end| end.min(self.explicit_size));
        if size < arguments_end as usize || size > block.len() {
            return Err(HipError::InvalidValue);
        }
        if size > 0 {
            if buf.is_null() {
                return Err(HipError::InvalidValue);
            }
            // SAFETY: the caller's buffer holds `size` bytes; `block` is at least that long.
            unsafe { std::ptr::copy_nonoverlapping(buf, block.as_mut_ptr(), size) };
        }
        Ok(block)
    }

    /// The kernarg block of a module launch: arguments as `params` (one pointer per
    /// parameter) or as `extra` ([`Kernel::pack_extra`]), not both; neither is accepted
    /// only for a kernel without explicit arguments.
    ///
    /// # Safety
    /// As for [`Kernel::pack_params`] (`params`) and [`Kernel::pack_extra`] (`extra`).
    pub unsafe fn pack_module_args(
        &self,
        params: *mut *mut std::ffi::c_void,
        extra: *mut *mut std::ffi::c_void,
    ) -> HipResult<Vec<u8>> {
        match (params.is_null(), extra.is_null()) {
            (false, false) => Err(HipError::InvalidValue),
            // SAFETY: forwarded from the caller.
            (true, false) => unsafe { self.pack_extra(extra) },
            // SAFETY: forwarded from the caller.
            (false, true) => unsafe { self.pack_params(params as *const *const u8) },
            (true, true) => {
                if self.explicit_size > 0 {
                    return Err(HipError::InvalidValue);
                }
                Ok(vec![0u8; self.kernarg_size as usize])
            }
        }
    }

    /// The largest block this kernel accepts: its `__launch_bounds__`, else `device_max`.
    pub fn max_threads_per_block(&self, device_max: u32) -> u32 {
        match self.attributes.map(|a| a.get().max_threads_per_block) {
            Some(n) if n > 0 => n.min(device_max),
            _ => device_max,
        }
    }

    /// Static shared memory per block: the descriptor's group segment plus the `__shared__`
    /// variables of the kernel's body (thread-local storage on the CPU, but they count
    /// against the per-block limit as on a GPU).
    pub fn static_shared_size(&self) -> u64 {
        u64::from(self.group_segment_size)
            + u64::from(self.attributes.map_or(0, |a| a.get().static_shared_size))
    }

    /// Largest dynamic shared memory a launch may ask for: what the program set with
    /// `hipFuncSetAttribute`, else the per-block limit minus the static size.
    pub fn max_dynamic_shared(&self, shared_mem_per_block: u64) -> u64 {
        let default = shared_mem_per_block.saturating_sub(self.static_shared_size());
        match self.max_dynamic_shared.load(Ordering::Relaxed) {
            u32::MAX => default,
            set => u64::from(set).min(default),
        }
    }

    /// `hipFuncSetAttribute(hipFuncAttributeMaxDynamicSharedMemorySize)`: at most the
    /// per-block limit minus the static size (`hipErrorInvalidValue` otherwise).
    pub fn set_max_dynamic_shared(&self, bytes: i32, shared_mem_per_block: u64) -> HipResult<()> {
        let limit = shared_mem_per_block.saturating_sub(self.static_shared_size());
        let bytes = u32::try_from(bytes).map_err(|_| HipError::InvalidValue)?;
        if u64::from(bytes) > limit {
            return Err(HipError::InvalidValue);
        }
        self.max_dynamic_shared.store(bytes, Ordering::Relaxed);
        Ok(())
    }

    /// `hipFuncAttributePreferredSharedMemoryCarveout`: -1 (none) or a percentage.
    pub fn shared_carveout(&self) -> i32 {
        self.shared_carveout.load(Ordering::Relaxed)
    }

    /// Sets the carveout preference (`hipErrorInvalidValue` outside -1..=100). A hint only:
    /// the CPU has no shared-memory/cache split.
    pub fn set_shared_carveout(&self, percent: i32) -> HipResult<()> {
        if !(-1..=100).contains(&percent) {
            return Err(HipError::InvalidValue);
        }
        self.shared_carveout.store(percent, Ordering::Relaxed);
        Ok(())
    }

    /// Checks a launch of this kernel on device `device` once (HIP's configuration rules,
    /// `__launch_bounds__`, shared memory, the argument block's size) and returns it ready
    /// to submit to a stream ([`StreamCore::submit_launch`]) or to record as a graph node
    /// ([`PreparedLaunch::node`]), neither of which checks it again.
    pub fn prepare<'a>(
        &self,
        device: usize,
        grid: [u32; 3],
        block: [u32; 3],
        dynamic_shared: usize,
        kernarg: &'a [u8],
    ) -> HipResult<PreparedLaunch<'a>> {
        let props = Runtime::get()?.device(device)?.properties();
        validate_config(props, grid, block)?;
        let threads: u64 = block.iter().map(|&b| u64::from(b)).product();
        let bound = self.max_threads_per_block(props.max_threads_per_block as u32);
        if threads > u64::from(bound) {
            // More threads than `__launch_bounds__` allows: ROCm's launch check reports
            // "larger than launch bounds" as hipErrorLaunchFailure (above the device's limit
            // it is hipErrorInvalidConfiguration, from validate_config).
            return Err(HipError::LaunchFailure);
        }
        let dynamic = dynamic_shared as u64;
        if self.static_shared_size().saturating_add(dynamic) > props.shared_mem_per_block {
            return Err(HipError::InvalidValue);
        }
        let group = u64::from(self.group_segment_size) + dynamic;
        if kernarg.len() < self.kernarg_size as usize || kernarg.len() > KERNARG_SLOT_SIZE {
            return Err(HipError::InvalidValue);
        }
        Ok(PreparedLaunch {
            kernel_object: self.object,
            grid,
            block,
            // At most the device's per-block limit (checked above), which fits.
            group_segment_size: u32::try_from(group).map_err(|_| HipError::InvalidValue)?,
            kernarg,
        })
    }

    /// Checks a launch ([`Kernel::prepare`]) and submits it to `stream` (recorded as a node
    /// instead while the stream captures).
    pub fn enqueue(
        &self,
        grid: [u32; 3],
        block: [u32; 3],
        dynamic_shared: usize,
        stream: &StreamCore,
        kernarg: &[u8],
    ) -> HipResult<()> {
        let launch = self.prepare(stream.device, grid, block, dynamic_shared, kernarg)?;
        stream.submit_launch(&launch)
    }

    /// Checks a cooperative launch: [`Kernel::prepare`], then the co-residency limit
    /// (`hipErrorCooperativeLaunchTooLarge` above the occupancy API's active blocks per
    /// multiprocessor times the device's multiprocessors).
    pub fn prepare_cooperative<'a>(
        &self,
        device: usize,
        grid: [u32; 3],
        block: [u32; 3],
        dynamic_shared: usize,
        kernarg: &'a [u8],
    ) -> HipResult<PreparedLaunch<'a>> {
        let launch = self.prepare(device, grid, block, dynamic_shared, kernarg)?;
        let max = self.max_cooperative_blocks(device, block, dynamic_shared)?;
        let blocks: u64 = grid.iter().map(|&g| u64::from(g)).product();
        if blocks > max {
            return Err(HipError::CooperativeLaunchTooLarge);
        }
        Ok(launch)
    }

    /// Checks a cooperative launch ([`Kernel::prepare_cooperative`]) and submits it to
    /// `stream` as a cooperative dispatch of the CPU engine (alone, or one grid of a
    /// multi-device launch as `coop` says).
    pub fn enqueue_cooperative(
        &self,
        grid: [u32; 3],
        block: [u32; 3],
        dynamic_shared: usize,
        stream: &StreamCore,
        kernarg: &[u8],
        coop: cpu_engine::Cooperative,
    ) -> HipResult<()> {
        let launch =
            self.prepare_cooperative(stream.device, grid, block, dynamic_shared, kernarg)?;
        submit_cooperative(stream, &launch, coop)
    }

    /// Blocks of a cooperative launch at most on `device`: one resident work-group per
    /// multiprocessor (a core of the device's share), where the block fits at all.
    pub fn max_cooperative_blocks(
        &self,
        device: usize,
        block: [u32; 3],
        dynamic_shared: usize,
    ) -> HipResult<u64> {
        let props = Runtime::get()?.device(device)?.properties();
        let threads: u64 = block.iter().map(|&b| u64::from(b)).product();
        let fits = threads
            <= u64::from(self.max_threads_per_block(props.max_threads_per_block as u32))
            && self.static_shared_size() + dynamic_shared as u64 <= props.shared_mem_per_block;
        Ok(if fits {
            props.multi_processor_count.max(0) as u64
        } else {
            0
        })
    }

    /// Checks a launch and enqueues it through the stream's general kernel path, where the
    /// graph API's node builder (`graph::KernelNode::new`) intercepts it on its thread.
    /// Launches use [`Kernel::enqueue`]; a node can be built from [`Kernel::prepare`].
    pub fn launch(
        &self,
        grid: [u32; 3],
        block: [u32; 3],
        dynamic_shared: usize,
        stream: &StreamCore,
        kernarg: &[u8],
    ) -> HipResult<()> {
        let p = self.prepare(stream.device, grid, block, dynamic_shared, kernarg)?;
        stream.launch(
            p.kernel_object,
            p.grid,
            p.block,
            p.group_segment_size,
            p.kernarg,
        )
    }
}

/// Submits a checked cooperative launch to `stream`: its packet names `coop`, registered
/// with the engine until the CPU agent takes it. If it cannot be submitted, the other grids
/// of its multi-device launch are told not to wait for it.
pub fn submit_cooperative(
    stream: &StreamCore,
    launch: &PreparedLaunch<'_>,
    coop: cpu_engine::Cooperative,
) -> HipResult<()> {
    let handle = cpu_engine::coop::register(coop);
    let result = stream.submit_cooperative(launch, handle);
    if result.is_err() {
        if let Some(c) = cpu_engine::coop::take(handle) {
            c.abandon();
        }
    }
    result
}

/// A kernel launch checked once ([`Kernel::prepare`]): the dispatch it becomes, with its
/// argument block.
#[derive(Debug, Clone, Copy)]
pub struct PreparedLaunch<'a> {
    /// The HSA kernel object dispatched.
    pub(crate) kernel_object: u64,
    /// Work-groups per dimension.
    pub(crate) grid: [u32; 3],
    /// Work-items per work-group and dimension (`grid * block` fits `u32`: checked).
    pub(crate) block: [u32; 3],
    /// Static plus dynamic group memory per work-group.
    pub(crate) group_segment_size: u32,
    /// The packed arguments (at most a kernarg slot).
    pub(crate) kernarg: &'a [u8],
}

impl PreparedLaunch<'_> {
    /// The launch as a graph kernel node (arguments copied).
    pub fn node(&self) -> crate::graph::KernelNode {
        crate::graph::KernelNode::captured(
            self.kernel_object,
            self.grid,
            self.block,
            self.group_segment_size,
            self.kernarg,
        )
    }
}

/// HIP's launch-configuration rules on this device: `hipErrorInvalidConfiguration` for a
/// zero or oversized block or grid.
pub fn validate_config(
    props: &crate::device::DeviceProperties,
    grid: [u32; 3],
    block: [u32; 3],
) -> HipResult<()> {
    let threads: u64 = block.iter().map(|&b| u64::from(b)).product();
    if threads == 0 || threads > props.max_threads_per_block as u64 {
        return Err(HipError::InvalidConfiguration);
    }
    for d in 0..3 {
        if block[d] > props.max_threads_dim[d] as u32
            || grid[d] == 0
            || grid[d] > props.max_grid_size[d] as u32
            || u64::from(grid[d]) * u64::from(block[d]) > u64::from(u32::MAX)
        {
            return Err(HipError::InvalidConfiguration);
        }
    }
    Ok(())
}

/// Reads a descriptor's parameter table, dropping it if it does not fit the segment.
///
/// # Safety
/// `d.params`, when non-null, must point to a valid table.
unsafe fn read_params(d: &KernelDescriptor) -> (Option<Vec<(u32, u32)>>, u32) {
    if d.params.is_null() {
        return (None, d.kernarg_segment_size);
    }
    // SAFETY: the caller guarantees the table.
    let p = unsafe { &*d.params };
    let count = p.count as usize;
    if count > 0 && (p.offsets.is_null() || p.sizes.is_null()) {
        return (None, d.kernarg_segment_size);
    }
    let mut out = Vec::with_capacity(count);
    for i in 0..count {
        // SAFETY: `count` entries each, per the table's contract.
        let (offset, size) = unsafe { (*p.offsets.add(i), *p.sizes.add(i)) };
        if u64::from(offset) + u64::from(size) > u64::from(d.kernarg_segment_size) {
            return (None, d.kernarg_segment_size);
        }
        out.push((offset, size));
    }
    (Some(out), p.explicit_size.min(d.kernarg_segment_size))
}

// ---------------------------------------------------------------------------------------
// Kernels and variables compiled into the program.

/// Descriptors of the program seen so far (by address), made dispatchable once. An entry
/// is never replaced or removed (a program's kernels live as long as the process): the
/// per-thread caches [`RECENT_DESCRIPTORS`] and [`RECENT_FUNCTIONS`] rely on it.
static BY_DESCRIPTOR: RwLock<Option<HashMap<usize, Arc<Kernel>>>> = RwLock::new(None);

/// Entries of a per-thread kernel cache.
const RECENT_SLOTS: usize = 8;

/// A per-thread cache of program kernels, direct-mapped by address: `(address, kernel
/// address)` (0: empty), so that a launch finds its kernel with no lock, hash or reference
/// count. The kernels are owned by [`BY_DESCRIPTOR`] forever.
type RecentKernels = [Cell<(usize, usize)>; RECENT_SLOTS];

thread_local! {
    /// Recently launched descriptors (`__ferrocmLaunchKernel`).
    static RECENT_DESCRIPTORS: RecentKernels =
        const { [const { Cell::new((0, 0)) }; RECENT_SLOTS] };
    /// Recently launched host functions (`hipLaunchKernel`).
    static RECENT_FUNCTIONS: RecentKernels =
        const { [const { Cell::new((0, 0)) }; RECENT_SLOTS] };
}

/// The kernel at `key` in the calling thread's `cache`, else `find()`'s (then cached).
/// `find` must return a kernel of [`BY_DESCRIPTOR`].
#[inline]
fn cached_kernel(
    cache: &'static std::thread::LocalKey<RecentKernels>,
    key: usize,
    find: impl FnOnce() -> HipResult<Arc<Kernel>>,
) -> HipResult<&'static Kernel> {
    // Descriptors (64-byte statics) and functions (code) are at least 16 bytes apart.
    let slot = ((key >> 4) ^ (key >> 10)) % RECENT_SLOTS;
    let cached = cache.with(|r| r[slot].get());
    let ptr = if cached.0 == key && key != 0 {
        cached.1 as *const Kernel
    } else {
        let kernel = find()?;
        let ptr = Arc::as_ptr(&kernel);
        cache.with(|r| r[slot].set((key, ptr as usize)));
        ptr
    };
    // SAFETY: `ptr` is a kernel of `BY_DESCRIPTOR` (the contract of `find`, and of what was
    // cached), which holds it for the rest of the process (entries are never replaced or
    // removed).
    Ok(unsafe { &*ptr })
}
/// Registered kernels by host function address (`hipLaunchKernel`, `hipFuncGetAttributes`),
/// each one of [`BY_DESCRIPTOR`]'s; never replaced or removed either.
static BY_FUNCTION: RwLock<Option<HashMap<usize, Arc<Kernel>>>> = RwLock::new(None);

/// A device variable of the program (`__device__`, `__constant__`, `__managed__`).
#[derive(Debug, Clone)]
pub struct Variable {
    pub address: usize,
    pub size: usize,
    pub name: String,
}
static VARIABLES: RwLock<Option<HashMap<usize, Variable>>> = RwLock::new(None);

/// The kernel for a descriptor compiled into the program, created on first use.
///
/// # Safety
/// As for [`Kernel::from_descriptor`]; descriptors of the program are static.
pub unsafe fn program_kernel(kd: *const KernelDescriptor, name: &str) -> HipResult<Arc<Kernel>> {
    // SAFETY: forwarded from the caller.
    unsafe { program_kernel_named(kd, || name.to_string()) }
}

/// [`program_kernel`] with the name made only if the descriptor is new.
///
/// # Safety
/// As for [`program_kernel`].
unsafe fn program_kernel_named(
    kd: *const KernelDescriptor,
    name: impl FnOnce() -> String,
) -> HipResult<Arc<Kernel>> {
    if let Some(k) = BY_DESCRIPTOR
        .read()
        .as_ref()
        .and_then(|m| m.get(&(kd as usize)))
    {
        return Ok(Arc::clone(k));
    }
    // SAFETY: forwarded from the caller.
    let kernel = Arc::new(unsafe { Kernel::from_descriptor(kd, name())? });
    let mut map = BY_DESCRIPTOR.write();
    let entry = map
        .get_or_insert_with(HashMap::new)
        .entry(kd as usize)
        .or_insert(kernel);
    Ok(Arc::clone(entry))
}

/// The kernel for a descriptor compiled into the program, as the launch path wants it:
/// after the calling thread's first launch of `kd`, one thread-local load, with no lock,
/// hash, reference count or allocation. `name` is asked for only when the descriptor is
/// new to the process.
///
/// # Safety
/// As for [`program_kernel`].
#[inline]
pub unsafe fn program_kernel_ref(
    kd: *const KernelDescriptor,
    name: impl FnOnce() -> String,
) -> HipResult<&'static Kernel> {
    // SAFETY: forwarded from the caller; the kernel is `BY_DESCRIPTOR`'s.
    cached_kernel(&RECENT_DESCRIPTORS, kd as usize, || unsafe {
        program_kernel_named(kd, name)
    })
}

/// The name hipcc's CPU headers give a kernel or variable (`__ferrocmRegisterFunction`,
/// `__ferrocmRegisterVar`, `__ferrocmLaunchKernel`): `<kernel>` when they pass none.
///
/// # Safety
/// `name` must be NULL or NUL-terminated.
pub unsafe fn registered_name(name: *const std::ffi::c_char) -> String {
    if name.is_null() {
        return "<kernel>".to_string();
    }
    // SAFETY: the caller passes a NUL-terminated string.
    unsafe { std::ffi::CStr::from_ptr(name) }
        .to_string_lossy()
        .into_owned()
}

/// `__ferrocmRegisterFunction`.
///
/// # Safety
/// As for [`program_kernel`].
pub unsafe fn register_function(
    host_fn: usize,
    kd: *const KernelDescriptor,
    name: &str,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    let kernel = unsafe { program_kernel(kd, name)? };
    BY_FUNCTION
        .write()
        .get_or_insert_with(HashMap::new)
        .entry(host_fn)
        .or_insert(kernel);
    Ok(())
}

/// The registered kernel for a host function address, as the launch path wants it: after
/// the calling thread's first launch of it, one thread-local load.
#[inline]
pub fn function_ref(host_fn: usize) -> HipResult<&'static Kernel> {
    // Registered kernels are `BY_DESCRIPTOR`'s (see `register_function`).
    cached_kernel(&RECENT_FUNCTIONS, host_fn, || function(host_fn))
}

/// The registered kernel for a host function address.
/// `name` as a NUL-terminated C string that stays valid for the rest of the process (the
/// names `hipKernelNameRef*` hand out; one copy per distinct name, as many as kernels were
/// ever loaded).
pub fn c_name(name: &str) -> HipResult<*const std::ffi::c_char> {
    static NAMES: parking_lot::Mutex<Option<std::collections::HashMap<String, std::ffi::CString>>> =
        parking_lot::Mutex::new(None);
    let mut names = NAMES.lock();
    let map = names.get_or_insert_with(Default::default);
    if let Some(c) = map.get(name) {
        return Ok(c.as_ptr());
    }
    let c = std::ffi::CString::new(name).map_err(|_| HipError::InvalidDeviceFunction)?;
    let p = c.as_ptr();
    map.insert(name.to_owned(), c);
    Ok(p)
}

pub fn function(host_fn: usize) -> HipResult<Arc<Kernel>> {
    BY_FUNCTION
        .read()
        .as_ref()
        .and_then(|m| m.get(&host_fn).cloned())
        .ok_or(HipError::InvalidDeviceFunction)
}

/// `__ferrocmRegisterVar`.
pub fn register_variable(address: usize, size: usize, name: &str) {
    VARIABLES
        .write()
        .get_or_insert_with(HashMap::new)
        .entry(address)
        .or_insert_with(|| Variable {
            address,
            size,
            name: name.to_string(),
        });
}

/// The registered variable at `address` (`hipErrorInvalidSymbol` if none).
pub fn variable(address: usize) -> HipResult<Variable> {
    VARIABLES
        .read()
        .as_ref()
        .and_then(|m| m.get(&address).cloned())
        .ok_or(HipError::InvalidSymbol)
}
