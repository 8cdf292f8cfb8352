// thrust/version.h as rocThrust provides it (ferrocm). CPU platform: ferrocm's implementation
// (thrust/ferrocm/, one set of headers behind every public one); NVIDIA platform: the CUDA
// toolkit's Thrust, plus rocThrust's spellings (thrust/ferrocm/nvidia.h).
#pragma once
#include <thrust/ferrocm/platform.h>
#if FERROCM_THRUST_NVIDIA
#include_next <thrust/version.h>
#include <thrust/ferrocm/nvidia.h>
#else
#include <thrust/ferrocm/all.h>
#endif
