//! `rocm-smi`: ROCm's older device monitor command line (the concise table by default,
//! `--showuse`, `--showmeminfo`, `--showtemp`, `--showpower`, `--showproductname`, `--json`,
//! `--csv`) over ferrocm's devices.

use std::process::ExitCode;

use clap::Parser;
use smi::{Device, Inventory};
use smi_tools::rocm;
use smi_tools::tree::Node;

#[derive(Parser)]
#[command(
    name = "rocm-smi",
    about = "ROCm System Management Interface (ferrocm): ferrocm's CPU device and NVIDIA GPUs",
    version = smi::VERSION
)]
struct Cli {
    /// Devices to show (all by default)
    #[arg(short = 'd', long = "device", num_args = 1..)]
    device: Vec<usize>,
    /// Percentage of time the device is busy
    #[arg(short = 'u', long)]
    showuse: bool,
    /// Memory usage of the given types: vram, vis_vram, gtt, all
    #[arg(long, num_args = 1.., value_parser = ["vram", "vis_vram", "gtt", "all"])]
    showmeminfo: Vec<String>,
    /// Temperatures of every sensor
    #[arg(short = 't', long)]
    showtemp: bool,
    /// Average graphics package power
    #[arg(short = 'P', long)]
    showpower: bool,
    /// Product name, model, vendor and SKU
    #[arg(long)]
    showproductname: bool,
    /// Everything above
    #[arg(short = 'a', long)]
    showallinfo: bool,
    /// JSON output
    #[arg(long)]
    json: bool,
    /// CSV output
    #[arg(long, conflicts_with = "json")]
    csv: bool,
}

type Report = fn(&dyn Device) -> Vec<(String, String)>;

fn run(cli: Cli) -> Result<(), String> {
    let inv = Inventory::discover();
    let devices = smi_tools::select(&inv, &cli.device)?;
    let mut mem: Vec<&str> = Vec::new();
    for m in &cli.showmeminfo {
        if m == "all" {
            mem.extend(["vram", "vis_vram", "gtt"]);
        } else {
            mem.push(m);
        }
    }
    let mut sections: Vec<(&str, Report)> = Vec::new();
    let all = cli.showallinfo;
    if cli.showproductname || all {
        sections.push((" Product Info ", rocm::product));
    }
    if cli.showtemp || all {
        sections.push((" Temperature ", rocm::temp));
    }
    if cli.showpower || all {
        sections.push((" Power Consumption ", rocm::power));
    }
    if cli.showuse || all {
        sections.push((" % time GPU is busy ", rocm::use_));
    }
    if all && mem.is_empty() {
        mem.extend(["vram", "vis_vram", "gtt"]);
    }
    let structured = cli.json || cli.csv;
    // `--json` alone reports what the concise table shows, by key.
    if sections.is_empty() && mem.is_empty() && structured {
        sections.extend([
            (" Product Info ", rocm::product as Report),
            (" Temperature ", rocm::temp),
            (" Power Consumption ", rocm::power),
            (" % time GPU is busy ", rocm::use_),
        ]);
        mem.push("vram");
    }
    if sections.is_empty() && mem.is_empty() {
        println!("\n");
        println!("{}", rocm::spacer(" ROCm System Management Interface "));
        print!("{}", rocm::concise(&devices));
        println!("{}", rocm::spacer(" End of ROCm SMI Log "));
        return Ok(());
    }
    let per_device: Vec<(usize, Vec<(String, String)>)> = devices
        .iter()
        .map(|&(i, d)| {
            let mut kv: Vec<(String, String)> = sections.iter().flat_map(|(_, f)| f(d)).collect();
            for m in &mem {
                kv.extend(rocm::meminfo(d, m));
            }
            (i, kv)
        })
        .collect();
    if cli.json {
        let node = Node::Map(
            per_device
                .into_iter()
                .map(|(i, kv)| {
                    let card = kv.into_iter().map(|(k, v)| (k, Node::Str(v))).collect();
                    (format!("card{i}"), Node::Map(card))
                })
                .collect(),
        );
        println!("{}", node.to_json());
        return Ok(());
    }
    if cli.csv {
        let mut header = vec!["device".to_string()];
        if let Some((_, kv)) = per_device.first() {
            header.extend(kv.iter().map(|(k, _)| k.clone()));
        }
        println!("{}", header.join(","));
        for (i, kv) in &per_device {
            let mut row = vec![format!("card{i}")];
            row.extend(kv.iter().map(|(_, v)| v.clone()));
            println!("{}", row.join(","));
        }
        return Ok(());
    }
    println!("\n");
    println!("{}", rocm::spacer(" ROCm System Management Interface "));
    for (title, f) in &sections {
        println!("{}", rocm::spacer(title));
        for &(i, d) in &devices {
            for (k, v) in f(d) {
                println!("GPU[{i}]\t\t: {k}: {v}");
            }
        }
        println!("{}", rocm::spacer(""));
    }
    if !mem.is_empty() {
        println!("{}", rocm::spacer(" Memory Usage (Bytes) "));
        for &(i, d) in &devices {
            for m in &mem {
                for (k, v) in rocm::meminfo(d, m) {
                    println!("GPU[{i}]\t\t: {k}: {v}");
                }
            }
        }
        println!("{}", rocm::spacer(""));
    }
    println!("{}", rocm::spacer(" End of ROCm SMI Log "));
    Ok(())
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("rocm-smi: {e}");
            ExitCode::FAILURE
        }
    }
}
