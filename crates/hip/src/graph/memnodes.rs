//! Graph memory (`hipGraphAddMemAllocNode` / `hipGraphAddMemFreeNode`): an allocation
//! node's address is fixed when the node is made (the program passes it to later nodes),
//! so on the CPU the memory is reserved then, from the device's coarse-grained region, and
//! kept for as long as any graph or executable graph holds the node. A launch of the
//! allocation node makes the allocation *live*; a free node of a launch, or `hipFree` after
//! it, ends it. Relaunching a graph whose allocation is still live is
//! `hipErrorInvalidValue` unless it was instantiated with
//! `hipGraphInstantiateFlagAutoFreeOnLaunch`, as in CUDA.
//!
//! A live allocation outlives the graphs that made it (as in CUDA): it is held until it is
//! freed, and its memory returned once no node holds it either.
//!
//! The statistics of `hipDeviceGetGraphMemAttribute` are kept per device: *used* bytes are
//! those of live allocations, *reserved* bytes those of every allocation node that exists.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Weak};

use parking_lot::Mutex;

use super::nodes::NodeKind;
use crate::error::{HipError, HipResult};
use crate::memory;

/// `hipGraphMemAttributeType`
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GraphMemAttr {
    UsedMemCurrent = 0,
    UsedMemHigh = 1,
    ReservedMemCurrent = 2,
    ReservedMemHigh = 3,
}

impl GraphMemAttr {
    pub fn from_raw(raw: i32) -> HipResult<GraphMemAttr> {
        Ok(match raw {
            0 => GraphMemAttr::UsedMemCurrent,
            1 => GraphMemAttr::UsedMemHigh,
            2 => GraphMemAttr::ReservedMemCurrent,
            3 => GraphMemAttr::ReservedMemHigh,
            _ => return Err(HipError::InvalidValue),
        })
    }
}

#[derive(Default, Clone, Copy)]
struct Stats {
    used: u64,
    used_high: u64,
    reserved: u64,
    reserved_high: u64,
}

struct State {
    stats: HashMap<usize, Stats>,
    /// Live allocation nodes' memory by address (for `hipFree` and free nodes).
    by_ptr: HashMap<usize, Weak<GraphAlloc>>,
    /// Live allocations, held until they are freed.
    held: HashMap<usize, Arc<GraphAlloc>>,
}

static STATE: Mutex<Option<State>> = Mutex::new(None);

fn state<T>(f: impl FnOnce(&mut State) -> T) -> T {
    f(STATE.lock().get_or_insert_with(|| State {
        stats: HashMap::new(),
        by_ptr: HashMap::new(),
        held: HashMap::new(),
    }))
}

/// One allocation node's memory.
pub struct GraphAlloc {
    pub ptr: usize,
    pub size: usize,
    pub device: usize,
    live: AtomicBool,
}

impl GraphAlloc {
    /// Reserves `size` bytes on `device` for an allocation node (`hipErrorInvalidValue` for
    /// 0 bytes, `hipErrorOutOfMemory` when the memory is not there).
    pub fn new(device: usize, size: usize) -> HipResult<Arc<GraphAlloc>> {
        let rt = crate::runtime::Runtime::get()?;
        rt.device_agent(device)
            .map_err(|_| HipError::InvalidValue)?;
        if size == 0 {
            return Err(HipError::InvalidValue);
        }
        let ptr = memory::allocate_block(size)? as usize;
        // Known to the runtime from now on, so that copies and kernels of the same graph
        // that use the address are validated like any device allocation.
        memory::track(ptr, size, device);
        let a = Arc::new(GraphAlloc {
            ptr,
            size,
            device,
            live: AtomicBool::new(false),
        });
        state(|s| {
            s.by_ptr.insert(ptr, Arc::downgrade(&a));
            let st = s.stats.entry(device).or_default();
            st.reserved += size as u64;
            st.reserved_high = st.reserved_high.max(st.reserved);
        });
        Ok(a)
    }

    pub fn is_live(&self) -> bool {
        self.live.load(Ordering::Acquire)
    }

    /// Makes the allocation live (held until freed); whether it was live already.
    fn go_live(self: &Arc<Self>) -> bool {
        let was = self.set_live(true);
        state(|s| s.held.insert(self.ptr, Arc::clone(self)));
        was
    }

    /// Ends the allocation; whether it was live. The hold is dropped outside the state's
    /// lock (it may be the last reference, whose drop takes the lock).
    fn end(&self) -> bool {
        let was = self.set_live(false);
        let hold = state(|s| s.held.remove(&self.ptr));
        drop(hold);
        was
    }

    fn set_live(&self, live: bool) -> bool {
        let was = self.live.swap(live, Ordering::AcqRel);
        if was != live {
            state(|s| {
                let st = s.stats.entry(self.device).or_default();
                if live {
                    st.used += self.size as u64;
                    st.used_high = st.used_high.max(st.used);
                } else {
                    st.used = st.used.saturating_sub(self.size as u64);
                }
            });
        }
        was
    }
}

impl Drop for GraphAlloc {
    fn drop(&mut self) {
        self.set_live(false);
        state(|s| {
            s.by_ptr.remove(&self.ptr);
            let st = s.stats.entry(self.device).or_default();
            st.reserved = st.reserved.saturating_sub(self.size as u64);
        });
        memory::untrack(self.ptr);
        memory::free_block(self.ptr);
    }
}

/// The graph allocation at `ptr` (its start), if any node holds one there.
pub fn allocation(ptr: usize) -> Option<Arc<GraphAlloc>> {
    state(|s| s.by_ptr.get(&ptr).and_then(Weak::upgrade))
}

/// `hipFree` of graph memory: `Some` when `ptr` is a graph allocation (ended if live,
/// `hipErrorInvalidValue` if it is not live), `None` for any other pointer.
pub fn free_from_host(ptr: usize) -> Option<HipResult<()>> {
    let a = allocation(ptr)?;
    Some(if a.end() {
        Ok(())
    } else {
        Err(HipError::InvalidValue)
    })
}

/// A launch of an executable graph is being enqueued: its allocation nodes make their
/// allocations live (an allocation still live from an earlier launch is
/// `hipErrorInvalidValue`, or ended first with `auto_free`), then its free nodes end theirs.
pub(super) fn launch_allocations(nodes: &[NodeKind], auto_free: bool) -> HipResult<()> {
    let mut allocs = Vec::new();
    let mut frees = Vec::new();
    collect(nodes, &mut allocs, &mut frees);
    if !auto_free && allocs.iter().any(|a| a.is_live()) {
        return Err(HipError::InvalidValue);
    }
    for a in &allocs {
        a.go_live();
    }
    for p in frees {
        if let Some(a) = allocation(p) {
            a.end();
        }
    }
    Ok(())
}

/// Whether `nodes` (or a child graph among them) hold an allocation or free node.
pub(super) fn has_memory_nodes(nodes: &[NodeKind]) -> bool {
    nodes.iter().any(|n| match n {
        NodeKind::MemAlloc(_) | NodeKind::MemFree(_) => true,
        NodeKind::Graph(inner) => has_memory_nodes(inner),
        _ => false,
    })
}

fn collect(nodes: &[NodeKind], allocs: &mut Vec<Arc<GraphAlloc>>, frees: &mut Vec<usize>) {
    for n in nodes {
        match n {
            NodeKind::MemAlloc(a) => allocs.push(Arc::clone(a)),
            NodeKind::MemFree(p) => frees.push(*p),
            NodeKind::Graph(inner) => collect(inner, allocs, frees),
            _ => {}
        }
    }
}

/// `hipDeviceGetGraphMemAttribute`.
pub fn attribute(device: usize, attr: GraphMemAttr) -> u64 {
    let st = state(|s| s.stats.get(&device).copied().unwrap_or_default());
    match attr {
        GraphMemAttr::UsedMemCurrent => st.used,
        GraphMemAttr::UsedMemHigh => st.used_high,
        GraphMemAttr::ReservedMemCurrent => st.reserved,
        GraphMemAttr::ReservedMemHigh => st.reserved_high,
    }
}

/// `hipDeviceSetGraphMemAttribute`: only the high watermarks can be set, and only to 0
/// (they restart from the current value).
pub fn reset_attribute(device: usize, attr: GraphMemAttr, value: u64) -> HipResult<()> {
    if value != 0 {
        return Err(HipError::InvalidValue);
    }
    state(|s| {
        let st = s.stats.entry(device).or_default();
        match attr {
            GraphMemAttr::UsedMemHigh => st.used_high = st.used,
            GraphMemAttr::ReservedMemHigh => st.reserved_high = st.reserved,
            _ => return Err(HipError::InvalidValue),
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allocations_go_live_and_free() {
        let a = GraphAlloc::new(0, 4096).unwrap();
        let before = attribute(0, GraphMemAttr::UsedMemCurrent);
        assert!(attribute(0, GraphMemAttr::ReservedMemCurrent) >= 4096);
        let nodes = vec![NodeKind::MemAlloc(Arc::clone(&a))];
        launch_allocations(&nodes, false).unwrap();
        assert!(a.is_live());
        assert_eq!(attribute(0, GraphMemAttr::UsedMemCurrent), before + 4096);
        // Relaunching before the memory was freed.
        assert_eq!(
            launch_allocations(&nodes, false),
            Err(HipError::InvalidValue)
        );
        launch_allocations(&nodes, true).unwrap();
        assert_eq!(free_from_host(a.ptr), Some(Ok(())));
        assert_eq!(free_from_host(a.ptr), Some(Err(HipError::InvalidValue)));
        assert_eq!(free_from_host(a.ptr + 1), None);
        // Alloc then free in one launch.
        let both = vec![NodeKind::MemAlloc(Arc::clone(&a)), NodeKind::MemFree(a.ptr)];
        launch_allocations(&both, false).unwrap();
        assert!(!a.is_live());
        assert_eq!(
            reset_attribute(0, GraphMemAttr::UsedMemCurrent, 0),
            Err(HipError::InvalidValue)
        );
        assert_eq!(
            reset_attribute(0, GraphMemAttr::UsedMemHigh, 1),
            Err(HipError::InvalidValue)
        );
        reset_attribute(0, GraphMemAttr::UsedMemHigh, 0).unwrap();
        assert_eq!(GraphAlloc::new(0, 0).err(), Some(HipError::InvalidValue));
        // A live allocation outlives its nodes until it is freed.
        let p = a.ptr;
        launch_allocations(&nodes, false).unwrap();
        drop(both);
        drop(nodes);
        drop(a);
        assert!(allocation(p).is_some_and(|a| a.is_live()));
        assert_eq!(free_from_host(p), Some(Ok(())));
        assert!(allocation(p).is_none());
    }
}
