//! amd-smi and rocm-smi as users run them: the JSON parses and carries amd-smi's and
//! rocm-smi's documented keys, CSV has a header row, bad device indexes fail, and a process
//! that maps the HIP runtime shows up in `amd-smi process`.

use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::Value;

fn run(exe: &str, args: &[&str]) -> (bool, String, String) {
    let out = Command::new(exe)
        .args(args)
        // Only the CPU device, whatever this machine has.
        .env("FERROCM_SMI_NVIDIA", "0")
        .output()
        .expect("run the tool");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn amd_smi_json(args: &[&str]) -> Value {
    let (ok, out, err) = run(env!("CARGO_BIN_EXE_amd-smi"), args);
    assert!(ok, "amd-smi {args:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("amd-smi {args:?}: {e}\n{out}"))
}

fn rocm_smi_json(args: &[&str]) -> Value {
    let (ok, out, err) = run(env!("CARGO_BIN_EXE_rocm-smi"), args);
    assert!(ok, "rocm-smi {args:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("rocm-smi {args:?}: {e}\n{out}"))
}

/// A value with a unit (`{"value": .., "unit": ..}`) or "N/A".
fn is_metric(v: &Value, unit: &str) -> bool {
    v == "N/A" || (v["unit"] == unit && v["value"].is_number())
}

#[test]
fn amd_smi_list_static_metric_json() {
    let list = amd_smi_json(&["list", "--json"]);
    let gpu0 = &list[0];
    for key in ["gpu", "bdf", "uuid", "kfd_id", "node_id", "partition_id"] {
        assert!(gpu0.get(key).is_some(), "list: {key} missing in {gpu0}");
    }
    assert_eq!(gpu0["gpu"], 0);
    assert_eq!(gpu0["hip_platform"], "cpu");

    let st = amd_smi_json(&["static", "--json"]);
    let asic = &st[0]["asic"];
    for key in [
        "market_name",
        "vendor_id",
        "vendor_name",
        "device_id",
        "num_compute_units",
        "target_graphics_version",
    ] {
        assert!(asic.get(key).is_some(), "static asic: {key} missing");
    }
    assert!(asic["num_compute_units"].as_i64().unwrap() >= 1);
    assert_eq!(st[0]["driver"]["name"], "ferrocm");
    assert_eq!(st[0]["vram"]["size"]["unit"], "MB");
    assert!(st[0]["vram"]["size"]["value"].as_i64().unwrap() > 0);
    let only_driver = amd_smi_json(&["static", "--driver", "--json"]);
    assert!(only_driver[0].get("asic").is_none(), "section flags select");

    let m = amd_smi_json(&["metric", "--json"]);
    let m0 = &m[0];
    let gfx = &m0["usage"]["gfx_activity"];
    assert_eq!(gfx["unit"], "%");
    assert!(gfx["value"].as_i64().unwrap() <= 100);
    assert_eq!(
        m0["usage"]["umc_activity"], "N/A",
        "the CPU has no UMC counter"
    );
    assert!(is_metric(&m0["power"]["socket_power"], "W"));
    assert!(is_metric(&m0["clock"]["gfx_0"]["clk"], "MHz"));
    assert_eq!(m0["clock"]["mem_0"]["clk"], "N/A");
    assert!(is_metric(&m0["temperature"]["edge"], "C"));
    let total = m0["mem_usage"]["total_vram"]["value"].as_i64().unwrap();
    let used = m0["mem_usage"]["used_vram"]["value"].as_i64().unwrap();
    assert!(total > 0 && used <= total);
    let usage_only = amd_smi_json(&["metric", "-u", "--json"]);
    assert!(usage_only[0].get("power").is_none());
}

#[test]
fn amd_smi_topology_monitor_version_csv() {
    let t = amd_smi_json(&["topology", "--json"]);
    assert_eq!(t[0]["links"][0]["link_type"], "SELF");
    let mon = amd_smi_json(&["monitor", "-i", "1", "--json"]);
    assert!(mon[0]["gfx_util"].is_string());
    let v = amd_smi_json(&["version", "--json"]);
    assert_eq!(v[0]["tool"], "amdsmi");

    let (ok, csv, _) = run(env!("CARGO_BIN_EXE_amd-smi"), &["metric", "--csv"]);
    assert!(ok);
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let row: Vec<&str> = lines.next().unwrap().split(',').collect();
    assert_eq!(header.len(), row.len());
    assert_eq!(header[0], "gpu");
    assert!(header.contains(&"usage_gfx_activity"));

    let (ok, text, _) = run(
        env!("CARGO_BIN_EXE_amd-smi"),
        &["monitor", "-i", "2", "-w", "0.01"],
    );
    assert!(ok);
    assert!(text.starts_with(" ") && text.contains("GFX_UTIL"), "{text}");
    let (ok, _, err) = run(env!("CARGO_BIN_EXE_amd-smi"), &["metric", "-g", "99"]);
    assert!(!ok && err.contains("no device 99"), "{err}");
}

#[test]
fn rocm_smi_json_keys() {
    let all = rocm_smi_json(&["--json"]);
    let card = &all["card0"];
    for key in [
        "GPU use (%)",
        "VRAM Total Memory (B)",
        "VRAM Total Used Memory (B)",
        "Temperature (Sensor edge) (C)",
        "Average Graphics Package Power (W)",
        "Card series",
    ] {
        assert!(card.get(key).is_some(), "{key} missing in {card}");
    }
    let used: u64 = card["VRAM Total Used Memory (B)"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let total: u64 = card["VRAM Total Memory (B)"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(used <= total && total > 0);

    let u = rocm_smi_json(&["--showuse", "--json"]);
    let busy: u32 = u["card0"]["GPU use (%)"].as_str().unwrap().parse().unwrap();
    assert!(busy <= 100);
    assert_eq!(
        u["card0"].as_object().unwrap().len(),
        1,
        "only what was asked"
    );
    let m = rocm_smi_json(&["--showmeminfo", "vram", "--json"]);
    assert_eq!(m["card0"].as_object().unwrap().len(), 2);
    let t = rocm_smi_json(&["--showtemp", "--showpower", "--json", "-d", "0"]);
    assert!(t["card0"]
        .get("Temperature (Sensor junction) (C)")
        .is_some());
    assert_eq!(t["card0"]["Temperature (Sensor junction) (C)"], "N/A");

    let (ok, table, _) = run(env!("CARGO_BIN_EXE_rocm-smi"), &[]);
    assert!(ok);
    assert!(table.contains("ROCm System Management Interface"));
    assert!(table.contains("GPU  Temp"), "{table}");
    let (ok, text, _) = run(env!("CARGO_BIN_EXE_rocm-smi"), &["--showuse"]);
    assert!(ok && text.contains("GPU[0]\t\t: GPU use (%): "), "{text}");
    let (ok, _, err) = run(env!("CARGO_BIN_EXE_rocm-smi"), &["-d", "7", "--showuse"]);
    assert!(!ok && err.contains("no device 7"));
}

/// A program that links a library named `libamdhip64.so` is a HIP runtime user.
#[test]
fn a_hip_process_appears_in_amd_smi_process() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("smi-process");
    std::fs::create_dir_all(&dir).unwrap();
    let lib_c = dir.join("fake.c");
    let main_c = dir.join("main.c");
    std::fs::write(&lib_c, "int fake_hip_symbol(void) { return 1; }\n").unwrap();
    std::fs::write(
        &main_c,
        "#include <stdio.h>\nint fake_hip_symbol(void);\n\
         int main(void) { char b[8]; fake_hip_symbol(); puts(\"ready\"); fflush(stdout); \
         return fgets(b, sizeof b, stdin) == 0; }\n",
    )
    .unwrap();
    let lib = dir.join("libamdhip64.so");
    let exe = dir.join("hip_user");
    let built = Command::new("cc")
        .args(["-shared", "-fPIC", "-o"])
        .arg(&lib)
        .arg(&lib_c)
        .status()
        .and_then(|s| {
            if !s.success() {
                return Ok(s);
            }
            Command::new("cc")
                .arg("-o")
                .arg(&exe)
                .arg(&main_c)
                .arg(format!("-L{}", dir.display()))
                .arg("-lamdhip64")
                .arg(format!("-Wl,-rpath,{}", dir.display()))
                .status()
        });
    match built {
        Ok(s) if s.success() => {}
        other => {
            eprintln!("SKIPPED: no C compiler to build the HIP-user stand-in ({other:?})");
            return;
        }
    }
    // cargo's LD_LIBRARY_PATH may hold a real libamdhip64.so, which would win over the rpath.
    let mut child = Command::new(&exe)
        .env_remove("LD_LIBRARY_PATH")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(child.stdout.as_mut().unwrap()),
        &mut line,
    )
    .unwrap();
    if line.trim() != "ready" {
        panic!("the stand-in did not start: {:?}", child.wait());
    }
    let p = amd_smi_json(&["process", "--json"]);
    drop(child.stdin.take());
    let _ = child.wait();
    let list = p[0]["process_list"].as_array().unwrap();
    let me = list
        .iter()
        .find(|e| e["process_info"]["pid"] == child.id())
        .unwrap_or_else(|| panic!("pid {} not in {p}", child.id()));
    assert_eq!(me["process_info"]["name"], "hip_user");
    assert_eq!(me["process_info"]["mem_usage"]["unit"], "B");
}
