/* roctx: code annotations (markers and ranges) for rocprofv3. ferrocm's libroctx64.so.
 *
 * Link with -lroctx64. Markers and ranges are recorded when the program runs under
 * `rocprofv3 --marker-trace`; otherwise they cost a thread-local push or pop.
 * See docs/PROFILING.md. */
#ifndef ROCTX_H_
#define ROCTX_H_ 1

#include <stdint.h>

#if !defined(ROCTX_CALL)
#define ROCTX_CALL
#endif

#if !defined(ROCTX_API)
#if defined(__GNUC__)
#define ROCTX_API __attribute__((visibility("default"))) ROCTX_CALL
#else
#define ROCTX_API ROCTX_CALL
#endif
#endif

#define ROCTX_VERSION_MAJOR 4
#define ROCTX_VERSION_MINOR 1

#ifdef __cplusplus
extern "C" {
#endif

/* Range ids (roctxRangeStartA) and thread ids (roctxGetThreadId). */
typedef uint64_t roctx_range_id_t;
typedef uint64_t roctx_thread_id_t;

/* ROCTX_VERSION_MAJOR and ROCTX_VERSION_MINOR. */
ROCTX_API uint32_t roctx_version_major(void);
ROCTX_API uint32_t roctx_version_minor(void);

/* An instant marker with a message (NULL reads as ""). */
ROCTX_API void roctxMarkA(const char* message);
#define roctxMark(message) roctxMarkA(message)

/* Opens a range nested in the calling thread's open ranges; returns its level (0 for the
 * outermost), or -1 when called from the thread's teardown (thread-local destructors). */
ROCTX_API int roctxRangePushA(const char* message);
#define roctxRangePush(message) roctxRangePushA(message)

/* Closes the calling thread's innermost range; returns the level it was opened at, or -1
 * when the thread has no open range. */
ROCTX_API int roctxRangePop(void);

/* Opens a range that any thread may close with roctxRangeStop; returns its id (never 0). */
ROCTX_API roctx_range_id_t roctxRangeStartA(const char* message);
#define roctxRangeStart(message) roctxRangeStartA(message)

/* Closes the range `id`; an id that is not open is ignored. */
ROCTX_API void roctxRangeStop(roctx_range_id_t id);

/* Pause and resume the profiler's recording in every domain (HIP calls too); `tid` is
 * ignored. Return 0. */
ROCTX_API int roctxProfilerPause(roctx_thread_id_t tid);
ROCTX_API int roctxProfilerResume(roctx_thread_id_t tid);

/* Writes the calling thread's id as the profiler reports it (its Thread_Id); returns 0, or -1
 * for a NULL `tid`. */
ROCTX_API int roctxGetThreadId(roctx_thread_id_t* tid);

/* Names the calling thread's track in rocprofv3's Perfetto output; returns 0, or -1 for a
 * NULL name. */
ROCTX_API int roctxNameOsThread(const char* name);

/* Naming agents, devices and streams: not supported yet, return -1 (they have no tracks
 * before kernel and copy traces). */
struct hsa_agent_s;
struct ihipStream_t;
ROCTX_API int roctxNameHsaAgent(const char* name, const struct hsa_agent_s* agent);
ROCTX_API int roctxNameHipDevice(const char* name, int device_id);
ROCTX_API int roctxNameHipStream(const char* name, const struct ihipStream_t* stream);

#ifdef __cplusplus
}
#endif

#endif /* ROCTX_H_ */
