// HIP arrays: creation (runtime and driver API, 1-D/2-D/3-D/layered, mipmapped), the shape and
// format queries, and every copy to, from and between arrays (2-D with byte offsets, the
// deprecated linear forms, offsets into arrays, hipMemcpy3D in elements, hipMemcpyParam2D and
// hipDrvMemcpy3D with array memory types, async forms on a stream), checked byte for byte;
// misuse with HIP's error codes.
#include "hip_test.h"

// hipMemcpyToArray/FromArray are deprecated in HIP (and CUDA) but still used by old programs.
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

static std::vector<unsigned char> pattern(size_t n, int seed) {
  std::vector<unsigned char> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = (unsigned char)(i * 31 + seed * 7 + (i >> 8));
  return v;
}

int main() {
  hipStream_t stream;
  HIP_CHECK(hipStreamCreate(&stream));

  // ---- a 2-D array of uint2 (8-byte texels): queries
  const size_t W = 37, H = 11, E = 8;
  hipChannelFormatDesc desc = hipCreateChannelDesc<uint2>();
  hipArray_t a = nullptr;
  HIP_CHECK(hipMallocArray(&a, &desc, W, H));
  {
    hipChannelFormatDesc d;
    hipExtent e;
    unsigned flags = 99;
    HIP_CHECK(hipArrayGetInfo(&d, &e, &flags, a));
    CHECK(d.x == 32 && d.y == 32 && d.z == 0 && d.w == 0 && d.f == hipChannelFormatKindUnsigned, "channel desc");
    CHECK(e.width == W && e.height == H && e.depth == 0, "extent %zux%zux%zu", e.width, e.height, e.depth);
    CHECK_EQ(flags, 0u);
    HIP_CHECK(hipGetChannelDesc(&d, a));
    CHECK(d.x == 32 && d.y == 32 && d.f == hipChannelFormatKindUnsigned, "hipGetChannelDesc");
    HIP_ARRAY_DESCRIPTOR ad;
    HIP_CHECK(hipArrayGetDescriptor(&ad, a));
    CHECK(ad.Width == W && ad.Height == H && ad.Format == HIP_AD_FORMAT_UNSIGNED_INT32 && ad.NumChannels == 2,
          "hipArrayGetDescriptor");
    HIP_ARRAY3D_DESCRIPTOR ad3;
    HIP_CHECK(hipArray3DGetDescriptor(&ad3, a));
    CHECK(ad3.Width == W && ad3.Height == H && ad3.Depth == 0 && ad3.NumChannels == 2, "hipArray3DGetDescriptor");
  }

  // ---- whole image in and out, then a sub-rectangle in (byte offsets) and the image out
  std::vector<unsigned char> img = pattern(W * E * H, 1);
  HIP_CHECK(hipMemcpy2DToArray(a, 0, 0, img.data(), W * E, W * E, H, hipMemcpyHostToDevice));
  {
    const size_t dpitch = W * E + 24;
    std::vector<unsigned char> back(dpitch * H, 0xEE);
    HIP_CHECK(hipMemcpy2DFromArray(back.data(), dpitch, a, 0, 0, W * E, H, hipMemcpyDeviceToHost));
    for (size_t y = 0; y < H; ++y) {
      CHECK(std::memcmp(&back[y * dpitch], &img[y * W * E], W * E) == 0, "row %zu differs", y);
      CHECK(back[y * dpitch + W * E] == 0xEE, "padding of row %zu written", y);
    }
  }
  std::vector<unsigned char> patch = pattern(5 * E * 4, 2);
  HIP_CHECK(hipMemcpy2DToArrayAsync(a, 3 * E, 2, patch.data(), 5 * E, 5 * E, 4, hipMemcpyHostToDevice, stream));
  HIP_CHECK(hipStreamSynchronize(stream));
  for (size_t y = 0; y < 4; ++y)
    std::memcpy(&img[(2 + y) * W * E + 3 * E], &patch[y * 5 * E], 5 * E);
  {
    std::vector<unsigned char> back(W * E * H);
    HIP_CHECK(hipMemcpy2DFromArrayAsync(back.data(), W * E, a, 0, 0, W * E, H, hipMemcpyDeviceToHost, stream));
    HIP_CHECK(hipStreamSynchronize(stream));
    CHECK(back == img, "sub-rectangle copy into the array");
    // A sub-rectangle out of the array to device memory and back.
    void *d = nullptr;
    HIP_CHECK(hipMalloc(&d, 6 * E * 3));
    HIP_CHECK(hipMemcpy2DFromArray(d, 6 * E, a, 10 * E, 7, 6 * E, 3, hipMemcpyDeviceToDevice));
    std::vector<unsigned char> sub(6 * E * 3);
    HIP_CHECK(hipMemcpy(sub.data(), d, sub.size(), hipMemcpyDeviceToHost));
    for (size_t y = 0; y < 3; ++y)
      CHECK(std::memcmp(&sub[y * 6 * E], &img[(7 + y) * W * E + 10 * E], 6 * E) == 0, "sub-rectangle row %zu", y);
    HIP_CHECK(hipFree(d));
  }

  // ---- array to array, and the offset-addressed (row-major) copies
  {
    hipArray_t b = nullptr;
    HIP_CHECK(hipMallocArray(&b, &desc, W, H));
    HIP_CHECK(hipMemcpy2DArrayToArray(b, 0, 0, a, 0, 0, W * E, H, hipMemcpyDeviceToDevice));
    std::vector<unsigned char> back(W * E * H);
    HIP_CHECK(hipMemcpy2DFromArray(back.data(), W * E, b, 0, 0, W * E, H, hipMemcpyDeviceToHost));
    CHECK(back == img, "hipMemcpy2DArrayToArray");
    // Two whole rows from row 4 (deprecated linear form), then a part of one row.
    std::vector<unsigned char> rows(2 * W * E);
    HIP_CHECK(hipMemcpyFromArray(rows.data(), b, 0, 4, rows.size(), hipMemcpyDeviceToHost));
    CHECK(std::memcmp(rows.data(), &img[4 * W * E], rows.size()) == 0, "hipMemcpyFromArray rows");
    std::vector<unsigned char> part = pattern(9 * E, 3);
    HIP_CHECK(hipMemcpyToArray(b, 2 * E, 1, part.data(), part.size(), hipMemcpyHostToDevice));
    std::memcpy(&img[1 * W * E + 2 * E], part.data(), part.size());
    // hipMemcpyAtoH / HtoA: byte offsets into the array taken as consecutive rows.
    std::vector<unsigned char> all(W * E * H);
    HIP_CHECK(hipMemcpyAtoH(all.data(), b, 0, all.size()));
    CHECK(all == img, "hipMemcpyAtoH after hipMemcpyToArray");
    std::vector<unsigned char> small = pattern(4 * E, 4);
    HIP_CHECK(hipMemcpyHtoA(b, 3 * W * E + 5 * E, small.data(), small.size()));
    std::vector<unsigned char> small_back(4 * E);
    HIP_CHECK(hipMemcpyAtoH(small_back.data(), b, 3 * W * E + 5 * E, small_back.size()));
    CHECK(small_back == small, "hipMemcpyHtoA/AtoH at an offset");
    HIP_CHECK(hipMemcpyHtoAAsync(b, 0, small.data(), small.size(), stream));
    HIP_CHECK(hipMemcpyAtoHAsync(small_back.data(), b, 0, small_back.size(), stream));
    HIP_CHECK(hipStreamSynchronize(stream));
    CHECK(small_back == small, "async HtoA/AtoH");
    HIP_CHECK(hipFreeArray(b));
  }

  // ---- a 3-D array of floats through hipMemcpy3D (positions and extent in elements)
  {
    const size_t X = 9, Y = 6, Z = 5;
    hipChannelFormatDesc fd = hipCreateChannelDesc<float>();
    hipArray_t v = nullptr;
    HIP_CHECK(hipMalloc3DArray(&v, &fd, make_hipExtent(X, Y, Z), hipArrayDefault));
    hipExtent e;
    HIP_CHECK(hipArrayGetInfo(nullptr, &e, nullptr, v));
    CHECK(e.width == X && e.height == Y && e.depth == Z, "3-D extent");
    std::vector<float> host(X * Y * Z);
    for (size_t i = 0; i < host.size(); ++i) host[i] = (float)i * 0.5f;
    hipMemcpy3DParms p = {};
    p.srcPtr = make_hipPitchedPtr(host.data(), X * sizeof(float), X, Y);
    p.dstArray = v;
    p.extent = make_hipExtent(X, Y, Z);
    p.kind = hipMemcpyHostToDevice;
    HIP_CHECK(hipMemcpy3D(&p));
    // A box out of the array: positions in elements on the array side, bytes on the pointer side.
    const size_t bx = 4, by = 3, bz = 2;
    std::vector<float> box(bx * by * bz, -1);
    hipMemcpy3DParms q = {};
    q.srcArray = v;
    q.srcPos = make_hipPos(2, 1, 3);
    q.dstPtr = make_hipPitchedPtr(box.data(), bx * sizeof(float), bx, by);
    q.extent = make_hipExtent(bx, by, bz);
    q.kind = hipMemcpyDeviceToHost;
    HIP_CHECK(hipMemcpy3DAsync(&q, stream));
    HIP_CHECK(hipStreamSynchronize(stream));
    for (size_t z = 0; z < bz; ++z)
      for (size_t y = 0; y < by; ++y)
        for (size_t x = 0; x < bx; ++x) {
          float want = host[((3 + z) * Y + (1 + y)) * X + (2 + x)];
          CHECK(box[(z * by + y) * bx + x] == want, "3-D box (%zu,%zu,%zu): %g vs %g", x, y, z,
                box[(z * by + y) * bx + x], want);
        }
    // Both an array and a pointer on one side: invalid.
    q.srcPtr = p.srcPtr;
    HIP_EXPECT(hipMemcpy3D(&q), hipErrorInvalidValue);
    HIP_CHECK(hipFreeArray(v));
  }

  // ---- the driver API: hipArrayCreate + hipMemcpyParam2D, hipArray3DCreate + hipDrvMemcpy3D
  {
    HIP_ARRAY_DESCRIPTOR ad = {};
    ad.Width = 16;
    ad.Height = 4;
    ad.Format = HIP_AD_FORMAT_UNSIGNED_INT16;
    ad.NumChannels = 1;
    hipArray_t d2 = nullptr;
    HIP_CHECK(hipArrayCreate(&d2, &ad));
    std::vector<unsigned char> src = pattern(32 * 4, 5), back(32 * 4);
    hip_Memcpy2D c = {};
    c.srcMemoryType = hipMemoryTypeHost;
    c.srcHost = src.data();
    c.srcPitch = 32;
    c.dstMemoryType = hipMemoryTypeArray;
    c.dstArray = d2;
    c.WidthInBytes = 32;
    c.Height = 4;
    HIP_CHECK(hipMemcpyParam2D(&c));
    hip_Memcpy2D r = {};
    r.srcMemoryType = hipMemoryTypeArray;
    r.srcArray = d2;
    r.dstMemoryType = hipMemoryTypeHost;
    r.dstHost = back.data();
    r.dstPitch = 32;
    r.WidthInBytes = 32;
    r.Height = 4;
    HIP_CHECK(hipMemcpyParam2DAsync(&r, stream));
    HIP_CHECK(hipStreamSynchronize(stream));
    CHECK(back == src, "hipMemcpyParam2D through an array");
    HIP_CHECK(hipArrayDestroy(d2));

    HIP_ARRAY3D_DESCRIPTOR a3 = {};
    a3.Width = 8;
    a3.Height = 3;
    a3.Depth = 2;
    a3.Format = HIP_AD_FORMAT_FLOAT;
    a3.NumChannels = 4;
    hipArray_t d3 = nullptr;
    HIP_CHECK(hipArray3DCreate(&d3, &a3));
    std::vector<unsigned char> s3 = pattern(8 * 16 * 3 * 2, 6), b3(s3.size());
    HIP_MEMCPY3D m = {};
    m.srcMemoryType = hipMemoryTypeHost;
    m.srcHost = s3.data();
    m.srcPitch = 8 * 16;
    m.srcHeight = 3;
    m.dstMemoryType = hipMemoryTypeArray;
    m.dstArray = d3;
    m.WidthInBytes = 8 * 16;
    m.Height = 3;
    m.Depth = 2;
    HIP_CHECK(hipDrvMemcpy3D(&m));
    HIP_MEMCPY3D n = {};
    n.srcMemoryType = hipMemoryTypeArray;
    n.srcArray = d3;
    n.dstMemoryType = hipMemoryTypeHost;
    n.dstHost = b3.data();
    n.dstPitch = 8 * 16;
    n.dstHeight = 3;
    n.WidthInBytes = 8 * 16;
    n.Height = 3;
    n.Depth = 2;
    HIP_CHECK(hipDrvMemcpy3DAsync(&n, stream));
    HIP_CHECK(hipStreamSynchronize(stream));
    CHECK(b3 == s3, "hipDrvMemcpy3D through an array");
    HIP_CHECK(hipArrayDestroy(d3));
  }

  // ---- layered and mipmapped arrays
  {
    hipChannelFormatDesc fd = hipCreateChannelDesc<float>();
    hipArray_t layered = nullptr;
    HIP_CHECK(hipMalloc3DArray(&layered, &fd, make_hipExtent(8, 8, 3), hipArrayLayered));
    unsigned flags = 0;
    HIP_CHECK(hipArrayGetInfo(nullptr, nullptr, &flags, layered));
    CHECK_EQ(flags, (unsigned)hipArrayLayered);
    HIP_CHECK(hipFreeArray(layered));

    hipMipmappedArray_t mip = nullptr;
    HIP_CHECK(hipMallocMipmappedArray(&mip, &fd, make_hipExtent(64, 32, 0), 4));
    for (unsigned l = 0; l < 4; ++l) {
      hipArray_t level = nullptr;
      HIP_CHECK(hipGetMipmappedArrayLevel(&level, mip, l));
      hipExtent e;
      HIP_CHECK(hipArrayGetInfo(nullptr, &e, nullptr, level));
      CHECK(e.width == (64u >> l) && e.height == (32u >> l), "level %u is %zux%zu", l, e.width, e.height);
      std::vector<float> v(e.width * e.height, (float)l + 0.25f), back(v.size());
      HIP_CHECK(hipMemcpy2DToArray(level, 0, 0, v.data(), e.width * 4, e.width * 4, e.height, hipMemcpyHostToDevice));
      HIP_CHECK(hipMemcpy2DFromArray(back.data(), e.width * 4, level, 0, 0, e.width * 4, e.height,
                                     hipMemcpyDeviceToHost));
      CHECK(back == v, "level %u round trip", l);
    }
    hipArray_t none = nullptr;
    HIP_EXPECT(hipGetMipmappedArrayLevel(&none, mip, 4), hipErrorInvalidValue);
    HIP_CHECK(hipFreeMipmappedArray(mip));
  }

  // ---- misuse
  {
    hipArray_t x = nullptr;
    HIP_EXPECT(hipMallocArray(nullptr, &desc, 4, 4), hipErrorInvalidValue);
    HIP_EXPECT(hipMallocArray(&x, nullptr, 4, 4), hipErrorInvalidValue);
    HIP_EXPECT(hipMallocArray(&x, &desc, 0, 4), hipErrorInvalidValue);
    hipChannelFormatDesc bad = hipCreateChannelDesc(8, 16, 0, 0, hipChannelFormatKindUnsigned);
    HIP_EXPECT(hipMallocArray(&x, &bad, 4, 4), hipErrorInvalidValue);
    // A rectangle past the array's right edge or bottom.
    std::vector<unsigned char> buf(W * E * H);
    HIP_EXPECT(hipMemcpy2DToArray(a, E, 0, buf.data(), W * E, W * E, 1, hipMemcpyHostToDevice),
               hipErrorInvalidValue);
    HIP_EXPECT(hipMemcpy2DToArray(a, 0, 1, buf.data(), W * E, W * E, H, hipMemcpyHostToDevice),
               hipErrorInvalidValue);
    HIP_EXPECT(hipMemcpy2DToArray(a, 0, 0, buf.data(), W * E, W * E, H, (hipMemcpyKind)17),
               hipErrorInvalidMemcpyDirection);
    hipMipmappedArray_t mip = nullptr;
    hipChannelFormatDesc fd = hipCreateChannelDesc<float>();
    HIP_EXPECT(hipMallocMipmappedArray(&mip, &fd, make_hipExtent(16, 16, 0), 6), hipErrorInvalidValue);
    (void)hipGetLastError();
  }

  HIP_CHECK(hipFreeArray(a));
  // A freed array is no longer an array.
  HIP_EXPECT(hipFreeArray(a), hipErrorInvalidValue);
  HIP_EXPECT(hipArrayGetInfo(nullptr, nullptr, nullptr, a), hipErrorInvalidValue);
  (void)hipGetLastError();
  HIP_CHECK(hipStreamDestroy(stream));
  return hip_test::pass();
}
