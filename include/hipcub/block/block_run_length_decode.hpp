/* ferrocm hipCUB: BlockRunLengthDecode (CUB's block_run_length_decode.cuh API). The constructor
 * takes the block's runs (RUNS_PER_THREAD per work-item, blocked: values with lengths, or with
 * offsets) and reports the decoded size; RunLengthDecode gives work-item t the decoded items
 * from_decoded_offset + t * DECODED_ITEMS_PER_THREAD + i (and each one's offset within its run);
 * items past the decoded size are left as they were. NVIDIA: CUB's. */
#ifndef HIPCUB_BLOCK_BLOCK_RUN_LENGTH_DECODE_HPP_
#define HIPCUB_BLOCK_BLOCK_RUN_LENGTH_DECODE_HPP_

#include "../config.hpp"
#if defined(__HIP_PLATFORM_NVIDIA__)
#include "../backend/cub/hipcub_cub.hpp"
#else
#include "block_misc_core.hpp"

BEGIN_HIPCUB_NAMESPACE

template <typename ItemT, int BLOCK_DIM_X, int RUNS_PER_THREAD, int DECODED_ITEMS_PER_THREAD,
          typename DecodedOffsetT = uint32_t, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockRunLengthDecode {
  static constexpr unsigned B = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static constexpr unsigned RUNS = B * RUNS_PER_THREAD;

public:
  struct TempStorage {
    detail::raw_array<ItemT, RUNS> values;
    DecodedOffsetT offsets[RUNS + 1]; /* exclusive prefix of the run lengths, then the total */
  };

  template <typename RunLengthT, typename TotalDecodedSizeT>
  HIPCUB_DEVICE BlockRunLengthDecode(TempStorage &temp_storage, ItemT (&run_values)[RUNS_PER_THREAD],
                                     RunLengthT (&run_lengths)[RUNS_PER_THREAD],
                                     TotalDecodedSizeT &total_decoded_size)
      : s_(temp_storage) {
    const unsigned t = tid();
    for (int i = 0; i < RUNS_PER_THREAD; ++i) {
      s_.values.put(t * RUNS_PER_THREAD + i, run_values[i]);
      s_.offsets[t * RUNS_PER_THREAD + i] = DecodedOffsetT(run_lengths[i]);
    }
    __syncthreads();
    if (t == 0) {
      DecodedOffsetT sum = 0;
      for (unsigned r = 0; r < RUNS; ++r) {
        const DecodedOffsetT len = s_.offsets[r];
        s_.offsets[r] = sum;
        sum = DecodedOffsetT(sum + len);
      }
      s_.offsets[RUNS] = sum;
    }
    __syncthreads();
    total_decoded_size = TotalDecodedSizeT(s_.offsets[RUNS]);
  }
  /* Runs given by their offsets into the decoded sequence; the last run ends at the total, which
   * the caller knows (CUB's form: the decoded size is the last run's offset + its length, so
   * here the last offset of the block is taken as the end of the block's runs). */
  template <typename UserRunOffsetT>
  HIPCUB_DEVICE BlockRunLengthDecode(TempStorage &temp_storage, ItemT (&run_values)[RUNS_PER_THREAD],
                                     UserRunOffsetT (&run_offsets)[RUNS_PER_THREAD])
      : s_(temp_storage) {
    const unsigned t = tid();
    for (int i = 0; i < RUNS_PER_THREAD; ++i) {
      s_.values.put(t * RUNS_PER_THREAD + i, run_values[i]);
      s_.offsets[t * RUNS_PER_THREAD + i] = DecodedOffsetT(run_offsets[i]);
    }
    __syncthreads();
    if (t == 0) s_.offsets[RUNS] = s_.offsets[RUNS - 1];
    __syncthreads();
  }

  template <typename RelativeOffsetT>
  HIPCUB_DEVICE void RunLengthDecode(ItemT (&decoded_items)[DECODED_ITEMS_PER_THREAD],
                                     RelativeOffsetT (&item_offsets)[DECODED_ITEMS_PER_THREAD],
                                     DecodedOffsetT from_decoded_offset = 0) {
    decode(decoded_items, &item_offsets, from_decoded_offset);
  }
  HIPCUB_DEVICE void RunLengthDecode(ItemT (&decoded_items)[DECODED_ITEMS_PER_THREAD],
                                     DecodedOffsetT from_decoded_offset = 0) {
    decode(decoded_items, static_cast<uint32_t(*)[DECODED_ITEMS_PER_THREAD]>(nullptr), from_decoded_offset);
  }

private:
  static HIPCUB_DEVICE unsigned tid() { return detail::block_tid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>(); }
  template <typename RelativeOffsetT>
  HIPCUB_DEVICE void decode(ItemT (&decoded)[DECODED_ITEMS_PER_THREAD],
                            RelativeOffsetT (*rel)[DECODED_ITEMS_PER_THREAD], DecodedOffsetT from) {
    const unsigned t = tid();
    const DecodedOffsetT total = s_.offsets[RUNS];
    for (int i = 0; i < DECODED_ITEMS_PER_THREAD; ++i) {
      const DecodedOffsetT pos = DecodedOffsetT(from + t * DECODED_ITEMS_PER_THREAD + unsigned(i));
      if (pos >= total) continue;
      /* The last run whose offset is <= pos (empty runs share offsets; the last one wins). */
      unsigned lo = 0, hi = RUNS;
      while (hi - lo > 1) {
        const unsigned mid = (lo + hi) / 2;
        if (s_.offsets[mid] <= pos)
          lo = mid;
        else
          hi = mid;
      }
      decoded[i] = s_.values[lo];
      if (rel) (*rel)[i] = RelativeOffsetT(pos - s_.offsets[lo]);
    }
  }
  TempStorage &s_;
};

END_HIPCUB_NAMESPACE
#endif

#endif
