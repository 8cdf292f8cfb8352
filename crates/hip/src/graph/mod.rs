//! Graphs and stream capture (`hipGraph*`, `hipStreamBeginCapture` ...).
//!
//! A graph is a set of nodes (kernel launches, copies, fills, host functions, empty nodes,
//! child graphs) with dependency edges. Instantiating it sorts the nodes topologically
//! (Kahn's algorithm, ties broken by creation order, so a graph built by capture or in
//! program order replays in that order); launching the executable graph publishes every
//! node's AQL packets on the launch stream in that order, under one hold of the stream's
//! submission lock. Every HIP packet has the barrier bit set, so a node starts only after
//! all earlier nodes completed: every dependency is honoured, and independent branches run
//! one after another rather than concurrently (the CPU agent's packet processor runs a
//! queue's packets one at a time anyway; a kernel already uses every core).
//!
//! Stream capture records operations as nodes instead of running them. Each stream of a
//! capture sequence has a *tail*: the nodes its next operation depends on. An event recorded
//! on a capturing stream remembers that stream's tail; a stream that waits for such an event
//! joins the sequence (fork) or adds the tail to its own (join). Operations that cannot be
//! captured fail with HIP's codes and invalidate the sequence, as in HIP and CUDA.
//!
//! The module follows those concerns: [`nodes`] (what a node does and how it publishes
//! its packets), [`graphs`] (graphs: nodes, edges, clones, launch order), [`exec`]
//! (executable graphs: instantiate, launch, update) and [`capture`] (capture sequences and
//! the rules for work and events on capturing streams).

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};

use parking_lot::RwLock;

pub mod capture;
pub mod dot;
pub mod exec;
pub mod graphs;
pub mod memnodes;
pub mod nodes;
pub mod user_objects;

pub(crate) use capture::{
    any_capture_active, capture_alloc, capture_free, capture_record, capture_wait_event,
    stream_destroyed,
};
pub use capture::{
    begin_capture, begin_capture_to_graph, capture_dependencies, capture_info, check_unsafe_call,
    end_capture, exchange_capture_mode, is_captured_record, update_capture_dependencies,
    CaptureMode, CaptureSession, CaptureStatus,
};
pub use exec::{
    GraphExec, UpdateResult, INSTANTIATE_AUTO_FREE_ON_LAUNCH, INSTANTIATE_DEVICE_LAUNCH,
    INSTANTIATE_UPLOAD, INSTANTIATE_USE_NODE_PRIORITY,
};
pub use graphs::{GraphCore, Node};
pub use memnodes::{GraphAlloc, GraphMemAttr};
pub(crate) use nodes::sink_node;
pub use nodes::{
    HostNode, KernelAttrs, KernelNode, Memcpy3dParams, MemcpyNode, MemsetNode, NodeKind, NodeType,
};
pub use user_objects::{UserObject, UserRefs};

static NEXT_ID: AtomicU64 = AtomicU64::new(1);
const GRAPH_HANDLE_BASE: u64 = 0x4752_0000_0000_0000;
const NODE_HANDLE_BASE: u64 = 0x4e44_0000_0000_0000;
const EXEC_HANDLE_BASE: u64 = 0x4758_0000_0000_0000;

/// A fresh handle in the range of `base` (graphs, nodes and executable graphs each have
/// their own, so that one kind of handle is never mistaken for another).
fn next_handle(base: u64) -> u64 {
    base | (NEXT_ID.fetch_add(1, Ordering::Relaxed) << 4)
}

/// Live objects by handle (the C handles are these numbers).
type Registry<T> = RwLock<Option<HashMap<u64, T>>>;

fn register<T: Clone>(registry: &Registry<T>, handle: u64, value: &T) {
    registry
        .write()
        .get_or_insert_with(HashMap::new)
        .insert(handle, value.clone());
}

fn lookup_in<T: Clone>(registry: &Registry<T>, handle: u64) -> Option<T> {
    registry
        .read()
        .as_ref()
        .and_then(|m| m.get(&handle).cloned())
}
