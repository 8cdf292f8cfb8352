//! hiprtc core.
