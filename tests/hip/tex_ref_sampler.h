// A reference texture sampler for the texture tests, written from the rules HIP and CUDA
// document (CUDA Programming Guide, "Texture Fetching"): point sampling takes texel
// floor(x); linear filtering blends the texels around x - 0.5 with the fraction in 1.8 fixed
// point; normalised coordinates are scaled by the size; clamp, border, wrap and mirror
// address modes (wrap and mirror only with normalised coordinates; otherwise they clamp).
// GPUs may round the fixed-point weight differently from this reference (it rounds to
// nearest), so linear results are compared with a tolerance of 2.5/256 of the texel range
// per test (two weights each off by at most 1/256).
#ifndef TEX_REF_SAMPLER_H
#define TEX_REF_SAMPLER_H

#include <cmath>
#include <vector>

namespace tex_ref {

constexpr float kLinearTolerance = 2.5f / 256.0f;

inline int address(int i, int n, int mode, bool normalized) {
  if (i >= 0 && i < n) return i;
  if (!normalized && (mode == 0 || mode == 2)) mode = 1;
  switch (mode) {
  case 0: return ((i % n) + n) % n;
  case 2: {
    int p = 2 * n, m = ((i % p) + p) % p;
    return m < n ? m : p - 1 - m;
  }
  case 3: return -1;
  default: return i < 0 ? 0 : n - 1;
  }
}

inline float weight(float a) { return std::floor(a * 256.0f + 0.5f) / 256.0f; }

// A single-channel float image of w x h (x d) texels, sampled with HIP's texture state.
struct Image {
  int w, h, d;
  std::vector<float> v;
  int mode[3];
  bool linear, normalized;
  float border;

  float at(int i, int j, int k) const {
    i = address(i, w, mode[0], normalized);
    j = address(j, h, mode[1], normalized);
    k = address(k, d, mode[2], normalized);
    if (i < 0 || j < 0 || k < 0) return border;
    return v[((size_t)k * h + j) * w + i];
  }
  float sample(float x, float y = 0.5f, float z = 0.5f, int dims = 2) const {
    if (normalized) {
      x *= w;
      if (dims > 1) y *= h;
      if (dims > 2) z *= d;
    }
    if (!normalized && dims < 2) y = 0.5f;
    if (!normalized && dims < 3) z = 0.5f;
    if (normalized && dims < 2) y = 0.5f;
    if (normalized && dims < 3) z = 0.5f;
    if (!linear) return at((int)std::floor(x), (int)std::floor(y), (int)std::floor(z));
    float xb = x - 0.5f, yb = y - 0.5f, zb = z - 0.5f;
    int i = (int)std::floor(xb), j = (int)std::floor(yb), k = (int)std::floor(zb);
    float a = weight(xb - i), b = dims > 1 ? weight(yb - j) : 0.0f, c = dims > 2 ? weight(zb - k) : 0.0f;
    if (dims < 2) j = 0;
    if (dims < 3) k = 0;
    auto lerp = [](float p, float q, float t) { return p + t * (q - p); };
    float s0 = lerp(lerp(at(i, j, k), at(i + 1, j, k), a), lerp(at(i, j + 1, k), at(i + 1, j + 1, k), a), b);
    if (dims < 3) return dims < 2 ? lerp(at(i, j, k), at(i + 1, j, k), a) : s0;
    float s1 =
        lerp(lerp(at(i, j, k + 1), at(i + 1, j, k + 1), a), lerp(at(i, j + 1, k + 1), at(i + 1, j + 1, k + 1), a), b);
    return lerp(s0, s1, c);
  }
};

} // namespace tex_ref

#endif
