// hipcub::DeviceRadixSort (keys and pairs, ascending and descending, bit ranges, DoubleBuffer
// with its selector), DeviceSegmentedRadixSort, DeviceSegmentedSort and DeviceMergeSort,
// checked against std::stable_sort: pairs carry their original index, so the order of equal
// keys (stability) is checked too. Keys int8, uint8, int16, int, uint, int64, uint64, float
// (negatives, -0.0 before +0.0) and double; sizes 0, 1, 255, 256, 257, 4099 and 1000003; the
// temporary-storage contract (null asks for the size > 0; a too-small buffer is rejected).
#include "hip_test.h"

#include <hipcub/hipcub.hpp>

#include <algorithm>
#include <cstring>
#include <vector>

template <class K> unsigned long long ordered(K k) {
  unsigned long long b = 0;
  std::memcpy(&b, &k, sizeof(K));
  const unsigned long long sign = 1ull << (8 * sizeof(K) - 1), all = sign | (sign - 1);
  if (std::is_floating_point<K>::value) return (b & sign) ? (~b & all) : (b | sign);
  if (std::is_signed<K>::value) return (b ^ sign) & all;
  return b;
}
template <class K> K key_at(int i) {
  unsigned long long x = (unsigned long long)i * 0x9E3779B97F4A7C15ull;
  x ^= x >> 29;
  if (std::is_floating_point<K>::value) return K((long long)(x % 2001) - 1000) / K(8);
  return K(x % 509); // many duplicates in wide types; wraps in narrow ones
}

template <class F> void two_phase(F call) {
  size_t bytes = 0;
  HIP_CHECK(call(nullptr, bytes));
  CHECK(bytes > 0, "temporary-storage size > 0 (got %zu)", bytes);
  void *tmp;
  HIP_CHECK(hipMalloc(&tmp, bytes));
#if !defined(__HIP_PLATFORM_NVIDIA__)
  // rocPRIM checks the size it is given; CUB does in its multi-pass paths only (its single-tile
  // paths ask for 1 byte and never look), so this part of the contract is checked on the CPU.
  size_t small = bytes - 1;
  HIP_EXPECT(call(tmp, small), hipErrorInvalidValue);
#endif
  HIP_CHECK(call(tmp, bytes));
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipFree(tmp));
}

template <class K> void check_radix(int n, int begin_bit, int end_bit) {
  std::vector<K> h(n);
  std::vector<int> v(n);
  for (int i = 0; i < n; ++i) {
    h[i] = key_at<K>(i);
    v[i] = i;
  }
  if (std::is_floating_point<K>::value && n >= 4) {
    h[1] = K(0.0);
    h[2] = K(-0.0);
    h[3] = K(0.0);
  }
  const unsigned long long mask =
      (end_bit - begin_bit >= 64) ? ~0ull : (((1ull << (end_bit - begin_bit)) - 1) << begin_bit);
  K *dk, *dko;
  int *dv, *dvo;
  HIP_CHECK(hipMalloc(&dk, (n + 1) * sizeof(K)));
  HIP_CHECK(hipMalloc(&dko, (n + 1) * sizeof(K)));
  HIP_CHECK(hipMalloc(&dv, (n + 1) * sizeof(int)));
  HIP_CHECK(hipMalloc(&dvo, (n + 1) * sizeof(int)));
  std::vector<K> rk(n);
  std::vector<int> rv(n);
  for (int desc = 0; desc < 2; ++desc) {
    std::vector<int> idx(v);
    std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) {
      const unsigned long long ka = ordered(h[a]) & mask, kb = ordered(h[b]) & mask;
      return desc ? kb < ka : ka < kb;
    });
    auto verify = [&](const char *what, bool values) {
      for (int j = 0; j < n; ++j) {
        CHECK(std::memcmp(&rk[j], &h[idx[j]], sizeof(K)) == 0, "%s desc=%d n=%d bits [%d,%d): key at %d", what, desc,
              n, begin_bit, end_bit, j);
        if (values)
          CHECK(rv[j] == idx[j], "%s desc=%d n=%d: value at %d is %d, stable order wants %d", what, desc, n, j, rv[j],
                idx[j]);
      }
    };
    HIP_CHECK(hipMemcpy(dk, h.data(), n * sizeof(K), hipMemcpyHostToDevice));
    HIP_CHECK(hipMemcpy(dv, v.data(), n * sizeof(int), hipMemcpyHostToDevice));
    two_phase([&](void *t, size_t &b) {
      return desc ? hipcub::DeviceRadixSort::SortPairsDescending(t, b, dk, dko, dv, dvo, n, begin_bit, end_bit)
                  : hipcub::DeviceRadixSort::SortPairs(t, b, dk, dko, dv, dvo, n, begin_bit, end_bit);
    });
    HIP_CHECK(hipMemcpy(rk.data(), dko, n * sizeof(K), hipMemcpyDeviceToHost));
    HIP_CHECK(hipMemcpy(rv.data(), dvo, n * sizeof(int), hipMemcpyDeviceToHost));
    verify("SortPairs", true);
    std::vector<K> in_after(n);
    HIP_CHECK(hipMemcpy(in_after.data(), dk, n * sizeof(K), hipMemcpyDeviceToHost));
    CHECK(std::memcmp(in_after.data(), h.data(), n * sizeof(K)) == 0, "SortPairs left its input alone");
    two_phase([&](void *t, size_t &b) {
      return desc ? hipcub::DeviceRadixSort::SortKeysDescending(t, b, dk, dko, n, begin_bit, end_bit)
                  : hipcub::DeviceRadixSort::SortKeys(t, b, dk, dko, n, begin_bit, end_bit);
    });
    HIP_CHECK(hipMemcpy(rk.data(), dko, n * sizeof(K), hipMemcpyDeviceToHost));
    verify("SortKeys", false);
    // DoubleBuffer: the result is in d_keys.Current() afterwards, wherever that is.
    hipcub::DoubleBuffer<K> kb(dk, dko);
    hipcub::DoubleBuffer<int> vb(dv, dvo);
    size_t bytes = 0;
    HIP_CHECK(hipcub::DeviceRadixSort::SortPairs(nullptr, bytes, kb, vb, n, begin_bit, end_bit));
    CHECK(bytes > 0 && kb.selector == 0, "the query leaves the selector alone");
    void *tmp;
    HIP_CHECK(hipMalloc(&tmp, bytes));
    if (desc)
      HIP_CHECK(hipcub::DeviceRadixSort::SortPairsDescending(tmp, bytes, kb, vb, n, begin_bit, end_bit));
    else
      HIP_CHECK(hipcub::DeviceRadixSort::SortPairs(tmp, bytes, kb, vb, n, begin_bit, end_bit));
    CHECK(kb.selector == vb.selector, "key and value selectors agree");
    HIP_CHECK(hipMemcpy(rk.data(), kb.Current(), n * sizeof(K), hipMemcpyDeviceToHost));
    HIP_CHECK(hipMemcpy(rv.data(), vb.Current(), n * sizeof(int), hipMemcpyDeviceToHost));
    verify("SortPairs(DoubleBuffer)", true);
    HIP_CHECK(hipFree(tmp));
  }
  HIP_CHECK(hipFree(dk));
  HIP_CHECK(hipFree(dko));
  HIP_CHECK(hipFree(dv));
  HIP_CHECK(hipFree(dvo));
}

// Segmented sorts: segments of varying length (some empty) with a gap left untouched.
template <class K> void check_segmented(int segments) {
  std::vector<int> begin(segments), end(segments);
  int n = 0;
  for (int s = 0; s < segments; ++s) {
    begin[s] = n;
    end[s] = n + (s * 37) % 300;
    n = end[s] + (s % 4 == 3 ? 5 : 0); // a gap after every fourth segment
  }
  std::vector<K> h(n);
  std::vector<int> v(n);
  for (int i = 0; i < n; ++i) {
    h[i] = key_at<K>(i);
    v[i] = i;
  }
  K *dk, *dko;
  int *dv, *dvo, *db, *de;
  HIP_CHECK(hipMalloc(&dk, (n + 1) * sizeof(K)));
  HIP_CHECK(hipMalloc(&dko, (n + 1) * sizeof(K)));
  HIP_CHECK(hipMalloc(&dv, (n + 1) * sizeof(int)));
  HIP_CHECK(hipMalloc(&dvo, (n + 1) * sizeof(int)));
  HIP_CHECK(hipMalloc(&db, segments * sizeof(int)));
  HIP_CHECK(hipMalloc(&de, segments * sizeof(int)));
  HIP_CHECK(hipMemcpy(dk, h.data(), n * sizeof(K), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dv, v.data(), n * sizeof(int), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(db, begin.data(), segments * sizeof(int), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(de, end.data(), segments * sizeof(int), hipMemcpyHostToDevice));
  for (int variant = 0; variant < 3; ++variant) {
    HIP_CHECK(hipMemset(dvo, 0xff, (n + 1) * sizeof(int)));
    two_phase([&](void *t, size_t &b) {
      if (variant == 0)
        return hipcub::DeviceSegmentedRadixSort::SortPairs(t, b, dk, dko, dv, dvo, n, segments, db, de);
      if (variant == 1)
        return hipcub::DeviceSegmentedSort::StableSortPairs(t, b, dk, dko, dv, dvo, n, segments, db, de);
      return hipcub::DeviceSegmentedRadixSort::SortPairsDescending(t, b, dk, dko, dv, dvo, n, segments, db, de);
    });
    std::vector<int> rv(n);
    HIP_CHECK(hipMemcpy(rv.data(), dvo, n * sizeof(int), hipMemcpyDeviceToHost));
    std::vector<int> idx(v);
    for (int s = 0; s < segments; ++s)
      std::stable_sort(idx.begin() + begin[s], idx.begin() + end[s], [&](int a, int b) {
        return variant == 2 ? ordered(h[b]) < ordered(h[a]) : ordered(h[a]) < ordered(h[b]);
      });
    for (int s = 0; s < segments; ++s) {
      for (int j = begin[s]; j < end[s]; ++j)
        CHECK(rv[j] == idx[j], "segmented variant %d segment %d position %d: %d, want %d", variant, s, j, rv[j], idx[j]);
      if (s % 4 == 3)
        for (int j = end[s]; j < end[s] + 5; ++j) CHECK(rv[j] == -1, "gap item %d untouched", j);
    }
  }
  HIP_CHECK(hipFree(dk));
  HIP_CHECK(hipFree(dko));
  HIP_CHECK(hipFree(dv));
  HIP_CHECK(hipFree(dvo));
  HIP_CHECK(hipFree(db));
  HIP_CHECK(hipFree(de));
}

// DeviceMergeSort with a user comparison on a struct key: stable.
struct Rec {
  int key;
  int id;
};
struct ByKeyDesc {
  __host__ __device__ bool operator()(const Rec &a, const Rec &b) const { return a.key > b.key; }
};
struct Less {
  __host__ __device__ bool operator()(int a, int b) const { return a < b; }
};
void check_merge(int n) {
  std::vector<Rec> h(n);
  std::vector<int> items(n);
  for (int i = 0; i < n; ++i) {
    h[i] = Rec{int((i * 7919u) % 97), i};
    items[i] = i;
  }
  Rec *d;
  int *di, *dk2;
  HIP_CHECK(hipMalloc(&d, (n + 1) * sizeof(Rec)));
  HIP_CHECK(hipMalloc(&di, (n + 1) * sizeof(int)));
  HIP_CHECK(hipMalloc(&dk2, (n + 1) * sizeof(int)));
  HIP_CHECK(hipMemcpy(d, h.data(), n * sizeof(Rec), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(di, items.data(), n * sizeof(int), hipMemcpyHostToDevice));
  two_phase([&](void *t, size_t &b) { return hipcub::DeviceMergeSort::SortPairs(t, b, d, di, n, ByKeyDesc()); });
  std::vector<Rec> r(n);
  std::vector<int> ri(n);
  HIP_CHECK(hipMemcpy(r.data(), d, n * sizeof(Rec), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(ri.data(), di, n * sizeof(int), hipMemcpyDeviceToHost));
  std::vector<Rec> e(h);
  std::stable_sort(e.begin(), e.end(), ByKeyDesc());
  for (int i = 0; i < n; ++i)
    CHECK(r[i].key == e[i].key && r[i].id == e[i].id && ri[i] == e[i].id, "merge sort position %d of %d", i, n);
  // SortKeysCopy of plain ints.
  std::vector<int> keys(n);
  for (int i = 0; i < n; ++i) keys[i] = int((i * 2654435761u) % 1000003) - 500000;
  HIP_CHECK(hipMemcpy(di, keys.data(), n * sizeof(int), hipMemcpyHostToDevice));
  two_phase([&](void *t, size_t &b) { return hipcub::DeviceMergeSort::SortKeysCopy(t, b, di, dk2, n, Less()); });
  std::vector<int> rk(n);
  HIP_CHECK(hipMemcpy(rk.data(), dk2, n * sizeof(int), hipMemcpyDeviceToHost));
  std::sort(keys.begin(), keys.end());
  CHECK(rk == keys, "SortKeysCopy of %d keys", n);
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(di));
  HIP_CHECK(hipFree(dk2));
}

int main() {
  for (int n : {0, 1, 255, 257, 4099}) {
    check_radix<signed char>(n, 0, 8);
    check_radix<unsigned char>(n, 0, 8);
    check_radix<short>(n, 0, 16);
    check_radix<int>(n, 0, 32);
    check_radix<unsigned>(n, 3, 11);
    check_radix<long long>(n, 0, 64);
    check_radix<unsigned long long>(n, 8, 40);
    check_radix<float>(n, 0, 32);
    check_radix<double>(n, 0, 64);
  }
  check_radix<int>(1000003, 0, 32);
  check_segmented<int>(40);
  check_segmented<float>(17);
  check_segmented<unsigned char>(9);
  for (int n : {0, 1, 257, 30011}) check_merge(n);
  return hip_test::pass();
}
