//! Memory regions and AMD memory pools (one object set: `hsa_region_t.handle ==
//! hsa_amd_memory_pool_t.handle`, as in ROCR), the allocation table behind
//! `hsa_memory_free`, `hsa_amd_pointer_info` and coarse-grained ownership, and copies.
//!
//! The CPU agent's global memory is host memory: allocations are anonymous mappings,
//! page-granular and page-aligned, zero-filled by the kernel.

use std::collections::BTreeMap;
use std::sync::Arc;

use parking_lot::RwLock;

use super::info::InfoValue;
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

/// A region / memory pool.
#[derive(Debug)]
pub struct RegionObject {
    pub kind: RegionKind,
    /// Bytes: host memory for global regions, the per-group/per-item limit otherwise.
    pub size: usize,
    pub alloc_max_size: usize,
    pub granule: usize,
    pub alignment: usize,
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
            },
            // Not runtime-allocatable; granule/alignment describe how the engine lays
            // segments out (64-byte aligned).
            RegionKind::Group => RegionObject {
                kind,
                size: limits.max_group_segment_size as usize,
                alloc_max_size: limits.max_group_segment_size as usize,
                granule: SEGMENT_ALIGNMENT,
                alignment: SEGMENT_ALIGNMENT,
            },
            RegionKind::Private => RegionObject {
                kind,
                size: limits.max_private_segment_size as usize,
                alloc_max_size: limits.max_private_segment_size as usize,
                granule: SEGMENT_ALIGNMENT,
                alignment: SEGMENT_ALIGNMENT,
            },
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
            0xA000 => InfoValue::Bool(self.segment() == SEGMENT_GLOBAL),
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
            15 => InfoValue::Bool(true), // ACCESSIBLE_BY_ALL
            16 => InfoValue::Usize(self.alloc_max_size),
            17 => InfoValue::U32(0),              // LOCATION_CPU
            18 => InfoValue::Usize(self.granule), // RUNTIME_ALLOC_REC_GRANULE
            _ => return Err(HsaError::ERROR_INVALID_ARGUMENT),
        })
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
    // SAFETY: anonymous private mapping with no address hint; the kernel picks the placement.
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
        },
    );
    Ok(ptr.cast())
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
            let size = a.size;
            table.remove(&(ptr as usize));
            drop(table);
            // SAFETY: the table proves `ptr..ptr+size` is a mapping we created and still own.
            unsafe { libc::munmap(ptr.cast(), size) };
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
            // SAFETY: each runtime entry is a mapping we created and nobody may use after shutdown.
            unsafe { libc::munmap(a.base as *mut libc::c_void, a.size) };
        }
    }
}

/// `hsa_memory_copy`: a synchronous copy. Overlap is the caller's problem in HSA; we use
/// `memmove` semantics so that it is at least well defined.
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
    // SAFETY: forwarded from the caller's contract.
    unsafe { std::ptr::copy(src, dst, size) };
    Ok(())
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
