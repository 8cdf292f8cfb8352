/*
 * Texture and surface functions on the NVIDIA platform (nvcc), included by
 * nvidia/hip_runtime.h. HIP's texture and surface objects are pointer-typed handles whose
 * value is the driver's CUtexObject / CUsurfObject, so each function here converts the
 * handle and calls CUDA's own (tex2D<T>, surf2Dwrite, ...). Texture references (the
 * texture<> template) do not exist on this platform: CUDA 12 removed them.
 */
#ifndef HIP_NVIDIA_TEXTURE_FUNCTIONS_H
#define HIP_NVIDIA_TEXTURE_FUNCTIONS_H

#if defined(__CUDACC__) && !defined(__CUDACC_RTC__)

#define __HIP_TO_CU_TEX(o) ((cudaTextureObject_t)(unsigned long long)(o))
#define __HIP_TO_CU_SURF(o) ((cudaSurfaceObject_t)(unsigned long long)(o))
/* hipSurfaceBoundaryMode (zero 0, trap 1, clamp 2) as cudaSurfaceBoundaryMode (zero 0, clamp 1,
 * trap 2). */
#define __HIP_TO_CU_BOUNDARY(m) ((cudaSurfaceBoundaryMode)((m) == 1 ? 2 : (m) == 2 ? 1 : 0))

template <class T> __device__ inline T tex1Dfetch(hipTextureObject_t o, int x) {
  return tex1Dfetch<T>(__HIP_TO_CU_TEX(o), x);
}
template <class T> __device__ inline T tex1D(hipTextureObject_t o, float x) { return tex1D<T>(__HIP_TO_CU_TEX(o), x); }
template <class T> __device__ inline T tex2D(hipTextureObject_t o, float x, float y) {
  return tex2D<T>(__HIP_TO_CU_TEX(o), x, y);
}
template <class T> __device__ inline T tex3D(hipTextureObject_t o, float x, float y, float z) {
  return tex3D<T>(__HIP_TO_CU_TEX(o), x, y, z);
}
template <class T> __device__ inline T tex1DLayered(hipTextureObject_t o, float x, int layer) {
  return tex1DLayered<T>(__HIP_TO_CU_TEX(o), x, layer);
}
template <class T> __device__ inline T tex2DLayered(hipTextureObject_t o, float x, float y, int layer) {
  return tex2DLayered<T>(__HIP_TO_CU_TEX(o), x, y, layer);
}
template <class T> __device__ inline T texCubemap(hipTextureObject_t o, float x, float y, float z) {
  return texCubemap<T>(__HIP_TO_CU_TEX(o), x, y, z);
}
template <class T> __device__ inline T texCubemapLayered(hipTextureObject_t o, float x, float y, float z, int layer) {
  return texCubemapLayered<T>(__HIP_TO_CU_TEX(o), x, y, z, layer);
}
template <class T> __device__ inline T tex1DLod(hipTextureObject_t o, float x, float level) {
  return tex1DLod<T>(__HIP_TO_CU_TEX(o), x, level);
}
template <class T> __device__ inline T tex2DLod(hipTextureObject_t o, float x, float y, float level) {
  return tex2DLod<T>(__HIP_TO_CU_TEX(o), x, y, level);
}
template <class T> __device__ inline T tex3DLod(hipTextureObject_t o, float x, float y, float z, float level) {
  return tex3DLod<T>(__HIP_TO_CU_TEX(o), x, y, z, level);
}
template <class T> __device__ inline T tex1DLayeredLod(hipTextureObject_t o, float x, int layer, float level) {
  return tex1DLayeredLod<T>(__HIP_TO_CU_TEX(o), x, layer, level);
}
template <class T> __device__ inline T tex2DLayeredLod(hipTextureObject_t o, float x, float y, int layer, float level) {
  return tex2DLayeredLod<T>(__HIP_TO_CU_TEX(o), x, y, layer, level);
}
template <class T> __device__ inline T texCubemapLod(hipTextureObject_t o, float x, float y, float z, float level) {
  return texCubemapLod<T>(__HIP_TO_CU_TEX(o), x, y, z, level);
}
template <class T> __device__ inline T tex1DGrad(hipTextureObject_t o, float x, float dx, float dy) {
  return tex1DGrad<T>(__HIP_TO_CU_TEX(o), x, dx, dy);
}
template <class T> __device__ inline T tex2DGrad(hipTextureObject_t o, float x, float y, float2 dx, float2 dy) {
  return tex2DGrad<T>(__HIP_TO_CU_TEX(o), x, y, dx, dy);
}
template <class T> __device__ inline T tex3DGrad(hipTextureObject_t o, float x, float y, float z, float4 dx, float4 dy) {
  return tex3DGrad<T>(__HIP_TO_CU_TEX(o), x, y, z, dx, dy);
}
template <class T> __device__ inline T tex2Dgather(hipTextureObject_t o, float x, float y, int comp = 0) {
  return tex2Dgather<T>(__HIP_TO_CU_TEX(o), x, y, comp);
}
template <class T> __device__ inline void tex1Dfetch(T *r, hipTextureObject_t o, int x) { *r = tex1Dfetch<T>(o, x); }
template <class T> __device__ inline void tex1D(T *r, hipTextureObject_t o, float x) { *r = tex1D<T>(o, x); }
template <class T> __device__ inline void tex2D(T *r, hipTextureObject_t o, float x, float y) { *r = tex2D<T>(o, x, y); }
template <class T> __device__ inline void tex3D(T *r, hipTextureObject_t o, float x, float y, float z) {
  *r = tex3D<T>(o, x, y, z);
}
template <class T> __device__ inline void tex2DLayered(T *r, hipTextureObject_t o, float x, float y, int l) {
  *r = tex2DLayered<T>(o, x, y, l);
}
template <class T> __device__ inline void tex2DLod(T *r, hipTextureObject_t o, float x, float y, float level) {
  *r = tex2DLod<T>(o, x, y, level);
}

/* Surfaces: x is a byte offset. HIP's pointer-out reads and its writes without a mode use
 * hipBoundaryModeZero (AMD GPUs drop out-of-range stores and read zero). */
template <class T> __device__ inline void surf1Dread(T *d, hipSurfaceObject_t s, int x, int m = hipBoundaryModeZero) {
  surf1Dread<T>(d, __HIP_TO_CU_SURF(s), x, __HIP_TO_CU_BOUNDARY(m));
}
template <class T> __device__ inline void surf1Dwrite(T d, hipSurfaceObject_t s, int x, int m = hipBoundaryModeZero) {
  surf1Dwrite<T>(d, __HIP_TO_CU_SURF(s), x, __HIP_TO_CU_BOUNDARY(m));
}
template <class T>
__device__ inline void surf2Dread(T *d, hipSurfaceObject_t s, int x, int y, int m = hipBoundaryModeZero) {
  surf2Dread<T>(d, __HIP_TO_CU_SURF(s), x, y, __HIP_TO_CU_BOUNDARY(m));
}
template <class T>
__device__ inline void surf2Dwrite(T d, hipSurfaceObject_t s, int x, int y, int m = hipBoundaryModeZero) {
  surf2Dwrite<T>(d, __HIP_TO_CU_SURF(s), x, y, __HIP_TO_CU_BOUNDARY(m));
}
template <class T>
__device__ inline void surf3Dread(T *d, hipSurfaceObject_t s, int x, int y, int z, int m = hipBoundaryModeZero) {
  surf3Dread<T>(d, __HIP_TO_CU_SURF(s), x, y, z, __HIP_TO_CU_BOUNDARY(m));
}
template <class T>
__device__ inline void surf3Dwrite(T d, hipSurfaceObject_t s, int x, int y, int z, int m = hipBoundaryModeZero) {
  surf3Dwrite<T>(d, __HIP_TO_CU_SURF(s), x, y, z, __HIP_TO_CU_BOUNDARY(m));
}
template <class T>
__device__ inline void surf2DLayeredread(T *d, hipSurfaceObject_t s, int x, int y, int l, int m = hipBoundaryModeZero) {
  surf2DLayeredread<T>(d, __HIP_TO_CU_SURF(s), x, y, l, __HIP_TO_CU_BOUNDARY(m));
}
template <class T>
__device__ inline void surf2DLayeredwrite(T d, hipSurfaceObject_t s, int x, int y, int l, int m = hipBoundaryModeZero) {
  surf2DLayeredwrite<T>(d, __HIP_TO_CU_SURF(s), x, y, l, __HIP_TO_CU_BOUNDARY(m));
}

/* CUDA's value-returning reads (default mode trap, as in CUDA). */
template <class T> __device__ inline T surf1Dread(hipSurfaceObject_t s, int x, int m = hipBoundaryModeTrap) {
  return surf1Dread<T>(__HIP_TO_CU_SURF(s), x, __HIP_TO_CU_BOUNDARY(m));
}
template <class T> __device__ inline T surf2Dread(hipSurfaceObject_t s, int x, int y, int m = hipBoundaryModeTrap) {
  return surf2Dread<T>(__HIP_TO_CU_SURF(s), x, y, __HIP_TO_CU_BOUNDARY(m));
}
template <class T>
__device__ inline T surf3Dread(hipSurfaceObject_t s, int x, int y, int z, int m = hipBoundaryModeTrap) {
  return surf3Dread<T>(__HIP_TO_CU_SURF(s), x, y, z, __HIP_TO_CU_BOUNDARY(m));
}
template <class T>
__device__ inline T surf2DLayeredread(hipSurfaceObject_t s, int x, int y, int l, int m = hipBoundaryModeTrap) {
  return surf2DLayeredread<T>(__HIP_TO_CU_SURF(s), x, y, l, __HIP_TO_CU_BOUNDARY(m));
}
template <class T>
__device__ inline void surf1DLayeredread(T *d, hipSurfaceObject_t s, int x, int l, int m = hipBoundaryModeZero) {
  surf1DLayeredread<T>(d, __HIP_TO_CU_SURF(s), x, l, __HIP_TO_CU_BOUNDARY(m));
}
template <class T>
__device__ inline void surf1DLayeredwrite(T d, hipSurfaceObject_t s, int x, int l, int m = hipBoundaryModeZero) {
  surf1DLayeredwrite<T>(d, __HIP_TO_CU_SURF(s), x, l, __HIP_TO_CU_BOUNDARY(m));
}
template <class T>
__device__ inline void surfCubemapread(T *d, hipSurfaceObject_t s, int x, int y, int face, int m = hipBoundaryModeZero) {
  surfCubemapread<T>(d, __HIP_TO_CU_SURF(s), x, y, face, __HIP_TO_CU_BOUNDARY(m));
}
template <class T>
__device__ inline void surfCubemapwrite(T d, hipSurfaceObject_t s, int x, int y, int face, int m = hipBoundaryModeZero) {
  surfCubemapwrite<T>(d, __HIP_TO_CU_SURF(s), x, y, face, __HIP_TO_CU_BOUNDARY(m));
}

#undef __HIP_TO_CU_TEX
#undef __HIP_TO_CU_SURF
#undef __HIP_TO_CU_BOUNDARY

#endif /* __CUDACC__ && !__CUDACC_RTC__ */

#endif /* HIP_NVIDIA_TEXTURE_FUNCTIONS_H */
