/*
 * rocFFT version (ferrocm's librocfft.so follows ROCm 6.3's rocFFT 1.0.31 API).
 */
#ifndef ROCFFT_VERSION_H
#define ROCFFT_VERSION_H

#define rocfft_version_major 1
#define rocfft_version_minor 0
#define rocfft_version_patch 31
#define rocfft_version_tweak 0

#endif /* ROCFFT_VERSION_H */
