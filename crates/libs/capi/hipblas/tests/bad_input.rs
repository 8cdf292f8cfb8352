//! Bad input to every function of `librocblas.so` and `libhipblas.so`
//! (docs/RELIABILITY.md): the twin libraries' fixtures are one macro, instantiated for each.

use std::ptr::null_mut;

use ferrocm_probe::classes::Kind;
use ferrocm_probe::simple::{self, Handle, Library};
use ferrocm_probe::Param;

/// The `void *` scalars of the `Ex` functions are read by the call itself (host pointer
/// mode), like any structure the caller passes, not memory queued work touches; strides
/// are counts (the generic rules do not know the types' names).
fn kind_override(p: &Param) -> Option<Kind> {
    match (p.ty, p.name) {
        ("rocblas_stride" | "hipblasStride", _) => Some(Kind::Count),
        ("*const c_void", "alpha" | "beta" | "c" | "s") => Some(Kind::In),
        _ => None,
    }
}

/// The fixtures of one BLAS library: its handle, and a sanity `axpy`.
macro_rules! blas_library {
    ($module:ident: $so:literal, $crate_:ident, $handle:ident, $success:ident, $create:ident,
     $destroy:ident, $saxpy:ident) => {
        mod $module {
            use super::*;
            use $crate_::abi::*;
            use $crate_::exports::*;

            fn handle_create() -> Option<u64> {
                let mut h: $handle = null_mut();
                // SAFETY: a valid out-pointer.
                let status = unsafe { $create(&mut h) };
                (status == $success).then_some(h as usize as u64)
            }

            fn handle_destroy(h: u64) {
                // SAFETY: a handle made above (a stale one is refused, not a fault).
                unsafe { $destroy(h as usize as $handle) };
            }

            /// y = 2 x + y on four floats (host scalar: the default pointer mode).
            fn sanity() -> Result<(), String> {
                let h = handle_create().ok_or("creating a handle failed")? as usize as $handle;
                let (alpha, x, mut y) = (2.0f32, [1.0f32, 2.0, 3.0, 4.0], [1.0f32; 4]);
                // SAFETY: four elements in both vectors.
                let status = unsafe { $saxpy(h, 4, &alpha, x.as_ptr(), 1, y.as_mut_ptr(), 1) };
                quiesce();
                handle_destroy(h as usize as u64);
                if status != $success || y != [3.0, 5.0, 7.0, 9.0] {
                    return Err(format!("axpy: status {status}, y = {y:?}"));
                }
                Ok(())
            }

            /// Waits for the work a call queued on the null stream.
            fn quiesce() {
                let _ = blas::hip_bridge::synchronize(0);
            }

            pub static LIB: Library = Library {
                name: $so,
                probes: PROBES,
                handles: &[Handle {
                    family: "handle",
                    types: &[stringify!($handle)],
                    create: handle_create,
                    destroy: Some(handle_destroy),
                }],
                status_type: "",
                success: $success as i64,
                setup: simple::nothing_to_set_up,
                sanity,
                quiesce,
                kind_override,
                skip: simple::no_skip,
                valid_input: simple::no_valid_input,
            };
        }
    };
}

blas_library!(roc: "librocblas.so", rocblas, rocblas_handle, rocblas_status_success,
    rocblas_create_handle, rocblas_destroy_handle, rocblas_saxpy);
blas_library!(hip: "libhipblas.so", hipblas, hipblasHandle_t, HIPBLAS_STATUS_SUCCESS,
    hipblasCreate, hipblasDestroy, hipblasSaxpy);

fn main() {
    simple::run_all(&[&roc::LIB, &hip::LIB]);
}
