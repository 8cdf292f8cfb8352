/* rocRAND version of the API ferrocm declares (ROCm 6.3's rocRAND 3.2.0). */
#ifndef ROCRAND_VERSION_H_
#define ROCRAND_VERSION_H_
#define ROCRAND_VERSION_MAJOR 3
#define ROCRAND_VERSION_MINOR 2
#define ROCRAND_VERSION_PATCH 0
#define ROCRAND_VERSION 300200
#endif
