//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::ffi::c_void;
use std::sync::OnceLock;

use cpu_engine::{Dispatch, Engine, EngineConfig, Kernel, WorkGroupFn, WorkItemFn};

/// A kernel without static segments.
pub fn kernel(f: WorkItemFn, wg: Option<WorkGroupFn>) -> Kernel {
    Kernel {
        workitem_fn: f,
        workgroup_fn: wg,
        static_group_segment_size: 0,
        static_private_segment_size: 0,
    }
}

/// A dispatch of `k` with `dims` dimensions.
pub fn dispatch<'a, T>(
    k: &'a Kernel,
    dims: u32,
    wg: [u32; 3],
    grid: [u32; 3],
    args: *const T,
) -> Dispatch<'a> {
    Dispatch {
        kernel: k,
        dimensions: dims,
        workgroup_size: wg,
        grid_size: grid,
        group_segment_size: k.static_group_segment_size,
        private_segment_size: k.static_private_segment_size,
        kernarg: args.cast::<c_void>(),
    }
}

/// An engine with 4 threads (more than the cores of a small CI machine, to exercise the
/// pool's hand-off paths).
pub fn engine4() -> &'static Engine {
    static E: OnceLock<Engine> = OnceLock::new();
    E.get_or_init(|| {
        Engine::new(EngineConfig {
            workers: 4,
            stack_size: 256 * 1024,
        })
    })
}

/// The engines every test runs on: the global one and a 4-thread one.
pub fn engines() -> [&'static Engine; 2] {
    [Engine::global(), engine4()]
}

/// Burns about `ns` nanoseconds of CPU time (so that dispatches are long enough to be shared).
pub fn spin_for(ns: u64) {
    let start = std::time::Instant::now();
    while (start.elapsed().as_nanos() as u64) < ns {
        std::hint::spin_loop();
    }
}
