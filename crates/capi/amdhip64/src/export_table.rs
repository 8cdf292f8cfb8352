//! How `libamdhip64.so` exports its functions: the `hip_exports!` macro, fed once by the
//! declaration list in [`crate::exports`] (ZLUDA's and Rusticl's pattern).
//!
//! Every line of that list names one C function with its signature and what serves it:
//!
//! ```text
//! fn hipStreamCreate(stream: *mut hipStream_t) { stream::hipStreamCreate }
//! fn hipGetErrorName(e: hipError_t) -> *const c_char { raw device::hipGetErrorName }
//! fn hipTexRefSetArray(...) { unsupported "textures and surfaces" }
//! ```
//!
//! and the macro turns each into
//! * the exported `extern "C"` symbol, with the entry discipline of [`crate::entry`]
//!   (panic containment; for `hipError_t` functions the per-thread last error) and the
//!   per-call tracing hook of [`crate::trace`] (one atomic load when tracing is off);
//! * an [`ApiId`] (its index: `hipApiName`, trace records) and an [`ApiEntry`] in [`API`]
//!   (name and status: the coverage table `docs/HIP_API_COVERAGE.md` is generated from it);
//! * its address for `hipGetProcAddress` ([`address_of`]).
//!
//! The three forms: a plain path is an implementation returning `HipResult<()>` (the
//! `hipError_t` entry discipline); `raw path` an implementation with its own C return type
//! (`hipGetErrorName`, the compiler ABI); `unsupported "area"` a function not implemented
//! yet, which returns `hipErrorNotSupported` (and records it as the last error).

use std::ffi::c_void;

/// Whether a function of the table does its work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ApiStatus {
    /// Implemented (on every platform unless the coverage notes say otherwise).
    Implemented,
    /// Returns `hipErrorNotSupported`; the area it belongs to.
    NotSupported(&'static str),
}

/// One exported function: its C name and status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ApiEntry {
    pub name: &'static str,
    pub status: ApiStatus,
}

/// A function address as `hipGetProcAddress` hands it out.
pub type ProcAddress = *const c_void;

macro_rules! hip_exports {
    ($(
        $(#[$attr:meta])*
        fn $name:ident ( $($arg:ident : $ty:ty),* $(,)? ) $(-> $ret:ty)? { $($serve:tt)* }
    )*) => {
        /// Every exported function, numbered in table order (`hipApiName`, trace records).
        #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[repr(u32)]
        pub enum ApiId { $($name,)* }

        /// Name and status of every exported function, indexed by [`ApiId`].
        pub const API: &[$crate::export_table::ApiEntry] = &[$(
            $crate::export_table::ApiEntry {
                name: stringify!($name),
                status: $crate::export_table::hip_export_status!($($serve)*),
            },
        )*];

        /// The address of the exported function `name` (`hipGetProcAddress`).
        pub fn address_of(name: &str) -> Option<$crate::export_table::ProcAddress> {
            match name {
                $(stringify!($name) => Some($name as $crate::export_table::ProcAddress),)*
                _ => None,
            }
        }

        /// Every exported function with a caller for bad-input probes (`tests/bad_input.rs`;
        /// not exported, so the shared library does not keep it).
        pub static PROBES: &[ferrocm_probe::Probe] = &[$(
            ferrocm_probe::probe!($name($($arg: $ty),*) $(-> $ret)?),
        )*];

        $(
            $crate::export_table::hip_export_one! {
                $(#[$attr])* $name ($($arg: $ty),*) $(-> $ret)? { $($serve)* }
            }
        )*
    };
}

/// The status of one entry, from what serves it.
macro_rules! hip_export_status {
    (unsupported $area:literal) => {
        $crate::export_table::ApiStatus::NotSupported($area)
    };
    ($($serve:tt)*) => {
        $crate::export_table::ApiStatus::Implemented
    };
}

/// The `extern "C"` symbol of one entry.
macro_rules! hip_export_one {
    ($(#[$attr:meta])* $name:ident ($($arg:ident : $ty:ty),*) { unsupported $area:literal }) => {
        $(#[$attr])*
        /// Not implemented yet: returns `hipErrorNotSupported` (see `docs/HIP_API_COVERAGE.md`).
        #[no_mangle]
        pub extern "C" fn $name($($arg: $ty),*) -> $crate::entry::HipErrorT {
            $( let _ = $arg; )*
            $crate::entry::hip_call(ApiId::$name, || Err(hip::HipError::NotSupported))
        }
    };
    ($(#[$attr:meta])* $name:ident ($($arg:ident : $ty:ty),*) -> $ret:ty { unsupported $area:literal }) => {
        $(#[$attr])*
        /// Not implemented yet: returns the failure value of its type.
        #[no_mangle]
        pub extern "C" fn $name($($arg: $ty),*) -> $ret {
            $( let _ = $arg; )*
            $crate::entry::set_last_error(hip::HipError::NotSupported.code());
            <$ret as $crate::entry::OnFailure>::failure()
        }
    };
    ($(#[$attr:meta])* $name:ident ($($arg:ident : $ty:ty),*) $(-> $ret:ty)? { raw $serve:path }) => {
        $(#[$attr])*
        /// # Safety
        /// HIP's contract for this function (pointers valid as its documentation says).
        #[no_mangle]
        #[allow(unused_unsafe, clippy::too_many_arguments)]
        pub unsafe extern "C" fn $name($($arg: $ty),*) $(-> $ret)? {
            // SAFETY: the caller's contract is the implementation's.
            $crate::entry::raw_call(ApiId::$name, || unsafe { $serve($($arg),*) })
        }
    };
    ($(#[$attr:meta])* $name:ident ($($arg:ident : $ty:ty),*) { $serve:path }) => {
        $(#[$attr])*
        /// # Safety
        /// HIP's contract for this function (pointers valid as its documentation says).
        #[no_mangle]
        #[allow(unused_unsafe, clippy::too_many_arguments)]
        pub unsafe extern "C" fn $name($($arg: $ty),*) -> $crate::entry::HipErrorT {
            // SAFETY: the caller's contract is the implementation's.
            $crate::entry::hip_call(ApiId::$name, || unsafe { $serve($($arg),*) })
        }
    };
}

pub(crate) use {hip_export_one, hip_export_status, hip_exports};

// The structures passed by value in the list, for the bad-input probes: plain C data
// (integers and pointers), any bit pattern of which a C caller can pass.
ferrocm_probe::plain_args!(
    crate::entry::Dim3,
    crate::memory3d::HipExtent,
    crate::memory3d::HipPitchedPtr,
    crate::types::hipIpcMemHandle_t,
    crate::types::hipIpcEventHandle_t,
);
ferrocm_probe::plain_rets!(crate::types::hipChannelFormatDesc);
