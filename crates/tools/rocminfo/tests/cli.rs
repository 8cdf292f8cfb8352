//! Runs the `rocminfo` binary and checks the lines scripts written for ROCm's rocminfo
//! look for.

use std::process::Command;

fn run() -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_rocminfo"))
        .output()
        .expect("run rocminfo");
    assert!(
        out.status.success(),
        "rocminfo failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// The trimmed value of the first `label` line after `start`.
fn value_after<'a>(text: &'a str, start: usize, label: &str) -> &'a str {
    text[start..]
        .lines()
        .find_map(|l| l.trim_start().strip_prefix(label))
        .unwrap_or_else(|| panic!("no {label:?} line in\n{text}"))
        .trim()
}

#[test]
fn prints_system_attributes_and_the_cpu_agent() {
    let text = run();
    assert!(!text.contains("ROCk module"));
    assert!(text.starts_with("====================="));
    assert!(text.contains("HSA System Attributes"));
    assert_eq!(value_after(&text, 0, "Runtime Version:"), "1.1");
    assert_eq!(value_after(&text, 0, "Runtime Ext Version:"), "1.6");
    assert_eq!(
        value_after(&text, 0, "System Timestamp Freq.:"),
        "1000.000000MHz"
    );
    assert!(value_after(&text, 0, "Sig. Max Wait Duration:")
        .starts_with("18446744073709551615 (0xFFFFFFFFFFFFFFFF)"));
    assert_eq!(value_after(&text, 0, "Machine Model:"), "LARGE");
    assert_eq!(value_after(&text, 0, "System Endianness:"), "LITTLE");
    assert!(text.contains("HSA Agents"));
    assert!(text.trim_end().ends_with("*** Done ***"));

    // The agent block.
    // "*******" / "Agent 1" / "*******" (labels are padded with spaces, as in rocminfo).
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let header = lines
        .windows(3)
        .position(|w| w == ["*******", "Agent 1", "*******"])
        .expect("Agent 1 block");
    let agent = text.find("Agent 1").expect("Agent 1");
    assert!(header > 0);
    assert_eq!(value_after(&text, agent, "Device Type:"), "CPU");
    assert_eq!(value_after(&text, agent, "Vendor Name:"), "CPU");
    assert_eq!(value_after(&text, agent, "Uuid:"), "CPU-XX");
    assert_eq!(
        value_after(&text, agent, "Feature:"),
        "KERNEL_DISPATCH AGENT_DISPATCH"
    );
    assert_eq!(value_after(&text, agent, "Profile:"), "FULL_PROFILE");
    assert_eq!(value_after(&text, agent, "Queue Type:"), "MULTI");
    assert_eq!(value_after(&text, agent, "Wavefront Size:"), "64(0x40)");
    assert_eq!(
        value_after(&text, agent, "Workgroup Max Size:"),
        "1024(0x400)"
    );
    assert!(!value_after(&text, agent, "Name:").is_empty());
    let cu: u32 = value_after(&text, agent, "Compute Unit:")
        .parse()
        .expect("compute units");
    assert!(cu >= 1);
    assert!(text.contains("Cache Info:"));
    assert!(text.contains("Workgroup Max Size per Dimension:"));

    // Pools: at least the three global ones (fine, kernarg, coarse) and the group pool.
    let pools = text.find("Pool Info:").expect("Pool Info");
    let isas = text.find("ISA Info:").expect("ISA Info");
    assert!(pools < isas);
    let pool_text = &text[pools..isas];
    let segments: Vec<&str> = pool_text
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("Segment:"))
        .map(str::trim)
        .collect();
    let globals = segments.iter().filter(|s| s.starts_with("GLOBAL")).count();
    assert!(globals >= 3, "{segments:?}");
    assert!(
        segments.contains(&"GLOBAL; FLAGS: FINE GRAINED"),
        "{segments:?}"
    );
    assert!(
        segments.contains(&"GLOBAL; FLAGS: KERNARG, FINE GRAINED"),
        "{segments:?}"
    );
    assert!(
        segments.contains(&"GLOBAL; FLAGS: COARSE GRAINED"),
        "{segments:?}"
    );
    assert!(segments.contains(&"GROUP"), "{segments:?}");
    assert!(pool_text.contains("Accessible by all:"));
    assert!(pool_text.contains("Alloc Granule:"));

    // ISA.
    let isa_name = value_after(&text, isas, "Name:");
    assert!(isa_name.ends_with("-ferrocm-linux--cpu"), "{isa_name}");
    assert_eq!(
        value_after(&text, isas, "Machine Models:"),
        "HSA_MACHINE_MODEL_LARGE"
    );
    assert_eq!(value_after(&text, isas, "Profiles:"), "HSA_PROFILE_FULL");
}

#[test]
fn layout_matches_rocminfo_columns() {
    let text = run();
    // Labels are padded to 25 columns after a 2-space indent per level.
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with("Wavefront Size:"))
        .expect("wavefront line");
    assert_eq!(&line[..2], "  ");
    assert_eq!(&line[2..27], format!("{:<25}", "Wavefront Size:"));
    assert!(line[27..].starts_with("64(0x40)"));
    let pool_line = text
        .lines()
        .find(|l| l.trim_start().starts_with("Allocatable:"))
        .expect("pool line");
    assert!(pool_line.starts_with("      Allocatable:"));
}

/// Every agent of the runtime gets a block; NVIDIA GPU agents (when a CUDA driver and GPU
/// are present) are listed after the CPU agent with their pools and ISA.
#[test]
fn lists_every_agent_with_its_pools() {
    let text = run();
    let gpus = {
        let rt = hsa::Runtime::init().expect("hsa_init");
        rt.gpu_agents().expect("agents").len()
    };
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let starts: Vec<usize> = lines
        .windows(3)
        .enumerate()
        .filter(|(_, w)| w[0] == "*******" && w[1].starts_with("Agent ") && w[2] == "*******")
        .map(|(i, _)| i)
        .collect();
    assert_eq!(starts.len(), 1 + gpus, "one block per agent");
    for (n, &start) in starts.iter().enumerate() {
        let end = starts.get(n + 1).copied().unwrap_or(lines.len());
        let block = lines[start..end].join("\n");
        let device = value_after(&block, 0, "Device Type:");
        if n == 0 {
            assert_eq!(device, "CPU", "the CPU agent comes first");
            continue;
        }
        assert_eq!(device, "GPU");
        assert_eq!(value_after(&block, 0, "Vendor Name:"), "NVIDIA");
        assert_eq!(value_after(&block, 0, "Feature:"), "KERNEL_DISPATCH");
        assert_eq!(value_after(&block, 0, "Profile:"), "BASE_PROFILE");
        assert_eq!(value_after(&block, 0, "Wavefront Size:"), "32(0x20)");
        let segments: Vec<&str> = block
            .lines()
            .filter_map(|l| l.trim_start().strip_prefix("Segment:"))
            .map(str::trim)
            .collect();
        for expected in [
            "GLOBAL; FLAGS: COARSE GRAINED",
            "GLOBAL; FLAGS: FINE GRAINED",
            "GLOBAL; FLAGS: KERNARG, FINE GRAINED",
            "GROUP",
        ] {
            assert!(segments.contains(&expected), "{expected} in {segments:?}");
        }
        let isas = block.find("ISA Info:").expect("ISA Info");
        let isa = value_after(&block, isas, "Name:");
        assert!(isa.starts_with("nvptx64-nvidia-cuda--sm_"), "{isa}");
    }
}

#[test]
fn lists_one_cpu_agent_per_cpu_device() {
    let out = Command::new(env!("CARGO_BIN_EXE_rocminfo"))
        .env("FERROCM_CPU_DEVICES", "3")
        .env("FERROCM_HSA_NVIDIA", "0")
        .output()
        .expect("run rocminfo");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("UTF-8 output");
    for (i, node) in [(1, "0"), (2, "1"), (3, "2")] {
        let agent = text
            .find(&format!("Agent {i}\n"))
            .or_else(|| text.find(&format!("Agent {i} ")))
            .unwrap_or_else(|| panic!("no Agent {i} in\n{text}"));
        assert_eq!(value_after(&text, agent, "Device Type:"), "CPU");
        assert_eq!(value_after(&text, agent, "Node:"), node);
        assert_eq!(
            value_after(&text, agent, "Feature:"),
            "KERNEL_DISPATCH AGENT_DISPATCH"
        );
    }
    assert!(!text.contains("Agent 4"), "{text}");
}
