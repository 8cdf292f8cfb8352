//! `rocminfo`: prints the HSA system attributes and every agent with its pools and ISAs,
//! in the layout of ROCm's `rocminfo` (labels padded to 25 columns, values to 35,
//! integers as `decimal(0xhex)`), so that scripts written for it keep working.
//! The "ROCk module is loaded" line is omitted: there is no kernel driver to report.
//! NVIDIA GPUs (when a CUDA driver is present) are listed after the CPU agent, with their
//! device, pinned-host and kernarg pools (`docs/HSA-NVIDIA.md`).

use std::fmt::Display;
use std::process::ExitCode;

use hsa::{
    Agent, DeviceType, Endianness, FloatRoundingMode, HsaResult, Isa, MachineModel, MemoryPool,
    Profile, QueueType, Runtime, Segment,
};

const LABEL_WIDTH: usize = 25;
const VALUE_WIDTH: usize = 35;
const INDENT: usize = 2;

/// Accumulates the report (printed at once, so a failure prints nothing partial).
#[derive(Default)]
struct Report {
    out: String,
}

impl Report {
    /// A label on its own line (`"Cache Info:"`, `"Pool 1"`...).
    fn heading(&mut self, label: &str, level: usize) {
        let indent = " ".repeat(INDENT * level);
        self.out
            .push_str(&format!("{indent}{label:<LABEL_WIDTH$}\n"));
    }

    /// A label and its value.
    fn line(&mut self, label: &str, value: impl Display, level: usize) {
        let indent = " ".repeat(INDENT * level);
        let value = value.to_string();
        self.out.push_str(&format!(
            "{indent}{label:<LABEL_WIDTH$}{value:<VALUE_WIDTH$}\n"
        ));
    }

    /// A label and an integer as `decimal(0xhex)`.
    fn int(&mut self, label: &str, value: u64, level: usize) {
        self.line(label, int_text(value), level);
    }

    fn raw(&mut self, text: &str) {
        self.out.push_str(text);
        self.out.push('\n');
    }
}

fn int_text(value: u64) -> String {
    format!("{value}(0x{value:x})")
}

fn yes_no(v: bool) -> &'static str {
    if v {
        "TRUE"
    } else {
        "FALSE"
    }
}

fn feature_text(agent: &Agent) -> String {
    let f = agent.features();
    let mut parts = Vec::new();
    if f.kernel_dispatch() {
        parts.push("KERNEL_DISPATCH");
    }
    if f.agent_dispatch() {
        parts.push("AGENT_DISPATCH");
    }
    if parts.is_empty() {
        "None specified".to_string()
    } else {
        parts.join(" ")
    }
}

fn profile_text(p: Profile) -> &'static str {
    match p {
        Profile::Base => "BASE_PROFILE",
        Profile::Full => "FULL_PROFILE",
    }
}

fn rounding_text(m: FloatRoundingMode) -> &'static str {
    match m {
        FloatRoundingMode::Default => "DEFAULT",
        FloatRoundingMode::Zero => "ZERO",
        FloatRoundingMode::Near => "NEAR",
    }
}

fn device_text(d: DeviceType) -> &'static str {
    match d {
        DeviceType::Cpu => "CPU",
        DeviceType::Gpu => "GPU",
    }
}

fn size_kb(bytes: usize) -> String {
    let kb = bytes as u64 / 1024;
    format!("{} KB", int_text(kb))
}

fn granule_kb(bytes: usize) -> String {
    format!("{}KB", bytes / 1024)
}

fn system(r: &mut Report, rt: &Runtime) {
    r.heading("=====================", 0);
    r.heading("HSA System Attributes", 0);
    r.heading("=====================", 0);
    let (major, minor) = rt.version();
    r.line("Runtime Version:", format!("{major}.{minor}"), 0);
    let (major, minor) = rt.ext_version();
    r.line("Runtime Ext Version:", format!("{major}.{minor}"), 0);
    let mhz = rt.timestamp_frequency() as f64 / 1e6;
    r.line("System Timestamp Freq.:", format!("{mhz:.6}MHz"), 0);
    let max_wait = rt.signal_max_wait();
    r.line(
        "Sig. Max Wait Duration:",
        format!("{max_wait} (0x{max_wait:X}) (timestamp count)"),
        0,
    );
    let model = match rt.machine_model() {
        MachineModel::Small => "SMALL",
        MachineModel::Large => "LARGE",
    };
    r.line("Machine Model:", model, 0);
    let endian = match rt.endianness() {
        Endianness::Little => "LITTLE",
        Endianness::Big => "BIG",
    };
    r.line("System Endianness:", endian, 0);
    let mwaitx = if rt.mwaitx_enabled() {
        "ENABLED"
    } else {
        "DISABLED"
    };
    r.line("Mwaitx:", mwaitx, 0);
    r.line(
        "DMAbuf Support:",
        if rt.dmabuf_supported() { "YES" } else { "NO" },
        0,
    );
    r.raw("");
}

fn pool(r: &mut Report, index: usize, pool: &MemoryPool) {
    r.heading(&format!("Pool {index}"), 2);
    let segment = match pool.segment() {
        Segment::Global => {
            let flags = pool.global_flags();
            let mut names = Vec::new();
            if flags.kernarg() {
                names.push("KERNARG");
            }
            if flags.fine_grained() {
                names.push("FINE GRAINED");
            }
            if flags.extended_scope_fine_grained() {
                names.push("EXTENDED FINE GRAINED");
            }
            if flags.coarse_grained() {
                names.push("COARSE GRAINED");
            }
            format!("GLOBAL; FLAGS: {}", names.join(", "))
        }
        Segment::ReadOnly => "READONLY".to_string(),
        Segment::Private => "PRIVATE".to_string(),
        Segment::Group => "GROUP".to_string(),
        Segment::Kernarg => "KERNARG".to_string(),
    };
    r.line("Segment:", segment, 3);
    r.line("Size:", size_kb(pool.size()), 3);
    r.line("Allocatable:", yes_no(pool.runtime_alloc_allowed()), 3);
    r.line("Alloc Granule:", granule_kb(pool.alloc_granule()), 3);
    r.line(
        "Alloc Recommended Granule:",
        granule_kb(pool.alloc_recommended_granule()),
        3,
    );
    r.line("Alloc Alignment:", granule_kb(pool.alloc_alignment()), 3);
    r.line("Accessible by all:", yes_no(pool.accessible_by_all()), 3);
}

fn isa(r: &mut Report, index: usize, isa: &Isa) {
    r.heading(&format!("ISA {index}"), 2);
    r.line("Name:", isa.name(), 3);
    let mut models = Vec::new();
    if isa.supports_machine_model(MachineModel::Small) {
        models.push("HSA_MACHINE_MODEL_SMALL");
    }
    if isa.supports_machine_model(MachineModel::Large) {
        models.push("HSA_MACHINE_MODEL_LARGE");
    }
    r.line("Machine Models:", models.join(" "), 3);
    let mut profiles = Vec::new();
    if isa.supports_profile(Profile::Base) {
        profiles.push("HSA_PROFILE_BASE");
    }
    if isa.supports_profile(Profile::Full) {
        profiles.push("HSA_PROFILE_FULL");
    }
    r.line("Profiles:", profiles.join(" "), 3);
    for mode in [FloatRoundingMode::Zero, FloatRoundingMode::Near] {
        if isa.supports_rounding_mode(mode) {
            r.line("Default Rounding Mode:", rounding_text(mode), 3);
        }
    }
    r.line("Fast f16:", yes_no(isa.fast_f16()), 3);
    r.int(
        "Workgroup Max Size:",
        u64::from(isa.workgroup_max_size()),
        3,
    );
    r.heading("Workgroup Max Size per Dimension:", 3);
    for (axis, v) in ["x", "y", "z"].iter().zip(isa.workgroup_max_dim()) {
        r.int(axis, u64::from(v), 4);
    }
    r.int("Grid Max Size:", isa.grid_max_size(), 3);
    r.heading("Grid Max Size per Dimension:", 3);
    for (axis, v) in ["x", "y", "z"].iter().zip(isa.grid_max_dim()) {
        r.int(axis, u64::from(v), 4);
    }
    r.line("FBarrier Max Size:", isa.fbarrier_max_size(), 3);
}

fn agent(r: &mut Report, index: usize, agent: &Agent) {
    r.heading("*******", 0);
    r.heading(&format!("Agent {index}"), 0);
    r.heading("*******", 0);
    r.line("Name:", agent.name(), 1);
    r.line("Uuid:", agent.uuid(), 1);
    r.line("Marketing Name:", agent.product_name(), 1);
    r.line("Vendor Name:", agent.vendor_name(), 1);
    r.line("Feature:", feature_text(agent), 1);
    r.line("Profile:", profile_text(agent.profile()), 1);
    r.line(
        "Float Round Mode:",
        rounding_text(agent.default_float_rounding_mode()),
        1,
    );
    r.int("Max Queue Number:", u64::from(agent.queues_max()), 1);
    r.int("Queue Min Size:", u64::from(agent.queue_min_size()), 1);
    r.int("Queue Max Size:", u64::from(agent.queue_max_size()), 1);
    let queue_type = match agent.queue_type() {
        QueueType::Multi => "MULTI",
        QueueType::Single => "SINGLE",
    };
    r.line("Queue Type:", queue_type, 1);
    r.line("Node:", agent.node(), 1);
    r.line("Device Type:", device_text(agent.device_type()), 1);
    r.heading("Cache Info:", 1);
    for (level, size) in agent.cache_sizes().iter().enumerate() {
        if *size > 0 {
            r.line(&format!("L{}:", level + 1), size_kb(*size as usize), 2);
        }
    }
    r.int("Chip ID:", u64::from(agent.chip_id()), 1);
    r.int("Cacheline Size:", u64::from(agent.cacheline_size()), 1);
    r.line("Max Clock Freq. (MHz):", agent.max_clock_mhz(), 1);
    r.line("BDFID:", agent.bdfid(), 1);
    r.line("Internal Node ID:", agent.driver_node_id(), 1);
    r.line("Compute Unit:", agent.compute_units(), 1);
    r.line("SIMDs per CU:", agent.simds_per_cu(), 1);
    r.line("Shader Engines:", agent.shader_engines(), 1);
    r.line(
        "Shader Arrs. per Eng.:",
        agent.shader_arrays_per_engine(),
        1,
    );
    r.line(
        "Memory Properties:",
        if agent.is_apu() { "APU" } else { "" },
        1,
    );
    let features = if agent.is_kernel_agent() {
        feature_text(agent)
    } else {
        "None".to_string()
    };
    r.line("Features:", features, 1);
    if agent.is_kernel_agent() {
        r.int("Wavefront Size:", u64::from(agent.wavefront_size()), 1);
        r.int(
            "Workgroup Max Size:",
            u64::from(agent.workgroup_max_size()),
            1,
        );
        r.heading("Workgroup Max Size per Dimension:", 1);
        for (axis, v) in ["x", "y", "z"].iter().zip(agent.workgroup_max_dim()) {
            r.int(axis, u64::from(v), 2);
        }
        r.int("Max Waves Per CU:", u64::from(agent.max_waves_per_cu()), 1);
        r.int(
            "Max Work-item Per CU:",
            u64::from(agent.max_waves_per_cu()) * u64::from(agent.wavefront_size()),
            1,
        );
        r.int("Grid Max Size:", u64::from(agent.grid_max_size()), 1);
        r.heading("Grid Max Size per Dimension:", 1);
        for (axis, v) in ["x", "y", "z"].iter().zip(agent.grid_max_dim()) {
            r.int(axis, u64::from(v), 2);
        }
        r.line("Max fbarriers/Workgrp:", agent.fbarrier_max_size(), 1);
    }
    r.heading("Pool Info:", 1);
    for (i, p) in agent.memory_pools().iter().enumerate() {
        pool(r, i + 1, p);
    }
    r.heading("ISA Info:", 1);
    for (i, a) in agent.isas().iter().enumerate() {
        isa(r, i + 1, a);
    }
}

fn report(rt: &Runtime) -> HsaResult<String> {
    let mut r = Report::default();
    system(&mut r, rt);
    r.heading("==========", 0);
    r.heading("HSA Agents", 0);
    r.heading("==========", 0);
    for (i, a) in rt.agents()?.iter().enumerate() {
        agent(&mut r, i + 1, a);
    }
    r.heading("*** Done ***", 0);
    Ok(r.out)
}

fn main() -> ExitCode {
    if std::env::args().skip(1).any(|a| a == "-h" || a == "--help") {
        println!(
            "Usage: rocminfo\nPrints the HSA system attributes and agents of the ferrocm runtime."
        );
        return ExitCode::SUCCESS;
    }
    let rt = match Runtime::init() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("rocminfo: hsa_init failed: {e}");
            return ExitCode::from(1);
        }
    };
    match report(&rt) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("rocminfo: cannot list the agents: {e}");
            ExitCode::from(1)
        }
    }
}
