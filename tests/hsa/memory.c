/*
 * memory: regions, pools, copies and pointer information on the CPU agent.
 *
 * Checks: hsa_agent_iterate_regions shows a global fine-grained, a global
 * coarse-grained and a kernarg region plus group and private regions, with
 * consistent info attributes; allocation alignment and granule rounding;
 * hsa_memory_copy (fine <-> coarse <-> system memory); hsa_memory_assign_agent;
 * hsa_memory_register / deregister; memory pools (iteration, info, the
 * agent/pool ACCESS attribute, allocate / free, can_migrate);
 * hsa_amd_agents_allow_access; hsa_amd_memory_async_copy with dependency signals
 * (the copy must not start before they reach 0) and a completion signal;
 * hsa_amd_memory_fill; hsa_amd_memory_lock / lock_to_pool / unlock;
 * hsa_amd_pointer_info for pool, region and locked allocations and for an
 * unknown pointer; hsa_amd_pointer_info_set_userdata.
 */
#include "common.h"

static hsa_agent_t g_agent;

static bool is_pow2(size_t v) { return v != 0 && (v & (v - 1)) == 0; }

/* ------------------------------------------------------------------------ */

typedef struct {
  int fine, coarse, kernarg, group, priv, other;
  int bad;
  hsa_region_t fine_r, coarse_r, kernarg_r;
} region_census_t;

static hsa_status_t region_cb(hsa_region_t r, void *data) {
  region_census_t *c = (region_census_t *)data;
  hsa_region_segment_t seg;
  uint32_t flags = 0;
  size_t size = 0, max = 0, granule = 0, align = 0;
  bool alloc = false, host = false;

  if (hsa_region_get_info(r, HSA_REGION_INFO_SEGMENT, &seg) != HSA_STATUS_SUCCESS ||
      hsa_region_get_info(r, HSA_REGION_INFO_SIZE, &size) != HSA_STATUS_SUCCESS ||
      hsa_region_get_info(r, HSA_REGION_INFO_ALLOC_MAX_SIZE, &max) != HSA_STATUS_SUCCESS ||
      hsa_region_get_info(r, HSA_REGION_INFO_RUNTIME_ALLOC_ALLOWED, &alloc) != HSA_STATUS_SUCCESS) {
    c->bad++;
    test_report(0, __LINE__, "region 0x%" PRIx64 ": basic info queries succeed", r.handle);
    return HSA_STATUS_SUCCESS;
  }
  if (seg == HSA_REGION_SEGMENT_GLOBAL) {
    if (hsa_region_get_info(r, HSA_REGION_INFO_GLOBAL_FLAGS, &flags) != HSA_STATUS_SUCCESS) c->bad++;
    if (hsa_region_get_info(r, HSA_REGION_INFO_RUNTIME_ALLOC_GRANULE, &granule) !=
            HSA_STATUS_SUCCESS ||
        hsa_region_get_info(r, HSA_REGION_INFO_RUNTIME_ALLOC_ALIGNMENT, &align) !=
            HSA_STATUS_SUCCESS)
      c->bad++;
    if (hsa_region_get_info(r, (hsa_region_info_t)HSA_AMD_REGION_INFO_HOST_ACCESSIBLE, &host) !=
        HSA_STATUS_SUCCESS)
      c->bad++;
  }
  test_note("region 0x%" PRIx64 ": segment %d flags 0x%x size %zu alloc_max %zu alloc %d granule "
            "%zu align %zu host_accessible %d",
            r.handle, (int)seg, flags, size, max, (int)alloc, granule, align, (int)host);
  switch (seg) {
  case HSA_REGION_SEGMENT_GLOBAL: {
    bool fine = (flags & HSA_REGION_GLOBAL_FLAG_FINE_GRAINED) != 0;
    bool coarse = (flags & HSA_REGION_GLOBAL_FLAG_COARSE_GRAINED) != 0;
    if (fine == coarse) {
      c->bad++;
      test_report(0, __LINE__, "global region 0x%" PRIx64 " is either fine or coarse grained",
                  r.handle);
    }
    if ((flags & HSA_REGION_GLOBAL_FLAG_KERNARG) && !fine) {
      c->bad++;
      test_report(0, __LINE__, "kernarg region 0x%" PRIx64 " is fine grained", r.handle);
    }
    if (size == 0 || max == 0 || !host) {
      c->bad++;
      test_report(0, __LINE__, "global region 0x%" PRIx64 ": SIZE, ALLOC_MAX_SIZE > 0, host accessible",
                  r.handle);
    }
    if (alloc && (granule == 0 || !is_pow2(align))) {
      c->bad++;
      test_report(0, __LINE__, "region 0x%" PRIx64 ": granule > 0 and alignment a power of 2",
                  r.handle);
    }
    if (flags & HSA_REGION_GLOBAL_FLAG_KERNARG) {
      if (alloc) {
        c->kernarg++;
        c->kernarg_r = r;
      }
    } else if (fine && alloc) {
      c->fine++;
      if (!c->fine_r.handle) c->fine_r = r;
    } else if (coarse && alloc) {
      c->coarse++;
      if (!c->coarse_r.handle) c->coarse_r = r;
    }
    break;
  }
  case HSA_REGION_SEGMENT_GROUP:
    c->group++;
    if (alloc || max < 1024) {
      c->bad++;
      test_report(0, __LINE__, "group region: no runtime allocation, ALLOC_MAX_SIZE >= 1024 (%zu)",
                  max);
    }
    break;
  case HSA_REGION_SEGMENT_PRIVATE: {
    uint32_t wg_max = 0;
    c->priv++;
    if (hsa_region_get_info(r, HSA_REGION_INFO_ALLOC_MAX_PRIVATE_WORKGROUP_SIZE, &wg_max) !=
        HSA_STATUS_SUCCESS)
      c->bad++;
    if (alloc || max < 256 || wg_max < 65536) {
      c->bad++;
      test_report(0, __LINE__, "private region: no runtime allocation, ALLOC_MAX_SIZE >= 256 "
                               "(%zu), ALLOC_MAX_PRIVATE_WORKGROUP_SIZE >= 65536 (%u)",
                  max, wg_max);
    }
    break;
  }
  default:
    c->other++;
    break;
  }
  return HSA_STATUS_SUCCESS;
}

static void test_region_allocations(hsa_region_t r, const char *what) {
  size_t granule = 0, align = 0;
  uint8_t *p1 = NULL, *p2 = NULL, *p3 = NULL;
  size_t i;
  bool ok = true;

  hsa_region_get_info(r, HSA_REGION_INFO_RUNTIME_ALLOC_GRANULE, &granule);
  hsa_region_get_info(r, HSA_REGION_INFO_RUNTIME_ALLOC_ALIGNMENT, &align);
  if (granule == 0 || align == 0) return;
  CHECK_STATUS(hsa_memory_allocate(r, 1, (void **)&p1), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_memory_allocate(r, 1, (void **)&p2), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_memory_allocate(r, 3 * granule + 1, (void **)&p3), HSA_STATUS_SUCCESS);
  if (!p1 || !p2 || !p3) return;
  CHECK((uintptr_t)p1 % align == 0 && (uintptr_t)p2 % align == 0 && (uintptr_t)p3 % align == 0,
        "%s: allocations are aligned to RUNTIME_ALLOC_ALIGNMENT (%zu)", what, align);
  CHECK((size_t)(p1 > p2 ? p1 - p2 : p2 - p1) >= granule,
        "%s: 1-byte allocations are rounded up to the granule (%zu)", what, granule);
  if (strcmp(what, "coarse-grained region") != 0) {
    memset(p2, 0x5A, granule);
    memset(p1, 0xA5, granule); /* the whole granule belongs to the 1-byte allocation */
    memset(p3, 0x33, 4 * granule);
    for (i = 0; i < granule; i++)
      if (p2[i] != 0x5A) ok = false;
    CHECK(ok, "%s: writing a whole granule of one allocation leaves the next one alone", what);
  }
  CHECK_STATUS(hsa_memory_free(p1), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_memory_free(p2), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_memory_free(p3), HSA_STATUS_SUCCESS);
}

static void test_regions(void) {
  region_census_t c;
  printf("-- regions\n");
  memset(&c, 0, sizeof c);
  CHECK_STATUS(hsa_agent_iterate_regions(g_agent, region_cb, &c), HSA_STATUS_SUCCESS);
  CHECK(c.fine >= 1, "a global fine-grained region (%d)", c.fine);
  CHECK(c.coarse >= 1, "a global coarse-grained region (%d)", c.coarse);
  CHECK(c.kernarg >= 1, "a global kernarg region with runtime allocation (%d)", c.kernarg);
  CHECK(c.group == 1, "a group region (%d)", c.group);
  CHECK(c.priv == 1, "a private region (%d)", c.priv);
  CHECK(c.bad == 0, "all region attributes are consistent (%d problems)", c.bad);
  if (c.fine_r.handle) test_region_allocations(c.fine_r, "fine-grained region");
  if (c.coarse_r.handle) test_region_allocations(c.coarse_r, "coarse-grained region");
  if (c.kernarg_r.handle) test_region_allocations(c.kernarg_r, "kernarg region");

  /* hsa_memory_copy: fine -> coarse -> fine, system memory <-> fine. */
  if (c.fine_r.handle && c.coarse_r.handle) {
    const size_t n = (1u << 20) + 5;
    uint8_t *src = NULL, *dst = NULL, *coarse = NULL, *sys = (uint8_t *)malloc(n);
    size_t i, wrong = 0;
    REQUIRE_SUCCESS(hsa_memory_allocate(c.fine_r, n, (void **)&src));
    REQUIRE_SUCCESS(hsa_memory_allocate(c.fine_r, n, (void **)&dst));
    REQUIRE_SUCCESS(hsa_memory_allocate(c.coarse_r, n, (void **)&coarse));
    for (i = 0; i < n; i++) src[i] = (uint8_t)(i * 31 + 7);
    memset(dst, 0, n);
    CHECK_STATUS(hsa_memory_assign_agent(coarse, g_agent, HSA_ACCESS_PERMISSION_RW),
                 HSA_STATUS_SUCCESS);
    CHECK_STATUS(hsa_memory_assign_agent(src, g_agent, HSA_ACCESS_PERMISSION_RO),
                 HSA_STATUS_SUCCESS);
    CHECK_STATUS(hsa_memory_copy(coarse, src, n), HSA_STATUS_SUCCESS);
    CHECK_STATUS(hsa_memory_copy(dst, coarse, n), HSA_STATUS_SUCCESS);
    for (i = 0; i < n; i++)
      if (dst[i] != src[i]) wrong++;
    CHECK(wrong == 0, "hsa_memory_copy fine -> coarse -> fine round trip (%zu wrong)", wrong);
    memset(sys, 0, n);
    CHECK_STATUS(hsa_memory_copy(sys, src, n), HSA_STATUS_SUCCESS);
    CHECK(memcmp(sys, src, n) == 0, "hsa_memory_copy fine -> system memory");
    memset(dst, 0, n);
    CHECK_STATUS(hsa_memory_copy(dst + 1, sys + 3, n - 3), HSA_STATUS_SUCCESS);
    CHECK(dst[0] == 0 && memcmp(dst + 1, src + 3, n - 3) == 0,
          "hsa_memory_copy system memory -> fine at unaligned offsets");
    CHECK_STATUS(hsa_memory_copy(dst, src, 0), HSA_STATUS_SUCCESS);
    CHECK_STATUS(hsa_memory_free(src), HSA_STATUS_SUCCESS);
    CHECK_STATUS(hsa_memory_free(dst), HSA_STATUS_SUCCESS);
    CHECK_STATUS(hsa_memory_free(coarse), HSA_STATUS_SUCCESS);

    /* register / deregister */
    CHECK_STATUS(hsa_memory_register(sys, n), HSA_STATUS_SUCCESS);
    CHECK_STATUS(hsa_memory_deregister(sys, n), HSA_STATUS_SUCCESS);
    free(sys);
  }
}

/* ------------------------------------------------------------------------ */

typedef struct {
  int fine_kernarg, fine, coarse, global, bad;
  hsa_amd_memory_pool_t fine_p, coarse_p, kernarg_p;
} pool_census_t;

static hsa_status_t pool_cb(hsa_amd_memory_pool_t p, void *data) {
  pool_census_t *c = (pool_census_t *)data;
  hsa_amd_segment_t seg;
  uint32_t flags = 0, hops = 0;
  size_t size = 0, granule = 0, align = 0, max = 0, rec = 0;
  bool alloc = false, all = false;
  hsa_amd_memory_pool_location_t loc = HSA_AMD_MEMORY_POOL_LOCATION_GPU;
  hsa_amd_memory_pool_access_t access = HSA_AMD_MEMORY_POOL_ACCESS_NEVER_ALLOWED;
  int before = c->bad;

  if (hsa_amd_memory_pool_get_info(p, HSA_AMD_MEMORY_POOL_INFO_SEGMENT, &seg) != HSA_STATUS_SUCCESS ||
      hsa_amd_memory_pool_get_info(p, HSA_AMD_MEMORY_POOL_INFO_SIZE, &size) != HSA_STATUS_SUCCESS ||
      hsa_amd_memory_pool_get_info(p, HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED, &alloc) !=
          HSA_STATUS_SUCCESS ||
      hsa_amd_memory_pool_get_info(p, HSA_AMD_MEMORY_POOL_INFO_ACCESSIBLE_BY_ALL, &all) !=
          HSA_STATUS_SUCCESS ||
      hsa_amd_memory_pool_get_info(p, HSA_AMD_MEMORY_POOL_INFO_ALLOC_MAX_SIZE, &max) !=
          HSA_STATUS_SUCCESS ||
      hsa_amd_memory_pool_get_info(p, HSA_AMD_MEMORY_POOL_INFO_LOCATION, &loc) !=
          HSA_STATUS_SUCCESS ||
      hsa_amd_agent_memory_pool_get_info(g_agent, p, HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS,
                                         &access) != HSA_STATUS_SUCCESS ||
      hsa_amd_agent_memory_pool_get_info(g_agent, p, HSA_AMD_AGENT_MEMORY_POOL_INFO_NUM_LINK_HOPS,
                                         &hops) != HSA_STATUS_SUCCESS) {
    c->bad++;
    test_report(0, __LINE__, "pool 0x%" PRIx64 ": info queries succeed", p.handle);
    return HSA_STATUS_SUCCESS;
  }
  if (seg == HSA_AMD_SEGMENT_GLOBAL) {
    c->global++;
    if (hsa_amd_memory_pool_get_info(p, HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS, &flags) !=
        HSA_STATUS_SUCCESS)
      c->bad++;
  }
  if (alloc) {
    if (hsa_amd_memory_pool_get_info(p, HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_GRANULE, &granule) !=
            HSA_STATUS_SUCCESS ||
        hsa_amd_memory_pool_get_info(p, HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALIGNMENT, &align) !=
            HSA_STATUS_SUCCESS ||
        hsa_amd_memory_pool_get_info(p, HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_REC_GRANULE, &rec) !=
            HSA_STATUS_SUCCESS)
      c->bad++;
    if (granule == 0 || !is_pow2(align) || rec < granule || size == 0 || max == 0) c->bad++;
  }
  test_note("pool 0x%" PRIx64 ": segment %d flags 0x%x size %zu alloc %d granule %zu align %zu "
            "rec %zu max %zu all %d location %d access %d hops %u",
            p.handle, (int)seg, flags, size, (int)alloc, granule, align, rec, max, (int)all,
            (int)loc, (int)access, hops);
  if (loc != HSA_AMD_MEMORY_POOL_LOCATION_CPU) c->bad++;
  if (access == HSA_AMD_MEMORY_POOL_ACCESS_NEVER_ALLOWED) c->bad++;
  if (seg == HSA_AMD_SEGMENT_GLOBAL) {
    bool fine = (flags & HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED) != 0;
    bool coarse = (flags & HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED) != 0;
    if (fine == coarse) c->bad++;
    if (alloc && fine && (flags & HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT)) {
      c->fine_kernarg++;
      c->kernarg_p = p;
    } else if (alloc && fine) {
      c->fine++;
      if (!c->fine_p.handle) c->fine_p = p;
    } else if (alloc && coarse) {
      c->coarse++;
      if (!c->coarse_p.handle) c->coarse_p = p;
    }
  }
  if (c->bad != before)
    test_report(0, __LINE__, "pool 0x%" PRIx64 " attributes are consistent", p.handle);
  return HSA_STATUS_SUCCESS;
}

static void check_pointer_info(const void *ptr, const void *base, size_t size,
                               hsa_amd_pointer_type_t type, const char *what) {
  hsa_amd_pointer_info_t info;
  uint32_t n = 0;
  hsa_agent_t *agents = NULL;
  hsa_status_t st;
  uint32_t i;
  bool has_cpu = false;
  memset(&info, 0xEE, sizeof info);
  info.size = sizeof info;
  st = hsa_amd_pointer_info(ptr, &info, malloc, &n, &agents);
  CHECK(st == HSA_STATUS_SUCCESS, "%s: hsa_amd_pointer_info succeeds (0x%x)", what, (unsigned)st);
  if (st != HSA_STATUS_SUCCESS) return;
  CHECK(info.size == sizeof info, "%s: info.size stays %zu (%u)", what, sizeof info, info.size);
  CHECK(info.type == type, "%s: type %d (%d)", what, (int)type, (int)info.type);
  if (type == HSA_EXT_POINTER_TYPE_UNKNOWN) {
    free(agents);
    return;
  }
  CHECK(info.hostBaseAddress == base, "%s: hostBaseAddress is the allocation base (%p, %p)", what,
        info.hostBaseAddress, base);
  if (type == HSA_EXT_POINTER_TYPE_HSA)
    CHECK(info.agentBaseAddress == base, "%s: agentBaseAddress is the allocation base (%p)", what,
          info.agentBaseAddress);
  CHECK(info.sizeInBytes == size, "%s: sizeInBytes == %zu (%zu)", what, size, info.sizeInBytes);
  if (type == HSA_EXT_POINTER_TYPE_HSA)
    CHECK(info.agentOwner.handle == g_agent.handle, "%s: agentOwner is the CPU agent", what);
  for (i = 0; agents && i < n; i++)
    if (agents[i].handle == g_agent.handle) has_cpu = true;
  CHECK(n >= 1 && has_cpu, "%s: the accessible agents (%u) include the CPU agent", what, n);
  free(agents);
}

static void test_pools(void) {
  pool_census_t c;
  void *p = NULL;
  size_t granule = 0;
  bool result = false;

  printf("-- memory pools\n");
  memset(&c, 0, sizeof c);
  CHECK_STATUS(hsa_amd_agent_iterate_memory_pools(g_agent, pool_cb, &c), HSA_STATUS_SUCCESS);
  CHECK(c.fine_kernarg >= 1, "a fine-grained KERNARG_INIT pool (%d)", c.fine_kernarg);
  CHECK(c.fine >= 1, "a fine-grained pool without KERNARG_INIT (%d)", c.fine);
  CHECK(c.coarse >= 1, "a coarse-grained pool (%d)", c.coarse);
  CHECK(c.bad == 0, "all pool attributes consistent (%d problems)", c.bad);
  if (!c.fine_p.handle || !c.coarse_p.handle) return;

  /* allocate / free / pointer info */
  {
    hsa_amd_memory_pool_t pools[3];
    const char *names[3] = {"fine pool", "coarse pool", "kernarg pool"};
    int i;
    pools[0] = c.fine_p;
    pools[1] = c.coarse_p;
    pools[2] = c.kernarg_p;
    for (i = 0; i < 3; i++) {
      size_t align = 0, size;
      if (!pools[i].handle) continue;
      hsa_amd_memory_pool_get_info(pools[i], HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_GRANULE,
                                   &granule);
      hsa_amd_memory_pool_get_info(pools[i], HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALIGNMENT,
                                   &align);
      size = 4 * granule;
      p = NULL;
      CHECK_STATUS(hsa_amd_memory_pool_allocate(pools[i], size, 0, &p), HSA_STATUS_SUCCESS);
      if (!p) continue;
      CHECK(align && (uintptr_t)p % align == 0, "%s: allocation aligned to %zu", names[i], align);
      check_pointer_info(p, p, size, HSA_EXT_POINTER_TYPE_HSA, names[i]);
      check_pointer_info((char *)p + 100, p, size, HSA_EXT_POINTER_TYPE_HSA, names[i]);
      CHECK_STATUS(hsa_amd_pointer_info_set_userdata(p, (void *)(uintptr_t)0x1234),
                   HSA_STATUS_SUCCESS);
      {
        hsa_amd_pointer_info_t info;
        memset(&info, 0, sizeof info);
        info.size = sizeof info;
        CHECK(hsa_amd_pointer_info(p, &info, NULL, NULL, NULL) == HSA_STATUS_SUCCESS &&
                  info.userData == (void *)(uintptr_t)0x1234,
              "%s: userData set by hsa_amd_pointer_info_set_userdata", names[i]);
      }
      CHECK_STATUS(hsa_amd_agents_allow_access(1, &g_agent, NULL, p), HSA_STATUS_SUCCESS);
      CHECK_STATUS(hsa_amd_memory_pool_free(p), HSA_STATUS_SUCCESS);
      check_pointer_info(p, NULL, 0, HSA_EXT_POINTER_TYPE_UNKNOWN, "freed pool allocation");
    }
  }

  /* allow_access argument checks */
  REQUIRE_SUCCESS(hsa_amd_memory_pool_allocate(c.coarse_p, 4096, 0, &p));
  {
    uint32_t flags = 0;
    CHECK_STATUS(hsa_amd_agents_allow_access(1, &g_agent, &flags, p),
                 HSA_STATUS_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(hsa_amd_agents_allow_access(0, &g_agent, NULL, p),
                 HSA_STATUS_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(hsa_amd_agents_allow_access(1, NULL, NULL, p), HSA_STATUS_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(hsa_amd_agents_allow_access(1, &g_agent, NULL, NULL),
                 HSA_STATUS_ERROR_INVALID_ARGUMENT);
  }
  CHECK_STATUS(hsa_amd_memory_pool_free(p), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_amd_memory_pool_can_migrate(c.fine_p, c.coarse_p, &result), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_amd_memory_pool_can_migrate(c.fine_p, c.coarse_p, NULL),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);

  /* Region allocations are HSA pointers too; unknown pointers are UNKNOWN. */
  {
    hsa_region_t r =
        find_region(g_agent, HSA_REGION_SEGMENT_GLOBAL, HSA_REGION_GLOBAL_FLAG_FINE_GRAINED, 0);
    size_t rg = 0;
    int local = 0;
    hsa_region_get_info(r, HSA_REGION_INFO_RUNTIME_ALLOC_GRANULE, &rg);
    p = NULL;
    if (r.handle && rg && hsa_memory_allocate(r, 2 * rg, &p) == HSA_STATUS_SUCCESS) {
      check_pointer_info(p, p, 2 * rg, HSA_EXT_POINTER_TYPE_HSA, "region allocation");
      hsa_memory_free(p);
    }
    check_pointer_info(&local, NULL, 0, HSA_EXT_POINTER_TYPE_UNKNOWN, "a stack address");
  }
}

/* ------------------------------------------------------------------------ */

static void test_async_copy_and_fill(void) {
  hsa_amd_memory_pool_t fine = find_pool(g_agent, HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED,
                                         HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT);
  const size_t n = 8u << 20;
  uint8_t *src = NULL, *dst = NULL;
  hsa_signal_t d1, d2, c, deps[2];
  hsa_signal_value_t v;
  size_t i, touched = 0;

  printf("-- hsa_amd_memory_async_copy\n");
  if (!fine.handle) fine = find_pool(g_agent, HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED, 0);
  REQUIRE(fine.handle != 0, "a fine-grained pool");
  REQUIRE_SUCCESS(hsa_amd_memory_pool_allocate(fine, n, 0, (void **)&src));
  REQUIRE_SUCCESS(hsa_amd_memory_pool_allocate(fine, n + 4096, 0, (void **)&dst));
  for (i = 0; i < n; i++) src[i] = (uint8_t)(i * 131 + (i >> 12));
  memset(dst, 0, n + 4096);
  d1 = make_signal(0);
  d2 = make_signal(1);
  c = make_signal(1);
  deps[0] = d1;
  deps[1] = d2;
  CHECK_STATUS(hsa_amd_memory_async_copy(dst, g_agent, src, g_agent, n, 2, deps, c),
               HSA_STATUS_SUCCESS);
  sleep_ms(100);
  for (i = 0; i < n; i += 4096)
    if (dst[i] != 0) touched++;
  CHECK(hsa_signal_load_scacquire(c) == 1 && touched == 0,
        "the copy does not start before every dependency signal is 0 (%zu pages touched)",
        touched);
  hsa_signal_store_screlease(d2, 0);
  v = wait_until(c, HSA_SIGNAL_CONDITION_LT, 1, 20000);
  CHECK(v == 0, "the completion signal is decremented to 0 (%" PRId64 ")", (int64_t)v);
  CHECK(memcmp(dst, src, n) == 0, "the destination holds the source (%zu bytes)", n);
  for (i = n, touched = 0; i < n + 4096; i++)
    if (dst[i] != 0) touched++;
  CHECK(touched == 0, "nothing written past the copy");

  /* No dependencies, completion signal starting at 2 (decrement, not store 0). */
  hsa_signal_store_relaxed(c, 2);
  memset(dst, 0, n);
  CHECK_STATUS(hsa_amd_memory_async_copy(dst + 8, g_agent, src + 16, g_agent, 12345, 0, NULL, c),
               HSA_STATUS_SUCCESS);
  v = wait_until(c, HSA_SIGNAL_CONDITION_LT, 2, 20000);
  CHECK(v == 1, "a completed copy decrements its completion signal by 1 (2 -> %" PRId64 ")",
        (int64_t)v);
  CHECK(memcmp(dst + 8, src + 16, 12345) == 0 && dst[7] == 0 && dst[8 + 12345] == 0,
        "unaligned copy of 12345 bytes");

  /* Copy into coarse-grained pool memory and back. */
  {
    hsa_amd_memory_pool_t coarse =
        find_pool(g_agent, HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED, 0);
    uint8_t *cm = NULL;
    if (coarse.handle && hsa_amd_memory_pool_allocate(coarse, n, 0, (void **)&cm) == HSA_STATUS_SUCCESS) {
      memset(dst, 0, n);
      hsa_signal_store_relaxed(c, 2);
      CHECK_STATUS(hsa_amd_memory_async_copy(cm, g_agent, src, g_agent, n, 0, NULL, c),
                   HSA_STATUS_SUCCESS);
      CHECK_STATUS(hsa_amd_memory_async_copy(dst, g_agent, cm, g_agent, n, 0, NULL, c),
                   HSA_STATUS_SUCCESS);
      v = wait_until(c, HSA_SIGNAL_CONDITION_EQ, 0, 20000);
      CHECK(v == 0, "two copies sharing a completion signal (%" PRId64 ")", (int64_t)v);
      /* Copies are unordered with respect to each other: copy back again after both finished. */
      hsa_signal_store_relaxed(c, 1);
      CHECK_STATUS(hsa_amd_memory_async_copy(dst, g_agent, cm, g_agent, n, 0, NULL, c),
                   HSA_STATUS_SUCCESS);
      v = wait_until(c, HSA_SIGNAL_CONDITION_EQ, 0, 20000);
      CHECK(v == 0 && memcmp(dst, src, n) == 0, "fine -> coarse -> fine with async copies");
      hsa_amd_memory_pool_free(cm);
    }
  }

  /* Argument checks */
  CHECK_STATUS(hsa_amd_memory_async_copy(dst, g_agent, src, g_agent, 64, 0, NULL,
                                         (hsa_signal_t){0}),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_amd_memory_async_copy(dst, g_agent, src, g_agent, 64, 1, NULL, c),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_amd_memory_async_copy(NULL, g_agent, src, g_agent, 64, 0, NULL, c),
               HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_amd_memory_async_copy(dst, (hsa_agent_t){0xDEADBEEF00ull}, src, g_agent, 64, 0,
                                         NULL, c),
               HSA_STATUS_ERROR_INVALID_AGENT);

  printf("-- hsa_amd_memory_fill\n");
  {
    uint32_t *words = (uint32_t *)(void *)dst;
    const size_t count = 100003;
    size_t wrong = 0;
    memset(dst, 0, n);
    CHECK_STATUS(hsa_amd_memory_fill(words + 1, 0xDEADBEEFu, count), HSA_STATUS_SUCCESS);
    for (i = 1; i <= count; i++)
      if (words[i] != 0xDEADBEEFu) wrong++;
    CHECK(wrong == 0 && words[0] == 0 && words[count + 1] == 0,
          "fills exactly %zu uint32 values (%zu wrong)", count, wrong);
    CHECK_STATUS(hsa_amd_memory_fill(dst + 1, 1, 4), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  }

  hsa_signal_destroy(d1);
  hsa_signal_destroy(d2);
  hsa_signal_destroy(c);
  hsa_amd_memory_pool_free(src);
  hsa_amd_memory_pool_free(dst);
}

static void test_lock(void) {
  const size_t n = 64 * 1024;
  uint8_t *buf = (uint8_t *)aligned_alloc(4096, n);
  void *agent_ptr = NULL;
  hsa_amd_memory_pool_t fine = find_pool(g_agent, HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED, 0);

  printf("-- hsa_amd_memory_lock\n");
  REQUIRE(buf != NULL, "aligned_alloc");
  memset(buf, 0x42, n);
  CHECK_STATUS(hsa_amd_memory_lock(buf, n, NULL, 0, &agent_ptr), HSA_STATUS_SUCCESS);
  CHECK(agent_ptr != NULL, "lock returns an agent pointer");
  if (agent_ptr) CHECK(((uint8_t *)agent_ptr)[n - 1] == 0x42, "the agent pointer maps the buffer");
  check_pointer_info(buf, buf, n, HSA_EXT_POINTER_TYPE_LOCKED, "locked buffer");
  CHECK_STATUS(hsa_amd_memory_unlock(buf), HSA_STATUS_SUCCESS);
  check_pointer_info(buf, NULL, 0, HSA_EXT_POINTER_TYPE_UNKNOWN, "unlocked buffer");
  agent_ptr = NULL;
  CHECK_STATUS(hsa_amd_memory_lock(buf, n, &g_agent, 1, &agent_ptr), HSA_STATUS_SUCCESS);
  CHECK_STATUS(hsa_amd_memory_unlock(buf), HSA_STATUS_SUCCESS);
  if (fine.handle) {
    agent_ptr = NULL;
    CHECK_STATUS(hsa_amd_memory_lock_to_pool(buf, n, &g_agent, 1, fine, 0, &agent_ptr),
                 HSA_STATUS_SUCCESS);
    CHECK(agent_ptr != NULL, "lock_to_pool returns an agent pointer");
    CHECK_STATUS(hsa_amd_memory_unlock(buf), HSA_STATUS_SUCCESS);
  }
  CHECK_STATUS(hsa_amd_memory_lock(NULL, n, NULL, 0, &agent_ptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_amd_memory_lock(buf, 0, NULL, 0, &agent_ptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(hsa_amd_memory_lock(buf, n, NULL, 0, NULL), HSA_STATUS_ERROR_INVALID_ARGUMENT);
  free(buf);
}

int main(void) {
  test_begin("memory", 100);
  REQUIRE_SUCCESS(hsa_init());
  g_agent = require_cpu_agent();
  test_regions();
  test_pools();
  test_async_copy_and_fill();
  test_lock();
  CHECK_STATUS(hsa_shut_down(), HSA_STATUS_SUCCESS);
  return test_finish();
}
