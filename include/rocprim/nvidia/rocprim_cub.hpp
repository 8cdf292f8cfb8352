/*
 * ferrocm rocPRIM on NVIDIA (__HIP_PLATFORM_NVIDIA__): rocPRIM's API over CUB from the CUDA
 * toolkit. rocPRIM itself has no NVIDIA backend; this one is ferrocm's.
 *
 * - Device-wide algorithms call CUB's (device_cub.hpp) and return hipError_t; a few rocPRIM
 *   arguments CUB has no place for are documented there (custom key equality in unique and
 *   reduce_by_key: CUB compares with ==).
 * - Block and warp primitives are the portable implementations of include/rocprim/block and
 *   include/rocprim/warp (shared memory, __syncthreads, __syncwarp), correct at NVIDIA's 32-lane
 *   warps; they favour simplicity over speed (one thread does a block's serial pass), so kernels
 *   that need CUB's speed should use hipCUB, which is CUB itself here.
 * - Types, functional objects and iterators are the same headers as on the CPU.
 */
#ifndef ROCPRIM_NVIDIA_ROCPRIM_CUB_HPP_
#define ROCPRIM_NVIDIA_ROCPRIM_CUB_HPP_

#include "../config.hpp"
#include "../functional.hpp"
#include "../intrinsics.hpp"
#include "../iterator.hpp"
#include "../rocprim_version.hpp"
#include "../types.hpp"

#include "../block/block_exchange.hpp"
#include "../block/block_load.hpp"
#include "../block/block_radix_sort.hpp"
#include "../block/block_reduce.hpp"
#include "../block/block_scan.hpp"
#include "../block/block_store.hpp"

#include "../warp/warp_reduce.hpp"
#include "../warp/warp_scan.hpp"

#include "device_cub.hpp"

#endif
