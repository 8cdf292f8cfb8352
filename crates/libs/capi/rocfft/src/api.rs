//! The adaptors from rocFFT's C arguments to the FFT core: plan descriptions, plans and
//! execution infos as table objects, argument checks with rocFFT's statuses.

#![allow(non_upper_case_globals, clippy::too_many_arguments)]

use std::collections::HashMap;
use std::ffi::{c_char, c_void};
use std::sync::LazyLock;

use fft::capi::Table;
use fft::{
    ArrayType, Buffers, FftError, FftResult, Placement, Plan, PlanDesc, Precision, TransformType,
};
use parking_lot::Mutex;

use crate::abi::*;

/// What `rocfft_plan_description_*` set (unset fields keep rocFFT's defaults).
#[derive(Debug, Clone)]
pub struct Description {
    arrays: [Option<ArrayType>; 2],
    offsets: [[usize; 2]; 2],
    strides: [Vec<usize>; 2],
    distances: [usize; 2],
    scale: f64,
}

impl Default for Description {
    fn default() -> Description {
        Description {
            arrays: [None, None],
            offsets: [[0; 2]; 2],
            strides: [Vec::new(), Vec::new()],
            distances: [0, 0],
            scale: 1.0,
        }
    }
}

/// What `rocfft_execution_info_*` set.
#[derive(Debug, Clone, Copy, Default)]
pub struct ExecInfo {
    stream: u64,
    work: usize,
    work_size: usize,
}

static DESCRIPTIONS: LazyLock<Table<Mutex<Description>>> =
    LazyLock::new(|| Table::new(0x0f70_1000_0000));
static PLANS: LazyLock<Table<Plan>> = LazyLock::new(|| Table::new(0x0f70_2000_0000));
static INFOS: LazyLock<Table<Mutex<ExecInfo>>> = LazyLock::new(|| Table::new(0x0f70_3000_0000));

fn out<T>(p: *mut T, v: T) -> FftResult<()> {
    if !ferrocm_cabi::plausible_ptr(p) {
        return Err(FftError::InvalidValue("NULL output pointer"));
    }
    // SAFETY: non-NULL out-parameter of the caller.
    unsafe { p.write(v) };
    Ok(())
}

fn array_type(v: rocfft_array_type) -> FftResult<Option<ArrayType>> {
    Ok(Some(match v {
        rocfft_array_type_complex_interleaved => ArrayType::ComplexInterleaved,
        rocfft_array_type_complex_planar => ArrayType::ComplexPlanar,
        rocfft_array_type_real => ArrayType::Real,
        rocfft_array_type_hermitian_interleaved => ArrayType::HermitianInterleaved,
        rocfft_array_type_hermitian_planar => ArrayType::HermitianPlanar,
        rocfft_array_type_unset => return Ok(None),
        _ => return Err(FftError::InvalidArrayType("unknown rocfft_array_type")),
    }))
}

pub unsafe fn setup() -> FftResult<()> {
    Ok(())
}

pub unsafe fn cleanup() -> FftResult<()> {
    Ok(())
}

pub unsafe fn plan_description_create(description: *mut rocfft_plan_description) -> FftResult<()> {
    if !ferrocm_cabi::plausible_ptr(description) {
        return Err(FftError::InvalidValue("description"));
    }
    let id = DESCRIPTIONS.insert(Mutex::new(Description::default()));
    out(description, id as rocfft_plan_description)
}

pub unsafe fn plan_description_destroy(description: rocfft_plan_description) -> FftResult<()> {
    DESCRIPTIONS.remove(description as usize)
}

pub unsafe fn plan_description_set_scale_factor(
    description: rocfft_plan_description,
    scale_factor: f64,
) -> FftResult<()> {
    let d = DESCRIPTIONS.get(description as usize)?;
    if !scale_factor.is_finite() {
        return Err(FftError::InvalidValue("scale factor"));
    }
    d.lock().scale = scale_factor;
    Ok(())
}

/// Reads `n` values from a C array that may be NULL when `n` is 0.
unsafe fn values(p: *const usize, n: usize) -> FftResult<Vec<usize>> {
    if n == 0 {
        return Ok(Vec::new());
    }
    if !ferrocm_cabi::plausible_ptr(p) {
        return Err(FftError::InvalidValue("NULL array with a nonzero size"));
    }
    if n > 3 {
        return Err(FftError::InvalidStrides("more strides than dimensions"));
    }
    // SAFETY: the caller passes `n` values.
    Ok(unsafe { std::slice::from_raw_parts(p, n) }.to_vec())
}

pub unsafe fn plan_description_set_data_layout(
    description: rocfft_plan_description,
    in_array_type: rocfft_array_type,
    out_array_type: rocfft_array_type,
    in_offsets: *const usize,
    out_offsets: *const usize,
    in_strides_size: usize,
    in_strides: *const usize,
    in_distance: usize,
    out_strides_size: usize,
    out_strides: *const usize,
    out_distance: usize,
) -> FftResult<()> {
    let d = DESCRIPTIONS.get(description as usize)?;
    let arrays = [array_type(in_array_type)?, array_type(out_array_type)?];
    let mut offsets = [[0usize; 2]; 2];
    for (side, p) in [in_offsets, out_offsets].into_iter().enumerate() {
        if ferrocm_cabi::plausible_ptr(p) {
            let planar = arrays[side].is_some_and(|a| a.is_planar());
            // SAFETY: rocFFT's contract: one offset per buffer of the array type.
            offsets[side][0] = unsafe { *p };
            if planar {
                // SAFETY: as above (planar: two buffers).
                offsets[side][1] = unsafe { *p.add(1) };
            }
        }
    }
    // SAFETY: the caller's arrays of the given sizes.
    let strides = unsafe {
        [
            values(in_strides, in_strides_size)?,
            values(out_strides, out_strides_size)?,
        ]
    };
    let mut d = d.lock();
    d.arrays = arrays;
    d.offsets = offsets;
    d.strides = strides;
    d.distances = [in_distance, out_distance];
    Ok(())
}

pub unsafe fn plan_description_set_comm(
    description: rocfft_plan_description,
    comm_type: rocfft_comm_type,
    _comm_handle: *mut c_void,
) -> FftResult<()> {
    DESCRIPTIONS.get(description as usize)?;
    match comm_type {
        rocfft_comm_none => Ok(()),
        rocfft_comm_mpi => Err(FftError::NotSupported("MPI plans")),
        _ => Err(FftError::InvalidValue("comm type")),
    }
}

/// The core description of a `rocfft_plan_create` call.
fn plan_desc(
    placement: rocfft_result_placement,
    transform_type: rocfft_transform_type,
    precision: rocfft_precision,
    lengths: &[usize],
    number_of_transforms: usize,
    description: Option<&Description>,
) -> FftResult<PlanDesc> {
    let placement = match placement {
        rocfft_placement_inplace => Placement::InPlace,
        rocfft_placement_notinplace => Placement::NotInPlace,
        _ => return Err(FftError::InvalidValue("placement")),
    };
    let transform = match transform_type {
        rocfft_transform_type_complex_forward => TransformType::ComplexForward,
        rocfft_transform_type_complex_inverse => TransformType::ComplexInverse,
        rocfft_transform_type_real_forward => TransformType::RealForward,
        rocfft_transform_type_real_inverse => TransformType::RealInverse,
        _ => return Err(FftError::InvalidValue("transform type")),
    };
    let precision = match precision {
        rocfft_precision_single => Precision::Single,
        rocfft_precision_double => Precision::Double,
        rocfft_precision_half => Precision::Half,
        _ => return Err(FftError::InvalidValue("precision")),
    };
    let mut desc = PlanDesc::new(
        transform,
        precision,
        lengths,
        number_of_transforms,
        placement,
    );
    if let Some(d) = description {
        let (li, lo) = desc.side_lengths();
        for (side, lens) in [(0usize, &li), (1, &lo)] {
            let layout = if side == 0 {
                &mut desc.input
            } else {
                &mut desc.output
            };
            if let Some(a) = d.arrays[side] {
                layout.array = a;
            }
            layout.offsets = d.offsets[side];
            if !d.strides[side].is_empty() {
                if d.strides[side].len() != lengths.len() {
                    return Err(FftError::InvalidStrides("one stride per dimension"));
                }
                layout.strides = d.strides[side].clone();
                // Custom strides without a distance: transforms follow each other.
                layout.distance = layout.extent(lens, 1);
            }
            if d.distances[side] != 0 {
                layout.distance = d.distances[side];
            }
        }
        desc.scale = d.scale;
    }
    Ok(desc)
}

#[allow(clippy::too_many_arguments)]
pub unsafe fn plan_create(
    plan: *mut rocfft_plan,
    placement: rocfft_result_placement,
    transform_type: rocfft_transform_type,
    precision: rocfft_precision,
    dimensions: usize,
    lengths: *const usize,
    number_of_transforms: usize,
    description: rocfft_plan_description,
) -> FftResult<()> {
    if !ferrocm_cabi::plausible_ptr(plan) {
        return Err(FftError::InvalidValue("plan"));
    }
    if !(1..=3).contains(&dimensions) {
        return Err(FftError::InvalidSize("1 to 3 dimensions"));
    }
    if !ferrocm_cabi::plausible_ptr(lengths) {
        return Err(FftError::InvalidValue("lengths"));
    }
    // SAFETY: the caller passes `dimensions` lengths.
    let lens = unsafe { std::slice::from_raw_parts(lengths, dimensions) }.to_vec();
    let d = if description.is_null() {
        None
    } else {
        Some(DESCRIPTIONS.get(description as usize)?.lock().clone())
    };
    let desc = plan_desc(
        placement,
        transform_type,
        precision,
        &lens,
        number_of_transforms,
        d.as_ref(),
    )?;
    let p = Plan::new(desc)?;
    out(plan, PLANS.insert(p) as rocfft_plan)
}

pub unsafe fn plan_destroy(plan: rocfft_plan) -> FftResult<()> {
    PLANS.remove(plan as usize)
}

pub unsafe fn plan_get_work_buffer_size(
    plan: rocfft_plan,
    size_in_bytes: *mut usize,
) -> FftResult<()> {
    let p = PLANS.get(plan as usize)?;
    out(size_in_bytes, p.work_size())
}

pub unsafe fn plan_get_print(plan: rocfft_plan) -> FftResult<()> {
    let p = PLANS.get(plan as usize)?;
    let d = p.desc();
    println!(
        "precision: {:?}\ntransform type: {:?}\nresult placement: {:?}\nlengths: {:?}\nbatch: {}\n\
         input: {:?} offsets {:?} strides {:?} distance {}\noutput: {:?} offsets {:?} strides {:?} distance {}\n\
         scale: {}",
        d.precision,
        d.transform,
        d.placement,
        d.lengths,
        d.batch,
        d.input.array,
        d.input.offsets,
        d.input.strides,
        d.input.distance,
        d.output.array,
        d.output.offsets,
        d.output.strides,
        d.output.distance,
        d.scale
    );
    Ok(())
}

pub unsafe fn execution_info_create(info: *mut rocfft_execution_info) -> FftResult<()> {
    if !ferrocm_cabi::plausible_ptr(info) {
        return Err(FftError::InvalidValue("info"));
    }
    let id = INFOS.insert(Mutex::new(ExecInfo::default()));
    out(info, id as rocfft_execution_info)
}

pub unsafe fn execution_info_destroy(info: rocfft_execution_info) -> FftResult<()> {
    INFOS.remove(info as usize)
}

pub unsafe fn execution_info_set_work_buffer(
    info: rocfft_execution_info,
    work_buffer: *mut c_void,
    size_in_bytes: usize,
) -> FftResult<()> {
    let i = INFOS.get(info as usize)?;
    if !ferrocm_cabi::plausible_ptr(work_buffer) && size_in_bytes != 0 {
        return Err(FftError::InvalidWorkBuffer);
    }
    let mut i = i.lock();
    i.work = work_buffer as usize;
    i.work_size = size_in_bytes;
    Ok(())
}

pub unsafe fn execution_info_set_stream(
    info: rocfft_execution_info,
    stream: *mut c_void,
) -> FftResult<()> {
    INFOS.get(info as usize)?.lock().stream = stream as u64;
    Ok(())
}

pub unsafe fn execute(
    plan: rocfft_plan,
    in_buffer: *mut *mut c_void,
    out_buffer: *mut *mut c_void,
    info: rocfft_execution_info,
) -> FftResult<()> {
    let p = PLANS.get(plan as usize)?;
    let d = p.desc();
    // SAFETY: the caller's buffer arrays hold one pointer per buffer of the array type.
    let read = |arr: *mut *mut c_void, planar: bool| unsafe {
        [
            *arr,
            if planar {
                *arr.add(1)
            } else {
                std::ptr::null_mut()
            },
        ]
    };
    if !ferrocm_cabi::plausible_ptr(in_buffer) {
        return Err(FftError::InvalidValue("in_buffer"));
    }
    let input = read(in_buffer, d.input.array.is_planar());
    let output = if d.placement == Placement::InPlace {
        input
    } else if !ferrocm_cabi::plausible_ptr(out_buffer) {
        return Err(FftError::InvalidValue("out_buffer"));
    } else {
        read(out_buffer, d.output.array.is_planar())
    };
    let info = if info.is_null() {
        ExecInfo::default()
    } else {
        *INFOS.get(info as usize)?.lock()
    };
    if info.work != 0 {
        if info.work_size < p.work_size() {
            return Err(FftError::InvalidWorkBuffer);
        }
        // SAFETY: device memory of `work_size` bytes the caller keeps for the execution.
        unsafe { p.set_work_area(info.work as *mut c_void)? };
    }
    // SAFETY: rocFFT's contract: the buffers hold the plan's data and stay valid until
    // the stream has run the transform.
    unsafe { p.execute(info.stream, Buffers { input, output }, None) }
}

pub unsafe fn get_version_string(buf: *mut c_char, len: usize) -> FftResult<()> {
    let v = concat!(env!("ROCFFT_VERSION_STRING"), "\0");
    if !ferrocm_cabi::plausible_ptr(buf) || len < v.len() {
        return Err(FftError::InvalidValue("buffer too small"));
    }
    // SAFETY: `len` writable bytes, more than the string's.
    unsafe { std::ptr::copy_nonoverlapping(v.as_ptr().cast(), buf, v.len()) };
    Ok(())
}

/// Serialised caches handed out, by address (freed by `rocfft_cache_buffer_free`).
static CACHE_BUFFERS: LazyLock<Mutex<HashMap<usize, Box<[u8]>>>> = LazyLock::new(Default::default);

/// The serialised kernel cache. The CPU backend compiles no kernels and cuFFT keeps its
/// own, so the cache is empty: a header that `rocfft_cache_deserialize` recognises.
const CACHE_MAGIC: &[u8] = b"ferrocm-rocfft-cache-v1\0";

pub unsafe fn cache_serialize(
    buffer: *mut *mut c_void,
    buffer_len_bytes: *mut usize,
) -> FftResult<()> {
    if !ferrocm_cabi::plausible_ptr(buffer) || !ferrocm_cabi::plausible_ptr(buffer_len_bytes) {
        return Err(FftError::InvalidValue("NULL output pointer"));
    }
    let mut b: Box<[u8]> = CACHE_MAGIC.into();
    let addr = b.as_mut_ptr() as usize;
    CACHE_BUFFERS.lock().insert(addr, b);
    out(buffer, addr as *mut c_void)?;
    out(buffer_len_bytes, CACHE_MAGIC.len())
}

pub unsafe fn cache_buffer_free(buffer: *mut c_void) -> FftResult<()> {
    if !ferrocm_cabi::plausible_ptr(buffer) {
        return Ok(());
    }
    CACHE_BUFFERS
        .lock()
        .remove(&(buffer as usize))
        .map(drop)
        .ok_or(FftError::InvalidValue(
            "not a buffer of rocfft_cache_serialize",
        ))
}

pub unsafe fn cache_deserialize(buffer: *const c_void, buffer_len_bytes: usize) -> FftResult<()> {
    // Host memory the caller may have freed: asked of the page tables before reading (a
    // rare call, so the system call costs nothing that matters).
    let start = buffer as usize;
    if !ferrocm_cabi::plausible_ptr(buffer)
        || buffer_len_bytes < CACHE_MAGIC.len()
        || !ferrocm_cabi::mapped(start, start + CACHE_MAGIC.len())
    {
        return Err(FftError::InvalidValue("not a serialised cache"));
    }
    // SAFETY: the caller's buffer of `buffer_len_bytes` bytes.
    let b = unsafe { std::slice::from_raw_parts(buffer as *const u8, CACHE_MAGIC.len()) };
    if b != CACHE_MAGIC {
        return Err(FftError::InvalidValue("not a serialised cache"));
    }
    Ok(())
}
