// Oracle: prints the first outputs of rocRAND 5.3's device engines and distributions
// (Debian's librocrand-dev headers), one "name index value" line each, values as exact
// hexadecimal bit patterns. The ferrocm-rand test compares its engines with them.
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>
#include <rocrand/rocrand_kernel.h>
#include <string>
#include <vector>
#include <stdio.h>
#include <string.h>

static unsigned long long bits(double d) { unsigned long long u; memcpy(&u, &d, 8); return u; }
static unsigned int bitsf(float f) { unsigned int u; memcpy(&u, &f, 4); return u; }

template <class S>
static void run(const char* name, unsigned long long seed, unsigned long long sub, unsigned long long off) {
    char tag[128];
    snprintf(tag, sizeof tag, "%s/%llu/%llu/%llu", name, seed, sub, off);
    S s;
    rocrand_init(seed, sub, off, &s);
    for (int i = 0; i < 8; i++) printf("%s u32 %d %08x\n", tag, i, rocrand(&s));
    rocrand_init(seed, sub, off, &s);
    for (int i = 0; i < 8; i++) printf("%s uniform %d %08x\n", tag, i, bitsf(rocrand_uniform(&s)));
    rocrand_init(seed, sub, off, &s);
    for (int i = 0; i < 8; i++) printf("%s uniform_double %d %016llx\n", tag, i, bits(rocrand_uniform_double(&s)));
    rocrand_init(seed, sub, off, &s);
    for (int i = 0; i < 8; i++) { float2 v = rocrand_normal2(&s); printf("%s normal2 %d %08x %08x\n", tag, i, bitsf(v.x), bitsf(v.y)); }
    rocrand_init(seed, sub, off, &s);
    for (int i = 0; i < 8; i++) { double2 v = rocrand_normal_double2(&s); printf("%s normal_double2 %d %016llx %016llx\n", tag, i, bits(v.x), bits(v.y)); }
    rocrand_init(seed, sub, off, &s);
    for (int i = 0; i < 8; i++) printf("%s log_normal %d %08x\n", tag, i, bitsf(rocrand_log_normal(&s, 0.5f, 0.25f)));
    rocrand_init(seed, sub, off, &s);
    for (int i = 0; i < 8; i++) printf("%s poisson10 %d %u\n", tag, i, rocrand_poisson(&s, 10.0));
    rocrand_init(seed, sub, off, &s);
    for (int i = 0; i < 8; i++) printf("%s poisson500 %d %u\n", tag, i, rocrand_poisson(&s, 500.0));
}

template <class S, class V>
static void run_sobol(const char* name, const V* table, int width, int dim, unsigned long long off) {
    char tag[128];
    snprintf(tag, sizeof tag, "%s/%d/%llu", name, dim, off);
    const V* v = table + (size_t)dim * width;
    S s;
    rocrand_init(v, off, &s);
    for (int i = 0; i < 8; i++) printf("%s bits %d %016llx\n", tag, i, (unsigned long long)rocrand(&s));
    rocrand_init(v, off, &s);
    for (int i = 0; i < 8; i++) printf("%s uniform %d %08x\n", tag, i, bitsf(rocrand_uniform(&s)));
    rocrand_init(v, off, &s);
    for (int i = 0; i < 8; i++) printf("%s uniform_double %d %016llx\n", tag, i, bits(rocrand_uniform_double(&s)));
    rocrand_init(v, off, &s);
    for (int i = 0; i < 8; i++) printf("%s normal %d %08x\n", tag, i, bitsf(rocrand_normal(&s)));
    rocrand_init(v, off, &s);
    for (int i = 0; i < 8; i++) printf("%s normal_double %d %016llx\n", tag, i, bits(rocrand_normal_double(&s)));
}

// The direction vector tables, read from rocRAND's precomputed headers at run time (their
// 33 MB of initialisers take the compiler minutes).
static std::vector<unsigned long long> read_table(const std::string& path, const char* name, size_t n) {
    std::vector<unsigned long long> out;
    FILE* f = fopen(path.c_str(), "rb");
    if (!f) { fprintf(stderr, "cannot open %s\n", path.c_str()); exit(2); }
    std::string text;
    char buf[1 << 16];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, got);
    fclose(f);
    size_t at = text.find(name);
    if (at == std::string::npos) { fprintf(stderr, "no %s in %s\n", name, path.c_str()); exit(2); }
    at = text.find('{', at);
    const char* p = text.c_str() + at;
    while (out.size() < n) {
        p = strstr(p, "0x");
        if (!p) break;
        char* end;
        out.push_back(strtoull(p, &end, 16));
        p = end;
    }
    if (out.size() != n) { fprintf(stderr, "%s: %zu values\n", name, out.size()); exit(2); }
    return out;
}

template <class V> static unsigned long long fnv(const V* t, size_t n) {
    unsigned long long h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < n; i++) { h ^= (unsigned long long)t[i]; h *= 0x100000001b3ULL; }
    return h;
}

int main(int argc, char** argv) {
    const unsigned long long seeds[] = {0ULL, 1234ULL, 0xdeadbeefdeadbeefULL, 0xfedcba9876543210ULL};
    const unsigned long long subs[] = {0ULL, 1ULL, 131071ULL, 0x123456789ULL};
    const unsigned long long offs[] = {0ULL, 3ULL, 1000003ULL, 0xffffffffffULL};
    for (auto seed : seeds)
        for (int k = 0; k < 4; k++) {
            run<rocrand_state_philox4x32_10>("philox", seed, subs[k], offs[(k + 1) % 4]);
            run<rocrand_state_xorwow>("xorwow", seed, subs[k], offs[(k + 1) % 4]);
            run<rocrand_state_mrg32k3a>("mrg32k3a", seed, subs[k], offs[(k + 1) % 4]);
        }
    const std::string inc = argc > 1 ? argv[1] : "/usr/include";
    const std::vector<unsigned long long> t32 =
        read_table(inc + "/rocrand/rocrand_sobol32_precomputed.h", "h_sobol32_direction_vectors", 20000 * 32);
    const std::vector<unsigned long long> t64 =
        read_table(inc + "/rocrand/rocrand_sobol64_precomputed.h", "h_sobol64_direction_vectors", 20000 * 64);
    std::vector<unsigned int> v32(t32.begin(), t32.end());
    const unsigned int* h_sobol32_direction_vectors = v32.data();
    const unsigned long long* h_sobol64_direction_vectors = t64.data();
    const size_t SOBOL32_N = v32.size(), SOBOL64_N = t64.size();
    const int dims[] = {0, 1, 5, 1234, 19999};
    const unsigned long long qoffs[] = {0ULL, 1ULL, 1000ULL, 123456789ULL};
    for (int d : dims)
        for (auto off : qoffs) {
            run_sobol<rocrand_state_sobol32>("sobol32", h_sobol32_direction_vectors, 32, d, off);
            run_sobol<rocrand_state_sobol64>("sobol64", h_sobol64_direction_vectors, 64, d, off);
        }
    printf("sobol32_vectors fnv %016llx\n", fnv(h_sobol32_direction_vectors, SOBOL32_N));
    printf("sobol64_vectors fnv %016llx\n", fnv(h_sobol64_direction_vectors, SOBOL64_N));
    return 0;
}
