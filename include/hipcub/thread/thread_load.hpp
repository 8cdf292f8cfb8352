/* ferrocm hipCUB: thread_load lives in thread_utils.hpp. */
#include "thread_utils.hpp"
