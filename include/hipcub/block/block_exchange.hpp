/* ferrocm hipCUB: BlockExchange (CUB's block_exchange.cuh API). CPU: over
 * rocprim::block_exchange. NVIDIA: CUB's. */
#ifndef HIPCUB_BLOCK_BLOCK_EXCHANGE_HPP_
#define HIPCUB_BLOCK_BLOCK_EXCHANGE_HPP_

#include "../config.hpp"
#if defined(__HIP_PLATFORM_NVIDIA__)
#include "../backend/cub/hipcub_cub.hpp"
#else
BEGIN_HIPCUB_NAMESPACE

template <typename InputT, int BLOCK_DIM_X, int ITEMS_PER_THREAD, bool WARP_TIME_SLICING = false, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int ARCH = HIPCUB_ARCH>
class BlockExchange : private ::rocprim::block_exchange<InputT, BLOCK_DIM_X, ITEMS_PER_THREAD, BLOCK_DIM_Y, BLOCK_DIM_Z> {
  using base = ::rocprim::block_exchange<InputT, BLOCK_DIM_X, ITEMS_PER_THREAD, BLOCK_DIM_Y, BLOCK_DIM_Z>;

public:
  using TempStorage = typename base::storage_type;
  HIPCUB_DEVICE BlockExchange() : temp_storage_(private_storage()) {}
  HIPCUB_DEVICE BlockExchange(TempStorage &temp_storage) : temp_storage_(temp_storage) {}

  template <typename OutputT>
  HIPCUB_DEVICE void StripedToBlocked(InputT (&input_items)[ITEMS_PER_THREAD], OutputT (&output_items)[ITEMS_PER_THREAD]) {
    base::striped_to_blocked(input_items, output_items, temp_storage_);
  }
  template <typename OutputT>
  HIPCUB_DEVICE void BlockedToStriped(InputT (&input_items)[ITEMS_PER_THREAD], OutputT (&output_items)[ITEMS_PER_THREAD]) {
    base::blocked_to_striped(input_items, output_items, temp_storage_);
  }
  template <typename OutputT>
  HIPCUB_DEVICE void WarpStripedToBlocked(InputT (&input_items)[ITEMS_PER_THREAD],
                                          OutputT (&output_items)[ITEMS_PER_THREAD]) {
    base::warp_striped_to_blocked(input_items, output_items, temp_storage_);
  }
  template <typename OutputT>
  HIPCUB_DEVICE void BlockedToWarpStriped(InputT (&input_items)[ITEMS_PER_THREAD],
                                          OutputT (&output_items)[ITEMS_PER_THREAD]) {
    base::blocked_to_warp_striped(input_items, output_items, temp_storage_);
  }
  template <typename OutputT, typename OffsetT>
  HIPCUB_DEVICE void ScatterToBlocked(InputT (&input_items)[ITEMS_PER_THREAD], OutputT (&output_items)[ITEMS_PER_THREAD],
                                      OffsetT (&ranks)[ITEMS_PER_THREAD]) {
    base::scatter_to_blocked(input_items, output_items, ranks, temp_storage_);
  }
  template <typename OutputT, typename OffsetT>
  HIPCUB_DEVICE void ScatterToStriped(InputT (&input_items)[ITEMS_PER_THREAD], OutputT (&output_items)[ITEMS_PER_THREAD],
                                      OffsetT (&ranks)[ITEMS_PER_THREAD]) {
    base::scatter_to_striped(input_items, output_items, ranks, temp_storage_);
  }
  template <typename OutputT, typename OffsetT>
  HIPCUB_DEVICE void ScatterToStripedGuarded(InputT (&input_items)[ITEMS_PER_THREAD],
                                             OutputT (&output_items)[ITEMS_PER_THREAD],
                                             OffsetT (&ranks)[ITEMS_PER_THREAD]) {
    base::scatter_to_striped_guarded(input_items, output_items, ranks, temp_storage_);
  }
  template <typename OutputT, typename OffsetT, typename ValidFlag>
  HIPCUB_DEVICE void ScatterToStripedFlagged(InputT (&input_items)[ITEMS_PER_THREAD],
                                             OutputT (&output_items)[ITEMS_PER_THREAD],
                                             OffsetT (&ranks)[ITEMS_PER_THREAD], ValidFlag (&is_valid)[ITEMS_PER_THREAD]) {
    base::scatter_to_striped_flagged(input_items, output_items, ranks, is_valid, temp_storage_);
  }
  /* The in-place forms. */
  HIPCUB_DEVICE void StripedToBlocked(InputT (&items)[ITEMS_PER_THREAD]) { StripedToBlocked(items, items); }
  HIPCUB_DEVICE void BlockedToStriped(InputT (&items)[ITEMS_PER_THREAD]) { BlockedToStriped(items, items); }
  HIPCUB_DEVICE void WarpStripedToBlocked(InputT (&items)[ITEMS_PER_THREAD]) { WarpStripedToBlocked(items, items); }
  HIPCUB_DEVICE void BlockedToWarpStriped(InputT (&items)[ITEMS_PER_THREAD]) { BlockedToWarpStriped(items, items); }
  template <typename OffsetT>
  HIPCUB_DEVICE void ScatterToBlocked(InputT (&items)[ITEMS_PER_THREAD], OffsetT (&ranks)[ITEMS_PER_THREAD]) {
    ScatterToBlocked(items, items, ranks);
  }
  template <typename OffsetT>
  HIPCUB_DEVICE void ScatterToStriped(InputT (&items)[ITEMS_PER_THREAD], OffsetT (&ranks)[ITEMS_PER_THREAD]) {
    ScatterToStriped(items, items, ranks);
  }

private:
  static HIPCUB_DEVICE TempStorage &private_storage() {
    HIPCUB_SHARED_MEMORY TempStorage storage;
    return storage;
  }
  TempStorage &temp_storage_;
};

END_HIPCUB_NAMESPACE
#endif

#endif
