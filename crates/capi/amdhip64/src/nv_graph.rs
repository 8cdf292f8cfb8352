//! The NVIDIA platform's graph entry points: HIP graphs as CUDA driver graphs (`cuGraph*`).
