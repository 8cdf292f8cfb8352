/* ferrocm hipCUB: thread_scan lives in thread_utils.hpp. */
#include "thread_utils.hpp"
