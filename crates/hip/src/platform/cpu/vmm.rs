//! [`VmmBackend`] for the CPU platform: virtual memory management over `mmap`.
//!
//! * A physical allocation (`hipMemCreate`) is a memory file (`memfd_create`) of the size
//!   asked for; its handle is a registry number.
//! * A reservation (`hipMemAddressReserve`) is a `PROT_NONE` private mapping: address space
//!   with nothing behind it. HIP's allocation table knows it as device memory (so copies and
//!   pointer queries work across the mappings in it).
//! * `hipMemMap` puts the file there (`MAP_SHARED | MAP_FIXED`), still inaccessible;
//!   `hipMemSetAccess` opens it (`mprotect`): every CPU device shares the one address space,
//!   so the protection is the widest access any device was given. `hipMemUnmap` puts the
//!   `PROT_NONE` hole back. Touching memory without access faults, as on a GPU.
//! * Export/import is the memory file's descriptor (`hipMemHandleTypePosixFileDescriptor`),
//!   which another process maps the same way.

use std::collections::{BTreeMap, HashMap};
use std::ffi::c_void;
use std::os::fd::{AsRawFd, OwnedFd};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use parking_lot::Mutex;

use super::shm;
use super::Cpu;
use crate::backend::mempool::MemAccess;
use crate::backend::vmm::{AllocationProp, HANDLE_TYPE_POSIX_FD};
use crate::backend::{DeviceBackend, Handle, VmmBackend};
use crate::error::{HipError, HipResult};
use crate::memory;

/// Recommended granularity: the huge-page size, so that large mappings can use huge pages.
const RECOMMENDED_GRANULARITY: usize = 2 << 20;
/// Allocation handles are `HANDLE_BASE | id` (never null, never a small integer).
const HANDLE_BASE: u64 = 0x564d_0000_0000_0000;

/// One physical allocation.
struct Physical {
    id: u64,
    fd: OwnedFd,
    size: usize,
    prop: AllocationProp,
}

/// One `hipMemMap` inside a reservation.
struct Map {
    size: usize,
    physical: Arc<Physical>,
    /// `hipMemAccessFlags` per device (absent: none).
    access: HashMap<usize, u32>,
}

/// One `hipMemAddressReserve`.
struct Reservation {
    size: usize,
    /// Mappings by address.
    maps: BTreeMap<usize, Map>,
}

#[derive(Default)]
struct State {
    /// Live handles: the allocation and its handle references.
    handles: HashMap<u64, (Arc<Physical>, usize)>,
    /// Reservations by base address.
    reservations: BTreeMap<usize, Reservation>,
}

static STATE: Mutex<Option<State>> = Mutex::new(None);
static NEXT_ID: AtomicU64 = AtomicU64::new(1);
/// Set once a reservation exists (`hipFree` skips the table until then).
static ACTIVE: AtomicBool = AtomicBool::new(false);

fn with_state<R>(f: impl FnOnce(&mut State) -> HipResult<R>) -> HipResult<R> {
    f(STATE.lock().get_or_insert_with(State::default))
}

/// The registry number in `handle` (0, which no allocation has, for a foreign value).
fn handle_id(handle: Handle) -> u64 {
    tagged_id(handle, HANDLE_BASE)
}

/// The number in a handle `base | id` (0 when the handle does not carry `base`).
pub(crate) fn tagged_id(handle: Handle, base: u64) -> u64 {
    const TAG: u64 = 0xffff_0000_0000_0000;
    let v = handle as u64;
    if v & TAG == base {
        v & !TAG
    } else {
        0
    }
}

fn page_multiple(n: usize) -> bool {
    n % shm::page_size() == 0
}

impl State {
    /// The reservation containing `[ptr, ptr + size)` (whole), by base address.
    fn reservation_of(&mut self, ptr: usize, size: usize) -> HipResult<(usize, &mut Reservation)> {
        let (&base, r) = self
            .reservations
            .range_mut(..=ptr)
            .next_back()
            .ok_or(HipError::InvalidValue)?;
        let end = ptr.checked_add(size).ok_or(HipError::InvalidValue)?;
        if end > base + r.size {
            return Err(HipError::InvalidValue);
        }
        Ok((base, r))
    }
}

impl Reservation {
    /// Mapping addresses exactly covering `[ptr, ptr + size)`, or `hipErrorInvalidValue`.
    fn covering(&self, ptr: usize, size: usize) -> HipResult<Vec<usize>> {
        let mut at = ptr;
        let end = ptr + size;
        let mut out = Vec::new();
        // The mapping containing `ptr` may start before it (set/get access of a sub-range).
        let first = self
            .maps
            .range(..=ptr)
            .next_back()
            .filter(|(&a, m)| ptr < a + m.size)
            .map(|(&a, _)| a)
            .ok_or(HipError::InvalidValue)?;
        for (&a, m) in self.maps.range(first..) {
            if at >= end {
                break;
            }
            if a > at {
                return Err(HipError::InvalidValue); // a hole
            }
            out.push(a);
            at = a + m.size;
        }
        if at < end {
            return Err(HipError::InvalidValue);
        }
        Ok(out)
    }
}

/// `hipFree` of a reservation: an error (it is released with `hipMemAddressFree`).
pub(crate) fn is_reservation(ptr: usize) -> bool {
    ACTIVE.load(Ordering::Relaxed)
        && STATE.lock().as_ref().is_some_and(|s| {
            s.reservations
                .range(..=ptr)
                .next_back()
                .is_some_and(|(&b, r)| ptr < b + r.size)
        })
}

/// The `PROT_*` value for the widest access any device has.
fn protection(access: &HashMap<usize, u32>) -> i32 {
    match access.values().copied().max().unwrap_or(0) {
        3 => libc::PROT_READ | libc::PROT_WRITE,
        1 => libc::PROT_READ,
        _ => libc::PROT_NONE,
    }
}

impl VmmBackend for Cpu {
    fn mem_granularity(&self, prop: &AllocationProp, recommended: bool) -> HipResult<usize> {
        self.ordinal(prop.device as i32)?;
        Ok(if recommended {
            RECOMMENDED_GRANULARITY
        } else {
            shm::page_size()
        })
    }

    fn mem_create(&self, size: usize, prop: &AllocationProp) -> HipResult<Handle> {
        self.ordinal(prop.device as i32)?;
        if size == 0 || !page_multiple(size) {
            return Err(HipError::InvalidValue);
        }
        // A memory file can be made far larger than memory (it is sparse until written), so
        // the device's size is the limit, as for hipMalloc (the region's largest
        // allocation); beyond it the pages could never all exist.
        if size as u64 > hsa::core::agent::total_memory() {
            return Err(HipError::OutOfMemory);
        }
        let fd = shm::memfd("ferrocm-vmm", size)?;
        let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
        let physical = Arc::new(Physical {
            id,
            fd,
            size,
            prop: *prop,
        });
        with_state(|s| {
            s.handles.insert(id, (physical, 1));
            Ok(())
        })?;
        Ok((HANDLE_BASE | id) as Handle)
    }

    fn mem_release(&self, handle: Handle) -> HipResult<()> {
        with_state(|s| {
            let id = handle_id(handle);
            let (_, refs) = s.handles.get_mut(&id).ok_or(HipError::InvalidValue)?;
            *refs -= 1;
            if *refs == 0 {
                // Mappings keep the memory (their `Arc` and the kernel's mapping).
                s.handles.remove(&id);
            }
            Ok(())
        })
    }

    fn mem_allocation_prop(&self, handle: Handle) -> HipResult<AllocationProp> {
        with_state(|s| {
            s.handles
                .get(&handle_id(handle))
                .map(|(p, _)| p.prop)
                .ok_or(HipError::InvalidValue)
        })
    }

    fn mem_address_reserve(
        &self,
        size: usize,
        alignment: usize,
        addr: *mut c_void,
    ) -> HipResult<*mut c_void> {
        let device = self.current_device()?;
        let page = shm::page_size();
        if size == 0 || !page_multiple(size) {
            return Err(HipError::InvalidValue);
        }
        let align = if alignment == 0 { page } else { alignment };
        if !align.is_power_of_two() || !page_multiple(align) {
            return Err(HipError::InvalidValue);
        }
        let span = size
            .checked_add(align - page)
            .ok_or(HipError::OutOfMemory)?;
        // Only a placement hint for the kernel, never dereferenced.
        let hint = addr as usize as *mut c_void;
        // SAFETY: a private PROT_NONE reservation; `addr` is only a hint (no MAP_FIXED).
        let p = unsafe {
            libc::mmap(
                hint,
                span,
                libc::PROT_NONE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
                -1,
                0,
            )
        };
        if p == libc::MAP_FAILED {
            return Err(HipError::OutOfMemory);
        }
        let start = p as usize;
        let base = start.next_multiple_of(align);
        // Give back the slack before and after the aligned range.
        // SAFETY: both pieces are parts of the mapping just made, outside `[base, base+size)`.
        unsafe {
            if base > start {
                libc::munmap(p, base - start);
            }
            let tail = start + span - (base + size);
            if tail > 0 {
                libc::munmap((base + size) as *mut c_void, tail);
            }
        }
        with_state(|s| {
            s.reservations.insert(
                base,
                Reservation {
                    size,
                    maps: BTreeMap::new(),
                },
            );
            Ok(())
        })?;
        memory::track(base, size, device);
        ACTIVE.store(true, Ordering::Relaxed);
        Ok(base as *mut c_void)
    }

    unsafe fn mem_address_free(&self, ptr: *mut c_void, size: usize) -> HipResult<()> {
        let base = ptr as usize;
        with_state(|s| {
            match s.reservations.get(&base) {
                Some(r) if r.size == size => {}
                _ => return Err(HipError::InvalidValue),
            }
            // Mappings still in the range go with it (their memory stays alive through
            // other mappings and handles).
            s.reservations.remove(&base);
            Ok(())
        })?;
        memory::untrack(base);
        // SAFETY: the reservation was ours and is forgotten; the caller guarantees no use.
        unsafe { libc::munmap(ptr, size) };
        Ok(())
    }

    unsafe fn mem_map(
        &self,
        ptr: *mut c_void,
        size: usize,
        offset: usize,
        handle: Handle,
    ) -> HipResult<()> {
        let at = ptr as usize;
        if size == 0 || !page_multiple(at) || !page_multiple(size) || !page_multiple(offset) {
            return Err(HipError::InvalidValue);
        }
        with_state(|s| {
            let physical = s
                .handles
                .get(&handle_id(handle))
                .map(|(p, _)| Arc::clone(p))
                .ok_or(HipError::InvalidValue)?;
            if offset
                .checked_add(size)
                .is_none_or(|end| end > physical.size)
            {
                return Err(HipError::InvalidValue);
            }
            let (_, r) = s.reservation_of(at, size)?;
            let overlaps = r
                .maps
                .range(..at + size)
                .next_back()
                .is_some_and(|(&a, m)| a + m.size > at);
            if overlaps {
                return Err(HipError::InvalidValue);
            }
            // SAFETY: inside a reservation of ours, over no mapping (checked above).
            unsafe {
                shm::map_fixed(
                    at,
                    size,
                    libc::PROT_NONE,
                    libc::MAP_SHARED,
                    physical.fd.as_raw_fd(),
                    offset as u64,
                )?
            };
            r.maps.insert(
                at,
                Map {
                    size,
                    physical,
                    access: HashMap::new(),
                },
            );
            Ok(())
        })
    }

    unsafe fn mem_unmap(&self, ptr: *mut c_void, size: usize) -> HipResult<()> {
        let at = ptr as usize;
        with_state(|s| {
            let (_, r) = s.reservation_of(at, size)?;
            let maps = r.covering(at, size)?;
            let whole_end = maps.last().and_then(|a| r.maps.get(a).map(|m| a + m.size));
            if maps.first() != Some(&at) || whole_end != Some(at + size) {
                return Err(HipError::InvalidValue); // part of a mapping
            }
            // SAFETY: the range is whole mappings of a reservation of ours.
            unsafe { shm::map_hole(at, size)? };
            for a in maps {
                r.maps.remove(&a);
            }
            Ok(())
        })
    }

    fn mem_set_access(&self, ptr: *mut c_void, size: usize, access: &[MemAccess]) -> HipResult<()> {
        let at = ptr as usize;
        if size == 0 || access.is_empty() {
            return Err(HipError::InvalidValue);
        }
        with_state(|s| {
            let (_, r) = s.reservation_of(at, size)?;
            let maps = r.covering(at, size)?;
            for a in maps {
                let Some(m) = r.maps.get_mut(&a) else {
                    continue;
                };
                for d in access {
                    m.access.insert(d.device, d.flags);
                }
                let prot = protection(&m.access);
                // SAFETY: `[a, a + size)` is one of our mappings.
                if unsafe { libc::mprotect(a as *mut c_void, m.size, prot) } != 0 {
                    return Err(HipError::InvalidValue);
                }
            }
            Ok(())
        })
    }

    fn mem_get_access(&self, device: usize, ptr: *mut c_void) -> HipResult<u32> {
        let at = ptr as usize;
        with_state(|s| {
            let (_, r) = s.reservation_of(at, 1)?;
            let a = r.covering(at, 1)?[0];
            Ok(r.maps
                .get(&a)
                .and_then(|m| m.access.get(&device).copied())
                .unwrap_or(0))
        })
    }

    fn mem_export_fd(&self, handle: Handle) -> HipResult<i32> {
        let physical = with_state(|s| {
            s.handles
                .get(&handle_id(handle))
                .map(|(p, _)| Arc::clone(p))
                .ok_or(HipError::InvalidValue)
        })?;
        if physical.prop.handle_types & HANDLE_TYPE_POSIX_FD == 0 {
            // CUDA: the allocation was not created exportable.
            return Err(HipError::InvalidValue);
        }
        // A descriptor the caller owns (not close-on-exec: it may be handed to a child).
        // SAFETY: F_DUPFD on our own open descriptor; the result is checked.
        let fd = unsafe { libc::fcntl(physical.fd.as_raw_fd(), libc::F_DUPFD, 0) };
        if fd < 0 {
            return Err(HipError::OutOfMemory);
        }
        Ok(fd)
    }

    fn mem_import_fd(&self, fd: i32) -> HipResult<Handle> {
        let device = self.current_device()?;
        let own = shm::duplicate(fd)?;
        let (_, _, size) = shm::identity(own.as_raw_fd())?;
        let size = usize::try_from(size).map_err(|_| HipError::InvalidValue)?;
        if size == 0 || !page_multiple(size) {
            return Err(HipError::InvalidValue);
        }
        let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
        let physical = Arc::new(Physical {
            id,
            fd: own,
            size,
            prop: AllocationProp {
                device,
                handle_types: HANDLE_TYPE_POSIX_FD,
            },
        });
        with_state(|s| {
            s.handles.insert(id, (physical, 1));
            Ok(())
        })?;
        Ok((HANDLE_BASE | id) as Handle)
    }

    fn mem_retain_allocation_handle(&self, addr: *mut c_void) -> HipResult<Handle> {
        let at = addr as usize;
        with_state(|s| {
            let (_, r) = s.reservation_of(at, 1)?;
            let a = r.covering(at, 1)?[0];
            let physical = r
                .maps
                .get(&a)
                .map(|m| Arc::clone(&m.physical))
                .ok_or(HipError::InvalidValue)?;
            let id = physical.id;
            s.handles
                .entry(id)
                .and_modify(|(_, refs)| *refs += 1)
                .or_insert((physical, 1));
            Ok((HANDLE_BASE | id) as Handle)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn map_access_unmap_through_the_backend() {
        let page = shm::page_size();
        let prop = AllocationProp {
            device: 0,
            handle_types: 0,
        };
        assert_eq!(Cpu.mem_granularity(&prop, false), Ok(page));
        assert_eq!(Cpu.mem_create(page + 1, &prop), Err(HipError::InvalidValue));
        let h = Cpu.mem_create(2 * page, &prop).expect("create");
        let va = Cpu
            .mem_address_reserve(4 * page, 0, std::ptr::null_mut())
            .expect("reserve");
        let base = va as usize;
        let rw = [MemAccess {
            device: 0,
            flags: 3,
        }];
        // SAFETY: inside our reservation; nothing else uses it.
        unsafe {
            // Beyond the allocation, outside the reservation.
            assert_eq!(
                Cpu.mem_map(va, 2 * page, page, h),
                Err(HipError::InvalidValue)
            );
            assert_eq!(
                Cpu.mem_map((base + 3 * page) as *mut c_void, 2 * page, 0, h),
                Err(HipError::InvalidValue)
            );
            Cpu.mem_map(va, 2 * page, 0, h).expect("map");
            // Over an existing mapping.
            assert_eq!(
                Cpu.mem_map((base + page) as *mut c_void, page, 0, h),
                Err(HipError::InvalidValue)
            );
        }
        // Access needs every byte mapped.
        assert_eq!(
            Cpu.mem_set_access(va, 3 * page, &rw),
            Err(HipError::InvalidValue)
        );
        assert_eq!(Cpu.mem_get_access(0, va), Ok(0));
        Cpu.mem_set_access(va, 2 * page, &rw).expect("access");
        assert_eq!(Cpu.mem_get_access(0, va), Ok(3));
        // SAFETY: mapped read-write just above.
        unsafe { *(base as *mut u64) = 42 };
        let r = Cpu.mem_retain_allocation_handle((base + 8) as *mut c_void);
        assert_eq!(r, Ok(h));
        Cpu.mem_release(h).expect("release the retained reference");
        Cpu.mem_release(h).expect("release");
        assert_eq!(Cpu.mem_release(h), Err(HipError::InvalidValue));
        // SAFETY: our reservation; the memory is not used afterwards.
        unsafe {
            // Part of a mapping.
            assert_eq!(Cpu.mem_unmap(va, page), Err(HipError::InvalidValue));
            Cpu.mem_unmap(va, 2 * page).expect("unmap");
            assert_eq!(
                Cpu.mem_address_free(va, 2 * page),
                Err(HipError::InvalidValue)
            );
            Cpu.mem_address_free(va, 4 * page).expect("free");
        }
    }
}
