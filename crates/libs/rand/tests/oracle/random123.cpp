// Oracle: Random123's Threefry (Debian's librandom123-dev headers) on counters and keys
// from a fixed xorshift sequence, one "name index words..." line each (hexadecimal). The
// ferrocm-rand test compares its block functions with them.
#include <Random123/threefry.h>
#include <stdio.h>

static unsigned long long state = 0x9E3779B97F4A7C15ULL;
static unsigned long long next64() {
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return state;
}

int main() {
  for (int i = 0; i < 64; i++) {
    r123::Threefry2x32_R<20> f;
    r123::Threefry2x32_R<20>::ctr_type c = {{(uint32_t)next64(), (uint32_t)next64()}};
    r123::Threefry2x32_R<20>::key_type k = {{(uint32_t)next64(), (uint32_t)next64()}};
    r123::Threefry2x32_R<20>::ctr_type r = f(c, k);
    printf("2x32 %d %08x %08x %08x %08x %08x %08x\n", i, c.v[0], c.v[1], k.v[0], k.v[1], r.v[0], r.v[1]);
  }
  for (int i = 0; i < 64; i++) {
    r123::Threefry4x32_R<20> f;
    r123::Threefry4x32_R<20>::ctr_type c, r;
    r123::Threefry4x32_R<20>::key_type k;
    for (int j = 0; j < 4; j++) c.v[j] = (uint32_t)next64();
    for (int j = 0; j < 4; j++) k.v[j] = (uint32_t)next64();
    r = f(c, k);
    printf("4x32 %d", i);
    for (int j = 0; j < 4; j++) printf(" %08x", c.v[j]);
    for (int j = 0; j < 4; j++) printf(" %08x", k.v[j]);
    for (int j = 0; j < 4; j++) printf(" %08x", r.v[j]);
    printf("\n");
  }
  for (int i = 0; i < 64; i++) {
    r123::Threefry2x64_R<20> f;
    r123::Threefry2x64_R<20>::ctr_type c = {{next64(), next64()}};
    r123::Threefry2x64_R<20>::key_type k = {{next64(), next64()}};
    r123::Threefry2x64_R<20>::ctr_type r = f(c, k);
    printf("2x64 %d %016llx %016llx %016llx %016llx %016llx %016llx\n", i, (unsigned long long)c.v[0],
           (unsigned long long)c.v[1], (unsigned long long)k.v[0], (unsigned long long)k.v[1],
           (unsigned long long)r.v[0], (unsigned long long)r.v[1]);
  }
  for (int i = 0; i < 64; i++) {
    r123::Threefry4x64_R<20> f;
    r123::Threefry4x64_R<20>::ctr_type c, r;
    r123::Threefry4x64_R<20>::key_type k;
    for (int j = 0; j < 4; j++) c.v[j] = next64();
    for (int j = 0; j < 4; j++) k.v[j] = next64();
    r = f(c, k);
    printf("4x64 %d", i);
    for (int j = 0; j < 4; j++) printf(" %016llx", (unsigned long long)c.v[j]);
    for (int j = 0; j < 4; j++) printf(" %016llx", (unsigned long long)k.v[j]);
    for (int j = 0; j < 4; j++) printf(" %016llx", (unsigned long long)r.v[j]);
    printf("\n");
  }
  return 0;
}
