// Graphs and stream capture.
#include <cuda_runtime.h>

__global__ void k(int *p) { p[threadIdx.x] += 1; }

void replay(int *p, cudaStream_t s, int times) {
  cudaGraph_t graph;
  cudaGraphExec_t exec;
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  k<<<1, 32, 0, s>>>(p);
  cudaStreamEndCapture(s, &graph);
  cudaGraphInstantiate(&exec, graph, nullptr, nullptr, 0);
  for (int i = 0; i < times; ++i) cudaGraphLaunch(exec, s);
  cudaStreamSynchronize(s);
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
}
