/* ferrocm rocPRIM: the rocPRIM API version this implementation follows (5.3 era). */
#ifndef ROCPRIM_VERSION_HPP_
#define ROCPRIM_VERSION_HPP_
#define ROCPRIM_VERSION_MAJOR 2
#define ROCPRIM_VERSION_MINOR 11
#define ROCPRIM_VERSION_PATCH 0
#define ROCPRIM_VERSION (ROCPRIM_VERSION_MAJOR * 100000 + ROCPRIM_VERSION_MINOR * 100 + ROCPRIM_VERSION_PATCH)
namespace rocprim {
inline constexpr unsigned int version() { return ROCPRIM_VERSION; }
} // namespace rocprim
#endif
