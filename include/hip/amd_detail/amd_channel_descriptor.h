/* hip/amd_detail/amd_channel_descriptor.h, as ROCm ships it for programs that include it directly: on ferrocm
 * the CPU platform takes the AMD branch, and this is channel descriptors. */
#ifndef FERROCM_AMD_DETAIL_AMD_CHANNEL_DESCRIPTOR_H
#define FERROCM_AMD_DETAIL_AMD_CHANNEL_DESCRIPTOR_H
#include "../channel_descriptor.h"
#endif
