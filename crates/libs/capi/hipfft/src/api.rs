//! hipFFT handles and the cuFFT-style plan requests they hold: `Plan*`, `MakePlan*`,
//! `GetSize*`, `Estimate*`, stream, work area, execution.
#![allow(clippy::too_many_arguments, non_upper_case_globals)]

use std::ffi::{c_int, c_longlong, c_void};
use std::sync::{Arc, LazyLock};

use fft::capi::Table;
use fft::{Buffers, FftError, FftResult, Placement, Plan, PlanDesc, Precision, TransformType};
use parking_lot::Mutex;

use crate::abi::*;

/// The advanced layout of a request (`inembed`/`istride`/`idist`, `onembed`/...), as given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Advanced {
    pub inembed: Vec<i64>,
    pub istride: i64,
    pub idist: i64,
    pub onembed: Vec<i64>,
    pub ostride: i64,
    pub odist: i64,
}

/// A cuFFT-style plan request: row-major `n[]` (`n[0]` outermost).
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    pub transform: TransformType,
    pub precision: Precision,
    pub n: Vec<i64>,
    pub batch: i64,
    pub advanced: Option<Advanced>,
}

/// What a hipFFT handle holds.
pub struct State {
    request: Option<Request>,
    stream: u64,
    auto_allocate: bool,
    work_area: usize,
    scale: f64,
    /// The core plans, out of place and in place, made when first needed.
    plans: [Option<Arc<Plan>>; 2],
}

pub struct HipfftPlan {
    state: Mutex<State>,
}

static PLANS: LazyLock<Table<HipfftPlan>> = LazyLock::new(|| Table::new(0x0f70_4000_0000));

pub fn plan(h: hipfftHandle) -> FftResult<Arc<HipfftPlan>> {
    PLANS.get(h as usize)
}

fn out<T>(p: *mut T, v: T) -> FftResult<()> {
    if !ferrocm_cabi::plausible_ptr(p) {
        return Err(FftError::InvalidValue("NULL output pointer"));
    }
    // SAFETY: non-NULL out-parameter of the caller.
    unsafe { p.write(v) };
    Ok(())
}

/// The transform and precision of a `hipfftType`.
pub fn fft_type(t: hipfftType) -> FftResult<(TransformType, Precision)> {
    Ok(match t {
        HIPFFT_C2C => (TransformType::ComplexForward, Precision::Single),
        HIPFFT_Z2Z => (TransformType::ComplexForward, Precision::Double),
        HIPFFT_R2C => (TransformType::RealForward, Precision::Single),
        HIPFFT_D2Z => (TransformType::RealForward, Precision::Double),
        HIPFFT_C2R => (TransformType::RealInverse, Precision::Single),
        HIPFFT_Z2D => (TransformType::RealInverse, Precision::Double),
        _ => return Err(FftError::InvalidType),
    })
}

fn usize_of(v: i64, what: &'static str) -> FftResult<usize> {
    usize::try_from(v).map_err(|_| FftError::InvalidValue(what))
}

impl Request {
    /// Checks the request as cuFFT does.
    fn check(&self) -> FftResult<()> {
        if !(1..=3).contains(&self.n.len()) {
            return Err(FftError::InvalidSize("rank 1 to 3"));
        }
        if self.n.iter().any(|&v| v <= 0) || self.batch <= 0 {
            return Err(FftError::InvalidSize("lengths and batch must be positive"));
        }
        if let Some(a) = &self.advanced {
            if a.istride <= 0 || a.ostride <= 0 || a.idist < 0 || a.odist < 0 {
                return Err(FftError::InvalidValue("strides and distances"));
            }
            let r = self.n.len();
            if a.inembed[1..r]
                .iter()
                .chain(&a.onembed[1..r])
                .any(|&e| e <= 0)
            {
                return Err(FftError::InvalidValue("embedding sizes"));
            }
        }
        Ok(())
    }

    /// The core description for `placement` (the advanced layout mapped to strides
    /// innermost first: dimension `d` of `n` is `stride * prod(embed[d+1..])` apart).
    pub fn desc(&self, placement: Placement, scale: f64) -> FftResult<PlanDesc> {
        self.check()?;
        let lengths = self
            .n
            .iter()
            .rev()
            .map(|&v| usize_of(v, "length"))
            .collect::<FftResult<Vec<_>>>()?;
        let mut d = PlanDesc::new(
            self.transform,
            self.precision,
            &lengths,
            usize_of(self.batch, "batch")?,
            placement,
        );
        if let Some(a) = &self.advanced {
            let strides = |embed: &[i64], stride: i64| -> FftResult<Vec<usize>> {
                let r = embed.len();
                let mut s = vec![0usize; r];
                let mut acc = usize_of(stride, "stride")?;
                for k in 0..r {
                    s[k] = acc;
                    let e = usize_of(embed[r - 1 - k], "embedding size")?;
                    acc = acc
                        .checked_mul(e)
                        .ok_or(FftError::InvalidSize("too large"))?;
                }
                Ok(s)
            };
            d.input.strides = strides(&a.inembed, a.istride)?;
            d.input.distance = usize_of(a.idist, "idist")?;
            d.output.strides = strides(&a.onembed, a.ostride)?;
            d.output.distance = usize_of(a.odist, "odist")?;
        }
        d.scale = scale;
        Ok(d)
    }
}

/// Reads a request's arrays (`n` and the embeddings; an advanced layout only when both
/// embeddings are given, as cuFFT does).
pub unsafe fn request<I: Copy + Into<i64>>(
    transform: TransformType,
    precision: Precision,
    rank: c_int,
    n: *const I,
    inembed: *const I,
    istride: I,
    idist: I,
    onembed: *const I,
    ostride: I,
    odist: I,
    batch: I,
) -> FftResult<Request> {
    if !(1..=3).contains(&rank) {
        return Err(FftError::InvalidSize("rank 1 to 3"));
    }
    if !ferrocm_cabi::plausible_ptr(n) {
        return Err(FftError::InvalidValue("n"));
    }
    let r = rank as usize;
    let read = |p: *const I| {
        // SAFETY: the caller passes `rank` values in each array it gives.
        unsafe { std::slice::from_raw_parts(p, r) }
            .iter()
            .map(|&v| v.into())
            .collect::<Vec<i64>>()
    };
    let advanced = (ferrocm_cabi::plausible_ptr(inembed) && ferrocm_cabi::plausible_ptr(onembed))
        .then(|| Advanced {
            inembed: read(inembed),
            istride: istride.into(),
            idist: idist.into(),
            onembed: read(onembed),
            ostride: ostride.into(),
            odist: odist.into(),
        });
    Ok(Request {
        transform,
        precision,
        n: read(n),
        batch: batch.into(),
        advanced,
    })
}

/// The work area a request's plan needs, from a plan made for the question.
fn work_size_of(r: &Request) -> FftResult<usize> {
    Ok(Plan::new(r.desc(Placement::NotInPlace, 1.0)?)?.work_size())
}

pub unsafe fn create(handle: *mut hipfftHandle) -> FftResult<()> {
    if !ferrocm_cabi::plausible_ptr(handle) {
        return Err(FftError::InvalidValue("handle"));
    }
    let id = PLANS.insert(HipfftPlan {
        state: Mutex::new(State {
            request: None,
            stream: 0,
            auto_allocate: true,
            work_area: 0,
            scale: 1.0,
            plans: [None, None],
        }),
    });
    out(handle, id as hipfftHandle)
}

pub unsafe fn destroy(plan: hipfftHandle) -> FftResult<()> {
    PLANS.remove(plan as usize)
}

impl State {
    /// Applies the handle's work-area settings to a new core plan.
    fn configure(&self, p: &Plan) -> FftResult<()> {
        p.set_auto_allocation(self.auto_allocate)?;
        if self.work_area != 0 {
            // SAFETY: hipfftSetWorkArea's contract: device memory of the plan's size.
            unsafe { p.set_work_area(self.work_area as *mut c_void)? };
        }
        Ok(())
    }

    /// The core plan for `placement`, made on first use.
    fn plan_for(&mut self, placement: Placement) -> FftResult<Arc<Plan>> {
        let i = usize::from(placement == Placement::InPlace);
        if let Some(p) = &self.plans[i] {
            return Ok(Arc::clone(p));
        }
        let r = self.request.as_ref().ok_or(FftError::IncompletePlan)?;
        let p = Arc::new(Plan::new(r.desc(placement, self.scale)?)?);
        self.configure(&p)?;
        self.plans[i] = Some(Arc::clone(&p));
        Ok(p)
    }

    fn work_size(&self) -> usize {
        self.plans
            .iter()
            .flatten()
            .map(|p| p.work_size())
            .max()
            .unwrap_or(0)
    }
}

/// `hipfftMakePlan*`: records the request, makes its out-of-place plan (so that errors
/// surface here, as with cuFFT) and reports its work area.
///
/// # Safety
/// `work_size` is NULL or writable.
pub unsafe fn make(h: hipfftHandle, r: Request, work_size: *mut usize) -> FftResult<()> {
    let p = plan(h)?;
    let mut s = p.state.lock();
    r.check()?;
    s.request = Some(r);
    s.plans = [None, None];
    let made = s.plan_for(Placement::NotInPlace);
    if let Err(e) = made {
        s.request = None;
        return Err(e);
    }
    if ferrocm_cabi::plausible_ptr(work_size) {
        // SAFETY: non-NULL out-parameter of the caller.
        unsafe { work_size.write(s.work_size()) };
    }
    Ok(())
}

pub unsafe fn make_plan_1d(
    plan: hipfftHandle,
    nx: c_int,
    t: hipfftType,
    batch: c_int,
    work_size: *mut usize,
) -> FftResult<()> {
    let (tt, p) = fft_type(t)?;
    let n = [nx];
    // SAFETY: a local array of `rank` values.
    let r = unsafe {
        request::<c_int>(
            tt,
            p,
            1,
            n.as_ptr(),
            std::ptr::null(),
            0,
            0,
            std::ptr::null(),
            0,
            0,
            batch,
        )?
    };
    // SAFETY: the caller's out-parameter.
    unsafe { make(plan, r, work_size) }
}

pub unsafe fn make_plan_2d(
    plan: hipfftHandle,
    nx: c_int,
    ny: c_int,
    t: hipfftType,
    work_size: *mut usize,
) -> FftResult<()> {
    let (tt, p) = fft_type(t)?;
    let n = [nx, ny];
    // SAFETY: a local array of `rank` values.
    let r = unsafe {
        request::<c_int>(
            tt,
            p,
            2,
            n.as_ptr(),
            std::ptr::null(),
            0,
            0,
            std::ptr::null(),
            0,
            0,
            1,
        )?
    };
    // SAFETY: the caller's out-parameter.
    unsafe { make(plan, r, work_size) }
}

pub unsafe fn make_plan_3d(
    plan: hipfftHandle,
    nx: c_int,
    ny: c_int,
    nz: c_int,
    t: hipfftType,
    work_size: *mut usize,
) -> FftResult<()> {
    let (tt, p) = fft_type(t)?;
    let n = [nx, ny, nz];
    // SAFETY: a local array of `rank` values.
    let r = unsafe {
        request::<c_int>(
            tt,
            p,
            3,
            n.as_ptr(),
            std::ptr::null(),
            0,
            0,
            std::ptr::null(),
            0,
            0,
            1,
        )?
    };
    // SAFETY: the caller's out-parameter.
    unsafe { make(plan, r, work_size) }
}

pub unsafe fn make_plan_many(
    plan: hipfftHandle,
    rank: c_int,
    n: *mut c_int,
    inembed: *mut c_int,
    istride: c_int,
    idist: c_int,
    onembed: *mut c_int,
    ostride: c_int,
    odist: c_int,
    t: hipfftType,
    batch: c_int,
    work_size: *mut usize,
) -> FftResult<()> {
    let (tt, p) = fft_type(t)?;
    // SAFETY: the caller's arrays of `rank` values.
    let r = unsafe {
        request(
            tt, p, rank, n, inembed, istride, idist, onembed, ostride, odist, batch,
        )?
    };
    // SAFETY: the caller's out-parameter.
    unsafe { make(plan, r, work_size) }
}

pub unsafe fn make_plan_many64(
    plan: hipfftHandle,
    rank: c_int,
    n: *mut c_longlong,
    inembed: *mut c_longlong,
    istride: c_longlong,
    idist: c_longlong,
    onembed: *mut c_longlong,
    ostride: c_longlong,
    odist: c_longlong,
    t: hipfftType,
    batch: c_longlong,
    work_size: *mut usize,
) -> FftResult<()> {
    let (tt, p) = fft_type(t)?;
    // SAFETY: the caller's arrays of `rank` values.
    let r = unsafe {
        request(
            tt, p, rank, n, inembed, istride, idist, onembed, ostride, odist, batch,
        )?
    };
    // SAFETY: the caller's out-parameter.
    unsafe { make(plan, r, work_size) }
}

/// `hipfftPlan*`: create + make; the handle is written only on success.
fn plan_new(
    handle: *mut hipfftHandle,
    make_it: impl FnOnce(hipfftHandle) -> FftResult<()>,
) -> FftResult<()> {
    if !ferrocm_cabi::plausible_ptr(handle) {
        return Err(FftError::InvalidValue("handle"));
    }
    let mut h: hipfftHandle = std::ptr::null_mut();
    // SAFETY: a local out-parameter.
    unsafe { create(&mut h)? };
    if let Err(e) = make_it(h) {
        let _ = PLANS.remove(h as usize);
        return Err(e);
    }
    out(handle, h)
}

pub unsafe fn plan_1d(
    handle: *mut hipfftHandle,
    nx: c_int,
    t: hipfftType,
    batch: c_int,
) -> FftResult<()> {
    // SAFETY: NULL work-size pointer is allowed.
    plan_new(handle, |h| unsafe {
        make_plan_1d(h, nx, t, batch, std::ptr::null_mut())
    })
}

pub unsafe fn plan_2d(
    handle: *mut hipfftHandle,
    nx: c_int,
    ny: c_int,
    t: hipfftType,
) -> FftResult<()> {
    // SAFETY: as above.
    plan_new(handle, |h| unsafe {
        make_plan_2d(h, nx, ny, t, std::ptr::null_mut())
    })
}

pub unsafe fn plan_3d(
    handle: *mut hipfftHandle,
    nx: c_int,
    ny: c_int,
    nz: c_int,
    t: hipfftType,
) -> FftResult<()> {
    // SAFETY: as above.
    plan_new(handle, |h| unsafe {
        make_plan_3d(h, nx, ny, nz, t, std::ptr::null_mut())
    })
}

pub unsafe fn plan_many(
    handle: *mut hipfftHandle,
    rank: c_int,
    n: *mut c_int,
    inembed: *mut c_int,
    istride: c_int,
    idist: c_int,
    onembed: *mut c_int,
    ostride: c_int,
    odist: c_int,
    t: hipfftType,
    batch: c_int,
) -> FftResult<()> {
    // SAFETY: the caller's arrays, passed on.
    plan_new(handle, |h| unsafe {
        make_plan_many(
            h,
            rank,
            n,
            inembed,
            istride,
            idist,
            onembed,
            ostride,
            odist,
            t,
            batch,
            std::ptr::null_mut(),
        )
    })
}

pub unsafe fn ext_plan_scale_factor(plan: hipfftHandle, scale: f64) -> FftResult<()> {
    let p = self::plan(plan)?;
    if !scale.is_finite() {
        return Err(FftError::InvalidValue("scale factor"));
    }
    let mut s = p.state.lock();
    s.scale = scale;
    // Plans already made are remade with the factor.
    s.plans = [None, None];
    if s.request.is_some() {
        s.plan_for(Placement::NotInPlace)?;
    }
    Ok(())
}

/// Work-area estimate for a request without a handle (`hipfftEstimate*`).
fn estimate(r: FftResult<Request>, work_size: *mut usize) -> FftResult<()> {
    let ws = work_size_of(&r?)?;
    out(work_size, ws)
}

pub unsafe fn estimate_1d(
    nx: c_int,
    t: hipfftType,
    batch: c_int,
    work_size: *mut usize,
) -> FftResult<()> {
    let (tt, p) = fft_type(t)?;
    let n = [nx];
    // SAFETY: a local array.
    estimate(
        unsafe {
            request::<c_int>(
                tt,
                p,
                1,
                n.as_ptr(),
                std::ptr::null(),
                0,
                0,
                std::ptr::null(),
                0,
                0,
                batch,
            )
        },
        work_size,
    )
}

pub unsafe fn estimate_2d(
    nx: c_int,
    ny: c_int,
    t: hipfftType,
    work_size: *mut usize,
) -> FftResult<()> {
    let (tt, p) = fft_type(t)?;
    let n = [nx, ny];
    // SAFETY: a local array.
    estimate(
        unsafe {
            request::<c_int>(
                tt,
                p,
                2,
                n.as_ptr(),
                std::ptr::null(),
                0,
                0,
                std::ptr::null(),
                0,
                0,
                1,
            )
        },
        work_size,
    )
}

pub unsafe fn estimate_3d(
    nx: c_int,
    ny: c_int,
    nz: c_int,
    t: hipfftType,
    work_size: *mut usize,
) -> FftResult<()> {
    let (tt, p) = fft_type(t)?;
    let n = [nx, ny, nz];
    // SAFETY: a local array.
    estimate(
        unsafe {
            request::<c_int>(
                tt,
                p,
                3,
                n.as_ptr(),
                std::ptr::null(),
                0,
                0,
                std::ptr::null(),
                0,
                0,
                1,
            )
        },
        work_size,
    )
}

pub unsafe fn estimate_many(
    rank: c_int,
    n: *mut c_int,
    inembed: *mut c_int,
    istride: c_int,
    idist: c_int,
    onembed: *mut c_int,
    ostride: c_int,
    odist: c_int,
    t: hipfftType,
    batch: c_int,
    work_size: *mut usize,
) -> FftResult<()> {
    let (tt, p) = fft_type(t)?;
    // SAFETY: the caller's arrays.
    estimate(
        unsafe {
            request(
                tt, p, rank, n, inembed, istride, idist, onembed, ostride, odist, batch,
            )
        },
        work_size,
    )
}

pub unsafe fn get_size_1d(
    plan: hipfftHandle,
    nx: c_int,
    t: hipfftType,
    batch: c_int,
    work_size: *mut usize,
) -> FftResult<()> {
    self::plan(plan)?;
    // SAFETY: as estimate_1d.
    unsafe { estimate_1d(nx, t, batch, work_size) }
}

pub unsafe fn get_size_2d(
    plan: hipfftHandle,
    nx: c_int,
    ny: c_int,
    t: hipfftType,
    work_size: *mut usize,
) -> FftResult<()> {
    self::plan(plan)?;
    // SAFETY: as estimate_2d.
    unsafe { estimate_2d(nx, ny, t, work_size) }
}

pub unsafe fn get_size_3d(
    plan: hipfftHandle,
    nx: c_int,
    ny: c_int,
    nz: c_int,
    t: hipfftType,
    work_size: *mut usize,
) -> FftResult<()> {
    self::plan(plan)?;
    // SAFETY: as estimate_3d.
    unsafe { estimate_3d(nx, ny, nz, t, work_size) }
}

pub unsafe fn get_size_many(
    plan: hipfftHandle,
    rank: c_int,
    n: *mut c_int,
    inembed: *mut c_int,
    istride: c_int,
    idist: c_int,
    onembed: *mut c_int,
    ostride: c_int,
    odist: c_int,
    t: hipfftType,
    batch: c_int,
    work_size: *mut usize,
) -> FftResult<()> {
    self::plan(plan)?;
    // SAFETY: the caller's arrays.
    unsafe {
        estimate_many(
            rank, n, inembed, istride, idist, onembed, ostride, odist, t, batch, work_size,
        )
    }
}

pub unsafe fn get_size_many64(
    plan: hipfftHandle,
    rank: c_int,
    n: *mut c_longlong,
    inembed: *mut c_longlong,
    istride: c_longlong,
    idist: c_longlong,
    onembed: *mut c_longlong,
    ostride: c_longlong,
    odist: c_longlong,
    t: hipfftType,
    batch: c_longlong,
    work_size: *mut usize,
) -> FftResult<()> {
    self::plan(plan)?;
    let (tt, p) = fft_type(t)?;
    // SAFETY: the caller's arrays.
    estimate(
        unsafe {
            request(
                tt, p, rank, n, inembed, istride, idist, onembed, ostride, odist, batch,
            )
        },
        work_size,
    )
}

pub unsafe fn get_size(plan: hipfftHandle, work_size: *mut usize) -> FftResult<()> {
    let p = self::plan(plan)?;
    let s = p.state.lock();
    if s.request.is_none() {
        return Err(FftError::IncompletePlan);
    }
    out(work_size, s.work_size())
}

pub unsafe fn set_auto_allocation(plan: hipfftHandle, auto_allocate: c_int) -> FftResult<()> {
    let p = self::plan(plan)?;
    let mut s = p.state.lock();
    s.auto_allocate = auto_allocate != 0;
    for c in s.plans.iter().flatten() {
        c.set_auto_allocation(auto_allocate != 0)?;
    }
    Ok(())
}

pub unsafe fn set_work_area(plan: hipfftHandle, work_area: *mut c_void) -> FftResult<()> {
    let p = self::plan(plan)?;
    let mut s = p.state.lock();
    s.work_area = work_area as usize;
    for c in s.plans.iter().flatten() {
        // SAFETY: hipFFT's contract: device memory of the plan's work size.
        unsafe { c.set_work_area(work_area)? };
    }
    Ok(())
}

pub unsafe fn set_stream(plan: hipfftHandle, stream: hipStream_t) -> FftResult<()> {
    self::plan(plan)?.state.lock().stream = stream as u64;
    Ok(())
}

/// Runs a handle's transform: in place when `idata == odata` (cuFFT's rule). `kind` is
/// what the `Exec` entry point is for (`None`: `hipfftXtExec`, any kind).
pub unsafe fn exec(
    plan: hipfftHandle,
    idata: *mut c_void,
    odata: *mut c_void,
    kind: Option<(TransformType, Precision)>,
    direction: Option<c_int>,
) -> FftResult<()> {
    let p = self::plan(plan)?;
    let mut s = p.state.lock();
    let r = s.request.as_ref().ok_or(FftError::IncompletePlan)?;
    if let Some((t, prec)) = kind {
        if r.transform != t || r.precision != prec {
            return Err(FftError::InvalidType);
        }
    }
    let complex = !r.transform.is_real();
    let inverse = match (complex, direction) {
        (true, Some(HIPFFT_FORWARD)) => Some(false),
        (true, Some(HIPFFT_BACKWARD)) => Some(true),
        (true, _) => return Err(FftError::InvalidValue("direction")),
        (false, _) => None,
    };
    if !ferrocm_cabi::plausible_ptr(idata) || !ferrocm_cabi::plausible_ptr(odata) {
        return Err(FftError::InvalidValue("NULL data pointer"));
    }
    let placement = if idata == odata {
        Placement::InPlace
    } else {
        Placement::NotInPlace
    };
    let core = s.plan_for(placement)?;
    let stream = s.stream;
    drop(s);
    let bufs = Buffers {
        input: [idata, std::ptr::null_mut()],
        output: [odata, std::ptr::null_mut()],
    };
    // SAFETY: hipFFT's contract: the buffers hold the plan's data until the stream ran it.
    unsafe { core.execute(stream, bufs, inverse) }
}

pub unsafe fn exec_c2c(
    plan: hipfftHandle,
    idata: *mut hipfftComplex,
    odata: *mut hipfftComplex,
    direction: c_int,
) -> FftResult<()> {
    // SAFETY: passed on.
    unsafe {
        exec(
            plan,
            idata.cast(),
            odata.cast(),
            Some((TransformType::ComplexForward, Precision::Single)),
            Some(direction),
        )
    }
}

pub unsafe fn exec_z2z(
    plan: hipfftHandle,
    idata: *mut hipfftDoubleComplex,
    odata: *mut hipfftDoubleComplex,
    direction: c_int,
) -> FftResult<()> {
    // SAFETY: passed on.
    unsafe {
        exec(
            plan,
            idata.cast(),
            odata.cast(),
            Some((TransformType::ComplexForward, Precision::Double)),
            Some(direction),
        )
    }
}

pub unsafe fn exec_r2c(
    plan: hipfftHandle,
    idata: *mut f32,
    odata: *mut hipfftComplex,
) -> FftResult<()> {
    // SAFETY: passed on.
    unsafe {
        exec(
            plan,
            idata.cast(),
            odata.cast(),
            Some((TransformType::RealForward, Precision::Single)),
            None,
        )
    }
}

pub unsafe fn exec_d2z(
    plan: hipfftHandle,
    idata: *mut f64,
    odata: *mut hipfftDoubleComplex,
) -> FftResult<()> {
    // SAFETY: passed on.
    unsafe {
        exec(
            plan,
            idata.cast(),
            odata.cast(),
            Some((TransformType::RealForward, Precision::Double)),
            None,
        )
    }
}

pub unsafe fn exec_c2r(
    plan: hipfftHandle,
    idata: *mut hipfftComplex,
    odata: *mut f32,
) -> FftResult<()> {
    // SAFETY: passed on.
    unsafe {
        exec(
            plan,
            idata.cast(),
            odata.cast(),
            Some((TransformType::RealInverse, Precision::Single)),
            None,
        )
    }
}

pub unsafe fn exec_z2d(
    plan: hipfftHandle,
    idata: *mut hipfftDoubleComplex,
    odata: *mut f64,
) -> FftResult<()> {
    // SAFETY: passed on.
    unsafe {
        exec(
            plan,
            idata.cast(),
            odata.cast(),
            Some((TransformType::RealInverse, Precision::Double)),
            None,
        )
    }
}

pub unsafe fn get_version(version: *mut c_int) -> FftResult<()> {
    let [a, b, c] = ROCFFT_VERSION;
    out(version, a * 10000 + b * 100 + c)
}

pub unsafe fn get_property(t: hipfftLibraryPropertyType, value: *mut c_int) -> FftResult<()> {
    let v = match t {
        HIPFFT_MAJOR_VERSION => HIPFFT_VERSION[0],
        HIPFFT_MINOR_VERSION => HIPFFT_VERSION[1],
        HIPFFT_PATCH_LEVEL => HIPFFT_VERSION[2],
        _ => return Err(FftError::InvalidType),
    };
    out(value, v)
}

/// The device a handle's plans run on (`hipfftXtSetGPUs`).
pub fn device_of(h: hipfftHandle) -> FftResult<usize> {
    let p = plan(h)?;
    let mut s = p.state.lock();
    match s.plan_for(Placement::NotInPlace) {
        Ok(core) => Ok(core.device()),
        Err(FftError::IncompletePlan) => {
            fft::hip_bridge::current_device().map_err(|_| FftError::NoDevice)
        }
        Err(e) => Err(e),
    }
}
