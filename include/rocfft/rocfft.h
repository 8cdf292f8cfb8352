/*
 * rocFFT's native API (ROCm 6.3), served by ferrocm's librocfft.so on the CPU platform
 * (rustfft/realfft) and on NVIDIA GPUs (cuFFT). Lengths, strides and offsets are
 * column-major: lengths[0] is the innermost (fastest varying) dimension. Compiles as C99
 * and C++11 or later. Functions that cannot be served here (multi-device fields and
 * bricks, device callbacks) return rocfft_status_failure; docs/LIBRARIES.md lists them.
 */
#ifndef ROCFFT_H
#define ROCFFT_H

#include <stddef.h>

#include "rocfft-export.h"
#include "rocfft-version.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct rocfft_plan_t* rocfft_plan;
typedef struct rocfft_plan_description_t* rocfft_plan_description;
typedef struct rocfft_execution_info_t* rocfft_execution_info;
typedef struct rocfft_field_t* rocfft_field;
typedef struct rocfft_brick_t* rocfft_brick;

typedef enum rocfft_status_e {
    rocfft_status_success,
    rocfft_status_failure,
    rocfft_status_invalid_arg_value,
    rocfft_status_invalid_dimensions,
    rocfft_status_invalid_array_type,
    rocfft_status_invalid_strides,
    rocfft_status_invalid_distance,
    rocfft_status_invalid_offset,
    rocfft_status_invalid_work_buffer,
} rocfft_status;

typedef enum rocfft_transform_type_e {
    rocfft_transform_type_complex_forward,
    rocfft_transform_type_complex_inverse,
    rocfft_transform_type_real_forward,
    rocfft_transform_type_real_inverse,
} rocfft_transform_type;

typedef enum rocfft_precision_e {
    rocfft_precision_single,
    rocfft_precision_double,
    rocfft_precision_half,
} rocfft_precision;

typedef enum rocfft_result_placement_e {
    rocfft_placement_inplace,
    rocfft_placement_notinplace,
} rocfft_result_placement;

typedef enum rocfft_array_type_e {
    rocfft_array_type_complex_interleaved,
    rocfft_array_type_complex_planar,
    rocfft_array_type_real,
    rocfft_array_type_hermitian_interleaved,
    rocfft_array_type_hermitian_planar,
    rocfft_array_type_unset,
} rocfft_array_type;

typedef enum rocfft_comm_type_e {
    rocfft_comm_none,
    rocfft_comm_mpi,
} rocfft_comm_type;

/* Library setup and teardown (nothing to do here; kept for the API). */
ROCFFT_EXPORT rocfft_status rocfft_setup(void);
ROCFFT_EXPORT rocfft_status rocfft_cleanup(void);

/* Plans. `description` may be NULL for dense, interleaved data. */
ROCFFT_EXPORT rocfft_status rocfft_plan_create(rocfft_plan* plan, rocfft_result_placement placement,
                                               rocfft_transform_type transform_type, rocfft_precision precision,
                                               size_t dimensions, const size_t* lengths,
                                               size_t number_of_transforms,
                                               const rocfft_plan_description description);
/* Enqueues the transform on the execution info's stream (NULL info: the null stream). */
ROCFFT_EXPORT rocfft_status rocfft_execute(const rocfft_plan plan, void* in_buffer[], void* out_buffer[],
                                           rocfft_execution_info info);
ROCFFT_EXPORT rocfft_status rocfft_plan_destroy(rocfft_plan plan);

/* Plan descriptions. */
ROCFFT_EXPORT rocfft_status rocfft_plan_description_set_scale_factor(rocfft_plan_description description,
                                                                     const double scale_factor);
ROCFFT_EXPORT rocfft_status rocfft_plan_description_set_data_layout(
    rocfft_plan_description description, const rocfft_array_type in_array_type,
    const rocfft_array_type out_array_type, const size_t* in_offsets, const size_t* out_offsets,
    const size_t in_strides_size, const size_t* in_strides, const size_t in_distance,
    const size_t out_strides_size, const size_t* out_strides, const size_t out_distance);

/* Multi-device fields and bricks (not supported: a plan runs on one device). */
ROCFFT_EXPORT rocfft_status rocfft_field_create(rocfft_field* field);
ROCFFT_EXPORT rocfft_status rocfft_field_destroy(rocfft_field field);

ROCFFT_EXPORT rocfft_status rocfft_get_version_string(char* buf, size_t len);

ROCFFT_EXPORT rocfft_status rocfft_plan_description_set_comm(rocfft_plan_description description,
                                                             rocfft_comm_type comm_type, void* comm_handle);
ROCFFT_EXPORT rocfft_status rocfft_brick_create(rocfft_brick* brick, const size_t* field_lower,
                                                const size_t* field_upper, const size_t* brick_stride,
                                                size_t dim, int deviceID);
ROCFFT_EXPORT rocfft_status rocfft_brick_destroy(rocfft_brick brick);
ROCFFT_EXPORT rocfft_status rocfft_field_add_brick(rocfft_field field, rocfft_brick brick);
ROCFFT_EXPORT rocfft_status rocfft_plan_description_add_infield(rocfft_plan_description description,
                                                                rocfft_field field);
ROCFFT_EXPORT rocfft_status rocfft_plan_description_add_outfield(rocfft_plan_description description,
                                                                 rocfft_field field);

/* Plan queries (the CPU backend needs no work buffer: 0 bytes). */
ROCFFT_EXPORT rocfft_status rocfft_plan_get_work_buffer_size(const rocfft_plan plan, size_t* size_in_bytes);
ROCFFT_EXPORT rocfft_status rocfft_plan_get_print(const rocfft_plan plan);

ROCFFT_EXPORT rocfft_status rocfft_plan_description_create(rocfft_plan_description* description);
ROCFFT_EXPORT rocfft_status rocfft_plan_description_destroy(rocfft_plan_description description);

/* Execution infos: stream and work buffer of an execution. */
ROCFFT_EXPORT rocfft_status rocfft_execution_info_create(rocfft_execution_info* info);
ROCFFT_EXPORT rocfft_status rocfft_execution_info_destroy(rocfft_execution_info info);
ROCFFT_EXPORT rocfft_status rocfft_execution_info_set_work_buffer(rocfft_execution_info info, void* work_buffer,
                                                                  const size_t size_in_bytes);
ROCFFT_EXPORT rocfft_status rocfft_execution_info_set_stream(rocfft_execution_info info, void* stream);
/* Device callbacks (not supported). */
ROCFFT_EXPORT rocfft_status rocfft_execution_info_set_load_callback(rocfft_execution_info info, void** cb_functions,
                                                                    void** cb_data, size_t shared_mem_bytes);
ROCFFT_EXPORT rocfft_status rocfft_execution_info_set_store_callback(rocfft_execution_info info, void** cb_functions,
                                                                     void** cb_data, size_t shared_mem_bytes);

/* The kernel cache (empty here: nothing is compiled at run time). */
ROCFFT_EXPORT rocfft_status rocfft_cache_serialize(void** buffer, size_t* buffer_len_bytes);
ROCFFT_EXPORT rocfft_status rocfft_cache_buffer_free(void* buffer);
ROCFFT_EXPORT rocfft_status rocfft_cache_deserialize(const void* buffer, size_t buffer_len_bytes);

#ifdef __cplusplus
}
#endif

#endif /* ROCFFT_H */
