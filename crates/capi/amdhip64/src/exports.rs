//! The one declaration list of `libamdhip64.so`: every function of HIP's public runtime
//! API (ROCm 6.3's `hip_runtime_api.h` and `hip_ext.h`, in the header's order), then the
//! compiler ABI that hipcc-built programs call. Each line is exported by
//! [`hip_exports!`](crate::export_table) (entry discipline, tracing hook,
//! `hipGetProcAddress`, coverage); see that module for the three forms of a line.
//! No `#[no_mangle]` anywhere else in this crate.
//!
//! Implementing a function: write it in the module of its area, returning `HipResult<()>`
//! with the parameter types of its line here, and replace `unsupported "..."` by its path.
#![allow(non_snake_case)]

use std::ffi::{c_char, c_float, c_int, c_uint, c_ulonglong, c_void};

use cpu_engine::KernelDescriptor;

use crate::array::{HipArray3DDescriptor, HipArrayDescriptor, HipMemcpy3DDrv};
use crate::export_table::hip_exports;
use crate::graph::drv::DrvMemsetParams;
use crate::graph::{ExecT, GraphT, HostNodeParams, KernelNodeParams, MemsetParams, NodeT};
use crate::launch::FuncAttributes;
use crate::memory::PointerAttributes;
use crate::memory3d::HipMemcpy3DParms;
use crate::mempool::{MemAccessDesc, MemLocation, MemPoolProps, MemPoolT};
use crate::module::{FunctionT, ModuleT};
use crate::nvcc_abi::{CudaLaunchConfig, FatbinHandle};
use crate::stream::{EventT, HostFn, StreamCallback, StreamT};
use crate::types::*;
#[rustfmt::skip]
use crate::{api_query, array, context, device, external, graph, hip_ext, ipc, launch, memory, memory3d, mempool, module, multidev, nvcc_abi, occupancy, per_thread, stream, texture, vmm};

#[rustfmt::skip]
hip_exports! {
    // ---------------------------------------------------------------- HIP runtime API
    fn __hipGetPCH(pch: *mut *const c_char, size: *mut c_uint) -> () { unsupported "runtime" }
    fn hipInit(flags: c_uint) { device::hipInit }
    fn hipDriverGetVersion(version: *mut c_int) { device::hipDriverGetVersion }
    fn hipRuntimeGetVersion(version: *mut c_int) { device::hipRuntimeGetVersion }
    fn hipDeviceGet(device: *mut c_int, ordinal: c_int) { device::hipDeviceGet }
    fn hipDeviceComputeCapability(major: *mut c_int, minor: *mut c_int, device: c_int) { device::hipDeviceComputeCapability }
    fn hipDeviceGetName(name: *mut c_char, len: c_int, device: c_int) { device::hipDeviceGetName }
    fn hipDeviceGetUuid(uuid: *mut [u8; 16], device: c_int) { device::hipDeviceGetUuid }
    fn hipDeviceGetP2PAttribute(value: *mut c_int, attr: c_int, src_device: c_int, dst_device: c_int) { multidev::hipDeviceGetP2PAttribute }
    fn hipDeviceGetPCIBusId(bus_id: *mut c_char, len: c_int, device: c_int) { device::hipDeviceGetPCIBusId }
    fn hipDeviceGetByPCIBusId(device: *mut c_int, pci_bus_id: *const c_char) { device::hipDeviceGetByPCIBusId }
    fn hipDeviceTotalMem(bytes: *mut usize, device: c_int) { device::hipDeviceTotalMem }
    fn hipDeviceSynchronize() { device::hipDeviceSynchronize }
    fn hipDeviceReset() { device::hipDeviceReset }
    fn hipSetDevice(device: c_int) { device::hipSetDevice }
    fn hipSetValidDevices(device_arr: *mut c_int, len: c_int) { unsupported "runtime" }
    fn hipGetDevice(device: *mut c_int) { device::hipGetDevice }
    fn hipGetDeviceCount(count: *mut c_int) { device::hipGetDeviceCount }
    fn hipDeviceGetAttribute(value: *mut c_int, attr: c_uint, device: c_int) { device::hipDeviceGetAttribute }
    fn hipDeviceGetDefaultMemPool(pool_out: *mut MemPoolT, device: c_int) { mempool::hipDeviceGetDefaultMemPool }
    fn hipDeviceSetMemPool(device: c_int, pool_handle: MemPoolT) { mempool::hipDeviceSetMemPool }
    fn hipDeviceGetMemPool(pool_out: *mut MemPoolT, device: c_int) { mempool::hipDeviceGetMemPool }
    fn hipGetDevicePropertiesR0600(prop: *mut DeviceProp, device: c_int) { device::hipGetDevicePropertiesR0600 }
    fn hipDeviceSetCacheConfig(config: c_uint) { device::hipDeviceSetCacheConfig }
    fn hipDeviceGetCacheConfig(config: *mut c_uint) { device::hipDeviceGetCacheConfig }
    fn hipDeviceGetLimit(value: *mut usize, limit: c_uint) { device::hipDeviceGetLimit }
    fn hipDeviceSetLimit(limit: c_uint, value: usize) { device::hipDeviceSetLimit }
    fn hipDeviceGetSharedMemConfig(config: *mut c_uint) { device::hipDeviceGetSharedMemConfig }
    fn hipGetDeviceFlags(flags: *mut c_uint) { device::hipGetDeviceFlags }
    fn hipDeviceSetSharedMemConfig(config: c_uint) { device::hipDeviceSetSharedMemConfig }
    fn hipSetDeviceFlags(flags: c_uint) { device::hipSetDeviceFlags }
    fn hipChooseDeviceR0600(device: *mut c_int, prop: *const DeviceProp) { device::hipChooseDeviceR0600 }
    fn hipExtGetLinkTypeAndHopCount(device1: c_int, device2: c_int, linktype: *mut u32, hopcount: *mut u32) { unsupported "AMD extensions" }
    fn hipIpcGetMemHandle(handle: *mut hipIpcMemHandle_t, dev_ptr: *mut c_void) { ipc::hipIpcGetMemHandle }
    fn hipIpcOpenMemHandle(dev_ptr: *mut *mut c_void, handle: hipIpcMemHandle_t, flags: c_uint) { ipc::hipIpcOpenMemHandle }
    fn hipIpcCloseMemHandle(dev_ptr: *mut c_void) { ipc::hipIpcCloseMemHandle }
    fn hipIpcGetEventHandle(handle: *mut hipIpcEventHandle_t, event: hipEvent_t) { ipc::hipIpcGetEventHandle }
    fn hipIpcOpenEventHandle(event: *mut hipEvent_t, handle: hipIpcEventHandle_t) { ipc::hipIpcOpenEventHandle }
    fn hipFuncSetAttribute(function: *const c_void, attr: c_uint, value: c_int) { launch::hipFuncSetAttribute }
    fn hipFuncSetCacheConfig(function: *const c_void, config: c_uint) { launch::hipFuncSetCacheConfig }
    fn hipFuncSetSharedMemConfig(function: *const c_void, config: c_uint) { launch::hipFuncSetSharedMemConfig }
    fn hipGetLastError() -> hipError_t { raw device::hipGetLastError }
    fn hipExtGetLastError() -> hipError_t { raw hip_ext::hipExtGetLastError }
    fn hipPeekAtLastError() -> hipError_t { raw device::hipPeekAtLastError }
    fn hipGetErrorName(error: hipError_t) -> *const c_char { raw device::hipGetErrorName }
    fn hipGetErrorString(error: hipError_t) -> *const c_char { raw device::hipGetErrorString }
    fn hipDrvGetErrorName(hip_error: hipError_t, error_string: *mut *const c_char) { device::hipDrvGetErrorName }
    fn hipDrvGetErrorString(hip_error: hipError_t, error_string: *mut *const c_char) { device::hipDrvGetErrorString }
    fn hipStreamCreate(stream: *mut StreamT) { stream::hipStreamCreate }
    fn hipStreamCreateWithFlags(stream: *mut StreamT, flags: c_uint) { stream::hipStreamCreateWithFlags }
    fn hipStreamCreateWithPriority(stream: *mut StreamT, flags: c_uint, priority: c_int) { stream::hipStreamCreateWithPriority }
    fn hipDeviceGetStreamPriorityRange(least: *mut c_int, greatest: *mut c_int) { device::hipDeviceGetStreamPriorityRange }
    fn hipStreamDestroy(stream: StreamT) { stream::hipStreamDestroy }
    fn hipStreamQuery(stream: StreamT) { stream::hipStreamQuery }
    fn hipStreamSynchronize(stream: StreamT) { stream::hipStreamSynchronize }
    fn hipStreamWaitEvent(stream: StreamT, event: EventT, flags: c_uint) { stream::hipStreamWaitEvent }
    fn hipStreamGetFlags(stream: StreamT, flags: *mut c_uint) { stream::hipStreamGetFlags }
    fn hipStreamGetPriority(stream: StreamT, priority: *mut c_int) { stream::hipStreamGetPriority }
    fn hipStreamGetDevice(stream: StreamT, device: *mut c_int) { stream::hipStreamGetDevice }
    fn hipExtStreamCreateWithCUMask(stream: *mut hipStream_t, cu_mask_size: u32, cu_mask: *const u32) { unsupported "AMD extensions" }
    fn hipExtStreamGetCUMask(stream: hipStream_t, cu_mask_size: u32, cu_mask: *mut u32) { unsupported "AMD extensions" }
    fn hipStreamAddCallback(stream: StreamT, callback: StreamCallback, user_data: *mut c_void, flags: c_uint) { stream::hipStreamAddCallback }
    fn hipStreamWaitValue32(stream: hipStream_t, ptr: *mut c_void, value: u32, flags: c_uint, mask: u32) { multidev::hipStreamWaitValue32 }
    fn hipStreamWaitValue64(stream: hipStream_t, ptr: *mut c_void, value: u64, flags: c_uint, mask: u64) { multidev::hipStreamWaitValue64 }
    fn hipStreamWriteValue32(stream: hipStream_t, ptr: *mut c_void, value: u32, flags: c_uint) { multidev::hipStreamWriteValue32 }
    fn hipStreamWriteValue64(stream: hipStream_t, ptr: *mut c_void, value: u64, flags: c_uint) { multidev::hipStreamWriteValue64 }
    fn hipStreamBatchMemOp(stream: hipStream_t, count: c_uint, param_array: *mut c_void, flags: c_uint) { multidev::hipStreamBatchMemOp }
    fn hipGraphAddBatchMemOpNode(ph_graph_node: *mut hipGraphNode_t, h_graph: hipGraph_t, dependencies: *const hipGraphNode_t, num_dependencies: usize, node_params: *const c_void) { unsupported "stream memory operations" }
    fn hipGraphBatchMemOpNodeGetParams(h_node: hipGraphNode_t, node_params_out: *mut c_void) { unsupported "stream memory operations" }
    fn hipGraphBatchMemOpNodeSetParams(h_node: hipGraphNode_t, node_params: *mut c_void) { unsupported "stream memory operations" }
    fn hipGraphExecBatchMemOpNodeSetParams(h_graph_exec: hipGraphExec_t, h_node: hipGraphNode_t, node_params: *const c_void) { unsupported "stream memory operations" }
    fn hipEventCreateWithFlags(event: *mut EventT, flags: c_uint) { stream::hipEventCreateWithFlags }
    fn hipEventCreate(event: *mut EventT) { stream::hipEventCreate }
    fn hipEventRecord(event: EventT, stream: StreamT) { stream::hipEventRecord }
    fn hipEventDestroy(event: EventT) { stream::hipEventDestroy }
    fn hipEventSynchronize(event: EventT) { stream::hipEventSynchronize }
    fn hipEventElapsedTime(ms: *mut c_float, start: EventT, stop: EventT) { stream::hipEventElapsedTime }
    fn hipEventQuery(event: EventT) { stream::hipEventQuery }
    fn hipPointerSetAttribute(value: *const c_void, attribute: c_int, ptr: hipDeviceptr_t) { multidev::hipPointerSetAttribute }
    fn hipPointerGetAttributes(attributes: *mut PointerAttributes, ptr: *const c_void) { memory::hipPointerGetAttributes }
    fn hipPointerGetAttribute(data: *mut c_void, attribute: c_int, ptr: hipDeviceptr_t) { multidev::hipPointerGetAttribute }
    fn hipDrvPointerGetAttributes(num_attributes: c_uint, attributes: *mut c_void, data: *mut *mut c_void, ptr: hipDeviceptr_t) { multidev::hipDrvPointerGetAttributes }
    fn hipImportExternalSemaphore(ext_sem_out: *mut hipExternalSemaphore_t, sem_handle_desc: *const c_void) { external::hipImportExternalSemaphore }
    fn hipSignalExternalSemaphoresAsync(ext_sem_array: *const hipExternalSemaphore_t, params_array: *const c_void, num_ext_sems: c_uint, stream: hipStream_t) { external::hipSignalExternalSemaphoresAsync }
    fn hipWaitExternalSemaphoresAsync(ext_sem_array: *const hipExternalSemaphore_t, params_array: *const c_void, num_ext_sems: c_uint, stream: hipStream_t) { external::hipWaitExternalSemaphoresAsync }
    fn hipDestroyExternalSemaphore(ext_sem: hipExternalSemaphore_t) { external::hipDestroyExternalSemaphore }
    fn hipImportExternalMemory(ext_mem_out: *mut hipExternalMemory_t, mem_handle_desc: *const c_void) { external::hipImportExternalMemory }
    fn hipExternalMemoryGetMappedBuffer(dev_ptr: *mut *mut c_void, ext_mem: hipExternalMemory_t, buffer_desc: *const c_void) { external::hipExternalMemoryGetMappedBuffer }
    fn hipDestroyExternalMemory(ext_mem: hipExternalMemory_t) { external::hipDestroyExternalMemory }
    fn hipExternalMemoryGetMappedMipmappedArray(mipmap: *mut hipMipmappedArray_t, ext_mem: hipExternalMemory_t, mipmap_desc: *const c_void) { unsupported "external resources and graphics interop" }
    fn hipMalloc(ptr: *mut *mut c_void, size: usize) { memory::hipMalloc }
    fn hipExtMallocWithFlags(ptr: *mut *mut c_void, size_bytes: usize, flags: c_uint) { memory::hipExtMallocWithFlags }
    fn hipMallocHost(ptr: *mut *mut c_void, size: usize) { memory::hipMallocHost }
    fn hipMemAllocHost(ptr: *mut *mut c_void, size: usize) { memory::hipMemAllocHost }
    fn hipHostMalloc(ptr: *mut *mut c_void, size: usize, flags: c_uint) { memory::hipHostMalloc }
    fn hipExtHostAlloc(ptr: *mut *mut c_void, size: usize, flags: c_uint) { memory::hipExtHostAlloc }
    fn hipMallocManaged(ptr: *mut *mut c_void, size: usize, flags: c_uint) { memory::hipMallocManaged }
    fn hipMemPrefetchAsync(ptr: *const c_void, count: usize, device: c_int, stream: *mut c_void) { memory::hipMemPrefetchAsync }
    fn hipMemAdvise(ptr: *const c_void, count: usize, advice: c_int, device: c_int) { memory::hipMemAdvise }
    fn hipMemRangeGetAttribute(data: *mut c_void, data_size: usize, attribute: c_int, dev_ptr: *const c_void, count: usize) { multidev::hipMemRangeGetAttribute }
    fn hipMemRangeGetAttributes(data: *mut *mut c_void, data_sizes: *mut usize, attributes: *mut c_void, num_attributes: usize, dev_ptr: *const c_void, count: usize) { multidev::hipMemRangeGetAttributes }
    fn hipStreamAttachMemAsync(stream: hipStream_t, dev_ptr: *mut c_void, length: usize, flags: c_uint) { memory::hipStreamAttachMemAsync }
    fn hipMallocAsync(ptr: *mut *mut c_void, size: usize, stream: *mut c_void) { memory::hipMallocAsync }
    fn hipFreeAsync(ptr: *mut c_void, stream: *mut c_void) { memory::hipFreeAsync }
    fn hipMemPoolTrimTo(pool_handle: MemPoolT, min_bytes_to_hold: usize) { mempool::hipMemPoolTrimTo }
    fn hipMemPoolSetAttribute(pool_handle: MemPoolT, attr: c_int, value: *mut c_void) { mempool::hipMemPoolSetAttribute }
    fn hipMemPoolGetAttribute(pool_handle: MemPoolT, attr: c_int, value: *mut c_void) { mempool::hipMemPoolGetAttribute }
    fn hipMemPoolSetAccess(pool_handle: MemPoolT, desc: *const MemAccessDesc, count: usize) { mempool::hipMemPoolSetAccess }
    fn hipMemPoolGetAccess(flags: *mut c_int, pool_handle: MemPoolT, location: *mut MemLocation) { mempool::hipMemPoolGetAccess }
    fn hipMemPoolCreate(pool_out: *mut MemPoolT, props: *const MemPoolProps) { mempool::hipMemPoolCreate }
    fn hipMemPoolDestroy(pool_handle: MemPoolT) { mempool::hipMemPoolDestroy }
    fn hipMallocFromPoolAsync(ptr: *mut *mut c_void, size: usize, pool_handle: MemPoolT, stream: StreamT) { mempool::hipMallocFromPoolAsync }
    fn hipMemPoolExportToShareableHandle(shared_handle: *mut c_void, mem_pool: hipMemPool_t, handle_type: c_int, flags: c_uint) { ipc::hipMemPoolExportToShareableHandle }
    fn hipMemPoolImportFromShareableHandle(mem_pool: *mut hipMemPool_t, shared_handle: *mut c_void, handle_type: c_int, flags: c_uint) { ipc::hipMemPoolImportFromShareableHandle }
    fn hipMemPoolExportPointer(export_data: *mut c_void, dev_ptr: *mut c_void) { ipc::hipMemPoolExportPointer }
    fn hipMemPoolImportPointer(dev_ptr: *mut *mut c_void, mem_pool: hipMemPool_t, export_data: *mut c_void) { ipc::hipMemPoolImportPointer }
    fn hipHostAlloc(ptr: *mut *mut c_void, size: usize, flags: c_uint) { memory::hipHostAlloc }
    fn hipHostGetDevicePointer(dev_ptr: *mut *mut c_void, host_ptr: *mut c_void, flags: c_uint) { memory::hipHostGetDevicePointer }
    fn hipHostGetFlags(flags: *mut c_uint, host_ptr: *mut c_void) { memory::hipHostGetFlags }
    fn hipHostRegister(ptr: *mut c_void, size: usize, flags: c_uint) { memory::hipHostRegister }
    fn hipHostUnregister(ptr: *mut c_void) { memory::hipHostUnregister }
    fn hipMallocPitch(ptr: *mut *mut c_void, pitch: *mut usize, width: usize, height: usize) { memory::hipMallocPitch }
    fn hipMemAllocPitch(ptr: *mut *mut c_void, pitch: *mut usize, width: usize, height: usize, _element_size: c_uint) { memory::hipMemAllocPitch }
    fn hipFree(ptr: *mut c_void) { memory::hipFree }
    fn hipFreeHost(ptr: *mut c_void) { memory::hipFreeHost }
    fn hipHostFree(ptr: *mut c_void) { memory::hipHostFree }
    fn hipMemcpy(dst: *mut c_void, src: *const c_void, size: usize, kind: c_uint) { memory::hipMemcpy }
    fn hipMemcpyWithStream(dst: *mut c_void, src: *const c_void, size: usize, kind: c_uint, stream: *mut c_void) { memory::hipMemcpyWithStream }
    fn hipMemcpyHtoD(dst: *mut c_void, src: *mut c_void, size: usize) { memory::hipMemcpyHtoD }
    fn hipMemcpyDtoH(dst: *mut c_void, src: *mut c_void, size: usize) { memory::hipMemcpyDtoH }
    fn hipMemcpyDtoD(dst: *mut c_void, src: *mut c_void, size: usize) { memory::hipMemcpyDtoD }
    fn hipMemcpyAtoD(dst_device: hipDeviceptr_t, src_array: hipArray_t, src_offset: usize, byte_count: usize) { array::hipMemcpyAtoD }
    fn hipMemcpyDtoA(dst_array: hipArray_t, dst_offset: usize, src_device: hipDeviceptr_t, byte_count: usize) { array::hipMemcpyDtoA }
    fn hipMemcpyAtoA(dst_array: hipArray_t, dst_offset: usize, src_array: hipArray_t, src_offset: usize, byte_count: usize) { array::hipMemcpyAtoA }
    fn hipMemcpyHtoDAsync(dst: *mut c_void, src: *mut c_void, size: usize, stream: *mut c_void) { memory::hipMemcpyHtoDAsync }
    fn hipMemcpyDtoHAsync(dst: *mut c_void, src: *mut c_void, size: usize, stream: *mut c_void) { memory::hipMemcpyDtoHAsync }
    fn hipMemcpyDtoDAsync(dst: *mut c_void, src: *mut c_void, size: usize, stream: *mut c_void) { memory::hipMemcpyDtoDAsync }
    fn hipMemcpyAtoHAsync(dst_host: *mut c_void, src_array: hipArray_t, src_offset: usize, byte_count: usize, stream: hipStream_t) { array::hipMemcpyAtoHAsync }
    fn hipMemcpyHtoAAsync(dst_array: hipArray_t, dst_offset: usize, src_host: *const c_void, byte_count: usize, stream: hipStream_t) { array::hipMemcpyHtoAAsync }
    fn hipModuleGetGlobal(ptr: *mut *mut c_void, size: *mut usize, module: ModuleT, name: *const c_char) { module::hipModuleGetGlobal }
    fn hipGetSymbolAddress(ptr: *mut *mut c_void, symbol: *const c_void) { launch::hipGetSymbolAddress }
    fn hipGetSymbolSize(size: *mut usize, symbol: *const c_void) { launch::hipGetSymbolSize }
    fn hipGetProcAddress(symbol: *const c_char, pfn: *mut *mut c_void, hip_version: c_int, flags: u64, symbol_status: *mut hipDriverProcAddressQueryResult) { api_query::hipGetProcAddress }
    fn hipMemcpyToSymbol(symbol: *const c_void, src: *const c_void, count: usize, offset: usize, kind: c_uint) { launch::hipMemcpyToSymbol }
    fn hipMemcpyToSymbolAsync(symbol: *const c_void, src: *const c_void, count: usize, offset: usize, kind: c_uint, stream: StreamT) { launch::hipMemcpyToSymbolAsync }
    fn hipMemcpyFromSymbol(dst: *mut c_void, symbol: *const c_void, count: usize, offset: usize, kind: c_uint) { launch::hipMemcpyFromSymbol }
    fn hipMemcpyFromSymbolAsync(dst: *mut c_void, symbol: *const c_void, count: usize, offset: usize, kind: c_uint, stream: StreamT) { launch::hipMemcpyFromSymbolAsync }
    fn hipMemcpyAsync(dst: *mut c_void, src: *const c_void, size: usize, kind: c_uint, stream: *mut c_void) { memory::hipMemcpyAsync }
    fn hipMemset(dst: *mut c_void, value: c_int, count: usize) { memory::hipMemset }
    fn hipMemsetD8(dst: *mut c_void, value: u8, count: usize) { memory::hipMemsetD8 }
    fn hipMemsetD8Async(dst: *mut c_void, value: u8, count: usize, stream: *mut c_void) { memory::hipMemsetD8Async }
    fn hipMemsetD16(dst: *mut c_void, value: u16, count: usize) { memory::hipMemsetD16 }
    fn hipMemsetD16Async(dst: *mut c_void, value: u16, count: usize, stream: *mut c_void) { memory::hipMemsetD16Async }
    fn hipMemsetD32(dst: *mut c_void, value: c_int, count: usize) { memory::hipMemsetD32 }
    fn hipMemsetAsync(dst: *mut c_void, value: c_int, count: usize, stream: *mut c_void) { memory::hipMemsetAsync }
    fn hipMemsetD32Async(dst: *mut c_void, value: c_int, count: usize, stream: *mut c_void) { memory::hipMemsetD32Async }
    fn hipMemset2D(dst: *mut c_void, pitch: usize, value: c_int, width: usize, height: usize) { memory::hipMemset2D }
    fn hipMemset2DAsync(dst: *mut c_void, pitch: usize, value: c_int, width: usize, height: usize, stream: *mut c_void) { memory::hipMemset2DAsync }
    fn hipMemset3D(pitched: HipPitchedPtr, value: c_int, extent: HipExtent) { memory3d::hipMemset3D }
    fn hipMemset3DAsync(pitched: HipPitchedPtr, value: c_int, extent: HipExtent, stream: StreamT) { memory3d::hipMemset3DAsync }
    fn hipMemGetInfo(free: *mut usize, total: *mut usize) { memory::hipMemGetInfo }
    fn hipMemPtrGetInfo(ptr: *mut c_void, size: *mut usize) { memory::hipMemPtrGetInfo }
    fn hipMallocArray(array: *mut hipArray_t, desc: *const hipChannelFormatDesc, width: usize, height: usize, flags: c_uint) { array::hipMallocArray }
    fn hipArrayCreate(p_handle: *mut hipArray_t, p_allocate_array: *const HipArrayDescriptor) { array::hipArrayCreate }
    fn hipArrayDestroy(array: hipArray_t) { array::hipArrayDestroy }
    fn hipArray3DCreate(array: *mut hipArray_t, p_allocate_array: *const HipArray3DDescriptor) { array::hipArray3DCreate }
    fn hipMalloc3D(pitched: *mut HipPitchedPtr, extent: HipExtent) { memory3d::hipMalloc3D }
    fn hipFreeArray(array: hipArray_t) { array::hipFreeArray }
    fn hipMalloc3DArray(array: *mut hipArray_t, desc: *const hipChannelFormatDesc, extent: HipExtent, flags: c_uint) { array::hipMalloc3DArray }
    fn hipArrayGetInfo(desc: *mut hipChannelFormatDesc, extent: *mut HipExtent, flags: *mut c_uint, array: hipArray_t) { array::hipArrayGetInfo }
    fn hipArrayGetDescriptor(p_array_descriptor: *mut HipArrayDescriptor, array: hipArray_t) { array::hipArrayGetDescriptor }
    fn hipArray3DGetDescriptor(p_array_descriptor: *mut HipArray3DDescriptor, array: hipArray_t) { array::hipArray3DGetDescriptor }
    fn hipMemcpy2D(dst: *mut c_void, dpitch: usize, src: *const c_void, spitch: usize, width: usize, height: usize, kind: c_uint) { memory::hipMemcpy2D }
    fn hipMemcpyParam2D(p_copy: *const c_void) { array::hipMemcpyParam2D }
    fn hipMemcpyParam2DAsync(p_copy: *const c_void, stream: hipStream_t) { array::hipMemcpyParam2DAsync }
    fn hipMemcpy2DAsync(dst: *mut c_void, dpitch: usize, src: *const c_void, spitch: usize, width: usize, height: usize, kind: c_uint, stream: *mut c_void) { memory::hipMemcpy2DAsync }
    fn hipMemcpy2DToArray(dst: hipArray_t, w_offset: usize, h_offset: usize, src: *const c_void, spitch: usize, width: usize, height: usize, kind: c_int) { array::hipMemcpy2DToArray }
    fn hipMemcpy2DToArrayAsync(dst: hipArray_t, w_offset: usize, h_offset: usize, src: *const c_void, spitch: usize, width: usize, height: usize, kind: c_int, stream: hipStream_t) { array::hipMemcpy2DToArrayAsync }
    fn hipMemcpy2DArrayToArray(dst: hipArray_t, w_offset_dst: usize, h_offset_dst: usize, src: hipArray_const_t, w_offset_src: usize, h_offset_src: usize, width: usize, height: usize, kind: c_int) { array::hipMemcpy2DArrayToArray }
    fn hipMemcpyToArray(dst: hipArray_t, w_offset: usize, h_offset: usize, src: *const c_void, count: usize, kind: c_int) { array::hipMemcpyToArray }
    fn hipMemcpyFromArray(dst: *mut c_void, src_array: hipArray_const_t, w_offset: usize, h_offset: usize, count: usize, kind: c_int) { array::hipMemcpyFromArray }
    fn hipMemcpy2DFromArray(dst: *mut c_void, dpitch: usize, src: hipArray_const_t, w_offset: usize, h_offset: usize, width: usize, height: usize, kind: c_int) { array::hipMemcpy2DFromArray }
    fn hipMemcpy2DFromArrayAsync(dst: *mut c_void, dpitch: usize, src: hipArray_const_t, w_offset: usize, h_offset: usize, width: usize, height: usize, kind: c_int, stream: hipStream_t) { array::hipMemcpy2DFromArrayAsync }
    fn hipMemcpyAtoH(dst: *mut c_void, src_array: hipArray_t, src_offset: usize, count: usize) { array::hipMemcpyAtoH }
    fn hipMemcpyHtoA(dst_array: hipArray_t, dst_offset: usize, src_host: *const c_void, count: usize) { array::hipMemcpyHtoA }
    fn hipMemcpy3D(p: *const HipMemcpy3DParms) { memory3d::hipMemcpy3D }
    fn hipMemcpy3DAsync(p: *const HipMemcpy3DParms, stream: StreamT) { memory3d::hipMemcpy3DAsync }
    fn hipDrvMemcpy3D(p_copy: *const c_void) { array::hipDrvMemcpy3D }
    fn hipDrvMemcpy3DAsync(p_copy: *const c_void, stream: hipStream_t) { array::hipDrvMemcpy3DAsync }
    fn hipDeviceCanAccessPeer(can: *mut c_int, device: c_int, peer: c_int) { device::hipDeviceCanAccessPeer }
    fn hipDeviceEnablePeerAccess(peer: c_int, flags: c_uint) { device::hipDeviceEnablePeerAccess }
    fn hipDeviceDisablePeerAccess(peer: c_int) { device::hipDeviceDisablePeerAccess }
    fn hipMemGetAddressRange(pbase: *mut hipDeviceptr_t, psize: *mut usize, dptr: hipDeviceptr_t) { multidev::hipMemGetAddressRange }
    fn hipMemcpyPeer(dst: *mut c_void, dst_device_id: c_int, src: *const c_void, src_device_id: c_int, size_bytes: usize) { multidev::hipMemcpyPeer }
    fn hipMemcpyPeerAsync(dst: *mut c_void, dst_device_id: c_int, src: *const c_void, src_device: c_int, size_bytes: usize, stream: hipStream_t) { multidev::hipMemcpyPeerAsync }
    fn hipCtxCreate(ctx: *mut hipCtx_t, flags: c_uint, device: c_int) { context::hipCtxCreate }
    fn hipCtxDestroy(ctx: hipCtx_t) { context::hipCtxDestroy }
    fn hipCtxPopCurrent(ctx: *mut hipCtx_t) { context::hipCtxPopCurrent }
    fn hipCtxPushCurrent(ctx: hipCtx_t) { context::hipCtxPushCurrent }
    fn hipCtxSetCurrent(ctx: hipCtx_t) { context::hipCtxSetCurrent }
    fn hipCtxGetCurrent(ctx: *mut hipCtx_t) { context::hipCtxGetCurrent }
    fn hipCtxGetDevice(device: *mut c_int) { context::hipCtxGetDevice }
    fn hipCtxGetApiVersion(ctx: hipCtx_t, api_version: *mut c_int) { unsupported "contexts" }
    fn hipCtxGetCacheConfig(cache_config: *mut c_void) { context::hipCtxGetCacheConfig }
    fn hipCtxSetCacheConfig(cache_config: c_int) { context::hipCtxSetCacheConfig }
    fn hipCtxSetSharedMemConfig(config: c_int) { context::hipCtxSetSharedMemConfig }
    fn hipCtxGetSharedMemConfig(p_config: *mut c_void) { context::hipCtxGetSharedMemConfig }
    fn hipCtxSynchronize() { context::hipCtxSynchronize }
    fn hipCtxGetFlags(flags: *mut c_uint) { context::hipCtxGetFlags }
    fn hipCtxEnablePeerAccess(peer_ctx: hipCtx_t, flags: c_uint) { context::hipCtxEnablePeerAccess }
    fn hipCtxDisablePeerAccess(peer_ctx: hipCtx_t) { context::hipCtxDisablePeerAccess }
    fn hipDevicePrimaryCtxGetState(dev: c_int, flags: *mut c_uint, active: *mut c_int) { context::hipDevicePrimaryCtxGetState }
    fn hipDevicePrimaryCtxRelease(dev: c_int) { context::hipDevicePrimaryCtxRelease }
    fn hipDevicePrimaryCtxRetain(pctx: *mut hipCtx_t, dev: c_int) { context::hipDevicePrimaryCtxRetain }
    fn hipDevicePrimaryCtxReset(dev: c_int) { context::hipDevicePrimaryCtxReset }
    fn hipDevicePrimaryCtxSetFlags(dev: c_int, flags: c_uint) { context::hipDevicePrimaryCtxSetFlags }
    fn hipModuleLoad(module: *mut ModuleT, path: *const c_char) { module::hipModuleLoad }
    fn hipModuleUnload(module: ModuleT) { module::hipModuleUnload }
    fn hipModuleGetFunction(function: *mut FunctionT, module: ModuleT, name: *const c_char) { module::hipModuleGetFunction }
    fn hipFuncGetAttributes(attr: *mut FuncAttributes, function: *const c_void) { launch::hipFuncGetAttributes }
    fn hipFuncGetAttribute(value: *mut c_int, attribute: c_uint, function: FunctionT) { module::hipFuncGetAttribute }
    fn hipGetFuncBySymbol(function_ptr: *mut hipFunction_t, symbol_ptr: *const c_void) { launch::hipGetFuncBySymbol }
    fn hipModuleGetTexRef(tex_ref: *mut *mut c_void, hmod: hipModule_t, name: *const c_char) { unsupported "modules and launch" }
    fn hipModuleLoadData(module: *mut ModuleT, image: *const c_void) { module::hipModuleLoadData }
    fn hipModuleLoadDataEx(module: *mut ModuleT, image: *const c_void, num_options: c_uint, options: *mut c_int, values: *mut *mut c_void) { module::hipModuleLoadDataEx }
    fn hipModuleLaunchKernel(function: FunctionT, grid_x: c_uint, grid_y: c_uint, grid_z: c_uint, block_x: c_uint, block_y: c_uint, block_z: c_uint, shared_mem: c_uint, stream: StreamT, kernel_params: *mut *mut c_void, extra: *mut *mut c_void) { module::hipModuleLaunchKernel }
    fn hipModuleLaunchCooperativeKernel(f: FunctionT, grid_dim_x: c_uint, grid_dim_y: c_uint, grid_dim_z: c_uint, block_dim_x: c_uint, block_dim_y: c_uint, block_dim_z: c_uint, shared_mem_bytes: c_uint, stream: StreamT, kernel_params: *mut *mut c_void) { module::hipModuleLaunchCooperativeKernel }
    fn hipModuleLaunchCooperativeKernelMultiDevice(launch_params_list: *mut c_void, num_devices: c_uint, flags: c_uint) { module::hipModuleLaunchCooperativeKernelMultiDevice }
    fn hipLaunchCooperativeKernel(function: *const c_void, grid: Dim3, block: Dim3, args: *mut *mut c_void, shared_mem: c_uint, stream: StreamT) { launch::hipLaunchCooperativeKernel }
    fn hipLaunchCooperativeKernelMultiDevice(launch_params_list: *mut c_void, num_devices: c_int, flags: c_uint) { launch::hipLaunchCooperativeKernelMultiDevice }
    fn hipExtLaunchMultiKernelMultiDevice(launch_params_list: *mut c_void, num_devices: c_int, flags: c_uint) { hip_ext::hipExtLaunchMultiKernelMultiDevice }
    fn hipModuleOccupancyMaxPotentialBlockSize(grid_size: *mut c_int, block_size: *mut c_int, f: hipFunction_t, dyn_shared_mem_per_blk: usize, block_size_limit: c_int) { occupancy::hipModuleOccupancyMaxPotentialBlockSize }
    fn hipModuleOccupancyMaxPotentialBlockSizeWithFlags(grid_size: *mut c_int, block_size: *mut c_int, f: hipFunction_t, dyn_shared_mem_per_blk: usize, block_size_limit: c_int, flags: c_uint) { occupancy::hipModuleOccupancyMaxPotentialBlockSizeWithFlags }
    fn hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(num_blocks: *mut c_int, f: hipFunction_t, block_size: c_int, dyn_shared_mem_per_blk: usize) { occupancy::hipModuleOccupancyMaxActiveBlocksPerMultiprocessor }
    fn hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(num_blocks: *mut c_int, f: hipFunction_t, block_size: c_int, dyn_shared_mem_per_blk: usize, flags: c_uint) { occupancy::hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags }
    fn hipOccupancyMaxActiveBlocksPerMultiprocessor(blocks: *mut c_int, function: *const c_void, block_size: c_int, dynamic_shared: usize) { occupancy::hipOccupancyMaxActiveBlocksPerMultiprocessor }
    fn hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(blocks: *mut c_int, function: *const c_void, block_size: c_int, dynamic_shared: usize, flags: c_uint) { occupancy::hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags }
    fn hipOccupancyMaxPotentialBlockSize(grid_size: *mut c_int, block_size: *mut c_int, function: *const c_void, dynamic_shared: usize, block_size_limit: c_int) { occupancy::hipOccupancyMaxPotentialBlockSize }
    fn hipProfilerStart() { device::hipProfilerStart }
    fn hipProfilerStop() { device::hipProfilerStop }
    fn hipConfigureCall(grid_dim: Dim3, block_dim: Dim3, shared_mem: usize, stream: hipStream_t) { hip_ext::hipConfigureCall }
    fn hipSetupArgument(arg: *const c_void, size: usize, offset: usize) { hip_ext::hipSetupArgument }
    fn hipLaunchByPtr(func: *const c_void) { hip_ext::hipLaunchByPtr }
    fn __hipPushCallConfiguration(grid_dim: Dim3, block_dim: Dim3, shared_mem: usize, stream: hipStream_t) { hip_ext::__hipPushCallConfiguration }
    fn __hipPopCallConfiguration(grid_dim: *mut Dim3, block_dim: *mut Dim3, shared_mem: *mut usize, stream: *mut hipStream_t) { hip_ext::__hipPopCallConfiguration }
    fn hipLaunchKernel(function: *const c_void, grid: Dim3, block: Dim3, args: *mut *mut c_void, dynamic_shared: usize, stream: StreamT) { launch::hipLaunchKernel }
    fn hipLaunchHostFunc(stream: StreamT, f: HostFn, user_data: *mut c_void) { stream::hipLaunchHostFunc }
    fn hipDrvMemcpy2DUnaligned(p_copy: *const c_void) { array::hipDrvMemcpy2DUnaligned }
    fn hipExtLaunchKernel(function_address: *const c_void, num_blocks: Dim3, dim_blocks: Dim3, args: *mut *mut c_void, shared_mem_bytes: usize, stream: hipStream_t, start_event: hipEvent_t, stop_event: hipEvent_t, flags: c_int) { hip_ext::hipExtLaunchKernel }
    fn hipCreateTextureObject(p_tex_object: *mut hipTextureObject_t, p_res_desc: *const c_void, p_tex_desc: *const c_void, p_res_view_desc: *const c_void) { texture::hipCreateTextureObject }
    fn hipDestroyTextureObject(texture_object: hipTextureObject_t) { texture::hipDestroyTextureObject }
    fn hipGetChannelDesc(desc: *mut hipChannelFormatDesc, array: hipArray_const_t) { array::hipGetChannelDesc }
    fn hipGetTextureObjectResourceDesc(p_res_desc: *mut c_void, texture_object: hipTextureObject_t) { texture::hipGetTextureObjectResourceDesc }
    fn hipGetTextureObjectResourceViewDesc(p_res_view_desc: *mut c_void, texture_object: hipTextureObject_t) { texture::hipGetTextureObjectResourceViewDesc }
    fn hipGetTextureObjectTextureDesc(p_tex_desc: *mut c_void, texture_object: hipTextureObject_t) { texture::hipGetTextureObjectTextureDesc }
    fn hipTexObjectCreate(p_tex_object: *mut hipTextureObject_t, p_res_desc: *const c_void, p_tex_desc: *const c_void, p_res_view_desc: *const c_void) { texture::hipTexObjectCreate }
    fn hipTexObjectDestroy(tex_object: hipTextureObject_t) { texture::hipTexObjectDestroy }
    fn hipTexObjectGetResourceDesc(p_res_desc: *mut c_void, tex_object: hipTextureObject_t) { texture::hipTexObjectGetResourceDesc }
    fn hipTexObjectGetResourceViewDesc(p_res_view_desc: *mut c_void, tex_object: hipTextureObject_t) { texture::hipTexObjectGetResourceViewDesc }
    fn hipTexObjectGetTextureDesc(p_tex_desc: *mut c_void, tex_object: hipTextureObject_t) { texture::hipTexObjectGetTextureDesc }
    fn hipMallocMipmappedArray(mipmapped_array: *mut hipMipmappedArray_t, desc: *const hipChannelFormatDesc, extent: HipExtent, num_levels: c_uint, flags: c_uint) { array::hipMallocMipmappedArray }
    fn hipFreeMipmappedArray(mipmapped_array: hipMipmappedArray_t) { array::hipFreeMipmappedArray }
    fn hipGetMipmappedArrayLevel(level_array: *mut hipArray_t, mipmapped_array: hipMipmappedArray_const_t, level: c_uint) { array::hipGetMipmappedArrayLevel }
    fn hipMipmappedArrayCreate(p_handle: *mut hipMipmappedArray_t, p_mipmapped_array_desc: *mut c_void, num_mipmap_levels: c_uint) { array::hipMipmappedArrayCreate }
    fn hipMipmappedArrayDestroy(h_mipmapped_array: hipMipmappedArray_t) { array::hipMipmappedArrayDestroy }
    fn hipMipmappedArrayGetLevel(p_level_array: *mut hipArray_t, h_mip_mapped_array: hipMipmappedArray_t, level: c_uint) { array::hipMipmappedArrayGetLevel }
    fn hipBindTextureToMipmappedArray(tex: *const c_void, mipmapped_array: hipMipmappedArray_const_t, desc: *const c_void) { texture::hipBindTextureToMipmappedArray }
    fn hipGetTextureReference(texref: *mut *const c_void, symbol: *const c_void) { texture::hipGetTextureReference }
    fn hipTexRefGetBorderColor(p_border_color: *mut f32, tex_ref: *const c_void) { texture::hipTexRefGetBorderColor }
    fn hipTexRefGetArray(p_array: *mut hipArray_t, tex_ref: *const c_void) { texture::hipTexRefGetArray }
    fn hipTexRefSetAddressMode(tex_ref: *mut c_void, dim: c_int, am: c_int) { texture::hipTexRefSetAddressMode }
    fn hipTexRefSetArray(tex: *mut c_void, array: hipArray_const_t, flags: c_uint) { texture::hipTexRefSetArray }
    fn hipTexRefSetFilterMode(tex_ref: *mut c_void, fm: c_int) { texture::hipTexRefSetFilterMode }
    fn hipTexRefSetFlags(tex_ref: *mut c_void, flags: c_uint) { texture::hipTexRefSetFlags }
    fn hipTexRefSetFormat(tex_ref: *mut c_void, fmt: c_int, num_packed_components: c_int) { texture::hipTexRefSetFormat }
    fn hipBindTexture(offset: *mut usize, tex: *const c_void, dev_ptr: *const c_void, desc: *const c_void, size: usize) { texture::hipBindTexture }
    fn hipBindTexture2D(offset: *mut usize, tex: *const c_void, dev_ptr: *const c_void, desc: *const c_void, width: usize, height: usize, pitch: usize) { texture::hipBindTexture2D }
    fn hipBindTextureToArray(tex: *const c_void, array: hipArray_const_t, desc: *const c_void) { texture::hipBindTextureToArray }
    fn hipGetTextureAlignmentOffset(offset: *mut usize, texref: *const c_void) { texture::hipGetTextureAlignmentOffset }
    fn hipUnbindTexture(tex: *const c_void) { texture::hipUnbindTexture }
    fn hipTexRefGetAddress(dev_ptr: *mut hipDeviceptr_t, tex_ref: *const c_void) { texture::hipTexRefGetAddress }
    fn hipTexRefGetAddressMode(pam: *mut c_void, tex_ref: *const c_void, dim: c_int) { texture::hipTexRefGetAddressMode }
    fn hipTexRefGetFilterMode(pfm: *mut c_void, tex_ref: *const c_void) { texture::hipTexRefGetFilterMode }
    fn hipTexRefGetFlags(p_flags: *mut c_uint, tex_ref: *const c_void) { texture::hipTexRefGetFlags }
    fn hipTexRefGetFormat(p_format: *mut c_void, p_num_channels: *mut c_int, tex_ref: *const c_void) { texture::hipTexRefGetFormat }
    fn hipTexRefGetMaxAnisotropy(pmax_ansio: *mut c_int, tex_ref: *const c_void) { texture::hipTexRefGetMaxAnisotropy }
    fn hipTexRefGetMipmapFilterMode(pfm: *mut c_void, tex_ref: *const c_void) { texture::hipTexRefGetMipmapFilterMode }
    fn hipTexRefGetMipmapLevelBias(pbias: *mut f32, tex_ref: *const c_void) { texture::hipTexRefGetMipmapLevelBias }
    fn hipTexRefGetMipmapLevelClamp(pmin_mipmap_level_clamp: *mut f32, pmax_mipmap_level_clamp: *mut f32, tex_ref: *const c_void) { texture::hipTexRefGetMipmapLevelClamp }
    fn hipTexRefGetMipMappedArray(p_array: *mut hipMipmappedArray_t, tex_ref: *const c_void) { texture::hipTexRefGetMipMappedArray }
    fn hipTexRefSetAddress(byte_offset: *mut usize, tex_ref: *mut c_void, dptr: hipDeviceptr_t, bytes: usize) { texture::hipTexRefSetAddress }
    fn hipTexRefSetAddress2D(tex_ref: *mut c_void, desc: *const c_void, dptr: hipDeviceptr_t, pitch: usize) { texture::hipTexRefSetAddress2D }
    fn hipTexRefSetMaxAnisotropy(tex_ref: *mut c_void, max_aniso: c_uint) { texture::hipTexRefSetMaxAnisotropy }
    fn hipTexRefSetBorderColor(tex_ref: *mut c_void, p_border_color: *mut f32) { texture::hipTexRefSetBorderColor }
    fn hipTexRefSetMipmapFilterMode(tex_ref: *mut c_void, fm: c_int) { texture::hipTexRefSetMipmapFilterMode }
    fn hipTexRefSetMipmapLevelBias(tex_ref: *mut c_void, bias: f32) { texture::hipTexRefSetMipmapLevelBias }
    fn hipTexRefSetMipmapLevelClamp(tex_ref: *mut c_void, min_mip_map_level_clamp: f32, max_mip_map_level_clamp: f32) { texture::hipTexRefSetMipmapLevelClamp }
    fn hipTexRefSetMipmappedArray(tex_ref: *mut c_void, mipmapped_array: *mut c_void, flags: c_uint) { texture::hipTexRefSetMipmappedArray }
    fn hipApiName(id: u32) -> *const c_char { raw api_query::hipApiName }
    fn hipKernelNameRef(f: hipFunction_t) -> *const c_char { raw module::hipKernelNameRef }
    fn hipKernelNameRefByPtr(host_function: *const c_void, stream: hipStream_t) -> *const c_char { raw launch::hipKernelNameRefByPtr }
    fn hipGetStreamDeviceId(stream: hipStream_t) -> c_int { raw stream::hipGetStreamDeviceId }
    fn hipStreamBeginCapture(stream: StreamT, mode: c_int) { graph::hipStreamBeginCapture }
    fn hipStreamBeginCaptureToGraph(stream: hipStream_t, graph: hipGraph_t, dependencies: *const hipGraphNode_t, dependency_data: *const c_void, num_dependencies: usize, mode: c_int) { graph::objects::hipStreamBeginCaptureToGraph }
    fn hipStreamEndCapture(stream: StreamT, graph_out: *mut GraphT) { graph::hipStreamEndCapture }
    fn hipStreamGetCaptureInfo(stream: StreamT, status: *mut c_int, id: *mut c_ulonglong) { graph::hipStreamGetCaptureInfo }
    fn hipStreamGetCaptureInfo_v2(stream: StreamT, status: *mut c_int, id: *mut c_ulonglong, graph_out: *mut GraphT, deps: *mut *const NodeT, count: *mut usize) { graph::hipStreamGetCaptureInfo_v2 }
    fn hipStreamIsCapturing(stream: StreamT, status: *mut c_int) { graph::hipStreamIsCapturing }
    fn hipStreamUpdateCaptureDependencies(stream: StreamT, deps: *mut NodeT, count: usize, flags: c_uint) { graph::hipStreamUpdateCaptureDependencies }
    fn hipThreadExchangeStreamCaptureMode(mode: *mut c_int) { graph::hipThreadExchangeStreamCaptureMode }
    fn hipGraphCreate(graph: *mut GraphT, flags: c_uint) { graph::hipGraphCreate }
    fn hipGraphDestroy(graph: GraphT) { graph::hipGraphDestroy }
    fn hipGraphAddDependencies(graph: GraphT, from: *const NodeT, to: *const NodeT, count: usize) { graph::hipGraphAddDependencies }
    fn hipGraphRemoveDependencies(graph: GraphT, from: *const NodeT, to: *const NodeT, count: usize) { graph::hipGraphRemoveDependencies }
    fn hipGraphGetEdges(graph: GraphT, from: *mut NodeT, to: *mut NodeT, count: *mut usize) { graph::hipGraphGetEdges }
    fn hipGraphGetNodes(graph: GraphT, nodes: *mut NodeT, count: *mut usize) { graph::hipGraphGetNodes }
    fn hipGraphGetRootNodes(graph: GraphT, nodes: *mut NodeT, count: *mut usize) { graph::hipGraphGetRootNodes }
    fn hipGraphNodeGetDependencies(node: NodeT, nodes: *mut NodeT, count: *mut usize) { graph::hipGraphNodeGetDependencies }
    fn hipGraphNodeGetDependentNodes(node: NodeT, nodes: *mut NodeT, count: *mut usize) { graph::hipGraphNodeGetDependentNodes }
    fn hipGraphNodeGetType(node: NodeT, type_: *mut c_int) { graph::hipGraphNodeGetType }
    fn hipGraphDestroyNode(node: NodeT) { graph::hipGraphDestroyNode }
    fn hipGraphClone(clone: *mut GraphT, graph: GraphT) { graph::hipGraphClone }
    fn hipGraphNodeFindInClone(node: *mut NodeT, original: NodeT, clone: GraphT) { graph::hipGraphNodeFindInClone }
    fn hipGraphInstantiate(exec: *mut ExecT, graph: GraphT, error_node: *mut NodeT, log: *mut c_char, log_size: usize) { graph::hipGraphInstantiate }
    fn hipGraphInstantiateWithFlags(exec: *mut ExecT, graph: GraphT, flags: c_ulonglong) { graph::hipGraphInstantiateWithFlags }
    fn hipGraphInstantiateWithParams(p_graph_exec: *mut hipGraphExec_t, graph: hipGraph_t, instantiate_params: *mut c_void) { graph::objects::hipGraphInstantiateWithParams }
    fn hipGraphLaunch(exec: ExecT, stream: StreamT) { graph::hipGraphLaunch }
    fn hipGraphUpload(exec: ExecT, stream: StreamT) { graph::hipGraphUpload }
    fn hipGraphAddNode(p_graph_node: *mut hipGraphNode_t, graph: hipGraph_t, p_dependencies: *const hipGraphNode_t, num_dependencies: usize, node_params: *mut c_void) { graph::nodes::hipGraphAddNode }
    fn hipGraphExecGetFlags(graph_exec: hipGraphExec_t, flags: *mut u64) { graph::nodes::hipGraphExecGetFlags }
    fn hipGraphNodeSetParams(node: hipGraphNode_t, node_params: *mut c_void) { graph::nodes::hipGraphNodeSetParams }
    fn hipGraphExecNodeSetParams(graph_exec: hipGraphExec_t, node: hipGraphNode_t, node_params: *mut c_void) { graph::nodes::hipGraphExecNodeSetParams }
    fn hipGraphExecDestroy(exec: ExecT) { graph::hipGraphExecDestroy }
    fn hipGraphExecUpdate(exec: ExecT, graph: GraphT, error_node: *mut NodeT, result: *mut c_int) { graph::hipGraphExecUpdate }
    fn hipGraphAddKernelNode(node: *mut NodeT, graph: GraphT, deps: *const NodeT, count: usize, params: *const KernelNodeParams) { graph::hipGraphAddKernelNode }
    fn hipGraphKernelNodeGetParams(node: NodeT, params: *mut KernelNodeParams) { graph::hipGraphKernelNodeGetParams }
    fn hipGraphKernelNodeSetParams(node: NodeT, params: *const KernelNodeParams) { graph::hipGraphKernelNodeSetParams }
    fn hipGraphExecKernelNodeSetParams(exec: ExecT, node: NodeT, params: *const KernelNodeParams) { graph::hipGraphExecKernelNodeSetParams }
    fn hipDrvGraphAddMemcpyNode(ph_graph_node: *mut hipGraphNode_t, h_graph: hipGraph_t, dependencies: *const hipGraphNode_t, num_dependencies: usize, copy_params: *const HipMemcpy3DDrv, ctx: hipCtx_t) { graph::drv::hipDrvGraphAddMemcpyNode }
    fn hipGraphAddMemcpyNode(node: *mut NodeT, graph: GraphT, deps: *const NodeT, count: usize, params: *const HipMemcpy3DParms) { graph::hipGraphAddMemcpyNode }
    fn hipGraphMemcpyNodeGetParams(node: NodeT, params: *mut HipMemcpy3DParms) { graph::hipGraphMemcpyNodeGetParams }
    fn hipGraphMemcpyNodeSetParams(node: NodeT, params: *const HipMemcpy3DParms) { graph::hipGraphMemcpyNodeSetParams }
    fn hipGraphKernelNodeSetAttribute(h_node: hipGraphNode_t, attr: c_int, value: *const c_void) { graph::nodes::hipGraphKernelNodeSetAttribute }
    fn hipGraphKernelNodeGetAttribute(h_node: hipGraphNode_t, attr: c_int, value: *mut c_void) { graph::nodes::hipGraphKernelNodeGetAttribute }
    fn hipGraphExecMemcpyNodeSetParams(exec: ExecT, node: NodeT, params: *const HipMemcpy3DParms) { graph::hipGraphExecMemcpyNodeSetParams }
    fn hipGraphAddMemcpyNode1D(node: *mut NodeT, graph: GraphT, deps: *const NodeT, count: usize, dst: *mut c_void, src: *const c_void, size: usize, kind: c_uint) { graph::hipGraphAddMemcpyNode1D }
    fn hipGraphMemcpyNodeSetParams1D(node: NodeT, dst: *mut c_void, src: *const c_void, count: usize, kind: c_uint) { graph::hipGraphMemcpyNodeSetParams1D }
    fn hipGraphExecMemcpyNodeSetParams1D(exec: ExecT, node: NodeT, dst: *mut c_void, src: *const c_void, count: usize, kind: c_uint) { graph::hipGraphExecMemcpyNodeSetParams1D }
    fn hipGraphAddMemcpyNodeFromSymbol(p_graph_node: *mut hipGraphNode_t, graph: hipGraph_t, p_dependencies: *const hipGraphNode_t, num_dependencies: usize, dst: *mut c_void, symbol: *const c_void, count: usize, offset: usize, kind: c_int) { graph::nodes::hipGraphAddMemcpyNodeFromSymbol }
    fn hipGraphMemcpyNodeSetParamsFromSymbol(node: hipGraphNode_t, dst: *mut c_void, symbol: *const c_void, count: usize, offset: usize, kind: c_int) { graph::nodes::hipGraphMemcpyNodeSetParamsFromSymbol }
    fn hipGraphExecMemcpyNodeSetParamsFromSymbol(h_graph_exec: hipGraphExec_t, node: hipGraphNode_t, dst: *mut c_void, symbol: *const c_void, count: usize, offset: usize, kind: c_int) { graph::nodes::hipGraphExecMemcpyNodeSetParamsFromSymbol }
    fn hipGraphAddMemcpyNodeToSymbol(p_graph_node: *mut hipGraphNode_t, graph: hipGraph_t, p_dependencies: *const hipGraphNode_t, num_dependencies: usize, symbol: *const c_void, src: *const c_void, count: usize, offset: usize, kind: c_int) { graph::nodes::hipGraphAddMemcpyNodeToSymbol }
    fn hipGraphMemcpyNodeSetParamsToSymbol(node: hipGraphNode_t, symbol: *const c_void, src: *const c_void, count: usize, offset: usize, kind: c_int) { graph::nodes::hipGraphMemcpyNodeSetParamsToSymbol }
    fn hipGraphExecMemcpyNodeSetParamsToSymbol(h_graph_exec: hipGraphExec_t, node: hipGraphNode_t, symbol: *const c_void, src: *const c_void, count: usize, offset: usize, kind: c_int) { graph::nodes::hipGraphExecMemcpyNodeSetParamsToSymbol }
    fn hipGraphAddMemsetNode(node: *mut NodeT, graph: GraphT, deps: *const NodeT, count: usize, params: *const MemsetParams) { graph::hipGraphAddMemsetNode }
    fn hipGraphMemsetNodeGetParams(node: NodeT, params: *mut MemsetParams) { graph::hipGraphMemsetNodeGetParams }
    fn hipGraphMemsetNodeSetParams(node: NodeT, params: *const MemsetParams) { graph::hipGraphMemsetNodeSetParams }
    fn hipGraphExecMemsetNodeSetParams(exec: ExecT, node: NodeT, params: *const MemsetParams) { graph::hipGraphExecMemsetNodeSetParams }
    fn hipGraphAddHostNode(node: *mut NodeT, graph: GraphT, deps: *const NodeT, count: usize, params: *const HostNodeParams) { graph::hipGraphAddHostNode }
    fn hipGraphHostNodeGetParams(node: NodeT, params: *mut HostNodeParams) { graph::hipGraphHostNodeGetParams }
    fn hipGraphHostNodeSetParams(node: NodeT, params: *const HostNodeParams) { graph::hipGraphHostNodeSetParams }
    fn hipGraphExecHostNodeSetParams(exec: ExecT, node: NodeT, params: *const HostNodeParams) { graph::hipGraphExecHostNodeSetParams }
    fn hipGraphAddChildGraphNode(node: *mut NodeT, graph: GraphT, deps: *const NodeT, count: usize, child: GraphT) { graph::hipGraphAddChildGraphNode }
    fn hipGraphChildGraphNodeGetGraph(node: hipGraphNode_t, p_graph: *mut hipGraph_t) { graph::nodes::hipGraphChildGraphNodeGetGraph }
    fn hipGraphExecChildGraphNodeSetParams(exec: ExecT, node: NodeT, child: GraphT) { graph::hipGraphExecChildGraphNodeSetParams }
    fn hipGraphAddEmptyNode(node: *mut NodeT, graph: GraphT, deps: *const NodeT, count: usize) { graph::hipGraphAddEmptyNode }
    fn hipGraphAddEventRecordNode(p_graph_node: *mut hipGraphNode_t, graph: hipGraph_t, p_dependencies: *const hipGraphNode_t, num_dependencies: usize, event: hipEvent_t) { graph::nodes::hipGraphAddEventRecordNode }
    fn hipGraphEventRecordNodeGetEvent(node: hipGraphNode_t, event_out: *mut hipEvent_t) { graph::nodes::hipGraphEventRecordNodeGetEvent }
    fn hipGraphEventRecordNodeSetEvent(node: hipGraphNode_t, event: hipEvent_t) { graph::nodes::hipGraphEventRecordNodeSetEvent }
    fn hipGraphExecEventRecordNodeSetEvent(h_graph_exec: hipGraphExec_t, h_node: hipGraphNode_t, event: hipEvent_t) { graph::nodes::hipGraphExecEventRecordNodeSetEvent }
    fn hipGraphAddEventWaitNode(p_graph_node: *mut hipGraphNode_t, graph: hipGraph_t, p_dependencies: *const hipGraphNode_t, num_dependencies: usize, event: hipEvent_t) { graph::nodes::hipGraphAddEventWaitNode }
    fn hipGraphEventWaitNodeGetEvent(node: hipGraphNode_t, event_out: *mut hipEvent_t) { graph::nodes::hipGraphEventWaitNodeGetEvent }
    fn hipGraphEventWaitNodeSetEvent(node: hipGraphNode_t, event: hipEvent_t) { graph::nodes::hipGraphEventWaitNodeSetEvent }
    fn hipGraphExecEventWaitNodeSetEvent(h_graph_exec: hipGraphExec_t, h_node: hipGraphNode_t, event: hipEvent_t) { graph::nodes::hipGraphExecEventWaitNodeSetEvent }
    fn hipGraphAddMemAllocNode(p_graph_node: *mut hipGraphNode_t, graph: hipGraph_t, p_dependencies: *const hipGraphNode_t, num_dependencies: usize, p_node_params: *mut c_void) { graph::nodes::hipGraphAddMemAllocNode }
    fn hipGraphMemAllocNodeGetParams(node: hipGraphNode_t, p_node_params: *mut c_void) { graph::nodes::hipGraphMemAllocNodeGetParams }
    fn hipGraphAddMemFreeNode(p_graph_node: *mut hipGraphNode_t, graph: hipGraph_t, p_dependencies: *const hipGraphNode_t, num_dependencies: usize, dev_ptr: *mut c_void) { graph::nodes::hipGraphAddMemFreeNode }
    fn hipGraphMemFreeNodeGetParams(node: hipGraphNode_t, dev_ptr: *mut c_void) { graph::nodes::hipGraphMemFreeNodeGetParams }
    fn hipDeviceGetGraphMemAttribute(device: c_int, attr: c_int, value: *mut c_void) { graph::nodes::hipDeviceGetGraphMemAttribute }
    fn hipDeviceSetGraphMemAttribute(device: c_int, attr: c_int, value: *mut c_void) { graph::nodes::hipDeviceSetGraphMemAttribute }
    fn hipDeviceGraphMemTrim(device: c_int) { graph::nodes::hipDeviceGraphMemTrim }
    fn hipUserObjectCreate(object_out: *mut hipUserObject_t, ptr: *mut c_void, destroy: hipHostFn_t, initial_refcount: c_uint, flags: c_uint) { graph::objects::hipUserObjectCreate }
    fn hipUserObjectRelease(object: hipUserObject_t, count: c_uint) { graph::objects::hipUserObjectRelease }
    fn hipUserObjectRetain(object: hipUserObject_t, count: c_uint) { graph::objects::hipUserObjectRetain }
    fn hipGraphRetainUserObject(graph: hipGraph_t, object: hipUserObject_t, count: c_uint, flags: c_uint) { graph::objects::hipGraphRetainUserObject }
    fn hipGraphReleaseUserObject(graph: hipGraph_t, object: hipUserObject_t, count: c_uint) { graph::objects::hipGraphReleaseUserObject }
    fn hipGraphDebugDotPrint(graph: hipGraph_t, path: *const c_char, flags: c_uint) { graph::objects::hipGraphDebugDotPrint }
    fn hipGraphKernelNodeCopyAttributes(h_src: hipGraphNode_t, h_dst: hipGraphNode_t) { graph::nodes::hipGraphKernelNodeCopyAttributes }
    fn hipGraphNodeSetEnabled(h_graph_exec: hipGraphExec_t, h_node: hipGraphNode_t, is_enabled: c_uint) { graph::nodes::hipGraphNodeSetEnabled }
    fn hipGraphNodeGetEnabled(h_graph_exec: hipGraphExec_t, h_node: hipGraphNode_t, is_enabled: *mut c_uint) { graph::nodes::hipGraphNodeGetEnabled }
    fn hipGraphAddExternalSemaphoresWaitNode(p_graph_node: *mut hipGraphNode_t, graph: hipGraph_t, p_dependencies: *const hipGraphNode_t, num_dependencies: usize, node_params: *const c_void) { unsupported "external resources and graphics interop" }
    fn hipGraphAddExternalSemaphoresSignalNode(p_graph_node: *mut hipGraphNode_t, graph: hipGraph_t, p_dependencies: *const hipGraphNode_t, num_dependencies: usize, node_params: *const c_void) { unsupported "external resources and graphics interop" }
    fn hipGraphExternalSemaphoresSignalNodeSetParams(h_node: hipGraphNode_t, node_params: *const c_void) { unsupported "external resources and graphics interop" }
    fn hipGraphExternalSemaphoresWaitNodeSetParams(h_node: hipGraphNode_t, node_params: *const c_void) { unsupported "external resources and graphics interop" }
    fn hipGraphExternalSemaphoresSignalNodeGetParams(h_node: hipGraphNode_t, params_out: *mut c_void) { unsupported "external resources and graphics interop" }
    fn hipGraphExternalSemaphoresWaitNodeGetParams(h_node: hipGraphNode_t, params_out: *mut c_void) { unsupported "external resources and graphics interop" }
    fn hipGraphExecExternalSemaphoresSignalNodeSetParams(h_graph_exec: hipGraphExec_t, h_node: hipGraphNode_t, node_params: *const c_void) { unsupported "external resources and graphics interop" }
    fn hipGraphExecExternalSemaphoresWaitNodeSetParams(h_graph_exec: hipGraphExec_t, h_node: hipGraphNode_t, node_params: *const c_void) { unsupported "external resources and graphics interop" }
    fn hipDrvGraphMemcpyNodeGetParams(h_node: hipGraphNode_t, node_params: *mut HipMemcpy3DDrv) { graph::drv::hipDrvGraphMemcpyNodeGetParams }
    fn hipDrvGraphMemcpyNodeSetParams(h_node: hipGraphNode_t, node_params: *const HipMemcpy3DDrv) { graph::drv::hipDrvGraphMemcpyNodeSetParams }
    fn hipDrvGraphAddMemsetNode(ph_graph_node: *mut hipGraphNode_t, h_graph: hipGraph_t, dependencies: *const hipGraphNode_t, num_dependencies: usize, memset_params: *const DrvMemsetParams, ctx: hipCtx_t) { graph::drv::hipDrvGraphAddMemsetNode }
    fn hipDrvGraphAddMemFreeNode(ph_graph_node: *mut hipGraphNode_t, h_graph: hipGraph_t, dependencies: *const hipGraphNode_t, num_dependencies: usize, dptr: hipDeviceptr_t) { graph::drv::hipDrvGraphAddMemFreeNode }
    fn hipDrvGraphExecMemcpyNodeSetParams(h_graph_exec: hipGraphExec_t, h_node: hipGraphNode_t, copy_params: *const HipMemcpy3DDrv, ctx: hipCtx_t) { graph::drv::hipDrvGraphExecMemcpyNodeSetParams }
    fn hipDrvGraphExecMemsetNodeSetParams(h_graph_exec: hipGraphExec_t, h_node: hipGraphNode_t, memset_params: *const DrvMemsetParams, ctx: hipCtx_t) { graph::drv::hipDrvGraphExecMemsetNodeSetParams }
    fn hipMemAddressFree(dev_ptr: *mut c_void, size: usize) { vmm::hipMemAddressFree }
    fn hipMemAddressReserve(ptr: *mut *mut c_void, size: usize, alignment: usize, addr: *mut c_void, flags: u64) { vmm::hipMemAddressReserve }
    fn hipMemCreate(handle: *mut hipMemGenericAllocationHandle_t, size: usize, prop: *const c_void, flags: u64) { vmm::hipMemCreate }
    fn hipMemExportToShareableHandle(shareable_handle: *mut c_void, handle: hipMemGenericAllocationHandle_t, handle_type: c_int, flags: u64) { vmm::hipMemExportToShareableHandle }
    fn hipMemGetAccess(flags: *mut u64, location: *const c_void, ptr: *mut c_void) { vmm::hipMemGetAccess }
    fn hipMemGetAllocationGranularity(granularity: *mut usize, prop: *const c_void, option: c_int) { vmm::hipMemGetAllocationGranularity }
    fn hipMemGetAllocationPropertiesFromHandle(prop: *mut c_void, handle: hipMemGenericAllocationHandle_t) { vmm::hipMemGetAllocationPropertiesFromHandle }
    fn hipMemImportFromShareableHandle(handle: *mut hipMemGenericAllocationHandle_t, os_handle: *mut c_void, sh_handle_type: c_int) { vmm::hipMemImportFromShareableHandle }
    fn hipMemMap(ptr: *mut c_void, size: usize, offset: usize, handle: hipMemGenericAllocationHandle_t, flags: u64) { vmm::hipMemMap }
    fn hipMemMapArrayAsync(map_info_list: *mut c_void, count: c_uint, stream: hipStream_t) { unsupported "sparse arrays" }
    fn hipMemRelease(handle: hipMemGenericAllocationHandle_t) { vmm::hipMemRelease }
    fn hipMemRetainAllocationHandle(handle: *mut hipMemGenericAllocationHandle_t, addr: *mut c_void) { vmm::hipMemRetainAllocationHandle }
    fn hipMemSetAccess(ptr: *mut c_void, size: usize, desc: *const c_void, count: usize) { vmm::hipMemSetAccess }
    fn hipMemUnmap(ptr: *mut c_void, size: usize) { vmm::hipMemUnmap }
    fn hipGraphicsMapResources(count: c_int, resources: *mut hipGraphicsResource_t, stream: hipStream_t) { unsupported "external resources and graphics interop" }
    fn hipGraphicsSubResourceGetMappedArray(array: *mut hipArray_t, resource: hipGraphicsResource_t, array_index: c_uint, mip_level: c_uint) { unsupported "external resources and graphics interop" }
    fn hipGraphicsResourceGetMappedPointer(dev_ptr: *mut *mut c_void, size: *mut usize, resource: hipGraphicsResource_t) { unsupported "external resources and graphics interop" }
    fn hipGraphicsUnmapResources(count: c_int, resources: *mut hipGraphicsResource_t, stream: hipStream_t) { unsupported "external resources and graphics interop" }
    fn hipGraphicsUnregisterResource(resource: hipGraphicsResource_t) { unsupported "external resources and graphics interop" }
    fn hipCreateSurfaceObject(p_surf_object: *mut hipSurfaceObject_t, p_res_desc: *const c_void) { texture::hipCreateSurfaceObject }
    fn hipDestroySurfaceObject(surface_object: hipSurfaceObject_t) { texture::hipDestroySurfaceObject }
    fn hipExtModuleLaunchKernel(f: hipFunction_t, global_work_size_x: u32, global_work_size_y: u32, global_work_size_z: u32, local_work_size_x: u32, local_work_size_y: u32, local_work_size_z: u32, shared_mem_bytes: usize, h_stream: hipStream_t, kernel_params: *mut *mut c_void, extra: *mut *mut c_void, start_event: hipEvent_t, stop_event: hipEvent_t, flags: u32) { hip_ext::hipExtModuleLaunchKernel }
    fn hipHccModuleLaunchKernel(f: hipFunction_t, global_work_size_x: u32, global_work_size_y: u32, global_work_size_z: u32, local_work_size_x: u32, local_work_size_y: u32, local_work_size_z: u32, shared_mem_bytes: usize, h_stream: hipStream_t, kernel_params: *mut *mut c_void, extra: *mut *mut c_void, start_event: hipEvent_t, stop_event: hipEvent_t) { hip_ext::hipHccModuleLaunchKernel }

    // channel_descriptor.h
    fn hipCreateChannelDesc(x: c_int, y: c_int, z: c_int, w: c_int, f: c_int) -> hipChannelFormatDesc { raw device::hipCreateChannelDesc }

    // ---------------------------------------------------------------- per-thread default stream
    // hip_runtime_pt_api.h: X_spt is X with NULL meaning hipStreamPerThread.
    fn hipMemcpy_spt(dst: *mut c_void, src: *const c_void, size: usize, kind: c_uint) { per_thread::hipMemcpy_spt }
    fn hipMemcpyAsync_spt(dst: *mut c_void, src: *const c_void, size: usize, kind: c_uint, stream: StreamT) { per_thread::hipMemcpyAsync_spt }
    fn hipMemcpyToSymbol_spt(symbol: *const c_void, src: *const c_void, count: usize, offset: usize, kind: c_uint) { per_thread::hipMemcpyToSymbol_spt }
    fn hipMemcpyToSymbolAsync_spt(symbol: *const c_void, src: *const c_void, count: usize, offset: usize, kind: c_uint, stream: StreamT) { per_thread::hipMemcpyToSymbolAsync_spt }
    fn hipMemcpyFromSymbol_spt(dst: *mut c_void, symbol: *const c_void, count: usize, offset: usize, kind: c_uint) { per_thread::hipMemcpyFromSymbol_spt }
    fn hipMemcpyFromSymbolAsync_spt(dst: *mut c_void, symbol: *const c_void, count: usize, offset: usize, kind: c_uint, stream: StreamT) { per_thread::hipMemcpyFromSymbolAsync_spt }
    fn hipMemcpy2D_spt(dst: *mut c_void, dpitch: usize, src: *const c_void, spitch: usize, width: usize, height: usize, kind: c_uint) { per_thread::hipMemcpy2D_spt }
    fn hipMemcpy2DAsync_spt(dst: *mut c_void, dpitch: usize, src: *const c_void, spitch: usize, width: usize, height: usize, kind: c_uint, stream: StreamT) { per_thread::hipMemcpy2DAsync_spt }
    fn hipMemcpy3D_spt(p: *const HipMemcpy3DParms) { per_thread::hipMemcpy3D_spt }
    fn hipMemcpy3DAsync_spt(p: *const HipMemcpy3DParms, stream: StreamT) { per_thread::hipMemcpy3DAsync_spt }
    fn hipMemset_spt(dst: *mut c_void, value: c_int, count: usize) { per_thread::hipMemset_spt }
    fn hipMemsetAsync_spt(dst: *mut c_void, value: c_int, count: usize, stream: StreamT) { per_thread::hipMemsetAsync_spt }
    fn hipMemset2D_spt(dst: *mut c_void, pitch: usize, value: c_int, width: usize, height: usize) { per_thread::hipMemset2D_spt }
    fn hipMemset2DAsync_spt(dst: *mut c_void, pitch: usize, value: c_int, width: usize, height: usize, stream: StreamT) { per_thread::hipMemset2DAsync_spt }
    fn hipMemset3D_spt(pitched: HipPitchedPtr, value: c_int, extent: HipExtent) { per_thread::hipMemset3D_spt }
    fn hipMemset3DAsync_spt(pitched: HipPitchedPtr, value: c_int, extent: HipExtent, stream: StreamT) { per_thread::hipMemset3DAsync_spt }
    fn hipStreamQuery_spt(stream: StreamT) { per_thread::hipStreamQuery_spt }
    fn hipStreamSynchronize_spt(stream: StreamT) { per_thread::hipStreamSynchronize_spt }
    fn hipStreamGetPriority_spt(stream: StreamT, priority: *mut c_int) { per_thread::hipStreamGetPriority_spt }
    fn hipStreamGetFlags_spt(stream: StreamT, flags: *mut c_uint) { per_thread::hipStreamGetFlags_spt }
    fn hipStreamWaitEvent_spt(stream: StreamT, event: EventT, flags: c_uint) { per_thread::hipStreamWaitEvent_spt }
    fn hipStreamAddCallback_spt(stream: StreamT, callback: StreamCallback, user_data: *mut c_void, flags: c_uint) { per_thread::hipStreamAddCallback_spt }
    fn hipEventRecord_spt(event: EventT, stream: StreamT) { per_thread::hipEventRecord_spt }
    fn hipLaunchHostFunc_spt(stream: StreamT, f: HostFn, user_data: *mut c_void) { per_thread::hipLaunchHostFunc_spt }
    fn hipLaunchKernel_spt(function: *const c_void, grid: Dim3, block: Dim3, args: *mut *mut c_void, dynamic_shared: usize, stream: StreamT) { per_thread::hipLaunchKernel_spt }
    fn hipLaunchCooperativeKernel_spt(function: *const c_void, grid: Dim3, block: Dim3, args: *mut *mut c_void, shared_mem: c_uint, stream: StreamT) { per_thread::hipLaunchCooperativeKernel_spt }
    fn hipGraphLaunch_spt(exec: ExecT, stream: StreamT) { per_thread::hipGraphLaunch_spt }
    fn hipStreamBeginCapture_spt(stream: StreamT, mode: c_int) { per_thread::hipStreamBeginCapture_spt }
    fn hipStreamEndCapture_spt(stream: StreamT, graph_out: *mut GraphT) { per_thread::hipStreamEndCapture_spt }
    fn hipStreamIsCapturing_spt(stream: StreamT, status: *mut c_int) { per_thread::hipStreamIsCapturing_spt }
    fn hipStreamGetCaptureInfo_spt(stream: StreamT, status: *mut c_int, id: *mut c_ulonglong) { per_thread::hipStreamGetCaptureInfo_spt }
    fn hipStreamGetCaptureInfo_v2_spt(stream: StreamT, status: *mut c_int, id: *mut c_ulonglong, graph_out: *mut GraphT, deps: *mut *const NodeT, count: *mut usize) { per_thread::hipStreamGetCaptureInfo_v2_spt }
    fn hipMemcpy2DFromArray_spt(dst: *mut c_void, dpitch: usize, src: hipArray_const_t, w_offset: usize, h_offset: usize, width: usize, height: usize, kind: c_int) { array::hipMemcpy2DFromArray_spt }
    fn hipMemcpyFromArray_spt(dst: *mut c_void, src_array: hipArray_const_t, w_offset: usize, h_offset: usize, count: usize, kind: c_int) { array::hipMemcpyFromArray_spt }
    fn hipMemcpy2DToArray_spt(dst: hipArray_t, w_offset: usize, h_offset: usize, src: *const c_void, spitch: usize, width: usize, height: usize, kind: c_int) { array::hipMemcpy2DToArray_spt }
    fn hipMemcpy2DFromArrayAsync_spt(dst: *mut c_void, dpitch: usize, src: hipArray_const_t, w_offset: usize, h_offset: usize, width: usize, height: usize, kind: c_int, stream: hipStream_t) { array::hipMemcpy2DFromArrayAsync_spt }
    fn hipMemcpy2DToArrayAsync_spt(dst: hipArray_t, w_offset: usize, h_offset: usize, src: *const c_void, spitch: usize, width: usize, height: usize, kind: c_int, stream: hipStream_t) { array::hipMemcpy2DToArrayAsync_spt }

    // ---------------------------------------------------------------- compiler and loader ABI
    // hipcc's CPU registration and launch (`__ferrocm*`), nvcc's host-side ABI (`__cuda*`,
    // `cudaLaunchKernel`), the unversioned device-property names, the platform query.
    fn ferrocm_current_platform() -> c_int { raw device::ferrocm_current_platform }
    fn hipGetDeviceProperties(prop: *mut DeviceProp, device: c_int) { device::hipGetDeviceProperties }
    fn hipChooseDevice(device: *mut c_int, prop: *const DeviceProp) { device::hipChooseDevice }
    fn __ferrocmLaunchKernel(kd: *const KernelDescriptor, name: *const c_char, grid: Dim3, block: Dim3, dynamic_shared: usize, stream: StreamT, kernarg: *const u8) { launch::__ferrocmLaunchKernel }
    fn __ferrocmRegisterFunction(host_fn: *const c_void, kd: *const KernelDescriptor, name: *const c_char) { raw launch::__ferrocmRegisterFunction }
    fn __ferrocmRegisterVar(address: *const c_void, size: usize, name: *const c_char) { raw launch::__ferrocmRegisterVar }
    fn __cudaRegisterFatBinary(fat_cubin: *mut c_void) -> FatbinHandle { raw nvcc_abi::__cudaRegisterFatBinary }
    fn __cudaRegisterFatBinaryEnd(_fat_cubin_handle: FatbinHandle) { raw nvcc_abi::__cudaRegisterFatBinaryEnd }
    fn __cudaUnregisterFatBinary(fat_cubin_handle: FatbinHandle) { raw nvcc_abi::__cudaUnregisterFatBinary }
    fn __cudaRegisterFunction(fat_cubin_handle: FatbinHandle, host_fun: *const c_char, device_fun: *mut c_char, device_name: *const c_char, _thread_limit: c_int, _tid: *mut Dim3, _bid: *mut Dim3, _block_dim: *mut Dim3, _grid_dim: *mut Dim3, _w_size: *mut c_int) { raw nvcc_abi::__cudaRegisterFunction }
    fn __cudaRegisterVar(fat_cubin_handle: FatbinHandle, host_var: *mut c_char, device_address: *mut c_char, device_name: *const c_char, _ext: c_int, size: usize, constant: c_int, _global: c_int) { raw nvcc_abi::__cudaRegisterVar }
    fn __cudaRegisterManagedVar(fat_cubin_handle: FatbinHandle, host_var_ptr_address: *mut *mut c_void, device_address: *mut c_char, device_name: *const c_char, _ext: c_int, size: usize, constant: c_int, _global: c_int) { raw nvcc_abi::__cudaRegisterManagedVar }
    fn __cudaInitModule(fat_cubin_handle: FatbinHandle) -> c_char { raw nvcc_abi::__cudaInitModule }
    fn __cudaPushCallConfiguration(grid_dim: Dim3, block_dim: Dim3, shared_mem: usize, stream: *mut c_void) -> c_uint { raw nvcc_abi::__cudaPushCallConfiguration }
    fn __cudaPopCallConfiguration(grid_dim: *mut Dim3, block_dim: *mut Dim3, shared_mem: *mut usize, stream: *mut *mut c_void) -> c_int { raw nvcc_abi::__cudaPopCallConfiguration }
    fn __cudaGetKernel(kernel: *mut *mut c_void, host_fun: *const c_void) -> c_int { raw nvcc_abi::__cudaGetKernel }
    fn __cudaLaunchKernel(kernel: *mut c_void, grid_dim: Dim3, block_dim: Dim3, args: *mut *mut c_void, shared_mem: usize, stream: *mut c_void) { nvcc_abi::__cudaLaunchKernel }
    fn __cudaLaunchKernel_ptsz(kernel: *mut c_void, grid_dim: Dim3, block_dim: Dim3, args: *mut *mut c_void, shared_mem: usize, stream: *mut c_void) { nvcc_abi::__cudaLaunchKernel_ptsz }
    fn cudaLaunchKernel(func: *const c_void, grid_dim: Dim3, block_dim: Dim3, args: *mut *mut c_void, shared_mem: usize, stream: *mut c_void) { nvcc_abi::cudaLaunchKernel }
    fn cudaLaunchKernel_ptsz(func: *const c_void, grid_dim: Dim3, block_dim: Dim3, args: *mut *mut c_void, shared_mem: usize, stream: *mut c_void) { nvcc_abi::cudaLaunchKernel_ptsz }
    fn cudaLaunchKernelExC(config: *const CudaLaunchConfig, func: *const c_void, args: *mut *mut c_void) { nvcc_abi::cudaLaunchKernelExC }
    fn cudaLaunchKernelExC_ptsz(config: *const CudaLaunchConfig, func: *const c_void, args: *mut *mut c_void) { nvcc_abi::cudaLaunchKernelExC_ptsz }
    fn __cudaRegisterTexture(_h: FatbinHandle, _host_var: *const c_void, _device_address: *const *const c_void, _device_name: *const c_char, _dim: c_int, _norm: c_int, _ext: c_int) { raw nvcc_abi::__cudaRegisterTexture }
    fn __cudaRegisterSurface(_h: FatbinHandle, _host_var: *const c_void, _device_address: *const *const c_void, _device_name: *const c_char, _dim: c_int, _ext: c_int) { raw nvcc_abi::__cudaRegisterSurface }
}
