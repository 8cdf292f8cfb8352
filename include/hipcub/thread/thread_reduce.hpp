/* ferrocm hipCUB: thread_reduce lives in thread_utils.hpp. */
#include "thread_utils.hpp"
