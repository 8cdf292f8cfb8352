//! What `libamd_smi.so` and `librocm_smi64.so` share: the export-table macro (one declaration
//! list per library generates the `extern "C"` symbols, panic containment and the export
//! list), the library session (`*_init`/`*_shut_down` with reference counting), and C string
//! helpers.

/// The bad-input probe machinery the export macro uses (`PROBES`).
pub use ferrocm_probe as probe;

use std::ffi::c_char;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use parking_lot::RwLock;

use crate::Inventory;

/// Runs an entry point's body; a panic becomes `on_panic` (never unwinding into C).
#[inline(always)]
pub fn entry<R>(on_panic: R, body: impl FnOnce() -> R) -> R {
    catch_unwind(AssertUnwindSafe(body)).unwrap_or(on_panic)
}

/// What a function returns when its implementation panicked: the library's status for
/// status-returning functions, nothing for `void` ones.
pub trait PanicValue: Sized {
    fn on_panic(status: u32) -> Self;
}

impl PanicValue for u32 {
    fn on_panic(status: u32) -> u32 {
        status
    }
}

impl PanicValue for () {
    fn on_panic(_: u32) {}
}

/// Declares a C library's exports, once. Each line is
/// `fn name(arg: Type, ...) -> Status { path::to::implementation }` (called with the same
/// arguments) or `fn name(...) -> Status { unsupported "reason" }` (returns the library's
/// not-supported status). Generates the `#[no_mangle] extern "C"` functions, `EXPORTS` (every
/// name) and `TABLE` (name, reason when not supported) for the export test and the coverage docs.
#[macro_export]
macro_rules! smi_exports {
    (
        on_panic = $panic:expr;
        not_supported = $ns:expr;
        $(
            $(#[$attr:meta])*
            fn $name:ident ( $($arg:ident : $ty:ty),* $(,)? ) -> $ret:ty { $($body:tt)+ }
        )*
    ) => {
        /// The name of every exported function, in table order.
        pub const EXPORTS: &[&str] = &[$(stringify!($name)),*];

        /// Every exported function with, for those that return the not-supported status,
        /// the reason.
        pub const TABLE: &[(&str, Option<&str>)] = &[
            $((stringify!($name), $crate::smi_exports!(@reason $($body)+))),*
        ];

        /// Every exported function with a caller for the bad-input probes (tests only: not
        /// exported, so the shared library drops it).
        pub static PROBES: &[$crate::capi::probe::Probe] = &[$(
            $crate::capi::probe::probe!($name($($arg: $ty),*) -> $ret),
        )*];

        $(
            $(#[$attr])*
            /// # Safety
            /// The C API's contract: pointers are NULL (refused with the invalid-argument
            /// status) or valid for the documented reads and writes.
            #[no_mangle]
            #[allow(unused_unsafe, unused_variables, clippy::missing_safety_doc)]
            pub unsafe extern "C" fn $name($($arg: $ty),*) -> $ret {
                let on_panic = <$ret as $crate::capi::PanicValue>::on_panic($panic);
                $crate::capi::entry(on_panic, || {
                    $crate::smi_exports!(@call $ns; ($($arg),*) $($body)+)
                })
            }
        )*
    };
    (@reason unsupported $reason:literal) => { Some($reason) };
    (@reason $($serve:tt)+) => { None };
    (@call $ns:expr; ($($arg:ident),*) unsupported $reason:literal) => { $ns };
    (@call $ns:expr; ($($arg:ident),*) $($serve:tt)+) => {
        // SAFETY: the caller's contract is the implementation's.
        unsafe { $($serve)+($($arg),*) }
    };
}

/// A library session: `init` discovers the devices on its first call and counts the calls;
/// `shut_down` drops them after the last. Handles of a shut-down session are stale.
#[derive(Debug)]
pub struct Session {
    state: RwLock<Option<(usize, Arc<Inventory>)>>,
}

impl Session {
    pub const fn new() -> Session {
        Session {
            state: parking_lot::const_rwlock(None),
        }
    }

    /// Initialises (or adds a reference to) the session.
    pub fn init(&self) {
        self.init_with(Inventory::discover)
    }

    /// As [`Session::init`] with a given device discovery (tests).
    pub fn init_with(&self, discover: impl FnOnce() -> Inventory) {
        let mut s = self.state.write();
        match s.as_mut() {
            Some((count, _)) => *count += 1,
            None => *s = Some((1, Arc::new(discover()))),
        }
    }

    /// Drops a reference; false when the session was not initialised.
    pub fn shut_down(&self) -> bool {
        let mut s = self.state.write();
        match s.as_mut() {
            Some((count, _)) if *count > 1 => {
                *count -= 1;
                true
            }
            Some(_) => {
                *s = None;
                true
            }
            None => false,
        }
    }

    /// The devices, when initialised.
    pub fn inventory(&self) -> Option<Arc<Inventory>> {
        self.state.read().as_ref().map(|(_, inv)| inv.clone())
    }
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

/// Copies `s` into the C buffer `dst` of `len` bytes, NUL-terminated; returns false when it
/// had to be truncated (the buffer then holds the first `len - 1` bytes).
///
/// # Safety
/// `dst` is valid for `len` byte writes.
pub unsafe fn write_c_str(dst: *mut c_char, len: usize, s: &str) -> bool {
    if len == 0 {
        return s.is_empty();
    }
    let bytes = s.as_bytes();
    let n = bytes.len().min(len - 1);
    // SAFETY: n < len bytes plus the NUL fit in the caller's buffer.
    unsafe {
        std::ptr::copy_nonoverlapping(bytes.as_ptr(), dst.cast::<u8>(), n);
        *dst.add(n) = 0;
    }
    n == bytes.len()
}

/// Fills a fixed-size C character array of a struct with `s` (truncated, NUL-terminated).
pub fn fill(dst: &mut [c_char], s: &str) {
    dst.fill(0);
    let n = s.len().min(dst.len().saturating_sub(1));
    for (d, &b) in dst.iter_mut().zip(&s.as_bytes()[..n]) {
        *d = b as c_char;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sessions_count_references() {
        let s = Session::new();
        assert!(s.inventory().is_none());
        assert!(!s.shut_down(), "not initialised");
        s.init_with(|| Inventory::from_devices(Vec::new()));
        s.init_with(|| panic!("discovered once"));
        assert!(s.shut_down());
        assert!(s.inventory().is_some(), "one reference left");
        assert!(s.shut_down());
        assert!(s.inventory().is_none());
    }

    #[test]
    fn c_strings_truncate_with_a_nul() {
        let mut buf = [1 as c_char; 4];
        // SAFETY: 4 writable bytes.
        assert!(!unsafe { write_c_str(buf.as_mut_ptr(), 4, "abcdef") });
        assert_eq!(buf, [b'a' as c_char, b'b' as c_char, b'c' as c_char, 0]);
        // SAFETY: as above.
        assert!(unsafe { write_c_str(buf.as_mut_ptr(), 4, "ab") });
        assert_eq!(&buf[..3], &[b'a' as c_char, b'b' as c_char, 0]);
        let mut arr = [7 as c_char; 3];
        fill(&mut arr, "xyz");
        assert_eq!(arr, [b'x' as c_char, b'y' as c_char, 0]);
    }

    #[test]
    fn entries_contain_panics() {
        assert_eq!(entry(16u32, || panic!("boom")), 16);
        assert_eq!(entry(16u32, || 0), 0);
    }
}
