//! A dispatch's shared state ([`DispatchState`]: immutable description, first error) and
//! its validation against the agent's limits ([`validate`]).

use std::sync::atomic::{AtomicU64, Ordering};

use parking_lot::Mutex;

use super::coop::CoopRun;
use super::device_ops::DEVICE_OPS;
use super::{
    Dispatch, DispatchError, MAX_GROUP_SEGMENT_SIZE, MAX_PRIVATE_SEGMENT_SIZE, PRIVATE_ALIGN,
};
use crate::abi::{WorkGroupFn, WorkItem, WorkItemFn, MAX_WORKGROUP_SIZE};

/// Immutable description of a running dispatch shared by every thread that takes part.
pub(super) struct DispatchState {
    pub(super) workitem_fn: WorkItemFn,
    pub(super) workgroup_fn: Option<WorkGroupFn>,
    /// Dispatch-wide fields of every `WorkItem`.
    pub(super) template: WorkItem,
    pub(super) num_groups: [u32; 3],
    /// Size of the last (possibly partial) group in each dimension.
    pub(super) last_group_size: [u32; 3],
    pub(super) total_groups: u64,
    /// Bytes of group memory per group (0: none).
    pub(super) group_alloc: usize,
    /// Private segment stride per work-item (0: none).
    pub(super) private_stride: usize,
    /// First error raised by a thread (groups after it may not have run).
    pub(super) error: Mutex<Option<DispatchError>>,
    /// Set for a cooperative dispatch (`Engine::run_cooperative`).
    pub(super) coop: Option<CoopRun>,
}

// SAFETY: the raw pointers in `template` (kernarg, ops) are only copied into work-items; the
// dispatch's caller guarantees `kernarg` stays valid and may be read from any thread while
// `run` executes; the rest is immutable or synchronised (`error`).
unsafe impl Sync for DispatchState {}

pub(super) static DISPATCH_IDS: AtomicU64 = AtomicU64::new(1);

pub(super) const fn round_up(v: usize, to: usize) -> usize {
    v.div_ceil(to) * to
}

/// Checks a dispatch against the agent's limits (see [`DispatchError`]).
#[inline]
pub fn validate(d: &Dispatch<'_>) -> Result<(), DispatchError> {
    let dims = d.dimensions;
    if !(1..=3).contains(&dims) {
        return Err(DispatchError::InvalidDimensions(dims));
    }
    for dim in 0..3u32 {
        let (w, g) = (d.workgroup_size[dim as usize], d.grid_size[dim as usize]);
        if dim < dims {
            if w == 0 {
                return Err(DispatchError::ZeroWorkgroupSize { dim });
            }
            if g == 0 {
                return Err(DispatchError::ZeroGridSize { dim });
            }
        } else {
            if w != 1 {
                return Err(DispatchError::UnusedWorkgroupDimension { dim, size: w });
            }
            if g != 1 {
                return Err(DispatchError::UnusedGridDimension { dim, size: g });
            }
        }
    }
    let wg: u64 = d.workgroup_size.iter().map(|&v| u64::from(v)).product();
    if wg > u64::from(MAX_WORKGROUP_SIZE) {
        return Err(DispatchError::WorkgroupTooLarge {
            size: wg,
            max: MAX_WORKGROUP_SIZE,
        });
    }
    let grid = d
        .grid_size
        .iter()
        .try_fold(1u64, |acc, &v| acc.checked_mul(u64::from(v)))
        .unwrap_or(u64::MAX);
    if grid > u64::from(u32::MAX) {
        return Err(DispatchError::GridTooLarge {
            size: grid,
            max: u32::MAX,
        });
    }
    if d.group_segment_size > MAX_GROUP_SEGMENT_SIZE {
        return Err(DispatchError::GroupSegmentTooLarge {
            size: d.group_segment_size,
            max: MAX_GROUP_SEGMENT_SIZE,
        });
    }
    if d.group_segment_size < d.kernel.static_group_segment_size {
        return Err(DispatchError::GroupSegmentTooSmall {
            size: d.group_segment_size,
            static_size: d.kernel.static_group_segment_size,
        });
    }
    let private = d
        .private_segment_size
        .max(d.kernel.static_private_segment_size);
    if private > MAX_PRIVATE_SEGMENT_SIZE {
        return Err(DispatchError::PrivateSegmentTooLarge {
            size: private,
            max: MAX_PRIVATE_SEGMENT_SIZE,
        });
    }
    Ok(())
}

impl DispatchState {
    #[inline]
    pub(super) fn new(d: &Dispatch<'_>) -> Result<DispatchState, DispatchError> {
        validate(d)?;
        let num_groups: [u32; 3] =
            std::array::from_fn(|i| d.grid_size[i].div_ceil(d.workgroup_size[i]));
        let total_groups = num_groups.iter().map(|&v| u64::from(v)).product();
        let static_group = d.kernel.static_group_segment_size as usize;
        let dynamic_offset = round_up(static_group, 16);
        let total_group = d.group_segment_size as usize;
        let group_alloc = if total_group == 0 {
            0
        } else {
            dynamic_offset + (total_group - static_group)
        };
        let private = d
            .private_segment_size
            .max(d.kernel.static_private_segment_size) as usize;
        let mut template = WorkItem::zeroed();
        template.workgroup_size = d.workgroup_size;
        template.grid_size = d.grid_size;
        template.num_groups = num_groups;
        template.dimensions = d.dimensions;
        template.group_segment_size = group_alloc as u32;
        template.dynamic_group_offset = dynamic_offset as u32;
        template.kernarg = d.kernarg;
        template.ops = &DEVICE_OPS;
        template.dispatch_id = DISPATCH_IDS.fetch_add(1, Ordering::Relaxed);
        Ok(DispatchState {
            workitem_fn: d.kernel.workitem_fn,
            workgroup_fn: d.kernel.workgroup_fn,
            template,
            num_groups,
            last_group_size: std::array::from_fn(|i| {
                d.grid_size[i] - (num_groups[i] - 1) * d.workgroup_size[i]
            }),
            total_groups,
            group_alloc,
            private_stride: round_up(private, PRIVATE_ALIGN),
            error: Mutex::new(None),
            coop: None,
        })
    }

    #[inline]
    pub(super) fn record_error(&self, e: DispatchError) {
        let mut slot = self.error.lock();
        if slot.is_none() {
            *slot = Some(e);
        }
    }

    #[inline]
    pub(super) fn take_error(&self) -> Result<(), DispatchError> {
        match self.error.lock().take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}
