//! NVIDIA GPUs over NVML: every value a datacenter GPU reports is real and in range. Skips
//! (visibly) on a machine without the NVIDIA driver or GPUs. Run on the GPU machine by
//! scripts/gpu-check.sh (bundled by scripts/gpu-bundle.sh as ferrocm-smi:nvidia).

use smi::{ClockKind, Device, DeviceKind, Inventory, Sensor};

#[test]
fn nvml_values_are_real() {
    let gpus = smi::nvidia::discover();
    if gpus.is_empty() {
        eprintln!("SKIPPED: no NVIDIA GPU (libnvidia-ml.so.1 not loadable, or no devices)");
        return;
    }
    for (i, d) in gpus.iter().enumerate() {
        let info = d.info();
        println!("GPU {i}: {info:?}");
        assert_eq!(info.kind, DeviceKind::Nvidia);
        assert_eq!(info.hip_ordinal as usize, i);
        assert!(!info.name.is_empty());
        assert!(
            info.uuid.as_deref().is_some_and(|u| u.starts_with("GPU-")),
            "{:?}",
            info.uuid
        );
        assert!(
            info.bdf.as_deref().is_some_and(|b| b.len() == 12),
            "{:?}",
            info.bdf
        );
        assert!(info.target.starts_with("sm_"), "{}", info.target);
        assert!(!info.driver_version.is_empty());

        let m = d.memory();
        let (total, used) = (m.total.unwrap(), m.used.unwrap());
        println!("  memory {used} of {total} bytes");
        assert!(total > (1 << 30) && used <= total);
        let a = d.activity();
        println!("  activity {a:?}");
        assert!(a.gfx.unwrap() <= 100 && a.memory.unwrap() <= 100);
        let t = d.temperature(Sensor::Edge);
        println!("  temperature {t:?}");
        let c = t.current.unwrap();
        assert!((5.0..110.0).contains(&c), "{c} C");
        assert_eq!(
            d.temperature(Sensor::Hotspot).current,
            None,
            "NVML has no hotspot sensor"
        );
        let p = d.power();
        println!("  power {p:?}");
        let (w, cap) = (p.current_w.unwrap(), p.cap_w.unwrap());
        assert!(w > 1.0 && w < cap * 1.5, "{w} W of {cap} W");
        let g = d.clock(ClockKind::Gfx).unwrap();
        println!("  gfx clock {g:?}");
        assert!(g.current_mhz.unwrap() <= g.max_mhz.unwrap());
        assert!(d.clock(ClockKind::Memory).unwrap().max_mhz.unwrap() > 0);
        let e1 = d.energy().unwrap().microjoules;
        std::thread::sleep(std::time::Duration::from_millis(200));
        let e2 = d.energy().unwrap().microjoules;
        assert!(e2 >= e1, "the energy counter does not go back");
        for p in d.processes() {
            println!("  process {p:?}");
        }
    }
    // The inventory lists them after the CPU device, in NVML's order.
    let inv = Inventory::discover();
    assert_eq!(inv.len(), gpus.len() + 1);
    for (i, g) in gpus.iter().enumerate() {
        assert_eq!(inv.get(i + 1).unwrap().info().uuid, g.info().uuid);
    }
}
