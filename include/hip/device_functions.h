/* hip/device_functions.h, as ROCm ships it: the device functions (intrinsics, warp functions, atomics), which hip/hip_runtime.h
 * provides on every platform. */
#ifndef HIP_DEVICE_FUNCTIONS_H
#define HIP_DEVICE_FUNCTIONS_H
#include "hip_runtime.h"
#endif
