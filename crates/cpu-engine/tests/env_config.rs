//! `FERROCM_CPU_WORKERS` and `FERROCM_CPU_STACK_SIZE` (its own test binary: it sets the
//! environment before anything reads it).

use cpu_engine::{Engine, EngineConfig};

#[test]
fn environment_overrides_the_defaults() {
    std::env::set_var("FERROCM_CPU_WORKERS", "3");
    std::env::set_var("FERROCM_CPU_STACK_SIZE", "1048576");
    let c = EngineConfig::from_env();
    assert_eq!(
        c,
        EngineConfig {
            workers: 3,
            stack_size: 1 << 20
        }
    );
    let e = Engine::global();
    assert_eq!(e.worker_count(), 3);
    assert_eq!(e.stack_size(), 1 << 20);

    std::env::set_var("FERROCM_CPU_WORKERS", "zero");
    std::env::set_var("FERROCM_CPU_STACK_SIZE", "0");
    let c = EngineConfig::from_env();
    let cores = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1);
    assert_eq!(
        c,
        EngineConfig {
            workers: cores,
            stack_size: cpu_engine::engine::DEFAULT_STACK_SIZE
        }
    );
}
