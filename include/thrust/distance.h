// thrust/distance.h as rocThrust provides it (ferrocm). CPU platform: ferrocm's implementation
// (thrust/ferrocm/, one set of headers behind every public one); NVIDIA platform: the CUDA
// toolkit's Thrust, plus rocThrust's spellings (thrust/ferrocm/nvidia.h), added by the
// outermost thrust header once the toolkit's headers it pulled in are complete.
#pragma once
#include <thrust/ferrocm/platform.h>
#if FERROCM_THRUST_NVIDIA
#ifndef FERROCM_THRUST_NV_NESTED
#define FERROCM_THRUST_NV_NESTED
#include_next <thrust/distance.h>
#undef FERROCM_THRUST_NV_NESTED
#include <thrust/ferrocm/nvidia.h>
#else
#include_next <thrust/distance.h>
#endif
#else
#include <thrust/ferrocm/all.h>
#endif
