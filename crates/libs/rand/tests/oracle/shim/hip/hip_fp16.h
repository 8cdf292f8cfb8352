// Minimal __half for the oracle (float conversion rounds to nearest even).
#pragma once
#include <string.h>
struct __half { unsigned short bits; };
struct __half2 { __half x, y; };
inline __half __float2half(float f) { _Float16 h = (_Float16)f; __half r; memcpy(&r.bits, &h, 2); return r; }
inline float __half2float(__half h) { _Float16 v; memcpy(&v, &h.bits, 2); return (float)v; }
