//! What a translation did: counts for `--print-stats`, and the warnings (unsupported names,
//! warp-size-sensitive code...) with their line numbers.

use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Why hipify warns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum WarningKind {
    /// A CUDA name with no equivalent in the target: left unchanged.
    Unsupported,
    /// A name HIPIFY translates only with `--experimental`.
    Experimental,
    /// Deprecated in CUDA (still translated where a mapping exists).
    Deprecated,
    /// Removed from CUDA (still translated where a mapping exists).
    Removed,
    /// Looks like a CUDA runtime name (`cuda[A-Z]...`) but is in no table.
    Unknown,
    /// Code that depends on the warp size (32 on NVIDIA, 64 lanes on AMD): review it.
    WarpSize,
    /// A macro builds a name by token pasting: hipify cannot see what it makes.
    TokenPaste,
    /// A kernel launch hipify could not rewrite.
    Launch,
    /// Kept as is, but means something else (or nothing) on AMD GPUs: review it.
    Review,
}

/// One warning.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// 1-based line.
    pub line: usize,
    /// Why.
    pub kind: WarningKind,
    /// The text (without the file and line).
    pub message: String,
}

/// Counts of one translation (or the sum of several).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stats {
    /// CUDA name -> (what it became, how many times).
    pub converted: BTreeMap<String, (String, usize)>,
    /// Conversions by statistics category (`memory`, `library`, `include`...).
    pub by_category: BTreeMap<String, usize>,
    /// Conversions by API (`runtime`, `driver`, `cuBLAS`...).
    pub by_api: BTreeMap<String, usize>,
    /// Names left unconverted (unsupported in the target), with counts.
    pub unconverted: BTreeMap<String, usize>,
    /// Kernel launches seen (rewritten or kept).
    pub kernel_launches: usize,
    /// Lines of the input.
    pub lines: usize,
    /// Lines the translation changed.
    pub changed_lines: usize,
    /// Bytes of the input.
    pub bytes: usize,
    /// Bytes of the input that were replaced.
    pub replaced_bytes: usize,
    /// Warnings.
    pub warnings: usize,
}

impl Stats {
    /// Total conversions.
    pub fn converted_count(&self) -> usize {
        self.converted.values().map(|(_, n)| n).sum::<usize>() + self.kernel_launches
    }

    /// Total unconverted references.
    pub fn unconverted_count(&self) -> usize {
        self.unconverted.values().sum()
    }

    pub(crate) fn convert(&mut self, from: &str, to: &str, category: &str, api: &str) {
        let e = self
            .converted
            .entry(from.to_string())
            .or_insert_with(|| (to.to_string(), 0));
        e.1 += 1;
        *self.by_category.entry(category.to_string()).or_default() += 1;
        *self.by_api.entry(api.to_string()).or_default() += 1;
    }

    /// Adds another file's counts (for the totals of a run).
    pub fn add(&mut self, o: &Stats) {
        for (k, (to, n)) in &o.converted {
            self.converted
                .entry(k.clone())
                .or_insert_with(|| (to.clone(), 0))
                .1 += n;
        }
        for (k, n) in &o.by_category {
            *self.by_category.entry(k.clone()).or_default() += n;
        }
        for (k, n) in &o.by_api {
            *self.by_api.entry(k.clone()).or_default() += n;
        }
        for (k, n) in &o.unconverted {
            *self.unconverted.entry(k.clone()).or_default() += n;
        }
        self.kernel_launches += o.kernel_launches;
        self.lines += o.lines;
        self.changed_lines += o.changed_lines;
        self.bytes += o.bytes;
        self.replaced_bytes += o.replaced_bytes;
        self.warnings += o.warnings;
    }

    /// The `--print-stats` report, in the style of hipify-clang's (which includes hipify-perl's
    /// lines: converted count, lines of code, warnings, converted refs by names).
    pub fn report(&self, file: &str) -> String {
        let conv = self.converted_count();
        let unconv = self.unconverted_count();
        let pct = |a: usize, b: usize| {
            if b == 0 {
                0.0
            } else {
                100.0 * a as f64 / b as f64
            }
        };
        let mut s = String::new();
        let _ = writeln!(s, "\n[HIPIFY] info: file '{file}' statistics:");
        let _ = writeln!(s, "  CONVERTED refs count: {conv}");
        let _ = writeln!(s, "  UNCONVERTED refs count: {unconv}");
        let _ = writeln!(s, "  CONVERSION %: {:.1}", pct(conv, conv + unconv));
        let _ = writeln!(s, "  REPLACED bytes: {}", self.replaced_bytes);
        let _ = writeln!(s, "  TOTAL bytes: {}", self.bytes);
        let _ = writeln!(s, "  CHANGED lines of code: {}", self.changed_lines);
        let _ = writeln!(s, "  TOTAL lines of code: {}", self.lines);
        let _ = writeln!(
            s,
            "  CODE CHANGED (in bytes) %: {:.1}",
            pct(self.replaced_bytes, self.bytes)
        );
        let _ = writeln!(
            s,
            "  CODE CHANGED (in lines) %: {:.1}",
            pct(self.changed_lines, self.lines)
        );
        let _ = writeln!(s, "  WARNINGS: {}", self.warnings);
        if self.kernel_launches > 0 {
            let _ = writeln!(s, "  KERNEL LAUNCHES: {}", self.kernel_launches);
        }
        if !self.by_category.is_empty() {
            let _ = writeln!(s, "[HIPIFY] info: CONVERTED refs by type:");
            for (k, n) in &self.by_category {
                let _ = writeln!(s, "  {k}: {n}");
            }
        }
        if !self.by_api.is_empty() {
            let _ = writeln!(s, "[HIPIFY] info: CONVERTED refs by API:");
            for (k, n) in &self.by_api {
                let _ = writeln!(s, "  {k}: {n}");
            }
        }
        if !self.converted.is_empty() {
            let _ = writeln!(s, "[HIPIFY] info: CONVERTED refs by names:");
            for (k, (to, n)) in &self.converted {
                let _ = writeln!(s, "  {k} => {to}: {n}");
            }
        }
        if !self.unconverted.is_empty() {
            let _ = writeln!(s, "[HIPIFY] info: UNCONVERTED refs by names:");
            for (k, n) in &self.unconverted {
                let _ = writeln!(s, "  {k}: {n}");
            }
        }
        s
    }
}

impl Stats {
    /// The statistics as CSV rows (`--print-stats-csv`): `file,kind,name,value`, one row per
    /// counter, per converted name (`cuda=>hip`) and per unconverted name; a header row first
    /// when `header`.
    pub fn csv(&self, file: &str, header: bool) -> String {
        let file = csv_field(file);
        let mut s = String::new();
        if header {
            s.push_str("file,kind,name,value\n");
        }
        let mut row = |kind: &str, name: &str, value: usize| {
            let _ = writeln!(s, "{file},{kind},{},{value}", csv_field(name));
        };
        row("total", "converted", self.converted_count());
        row("total", "unconverted", self.unconverted_count());
        row("total", "kernel_launches", self.kernel_launches);
        row("total", "warnings", self.warnings);
        row("total", "replaced_bytes", self.replaced_bytes);
        row("total", "bytes", self.bytes);
        row("total", "changed_lines", self.changed_lines);
        row("total", "lines", self.lines);
        for (k, n) in &self.by_category {
            row("type", k, *n);
        }
        for (k, n) in &self.by_api {
            row("api", k, *n);
        }
        for (k, (to, n)) in &self.converted {
            row("converted", &format!("{k}=>{to}"), *n);
        }
        for (k, n) in &self.unconverted {
            row("unconverted", k, *n);
        }
        s
    }
}

/// A CSV field, quoted where it needs to be.
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_add_up_and_report() {
        let mut a = Stats::default();
        a.convert("cudaMalloc", "hipMalloc", "memory", "runtime");
        a.convert("cudaMalloc", "hipMalloc", "memory", "runtime");
        a.kernel_launches = 1;
        let mut b = Stats::default();
        b.convert("cudaFree", "hipFree", "memory", "runtime");
        *b.unconverted.entry("cudaFoo".into()).or_default() += 1;
        a.add(&b);
        assert_eq!(a.converted_count(), 4);
        assert_eq!(a.unconverted_count(), 1);
        let r = a.report("x.cu");
        assert!(r.contains("CONVERTED refs count: 4"), "{r}");
        assert!(r.contains("  cudaMalloc => hipMalloc: 2"), "{r}");
        assert!(r.contains("  memory: 3"), "{r}");
        assert!(r.contains("CONVERSION %: 80.0"), "{r}");
        let csv = a.csv("dir,x/a.cu", true);
        assert!(csv.starts_with("file,kind,name,value\n"), "{csv}");
        assert!(
            csv.contains("\"dir,x/a.cu\",converted,cudaMalloc=>hipMalloc,2\n"),
            "{csv}"
        );
        assert!(csv.contains("\"dir,x/a.cu\",total,converted,4\n"), "{csv}");
    }
}
