//! Bad input to every function of `librocrand.so` and `libhiprand.so` (docs/RELIABILITY.md):
//! the twin libraries' fixtures are one macro, instantiated for each.

use std::ptr::null_mut;

use ferrocm_probe::simple::{self, Handle, Library};

/// The fixtures of one RAND library: its generator and discrete-distribution handles, and
/// a sanity sequence of 1024 uniform floats.
macro_rules! rand_library {
    ($module:ident: $so:literal, $crate_:ident, $gen:ident, $dist:ident, $success:ident,
     $create:ident, $destroy:ident, $poisson:ident, $destroy_dist:ident, $uniform:ident) => {
        mod $module {
            use super::*;
            use $crate_::abi::*;
            use $crate_::exports::*;

            fn generator_create() -> Option<u64> {
                let mut g: $gen = null_mut();
                // SAFETY: a valid out-pointer; 400 is the default pseudo-random generator.
                let status = unsafe { $create(&mut g, 400) };
                (status == $success).then_some(g as usize as u64)
            }

            fn generator_destroy(g: u64) {
                // SAFETY: a generator made above (a stale one is refused, not a fault).
                unsafe { $destroy(g as usize as $gen) };
            }

            fn distribution_create() -> Option<u64> {
                let mut d: $dist = null_mut();
                // SAFETY: a valid out-pointer.
                let status = unsafe { $poisson(10.0, &mut d) };
                (status == $success).then_some(d as usize as u64)
            }

            fn distribution_destroy(d: u64) {
                // SAFETY: as for generators.
                unsafe { $destroy_dist(d as usize as $dist) };
            }

            /// 1024 uniform floats, all in (0, 1], not all equal.
            fn sanity() -> Result<(), String> {
                let g = generator_create().ok_or("creating a generator failed")? as usize as $gen;
                let mut out = vec![0f32; 1024];
                // SAFETY: 1024 floats of room.
                let status = unsafe { $uniform(g, out.as_mut_ptr(), out.len()) };
                quiesce();
                generator_destroy(g as usize as u64);
                if status != $success {
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

            pub static LIB: Library = Library {
                name: $so,
                probes: PROBES,
                handles: &[
                    Handle {
                        family: "generator",
                        types: &[stringify!($gen)],
                        create: generator_create,
                        destroy: Some(generator_destroy),
                    },
                    Handle {
                        family: "discrete distribution",
                        types: &[stringify!($dist)],
                        create: distribution_create,
                        destroy: Some(distribution_destroy),
                    },
                ],
                status_type: "",
                success: $success as i64,
                setup: simple::nothing_to_set_up,
                sanity,
                quiesce,
                kind_override: simple::no_kind_override,
                skip: simple::no_skip,
                valid_input: simple::no_valid_input,
            };
        }
    };
}

rand_library!(roc: "librocrand.so", rocrand, rocrand_generator, rocrand_discrete_distribution,
    ROCRAND_STATUS_SUCCESS, rocrand_create_generator, rocrand_destroy_generator,
    rocrand_create_poisson_distribution, rocrand_destroy_discrete_distribution,
    rocrand_generate_uniform);
rand_library!(hip: "libhiprand.so", hiprand, hiprandGenerator_t, hiprandDiscreteDistribution_t,
    HIPRAND_STATUS_SUCCESS, hiprandCreateGenerator, hiprandDestroyGenerator,
    hiprandCreatePoissonDistribution, hiprandDestroyDistribution, hiprandGenerateUniform);

fn main() {
    simple::run_all(&[&roc::LIB, &hip::LIB]);
}
