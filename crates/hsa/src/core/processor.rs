//! What every packet processor shares (the CPU agent's in `cpu/processor.rs`, the NVIDIA
//! agents' in `nvidia/processor.rs`): taking published packets off a queue's ring and retiring
//! them by the AQL rules, and the statuses that stop a queue.

use std::sync::atomic::{fence, Ordering};
use std::sync::Arc;

use super::packet::{self, packet_type, RawPacket};
use super::queue::QueueObject;
use super::signal::{self, MemoryOrder, SignalObject};
use crate::status::Status;

/// Why a packet did not complete normally.
pub(crate) enum Stop {
    /// The packet is malformed or failed: the queue reports this status.
    Error(Status),
    /// The queue was inactivated while the packet waited.
    Inactivated,
}

/// The packet at ring index `read`, if its producer has published it: `None` when the write
/// index has not passed `read`, or when the slot is reserved but still INVALID (a processor
/// never consumes an INVALID slot; the producer's doorbell comes after it publishes).
pub(crate) fn published_packet(q: &QueueObject, read: u64) -> Option<RawPacket> {
    if read >= q.load_write_index(MemoryOrder::Acquire) {
        return None;
    }
    let slot = q.slot(read);
    // SAFETY: `slot` is a live slot of this queue's ring.
    let header = packet::Header(unsafe { packet::load_header_acquire(slot) });
    if header.packet_type() == packet_type::INVALID {
        return None;
    }
    // SAFETY: the header was published with release ordering, so the whole slot is visible.
    let raw: RawPacket = unsafe { slot.read() };
    fence(Ordering::Acquire);
    Some(raw)
}

/// Retires the packet at ring index `read` once its contents are no longer needed: the slot
/// header goes back to INVALID, then the read index advances past it (release). Returns the
/// new read index.
pub(crate) fn retire_packet(q: &QueueObject, read: u64) -> u64 {
    // SAFETY: a live slot of this queue's ring, consumed by this processor only.
    unsafe { packet::invalidate(q.slot(read)) };
    q.store_read_index(read + 1, MemoryOrder::Release);
    read + 1
}

/// The completion signal of a packet: `None` for handle 0, an error for a bad handle.
pub(crate) fn completion_signal(handle: u64) -> Result<Option<Arc<SignalObject>>, Stop> {
    if handle == 0 {
        return Ok(None);
    }
    signal::lookup(handle)
        .map(Some)
        .map_err(|_| Stop::Error(Status::ERROR_INVALID_SIGNAL))
}
