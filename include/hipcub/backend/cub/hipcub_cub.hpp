/*
 * ferrocm hipCUB on NVIDIA (__HIP_PLATFORM_NVIDIA__): CUB from the CUDA toolkit, as AMD's hipCUB
 * does on its CUDA backend. The block, warp, iterator and utility names are CUB's (hipcub sees
 * namespace cub); the Device* entry points are wrappers (device_wrappers.hpp, generated from the
 * CPU headers) that return hipError_t and accept hipCUB's trailing debug_synchronous argument;
 * the operators (Sum, Max, ArgMin...) and the fancy iterators are hipCUB's own
 * (thread/thread_operators.hpp, iterator/iterators.hpp), since CCCL 3 no longer has CUB's.
 *
 * Programs built by ferrocm's hipcc for NVIDIA link no CUDA runtime (nvcc -cudart none; the
 * runtime entry points nvcc emits come from libamdhip64). CUB's host code calls a few CUDA
 * runtime functions; cudart_shim.hpp provides them over HIP (weak definitions: a real cudart or a
 * runtime that exports them wins). Define HIPCUB_NO_CUDART_SHIM to leave them out.
 */
#ifndef HIPCUB_BACKEND_CUB_HIPCUB_CUB_HPP_
#define HIPCUB_BACKEND_CUB_HIPCUB_CUB_HPP_

#include "../../config.hpp"

// CUB includes CCCL Thrust headers while its own are half-read: our thrust/ forwarders must
// only forward there (thrust/ferrocm/nvidia.h would pull in CUB headers that need what
// CUB has not defined yet: cub::detail::it_value_t with CUDA 13).
#ifndef FERROCM_THRUST_NV_NESTED
#define FERROCM_THRUST_NV_NESTED
#define FERROCM_CUB_SET_THRUST_NESTED
#endif
#include <cub/cub.cuh>
/* Not in CCCL 3's umbrella header. */
#include <cub/block/block_shuffle.cuh>
#ifdef FERROCM_CUB_SET_THRUST_NESTED
#undef FERROCM_THRUST_NV_NESTED
#undef FERROCM_CUB_SET_THRUST_NESTED
#endif

#if !defined(HIPCUB_NO_CUDART_SHIM)
#include "cudart_shim.hpp"
#endif

#include "../../thread/thread_operators.hpp"

BEGIN_HIPCUB_NAMESPACE
using namespace ::cub;

namespace detail {
/* CUDA and HIP number their errors alike (hipSuccess 0, hipErrorInvalidValue 1,
 * hipErrorOutOfMemory 2...). */
inline hipError_t to_hip(cudaError_t e) { return static_cast<hipError_t>(static_cast<int>(e)); }
/* A CUB call's status; with debug_synchronous, the stream is synchronised after a run. */
inline hipError_t finish(cudaError_t e, void *d_temp_storage, hipStream_t stream, bool debug_synchronous) {
  hipError_t h = to_hip(e);
  if (h == hipSuccess && debug_synchronous && d_temp_storage != nullptr) h = hipStreamSynchronize(stream);
  return h;
}
} // namespace detail
END_HIPCUB_NAMESPACE

#include "device_wrappers.hpp"
#include "../../iterator/iterators.hpp"
#include "../../thread/thread_utils.hpp"

#endif
