//! `libhiprtc.so` on the NVIDIA platform, chosen through `HIP_PLATFORM=nvidia` (no
//! `libamdhip64.so` is loaded in this process, so the environment decides): the suite of
//! `suite/mod.rs` instantiated for [`Platform::Nvidia`] (`c_abi.rs` runs it on the CPU), and
//! what only NVIDIA has: NVRTC's option mapping and, without NVRTC (CI, machines without a
//! CUDA toolkit), compilations that fail cleanly with `HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE`
//! and a log that says why.

mod suite;

use std::ffi::c_int;

use suite::{
    api, compile, compiler_missing, create, cstr, destroy, log, Platform,
    BUILTIN_OPERATION_FAILURE, INVALID_OPTION, SUCCESS,
};

suite::instantiate!(Platform::Nvidia);

#[test]
fn nvidia_options_and_the_missing_compiler() {
    let a = api(Platform::Nvidia);
    let prog = create(
        a,
        "template <typename T> __global__ void scale(T *x, T f) { x[hipThreadIdx_x] *= f; }\n\
         extern \"C\" __global__ void fill(int *x) { x[threadIdx.x] = __shfl(7, 0); }\n",
        "nv.hip",
        &[],
    );
    let expr = cstr("scale<float>");
    // SAFETY: a live program; NUL-terminated expression.
    let r = unsafe { (a.AddNameExpression)(prog, expr.as_ptr()) };
    assert_eq!(r, SUCCESS);
    // A virtual architecture makes no cubin: an option error, whatever the compiler.
    assert_eq!(compile(a, prog, &["-arch=compute_90"]), INVALID_OPTION);
    assert!(log(a, prog).contains("compute_90"), "{}", log(a, prog));

    let r: c_int = compile(a, prog, &["-DUNUSED=1"]);
    match compiler_missing(Platform::Nvidia) {
        Some(why) => {
            eprintln!("NVRTC not available ({why}): checking the failure path");
            assert_eq!(r, BUILTIN_OPERATION_FAILURE);
            let l = log(a, prog);
            assert!(
                l.contains("NVRTC is not available") && l.contains("libnvrtc"),
                "{l}"
            );
            let mut size = 0usize;
            // SAFETY: a live program; valid out-pointer.
            assert_ne!(unsafe { (a.GetCodeSize)(prog, &mut size) }, SUCCESS);
        }
        // The suite checks the code, lowered names and errors of NVRTC compilations.
        None => assert_eq!(r, SUCCESS, "{}", log(a, prog)),
    }
    destroy(a, prog);
}
