/*
 * HIP texture types: texture objects, the descriptors that create them, and the legacy
 * texture references (textureReference and, in C++, the texture<> template of the
 * deprecated hipBindTexture* API). Names, enumerator values and layouts are ROCm 6.3's.
 * C11 and C++11.
 */
#ifndef HIP_TEXTURE_TYPES_H
#define HIP_TEXTURE_TYPES_H

#include "hip_common.h"

#if !defined(__CUDACC_RTC__)

#include "driver_types.h"
#if defined(__cplusplus)
#include "channel_descriptor.h"
#endif

/* Texture type codes (the `texType` of texture<>). */
#define hipTextureType1D 0x01
#define hipTextureType2D 0x02
#define hipTextureType3D 0x03
#define hipTextureTypeCubemap 0x0C
#define hipTextureType1DLayered 0xF1
#define hipTextureType2DLayered 0xF2
#define hipTextureTypeCubemapLayered 0xFC

/* Size of the descriptor a texture object stands for on AMD GPUs, in 32-bit words: an image
 * descriptor followed by a sampler descriptor. */
#define HIP_IMAGE_OBJECT_SIZE_DWORD 12
#define HIP_SAMPLER_OBJECT_SIZE_DWORD 8
#define HIP_SAMPLER_OBJECT_OFFSET_DWORD HIP_IMAGE_OBJECT_SIZE_DWORD
#define HIP_TEXTURE_OBJECT_SIZE_DWORD (HIP_IMAGE_OBJECT_SIZE_DWORD + HIP_SAMPLER_OBJECT_SIZE_DWORD)

/* ---------------------------------------------------------------- texture objects */

/* Opaque handle of a texture object (hipCreateTextureObject). */
struct __hip_texture;
typedef struct __hip_texture *hipTextureObject_t;

/* How coordinates outside [0, size) are resolved (HIP declares these enums without
 * typedefs: C code writes `enum hipTextureAddressMode`). */
enum hipTextureAddressMode {
  hipAddressModeWrap = 0,
  hipAddressModeClamp = 1,
  hipAddressModeMirror = 2,
  hipAddressModeBorder = 3
};

/* Point sampling or linear interpolation. */
enum hipTextureFilterMode {
  hipFilterModePoint = 0,
  hipFilterModeLinear = 1
};

/* Whether integer texels are returned as they are or normalised to [0, 1] / [-1, 1]. */
enum hipTextureReadMode {
  hipReadModeElementType = 0,
  hipReadModeNormalizedFloat = 1
};

/* Sampling state of a texture object (hipCreateTextureObject). */
typedef struct hipTextureDesc {
  enum hipTextureAddressMode addressMode[3];
  enum hipTextureFilterMode filterMode;
  enum hipTextureReadMode readMode;
  int sRGB;
  float borderColor[4];
  int normalizedCoords;
  unsigned int maxAnisotropy;
  enum hipTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
} hipTextureDesc;

/* ---------------------------------------------------------------- texture references (deprecated) */

/* Under nvcc, CUDA's texture_types.h (pre-included) declares a textureReference of its own
 * (and, before CUDA 12, a texture<> template): ours is spelled __hip_textureReference there,
 * and `textureReference` in code that follows this header names ours. texture<> is not
 * defined there: no device code on NVIDIA reads through a texture reference, and CUDA's
 * own template would clash with it. */
#if defined(__HIP_NVIDIA_CUDA_TYPES__)
#define textureReference __hip_textureReference
#define __HIP_NO_TEXTURE_TEMPLATE 1
#endif

/* A module-scope texture (hipModuleGetTexRef, hipTexRef* functions). */
typedef struct textureReference {
  int normalized;
  enum hipTextureReadMode readMode;
  enum hipTextureFilterMode filterMode;
  enum hipTextureAddressMode addressMode[3];
  struct hipChannelFormatDesc channelDesc;
  int sRGB;
  unsigned int maxAnisotropy;
  enum hipTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
  hipTextureObject_t textureObject;
  int numChannels;
  enum hipArray_Format format;
} textureReference;

#if defined(__cplusplus)
typedef textureReference *hipTexRef;
#endif

#if defined(__cplusplus) && !defined(__HIP_NO_TEXTURE_TEMPLATE)

/* A texture reference typed by its texel (HIP's texture<T, texType, readMode>). The
 * attribute that marks it for a GPU compiler has no meaning here. */
#ifndef __HIP_TEXTURE_ATTRIB
#define __HIP_TEXTURE_ATTRIB
#endif
template <class T, int texType = hipTextureType1D, enum hipTextureReadMode mode = hipReadModeElementType>
struct __HIP_TEXTURE_ATTRIB texture : public textureReference {
  texture(int norm = 0, enum hipTextureFilterMode fMode = hipFilterModePoint,
          enum hipTextureAddressMode aMode = hipAddressModeClamp)
      : texture(norm, fMode, aMode, hipCreateChannelDesc<T>()) {}

  texture(int norm, enum hipTextureFilterMode fMode, enum hipTextureAddressMode aMode,
          struct hipChannelFormatDesc desc)
      : textureReference() {
    normalized = norm;
    readMode = mode;
    filterMode = fMode;
    addressMode[0] = aMode;
    addressMode[1] = aMode;
    addressMode[2] = aMode;
    channelDesc = desc;
    sRGB = 0;
    textureObject = nullptr;
    maxAnisotropy = 0;
    mipmapLevelBias = 0;
    minMipmapLevelClamp = 0;
    maxMipmapLevelClamp = 0;
  }
};

#endif /* __cplusplus */

#endif /* !__CUDACC_RTC__ */

#endif /* HIP_TEXTURE_TYPES_H */
