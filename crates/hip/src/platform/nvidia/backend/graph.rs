//! [`GraphBackend`] for NVIDIA GPUs: the driver's graphs (`cuGraph*`) and stream capture,
//! through [`crate::platform::nvidia::graph`], which checks every handle against those it
//! handed out before the driver sees it.

use super::Nvidia;
use crate::backend::graph::{
    CaptureInfo, ExecUpdate, HostSpec, KernelSpec, MemcpyNodeParams, MemsetSpec, NodeSpec,
};
use crate::backend::{GraphBackend, Handle};
use crate::error::HipResult;
use crate::platform::nvidia::graph::{capture, exec, graphs, nodes};

impl GraphBackend for Nvidia {
    fn graph_create(&self) -> HipResult<Handle> {
        graphs::create()
    }

    fn graph_destroy(&self, graph: Handle) -> HipResult<()> {
        graphs::destroy(graph)
    }

    fn graph_clone(&self, graph: Handle) -> HipResult<Handle> {
        graphs::clone_graph(graph)
    }

    fn graph_find_in_clone(&self, original: Handle, clone: Handle) -> HipResult<Handle> {
        graphs::find_in_clone(original, clone)
    }

    unsafe fn graph_add_node(
        &self,
        graph: Handle,
        deps: &[Handle],
        spec: NodeSpec,
    ) -> HipResult<Handle> {
        // SAFETY: forwarded from the caller.
        unsafe { nodes::add_node(graph, deps, spec) }
    }

    unsafe fn graph_set_node_params(&self, node: Handle, spec: NodeSpec) -> HipResult<()> {
        // SAFETY: forwarded from the caller.
        unsafe { nodes::set_node(node, spec) }
    }

    fn graph_add_dependencies(
        &self,
        graph: Handle,
        from: &[Handle],
        to: &[Handle],
    ) -> HipResult<()> {
        graphs::add_dependencies(graph, from, to)
    }

    fn graph_remove_dependencies(
        &self,
        graph: Handle,
        from: &[Handle],
        to: &[Handle],
    ) -> HipResult<()> {
        graphs::remove_dependencies(graph, from, to)
    }

    fn graph_nodes(&self, graph: Handle) -> HipResult<Vec<Handle>> {
        graphs::nodes(graph)
    }

    fn graph_root_nodes(&self, graph: Handle) -> HipResult<Vec<Handle>> {
        graphs::root_nodes(graph)
    }

    fn graph_edges(&self, graph: Handle) -> HipResult<Vec<(Handle, Handle)>> {
        graphs::edges(graph)
    }

    fn graph_node_dependencies(&self, node: Handle) -> HipResult<Vec<Handle>> {
        graphs::dependencies(node)
    }

    fn graph_node_dependents(&self, node: Handle) -> HipResult<Vec<Handle>> {
        graphs::dependents(node)
    }

    fn graph_node_type(&self, node: Handle) -> HipResult<i32> {
        nodes::node_type(node)
    }

    fn graph_destroy_node(&self, node: Handle) -> HipResult<()> {
        nodes::destroy_node(node)
    }

    fn graph_kernel_node_params(&self, node: Handle) -> HipResult<KernelSpec> {
        nodes::kernel_params(node)
    }

    fn graph_memcpy_node_params(&self, node: Handle) -> HipResult<MemcpyNodeParams> {
        nodes::memcpy_params(node)
    }

    fn graph_memset_node_params(&self, node: Handle) -> HipResult<MemsetSpec> {
        nodes::memset_params(node)
    }

    fn graph_host_node_params(&self, node: Handle) -> HipResult<HostSpec> {
        nodes::host_params(node)
    }

    fn graph_instantiate(&self, graph: Handle, flags: u64) -> HipResult<Handle> {
        exec::instantiate(graph, flags)
    }

    fn graph_launch(&self, exec: Handle, stream: Handle) -> HipResult<()> {
        exec::launch(exec, stream, false)
    }

    fn graph_upload(&self, exec: Handle, stream: Handle) -> HipResult<()> {
        exec::launch(exec, stream, true)
    }

    fn graph_exec_destroy(&self, exec: Handle) -> HipResult<()> {
        exec::exec_destroy(exec)
    }

    unsafe fn graph_exec_set_node_params(
        &self,
        exec: Handle,
        node: Handle,
        spec: NodeSpec,
    ) -> HipResult<()> {
        // SAFETY: forwarded from the caller.
        unsafe { nodes::set_exec_node(exec, node, spec) }
    }

    fn graph_exec_update(&self, exec: Handle, graph: Handle) -> HipResult<ExecUpdate> {
        exec::exec_update(exec, graph)
    }

    fn graph_begin_capture(&self, stream: Handle, mode: i32) -> HipResult<()> {
        capture::begin_capture(stream, mode)
    }

    fn graph_end_capture(&self, stream: Handle) -> HipResult<Handle> {
        capture::end_capture(stream)
    }

    fn graph_capture_status(&self, stream: Handle) -> HipResult<i32> {
        capture::status(stream)
    }

    /// The driver reports the dependencies with every query.
    fn graph_capture_info(&self, stream: Handle, _with_deps: bool) -> HipResult<CaptureInfo> {
        capture::capture_info(stream)
    }

    fn graph_update_capture_dependencies(
        &self,
        stream: Handle,
        nodes: &[Handle],
        set: bool,
    ) -> HipResult<()> {
        capture::update_capture_dependencies(stream, nodes, set)
    }

    fn graph_exchange_capture_mode(&self, mode: i32) -> HipResult<i32> {
        capture::exchange_capture_mode(mode)
    }
}
