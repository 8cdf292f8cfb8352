//! # hiprtc core: runtime compilation of HIP C++ into CPU code objects
//!
//! This crate does the work behind `libhiprtc.so` (crate `ferrocm-hiprtc-capi`, the C ABI):
//!
//! - a [`Program`] holds a HIP C++ source, the headers given in memory, and the name
//!   expressions added before compilation;
//! - [`Program::compile`] maps hiprtc's options ([`options`]) to a `hipcc --genco` command
//!   line, runs the `hipcc` executable ([`compile`]) and keeps the CPU code object it makes
//!   (what `hipModuleLoadData` accepts), the compiler's diagnostics and the lowered (mangled)
//!   names of the name expressions ([`lowered`]);
//! - results are kept in an on-disk cache ([`cache`]) so that compiling the same program
//!   again (in this process or another) takes milliseconds.
//!
//! Every failure is an [`Error`], which maps to a [`HiprtcResult`] with [`Error::result`].

pub mod cache;
pub mod compile;
pub mod lowered;
pub mod options;
mod program;

pub use compile::{locate_hipcc, Toolchain};
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
    /// The operation does not exist on the CPU platform (linking, bitcode).
    #[error("not supported on the CPU platform: {0}")]
    NotSupported(&'static str),
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
        }
    }
}

/// The major and minor HIP version hiprtc implements (`hiprtcVersion`).
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
}
