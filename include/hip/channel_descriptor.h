/*
 * Channel descriptors: hipCreateChannelDesc(x, y, z, w, kind) and, in C++, the
 * hipCreateChannelDesc<T>() templates that derive one from a texel type (scalars and the
 * 1-, 2-, 3- and 4-component vector types), plus HIP's half-precision helpers. C11 and C++11.
 */
#ifndef HIP_CHANNEL_DESCRIPTOR_H
#define HIP_CHANNEL_DESCRIPTOR_H

#include "hip_common.h"

#if !defined(__CUDACC_RTC__)

#include "driver_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Exported by libamdhip64 (as in ROCm); the C++ templates below build their result inline
 * and do not call it. */
hipChannelFormatDesc hipCreateChannelDesc(int x, int y, int z, int w, hipChannelFormatKind f);

#ifdef __cplusplus
} /* extern "C" */

/* The vector types: ours on the CPU platform, CUDA's under nvcc (a host compiler on the NVIDIA
 * platform may have no CUDA headers: only the scalar descriptors are defined there). */
#if defined(__HIP_PLATFORM_CPU__) || defined(__CUDACC__)
#include "hip_vector_types.h"
#define __HIP_CHANNEL_DESC_VECTOR_TYPES 1
#endif

namespace hip_impl {
inline hipChannelFormatDesc channel_desc(int x, int y, int z, int w, hipChannelFormatKind f) {
  hipChannelFormatDesc d;
  d.x = x;
  d.y = y;
  d.z = z;
  d.w = w;
  d.f = f;
  return d;
}
/* `n` channels of `bits` bits each. */
inline hipChannelFormatDesc channels(int n, int bits, hipChannelFormatKind f) {
  return channel_desc(bits, n > 1 ? bits : 0, n > 2 ? bits : 0, n > 3 ? bits : 0, f);
}
} // namespace hip_impl

/* 16-bit floats have no C++ type of their own here: HIP names these descriptors. */
static inline hipChannelFormatDesc hipCreateChannelDescHalf() {
  return ::hip_impl::channels(1, 16, hipChannelFormatKindFloat);
}
static inline hipChannelFormatDesc hipCreateChannelDescHalf1() {
  return ::hip_impl::channels(1, 16, hipChannelFormatKindFloat);
}
static inline hipChannelFormatDesc hipCreateChannelDescHalf2() {
  return ::hip_impl::channels(2, 16, hipChannelFormatKindFloat);
}
static inline hipChannelFormatDesc hipCreateChannelDescHalf4() {
  return ::hip_impl::channels(4, 16, hipChannelFormatKindFloat);
}

/* Any other type: no channels (hipChannelFormatKindNone), as in HIP. */
template <typename T> static inline hipChannelFormatDesc hipCreateChannelDesc() {
  return ::hip_impl::channel_desc(0, 0, 0, 0, hipChannelFormatKindNone);
}

/* One specialisation per scalar type and its vector types (NAME1..NAME4). */
#define __HIP_CHANNEL_DESC(T, SCALAR, N, KIND)                                                                \
  template <> inline hipChannelFormatDesc hipCreateChannelDesc<T>() {                                         \
    return ::hip_impl::channels(N, (int)sizeof(SCALAR) * 8, KIND);                                            \
  }
#if defined(__HIP_CHANNEL_DESC_VECTOR_TYPES)
#define __HIP_CHANNEL_DESC_VECTORS(SCALAR, NAME, KIND)                                                        \
  __HIP_CHANNEL_DESC(SCALAR, SCALAR, 1, KIND)                                                                  \
  __HIP_CHANNEL_DESC(NAME##1, SCALAR, 1, KIND)                                                                 \
  __HIP_CHANNEL_DESC(NAME##2, SCALAR, 2, KIND)                                                                 \
  __HIP_CHANNEL_DESC(NAME##3, SCALAR, 3, KIND)                                                                 \
  __HIP_CHANNEL_DESC(NAME##4, SCALAR, 4, KIND)
#else
#define __HIP_CHANNEL_DESC_VECTORS(SCALAR, NAME, KIND) __HIP_CHANNEL_DESC(SCALAR, SCALAR, 1, KIND)
#endif

#if defined(__CHAR_UNSIGNED__) || defined(_CHAR_UNSIGNED)
__HIP_CHANNEL_DESC(char, char, 1, hipChannelFormatKindUnsigned)
#else
__HIP_CHANNEL_DESC(char, char, 1, hipChannelFormatKindSigned)
#endif
__HIP_CHANNEL_DESC_VECTORS(signed char, char, hipChannelFormatKindSigned)
__HIP_CHANNEL_DESC_VECTORS(unsigned char, uchar, hipChannelFormatKindUnsigned)
__HIP_CHANNEL_DESC_VECTORS(short, short, hipChannelFormatKindSigned)
__HIP_CHANNEL_DESC_VECTORS(unsigned short, ushort, hipChannelFormatKindUnsigned)
__HIP_CHANNEL_DESC_VECTORS(int, int, hipChannelFormatKindSigned)
__HIP_CHANNEL_DESC_VECTORS(unsigned int, uint, hipChannelFormatKindUnsigned)
__HIP_CHANNEL_DESC_VECTORS(float, float, hipChannelFormatKindFloat)

#undef __HIP_CHANNEL_DESC_VECTORS
#undef __HIP_CHANNEL_DESC

#endif /* __cplusplus */

#endif /* !__CUDACC_RTC__ */

#endif /* HIP_CHANNEL_DESCRIPTOR_H */
