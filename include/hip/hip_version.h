/* HIP version implemented by ferrocm's headers and runtime. */
#ifndef HIP_VERSION_H
#define HIP_VERSION_H

#define HIP_VERSION_MAJOR 7
#define HIP_VERSION_MINOR 1
#define HIP_VERSION_PATCH 0
#define HIP_VERSION_GITHASH "ferrocm"
#define HIP_VERSION_BUILD_ID 0
#define HIP_VERSION_BUILD_NAME "ferrocm"
/* HIP's encoding (hipRuntimeGetVersion / hipDriverGetVersion report this number). */
#define HIP_VERSION (HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000 + HIP_VERSION_PATCH)

#endif /* HIP_VERSION_H */
