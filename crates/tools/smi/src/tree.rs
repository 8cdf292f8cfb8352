//! An ordered report tree and its three renderings: amd-smi's indented text, JSON and CSV.
//! (Ordered by hand: serde_json's map sorts keys unless a workspace-wide feature is on.)

use std::fmt::Write as _;

/// "N/A": what a metric the device lacks prints as, in every format.
pub const NA: &str = "N/A";

/// A report node.
#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    /// A string.
    Str(String),
    /// An integer.
    Int(i64),
    /// A floating-point number.
    Float(f64),
    /// A number with its unit (`{"value": 3, "unit": "%"}` in JSON, `3 %` in text).
    Unit(Box<Node>, &'static str),
    /// Keys in order.
    Map(Vec<(String, Node)>),
    /// A list.
    List(Vec<Node>),
}

impl Node {
    pub fn na() -> Node {
        Node::Str(NA.into())
    }

    pub fn str(s: impl Into<String>) -> Node {
        Node::Str(s.into())
    }

    /// A value with a unit, or N/A.
    pub fn unit<T: Into<f64> + Copy>(v: Option<T>, unit: &'static str) -> Node {
        match v {
            Some(v) => {
                let f: f64 = v.into();
                let inner = if f.fract() == 0.0 && f.abs() < 9.0e15 {
                    Node::Int(f as i64)
                } else {
                    Node::Float((f * 100.0).round() / 100.0)
                };
                Node::Unit(Box::new(inner), unit)
            }
            None => Node::na(),
        }
    }

    /// A string, or N/A.
    pub fn opt_str(v: Option<impl Into<String>>) -> Node {
        v.map_or_else(Node::na, |s| Node::Str(s.into()))
    }

    /// An integer, or N/A.
    pub fn opt_int<T: Into<i64>>(v: Option<T>) -> Node {
        v.map_or_else(Node::na, |i| Node::Int(i.into()))
    }

    /// A hexadecimal id (`0x1002`), or N/A.
    pub fn hex(v: Option<u32>) -> Node {
        v.map_or_else(Node::na, |i| Node::Str(format!("{i:#06x}")))
    }

    /// The value without its unit, as text.
    pub fn scalar_text(&self) -> String {
        match self {
            Node::Str(s) => s.clone(),
            Node::Int(i) => i.to_string(),
            Node::Float(f) => f.to_string(),
            Node::Unit(v, _) => v.scalar_text(),
            Node::Map(_) | Node::List(_) => String::new(),
        }
    }

    /// JSON text.
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        self.write_json(&mut out, 0);
        out
    }

    fn write_json(&self, out: &mut String, depth: usize) {
        let pad = |out: &mut String, d: usize| out.push_str(&"    ".repeat(d));
        match self {
            Node::Str(s) => out.push_str(&serde_json::Value::from(s.as_str()).to_string()),
            Node::Int(i) => {
                let _ = write!(out, "{i}");
            }
            Node::Float(f) => out.push_str(&serde_json::Value::from(*f).to_string()),
            Node::Unit(v, unit) => Node::Map(vec![
                ("value".into(), (**v).clone()),
                ("unit".into(), Node::str(*unit)),
            ])
            .write_json(out, depth),
            Node::Map(entries) if entries.is_empty() => out.push_str("{}"),
            Node::Map(entries) => {
                out.push_str("{\n");
                for (i, (k, v)) in entries.iter().enumerate() {
                    pad(out, depth + 1);
                    out.push_str(&serde_json::Value::from(k.as_str()).to_string());
                    out.push_str(": ");
                    v.write_json(out, depth + 1);
                    out.push_str(if i + 1 < entries.len() { ",\n" } else { "\n" });
                }
                pad(out, depth);
                out.push('}');
            }
            Node::List(items) if items.is_empty() => out.push_str("[]"),
            Node::List(items) => {
                out.push_str("[\n");
                for (i, v) in items.iter().enumerate() {
                    pad(out, depth + 1);
                    v.write_json(out, depth + 1);
                    out.push_str(if i + 1 < items.len() { ",\n" } else { "\n" });
                }
                pad(out, depth);
                out.push(']');
            }
        }
    }

    /// amd-smi's human format: `KEY: value` lines, upper-case keys, nested maps indented.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        self.write_text(&mut out, 0);
        out
    }

    fn write_text(&self, out: &mut String, depth: usize) {
        let pad = "    ".repeat(depth);
        match self {
            Node::Map(entries) => {
                for (k, v) in entries {
                    let key = k.to_ascii_uppercase();
                    match v {
                        Node::Map(inner) if inner.is_empty() => {
                            let _ = writeln!(out, "{pad}{key}: {NA}");
                        }
                        Node::Map(_) => {
                            let _ = writeln!(out, "{pad}{key}:");
                            v.write_text(out, depth + 1);
                        }
                        Node::List(items) if items.is_empty() => {
                            let _ = writeln!(out, "{pad}{key}: No running processes detected");
                        }
                        Node::List(items) => {
                            let _ = writeln!(out, "{pad}{key}:");
                            for item in items {
                                item.write_text(out, depth + 1);
                            }
                        }
                        leaf => {
                            let _ = writeln!(out, "{pad}{key}: {}", leaf.leaf_text());
                        }
                    }
                }
            }
            Node::List(items) => {
                for item in items {
                    item.write_text(out, depth);
                    out.push('\n');
                }
            }
            leaf => {
                let _ = writeln!(out, "{pad}{}", leaf.leaf_text());
            }
        }
    }

    fn leaf_text(&self) -> String {
        match self {
            Node::Unit(v, unit) => format!("{} {unit}", v.scalar_text()),
            other => other.scalar_text(),
        }
    }

    /// Flattened `(key path joined by '_', value)` pairs of a map (CSV columns).
    pub fn flatten(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        self.flatten_into("", &mut out);
        out
    }

    fn flatten_into(&self, prefix: &str, out: &mut Vec<(String, String)>) {
        match self {
            Node::Map(entries) => {
                for (k, v) in entries {
                    let key = if prefix.is_empty() {
                        k.clone()
                    } else {
                        format!("{prefix}_{k}")
                    };
                    v.flatten_into(&key, out);
                }
            }
            Node::List(items) => {
                for (i, v) in items.iter().enumerate() {
                    v.flatten_into(&format!("{prefix}_{i}"), out);
                }
            }
            leaf => out.push((prefix.to_string(), leaf.scalar_text())),
        }
    }
}

/// CSV of a list of rows (maps): the header is the union of flattened keys in first-seen
/// order; a row lacking a column gets N/A.
pub fn to_csv(rows: &[Node]) -> String {
    let flat: Vec<Vec<(String, String)>> = rows.iter().map(Node::flatten).collect();
    let mut header: Vec<String> = Vec::new();
    for row in &flat {
        for (k, _) in row {
            if !header.contains(k) {
                header.push(k.clone());
            }
        }
    }
    let quote = |s: &str| {
        if s.contains([',', '"', '\n']) {
            format!("\"{}\"", s.replace('"', "\"\""))
        } else {
            s.to_string()
        }
    };
    let mut out = header
        .iter()
        .map(|h| quote(h))
        .collect::<Vec<_>>()
        .join(",");
    out.push('\n');
    for row in &flat {
        let line: Vec<String> = header
            .iter()
            .map(|h| {
                row.iter()
                    .find(|(k, _)| k == h)
                    .map_or_else(|| NA.to_string(), |(_, v)| quote(v))
            })
            .collect();
        out.push_str(&line.join(","));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Node {
        Node::Map(vec![
            ("gpu".into(), Node::Int(0)),
            (
                "usage".into(),
                Node::Map(vec![
                    ("gfx_activity".into(), Node::unit(Some(7u32), "%")),
                    ("umc_activity".into(), Node::unit(None::<u32>, "%")),
                ]),
            ),
        ])
    }

    #[test]
    fn json_keeps_order_and_units() {
        let v: serde_json::Value = serde_json::from_str(&sample().to_json()).unwrap();
        assert_eq!(v["usage"]["gfx_activity"]["value"], 7);
        assert_eq!(v["usage"]["gfx_activity"]["unit"], "%");
        assert_eq!(v["usage"]["umc_activity"], "N/A");
        let text = sample().to_json();
        assert!(text.find("gfx_activity") < text.find("umc_activity"));
    }

    #[test]
    fn text_and_csv() {
        assert_eq!(
            sample().to_text(),
            "GPU: 0\nUSAGE:\n    GFX_ACTIVITY: 7 %\n    UMC_ACTIVITY: N/A\n"
        );
        assert_eq!(
            to_csv(&[sample()]),
            "gpu,usage_gfx_activity,usage_umc_activity\n0,7,N/A\n"
        );
    }

    #[test]
    fn units_round_floats() {
        assert_eq!(
            Node::unit(Some(12.3456f64), "W"),
            Node::Unit(Box::new(Node::Float(12.35)), "W")
        );
        assert_eq!(
            Node::unit(Some(12.0f64), "W"),
            Node::Unit(Box::new(Node::Int(12)), "W")
        );
    }
}
