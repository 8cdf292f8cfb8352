//! Shared-memory building blocks of the CPU platform's IPC ([`super::ipc`]), virtual memory
//! ([`super::vmm`]) and external resources ([`super::external`]): anonymous memory files
//! (`memfd_create`), `MAP_SHARED` mappings that unmap themselves, and reaching another
//! process's descriptor through `/proc/<pid>/fd/<n>`.
//!
//! A descriptor is reached through procfs rather than passed over a socket because a HIP IPC
//! handle is 64 plain bytes the program sends however it likes (a pipe, a file, shared
//! memory); opening `/proc/<pid>/fd/<n>` needs the same rights as reading the owner's
//! memory (same user, `ptrace` read access), which processes sharing device memory have.

use std::ffi::{c_void, CString};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};

use crate::error::{HipError, HipResult};

/// The system page size (the granule of every mapping here).
pub fn page_size() -> usize {
    hsa::core::memory::page_size()
}

/// A new anonymous memory file of `size` bytes (close-on-exec).
pub fn memfd(name: &str, size: usize) -> HipResult<OwnedFd> {
    let cname = CString::new(name).map_err(|_| HipError::InvalidValue)?;
    // SAFETY: a NUL-terminated name and valid flags; the result is checked.
    let raw = unsafe { libc::memfd_create(cname.as_ptr(), libc::MFD_CLOEXEC) };
    if raw < 0 {
        return Err(HipError::OutOfMemory);
    }
    // SAFETY: `raw` is a fresh descriptor nobody else owns.
    let fd = unsafe { OwnedFd::from_raw_fd(raw) };
    let len = libc::off_t::try_from(size).map_err(|_| HipError::OutOfMemory)?;
    // SAFETY: plain system call on our own descriptor.
    if unsafe { libc::ftruncate(fd.as_raw_fd(), len) } != 0 {
        return Err(HipError::OutOfMemory);
    }
    Ok(fd)
}

/// What identifies the file behind a descriptor across processes: (device, inode, size).
pub fn identity(fd: RawFd) -> HipResult<(u64, u64, u64)> {
    // SAFETY: `stat` is plain data; fstat fills it or fails.
    let mut st: libc::stat = unsafe { std::mem::zeroed() };
    // SAFETY: `st` is a valid out-parameter; a bad descriptor is an error, not UB.
    if unsafe { libc::fstat(fd, &mut st) } != 0 {
        return Err(HipError::InvalidValue);
    }
    Ok((st.st_dev, st.st_ino, st.st_size.max(0) as u64))
}

/// Our own duplicate of `fd` (close-on-exec), or `hipErrorInvalidValue` if it is not open.
pub fn duplicate(fd: RawFd) -> HipResult<OwnedFd> {
    if fd < 0 {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: F_DUPFD_CLOEXEC on any number: a closed one fails with EBADF.
    let raw = unsafe { libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 0) };
    if raw < 0 {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: a fresh descriptor nobody else owns.
    Ok(unsafe { OwnedFd::from_raw_fd(raw) })
}

/// Opens descriptor `fd` of process `pid`, checking that it still refers to the file
/// (`dev`, `ino`) the handle was made for (a closed-and-reused number is another file).
/// `hipErrorInvalidValue` when it is gone (the owner freed the memory or exited).
pub fn open_foreign(pid: u32, fd: i32, dev: u64, ino: u64) -> HipResult<OwnedFd> {
    let path = CString::new(format!("/proc/{pid}/fd/{fd}")).map_err(|_| HipError::InvalidValue)?;
    // SAFETY: a NUL-terminated path; the result is checked.
    let raw = unsafe { libc::open(path.as_ptr(), libc::O_RDWR | libc::O_CLOEXEC) };
    if raw < 0 {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: a fresh descriptor nobody else owns.
    let owned = unsafe { OwnedFd::from_raw_fd(raw) };
    let (d, i, _) = identity(owned.as_raw_fd())?;
    if (d, i) != (dev, ino) {
        return Err(HipError::InvalidValue);
    }
    Ok(owned)
}

/// A `MAP_SHARED` mapping of a file, unmapped when dropped.
#[derive(Debug)]
pub struct Mapping {
    addr: usize,
    len: usize,
}

impl Mapping {
    /// Maps `len` bytes of `fd` from `offset` (page-aligned) read-write, anywhere.
    pub fn shared(fd: RawFd, offset: u64, len: usize) -> HipResult<Mapping> {
        let off = libc::off_t::try_from(offset).map_err(|_| HipError::InvalidValue)?;
        // SAFETY: no address hint: the kernel picks a free range; the result is checked.
        let p = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_SHARED,
                fd,
                off,
            )
        };
        if p == libc::MAP_FAILED {
            return Err(HipError::MapFailed);
        }
        Ok(Mapping {
            addr: p as usize,
            len,
        })
    }

    pub fn addr(&self) -> usize {
        self.addr
    }

    pub fn len(&self) -> usize {
        self.len
    }
}

impl Drop for Mapping {
    fn drop(&mut self) {
        // SAFETY: the range is a mapping this value owns (see the constructors).
        unsafe { libc::munmap(self.addr as *mut c_void, self.len) };
    }
}

/// `mmap(addr, len, prot, flags | MAP_FIXED, fd, offset)`: replaces whatever is mapped at
/// `[addr, addr + len)`.
///
/// # Safety
/// The range must belong to the caller (a reservation or an allocation it owns), and
/// nothing may rely on its old contents.
pub unsafe fn map_fixed(
    addr: usize,
    len: usize,
    prot: i32,
    flags: i32,
    fd: RawFd,
    offset: u64,
) -> HipResult<()> {
    let off = libc::off_t::try_from(offset).map_err(|_| HipError::InvalidValue)?;
    // SAFETY: forwarded from the caller.
    let p = unsafe {
        libc::mmap(
            addr as *mut c_void,
            len,
            prot,
            flags | libc::MAP_FIXED,
            fd,
            off,
        )
    };
    if p == libc::MAP_FAILED {
        return Err(HipError::MapFailed);
    }
    Ok(())
}

/// Makes `[addr, addr + len)` inaccessible private memory again (a hole in a reservation).
///
/// # Safety
/// As for [`map_fixed`].
pub unsafe fn map_hole(addr: usize, len: usize) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe {
        map_fixed(
            addr,
            len,
            libc::PROT_NONE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
            -1,
            0,
        )
    }
}

/// Turns the private anonymous allocation `[base, base + len)` into a `MAP_SHARED` mapping
/// of a new memory file at the same address, keeping its contents (only the resident pages
/// are copied: untouched pages read as zero in both), and returns the file.
///
/// # Safety
/// The range must be a private anonymous mapping owned by the caller, page-aligned, and
/// nothing may write it during the call (the device has been synchronised).
pub unsafe fn share_in_place(base: usize, len: usize) -> HipResult<OwnedFd> {
    let fd = memfd("ferrocm-ipc", len)?;
    let staging = Mapping::shared(fd.as_raw_fd(), 0, len)?;
    let page = page_size();
    let pages = len.div_ceil(page);
    let mut resident = vec![0u8; pages];
    // SAFETY: `base..base+len` is mapped (the caller's allocation); `resident` has one byte
    // per page.
    let ok = unsafe { libc::mincore(base as *mut c_void, len, resident.as_mut_ptr()) } == 0;
    for (i, r) in resident.iter().enumerate() {
        if ok && r & 1 == 0 {
            continue;
        }
        let off = i * page;
        let n = page.min(len - off);
        // SAFETY: both ranges are inside their mappings and do not overlap (distinct
        // mappings).
        unsafe {
            std::ptr::copy_nonoverlapping(
                (base + off) as *const u8,
                (staging.addr() + off) as *mut u8,
                n,
            )
        };
    }
    drop(staging);
    // SAFETY: forwarded from the caller: the range is ours and quiescent.
    unsafe {
        map_fixed(
            base,
            len,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_SHARED,
            fd.as_raw_fd(),
            0,
        )?
    };
    Ok(fd)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn share_in_place_keeps_contents_and_address() {
        let len = 4 * page_size();
        // SAFETY: a fresh private anonymous mapping owned by this test.
        let p = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        assert_ne!(p, libc::MAP_FAILED);
        let base = p as usize;
        // SAFETY: inside the mapping; page 2 stays untouched.
        unsafe {
            *(base as *mut u32) = 0xdead_beef;
            *((base + 3 * page_size()) as *mut u32) = 7;
        }
        // SAFETY: ours and quiescent.
        let fd = unsafe { share_in_place(base, len) }.expect("share");
        // SAFETY: still mapped at the same address.
        unsafe {
            assert_eq!(*(base as *const u32), 0xdead_beef);
            assert_eq!(*((base + 2 * page_size()) as *const u32), 0);
            assert_eq!(*((base + 3 * page_size()) as *const u32), 7);
        }
        // A second mapping of the file sees the same bytes and writes through.
        let other = Mapping::shared(fd.as_raw_fd(), 0, len).expect("map");
        // SAFETY: both mappings are live.
        unsafe {
            assert_eq!(*(other.addr() as *const u32), 0xdead_beef);
            *((other.addr() + 4) as *mut u32) = 42;
            assert_eq!(*((base + 4) as *const u32), 42);
        }
        // SAFETY: ours.
        unsafe { libc::munmap(p, len) };
    }

    #[test]
    fn foreign_open_checks_identity() {
        let fd = memfd("t", page_size()).expect("memfd");
        let (dev, ino, size) = identity(fd.as_raw_fd()).expect("stat");
        assert_eq!(size as usize, page_size());
        let pid = std::process::id();
        assert!(open_foreign(pid, fd.as_raw_fd(), dev, ino).is_ok());
        assert_eq!(
            open_foreign(pid, fd.as_raw_fd(), dev, ino + 1).unwrap_err(),
            HipError::InvalidValue
        );
        assert_eq!(
            open_foreign(pid, 99_999, dev, ino).unwrap_err(),
            HipError::InvalidValue
        );
    }
}
