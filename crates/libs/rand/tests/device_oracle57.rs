//! MRG31k3p, LFSR113 and ThreeFry against rocRAND itself: rocRAND 5.3 (the oracle of
//! `device_oracle.rs`) predates them, so `tests/oracle/oracle57.cpp` is compiled against
//! Debian trixie's `librocrand-dev` 5.7 headers (fetched with `apt-get download` through a
//! temporary apt configuration for the trixie suite, into a temporary folder, never
//! installed) and prints the first integers, uniforms, normals and Poisson values of each
//! state for several seeds, subsequences and offsets. Integers and uniforms must be
//! bit-identical; normals within 1e-5 relative. Where the package or a C++ compiler cannot
//! be had, the test says so and compares with the values recorded from that oracle in
//! `tests/data/rocrand57_device.txt`.

use std::path::Path;
use std::process::Command;

mod common;
use common::{compare, in_scratch, run, unpack_deb};

use rng::device::{DeviceEngine, State};
use rng::engines::threefry::{Threefry, Word};
use rng::engines::{Engine, Lfsr113, Mrg31k3p};

const RECORDED: &str = include_str!("data/rocrand57_device.txt");

/// `rocrand(&state)` as the oracle prints it (64-bit for the 64-bit ThreeFry states).
trait Bits {
    fn bits(&mut self) -> u64;
}
impl Bits for Mrg31k3p {
    fn bits(&mut self) -> u64 {
        u64::from(self.rocrand())
    }
}
impl Bits for Lfsr113 {
    fn bits(&mut self) -> u64 {
        u64::from(self.next_u32())
    }
}
impl<W: Word, const N: usize> Bits for Threefry<W, N> {
    fn bits(&mut self) -> u64 {
        self.next_word().to_u64()
    }
}

fn draws<E: DeviceEngine + Bits>(tag: &str, make: impl Fn() -> E, out: &mut Vec<String>) {
    let mut e = make();
    (0..8).for_each(|i| out.push(format!("{tag} u {i} {:016x}", e.bits())));
    let mut e = make();
    (0..8).for_each(|i| out.push(format!("{tag} uniform {i} {:08x}", e.uniform().to_bits())));
    let mut e = make();
    (0..8).for_each(|i| {
        let u = e.uniform_double();
        out.push(format!("{tag} uniform_double {i} {:016x}", u.to_bits()))
    });
    let mut e = make();
    (0..8).for_each(|i| {
        let (a, b) = e.normal2();
        out.push(format!(
            "{tag} normal2 {i} {:08x} {:08x}",
            a.to_bits(),
            b.to_bits()
        ))
    });
    let mut e = make();
    (0..8).for_each(|i| {
        let (a, b) = e.normal_double2();
        out.push(format!(
            "{tag} normal_double2 {i} {:016x} {:016x}",
            a.to_bits(),
            b.to_bits()
        ))
    });
    let mut s = State::new(make());
    (0..8).for_each(|i| out.push(format!("{tag} normal {i} {:08x}", s.normal().to_bits())));
    let mut s = State::new(make());
    (0..8).for_each(|i| {
        let z = s.normal_double();
        out.push(format!("{tag} normal_double {i} {:016x}", z.to_bits()))
    });
    let mut s = State::new(make());
    (0..8).for_each(|i| {
        let z = s.log_normal(0.5, 0.25);
        out.push(format!("{tag} log_normal {i} {:08x}", z.to_bits()))
    });
    let mut s = State::new(make());
    (0..8).for_each(|i| out.push(format!("{tag} poisson10 {i} {}", s.poisson(10.0))));
    let mut s = State::new(make());
    (0..4).for_each(|i| out.push(format!("{tag} poisson300 {i} {}", s.poisson(300.0))));
    let mut s = State::new(make());
    (0..4).for_each(|i| out.push(format!("{tag} poisson5000 {i} {}", s.poisson(5000.0))));
}

fn ours() -> Vec<String> {
    let seeds = [0u64, 1234, 0xdead_beef_dead_beef, 0xfedc_ba98_7654_3210];
    let subs = [0u64, 1, 131_071, 0x1_2345_6789];
    let offs = [0u64, 3, 1_000_003, 0xff_ffff_ffff];
    let mut out = Vec::new();
    for &seed in &seeds {
        for k in 0..4 {
            let (sub, off) = (subs[k], offs[(k + 1) % 4]);
            let tag = |name: &str| format!("{name}/{seed}/{sub}/{off}");
            draws(&tag("mrg31k3p"), || Mrg31k3p::new(seed, sub, off), &mut out);
            draws(
                &tag("threefry2x32"),
                || Threefry::<u32, 2>::new(seed, sub, off),
                &mut out,
            );
            draws(
                &tag("threefry4x32"),
                || Threefry::<u32, 4>::new(seed, sub, off),
                &mut out,
            );
            draws(
                &tag("threefry2x64"),
                || Threefry::<u64, 2>::new(seed, sub, off),
                &mut out,
            );
            draws(
                &tag("threefry4x64"),
                || Threefry::<u64, 4>::new(seed, sub, off),
                &mut out,
            );
        }
    }
    let lseeds = [
        [2u32, 8, 16, 128],
        [0, 1, 2, 3],
        [123_456_789, 362_436_069, 521_288_629, 88_675_123],
        [0xffff_ffff, 7, 15, 127],
    ];
    let lsubs = [0u32, 1, 131_071, 0xf_ffff];
    let loffs = [0u64, 3, 1000, 65_537];
    for sd in lseeds {
        for k in 0..4 {
            let (sub, off) = (lsubs[k], loffs[(k + 1) % 4]);
            let tag = format!(
                "lfsr113/{}.{}.{}.{}/{sub}/{off}",
                sd[0], sd[1], sd[2], sd[3]
            );
            let make = || {
                let mut e = Lfsr113::new(sd, u64::from(sub));
                e.discard(off);
                e
            };
            draws(&tag, make, &mut out);
        }
    }
    out
}

/// Builds and runs the oracle against Debian trixie's headers, or says why it cannot.
fn oracle() -> Result<String, String> {
    in_scratch("ferrocm-rand-oracle57", |dir| {
        for sub in ["lists/partial", "cache/archives/partial", "sources"] {
            std::fs::create_dir_all(dir.join(sub)).map_err(|e| e.to_string())?;
        }
        std::fs::write(
            dir.join("sources/trixie.sources"),
            "Types: deb\nURIs: http://deb.debian.org/debian\nSuites: trixie\nComponents: main\n\
             Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n",
        )
        .map_err(|e| e.to_string())?;
        // A private apt configuration: the machine's own sources and lists are untouched.
        let opts = [
            "-oDir::Etc::SourceList=/dev/null".to_string(),
            format!("-oDir::Etc::SourceParts={}", dir.join("sources").display()),
            format!("-oDir::State::Lists={}", dir.join("lists").display()),
            format!("-oDir::Cache={}", dir.join("cache").display()),
            "-oAPT::Architectures=amd64".to_string(),
        ];
        run(dir, Command::new("apt-get").args(&opts).arg("update"))?;
        let include = unpack_deb(dir, "librocrand-dev", &opts)?;
        let here = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oracle");
        let exe = dir.join("oracle57");
        run(
            dir,
            Command::new("c++")
                .args(["-std=c++17", "-O1", "-I"])
                .arg(here.join("shim"))
                .arg("-I")
                .arg(&include)
                .arg(here.join("oracle57.cpp"))
                .arg("-o")
                .arg(&exe),
        )?;
        String::from_utf8(run(dir, &mut Command::new(&exe))?).map_err(|e| e.to_string())
    })
}

#[test]
fn mrg31k3p_lfsr113_threefry_match_rocrand_5_7() {
    let ours = ours();
    compare(&ours, RECORDED, "recorded rocRAND 5.7 values");
    match oracle() {
        Ok(live) => {
            compare(&ours, &live, "rocRAND 5.7 headers (live oracle)");
            eprintln!("compared with the live oracle (Debian trixie librocrand-dev 5.7 headers)");
        }
        Err(why) => eprintln!(
            "NOTE: the rocRAND 5.7 oracle is unavailable ({why}); compared with the values recorded from it"
        ),
    }
}
