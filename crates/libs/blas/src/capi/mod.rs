//! What `librocblas.so` and `libhipblas.so` share: the export-table macro ([`exports!`]),
//! the entry discipline (panic containment, status conversion, a tracing hook), the
//! handle table, and the adaptors from C arguments to [`crate::ops`] (both libraries pass
//! the same arguments in the same order; hipBLAS on AMD GPUs is a thin layer over rocBLAS
//! and its handles are rocBLAS handles, as here).

/// The bad-input probe machinery the export macro uses (`PROBES`).
pub use ferrocm_probe as probe;

pub mod aux;
pub mod ex;
pub mod ex_trsm;
pub mod ex_vector;
pub mod gemv_mixed;
pub mod level1;
pub mod level2;
pub mod level3;
pub mod packed;
pub mod rotation;
pub mod solver;
pub mod triangle;

use std::ffi::c_void;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, LazyLock};

use crate::error::{BlasError, BlasResult};
use crate::handle::{Handle, HandleTable};

/// A C library's status conventions.
pub trait Library {
    /// `rocblas_status` / `hipblasStatus_t`
    type Status: Copy;
    /// Its name, for traces.
    const NAME: &'static str;
    /// The environment variable that turns call tracing on (any value but `0`).
    const TRACE_ENV: &'static str;
    fn success() -> Self::Status;
    fn status_of(e: &BlasError) -> Self::Status;
    /// What a panic (a bug) reports.
    fn internal_error() -> Self::Status;
    fn not_supported() -> Self::Status;
}

/// An integer argument of the 32-bit (`int`, `rocblas_int`) or 64-bit (`int64_t`) API.
pub trait CInt: Copy + Into<i64> + crate::ops::level1::IndexOut + 'static {}
impl CInt for i32 {}
impl CInt for i64 {}

static HANDLES: LazyLock<HandleTable> = LazyLock::new(HandleTable::new);

/// The live handle behind a C handle.
pub fn handle(h: *mut c_void) -> BlasResult<Arc<Handle>> {
    if h.is_null() {
        return Err(BlasError::InvalidHandle);
    }
    HANDLES.get(h as usize)
}

/// Creates a handle; returns the C handle.
pub fn create_handle() -> BlasResult<*mut c_void> {
    HANDLES.create().map(|id| id as *mut c_void)
}

/// Destroys a C handle.
pub fn destroy_handle(h: *mut c_void) -> BlasResult<()> {
    HANDLES.destroy(h as usize)
}

/// 0: not read yet, 1: off, 2: on.
static TRACE: AtomicU8 = AtomicU8::new(0);

#[cold]
fn trace_setting<L: Library>() -> bool {
    let on = std::env::var(L::TRACE_ENV).is_ok_and(|v| !v.is_empty() && v != "0");
    TRACE.store(if on { 2 } else { 1 }, Ordering::Relaxed);
    on
}

/// The tracing hook: one relaxed load when tracing is off.
#[inline]
pub fn trace<L: Library>(name: &str) {
    let on = match TRACE.load(Ordering::Relaxed) {
        0 => trace_setting::<L>(),
        v => v == 2,
    };
    if on {
        eprintln!("{}: {name}", L::NAME);
    }
}

/// Runs an entry point: `Ok` → success, `Err` → its status, a panic → internal error
/// (never unwinds into C).
pub fn call<L: Library>(name: &str, body: impl FnOnce() -> BlasResult<()>) -> L::Status {
    trace::<L>(name);
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => L::success(),
        Ok(Err(e)) => L::status_of(&e),
        Err(_) => L::internal_error(),
    }
}

/// The value a raw entry point returns when it panics.
pub trait OnPanic {
    fn on_panic() -> Self;
}
impl OnPanic for () {
    fn on_panic() -> Self {}
}
impl OnPanic for bool {
    fn on_panic() -> Self {
        false
    }
}
impl OnPanic for i32 {
    fn on_panic() -> Self {
        0
    }
}
impl<T> OnPanic for *const T {
    fn on_panic() -> Self {
        std::ptr::null()
    }
}

/// Runs an entry point that returns a plain value.
pub fn raw_call<L: Library, R: OnPanic>(name: &str, body: impl FnOnce() -> R) -> R {
    trace::<L>(name);
    catch_unwind(AssertUnwindSafe(body)).unwrap_or_else(|_| R::on_panic())
}

/// Generates, from one declaration list, every `extern "C"` entry point of a library and
/// its coverage table (`EXPORTS`). A line is one of:
///
/// * `fn name(args) { path }`: implemented by `path(args) -> BlasResult<()>`;
/// * `fn name(args) { unsupported "area" }`: returns the library's NOT_SUPPORTED status;
/// * `fn name(args) -> T { raw path }`: returns `path(args)`'s value as is.
#[macro_export]
macro_rules! exports {
    (library = $lib:ty; $( fn $name:ident ( $($arg:ident : $ty:ty),* $(,)? ) $(-> $ret:ty)? { $($serve:tt)* } )*) => {
        /// Name and status of every exported function, in table order.
        pub const EXPORTS: &[$crate::capi::Export] = &[$(
            $crate::capi::Export { name: stringify!($name), status: $crate::export_status!($($serve)*) },
        )*];
        /// Every exported function with a caller for the bad-input probes (tests only: not
        /// exported, so the shared library drops it).
        pub static PROBES: &[$crate::capi::probe::Probe] = &[$(
            $crate::capi::probe::probe!($name($($arg: $ty),*) $(-> $ret)?),
        )*];
        $( $crate::export_one!($lib; $name ($($arg: $ty),*) $(-> $ret)? { $($serve)* }); )*
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! export_status {
    (unsupported $area:literal) => {
        $crate::capi::ExportStatus::NotSupported($area)
    };
    ($($serve:tt)*) => {
        $crate::capi::ExportStatus::Implemented
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! export_one {
    ($lib:ty; $name:ident ($($arg:ident : $ty:ty),*) { unsupported $area:literal }) => {
        /// Not implemented yet: returns NOT_SUPPORTED (see `docs/LIBRARIES.md`).
        #[no_mangle]
        pub extern "C" fn $name($($arg: $ty),*) -> <$lib as $crate::capi::Library>::Status {
            $( let _ = $arg; )*
            $crate::capi::trace::<$lib>(stringify!($name));
            <$lib as $crate::capi::Library>::not_supported()
        }
    };
    ($lib:ty; $name:ident ($($arg:ident : $ty:ty),*) -> $ret:ty { raw $serve:path }) => {
        /// # Safety
        /// The library's contract for this function.
        #[no_mangle]
        #[allow(unused_unsafe, clippy::too_many_arguments)]
        pub unsafe extern "C" fn $name($($arg: $ty),*) -> $ret {
            // SAFETY: the caller's contract is the implementation's.
            $crate::capi::raw_call::<$lib, $ret>(stringify!($name), || unsafe { $serve($($arg),*) })
        }
    };
    ($lib:ty; $name:ident ($($arg:ident : $ty:ty),*) { $serve:path }) => {
        /// # Safety
        /// The library's contract for this function (pointers valid as documented).
        #[no_mangle]
        #[allow(unused_unsafe, clippy::too_many_arguments)]
        pub unsafe extern "C" fn $name($($arg: $ty),*) -> <$lib as $crate::capi::Library>::Status {
            // SAFETY: the caller's contract is the implementation's.
            $crate::capi::call::<$lib>(stringify!($name), || unsafe { $serve($($arg),*) })
        }
    };
}

pub use crate::exports;

/// One exported function.
#[derive(Debug, Clone, Copy)]
pub struct Export {
    pub name: &'static str,
    pub status: ExportStatus,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportStatus {
    Implemented,
    /// Returns NOT_SUPPORTED; the area says what is missing.
    NotSupported(&'static str),
}

/// The coverage table of a library (`docs/LIBRARIES.md`): per area, how many functions
/// are exported and implemented.
pub fn coverage_markdown(library: &str, exports: &[Export]) -> String {
    use std::collections::BTreeMap;
    let implemented = exports
        .iter()
        .filter(|e| e.status == ExportStatus::Implemented)
        .count();
    let mut by_area: BTreeMap<&str, usize> = BTreeMap::new();
    for e in exports {
        if let ExportStatus::NotSupported(area) = e.status {
            *by_area.entry(area).or_default() += 1;
        }
    }
    let mut s = format!(
        "### {library}\n\n{} functions exported, {implemented} implemented, {} return NOT_SUPPORTED.\n\n",
        exports.len(),
        exports.len() - implemented
    );
    s.push_str("| not supported yet | functions |\n|---|---|\n");
    for (area, n) in by_area {
        s.push_str(&format!("| {area} | {n} |\n"));
    }
    s.push_str("\nImplemented:\n\n");
    let names: Vec<&str> = exports
        .iter()
        .filter(|e| e.status == ExportStatus::Implemented)
        .map(|e| e.name)
        .collect();
    s.push_str(&format!("`{}`\n", names.join("`, `")));
    s
}
