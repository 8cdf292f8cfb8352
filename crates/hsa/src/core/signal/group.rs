//! Signal groups (`hsa_signal_group_*`).

use std::collections::BTreeMap;
use std::sync::Arc;

use parking_lot::RwLock;

use super::registry::{has_duplicates, lookup, validate_consumers};
use super::{wait_any, Condition, MemoryOrder, SignalObject, WaitState};
use crate::status::{HsaError, HsaResult};

/// A signal group: a fixed list of signals waited on together.
#[derive(Debug)]
pub struct GroupObject {
    signals: Box<[Arc<SignalObject>]>,
    consumers: Box<[u64]>,
}

impl GroupObject {
    /// The member signals, in creation order.
    pub fn signals(&self) -> &[Arc<SignalObject>] {
        &self.signals
    }

    /// The consumer agents given at creation.
    pub fn consumers(&self) -> &[u64] {
        &self.consumers
    }
}

/// Live groups by handle (the address of the `GroupObject`). Group calls are not hot.
static GROUPS: RwLock<BTreeMap<u64, Arc<GroupObject>>> = RwLock::new(BTreeMap::new());

fn group(handle: u64) -> HsaResult<Arc<GroupObject>> {
    GROUPS
        .read()
        .get(&handle)
        .cloned()
        .ok_or(HsaError::ERROR_INVALID_SIGNAL_GROUP)
}

/// `hsa_signal_group_create`. Errors: an empty list or a duplicate in either list
/// `ERROR_INVALID_ARGUMENT`; an invalid signal `ERROR_INVALID_SIGNAL`; an invalid agent
/// `ERROR_INVALID_AGENT` (`ERROR_NOT_INITIALIZED` without a runtime).
pub fn group_create(signals: &[u64], consumers: &[u64]) -> HsaResult<u64> {
    if signals.is_empty() || consumers.is_empty() || has_duplicates(signals) {
        return Err(HsaError::ERROR_INVALID_ARGUMENT);
    }
    let objects = signals
        .iter()
        .map(|&h| lookup(h))
        .collect::<HsaResult<Box<[_]>>>()?;
    validate_consumers(consumers)?;
    let group = Arc::new(GroupObject {
        signals: objects,
        consumers: consumers.into(),
    });
    let handle = Arc::as_ptr(&group) as u64;
    GROUPS.write().insert(handle, group);
    Ok(handle)
}

/// `hsa_signal_group_destroy`: `ERROR_INVALID_SIGNAL_GROUP` for 0, unknown or destroyed
/// handles. The member signals are not destroyed.
pub fn group_destroy(group: u64) -> HsaResult<()> {
    let removed = GROUPS.write().remove(&group);
    removed
        .map(drop)
        .ok_or(HsaError::ERROR_INVALID_SIGNAL_GROUP)
}

/// The number of signals in the group, or `ERROR_INVALID_SIGNAL_GROUP`.
pub fn group_len(group_handle: u64) -> HsaResult<usize> {
    group(group_handle).map(|g| g.signals.len())
}

/// `hsa_signal_group_wait_any_*`: waits (without time limit) until the condition of one
/// member holds and returns `(signal handle, observed value)`. `conds` and `values` must
/// have the group's length (`ERROR_INVALID_ARGUMENT` otherwise).
pub fn group_wait_any(
    group_handle: u64,
    conds: &[Condition],
    values: &[i64],
    state: WaitState,
    order: MemoryOrder,
) -> HsaResult<(u64, i64)> {
    let g = group(group_handle)?;
    if conds.len() != g.signals.len() || values.len() != g.signals.len() {
        return Err(HsaError::ERROR_INVALID_ARGUMENT);
    }
    let entries: Vec<(&SignalObject, Condition, i64)> = g
        .signals
        .iter()
        .zip(conds.iter().zip(values))
        .map(|(s, (&c, &v))| (&**s, c, v))
        .collect();
    loop {
        if let Some((i, v)) = wait_any(&entries, u64::MAX, state, order) {
            return Ok((g.signals[i].handle(), v));
        }
    }
}

/// Destroys every group (part of `destroy_all`).
pub(super) fn destroy_all_groups() {
    let groups = std::mem::take(&mut *GROUPS.write());
    drop(groups);
}
