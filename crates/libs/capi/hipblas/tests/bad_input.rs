//! Bad input to every function of `libhipblas.so`'s export table (docs/RELIABILITY.md).

use std::ptr::null_mut;

use ferrocm_probe::classes::Kind;
use ferrocm_probe::simple::{self, Handle, Library};
use ferrocm_probe::Param;
use hipblas::abi::*;
use hipblas::exports::*;

fn handle_create() -> Option<u64> {
    let mut h: hipblasHandle_t = null_mut();
    // SAFETY: a valid out-pointer.
    let status = unsafe { hipblasCreate(&mut h) };
    (status == HIPBLAS_STATUS_SUCCESS).then_some(h as usize as u64)
}

fn handle_destroy(h: u64) {
    // SAFETY: a handle made above (a stale one is refused, not a fault).
    unsafe { hipblasDestroy(h as usize as hipblasHandle_t) };
}

static LIB: Library = Library {
    name: "libhipblas.so",
    probes: PROBES,
    handles: &[Handle {
        family: "handle",
        types: &["hipblasHandle_t"],
        create: handle_create,
        destroy: Some(handle_destroy),
    }],
    status_type: "",
    success: HIPBLAS_STATUS_SUCCESS as i64,
    setup: simple::nothing_to_set_up,
    sanity,
    quiesce,
    kind_override,
    skip: simple::no_skip,
    valid_input: simple::no_valid_input,
};

/// y = 2 x + y on four floats (host scalar: the default pointer mode).
fn sanity() -> Result<(), String> {
    let h = handle_create().ok_or("creating a handle failed")? as usize as hipblasHandle_t;
    let (alpha, x, mut y) = (2.0f32, [1.0f32, 2.0, 3.0, 4.0], [1.0f32; 4]);
    // SAFETY: four elements in both vectors.
    let status = unsafe { hipblasSaxpy(h, 4, &alpha, x.as_ptr(), 1, y.as_mut_ptr(), 1) };
    quiesce();
    handle_destroy(h as usize as u64);
    if status != HIPBLAS_STATUS_SUCCESS || y != [3.0, 5.0, 7.0, 9.0] {
        return Err(format!("axpy: status {status}, y = {y:?}"));
    }
    Ok(())
}

/// Waits for the work a call queued on the null stream.
fn quiesce() {
    let _ = blas::hip_bridge::synchronize(0);
}

/// Strides are counts (the generic rules do not know the type's name); the `void *`
/// scalars of the `Ex` functions are read by the call itself (host pointer mode), like any
/// structure the caller passes, not memory queued work touches.
fn kind_override(p: &Param) -> Option<Kind> {
    match (p.ty, p.name) {
        ("hipblasStride", _) => Some(Kind::Count),
        ("*const c_void", "alpha" | "beta" | "c" | "s") => Some(Kind::In),
        _ => None,
    }
}

fn main() {
    simple::run(&LIB);
}
