//! The reports of `amd-smi`'s subcommands, one [`Node`] per device, with amd-smi's keys.

use smi::{ClockKind, Device, DeviceKind, Inventory, Sensor};

use crate::tree::{Node, NA};

fn entries(pairs: Vec<(&str, Node)>) -> Node {
    Node::Map(pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
}

fn mib(bytes: Option<u64>) -> Option<f64> {
    bytes.map(|b| (b / (1024 * 1024)) as f64)
}

/// `amd-smi list`.
pub fn list(index: usize, d: &dyn Device) -> Node {
    let i = d.info();
    entries(vec![
        ("gpu", Node::Int(index as i64)),
        ("bdf", Node::opt_str(i.bdf.clone())),
        ("uuid", Node::opt_str(i.uuid.clone())),
        ("kfd_id", Node::na()),
        ("node_id", Node::na()),
        ("partition_id", Node::Int(0)),
        ("name", Node::str(i.name.clone())),
        ("hip_platform", Node::str(i.kind.hip_platform())),
        ("hip_device", Node::Int(i.hip_ordinal.into())),
    ])
}

/// The sections of `amd-smi static`.
#[derive(Debug, Clone, Copy, Default)]
pub struct StaticSections {
    pub asic: bool,
    pub bus: bool,
    pub board: bool,
    pub driver: bool,
    pub vram: bool,
    pub limit: bool,
    pub numa: bool,
}

impl StaticSections {
    pub const ALL: StaticSections = StaticSections {
        asic: true,
        bus: true,
        board: true,
        driver: true,
        vram: true,
        limit: true,
        numa: true,
    };

    fn any(&self) -> bool {
        self.asic || self.bus || self.board || self.driver || self.vram || self.limit || self.numa
    }
}

/// `amd-smi static`.
pub fn static_info(index: usize, d: &dyn Device, s: StaticSections) -> Node {
    let s = if s.any() { s } else { StaticSections::ALL };
    let i = d.info();
    let mut out = vec![("gpu", Node::Int(index as i64))];
    if s.asic {
        out.push((
            "asic",
            entries(vec![
                ("market_name", Node::str(i.name.clone())),
                ("vendor_id", Node::hex(i.vendor_id)),
                ("vendor_name", Node::str(i.vendor.clone())),
                ("subvendor_id", Node::na()),
                ("device_id", Node::hex(i.device_id)),
                ("subsystem_id", Node::hex(i.subsystem_id)),
                ("rev_id", Node::na()),
                ("asic_serial", Node::opt_str(i.serial.clone())),
                ("oam_id", Node::na()),
                ("num_compute_units", Node::opt_int(i.compute_units)),
                ("target_graphics_version", Node::str(i.target.clone())),
            ]),
        ));
    }
    if s.bus {
        out.push((
            "bus",
            entries(vec![
                ("bdf", Node::opt_str(i.bdf.clone())),
                ("max_pcie_width", Node::na()),
                ("max_pcie_speed", Node::na()),
                ("pcie_interface_version", Node::na()),
                ("slot_type", Node::na()),
            ]),
        ));
    }
    if s.board {
        out.push((
            "board",
            entries(vec![
                ("model_number", Node::na()),
                ("product_serial", Node::opt_str(i.serial.clone())),
                ("fru_id", Node::na()),
                ("product_name", Node::str(i.name.clone())),
                ("manufacturer_name", Node::str(i.vendor.clone())),
            ]),
        ));
    }
    if s.driver {
        out.push((
            "driver",
            entries(vec![
                ("name", Node::str(i.driver_name.clone())),
                ("version", Node::str(i.driver_version.clone())),
            ]),
        ));
    }
    if s.vram {
        let vram_type = match i.kind {
            DeviceKind::Cpu => "HOST",
            DeviceKind::Nvidia => NA,
        };
        out.push((
            "vram",
            entries(vec![
                ("type", Node::str(vram_type)),
                ("vendor", Node::na()),
                ("size", Node::unit(mib(d.memory().total), "MB")),
                ("bit_width", Node::na()),
            ]),
        ));
    }
    if s.limit {
        let p = d.power();
        let t = d.temperature(Sensor::Edge);
        out.push((
            "limit",
            entries(vec![
                ("max_power", Node::unit(p.cap_w, "W")),
                ("min_power", Node::na()),
                ("socket_power", Node::unit(p.cap_w, "W")),
                ("slowdown_edge_temperature", Node::na()),
                ("shutdown_edge_temperature", Node::unit(t.critical, "C")),
            ]),
        ));
    }
    if s.numa {
        out.push((
            "numa",
            entries(vec![
                ("node", Node::opt_int(i.numa_node)),
                ("affinity", Node::opt_int(i.numa_node)),
            ]),
        ));
    }
    entries(out)
}

/// The sections of `amd-smi metric`.
#[derive(Debug, Clone, Copy, Default)]
pub struct MetricSections {
    pub usage: bool,
    pub power: bool,
    pub clock: bool,
    pub temperature: bool,
    pub fan: bool,
    pub mem_usage: bool,
    pub energy: bool,
}

impl MetricSections {
    pub const ALL: MetricSections = MetricSections {
        usage: true,
        power: true,
        clock: true,
        temperature: true,
        fan: true,
        mem_usage: true,
        energy: true,
    };

    fn any(&self) -> bool {
        self.usage
            || self.power
            || self.clock
            || self.temperature
            || self.fan
            || self.mem_usage
            || self.energy
    }
}

fn clock(d: &dyn Device, kind: ClockKind) -> Node {
    let c = d.clock(kind).unwrap_or_default();
    entries(vec![
        ("clk", Node::unit(c.current_mhz, "MHz")),
        ("min_clk", Node::unit(c.min_mhz, "MHz")),
        ("max_clk", Node::unit(c.max_mhz, "MHz")),
        ("clk_locked", Node::na()),
        ("deep_sleep", Node::na()),
    ])
}

/// `amd-smi metric`.
pub fn metric(index: usize, d: &dyn Device, s: MetricSections) -> Node {
    let s = if s.any() { s } else { MetricSections::ALL };
    let mut out = vec![("gpu", Node::Int(index as i64))];
    if s.usage {
        let a = d.activity();
        out.push((
            "usage",
            entries(vec![
                ("gfx_activity", Node::unit(a.gfx, "%")),
                ("umc_activity", Node::unit(a.memory, "%")),
                ("mm_activity", Node::na()),
            ]),
        ));
    }
    if s.power {
        let p = d.power();
        out.push((
            "power",
            entries(vec![
                ("socket_power", Node::unit(p.current_w, "W")),
                ("gfx_voltage", Node::na()),
                ("soc_voltage", Node::na()),
                ("mem_voltage", Node::na()),
                (
                    "power_management",
                    Node::str(if p.current_w.is_some() { "ENABLED" } else { NA }),
                ),
            ]),
        ));
    }
    if s.clock {
        out.push((
            "clock",
            entries(vec![
                ("gfx_0", clock(d, ClockKind::Gfx)),
                ("mem_0", clock(d, ClockKind::Memory)),
            ]),
        ));
    }
    if s.temperature {
        out.push((
            "temperature",
            entries(vec![
                ("edge", Node::unit(d.temperature(Sensor::Edge).current, "C")),
                (
                    "hotspot",
                    Node::unit(d.temperature(Sensor::Hotspot).current, "C"),
                ),
                (
                    "mem",
                    Node::unit(d.temperature(Sensor::Memory).current, "C"),
                ),
            ]),
        ));
    }
    if s.fan {
        out.push((
            "fan",
            entries(vec![
                ("speed", Node::na()),
                ("max", Node::na()),
                ("rpm", Node::na()),
                ("usage", Node::unit(d.fan_percent(), "%")),
            ]),
        ));
    }
    if s.mem_usage {
        let m = d.memory();
        out.push((
            "mem_usage",
            entries(vec![
                ("total_vram", Node::unit(mib(m.total), "MB")),
                ("used_vram", Node::unit(mib(m.used), "MB")),
                ("free_vram", Node::unit(mib(m.free()), "MB")),
                ("total_visible_vram", Node::unit(mib(m.total), "MB")),
                ("used_visible_vram", Node::unit(mib(m.used), "MB")),
                ("free_visible_vram", Node::unit(mib(m.free()), "MB")),
                ("total_gtt", Node::na()),
                ("used_gtt", Node::na()),
                ("free_gtt", Node::na()),
            ]),
        ));
    }
    if s.energy {
        out.push((
            "energy",
            entries(vec![(
                "total_energy_consumption",
                Node::unit(d.energy().map(|e| e.microjoules as f64 / 1e6), "J"),
            )]),
        ));
    }
    entries(out)
}

/// `amd-smi process`.
pub fn process(index: usize, d: &dyn Device) -> Node {
    let list = d
        .processes()
        .into_iter()
        .map(|p| {
            let mem = p.device_memory.map(|b| b as f64);
            let (cpu_mem, vram_mem) = match d.info().kind {
                // The CPU device's memory is the process's host memory.
                DeviceKind::Cpu => (mem, mem),
                DeviceKind::Nvidia => (None, mem),
            };
            entries(vec![(
                "process_info",
                entries(vec![
                    ("name", Node::str(p.name)),
                    ("pid", Node::Int(p.pid.into())),
                    (
                        "memory_usage",
                        entries(vec![
                            ("gtt_mem", Node::na()),
                            ("cpu_mem", Node::unit(cpu_mem, "B")),
                            ("vram_mem", Node::unit(vram_mem, "B")),
                        ]),
                    ),
                    ("mem_usage", Node::unit(mem, "B")),
                    (
                        "usage",
                        entries(vec![("gfx", Node::na()), ("enc", Node::na())]),
                    ),
                ]),
            )])
        })
        .collect();
    entries(vec![
        ("gpu", Node::Int(index as i64)),
        ("process_list", Node::List(list)),
    ])
}

/// `amd-smi topology`: each device against every device. ferrocm knows no link properties
/// between different devices, so those are N/A; a device to itself is `SELF`.
pub fn topology(index: usize, inv: &Inventory) -> Node {
    let links = inv
        .iter()
        .enumerate()
        .map(|(j, other)| {
            let me = index == j;
            entries(vec![
                ("gpu", Node::Int(j as i64)),
                ("bdf", Node::opt_str(other.info().bdf.clone())),
                ("weight", if me { Node::Int(0) } else { Node::na() }),
                ("link_status", Node::str(if me { "ENABLED" } else { NA })),
                ("link_type", Node::str(if me { "SELF" } else { NA })),
                ("num_hops", if me { Node::Int(0) } else { Node::na() }),
                ("bandwidth", Node::na()),
            ])
        })
        .collect();
    entries(vec![
        ("gpu", Node::Int(index as i64)),
        ("links", Node::List(links)),
    ])
}

/// One `amd-smi monitor` row: (column, value text).
pub fn monitor_row(index: usize, d: &dyn Device) -> Vec<(&'static str, String)> {
    let t = |v: Option<f64>, unit: &str| {
        v.map_or_else(|| NA.to_string(), |v| format!("{} {unit}", v.round()))
    };
    let a = d.activity();
    let m = d.memory();
    let gib = |b: Option<u64>| b.map(|b| b as f64 / (1u64 << 30) as f64);
    let g = |v: Option<f64>| v.map_or_else(|| NA.to_string(), |v| format!("{v:.1} GB"));
    vec![
        ("GPU", index.to_string()),
        ("POWER", t(d.power().current_w, "W")),
        ("GPU_TEMP", t(d.temperature(Sensor::Edge).current, "°C")),
        ("MEM_TEMP", t(d.temperature(Sensor::Memory).current, "°C")),
        ("GFX_UTIL", t(a.gfx.map(f64::from), "%")),
        (
            "GFX_CLOCK",
            t(
                d.clock(ClockKind::Gfx)
                    .and_then(|c| c.current_mhz)
                    .map(f64::from),
                "MHz",
            ),
        ),
        ("MEM_UTIL", t(a.memory.map(f64::from), "%")),
        (
            "MEM_CLOCK",
            t(
                d.clock(ClockKind::Memory)
                    .and_then(|c| c.current_mhz)
                    .map(f64::from),
                "MHz",
            ),
        ),
        ("VRAM_USED", g(gib(m.used))),
        ("VRAM_TOTAL", g(gib(m.total))),
    ]
}
