//! `hipGraphDebugDotPrint`: a graph as a Graphviz DOT file. Every node is a box labelled
//! with its type; `flags` add each node kind's parameters (`hipGraphDebugDotFlagsVerbose`
//! all of them); child graphs are clusters.

use std::fmt::Write as _;

use super::graphs::GraphCore;
use super::nodes::NodeKind;

/// `hipGraphDebugDotFlags*`
pub const DOT_VERBOSE: u32 = 1;
pub const DOT_KERNEL_PARAMS: u32 = 1 << 2;
pub const DOT_MEMCPY_PARAMS: u32 = 1 << 3;
pub const DOT_MEMSET_PARAMS: u32 = 1 << 4;
pub const DOT_HOST_PARAMS: u32 = 1 << 5;
pub const DOT_EVENT_PARAMS: u32 = 1 << 6;

fn wants(flags: u32, bit: u32) -> bool {
    flags & (bit | DOT_VERBOSE) != 0
}

fn label(kind: &NodeKind, flags: u32) -> String {
    match kind {
        NodeKind::Empty => "EMPTY".into(),
        NodeKind::Kernel(k) if wants(flags, DOT_KERNEL_PARAMS) => format!(
            "KERNEL\\nfunc {:#x}\\ngrid ({},{},{}) block ({},{},{})\\nshared {} B, args {} B",
            k.func,
            k.grid[0],
            k.grid[1],
            k.grid[2],
            k.block[0],
            k.block[1],
            k.block[2],
            k.dynamic_shared,
            k.kernarg.len()
        ),
        NodeKind::Kernel(_) => "KERNEL".into(),
        NodeKind::Memcpy(m) if wants(flags, DOT_MEMCPY_PARAMS) => format!(
            "MEMCPY\\n{:#x} -> {:#x}\\n{} x {} x {} B, kind {}",
            m.copy.src, m.copy.dst, m.copy.width, m.copy.height, m.copy.depth, m.params.kind
        ),
        NodeKind::Memcpy(_) => "MEMCPY".into(),
        NodeKind::Memset(m) if wants(flags, DOT_MEMSET_PARAMS) => format!(
            "MEMSET\\ndst {:#x}, value {:#x}\\n{} x {} elements of {} B, pitch {}",
            m.dst, m.value, m.width, m.height, m.element_size, m.pitch
        ),
        NodeKind::Memset(_) => "MEMSET".into(),
        NodeKind::Host(h) if wants(flags, DOT_HOST_PARAMS) => match h.raw {
            Some((f, user)) => format!("HOST\\nfn {f:#x}\\nuser data {user:#x}"),
            None => "HOST".into(),
        },
        NodeKind::Host(_) => "HOST".into(),
        NodeKind::Graph(_) | NodeKind::Child(_) => "GRAPH".into(),
        NodeKind::EventRecord(e) if wants(flags, DOT_EVENT_PARAMS) => {
            format!("EVENT_RECORD\\nevent {:#x}", e.handle)
        }
        NodeKind::EventRecord(_) => "EVENT_RECORD".into(),
        NodeKind::EventWait(e) if wants(flags, DOT_EVENT_PARAMS) => {
            format!("WAIT_EVENT\\nevent {:#x}", e.handle)
        }
        NodeKind::EventWait(_) => "WAIT_EVENT".into(),
        NodeKind::MemAlloc(a) => format!("MEM_ALLOC\\n{:#x}, {} B", a.ptr, a.size),
        NodeKind::MemFree(p) => format!("MEM_FREE\\n{p:#x}"),
    }
}

/// Writes the statements of `graph`'s nodes and edges (node names `n<handle>`).
fn body(graph: &GraphCore, flags: u32, out: &mut String, depth: usize) {
    let pad = "  ".repeat(depth);
    for (handle, kind, deps) in graph.snapshot() {
        let _ = writeln!(
            out,
            "{pad}n{handle:x} [shape=box, label=\"{}\"];",
            label(&kind, flags)
        );
        if let NodeKind::Child(c) = &kind {
            let _ = writeln!(out, "{pad}subgraph cluster_{:x} {{", c.handle);
            let _ = writeln!(out, "{pad}  label=\"child graph of n{handle:x}\";");
            body(c, flags, out, depth + 1);
            let _ = writeln!(out, "{pad}}}");
        }
        for d in deps {
            let _ = writeln!(out, "{pad}n{d:x} -> n{handle:x};");
        }
    }
}

/// The DOT text of `graph`.
pub fn to_dot(graph: &GraphCore, flags: u32) -> String {
    let mut out = format!("digraph graph_{:x} {{\n", graph.handle);
    body(graph, flags, &mut out, 1);
    out.push_str("}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::super::graphs::tests::empty_graph_with;
    use super::*;

    #[test]
    fn nodes_and_edges_are_printed() {
        let (g, h) = empty_graph_with(&[&[], &[0]]);
        let dot = to_dot(&g, 0);
        assert!(dot.starts_with("digraph"));
        assert_eq!(dot.matches("EMPTY").count(), 2);
        assert!(dot.contains(&format!("n{:x} -> n{:x};", h[0], h[1])));
        GraphCore::destroy(g.handle).unwrap();
    }
}
