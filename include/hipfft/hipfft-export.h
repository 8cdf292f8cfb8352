/* Symbol visibility of libhipfft.so. */
#ifndef HIPFFT_EXPORT_H
#define HIPFFT_EXPORT_H

#ifndef HIPFFT_EXPORT
#define HIPFFT_EXPORT __attribute__((visibility("default")))
#endif

#endif /* HIPFFT_EXPORT_H */
