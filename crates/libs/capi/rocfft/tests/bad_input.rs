//! Bad input to every function of `librocfft.so`'s export table (docs/RELIABILITY.md).

use std::ffi::c_void;
use std::ptr::null_mut;

use ferrocm_probe::simple::{self, Handle, Library};
use rocfft::abi::*;
use rocfft::exports::*;

/// `rocfft_cleanup` would end the library for the rest of the child's cases.
fn skip(name: &str) -> Option<&'static str> {
    (name == "rocfft_cleanup").then_some("ends the library: every later call must fail")
}

fn plan_create() -> Option<u64> {
    let mut plan: rocfft_plan = null_mut();
    let lengths = [8usize];
    // SAFETY: valid out-pointer and lengths; no description (the defaults).
    let status = unsafe {
        rocfft_plan_create(
            &mut plan,
            rocfft_placement_notinplace,
            rocfft_transform_type_complex_forward,
            rocfft_precision_single,
            1,
            lengths.as_ptr(),
            1,
            null_mut(),
        )
    };
    (status == rocfft_status_success).then_some(plan as usize as u64)
}

fn plan_destroy(plan: u64) {
    // SAFETY: a plan made above (a stale one is refused, not a fault).
    unsafe { rocfft_plan_destroy(plan as usize as rocfft_plan) };
}

fn description_create() -> Option<u64> {
    let mut d: rocfft_plan_description = null_mut();
    // SAFETY: a valid out-pointer.
    let status = unsafe { rocfft_plan_description_create(&mut d) };
    (status == rocfft_status_success).then_some(d as usize as u64)
}

fn description_destroy(d: u64) {
    // SAFETY: as for plans.
    unsafe { rocfft_plan_description_destroy(d as usize as rocfft_plan_description) };
}

fn info_create() -> Option<u64> {
    let mut i: rocfft_execution_info = null_mut();
    // SAFETY: a valid out-pointer.
    let status = unsafe { rocfft_execution_info_create(&mut i) };
    (status == rocfft_status_success).then_some(i as usize as u64)
}

fn info_destroy(i: u64) {
    // SAFETY: as for plans.
    unsafe { rocfft_execution_info_destroy(i as usize as rocfft_execution_info) };
}

fn setup() -> Result<(), String> {
    // SAFETY: no arguments.
    match unsafe { rocfft_setup() } {
        s if s == rocfft_status_success => Ok(()),
        s => Err(format!("rocfft_setup returned {s}")),
    }
}

static LIB: Library = Library {
    name: "librocfft.so",
    probes: PROBES,
    handles: &[
        Handle {
            family: "plan",
            types: &["rocfft_plan"],
            create: plan_create,
            destroy: Some(plan_destroy),
        },
        Handle {
            family: "plan description",
            types: &["rocfft_plan_description"],
            create: description_create,
            destroy: Some(description_destroy),
        },
        Handle {
            family: "execution info",
            types: &["rocfft_execution_info"],
            create: info_create,
            destroy: Some(info_destroy),
        },
    ],
    status_type: "",
    success: rocfft_status_success as i64,
    setup,
    sanity,
    quiesce,
    kind_override: simple::no_kind_override,
    skip,
    valid_input: simple::no_valid_input,
};

/// An 8-point forward transform of a constant: everything lands in bin 0.
fn sanity() -> Result<(), String> {
    let plan = plan_create().ok_or("rocfft_plan_create failed")? as usize as rocfft_plan;
    let input = [1.0f32, 0.0].repeat(8);
    let mut output = vec![0f32; 16];
    let mut inp = [input.as_ptr() as *mut c_void];
    let mut outp = [output.as_mut_ptr().cast::<c_void>()];
    // SAFETY: 8 complex values in and out, the plan's size.
    let status = unsafe { rocfft_execute(plan, inp.as_mut_ptr(), outp.as_mut_ptr(), null_mut()) };
    quiesce();
    plan_destroy(plan as usize as u64);
    if status != rocfft_status_success {
        return Err(format!("rocfft_execute returned {status}"));
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
