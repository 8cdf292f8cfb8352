// hipExtLaunchKernelGGL (hip/hip_ext.h) against mock_runtime.cpp: it records startEvent, runs
// the kernel, then records stopEvent, all in the stream it was given; a null event is not
// recorded. The hipEventRecord below stands in for the runtime's and logs each call.
// Prints "ext_launch: OK" on success.
#include <hip/hip_ext.h>

#include <cstdio>
#include <string>
#include <vector>

namespace {
std::string calls;                 // "S" (start), "E" (stop) per hipEventRecord
std::vector<int> seen_at_record;   // data[0] when each event was recorded
std::vector<hipStream_t> streams;  // the stream of each record
const int *watched = nullptr;
hipEvent_t const start_event = reinterpret_cast<hipEvent_t>(0x51);
hipEvent_t const stop_event = reinterpret_cast<hipEvent_t>(0xE1);
} // namespace

extern "C" hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream) {
  calls += event == start_event ? "S" : event == stop_event ? "E" : "?";
  seen_at_record.push_back(watched ? watched[0] : -1);
  streams.push_back(stream);
  return hipSuccess;
}

__global__ void fill(int *data, int value) { data[blockIdx.x * blockDim.x + threadIdx.x] = value; }

#define EXPECT(cond)                                                                                          \
  do {                                                                                                        \
    if (!(cond)) {                                                                                            \
      std::printf("ext_launch: FAIL (%s) line %d\n", #cond, __LINE__);                                        \
      return 1;                                                                                               \
    }                                                                                                         \
  } while (0)

int main() {
  std::vector<int> data(128, 0);
  watched = data.data();
  hipStream_t stream = reinterpret_cast<hipStream_t>(0x5);
  hipExtLaunchKernelGGL(fill, dim3(2), dim3(64), 0, stream, start_event, stop_event, 0, data.data(), 7);
  EXPECT(calls == "SE");
  EXPECT(seen_at_record.size() == 2 && seen_at_record[0] == 0 && seen_at_record[1] == 7);
  EXPECT(streams[0] == stream && streams[1] == stream);
  for (int v : data) EXPECT(v == 7);

  // No events: only the launch.
  hipExtLaunchKernelGGL(fill, dim3(1), dim3(64), 0, stream, nullptr, nullptr, hipExtAnyOrderLaunch, data.data(), 9);
  EXPECT(calls == "SE");
  EXPECT(data[0] == 9 && data[63] == 9 && data[64] == 7);
  std::printf("ext_launch: OK\n");
  return 0;
}
