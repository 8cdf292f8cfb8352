//! hipFFT Xt where it has a meaning on one device: plans over any `hipDataType`
//! (half and bfloat16 are computed in single precision), `hipfftXtExec`, and
//! `hipfftXtSetGPUs` naming the plan's own device.
#![allow(clippy::too_many_arguments)]

use std::ffi::{c_int, c_longlong, c_void};

use fft::{FftError, FftResult, Precision, TransformType};

use crate::abi::*;
use crate::api;

/// (complex?, precision) of a `hipDataType`.
fn data_type(t: hipDataType) -> FftResult<(bool, Precision)> {
    Ok(match t {
        HIP_R_16F => (false, Precision::Half),
        HIP_C_16F => (true, Precision::Half),
        HIP_R_16BF => (false, Precision::BFloat16),
        HIP_C_16BF => (true, Precision::BFloat16),
        HIP_R_32F => (false, Precision::Single),
        HIP_C_32F => (true, Precision::Single),
        HIP_R_64F => (false, Precision::Double),
        HIP_C_64F => (true, Precision::Double),
        _ => return Err(FftError::InvalidType),
    })
}

/// The transform of an Xt request (input, output and execution types).
fn xt_kind(
    input: hipDataType,
    output: hipDataType,
    execution: hipDataType,
) -> FftResult<(TransformType, Precision)> {
    let (ic, ip) = data_type(input)?;
    let (oc, op) = data_type(output)?;
    let (_, ep) = data_type(execution)?;
    if ip != op || ip != ep {
        return Err(FftError::InvalidType);
    }
    let t = match (ic, oc) {
        (true, true) => TransformType::ComplexForward,
        (false, true) => TransformType::RealForward,
        (true, false) => TransformType::RealInverse,
        (false, false) => return Err(FftError::InvalidType),
    };
    Ok((t, ip))
}

pub unsafe fn make_plan_many(
    plan: hipfftHandle,
    rank: c_int,
    n: *mut c_longlong,
    inembed: *mut c_longlong,
    istride: c_longlong,
    idist: c_longlong,
    input_type: hipDataType,
    onembed: *mut c_longlong,
    ostride: c_longlong,
    odist: c_longlong,
    output_type: hipDataType,
    batch: c_longlong,
    work_size: *mut usize,
    execution_type: hipDataType,
) -> FftResult<()> {
    let (t, p) = xt_kind(input_type, output_type, execution_type)?;
    // SAFETY: the caller's arrays of `rank` values.
    let r = unsafe {
        api::request(
            t, p, rank, n, inembed, istride, idist, onembed, ostride, odist, batch,
        )?
    };
    // SAFETY: the caller's out-parameter.
    unsafe { api::make(plan, r, work_size) }
}

pub unsafe fn get_size_many(
    plan: hipfftHandle,
    rank: c_int,
    n: *mut c_longlong,
    inembed: *mut c_longlong,
    istride: c_longlong,
    idist: c_longlong,
    input_type: hipDataType,
    onembed: *mut c_longlong,
    ostride: c_longlong,
    odist: c_longlong,
    output_type: hipDataType,
    batch: c_longlong,
    work_size: *mut usize,
    execution_type: hipDataType,
) -> FftResult<()> {
    api::plan(plan)?;
    let (t, p) = xt_kind(input_type, output_type, execution_type)?;
    // SAFETY: the caller's arrays of `rank` values.
    let r = unsafe {
        api::request(
            t, p, rank, n, inembed, istride, idist, onembed, ostride, odist, batch,
        )?
    };
    let ws = fft::Plan::new(r.desc(fft::Placement::NotInPlace, 1.0)?)?.work_size();
    if !ferrocm_cabi::plausible_ptr(work_size) {
        return Err(FftError::InvalidValue("workSize"));
    }
    // SAFETY: non-NULL out-parameter.
    unsafe { work_size.write(ws) };
    Ok(())
}

pub unsafe fn exec(
    plan: hipfftHandle,
    input: *mut c_void,
    output: *mut c_void,
    direction: c_int,
) -> FftResult<()> {
    // SAFETY: passed on.
    unsafe { api::exec(plan, input, output, None, Some(direction)) }
}

pub unsafe fn set_gpus(plan: hipfftHandle, count: c_int, gpus: *mut c_int) -> FftResult<()> {
    let device = api::device_of(plan)?;
    if count < 1 || !ferrocm_cabi::plausible_ptr(gpus) {
        return Err(FftError::InvalidValue("GPU list"));
    }
    // SAFETY: `count` >= 1 values.
    let first = unsafe { *gpus };
    if count == 1 && usize::try_from(first).ok() == Some(device) {
        return Ok(());
    }
    Err(FftError::NotSupported("plans spread over several GPUs"))
}
