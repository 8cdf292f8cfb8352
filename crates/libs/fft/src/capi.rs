//! What `librocfft.so` and `libhipfft.so` share: the export-table macro ([`exports!`]),
//! the entry discipline (panic containment, status conversion, a tracing hook), the
//! tables that turn opaque C handles into live objects, and the coverage table.

/// The bad-input probe machinery the export macro uses (`PROBES`).
pub use ferrocm_probe as probe;

use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};
use std::sync::Arc;

use parking_lot::RwLock;

use crate::error::{FftError, FftResult};

/// A C library's status conventions.
pub trait Library {
    /// `rocfft_status` / `hipfftResult`
    type Status: Copy;
    /// Its name, for traces.
    const NAME: &'static str;
    /// The environment variable that turns call tracing on (any value but `0`).
    const TRACE_ENV: &'static str;
    fn success() -> Self::Status;
    fn status_of(e: &FftError) -> Self::Status;
    /// What a panic (a bug) reports.
    fn internal_error() -> Self::Status;
    fn not_supported() -> Self::Status;
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
pub fn call<L: Library>(name: &str, body: impl FnOnce() -> FftResult<()>) -> L::Status {
    trace::<L>(name);
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => L::success(),
        Ok(Err(e)) => L::status_of(&e),
        Err(_) => L::internal_error(),
    }
}

/// Generates, from one declaration list, every `extern "C"` entry point of a library and
/// its coverage table (`EXPORTS`). A line is one of:
///
/// * `fn name(args) { path }`: implemented by `path(args) -> FftResult<()>`;
/// * `fn name(args) { unsupported "reason" }`: returns the library's not-supported status.
#[macro_export]
macro_rules! exports {
    (library = $lib:ty; $( fn $name:ident ( $($arg:ident : $ty:ty),* $(,)? ) { $($serve:tt)* } )*) => {
        /// Name and status of every exported function, in table order.
        pub const EXPORTS: &[$crate::capi::Export] = &[$(
            $crate::capi::Export { name: stringify!($name), status: $crate::export_status!($($serve)*) },
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
macro_rules! export_status {
    (unsupported $why:literal) => {
        $crate::capi::ExportStatus::NotSupported($why)
    };
    ($($serve:tt)*) => {
        $crate::capi::ExportStatus::Implemented
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! export_one {
    ($lib:ty; $name:ident ($($arg:ident : $ty:ty),*) { unsupported $why:literal }) => {
        /// Not supported: returns the library's not-supported status (see `docs/LIBRARIES.md`).
        #[no_mangle]
        pub extern "C" fn $name($($arg: $ty),*) -> <$lib as $crate::capi::Library>::Status {
            $( let _ = $arg; )*
            $crate::capi::trace::<$lib>(stringify!($name));
            <$lib as $crate::capi::Library>::not_supported()
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
    /// Returns the not-supported status, for the reason given.
    NotSupported(&'static str),
}

/// The coverage table of a library (`docs/LIBRARIES.md`).
pub fn coverage_markdown(library: &str, exports: &[Export]) -> String {
    let implemented: Vec<&str> = exports
        .iter()
        .filter(|e| e.status == ExportStatus::Implemented)
        .map(|e| e.name)
        .collect();
    let mut s = format!(
        "### {library}\n\n{} functions exported, {} implemented, {} return the not-supported status.\n\n",
        exports.len(),
        implemented.len(),
        exports.len() - implemented.len()
    );
    let unsupported: Vec<(&str, &str)> = exports
        .iter()
        .filter_map(|e| match e.status {
            ExportStatus::NotSupported(why) => Some((e.name, why)),
            ExportStatus::Implemented => None,
        })
        .collect();
    if !unsupported.is_empty() {
        s.push_str("| not supported | why |\n|---|---|\n");
        for (name, why) in unsupported {
            s.push_str(&format!("| `{name}` | {why} |\n"));
        }
        s.push('\n');
    }
    s.push_str(&format!("Implemented: `{}`\n", implemented.join("`, `")));
    s
}

/// Live objects by opaque id: the C layers hand ids out as handles, so that NULL, stale
/// and foreign handles are told apart from live ones.
pub struct Table<T> {
    live: RwLock<HashMap<usize, Arc<T>>>,
    next: AtomicUsize,
    base: usize,
}

impl<T> Table<T> {
    /// Ids start at `base` (a non-pointer value, different per table).
    pub fn new(base: usize) -> Table<T> {
        Table {
            live: RwLock::new(HashMap::new()),
            next: AtomicUsize::new(1),
            base,
        }
    }

    /// Stores `v`; returns its id.
    pub fn insert(&self, v: T) -> usize {
        let id = self.base + self.next.fetch_add(1, Ordering::Relaxed);
        self.live.write().insert(id, Arc::new(v));
        id
    }

    /// The live object `id` (`InvalidPlan` for NULL, stale or unknown ids).
    pub fn get(&self, id: usize) -> FftResult<Arc<T>> {
        self.live
            .read()
            .get(&id)
            .cloned()
            .ok_or(FftError::InvalidPlan)
    }

    /// Removes object `id`.
    pub fn remove(&self, id: usize) -> FftResult<()> {
        self.live
            .write()
            .remove(&id)
            .map(drop)
            .ok_or(FftError::InvalidPlan)
    }
}
