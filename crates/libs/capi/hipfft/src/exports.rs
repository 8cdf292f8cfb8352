//! The one declaration list of `libhipfft.so`: every function of hipFFT's public headers
//! (ROCm 6.3, `hipfft/hipfft.h` then `hipfft/hipfftXt.h`), in the headers' order. Each
//! line is exported by the export-table macro of `ferrocm-fft` (`fft::capi`): panic
//! containment, hipFFT's statuses, tracing, the coverage table.
#![allow(non_snake_case)]

use std::ffi::{c_int, c_longlong, c_void};

use crate::abi::*;
use crate::{api, xt};

fft::capi::exports! {
    library = crate::Library;
    fn hipfftPlan1d(plan: *mut hipfftHandle, nx: c_int, r#type: hipfftType, batch: c_int) { api::plan_1d }
    fn hipfftPlan2d(plan: *mut hipfftHandle, nx: c_int, ny: c_int, r#type: hipfftType) { api::plan_2d }
    fn hipfftPlan3d(plan: *mut hipfftHandle, nx: c_int, ny: c_int, nz: c_int, r#type: hipfftType) { api::plan_3d }
    fn hipfftPlanMany(plan: *mut hipfftHandle, rank: c_int, n: *mut c_int, inembed: *mut c_int, istride: c_int, idist: c_int, onembed: *mut c_int, ostride: c_int, odist: c_int, r#type: hipfftType, batch: c_int) { api::plan_many }
    fn hipfftCreate(plan: *mut hipfftHandle) { api::create }
    fn hipfftExtPlanScaleFactor(plan: hipfftHandle, scalefactor: f64) { api::ext_plan_scale_factor }
    fn hipfftMakePlan1d(plan: hipfftHandle, nx: c_int, r#type: hipfftType, batch: c_int, workSize: *mut usize) { api::make_plan_1d }
    fn hipfftMakePlan2d(plan: hipfftHandle, nx: c_int, ny: c_int, r#type: hipfftType, workSize: *mut usize) { api::make_plan_2d }
    fn hipfftMakePlan3d(plan: hipfftHandle, nx: c_int, ny: c_int, nz: c_int, r#type: hipfftType, workSize: *mut usize) { api::make_plan_3d }
    fn hipfftMakePlanMany(plan: hipfftHandle, rank: c_int, n: *mut c_int, inembed: *mut c_int, istride: c_int, idist: c_int, onembed: *mut c_int, ostride: c_int, odist: c_int, r#type: hipfftType, batch: c_int, workSize: *mut usize) { api::make_plan_many }
    fn hipfftMakePlanMany64(plan: hipfftHandle, rank: c_int, n: *mut c_longlong, inembed: *mut c_longlong, istride: c_longlong, idist: c_longlong, onembed: *mut c_longlong, ostride: c_longlong, odist: c_longlong, r#type: hipfftType, batch: c_longlong, workSize: *mut usize) { api::make_plan_many64 }
    fn hipfftEstimate1d(nx: c_int, r#type: hipfftType, batch: c_int, workSize: *mut usize) { api::estimate_1d }
    fn hipfftEstimate2d(nx: c_int, ny: c_int, r#type: hipfftType, workSize: *mut usize) { api::estimate_2d }
    fn hipfftEstimate3d(nx: c_int, ny: c_int, nz: c_int, r#type: hipfftType, workSize: *mut usize) { api::estimate_3d }
    fn hipfftEstimateMany(rank: c_int, n: *mut c_int, inembed: *mut c_int, istride: c_int, idist: c_int, onembed: *mut c_int, ostride: c_int, odist: c_int, r#type: hipfftType, batch: c_int, workSize: *mut usize) { api::estimate_many }
    fn hipfftGetSize1d(plan: hipfftHandle, nx: c_int, r#type: hipfftType, batch: c_int, workSize: *mut usize) { api::get_size_1d }
    fn hipfftGetSize2d(plan: hipfftHandle, nx: c_int, ny: c_int, r#type: hipfftType, workSize: *mut usize) { api::get_size_2d }
    fn hipfftGetSize3d(plan: hipfftHandle, nx: c_int, ny: c_int, nz: c_int, r#type: hipfftType, workSize: *mut usize) { api::get_size_3d }
    fn hipfftGetSizeMany(plan: hipfftHandle, rank: c_int, n: *mut c_int, inembed: *mut c_int, istride: c_int, idist: c_int, onembed: *mut c_int, ostride: c_int, odist: c_int, r#type: hipfftType, batch: c_int, workSize: *mut usize) { api::get_size_many }
    fn hipfftGetSizeMany64(plan: hipfftHandle, rank: c_int, n: *mut c_longlong, inembed: *mut c_longlong, istride: c_longlong, idist: c_longlong, onembed: *mut c_longlong, ostride: c_longlong, odist: c_longlong, r#type: hipfftType, batch: c_longlong, workSize: *mut usize) { api::get_size_many64 }
    fn hipfftGetSize(plan: hipfftHandle, workSize: *mut usize) { api::get_size }
    fn hipfftSetAutoAllocation(plan: hipfftHandle, autoAllocate: c_int) { api::set_auto_allocation }
    fn hipfftSetWorkArea(plan: hipfftHandle, workArea: *mut c_void) { api::set_work_area }
    fn hipfftExecC2C(plan: hipfftHandle, idata: *mut hipfftComplex, odata: *mut hipfftComplex, direction: c_int) { api::exec_c2c }
    fn hipfftExecR2C(plan: hipfftHandle, idata: *mut f32, odata: *mut hipfftComplex) { api::exec_r2c }
    fn hipfftExecC2R(plan: hipfftHandle, idata: *mut hipfftComplex, odata: *mut f32) { api::exec_c2r }
    fn hipfftExecZ2Z(plan: hipfftHandle, idata: *mut hipfftDoubleComplex, odata: *mut hipfftDoubleComplex, direction: c_int) { api::exec_z2z }
    fn hipfftExecD2Z(plan: hipfftHandle, idata: *mut f64, odata: *mut hipfftDoubleComplex) { api::exec_d2z }
    fn hipfftExecZ2D(plan: hipfftHandle, idata: *mut hipfftDoubleComplex, odata: *mut f64) { api::exec_z2d }
    fn hipfftSetStream(plan: hipfftHandle, stream: hipStream_t) { api::set_stream }
    fn hipfftDestroy(plan: hipfftHandle) { api::destroy }
    fn hipfftGetVersion(version: *mut c_int) { api::get_version }
    fn hipfftGetProperty(r#type: hipfftLibraryPropertyType, value: *mut c_int) { api::get_property }
    fn hipfftXtSetCallback(plan: hipfftHandle, callbacks: *mut *mut c_void, cbtype: hipfftXtCallbackType, callbackData: *mut *mut c_void) { unsupported "callbacks: they are device functions, which neither backend can call" }
    fn hipfftXtClearCallback(plan: hipfftHandle, cbtype: hipfftXtCallbackType) { unsupported "callbacks: they are device functions, which neither backend can call" }
    fn hipfftXtSetCallbackSharedSize(plan: hipfftHandle, cbtype: hipfftXtCallbackType, sharedSize: usize) { unsupported "callbacks: they are device functions, which neither backend can call" }
    fn hipfftXtMakePlanMany(plan: hipfftHandle, rank: c_int, n: *mut c_longlong, inembed: *mut c_longlong, istride: c_longlong, idist: c_longlong, inputType: hipDataType, onembed: *mut c_longlong, ostride: c_longlong, odist: c_longlong, outputType: hipDataType, batch: c_longlong, workSize: *mut usize, executionType: hipDataType) { xt::make_plan_many }
    fn hipfftXtGetSizeMany(plan: hipfftHandle, rank: c_int, n: *mut c_longlong, inembed: *mut c_longlong, istride: c_longlong, idist: c_longlong, inputType: hipDataType, onembed: *mut c_longlong, ostride: c_longlong, odist: c_longlong, outputType: hipDataType, batch: c_longlong, workSize: *mut usize, executionType: hipDataType) { xt::get_size_many }
    fn hipfftXtExec(plan: hipfftHandle, input: *mut c_void, output: *mut c_void, direction: c_int) { xt::exec }
    fn hipfftXtSetGPUs(plan: hipfftHandle, count: c_int, gpus: *mut c_int) { xt::set_gpus }
    fn hipfftXtMalloc(plan: hipfftHandle, desc: *mut *mut hipLibXtDesc, format: hipfftXtSubFormat) { unsupported "multi-GPU descriptors (hipLibXtDesc): a plan runs on one device here" }
    fn hipfftXtMemcpy(plan: hipfftHandle, dest: *mut c_void, src: *mut c_void, r#type: hipfftXtCopyType) { unsupported "multi-GPU descriptors (hipLibXtDesc): a plan runs on one device here" }
    fn hipfftXtFree(desc: *mut hipLibXtDesc) { unsupported "multi-GPU descriptors (hipLibXtDesc): a plan runs on one device here" }
    fn hipfftXtExecDescriptorC2C(plan: hipfftHandle, input: *mut hipLibXtDesc, output: *mut hipLibXtDesc, direction: c_int) { unsupported "multi-GPU descriptors (hipLibXtDesc): a plan runs on one device here" }
    fn hipfftXtExecDescriptorR2C(plan: hipfftHandle, input: *mut hipLibXtDesc, output: *mut hipLibXtDesc) { unsupported "multi-GPU descriptors (hipLibXtDesc): a plan runs on one device here" }
    fn hipfftXtExecDescriptorC2R(plan: hipfftHandle, input: *mut hipLibXtDesc, output: *mut hipLibXtDesc) { unsupported "multi-GPU descriptors (hipLibXtDesc): a plan runs on one device here" }
    fn hipfftXtExecDescriptorZ2Z(plan: hipfftHandle, input: *mut hipLibXtDesc, output: *mut hipLibXtDesc, direction: c_int) { unsupported "multi-GPU descriptors (hipLibXtDesc): a plan runs on one device here" }
    fn hipfftXtExecDescriptorD2Z(plan: hipfftHandle, input: *mut hipLibXtDesc, output: *mut hipLibXtDesc) { unsupported "multi-GPU descriptors (hipLibXtDesc): a plan runs on one device here" }
    fn hipfftXtExecDescriptorZ2D(plan: hipfftHandle, input: *mut hipLibXtDesc, output: *mut hipLibXtDesc) { unsupported "multi-GPU descriptors (hipLibXtDesc): a plan runs on one device here" }
    fn hipfftXtExecDescriptor(plan: hipfftHandle, input: *mut hipLibXtDesc, output: *mut hipLibXtDesc, direction: c_int) { unsupported "multi-GPU descriptors (hipLibXtDesc): a plan runs on one device here" }
}
