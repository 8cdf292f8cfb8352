//! The private entry points nvcc-generated host code calls when built with `-cudart none`
//! (CUDA 13: `__cudaGetKernel` + `__cudaLaunchKernel`; earlier toolkits: `cudaLaunchKernel`),
//! so that HIP programs compiled by nvcc run on this library with no cudart.
//!
//! * Registration (`__cudaRegisterFatBinary`, `__cudaRegisterFunction`, `__cudaRegisterVar`,
//!   `__cudaRegisterManagedVar`) runs in each translation unit's static constructor: it
//!   selects the NVIDIA platform (the first registration decides the process's platform)
//!   and records names in [`hip::platform::nvidia::registry`]; nothing touches the device.
//! * `k<<<g, b, s, st>>>(args)` is `__cudaPushCallConfiguration` at the call site, then in
//!   the device stub `__cudaPopCallConfiguration` (a thread-local stack) and
//!   `__cudaLaunchKernel(handle, ...)`, where `handle` came from `__cudaGetKernel` (it is
//!   the host stub's address: resolving it to a `CUfunction` per device happens at launch).
//! * Errors are HIP's codes (`hipError_t`), also recorded as the thread's last error, so
//!   `hipGetLastError()` after a bad `<<<>>>` reports it as on AMD.

use std::cell::RefCell;
use std::ffi::{c_char, c_int, c_uint, c_void};

use hip::backend::launch::LaunchMode;
use hip::platform::nvidia::{self as nv, registry};
use hip::platform::{self, Platform};
use hip::{HipError, HipResult};

use crate::entry::{api, Dim3};

/// The handle nvcc keeps per fat binary (`void**`): a leaked cell holding the registry's
/// handle (0: registration failed), so that the pointer is always dereferenceable.
pub type FatbinHandle = *mut *mut c_void;

/// One `<<<grid, block, shared, stream>>>` configuration.
#[derive(Clone, Copy)]
struct CallConfig {
    grid: Dim3,
    block: Dim3,
    shared_mem: usize,
    stream: *mut c_void,
}

thread_local! {
    /// Configurations pushed by `<<<>>>` sites and not yet popped by their stubs (a stack:
    /// a kernel argument expression may itself launch).
    static CALL_STACK: RefCell<Vec<CallConfig>> = const { RefCell::new(Vec::new()) };
}

/// The registry handle stored in nvcc's fat-binary handle (0 for none).
///
/// # Safety
/// `h` must be null or a handle returned by `__cudaRegisterFatBinary`.
unsafe fn registry_handle(h: FatbinHandle) -> usize {
    if h.is_null() {
        0
    } else {
        // SAFETY: the caller passes a handle from `__cudaRegisterFatBinary`: a live cell.
        unsafe { h.read() as usize }
    }
}

use crate::entry::c_str;

/// `void** __cudaRegisterFatBinary(void* fatCubin)`: records nvcc's fat-binary wrapper
/// and selects the NVIDIA platform.
pub unsafe fn __cudaRegisterFatBinary(fat_cubin: *mut c_void) -> FatbinHandle {
    platform::select(Platform::Nvidia);
    let mut handle = 0usize;
    api(|| {
        handle = registry::register_fat_binary(fat_cubin)?;
        Ok(())
    });
    Box::into_raw(Box::new(handle as *mut c_void))
}

/// `void __cudaRegisterFatBinaryEnd(void** fatCubinHandle)`: nothing to do (modules are
/// loaded lazily).
pub unsafe fn __cudaRegisterFatBinaryEnd(_fat_cubin_handle: FatbinHandle) {}

/// `void __cudaUnregisterFatBinary(void** fatCubinHandle)` (at exit): forgets the fat
/// binary and unloads its modules.
pub unsafe fn __cudaUnregisterFatBinary(fat_cubin_handle: FatbinHandle) {
    // SAFETY: nvcc passes the handle `__cudaRegisterFatBinary` returned.
    let h = unsafe { registry_handle(fat_cubin_handle) };
    api(|| {
        registry::unregister_fat_binary(h);
        Ok(())
    });
}

/// `void __cudaRegisterFunction(void** h, const char* hostFun, char* deviceFun, const
/// char* deviceName, int thread_limit, uint3* tid, uint3* bid, dim3* bDim, dim3* gDim,
/// int* wSize)`: kernel `deviceName` is launched through host stub `hostFun`.
#[allow(clippy::too_many_arguments)]
pub unsafe fn __cudaRegisterFunction(
    fat_cubin_handle: FatbinHandle,
    host_fun: *const c_char,
    device_fun: *mut c_char,
    device_name: *const c_char,
    _thread_limit: c_int,
    _tid: *mut Dim3,
    _bid: *mut Dim3,
    _block_dim: *mut Dim3,
    _grid_dim: *mut Dim3,
    _w_size: *mut c_int,
) {
    platform::select(Platform::Nvidia);
    // SAFETY: nvcc passes the handle `__cudaRegisterFatBinary` returned.
    let h = unsafe { registry_handle(fat_cubin_handle) };
    api(|| {
        let name = if device_name.is_null() {
            device_fun.cast_const()
        } else {
            device_name
        };
        // SAFETY: nvcc passes NUL-terminated mangled names.
        let name = unsafe { c_str(name) }?;
        registry::register_function(h, host_fun as usize, name)
    });
}

/// `void __cudaRegisterVar(void** h, char* hostVar, char* deviceAddress, const char*
/// deviceName, int ext, size_t size, int constant, int global)`.
#[allow(clippy::too_many_arguments)]
pub unsafe fn __cudaRegisterVar(
    fat_cubin_handle: FatbinHandle,
    host_var: *mut c_char,
    device_address: *mut c_char,
    device_name: *const c_char,
    _ext: c_int,
    size: usize,
    constant: c_int,
    _global: c_int,
) {
    // SAFETY: forwarded from nvcc's registration code.
    unsafe {
        register_variable(
            fat_cubin_handle,
            host_var as usize,
            device_address,
            device_name,
            size,
            constant,
            false,
        )
    }
}

/// The common part of `__cudaRegisterVar` and `__cudaRegisterManagedVar`: the device name
/// (or, when nvcc passes none, the device address string) names the variable.
///
/// # Safety
/// `fat_cubin_handle` must come from `__cudaRegisterFatBinary`; `device_name` (or, if it is
/// NULL, `device_address`) must be NUL-terminated.
unsafe fn register_variable(
    fat_cubin_handle: FatbinHandle,
    host: usize,
    device_address: *mut c_char,
    device_name: *const c_char,
    size: usize,
    constant: c_int,
    managed: bool,
) {
    platform::select(Platform::Nvidia);
    // SAFETY: nvcc passes the handle `__cudaRegisterFatBinary` returned.
    let h = unsafe { registry_handle(fat_cubin_handle) };
    api(|| {
        let name = if device_name.is_null() {
            device_address.cast_const()
        } else {
            device_name
        };
        // SAFETY: nvcc passes the NUL-terminated variable name.
        let name = unsafe { c_str(name) }?;
        registry::register_variable(h, host, name, size, constant != 0, managed)
    });
}

/// `void __cudaRegisterManagedVar(void** h, void** hostVarPtrAddress, char* deviceAddress,
/// const char* deviceName, int ext, size_t size, int constant, int global)`: the host
/// accesses the variable through the pointer at `hostVarPtrAddress`, which receives the
/// managed address when the module is loaded (`__cudaInitModule` or first use).
#[allow(clippy::too_many_arguments)]
pub unsafe fn __cudaRegisterManagedVar(
    fat_cubin_handle: FatbinHandle,
    host_var_ptr_address: *mut *mut c_void,
    device_address: *mut c_char,
    device_name: *const c_char,
    _ext: c_int,
    size: usize,
    constant: c_int,
    _global: c_int,
) {
    // SAFETY: forwarded from nvcc's registration code.
    unsafe {
        register_variable(
            fat_cubin_handle,
            host_var_ptr_address as usize,
            device_address,
            device_name,
            size,
            constant,
            true,
        )
    }
}

/// `char __cudaInitModule(void** h)`: called before the first host access to a managed
/// variable; loads the module on the current device (filling the managed variables' host
/// pointers). Non-zero on success (nvcc calls it again while it returns 0).
pub unsafe fn __cudaInitModule(fat_cubin_handle: FatbinHandle) -> c_char {
    // SAFETY: nvcc passes the handle `__cudaRegisterFatBinary` returned.
    let h = unsafe { registry_handle(fat_cubin_handle) };
    let r = api(|| registry::init_module(h, nv::current_device()?));
    c_char::from(r == 0)
}

/// `unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem,
/// cudaStream_t stream)`: at a `<<<>>>` site; 0 lets the stub run.
pub unsafe fn __cudaPushCallConfiguration(
    grid_dim: Dim3,
    block_dim: Dim3,
    shared_mem: usize,
    stream: *mut c_void,
) -> c_uint {
    let pushed = CALL_STACK.try_with(|s| {
        s.borrow_mut().push(CallConfig {
            grid: grid_dim,
            block: block_dim,
            shared_mem,
            stream,
        })
    });
    match pushed {
        Ok(()) => 0,
        Err(_) => 1,
    }
}

/// `cudaError_t __cudaPopCallConfiguration(dim3* gridDim, dim3* blockDim, size_t*
/// sharedMem, cudaStream_t* stream)`: in the device stub, before the launch. Non-zero (no
/// configuration pushed) makes the stub return without launching.
pub unsafe fn __cudaPopCallConfiguration(
    grid_dim: *mut Dim3,
    block_dim: *mut Dim3,
    shared_mem: *mut usize,
    stream: *mut *mut c_void,
) -> c_int {
    let code = api(|| {
        let c = CALL_STACK
            .try_with(|s| s.borrow_mut().pop())
            .ok()
            .flatten()
            .ok_or(HipError::InvalidConfiguration)?;
        // SAFETY: nvcc passes pointers to the stub's locals (null ones are skipped).
        unsafe {
            if !grid_dim.is_null() {
                grid_dim.write_unaligned(c.grid);
            }
            if !block_dim.is_null() {
                block_dim.write_unaligned(c.block);
            }
            if !shared_mem.is_null() {
                shared_mem.write_unaligned(c.shared_mem);
            }
            if !stream.is_null() {
                stream.write_unaligned(c.stream);
            }
        }
        Ok(())
    });
    code as c_int
}

/// `cudaError_t __cudaGetKernel(cudaKernel_t* kernel, const void* hostFun)`: runs once per
/// kernel in a static initializer, so it must not need a device: the handle is the host
/// stub's address, resolved at launch.
pub unsafe fn __cudaGetKernel(kernel: *mut *mut c_void, host_fun: *const c_void) -> c_int {
    let code = api(|| {
        // SAFETY: nvcc passes the address of its `static cudaKernel_t __handle`.
        unsafe { crate::entry::write_out(kernel, host_fun.cast_mut()) }
    });
    code as c_int
}

/// `hipStreamPerThread`: what the null stream means under `--default-stream per-thread`.
const STREAM_PER_THREAD: *mut c_void = std::ptr::without_provenance_mut(2);

/// The stream a launch goes to: the NULL stream is the per-thread default stream under
/// `--default-stream per-thread` (the `_ptsz` entry points).
fn launch_stream(stream: *mut c_void, per_thread: bool) -> *mut c_void {
    if per_thread && stream.is_null() {
        STREAM_PER_THREAD
    } else {
        stream
    }
}

/// Launches the registered kernel whose host stub is `host_fn` on the calling thread's
/// current device, with HIP's runtime-API checks (`hipErrorInvalidConfiguration` for a bad
/// grid or block, `hipErrorInvalidDeviceFunction` for an unknown stub): `hipLaunchKernel`.
/// With `per_thread` (`--default-stream per-thread`), the null stream means the per-thread
/// stream.
///
/// # Safety
/// `args` must hold one valid pointer per kernel parameter (a stream that is not live is
/// `hipErrorInvalidHandle`).
#[inline]
unsafe fn launch_registered(
    host_fn: *const c_void,
    grid: Dim3,
    block: Dim3,
    args: *mut *mut c_void,
    shared_mem: usize,
    stream: *mut c_void,
    per_thread: bool,
) -> HipResult<()> {
    let stream = launch_stream(stream, per_thread);
    // SAFETY: forwarded from the caller.
    unsafe {
        hip::backend().launch_kernel(
            host_fn,
            grid.to_array(),
            block.to_array(),
            args,
            shared_mem,
            stream,
            LaunchMode::Normal,
        )
    }
}

/// `cudaError_t __cudaLaunchKernel(cudaKernel_t kernel, dim3 gridDim, dim3 blockDim,
/// void** args, size_t sharedMem, cudaStream_t stream)` (CUDA 13 device stubs).
pub unsafe fn __cudaLaunchKernel(
    kernel: *mut c_void,
    grid_dim: Dim3,
    block_dim: Dim3,
    args: *mut *mut c_void,
    shared_mem: usize,
    stream: *mut c_void,
) -> HipResult<()> {
    // SAFETY: nvcc's stub passes its argument array and the popped stream.
    unsafe { launch_registered(kernel, grid_dim, block_dim, args, shared_mem, stream, false) }
}

/// `__cudaLaunchKernel` under `--default-stream per-thread`.
pub unsafe fn __cudaLaunchKernel_ptsz(
    kernel: *mut c_void,
    grid_dim: Dim3,
    block_dim: Dim3,
    args: *mut *mut c_void,
    shared_mem: usize,
    stream: *mut c_void,
) -> HipResult<()> {
    // SAFETY: as in `__cudaLaunchKernel`.
    unsafe { launch_registered(kernel, grid_dim, block_dim, args, shared_mem, stream, true) }
}

/// `cudaError_t cudaLaunchKernel(const void* func, dim3 gridDim, dim3 blockDim, void**
/// args, size_t sharedMem, cudaStream_t stream)`: what device stubs of CUDA 9.2-12.x call.
pub unsafe fn cudaLaunchKernel(
    func: *const c_void,
    grid_dim: Dim3,
    block_dim: Dim3,
    args: *mut *mut c_void,
    shared_mem: usize,
    stream: *mut c_void,
) -> HipResult<()> {
    // SAFETY: as in `__cudaLaunchKernel`.
    unsafe { launch_registered(func, grid_dim, block_dim, args, shared_mem, stream, false) }
}

/// `cudaLaunchKernel_ptsz`: `cudaLaunchKernel` under `--default-stream per-thread`.
pub unsafe fn cudaLaunchKernel_ptsz(
    func: *const c_void,
    grid_dim: Dim3,
    block_dim: Dim3,
    args: *mut *mut c_void,
    shared_mem: usize,
    stream: *mut c_void,
) -> HipResult<()> {
    // SAFETY: as in `__cudaLaunchKernel`.
    unsafe { launch_registered(func, grid_dim, block_dim, args, shared_mem, stream, true) }
}

/// `cudaLaunchAttribute`: an attribute id, padding to 8 bytes, a 64-byte value union
/// (CUDA's layout; its members' alignment is 8).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct CudaLaunchAttribute {
    pub id: c_int,
    pub pad: [u8; 4],
    pub val: [u64; 8],
}

/// `cudaLaunchConfig_t`.
#[repr(C)]
pub struct CudaLaunchConfig {
    pub grid_dim: Dim3,
    pub block_dim: Dim3,
    pub dynamic_smem_bytes: usize,
    pub stream: *mut c_void,
    pub attrs: *mut CudaLaunchAttribute,
    pub num_attrs: c_uint,
}

/// `cudaLaunchAttributeID` values this launch understands.
mod attribute {
    use std::ffi::c_int;
    pub const IGNORE: c_int = 0;
    pub const ACCESS_POLICY_WINDOW: c_int = 1;
    pub const COOPERATIVE: c_int = 2;
    pub const CLUSTER_DIMENSION: c_int = 4;
    pub const CLUSTER_SCHEDULING_POLICY_PREFERENCE: c_int = 5;
    pub const PROGRAMMATIC_STREAM_SERIALIZATION: c_int = 6;
    pub const PRIORITY: c_int = 8;
    pub const MEM_SYNC_DOMAIN_MAP: c_int = 9;
    pub const MEM_SYNC_DOMAIN: c_int = 10;
    pub const PREFERRED_CLUSTER_DIMENSION: c_int = 11;
    pub const PREFERRED_SHARED_MEMORY_CARVEOUT: c_int = 14;
}

/// The launch mode a `cudaLaunchConfig_t`'s attributes ask for. Hints that leave the
/// kernel's results unchanged when not followed are accepted and not passed on: cache
/// access policies, priorities, memory-sync domains, carve-outs, cluster preferences, and
/// programmatic stream serialisation (it only allows the next kernel to start early;
/// starting it after this one is always correct). A cluster dimension other than 1x1x1
/// changes what the kernel may do (cluster barriers, distributed shared memory), and a
/// programmatic or completion event records an event: not supported (`cudaErrorNotSupported`).
fn mode_of(attrs: &[CudaLaunchAttribute]) -> HipResult<LaunchMode> {
    let mut mode = LaunchMode::Normal;
    for a in attrs {
        match a.id {
            attribute::COOPERATIVE => {
                if a.val[0] as u32 != 0 {
                    mode = LaunchMode::Cooperative;
                }
            }
            attribute::CLUSTER_DIMENSION => {
                // `struct { unsigned x, y, z; } clusterDim` at the start of the value.
                let dims = [a.val[0] as u32, (a.val[0] >> 32) as u32, a.val[1] as u32];
                if dims.iter().any(|&d| d > 1) {
                    return Err(HipError::NotSupported);
                }
            }
            attribute::IGNORE
            | attribute::ACCESS_POLICY_WINDOW
            | attribute::CLUSTER_SCHEDULING_POLICY_PREFERENCE
            | attribute::PROGRAMMATIC_STREAM_SERIALIZATION
            | attribute::PRIORITY
            | attribute::MEM_SYNC_DOMAIN_MAP
            | attribute::MEM_SYNC_DOMAIN
            | attribute::PREFERRED_CLUSTER_DIMENSION
            | attribute::PREFERRED_SHARED_MEMORY_CARVEOUT => {}
            id if (0..=32).contains(&id) => return Err(HipError::NotSupported),
            _ => return Err(HipError::InvalidValue),
        }
    }
    Ok(mode)
}

/// `cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t* config, const void* func,
/// void** args)`: what CCCL 3's CUB launches through (`cudaLaunchKernelEx`).
pub unsafe fn cudaLaunchKernelExC(
    config: *const CudaLaunchConfig,
    func: *const c_void,
    args: *mut *mut c_void,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { launch_ex(config, func, args, false) }
}

/// `cudaLaunchKernelExC_ptsz`: `cudaLaunchKernelExC` under `--default-stream per-thread`.
pub unsafe fn cudaLaunchKernelExC_ptsz(
    config: *const CudaLaunchConfig,
    func: *const c_void,
    args: *mut *mut c_void,
) -> HipResult<()> {
    // SAFETY: forwarded from the caller.
    unsafe { launch_ex(config, func, args, true) }
}

/// # Safety
/// `config` NULL or a `cudaLaunchConfig_t` whose `attrs` hold `numAttrs` entries; `func`
/// and `args` as for `cudaLaunchKernel`.
unsafe fn launch_ex(
    config: *const CudaLaunchConfig,
    func: *const c_void,
    args: *mut *mut c_void,
    per_thread: bool,
) -> HipResult<()> {
    if !ferrocm_cabi::plausible_ptr(config) {
        return Err(HipError::InvalidValue);
    }
    // SAFETY: a plausible `const cudaLaunchConfig_t*` from the caller.
    let c = unsafe { &*config };
    // SAFETY: `numAttrs` entries per the API (NULL with 0 is none).
    let attrs = unsafe { ferrocm_cabi::array(c.attrs.cast_const(), c.num_attrs as usize) }
        .ok_or(HipError::InvalidValue)?;
    let mode = mode_of(attrs)?;
    let stream = launch_stream(c.stream, per_thread);
    // SAFETY: forwarded from the caller.
    unsafe {
        hip::backend().launch_kernel(
            func,
            c.grid_dim.to_array(),
            c.block_dim.to_array(),
            args,
            c.dynamic_smem_bytes,
            stream,
            mode,
        )
    }
}

/// `__cudaRegisterTexture` (texture references, nvcc <= 11): accepted and ignored.
pub unsafe fn __cudaRegisterTexture(
    _h: FatbinHandle,
    _host_var: *const c_void,
    _device_address: *const *const c_void,
    _device_name: *const c_char,
    _dim: c_int,
    _norm: c_int,
    _ext: c_int,
) {
}

/// `__cudaRegisterSurface` (surface references, nvcc <= 11): accepted and ignored.
pub unsafe fn __cudaRegisterSurface(
    _h: FatbinHandle,
    _host_var: *const c_void,
    _device_address: *const *const c_void,
    _device_name: *const c_char,
    _dim: c_int,
    _ext: c_int,
) {
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(x: u32) -> Dim3 {
        Dim3 { x, y: 1, z: 1 }
    }

    #[test]
    fn call_configurations_are_a_per_thread_stack() {
        // SAFETY: out-pointers to locals.
        unsafe {
            assert_eq!(
                __cudaPushCallConfiguration(d(2), d(32), 0, std::ptr::null_mut()),
                0
            );
            assert_eq!(
                __cudaPushCallConfiguration(d(3), d(64), 16, 0x2 as *mut c_void),
                0
            );
            let (mut g, mut b, mut s, mut st) = (d(0), d(0), 0usize, std::ptr::null_mut());
            assert_eq!(
                __cudaPopCallConfiguration(&mut g, &mut b, &mut s, &mut st),
                0
            );
            assert_eq!((g, b, s, st as usize), (d(3), d(64), 16, 2));
            std::thread::spawn(|| {
                let (mut g, mut b, mut s, mut st) = (d(0), d(0), 0usize, std::ptr::null_mut());
                // Another thread has nothing pushed.
                assert_ne!(
                    __cudaPopCallConfiguration(&mut g, &mut b, &mut s, &mut st),
                    0
                );
            })
            .join()
            .unwrap();
            assert_eq!(
                __cudaPopCallConfiguration(&mut g, &mut b, &mut s, &mut st),
                0
            );
            assert_eq!((g, b, s, st as usize), (d(2), d(32), 0, 0));
            assert_ne!(
                __cudaPopCallConfiguration(&mut g, &mut b, &mut s, &mut st),
                0
            );
        }
    }

    #[test]
    fn get_kernel_needs_no_device() {
        let mut k = std::ptr::null_mut();
        let stub = 0x1234usize as *const c_void;
        // SAFETY: out-pointer to a local.
        assert_eq!(unsafe { __cudaGetKernel(&mut k, stub) }, 0);
        assert_eq!(k as usize, 0x1234);
    }
}

#[cfg(test)]
mod launch_ex_tests {
    use super::*;

    fn attr(id: c_int, val0: u64, val1: u64) -> CudaLaunchAttribute {
        let mut val = [0u64; 8];
        val[0] = val0;
        val[1] = val1;
        CudaLaunchAttribute {
            id,
            pad: [0; 4],
            val,
        }
    }

    #[test]
    fn layout_is_cudas() {
        // cudaLaunchAttribute: 8-byte id slot + 64-byte union; cudaLaunchConfig_t: 2 dim3,
        // size_t, stream, attrs, unsigned (padded to 8).
        assert_eq!(std::mem::size_of::<CudaLaunchAttribute>(), 72);
        assert_eq!(std::mem::size_of::<CudaLaunchConfig>(), 56);
        assert_eq!(std::mem::offset_of!(CudaLaunchConfig, attrs), 40);
    }

    #[test]
    fn attributes_pick_the_mode_or_refuse() {
        assert_eq!(mode_of(&[]).ok(), Some(LaunchMode::Normal));
        let pdl = attr(attribute::PROGRAMMATIC_STREAM_SERIALIZATION, 1, 0);
        assert_eq!(mode_of(&[pdl]).ok(), Some(LaunchMode::Normal));
        let coop = attr(attribute::COOPERATIVE, 1, 0);
        assert_eq!(mode_of(&[pdl, coop]).ok(), Some(LaunchMode::Cooperative));
        let one_cluster = attr(attribute::CLUSTER_DIMENSION, 1 | (1 << 32), 1);
        assert_eq!(mode_of(&[one_cluster]).ok(), Some(LaunchMode::Normal));
        let cluster = attr(attribute::CLUSTER_DIMENSION, 2 | (1 << 32), 1);
        assert_eq!(mode_of(&[cluster]).err(), Some(HipError::NotSupported));
        let event = attr(7, 0, 0);
        assert_eq!(mode_of(&[event]).err(), Some(HipError::NotSupported));
        assert_eq!(
            mode_of(&[attr(9999, 0, 0)]).err(),
            Some(HipError::InvalidValue)
        );
    }
}
