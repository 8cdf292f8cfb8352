//! Bad input to every function of `librocrand.so`'s export table (docs/RELIABILITY.md).

use std::ptr::null_mut;

use ferrocm_probe::simple::{self, Handle, Library};
use rocrand::abi::*;
use rocrand::exports::*;

fn generator_create() -> Option<u64> {
    let mut g: rocrand_generator = null_mut();
    // SAFETY: a valid out-pointer; 400 is the default pseudo-random generator.
    let status = unsafe { rocrand_create_generator(&mut g, 400) };
    (status == ROCRAND_STATUS_SUCCESS).then_some(g as usize as u64)
}

fn generator_destroy(g: u64) {
    // SAFETY: a generator made above (a stale one is refused, not a fault).
    unsafe { rocrand_destroy_generator(g as usize as rocrand_generator) };
}

fn distribution_create() -> Option<u64> {
    let mut d: rocrand_discrete_distribution = null_mut();
    // SAFETY: a valid out-pointer.
    let status = unsafe { rocrand_create_poisson_distribution(10.0, &mut d) };
    (status == ROCRAND_STATUS_SUCCESS).then_some(d as usize as u64)
}

fn distribution_destroy(d: u64) {
    // SAFETY: as for generators.
    unsafe { rocrand_destroy_discrete_distribution(d as usize as rocrand_discrete_distribution) };
}

static LIB: Library = Library {
    name: "librocrand.so",
    probes: PROBES,
    handles: &[
        Handle {
            family: "generator",
            types: &["rocrand_generator"],
            create: generator_create,
            destroy: Some(generator_destroy),
        },
        Handle {
            family: "discrete distribution",
            types: &["rocrand_discrete_distribution"],
            create: distribution_create,
            destroy: Some(distribution_destroy),
        },
    ],
    status_type: "",
    success: ROCRAND_STATUS_SUCCESS as i64,
    setup: simple::nothing_to_set_up,
    sanity,
    quiesce,
    kind_override: simple::no_kind_override,
    skip: simple::no_skip,
    valid_input: simple::no_valid_input,
};

/// 1024 uniform floats, all in (0, 1], not all equal.
fn sanity() -> Result<(), String> {
    let g = generator_create().ok_or("creating a generator failed")? as usize as rocrand_generator;
    let mut out = vec![0f32; 1024];
    // SAFETY: 1024 floats of room.
    let status = unsafe { rocrand_generate_uniform(g, out.as_mut_ptr(), out.len()) };
    quiesce();
    generator_destroy(g as usize as u64);
    if status != ROCRAND_STATUS_SUCCESS {
        return Err(format!("uniform generation returned {status}"));
    }
    let in_range = out.iter().all(|&v| v > 0.0 && v <= 1.0);
    let varied = out.iter().any(|&v| v != out[0]);
    (in_range && varied)
        .then_some(())
        .ok_or_else(|| "uniform numbers out of (0, 1] or constant".to_string())
}

/// Waits for the generation a call queued on the null stream.
fn quiesce() {
    let _ = rng::hip_bridge::synchronize(0);
}

fn main() {
    simple::run(&LIB);
}
