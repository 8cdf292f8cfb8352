#!/usr/bin/env python3
"""Writes the declaration lists (src/exports.rs) of librocblas.so and libhipblas.so, and the
function declarations of include/rocblas/*.h and include/hipblas/hipblas.h, from the API
digests of ROCm 6.3's headers (../shared/reference/api/, not part of this repository).

Run once per digest update; the files it writes are checked in. Which functions are
implemented (and by what) is decided by IMPLEMENTED below: every other function is
exported as NOT_SUPPORTED with its family's reason.

    python3 crates/libs/capi/tools/gen_exports.py /path/to/shared/reference/api
"""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]
API = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "../shared/reference/api"

RUST_KEYWORDS = {"type", "ref", "in", "fn", "match", "move", "mod", "use", "impl", "loop", "box"}

SCALARS = {
    "float": "f32", "double": "f64", "int": "c_int", "int32_t": "i32", "int64_t": "i64",
    "uint32_t": "u32", "size_t": "usize", "bool": "bool", "char": "c_char", "void": "c_void",
    "long long": "i64",
    "rocblas_int": "rocblas_int", "rocblas_stride": "rocblas_stride", "hipblasStride": "hipblasStride",
    "rocblas_float": "f32", "rocblas_double": "f64",
    "rocblas_half": "Half", "rocblas_bfloat16": "Bf16", "hipblasHalf": "Half", "hipblasBfloat16": "Bf16",
    "rocblas_float_complex": "C32", "rocblas_double_complex": "C64",
    "hipblasComplex": "C32", "hipblasDoubleComplex": "C64", "hipComplex": "C32", "hipDoubleComplex": "C64",
    "rocblas_handle": "rocblas_handle", "hipblasHandle_t": "hipblasHandle_t",
    "hipStream_t": "hipStream_t", "hipEvent_t": "hipEvent_t",
    "struct rocblas_device_malloc_base": "c_void",
    "rocblas_status": "rocblas_status", "hipblasStatus_t": "hipblasStatus_t",
}
ENUMS = [
    "rocblas_operation", "rocblas_fill", "rocblas_diagonal", "rocblas_side", "rocblas_datatype",
    "rocblas_computetype", "rocblas_gemm_algo", "rocblas_pointer_mode", "rocblas_atomics_mode",
    "rocblas_math_mode", "rocblas_performance_metric", "rocblas_geam_ex_operation",
    "hipblasOperation_t", "hipblasFillMode_t", "hipblasDiagType_t", "hipblasSideMode_t",
    "hipblasDatatype_t", "hipDataType", "hipblasComputeType_t", "hipblasGemmAlgo_t",
    "hipblasGemmFlags_t", "hipblasPointerMode_t", "hipblasAtomicsMode_t", "hipblasMath_t",
]
for e in ENUMS:
    SCALARS[e] = e


def rust_type(ctype, array):
    t = ctype.strip()
    outer_const = False
    # "T* const x[]" / "const T* const x[]" / "T x[]": arrays are pointers to elements.
    stars = t.count("*")
    if array:
        stars += 1
    # constness of the pointee (first "const" before the base type)
    base = t.replace("*", " ").replace("const", " ").split()
    base = " ".join(base)
    inner_const = t.startswith("const ")
    if base not in SCALARS:
        raise SystemExit(f"unknown C type {ctype!r}")
    r = SCALARS[base]
    if stars == 0:
        return r
    # innermost pointer: const if the pointee is const
    r = ("*const " if inner_const else "*mut ") + r
    # further levels: "T* const x[]" / "T* const*" -> pointer to const pointers
    rest = t.split("*", 1)[1] if "*" in t else ""
    for level in range(1, stars):
        const_level = "const" in rest or array
        r = ("*const " if const_level else "*mut ") + r
    return r


def parse(path, export):
    out, seen = [], set()
    for line in open(path):
        if line.startswith("#"):
            continue
        i = line.find(export + " ")
        if i < 0:
            continue
        decl = line[i + len(export) + 1:].strip()
        decl = decl.replace("__attribute__((__noreturn__))", "").replace("__declspec(noreturn)", "")
        decl = decl.strip().rstrip(";").strip()
        m = re.match(r"(.*?)\b(\w+)\s*\((.*)\)$", decl)
        if not m:
            continue
        ret, name, params = m.group(1).strip(), m.group(2), m.group(3)
        if name in seen:
            continue
        seen.add(name)
        args = []
        for p in params.split(","):
            p = p.strip()
            if p in ("void", "", "..."):
                continue
            mm = re.match(r"(.*?)(\w+)\s*(\[\])?$", p)
            ctype, pname, arr = mm.group(1).strip(), mm.group(2), bool(mm.group(3))
            if pname in RUST_KEYWORDS:
                pname += "_"
            args.append((pname, rust_type(ctype, arr), p))
        out.append((ret, name, args, decl))
    return out


# ---------------------------------------------------------------- what is implemented
TYPES = {"s": "f32", "d": "f64", "c": "C32", "z": "C64"}
REAL_OF = {"c": "f32", "z": "f64"}


def roc_split(name):
    m = re.match(r"rocblas_(\w+?)(_strided_batched|_batched)?(_64)?$", name)
    if not m:
        return None
    form = {None: "", "_batched": "_batched", "_strided_batched": "_strided_batched"}[m.group(2)]
    return m.group(1), form, "i64" if m.group(3) else "i32"


def hip_split(name):
    m = re.match(r"hipblas(\w+?)(StridedBatched|Batched)?(_v2)?(_64)?$", name)
    if not m:
        return None
    form = {None: "", "Batched": "_batched", "StridedBatched": "_strided_batched"}[m.group(2)]
    return m.group(1)[0].lower() + m.group(1)[1:], form, "i64" if m.group(4) else "i32"


def implementation(core, form, int_t):
    """The adaptor path for an operation name without library prefix (rocBLAS spelling:
    'sgemm', 'cdotc', 'isamax', 'csscal'...)."""
    m = re.fullmatch(r"([sdcz])(gemmt|trtri)", core)
    if m:
        return f"capi::triangle::{m.group(2)}{form}::<{TYPES[m.group(1)]}, {int_t}>"
    m = re.fullmatch(r"([sdcz])rotg|([sd])rotmg", core)
    if m:
        t = TYPES[m.group(1) or m.group(2)]
        base = "rotg" if m.group(1) else "rotmg"
        return f"capi::rotation::{base}{form}::<{t}" + (f", {int_t}>" if form else ">")
    m = re.fullmatch(r"([sd])rotm", core)
    if m:
        return f"capi::rotation::rotm{form}::<{TYPES[m.group(1)]}, {int_t}>"
    m = re.fullmatch(r"([sdcz])gemm", core)
    if m:
        return f"capi::level3::gemm{form}::<{TYPES[m.group(1)]}, {int_t}>"
    m = re.fullmatch(r"([sdcz])(axpy|copy|swap)", core)
    if m:
        return f"capi::level1::{m.group(2)}{form}::<{TYPES[m.group(1)]}, {int_t}>"
    m = re.fullmatch(r"([sdcz])scal", core)
    if m:
        t = TYPES[m.group(1)]
        return f"capi::level1::scal{form}::<{t}, {t}, {int_t}>"
    m = re.fullmatch(r"(cs|zd)scal", core)
    if m:
        p = m.group(1)[0]
        return f"capi::level1::scal{form}::<{TYPES[p]}, {REAL_OF[p]}, {int_t}>"
    m = re.fullmatch(r"([sd])dot", core)
    if m:
        return f"capi::level1::dot{form}::<{TYPES[m.group(1)]}, {int_t}>"
    m = re.fullmatch(r"([cz])dot([uc])", core)
    if m:
        kind = "dot" if m.group(2) == "u" else "dotc"
        return f"capi::level1::{kind}{form}::<{TYPES[m.group(1)]}, {int_t}>"
    m = re.fullmatch(r"(s|d|sc|dz)(nrm2|asum)", core)
    if m:
        t = {"s": "f32", "d": "f64", "sc": "C32", "dz": "C64"}[m.group(1)]
        return f"capi::level1::{m.group(2)}{form}::<{t}, {int_t}>"
    m = re.fullmatch(r"i([sdcz])(amax|amin)", core)
    if m:
        return f"capi::level1::i{m.group(2)}{form}::<{TYPES[m.group(1)]}, {int_t}>"
    m = re.fullmatch(r"([sdcz])rot", core)
    if m:
        t = TYPES[m.group(1)]
        return f"capi::level1::rot{form}::<{t}, {t}, {int_t}>"
    m = re.fullmatch(r"(cs|zd)rot", core)
    if m:
        p = m.group(1)[0]
        return f"capi::level1::rot{form}::<{TYPES[p]}, {REAL_OF[p]}, {int_t}>"
    m = re.fullmatch(r"([sdcz])(gemv|symv|trmv|trsv)", core)
    if m:
        return f"capi::level2::{m.group(2)}{form}::<{TYPES[m.group(1)]}, {int_t}>"
    m = re.fullmatch(r"([sd])ger|([cz])ger([uc])", core)
    if m:
        if m.group(1):
            return f"capi::level2::ger{form}::<{TYPES[m.group(1)]}, {int_t}>"
        kind = "ger" if m.group(3) == "u" else "gerc"
        return f"capi::level2::{kind}{form}::<{TYPES[m.group(2)]}, {int_t}>"
    m = re.fullmatch(r"([cz])hemv", core)
    if m:
        return f"capi::level2::hemv{form}::<{TYPES[m.group(1)]}, {int_t}>"
    m = re.fullmatch(r"([sdcz])(trsm|trmm|syrk|symm|geam|dgmm)", core)
    if m:
        return f"capi::level3::{m.group(2)}{form}::<{TYPES[m.group(1)]}, {int_t}>"
    m = re.fullmatch(r"([sdcz])(gbmv|sbmv|spmv|tbmv|tbsv|tpmv|tpsv|spr|spr2)", core)
    if m:
        return f"capi::packed::{m.group(2)}{form}::<{TYPES[m.group(1)]}, {int_t}>"
    m = re.fullmatch(r"([cz])(hbmv|hpmv|hpr|hpr2)", core)
    if m:
        return f"capi::packed::{m.group(2)}{form}::<{TYPES[m.group(1)]}, {int_t}>"
    m = re.fullmatch(r"([sdcz])(syr|syr2)", core)
    if m:
        return f"capi::level2::{m.group(2)}{form}::<{TYPES[m.group(1)]}, {int_t}>"
    m = re.fullmatch(r"([cz])(her|her2)", core)
    if m:
        return f"capi::level2::{m.group(2)}{form}::<{TYPES[m.group(1)]}, {int_t}>"
    m = re.fullmatch(r"([sdcz])(syr2k|syrkx)", core)
    if m:
        return f"capi::level3::{m.group(2)}{form}::<{TYPES[m.group(1)]}, {int_t}>"
    m = re.fullmatch(r"([cz])(her2k|herkx)", core)
    if m:
        return f"capi::level3::{m.group(2)}{form}::<{TYPES[m.group(1)]}, {int_t}>"
    m = re.fullmatch(r"([cz])(herk|hemm)", core)
    if m:
        return f"capi::level3::{m.group(2)}{form}::<{TYPES[m.group(1)]}, {int_t}>"
    return None


def ex_implementation(name):
    """The Ex GEMMs and hgemm, whose adaptors are named by library and type convention."""
    m = re.fullmatch(r"rocblas_gemm(_batched|_strided_batched)?_ex(_64)?", name)
    if m:
        return f"capi::ex::rocblas_gemm{m.group(1) or ''}_ex::<{'i64' if m.group(2) else 'i32'}>"
    m = re.fullmatch(r"rocblas_hgemm(_batched|_strided_batched)?(_64)?", name)
    if m:
        return f"capi::ex::hgemm{m.group(1) or ''}::<{'i64' if m.group(2) else 'i32'}>"
    m = re.fullmatch(r"hipblasGemm(Batched|StridedBatched)?Ex(WithFlags)?(_v2)?(_64)?", name)
    if m:
        form = {None: "", "Batched": "_batched", "StridedBatched": "_strided_batched"}[m.group(1)]
        flags = "_with_flags" if m.group(2) else ""
        v = "v2" if m.group(3) else "v1"
        return f"capi::ex::hipblas_gemm{form}_ex{flags}_{v}::<{'i64' if m.group(4) else 'i32'}>"
    m = re.fullmatch(r"rocblas_(axpy|dot|dotc|nrm2|scal|rot)(_batched|_strided_batched)?_ex(_64)?", name)
    if m:
        return f"capi::ex_vector::{m.group(1)}{m.group(2) or ''}_ex_v1::<{'i64' if m.group(3) else 'i32'}>"
    m = re.fullmatch(r"rocblas_(haxpy|hdot|bfdot)(_batched|_strided_batched)?(_64)?", name)
    if m:
        return f"capi::ex_vector::{m.group(1)}{m.group(2) or ''}::<{'i64' if m.group(3) else 'i32'}>"
    m = re.fullmatch(r"hipblas(Axpy|Dot|Dotc|Nrm2|Scal|Rot)(Batched|StridedBatched)?Ex(_v2)?(_64)?", name)
    if m:
        form = {None: "", "Batched": "_batched", "StridedBatched": "_strided_batched"}[m.group(2)]
        v = "v2" if m.group(3) else "v1"
        return f"capi::ex_vector::{m.group(1).lower()}{form}_ex_{v}::<{'i64' if m.group(4) else 'i32'}>"
    m = re.fullmatch(r"hipblas(Haxpy|Hdot|Bfdot)(Batched|StridedBatched)?(_64)?", name)
    if m:
        form = {None: "", "Batched": "_batched", "StridedBatched": "_strided_batched"}[m.group(2)]
        return f"capi::ex_vector::{m.group(1).lower()}{form}::<{'i64' if m.group(3) else 'i32'}>"
    m = re.fullmatch(r"hipblas([SDCZ])(getrf|getrs|getri|geqrf|gels)(Batched|StridedBatched)?(?:_v2)?", name)
    if m:
        form = {None: "", "Batched": "_batched", "StridedBatched": "_strided_batched"}[m.group(3)]
        return f"capi::solver::{m.group(2)}{form}::<{TYPES[m.group(1).lower()]}>"
    m = re.fullmatch(r"rocblas_(hshgemv|hssgemv|tstgemv|tssgemv)(_batched|_strided_batched)(_64)?", name)
    if m:
        return f"capi::gemv_mixed::{m.group(1)}{m.group(2)}::<{'i64' if m.group(3) else 'i32'}>"
    m = re.fullmatch(r"rocblas_trsm(_batched|_strided_batched)?_ex", name)
    if m:
        return f"capi::ex_trsm::rocblas_trsm{m.group(1) or ''}_ex"
    m = re.fullmatch(r"hipblasTrsm(Batched|StridedBatched)?Ex(_v2)?", name)
    if m:
        form = {None: "", "Batched": "_batched", "StridedBatched": "_strided_batched"}[m.group(1)]
        return f"capi::ex_trsm::hipblas_trsm{form}_ex_{'v2' if m.group(2) else 'v1'}"
    m = re.fullmatch(r"hipblasHgemm(Batched|StridedBatched)?(_64)?", name)
    if m:
        form = {None: "", "Batched": "_batched", "StridedBatched": "_strided_batched"}[m.group(1)]
        return f"capi::ex::hgemm{form}::<{'i64' if m.group(2) else 'i32'}>"
    return None


AUX = {
    # rocBLAS
    "rocblas_create_handle": "aux::create_handle", "rocblas_destroy_handle": "aux::destroy_handle",
    "rocblas_set_stream": "aux::set_stream", "rocblas_get_stream": "aux::get_stream",
    "rocblas_set_pointer_mode": "aux::set_pointer_mode", "rocblas_get_pointer_mode": "aux::get_pointer_mode",
    "rocblas_set_atomics_mode": "aux::set_atomics_mode", "rocblas_get_atomics_mode": "aux::get_atomics_mode",
    "rocblas_set_math_mode": "aux::set_math_mode", "rocblas_get_math_mode": "aux::get_math_mode",
    "rocblas_set_vector": "capi::aux::set_vector::<i32>", "rocblas_get_vector": "capi::aux::set_vector::<i32>",
    "rocblas_set_vector_64": "capi::aux::set_vector::<i64>", "rocblas_get_vector_64": "capi::aux::set_vector::<i64>",
    "rocblas_set_matrix": "capi::aux::set_matrix::<i32>", "rocblas_get_matrix": "capi::aux::set_matrix::<i32>",
    "rocblas_set_matrix_64": "capi::aux::set_matrix::<i64>", "rocblas_get_matrix_64": "capi::aux::set_matrix::<i64>",
    "rocblas_set_vector_async": "capi::aux::set_vector_async::<i32>", "rocblas_get_vector_async": "capi::aux::set_vector_async::<i32>",
    "rocblas_set_vector_async_64": "capi::aux::set_vector_async::<i64>", "rocblas_get_vector_async_64": "capi::aux::set_vector_async::<i64>",
    "rocblas_set_matrix_async": "capi::aux::set_matrix_async::<i32>", "rocblas_get_matrix_async": "capi::aux::set_matrix_async::<i32>",
    "rocblas_set_matrix_async_64": "capi::aux::set_matrix_async::<i64>", "rocblas_get_matrix_async_64": "capi::aux::set_matrix_async::<i64>",
    "rocblas_start_device_memory_size_query": "memory::start_device_memory_size_query",
    "rocblas_stop_device_memory_size_query": "memory::stop_device_memory_size_query",
    "rocblas_set_optimal_device_memory_size_impl": "memory::set_optimal_device_memory_size",
    "rocblas_get_device_memory_size": "memory::get_device_memory_size",
    "rocblas_set_device_memory_size": "memory::set_device_memory_size",
    "rocblas_set_workspace": "memory::set_workspace",
    "rocblas_set_performance_metric": "memory::set_performance_metric",
    "rocblas_get_performance_metric": "memory::get_performance_metric",
    "rocblas_get_version_string": "aux::get_version_string", "rocblas_get_version_string_size": "aux::get_version_string_size",
    # hipBLAS
    "hipblasCreate": "aux::create", "hipblasDestroy": "aux::destroy",
    "hipblasSetStream": "aux::set_stream", "hipblasGetStream": "aux::get_stream",
    "hipblasSetPointerMode": "aux::set_pointer_mode", "hipblasGetPointerMode": "aux::get_pointer_mode",
    "hipblasSetAtomicsMode": "aux::set_atomics_mode", "hipblasGetAtomicsMode": "aux::get_atomics_mode",
    "hipblasSetMathMode": "aux::set_math_mode", "hipblasGetMathMode": "aux::get_math_mode",
    "hipblasSetVector": "capi::aux::set_vector::<c_int>", "hipblasGetVector": "capi::aux::set_vector::<c_int>",
    "hipblasSetMatrix": "capi::aux::set_matrix::<c_int>", "hipblasGetMatrix": "capi::aux::set_matrix::<c_int>",
    "hipblasSetVectorAsync": "capi::aux::set_vector_async::<c_int>", "hipblasGetVectorAsync": "capi::aux::set_vector_async::<c_int>",
    "hipblasSetMatrixAsync": "capi::aux::set_matrix_async::<c_int>", "hipblasGetMatrixAsync": "capi::aux::set_matrix_async::<c_int>",
}
# Functions that do not return the library's status: served raw.
RAW = {
    "rocblas_status_to_string": "aux::status_to_string",
    "rocblas_initialize": "aux::initialize",
    "rocblas_pointer_to_mode": "aux::pointer_to_mode",
    "rocblas_is_managing_device_memory": "memory::is_managing_device_memory",
    "rocblas_is_user_managing_device_memory": "memory::is_user_managing_device_memory",
    "rocblas_is_device_memory_size_query": "memory::is_device_memory_size_query",
    "rocblas_device_malloc_success": "memory::device_malloc_success",
    "rocblas_device_malloc_set_default_memory_size": "memory::device_malloc_set_default_memory_size",
    "rocblas_abort": "aux::abort",
    "hipblasStatusToString": "aux::status_to_string",
}


def area(core):
    """The family of a function, for NOT_SUPPORTED reasons and the coverage table."""
    if re.search(r"ex(withflags)?$|_ex_|ex_", core, re.I):
        return "Ex (mixed-precision) family"
    if re.fullmatch(r"[hb]f?(dot|axpy|gemm|scal).*|bfdot|hgemm|haxpy|hdot|hshgemv|hssgemv|tstgemv|tssgemv|.*bf16.*", core):
        return "half and bfloat16 precision"
    if re.search(r"rotg|rotmg|rotm", core):
        return "level 1 rotation generators"
    if re.search(r"getr|geqr|gels|matinv", core):
        return "solver helpers"
    if re.search(r"(gbmv|gemv|ger[uc]?|hbmv|hemv|her2?|hpmv|hpr2?|sbmv|spmv|spr2?|symv|syr2?|tbmv|tbsv|tpmv|tpsv|trmv|trsv)$", core):
        return "level 2"
    if re.search(r"(geam|dgmm|hemm|herk|her2k|herkx|symm|syrk|syr2k|syrkx|trmm|trsm|trtri|gemmt)", core):
        return "level 3 (other than GEMM)"
    return "auxiliary"


def entry(lib, ret, name, args, status_type):
    arglist = ", ".join(f"{a}: {t}" for a, t, _ in args)
    if name in RAW:
        r = SCALARS.get(ret.replace("const ", "").replace("*", "").strip(), None)
        rt = {"const char*": "*const c_char", "void": "()", "bool": "bool",
              "rocblas_pointer_mode": "rocblas_pointer_mode"}[ret]
        return f"    fn {name}({arglist}) -> {rt} {{ raw {RAW[name]} }}"
    if name in AUX:
        return f"    fn {name}({arglist}) {{ {AUX[name]} }}"
    split = roc_split(name) if lib == "rocblas" else hip_split(name)
    imp = ex_implementation(name) or (implementation(*split) if split else None)
    if imp:
        return f"    fn {name}({arglist}) {{ {imp} }}"
    core = split[0] if split else name
    if ret not in ("rocblas_status", "hipblasStatus_t"):
        raise SystemExit(f"{name}: unsupported raw function returning {ret}")
    return f'    fn {name}({arglist}) {{ unsupported "{area(core)}" }}'


def write_exports(lib, decls, header_names):
    status_type = "rocblas_status" if lib == "rocblas" else "hipblasStatus_t"
    lines = [entry(lib, r, n, a, status_type) for r, n, a, _ in decls]
    src = ROOT / f"crates/libs/capi/{lib}/src/exports.rs"
    head = f'''//! The one declaration list of `lib{lib}.so`: every function of {"rocBLAS" if lib == "rocblas" else "hipBLAS"}'s public
//! headers (ROCm 6.3), in the headers' order, generated by `crates/libs/capi/tools/gen_exports.py`
//! from the API digests. Each line is exported by the export-table macro of `ferrocm-blas`
//! (`blas::capi`): panic containment, the library's status, tracing, the coverage table.
//! Implementing a function: write its adaptor (same parameters, returning `BlasResult<()>`)
//! and name it here in place of `unsupported "..."`.
#![allow(non_snake_case)]

use std::ffi::{{{{ffi_list}}}};

use blas::capi;
use blas::scalar::{{C32, C64}};

use crate::abi::*;
{{mods_line}}

blas::capi::exports! {{
    library = crate::Library;
'''
    body = "\n".join(lines)
    ffi = ", ".join(t for t in ("c_char", "c_int", "c_void") if re.search(rf"\b{t}\b", body))
    mods = "use crate::{aux, memory};" if lib == "rocblas" else "use crate::aux;"
    src.write_text(head.replace("{ffi_list}", ffi).replace("{mods_line}", mods) + body + "\n}\n")


def main():
    roc = parse(API / "rocblas_auxiliary.txt", "ROCBLAS_EXPORT") + parse(API / "rocblas_functions.txt", "ROCBLAS_EXPORT")
    hip = parse(API / "hipblas.txt", "HIPBLAS_EXPORT")
    write_exports("rocblas", roc, None)
    write_exports("hipblas", hip, None)
    # header declarations, one per line, as the digests give them
    (ROOT / "include/rocblas").mkdir(parents=True, exist_ok=True)
    (ROOT / "include/hipblas").mkdir(parents=True, exist_ok=True)
    with open(ROOT / "include/rocblas/internal/rocblas-functions.inc", "w") as f:
        for ret, name, args, decl in roc:
            if name == "rocblas_abort":
                f.write("ROCBLAS_EXPORT void rocblas_abort(void) ROCBLAS_NORETURN;\n")
            else:
                f.write(f"ROCBLAS_EXPORT {decl};\n")
    with open(ROOT / "include/hipblas/internal/hipblas-functions.inc", "w") as f:
        for ret, name, args, decl in hip:
            f.write(f"HIPBLAS_EXPORT {decl};\n")
    print(len(roc), "rocBLAS and", len(hip), "hipBLAS functions")


main()
