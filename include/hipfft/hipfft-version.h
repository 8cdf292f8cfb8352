/*
 * hipFFT version (ferrocm's libhipfft.so follows ROCm 6.3's hipFFT 1.0.17 API).
 * hipfftGetVersion reports the rocFFT version underneath, as AMD's hipFFT does.
 */
#ifndef HIPFFT_VERSION_H
#define HIPFFT_VERSION_H

#define hipfftVersionMajor 1
#define hipfftVersionMinor 0
#define hipfftVersionPatch 17
#define hipfftVersionTweak 0

#endif /* HIPFFT_VERSION_H */
