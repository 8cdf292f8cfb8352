//! `rocm-smi`'s reports: (key, value) pairs per device with rocm-smi's key names (its JSON is
//! `{"card<N>": {key: value-string}}`), and the default concise table.

use std::fmt::Write as _;

use smi::{ClockKind, Device, Sensor};

use crate::tree::NA;

/// The width of rocm-smi's spacer lines.
pub const WIDTH: usize = 100;

fn or_na<T: ToString>(v: Option<T>) -> String {
    v.map_or_else(|| NA.to_string(), |v| v.to_string())
}

/// A float as rocm-smi prints it (`45.0`).
fn float(v: Option<f64>) -> String {
    v.map_or_else(|| NA.to_string(), |v| format!("{:.1}", v))
}

/// `--showuse`.
pub fn use_(d: &dyn Device) -> Vec<(String, String)> {
    vec![("GPU use (%)".into(), or_na(d.activity().gfx))]
}

/// `--showmeminfo <type>`: `vram`, `vis_vram`, `gtt` (host-visible device memory is all of it
/// on every ferrocm device; GTT does not exist).
pub fn meminfo(d: &dyn Device, kind: &str) -> Vec<(String, String)> {
    let m = d.memory();
    let (total, used) = match kind {
        "vram" | "vis_vram" => (m.total, m.used),
        _ => (None, None),
    };
    let name = kind.to_ascii_uppercase();
    vec![
        (format!("{name} Total Memory (B)"), or_na(total)),
        (format!("{name} Total Used Memory (B)"), or_na(used)),
    ]
}

/// `--showtemp`.
pub fn temp(d: &dyn Device) -> Vec<(String, String)> {
    [
        ("edge", Sensor::Edge),
        ("junction", Sensor::Hotspot),
        ("memory", Sensor::Memory),
    ]
    .into_iter()
    .map(|(name, s)| {
        (
            format!("Temperature (Sensor {name}) (C)"),
            float(d.temperature(s).current),
        )
    })
    .collect()
}

/// `--showpower`.
pub fn power(d: &dyn Device) -> Vec<(String, String)> {
    vec![(
        "Average Graphics Package Power (W)".into(),
        float(d.power().current_w),
    )]
}

/// `--showproductname`.
pub fn product(d: &dyn Device) -> Vec<(String, String)> {
    let i = d.info();
    vec![
        ("Card series".into(), i.name.clone()),
        (
            "Card model".into(),
            i.device_id
                .map_or_else(|| NA.into(), |id| format!("{id:#06x}")),
        ),
        ("Card vendor".into(), i.vendor.clone()),
        ("Card SKU".into(), NA.into()),
    ]
}

/// A spacer line with a title in the middle, as rocm-smi prints them.
pub fn spacer(title: &str) -> String {
    if title.is_empty() {
        return "=".repeat(WIDTH);
    }
    let mut t = title.to_string();
    if t.len() % 2 == 1 {
        t.push('=');
    }
    let side = WIDTH.saturating_sub(t.len()) / 2;
    format!("{}{t}{}", "=".repeat(side), "=".repeat(side))
}

/// The default output: rocm-smi's concise table.
pub fn concise(devices: &[(usize, &dyn Device)]) -> String {
    let header = [
        "GPU", "Temp", "AvgPwr", "SCLK", "MCLK", "Fan", "Perf", "PwrCap", "VRAM%", "GPU%",
    ];
    let rows: Vec<Vec<String>> = devices
        .iter()
        .map(|&(index, d)| {
            let with = |v: Option<f64>, unit: &str| {
                v.map_or_else(|| NA.to_string(), |v| format!("{v:.1}{unit}"))
            };
            let mhz = |k| {
                d.clock(k)
                    .and_then(|c| c.current_mhz)
                    .map_or_else(|| NA.to_string(), |m| format!("{m}Mhz"))
            };
            let m = d.memory();
            let vram = match (m.used, m.total) {
                (Some(u), Some(t)) if t > 0 => format!("{:.0}%", u as f64 * 100.0 / t as f64),
                _ => NA.into(),
            };
            let p = d.power();
            vec![
                index.to_string(),
                with(d.temperature(Sensor::Edge).current, "c"),
                with(p.current_w, "W"),
                mhz(ClockKind::Gfx),
                mhz(ClockKind::Memory),
                d.fan_percent()
                    .map_or_else(|| NA.into(), |f| format!("{f}%")),
                NA.into(),
                with(p.cap_w, "W"),
                vram,
                d.activity()
                    .gfx
                    .map_or_else(|| NA.into(), |g| format!("{g}%")),
            ]
        })
        .collect();
    let widths: Vec<usize> = (0..header.len())
        .map(|c| {
            rows.iter()
                .map(|r| r[c].chars().count())
                .chain([header[c].len()])
                .max()
                .unwrap_or(0)
                + 2
        })
        .collect();
    let line = |cells: Vec<&str>| {
        let mut s = String::new();
        for (c, cell) in cells.iter().enumerate() {
            let _ = write!(s, "{cell:<w$}", w = widths[c]);
        }
        s.trim_end().to_string()
    };
    let mut out = String::new();
    let _ = writeln!(out, "{}", spacer(" Concise Info "));
    let _ = writeln!(out, "{}", line(header.to_vec()));
    for r in &rows {
        let _ = writeln!(out, "{}", line(r.iter().map(String::as_str).collect()));
    }
    let _ = writeln!(out, "{}", spacer(""));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spacers_are_as_wide_as_rocm_smi() {
        assert_eq!(spacer("").len(), WIDTH);
        assert_eq!(spacer(" Concise Info ").len(), WIDTH);
        assert_eq!(spacer(" ROCm System Management Interface ").len(), WIDTH);
    }
}
