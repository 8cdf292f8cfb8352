// Stand-in for <hip/hip_vector_types.h> (rocRAND 5.7's headers include it): the oracle
// shim's vector types, and the 64-bit ones its ThreeFry engines use.
#pragma once
#include <hip/hip_runtime.h>
struct ulonglong2 { union { struct { unsigned long long x, y; }; unsigned long long data[2]; }; };
struct ulonglong4 { union { struct { unsigned long long x, y, z, w; }; unsigned long long data[4]; }; };
struct longlong2 { long long x, y; };
inline uint4 make_uint4(unsigned int x, unsigned int y, unsigned int z, unsigned int w) {
  uint4 r; r.x = x; r.y = y; r.z = z; r.w = w; return r;
}
inline uint2 make_uint2(unsigned int x, unsigned int y) { uint2 r; r.x = x; r.y = y; return r; }
inline float2 make_float2(float x, float y) { return float2{x, y}; }
inline float4 make_float4(float x, float y, float z, float w) { return float4{x, y, z, w}; }
inline double2 make_double2(double x, double y) { return double2{x, y}; }
inline double4 make_double4(double x, double y, double z, double w) { return double4{x, y, z, w}; }
inline ulonglong2 make_ulonglong2(unsigned long long x, unsigned long long y) {
  ulonglong2 r; r.x = x; r.y = y; return r;
}
inline ulonglong4 make_ulonglong4(unsigned long long x, unsigned long long y, unsigned long long z,
                                  unsigned long long w) {
  ulonglong4 r; r.x = x; r.y = y; r.z = z; r.w = w; return r;
}
