/*
 * ferrocm hipCUB: the whole library (hipCUB's hipcub.hpp).
 *
 * CPU platform: hipCUB over ferrocm's rocPRIM (block and warp primitives on the HIP device
 * language, device-wide algorithms host-parallel in stream order). NVIDIA: CUB from the CUDA
 * toolkit (backend/cub/hipcub_cub.hpp), as AMD's hipCUB does on its CUDA backend.
 */
#ifndef HIPCUB_HPP_
#define HIPCUB_HPP_

#include "config.hpp"
#include "util_allocator.hpp"

#if defined(__HIP_PLATFORM_NVIDIA__)
#include "backend/cub/hipcub_cub.hpp"
#else
#include "thread/thread_operators.hpp"
#include "thread/thread_utils.hpp"
#include "util_type.hpp"

#include "iterator/iterators.hpp"

#include "block/block_adjacent_difference.hpp"
#include "block/block_discontinuity.hpp"
#include "block/block_exchange.hpp"
#include "block/block_histogram.hpp"
#include "block/block_load.hpp"
#include "block/block_merge_sort.hpp"
#include "block/block_radix_rank.hpp"
#include "block/block_radix_sort.hpp"
#include "block/block_reduce.hpp"
#include "block/block_run_length_decode.hpp"
#include "block/block_scan.hpp"
#include "block/block_shuffle.hpp"
#include "block/block_store.hpp"

#include "warp/warp_exchange.hpp"
#include "warp/warp_reduce.hpp"
#include "warp/warp_scan.hpp"

#include "device/device_adjacent_difference.hpp"
#include "device/device_histogram.hpp"
#include "device/device_memcpy.hpp"
#include "device/device_merge_sort.hpp"
#include "device/device_partition.hpp"
#include "device/device_radix_sort.hpp"
#include "device/device_reduce.hpp"
#include "device/device_run_length_encode.hpp"
#include "device/device_scan.hpp"
#include "device/device_segmented_reduce.hpp"
#include "device/device_segmented_sort.hpp"
#include "device/device_select.hpp"
#endif

#endif
