/*
 * ferrocm rocPRIM: the whole library (rocPRIM's rocprim.hpp).
 *
 * CPU platform: ferrocm's own implementation (config.hpp says how). NVIDIA: rocPRIM's API over
 * CUB (nvidia/rocprim_cub.hpp), as rocPRIM itself has no NVIDIA backend.
 */
#ifndef ROCPRIM_HPP_
#define ROCPRIM_HPP_

#if defined(__HIP_PLATFORM_NVIDIA__)
#include "nvidia/rocprim_cub.hpp"
#else
#include "config.hpp"
#include "functional.hpp"
#include "intrinsics.hpp"
#include "iterator.hpp"
#include "rocprim_version.hpp"
#include "types.hpp"

#include "block/block_exchange.hpp"
#include "block/block_load.hpp"
#include "block/block_radix_sort.hpp"
#include "block/block_reduce.hpp"
#include "block/block_scan.hpp"
#include "block/block_store.hpp"

#include "warp/warp_reduce.hpp"
#include "warp/warp_scan.hpp"

#include "device/device_adjacent_difference.hpp"
#include "device/device_histogram.hpp"
#include "device/device_merge_sort.hpp"
#include "device/device_partition.hpp"
#include "device/device_radix_sort.hpp"
#include "device/device_reduce.hpp"
#include "device/device_run_length_encode.hpp"
#include "device/device_scan.hpp"
#include "device/device_scan_by_key.hpp"
#include "device/device_segmented_radix_sort.hpp"
#include "device/device_segmented_reduce.hpp"
#include "device/device_select.hpp"
#include "device/device_transform.hpp"
#endif

#endif
