/*
 * ferrocm extensions to the HSA runtime API.
 *
 * Agent-dispatch packets (HSA_PACKET_TYPE_AGENT_DISPATCH) submitted to a queue of
 * the ferrocm CPU agent are served by its packet processor when their `type`
 * field holds one of the function codes below (the HIP runtime uses them for
 * copies, fills and host callbacks). Any other code makes the queue report
 * HSA_STATUS_ERROR_INVALID_PACKET_FORMAT through its error callback.
 * On completion the packet's completion signal is decremented by 1, as for
 * every packet. `return_address`, when non-NULL, receives a uint64_t result
 * (the number of bytes written for copies and fills, 0 for host calls).
 */
#ifndef HSA_EXT_FERROCM_H
#define HSA_EXT_FERROCM_H

#include <stdint.h>

/* Copy arg[2] bytes from (const void*)arg[1] to (void*)arg[0] (the regions may overlap: the copy behaves like memmove). */
#define FERROCM_AGENT_DISPATCH_MEMCPY 0x8001u
/*
 * Fill arg[2] elements of arg[3] bytes (1, 2, 4 or 8) at (void*)arg[0] with the
 * low arg[3] bytes of arg[1]. Any destination alignment is accepted (a misaligned one is filled bytewise).
 */
#define FERROCM_AGENT_DISPATCH_MEMSET 0x8002u
/* Call ((void (*)(void*))arg[0])((void*)arg[1]) on the packet processor's thread. */
#define FERROCM_AGENT_DISPATCH_HOST_CALL 0x8003u
/*
 * 2-D copy: arg[0] = dst, arg[1] = src, arg[2] = (dst_pitch << 32) | src_pitch,
 * arg[3] = (height << 32) | width_in_bytes. Pitches and sizes are 32-bit.
 */
#define FERROCM_AGENT_DISPATCH_MEMCPY_2D 0x8004u

#endif /* HSA_EXT_FERROCM_H */
