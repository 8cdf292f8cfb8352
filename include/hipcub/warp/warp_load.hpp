/* ferrocm hipCUB: warp_load lives with WarpExchange (warp_exchange.hpp). */
#include "warp_exchange.hpp"
