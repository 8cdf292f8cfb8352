/* ferrocm hipCUB: thread_store lives in thread_utils.hpp. */
#include "thread_utils.hpp"
