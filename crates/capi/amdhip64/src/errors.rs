//! `hipGetErrorName` / `hipGetErrorString`: static strings for every `hipError_t`.

/// (value, name, description) for every code HIP defines.
const ERRORS: &[(u32, &str, &str)] = &[
    (0, "hipSuccess\0", "no error\0"),
    (1, "hipErrorInvalidValue\0", "invalid argument\0"),
    (2, "hipErrorOutOfMemory\0", "out of memory\0"),
    (3, "hipErrorNotInitialized\0", "initialization error\0"),
    (4, "hipErrorDeinitialized\0", "driver shutting down\0"),
    (5, "hipErrorProfilerDisabled\0", "profiler disabled while using external profiling tool\0"),
    (6, "hipErrorProfilerNotInitialized\0", "profiler is not initialized\0"),
    (7, "hipErrorProfilerAlreadyStarted\0", "profiler already started\0"),
    (8, "hipErrorProfilerAlreadyStopped\0", "profiler already stopped\0"),
    (9, "hipErrorInvalidConfiguration\0", "invalid configuration argument\0"),
    (12, "hipErrorInvalidPitchValue\0", "invalid pitch argument\0"),
    (13, "hipErrorInvalidSymbol\0", "invalid device symbol\0"),
    (17, "hipErrorInvalidDevicePointer\0", "invalid device pointer\0"),
    (21, "hipErrorInvalidMemcpyDirection\0", "invalid copy direction for memcpy\0"),
    (35, "hipErrorInsufficientDriver\0", "driver version is insufficient for runtime version\0"),
    (52, "hipErrorMissingConfiguration\0", "__global__ function call is not configured\0"),
    (53, "hipErrorPriorLaunchFailure\0", "unspecified launch failure in prior launch\0"),
    (98, "hipErrorInvalidDeviceFunction\0", "invalid device function\0"),
    (100, "hipErrorNoDevice\0", "no ROCm-capable device is detected\0"),
    (101, "hipErrorInvalidDevice\0", "invalid device ordinal\0"),
    (200, "hipErrorInvalidImage\0", "device kernel image is invalid\0"),
    (201, "hipErrorInvalidContext\0", "invalid device context\0"),
    (202, "hipErrorContextAlreadyCurrent\0", "context is already current context\0"),
    (205, "hipErrorMapFailed\0", "mapping of buffer object failed\0"),
    (206, "hipErrorUnmapFailed\0", "unmap of buffer object failed\0"),
    (207, "hipErrorArrayIsMapped\0", "array is mapped\0"),
    (208, "hipErrorAlreadyMapped\0", "resource already mapped\0"),
    (209, "hipErrorNoBinaryForGpu\0", "no kernel image is available for execution on the device\0"),
    (210, "hipErrorAlreadyAcquired\0", "resource already acquired\0"),
    (211, "hipErrorNotMapped\0", "resource not mapped\0"),
    (212, "hipErrorNotMappedAsArray\0", "resource not mapped as array\0"),
    (213, "hipErrorNotMappedAsPointer\0", "resource not mapped as pointer\0"),
    (214, "hipErrorECCNotCorrectable\0", "uncorrectable ECC error encountered\0"),
    (215, "hipErrorUnsupportedLimit\0", "limit is not supported on this architecture\0"),
    (216, "hipErrorContextAlreadyInUse\0", "exclusive-thread device already in use by a different thread\0"),
    (217, "hipErrorPeerAccessUnsupported\0", "peer access is not supported between these two devices\0"),
    (218, "hipErrorInvalidKernelFile\0", "invalid kernel file\0"),
    (219, "hipErrorInvalidGraphicsContext\0", "invalid OpenGL or DirectX context\0"),
    (300, "hipErrorInvalidSource\0", "device kernel image is invalid\0"),
    (301, "hipErrorFileNotFound\0", "file not found\0"),
    (302, "hipErrorSharedObjectSymbolNotFound\0", "shared object symbol not found\0"),
    (303, "hipErrorSharedObjectInitFailed\0", "shared object initialization failed\0"),
    (304, "hipErrorOperatingSystem\0", "OS call failed or operation not supported on this OS\0"),
    (400, "hipErrorInvalidHandle\0", "invalid resource handle\0"),
    (401, "hipErrorIllegalState\0", "the operation cannot be performed in the present state\0"),
    (500, "hipErrorNotFound\0", "named symbol not found\0"),
    (600, "hipErrorNotReady\0", "device not ready\0"),
    (700, "hipErrorIllegalAddress\0", "an illegal memory access was encountered\0"),
    (701, "hipErrorLaunchOutOfResources\0", "too many resources requested for launch\0"),
    (702, "hipErrorLaunchTimeOut\0", "the launch timed out and was terminated\0"),
    (704, "hipErrorPeerAccessAlreadyEnabled\0", "peer access is already enabled\0"),
    (705, "hipErrorPeerAccessNotEnabled\0", "peer access has not been enabled\0"),
    (708, "hipErrorSetOnActiveProcess\0", "cannot set while device is active in this process\0"),
    (709, "hipErrorContextIsDestroyed\0", "context is destroyed\0"),
    (710, "hipErrorAssert\0", "device-side assert triggered\0"),
    (712, "hipErrorHostMemoryAlreadyRegistered\0", "part or all of the requested memory range is already mapped\0"),
    (713, "hipErrorHostMemoryNotRegistered\0", "pointer does not correspond to a registered memory region\0"),
    (719, "hipErrorLaunchFailure\0", "unspecified launch failure\0"),
    (720, "hipErrorCooperativeLaunchTooLarge\0", "too many blocks in cooperative launch\0"),
    (801, "hipErrorNotSupported\0", "operation not supported\0"),
    (900, "hipErrorStreamCaptureUnsupported\0", "operation not permitted when stream is capturing\0"),
    (901, "hipErrorStreamCaptureInvalidated\0", "operation failed due to a previous error during capture\0"),
    (902, "hipErrorStreamCaptureMerge\0", "operation would result in a merge of separate capture sequences\0"),
    (903, "hipErrorStreamCaptureUnmatched\0", "capture was not ended in the same stream as it began\0"),
    (904, "hipErrorStreamCaptureUnjoined\0", "capturing stream has unjoined work\0"),
    (905, "hipErrorStreamCaptureIsolation\0", "dependency created on uncaptured work in another stream\0"),
    (906, "hipErrorStreamCaptureImplicit\0", "operation would make the legacy stream depend on a capturing blocking stream\0"),
    (907, "hipErrorCapturedEvent\0", "operation not permitted on an event last recorded in a capturing stream\0"),
    (908, "hipErrorStreamCaptureWrongThread\0", "attempt to terminate a thread-local capture sequence from another thread\0"),
    (910, "hipErrorGraphExecUpdateFailure\0", "the graph update was not performed because it included changes which violated constraints specific to instantiated graph update\0"),
    (911, "hipErrorInvalidChannelDescriptor\0", "invalid channel descriptor\0"),
    (912, "hipErrorInvalidTexture\0", "invalid texture\0"),
    (999, "hipErrorUnknown\0", "unknown error\0"),
    (1052, "hipErrorRuntimeMemory\0", "runtime memory call returned error\0"),
    (1053, "hipErrorRuntimeOther\0", "runtime call other than memory returned error\0"),
    (1054, "hipErrorTbd\0", "marker that more error codes are needed\0"),
];

fn entry(code: u32) -> Option<&'static (u32, &'static str, &'static str)> {
    ERRORS.iter().find(|e| e.0 == code)
}

/// Whether HIP defines the error value `code`.
pub fn is_known(code: u32) -> bool {
    entry(code).is_some()
}

/// `hipGetErrorName`: "hipErrorUnknown" for values HIP does not define.
pub fn name(code: u32) -> *const u8 {
    entry(code).map_or("hipErrorUnknown\0", |e| e.1).as_ptr()
}

/// `hipGetErrorString`: "unknown error" for values HIP does not define.
pub fn description(code: u32) -> *const u8 {
    entry(code).map_or("unknown error\0", |e| e.2).as_ptr()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_string_is_nul_terminated_and_codes_unique() {
        for (i, (code, n, d)) in ERRORS.iter().enumerate() {
            assert!(n.ends_with('\0') && d.ends_with('\0'), "{n}");
            assert!(ERRORS[..i].iter().all(|e| e.0 != *code), "duplicate {code}");
        }
    }

    #[test]
    fn runtime_errors_have_names() {
        for e in [
            hip::HipError::InvalidValue,
            hip::HipError::NotReady,
            hip::HipError::InvalidHandle,
        ] {
            assert!(entry(e.code()).is_some());
        }
    }
}
