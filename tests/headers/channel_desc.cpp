// hipCreateChannelDesc<T>() (hip/channel_descriptor.h) and texture<> (hip/texture_types.h) in
// C++11 and later, with no runtime: bits per channel and kind for scalars and vector types,
// and the state a texture<> starts in. Prints "channel_desc: OK" on success.
#include <hip/hip_runtime_api.h>
#include <hip/hip_texture_types.h>

#include <cstdio>

static int failures = 0;

static void expect(const char *what, hipChannelFormatDesc d, int x, int y, int z, int w, hipChannelFormatKind f) {
  if (d.x != x || d.y != y || d.z != z || d.w != w || d.f != f) {
    std::printf("channel_desc: FAIL %s: got (%d %d %d %d kind %d), expected (%d %d %d %d kind %d)\n", what, d.x, d.y,
                d.z, d.w, (int)d.f, x, y, z, w, (int)f);
    ++failures;
  }
}

int main() {
  const hipChannelFormatKind s = hipChannelFormatKindSigned, u = hipChannelFormatKindUnsigned,
                             fl = hipChannelFormatKindFloat, none = hipChannelFormatKindNone;
  expect("signed char", hipCreateChannelDesc<signed char>(), 8, 0, 0, 0, s);
  expect("uchar2", hipCreateChannelDesc<uchar2>(), 8, 8, 0, 0, u);
  expect("short4", hipCreateChannelDesc<short4>(), 16, 16, 16, 16, s);
  expect("ushort1", hipCreateChannelDesc<ushort1>(), 16, 0, 0, 0, u);
  expect("int", hipCreateChannelDesc<int>(), 32, 0, 0, 0, s);
  expect("uint3", hipCreateChannelDesc<uint3>(), 32, 32, 32, 0, u);
  expect("float", hipCreateChannelDesc<float>(), 32, 0, 0, 0, fl);
  expect("float4", hipCreateChannelDesc<float4>(), 32, 32, 32, 32, fl);
  expect("half2", hipCreateChannelDescHalf2(), 16, 16, 0, 0, fl);
  expect("double (no channels)", hipCreateChannelDesc<double>(), 0, 0, 0, 0, none);

  texture<float2, hipTextureType2D, hipReadModeElementType> tex(1, hipFilterModeLinear, hipAddressModeWrap);
  expect("texture<float2>", tex.channelDesc, 32, 32, 0, 0, fl);
  if (tex.normalized != 1 || tex.filterMode != hipFilterModeLinear || tex.addressMode[2] != hipAddressModeWrap ||
      tex.readMode != hipReadModeElementType || tex.textureObject != nullptr || tex.numChannels != 0) {
    std::printf("channel_desc: FAIL texture<> state\n");
    ++failures;
  }
  textureReference *ref = &tex;
  (void)ref;
  if (failures == 0) std::printf("channel_desc: OK\n");
  return failures == 0 ? 0 : 1;
}
