//! Bad input to every function of `librocblas.so`'s export table (docs/RELIABILITY.md).

use std::ptr::null_mut;

use ferrocm_probe::classes::Kind;
use ferrocm_probe::simple::{self, Handle, Library};
use ferrocm_probe::Param;
use rocblas::abi::*;
use rocblas::exports::*;

fn handle_create() -> Option<u64> {
    let mut h: rocblas_handle = null_mut();
    // SAFETY: a valid out-pointer.
    let status = unsafe { rocblas_create_handle(&mut h) };
    (status == rocblas_status_success).then_some(h as usize as u64)
}

fn handle_destroy(h: u64) {
    // SAFETY: a handle made above (a stale one is refused, not a fault).
    unsafe { rocblas_destroy_handle(h as usize as rocblas_handle) };
}

static LIB: Library = Library {
    name: "librocblas.so",
    probes: PROBES,
    handles: &[Handle {
        family: "handle",
        types: &["rocblas_handle"],
        create: handle_create,
        destroy: Some(handle_destroy),
    }],
    status_type: "",
    success: rocblas_status_success as i64,
    setup: simple::nothing_to_set_up,
    sanity,
    quiesce,
    kind_override,
    skip: simple::no_skip,
    valid_input: simple::no_valid_input,
};

/// y = 2 x + y on four floats (host scalar: the default pointer mode).
fn sanity() -> Result<(), String> {
    let h = handle_create().ok_or("creating a handle failed")? as usize as rocblas_handle;
    let (alpha, x, mut y) = (2.0f32, [1.0f32, 2.0, 3.0, 4.0], [1.0f32; 4]);
    // SAFETY: four elements in both vectors.
    let status = unsafe { rocblas_saxpy(h, 4, &alpha, x.as_ptr(), 1, y.as_mut_ptr(), 1) };
    quiesce();
    handle_destroy(h as usize as u64);
    if status != rocblas_status_success || y != [3.0, 5.0, 7.0, 9.0] {
        return Err(format!("axpy: status {status}, y = {y:?}"));
    }
    Ok(())
}

/// Waits for the work a call queued on the null stream.
fn quiesce() {
    let _ = blas::hip_bridge::synchronize(0);
}

/// Strides are counts (the generic rules do not know the type's name).
fn kind_override(p: &Param) -> Option<Kind> {
    (p.ty == "rocblas_stride").then_some(Kind::Count)
}

fn main() {
    simple::run(&LIB);
}
