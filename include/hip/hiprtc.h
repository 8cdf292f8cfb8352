/*
 * hiprtc: runtime compilation of HIP C++ into code objects for hipModuleLoadData, for the
 * platform the process's HIP runtime runs on:
 *  - CPU platform: a CPU code object (docs/CPU_CODE_OBJECT.md), made by hipcc --genco;
 *  - NVIDIA platform: a cubin for one sm_XX architecture (the current device's unless an
 *    --offload-arch/-arch option names one), made by NVRTC behind the HIP device headers
 *    (hip/hip_runtime.h is pre-included; __HIPCC_RTC__ is defined).
 * hiprtcVersion reports the HIP version (7.1) on both. There is no bitcode and no device-code
 * linking: hiprtcGetBitcode* return HIPRTC_ERROR_INVALID_INPUT, hiprtcLink* (not declared
 * here) HIPRTC_ERROR_LINKING.
 * Values and signatures are HIP's.
 */
#ifndef HIPRTC_H
#define HIPRTC_H

#include <stddef.h>

#include "hip_common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hiprtcResult {
  HIPRTC_SUCCESS = 0,
  HIPRTC_ERROR_OUT_OF_MEMORY = 1,
  HIPRTC_ERROR_PROGRAM_CREATION_FAILURE = 2,
  HIPRTC_ERROR_INVALID_INPUT = 3,
  HIPRTC_ERROR_INVALID_PROGRAM = 4,
  HIPRTC_ERROR_INVALID_OPTION = 5,
  HIPRTC_ERROR_COMPILATION = 6,
  HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE = 7,
  HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION = 8,
  HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION = 9,
  HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID = 10,
  HIPRTC_ERROR_INTERNAL_ERROR = 11,
  HIPRTC_ERROR_LINKING = 100
} hiprtcResult;

typedef struct _hiprtcProgram *hiprtcProgram;

const char *hiprtcGetErrorString(hiprtcResult result);
hiprtcResult hiprtcVersion(int *major, int *minor);
hiprtcResult hiprtcCreateProgram(hiprtcProgram *prog, const char *src, const char *name, int numHeaders,
                                 const char *const *headers, const char *const *includeNames);
hiprtcResult hiprtcDestroyProgram(hiprtcProgram *prog);
hiprtcResult hiprtcCompileProgram(hiprtcProgram prog, int numOptions, const char *const *options);
hiprtcResult hiprtcAddNameExpression(hiprtcProgram prog, const char *name_expression);
hiprtcResult hiprtcGetLoweredName(hiprtcProgram prog, const char *name_expression, const char **lowered_name);
hiprtcResult hiprtcGetProgramLogSize(hiprtcProgram prog, size_t *logSizeRet);
hiprtcResult hiprtcGetProgramLog(hiprtcProgram prog, char *log);
hiprtcResult hiprtcGetCodeSize(hiprtcProgram prog, size_t *codeSizeRet);
hiprtcResult hiprtcGetCode(hiprtcProgram prog, char *code);
/* No LLVM bitcode on ferrocm's platforms: both return HIPRTC_ERROR_INVALID_INPUT. */
hiprtcResult hiprtcGetBitcodeSize(hiprtcProgram prog, size_t *bitcode_size);
hiprtcResult hiprtcGetBitcode(hiprtcProgram prog, char *bitcode);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* HIPRTC_H */
