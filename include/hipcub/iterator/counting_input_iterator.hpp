/* ferrocm hipCUB: CUB's iterator/counting_input_iterator.cuh (both platforms: iterators.hpp). */
#include "../config.hpp"
#if defined(__HIP_PLATFORM_NVIDIA__)
#include "../backend/cub/hipcub_cub.hpp"
#endif
#include "iterators.hpp"
