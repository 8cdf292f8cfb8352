/* hipRAND version of the API ferrocm declares (ROCm 6.3's hipRAND 2.11.0). */
#ifndef HIPRAND_VERSION_H_
#define HIPRAND_VERSION_H_
#define HIPRAND_VERSION_MAJOR 2
#define HIPRAND_VERSION_MINOR 11
#define HIPRAND_VERSION_PATCH 0
#define HIPRAND_VERSION 201100
#endif
