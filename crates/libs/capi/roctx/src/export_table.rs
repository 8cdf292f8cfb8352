//! How `libroctx64.so` exports its functions: the `roctx_exports!` macro, fed once by the
//! declaration list in [`crate::exports`] (as `libamdhip64.so`'s table).
//!
//! Each line `fn name(args) -> ret { path }` becomes the exported `extern "C"` symbol, which
//! calls `path` and turns a panic into the failure value of its return type (never unwinding
//! into C), and an entry of [`crate::exports::EXPORTS`] (the export test compares it with the
//! built library's dynamic symbols).

use std::panic::{catch_unwind, AssertUnwindSafe};

/// The value a function returns when its implementation panicked.
pub trait OnFailure {
    fn failure() -> Self;
}

impl OnFailure for () {
    fn failure() {}
}

impl OnFailure for i32 {
    /// roctx's error value for `int` functions.
    fn failure() -> Self {
        -1
    }
}

impl OnFailure for u32 {
    fn failure() -> Self {
        0
    }
}

impl OnFailure for u64 {
    /// No range id is 0.
    fn failure() -> Self {
        0
    }
}

/// Runs an entry point's body; a panic becomes `R::failure()`.
#[inline(always)]
pub fn entry<R: OnFailure>(body: impl FnOnce() -> R) -> R {
    catch_unwind(AssertUnwindSafe(body)).unwrap_or_else(|_| R::failure())
}

macro_rules! roctx_exports {
    ($(
        $(#[$attr:meta])*
        fn $name:ident ( $($arg:ident : $ty:ty),* $(,)? ) -> $ret:ty { $serve:path }
    )*) => {
        /// The name of every exported function, in table order.
        pub const EXPORTS: &[&str] = &[$(stringify!($name)),*];

        /// Every exported function with a caller for the bad-input probes (tests only).
        pub static PROBES: &[ferrocm_probe::Probe] = &[$(
            ferrocm_probe::probe!($name($($arg: $ty),*) -> $ret),
        )*];

        $(
            $(#[$attr])*
            /// # Safety
            /// roctx's contract: a message is NULL or a NUL-terminated string; an out-pointer
            /// is NULL or valid for a write.
            #[no_mangle]
            #[allow(unused_unsafe)]
            pub unsafe extern "C" fn $name($($arg: $ty),*) -> $ret {
                // SAFETY: the caller's contract is the implementation's.
                $crate::export_table::entry(|| unsafe { $serve($($arg),*) })
            }
        )*
    };
}

pub(crate) use roctx_exports;
