// Graphs and stream capture.
#include <hip/hip_runtime.h>

__global__ void k(int *p) { p[threadIdx.x] += 1; }

void replay(int *p, hipStream_t s, int times) {
  hipGraph_t graph;
  hipGraphExec_t exec;
  hipStreamBeginCapture(s, hipStreamCaptureModeGlobal);
  k<<<1, 32, 0, s>>>(p);
  hipStreamEndCapture(s, &graph);
  hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0);
  for (int i = 0; i < times; ++i) hipGraphLaunch(exec, s);
  hipStreamSynchronize(s);
  hipGraphExecDestroy(exec);
  hipGraphDestroy(graph);
}
