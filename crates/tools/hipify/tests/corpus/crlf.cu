// CRLF line endings are kept.
#include <cuda_runtime.h>

void f(void *p) { cudaFree(p); }
