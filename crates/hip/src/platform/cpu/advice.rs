//! What `hipMemAdvise` and `hipMemPrefetchAsync` were told about managed memory, so that
//! `hipMemRangeGetAttribute(s)` reports it back. On the CPU the hints change nothing about
//! where memory lives (it is all host memory, reachable from every device); the record
//! keeps HIP's contract that a program reads back what it set.
//!
//! The record is a map of disjoint byte intervals, each with the hints in force on it;
//! bytes outside every interval have the defaults. Setting a hint on a range splits the
//! intervals at its ends; freeing managed memory forgets its range.

use std::collections::BTreeMap;

use parking_lot::Mutex;

use crate::backend::pointer::{RangeAttribute, INVALID_DEVICE_ID};

/// The hints in force on a byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Hints {
    read_mostly: bool,
    /// `hipMemAdviseSetPreferredLocation` device (-1 the CPU, -2 none).
    preferred: i32,
    /// `hipMemAdviseSetAccessedBy` devices: bit `d + 1` for device `d` (bit 0: the CPU).
    accessed_by: u64,
    /// The device of the last prefetch (-2 none).
    last_prefetch: i32,
    /// `hipMemAdviseSetCoarseGrain`.
    coarse: bool,
}

impl Default for Hints {
    fn default() -> Hints {
        Hints {
            read_mostly: false,
            preferred: INVALID_DEVICE_ID,
            accessed_by: 0,
            last_prefetch: INVALID_DEVICE_ID,
            coarse: false,
        }
    }
}

/// start -> (end, hints), disjoint.
static RECORD: Mutex<BTreeMap<usize, (usize, Hints)>> = Mutex::new(BTreeMap::new());

/// The bit of `device` in `Hints::accessed_by` (devices beyond 62 are not recorded).
fn device_bit(device: i32) -> u64 {
    u32::try_from(device + 1)
        .ok()
        .and_then(|b| 1u64.checked_shl(b))
        .unwrap_or(0)
}

/// Splits the interval containing `at` (if any) so that an interval starts at `at`.
fn split(map: &mut BTreeMap<usize, (usize, Hints)>, at: usize) {
    let Some((&start, &(end, hints))) = map.range(..at).next_back() else {
        return;
    };
    if end > at {
        map.insert(start, (at, hints));
        map.insert(at, (end, hints));
    }
}

/// Applies `change` to the hints of every byte of `[start, end)`.
fn update(start: usize, end: usize, change: impl Fn(&mut Hints)) {
    if start >= end {
        return;
    }
    let mut map = RECORD.lock();
    split(&mut map, start);
    split(&mut map, end);
    // Fill the gaps with default intervals so that every byte has an entry.
    let mut pieces: Vec<(usize, usize, Hints)> = Vec::new();
    let mut cursor = start;
    for (&s, &(e, h)) in map.range(start..end) {
        if s > cursor {
            pieces.push((cursor, s, Hints::default()));
        }
        pieces.push((s, e, h));
        cursor = e;
    }
    if cursor < end {
        pieces.push((cursor, end, Hints::default()));
    }
    for (s, e, mut h) in pieces {
        change(&mut h);
        if h == Hints::default() {
            map.remove(&s);
        } else {
            map.insert(s, (e, h));
        }
    }
}

/// Records `hipMemAdvise(ptr, count, advice, device)` (arguments already checked).
pub(crate) fn advise(ptr: usize, count: usize, advice: i32, device: i32) {
    let end = ptr.saturating_add(count);
    match advice {
        1 => update(ptr, end, |h| h.read_mostly = true),
        2 => update(ptr, end, |h| h.read_mostly = false),
        3 => update(ptr, end, |h| h.preferred = device),
        4 => update(ptr, end, |h| h.preferred = INVALID_DEVICE_ID),
        5 => update(ptr, end, |h| h.accessed_by |= device_bit(device)),
        6 => update(ptr, end, |h| h.accessed_by &= !device_bit(device)),
        100 => update(ptr, end, |h| h.coarse = true),
        101 => update(ptr, end, |h| h.coarse = false),
        // The other AMD hints (102, 103) have no range attribute to report.
        _ => {}
    }
}

/// Records `hipMemPrefetchAsync(ptr, count, device)` (arguments already checked).
pub(crate) fn prefetched(ptr: usize, count: usize, device: i32) {
    update(ptr, ptr.saturating_add(count), |h| h.last_prefetch = device);
}

/// Forgets every hint on `[base, base + size)` (the managed memory there was freed).
pub(crate) fn forget(base: usize, size: usize) {
    update(base, base.saturating_add(size), |h| *h = Hints::default());
}

/// The hints of every byte of `[start, start + count)`, one entry per piece.
fn pieces(start: usize, count: usize) -> Vec<Hints> {
    let end = start.saturating_add(count);
    let mut map = RECORD.lock();
    split(&mut map, start);
    split(&mut map, end);
    let mut out = Vec::new();
    let mut cursor = start;
    for (&s, &(e, h)) in map.range(start..end) {
        if s > cursor {
            out.push(Hints::default());
        }
        out.push(h);
        cursor = e;
    }
    if cursor < end || out.is_empty() {
        out.push(Hints::default());
    }
    out
}

/// `hipMemRangeGetAttribute` over `[start, start + count)`: a value holds for the range
/// only where it holds for every byte (otherwise "none": 0 or -2, as CUDA and HIP say).
pub(crate) fn query(attr: RangeAttribute, start: usize, count: usize, out: &mut [i32]) {
    let all = pieces(start, count);
    let uniform = |f: fn(&Hints) -> i32| {
        let first = f(&all[0]);
        if all.iter().all(|h| f(h) == first) {
            first
        } else {
            INVALID_DEVICE_ID
        }
    };
    match attr {
        RangeAttribute::ReadMostly => out[0] = i32::from(all.iter().all(|h| h.read_mostly)),
        RangeAttribute::PreferredLocation => out[0] = uniform(|h| h.preferred),
        RangeAttribute::LastPrefetchLocation => out[0] = uniform(|h| h.last_prefetch),
        RangeAttribute::CoherencyMode => {
            // hipMemRangeCoherencyModeFineGrain 0, CoarseGrain 1, Indeterminate 2.
            out[0] = if all.iter().all(|h| h.coarse) {
                1
            } else if all.iter().all(|h| !h.coarse) {
                0
            } else {
                2
            };
        }
        RangeAttribute::AccessedBy => {
            let common = all.iter().fold(u64::MAX, |m, h| m & h.accessed_by);
            out.fill(INVALID_DEVICE_ID);
            let devices = (0..64).filter(|b| common & (1u64 << b) != 0).map(|b| b - 1);
            for (slot, d) in out.iter_mut().zip(devices) {
                *slot = d;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Each test uses its own address range: the record is process-wide.

    #[test]
    fn hints_read_back_over_ranges() {
        let base = 0x7000_0000_0000;
        let mut v = [0i32; 1];
        advise(base, 4096, 1, 0);
        query(RangeAttribute::ReadMostly, base, 4096, &mut v);
        assert_eq!(v[0], 1);
        // Half the queried range is not read-mostly.
        query(RangeAttribute::ReadMostly, base, 8192, &mut v);
        assert_eq!(v[0], 0);
        advise(base, 8192, 3, 1);
        query(RangeAttribute::PreferredLocation, base + 100, 5000, &mut v);
        assert_eq!(v[0], 1);
        advise(base + 4096, 4096, 3, -1);
        query(RangeAttribute::PreferredLocation, base, 8192, &mut v);
        assert_eq!(v[0], INVALID_DEVICE_ID);
        query(RangeAttribute::CoherencyMode, base, 8192, &mut v);
        assert_eq!(v[0], 0);
        forget(base, 8192);
        query(RangeAttribute::PreferredLocation, base, 8192, &mut v);
        assert_eq!(v[0], INVALID_DEVICE_ID);
        assert!(RECORD.lock().range(base..base + 8192).next().is_none());
    }

    #[test]
    fn accessed_by_lists_devices_set_on_the_whole_range() {
        let base = 0x7100_0000_0000;
        advise(base, 4096, 5, 0);
        advise(base, 4096, 5, -1);
        advise(base, 2048, 5, 2);
        let mut v = [7i32; 4];
        query(RangeAttribute::AccessedBy, base, 4096, &mut v);
        assert_eq!(v, [-1, 0, -2, -2]);
        advise(base, 4096, 6, -1);
        query(RangeAttribute::AccessedBy, base, 2048, &mut v);
        assert_eq!(v, [0, 2, -2, -2]);
        prefetched(base, 4096, 1);
        let mut p = [0i32];
        query(RangeAttribute::LastPrefetchLocation, base, 4096, &mut p);
        assert_eq!(p[0], 1);
        forget(base, 4096);
    }
}
