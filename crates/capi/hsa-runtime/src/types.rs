//! C types of the ABI: the handle structs `struct { uint64_t handle; }`, passed by value
//! (same ABI as `uint64_t`), and `hsa_status_t`.

use ferrocm_probe::{ProbeArg, ProbeRet, Value};
use hsa::Status;

/// The core's queue types, named by the declaration list.
pub use hsa::core::queue::{ErrorCallback, HsaQueue};

/// `hsa_status_t` as the C ABI passes it: the core's [`Status`] by value. A type of this
/// crate (not the core's) so that the C-facing traits (bad-input probes, callback returns)
/// can be implemented for it.
#[repr(transparent)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct hsa_status_t(pub u32);

impl From<Status> for hsa_status_t {
    #[inline]
    fn from(s: Status) -> Self {
        hsa_status_t(s.0)
    }
}

impl From<hsa_status_t> for Status {
    #[inline]
    fn from(s: hsa_status_t) -> Self {
        Status(s.0)
    }
}

impl ProbeArg for hsa_status_t {
    fn from_value(v: &Value) -> Self {
        hsa_status_t(u32::from_value(v))
    }
}

impl ProbeRet for hsa_status_t {
    fn code(self) -> i64 {
        i64::from(self.0)
    }
}

impl ferrocm_probe::CallbackReturn for hsa_status_t {
    /// `HSA_STATUS_SUCCESS`: an iteration callback that lets the iteration go on.
    fn neutral() -> Self {
        hsa_status_t(0)
    }
}

macro_rules! handles {
    ($($name:ident),* $(,)?) => {$(
        #[repr(C)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $name {
            pub handle: u64,
        }

        /// A probe value is the handle itself (a struct of one `uint64_t`), or its bytes.
        impl ProbeArg for $name {
            fn from_value(v: &Value) -> Self {
                match v {
                    Value::Bytes(_) => ferrocm_probe::plain_from_value::<$name>(v),
                    _ => $name { handle: u64::from_value(v) },
                }
            }
        }
    )*};
}

handles!(
    hsa_agent_t,
    hsa_signal_t,
    hsa_signal_group_t,
    hsa_region_t,
    hsa_cache_t,
    hsa_isa_t,
    hsa_wavefront_t,
    hsa_executable_t,
    hsa_executable_symbol_t,
    hsa_code_object_reader_t,
    hsa_loaded_code_object_t,
    hsa_code_object_t,
    hsa_code_symbol_t,
    hsa_amd_memory_pool_t,
    hsa_callback_data_t,
);
