/* ferrocm hipCUB: CUB's iterator/transform_input_iterator.cuh (CPU: iterators.hpp; NVIDIA: CUB's). */
#include "../config.hpp"
#if defined(__HIP_PLATFORM_NVIDIA__)
#include "../backend/cub/hipcub_cub.hpp"
#else
#include "iterators.hpp"
#endif
