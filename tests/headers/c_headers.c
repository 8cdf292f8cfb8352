/* Every public header compiles as C11 (-Wall -Wextra -pedantic -Werror), and the C view
 * of the structures has HIP's layout. */
#include <hip/hip_common.h>
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>
#include <hip/hip_runtime_api.h>
#include <hip/hip_vector_types.h>
#include <hip/hip_version.h>
#include <hip/hiprtc.h>

#include <stddef.h>
#include <stdio.h>

_Static_assert(sizeof(dim3) == 12, "dim3");
_Static_assert(sizeof(float4) == 16 && _Alignof(float4) == 16, "float4");
_Static_assert(sizeof(hipUUID) == 16, "hipUUID");
_Static_assert(hipErrorInvalidValue == 1 && hipErrorInvalidDeviceFunction == 98 && hipErrorNotReady == 600, "");
_Static_assert(HIPRTC_ERROR_COMPILATION == 6 && HIPRTC_ERROR_LINKING == 100, "hiprtc");

/* Prints the layouts the runtime must mirror. */
#define OFF(T, f) printf(#T "." #f " %zu\n", offsetof(T, f))
int main(void) {
  hipStream_t s = hipStreamPerThread;
  void *p = HIP_LAUNCH_PARAM_END;
  (void)s;
  (void)p;
  printf("sizeof(hipDeviceProp_t) %zu\n", sizeof(hipDeviceProp_t));
  OFF(hipDeviceProp_t, totalGlobalMem);
  OFF(hipDeviceProp_t, warpSize);
  OFF(hipDeviceProp_t, maxThreadsPerBlock);
  OFF(hipDeviceProp_t, clockRate);
  OFF(hipDeviceProp_t, multiProcessorCount);
  OFF(hipDeviceProp_t, surfaceAlignment);
  OFF(hipDeviceProp_t, sharedMemPerMultiprocessor);
  OFF(hipDeviceProp_t, sharedMemPerBlockOptin);
  OFF(hipDeviceProp_t, reservedSharedMemPerBlock);
  OFF(hipDeviceProp_t, unifiedFunctionPointers);
  OFF(hipDeviceProp_t, reserved);
  OFF(hipDeviceProp_t, hipReserved);
  OFF(hipDeviceProp_t, gcnArchName);
  OFF(hipDeviceProp_t, maxSharedMemoryPerMultiProcessor);
  OFF(hipDeviceProp_t, clockInstructionRate);
  OFF(hipDeviceProp_t, arch);
  OFF(hipDeviceProp_t, hdpMemFlushCntl);
  OFF(hipDeviceProp_t, isLargeBar);
  OFF(hipDeviceProp_t, asicRevision);
  printf("sizeof(hipDeviceArch_t) %zu\n", sizeof(hipDeviceArch_t));
  printf("sizeof(hipFuncAttributes) %zu\n", sizeof(hipFuncAttributes));
  OFF(hipFuncAttributes, constSizeBytes);
  OFF(hipFuncAttributes, localSizeBytes);
  OFF(hipFuncAttributes, maxDynamicSharedSizeBytes);
  OFF(hipFuncAttributes, sharedSizeBytes);
  printf("sizeof(hipPointerAttribute_t) %zu\n", sizeof(hipPointerAttribute_t));
  OFF(hipPointerAttribute_t, device);
  OFF(hipPointerAttribute_t, devicePointer);
  OFF(hipPointerAttribute_t, hostPointer);
  OFF(hipPointerAttribute_t, isManaged);
  OFF(hipPointerAttribute_t, allocationFlags);
  return 0;
}
