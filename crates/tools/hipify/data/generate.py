#!/usr/bin/env python3
"""Generates data/mappings.tsv, hipify's mapping table, from ROCm's hipify-perl (MIT).

hipify-perl is itself generated from hipify-clang's tables: its subst() calls and warning lists
are facts about which CUDA name maps to which HIP (and rocBLAS/rocFFT/...) name, and which names
have no equivalent. This script reads those facts only (no Perl code is reused), merges
data/supplement.tsv (facts hipify-perl lacks: NCCL, NVTX, newer header spellings), and writes
one row per CUDA name. Run it once when the peer changes:

    python3 crates/tools/hipify/data/generate.py ../shared/peers/hipify-perl/hipify-perl

Columns of mappings.tsv (tab-separated; '#' lines are comments):
    cuda      the CUDA name (identifier, or header path for include rows)
    hip       its HIP name; '!' unsupported in HIP; '~' drop it (headers with no HIP
              counterpart); '-' no HIP-specific row (then the name is not translated by default)
    roc       its name under --roc (rocBLAS, rocFFT, rocRAND, rocSPARSE, rocSOLVER, MIOpen);
              '!' unsupported there; '-' none (--roc then uses the hip column)
    category  hipify's statistics category (memory, stream, library, include, type...),
              '-' where the peer gives none (names it only lists as unsupported)
    api       the API the name belongs to (runtime, driver, cuBLAS, cuFFT...), from its prefix
    flags     comma-separated: experimental, deprecated=VER, removed=VER; '-' for none
"""
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

SUBST = re.compile(r'^\s*subst\("((?:[^"\\]|\\.)*)", "((?:[^"\\]|\\.)*)", "([a-zA-Z0-9_]+)"\);')
HASH_ITEM = re.compile(r'^\s*"([^"]+)" => "([^"]+)",?\s*$')
LIST_ITEM = re.compile(r'^\s*,?\s*"([^"]+)",?\s*$')


def unescape(s):
    return s.replace('\\/', '/').replace('\\.', '.')


def api_of(name, category):
    """The API a CUDA name belongs to, from its spelling (documentation grouping only)."""
    if category.startswith('include'):
        return 'header'
    if category == 'namespace':
        return 'CUB'
    prefixes = [
        ('cublasLt', 'cuBLASLt'), ('CUBLASLT', 'cuBLASLt'), ('cublas', 'cuBLAS'), ('CUBLAS', 'cuBLAS'),
        ('cufft', 'cuFFT'), ('CUFFT', 'cuFFT'), ('curand', 'cuRAND'), ('CURAND', 'cuRAND'),
        ('cusparse', 'cuSPARSE'), ('CUSPARSE', 'cuSPARSE'), ('cusolver', 'cuSOLVER'),
        ('CUSOLVER', 'cuSOLVER'), ('cudnn', 'cuDNN'), ('CUDNN', 'cuDNN'), ('nvrtc', 'NVRTC'),
        ('NVRTC', 'NVRTC'), ('nccl', 'NCCL'), ('NCCL', 'NCCL'), ('nvtx', 'NVTX'), ('cub::', 'CUB'),
        ('cuda', 'runtime'), ('CUDA_', 'driver'), ('CU_', 'driver'), ('cu', 'driver'), ('CU', 'driver'),
    ]
    if category in ('device_function', 'device_library', 'device_type'):
        return 'device'
    for p, api in prefixes:
        if name.startswith(p):
            return api
    return 'runtime' if category not in ('library',) else 'library'


def main():
    if len(sys.argv) != 2:
        sys.exit('usage: generate.py PATH/TO/hipify-perl')
    lines = Path(sys.argv[1]).read_text().splitlines()
    rows = {}   # cuda -> dict
    order = []

    def row(name):
        if name not in rows:
            rows[name] = {'hip': '-', 'roc': '-', 'category': '-', 'flags': []}
            order.append(name)
        return rows[name]

    section = None   # current sub or hash
    for line in lines:
        m = re.match(r'^sub (\w+)', line)
        if m:
            section = m.group(1)
            continue
        m = re.match(r'^my %(\w+) = \(', line)
        if m:
            section = m.group(1)
            continue
        if re.match(r'^@whitelist = \(', line):
            section = 'whitelist'
            continue
        if line.startswith(');') or line.startswith('}'):
            section = None
            continue
        if section in ('simpleSubstitutions', 'rocSubstitutions', 'experimentalSubstitutions'):
            m = SUBST.match(line)
            if not m:
                continue
            cuda, target, cat = unescape(m.group(1)), unescape(m.group(2)), m.group(3)
            r = row(cuda)
            value = target if target else '~'
            if section == 'rocSubstitutions':
                r['roc'] = value
            else:
                r['hip'] = value
                if section == 'experimentalSubstitutions':
                    r['flags'].append('experimental')
            if r['category'] == '-' or section != 'rocSubstitutions':
                r['category'] = cat
        elif section in ('deprecated_funcs', 'removed_funcs'):
            m = HASH_ITEM.match(line)
            if m:
                key = 'deprecated' if section == 'deprecated_funcs' else 'removed'
                row(m.group(1))['flags'].append(f'{key}={m.group(2)}')
        elif section in ('warnUnsupportedFunctions', 'warnHipOnlyUnsupportedFunctions',
                         'warnRocOnlyUnsupportedFunctions', 'warnUnsupportedDeviceFunctions',
                         'countSupportedDeviceFunctions'):
            m = LIST_ITEM.match(line)
            if not m:
                continue
            r = row(m.group(1))
            if section == 'countSupportedDeviceFunctions':
                # Device functions HIP provides under the same name.
                r['hip'] = r['hip'] if r['hip'] != '-' else m.group(1)
                r['category'] = 'device_function'
            elif section == 'warnUnsupportedDeviceFunctions':
                r['hip'] = '!'
                r['roc'] = '!'
                r['category'] = 'device_function'
            elif section == 'warnUnsupportedFunctions':
                r['hip'] = '!' if r['hip'] == '-' else r['hip']
                r['roc'] = '!' if r['roc'] == '-' else r['roc']
            elif section == 'warnHipOnlyUnsupportedFunctions':
                if r['hip'] == '-':
                    r['hip'] = '!'
            else:
                if r['roc'] == '-':
                    r['roc'] = '!'
        elif section == 'whitelist':
            m = LIST_ITEM.match(line)
            if m:
                r = row(m.group(1))
                r['category'] = 'not_api'

    # The supplement: facts the peer lacks, or newer than it. Its rows replace whole rows.
    for line in (HERE / 'supplement.tsv').read_text().splitlines():
        if not line.strip() or line.startswith('#'):
            continue
        cols = line.split('\t')
        if len(cols) != 5:
            sys.exit(f'supplement.tsv: expected 5 columns: {line!r}')
        cuda, hip, roc, cat, flags = cols
        r = row(cuda)
        r.update({'hip': hip, 'roc': roc, 'category': cat,
                  'flags': [] if flags == '-' else flags.split(',')})

    # cuDNN -> MIOpen (see supplement.tsv): MIOpen's name where one exists, else unsupported.
    for name in order:
        r = rows[name]
        if api_of(name, r['category']) == 'cuDNN':
            r['hip'] = r['roc'] if r['roc'] != '-' else '!'

    out = [
        '# hipify mapping table: generated by data/generate.py from hipify-perl (ROCm, MIT) and',
        '# data/supplement.tsv. Do not edit by hand; see generate.py for the columns.',
        '# cuda\thip\troc\tcategory\tapi\tflags',
    ]
    for name in sorted(order):
        r = rows[name]
        flags = ','.join(dict.fromkeys(r['flags'])) or '-'
        out.append('\t'.join([name, r['hip'], r['roc'], r['category'],
                              api_of(name, r['category']), flags]))
    (HERE / 'mappings.tsv').write_text('\n'.join(out) + '\n')
    print(f'{len(order)} rows -> {HERE / "mappings.tsv"}')


if __name__ == '__main__':
    main()
