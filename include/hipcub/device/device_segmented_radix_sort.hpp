/* ferrocm hipCUB: DeviceSegmentedRadixSort lives with DeviceSegmentedSort. */
#include "device_segmented_sort.hpp"
