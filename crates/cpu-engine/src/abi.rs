//! `#[repr(C)]` mirrors of `include/ferrocm/cpu_kernel.h`, the kernel ABI of the CPU agent.
//!
//! The header is the contract; the unit tests at the end of this file check every size and
//! field offset against the values written in the header's comments.

use core::cell::Cell;
use core::ffi::c_void;

/// `FERROCM_CPU_ABI_VERSION`: the kernel ABI and code-object format version.
pub const ABI_VERSION: u32 = 1;
/// `FERROCM_WAVEFRONT_SIZE`: lanes per wavefront on the CPU agent.
pub const WAVEFRONT_SIZE: u32 = 64;
/// `FERROCM_MAX_WORKGROUP_SIZE`: the largest work-group (product of the three sizes).
pub const MAX_WORKGROUP_SIZE: u32 = 1024;
/// `FERROCM_KERNEL_DESCRIPTOR_MAGIC`: `"RFCK"` read as a little-endian `u32`.
pub const KERNEL_DESCRIPTOR_MAGIC: u32 = 0x4b43_4652;
/// `FERROCM_KERNEL_FLAG_DYNAMIC_CALLSTACK`: the kernel recurses (informative only).
pub const KERNEL_FLAG_DYNAMIC_CALLSTACK: u32 = 0x1;
/// `FERROCM_KERNEL_FLAG_ATTRIBUTES`: the descriptor is followed (offset 64) by a pointer to
/// its [`KernelAttributes`].
pub const KERNEL_FLAG_ATTRIBUTES: u32 = 0x2;
/// Size of a descriptor that carries the `attributes` pointer.
pub const KERNEL_DESCRIPTOR_WITH_ATTRIBUTES_SIZE: usize = 72;
/// `FERROCM_CODE_OBJECT_ABI_SYMBOL`: the `uint32_t` every code object exports.
pub const CODE_OBJECT_ABI_SYMBOL: &str = "ferrocm_code_object_abi_version";
/// Suffix of kernel-descriptor symbols (`"<kernel name>.kd"`).
pub const KERNEL_DESCRIPTOR_SUFFIX: &str = ".kd";

/// [`WorkItem::reserved0`] of the first work-item of a group when the engine starts it: the
/// engine offers the whole group to it. An entry point that accepts runs every work-item of
/// the group itself (HIP kernels split at their barriers, `include/hip/cpu/fission.h`) and
/// answers [`WHOLE_GROUP_DONE`]; one that does not leaves the field alone (code built before
/// this protocol never touches it) and runs as work-item 0.
pub const WHOLE_GROUP_OFFER: u32 = 1;
/// [`WorkItem::reserved0`] while an entry point that took the offer runs the group: it must
/// make no barrier or wave exchange call then (the engine fails the dispatch if it does).
pub const WHOLE_GROUP_RUNNING: u32 = 2;
/// [`WorkItem::reserved0`] after the entry point returns: every work-item of the group ran.
pub const WHOLE_GROUP_DONE: u32 = 3;

/// Index in [`WorkItem::reserved`] (offset 144) where the engine, with [`WHOLE_GROUP_OFFER`],
/// puts how many consecutive groups (in linear order, x fastest, this one first) the entry
/// point may run. Code that predates it sees 0, which means this group only.
pub const GROUPS_OFFERED: usize = 0;
/// Index in [`WorkItem::reserved`] (offset 152) where an entry point that ran whole groups and
/// went on to later ones of the offer reports how many groups on the group now described by
/// the work-item is (the engine sets it to 0). Before each group after the first, the entry
/// point writes that group's `group_id` and `local_size` into the work-item, its ids are 0 and
/// `reserved0` is [`WHOLE_GROUP_OFFER`] again; the engine treats it as a group it started.
pub const GROUPS_MOVED: usize = 1;

/// `ferrocm_workitem_fn`: runs one work-item.
pub type WorkItemFn = unsafe extern "C" fn(wi: *mut WorkItem);
/// `ferrocm_workgroup_fn`: runs work-items `begin..wi.range_end` of a group in order.
pub type WorkGroupFn = unsafe extern "C" fn(wi: *mut WorkItem, begin: u32, end: u32);
/// `ferrocm_device_ops_t::barrier`.
pub type BarrierFn = unsafe extern "C" fn(wi: *mut WorkItem, predicate: i32) -> u32;
/// `ferrocm_device_ops_t::wave_exchange`.
pub type WaveExchangeFn =
    unsafe extern "C" fn(wi: *mut WorkItem, value: u64, lanes: *mut u64) -> u64;
/// `ferrocm_device_ops_t::cooperative`: the grid-wide services of cooperative launches
/// (`op` is one of the `COOP_*` values).
pub type CooperativeFn = unsafe extern "C" fn(wi: *mut WorkItem, op: u32) -> u64;

/// `FERROCM_COOP_INFO`: bit 0 set in a cooperative dispatch (`hipLaunchCooperativeKernel`),
/// bit 1 in one of a multi-device launch (`hipLaunchCooperativeKernelMultiDevice`).
pub const COOP_INFO: u32 = 0;
/// `FERROCM_COOP_GRID_SYNC`: grid-wide barrier (every work-item of the dispatch that has not
/// returned). Fails the dispatch when it is not cooperative. Returns 0.
pub const COOP_GRID_SYNC: u32 = 1;
/// `FERROCM_COOP_MULTI_GRID_SYNC`: barrier of every work-item of every grid of a multi-device
/// launch. Fails the dispatch when it is not part of one. Returns 0.
pub const COOP_MULTI_GRID_SYNC: u32 = 2;
/// `FERROCM_COOP_NUM_GRIDS`: grids of the multi-device launch (1 otherwise).
pub const COOP_NUM_GRIDS: u32 = 3;
/// `FERROCM_COOP_GRID_RANK`: this grid's index in the multi-device launch (0 otherwise).
pub const COOP_GRID_RANK: u32 = 4;
/// `FERROCM_COOP_MULTI_GRID_THREAD_OFFSET`: work-items of the grids before this one.
pub const COOP_MULTI_GRID_THREAD_OFFSET: u32 = 5;
/// `FERROCM_COOP_MULTI_GRID_SIZE`: work-items of all the grids of the launch.
pub const COOP_MULTI_GRID_SIZE: u32 = 6;

/// `ferrocm_device_ops_t::fault`.
pub type FaultFn = unsafe extern "C" fn(wi: *mut WorkItem, kind: u32);
/// `FERROCM_FAULT_TRAP`: the kernel trapped (`__builtin_trap()`, `abort()`).
pub const FAULT_TRAP: u32 = 1;
/// `FERROCM_FAULT_ASSERT`: an `assert()` failed in the kernel.
pub const FAULT_ASSERT: u32 = 2;

/// `ferrocm_device_ops_t`: services the engine offers to running work-items (`wi->ops`).
#[repr(C)]
#[derive(Debug)]
pub struct DeviceOps {
    /// [`ABI_VERSION`].
    pub version: u32,
    /// `size_of::<DeviceOps>()`.
    pub size: u32,
    /// Work-group barrier; returns the number of participants with a non-zero predicate.
    pub barrier: BarrierFn,
    /// Wavefront exchange; returns the mask of active lanes.
    pub wave_exchange: WaveExchangeFn,
    /// Grid-wide services (`COOP_*`); null in tables older than cooperative launches.
    pub cooperative: Option<CooperativeFn>,
    /// Stops the dispatch with a device fault ([`FAULT_TRAP`], [`FAULT_ASSERT`]); returns
    /// only when no dispatch runs on the calling thread. `None` in tables that predate it.
    pub fault: Option<FaultFn>,
    /// Reserved, null.
    pub reserved: [*mut c_void; 4],
}

// SAFETY: a `DeviceOps` is an immutable table of function pointers; its reserved raw pointers
// are always null and never dereferenced, so sharing it between threads is harmless.
unsafe impl Sync for DeviceOps {}
// SAFETY: see the `Sync` impl: no pointer in the table owns or aliases thread-bound data.
unsafe impl Send for DeviceOps {}

/// `ferrocm_workitem_t`: the state of one work-item, passed to every kernel entry point.
///
/// The engine owns it; device code reads it and never writes it, except that a
/// [`WorkGroupFn`] sets `local_id` and `flat_local_id` itself (before each work-item, or at
/// the latest before each barrier or wave exchange it calls for a work-item: the engine reads
/// them only then), and that a work-item entry may answer the whole-group offer in
/// `reserved0` ([`WHOLE_GROUP_OFFER`]). `range_end` is a [`Cell`] because the engine may lower
/// it while a work-group function runs, inside a barrier or wave exchange called by the
/// running work-item (a plain read after such a call sees it).
#[repr(C)]
#[derive(Debug, Clone)]
pub struct WorkItem {
    /// Offset 0: id within the work-group.
    pub local_id: [u32; 3],
    /// Offset 12: work-group id.
    pub group_id: [u32; 3],
    /// Offset 24: the dispatch's work-group size.
    pub workgroup_size: [u32; 3],
    /// Offset 36: this group's size (smaller for a trailing partial group).
    pub local_size: [u32; 3],
    /// Offset 48: grid size in work-items.
    pub grid_size: [u32; 3],
    /// Offset 60: number of work-groups per dimension.
    pub num_groups: [u32; 3],
    /// Offset 72: 1, 2 or 3.
    pub dimensions: u32,
    /// Offset 76: `local_id[0] + local_size[0] * (local_id[1] + local_size[1] * local_id[2])`.
    pub flat_local_id: u32,
    /// Offset 80: group memory of this work-group (static, then dynamic); null when empty.
    pub group_segment: *mut c_void,
    /// Offset 88: bytes available at `group_segment`.
    pub group_segment_size: u32,
    /// Offset 92: offset of dynamic group memory (the kernel's static size rounded up to 16).
    pub dynamic_group_offset: u32,
    /// Offset 96: this work-item's private segment; null when the dispatch has none.
    pub private_segment: *mut c_void,
    /// Offset 104: kernel arguments.
    pub kernarg: *const c_void,
    /// Offset 112: engine services.
    pub ops: *const DeviceOps,
    /// Offset 120: unique per dispatch.
    pub dispatch_id: u64,
    /// Offset 128: exclusive end of the flat-id range a [`WorkGroupFn`] must run; lowered only
    /// inside a device-op call of the running work-item.
    pub range_end: Cell<u32>,
    /// Offset 132: 0, or in the first work-item of a group the whole-group protocol
    /// ([`WHOLE_GROUP_OFFER`], [`WHOLE_GROUP_RUNNING`], [`WHOLE_GROUP_DONE`]).
    pub reserved0: u32,
    /// Offset 136: opaque to device code: the engine's handle of the running work-group (device
    /// ops find the group through it; null outside of a dispatch).
    pub engine_private: *mut c_void,
    /// Offsets 144..192: reserved; in the first work-item of a group, [`GROUPS_OFFERED`] and
    /// [`GROUPS_MOVED`] of the whole-group protocol.
    pub reserved: [u64; 6],
}

impl WorkItem {
    /// An all-zero work-item (null pointers), used as a template.
    pub const fn zeroed() -> WorkItem {
        WorkItem {
            local_id: [0; 3],
            group_id: [0; 3],
            workgroup_size: [0; 3],
            local_size: [0; 3],
            grid_size: [0; 3],
            num_groups: [0; 3],
            dimensions: 0,
            flat_local_id: 0,
            group_segment: core::ptr::null_mut(),
            group_segment_size: 0,
            dynamic_group_offset: 0,
            private_segment: core::ptr::null_mut(),
            kernarg: core::ptr::null(),
            ops: core::ptr::null(),
            dispatch_id: 0,
            range_end: Cell::new(0),
            reserved0: 0,
            engine_private: core::ptr::null_mut(),
            reserved: [0; 6],
        }
    }

    /// Reads `range_end` with a volatile load (always correct; a plain `range_end.get()` is
    /// too, since the engine changes it only inside a device-op call).
    #[inline]
    pub fn range_end(&self) -> u32 {
        // SAFETY: `as_ptr` points to the `u32` inside the cell, valid for reads for as long as
        // `self` is borrowed; a volatile read has no other requirement.
        unsafe { core::ptr::read_volatile(self.range_end.as_ptr()) }
    }

    /// Global id of this work-item in dimension `dim` (0..3):
    /// `group_id[dim] * workgroup_size[dim] + local_id[dim]`.
    #[inline]
    pub fn global_id(&self, dim: usize) -> u64 {
        let d = dim.min(2);
        u64::from(self.group_id[d]) * u64::from(self.workgroup_size[d])
            + u64::from(self.local_id[d])
    }

    /// Calls `wi->ops->barrier(wi, predicate)`.
    ///
    /// # Safety
    /// `wi` must be the work-item pointer the engine passed to the running kernel entry point,
    /// and the call must be made from that kernel invocation (on its thread and fiber).
    #[inline]
    pub unsafe fn barrier(wi: *mut WorkItem, predicate: i32) -> u32 {
        // SAFETY: the caller guarantees `wi` is the live work-item of the running kernel, whose
        // `ops` points to the engine's static table.
        unsafe { ((*(*wi).ops).barrier)(wi, predicate) }
    }

    /// Calls `wi->ops->wave_exchange(wi, value, lanes)`.
    ///
    /// # Safety
    /// As for [`WorkItem::barrier`]; `lanes` must be valid for writing 64 `u64`s.
    #[inline]
    pub unsafe fn wave_exchange(wi: *mut WorkItem, value: u64, lanes: *mut u64) -> u64 {
        // SAFETY: as in `barrier`; the caller guarantees `lanes` holds 64 entries.
        unsafe { ((*(*wi).ops).wave_exchange)(wi, value, lanes) }
    }
}

/// `ferrocm_kernel_descriptor_t`: a kernel of a CPU code object (symbol `"<name>.kd"`).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct KernelDescriptor {
    /// Offset 0: [`KERNEL_DESCRIPTOR_MAGIC`].
    pub magic: u32,
    /// Offset 4: [`ABI_VERSION`].
    pub abi_version: u32,
    /// Offset 8: bytes.
    pub kernarg_segment_size: u32,
    /// Offset 12: power of two.
    pub kernarg_segment_alignment: u32,
    /// Offset 16: static group memory per work-group.
    pub group_segment_size: u32,
    /// Offset 20: static private memory per work-item.
    pub private_segment_size: u32,
    /// Offset 24: `KERNEL_FLAG_*`.
    pub flags: u32,
    /// Offset 28: reserved.
    pub reserved0: u32,
    /// Offset 32: required (null in a descriptor is rejected by the loader).
    pub workitem_fn: Option<WorkItemFn>,
    /// Offset 40: optional.
    pub workgroup_fn: Option<WorkGroupFn>,
    /// Offset 48: optional explicit-argument layout ([`KernelParams`]), or null.
    pub params: *const KernelParams,
    /// Offset 56: optional source-level kernel function (names table kernels), or null.
    pub host_function: *const c_void,
}

/// `ferrocm_kernel_attributes_t`: source-level attributes filled in by the program's or
/// code object's static initialisers (so they are not part of the constant descriptor).
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct KernelAttributes {
    /// Offset 0: `__launch_bounds__` maximum threads per block; 0 = none.
    pub max_threads_per_block: u32,
    /// Offset 4: `__launch_bounds__` minimum blocks per multiprocessor; 0 = none.
    pub min_blocks_per_multiprocessor: u32,
    /// Offset 8: bytes of `__shared__` variables declared in the kernel's body.
    pub static_shared_size: u32,
    /// Offset 12: reserved.
    pub reserved: u32,
}

/// Where a kernel's [`KernelAttributes`] live (inside the program or a loaded code object).
#[derive(Debug, Clone, Copy)]
pub struct KernelAttributesRef(core::ptr::NonNull<KernelAttributes>);

// SAFETY: the block is plain data written only by the code object's static initialisers,
// which finish before the object is used; afterwards it is only read.
unsafe impl Send for KernelAttributesRef {}
// SAFETY: as for `Send`.
unsafe impl Sync for KernelAttributesRef {}

impl KernelAttributesRef {
    /// The attribute block of the descriptor at `kd`, if its flags announce one.
    ///
    /// # Safety
    /// `kd` must point to a valid descriptor; when its flags have [`KERNEL_FLAG_ATTRIBUTES`]
    /// it must be followed by the `attributes` pointer, which must be null or point to a
    /// block that outlives every use of the returned reference.
    pub unsafe fn from_descriptor(kd: *const KernelDescriptor) -> Option<KernelAttributesRef> {
        // SAFETY: the caller guarantees `kd` is valid.
        let flags = unsafe { (*kd).flags };
        if flags & KERNEL_FLAG_ATTRIBUTES == 0 {
            return None;
        }
        // SAFETY: with the flag set, the pointer follows the 64-byte descriptor (caller);
        // offset 64 of an 8-aligned descriptor is 8-aligned.
        let p = unsafe {
            kd.cast::<u8>()
                .add(core::mem::size_of::<KernelDescriptor>())
                .cast::<*const KernelAttributes>()
                .read()
        };
        core::ptr::NonNull::new(p.cast_mut()).map(KernelAttributesRef)
    }

    /// The attributes as they are now.
    pub fn get(&self) -> KernelAttributes {
        // SAFETY: valid for reads (constructor contract); volatile because static
        // initialisers outside Rust's view write the block.
        unsafe { self.0.as_ptr().read_volatile() }
    }
}

/// `ferrocm_kernel_params_t`: where each explicit kernel argument lives in the kernarg
/// segment (HIP packs `void **args` with it).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct KernelParams {
    /// Offset 0: number of explicit arguments.
    pub count: u32,
    /// Offset 4: bytes of explicit arguments.
    pub explicit_size: u32,
    /// Offset 8: `count` offsets.
    pub offsets: *const u32,
    /// Offset 16: `count` sizes.
    pub sizes: *const u32,
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::mem::{align_of, offset_of, size_of};

    #[test]
    fn workitem_layout_matches_header() {
        assert_eq!(size_of::<WorkItem>(), 192);
        assert_eq!(align_of::<WorkItem>(), 8);
        assert_eq!(offset_of!(WorkItem, local_id), 0);
        assert_eq!(offset_of!(WorkItem, group_id), 12);
        assert_eq!(offset_of!(WorkItem, workgroup_size), 24);
        assert_eq!(offset_of!(WorkItem, local_size), 36);
        assert_eq!(offset_of!(WorkItem, grid_size), 48);
        assert_eq!(offset_of!(WorkItem, num_groups), 60);
        assert_eq!(offset_of!(WorkItem, dimensions), 72);
        assert_eq!(offset_of!(WorkItem, flat_local_id), 76);
        assert_eq!(offset_of!(WorkItem, group_segment), 80);
        assert_eq!(offset_of!(WorkItem, group_segment_size), 88);
        assert_eq!(offset_of!(WorkItem, dynamic_group_offset), 92);
        assert_eq!(offset_of!(WorkItem, private_segment), 96);
        assert_eq!(offset_of!(WorkItem, kernarg), 104);
        assert_eq!(offset_of!(WorkItem, ops), 112);
        assert_eq!(offset_of!(WorkItem, dispatch_id), 120);
        assert_eq!(offset_of!(WorkItem, range_end), 128);
        assert_eq!(size_of::<Cell<u32>>(), 4);
        assert_eq!(offset_of!(WorkItem, reserved0), 132);
        assert_eq!(offset_of!(WorkItem, engine_private), 136);
        assert_eq!(offset_of!(WorkItem, reserved), 144);
    }

    #[test]
    fn device_ops_layout_matches_header() {
        assert_eq!(size_of::<DeviceOps>(), 72);
        assert_eq!(offset_of!(DeviceOps, version), 0);
        assert_eq!(offset_of!(DeviceOps, size), 4);
        assert_eq!(offset_of!(DeviceOps, barrier), 8);
        assert_eq!(offset_of!(DeviceOps, wave_exchange), 16);
        assert_eq!(offset_of!(DeviceOps, cooperative), 24);
        assert_eq!(offset_of!(DeviceOps, fault), 32);
        assert_eq!(offset_of!(DeviceOps, reserved), 40);
    }

    #[test]
    fn kernel_descriptor_layout_matches_header() {
        assert_eq!(size_of::<KernelDescriptor>(), 64);
        assert_eq!(offset_of!(KernelDescriptor, magic), 0);
        assert_eq!(offset_of!(KernelDescriptor, abi_version), 4);
        assert_eq!(offset_of!(KernelDescriptor, kernarg_segment_size), 8);
        assert_eq!(offset_of!(KernelDescriptor, kernarg_segment_alignment), 12);
        assert_eq!(offset_of!(KernelDescriptor, group_segment_size), 16);
        assert_eq!(offset_of!(KernelDescriptor, private_segment_size), 20);
        assert_eq!(offset_of!(KernelDescriptor, flags), 24);
        assert_eq!(offset_of!(KernelDescriptor, reserved0), 28);
        assert_eq!(offset_of!(KernelDescriptor, workitem_fn), 32);
        assert_eq!(offset_of!(KernelDescriptor, workgroup_fn), 40);
        assert_eq!(offset_of!(KernelDescriptor, params), 48);
        assert_eq!(offset_of!(KernelDescriptor, host_function), 56);
        assert_eq!(size_of::<KernelParams>(), 24);
        assert_eq!(size_of::<KernelAttributes>(), 16);
        assert_eq!(offset_of!(KernelAttributes, static_shared_size), 8);
        assert_eq!(offset_of!(KernelParams, offsets), 8);
        assert_eq!(offset_of!(KernelParams, sizes), 16);
        // `Option<fn>` is pointer-sized with null as `None`, as in C.
        assert_eq!(size_of::<Option<WorkItemFn>>(), 8);
    }

    #[test]
    fn magic_spells_rfck() {
        assert_eq!(&KERNEL_DESCRIPTOR_MAGIC.to_le_bytes(), b"RFCK");
    }
}
