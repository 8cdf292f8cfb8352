//! Code-object readers, executables and symbols, plus the deprecated code-object API.

use std::ffi::{c_char, c_void};

use hsa::core::executable::{self, SymbolFilter, SymbolObject};
use hsa::core::info::InfoValue;
use hsa::{HsaError, HsaResult};

use crate::entry::{iterate, non_null, out_ok, rt, slice, write_info, write_out};
use crate::types::{
    hsa_agent_t, hsa_callback_data_t, hsa_code_object_reader_t, hsa_code_object_t,
    hsa_code_symbol_t, hsa_executable_symbol_t, hsa_executable_t, hsa_loaded_code_object_t,
    hsa_status_t,
};

pub(crate) type SymbolCallback =
    unsafe extern "C" fn(hsa_executable_t, hsa_executable_symbol_t, *mut c_void) -> hsa_status_t;
pub(crate) type AgentSymbolCallback = unsafe extern "C" fn(
    hsa_executable_t,
    hsa_agent_t,
    hsa_executable_symbol_t,
    *mut c_void,
) -> hsa_status_t;
pub(crate) type CodeSymbolCallback =
    unsafe extern "C" fn(hsa_code_object_t, hsa_code_symbol_t, *mut c_void) -> hsa_status_t;

/// A NUL-terminated C string, or INVALID_ARGUMENT.
unsafe fn c_str<'a>(p: *const c_char) -> HsaResult<&'a str> {
    // SAFETY: NUL-terminated per the API (NULL and impossible addresses refused).
    unsafe { crate::entry::c_str(p)? }
        .to_str()
        .map_err(|_| HsaError::ERROR_INVALID_ARGUMENT)
}

fn symbol_handle(s: &std::sync::Arc<SymbolObject>) -> hsa_executable_symbol_t {
    hsa_executable_symbol_t { handle: s.handle() }
}

fn load_into(
    exe: hsa_executable_t,
    agent: Option<u64>,
    reader: &executable::ReaderObject,
) -> HsaResult<u64> {
    let rt = rt()?;
    if let Some(a) = agent {
        rt.agent(a)?;
    }
    // A CPU code object runs only on the CPU agent, an NVIDIA image (PTX, cubin, fatbin)
    // only on an NVIDIA agent: the core checks (ERROR_INCOMPATIBLE_ARGUMENTS).
    executable::executable(exe.handle)?.load(agent, reader)
}

hsa_api! {
    fn hsa_code_object_reader_create_from_file(file: i32, code_object_reader: *mut hsa_code_object_reader_t) {
        rt()?;
        non_null(code_object_reader)?;
        let h = executable::reader_from_file(file)?;
        // SAFETY: checked non-null.
        unsafe { write_out(code_object_reader, hsa_code_object_reader_t { handle: h }) }
    }

    fn hsa_code_object_reader_create_from_memory(code_object: *const c_void, size: usize, code_object_reader: *mut hsa_code_object_reader_t) {
        rt()?;
        non_null(code_object)?;
        non_null(code_object_reader)?;
        if size == 0 {
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        // SAFETY: the caller provides `size` readable bytes.
        let bytes = unsafe { slice(code_object.cast::<u8>(), size)? };
        let h = executable::reader_from_memory(bytes)?;
        // SAFETY: checked non-null.
        unsafe { write_out(code_object_reader, hsa_code_object_reader_t { handle: h }) }
    }

    fn hsa_code_object_reader_destroy(code_object_reader: hsa_code_object_reader_t) {
        rt()?;
        executable::reader_destroy(code_object_reader.handle)
    }

    fn hsa_executable_create(profile: u32, executable_state: u32, _options: *const c_char, executable_: *mut hsa_executable_t) {
        rt()?;
        non_null(executable_)?;
        // The deprecated form may only create unfrozen executables.
        if executable_state != 0 {
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        let h = executable::create(profile, 0)?;
        // SAFETY: checked non-null.
        unsafe { write_out(executable_, hsa_executable_t { handle: h }) }
    }

    fn hsa_executable_create_alt(profile: u32, default_float_rounding_mode: u32, _options: *const c_char, executable_: *mut hsa_executable_t) {
        rt()?;
        non_null(executable_)?;
        if default_float_rounding_mode == 0 {
            return Err(HsaError::ERROR_INVALID_ARGUMENT);
        }
        let h = executable::create(profile, default_float_rounding_mode)?;
        // SAFETY: checked non-null.
        unsafe { write_out(executable_, hsa_executable_t { handle: h }) }
    }

    fn hsa_executable_destroy(executable_: hsa_executable_t) {
        rt()?;
        executable::destroy(executable_.handle)
    }

    fn hsa_executable_load_agent_code_object(executable_: hsa_executable_t, agent: hsa_agent_t, code_object_reader: hsa_code_object_reader_t, _options: *const c_char, loaded_code_object: *mut hsa_loaded_code_object_t) {
        let reader = executable::reader(code_object_reader.handle)?;
        let h = load_into(executable_, Some(agent.handle), &reader)?;
        if !loaded_code_object.is_null() {
            // SAFETY: non-null out-pointer supplied by the caller.
            unsafe { write_out(loaded_code_object, hsa_loaded_code_object_t { handle: h })? };
        }
        Ok(())
    }

    fn hsa_executable_load_program_code_object(executable_: hsa_executable_t, code_object_reader: hsa_code_object_reader_t, _options: *const c_char, loaded_code_object: *mut hsa_loaded_code_object_t) {
        let reader = executable::reader(code_object_reader.handle)?;
        let h = load_into(executable_, None, &reader)?;
        if !loaded_code_object.is_null() {
            // SAFETY: non-null out-pointer supplied by the caller.
            unsafe { write_out(loaded_code_object, hsa_loaded_code_object_t { handle: h })? };
        }
        Ok(())
    }

    fn hsa_executable_load_code_object(executable_: hsa_executable_t, agent: hsa_agent_t, code_object: hsa_code_object_t, _options: *const c_char) {
        let co = executable::code_object(code_object.handle)?;
        load_into(executable_, Some(agent.handle), &co).map(|_| ())
    }

    fn hsa_executable_freeze(executable_: hsa_executable_t, _options: *const c_char) {
        rt()?;
        executable::executable(executable_.handle)?.freeze()
    }

    fn hsa_executable_get_info(executable_: hsa_executable_t, attribute: u32, value: *mut c_void) {
        rt()?;
        let exe = executable::executable(executable_.handle)?;
        let info = match attribute {
            1 => Ok(InfoValue::U32(exe.profile)),
            2 => Ok(InfoValue::U32(u32::from(exe.is_frozen()))),
            3 => Ok(InfoValue::U32(exe.rounding_mode)),
            _ => Err(HsaError::ERROR_INVALID_ARGUMENT),
        };
        // SAFETY: the caller passes a buffer of the attribute's type.
        unsafe { write_info(info, value) }
    }

    fn hsa_executable_global_variable_define(executable_: hsa_executable_t, variable_name: *const c_char, address: *mut c_void) {
        rt()?;
        // SAFETY: NUL-terminated per the API.
        let name = unsafe { c_str(variable_name)? };
        executable::executable(executable_.handle)?.define_variable(None, name, address as usize)
    }

    fn hsa_executable_agent_global_variable_define(executable_: hsa_executable_t, agent: hsa_agent_t, variable_name: *const c_char, address: *mut c_void) {
        let rt = rt()?;
        rt.agent(agent.handle)?;
        // SAFETY: NUL-terminated per the API.
        let name = unsafe { c_str(variable_name)? };
        executable::executable(executable_.handle)?.define_variable(Some(agent.handle), name, address as usize)
    }

    fn hsa_executable_readonly_variable_define(executable_: hsa_executable_t, agent: hsa_agent_t, variable_name: *const c_char, address: *mut c_void) {
        let rt = rt()?;
        rt.agent(agent.handle)?;
        // SAFETY: NUL-terminated per the API.
        let name = unsafe { c_str(variable_name)? };
        executable::executable(executable_.handle)?.define_variable(Some(agent.handle), name, address as usize)
    }

    fn hsa_executable_validate(executable_: hsa_executable_t, result: *mut u32) {
        rt()?;
        executable::executable(executable_.handle)?;
        // Code objects are validated when loaded; a loaded executable is always valid.
        // SAFETY: `uint32_t*` per the API.
        unsafe { write_out(result, 0) }
    }

    fn hsa_executable_validate_alt(executable_: hsa_executable_t, _options: *const c_char, result: *mut u32) {
        rt()?;
        executable::executable(executable_.handle)?;
        // SAFETY: `uint32_t*` per the API.
        unsafe { write_out(result, 0) }
    }

    fn hsa_executable_get_symbol(executable_: hsa_executable_t, _module_name: *const c_char, symbol_name: *const c_char, agent: hsa_agent_t, _call_convention: i32, symbol: *mut hsa_executable_symbol_t) {
        let rt = rt()?;
        non_null(symbol)?;
        rt.agent(agent.handle)?;
        // SAFETY: NUL-terminated per the API.
        let name = unsafe { c_str(symbol_name)? };
        let s = executable::executable(executable_.handle)?.symbol_by_name(name, Some(agent.handle))?;
        // SAFETY: checked non-null.
        unsafe { write_out(symbol, symbol_handle(&s)) }
    }

    fn hsa_executable_get_symbol_by_name(executable_: hsa_executable_t, symbol_name: *const c_char, agent: *const hsa_agent_t, symbol: *mut hsa_executable_symbol_t) {
        let rt = rt()?;
        non_null(symbol)?;
        // SAFETY: NUL-terminated per the API.
        let name = unsafe { c_str(symbol_name)? };
        let agent = if agent.is_null() {
            None
        } else {
            // SAFETY: one `const hsa_agent_t` (NULL and unmapped refused above).
            let a = unsafe { slice(agent, 1)? }[0];
            rt.agent(a.handle)?;
            Some(a.handle)
        };
        let s = executable::executable(executable_.handle)?.symbol_by_name(name, agent)?;
        // SAFETY: checked non-null.
        unsafe { write_out(symbol, symbol_handle(&s)) }
    }

    fn hsa_executable_symbol_get_info(executable_symbol: hsa_executable_symbol_t, attribute: u32, value: *mut c_void) {
        rt()?;
        let s = executable::symbol(executable_symbol.handle)?;
        // SAFETY: the caller passes a buffer of the attribute's type.
        unsafe { write_info(s.info(attribute), value) }
    }

    fn hsa_executable_iterate_symbols(executable_: hsa_executable_t, callback: Option<SymbolCallback>, data: *mut c_void) {
        rt()?;
        let cb = callback.ok_or(HsaError::ERROR_INVALID_ARGUMENT)?;
        let symbols = executable::executable(executable_.handle)?.symbols(SymbolFilter::All);
        // SAFETY: the application's callback with valid handles.
        iterate(symbols.iter(), |s| unsafe { cb(executable_, symbol_handle(s), data) })
    }

    fn hsa_executable_iterate_agent_symbols(executable_: hsa_executable_t, agent: hsa_agent_t, callback: Option<AgentSymbolCallback>, data: *mut c_void) {
        let rt = rt()?;
        rt.agent(agent.handle)?;
        let cb = callback.ok_or(HsaError::ERROR_INVALID_ARGUMENT)?;
        let symbols = executable::executable(executable_.handle)?.symbols(SymbolFilter::Agent(agent.handle));
        // SAFETY: the application's callback with valid handles.
        iterate(symbols.iter(), |s| unsafe { cb(executable_, agent, symbol_handle(s), data) })
    }

    fn hsa_executable_iterate_program_symbols(executable_: hsa_executable_t, callback: Option<SymbolCallback>, data: *mut c_void) {
        rt()?;
        let cb = callback.ok_or(HsaError::ERROR_INVALID_ARGUMENT)?;
        let symbols = executable::executable(executable_.handle)?.symbols(SymbolFilter::Program);
        // SAFETY: the application's callback with valid handles.
        iterate(symbols.iter(), |s| unsafe { cb(executable_, symbol_handle(s), data) })
    }

    // ---- deprecated code-object API: the serialized form of a CPU code object is its ELF ----

    fn hsa_code_object_serialize(
        code_object: hsa_code_object_t,
        alloc_callback: Option<unsafe extern "C" fn(usize, hsa_callback_data_t, *mut *mut c_void) -> hsa_status_t>,
        callback_data: hsa_callback_data_t,
        _options: *const c_char,
        serialized_code_object: *mut *mut c_void,
        serialized_code_object_size: *mut usize,
    ) {
        rt()?;
        out_ok(serialized_code_object)?;
        out_ok(serialized_code_object_size)?;
        let alloc = alloc_callback.ok_or(HsaError::ERROR_INVALID_ARGUMENT)?;
        let co = executable::code_object(code_object.handle)?;
        let mut buf: *mut c_void = std::ptr::null_mut();
        // SAFETY: the application's allocator.
        let status = unsafe { alloc(co.bytes.len(), callback_data, &mut buf) };
        hsa::Status::from(status).into_result()?;
        non_null(buf)?;
        // SAFETY: the allocator returned `len` writable bytes; out-pointers checked non-null.
        unsafe {
            std::ptr::copy_nonoverlapping(co.bytes.as_ptr(), buf.cast::<u8>(), co.bytes.len());
            serialized_code_object.write(buf);
            serialized_code_object_size.write(co.bytes.len());
        }
        Ok(())
    }

    fn hsa_code_object_deserialize(serialized_code_object: *mut c_void, serialized_code_object_size: usize, _options: *const c_char, code_object: *mut hsa_code_object_t) {
        rt()?;
        non_null(code_object)?;
        non_null(serialized_code_object)?;
        // SAFETY: the caller provides `size` readable bytes.
        let bytes = unsafe { slice(serialized_code_object.cast::<u8>().cast_const(), serialized_code_object_size)? };
        let h = executable::code_object_deserialize(bytes)?;
        // SAFETY: checked non-null.
        unsafe { write_out(code_object, hsa_code_object_t { handle: h }) }
    }

    fn hsa_code_object_destroy(code_object: hsa_code_object_t) {
        rt()?;
        executable::code_object_destroy(code_object.handle)
    }

    fn hsa_code_object_get_info(code_object: hsa_code_object_t, attribute: u32, value: *mut c_void) {
        let rt = rt()?;
        executable::code_object(code_object.handle)?;
        let isa = rt.topology.cpu_agent().isa().map_or(0, |i| std::sync::Arc::as_ptr(i) as u64);
        let info = match attribute {
            0 => Ok(InfoValue::fixed_str::<64>("1")),  // VERSION
            1 => Ok(InfoValue::U32(0)),                // TYPE: PROGRAM
            2 => Ok(InfoValue::U64(isa)),              // ISA
            3 => Ok(InfoValue::U32(1)),                // MACHINE_MODEL: LARGE
            4 => Ok(InfoValue::U32(1)),                // PROFILE: FULL
            5 => Ok(InfoValue::U32(2)),                // DEFAULT_FLOAT_ROUNDING_MODE: NEAR
            _ => Err(HsaError::ERROR_INVALID_ARGUMENT),
        };
        // SAFETY: the caller passes a buffer of the attribute's type.
        unsafe { write_info(info, value) }
    }

    fn hsa_code_object_get_symbol(code_object: hsa_code_object_t, _symbol_name: *const c_char, _symbol: *mut hsa_code_symbol_t) {
        rt()?;
        executable::code_object(code_object.handle)?;
        // Not supported: code symbols of unloaded code objects; load the object into an
        // executable and use hsa_executable_get_symbol_by_name.
        Err(HsaError::ERROR)
    }

    fn hsa_code_object_get_symbol_from_name(code_object: hsa_code_object_t, _module_name: *const c_char, _symbol_name: *const c_char, _symbol: *mut hsa_code_symbol_t) {
        rt()?;
        executable::code_object(code_object.handle)?;
        // Not supported: see hsa_code_object_get_symbol.
        Err(HsaError::ERROR)
    }

    fn hsa_code_symbol_get_info(_code_symbol: hsa_code_symbol_t, _attribute: u32, _value: *mut c_void) {
        rt()?;
        // No code symbol can be obtained (see hsa_code_object_get_symbol).
        Err(HsaError::ERROR_INVALID_CODE_SYMBOL)
    }

    fn hsa_code_object_iterate_symbols(code_object: hsa_code_object_t, callback: Option<CodeSymbolCallback>, _data: *mut c_void) {
        rt()?;
        executable::code_object(code_object.handle)?;
        callback.ok_or(HsaError::ERROR_INVALID_ARGUMENT)?;
        // Not supported: see hsa_code_object_get_symbol.
        Err(HsaError::ERROR)
    }
}
