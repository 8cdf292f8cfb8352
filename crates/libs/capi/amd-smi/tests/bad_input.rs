//! Bad input to every function of `libamd_smi.so`'s export table (docs/RELIABILITY.md).

use std::ffi::c_void;
use std::ptr::null_mut;

use amd_smi::abi::*;
use amd_smi::exports::*;
use ferrocm_probe::classes::Kind;
use ferrocm_probe::simple::{self, Handle, Library};
use ferrocm_probe::Param;

fn first_socket() -> Option<amdsmi_socket_handle> {
    let mut count = 1u32;
    let mut socket: amdsmi_socket_handle = null_mut();
    // SAFETY: room for one handle, as `count` says.
    let status = unsafe { amdsmi_get_socket_handles(&mut count, &mut socket) };
    (status == AMDSMI_STATUS_SUCCESS && count > 0).then_some(socket)
}

fn socket_create() -> Option<u64> {
    first_socket().map(|s| s as usize as u64)
}

fn processor_create() -> Option<u64> {
    let socket = first_socket()?;
    let mut count = 1u32;
    let mut processor: amdsmi_processor_handle = null_mut();
    // SAFETY: room for one handle, as `count` says.
    let status = unsafe { amdsmi_get_processor_handles(socket, &mut count, &mut processor) };
    (status == AMDSMI_STATUS_SUCCESS && count > 0).then_some(processor as usize as u64)
}

/// `amdsmi_shut_down` would end the library for the rest of the child's cases.
fn skip(name: &str) -> Option<&'static str> {
    (name == "amdsmi_shut_down").then_some("ends the library: every later call must fail")
}

/// The `void *` of AMD SMI's list are structures it fills (or reads).
fn kind_override(p: &Param) -> Option<Kind> {
    match p.ty {
        "*mut c_void" => Some(Kind::Out),
        "*const c_void" => Some(Kind::In),
        _ => None,
    }
}

fn setup() -> Result<(), String> {
    // SAFETY: no pointers; 2 = AMDSMI_INIT_AMD_GPUS (the library's devices).
    match unsafe { amdsmi_init(2) } {
        AMDSMI_STATUS_SUCCESS => Ok(()),
        s => Err(format!("amdsmi_init returned {s}")),
    }
}

static LIB: Library = Library {
    name: "libamd_smi.so",
    probes: PROBES,
    handles: &[
        Handle {
            family: "socket",
            types: &["amdsmi_socket_handle"],
            create: socket_create,
            destroy: None,
        },
        Handle {
            family: "processor",
            types: &["amdsmi_processor_handle"],
            create: processor_create,
            destroy: None,
        },
    ],
    status_type: "amdsmi_status_t",
    success: AMDSMI_STATUS_SUCCESS as i64,
    setup,
    sanity,
    quiesce: simple::nothing_queued,
    kind_override,
    skip,
    valid_input: simple::no_valid_input,
};

/// The first processor is still there and reports a nonzero memory total.
fn sanity() -> Result<(), String> {
    let p = processor_create().ok_or("no processor handle")? as usize as *mut c_void;
    let mut total = 0u64;
    // SAFETY: a live handle and a valid out-pointer; 0 = AMDSMI_MEM_TYPE_VRAM.
    let status = unsafe { amdsmi_get_gpu_memory_total(p, 0, &mut total) };
    if status != AMDSMI_STATUS_SUCCESS || total == 0 {
        return Err(format!("memory total: status {status}, {total} bytes"));
    }
    Ok(())
}

fn main() {
    simple::run(&LIB);
}
