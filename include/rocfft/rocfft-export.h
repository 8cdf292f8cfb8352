/* Symbol visibility of librocfft.so. */
#ifndef ROCFFT_EXPORT_H
#define ROCFFT_EXPORT_H

#ifndef ROCFFT_EXPORT
#define ROCFFT_EXPORT __attribute__((visibility("default")))
#endif

#endif /* ROCFFT_EXPORT_H */
