// Stream creation with flags and priorities: hipDeviceGetStreamPriorityRange (greatest <= least),
// hipStreamCreateWithFlags / WithPriority, hipStreamGetFlags / GetPriority (out-of-range
// priorities are clamped into the range, as CUDA and HIP document), hipStreamGetDevice; every
// stream runs work.
#include "hip_test.h"

__global__ void add1(int *p) { atomicAdd(p, 1); }

int main() {
  int least = 99, greatest = 99;
  HIP_CHECK(hipDeviceGetStreamPriorityRange(&least, &greatest));
  CHECK(greatest <= least, "greatest priority %d > least %d", greatest, least);
#if !HIP_TEST_NVIDIA
  // ROCm's range (clr's hip::Stream::Priority: High = -1, Normal = 0, Low = 1); CUDA's
  // depends on the GPU (0 to -5 on an H100).
  CHECK(least == 1 && greatest == -1, "priority range [%d, %d], ROCm has [-1, 1]", greatest, least);
#endif
  int *ctr;
  HIP_CHECK(hipMallocManaged((void **)&ctr, sizeof(int), hipMemAttachGlobal));
  *ctr = 0;
  std::vector<hipStream_t> all;
  hipStream_t s;
  unsigned flags = 77;
  int prio = 77;
  HIP_CHECK(hipStreamCreate(&s));
  HIP_CHECK(hipStreamGetFlags(s, &flags));
  CHECK_EQ(flags, (unsigned)hipStreamDefault);
  HIP_CHECK(hipStreamGetPriority(s, &prio));
  CHECK(prio >= greatest && prio <= least, "default priority %d outside [%d,%d]", prio, greatest, least);
  all.push_back(s);
  HIP_CHECK(hipStreamCreateWithFlags(&s, hipStreamNonBlocking));
  HIP_CHECK(hipStreamGetFlags(s, &flags));
  CHECK_EQ(flags, (unsigned)hipStreamNonBlocking);
  all.push_back(s);
  HIP_CHECK(hipStreamCreateWithFlags(&s, hipStreamDefault));
  HIP_CHECK(hipStreamGetFlags(s, &flags));
  CHECK_EQ(flags, (unsigned)hipStreamDefault);
  all.push_back(s);
  const int prios[] = {least, greatest, least + 100, greatest - 100};
  const int want[] = {least, greatest, least, greatest};
  for (int i = 0; i < 4; ++i) {
    HIP_CHECK(hipStreamCreateWithPriority(&s, i % 2 ? hipStreamNonBlocking : hipStreamDefault, prios[i]));
    HIP_CHECK(hipStreamGetPriority(s, &prio));
    CHECK(prio == want[i], "priority %d read back as %d, expected %d", prios[i], prio, want[i]);
    HIP_CHECK(hipStreamGetFlags(s, &flags));
    CHECK_EQ(flags, (unsigned)(i % 2 ? hipStreamNonBlocking : hipStreamDefault));
    all.push_back(s);
  }
  for (hipStream_t st : all) {
    int dev = -1;
    HIP_CHECK(hipStreamGetDevice(st, &dev));
    CHECK_EQ(dev, 0);
    hipLaunchKernelGGL(add1, dim3(1), dim3(1), 0, st, ctr);
  }
  HIP_CHECK(hipDeviceSynchronize());
  CHECK_EQ(*ctr, (int)all.size());
  // The null stream: flags 0 and a valid priority.
  HIP_CHECK(hipStreamGetFlags(nullptr, &flags));
  CHECK_EQ(flags, 0u);
  HIP_CHECK(hipStreamGetPriority(nullptr, &prio));
  CHECK(prio >= greatest && prio <= least, "null stream priority %d", prio);
  HIP_EXPECT(hipStreamCreate(nullptr), hipErrorInvalidValue);
  HIP_EXPECT(hipStreamCreateWithFlags(&s, 0x80u), hipErrorInvalidValue);
  HIP_EXPECT(hipStreamGetFlags(all[0], nullptr), hipErrorInvalidValue);
  (void)hipGetLastError();
  for (hipStream_t st : all) HIP_CHECK(hipStreamDestroy(st));
  HIP_CHECK(hipFree(ctr));
  return hip_test::pass();
}
