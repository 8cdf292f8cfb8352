//! [`ExternalBackend`] for the CPU platform: external memory and semaphores given as POSIX
//! file descriptors.
//!
//! * **Memory** (`hipExternalMemoryHandleTypeOpaqueFd`): any file that can be mapped shared
//!   (a `memfd`, a file under `/dev/shm`, an fd exported by `hipMemExportToShareableHandle`
//!   here or in another process). Each mapped buffer is its own `MAP_SHARED` view of the
//!   file, known to HIP as device memory and released with `hipFree`, as CUDA documents; the
//!   descriptor belongs to HIP after a successful import and is closed by
//!   `hipDestroyExternalMemory`.
//! * **Semaphores** (`hipExternalSemaphoreHandleTypeOpaqueFd`, binary, and
//!   `...TimelineSemaphoreFd`): a shared memory file of at least [`SEMAPHORE_FILE_SIZE`]
//!   bytes holding a 64-bit value then a 32-bit wake word (the host-side semaphore this
//!   platform defines; a process shares it by passing the file). Signal: a binary semaphore
//!   adds 1, a timeline one raises its value to the fence value; wait: a binary semaphore
//!   takes 1 once positive, a timeline one waits for a value at least the fence value. Both
//!   run in stream order as host functions on the stream's queue; waiters sleep on a shared
//!   futex.

use std::collections::HashMap;
use std::ffi::c_void;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::Arc;

use parking_lot::Mutex;

use super::shm::{self, Mapping};
use super::Cpu;
use crate::backend::external::{
    ExternalMemoryDesc, ExternalSemaphoreDesc, SemaphoreOp, EXTERNAL_MEMORY_DEDICATED,
    EXTERNAL_MEMORY_OPAQUE_FD, EXTERNAL_SEMAPHORE_OPAQUE_FD, EXTERNAL_SEMAPHORE_TIMELINE_FD,
};
use crate::backend::{DeviceBackend, ExternalBackend, Handle};
use crate::error::{HipError, HipResult};
use crate::memory;
use crate::stream::resolve;

/// Bytes a semaphore file must have: the value (u64) and the wake word (u32), padded.
pub const SEMAPHORE_FILE_SIZE: u64 = 16;
/// Handles are `HANDLE_BASE | id`.
const MEMORY_HANDLE_BASE: u64 = 0x584d_0000_0000_0000;
const SEMAPHORE_HANDLE_BASE: u64 = 0x5853_0000_0000_0000;

struct ExternalMemory {
    fd: OwnedFd,
    size: u64,
}

#[repr(C)]
struct SemaphoreWords {
    value: AtomicU64,
    wake: AtomicU32,
}

struct Semaphore {
    mapping: Mapping,
    timeline: bool,
    /// Kept open for the semaphore's life (HIP owns it after the import).
    _fd: OwnedFd,
}

// SAFETY: the mapping is shared memory accessed only through atomics.
unsafe impl Send for Semaphore {}
// SAFETY: as above.
unsafe impl Sync for Semaphore {}

impl Semaphore {
    fn words(&self) -> &SemaphoreWords {
        // SAFETY: the mapping is page-aligned, at least SEMAPHORE_FILE_SIZE bytes of the
        // file, lives as long as `self`, and is only accessed through atomics.
        unsafe { &*(self.mapping.addr() as *const SemaphoreWords) }
    }

    fn signal(&self, value: u64) {
        let w = self.words();
        if self.timeline {
            w.value.fetch_max(value, Ordering::AcqRel);
        } else {
            w.value.fetch_add(1, Ordering::AcqRel);
        }
        w.wake.fetch_add(1, Ordering::Release);
        cpu_engine::futex::wake_shared(&w.wake, i32::MAX);
    }

    fn wait(&self, value: u64) {
        let w = self.words();
        loop {
            let seen = w.wake.load(Ordering::Acquire);
            let v = w.value.load(Ordering::Acquire);
            if self.timeline {
                if v >= value {
                    return;
                }
            } else if v > 0
                && w.value
                    .compare_exchange(v, v - 1, Ordering::AcqRel, Ordering::Acquire)
                    .is_ok()
            {
                return;
            } else if v > 0 {
                continue; // lost a race for the count: look again
            }
            // Bounded: a signaller that died cannot strand the waiter without a re-check.
            cpu_engine::futex::wait_shared(&w.wake, seen, Some(100_000_000));
        }
    }
}

#[derive(Default)]
struct State {
    memories: HashMap<u64, ExternalMemory>,
    semaphores: HashMap<u64, Arc<Semaphore>>,
    /// Mapped buffers by the address handed out: (view, address HIP's table knows).
    buffers: HashMap<usize, Mapping>,
}

static STATE: Mutex<Option<State>> = Mutex::new(None);
static NEXT_ID: AtomicU64 = AtomicU64::new(1);
static ACTIVE: AtomicBool = AtomicBool::new(false);

fn with_state<R>(f: impl FnOnce(&mut State) -> HipResult<R>) -> HipResult<R> {
    f(STATE.lock().get_or_insert_with(State::default))
}

/// Whether `ptr` is a mapped buffer (as handed out).
pub(crate) fn is_buffer(ptr: usize) -> bool {
    ACTIVE.load(Ordering::Relaxed)
        && STATE
            .lock()
            .as_ref()
            .is_some_and(|s| s.buffers.contains_key(&ptr))
}

/// `hipFree` of a mapped buffer: unmaps it. `None` if `ptr` is not one.
pub(crate) fn free_buffer(ptr: usize) -> Option<HipResult<()>> {
    if !ACTIVE.load(Ordering::Relaxed) {
        return None;
    }
    let view = STATE.lock().as_mut()?.buffers.remove(&ptr)?;
    memory::untrack(ptr);
    drop(view);
    Some(Ok(()))
}

fn semaphore(h: Handle) -> HipResult<Arc<Semaphore>> {
    with_state(|s| {
        s.semaphores
            .get(&(super::vmm::tagged_id(h, SEMAPHORE_HANDLE_BASE)))
            .cloned()
            .ok_or(HipError::InvalidValue)
    })
}

impl ExternalBackend for Cpu {
    fn import_external_memory(&self, desc: &ExternalMemoryDesc) -> HipResult<Handle> {
        self.current_device()?;
        if desc.handle_type != EXTERNAL_MEMORY_OPAQUE_FD {
            // Win32, D3D and NvSci objects do not exist on this platform.
            return Err(HipError::NotSupported);
        }
        if desc.fd < 0 || desc.size == 0 || desc.flags & !EXTERNAL_MEMORY_DEDICATED != 0 {
            return Err(HipError::InvalidValue);
        }
        let (_, _, file_size) = shm::identity(desc.fd)?;
        if file_size < desc.size {
            return Err(HipError::InvalidValue);
        }
        // SAFETY: on success the descriptor belongs to HIP (CUDA's and HIP's contract); it
        // was checked to be open above.
        let fd = unsafe { OwnedFd::from_raw_fd(desc.fd) };
        let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
        with_state(|s| {
            s.memories.insert(
                id,
                ExternalMemory {
                    fd,
                    size: desc.size,
                },
            );
            Ok(())
        })?;
        ACTIVE.store(true, Ordering::Relaxed);
        Ok((MEMORY_HANDLE_BASE | id) as Handle)
    }

    fn external_memory_mapped_buffer(
        &self,
        memory: Handle,
        offset: u64,
        size: u64,
        flags: u32,
    ) -> HipResult<*mut c_void> {
        let device = self.current_device()?;
        if flags != 0 || size == 0 {
            return Err(HipError::InvalidValue);
        }
        with_state(|s| {
            let m = s
                .memories
                .get(&(super::vmm::tagged_id(memory, MEMORY_HANDLE_BASE)))
                .ok_or(HipError::InvalidValue)?;
            if offset.checked_add(size).is_none_or(|end| end > m.size) {
                return Err(HipError::InvalidValue);
            }
            let page = shm::page_size() as u64;
            let start = offset - offset % page;
            let delta = (offset - start) as usize;
            let len = usize::try_from(size).map_err(|_| HipError::InvalidValue)? + delta;
            let view = Mapping::shared(m.fd.as_raw_fd(), start, len)?;
            let ptr = view.addr() + delta;
            memory::track(ptr, size as usize, device);
            s.buffers.insert(ptr, view);
            Ok(ptr as *mut c_void)
        })
    }

    fn destroy_external_memory(&self, memory: Handle) -> HipResult<()> {
        // Buffers mapped from it stay valid until `hipFree` (they hold their own view).
        with_state(|s| {
            s.memories
                .remove(&(super::vmm::tagged_id(memory, MEMORY_HANDLE_BASE)))
                .map(|_| ())
                .ok_or(HipError::InvalidValue)
        })
    }

    fn import_external_semaphore(&self, desc: &ExternalSemaphoreDesc) -> HipResult<Handle> {
        self.current_device()?;
        let timeline = match desc.handle_type {
            EXTERNAL_SEMAPHORE_OPAQUE_FD => false,
            EXTERNAL_SEMAPHORE_TIMELINE_FD => true,
            _ => return Err(HipError::NotSupported),
        };
        if desc.fd < 0 || desc.flags != 0 {
            return Err(HipError::InvalidValue);
        }
        let (_, _, size) = shm::identity(desc.fd)?;
        if size < SEMAPHORE_FILE_SIZE {
            return Err(HipError::InvalidValue);
        }
        let mapping = Mapping::shared(desc.fd, 0, shm::page_size())?;
        // SAFETY: the descriptor is open (checked) and belongs to HIP from now on.
        let fd = unsafe { OwnedFd::from_raw_fd(desc.fd) };
        let sem = Arc::new(Semaphore {
            mapping,
            timeline,
            _fd: fd,
        });
        let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
        with_state(|s| {
            s.semaphores.insert(id, sem);
            Ok(())
        })?;
        Ok((SEMAPHORE_HANDLE_BASE | id) as Handle)
    }

    fn signal_external_semaphores(
        &self,
        semaphores: &[Handle],
        ops: &[SemaphoreOp],
        stream: Handle,
    ) -> HipResult<()> {
        let s = resolve(stream as u64)?;
        let sems = semaphores
            .iter()
            .map(|&h| semaphore(h))
            .collect::<HipResult<Vec<_>>>()?;
        let values: Vec<u64> = ops.iter().map(|o| o.fence_value).collect();
        s.host_fn(move || {
            for (sem, v) in sems.iter().zip(values) {
                sem.signal(v);
            }
        })
    }

    fn wait_external_semaphores(
        &self,
        semaphores: &[Handle],
        ops: &[SemaphoreOp],
        stream: Handle,
    ) -> HipResult<()> {
        let s = resolve(stream as u64)?;
        let sems = semaphores
            .iter()
            .map(|&h| semaphore(h))
            .collect::<HipResult<Vec<_>>>()?;
        let values: Vec<u64> = ops.iter().map(|o| o.fence_value).collect();
        s.host_fn(move || {
            for (sem, v) in sems.iter().zip(values) {
                sem.wait(v);
            }
        })
    }

    fn destroy_external_semaphore(&self, semaphore: Handle) -> HipResult<()> {
        // Pending signals and waits hold their own reference.
        with_state(|s| {
            s.semaphores
                .remove(&(super::vmm::tagged_id(semaphore, SEMAPHORE_HANDLE_BASE)))
                .map(|_| ())
                .ok_or(HipError::InvalidValue)
        })
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;

    /// Two semaphores over one file, as two importers (processes) would have them.
    fn pair(timeline: bool) -> (Arc<Semaphore>, Arc<Semaphore>) {
        let fd = shm::memfd("sem-test", SEMAPHORE_FILE_SIZE as usize).expect("memfd");
        let open = || {
            let own = shm::duplicate(fd.as_raw_fd()).expect("dup");
            Arc::new(Semaphore {
                mapping: Mapping::shared(own.as_raw_fd(), 0, shm::page_size()).expect("map"),
                timeline,
                _fd: own,
            })
        };
        (open(), open())
    }

    #[test]
    fn binary_wait_takes_one_signal() {
        let (a, b) = pair(false);
        let waiter = {
            let b = Arc::clone(&b);
            std::thread::spawn(move || {
                b.wait(0);
                b.wait(0);
            })
        };
        std::thread::sleep(Duration::from_millis(20));
        assert!(!waiter.is_finished(), "no signal yet");
        a.signal(0);
        std::thread::sleep(Duration::from_millis(20));
        assert!(!waiter.is_finished(), "one signal satisfies one wait only");
        a.signal(0);
        waiter.join().expect("waiter");
        assert_eq!(a.words().value.load(Ordering::Acquire), 0);
    }

    #[test]
    fn timeline_waits_for_the_value() {
        let (a, b) = pair(true);
        let t = Instant::now();
        let waiter = std::thread::spawn(move || b.wait(5));
        a.signal(3);
        std::thread::sleep(Duration::from_millis(20));
        assert!(!waiter.is_finished(), "3 < 5");
        a.signal(5);
        waiter.join().expect("waiter");
        // Lower values never move a timeline back.
        a.signal(2);
        assert_eq!(a.words().value.load(Ordering::Acquire), 5);
        assert!(t.elapsed() < Duration::from_secs(5));
    }
}
