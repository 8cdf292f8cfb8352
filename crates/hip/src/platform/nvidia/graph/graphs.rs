//! Graphs: created, destroyed, cloned, their nodes and edges listed and changed.

use std::collections::{HashMap, HashSet};
use std::ptr::null_mut;

use super::driver::{list, raw_edges, ready, EDGE};
use super::{graph, known, live, members, node, noted};
use crate::backend::Handle;
use crate::error::{HipError, HipResult};
use crate::platform::nvidia::{check, cu, current_device, make_current};

/// `hipGraphCreate`.
pub fn create() -> HipResult<Handle> {
    make_current(current_device()?)?;
    let mut g = null_mut();
    // SAFETY: a context is current; out-parameter.
    check(unsafe { cu::cuGraphCreate(&mut g, 0) })?;
    live(|l| l.graphs.insert(g as usize));
    Ok(g.cast())
}

/// `hipGraphDestroy`: its nodes are forgotten with it.
pub fn destroy(g: Handle) -> HipResult<()> {
    let key = g as usize;
    // A child graph node's graph is the node's to destroy.
    known(live(|l| {
        !l.children.contains_key(&key) && l.graphs.remove(&key)
    }))?;
    // SAFETY: a live graph (taken out of the live set: no other call destroys it again).
    if let Err(e) = check(unsafe { cu::cuGraphDestroy(g.cast()) }) {
        live(|l| l.graphs.insert(key));
        return Err(e);
    }
    let nodes: Vec<usize> = live(|l| {
        l.node_kernels.retain(|n, _| l.nodes.get(n) != Some(&key));
        let mine = l.nodes.iter().filter(|(_, o)| **o == key).map(|(n, _)| *n);
        let mine: Vec<usize> = mine.collect();
        l.nodes.retain(|_, owner| *owner != key);
        mine
    });
    for n in nodes {
        super::forget_children_of_node(n);
    }
    super::objects::graph_destroyed(key);
    Ok(())
}

/// `hipGraphClone`.
pub fn clone_graph(g: Handle) -> HipResult<Handle> {
    let h = graph(g)?;
    ready()?;
    let mut c = null_mut();
    // SAFETY: a context is current; a live graph; out-parameter.
    check(unsafe { cu::cuGraphClone(&mut c, h) })?;
    live(|l| l.graphs.insert(c as usize));
    Ok(c.cast())
}

/// `hipGraphNodeFindInClone`.
pub fn find_in_clone(original: Handle, clone: Handle) -> HipResult<Handle> {
    let (o, _) = node(original)?;
    let c = graph(clone)?;
    ready()?;
    let mut n = null_mut();
    // SAFETY: a live node and a live graph; out-parameter.
    check(unsafe { cu::cuGraphNodeFindInClone(&mut n, o, c) })?;
    noted(c as usize, &[n]);
    live(|l| {
        if let Some(&host) = l.node_kernels.get(&(original as usize)) {
            l.node_kernels.insert(n as usize, host);
        }
    });
    Ok(n.cast())
}

/// A driver query for a graph's node list (`cuGraphGetNodes`, `cuGraphGetRootNodes`).
type GraphQuery = unsafe fn(cu::CUgraph, *mut cu::CUgraphNode, *mut usize) -> cu::CUresult;

/// A driver query for a node's neighbours, with edge data (`cuGraphNodeGetDependencies_v2`,
/// `cuGraphNodeGetDependentNodes_v2`).
type NodeQuery = unsafe fn(
    cu::CUgraphNode,
    *mut cu::CUgraphNode,
    *mut cu::CUgraphEdgeData,
    *mut usize,
) -> cu::CUresult;

/// The nodes `query` lists for live graph `h`.
///
/// # Safety
/// `query` must be a driver graph list query of [`GraphQuery`]'s form.
unsafe fn graph_list(h: cu::CUgraph, query: GraphQuery) -> HipResult<Vec<Handle>> {
    ready()?;
    // SAFETY: a live graph, a list query (caller), the arrays as `list` passes them.
    let v = list(|items, _, count| unsafe { query(h, items, count) })?;
    Ok(noted(h as usize, &v))
}

/// The nodes `query` lists for live node `n` of graph `g`.
///
/// # Safety
/// `query` must be a driver neighbour query of [`NodeQuery`]'s form.
unsafe fn node_list(n: cu::CUgraphNode, g: usize, query: NodeQuery) -> HipResult<Vec<Handle>> {
    ready()?;
    // SAFETY: a live node, a neighbour query (caller), the arrays as `list` passes them.
    let v = list(|items, data, count| unsafe { query(n, items, data, count) })?;
    Ok(noted(g, &v))
}

/// `hipGraphGetNodes`.
pub fn nodes(g: Handle) -> HipResult<Vec<Handle>> {
    let h = graph(g)?;
    // SAFETY: the driver's node list query.
    unsafe { graph_list(h, cu::cuGraphGetNodes) }
}

/// `hipGraphGetRootNodes`.
pub fn root_nodes(g: Handle) -> HipResult<Vec<Handle>> {
    let h = graph(g)?;
    // SAFETY: the driver's root node list query.
    unsafe { graph_list(h, cu::cuGraphGetRootNodes) }
}

/// `hipGraphNodeGetDependencies`.
pub fn dependencies(handle: Handle) -> HipResult<Vec<Handle>> {
    let (n, g) = node(handle)?;
    // SAFETY: the driver's dependency query.
    unsafe { node_list(n, g, cu::cuGraphNodeGetDependencies_v2) }
}

/// `hipGraphNodeGetDependentNodes`.
pub fn dependents(handle: Handle) -> HipResult<Vec<Handle>> {
    let (n, g) = node(handle)?;
    // SAFETY: the driver's dependent query.
    unsafe { node_list(n, g, cu::cuGraphNodeGetDependentNodes_v2) }
}

/// `hipGraphGetEdges`: every edge as (from, to).
pub fn edges(g: Handle) -> HipResult<Vec<(Handle, Handle)>> {
    let h = graph(g)?;
    ready()?;
    let e = raw_edges(h)?;
    let ends: Vec<cu::CUgraphNode> = e
        .iter()
        .flat_map(|&(f, t, _)| [f as cu::CUgraphNode, t as cu::CUgraphNode])
        .collect();
    noted(g as usize, &ends);
    Ok(e.into_iter()
        .map(|(f, t, _)| (f as Handle, t as Handle))
        .collect())
}

/// `hipGraphAddDependencies`: `to[i]` depends on `from[i]`. Nodes of another graph, an
/// edge that exists already and one that would close a cycle are `hipErrorInvalidValue`.
pub fn add_dependencies(g: Handle, from: &[Handle], to: &[Handle]) -> HipResult<()> {
    let h = graph(g)?;
    let (f, t) = (members(h, from, false)?, members(h, to, false)?);
    ready()?;
    let mut next: HashMap<usize, Vec<usize>> = HashMap::new();
    for (a, b, _) in raw_edges(h)? {
        next.entry(a).or_default().push(b);
    }
    for (&a, &b) in f.iter().zip(&t) {
        let (a, b) = (a as usize, b as usize);
        if next.get(&a).is_some_and(|v| v.contains(&b)) || reaches(&next, b, a) {
            return Err(HipError::InvalidValue);
        }
        next.entry(a).or_default().push(b);
    }
    if f.is_empty() {
        return Ok(());
    }
    let data = vec![EDGE; f.len()];
    // SAFETY: a live graph; `from`, `to` and the edge data hold `len` entries each.
    check(unsafe {
        cu::cuGraphAddDependencies_v2(h, f.as_ptr(), t.as_ptr(), data.as_ptr(), f.len())
    })
}

/// `hipGraphRemoveDependencies`: every edge must exist (`hipErrorInvalidValue`).
pub fn remove_dependencies(g: Handle, from: &[Handle], to: &[Handle]) -> HipResult<()> {
    let h = graph(g)?;
    let (f, t) = (members(h, from, false)?, members(h, to, false)?);
    ready()?;
    let existing: HashMap<(usize, usize), cu::CUgraphEdgeData> = raw_edges(h)?
        .into_iter()
        .map(|(a, b, d)| ((a, b), d))
        .collect();
    let data = f
        .iter()
        .zip(&t)
        .map(|(&a, &b)| existing.get(&(a as usize, b as usize)).copied())
        .collect::<Option<Vec<_>>>()
        .ok_or(HipError::InvalidValue)?;
    if f.is_empty() {
        return Ok(());
    }
    // SAFETY: a live graph; `from`, `to` and the edge data hold `len` entries each.
    check(unsafe {
        cu::cuGraphRemoveDependencies_v2(h, f.as_ptr(), t.as_ptr(), data.as_ptr(), f.len())
    })
}

/// Whether `goal` can be reached from `start` along `next`.
fn reaches(next: &HashMap<usize, Vec<usize>>, start: usize, goal: usize) -> bool {
    let (mut stack, mut seen) = (vec![start], HashSet::new());
    while let Some(x) = stack.pop() {
        if x == goal {
            return true;
        }
        if seen.insert(x) {
            stack.extend(next.get(&x).into_iter().flatten());
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cycles_are_found() {
        let mut next: HashMap<usize, Vec<usize>> = HashMap::new();
        next.insert(1, vec![2]);
        next.insert(2, vec![3, 4]);
        assert!(reaches(&next, 1, 4));
        assert!(reaches(&next, 3, 3));
        assert!(!reaches(&next, 4, 1));
    }
}
