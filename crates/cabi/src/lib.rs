//! What every C ABI crate of ferrocm (`libamdhip64`, the ROCm libraries, roctx, SMI)
//! checks of the pointers a C caller hands it, before reading or writing through them.
//!
//! The checks are free (no system call): NULL, the first 64 KiB (Linux's
//! `vm.mmap_min_addr`, where NULL plus a small offset lands) and anything past the lower
//! half of the 48-bit address space (kernel or non-canonical addresses, what uninitialised
//! or corrupted pointers usually hold) can never be user memory, so they are refused with
//! the library's invalid-argument status instead of faulting. A canonical address that is
//! merely unmapped is not caught by those (that needs `mincore`, a system call: [`mapped`],
//! which the HIP runtime uses where it reads or writes memory for the caller).

use std::ffi::{c_char, CStr};

/// The lowest address a Linux process can map (`vm.mmap_min_addr` is at most this).
const LOWEST: usize = 64 << 10;
/// The end of the user half of a 48-bit address space (x86-64, AArch64 by default).
const USER_END: usize = 1 << 47;

/// Whether `address` can be user-space memory.
pub fn plausible(address: usize) -> bool {
    (LOWEST..USER_END).contains(&address)
}

/// Whether pointer `p` can point at user memory (NULL cannot).
pub fn plausible_ptr<T>(p: *const T) -> bool {
    plausible(p as usize)
}

/// Whether an optional pointer was given: `Some(false)` for NULL, `Some(true)` for a
/// plausible address, `None` for one no process can map.
pub fn given<T>(p: *const T) -> Option<bool> {
    if p.is_null() {
        Some(false)
    } else {
        plausible_ptr(p).then_some(true)
    }
}

/// A C array of `count` elements: empty for 0; `None` for NULL, an impossible address,
/// or a length that cannot fit the address space (a garbage count is refused rather than
/// read past).
///
/// # Safety
/// If the checks pass, `ptr` must be valid for `count` reads of `T`, unchanged while the
/// slice is used.
pub unsafe fn array<'a, T>(ptr: *const T, count: usize) -> Option<&'a [T]> {
    if count == 0 {
        return Some(&[]);
    }
    let end = count
        .checked_mul(std::mem::size_of::<T>())
        .and_then(|bytes| (ptr as usize).checked_add(bytes))?;
    if !plausible_ptr(ptr) || !plausible(end) {
        return None;
    }
    // SAFETY: non-NULL, within the user address space; `count` entries per the caller.
    Some(unsafe { std::slice::from_raw_parts(ptr, count) })
}

/// [`array`], and every page of it mapped (one `mincore`: for calls that are not on a hot
/// path, where a garbage count must not read past the caller's memory).
///
/// # Safety
/// As for [`array`].
pub unsafe fn mapped_array<'a, T>(ptr: *const T, count: usize) -> Option<&'a [T]> {
    // SAFETY: forwarded; the slice is returned only if its pages are mapped.
    let a = unsafe { array(ptr, count) }?;
    let start = ptr as usize;
    (a.is_empty() || mapped(start, start + std::mem::size_of_val(a))).then_some(a)
}

/// A NUL-terminated string, or `None` for NULL or an impossible address.
///
/// # Safety
/// If the checks pass, `p` must point at a NUL-terminated string that outlives `'a`.
pub unsafe fn c_str<'a>(p: *const c_char) -> Option<&'a CStr> {
    // SAFETY: plausible, NUL-terminated per the caller.
    plausible_ptr(p).then(|| unsafe { CStr::from_ptr(p) })
}

/// Writes `value` through out-pointer `out`; `false` (nothing written) for NULL or an
/// impossible address.
///
/// # Safety
/// If the checks pass, `out` must be valid for a write of `T` (any alignment).
pub unsafe fn write<T>(out: *mut T, value: T) -> bool {
    if !plausible_ptr(out) {
        return false;
    }
    // SAFETY: plausible, writable per the caller.
    unsafe { out.write_unaligned(value) };
    true
}

/// Whether every page of `[start, end)` is mapped in this process. `mincore` answers
/// without touching the memory (ENOMEM for a hole), one page-table walk per call; the
/// residency vector it fills is scratch. (A mapped page without the needed protection is
/// not detected: that would take /proc/self/maps or a fault handler.)
pub fn mapped(start: usize, end: usize) -> bool {
    static PAGE: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    let page = *PAGE.get_or_init(|| {
        // SAFETY: sysconf has no preconditions.
        let p = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
        usize::try_from(p)
            .ok()
            .filter(|p| p.is_power_of_two())
            .unwrap_or(4096)
    });
    const CHUNK_PAGES: usize = 1 << 14;
    let Some(last) = end.checked_add(page - 1) else {
        return false;
    };
    let (mut at, end) = (start & !(page - 1), last & !(page - 1));
    let mut residency = vec![0u8; ((end - at) / page).min(CHUNK_PAGES)];
    while at < end {
        let len = (end - at).min(CHUNK_PAGES * page);
        // SAFETY: `at` is page-aligned; mincore only inspects the page tables of the range
        // and writes one byte per page into `residency`, which holds len / page bytes.
        let rc = unsafe { libc::mincore(at as *mut libc::c_void, len, residency.as_mut_ptr()) };
        if rc != 0 {
            return false;
        }
        at += len;
    }
    true
}

/// [`mapped`], and the first and last byte of `[start, end)` readable: a mapping without
/// access (a `PROT_NONE` reservation, such as the address ranges the CUDA driver reserves for
/// device memory, where a freed device pointer points) is refused. The bytes are read with
/// `process_vm_readv` on this process, which reports a fault as `EFAULT` instead of raising
/// a signal. For calls that hand host memory to code that reads it with the CPU (a driver's
/// pageable copies); a page in the middle without access is not detected.
pub fn readable(start: usize, end: usize) -> bool {
    if end <= start || !plausible(start) || !mapped(start, end) {
        return false;
    }
    let probe = |at: usize| {
        let mut byte = 0u8;
        let local = libc::iovec {
            iov_base: (&mut byte as *mut u8).cast(),
            iov_len: 1,
        };
        let remote = libc::iovec {
            iov_base: at as *mut libc::c_void,
            iov_len: 1,
        };
        // SAFETY: reads one byte of this process at `at` into `byte`; the kernel checks the
        // source address and returns -1/EFAULT for an unreadable one (no signal).
        unsafe { libc::process_vm_readv(libc::getpid(), &local, 1, &remote, 1, 0) == 1 }
    };
    probe(start) && probe(end - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unreadable_mappings_are_refused() {
        let page = 4096;
        // SAFETY: a fresh private mapping with no access, unmapped at the end.
        let p = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                2 * page,
                libc::PROT_NONE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        assert_ne!(p, libc::MAP_FAILED);
        let a = p as usize;
        assert!(mapped(a, a + 2 * page), "mincore sees the reservation");
        assert!(!readable(a, a + 2 * page), "but it cannot be read");
        // SAFETY: make the first page readable.
        assert_eq!(unsafe { libc::mprotect(p, page, libc::PROT_READ) }, 0);
        assert!(readable(a, a + page));
        assert!(
            !readable(a, a + page + 1),
            "the last byte is in the inaccessible page"
        );
        let v = [1u8; 16];
        assert!(readable(v.as_ptr() as usize, v.as_ptr() as usize + 16));
        assert!(!readable(a, a), "an empty range is not a buffer");
        // SAFETY: unmaps the mapping made above.
        unsafe { libc::munmap(p, 2 * page) };
    }

    #[test]
    fn impossible_addresses_are_refused() {
        let x = 5u32;
        assert!(plausible_ptr(&x));
        assert!(!plausible(0));
        assert!(!plausible(0x10));
        assert!(!plausible(0x0000_dead_beef_0000));
        assert!(!plausible(usize::MAX));
        assert_eq!(given(std::ptr::null::<u8>()), Some(false));
        assert_eq!(given(&x), Some(true));
        assert_eq!(given(0x0000_dead_beef_0000 as *const u8), None);
    }

    #[test]
    fn arrays_check_address_and_length() {
        let v = [1u64, 2, 3];
        // SAFETY: `v` holds 3 elements.
        unsafe {
            assert_eq!(array(v.as_ptr(), 3), Some(&v[..]));
            assert_eq!(array(std::ptr::null::<u64>(), 0), Some(&[][..]));
            assert_eq!(array(std::ptr::null::<u64>(), 1), None);
            assert_eq!(array(v.as_ptr(), usize::MAX), None);
            assert_eq!(array(v.as_ptr(), 1 << 60), None);
            assert_eq!(mapped_array(v.as_ptr(), 3), Some(&v[..]));
            assert_eq!(mapped_array(v.as_ptr(), 1 << 40), None);
        }
    }

    #[test]
    fn mapped_tells_live_memory_from_holes() {
        let v = vec![0u8; 1 << 16];
        let start = v.as_ptr() as usize;
        assert!(mapped(start, start + v.len()));
        assert!(!mapped(0x0000_dead_beef_0000, 0x0000_dead_beef_0040));
        assert!(!mapped(usize::MAX - 10, usize::MAX));
    }

    #[test]
    fn strings_and_writes() {
        let mut out = 0u32;
        // SAFETY: valid string and out-pointer; the others are refused before any access.
        unsafe {
            assert_eq!(
                c_str(c"ok".as_ptr()).map(|s| s.to_bytes()),
                Some(&b"ok"[..])
            );
            assert!(c_str(std::ptr::null()).is_none());
            assert!(c_str(0x0000_dead_beef_0000 as *const c_char).is_none());
            assert!(write(&mut out, 7));
            assert_eq!(out, 7);
            assert!(!write(0x0000_dead_beef_0000 as *mut u32, 1));
        }
    }
}
