//! Bad input to every function of `libhiprtc.so`'s export table (docs/RELIABILITY.md).
//! Compilations run hipcc, so the sanity sequence stops short of one (a program is made,
//! named and dropped); the compile cases themselves do compile.

use std::ffi::c_void;
use std::ptr::null_mut;

use ferrocm_probe::simple::{self, Handle, Library};
use hiprtc::exports::*;

const SOURCE: &std::ffi::CStr = c"extern \"C\" __global__ void k(int *p) { p[0] = 1; }";

fn program_create() -> Option<u64> {
    let mut prog: *mut c_void = null_mut();
    // SAFETY: a valid out-pointer and source; no headers.
    let rc = unsafe {
        hiprtcCreateProgram(
            &mut prog,
            SOURCE.as_ptr(),
            c"k.hip".as_ptr(),
            0,
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    (rc == 0).then_some(prog as usize as u64)
}

fn program_destroy(prog: u64) {
    let mut p = prog as usize as *mut c_void;
    // SAFETY: a program made above (a stale one is refused, not a fault).
    unsafe { hiprtcDestroyProgram(&mut p) };
}

static LIB: Library = Library {
    name: "libhiprtc.so",
    probes: PROBES,
    handles: &[Handle {
        family: "program",
        types: &["HiprtcProgram"],
        create: program_create,
        destroy: Some(program_destroy),
    }],
    status_type: "HiprtcResultT",
    success: 0,
    setup: simple::nothing_to_set_up,
    sanity,
    quiesce: simple::nothing_queued,
    kind_override: simple::no_kind_override,
    skip: simple::no_skip,
    valid_input: simple::no_valid_input,
};

/// A program is still made, takes a name expression, has an empty log before compiling and
/// is destroyed.
fn sanity() -> Result<(), String> {
    let prog = program_create().ok_or("hiprtcCreateProgram failed")?;
    let p = prog as usize as *mut c_void;
    let mut size = 99usize;
    // SAFETY: a live program, a NUL-terminated expression and a valid out-pointer.
    let (a, b) = unsafe {
        (
            hiprtcAddNameExpression(p, c"k".as_ptr()),
            hiprtcGetProgramLogSize(p, &mut size),
        )
    };
    program_destroy(prog);
    if a != 0 || b != 0 || size > 1 {
        return Err(format!("name expression {a}, log size {b} ({size} bytes)"));
    }
    Ok(())
}

fn main() {
    simple::run(&LIB);
}
