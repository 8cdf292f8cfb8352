//! What `librocrand.so` and `libhiprand.so` share: the export-table macro ([`exports!`]),
//! the entry discipline (panic containment, status conversion, a tracing hook), the
//! generator table and the adaptors from C arguments to [`crate::Generator`] (hipRAND on
//! AMD GPUs is a thin layer over rocRAND and its generators are rocRAND generators, as
//! here). Each library converts its own enumerators and statuses.

/// The bad-input probe machinery the export macro uses (`PROBES`).
pub use ferrocm_probe as probe;

pub mod adaptors;

use std::collections::HashMap;
use std::ffi::c_void;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock};

use parking_lot::RwLock;

use crate::error::{RandError, RandResult};
use crate::generator::Generator;

/// A C library's status conventions.
pub trait Library {
    /// `rocrand_status` / `hiprandStatus_t`
    type Status: Copy;
    const NAME: &'static str;
    /// The environment variable that turns call tracing on (any value but `0`).
    const TRACE_ENV: &'static str;
    fn success() -> Self::Status;
    fn status_of(e: &RandError) -> Self::Status;
    /// What a panic (a bug) reports.
    fn internal_error() -> Self::Status;
    /// What a function without an implementation reports.
    fn not_supported() -> Self::Status;
}

/// Live generators by opaque id, so that NULL, stale and foreign handles are told apart.
struct GeneratorTable {
    live: RwLock<HashMap<usize, Arc<Generator>>>,
    next: AtomicUsize,
}

/// Ids are opaque, never-reused, non-pointer values.
const ID_BASE: usize = 0x0a4d_5000_0000;

static GENERATORS: LazyLock<GeneratorTable> = LazyLock::new(|| GeneratorTable {
    live: RwLock::new(HashMap::new()),
    next: AtomicUsize::new(1),
});

/// Registers a generator; returns its C handle.
pub fn register(g: Generator) -> *mut c_void {
    let id = ID_BASE + GENERATORS.next.fetch_add(1, Ordering::Relaxed);
    GENERATORS.live.write().insert(id, Arc::new(g));
    id as *mut c_void
}

/// The live generator behind a C handle (`NotCreated` for NULL, stale or unknown ones).
pub fn generator(h: *mut c_void) -> RandResult<Arc<Generator>> {
    GENERATORS
        .live
        .read()
        .get(&(h as usize))
        .cloned()
        .ok_or(RandError::NotCreated)
}

/// Destroys a C handle. Work already enqueued keeps what it needs.
pub fn unregister(h: *mut c_void) -> RandResult<()> {
    GENERATORS
        .live
        .write()
        .remove(&(h as usize))
        .map(drop)
        .ok_or(RandError::NotCreated)
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
pub fn call<L: Library>(name: &str, body: impl FnOnce() -> RandResult<()>) -> L::Status {
    trace::<L>(name);
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => L::success(),
        Ok(Err(e)) => L::status_of(&e),
        Err(_) => L::internal_error(),
    }
}

/// One exported function.
#[derive(Debug, Clone, Copy)]
pub struct Export {
    pub name: &'static str,
    /// `None` when implemented; otherwise why not.
    pub missing: Option<&'static str>,
}

/// Generates, from one declaration list, every `extern "C"` entry point of a library and
/// its coverage table (`EXPORTS`). A line is one of:
///
/// * `fn name(args) { path }`: implemented by `path(args) -> RandResult<()>`;
/// * `fn name(args) { unsupported "why" }`: returns the library's not-supported status.
#[macro_export]
macro_rules! exports {
    (library = $lib:ty; $( fn $name:ident ( $($arg:ident : $ty:ty),* $(,)? ) { $($serve:tt)* } )*) => {
        /// Name and status of every exported function, in table order.
        pub const EXPORTS: &[$crate::capi::Export] = &[$(
            $crate::capi::Export { name: stringify!($name), missing: $crate::export_missing!($($serve)*) },
        )*];
        /// Every exported function with a caller for the bad-input probes (tests only: not
        /// exported, so the shared library drops it).
        pub static PROBES: &[$crate::capi::probe::Probe] = &[$(
            $crate::capi::probe::probe!($name($($arg: $ty),*)),
        )*];
        $( $crate::export_one!($lib; $name ($($arg: $ty),*) { $($serve)* }); )*
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! export_missing {
    (unsupported $why:literal) => {
        Some($why)
    };
    ($($serve:tt)*) => {
        None
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! export_one {
    ($lib:ty; $name:ident ($($arg:ident : $ty:ty),*) { unsupported $why:literal }) => {
        /// Not implemented: returns the library's not-supported status (see
        /// `docs/LIBRARIES.md`).
        #[no_mangle]
        pub extern "C" fn $name($($arg: $ty),*) -> <$lib as $crate::capi::Library>::Status {
            $( let _ = $arg; )*
            $crate::capi::trace::<$lib>(stringify!($name));
            <$lib as $crate::capi::Library>::not_supported()
        }
    };
    ($lib:ty; $name:ident ($($arg:ident : $ty:ty),*) { $serve:expr }) => {
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
