//! Cooperative launches on the CPU platform (`hipLaunchCooperativeKernel`,
//! `hipModuleLaunchCooperativeKernel` and their multi-device forms): the kernel's dispatch
//! packet names a `cpu_engine::Cooperative`, and the CPU agent runs it with every work-group
//! resident at once (`cpu_engine::coop`), so that `grid_group::sync` and
//! `multi_grid_group::sync` work. The co-residency limit is the occupancy API's: one
//! work-group per multiprocessor (a core of the device's share), checked at launch
//! (`hipErrorCooperativeLaunchTooLarge`).

use std::sync::Arc;

use cpu_engine::{Cooperative, MultiGrid};

use crate::backend::launch::{
    check_multi_device_args, MULTI_DEVICE_NO_POST_SYNC, MULTI_DEVICE_NO_PRE_SYNC,
};
use crate::error::{HipError, HipResult};
use crate::event::EventRecord;
use crate::kernel::{submit_cooperative, Kernel};
use crate::runtime::Runtime;
use crate::stream::StreamCore;

/// One device's grid of a multi-device launch, resolved and with its arguments packed.
pub(super) struct Part<'k> {
    pub(super) kernel: &'k Kernel,
    pub(super) grid: [u32; 3],
    pub(super) block: [u32; 3],
    pub(super) dynamic_shared: usize,
    pub(super) stream: Arc<StreamCore>,
    pub(super) args: Vec<u8>,
}

/// HIP's list checks, before any part is resolved.
pub(super) fn check_list(parts: usize, flags: u32) -> HipResult<()> {
    check_multi_device_args(parts, Runtime::get()?.device_count(), flags)
}

/// The stream of a part: an explicit stream, each on a device of its own.
pub(super) fn part_stream(handle: u64, seen: &mut Vec<usize>) -> HipResult<Arc<StreamCore>> {
    if handle == 0 {
        // The null stream names no device of its own here: HIP asks for created streams.
        return Err(HipError::InvalidHandle);
    }
    let s = crate::stream::resolve(handle)?;
    if seen.contains(&s.device) {
        return Err(HipError::InvalidDevice);
    }
    seen.push(s.device);
    Ok(s)
}

/// Launches the grids of a multi-device launch: every check first (so that nothing runs
/// unless everything can), then, unless `flags` say otherwise, each stream waits for the
/// work queued before on the others (pre-sync), the grids are submitted together with one
/// shared multi-grid barrier, and each stream's later work waits for every grid (post-sync).
pub(super) fn launch_multi(parts: &[Part<'_>], flags: u32) -> HipResult<()> {
    for p in parts {
        p.kernel.prepare_cooperative(
            p.stream.device,
            p.grid,
            p.block,
            p.dynamic_shared,
            &p.args,
        )?;
    }
    let sizes: Vec<(u64, u64)> = parts
        .iter()
        .map(|p| {
            let blocks: u64 = p.grid.iter().map(|&g| u64::from(g)).product();
            let threads: u64 = p.block.iter().map(|&b| u64::from(b)).product();
            (blocks, blocks * threads)
        })
        .collect();
    let multi = MultiGrid::new(&sizes);
    if flags & MULTI_DEVICE_NO_PRE_SYNC == 0 {
        cross_wait(parts)?;
    }
    for (rank, p) in parts.iter().enumerate() {
        let launch = p.kernel.prepare_cooperative(
            p.stream.device,
            p.grid,
            p.block,
            p.dynamic_shared,
            &p.args,
        );
        let coop = Cooperative {
            multi: Some((Arc::clone(&multi), rank as u32)),
        };
        if let Err(e) = launch.and_then(|l| submit_cooperative(&p.stream, &l, coop)) {
            // The grids already submitted must not wait for this one.
            multi.abandon();
            return Err(e);
        }
    }
    if flags & MULTI_DEVICE_NO_POST_SYNC == 0 {
        cross_wait(parts)?;
    }
    Ok(())
}

/// Later work on each part's stream waits for what is queued now on the other streams.
fn cross_wait(parts: &[Part<'_>]) -> HipResult<()> {
    if parts.len() < 2 {
        return Ok(());
    }
    let records = parts
        .iter()
        .map(|p| {
            let r = EventRecord::new(&p.stream)?;
            p.stream.record(&r)?;
            Ok(r)
        })
        .collect::<HipResult<Vec<_>>>()?;
    for (i, p) in parts.iter().enumerate() {
        for (j, r) in records.iter().enumerate() {
            if i != j {
                p.stream.wait_event(r)?;
            }
        }
    }
    Ok(())
}
