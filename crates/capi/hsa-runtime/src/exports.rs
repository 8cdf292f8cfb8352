//! The one declaration list of `libhsa-runtime64.so`: every function of `hsa.h` and
//! `hsa_ext_amd.h` that the library exports, grouped by the module that implements it,
//! each served by the crate function of the same name ([`crate::imp`]; entry discipline
//! there: panic containment, the initialisation check, argument checks, statuses).
//! The macro also makes the bad-input probe table (`PROBES`: tests only, not exported).
//! No `#[no_mangle]` anywhere else in this crate.

use std::ffi::{c_char, c_void};

use crate::imp::*;
use crate::types::*;

macro_rules! hsa_exports {
    ($( fn $name:ident ( $($arg:ident : $ty:ty),* $(,)? ) $(-> $ret:ty)?; )*) => {
        /// Every exported function, in the list's order.
        pub const EXPORTS: &[&str] = &[$(stringify!($name)),*];

        /// Every exported function with a caller for the bad-input probes.
        pub static PROBES: &[ferrocm_probe::Probe] = &[$(
            ferrocm_probe::probe!($name($($arg: $ty),*) $(-> $ret)?),
        )*];

        $(
            /// # Safety
            /// The HSA specification's contract for this function.
            #[no_mangle]
            #[allow(clippy::too_many_arguments, clippy::unused_unit)]
            pub unsafe extern "C" fn $name($($arg: $ty),*) $(-> $ret)? {
                // Traced only under rocprofv3 --hsa-trace (one atomic load otherwise).
                match crate::profiler::recorder() {
                    None => {
                        // SAFETY: the C caller's contract is the implementation's.
                        unsafe { crate::imp::$name($($arg),*) }
                    }
                    Some(recorder) => {
                        let start = crate::profiler::start();
                        // SAFETY: as above.
                        let value = unsafe { crate::imp::$name($($arg),*) };
                        let status = crate::profiler::CallStatus::call_status(&value);
                        crate::profiler::record(recorder, stringify!($name), start, status);
                        value
                    }
                }
            }
        )*
    };
}

hsa_exports! {
    // init.rs
    fn hsa_status_string(status: hsa_status_t, status_string: *mut *const c_char) -> hsa_status_t;
    fn hsa_init() -> hsa_status_t;
    fn hsa_shut_down() -> hsa_status_t;
    fn hsa_system_get_info(attribute: u32, value: *mut c_void) -> hsa_status_t;
    fn hsa_extension_get_name(extension: u16, name: *mut *const c_char) -> hsa_status_t;
    fn hsa_system_extension_supported(extension: u16, version_major: u16, _version_minor: u16, result: *mut bool) -> hsa_status_t;
    fn hsa_system_major_extension_supported(extension: u16, version_major: u16, version_minor: *mut u16, result: *mut bool) -> hsa_status_t;
    fn hsa_system_get_extension_table(extension: u16, version_major: u16, _version_minor: u16, table: *mut c_void) -> hsa_status_t;
    fn hsa_system_get_major_extension_table(extension: u16, version_major: u16, _table_length: usize, table: *mut c_void) -> hsa_status_t;
    // agent.rs
    fn hsa_agent_get_info(agent: hsa_agent_t, attribute: u32, value: *mut c_void) -> hsa_status_t;
    fn hsa_iterate_agents(callback: Option<AgentCallback>, data: *mut c_void) -> hsa_status_t;
    fn hsa_agent_get_exception_policies(agent: hsa_agent_t, profile: u32, mask: *mut u16) -> hsa_status_t;
    fn hsa_cache_get_info(cache: hsa_cache_t, attribute: u32, value: *mut c_void) -> hsa_status_t;
    fn hsa_agent_iterate_caches(agent: hsa_agent_t, callback: Option<CacheCallback>, data: *mut c_void) -> hsa_status_t;
    fn hsa_agent_extension_supported(extension: u16, agent: hsa_agent_t, _version_major: u16, _version_minor: u16, result: *mut bool) -> hsa_status_t;
    fn hsa_agent_major_extension_supported(extension: u16, agent: hsa_agent_t, _version_major: u16, version_minor: *mut u16, result: *mut bool) -> hsa_status_t;
    fn hsa_isa_from_name(name: *const c_char, isa: *mut hsa_isa_t) -> hsa_status_t;
    fn hsa_agent_iterate_isas(agent: hsa_agent_t, callback: Option<IsaCallback>, data: *mut c_void) -> hsa_status_t;
    fn hsa_isa_get_info(isa: hsa_isa_t, attribute: u32, index: u32, value: *mut c_void) -> hsa_status_t;
    fn hsa_isa_get_info_alt(isa: hsa_isa_t, attribute: u32, value: *mut c_void) -> hsa_status_t;
    fn hsa_isa_get_exception_policies(isa: hsa_isa_t, profile: u32, mask: *mut u16) -> hsa_status_t;
    fn hsa_isa_get_round_method(isa: hsa_isa_t, fp_type: u32, flush_mode: u32, round_method: *mut u32) -> hsa_status_t;
    fn hsa_wavefront_get_info(wavefront: hsa_wavefront_t, attribute: u32, value: *mut c_void) -> hsa_status_t;
    fn hsa_isa_iterate_wavefronts(isa: hsa_isa_t, callback: Option<WavefrontCallback>, data: *mut c_void) -> hsa_status_t;
    fn hsa_isa_compatible(code_object_isa: hsa_isa_t, agent_isa: hsa_isa_t, result: *mut bool) -> hsa_status_t;
    // memory.rs
    fn hsa_region_get_info(region: hsa_region_t, attribute: u32, value: *mut c_void) -> hsa_status_t;
    fn hsa_agent_iterate_regions(agent: hsa_agent_t, callback: Option<RegionCallback>, data: *mut c_void) -> hsa_status_t;
    fn hsa_memory_allocate(region: hsa_region_t, size: usize, ptr: *mut *mut c_void) -> hsa_status_t;
    fn hsa_memory_free(ptr: *mut c_void) -> hsa_status_t;
    fn hsa_memory_copy(dst: *mut c_void, src: *const c_void, size: usize) -> hsa_status_t;
    fn hsa_memory_assign_agent(ptr: *mut c_void, agent: hsa_agent_t, access: u32) -> hsa_status_t;
    fn hsa_memory_register(ptr: *mut c_void, size: usize) -> hsa_status_t;
    fn hsa_memory_deregister(ptr: *mut c_void, size: usize) -> hsa_status_t;
    // signal.rs
    fn hsa_signal_load_scacquire(signal: hsa_signal_t) -> i64;
    fn hsa_signal_load_relaxed(signal: hsa_signal_t) -> i64;
    fn hsa_signal_load_acquire(signal: hsa_signal_t) -> i64;
    fn hsa_signal_store_relaxed(signal: hsa_signal_t, value: i64);
    fn hsa_signal_store_screlease(signal: hsa_signal_t, value: i64);
    fn hsa_signal_store_release(signal: hsa_signal_t, value: i64);
    fn hsa_signal_silent_store_relaxed(signal: hsa_signal_t, value: i64);
    fn hsa_signal_silent_store_screlease(signal: hsa_signal_t, value: i64);
    fn hsa_signal_add_scacq_screl(signal: hsa_signal_t, value: i64);
    fn hsa_signal_add_scacquire(signal: hsa_signal_t, value: i64);
    fn hsa_signal_add_relaxed(signal: hsa_signal_t, value: i64);
    fn hsa_signal_add_screlease(signal: hsa_signal_t, value: i64);
    fn hsa_signal_add_acq_rel(signal: hsa_signal_t, value: i64);
    fn hsa_signal_add_acquire(signal: hsa_signal_t, value: i64);
    fn hsa_signal_add_release(signal: hsa_signal_t, value: i64);
    fn hsa_signal_subtract_scacq_screl(signal: hsa_signal_t, value: i64);
    fn hsa_signal_subtract_scacquire(signal: hsa_signal_t, value: i64);
    fn hsa_signal_subtract_relaxed(signal: hsa_signal_t, value: i64);
    fn hsa_signal_subtract_screlease(signal: hsa_signal_t, value: i64);
    fn hsa_signal_subtract_acq_rel(signal: hsa_signal_t, value: i64);
    fn hsa_signal_subtract_acquire(signal: hsa_signal_t, value: i64);
    fn hsa_signal_subtract_release(signal: hsa_signal_t, value: i64);
    fn hsa_signal_and_scacq_screl(signal: hsa_signal_t, value: i64);
    fn hsa_signal_and_scacquire(signal: hsa_signal_t, value: i64);
    fn hsa_signal_and_relaxed(signal: hsa_signal_t, value: i64);
    fn hsa_signal_and_screlease(signal: hsa_signal_t, value: i64);
    fn hsa_signal_and_acq_rel(signal: hsa_signal_t, value: i64);
    fn hsa_signal_and_acquire(signal: hsa_signal_t, value: i64);
    fn hsa_signal_and_release(signal: hsa_signal_t, value: i64);
    fn hsa_signal_or_scacq_screl(signal: hsa_signal_t, value: i64);
    fn hsa_signal_or_scacquire(signal: hsa_signal_t, value: i64);
    fn hsa_signal_or_relaxed(signal: hsa_signal_t, value: i64);
    fn hsa_signal_or_screlease(signal: hsa_signal_t, value: i64);
    fn hsa_signal_or_acq_rel(signal: hsa_signal_t, value: i64);
    fn hsa_signal_or_acquire(signal: hsa_signal_t, value: i64);
    fn hsa_signal_or_release(signal: hsa_signal_t, value: i64);
    fn hsa_signal_xor_scacq_screl(signal: hsa_signal_t, value: i64);
    fn hsa_signal_xor_scacquire(signal: hsa_signal_t, value: i64);
    fn hsa_signal_xor_relaxed(signal: hsa_signal_t, value: i64);
    fn hsa_signal_xor_screlease(signal: hsa_signal_t, value: i64);
    fn hsa_signal_xor_acq_rel(signal: hsa_signal_t, value: i64);
    fn hsa_signal_xor_acquire(signal: hsa_signal_t, value: i64);
    fn hsa_signal_xor_release(signal: hsa_signal_t, value: i64);
    fn hsa_signal_exchange_scacq_screl(signal: hsa_signal_t, value: i64) -> i64;
    fn hsa_signal_exchange_scacquire(signal: hsa_signal_t, value: i64) -> i64;
    fn hsa_signal_exchange_relaxed(signal: hsa_signal_t, value: i64) -> i64;
    fn hsa_signal_exchange_screlease(signal: hsa_signal_t, value: i64) -> i64;
    fn hsa_signal_exchange_acq_rel(signal: hsa_signal_t, value: i64) -> i64;
    fn hsa_signal_exchange_acquire(signal: hsa_signal_t, value: i64) -> i64;
    fn hsa_signal_exchange_release(signal: hsa_signal_t, value: i64) -> i64;
    fn hsa_signal_cas_scacq_screl(signal: hsa_signal_t, expected: i64, value: i64) -> i64;
    fn hsa_signal_cas_scacquire(signal: hsa_signal_t, expected: i64, value: i64) -> i64;
    fn hsa_signal_cas_relaxed(signal: hsa_signal_t, expected: i64, value: i64) -> i64;
    fn hsa_signal_cas_screlease(signal: hsa_signal_t, expected: i64, value: i64) -> i64;
    fn hsa_signal_cas_acq_rel(signal: hsa_signal_t, expected: i64, value: i64) -> i64;
    fn hsa_signal_cas_acquire(signal: hsa_signal_t, expected: i64, value: i64) -> i64;
    fn hsa_signal_cas_release(signal: hsa_signal_t, expected: i64, value: i64) -> i64;
    fn hsa_signal_wait_scacquire(signal: hsa_signal_t, condition: u32, compare_value: i64, timeout_hint: u64, wait_state_hint: u32) -> i64;
    fn hsa_signal_wait_relaxed(signal: hsa_signal_t, condition: u32, compare_value: i64, timeout_hint: u64, wait_state_hint: u32) -> i64;
    fn hsa_signal_wait_acquire(signal: hsa_signal_t, condition: u32, compare_value: i64, timeout_hint: u64, wait_state_hint: u32) -> i64;
    fn hsa_signal_create(initial_value: i64, num_consumers: u32, consumers_: *const hsa_agent_t, signal: *mut hsa_signal_t) -> hsa_status_t;
    fn hsa_signal_destroy(signal: hsa_signal_t) -> hsa_status_t;
    fn hsa_amd_signal_create(initial_value: i64, num_consumers: u32, consumers_: *const hsa_agent_t, attributes: u64, signal: *mut hsa_signal_t) -> hsa_status_t;
    fn hsa_amd_signal_value_pointer(signal: hsa_signal_t, value_ptr: *mut *mut i64) -> hsa_status_t;
    fn hsa_signal_group_create(num_signals: u32, signals: *const hsa_signal_t, num_consumers: u32, consumers_: *const hsa_agent_t, signal_group: *mut hsa_signal_group_t) -> hsa_status_t;
    fn hsa_signal_group_destroy(signal_group: hsa_signal_group_t) -> hsa_status_t;
    fn hsa_signal_group_wait_any_scacquire(signal_group: hsa_signal_group_t, conditions: *const u32, compare_values: *const i64, wait_state_hint: u32, signal: *mut hsa_signal_t, value: *mut i64) -> hsa_status_t;
    fn hsa_signal_group_wait_any_relaxed(signal_group: hsa_signal_group_t, conditions: *const u32, compare_values: *const i64, wait_state_hint: u32, signal: *mut hsa_signal_t, value: *mut i64) -> hsa_status_t;
    fn hsa_amd_signal_async_handler(signal: hsa_signal_t, cond: u32, value: i64, handler: Option<unsafe extern "C" fn(i64, *mut c_void) -> bool>, arg: *mut c_void) -> hsa_status_t;
    fn hsa_amd_async_function(callback: Option<unsafe extern "C" fn(*mut c_void)>, arg: *mut c_void) -> hsa_status_t;
    fn hsa_amd_signal_wait_any(signal_count: u32, signals: *const hsa_signal_t, conds: *const u32, values: *const i64, timeout_hint: u64, wait_hint: u32, satisfying_value: *mut i64) -> u32;
    // queue.rs
    fn hsa_queue_load_read_index_scacquire(queue: *const HsaQueue) -> u64;
    fn hsa_queue_load_read_index_relaxed(queue: *const HsaQueue) -> u64;
    fn hsa_queue_load_read_index_acquire(queue: *const HsaQueue) -> u64;
    fn hsa_queue_load_write_index_scacquire(queue: *const HsaQueue) -> u64;
    fn hsa_queue_load_write_index_relaxed(queue: *const HsaQueue) -> u64;
    fn hsa_queue_load_write_index_acquire(queue: *const HsaQueue) -> u64;
    fn hsa_queue_store_write_index_relaxed(queue: *const HsaQueue, value: u64);
    fn hsa_queue_store_write_index_screlease(queue: *const HsaQueue, value: u64);
    fn hsa_queue_store_write_index_release(queue: *const HsaQueue, value: u64);
    fn hsa_queue_store_read_index_relaxed(queue: *const HsaQueue, value: u64);
    fn hsa_queue_store_read_index_screlease(queue: *const HsaQueue, value: u64);
    fn hsa_queue_store_read_index_release(queue: *const HsaQueue, value: u64);
    fn hsa_queue_add_write_index_scacq_screl(queue: *const HsaQueue, value: u64) -> u64;
    fn hsa_queue_add_write_index_scacquire(queue: *const HsaQueue, value: u64) -> u64;
    fn hsa_queue_add_write_index_relaxed(queue: *const HsaQueue, value: u64) -> u64;
    fn hsa_queue_add_write_index_screlease(queue: *const HsaQueue, value: u64) -> u64;
    fn hsa_queue_add_write_index_acq_rel(queue: *const HsaQueue, value: u64) -> u64;
    fn hsa_queue_add_write_index_acquire(queue: *const HsaQueue, value: u64) -> u64;
    fn hsa_queue_add_write_index_release(queue: *const HsaQueue, value: u64) -> u64;
    fn hsa_queue_cas_write_index_scacq_screl(queue: *const HsaQueue, expected: u64, value: u64) -> u64;
    fn hsa_queue_cas_write_index_scacquire(queue: *const HsaQueue, expected: u64, value: u64) -> u64;
    fn hsa_queue_cas_write_index_relaxed(queue: *const HsaQueue, expected: u64, value: u64) -> u64;
    fn hsa_queue_cas_write_index_screlease(queue: *const HsaQueue, expected: u64, value: u64) -> u64;
    fn hsa_queue_cas_write_index_acq_rel(queue: *const HsaQueue, expected: u64, value: u64) -> u64;
    fn hsa_queue_cas_write_index_acquire(queue: *const HsaQueue, expected: u64, value: u64) -> u64;
    fn hsa_queue_cas_write_index_release(queue: *const HsaQueue, expected: u64, value: u64) -> u64;
    fn hsa_queue_create(agent: hsa_agent_t, size: u32, type_: u32, callback: Option<ErrorCallback>, data: *mut c_void, _private_segment_size: u32, _group_segment_size: u32, queue_out: *mut *mut HsaQueue) -> hsa_status_t;
    fn hsa_soft_queue_create(region: hsa_region_t, size: u32, type_: u32, features: u32, doorbell_signal: hsa_signal_t, queue_out: *mut *mut HsaQueue) -> hsa_status_t;
    fn hsa_queue_destroy(queue_: *mut HsaQueue) -> hsa_status_t;
    fn hsa_queue_inactivate(queue_: *mut HsaQueue) -> hsa_status_t;
    fn hsa_amd_profiling_set_profiler_enabled(queue_: *mut HsaQueue, enable: i32) -> hsa_status_t;
    fn hsa_amd_queue_set_priority(queue_: *mut HsaQueue, priority: u32) -> hsa_status_t;
    fn hsa_amd_queue_cu_set_mask(queue_: *const HsaQueue, num_cu_mask_count: u32, cu_mask: *const u32) -> hsa_status_t;
    fn hsa_amd_queue_cu_get_mask(queue_: *const HsaQueue, num_cu_mask_count: u32, cu_mask: *mut u32) -> hsa_status_t;
    // executable.rs
    fn hsa_code_object_reader_create_from_file(file: i32, code_object_reader: *mut hsa_code_object_reader_t) -> hsa_status_t;
    fn hsa_code_object_reader_create_from_memory(code_object: *const c_void, size: usize, code_object_reader: *mut hsa_code_object_reader_t) -> hsa_status_t;
    fn hsa_code_object_reader_destroy(code_object_reader: hsa_code_object_reader_t) -> hsa_status_t;
    fn hsa_executable_create(profile: u32, executable_state: u32, _options: *const c_char, executable_: *mut hsa_executable_t) -> hsa_status_t;
    fn hsa_executable_create_alt(profile: u32, default_float_rounding_mode: u32, _options: *const c_char, executable_: *mut hsa_executable_t) -> hsa_status_t;
    fn hsa_executable_destroy(executable_: hsa_executable_t) -> hsa_status_t;
    fn hsa_executable_load_agent_code_object(executable_: hsa_executable_t, agent: hsa_agent_t, code_object_reader: hsa_code_object_reader_t, _options: *const c_char, loaded_code_object: *mut hsa_loaded_code_object_t) -> hsa_status_t;
    fn hsa_executable_load_program_code_object(executable_: hsa_executable_t, code_object_reader: hsa_code_object_reader_t, _options: *const c_char, loaded_code_object: *mut hsa_loaded_code_object_t) -> hsa_status_t;
    fn hsa_executable_load_code_object(executable_: hsa_executable_t, agent: hsa_agent_t, code_object: hsa_code_object_t, _options: *const c_char) -> hsa_status_t;
    fn hsa_executable_freeze(executable_: hsa_executable_t, _options: *const c_char) -> hsa_status_t;
    fn hsa_executable_get_info(executable_: hsa_executable_t, attribute: u32, value: *mut c_void) -> hsa_status_t;
    fn hsa_executable_global_variable_define(executable_: hsa_executable_t, variable_name: *const c_char, address: *mut c_void) -> hsa_status_t;
    fn hsa_executable_agent_global_variable_define(executable_: hsa_executable_t, agent: hsa_agent_t, variable_name: *const c_char, address: *mut c_void) -> hsa_status_t;
    fn hsa_executable_readonly_variable_define(executable_: hsa_executable_t, agent: hsa_agent_t, variable_name: *const c_char, address: *mut c_void) -> hsa_status_t;
    fn hsa_executable_validate(executable_: hsa_executable_t, result: *mut u32) -> hsa_status_t;
    fn hsa_executable_validate_alt(executable_: hsa_executable_t, _options: *const c_char, result: *mut u32) -> hsa_status_t;
    fn hsa_executable_get_symbol(executable_: hsa_executable_t, _module_name: *const c_char, symbol_name: *const c_char, agent: hsa_agent_t, _call_convention: i32, symbol: *mut hsa_executable_symbol_t) -> hsa_status_t;
    fn hsa_executable_get_symbol_by_name(executable_: hsa_executable_t, symbol_name: *const c_char, agent: *const hsa_agent_t, symbol: *mut hsa_executable_symbol_t) -> hsa_status_t;
    fn hsa_executable_symbol_get_info(executable_symbol: hsa_executable_symbol_t, attribute: u32, value: *mut c_void) -> hsa_status_t;
    fn hsa_executable_iterate_symbols(executable_: hsa_executable_t, callback: Option<SymbolCallback>, data: *mut c_void) -> hsa_status_t;
    fn hsa_executable_iterate_agent_symbols(executable_: hsa_executable_t, agent: hsa_agent_t, callback: Option<AgentSymbolCallback>, data: *mut c_void) -> hsa_status_t;
    fn hsa_executable_iterate_program_symbols(executable_: hsa_executable_t, callback: Option<SymbolCallback>, data: *mut c_void) -> hsa_status_t;
    fn hsa_code_object_serialize(code_object: hsa_code_object_t, alloc_callback: Option<unsafe extern "C" fn(usize, hsa_callback_data_t, *mut *mut c_void) -> hsa_status_t>, callback_data: hsa_callback_data_t, _options: *const c_char, serialized_code_object: *mut *mut c_void, serialized_code_object_size: *mut usize,) -> hsa_status_t;
    fn hsa_code_object_deserialize(serialized_code_object: *mut c_void, serialized_code_object_size: usize, _options: *const c_char, code_object: *mut hsa_code_object_t) -> hsa_status_t;
    fn hsa_code_object_destroy(code_object: hsa_code_object_t) -> hsa_status_t;
    fn hsa_code_object_get_info(code_object: hsa_code_object_t, attribute: u32, value: *mut c_void) -> hsa_status_t;
    fn hsa_code_object_get_symbol(code_object: hsa_code_object_t, _symbol_name: *const c_char, _symbol: *mut hsa_code_symbol_t) -> hsa_status_t;
    fn hsa_code_object_get_symbol_from_name(code_object: hsa_code_object_t, _module_name: *const c_char, _symbol_name: *const c_char, _symbol: *mut hsa_code_symbol_t) -> hsa_status_t;
    fn hsa_code_symbol_get_info(_code_symbol: hsa_code_symbol_t, _attribute: u32, _value: *mut c_void) -> hsa_status_t;
    fn hsa_code_object_iterate_symbols(code_object: hsa_code_object_t, callback: Option<CodeSymbolCallback>, _data: *mut c_void) -> hsa_status_t;
    // amd.rs
    fn hsa_amd_agent_iterate_memory_pools(agent: hsa_agent_t, callback: Option<PoolCallback>, data: *mut c_void) -> hsa_status_t;
    fn hsa_amd_memory_pool_get_info(memory_pool: hsa_amd_memory_pool_t, attribute: u32, value: *mut c_void) -> hsa_status_t;
    fn hsa_amd_memory_pool_allocate(memory_pool: hsa_amd_memory_pool_t, size: usize, flags: u32, ptr: *mut *mut c_void) -> hsa_status_t;
    fn hsa_amd_memory_pool_free(ptr: *mut c_void) -> hsa_status_t;
    fn hsa_amd_agent_memory_pool_get_info(agent: hsa_agent_t, memory_pool: hsa_amd_memory_pool_t, attribute: u32, value: *mut c_void) -> hsa_status_t;
    fn hsa_amd_agents_allow_access(num_agents: u32, agents: *const hsa_agent_t, flags: *const u32, ptr: *const c_void) -> hsa_status_t;
    fn hsa_amd_memory_pool_can_migrate(src: hsa_amd_memory_pool_t, dst: hsa_amd_memory_pool_t, result: *mut bool) -> hsa_status_t;
    fn hsa_amd_memory_migrate(ptr: *const c_void, memory_pool: hsa_amd_memory_pool_t, flags: u32) -> hsa_status_t;
    fn hsa_amd_memory_async_copy(dst: *mut c_void, dst_agent: hsa_agent_t, src: *const c_void, src_agent: hsa_agent_t, size: usize, num_dep_signals: u32, dep_signals: *const hsa_signal_t, completion_signal: hsa_signal_t) -> hsa_status_t;
    fn hsa_amd_memory_fill(ptr: *mut c_void, value: u32, count: usize) -> hsa_status_t;
    fn hsa_amd_memory_lock(host_ptr: *mut c_void, size: usize, agents: *mut hsa_agent_t, num_agent: i32, agent_ptr: *mut *mut c_void) -> hsa_status_t;
    fn hsa_amd_memory_lock_to_pool(host_ptr: *mut c_void, size: usize, agents: *mut hsa_agent_t, num_agent: i32, memory_pool: hsa_amd_memory_pool_t, flags: u32, agent_ptr: *mut *mut c_void) -> hsa_status_t;
    fn hsa_amd_memory_unlock(host_ptr: *mut c_void) -> hsa_status_t;
    fn hsa_amd_pointer_info(ptr: *const c_void, info: *mut hsa_amd_pointer_info_t, alloc: Option<unsafe extern "C" fn(usize) -> *mut c_void>, num_agents_accessible: *mut u32, accessible: *mut *mut hsa_agent_t,) -> hsa_status_t;
    fn hsa_amd_pointer_info_set_userdata(ptr: *const c_void, userdata: *mut c_void) -> hsa_status_t;
    fn hsa_amd_profiling_get_dispatch_time(agent: hsa_agent_t, signal_: hsa_signal_t, time: *mut hsa_amd_profiling_dispatch_time_t) -> hsa_status_t;
    fn hsa_amd_profiling_async_copy_enable(enable: bool) -> hsa_status_t;
    fn hsa_amd_profiling_get_async_copy_time(signal_: hsa_signal_t, time: *mut hsa_amd_profiling_dispatch_time_t) -> hsa_status_t;
    fn hsa_amd_profiling_convert_tick_to_system_domain(agent: hsa_agent_t, agent_tick: u64, system_tick: *mut u64) -> hsa_status_t;
    fn hsa_amd_coherency_get_type(agent: hsa_agent_t, type_: *mut u32) -> hsa_status_t;
    fn hsa_amd_coherency_set_type(agent: hsa_agent_t, type_: u32) -> hsa_status_t;
}
