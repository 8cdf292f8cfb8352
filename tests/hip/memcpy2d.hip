// hipMemcpy2D and hipMemcpy2DAsync: sub-rectangles between pitched buffers in every direction,
// padding untouched, width > pitch rejected.
#include "hip_test.h"

int main() {
  const size_t W = 300, H = 40;     // full buffer, bytes x rows
  const size_t spitch_h = 320;      // pageable source pitch
  std::vector<unsigned char> src(spitch_h * H);
  for (size_t i = 0; i < src.size(); ++i) src[i] = (unsigned char)(i * 13 + 7);
  void *d1 = nullptr, *d2 = nullptr;
  size_t p1 = 0, p2 = 0;
  HIP_CHECK(hipMallocPitch(&d1, &p1, W, H));
  HIP_CHECK(hipMallocPitch(&d2, &p2, W + 50, H));
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));

  struct Rect { size_t sx, sy, dx, dy, w, h; };
  const Rect rects[] = {{0, 0, 0, 0, W, H}, {5, 3, 7, 1, 101, 17}, {1, 0, 0, 5, 1, 1},
                        {299, 39, 0, 0, 1, 1}, {10, 10, 200, 20, 99, 20}};
  for (int async = 0; async < 2; ++async)
    for (const Rect &r : rects) {
      HIP_CHECK(hipMemset2D(d1, p1, 0xAB, W, H));
      HIP_CHECK(hipMemset2D(d2, p2, 0xCD, W + 50, H));
      // host -> d1 (sub-rectangle), d1 -> d2 (same rectangle moved), d2 -> host dense
      const unsigned char *s0 = src.data() + r.sy * spitch_h + r.sx;
      unsigned char *t1 = (unsigned char *)d1 + r.dy * p1 + r.dx;
      unsigned char *t2 = (unsigned char *)d2 + r.dy * p2 + r.dx;
      std::vector<unsigned char> back(r.w * r.h, 0);
      std::vector<unsigned char> full1(p1 * H), full2(p2 * H);
      if (async) {
        HIP_CHECK(hipMemcpy2DAsync(t1, p1, s0, spitch_h, r.w, r.h, hipMemcpyHostToDevice, s));
        HIP_CHECK(hipMemcpy2DAsync(t2, p2, t1, p1, r.w, r.h, hipMemcpyDeviceToDevice, s));
        HIP_CHECK(hipMemcpy2DAsync(back.data(), r.w, t2, p2, r.w, r.h, hipMemcpyDeviceToHost, s));
        HIP_CHECK(hipStreamSynchronize(s));
      } else {
        HIP_CHECK(hipMemcpy2D(t1, p1, s0, spitch_h, r.w, r.h, hipMemcpyHostToDevice));
        HIP_CHECK(hipMemcpy2D(t2, p2, t1, p1, r.w, r.h, hipMemcpyDeviceToDevice));
        HIP_CHECK(hipMemcpy2D(back.data(), r.w, t2, p2, r.w, r.h, hipMemcpyDeviceToHost));
      }
      for (size_t y = 0; y < r.h; ++y)
        for (size_t x = 0; x < r.w; ++x) {
          unsigned char want = src[(r.sy + y) * spitch_h + r.sx + x];
          if (back[y * r.w + x] != want)
            FAIL_AT("async=%d rect (%zu,%zu)->(%zu,%zu) %zux%zu: (%zu,%zu) = %u, expected %u", async, r.sx,
                    r.sy, r.dx, r.dy, r.w, r.h, x, y, back[y * r.w + x], want);
        }
      // Outside the rectangle, d1 still holds the memset value.
      HIP_CHECK(hipMemcpy(full1.data(), d1, p1 * H, hipMemcpyDeviceToHost));
      for (size_t y = 0; y < H; ++y)
        for (size_t x = 0; x < W; ++x) {
          bool inside = y >= r.dy && y < r.dy + r.h && x >= r.dx && x < r.dx + r.w;
          if (!inside && full1[y * p1 + x] != 0xAB)
            FAIL_AT("async=%d: byte (%zu,%zu) outside the rectangle changed to %u", async, x, y,
                    full1[y * p1 + x]);
        }
      // Host to host with pitches.
      std::vector<unsigned char> hh(r.w * r.h + 16, 0x11);
      HIP_CHECK(hipMemcpy2D(hh.data(), r.w, s0, spitch_h, r.w, r.h, hipMemcpyHostToHost));
      CHECK(std::memcmp(hh.data(), back.data(), r.w * r.h) == 0, "host-to-host 2D copy differs");
      CHECK_EQ((unsigned)hh[r.w * r.h], 0x11u);
    }
  // width larger than a pitch: CUDA and HIP report hipErrorInvalidPitchValue; some HIP versions
  // report hipErrorInvalidValue.
  HIP_EXPECT2(hipMemcpy2D(d1, p1, src.data(), 16, 32, 2, hipMemcpyHostToDevice), hipErrorInvalidPitchValue,
              hipErrorInvalidValue);
  HIP_EXPECT(hipMemcpy2D(d1, p1, src.data(), spitch_h, 8, 2, (hipMemcpyKind)11), hipErrorInvalidMemcpyDirection);
  (void)hipGetLastError();
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(d1));
  HIP_CHECK(hipFree(d2));
  return hip_test::pass();
}
