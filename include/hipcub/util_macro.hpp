/* ferrocm hipCUB: util_ptx / util_macro names live in thread/thread_utils.hpp. */
#include "thread/thread_utils.hpp"
