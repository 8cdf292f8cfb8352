//! Bad-input probing of exported C functions (issue 23, item 1).
//!
//! Every library's export macro (the one declaration list per C library) also emits a
//! table of [`Probe`]s: the function's name, its parameters' names and Rust types as
//! written in the list, and a caller that converts one [`Value`] per parameter into the
//! parameter's type ([`ProbeArg`]) and calls the exported function. Being generated from
//! the same list as the exports, the table cannot miss a function.
//!
//! [`classify`](classes::classify) tells what a parameter is from its type and name (a
//! handle, a data pointer, an out-pointer, a size, flags, a device ordinal...), and
//! [`classes_for`](classes::classes_for) which classes of bad input apply to it (null,
//! garbage, destroyed, wrong handle type, foreign host pointer, zero/huge/misaligned
//! sizes, unknown enum values and flag bits...). The [`runner`] makes one case per
//! (function, parameter, class), the other parameters given valid values by the library's
//! [`Fixtures`](library::Fixtures), runs the cases in child processes with a timeout and a
//! sanity sequence after each call, and counts crashes, hangs and corruptions.
//!
//! The tables cost nothing in the shipped `.so` files: they are not exported symbols, so
//! the linker drops them; only test binaries that use them keep them.

pub mod classes;
pub mod library;
pub mod runner;
pub mod simple;

/// One parameter of an exported function, as its declaration list writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Param {
    pub name: &'static str,
    /// The Rust type as written in the list (`*mut c_void`, `StreamT`, `usize`...).
    pub ty: &'static str,
}

/// One exported function of a declaration list, callable with probe values.
#[derive(Clone, Copy)]
pub struct Probe {
    pub name: &'static str,
    pub params: &'static [Param],
    /// The return type as the list writes it (empty: the library's status type).
    pub ret: &'static str,
    /// Calls the exported function with `values` (one per parameter, in order) and
    /// returns its result as an integer ([`ProbeRet`]).
    ///
    /// # Safety
    /// The values are deliberately bad: the function under test must cope with them.
    pub call: unsafe fn(&[Value]) -> i64,
}

impl std::fmt::Debug for Probe {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Probe")
            .field("name", &self.name)
            .field("params", &self.params)
            .finish()
    }
}

/// A value handed to one parameter.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// An integer, or the address of a pointer parameter.
    Word(u64),
    Float(f64),
    /// The bytes of a structure passed by value (zero-filled or cut to its size).
    Bytes(Vec<u8>),
    /// A callback: `true` for a valid function that does nothing, `false` for NULL.
    Callback(bool),
}

impl Value {
    fn word(&self) -> u64 {
        match self {
            Value::Word(w) => *w,
            Value::Float(f) => *f as u64,
            Value::Bytes(_) | Value::Callback(_) => 0,
        }
    }
}

/// Conversion of a [`Value`] into a parameter type of an export table.
pub trait ProbeArg: Sized {
    fn from_value(v: &Value) -> Self;
}

macro_rules! integer_args {
    ($($t:ty),*) => {$(
        impl ProbeArg for $t {
            fn from_value(v: &Value) -> Self {
                // Truncation is the point: a C caller passes any bit pattern.
                v.word() as $t
            }
        }
    )*};
}
integer_args!(u8, i8, u16, i16, u32, i32, u64, i64, usize, isize);

impl ProbeArg for bool {
    fn from_value(v: &Value) -> Self {
        v.word() != 0
    }
}

impl ProbeArg for f32 {
    fn from_value(v: &Value) -> Self {
        match v {
            Value::Float(f) => *f as f32,
            other => other.word() as f32,
        }
    }
}

impl ProbeArg for f64 {
    fn from_value(v: &Value) -> Self {
        match v {
            Value::Float(f) => *f,
            other => other.word() as f64,
        }
    }
}

impl<T> ProbeArg for *mut T {
    fn from_value(v: &Value) -> Self {
        v.word() as usize as *mut T
    }
}

impl<T> ProbeArg for *const T {
    fn from_value(v: &Value) -> Self {
        v.word() as usize as *const T
    }
}

/// Reads a structure passed by value from [`Value::Bytes`] (zero-filled past the bytes
/// given). For `#[repr(C)]` types made of integers, floats and raw pointers only, for which
/// every bit pattern is a value, as C allows a caller to pass.
pub fn plain_from_value<T: Copy>(v: &Value) -> T {
    let mut out = std::mem::MaybeUninit::<T>::zeroed();
    if let Value::Bytes(b) = v {
        let n = b.len().min(std::mem::size_of::<T>());
        // SAFETY: `n` bytes fit both the source and the zeroed destination.
        unsafe { std::ptr::copy_nonoverlapping(b.as_ptr(), out.as_mut_ptr().cast::<u8>(), n) };
    }
    // SAFETY: zero-filled then overwritten with bytes; the caller's types accept any bits.
    unsafe { out.assume_init() }
}

/// Implements [`ProbeArg`] for plain C structures passed by value (see
/// [`plain_from_value`]): `ferrocm_probe::plain_args!(Dim3, HipExtent);`.
#[macro_export]
macro_rules! plain_args {
    ($($t:ty),* $(,)?) => {$(
        impl $crate::ProbeArg for $t {
            fn from_value(v: &$crate::Value) -> Self {
                $crate::plain_from_value::<$t>(v)
            }
        }
    )*};
}

/// Implements [`ProbeRet`] for plain C structures returned by value (their "code" is 0:
/// such functions have no status to check).
#[macro_export]
macro_rules! plain_rets {
    ($($t:ty),* $(,)?) => {$(
        impl $crate::ProbeRet for $t {
            fn code(self) -> i64 {
                0
            }
        }
    )*};
}

// Callbacks: NULL or a valid function that does nothing (a garbage function address is
// no test of the callee: calling it is the caller's fault by every API's rules).
macro_rules! callback_args {
    ($($noop:ident ($($a:ident),*);)*) => {$(
        unsafe extern "C" fn $noop<$($a),*>($(_: $a),*) {}
        impl<$($a),*> ProbeArg for Option<unsafe extern "C" fn($($a),*)> {
            fn from_value(v: &Value) -> Self {
                match v {
                    Value::Callback(true) => Some($noop::<$($a),*>),
                    _ => None,
                }
            }
        }
    )*};
}
callback_args! {
    noop0();
    noop1(A);
    noop2(A, B);
    noop3(A, B, C);
    noop4(A, B, C, D);
}

/// The value a probe's do-nothing callback returns where the callback type returns one
/// (`hsa_status_t` iteration callbacks: SUCCESS, go on; a `bool` handler: false, done).
pub trait CallbackReturn {
    fn neutral() -> Self;
}

macro_rules! integer_callback_returns {
    ($($t:ty),*) => {$(
        impl CallbackReturn for $t {
            fn neutral() -> Self {
                0
            }
        }
    )*};
}
integer_callback_returns!(u8, i8, u16, i16, u32, i32, u64, i64, usize, isize);

impl CallbackReturn for bool {
    fn neutral() -> Self {
        false
    }
}

impl<T> CallbackReturn for *mut T {
    fn neutral() -> Self {
        std::ptr::null_mut()
    }
}

// Callbacks that return a value: NULL, or a function that does nothing and returns
// [`CallbackReturn::neutral`].
macro_rules! returning_callback_args {
    ($($noop:ident ($($a:ident),*);)*) => {$(
        unsafe extern "C" fn $noop<$($a,)* R: CallbackReturn>($(_: $a),*) -> R {
            R::neutral()
        }
        impl<$($a,)* R: CallbackReturn> ProbeArg for Option<unsafe extern "C" fn($($a),*) -> R> {
            fn from_value(v: &Value) -> Self {
                match v {
                    Value::Callback(true) => Some($noop::<$($a,)* R>),
                    _ => None,
                }
            }
        }
    )*};
}
returning_callback_args! {
    noop_ret0();
    noop_ret1(A);
    noop_ret2(A, B);
    noop_ret3(A, B, C);
    noop_ret4(A, B, C, D);
}

/// An exported function's return value as an integer (its status code; the address for
/// functions returning pointers; 0 for `void`).
pub trait ProbeRet {
    fn code(self) -> i64;
}

impl ProbeRet for () {
    fn code(self) -> i64 {
        0
    }
}

macro_rules! integer_rets {
    ($($t:ty),*) => {$(
        impl ProbeRet for $t {
            fn code(self) -> i64 {
                self as i64
            }
        }
    )*};
}
integer_rets!(u8, i8, u16, i16, u32, i32, u64, i64, usize, isize);

impl ProbeRet for bool {
    fn code(self) -> i64 {
        self as i64
    }
}

impl ProbeRet for f32 {
    fn code(self) -> i64 {
        self.to_bits() as i64
    }
}

impl ProbeRet for f64 {
    fn code(self) -> i64 {
        self.to_bits() as i64
    }
}

impl<T> ProbeRet for *mut T {
    fn code(self) -> i64 {
        self as usize as i64
    }
}

impl<T> ProbeRet for *const T {
    fn code(self) -> i64 {
        self as usize as i64
    }
}

/// Builds a [`Probe`] table entry inside an export macro:
/// `ferrocm_probe::probe!(hipMalloc(ptr: *mut *mut c_void, size: usize))`.
///
/// Each value is converted with [`ProbeArg`] in parameter order; missing values are zero.
#[macro_export]
macro_rules! probe {
    ($name:ident ($($arg:ident : $ty:ty),*) $(-> $ret:ty)?) => {
        $crate::Probe {
            name: stringify!($name),
            params: &[$($crate::Param { name: stringify!($arg), ty: stringify!($ty) }),*],
            ret: concat!($(stringify!($ret),)? ""),
            call: {
                #[allow(unused_variables, unused_mut, unused_unsafe, clippy::let_unit_value)]
                unsafe fn call(values: &[$crate::Value]) -> i64 {
                    let mut next = values.iter();
                    let zero = $crate::Value::Word(0);
                    $(let $arg = <$ty as $crate::ProbeArg>::from_value(next.next().unwrap_or(&zero));)*
                    // SAFETY: deliberately bad input for the function under test, which
                    // must cope with it (that is what the probe checks).
                    $crate::ProbeRet::code(unsafe { $name($($arg),*) })
                }
                call
            },
        }
    };
}
