//! [`GraphBackend`] for NVIDIA GPUs: the driver's graphs (`cuGraph*`) and stream capture,
//! through [`crate::platform::nvidia::graph`], which checks every handle against those it
//! handed out before the driver sees it.

use super::Nvidia;
use std::ffi::c_void;

use crate::backend::graph::{
    CaptureInfo, ExecUpdate, HostSpec, KernelAttr, KernelSpec, MemAllocSpec, MemcpyNodeParams,
    MemsetSpec, NodeSpec,
};
use crate::backend::stream::HostFn;
use crate::backend::{GraphBackend, Handle};
use crate::error::HipResult;
use crate::platform::nvidia::graph::{capture, exec, graphs, nodes, objects};

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

    fn graph_instantiate_upload(
        &self,
        graph: Handle,
        flags: u64,
        stream: Handle,
    ) -> HipResult<Handle> {
        exec::instantiate_with(graph, flags, Some(stream))
    }

    fn graph_begin_capture_to_graph(
        &self,
        stream: Handle,
        graph: Handle,
        deps: &[Handle],
        mode: i32,
    ) -> HipResult<()> {
        objects::begin_capture_to_graph(stream, graph, deps, mode)
    }

    fn graph_event_node_event(&self, node: Handle, record: bool) -> HipResult<Handle> {
        objects::event_of(node, record)
    }

    fn graph_add_mem_alloc_node(
        &self,
        graph: Handle,
        deps: &[Handle],
        spec: &MemAllocSpec,
    ) -> HipResult<(Handle, usize)> {
        objects::add_mem_alloc(graph, deps, spec)
    }

    fn graph_mem_alloc_node_params(&self, node: Handle) -> HipResult<(MemAllocSpec, usize)> {
        objects::mem_alloc_params(node)
    }

    fn graph_mem_free_node_ptr(&self, node: Handle) -> HipResult<usize> {
        objects::mem_free_ptr(node)
    }

    fn graph_mem_trim(&self, device: i32) -> HipResult<()> {
        objects::mem_trim(device)
    }

    fn graph_mem_attribute(&self, device: i32, attr: i32) -> HipResult<u64> {
        objects::mem_attribute(device, attr)
    }

    fn graph_mem_set_attribute(&self, device: i32, attr: i32, value: u64) -> HipResult<()> {
        objects::mem_set_attribute(device, attr, value)
    }

    fn graph_child_graph(&self, node: Handle) -> HipResult<Handle> {
        objects::child_graph(node)
    }

    fn graph_node_set_enabled(&self, exec: Handle, node: Handle, enabled: bool) -> HipResult<()> {
        objects::set_enabled(exec, node, enabled)
    }

    fn graph_node_enabled(&self, exec: Handle, node: Handle) -> HipResult<bool> {
        objects::enabled(exec, node)
    }

    fn graph_exec_flags(&self, exec: Handle) -> HipResult<u64> {
        objects::exec_flags(exec)
    }

    fn graph_kernel_node_set_attribute(&self, node: Handle, attr: KernelAttr) -> HipResult<()> {
        objects::set_kernel_attribute(node, attr)
    }

    fn graph_kernel_node_attribute(&self, node: Handle, id: i32) -> HipResult<KernelAttr> {
        objects::kernel_attribute(node, id)
    }

    fn graph_kernel_node_copy_attributes(&self, src: Handle, dst: Handle) -> HipResult<()> {
        objects::copy_kernel_attributes(src, dst)
    }

    fn user_object_create(
        &self,
        ptr: *mut c_void,
        destroy: HostFn,
        initial_refcount: u32,
        flags: u32,
    ) -> HipResult<Handle> {
        objects::user_object_create(ptr as usize, destroy, initial_refcount, flags)
    }

    fn user_object_retain(&self, object: Handle, count: u32) -> HipResult<()> {
        objects::user_object_retain(object, count)
    }

    fn user_object_release(&self, object: Handle, count: u32) -> HipResult<()> {
        objects::user_object_release(object, count)
    }

    fn graph_retain_user_object(
        &self,
        graph: Handle,
        object: Handle,
        count: u32,
        flags: u32,
    ) -> HipResult<()> {
        objects::graph_retain(graph, object, count, flags)
    }

    fn graph_release_user_object(
        &self,
        graph: Handle,
        object: Handle,
        count: u32,
    ) -> HipResult<()> {
        objects::graph_release(graph, object, count)
    }

    fn graph_debug_dot_print(
        &self,
        graph: Handle,
        path: &std::path::Path,
        flags: u32,
    ) -> HipResult<()> {
        objects::dot_print(graph, path, flags)
    }
}
