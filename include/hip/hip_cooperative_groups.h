/*
 * HIP cooperative groups: CUDA's on NVIDIA (nvidia/hip_cooperative_groups.h), ours on the CPU
 * platform (cpu/cooperative_groups.h: thread blocks, tiles and coalesced groups of a
 * wavefront, and grid / multi-grid synchronisation through cooperative launches).
 */
#ifndef HIP_COOPERATIVE_GROUPS_H
#define HIP_COOPERATIVE_GROUPS_H

#include "hip_runtime.h"

#if defined(__HIP_PLATFORM_NVIDIA__)
#include "nvidia/hip_cooperative_groups.h"
#else /* the rest of this file is the CPU platform's */

#if !defined(__HIP_PLATFORM_CPU__) || !defined(HIP_CPU_HIP_RUNTIME_H)
#error "ferrocm: hip_cooperative_groups.h needs the CPU platform's device language (C++17)"
#endif

#include "cpu/cooperative_groups.h"

#endif /* !__HIP_PLATFORM_NVIDIA__ */

#endif /* HIP_COOPERATIVE_GROUPS_H */
