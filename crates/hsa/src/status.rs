//! `hsa_status_t`: status codes, their strings, and the Rust error type built on them.
//!
//! `hsa_status_t` is a C enum that the AMD and extension headers extend with values
//! from other ranges, so it is modelled as a transparent `u32` newtype: unknown
//! values round-trip unchanged.

use std::fmt;

/// An `hsa_status_t` value.
#[repr(transparent)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Status(pub u32);

macro_rules! statuses {
    ($( $(#[$doc:meta])* $name:ident = $value:expr, $c_name:literal, $text:literal; )*) => {
        impl Status {
            $( $(#[$doc])* pub const $name: Status = Status($value); )*

            /// Every status code this runtime knows, in declaration order.
            pub const ALL: &'static [Status] = &[$(Status::$name),*];

            /// The C enumerator name (`"HSA_STATUS_ERROR_INVALID_ARGUMENT"`), if the code is known.
            pub fn name(self) -> Option<&'static str> {
                match self.0 {
                    $( $value => Some($c_name), )*
                    _ => None,
                }
            }

            /// The string `hsa_status_string` returns: `"<ENUM_NAME>: <sentence>"`, as ROCR does.
            /// NUL-terminated so that the C ABI can hand it out directly.
            pub fn c_string(self) -> Option<&'static std::ffi::CStr> {
                match self.0 {
                    $( $value => Some(
                        // The literal is built from two literals plus an explicit NUL.
                        match std::ffi::CStr::from_bytes_with_nul(concat!($c_name, ": ", $text, "\0").as_bytes()) {
                            Ok(s) => s,
                            Err(_) => return None,
                        }
                    ), )*
                    _ => None,
                }
            }
        }
    };
}

statuses! {
    /// The function has been executed successfully.
    SUCCESS = 0x0, "HSA_STATUS_SUCCESS", "The function has been executed successfully.";
    /// A traversal over a list of elements has been interrupted by the application.
    INFO_BREAK = 0x1, "HSA_STATUS_INFO_BREAK", "A traversal over a list of elements has been interrupted by the application before completing.";
    ERROR = 0x1000, "HSA_STATUS_ERROR", "A generic error has occurred.";
    ERROR_INVALID_ARGUMENT = 0x1001, "HSA_STATUS_ERROR_INVALID_ARGUMENT", "One of the actual arguments does not meet a precondition stated in the documentation of the corresponding formal argument.";
    ERROR_INVALID_QUEUE_CREATION = 0x1002, "HSA_STATUS_ERROR_INVALID_QUEUE_CREATION", "The requested queue creation is not valid.";
    ERROR_INVALID_ALLOCATION = 0x1003, "HSA_STATUS_ERROR_INVALID_ALLOCATION", "The requested allocation is not valid.";
    ERROR_INVALID_AGENT = 0x1004, "HSA_STATUS_ERROR_INVALID_AGENT", "The agent is invalid.";
    ERROR_INVALID_REGION = 0x1005, "HSA_STATUS_ERROR_INVALID_REGION", "The memory region is invalid.";
    ERROR_INVALID_SIGNAL = 0x1006, "HSA_STATUS_ERROR_INVALID_SIGNAL", "The signal is invalid.";
    ERROR_INVALID_QUEUE = 0x1007, "HSA_STATUS_ERROR_INVALID_QUEUE", "The queue is invalid.";
    ERROR_OUT_OF_RESOURCES = 0x1008, "HSA_STATUS_ERROR_OUT_OF_RESOURCES", "The runtime failed to allocate the necessary resources. This error may also occur when the core runtime library needs to spawn threads or create internal OS-specific events.";
    ERROR_INVALID_PACKET_FORMAT = 0x1009, "HSA_STATUS_ERROR_INVALID_PACKET_FORMAT", "The AQL packet is malformed.";
    ERROR_RESOURCE_FREE = 0x100A, "HSA_STATUS_ERROR_RESOURCE_FREE", "An error has been detected while releasing a resource.";
    ERROR_NOT_INITIALIZED = 0x100B, "HSA_STATUS_ERROR_NOT_INITIALIZED", "An API other than hsa_init has been invoked while the reference count of the HSA runtime is zero.";
    ERROR_REFCOUNT_OVERFLOW = 0x100C, "HSA_STATUS_ERROR_REFCOUNT_OVERFLOW", "The maximum reference count for the object has been reached.";
    ERROR_INCOMPATIBLE_ARGUMENTS = 0x100D, "HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS", "The arguments passed to a functions are not compatible.";
    ERROR_INVALID_INDEX = 0x100E, "HSA_STATUS_ERROR_INVALID_INDEX", "The index is invalid.";
    ERROR_INVALID_ISA = 0x100F, "HSA_STATUS_ERROR_INVALID_ISA", "The instruction set architecture is invalid.";
    ERROR_INVALID_ISA_NAME = 0x1017, "HSA_STATUS_ERROR_INVALID_ISA_NAME", "The instruction set architecture name is invalid.";
    ERROR_INVALID_CODE_OBJECT = 0x1010, "HSA_STATUS_ERROR_INVALID_CODE_OBJECT", "The code object is invalid.";
    ERROR_INVALID_EXECUTABLE = 0x1011, "HSA_STATUS_ERROR_INVALID_EXECUTABLE", "The executable is invalid.";
    ERROR_FROZEN_EXECUTABLE = 0x1012, "HSA_STATUS_ERROR_FROZEN_EXECUTABLE", "The executable is frozen.";
    ERROR_INVALID_SYMBOL_NAME = 0x1013, "HSA_STATUS_ERROR_INVALID_SYMBOL_NAME", "There is no symbol with the given name.";
    ERROR_VARIABLE_ALREADY_DEFINED = 0x1014, "HSA_STATUS_ERROR_VARIABLE_ALREADY_DEFINED", "The variable is already defined.";
    ERROR_VARIABLE_UNDEFINED = 0x1015, "HSA_STATUS_ERROR_VARIABLE_UNDEFINED", "The variable is undefined.";
    ERROR_EXCEPTION = 0x1016, "HSA_STATUS_ERROR_EXCEPTION", "An HSAIL operation resulted in a hardware exception.";
    ERROR_INVALID_CODE_SYMBOL = 0x1018, "HSA_STATUS_ERROR_INVALID_CODE_SYMBOL", "The code object symbol is invalid.";
    ERROR_INVALID_EXECUTABLE_SYMBOL = 0x1019, "HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL", "The executable symbol is invalid.";
    ERROR_INVALID_FILE = 0x1020, "HSA_STATUS_ERROR_INVALID_FILE", "The file descriptor is invalid.";
    ERROR_INVALID_CODE_OBJECT_READER = 0x1021, "HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER", "The code object reader is invalid.";
    ERROR_INVALID_CACHE = 0x1022, "HSA_STATUS_ERROR_INVALID_CACHE", "The cache is invalid.";
    ERROR_INVALID_WAVEFRONT = 0x1023, "HSA_STATUS_ERROR_INVALID_WAVEFRONT", "The wavefront is invalid.";
    ERROR_INVALID_SIGNAL_GROUP = 0x1024, "HSA_STATUS_ERROR_INVALID_SIGNAL_GROUP", "The signal group is invalid.";
    ERROR_INVALID_RUNTIME_STATE = 0x1025, "HSA_STATUS_ERROR_INVALID_RUNTIME_STATE", "The HSA runtime is not in the configuration state.";
    ERROR_FATAL = 0x1026, "HSA_STATUS_ERROR_FATAL", "The queue received an error that may require process termination.";
    // AMD extension codes (hsa_ext_amd.h); decimal values, outside the 0x1000 range.
    ERROR_INVALID_MEMORY_POOL = 40, "HSA_STATUS_ERROR_INVALID_MEMORY_POOL", "The memory pool is invalid.";
    ERROR_MEMORY_APERTURE_VIOLATION = 41, "HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION", "Agent accessed memory beyond the maximum legal address.";
    ERROR_ILLEGAL_INSTRUCTION = 42, "HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION", "Agent executed an invalid shader instruction.";
    ERROR_MEMORY_FAULT = 43, "HSA_STATUS_ERROR_MEMORY_FAULT", "Agent attempted to access an inaccessible address.";
    CU_MASK_REDUCED = 44, "HSA_STATUS_CU_MASK_REDUCED", "The CU mask was successfully set but the mask attempted to enable a CU which was disabled for the process. CUs disabled for the process remain disabled.";
    ERROR_OUT_OF_REGISTERS = 45, "HSA_STATUS_ERROR_OUT_OF_REGISTERS", "Kernel has requested more VGPRs than are available on this agent.";
    ERROR_RESOURCE_BUSY = 46, "HSA_STATUS_ERROR_RESOURCE_BUSY", "The resource is busy or temporarily unavailable.";
    // Finalizer and image extension codes.
    EXT_ERROR_INVALID_PROGRAM = 0x2000, "HSA_EXT_STATUS_ERROR_INVALID_PROGRAM", "Invalid program.";
    EXT_ERROR_INVALID_MODULE = 0x2001, "HSA_EXT_STATUS_ERROR_INVALID_MODULE", "Invalid module.";
    EXT_ERROR_INCOMPATIBLE_MODULE = 0x2002, "HSA_EXT_STATUS_ERROR_INCOMPATIBLE_MODULE", "Machine model or profile of the module do not match the machine model or profile of the program.";
    EXT_ERROR_MODULE_ALREADY_INCLUDED = 0x2003, "HSA_EXT_STATUS_ERROR_MODULE_ALREADY_INCLUDED", "The module is already included.";
    EXT_ERROR_SYMBOL_MISMATCH = 0x2004, "HSA_EXT_STATUS_ERROR_SYMBOL_MISMATCH", "Symbol mismatch.";
    EXT_ERROR_FINALIZATION_FAILED = 0x2005, "HSA_EXT_STATUS_ERROR_FINALIZATION_FAILED", "Finalization failed.";
    EXT_ERROR_DIRECTIVE_MISMATCH = 0x2006, "HSA_EXT_STATUS_ERROR_DIRECTIVE_MISMATCH", "Directive mismatch.";
    EXT_ERROR_IMAGE_FORMAT_UNSUPPORTED = 0x3000, "HSA_EXT_STATUS_ERROR_IMAGE_FORMAT_UNSUPPORTED", "Image format is not supported.";
    EXT_ERROR_IMAGE_SIZE_UNSUPPORTED = 0x3001, "HSA_EXT_STATUS_ERROR_IMAGE_SIZE_UNSUPPORTED", "Image size is not supported.";
    EXT_ERROR_IMAGE_PITCH_UNSUPPORTED = 0x3002, "HSA_EXT_STATUS_ERROR_IMAGE_PITCH_UNSUPPORTED", "Image pitch is not supported or invalid.";
    EXT_ERROR_SAMPLER_DESCRIPTOR_UNSUPPORTED = 0x3003, "HSA_EXT_STATUS_ERROR_SAMPLER_DESCRIPTOR_UNSUPPORTED", "Sampler descriptor is not supported or is invalid.";
}

impl Status {
    /// Whether the code reports success (`SUCCESS`, `INFO_BREAK` or the AMD warning `CU_MASK_REDUCED`).
    pub fn is_success(self) -> bool {
        self == Status::SUCCESS || self == Status::INFO_BREAK || self == Status::CU_MASK_REDUCED
    }

    /// `Ok(())` for `SUCCESS`, `Err` for anything else (callback results pass through this).
    pub fn into_result(self) -> HsaResult<()> {
        if self == Status::SUCCESS {
            Ok(())
        } else {
            Err(HsaError(self))
        }
    }
}

impl fmt::Debug for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(name) => f.write_str(name),
            None => write!(f, "hsa_status_t({:#x})", self.0),
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.c_string() {
            Some(s) => f.write_str(&s.to_string_lossy()),
            None => write!(f, "unknown hsa_status_t {:#x}", self.0),
        }
    }
}

/// A failed HSA operation: any status other than `HSA_STATUS_SUCCESS`.
///
/// Non-error "informational" codes such as `INFO_BREAK` travel through this type too,
/// because iterators return them to stop early.
#[derive(Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{0}")]
pub struct HsaError(pub Status);

impl fmt::Debug for HsaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

macro_rules! error_consts {
    ($($name:ident),* $(,)?) => {
        impl HsaError {
            $( #[allow(missing_docs)] pub const $name: HsaError = HsaError(Status::$name); )*
        }
    };
}

error_consts!(
    INFO_BREAK,
    ERROR,
    ERROR_INVALID_ARGUMENT,
    ERROR_INVALID_QUEUE_CREATION,
    ERROR_INVALID_ALLOCATION,
    ERROR_INVALID_AGENT,
    ERROR_INVALID_REGION,
    ERROR_INVALID_SIGNAL,
    ERROR_INVALID_QUEUE,
    ERROR_OUT_OF_RESOURCES,
    ERROR_INVALID_PACKET_FORMAT,
    ERROR_RESOURCE_FREE,
    ERROR_NOT_INITIALIZED,
    ERROR_REFCOUNT_OVERFLOW,
    ERROR_INCOMPATIBLE_ARGUMENTS,
    ERROR_INVALID_INDEX,
    ERROR_INVALID_ISA,
    ERROR_INVALID_ISA_NAME,
    ERROR_INVALID_CODE_OBJECT,
    ERROR_INVALID_EXECUTABLE,
    ERROR_FROZEN_EXECUTABLE,
    ERROR_INVALID_SYMBOL_NAME,
    ERROR_VARIABLE_ALREADY_DEFINED,
    ERROR_VARIABLE_UNDEFINED,
    ERROR_EXCEPTION,
    ERROR_INVALID_CODE_SYMBOL,
    ERROR_INVALID_EXECUTABLE_SYMBOL,
    ERROR_INVALID_FILE,
    ERROR_INVALID_CODE_OBJECT_READER,
    ERROR_INVALID_CACHE,
    ERROR_INVALID_WAVEFRONT,
    ERROR_INVALID_SIGNAL_GROUP,
    ERROR_INVALID_RUNTIME_STATE,
    ERROR_FATAL,
    ERROR_INVALID_MEMORY_POOL,
    ERROR_RESOURCE_BUSY,
);

/// Result of an HSA operation.
pub type HsaResult<T> = Result<T, HsaError>;

/// Converts a result into the status a C entry point returns.
pub fn status_of<T>(result: &HsaResult<T>) -> Status {
    match result {
        Ok(_) => Status::SUCCESS,
        Err(e) => e.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_status_has_a_rocr_style_string() {
        for &status in Status::ALL {
            let s = status.c_string().expect("known status").to_str().unwrap();
            let name = status.name().unwrap();
            assert!(s.starts_with(name), "{s}");
            assert!(s[name.len()..].starts_with(": "), "{s}");
            assert!(s.len() > name.len() + 3);
        }
    }

    #[test]
    fn unknown_status_has_no_string_and_round_trips() {
        let odd = Status(0x1234_5678);
        assert_eq!(odd.name(), None);
        assert!(odd.c_string().is_none());
        assert_eq!(format!("{odd:?}"), "hsa_status_t(0x12345678)");
    }

    #[test]
    fn codes_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for s in Status::ALL {
            assert!(seen.insert(s.0), "duplicate {:#x}", s.0);
        }
    }

    #[test]
    fn into_result() {
        assert_eq!(Status::SUCCESS.into_result(), Ok(()));
        assert_eq!(
            Status::ERROR_INVALID_AGENT.into_result(),
            Err(HsaError::ERROR_INVALID_AGENT)
        );
    }
}
