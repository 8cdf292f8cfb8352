//! Memory regions and AMD memory pools (one object set: `hsa_region_t.handle ==
//! hsa_amd_memory_pool_t.handle`, as in ROCR), the allocation table behind
//! `hsa_memory_free`, `hsa_amd_pointer_info` and coarse-grained ownership, and copies.
//!
//! The CPU agent's global memory is host memory: allocations are anonymous mappings,
//! page-granular and page-aligned, zero-filled by the kernel. NVIDIA agents' pools hand
//! out device memory (`cuMemAlloc`) and pinned host memory (`cuMemHostAlloc`); see
//! [`Backing`] and `docs/HSA-NVIDIA.md`.

use std::collections::BTreeMap;
use std::sync::Arc;

use parking_lot::RwLock;

use super::info::InfoValue;
use super::nvidia::{self, NvDevice};
use crate::status::{HsaError, HsaResult};

/// `hsa_region_segment_t` / `hsa_amd_segment_t`
pub const SEGMENT_GLOBAL: u32 = 0;
pub const SEGMENT_READONLY: u32 = 1;
pub const SEGMENT_PRIVATE: u32 = 2;
pub const SEGMENT_GROUP: u32 = 3;
pub const SEGMENT_KERNARG: u32 = 4;

/// `hsa_region_global_flag_t` / `hsa_amd_memory_pool_global_flag_t`
pub const GLOBAL_FLAG_KERNARG: u32 = 1;
pub const GLOBAL_FLAG_FINE_GRAINED: u32 = 2;
pub const GLOBAL_FLAG_COARSE_GRAINED: u32 = 4;

/// The kinds of region the CPU agent exposes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RegionKind {
    /// System memory, coherent with every agent: the primary region.
    GlobalFineGrained,
    /// Fine-grained memory usable for kernel arguments.
    Kernarg,
    /// Memory owned by one agent at a time (`hsa_memory_assign_agent`).
    GlobalCoarseGrained,
    /// Work-group memory (not allocatable by the runtime).
    Group,
    /// Work-item memory (not allocatable by the runtime).
    Private,
}

impl RegionKind {
    /// Regions of the CPU agent, in the order `hsa_agent_iterate_regions` reports them.
    pub const CPU_REGIONS: &'static [RegionKind] = &[
        RegionKind::GlobalFineGrained,
        RegionKind::Kernarg,
        RegionKind::GlobalCoarseGrained,
        RegionKind::Group,
        RegionKind::Private,
    ];

    /// Regions of an NVIDIA agent, in iteration order: device memory first (the agent's
    /// own coarse-grained pool), then pinned host memory (fine-grained, kernarg), then
    /// the on-chip segments.
    pub const NVIDIA_REGIONS: &'static [RegionKind] = &[
        RegionKind::GlobalCoarseGrained,
        RegionKind::GlobalFineGrained,
        RegionKind::Kernarg,
        RegionKind::Group,
        RegionKind::Private,
    ];
}

/// Bytes per page, the allocation granule and alignment of global regions.
pub fn page_size() -> usize {
    // SAFETY: sysconf has no memory-safety preconditions.
    let v = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    if v > 0 {
        v as usize
    } else {
        4096
    }
}

/// Largest private segment per work-group the CPU agent accepts (`ALLOC_MAX_PRIVATE_WORKGROUP_SIZE`).
pub const MAX_PRIVATE_WORKGROUP_SIZE: u32 = 64 * 1024 * 1024;

/// Alignment of group and private segments laid out by the CPU kernel engine.
const SEGMENT_ALIGNMENT: usize = 64;

/// Where a region's memory comes from.
#[derive(Debug, Clone)]
pub enum Backing {
    /// Host memory from anonymous mappings (every pool of the CPU agent).
    Host,
    /// Device memory of an NVIDIA GPU (`cuMemAlloc` in its primary context); the host
    /// cannot dereference it.
    NvidiaDevice(Arc<NvDevice>),
    /// Pinned host memory mapped for every NVIDIA GPU at the same address
    /// (`cuMemHostAlloc(PORTABLE | DEVICEMAP)`).
    NvidiaHost(Arc<NvDevice>),
    /// On-chip memory of an NVIDIA GPU: its group (shared) and private (local) segments,
    /// which the runtime does not allocate.
    NvidiaOnChip(Arc<NvDevice>),
}

impl Backing {
    /// Whether the memory is physically on a GPU (`HSA_AMD_MEMORY_POOL_LOCATION_GPU`).
    pub fn on_gpu(&self) -> bool {
        matches!(self, Backing::NvidiaDevice(_) | Backing::NvidiaOnChip(_))
    }

    /// The NVIDIA device the memory belongs to, if any.
    pub fn nvidia_device(&self) -> Option<&Arc<NvDevice>> {
        match self {
            Backing::Host => None,
            Backing::NvidiaDevice(d) | Backing::NvidiaHost(d) | Backing::NvidiaOnChip(d) => Some(d),
        }
    }
}

/// A region / memory pool.
#[derive(Debug)]
pub struct RegionObject {
    pub kind: RegionKind,
    /// Bytes: host memory for global regions, the per-group/per-item limit otherwise.
    pub size: usize,
    pub alloc_max_size: usize,
    pub granule: usize,
    pub alignment: usize,
    /// Where allocations from this region come from.
    pub backing: Backing,
    /// `HSA_AMD_MEMORY_POOL_INFO_ACCESSIBLE_BY_ALL`: every agent may access it by default.
    pub accessible_by_all: bool,
}

impl RegionObject {
    pub fn new(kind: RegionKind, limits: &cpu_engine::Limits) -> RegionObject {
        let page = page_size();
        let host = super::agent::total_memory() as usize;
        match kind {
            RegionKind::GlobalFineGrained
            | RegionKind::Kernarg
            | RegionKind::GlobalCoarseGrained => RegionObject {
                kind,
                size: host,
                alloc_max_size: host,
                granule: page,
                alignment: page,
                backing: Backing::Host,
                accessible_by_all: true,
            },
            // Not runtime-allocatable; granule/alignment describe how the engine lays
            // segments out (64-byte aligned).
            RegionKind::Group => RegionObject {
                kind,
                size: limits.max_group_segment_size as usize,
                alloc_max_size: limits.max_group_segment_size as usize,
                granule: SEGMENT_ALIGNMENT,
                alignment: SEGMENT_ALIGNMENT,
                backing: Backing::Host,
                accessible_by_all: true,
            },
            RegionKind::Private => RegionObject {
                kind,
                size: limits.max_private_segment_size as usize,
                alloc_max_size: limits.max_private_segment_size as usize,
                granule: SEGMENT_ALIGNMENT,
                alignment: SEGMENT_ALIGNMENT,
                backing: Backing::Host,
                accessible_by_all: true,
            },
        }
    }

    /// A region of an NVIDIA agent (regions in the order `hsa_agent_iterate_regions`
    /// reports them: [`RegionKind::NVIDIA_REGIONS`]).
    pub fn nvidia(kind: RegionKind, device: &Arc<NvDevice>) -> RegionObject {
        let page = page_size();
        let host = super::agent::total_memory() as usize;
        let props = &device.props;
        let (size, alloc_max_size, granule, alignment, backing, accessible_by_all) = match kind {
            // cuMemAlloc: sizes rounded to pages here; the driver guarantees 256-byte
            // alignment.
            RegionKind::GlobalCoarseGrained => {
                let total = usize::try_from(props.total_memory).unwrap_or(usize::MAX);
                (
                    total,
                    total,
                    page,
                    256,
                    Backing::NvidiaDevice(device.clone()),
                    false,
                )
            }
            // cuMemHostAlloc: page-aligned pinned host memory, limited by host RAM.
            RegionKind::GlobalFineGrained | RegionKind::Kernarg => (
                host,
                host,
                page,
                page,
                Backing::NvidiaHost(device.clone()),
                true,
            ),
            RegionKind::Group => {
                let shared = props.max_shared_per_block_optin as usize;
                (
                    shared,
                    shared,
                    16,
                    16,
                    Backing::NvidiaOnChip(device.clone()),
                    false,
                )
            }
            RegionKind::Private => {
                let local = nvidia::processor::MAX_LOCAL_BYTES_PER_THREAD as usize;
                (
                    local,
                    local,
                    16,
                    16,
                    Backing::NvidiaOnChip(device.clone()),
                    false,
                )
            }
        };
        RegionObject {
            kind,
            size,
            alloc_max_size,
            granule,
            alignment,
            backing,
            accessible_by_all,
        }
    }

    /// The region's (and pool's) HSA handle.
    pub fn handle(self: &Arc<Self>) -> u64 {
        Arc::as_ptr(self) as u64
    }

    /// `hsa_region_segment_t` of the region.
    pub fn segment(&self) -> u32 {
        match self.kind {
            RegionKind::GlobalFineGrained | RegionKind::GlobalCoarseGrained => SEGMENT_GLOBAL,
            // HSA reports kernarg memory as a GLOBAL region with the KERNARG flag.
            RegionKind::Kernarg => SEGMENT_GLOBAL,
            RegionKind::Group => SEGMENT_GROUP,
            RegionKind::Private => SEGMENT_PRIVATE,
        }
    }

    /// Global flags (0 for non-global segments).
    pub fn global_flags(&self) -> u32 {
        match self.kind {
            RegionKind::GlobalFineGrained => GLOBAL_FLAG_FINE_GRAINED,
            RegionKind::Kernarg => GLOBAL_FLAG_FINE_GRAINED | GLOBAL_FLAG_KERNARG,
            RegionKind::GlobalCoarseGrained => GLOBAL_FLAG_COARSE_GRAINED,
            RegionKind::Group | RegionKind::Private => 0,
        }
    }

    pub fn is_coarse_grained(&self) -> bool {
        self.kind == RegionKind::GlobalCoarseGrained
    }

    /// Whether `hsa_memory_allocate` / `hsa_amd_memory_pool_allocate` may allocate here.
    pub fn runtime_alloc_allowed(&self) -> bool {
        self.segment() == SEGMENT_GLOBAL
    }

    /// Whether the host can read and write the region's memory directly.
    pub fn host_accessible(&self) -> bool {
        self.segment() == SEGMENT_GLOBAL && !self.backing.on_gpu()
    }

    /// Whether the region is listed by `hsa_amd_agent_iterate_memory_pools`.
    pub fn is_pool(&self) -> bool {
        matches!(self.segment(), SEGMENT_GLOBAL | SEGMENT_GROUP)
    }

    /// `hsa_region_get_info`
    pub fn region_info(&self, attribute: u32) -> HsaResult<InfoValue> {
        Ok(match attribute {
            0 => InfoValue::U32(self.segment()),
            1 => InfoValue::U32(self.global_flags()),
            2 => InfoValue::Usize(self.size),
            4 => InfoValue::Usize(self.alloc_max_size),
            5 => InfoValue::Bool(self.runtime_alloc_allowed()),
            6 => InfoValue::Usize(self.granule),
            7 => InfoValue::Usize(self.alignment),
            8 if self.kind == RegionKind::Private => InfoValue::U32(MAX_PRIVATE_WORKGROUP_SIZE),
            8 => InfoValue::U32(0),
            // AMD: HOST_ACCESSIBLE, BASE, BUS_WIDTH, MAX_CLOCK_FREQUENCY
            0xA000 => InfoValue::Bool(self.host_accessible()),
            0xA001 => InfoValue::Pointer(0),
            0xA002 => InfoValue::U32(0),
            0xA003 => InfoValue::U32(0),
            _ => return Err(HsaError::ERROR_INVALID_ARGUMENT),
        })
    }

    /// `hsa_amd_memory_pool_get_info`
    pub fn pool_info(&self, attribute: u32) -> HsaResult<InfoValue> {
        Ok(match attribute {
            0 => InfoValue::U32(self.segment()),
            1 => InfoValue::U32(self.global_flags()),
            2 => InfoValue::Usize(self.size),
            5 => InfoValue::Bool(self.runtime_alloc_allowed()),
            6 => InfoValue::Usize(self.granule),
            7 => InfoValue::Usize(self.alignment),
            15 => InfoValue::Bool(self.accessible_by_all),
            16 => InfoValue::Usize(self.alloc_max_size),
            17 => InfoValue::U32(u32::from(self.backing.on_gpu())), // LOCATION: CPU 0, GPU 1
            18 => InfoValue::Usize(self.granule),                   // RUNTIME_ALLOC_REC_GRANULE
            _ => return Err(HsaError::ERROR_INVALID_ARGUMENT),
        })
    }
}

/// `hsa_amd_memory_pool_access_t`
pub const POOL_ACCESS_NEVER_ALLOWED: u32 = 0;
pub const POOL_ACCESS_ALLOWED_BY_DEFAULT: u32 = 1;
pub const POOL_ACCESS_DISALLOWED_BY_DEFAULT: u32 = 2;

/// `HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS` of `agent` (`agent_device`: its NVIDIA device,
/// `None` for the CPU agent) to `region`, owned by the agent whose device is
/// `owner_device`.
///
/// | pool | CPU agent | its own GPU agent | other GPU agents |
/// |---|---|---|---|
/// | CPU global (host mappings) | allowed | disallowed by default (`hsa_amd_agents_allow_access` registers the allocation) | same |
/// | CPU group | allowed | never | never |
/// | GPU device memory, group | never | allowed | never (no peer access) |
/// | GPU pinned host memory | allowed | allowed | allowed |
pub fn pool_access(agent_device: Option<&Arc<NvDevice>>, region: &RegionObject) -> u32 {
    match (&region.backing, agent_device) {
        (Backing::Host, None) => POOL_ACCESS_ALLOWED_BY_DEFAULT,
        (Backing::Host, Some(_)) if region.segment() == SEGMENT_GLOBAL => {
            POOL_ACCESS_DISALLOWED_BY_DEFAULT
        }
        (Backing::Host, Some(_)) => POOL_ACCESS_NEVER_ALLOWED,
        (Backing::NvidiaHost(_), _) => POOL_ACCESS_ALLOWED_BY_DEFAULT,
        (Backing::NvidiaDevice(owner) | Backing::NvidiaOnChip(owner), Some(d))
            if Arc::ptr_eq(owner, d) =>
        {
            POOL_ACCESS_ALLOWED_BY_DEFAULT
        }
        _ => POOL_ACCESS_NEVER_ALLOWED,
    }
}

/// How an allocation came to be known to the runtime.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AllocationOrigin {
    /// `hsa_memory_allocate` / `hsa_amd_memory_pool_allocate`: the runtime owns the mapping.
    Runtime,
    /// `hsa_amd_memory_lock*`: application memory, pinned (a no-op on the CPU).
    Locked,
}

/// One entry of the allocation table.
#[derive(Debug, Clone)]
pub struct Allocation {
    pub base: usize,
    /// Bytes requested (rounded up to the granule).
    pub size: usize,
    pub origin: AllocationOrigin,
    /// Region/pool handle it came from.
    pub region: u64,
    /// Agent that owns it (the region's agent, or the one given to `hsa_memory_assign_agent`).
    pub owner: u64,
    pub global_flags: u32,
    /// Agents granted access by `hsa_amd_agents_allow_access` (empty: the default set).
    pub allowed_agents: Vec<u64>,
    pub user_data: usize,
    /// Where the memory comes from (and so how it is freed).
    pub backing: Backing,
    /// A host mapping registered with the CUDA driver (through this device's context)
    /// after `hsa_amd_agents_allow_access` named a GPU agent; unregistered when freed.
    pub registered: Option<Arc<NvDevice>>,
}

impl Allocation {
    /// Whether this is device memory the host cannot dereference.
    pub fn is_device_memory(&self) -> bool {
        matches!(self.backing, Backing::NvidiaDevice(_))
    }
}

static ALLOCATIONS: RwLock<BTreeMap<usize, Allocation>> = RwLock::new(BTreeMap::new());

/// Allocates `size` bytes from `region` (owned by `agent`).
pub fn allocate(agent: u64, region: &Arc<RegionObject>, size: usize) -> HsaResult<*mut u8> {
    if size == 0 {
        return Err(HsaError::ERROR_INVALID_ARGUMENT);
    }
    if !region.runtime_alloc_allowed() || size > region.alloc_max_size {
        return Err(HsaError::ERROR_INVALID_ALLOCATION);
    }
    let rounded = size
        .checked_next_multiple_of(region.granule.max(1))
        .ok_or(HsaError::ERROR_INVALID_ALLOCATION)?;
    let ptr: *mut u8 = match &region.backing {
        Backing::Host => {
            // SAFETY: anonymous private mapping with no address hint; the kernel picks
            // the placement.
            let ptr = unsafe {
                libc::mmap(
                    std::ptr::null_mut(),
                    rounded,
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
                    -1,
                    0,
                )
            };
            if ptr == libc::MAP_FAILED {
                return Err(HsaError::ERROR_OUT_OF_RESOURCES);
            }
            ptr.cast()
        }
        Backing::NvidiaDevice(d) => nvidia::memory::alloc_device(d, rounded)
            .map_err(|_| HsaError::ERROR_OUT_OF_RESOURCES)?
            as *mut u8,
        Backing::NvidiaHost(d) => {
            nvidia::memory::alloc_host(d, rounded).map_err(|_| HsaError::ERROR_OUT_OF_RESOURCES)?
        }
        Backing::NvidiaOnChip(_) => return Err(HsaError::ERROR_INVALID_ALLOCATION),
    };
    let base = ptr as usize;
    super::runtime::on_shutdown(free_all);
    ALLOCATIONS.write().insert(
        base,
        Allocation {
            base,
            size: rounded,
            origin: AllocationOrigin::Runtime,
            region: region.handle(),
            owner: agent,
            global_flags: region.global_flags(),
            allowed_agents: Vec::new(),
            user_data: 0,
            backing: region.backing.clone(),
            registered: None,
        },
    );
    Ok(ptr)
}

/// Releases the memory of a runtime allocation that was removed from the table.
fn release(a: &Allocation) {
    if let Some(d) = &a.registered {
        // Failure leaves the pages pinned; nothing else can be done.
        let _ = nvidia::memory::unregister_host(d, a.base as *mut u8);
    }
    match &a.backing {
        Backing::Host => {
            // SAFETY: the table proved `base..base+size` is a mapping we created and still
            // owned; it was removed from the table, so it is unmapped exactly once.
            unsafe { libc::munmap(a.base as *mut libc::c_void, a.size) };
        }
        Backing::NvidiaDevice(d) => {
            let _ = nvidia::memory::free_device(d, a.base);
        }
        Backing::NvidiaHost(d) => {
            let _ = nvidia::memory::free_host(d, a.base as *mut u8);
        }
        Backing::NvidiaOnChip(_) => {}
    }
}

/// Frees an allocation made by [`allocate`]. Unknown pointers are an error (nothing is freed).
pub fn free(ptr: *mut u8) -> HsaResult<()> {
    if ptr.is_null() {
        // hsa_memory_free(NULL) is a no-op, like free(NULL).
        return Ok(());
    }
    let mut table = ALLOCATIONS.write();
    match table.get(&(ptr as usize)) {
        Some(a) if a.origin == AllocationOrigin::Runtime => {
            let removed = table.remove(&(ptr as usize));
            drop(table);
            if let Some(a) = removed {
                release(&a);
            }
            Ok(())
        }
        _ => Err(HsaError::ERROR_INVALID_ARGUMENT),
    }
}

/// Records application memory pinned by `hsa_amd_memory_lock*` (already accessible on the CPU).
pub fn lock(ptr: *mut u8, size: usize, agent: u64, region: &Arc<RegionObject>) -> HsaResult<()> {
    if ptr.is_null() || size == 0 {
        return Err(HsaError::ERROR_INVALID_ARGUMENT);
    }
    let mut table = ALLOCATIONS.write();
    if let Some(existing) = table.get(&(ptr as usize)) {
        // Locking the same range again is allowed; keep the first record.
        if existing.origin == AllocationOrigin::Locked {
            return Ok(());
        }
        return Err(HsaError::ERROR_INVALID_ARGUMENT);
    }
    table.insert(
        ptr as usize,
        Allocation {
            base: ptr as usize,
            size,
            origin: AllocationOrigin::Locked,
            region: region.handle(),
            owner: agent,
            global_flags: region.global_flags(),
            allowed_agents: Vec::new(),
            user_data: 0,
            backing: Backing::Host,
            registered: None,
        },
    );
    Ok(())
}

/// Forgets a range recorded by [`lock`].
pub fn unlock(ptr: *mut u8) -> HsaResult<()> {
    let mut table = ALLOCATIONS.write();
    match table.get(&(ptr as usize)) {
        Some(a) if a.origin == AllocationOrigin::Locked => {
            table.remove(&(ptr as usize));
            Ok(())
        }
        _ => Err(HsaError::ERROR_INVALID_ARGUMENT),
    }
}

/// The allocation containing `ptr`, if any.
pub fn find(ptr: usize) -> Option<Allocation> {
    let table = ALLOCATIONS.read();
    let (_, a) = table.range(..=ptr).next_back()?;
    (ptr < a.base + a.size.max(1)).then(|| a.clone())
}

/// Whether `ptr` lies in device memory of a runtime allocation (cheap: the table only).
pub fn is_device_memory(ptr: usize) -> bool {
    if !nvidia::active() {
        return false;
    }
    let table = ALLOCATIONS.read();
    table
        .range(..=ptr)
        .next_back()
        .is_some_and(|(_, a)| ptr < a.base + a.size.max(1) && a.is_device_memory())
}

/// `hsa_amd_agents_allow_access` on a runtime host allocation for NVIDIA devices:
/// registers the whole mapping with the driver once (`PORTABLE | DEVICEMAP`, so every
/// GPU reaches it at the same address). Device memory and pinned host memory need nothing.
pub fn grant_gpu_access(base: usize, device: &Arc<NvDevice>) -> HsaResult<()> {
    let mut table = ALLOCATIONS.write();
    let a = table
        .get_mut(&base)
        .ok_or(HsaError::ERROR_INVALID_ARGUMENT)?;
    if !matches!(a.backing, Backing::Host)
        || a.origin != AllocationOrigin::Runtime
        || a.registered.is_some()
    {
        return Ok(());
    }
    nvidia::memory::register_host(device, a.base as *mut u8, a.size)
        .map_err(|e| e.resource_status())?;
    a.registered = Some(device.clone());
    Ok(())
}

/// Applies `f` to the allocation starting exactly at `base`.
pub fn update(base: usize, f: impl FnOnce(&mut Allocation)) -> HsaResult<()> {
    let mut table = ALLOCATIONS.write();
    let a = table
        .get_mut(&base)
        .ok_or(HsaError::ERROR_INVALID_ARGUMENT)?;
    f(a);
    Ok(())
}

/// Applies `f` to the allocation containing `ptr`.
pub fn update_containing(ptr: usize, f: impl FnOnce(&mut Allocation)) -> HsaResult<()> {
    let base = find(ptr).ok_or(HsaError::ERROR_INVALID_ARGUMENT)?.base;
    update(base, f)
}

/// Releases every runtime allocation (last `hsa_shut_down`).
pub fn free_all() {
    let table = std::mem::take(&mut *ALLOCATIONS.write());
    for a in table.values() {
        if a.origin == AllocationOrigin::Runtime {
            // Each runtime entry is memory we allocated; nobody may use it after shutdown.
            release(a);
        }
    }
}

/// `hsa_memory_copy`: a synchronous copy. Overlap is the caller's problem in HSA; host
/// copies use `memmove` semantics so that it is at least well defined. When NVIDIA agents
/// exist and either side is device memory (a runtime allocation, a module variable, any
/// pointer the driver reports as device memory), the copy is a `cuMemcpy` that has
/// completed when this returns.
///
/// # Safety
/// `src` must be readable and `dst` writable for `size` bytes.
pub unsafe fn copy(dst: *mut u8, src: *const u8, size: usize) -> HsaResult<()> {
    if size == 0 {
        return Ok(());
    }
    if dst.is_null() || src.is_null() {
        return Err(HsaError::ERROR_INVALID_ARGUMENT);
    }
    if let Some(device) = copy_device(dst as usize, src as usize) {
        // SAFETY: forwarded from the caller's contract.
        return unsafe { nvidia::memory::copy(&device, dst as usize, src as usize, size) }
            .map_err(|_| HsaError::ERROR);
    }
    // Host memory: a range past the end of a runtime allocation, or over a hole in the
    // address space, is refused rather than faulted on.
    for p in [dst as usize, src as usize] {
        if !host_range_accessible(p, size) {
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
    }
    // SAFETY: forwarded from the caller's contract (and both ranges are mapped).
    unsafe { std::ptr::copy(src, dst, size) };
    Ok(())
}

/// Whether `[ptr, ptr + size)` lies inside the runtime allocation containing `ptr`, or, for
/// memory that is no allocation of ours, is mapped in this process.
fn host_range_accessible(ptr: usize, size: usize) -> bool {
    let Some(end) = ptr.checked_add(size) else {
        return false;
    };
    match find(ptr) {
        Some(a) => end <= a.base + a.size.max(1),
        None => is_mapped(ptr, end),
    }
}

/// Whether every page of `[start, end)` is mapped in this process (see
/// [`ferrocm_cabi::mapped`]).
pub use ferrocm_cabi::mapped as is_mapped;

/// The NVIDIA device a copy between these addresses must go through, if either is device
/// memory: the allocation table first, then the driver's pointer attributes.
fn copy_device(dst: usize, src: usize) -> Option<Arc<NvDevice>> {
    if !nvidia::active() {
        return None;
    }
    let known = |p: usize| {
        let a = find(p)?;
        match a.backing {
            Backing::NvidiaDevice(d) => Some(Some(d)),
            _ => Some(None),
        }
    };
    let (d, s) = (known(dst), known(src));
    if let Some(dev) = d.clone().flatten().or_else(|| s.clone().flatten()) {
        return Some(dev);
    }
    // Addresses the table does not know (module variables, other libraries' memory).
    [(d, dst), (s, src)]
        .into_iter()
        .filter(|(k, _)| k.is_none())
        .find_map(|(_, p)| nvidia::memory::device_of_pointer(p).cloned())
}

/// `hsa_amd_memory_fill` on a range inside `allocation`: `count` 32-bit words of `value`
/// at the 4-byte aligned `ptr` (`cuMemsetD32` for device memory).
///
/// # Safety
/// `ptr .. ptr + 4 * count` must lie inside `allocation`, which must be live.
pub unsafe fn fill_u32(
    allocation: &Allocation,
    ptr: *mut u32,
    value: u32,
    count: usize,
) -> HsaResult<()> {
    match &allocation.backing {
        Backing::NvidiaDevice(d) => {
            // SAFETY: the caller guarantees the range is inside this device allocation.
            unsafe { nvidia::memory::fill_u32(d, ptr as usize, value, count) }
                .map_err(|_| HsaError::ERROR)
        }
        _ => {
            // SAFETY: the caller guarantees the range is inside a live host allocation.
            unsafe { std::slice::from_raw_parts_mut(ptr, count) }.fill(value);
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn region(kind: RegionKind) -> Arc<RegionObject> {
        Arc::new(RegionObject::new(kind, &cpu_engine::Engine::limits()))
    }

    #[test]
    fn allocate_rounds_aligns_and_frees() {
        let r = region(RegionKind::GlobalFineGrained);
        let p = allocate(1, &r, 100).unwrap();
        assert_eq!(p as usize % page_size(), 0);
        let a = find(p as usize + 50).unwrap();
        assert_eq!(a.base, p as usize);
        assert_eq!(a.size, page_size());
        // SAFETY: p is a fresh mapping of at least 100 bytes.
        unsafe { std::ptr::write_bytes(p, 7, 100) };
        free(p).unwrap();
        assert!(find(p as usize).is_none());
        assert_eq!(free(p), Err(HsaError::ERROR_INVALID_ARGUMENT));
    }

    #[test]
    fn allocation_errors() {
        let r = region(RegionKind::GlobalFineGrained);
        assert_eq!(
            allocate(1, &r, 0).err(),
            Some(HsaError::ERROR_INVALID_ARGUMENT)
        );
        assert_eq!(
            allocate(1, &r, usize::MAX).err(),
            Some(HsaError::ERROR_INVALID_ALLOCATION)
        );
        let g = region(RegionKind::Group);
        assert_eq!(
            allocate(1, &g, 64).err(),
            Some(HsaError::ERROR_INVALID_ALLOCATION)
        );
    }

    #[test]
    fn flags_follow_kind() {
        assert_eq!(
            region(RegionKind::Kernarg).global_flags(),
            GLOBAL_FLAG_FINE_GRAINED | GLOBAL_FLAG_KERNARG
        );
        assert!(region(RegionKind::GlobalCoarseGrained).is_coarse_grained());
        assert!(!region(RegionKind::Private).is_pool());
    }
}
