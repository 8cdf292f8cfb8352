use crate::rewrite::rewrite;

/// The rewritten unit and its fission notes.
fn split(src: &str) -> (String, Vec<String>) {
    let r = rewrite(src, "t.hip");
    (r.source, r.fission_notes)
}

fn is_split(src: &str) -> bool {
    let (out, notes) = split(src);
    let yes = out.contains("::hip_impl::fission::take()");
    assert_eq!(
        yes,
        notes.iter().any(|n| n.contains("split at its barriers")),
        "{notes:?}"
    );
    yes
}

/// Each kernel is left on fibers, for a reason that contains the text given.
fn assert_stay_on_fibers(cases: &[(&str, &str)]) {
    for (src, reason) in cases {
        assert!(!is_split(src), "{src}");
        let w = why(src);
        assert!(w.contains(reason), "{src}: {w}");
    }
}

/// Asserts that hipcc splits the kernel of `src` (else shows why not).
fn assert_split(src: &str) {
    assert!(is_split(src), "{}", why(src));
}

/// Asserts that `out` contains each of `parts`.
fn assert_contains(out: &str, parts: &[&str]) {
    for part in parts {
        assert!(out.contains(part), "missing {part:?} in:\n{out}");
    }
}

fn why(src: &str) -> String {
    let (_, notes) = split(src);
    notes.join("\n")
}

#[test]
fn top_level_barriers_split_the_kernel_into_phases() {
    let src = "__global__ void k(const float *a, float *b, unsigned n) {\n  __syncthreads();\n  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) b[i] = a[i];\n}\n";
    let (out, notes) = split(src);
    assert_eq!(
        notes,
        ["t.hip:1: kernel split at its barriers (runs without fibers)"]
    );
    // One phase (the empty one before the barrier is left out), no variable kept.
    assert_eq!(out.matches("__hip_fg.run(").count(), 1, "{out}");
    assert!(out.contains("::hip_impl::fission::ok<>()"), "{out}");
    // The phase text is the user's, under a #line directive naming its line; the original
    // body follows on its original lines.
    assert!(
        out.contains("#line 3 \"t.hip\"\nunsigned i = blockIdx.x"),
        "{out}"
    );
    assert!(
        out.contains("#line 1 \"t.hip\"\n\n  __syncthreads();"),
        "{out}"
    );
    // No barrier: nothing inserted, no note.
    let (out, notes) = split("__global__ void k(float *p) { p[threadIdx.x] = 1; }\n");
    assert!(!out.contains("fission"), "{out}");
    assert!(notes.is_empty());
}

#[test]
fn variables_used_after_a_barrier_are_kept_per_work_item() {
    let src = "__global__ void k(const int *in, int *out) {\n  __shared__ int s[256];\n  const unsigned t = threadIdx.x, *p = nullptr;\n  int v = in[t] * 2;\n  s[t] = v;\n  __syncthreads();\n  out[t] = s[255 - t] + v + (p == nullptr);\n  int w = v;\n  __syncthreads();\n  out[t] += w + t;\n}\n";
    let (out, _) = split(src);
    // t (const unsigned), v and w live across a barrier; p only in the second phase.
    assert!(
        out.contains("::hip_impl::fission::ok<const unsigned, const unsigned *, int, int>()"),
        "{out}"
    );
    assert!(
        out.contains("auto *const __hip_fs_v = ::hip_impl::fission::array<int>(__hip_fg);"),
        "{out}"
    );
    assert!(
        out.contains(
            "const unsigned t = ::hip_impl::fission::get<const unsigned>(__hip_fs_t + __hip_i);"
        ),
        "{out}"
    );
    assert!(
        out.contains("::hip_impl::fission::put(__hip_fs_w + __hip_i, w);"),
        "{out}"
    );
    // The shared array is declared again at the top of the split body, once.
    assert!(
        out.contains("#line 2 \"t.hip\"\n__shared__ int s[256];\n ::hip_impl::fission::group"),
        "{out}"
    );
    assert_eq!(out.matches("__shared__ int s[256];").count(), 2, "{out}");
}

#[test]
fn dynamic_shared_and_constexpr_are_hoisted() {
    let src = "__global__ void k(float *p) {\n  constexpr int N = 4;\n  extern __shared__ float d[];\n  __shared__ float s[N];\n  d[threadIdx.x] = p[threadIdx.x];\n  __syncthreads();\n  p[threadIdx.x] = d[N - 1] + s[0];\n}\n";
    let (out, _) = split(src);
    assert!(out.contains("\nconstexpr int N = 4;\n"), "{out}");
    assert!(
        out.contains("\nfloat *const d = ::hip_impl::dynamic_shared<float>{}.get();\n"),
        "{out}"
    );
    assert!(is_split(src));
    // A shared declaration that uses a local cannot move.
    assert!(!is_split("__global__ void k(float *p) {\n  const int n = 4;\n  __shared__ float s[n];\n  s[0] = 1;\n  __syncthreads();\n  p[0] = s[0];\n}\n"));
}

#[test]
fn changed_parameters_get_per_work_item_copies() {
    let src = "__global__ void k(int *p, int n, float x) {\n  n += threadIdx.x;\n  __syncthreads();\n  p[threadIdx.x] = n + (int)x;\n}\n";
    let (out, _) = split(src);
    assert!(out.contains("auto &__hip_pv_n = n;"), "{out}");
    assert!(out.contains("int n = __hip_pv_n;"), "{out}");
    assert!(
        out.contains("::hip_impl::fission::put(__hip_fs_n + __hip_i, n);"),
        "{out}"
    );
    assert!(
        !out.contains("__hip_pv_x") && !out.contains("__hip_pv_p"),
        "{out}"
    );
    // Passed to a function of the unit (maybe by reference): copied too.
    let src = "__device__ void bump(int &v) { v++; }\n__global__ void k(int *p, int n) {\n  bump(n);\n  __syncthreads();\n  p[threadIdx.x] = n;\n}\n";
    let (out, _) = split(src);
    assert!(out.contains("auto &__hip_pv_n = n;"), "{out}");
    // Only read: shared by all work-items.
    let (out, _) = split(
        "__global__ void k(int *p, int n) {\n  __syncthreads();\n  p[threadIdx.x] = n == 3;\n}\n",
    );
    assert!(!out.contains("__hip_pv_n"), "{out}");
}

#[test]
fn a_phase_stores_a_variable_back_only_if_it_may_change_it() {
    let src = "__global__ void k(int *p) {\n  int v = p[0], w = 1, u = 2;\n  __syncthreads();\n  int &r = v;\n  r += w;\n  std::swap(u, w);\n  p[1] = u;\n  __syncthreads();\n  p[2] = v + w;\n}\n";
    let (out, _) = split(src);
    let phases: Vec<&str> = out.split("__hip_fg.run(").collect();
    // phases[0] is the text before the first run; [1] the parameter phase is absent (no
    // changed parameter), so [1] declares, [2] is the middle phase, [3] the last.
    let middle = phases[2];
    assert!(
        middle.contains("put(__hip_fs_v + __hip_i, v)"),
        "bound to a reference: {middle}"
    );
    assert!(
        middle.contains("put(__hip_fs_w + __hip_i, w)"),
        "passed to std::swap: {middle}"
    );
    let last = phases[3];
    assert!(!last.contains("put("), "only read: {last}");
}

#[test]
fn compound_assignments_are_not_declarations() {
    let src = "__global__ void k(int *p) {\n  int off = 1;\n  __syncthreads();\n  off *= 2;\n  off &= 3;\n  p[0] = off;\n}\n";
    assert_split(src);
}

#[test]
fn early_returns_and_control_flow_stay_in_their_phase() {
    let src = "__global__ void k(int *p) {\n  if (threadIdx.x >= 10) return;\n  for (int i = 0; i < 3; ++i) { p[i] += 1; }\n  do { p[0]++; } while (p[0] < 3);\n  __syncthreads();\n  if (threadIdx.x == 0) { p[1] = 2; } else { p[2] = 3; }\n}\n";
    assert_split(src);
}

#[test]
fn barriers_in_loops_run_the_loop_over_phases() {
    let src = "__global__ void k(float *p) {\n  __shared__ float s[256];\n  unsigned t = threadIdx.x;\n  s[t] = p[t];\n  __syncthreads();\n  for (unsigned h = blockDim.x / 2; h > 0; h >>= 1) {\n    if (t < h) s[t] += s[t + h];\n    __syncthreads();\n  }\n  if (t == 0) p[0] = s[0];\n}\n";
    let (out, notes) = split(src);
    assert!(notes[0].contains("split at its barriers"), "{notes:?}");
    assert_contains(
        &out,
        &[
            // The loop runs at group level until no work-item is left in it; the condition
            // is checked per work-item in the first phase of each iteration, the increment
            // ends the last one.
            "__hip_fg.clear(__hip_in0);",
            "for (;;) { bool __hip_any0 = false;",
            "if (!(h > 0)) { __hip_in0[__hip_i] = 0; __hip_fall = true; return; } __hip_any0 = true;",
            "if (!__hip_any0) break;",
            "h >>= 1;",
            // t and h are kept per work-item.
            "::hip_impl::fission::ok<unsigned, unsigned>()",
        ],
    );
    // Nested loops and a loop whose body is the barrier alone.
    let src = "__global__ void k(float *p, int rounds) {\n  for (int r = 0; r < rounds; ++r) __syncthreads();\n  for (int i = 0; i < 4; ++i) {\n    for (int j = 0; j < 2; ++j) {\n      p[threadIdx.x] += i * j;\n      __syncthreads();\n    }\n    __syncthreads();\n  }\n}\n";
    assert_split(src);
    let (out, _) = split(src);
    assert!(out.contains("__hip_in2"), "{out}");
}

#[test]
fn barriers_and_exchanges_in_conditions_run_per_branch() {
    let src = "__global__ void k(int *p) {\n  int t = threadIdx.x;\n  if (t < 32) {\n    p[t] = 1;\n    __syncthreads();\n    p[t] += t;\n  } else if (t < 64) p[t] = __shfl(p[t], 0);\n  else {\n    p[t] = 2;\n  }\n  p[t] += 1;\n}\n";
    let (out, notes) = split(src);
    assert!(notes[0].contains("split at its barriers"), "{notes:?}");
    assert_contains(
        &out,
        &[
            // The entry phase sorts the work-items into the branches; `else if` is an
            // `if` of its own inside the else branch.
            "bool __hip_any0 = false; __hip_fg.clear(__hip_in0); bool __hip_any1 = false; __hip_fg.clear(__hip_in1);",
            "if (t < 32) { __hip_in0[__hip_i] = 1; __hip_any0 = true; } else { __hip_in1[__hip_i] = 1; __hip_any1 = true; }",
            "if (t < 64) { __hip_in2[__hip_i] = 1; __hip_any2 = true; } else { __hip_in3[__hip_i] = 1; __hip_any3 = true; }",
            // A branch runs only if some work-item entered it, and only for those.
            "if (__hip_any0) {",
            "if (!__hip_in0[__hip_i]) { __hip_fall = true; return; }",
        ],
    );
    // Two phases in the first branch, the exchange's two in the second, one in the
    // last, the entry phases, the first and last phase of the body; no empty phase.
    assert_eq!(out.matches("__hip_fg.run(").count(), 9, "{out}");
    // A barrier alone under a condition, a condition in a loop.
    assert!(is_split(
        "__global__ void k(int *p) {\n  if (p) __syncthreads();\n}\n"
    ));
    assert!(is_split("__global__ void k(int *p) {\n  for (int i = 0; i < 4; ++i) { if (p[i]) { __syncthreads(); } }\n}\n"));
}

#[test]
fn stride_loops_run_step_by_step_for_the_group() {
    let src = "__global__ void k(float a, const float *x, float *y, int n) {\n  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)\n    y[i] = a * x[i] + y[i];\n}\n";
    let (out, notes) = split(src);
    assert_eq!(
        notes,
        ["t.hip:1: kernel split at its stride loops (runs group by group)"]
    );
    assert_contains(
        &out,
        &[
            "::hip_impl::fission::stride<int> __hip_st;",
            "__hip_st.probe(__hip_i, blockIdx.x * blockDim.x + threadIdx.x, n, blockDim.x * gridDim.x);",
            "for (int i = __hip_k; i < __hip_e; ++i) {",
            // The work-item by work-item way stays as the fallback.
            "if (!__hip_sfast",
        ],
    );
    // The body reads no id: none is set in the step loop.
    assert!(!out.contains("at_1d"), "{out}");
    // A variable of the body read in the loop is used through its per-work-item slot.
    let src = "__global__ void k(const float *in, float *out, unsigned n) {\n  unsigned t = threadIdx.x;\n  float acc = 0;\n  for (unsigned i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x) acc += in[i] * threadIdx.x;\n  out[blockIdx.x * blockDim.x + t] = acc;\n}\n";
    let (out, _) = split(src);
    assert_contains(
        &out,
        &[
            "auto &acc = __hip_fs_acc[__hip_i];",
            "__hip_fg.at_1d(__hip_i);",
        ],
    );
    // Not stride loops (and no barrier): left alone, silently.
    for src in [
        "__global__ void k(int *p, int n) { for (int i = threadIdx.x; i <= n; i += blockDim.x) p[i] = 0; }",
        "__global__ void k(int *p, int n) { for (int i = threadIdx.x; i < n; i++) p[i] = 0; }",
        "__global__ void k(int *p, int n) { for (int i = threadIdx.x; i < n; i += blockDim.x) { if (p[i]) break; p[i] = 1; } }",
        "__global__ void k(int *p, int n) { for (int i = threadIdx.x; i < n; i += blockDim.x) { n -= 1; p[i] = 1; } }",
        "__global__ void k(int *p, int n) { for (int i = threadIdx.x; i < n; i += blockDim.x) { p[i] = 1; i += 2; } }",
        "__global__ void k(int *p, int n) { for (int i = 0; i < n; i += 4) p[i] = 1; }",
        "__global__ void k(int *p, int n) { for (int i = threadIdx.x; i < n; i += p[0]++) p[i] = 1; }",
    ] {
        let (out, notes) = split(src);
        assert!(notes.is_empty(), "{src}: {notes:?}");
        assert!(!out.contains("fission::take"), "{src}");
    }
}

#[test]
fn unsupported_kernels_stay_on_fibers() {
    let cases = [
        // A barrier inside a condition, or a loop the split does not handle.
        ("__global__ void k(int *p) {\n  for (int i = 0; i < 4; ++i) { if (p[i]) { __syncthreads(); continue; } }\n}\n", "break or continue"),
        ("__global__ void k(int *p) {\n  if (int v = p[0]) { __syncthreads(); p[1] = v; }\n}\n", "declaration in a condition"),
        ("__global__ void k(int *p) {\n  switch (p[0]) { case 1: __syncthreads(); }\n}\n", "not a top-level statement"),
        ("__global__ void k(int *p) {\n  for (int i = 0; i < 4; ++i) { __syncthreads(); if (p[i]) break; }\n}\n", "break or continue"),
        ("__global__ void k(int *p) {\n  do { __syncthreads(); } while (p[0]);\n}\n", "not a top-level statement"),
        ("__global__ void k(int *p) {\n  for (;;) { __syncthreads(); }\n}\n", "no condition"),
        // Something that may synchronise.
        ("__global__ void k(int *p) {\n  __syncthreads();\n  p[0] = __match_any(p[0]);\n}\n", "may synchronise"),
        ("__global__ void k(int *p) {\n  __syncthreads();\n  p[0] = __reduce_add_sync(~0ull, p[0]);\n}\n", "may synchronise"),
        ("__device__ int helper() { __syncthreads(); return 1; }\n__global__ void k(int *p) {\n  __syncthreads();\n  p[0] = 1 + helper();\n}\n", "may synchronise"),
        ("__global__ void k(int *p) {\n  __syncthreads();\n  unknown_function(p);\n}\n", "may synchronise"),
        ("__global__ void k(int *p) {\n  __syncthreads();\n  (void)cooperative_groups::this_thread_block();\n}\n", "may synchronise"),
        ("__global__ void k(Thing *p) {\n  __syncthreads();\n  p->update();\n}\n", "may synchronise"),
        // Variables that cannot be kept per work-item.
        ("__global__ void k(int *p) {\n  auto v = p[0];\n  __syncthreads();\n  p[1] = v;\n}\n", "reference, array or auto"),
        ("__global__ void k(int *p) {\n  int a[4] = {};\n  __syncthreads();\n  p[1] = a[0];\n}\n", "reference, array or auto"),
        ("__global__ void k(int *p) {\n  int v = 1; int *q = &v;\n  __syncthreads();\n  p[1] = *q + v;\n}\n", "address"),
        // Constructs the split does not handle.
        ("__global__ void k(int *p) {\n  auto f = [&](int x) { return x; };\n  __syncthreads();\n}\n", "lambda"),
        ("__global__ void k(int *p) {\n  static int c;\n  __syncthreads();\n}\n", "unsupported construct"),
        ("__global__ void k(int *p) {\n#if 1\n  p[0] = 1;\n#endif\n  __syncthreads();\n}\n", "preprocessor"),
        ("__global__ void k(int *p) {\n  goto end;\n  __syncthreads();\n  end:;\n}\n", "unsupported construct"),
    ];
    assert_stay_on_fibers(&cases);
}

#[test]
fn wavefront_operations_run_as_exchanges_between_phases() {
    let src = "__global__ void k(const float *in, float *out) {\n  float acc = in[threadIdx.x];\n  for (int off = warpSize / 2; off > 0; off >>= 1) acc += __shfl_down(acc, off);\n  if (threadIdx.x % warpSize == 0) out[threadIdx.x / warpSize] = acc;\n}\n";
    let (out, notes) = split(src);
    assert!(notes[0].contains("split at its barriers"), "{notes:?}");
    // The value array and the wavefront words of the exchange.
    assert!(out.contains("::std::uint64_t *const __hip_xv0 = ::hip_impl::fission::array<::std::uint64_t>(__hip_fg);"), "{out}");
    assert!(
        out.contains("::std::uint64_t *const __hip_xa0 = __hip_fg.waves();"),
        "{out}"
    );
    // The loop's first phase checks the condition and ends with the store (after clearing
    // the lanes); the next one runs the statement with the call read from the exchange.
    let phases: Vec<&str> = out.split("__hip_fg.run(").collect();
    let store = phases
        .iter()
        .position(|p| p.contains("xput<"))
        .expect("a store");
    assert!(phases[store].contains("if (!(off > 0))"), "{out}");
    assert!(phases[store].contains("::hip_impl::fission::xput<decltype(::__shfl(acc, 0))>(__hip_xv0, __hip_xa0, __hip_i, acc);"), "{out}");
    assert!(
        phases[store - 1].ends_with("__hip_fg.clear_waves(__hip_xa0);\n "),
        "{out}"
    );
    assert!(phases[store + 1].contains("acc += ::hip_impl::fission::shfl_down<decltype(::__shfl(acc, 0))>(__hip_xv0, __hip_xa0, __hip_i, off);"), "{out}");
    assert!(phases[store + 1].contains("off >>= 1;"), "{out}");
    // Votes, masks, the active mask, `_sync` forms, `__syncwarp()` as a boundary, a
    // declaration and several calls in one statement.
    let src = "__global__ void k(int *p, unsigned long long *b) {\n  int t = threadIdx.x;\n  if (t == 7) return;\n  b[t] = __ballot(t & 1) + __activemask();\n  __syncwarp();\n  int all = __all_sync(~0ull, t < 40);\n  double d = __shfl_xor_sync(~0ull, (double)t, 3, 16);\n  p[t] = all + (int)d + __any(p[t] > 2);\n}\n";
    let (out, _) = split(src);
    assert_split(src);
    assert!(
        out.contains("::hip_impl::fission::xvote(__hip_xb0, __hip_xa0, __hip_i, t & 1);"),
        "{out}"
    );
    assert!(
        out.contains("::hip_impl::fission::xjoin(__hip_xa1, __hip_i);"),
        "{out}"
    );
    assert!(out.contains("b[t] = ::hip_impl::fission::ballot(__hip_xb0, __hip_xa0, __hip_i) + ::hip_impl::fission::activemask(__hip_xa1, __hip_i);"), "{out}");
    assert!(
        out.contains(
            "int all = ::hip_impl::fission::all_sync(__hip_xb2, __hip_xa2, __hip_i, ~0ull);"
        ),
        "{out}"
    );
    assert!(out.contains("double d = (::hip_impl::fission::sync_mask(~0ull), ::hip_impl::fission::shfl_xor<decltype(::__shfl((double)t, 0)), ::std::decay_t<decltype((double)t)>>(__hip_xv3, __hip_xa3, __hip_i, 3, 16));"), "{out}");
    assert!(
        out.contains("::hip_impl::fission::any(__hip_xb4, __hip_xa4, __hip_i)"),
        "{out}"
    );
    // Phases: parameters, before the ballot, the ballot, after __syncwarp, __all, the
    // shuffle, the __any.
    assert_eq!(out.matches("__hip_fg.run(").count(), 6, "{out}");
    // A kernel with only a __syncwarp() is split too.
    assert!(is_split("__global__ void k(int *p) {\n  p[threadIdx.x] = 1;\n  __syncwarp(mask);\n  p[threadIdx.x] += p[threadIdx.x ^ 1];\n}\n"));
}

#[test]
fn wavefront_operations_the_split_cannot_reorder_stay_on_fibers() {
    let cases = [
        // A lane might not take part.
        ("__global__ void k(int *p) {\n  p[1] = p[0] ? __shfl(p[1], 0) : 0;\n}\n", "under a condition"),
        ("__global__ void k(int *p) {\n  p[1] = p[0] && __any(p[1]);\n}\n", "under a condition"),
        // The value is computed at the end of the phase before: it must not change, nor
        // change anything.
        ("__global__ void k(int *p) {\n  int v = 1;\n  p[0] = __shfl(v++, 0);\n}\n", "side effects"),
        ("__device__ int f(int *p) { return ++*p; }\n__global__ void k(int *p) {\n  p[0] = __shfl(f(p), 0);\n}\n", "side effects"),
        ("__global__ void k(int *p) {\n  p[0] = __shfl(atomicAdd(p, 1), 0);\n}\n", "side effects"),
        ("__global__ void k(int *p) {\n  int v = 1;\n  p[v = 2] = __shfl(v, 0);\n}\n", "assignment"),
        ("__global__ void k(int *p) {\n  int v = 1;\n  v = 3, p[0] = __shfl(v, 0);\n}\n", "comma"),
        ("__global__ void k(int *p) {\n  int v = 1;\n  p[v++] = __shfl(v, 0);\n}\n", "increment"),
        ("__device__ int g(int &v) { return v = 5; }\n__global__ void k(int *p) {\n  int v = 1;\n  p[0] = g(v) + __shfl(v, 0);\n}\n", "effects"),
        ("__global__ void k(int *p) {\n  int a = 1, b = __shfl(a, 0), c = __shfl(b, 1);\n  p[0] = c;\n}\n", "declared variable"),
        // Overloads of the unit, nesting, operations the split does not handle.
        ("__device__ float2 __shfl(float2 v, int l) { return v; }\n__global__ void k(float2 *p) {\n  p[0] = __shfl(p[0], 1);\n}\n", "the unit defines"),
        ("__global__ void k(int *p) {\n  p[0] = __shfl(__shfl(p[0], 1), 2);\n}\n", "does not handle"),
        ("__global__ void k(int *p) {\n  p[0] = __shfl(p[0], 1) + __match_any(p[1]);\n}\n", "does not handle"),
        ("__global__ void k(int *p) {\n  auto f = __shfl_down;\n}\n", "not called"),
        ("__global__ void k(int *p) {\n  do { p[0] = __shfl(p[0], 1); } while (p[1]);\n}\n", "not a top-level statement"),
    ];
    assert_stay_on_fibers(&cases);
    // What the rules allow: an assignment of the result, printf beside it, pure calls
    // in the value, and an argument with a side effect (evaluated where it was).
    let src = "__global__ void k(int *p) {\n  int v = p[0], s = 1;\n  p[threadIdx.x] = __shfl(abs(v) * 2, s++, 64) + min(v, 3);\n  printf(\"%d\\n\", __shfl_up(v, 1));\n}\n";
    assert_split(src);
}

#[test]
fn calls_the_unit_and_the_library_cannot_synchronise_through_are_fine() {
    let src = "__device__ float sq(float x) { return x * x; }\n__device__ float twice(float x) { return sq(x) + sq(x); }\ntemplate <class T> __global__ void k(T *p) {\n  float v = sqrtf(twice(p[threadIdx.x])) + fmaxf(1.0f, 2.0f);\n  atomicAdd(p, T(1));\n  __syncthreads();\n  p[threadIdx.x] = (T)std::max(v, 0.0f) + make_float2(1, 2).x + float4{}.x;\n}\n";
    assert_split(src);
}

#[test]
fn line_numbers_after_the_kernel_are_unchanged() {
    let src = "__global__ void k(int *p) {\n  int v = p[0];\n  __syncthreads();\n  p[1] = v;\n}\nint after_the_kernel;\n";
    let (out, _) = split(src);
    // The last #line before `after_the_kernel` puts the rest of line 1 on line 1.
    let tail = out.rsplit("#line ").next().unwrap_or("");
    assert!(tail.starts_with("1 \"t.hip\"\n"), "{out}");
    let rest = tail.split_once('\n').map(|x| x.1).unwrap_or("");
    let before: Vec<&str> = rest.lines().collect();
    let at = before.iter().position(|l| l.contains("after_the_kernel"));
    assert_eq!(at, Some(5), "{rest}");
}

/// The prelude of the cooperative-groups tests.
const CG: &str = "namespace cg = cooperative_groups;\n";

#[test]
fn grid_sync_is_a_phase_boundary_with_the_grid_barrier() {
    let src = format!(
        "{CG}__global__ void k(const int *in, int *partial, int *out, int n) {{\n  cg::grid_group grid = cg::this_grid();\n  cg::thread_block block = cg::this_thread_block();\n  __shared__ int s[256];\n  int acc = 0;\n  for (unsigned long long i = grid.thread_rank(); i < (unsigned long long)n; i += grid.size()) acc += in[i];\n  s[block.thread_rank()] = acc;\n  block.sync();\n  if (block.thread_rank() == 0) partial[blockIdx.x] = s[0] + s[1];\n  grid.sync();\n  if (blockIdx.x == 0) {{\n    int t = 0;\n    for (unsigned b = block.thread_rank(); b < gridDim.x; b += blockDim.x) t += partial[b];\n    s[block.thread_rank()] = t;\n    cg::sync(block);\n    if (block.thread_rank() == 0) *out = s[0];\n  }}\n}}\n"
    );
    let (out, notes) = split(&src);
    assert_eq!(
        notes,
        ["t.hip:2: kernel split at its barriers (runs without fibers)"]
    );
    // One grid barrier, between the phase that writes `partial` and the branch.
    assert_eq!(out.matches("__hip_fg.grid_sync();").count(), 1, "{out}");
    let (before, after) = out.split_once("__hip_fg.grid_sync();").unwrap_or_default();
    assert!(
        before.contains("partial[blockIdx.x] = s[0] + s[1];"),
        "{out}"
    );
    assert!(after.contains("*out = s[0];"), "{out}");
    // The handles are declared again in the later phases that use them, not kept.
    assert!(
        after.contains("cg::thread_block block = cg::this_thread_block();"),
        "{out}"
    );
    assert!(!out.contains("__hip_fs_block"), "{out}");
    assert!(!out.contains("__hip_fs_grid"), "{out}");
    // The declaring phase uses them (-Wall: no variable set but not used).
    assert!(before.contains("(void)grid; (void)block;"), "{out}");
    // The grid-stride loop over grid.thread_rank() steps the whole group, the probe
    // evaluating the handle's accessors per work-item.
    assert!(
        out.contains(
            "__hip_st.probe(__hip_i, grid.thread_rank(), (unsigned long long)n, grid.size())"
        ),
        "{out}"
    );
    let probe = out.split("__hip_st.probe(").next().unwrap_or_default();
    let probe = probe.rsplit("__hip_fg.run(").next().unwrap_or_default();
    assert!(
        probe.contains("cg::grid_group grid = cg::this_grid();"),
        "{out}"
    );
}

#[test]
fn every_form_of_group_sync_splits() {
    let grid_forms = [
        "grid.sync();",
        "cg::sync(grid);",
        "cg::this_grid().sync();",
        "::cooperative_groups::this_grid().sync();",
        "g2.sync();",
    ];
    for form in grid_forms {
        let src = format!("{CG}__global__ void k(int *p) {{\n  auto grid = cg::this_grid();\n  const auto g2 = grid;\n  p[grid.thread_rank()] = 1;\n  {form}\n  p[0] += (int)cg::thread_rank(grid) + (int)cg::this_grid().size() + (int)g2.num_blocks();\n}}\n");
        let (out, notes) = split(&src);
        assert!(
            notes[0].contains("split at its barriers"),
            "{form}: {notes:?}"
        );
        assert_eq!(
            out.matches("__hip_fg.grid_sync();").count(),
            1,
            "{form}: {out}"
        );
    }
    let block_forms = [
        "block.sync();",
        "cg::sync(block);",
        "cg::this_thread_block().sync();",
        "cooperative_groups::this_thread_block().sync();",
    ];
    for form in block_forms {
        let src = format!("{CG}__global__ void k(int *p) {{\n  cg::thread_block block = cg::this_thread_block();\n  p[block.thread_rank()] = 1;\n  {form}\n  p[0] += (int)block.size() + (int)block.group_index().x + (int)cg::group_size(block);\n}}\n");
        let (out, notes) = split(&src);
        assert!(
            notes[0].contains("split at its barriers"),
            "{form}: {notes:?}"
        );
        assert!(!out.contains("grid_sync"), "{form}: {out}");
        assert_eq!(out.matches("__hip_fg.run(").count(), 2, "{form}: {out}");
    }
}

#[test]
fn grid_sync_in_loops_and_branches_the_whole_grid_takes() {
    // Trip counts and conditions of parameters, constants and the loop's own variable.
    let ok = [
        "for (int it = 0; it < iters; ++it) {\n    p[grid.thread_rank()] += it;\n    grid.sync();\n  }",
        "for (int it = 0; it < 2 * iters + 1; it += 2) {\n    if (it % 4 == 0) grid.sync();\n    p[grid.thread_rank()] += it;\n  }",
        "if (iters > 3) {\n    p[0] = 1;\n    grid.sync();\n  }",
        "for (int it = 0; it < (int)gridDim.x; ++it) {\n    grid.sync();\n  }",
    ];
    for body in ok {
        let src = format!("{CG}__global__ void k(int *p, int iters) {{\n  cg::grid_group grid = cg::this_grid();\n  {body}\n}}\n");
        let (out, notes) = split(&src);
        assert!(
            notes[0].contains("split at its barriers"),
            "{body}: {notes:?}"
        );
        assert!(out.contains("__hip_fg.grid_sync();"), "{body}: {out}");
    }
}

#[test]
fn cooperative_kernels_the_split_cannot_follow_stay_on_fibers() {
    let cases = [
        // A grid sync that work-items may reach a different number of times.
        ("for (int it = 0; it < (int)threadIdx.x; ++it) grid.sync();", "may differ"),
        ("for (int it = 0; it < iters; ++it) { it += p[it]; grid.sync(); }", "may differ"),
        ("for (int it = 0; it < p[0]; ++it) grid.sync();", "may differ"),
        ("for (int it = 0; it < iters; ++it) { grid.sync(); iters -= (int)threadIdx.x; }", "may differ"),
        ("int v = p[0];\n  while (v > 0) { v -= 1; grid.sync(); }", "may differ"),
        ("if (threadIdx.x < 5) grid.sync();", "may differ"),
        ("if (blockIdx.x == 0) { grid.sync(); }", "may differ"),
        ("if (grid.thread_rank() < 5) grid.sync();", "may differ"),
        ("if (*p) grid.sync();", "may differ"),
        ("__shared__ int left;\n  left = p[blockIdx.x];\n  __syncthreads();\n  while (left > 0) { grid.sync(); if (threadIdx.x == 0) left -= 1; __syncthreads(); }", "may differ"),
        // Handles used otherwise than through their accessors.
        ("grid.sync();\n  helper(grid);", "other than through its accessors"),
        ("grid.sync();\n  auto *q = &grid;", "other than through its accessors"),
        ("grid.sync();\n  grid = cg::this_grid();", "other than through its accessors"),
        ("cg::thread_block b = cg::this_thread_block();\n  auto t = cg::tiled_partition<16>(b);\n  t.sync();", "other than through its accessors"),
        // Tiles, the multi-grid, groups of other types.
        ("grid.sync();\n  p[0] = cg::tiled_partition<16>(cg::this_thread_block()).shfl(p[0], 1);", "may synchronise"),
        ("__syncthreads();\n  cg::this_multi_grid().sync();", "may synchronise"),
        ("__syncthreads();\n  cg::thread_group g = cg::this_grid();\n  g.sync();", "may synchronise"),
        ("grid.sync();\n  (void)cg::coalesced_threads();", "may synchronise"),
    ];
    let owned: Vec<(String, &str)> = cases
        .iter()
        .map(|(body, why)| {
            (
                format!("{CG}__device__ void helper(cg::grid_group g) {{ }}\n__global__ void k(int *p, int iters) {{\n  cg::grid_group grid = cg::this_grid();\n  {body}\n}}\n"),
                *why,
            )
        })
        .collect();
    let cases: Vec<(&str, &str)> = owned.iter().map(|(s, w)| (s.as_str(), *w)).collect();
    assert_stay_on_fibers(&cases);
    // A unit with a function of its own named like a cooperative-groups one.
    let src = "__device__ void sync(int g) {}\n__global__ void k(int *p) {\n  auto grid = cooperative_groups::this_grid();\n  grid.sync();\n}\n";
    assert!(!is_split(src), "{}", why(src));
}

#[test]
fn helpers_taking_a_group_are_inlined_with_it() {
    // By reference (the parameter becomes the kernel's handle) and by value (a copy of the
    // handle, itself a handle).
    let src = format!("{CG}__device__ void step(int *p, const cg::grid_group &g) {{\n  p[g.thread_rank()] += 1;\n  g.sync();\n}}\n__device__ void settle(cg::thread_block b, int *p) {{\n  b.sync();\n  p[b.thread_rank()] *= 2;\n  b.sync();\n}}\n__global__ void k(int *p, int iters) {{\n  cg::grid_group grid = cg::this_grid();\n  cg::thread_block block = cg::this_thread_block();\n  for (int it = 0; it < iters; ++it) step(p, grid);\n  settle(block, p);\n}}\n");
    let (out, notes) = split(&src);
    assert!(notes[0].contains("split at its barriers"), "{notes:?}");
    assert!(notes[0].contains("inlined: step, settle"), "{notes:?}");
    assert_eq!(out.matches("__hip_fg.grid_sync();").count(), 1, "{out}");
    // A later phase that names the copy declares the handle it copies first.
    let last = out.rsplit("__hip_fg.run(").next().unwrap_or_default();
    let (decl, copy) = (
        last.find("cg::thread_block block = cg::this_thread_block();"),
        last.find("cg::thread_block __hip_h1_b = (block);"),
    );
    assert!(decl.is_some() && copy.is_some() && decl < copy, "{out}");
}
