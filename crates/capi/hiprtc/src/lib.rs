//! libhiprtc.so
