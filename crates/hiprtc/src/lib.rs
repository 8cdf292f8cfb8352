//! # hiprtc core: runtime compilation of HIP C++ into CPU code objects or NVIDIA cubins
//!
//! This crate does the work behind `libhiprtc.so` (crate `ferrocm-hiprtc-capi`, the C ABI):
//!
//! - a [`Program`] holds a HIP C++ source, the headers given in memory, and the name
//!   expressions added before compilation;
//! - the platform to compile for is the HIP runtime's ([`platform`]);
//! - on the CPU, [`Program::compile`] maps hiprtc's options ([`options`]) to a
//!   `hipcc --genco` command line, runs the `hipcc` executable ([`compile`]) and keeps the
//!   CPU code object it makes (what `hipModuleLoadData` accepts), the compiler's diagnostics
//!   and the lowered (mangled) names of the name expressions ([`lowered`]);
//! - on NVIDIA, [`Program::compile_nvidia`] compiles with NVRTC behind ferrocm's HIP prelude
//!   ([`nvidia`]) and keeps the cubin, NVRTC's log and its lowered names;
//! - results are kept in an on-disk cache ([`cache`]) so that compiling the same program
//!   again (in this process or another) takes milliseconds.
//!
//! Every failure is an [`Error`], which maps to a [`HiprtcResult`] with [`Error::result`].

pub mod cache;
pub mod compile;
pub mod includes;
pub mod lowered;
pub mod nvidia;
pub mod options;
pub mod platform;
mod program;

pub use compile::{locate_hipcc, Toolchain};
pub use nvidia::NvidiaToolchain;
pub use platform::Platform;
pub use program::{CompileReport, Program};

/// `hiprtcResult`, with HIP's values.
#[repr(i32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HiprtcResult {
    /// `HIPRTC_SUCCESS`
    Success = 0,
    /// `HIPRTC_ERROR_OUT_OF_MEMORY`
    OutOfMemory = 1,
    /// `HIPRTC_ERROR_PROGRAM_CREATION_FAILURE`
    ProgramCreationFailure = 2,
    /// `HIPRTC_ERROR_INVALID_INPUT`
    InvalidInput = 3,
    /// `HIPRTC_ERROR_INVALID_PROGRAM`
    InvalidProgram = 4,
    /// `HIPRTC_ERROR_INVALID_OPTION`
    InvalidOption = 5,
    /// `HIPRTC_ERROR_COMPILATION`
    Compilation = 6,
    /// `HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE`
    BuiltinOperationFailure = 7,
    /// `HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION`
    NoNameExpressionsAfterCompilation = 8,
    /// `HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION`
    NoLoweredNamesBeforeCompilation = 9,
    /// `HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID`
    NameExpressionNotValid = 10,
    /// `HIPRTC_ERROR_INTERNAL_ERROR`
    InternalError = 11,
    /// `HIPRTC_ERROR_LINKING`
    Linking = 100,
}

impl HiprtcResult {
    /// Every result, in value order.
    pub const ALL: [HiprtcResult; 13] = [
        HiprtcResult::Success,
        HiprtcResult::OutOfMemory,
        HiprtcResult::ProgramCreationFailure,
        HiprtcResult::InvalidInput,
        HiprtcResult::InvalidProgram,
        HiprtcResult::InvalidOption,
        HiprtcResult::Compilation,
        HiprtcResult::BuiltinOperationFailure,
        HiprtcResult::NoNameExpressionsAfterCompilation,
        HiprtcResult::NoLoweredNamesBeforeCompilation,
        HiprtcResult::NameExpressionNotValid,
        HiprtcResult::InternalError,
        HiprtcResult::Linking,
    ];

    /// The numeric value.
    pub fn code(self) -> i32 {
        self as i32
    }

    /// The result with value `code`, if any.
    pub fn from_code(code: i32) -> Option<HiprtcResult> {
        HiprtcResult::ALL.into_iter().find(|r| r.code() == code)
    }

    /// `hiprtcGetErrorString`: HIP's strings (the enumerator names).
    pub fn as_str(self) -> &'static str {
        match self {
            HiprtcResult::Success => "HIPRTC_SUCCESS",
            HiprtcResult::OutOfMemory => "HIPRTC_ERROR_OUT_OF_MEMORY",
            HiprtcResult::ProgramCreationFailure => "HIPRTC_ERROR_PROGRAM_CREATION_FAILURE",
            HiprtcResult::InvalidInput => "HIPRTC_ERROR_INVALID_INPUT",
            HiprtcResult::InvalidProgram => "HIPRTC_ERROR_INVALID_PROGRAM",
            HiprtcResult::InvalidOption => "HIPRTC_ERROR_INVALID_OPTION",
            HiprtcResult::Compilation => "HIPRTC_ERROR_COMPILATION",
            HiprtcResult::BuiltinOperationFailure => "HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE",
            HiprtcResult::NoNameExpressionsAfterCompilation => {
                "HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION"
            }
            HiprtcResult::NoLoweredNamesBeforeCompilation => {
                "HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION"
            }
            HiprtcResult::NameExpressionNotValid => "HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID",
            HiprtcResult::InternalError => "HIPRTC_ERROR_INTERNAL_ERROR",
            HiprtcResult::Linking => "HIPRTC_ERROR_LINKING",
        }
    }
}

/// Why a hiprtc operation failed.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A bad argument (null pointer, negative count, unusable header name...).
    #[error("invalid input: {0}")]
    InvalidInput(String),
    /// The program handle is not a live program, or the program is not in a state that allows
    /// the call (e.g. `hiprtcGetCode` before a successful compilation).
    #[error("invalid program: {0}")]
    InvalidProgram(String),
    /// A compile option hiprtc does not know (the log names it).
    #[error("invalid option: {0}")]
    InvalidOption(String),
    /// The compiler reported errors (see the program log).
    #[error("compilation failed")]
    Compilation,
    /// `hipcc` could not be found or run.
    #[error("cannot run the compiler: {0}")]
    Compiler(String),
    /// `hiprtcAddNameExpression` after `hiprtcCompileProgram`.
    #[error("name expressions must be added before compilation")]
    NameExpressionsAfterCompilation,
    /// `hiprtcGetLoweredName` before a successful compilation.
    #[error("lowered names are only known after a successful compilation")]
    NoLoweredNamesBeforeCompilation,
    /// A name expression that was not added, or whose symbol could not be found.
    #[error("name expression not valid: {0}")]
    NameExpressionNotValid(String),
    /// Anything else (file-system errors in the temporary directory...).
    #[error("internal error: {0}")]
    Internal(String),
    /// The operation does not exist on this platform (linking, bitcode).
    #[error("not supported: {0}")]
    NotSupported(&'static str),
    /// NVRTC (`libnvrtc.so`) cannot be loaded or lacks entry points (NVIDIA platform).
    #[error("NVRTC is not available: {0}")]
    NvrtcUnavailable(String),
    /// An NVRTC call failed (other than a compilation with errors, which is
    /// [`Error::Compilation`]).
    #[error("{call} failed: {message} ({code})")]
    Nvrtc {
        /// The NVRTC function.
        call: &'static str,
        /// Its `nvrtcResult`.
        code: i32,
        /// NVRTC's name for it.
        message: String,
    },
    /// ferrocm's HIP headers (NVIDIA's prelude) cannot be found or read.
    #[error("HIP headers: {0}")]
    Headers(String),
}

impl Error {
    /// The `hiprtcResult` a C entry point returns for this error.
    pub fn result(&self) -> HiprtcResult {
        match self {
            Error::InvalidInput(_) => HiprtcResult::InvalidInput,
            Error::InvalidProgram(_) => HiprtcResult::InvalidProgram,
            Error::InvalidOption(_) => HiprtcResult::InvalidOption,
            Error::Compilation => HiprtcResult::Compilation,
            Error::Compiler(_) => HiprtcResult::BuiltinOperationFailure,
            Error::NameExpressionsAfterCompilation => {
                HiprtcResult::NoNameExpressionsAfterCompilation
            }
            Error::NoLoweredNamesBeforeCompilation => HiprtcResult::NoLoweredNamesBeforeCompilation,
            Error::NameExpressionNotValid(_) => HiprtcResult::NameExpressionNotValid,
            Error::Internal(_) => HiprtcResult::InternalError,
            Error::NotSupported(_) => HiprtcResult::InvalidInput,
            Error::NvrtcUnavailable(_) | Error::Headers(_) => HiprtcResult::BuiltinOperationFailure,
            // nvrtcResult values 1-11 are hiprtcResult's (HIP copied NVRTC's enumeration);
            // later NVRTC codes have no hiprtc counterpart.
            Error::Nvrtc { code, .. } => match HiprtcResult::from_code(*code) {
                Some(r) if (1..=11).contains(code) => r,
                _ => HiprtcResult::InternalError,
            },
        }
    }
}

/// The major and minor HIP version hiprtc implements (`hiprtcVersion`), on every platform
/// (on NVIDIA too: hiprtc's API is HIP's; the NVRTC version is part of the cache key and
/// [`nvidia::Nvrtc::version`] reports it).
pub const HIP_VERSION: (i32, i32) = (7, 1);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_values_are_hips() {
        let values: Vec<i32> = HiprtcResult::ALL.iter().map(|r| r.code()).collect();
        assert_eq!(values, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 100]);
        for r in HiprtcResult::ALL {
            assert_eq!(HiprtcResult::from_code(r.code()), Some(r));
            assert!(r.as_str().starts_with("HIPRTC_"));
        }
        assert_eq!(HiprtcResult::from_code(12), None);
        assert_eq!(HiprtcResult::from_code(-1), None);
    }

    #[test]
    fn nvidia_errors_map_to_hiprtc_results() {
        let nvrtc = |code| Error::Nvrtc {
            call: "nvrtcX",
            code,
            message: String::new(),
        };
        assert_eq!(nvrtc(1).result(), HiprtcResult::OutOfMemory);
        assert_eq!(nvrtc(5).result(), HiprtcResult::InvalidOption);
        assert_eq!(nvrtc(11).result(), HiprtcResult::InternalError);
        assert_eq!(nvrtc(0).result(), HiprtcResult::InternalError);
        assert_eq!(nvrtc(16).result(), HiprtcResult::InternalError);
        assert_eq!(nvrtc(100).result(), HiprtcResult::InternalError);
        assert_eq!(
            Error::NvrtcUnavailable("x".into()).result(),
            HiprtcResult::BuiltinOperationFailure
        );
        assert_eq!(
            Error::Headers("x".into()).result(),
            HiprtcResult::BuiltinOperationFailure
        );
    }
}
