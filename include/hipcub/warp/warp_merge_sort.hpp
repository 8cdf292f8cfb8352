/* ferrocm hipCUB: warp_merge_sort lives with WarpExchange (warp_exchange.hpp). */
#include "warp_exchange.hpp"
