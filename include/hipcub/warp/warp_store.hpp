/* ferrocm hipCUB: warp_store lives with WarpExchange (warp_exchange.hpp). */
#include "warp_exchange.hpp"
