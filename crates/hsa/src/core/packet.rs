//! AQL packet layouts (64 bytes each, `#[repr(C)]`, offsets as in `hsa.h`) and the
//! header bit fields.

use std::sync::atomic::{AtomicU16, AtomicU32, Ordering};

/// `hsa_packet_type_t`
pub mod packet_type {
    pub const VENDOR_SPECIFIC: u8 = 0;
    pub const INVALID: u8 = 1;
    pub const KERNEL_DISPATCH: u8 = 2;
    pub const BARRIER_AND: u8 = 3;
    pub const AGENT_DISPATCH: u8 = 4;
    pub const BARRIER_OR: u8 = 5;
}

/// `hsa_packet_header_t` bit offsets and `hsa_fence_scope_t`.
pub mod header {
    pub const TYPE_SHIFT: u16 = 0;
    pub const TYPE_WIDTH: u16 = 8;
    pub const BARRIER_SHIFT: u16 = 8;
    pub const ACQUIRE_FENCE_SCOPE_SHIFT: u16 = 9;
    pub const RELEASE_FENCE_SCOPE_SHIFT: u16 = 11;
    pub const FENCE_SCOPE_NONE: u16 = 0;
    pub const FENCE_SCOPE_AGENT: u16 = 1;
    pub const FENCE_SCOPE_SYSTEM: u16 = 2;
}

/// AMD vendor packet format (`hsa_amd_packet_type_t`) in byte 2 of a vendor-specific packet.
pub const AMD_PACKET_TYPE_BARRIER_VALUE: u8 = 2;

/// Size of every AQL packet.
pub const PACKET_SIZE: usize = 64;

/// Decoded fields of a 16-bit packet header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Header(pub u16);

impl Header {
    /// Builds a header from its fields.
    pub fn new(packet_type: u8, barrier: bool, acquire_scope: u16, release_scope: u16) -> Header {
        Header(
            u16::from(packet_type)
                | (u16::from(barrier) << header::BARRIER_SHIFT)
                | ((acquire_scope & 3) << header::ACQUIRE_FENCE_SCOPE_SHIFT)
                | ((release_scope & 3) << header::RELEASE_FENCE_SCOPE_SHIFT),
        )
    }
    pub fn packet_type(self) -> u8 {
        (self.0 & 0xFF) as u8
    }
    pub fn barrier(self) -> bool {
        self.0 & (1 << header::BARRIER_SHIFT) != 0
    }
    pub fn acquire_scope(self) -> u16 {
        (self.0 >> header::ACQUIRE_FENCE_SCOPE_SHIFT) & 3
    }
    pub fn release_scope(self) -> u16 {
        (self.0 >> header::RELEASE_FENCE_SCOPE_SHIFT) & 3
    }
}

/// `hsa_kernel_dispatch_packet_t`
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct KernelDispatchPacket {
    pub header: u16,
    pub setup: u16,
    pub workgroup_size_x: u16,
    pub workgroup_size_y: u16,
    pub workgroup_size_z: u16,
    pub reserved0: u16,
    pub grid_size_x: u32,
    pub grid_size_y: u32,
    pub grid_size_z: u32,
    pub private_segment_size: u32,
    pub group_segment_size: u32,
    pub kernel_object: u64,
    pub kernarg_address: u64,
    pub reserved2: u64,
    pub completion_signal: u64,
}

/// `hsa_agent_dispatch_packet_t`
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct AgentDispatchPacket {
    pub header: u16,
    pub type_: u16,
    pub reserved0: u32,
    pub return_address: u64,
    pub arg: [u64; 4],
    pub reserved2: u64,
    pub completion_signal: u64,
}

/// `hsa_barrier_and_packet_t` and `hsa_barrier_or_packet_t` (same layout).
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct BarrierPacket {
    pub header: u16,
    pub reserved0: u16,
    pub reserved1: u32,
    pub dep_signal: [u64; 5],
    pub reserved2: u64,
    pub completion_signal: u64,
}

/// `hsa_amd_barrier_value_packet_t`
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct AmdBarrierValuePacket {
    pub header: u16,
    pub amd_format: u8,
    pub reserved: u8,
    pub reserved0: u32,
    pub signal: u64,
    pub value: i64,
    pub mask: i64,
    pub cond: u32,
    pub reserved1: u32,
    pub reserved2: u64,
    pub reserved3: u64,
    pub completion_signal: u64,
}

/// One 64-byte queue slot, viewed as raw words.
#[repr(C, align(64))]
#[derive(Debug, Clone, Copy)]
pub struct RawPacket(pub [u64; 8]);

impl RawPacket {
    /// A slot whose header says INVALID (how queues are initialised and slots released).
    pub const INVALID: RawPacket = RawPacket([packet_type::INVALID as u64, 0, 0, 0, 0, 0, 0, 0]);

    pub fn header(&self) -> Header {
        Header(self.0[0] as u16)
    }

    /// The completion signal handle: every AQL packet keeps it in its last 8 bytes.
    pub fn completion_signal(&self) -> u64 {
        self.0[7]
    }

    /// Reinterprets the slot as a packet layout.
    pub fn view<T: AqlPacket>(&self) -> T {
        // SAFETY: every `AqlPacket` is a 64-byte `#[repr(C)]` plain-old-data struct for which
        // any bit pattern is valid, and `RawPacket` is 64 bytes.
        unsafe { std::mem::transmute_copy(self) }
    }

    /// Builds a slot image from a packet layout.
    pub fn from_packet<T: AqlPacket>(p: &T) -> RawPacket {
        // SAFETY: as in `view`: same size, plain old data.
        unsafe { std::mem::transmute_copy(p) }
    }
}

impl KernelDispatchPacket {
    /// A dispatch of one work-item (grid and work-group 1 x 1 x 1, `dimensions` as given, so
    /// that a malformed value can be sent too) of `kernel_object`, with system-scope fences
    /// and no kernel arguments.
    pub fn one_work_item(kernel_object: u64, dimensions: u16, completion_signal: u64) -> Self {
        let system = header::FENCE_SCOPE_SYSTEM;
        KernelDispatchPacket {
            header: Header::new(packet_type::KERNEL_DISPATCH, false, system, system).0,
            setup: dimensions,
            workgroup_size_x: 1,
            workgroup_size_y: 1,
            workgroup_size_z: 1,
            grid_size_x: 1,
            grid_size_y: 1,
            grid_size_z: 1,
            kernel_object,
            completion_signal,
            ..Default::default()
        }
    }
}

/// Marker for the 64-byte packet layouts.
///
/// # Safety
/// Implementors must be 64-byte `#[repr(C)]` structs of integers, valid for every bit pattern.
pub unsafe trait AqlPacket: Copy {}
// SAFETY: each is a 64-byte repr(C) struct of integers (checked by the layout test below).
unsafe impl AqlPacket for KernelDispatchPacket {}
// SAFETY: as above.
unsafe impl AqlPacket for AgentDispatchPacket {}
// SAFETY: as above.
unsafe impl AqlPacket for BarrierPacket {}
// SAFETY: as above.
unsafe impl AqlPacket for AmdBarrierValuePacket {}
// SAFETY: as above.
unsafe impl AqlPacket for RawPacket {}

/// Loads the first 32 bits of a slot (header | setup << 16) with acquire ordering.
///
/// # Safety
/// `slot` must point to a live, 64-byte-aligned queue slot.
pub unsafe fn load_header_acquire(slot: *const RawPacket) -> u16 {
    // SAFETY: the slot is aligned and live per the contract; producers publish the header with a
    // 16- or 32-bit atomic store, and an AtomicU16 load of the first two bytes observes either.
    unsafe { (*(slot as *const AtomicU16)).load(Ordering::Acquire) }
}

/// Publishes a packet: writes bytes 4..64, then header|setup with one release store.
///
/// # Safety
/// `slot` must point to a live queue slot the caller has reserved.
pub unsafe fn publish(slot: *mut RawPacket, packet: &RawPacket) {
    let words = packet.0;
    let dst = slot as *mut u32;
    let src = words.as_ptr() as *const u32;
    // SAFETY: both are 64-byte buffers; we copy the 60 bytes after the first 32-bit word.
    unsafe { std::ptr::copy_nonoverlapping(src.add(1), dst.add(1), 15) };
    let first = words[0] as u32;
    // SAFETY: the first word of an aligned slot, accessed atomically by the packet processor.
    unsafe { (*(slot as *const AtomicU32)).store(first, Ordering::Release) };
}

/// Marks a slot INVALID again (release), after its contents are no longer needed.
///
/// # Safety
/// `slot` must point to a live queue slot.
pub unsafe fn invalidate(slot: *mut RawPacket) {
    // SAFETY: aligned, live slot per the contract.
    unsafe {
        (*(slot as *const AtomicU16)).store(u16::from(packet_type::INVALID), Ordering::Release)
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::{offset_of, size_of};

    #[test]
    fn layouts_match_hsa_h() {
        assert_eq!(size_of::<KernelDispatchPacket>(), 64);
        assert_eq!(offset_of!(KernelDispatchPacket, grid_size_x), 12);
        assert_eq!(offset_of!(KernelDispatchPacket, private_segment_size), 24);
        assert_eq!(offset_of!(KernelDispatchPacket, kernel_object), 32);
        assert_eq!(offset_of!(KernelDispatchPacket, kernarg_address), 40);
        assert_eq!(offset_of!(KernelDispatchPacket, completion_signal), 56);
        assert_eq!(size_of::<AgentDispatchPacket>(), 64);
        assert_eq!(offset_of!(AgentDispatchPacket, return_address), 8);
        assert_eq!(offset_of!(AgentDispatchPacket, arg), 16);
        assert_eq!(offset_of!(AgentDispatchPacket, completion_signal), 56);
        assert_eq!(size_of::<BarrierPacket>(), 64);
        assert_eq!(offset_of!(BarrierPacket, dep_signal), 8);
        assert_eq!(offset_of!(BarrierPacket, completion_signal), 56);
        assert_eq!(size_of::<AmdBarrierValuePacket>(), 64);
        assert_eq!(offset_of!(AmdBarrierValuePacket, signal), 8);
        assert_eq!(offset_of!(AmdBarrierValuePacket, cond), 32);
        assert_eq!(offset_of!(AmdBarrierValuePacket, completion_signal), 56);
        assert_eq!(size_of::<RawPacket>(), 64);
    }

    #[test]
    fn header_fields_round_trip() {
        let h = Header::new(
            packet_type::KERNEL_DISPATCH,
            true,
            header::FENCE_SCOPE_SYSTEM,
            header::FENCE_SCOPE_AGENT,
        );
        assert_eq!(h.packet_type(), packet_type::KERNEL_DISPATCH);
        assert!(h.barrier());
        assert_eq!(h.acquire_scope(), header::FENCE_SCOPE_SYSTEM);
        assert_eq!(h.release_scope(), header::FENCE_SCOPE_AGENT);
    }

    #[test]
    fn raw_view_round_trip() {
        let p = BarrierPacket {
            header: Header::new(packet_type::BARRIER_AND, false, 0, 0).0,
            dep_signal: [1, 2, 3, 4, 5],
            completion_signal: 9,
            ..Default::default()
        };
        let raw = RawPacket::from_packet(&p);
        assert_eq!(raw.header().packet_type(), packet_type::BARRIER_AND);
        let back: BarrierPacket = raw.view();
        assert_eq!(back.dep_signal, [1, 2, 3, 4, 5]);
        assert_eq!(back.completion_signal, 9);
    }
}
