// Header for hiprtc.hip: found through the -I option that the program passes to hiprtc.
#pragma once
#define RTC_OFFSET 7
__device__ inline int rtc_offset(int i) { return RTC_OFFSET + (i & 1); }
