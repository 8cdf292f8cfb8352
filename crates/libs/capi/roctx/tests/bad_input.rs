//! Bad input to every function of `libroctx64.so`'s export table (docs/RELIABILITY.md).

use std::ffi::CStr;

use ferrocm_probe::simple::{self, Library};
use roctx64::exports::*;

static LIB: Library = Library {
    name: "libroctx64.so",
    probes: PROBES,
    handles: &[],
    status_type: "",
    success: 0,
    setup: simple::nothing_to_set_up,
    sanity,
    quiesce: simple::nothing_queued,
    kind_override: simple::no_kind_override,
    skip: simple::no_skip,
    valid_input: simple::no_valid_input,
};

/// A range opens and closes at the level it reports, and a marker is taken.
fn sanity() -> Result<(), String> {
    let msg: &CStr = c"sanity";
    // SAFETY: a valid NUL-terminated message.
    unsafe {
        roctxMarkA(msg.as_ptr());
        let level = roctxRangePushA(msg.as_ptr());
        let popped = roctxRangePop();
        if level < 0 || popped != level {
            return Err(format!("push gave {level}, pop {popped}"));
        }
        let id = roctxRangeStartA(msg.as_ptr());
        roctxRangeStop(id);
    }
    Ok(())
}

fn main() {
    simple::run(&LIB);
}
