//! Generator types, orderings and requests, independent of either C library's numbering.

/// The generator algorithms of rocRAND's and hipRAND's headers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RngType {
    Xorwow,
    Mrg32k3a,
    Mtgp32,
    Philox4x32_10,
    Mrg31k3p,
    Lfsr113,
    Mt19937,
    Threefry2x32_20,
    Threefry2x64_20,
    Threefry4x32_20,
    Threefry4x64_20,
    Sobol32,
    ScrambledSobol32,
    Sobol64,
    ScrambledSobol64,
}

impl RngType {
    pub fn is_quasi(self) -> bool {
        matches!(
            self,
            RngType::Sobol32
                | RngType::ScrambledSobol32
                | RngType::Sobol64
                | RngType::ScrambledSobol64
        )
    }

    /// Whether `generate_long_long` is available (the 64-bit generators).
    pub fn is_64bit(self) -> bool {
        matches!(
            self,
            RngType::Threefry2x64_20
                | RngType::Threefry4x64_20
                | RngType::Sobol64
                | RngType::ScrambledSobol64
        )
    }

    /// Whether the CPU backend implements this algorithm (bit-exact to rocRAND).
    pub fn cpu_supported(self) -> bool {
        matches!(
            self,
            RngType::Xorwow
                | RngType::Mrg32k3a
                | RngType::Mrg31k3p
                | RngType::Lfsr113
                | RngType::Mt19937
                | RngType::Philox4x32_10
                | RngType::Threefry2x32_20
                | RngType::Threefry4x32_20
                | RngType::Threefry2x64_20
                | RngType::Threefry4x64_20
                | RngType::Sobol32
                | RngType::Sobol64
        )
    }
}

/// `rocrand_ordering` / `hiprandOrdering_t`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ordering {
    PseudoBest,
    PseudoDefault,
    PseudoSeeded,
    PseudoLegacy,
    PseudoDynamic,
    QuasiDefault,
}

/// Where a generator's output lives and how its calls complete.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    /// A device generator (`rocrand_create_generator`): device memory, ordered on the
    /// generator's stream.
    Device,
    /// A host generator (`rocrand_create_generator_host`): host memory, computed on the CPU,
    /// ordered on the stream.
    Host,
    /// `rocrand_create_generator_host_blocking` / `hiprandCreateGeneratorHost`: host memory,
    /// the call returns when the numbers are written.
    HostBlocking,
}

/// The element type of an output buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Elem {
    U8,
    U16,
    U32,
    U64,
    F16,
    F32,
    F64,
}

impl Elem {
    pub fn size(self) -> usize {
        match self {
            Elem::U8 => 1,
            Elem::U16 | Elem::F16 => 2,
            Elem::U32 | Elem::F32 => 4,
            Elem::U64 | Elem::F64 => 8,
        }
    }
}

/// What to generate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Distribution {
    /// Integers over the whole range of the element type (`rocrand_generate*`).
    Bits,
    /// Uniform in (0, 1].
    Uniform,
    Normal {
        mean: f64,
        stddev: f64,
    },
    LogNormal {
        mean: f64,
        stddev: f64,
    },
    Poisson {
        lambda: f64,
    },
}

/// One generate call: `n` elements of `elem` at device address `ptr`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Request {
    pub ptr: usize,
    pub n: usize,
    pub elem: Elem,
    pub dist: Distribution,
}
