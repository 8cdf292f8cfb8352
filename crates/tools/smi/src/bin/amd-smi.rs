//! `amd-smi`: ROCm's device monitor command line (`list`, `static`, `metric`, `process`,
//! `topology`, `monitor`, `version`) over ferrocm's devices.

use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use smi::Inventory;
use smi_tools::amd::{self, MetricSections, StaticSections};
use smi_tools::tree::{to_csv, Node};

#[derive(Parser)]
#[command(
    name = "amd-smi",
    about = "AMD System Management Interface (ferrocm): ferrocm's CPU device and NVIDIA GPUs",
    version = smi::VERSION
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Args, Clone, Copy, Default)]
struct Format {
    /// JSON output
    #[arg(long, global = true)]
    json: bool,
    /// CSV output
    #[arg(long, global = true, conflicts_with = "json")]
    csv: bool,
}

#[derive(Args, Clone, Default)]
struct Select {
    /// Devices to show (indexes as `amd-smi list` prints them); all by default
    #[arg(short = 'g', long = "gpu", num_args = 1.., value_delimiter = ',')]
    gpu: Vec<usize>,
}

#[derive(Subcommand)]
enum Command {
    /// Library and tool versions
    Version {
        #[command(flatten)]
        format: Format,
    },
    /// The devices, their BDF and UUID
    List {
        #[command(flatten)]
        select: Select,
        #[command(flatten)]
        format: Format,
    },
    /// What does not change: ASIC, bus, board, driver, VRAM, limits, NUMA
    Static {
        #[command(flatten)]
        select: Select,
        #[command(flatten)]
        format: Format,
        #[arg(short = 'a', long)]
        asic: bool,
        #[arg(short = 'b', long)]
        bus: bool,
        #[arg(short = 'B', long)]
        board: bool,
        #[arg(short = 'd', long)]
        driver: bool,
        #[arg(short = 'v', long)]
        vram: bool,
        #[arg(short = 'l', long)]
        limit: bool,
        #[arg(short = 'u', long)]
        numa: bool,
    },
    /// Current metrics: usage, power, clocks, temperatures, fan, memory, energy
    Metric {
        #[command(flatten)]
        select: Select,
        #[command(flatten)]
        format: Format,
        #[arg(short = 'u', long)]
        usage: bool,
        #[arg(short = 'p', long)]
        power: bool,
        #[arg(short = 'c', long)]
        clock: bool,
        #[arg(short = 't', long)]
        temperature: bool,
        #[arg(short = 'f', long)]
        fan: bool,
        #[arg(short = 'm', long = "mem-usage")]
        mem_usage: bool,
        #[arg(short = 'E', long)]
        energy: bool,
    },
    /// Processes using each device
    Process {
        #[command(flatten)]
        select: Select,
        #[command(flatten)]
        format: Format,
    },
    /// Links between devices
    Topology {
        #[command(flatten)]
        select: Select,
        #[command(flatten)]
        format: Format,
    },
    /// A table of metrics, refreshed every interval
    Monitor {
        #[command(flatten)]
        select: Select,
        #[command(flatten)]
        format: Format,
        /// Seconds between refreshes (runs until interrupted unless -i is given)
        #[arg(short = 'w', long)]
        watch: Option<f64>,
        /// Number of refreshes
        #[arg(short = 'i', long)]
        iterations: Option<u64>,
    },
}

fn print(rows: Vec<Node>, format: Format) {
    if format.json {
        println!("{}", Node::List(rows).to_json());
    } else if format.csv {
        print!("{}", to_csv(&rows));
    } else {
        print!("{}", Node::List(rows).to_text());
    }
}

fn run(cli: Cli) -> Result<(), String> {
    let Some(command) = cli.command else {
        // amd-smi without a subcommand prints a summary; ours is the device list.
        let inv = Inventory::discover();
        let rows = inv
            .iter()
            .enumerate()
            .map(|(i, d)| amd::list(i, d))
            .collect();
        print(rows, Format::default());
        return Ok(());
    };
    if let Command::Version { format } = command {
        let row = Node::Map(vec![
            ("tool".into(), Node::str("amdsmi")),
            ("version".into(), Node::str(smi::VERSION)),
            ("amdsmi_library_version".into(), Node::str(smi::VERSION)),
            ("rocm_version".into(), Node::str("ferrocm")),
        ]);
        print(vec![row], format);
        return Ok(());
    }
    let inv = Inventory::discover();
    match command {
        Command::Version { .. } => Ok(()),
        Command::List { select, format } => {
            let rows = smi_tools::select(&inv, &select.gpu)?
                .into_iter()
                .map(|(i, d)| amd::list(i, d))
                .collect();
            print(rows, format);
            Ok(())
        }
        Command::Static {
            select,
            format,
            asic,
            bus,
            board,
            driver,
            vram,
            limit,
            numa,
        } => {
            let sections = StaticSections {
                asic,
                bus,
                board,
                driver,
                vram,
                limit,
                numa,
            };
            let rows = smi_tools::select(&inv, &select.gpu)?
                .into_iter()
                .map(|(i, d)| amd::static_info(i, d, sections))
                .collect();
            print(rows, format);
            Ok(())
        }
        Command::Metric {
            select,
            format,
            usage,
            power,
            clock,
            temperature,
            fan,
            mem_usage,
            energy,
        } => {
            let sections = MetricSections {
                usage,
                power,
                clock,
                temperature,
                fan,
                mem_usage,
                energy,
            };
            let rows = smi_tools::select(&inv, &select.gpu)?
                .into_iter()
                .map(|(i, d)| amd::metric(i, d, sections))
                .collect();
            print(rows, format);
            Ok(())
        }
        Command::Process { select, format } => {
            let rows = smi_tools::select(&inv, &select.gpu)?
                .into_iter()
                .map(|(i, d)| amd::process(i, d))
                .collect();
            print(rows, format);
            Ok(())
        }
        Command::Topology { select, format } => {
            let rows = smi_tools::select(&inv, &select.gpu)?
                .into_iter()
                .map(|(i, _)| amd::topology(i, &inv))
                .collect();
            print(rows, format);
            Ok(())
        }
        Command::Monitor {
            select,
            format,
            watch,
            iterations,
        } => {
            let devices = smi_tools::select(&inv, &select.gpu)?;
            let interval = match watch {
                Some(w) if !(w.is_finite() && w > 0.0) => {
                    return Err(format!("-w {w}: the interval must be a positive number"))
                }
                Some(w) => Some(Duration::from_secs_f64(w)),
                None => None,
            };
            let count = iterations.unwrap_or(if interval.is_some() { u64::MAX } else { 1 });
            for n in 0..count {
                if n > 0 {
                    std::thread::sleep(interval.unwrap_or_default());
                }
                let rows: Vec<Vec<(&str, String)>> = devices
                    .iter()
                    .map(|&(i, d)| amd::monitor_row(i, d))
                    .collect();
                if format.json || format.csv {
                    let nodes = rows
                        .iter()
                        .map(|r| {
                            Node::Map(
                                r.iter()
                                    .map(|(k, v)| (k.to_ascii_lowercase(), Node::str(v.clone())))
                                    .collect(),
                            )
                        })
                        .collect();
                    print(nodes, format);
                } else {
                    print_table(&rows, n == 0);
                }
            }
            Ok(())
        }
    }
}

fn print_table(rows: &[Vec<(&str, String)>], header: bool) {
    let Some(first) = rows.first() else {
        return;
    };
    let widths: Vec<usize> = (0..first.len())
        .map(|c| {
            rows.iter()
                .map(|r| r[c].1.chars().count())
                .chain([first[c].0.len()])
                .max()
                .unwrap_or(0)
                + 2
        })
        .collect();
    if header {
        let line: String = first
            .iter()
            .zip(&widths)
            .map(|((k, _), w)| format!("{k:>w$}"))
            .collect();
        println!("{line}");
    }
    for r in rows {
        let line: String = r
            .iter()
            .zip(&widths)
            .map(|((_, v), w)| format!("{v:>w$}"))
            .collect();
        println!("{line}");
    }
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("amd-smi: {e}");
            ExitCode::FAILURE
        }
    }
}
