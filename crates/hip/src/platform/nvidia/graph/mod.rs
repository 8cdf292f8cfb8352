//! Graphs and stream capture on NVIDIA: HIP graphs as CUDA driver graphs (`cuGraph*`),
//! with HIP's semantics and error codes (HIP-on-CUDA maps one-to-one onto the CUDA graph
//! calls; driver errors go through [`check`](super::check)).
//!
//! The handles are the driver's own: `hipGraph_t` is a `CUgraph`, `hipGraphNode_t` a
//! `CUgraphNode`, `hipGraphExec_t` a `CUgraphExec`. The driver does not validate them (a
//! destroyed handle is a use after free inside it), so this module keeps what it handed
//! out (`Live`): the live graphs, the live nodes with their graph, the live executable
//! graphs. Anything else is `hipErrorInvalidValue` before the driver sees it, as in HIP. A
//! node becomes known when a call hands it out (added, listed, found in a clone, a capture
//! dependency), and is forgotten with its graph or by `hipGraphDestroyNode`.
//!
//! Checks HIP makes that the driver does not (or not before instantiation): dependencies
//! must be nodes of the same graph, listed once; an edge that exists already or would close
//! a cycle is rejected; a kernel node needs a registered kernel and a launchable
//! configuration; set-parameter calls need a node of the right type.
//!
//! Structures and out-parameters the driver writes enum values into (node types, memory
//! types, update results, capture status) are read as plain integers, so that a value this
//! build does not know can never be an invalid Rust enum.
//!
//! The files follow the concerns: `driver` (the driver's structures and list queries),
//! [`graphs`] (graphs, edges, clones), [`nodes`] (node parameters), [`exec`] (executable
//! graphs) and [`capture`] (stream capture).

use std::collections::{HashMap, HashSet};

use parking_lot::Mutex;

use super::cu;
use crate::backend::Handle;
use crate::error::{HipError, HipResult};

pub mod capture;
mod driver;
pub mod exec;
pub mod graphs;
pub mod nodes;
pub mod objects;

// ------------------------------------------------------------------------------------
// Live handles

/// The handles this module handed out and that are still alive.
#[derive(Default)]
struct Live {
    graphs: HashSet<usize>,
    /// Node → its graph.
    nodes: HashMap<usize, usize>,
    /// Kernel node → the host stub of the registered kernel it was made from (what
    /// `hipGraphKernelNodeGetParams` gives back as `func`).
    node_kernels: HashMap<usize, usize>,
    /// Executable graph → the device it was instantiated on.
    execs: HashMap<usize, usize>,
    /// Executable graph → the flags it was instantiated with (`hipGraphExecGetFlags` gives
    /// them back as HIP does; the driver's answer leaves out the upload flag).
    exec_flags: HashMap<usize, u64>,
    /// Executable graph → a private clone of the graph it was instantiated (or last
    /// updated) from: what a launch into a capturing stream adds as a child graph node.
    /// (Parameters set on single nodes of the executable graph afterwards are not in it.)
    exec_sources: HashMap<usize, usize>,
    /// `CUfunction` → the host stub of the registered kernel it was resolved from (for
    /// kernel nodes not in `node_kernels`, e.g. those of a clone).
    kernels: HashMap<usize, usize>,
    /// Graphs owned by a child graph node (`hipGraphChildGraphNodeGetGraph` handed them
    /// out) → that node. They die with the node; the program may not destroy them.
    children: HashMap<usize, usize>,
    /// User objects handed out → the references the program and its graphs hold (the
    /// handle is forgotten when none is left; executable graphs' references are the
    /// driver's).
    user_objects: HashMap<usize, u64>,
    /// Graph → the user object references it holds (given back when it is destroyed).
    graph_objects: HashMap<usize, HashMap<usize, u64>>,
}

static LIVE: Mutex<Option<Live>> = Mutex::new(None);

fn live<T>(f: impl FnOnce(&mut Live) -> T) -> T {
    f(LIVE.lock().get_or_insert_with(Live::default))
}

fn known(yes: bool) -> HipResult<()> {
    if yes {
        Ok(())
    } else {
        Err(HipError::InvalidValue)
    }
}

/// A live graph.
fn graph(g: Handle) -> HipResult<cu::CUgraph> {
    known(live(|l| l.graphs.contains(&(g as usize))))?;
    Ok(g.cast())
}

/// A live node and (the address of) its graph.
fn node(n: Handle) -> HipResult<(cu::CUgraphNode, usize)> {
    let g = live(|l| l.nodes.get(&(n as usize)).copied());
    Ok((n.cast(), g.ok_or(HipError::InvalidValue)?))
}

/// A live executable graph.
fn exec(e: Handle) -> HipResult<cu::CUgraphExec> {
    known(live(|l| l.execs.contains_key(&(e as usize))))?;
    Ok(e.cast())
}

/// Records nodes of graph `g` the driver handed out; returns them as C handles.
fn noted(g: usize, nodes: &[cu::CUgraphNode]) -> Vec<Handle> {
    live(|l| {
        for &n in nodes {
            l.nodes.insert(n as usize, g);
        }
    });
    nodes.iter().map(|&n| n.cast()).collect()
}

/// `list` as nodes of graph `g`: each live and in `g` (and, if `once`, listed once), else
/// `hipErrorInvalidValue`.
fn members(g: cu::CUgraph, list: &[Handle], once: bool) -> HipResult<Vec<cu::CUgraphNode>> {
    let mut seen = HashSet::with_capacity(list.len());
    live(|l| {
        list.iter()
            .map(|&n| {
                let ours = l.nodes.get(&(n as usize)) == Some(&(g as usize));
                known(ours && (seen.insert(n) || !once)).map(|()| n.cast())
            })
            .collect()
    })
}

/// Forgets the graphs owned by child graph node `node` (destroyed, or its graph was), with
/// their nodes and the graphs their own child nodes own.
pub(super) fn forget_children_of_node(node: usize) {
    live(|l| {
        let mut stack = vec![node];
        while let Some(n) = stack.pop() {
            let owned: Vec<usize> = l
                .children
                .iter()
                .filter(|(_, owner)| **owner == n)
                .map(|(g, _)| *g)
                .collect();
            for g in owned {
                l.children.remove(&g);
                l.graphs.remove(&g);
                let nodes: Vec<usize> = l
                    .nodes
                    .iter()
                    .filter(|(_, owner)| **owner == g)
                    .map(|(n, _)| *n)
                    .collect();
                for n in nodes {
                    l.nodes.remove(&n);
                    l.node_kernels.remove(&n);
                    stack.push(n);
                }
            }
        }
    });
}

/// Forgets the executable graphs of device `dev` (for `hipDeviceReset`, which destroys
/// them with the device's primary context).
pub fn forget_device(dev: usize) {
    live(|l| {
        let dead: Vec<usize> = l
            .execs
            .iter()
            .filter(|(_, d)| **d == dev)
            .map(|(e, _)| *e)
            .collect();
        for e in dead {
            l.execs.remove(&e);
            l.exec_flags.remove(&e);
            // The clone died with the context too.
            l.exec_sources.remove(&e);
        }
    });
}

#[cfg(test)]
mod tests {
    use std::ffi::c_void;

    use super::*;

    #[test]
    fn unknown_handles_are_invalid_values() {
        let bogus = 0x10usize as *mut c_void;
        assert_eq!(graph(bogus).err(), Some(HipError::InvalidValue));
        assert_eq!(node(bogus).err(), Some(HipError::InvalidValue));
        assert_eq!(exec(bogus).err(), Some(HipError::InvalidValue));
        assert_eq!(graphs::destroy(bogus), Err(HipError::InvalidValue));
        assert_eq!(exec::exec_destroy(bogus), Err(HipError::InvalidValue));
        assert_eq!(nodes::destroy_node(bogus), Err(HipError::InvalidValue));
    }
}
