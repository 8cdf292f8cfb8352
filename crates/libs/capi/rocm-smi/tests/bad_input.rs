//! Bad input to every function of `librocm_smi64.so`'s export table (docs/RELIABILITY.md).

use ferrocm_probe::simple::{self, Library};
use rocm_smi64::abi::*;
use rocm_smi64::exports::*;

/// `rsmi_shut_down` would end the library for the rest of the child's cases.
fn skip(name: &str) -> Option<&'static str> {
    (name == "rsmi_shut_down").then_some("ends the library: every later call must fail")
}

fn setup() -> Result<(), String> {
    // SAFETY: no pointers.
    match unsafe { rsmi_init(0) } {
        RSMI_STATUS_SUCCESS => Ok(()),
        s => Err(format!("rsmi_init returned {s}")),
    }
}

static LIB: Library = Library {
    name: "librocm_smi64.so",
    probes: PROBES,
    handles: &[],
    status_type: "rsmi_status_t",
    success: RSMI_STATUS_SUCCESS as i64,
    setup,
    sanity,
    quiesce: simple::nothing_queued,
    kind_override: simple::no_kind_override,
    skip,
    valid_input: simple::no_valid_input,
};

/// Device 0 is still there and reports a nonzero memory total.
fn sanity() -> Result<(), String> {
    let (mut count, mut total) = (0u32, 0u64);
    // SAFETY: valid out-pointers; 0 = RSMI_MEM_TYPE_VRAM.
    let (a, b) = unsafe {
        (
            rsmi_num_monitor_devices(&mut count),
            rsmi_dev_memory_total_get(0, 0, &mut total),
        )
    };
    if a != RSMI_STATUS_SUCCESS || b != RSMI_STATUS_SUCCESS || count == 0 || total == 0 {
        return Err(format!(
            "{count} devices, {total} bytes (statuses {a}, {b})"
        ));
    }
    Ok(())
}

fn main() {
    simple::run(&LIB);
}
