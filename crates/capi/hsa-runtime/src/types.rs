//! C handle types: `struct { uint64_t handle; }`, passed by value (same ABI as `uint64_t`).

macro_rules! handles {
    ($($name:ident),* $(,)?) => {$(
        #[repr(C)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $name {
            pub handle: u64,
        }
    )*};
}

handles!(
    hsa_agent_t,
    hsa_signal_t,
    hsa_signal_group_t,
    hsa_region_t,
    hsa_cache_t,
    hsa_isa_t,
    hsa_wavefront_t,
    hsa_executable_t,
    hsa_executable_symbol_t,
    hsa_code_object_reader_t,
    hsa_loaded_code_object_t,
    hsa_code_object_t,
    hsa_code_symbol_t,
    hsa_amd_memory_pool_t,
    hsa_callback_data_t,
);
