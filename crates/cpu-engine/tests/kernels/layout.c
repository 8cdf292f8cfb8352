/* Exports the C compiler's view of the ABI structs, checked against the Rust mirrors. */
#include <stddef.h>
#include <ferrocm/cpu_kernel.h>

FERROCM_CODE_OBJECT();

#define OFF(T, f) (uint32_t) offsetof(T, f)

FERROCM_EXPORT const uint32_t workitem_layout[] = {
    (uint32_t)sizeof(ferrocm_workitem_t),
    OFF(ferrocm_workitem_t, local_id), OFF(ferrocm_workitem_t, group_id),
    OFF(ferrocm_workitem_t, workgroup_size), OFF(ferrocm_workitem_t, local_size),
    OFF(ferrocm_workitem_t, grid_size), OFF(ferrocm_workitem_t, num_groups),
    OFF(ferrocm_workitem_t, dimensions), OFF(ferrocm_workitem_t, flat_local_id),
    OFF(ferrocm_workitem_t, group_segment), OFF(ferrocm_workitem_t, group_segment_size),
    OFF(ferrocm_workitem_t, dynamic_group_offset), OFF(ferrocm_workitem_t, private_segment),
    OFF(ferrocm_workitem_t, kernarg), OFF(ferrocm_workitem_t, ops),
    OFF(ferrocm_workitem_t, dispatch_id), OFF(ferrocm_workitem_t, range_end),
    OFF(ferrocm_workitem_t, reserved0), OFF(ferrocm_workitem_t, engine_private),
    OFF(ferrocm_workitem_t, reserved),
};

FERROCM_EXPORT const uint32_t device_ops_layout[] = {
    (uint32_t)sizeof(ferrocm_device_ops_t),
    OFF(ferrocm_device_ops_t, version), OFF(ferrocm_device_ops_t, size),
    OFF(ferrocm_device_ops_t, barrier), OFF(ferrocm_device_ops_t, wave_exchange),
    OFF(ferrocm_device_ops_t, reserved),
};

FERROCM_EXPORT const uint32_t descriptor_layout[] = {
    (uint32_t)sizeof(ferrocm_kernel_descriptor_t),
    OFF(ferrocm_kernel_descriptor_t, magic), OFF(ferrocm_kernel_descriptor_t, abi_version),
    OFF(ferrocm_kernel_descriptor_t, kernarg_segment_size),
    OFF(ferrocm_kernel_descriptor_t, kernarg_segment_alignment),
    OFF(ferrocm_kernel_descriptor_t, group_segment_size),
    OFF(ferrocm_kernel_descriptor_t, private_segment_size),
    OFF(ferrocm_kernel_descriptor_t, flags), OFF(ferrocm_kernel_descriptor_t, reserved0),
    OFF(ferrocm_kernel_descriptor_t, workitem_fn), OFF(ferrocm_kernel_descriptor_t, workgroup_fn),
    OFF(ferrocm_kernel_descriptor_t, params), OFF(ferrocm_kernel_descriptor_t, host_function),
    OFF(ferrocm_kernel_descriptor_t, attributes),
};

FERROCM_EXPORT const uint32_t attributes_layout[] = {
    (uint32_t)sizeof(ferrocm_kernel_attributes_t),
    OFF(ferrocm_kernel_attributes_t, max_threads_per_block),
    OFF(ferrocm_kernel_attributes_t, min_blocks_per_multiprocessor),
    OFF(ferrocm_kernel_attributes_t, static_shared_size), OFF(ferrocm_kernel_attributes_t, reserved),
};

FERROCM_EXPORT const uint32_t params_layout[] = {
    (uint32_t)sizeof(ferrocm_kernel_params_t),
    OFF(ferrocm_kernel_params_t, count), OFF(ferrocm_kernel_params_t, explicit_size),
    OFF(ferrocm_kernel_params_t, offsets), OFF(ferrocm_kernel_params_t, sizes),
};

FERROCM_EXPORT const uint32_t constants[] = {
    FERROCM_CPU_ABI_VERSION, FERROCM_WAVEFRONT_SIZE, FERROCM_MAX_WORKGROUP_SIZE,
    FERROCM_KERNEL_DESCRIPTOR_MAGIC, FERROCM_KERNEL_FLAG_DYNAMIC_CALLSTACK,
};
