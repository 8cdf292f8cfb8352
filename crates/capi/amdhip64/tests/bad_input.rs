//! Bad input to every function of `libamdhip64.so`'s export table (docs/RELIABILITY.md):
//! for each parameter, each class of bad input that applies, in a child process with a
//! timeout, followed by a sanity sequence that must still work. Prints
//! `bad-input: libamdhip64.so: N calls, 0 crashes, 0 hangs, 0 corrupt`.
//!
//! The valid values the other parameters get are live objects made here through the
//! library's own entry points: a stream, an event, a graph with a node, an executable
//! graph, an array, a memory pool, a device allocation.

use std::ffi::{c_int, c_void};
use std::ptr::null_mut;

use amdhip64::exports as hip;
use amdhip64::mempool::{MemLocation, MemPoolProps};
use amdhip64::types::hipChannelFormatDesc;
use ferrocm_probe::classes::{Class, Kind};
use ferrocm_probe::library::Fixtures;
use ferrocm_probe::{Param, Probe, Value};

const H2D: u32 = 1;
const D2H: u32 = 2;
const DATA_BYTES: usize = 1 << 20;

/// How a fixture's handle is destroyed.
type Destroy = unsafe fn(*mut c_void);

/// A live object and how to destroy it.
struct Live {
    handle: *mut c_void,
    destroy: Destroy,
}

#[derive(Default)]
struct HipFixtures {
    live: Vec<Live>,
}

/// `unsafe fn name(handle)` destroying a handle with HIP's function for it.
macro_rules! destroyers {
    ($($name:ident => $call:path;)*) => {$(
        unsafe fn $name(h: *mut c_void) {
            // SAFETY: called once on a handle made by the matching create.
            unsafe { $call(h) };
        }
    )*};
}

destroyers! {
    destroy_stream => hip::hipStreamDestroy;
    destroy_event => hip::hipEventDestroy;
    destroy_graph => hip::hipGraphDestroy;
    destroy_exec => hip::hipGraphExecDestroy;
    destroy_array => hip::hipFreeArray;
    destroy_pool => hip::hipMemPoolDestroy;
    destroy_node => hip::hipGraphDestroyNode;
    free_device => hip::hipFree;
}

fn check(what: &str, code: u32) -> Result<(), String> {
    if code == 0 {
        Ok(())
    } else {
        Err(format!("{what} returned {code}"))
    }
}

impl HipFixtures {
    /// Makes a live object of `family` (`None` where no fixture exists).
    fn make(&mut self, family: &str) -> Option<(*mut c_void, Destroy)> {
        let mut h: *mut c_void = null_mut();
        // SAFETY: HIP's documented calls with valid out-pointers and arguments.
        let made: Option<Destroy> = unsafe {
            match family {
                "stream" => (hip::hipStreamCreate(&mut h) == 0).then_some(destroy_stream),
                "event" => (hip::hipEventCreate(&mut h) == 0).then_some(destroy_event),
                "graph" => (hip::hipGraphCreate(&mut h, 0) == 0).then_some(destroy_graph),
                "node" => {
                    let (g, _) = self.make("graph")?;
                    (hip::hipGraphAddEmptyNode(&mut h, g, std::ptr::null(), 0) == 0)
                        .then_some(destroy_node)
                }
                "exec" => {
                    let (g, _) = self.make("graph")?;
                    (hip::hipGraphInstantiate(&mut h, g, null_mut(), null_mut(), 0) == 0)
                        .then_some(destroy_exec)
                }
                "array" => {
                    let desc = hipChannelFormatDesc {
                        x: 32,
                        y: 0,
                        z: 0,
                        w: 0,
                        f: 2,
                    };
                    (hip::hipMallocArray(&mut h, &desc, 16, 16, 0) == 0).then_some(destroy_array)
                }
                "pool" => {
                    let props = MemPoolProps {
                        alloc_type: 1,
                        handle_types: 0,
                        location: MemLocation { type_: 1, id: 0 },
                        win32_security_attributes: null_mut(),
                        max_size: 0,
                        reserved: [0; 56],
                    };
                    (hip::hipMemPoolCreate(&mut h, &props) == 0).then_some(destroy_pool)
                }
                "device memory" => (hip::hipMalloc(&mut h, DATA_BYTES) == 0).then_some(free_device),
                _ => None,
            }
        };
        let destroy = made?;
        self.live.push(Live { handle: h, destroy });
        Some((h, destroy))
    }
}

fn family_of(ty: &str) -> Option<&'static str> {
    Some(match ty {
        "StreamT" | "hipStream_t" => "stream",
        "EventT" | "hipEvent_t" => "event",
        "GraphT" | "hipGraph_t" => "graph",
        "NodeT" | "hipGraphNode_t" => "node",
        "ExecT" | "hipGraphExec_t" => "exec",
        "hipArray_t" | "hipArray_const_t" => "array",
        "hipMipmappedArray_t" | "hipMipmappedArray_const_t" => "mipmapped array",
        "hipCtx_t" => "context",
        "MemPoolT" | "hipMemPool_t" => "pool",
        "ModuleT" | "hipModule_t" => "module",
        "FunctionT" | "hipFunction_t" => "function",
        "hipTextureObject_t" => "texture",
        "hipSurfaceObject_t" => "surface",
        "hipUserObject_t" => "user object",
        "hipExternalMemory_t" => "external memory",
        "hipExternalSemaphore_t" => "external semaphore",
        "hipMemGenericAllocationHandle_t" => "physical memory",
        "hipGraphicsResource_t" => "graphics resource",
        "FatbinHandle" => "fat binary",
        _ => return None,
    })
}

/// `void *` parameters that are memory (device, host or user data).
const VOID_DATA: &[&str] = &[
    "dst",
    "src",
    "ptr",
    "dev_ptr",
    "host_ptr",
    "dst_host",
    "src_host",
    "user_data",
    "addr",
];

/// `void *` parameters that are the address of a kernel or a variable, used as a key.
const VOID_KEYS: &[&str] = &[
    "func",
    "function",
    "function_address",
    "host_function",
    "symbol",
    "symbol_ptr",
    "kernel",
];

/// Functions whose NULL argument is documented as valid.
fn null_allowed(probe: &Probe, param: &Param, kind: Kind) -> bool {
    match kind {
        // NULL is the null stream.
        Kind::Handle("stream") => !probe.name.starts_with("hipStreamDestroy"),
        // hipFree(NULL) and friends do nothing and succeed.
        Kind::Data => {
            matches!(
                probe.name,
                "hipFree" | "hipHostFree" | "hipFreeHost" | "hipFreeAsync"
            ) && param.name != "stream"
        }
        _ => false,
    }
}

impl Fixtures for HipFixtures {
    fn library(&self) -> &'static str {
        "libamdhip64.so"
    }

    fn probes(&self) -> &'static [Probe] {
        hip::PROBES
    }

    fn handle_family(&self, ty: &str) -> Option<&'static str> {
        family_of(ty)
    }

    fn kind_override(&self, p: &Param) -> Option<Kind> {
        match p.ty {
            "HostFn" | "StreamCallback" | "hipHostFn_t" => Some(Kind::Callback),
            "hipDeviceptr_t" => Some(Kind::Data),
            "hipError_t" => Some(Kind::Flags),
            // `void *` is memory only for these names; otherwise it is a structure the
            // function reads or writes (a descriptor, parameters, a texture reference)
            // or the address of a kernel or symbol, which HIP only looks up.
            "*mut c_void" | "*const c_void" => Some(if VOID_DATA.contains(&p.name) {
                Kind::Data
            } else if VOID_KEYS.contains(&p.name) {
                Kind::Handle("host function or symbol")
            } else if p.ty.starts_with("*mut") {
                Kind::Out
            } else {
                Kind::In
            }),
            _ => None,
        }
    }

    fn skip(&self, name: &str) -> Option<&'static str> {
        // The compiler ABI (`__hipRegisterFatBinary`, `__cudaRegisterFunction`,
        // `__ferrocmLaunchKernel`...) is called only by code hipcc or nvcc generated, with
        // the compiler's own arguments: not an entry point of user input.
        name.starts_with("__")
            .then_some("compiler ABI: called only by compiler-generated code")
    }

    fn is_valid_input(&self, probe: &Probe, param: &Param, kind: Kind, class: Class) -> bool {
        // A wait for a value that never comes is what the caller asked for (it blocks
        // its stream, as on a GPU), and host memory is as good as device memory there.
        let wait = probe.name.starts_with("hipStreamWaitValue")
            && (matches!(param.name, "value" | "mask") || class == Class::ForeignHost);
        wait || (class == Class::Null && null_allowed(probe, param, kind))
    }

    fn setup(&mut self) -> Result<(), String> {
        // SAFETY: HIP's documented initialisation.
        check("hipInit", unsafe { hip::hipInit(0) })
    }

    fn valid(&mut self, kind: Kind, param: &Param) -> Option<Value> {
        let word = |p: *mut c_void| Value::Word(p as usize as u64);
        match kind {
            Kind::Handle(family) => self.make(family).map(|(h, _)| word(h)),
            Kind::Data => self.make("device memory").map(|(h, _)| word(h)),
            Kind::Plain if param.ty == "Dim3" => Some(Value::Bytes(
                [1u32, 1, 1].iter().flat_map(|v| v.to_le_bytes()).collect(),
            )),
            Kind::Plain if param.ty == "HipExtent" => Some(Value::Bytes(
                [64usize, 1, 1]
                    .iter()
                    .flat_map(|v| v.to_le_bytes())
                    .collect(),
            )),
            _ => None,
        }
    }

    fn destroyed(&mut self, kind: Kind) -> Option<Value> {
        let family = match kind {
            Kind::Handle(f) => f,
            Kind::Data => "device memory",
            _ => return None,
        };
        let (h, destroy) = self.make(family)?;
        self.live.pop();
        // SAFETY: destroys the object just made (the case then passes its stale handle).
        unsafe { destroy(h) };
        Some(Value::Word(h as usize as u64))
    }

    fn other_family(&mut self, family: &'static str) -> Option<Value> {
        let other = if family == "event" { "stream" } else { "event" };
        self.make(other)
            .map(|(h, _)| Value::Word(h as usize as u64))
    }

    fn release(&mut self) {
        // Let queued work finish first: a stream-ordered free the call queued (hipFreeAsync)
        // must have run before the fixture frees the same memory, or the two frees race
        // (on NVIDIA the later one may then free memory a later allocation reuses).
        // SAFETY: no arguments.
        unsafe { hip::hipDeviceSynchronize() };
        for live in self.live.drain(..).rev() {
            // SAFETY: each object is destroyed once (errors ignored: the call may have
            // destroyed it already, which the runtime must report, not crash on).
            unsafe { (live.destroy)(live.handle) };
        }
    }

    fn sanity(&mut self) -> Result<(), String> {
        // SAFETY: HIP's documented calls with valid arguments.
        unsafe {
            hip::hipGetLastError();
            check("hipSetDevice", hip::hipSetDevice(0))?;
            let mut p: *mut c_void = null_mut();
            check("hipMalloc", hip::hipMalloc(&mut p, 4096))?;
            let pattern: Vec<u8> = (0..4096).map(|i| (i * 7 % 251) as u8).collect();
            check(
                "hipMemcpy H2D",
                hip::hipMemcpy(p, pattern.as_ptr().cast(), 4096, H2D),
            )?;
            let mut s: *mut c_void = null_mut();
            check("hipStreamCreate", hip::hipStreamCreate(&mut s))?;
            let mid = p.cast::<u8>().add(1024).cast::<c_void>();
            check("hipMemsetAsync", hip::hipMemsetAsync(mid, 0x5a, 1024, s))?;
            check("hipStreamSynchronize", hip::hipStreamSynchronize(s))?;
            let mut back = vec![0u8; 4096];
            check(
                "hipMemcpy D2H",
                hip::hipMemcpy(back.as_mut_ptr().cast(), p, 4096, D2H),
            )?;
            check("hipStreamDestroy", hip::hipStreamDestroy(s))?;
            check("hipFree", hip::hipFree(p))?;
            check("hipDeviceSynchronize", hip::hipDeviceSynchronize())?;
            let expected: Vec<u8> = (0..4096)
                .map(|i| {
                    if (1024..2048).contains(&i) {
                        0x5a
                    } else {
                        pattern[i]
                    }
                })
                .collect();
            if back != expected {
                return Err("device memory read back wrong".into());
            }
            let last = hip::hipGetLastError();
            if last != 0 {
                return Err(format!("hipGetLastError after good calls: {last}"));
            }
        }
        Ok(())
    }

    fn is_success(&self, probe: &Probe, code: i64) -> bool {
        // Functions with their own return type (names, addresses) have no status.
        probe.ret.is_empty() && code == 0
    }
}

fn make() -> Box<dyn Fixtures> {
    Box::new(HipFixtures::default())
}

fn main() {
    let _ = c_int::default();
    // A probe's valid path argument is a relative name, and hipGraphDebugDotPrint writes a
    // file there: run out of the source tree (where the directory exists; the GPU bundle
    // runs the test elsewhere).
    let _ = std::env::set_current_dir(env!("CARGO_TARGET_TMPDIR"));
    ferrocm_probe::runner::main(make);
}
