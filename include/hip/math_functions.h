/* hip/math_functions.h, as ROCm ships it: the device math functions, which hip/hip_runtime.h
 * provides on every platform. */
#ifndef HIP_MATH_FUNCTIONS_H
#define HIP_MATH_FUNCTIONS_H
#include "hip_runtime.h"
#endif
