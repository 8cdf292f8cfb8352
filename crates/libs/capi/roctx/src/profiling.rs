//! Switching marker recording on when `rocprofv3` asks for it (environment variables read
//! once, by an ELF constructor as the library loads), and writing the trace at exit.

use roctx::markers;

/// Runs when the dynamic linker loads the library (before `main` for linked programs).
extern "C" fn on_load() {
    let Some(dir) = roctx::requested_dir(markers::DOMAIN) else {
        return;
    };
    markers::activate(dir);
    // SAFETY: registering a plain `extern "C" fn()`; atexit has no other precondition.
    if unsafe { libc::atexit(on_exit) } != 0 {
        eprintln!("roctx: cannot register the marker trace writer; no marker trace");
    }
}

/// Runs at `exit` (after the program's own atexit handlers and static destructors, which
/// were registered later).
extern "C" fn on_exit() {
    if let Some(Err(e)) = markers::write_trace() {
        eprintln!("roctx: cannot write the marker trace: {e}");
    }
}

#[used]
#[link_section = ".init_array"]
static ON_LOAD: extern "C" fn() = on_load;
