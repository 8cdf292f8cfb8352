//! The one declaration list of `libhiprtc.so`: every function of `hip/hiprtc.h`, in the
//! header's order, each served by the function of the same name in the crate root (which
//! keeps its own entry discipline: argument checks, `hiprtcResult` codes, no panic into C).
//! The macro also makes the bad-input probe table (`PROBES`: tests only, not exported).
//! No `#[no_mangle]` anywhere else in this crate.
#![allow(non_snake_case)]

use std::ffi::{c_char, c_int, c_uint, c_void};

use crate::{HiprtcLinkState, HiprtcProgram, HiprtcResultT};

macro_rules! hiprtc_exports {
    ($( fn $name:ident ( $($arg:ident : $ty:ty),* $(,)? ) -> $ret:ty; )*) => {
        /// Every exported function, in the header's order.
        pub const EXPORTS: &[&str] = &[$(stringify!($name)),*];

        /// Every exported function with a caller for the bad-input probes.
        pub static PROBES: &[ferrocm_probe::Probe] = &[$(
            ferrocm_probe::probe!($name($($arg: $ty),*) -> $ret),
        )*];

        $(
            /// # Safety
            /// hiprtc's contract for this function (pointers valid as HIP documents).
            #[no_mangle]
            #[allow(unused_unsafe, clippy::too_many_arguments)]
            pub unsafe extern "C" fn $name($($arg: $ty),*) -> $ret {
                // SAFETY: the caller's contract is the implementation's.
                unsafe { crate::$name($($arg),*) }
            }
        )*
    };
}

hiprtc_exports! {
    fn hiprtcGetErrorString(result: HiprtcResultT) -> *const c_char;
    fn hiprtcVersion(major: *mut c_int, minor: *mut c_int) -> HiprtcResultT;
    fn hiprtcCreateProgram(prog: *mut HiprtcProgram, src: *const c_char, name: *const c_char, numHeaders: c_int, headers: *const *const c_char, includeNames: *const *const c_char) -> HiprtcResultT;
    fn hiprtcDestroyProgram(prog: *mut HiprtcProgram) -> HiprtcResultT;
    fn hiprtcAddNameExpression(prog: HiprtcProgram, name_expression: *const c_char) -> HiprtcResultT;
    fn hiprtcCompileProgram(prog: HiprtcProgram, numOptions: c_int, options: *const *const c_char) -> HiprtcResultT;
    fn hiprtcGetLoweredName(prog: HiprtcProgram, name_expression: *const c_char, lowered_name: *mut *const c_char) -> HiprtcResultT;
    fn hiprtcGetProgramLogSize(prog: HiprtcProgram, logSizeRet: *mut usize) -> HiprtcResultT;
    fn hiprtcGetProgramLog(prog: HiprtcProgram, log: *mut c_char) -> HiprtcResultT;
    fn hiprtcGetCodeSize(prog: HiprtcProgram, codeSizeRet: *mut usize) -> HiprtcResultT;
    fn hiprtcGetCode(prog: HiprtcProgram, code: *mut c_char) -> HiprtcResultT;
    fn hiprtcGetBitcodeSize(prog: HiprtcProgram, bitcode_size: *mut usize) -> HiprtcResultT;
    fn hiprtcGetBitcode(prog: HiprtcProgram, bitcode: *mut c_char) -> HiprtcResultT;
    fn hiprtcLinkCreate(_num_options: c_uint, _option_ptr: *mut c_int, _option_vals_pptr: *mut *mut c_void, hip_link_state_ptr: *mut HiprtcLinkState) -> HiprtcResultT;
    fn hiprtcLinkAddFile(_hip_link_state: HiprtcLinkState, _input_type: c_int, _file_path: *const c_char, _num_options: c_uint, _options_ptr: *mut c_int, _option_values: *mut *mut c_void) -> HiprtcResultT;
    fn hiprtcLinkAddData(_hip_link_state: HiprtcLinkState, _input_type: c_int, _image: *mut c_void, _image_size: usize, _name: *const c_char, _num_options: c_uint, _options_ptr: *mut c_int, _option_values: *mut *mut c_void) -> HiprtcResultT;
    fn hiprtcLinkComplete(_hip_link_state: HiprtcLinkState, _bin_out: *mut *mut c_void, _size_out: *mut usize) -> HiprtcResultT;
    fn hiprtcLinkDestroy(_hip_link_state: HiprtcLinkState) -> HiprtcResultT;
}
