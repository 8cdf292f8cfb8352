//! Bad input to every function of `libhipfft.so`'s export table (docs/RELIABILITY.md).

use std::ptr::null_mut;

use ferrocm_probe::simple::{self, Handle, Library};
use hipfft::abi::*;
use hipfft::exports::*;

fn plan_create() -> Option<u64> {
    let mut plan: hipfftHandle = null_mut();
    // SAFETY: a valid out-pointer; a small complex plan.
    let status = unsafe { hipfftPlan1d(&mut plan, 8, HIPFFT_C2C, 1) };
    (status == HIPFFT_SUCCESS).then_some(plan as usize as u64)
}

fn plan_destroy(plan: u64) {
    // SAFETY: a plan made by plan_create (a stale one is refused, not a fault).
    unsafe { hipfftDestroy(plan as usize as hipfftHandle) };
}

static LIB: Library = Library {
    name: "libhipfft.so",
    probes: PROBES,
    handles: &[Handle {
        family: "plan",
        types: &["hipfftHandle"],
        create: plan_create,
        destroy: Some(plan_destroy),
    }],
    status_type: "",
    success: HIPFFT_SUCCESS as i64,
    setup: simple::nothing_to_set_up,
    sanity,
    quiesce,
    kind_override: simple::no_kind_override,
    skip: simple::no_skip,
    valid_input: simple::no_valid_input,
};

/// An 8-point forward transform of a constant: everything lands in bin 0.
fn sanity() -> Result<(), String> {
    let plan = plan_create().ok_or("hipfftPlan1d failed")? as usize as hipfftHandle;
    let input = [1.0f32, 0.0].repeat(8);
    let mut output = vec![0f32; 16];
    // SAFETY: 8 complex values in and out, the plan's size.
    let status = unsafe {
        hipfftExecC2C(
            plan,
            input.as_ptr() as *mut hipfftComplex,
            output.as_mut_ptr().cast::<hipfftComplex>(),
            HIPFFT_FORWARD,
        )
    };
    let sync = fft::hip_bridge::synchronize(0);
    plan_destroy(plan as usize as u64);
    if status != HIPFFT_SUCCESS || sync.is_err() {
        return Err(format!("hipfftExecC2C returned {status}"));
    }
    let ok = (output[0] - 8.0).abs() < 1e-4 && output[1..].iter().all(|v| v.abs() < 1e-4);
    ok.then_some(())
        .ok_or_else(|| format!("wrong transform: {output:?}"))
}

/// Waits for the transforms a call queued on the null stream.
fn quiesce() {
    let _ = fft::hip_bridge::synchronize(0);
}

fn main() {
    simple::run(&LIB);
}
