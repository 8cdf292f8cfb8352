// Oracle: prints the first outputs of rocRAND 5.7's MRG31k3p, LFSR113 and ThreeFry device
// engines and distributions (Debian trixie's librocrand-dev headers, which rocRAND 5.3's
// lack), in oracle.cpp's "tag name index value" format, values as exact hexadecimal bit
// patterns. The ferrocm-rand test compares its engines with them.
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>
#include <rocrand/rocrand_kernel.h>
#include <stdio.h>
#include <string.h>

static unsigned long long bits(double d) { unsigned long long u; memcpy(&u, &d, 8); return u; }
static unsigned int bitsf(float f) { unsigned int u; memcpy(&u, &f, 4); return u; }

// Every draw of one state, from a fresh state each time (`init` re-initialises it).
template <class S, class Init>
static void draws(const char* tag, Init init) {
    S s;
    init(&s);
    for (int i = 0; i < 8; i++) printf("%s u %d %016llx\n", tag, i, (unsigned long long)rocrand(&s));
    init(&s);
    for (int i = 0; i < 8; i++) printf("%s uniform %d %08x\n", tag, i, bitsf(rocrand_uniform(&s)));
    init(&s);
    for (int i = 0; i < 8; i++) printf("%s uniform_double %d %016llx\n", tag, i, bits(rocrand_uniform_double(&s)));
    init(&s);
    for (int i = 0; i < 8; i++) { float2 v = rocrand_normal2(&s); printf("%s normal2 %d %08x %08x\n", tag, i, bitsf(v.x), bitsf(v.y)); }
    init(&s);
    for (int i = 0; i < 8; i++) { double2 v = rocrand_normal_double2(&s); printf("%s normal_double2 %d %016llx %016llx\n", tag, i, bits(v.x), bits(v.y)); }
    init(&s);
    for (int i = 0; i < 8; i++) printf("%s normal %d %08x\n", tag, i, bitsf(rocrand_normal(&s)));
    init(&s);
    for (int i = 0; i < 8; i++) printf("%s normal_double %d %016llx\n", tag, i, bits(rocrand_normal_double(&s)));
    init(&s);
    for (int i = 0; i < 8; i++) printf("%s log_normal %d %08x\n", tag, i, bitsf(rocrand_log_normal(&s, 0.5f, 0.25f)));
    init(&s);
    for (int i = 0; i < 8; i++) printf("%s poisson10 %d %u\n", tag, i, rocrand_poisson(&s, 10.0));
    init(&s);
    for (int i = 0; i < 4; i++) printf("%s poisson300 %d %u\n", tag, i, rocrand_poisson(&s, 300.0));
    init(&s);
    for (int i = 0; i < 4; i++) printf("%s poisson5000 %d %u\n", tag, i, rocrand_poisson(&s, 5000.0));
}

template <class S>
static void run(const char* name, unsigned long long seed, unsigned long long sub, unsigned long long off) {
    char tag[128];
    snprintf(tag, sizeof tag, "%s/%llu/%llu/%llu", name, seed, sub, off);
    draws<S>(tag, [&](S* s) { rocrand_init(seed, sub, off, s); });
}

int main() {
    const unsigned long long seeds[] = {0ULL, 1234ULL, 0xdeadbeefdeadbeefULL, 0xfedcba9876543210ULL};
    const unsigned long long subs[] = {0ULL, 1ULL, 131071ULL, 0x123456789ULL};
    const unsigned long long offs[] = {0ULL, 3ULL, 1000003ULL, 0xffffffffffULL};
    for (auto seed : seeds)
        for (int k = 0; k < 4; k++) {
            const unsigned long long sub = subs[k], off = offs[(k + 1) % 4];
            run<rocrand_state_mrg31k3p>("mrg31k3p", seed, sub, off);
            run<rocrand_state_threefry2x32_20>("threefry2x32", seed, sub, off);
            run<rocrand_state_threefry4x32_20>("threefry4x32", seed, sub, off);
            run<rocrand_state_threefry2x64_20>("threefry2x64", seed, sub, off);
            run<rocrand_state_threefry4x64_20>("threefry4x64", seed, sub, off);
        }
    const uint4 lseeds[] = {make_uint4(2, 8, 16, 128), make_uint4(0, 1, 2, 3),
                            make_uint4(123456789U, 362436069U, 521288629U, 88675123U),
                            make_uint4(0xffffffffU, 7, 15, 127)};
    const unsigned int lsubs[] = {0U, 1U, 131071U, 0xfffffU};
    // rocRAND's LFSR113 state has no offset argument and only a one-step discard().
    const unsigned long long loffs[] = {0ULL, 3ULL, 1000ULL, 65537ULL};
    for (int a = 0; a < 4; a++)
        for (int k = 0; k < 4; k++) {
            const uint4 sd = lseeds[a];
            const unsigned int sub = lsubs[k];
            const unsigned long long off = loffs[(k + 1) % 4];
            char tag[128];
            snprintf(tag, sizeof tag, "lfsr113/%u.%u.%u.%u/%u/%llu", sd.x, sd.y, sd.z, sd.w, sub, off);
            draws<rocrand_state_lfsr113>(tag, [&](rocrand_state_lfsr113* s) {
                rocrand_init(sd, sub, s);
                for (unsigned long long n = 0; n < off; n++) s->discard();
            });
        }
    return 0;
}
