// Oracle: prints the first outputs of rocRAND 5.3's device engines and distributions
// (Debian's librocrand-dev headers), one "name index value" line each, values as exact
// hexadecimal bit patterns. The ferrocm-rand test compares its engines with them.
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>
#include <rocrand/rocrand_kernel.h>
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

int main() {
    const unsigned long long seeds[] = {0ULL, 1234ULL, 0xdeadbeefdeadbeefULL, 0xfedcba9876543210ULL};
    const unsigned long long subs[] = {0ULL, 1ULL, 131071ULL, 0x123456789ULL};
    const unsigned long long offs[] = {0ULL, 3ULL, 1000003ULL, 0xffffffffffULL};
    for (auto seed : seeds)
        for (int k = 0; k < 4; k++) {
            run<rocrand_state_philox4x32_10>("philox", seed, subs[k], offs[(k + 1) % 4]);
            run<rocrand_state_xorwow>("xorwow", seed, subs[k], offs[(k + 1) % 4]);
            run<rocrand_state_mrg32k3a>("mrg32k3a", seed, subs[k], offs[(k + 1) % 4]);
        }
    return 0;
}
