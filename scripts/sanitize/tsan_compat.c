/* Linked into the conformance programs by scripts/sanitize.sh (tsan-hip). The Rust runtime
 * library is instrumented by the LLVM of rustc, which calls __tsan_memcpy/__tsan_memset/
 * __tsan_memmove for its memory intrinsics; GCC 12's libtsan (the programs' runtime) predates
 * them. Forwarding to the C functions keeps the checks: libtsan intercepts those. */
#include <stddef.h>
#include <string.h>

void *__tsan_memcpy(void *dst, const void *src, size_t n) { return memcpy(dst, src, n); }
void *__tsan_memset(void *dst, int c, size_t n) { return memset(dst, c, n); }
void *__tsan_memmove(void *dst, const void *src, size_t n) { return memmove(dst, src, n); }
