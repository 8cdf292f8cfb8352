#!/usr/bin/env python3
"""Generates the not-supported part of libamd_smi.so from the AMD SMI API digest
(../shared/reference/api/amdsmi.txt): every non-ESMI function that src/exports.rs does not
declare yet becomes a table line answering AMDSMI_STATUS_NOT_SUPPORTED with a reason, a
declaration in include/amd_smi/amdsmi.h (with the types it needs) and a docs/TOOLS.md line.

Usage: tools/gen_unsupported.py DIGEST   (prints the three parts; paste them in place)"""
import re
import sys

digest = open(sys.argv[1]).read().split("\n")
header = open("include/amd_smi/amdsmi.h").read()
exports = open("crates/libs/capi/amd-smi/src/exports.rs").read()

esmi = False
funcs, types = [], []
for line in digest:
    if line.startswith("#ifdef ENABLE_ESMI_LIB"):
        esmi = True
        continue
    if line.startswith("#endif"):
        esmi = False
        continue
    if esmi:
        continue
    m = re.match(r"(amdsmi_status_t|void) (amdsmi_\w+)\s*\((.*)\);", line)
    if m:
        if "fn " + m.group(2) + "(" not in exports:
            funcs.append((m.group(1), m.group(2), m.group(3).strip()))
        continue
    if line.startswith("typedef") or line.startswith("struct ") or line.startswith("#define"):
        types.append(line)


def defined(line):
    m = re.match(r"#define (\w+)", line)
    if m:
        return re.search(r"#define " + m.group(1) + r"\b", header) is not None
    m = re.search(r"(\w+)\s*;\s*$", line) if line.startswith("typedef") else re.match(r"struct (\w+)", line)
    return m and re.search(r"\b" + m.group(1) + r";", header) is not None


def pretty(line):
    """One-line C declarations as indented blocks."""
    if line.startswith("#define"):
        return line
    out, depth, buf = [], 0, ""
    enum_depth = []
    i = 0
    tokens = re.findall(r"\{|\}|;|,|[^{};,]+", line)
    for t in tokens:
        if t == "{":
            enum_depth.append("enum" in buf or (enum_depth and enum_depth[-1] and False))
            out.append("  " * depth + buf.strip() + " {")
            buf = ""
            depth += 1
        elif t == "}":
            if buf.strip():
                out.append("  " * depth + buf.strip())
            buf = ""
            depth -= 1
            enum_depth.pop()
            buf = "}"
        elif t == ";":
            out.append("  " * depth + (buf.strip() + ";").replace("} ", "} "))
            buf = ""
        elif t == ",":
            if enum_depth and enum_depth[-1]:
                out.append("  " * depth + buf.strip() + ",")
                buf = ""
            else:
                buf += ","
        else:
            buf += t
    return "\n".join(l for l in out if l.strip() not in ("", ";"))


RUST = {"uint64_t": "u64", "uint32_t": "u32", "int": "i32", "amdsmi_event_handle_t": "usize",
        "amdsmi_processor_handle": "amdsmi_processor_handle", "amdsmi_bdf_t": "amdsmi_bdf_t"}
WIDE_ENUMS = {"amdsmi_gpu_block_t", "amdsmi_power_profile_preset_masks_t"}


def rust_params(params):
    out = []
    for p in [p.strip() for p in params.split(",") if p.strip()]:
        m = re.match(r"(.*?)([A-Za-z_]\w*)\s*(\[\])?$", p)
        ty, name, arr = m.group(1).strip(), m.group(2), m.group(3)
        if "*" in ty or arr:
            rty = "*mut c_void"
        elif ty in RUST:
            rty = RUST[ty]
        elif ty in WIDE_ENUMS:
            rty = "u64"
        elif ty.endswith("_t"):
            rty = "u32"
        else:
            raise SystemExit("unknown type " + ty)
        name = re.sub(r"(?<=[a-z])([A-Z])", lambda m: "_" + m.group(1).lower(), name)
        if name in ("type", "ref", "in", "fn", "use", "mod", "match"):
            name += "_"  # Rust keywords
        out.append(f"{name}: {rty}")
    return ", ".join(out)


def reason(n):
    rules = [
        (r"^amdsmi_(set|reset)_|^amdsmi_clean_gpu_local_data$|^amdsmi_reset_gpu$",
         "changes device settings: ferrocm's devices have no AMD power-play, overdrive, partition, fan or reset controls"),
        (r"ras|ecc|bad_page|reserved_pages",
         "no RAS/ECC error counters or retired pages on ferrocm's devices"),
        (r"counter_group|_counter$|available_counters",
         "AMD GPU performance counters (XGMI events) do not exist on ferrocm's devices"),
        (r"xgmi|link_metrics|topo_get_link|p2p|P2P|minmax_bandwidth|link_topology",
         "links between ferrocm's devices are not known (no XGMI; PCIe link data not read yet)"),
        (r"partition", "AMD compute and memory partitions do not exist on ferrocm's devices"),
        (r"event_notification", "AMD KFD event notifications do not exist on ferrocm's devices"),
        (r"metrics_header|metrics_info|reg_table",
         "AMD firmware metrics tables do not exist on ferrocm's devices"),
        (r"od_volt|overdrive|power_profile|soc_pstate|plpd|determinism|process_isolation|clk_freq",
         "AMD power-play, overdrive and DPM data do not exist on ferrocm's devices"),
        (r"pci|pcie", "PCIe link data is not read yet (the CPU device is no PCI function)"),
        (r"cache_info", "cache data is not mapped yet"),
        (r"volt_metric", "voltages are exposed neither by NVML nor by Linux for CPUs in general"),
        (r"utilization_count",
         "AMD's accumulated utilisation counters do not exist (amdsmi_get_gpu_activity reports utilisation)"),
        (r"fw_info", "firmware versions are not exposed by NVML's common API or Linux"),
        (r"violation_status", "AMD throttling-violation counters do not exist on ferrocm's devices"),
    ]
    for pat, r in rules:
        if re.search(pat, n):
            return r
    return None


table, decls, docs = [], [], []
for ret, name, params in funcs:
    r = reason(name)
    c_params = params if params else "void"
    decls.append(f"AMDSMI_API {ret} {name}({c_params.replace(' *', '* ').replace('  ', ' ')});")
    if r is None:
        print(f"// no reason for {name}: implement it", file=sys.stderr)
        continue
    table.append(f"    fn {name}({rust_params(params)}) -> amdsmi_status_t {{ unsupported \"{r}\" }}")
    docs.append(f"- `{name}`: {r}")

print("==== exports.rs")
print("\n".join(table))
print("==== amdsmi.h types")
print("\n\n".join(pretty(t) for t in types if not defined(t)))
print("==== amdsmi.h declarations")
print("\n".join(decls))
print("==== TOOLS.md")
print("\n".join(docs))
