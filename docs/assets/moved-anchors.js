// Sections that moved to another page keep their old links working. When the URL's
// fragment names no element on this page, and MOVED lists this page and fragment, the
// browser goes to the new page and anchor. MOVED is strict JSON, keyed by source file
// ("basics.md") and old anchor; tests/test_moved_anchors.py reads it from this file and
// checks that every target is a heading of an existing page. No dependencies, works
// offline (file:// URLs, where the pages are NAME.html).
(function () {
  const MOVED = {
    "basics.md": {
      "tracing-how-a-transformation-sees-your-function": "basics-more.md#tracing-how-a-transformation-sees-your-function",
      "the-second-call-same-shapes-new-shapes": "basics-more.md#the-second-call-same-shapes-new-shapes",
      "watching-compilation-with-jaxlog_compiles": "basics-more.md#watching-compilation-with-jaxlog_compiles",
      "why-does-my-function-recompile": "basics-more.md#why-does-my-function-recompile",
      "pure-functions-and-what-goes-wrong-without-them": "basics-more.md#pure-functions-and-what-goes-wrong-without-them",
      "pitfalls": "basics-more.md#pitfalls",
      "arrays-are-immutable": "basics-more.md#arrays-are-immutable",
      "python-if-on-a-traced-value": "basics-more.md#python-if-on-a-traced-value",
      "recompiling-in-a-loop": "basics-more.md#recompiling-in-a-loop",
      "side-effects-run-only-at-trace-time": "basics-more.md#side-effects-run-only-at-trace-time",
      "float64-is-off-by-default": "basics-more.md#float64-is-off-by-default",
      "now-you-try": "basics-more.md#now-you-try",
      "where-next": "basics.md#your-first-hour"
    },
    "control-flow.md": {
      "the-conditional-optimized": "control-flow-conditionals.md#the-conditional-optimized",
      "a-branch-index-out-of-range": "control-flow-conditionals.md#a-branch-index-out-of-range",
      "a-reduce-has-no-fixed-order": "control-flow-conditionals.md#a-reduce-has-no-fixed-order",
      "vmap-with-a-batched-predicate": "control-flow-conditionals.md#vmap-with-a-batched-predicate"
    },
    "dumping.md": {
      "dumping-between-passes-xla_dump_hlo_pass_re": "dumping-selecting.md#dumping-between-passes-xla_dump_hlo_pass_re",
      "when-a-pass-crashes": "dumping-selecting.md#when-a-pass-crashes",
      "dumping-for-several-devices": "dumping-selecting.md#dumping-for-several-devices",
      "only-some-modules-xla_dump_hlo_module_re": "dumping-selecting.md#only-some-modules-xla_dump_hlo_module_re",
      "finding-your-module": "dumping-selecting.md#finding-your-module",
      "the-file-name-scheme": "dumping-selecting.md#the-file-name-scheme",
      "give-your-functions-names": "dumping-selecting.md#give-your-functions-names",
      "search-the-folder": "dumping-selecting.md#search-the-folder",
      "which-files-go-in-a-bug-report": "dumping-selecting.md#which-files-go-in-a-bug-report",
      "dumping-from-python": "dumping-python.md#dumping-from-python",
      "a-second-identical-compile-dumps-nothing": "dumping-python.md#a-second-identical-compile-dumps-nothing",
      "a-hit-in-the-persistent-cache-dumps-nothing-either": "dumping-python.md#a-hit-in-the-persistent-cache-dumps-nothing-either",
      "notebooks-and-colab": "dumping-python.md#notebooks-and-colab",
      "jaxs-own-dumps": "dumping-python.md#jaxs-own-dumps",
      "jax_dump_ir_to-jaxprs-and-stablehlo": "dumping-python.md#jax_dump_ir_to-jaxprs-and-stablehlo",
      "jax_compiler_detailed_logging_min_ops-not-a-dump-filter-any-more": "dumping-python.md#jax_compiler_detailed_logging_min_ops-not-a-dump-filter-any-more",
      "more-dump-flags": "dumping-python.md#more-dump-flags",
      "mosaic-dumps-tpu-only": "dumping-python.md#mosaic-dumps-tpu-only",
      "replaying-a-dump": "dumping-python.md#replaying-a-dump",
      "flags-set-after-the-backend-started-are-ignored-silently": "dumping-python.md#flags-set-after-the-backend-started-are-ignored-silently",
      "a-cached-compile-writes-nothing": "dumping-python.md#a-cached-compile-writes-nothing",
      "the-folder-is-full-of-modules-you-did-not-write": "dumping-selecting.md#the-folder-is-full-of-modules-you-did-not-write",
      "constant-cannot-be-replayed": "dumping-selecting.md#constant-cannot-be-replayed"
    },
    "grad-vmap.md": {
      "vmap-where-the-batch-dimension-goes": "grad-vmap-batching.md#vmap-where-the-batch-dimension-goes",
      "per-example-gradients": "grad-vmap-batching.md#per-example-gradients",
      "jaxcheckpoint-trading-memory-for-recomputation": "grad-vmap-checkpoint.md#jaxcheckpoint-trading-memory-for-recomputation",
      "what-a-checkpoint-does-to-compiled-memory": "grad-vmap-checkpoint.md#what-a-checkpoint-does-to-compiled-memory",
      "custom-derivatives-custom_jvp_call-and-custom_vjp_call": "grad-vmap-checkpoint.md#custom-derivatives-custom_jvp_call-and-custom_vjp_call",
      "what-grad-makes-of-it": "grad-vmap-checkpoint.md#what-grad-makes-of-it",
      "which-library-functions-carry-a-rule": "grad-vmap-checkpoint.md#which-library-functions-carry-a-rule",
      "custom_vjp-a-rule-you-write": "grad-vmap-checkpoint.md#custom_vjp-a-rule-you-write",
      "after-lowering": "grad-vmap-checkpoint.md#after-lowering"
    },
    "indexing.md": {
      "where-slices-pad-and-concatenate": "indexing-data-movement.md#where-slices-pad-and-concatenate",
      "windows-reduce-window": "indexing-data-movement.md#windows-reduce-window",
      "sort-and-its-comparator": "indexing-data-movement.md#sort-and-its-comparator",
      "iota-and-convert": "indexing-data-movement.md#iota-and-convert",
      "what-the-cpu-pipeline-makes-of-them": "indexing-data-movement.md#what-the-cpu-pipeline-makes-of-them"
    },
    "jaxprs.md": {
      "control-flow": "jaxprs-control-flow.md#control-flow",
      "python-control-flow-runs-while-tracing": "jaxprs-control-flow.md#python-control-flow-runs-while-tracing",
      "laxcond-both-branches-chosen-at-run-time": "jaxprs-control-flow.md#laxcond-both-branches-chosen-at-run-time",
      "laxfori_loop-a-scan-or-a-while": "jaxprs-control-flow.md#laxfori_loop-a-scan-or-a-while",
      "laxscan-a-loop-with-a-carry-and-stacked-outputs": "jaxprs-control-flow.md#laxscan-a-loop-with-a-carry-and-stacked-outputs",
      "nested-jit": "jaxprs-control-flow.md#nested-jit",
      "other-ways-to-get-a-jaxpr": "jaxprs-tools.md#other-ways-to-get-a-jaxpr",
      "from-an-equation-back-to-a-line-of-python": "jaxprs-tools.md#from-an-equation-back-to-a-line-of-python",
      "effects-equations-that-must-run": "jaxprs-tools.md#effects-equations-that-must-run",
      "dumping-jaxprs-to-files": "jaxprs-tools.md#dumping-jaxprs-to-files"
    },
    "lowering.md": {
      "from-an-instruction-back-to-a-line-of-python": "lowering-source-lines.md#from-an-instruction-back-to-a-line-of-python",
      "debug_infotrue-locations-in-stablehlo": "lowering-source-lines.md#debug_infotrue-locations-in-stablehlo",
      "the-tables-at-the-top-of-optimized-hlo": "lowering-source-lines.md#the-tables-at-the-top-of-optimized-hlo",
      "resolving-a-stack_frame_id": "lowering-source-lines.md#resolving-a-stack_frame_id",
      "from-a-line-of-python-to-its-instructions": "lowering-source-lines.md#from-a-line-of-python-to-its-instructions",
      "what-the-compiler-estimates-cost_analysis-and-memory_analysis": "lowering-estimates.md#what-the-compiler-estimates-cost_analysis-and-memory_analysis",
      "counts-by-element-type": "lowering-estimates.md#counts-by-element-type",
      "where-memory-goes": "lowering-estimates.md#where-memory-goes",
      "options-for-one-compilation": "lowering-estimates.md#options-for-one-compilation",
      "locations-come-from-the-first-trace": "lowering-source-lines.md#locations-come-from-the-first-trace",
      "locations-are-absolute-paths": "lowering-source-lines.md#locations-are-absolute-paths",
      "cost_analysis-is-an-estimate-of-a-model-not-a-measurement": "lowering-estimates.md#cost_analysis-is-an-estimate-of-a-model-not-a-measurement"
    },
    "optimizations.md": {
      "fusion": "optimizations-fusion.md#fusion",
      "an-elementwise-chain-becomes-one-loop": "optimizations-fusion.md#an-elementwise-chain-becomes-one-loop",
      "reductions-on-the-cpu-backend": "optimizations-fusion.md#reductions-on-the-cpu-backend",
      "what-is-not-fused-and-why": "optimizations-fusion.md#what-is-not-fused-and-why",
      "the-same-functions-at-other-sizes": "optimizations-fusion.md#the-same-functions-at-other-sizes",
      "a-whole-program-at-two-sizes": "optimizations-fusion.md#a-whole-program-at-two-sizes",
      "algebraic-simplification": "optimizations-simplification.md#algebraic-simplification",
      "when-jit-and-eager-give-different-results": "optimizations-simplification.md#when-jit-and-eager-give-different-results",
      "a-transpose-absorbed-into-a-dot": "optimizations-simplification.md#a-transpose-absorbed-into-a-dot",
      "constant-folding": "optimizations-simplification.md#constant-folding",
      "an-iota-is-fused-not-folded": "optimizations-simplification.md#an-iota-is-fused-not-folded",
      "layout-assignment": "optimizations-simplification.md#layout-assignment",
      "dead-code-and-repeated-work": "optimizations-simplification.md#dead-code-and-repeated-work",
      "the-forward-value-a-gradient-throws-away": "optimizations-simplification.md#the-forward-value-a-gradient-throws-away",
      "what-xlas-dce-removes": "optimizations-simplification.md#what-xlas-dce-removes",
      "a-repeated-subexpression-computed-once": "optimizations-simplification.md#a-repeated-subexpression-computed-once",
      "watching-the-passes-one-by-one": "optimizations-pipeline.md#watching-the-passes-one-by-one",
      "the-pipeline-from-start-to-end": "optimizations-pipeline.md#the-pipeline-from-start-to-end",
      "a-loop-and-a-sharded-program": "optimizations-pipeline.md#a-loop-and-a-sharded-program"
    },
    "pallas.md": {
      "runtime-checks": "pallas-checks.md#runtime-checks",
      "hard-assertions-pldebug_check": "pallas-checks.md#hard-assertions-pldebug_check",
      "functionalized-checks-checkify-does-not-see-into-pallas_call": "pallas-checks.md#functionalized-checks-checkify-does-not-see-into-pallas_call",
      "checks-that-do-fire-in-interpret-mode": "pallas-checks.md#checks-that-do-fire-in-interpret-mode",
      "tpu-interpret-mode-out-of-bounds-reads-and-races": "pallas-checks.md#tpu-interpret-mode-out-of-bounds-reads-and-races",
      "static-verification-with-promela-and-spin": "pallas-checks.md#static-verification-with-promela-and-spin",
      "checks-that-silently-do-nothing": "pallas-checks.md#checks-that-silently-do-nothing",
      "interpret-mode-runs-the-grid-in-order": "pallas-checks.md#interpret-mode-runs-the-grid-in-order",
      "mosaic-dumps-and-other-tpu-flags": "pallas-tpu.md#mosaic-dumps-and-other-tpu-flags",
      "common-errors": "pallas-tpu.md#common-errors",
      "internal-mosaic-failed-to-compile-tpu-kernel": "pallas-tpu.md#internal-mosaic-failed-to-compile-tpu-kernel",
      "verificationerror": "pallas-tpu.md#verificationerror",
      "loweringerror-on-tpu-loweringexception": "pallas-tpu.md#loweringerror-on-tpu-loweringexception",
      "jnpmod-and-laxrem": "pallas-tpu.md#jnpmod-and-laxrem"
    },
    "reading-hlo.md": {
      "the-mlp-after-optimization": "reading-hlo-optimized.md#the-mlp-after-optimization",
      "fusions": "reading-hlo-optimized.md#fusions",
      "metadata": "reading-hlo-optimized.md#metadata",
      "an-op_name-can-name-several-equations": "reading-hlo-optimized.md#an-op_name-can-name-several-equations",
      "while-and-conditional": "reading-hlo-attributes.md#while-and-conditional",
      "custom-call": "reading-hlo-attributes.md#custom-call",
      "lapack-by-element-type": "reading-hlo-attributes.md#lapack-by-element-type",
      "other-header-attributes": "reading-hlo-attributes.md#other-header-attributes",
      "did-the-donation-take-effect": "reading-hlo-attributes.md#did-the-donation-take-effect"
    },
    "replay.md": {
      "converting-between-formats": "replay-tools.md#converting-between-formats",
      "replaying-without-bazel": "replay-tools.md#replaying-without-bazel",
      "from-the-dump-private-api": "replay-tools.md#from-the-dump-private-api",
      "from-stablehlo-and-saved-inputs-public-api": "replay-tools.md#from-stablehlo-and-saved-inputs-public-api",
      "the-mlir-replay-tool": "replay-tools.md#the-mlir-replay-tool",
      "shrinking-a-large-module": "replay-tools.md#shrinking-a-large-module",
      "a-bug-report-step-by-step": "replay-bug-report.md#the-steps-on-the-running-example",
      "files-without-source-paths": "replay-bug-report.md#files-without-source-paths",
      "the-whole-traceback": "replay-bug-report.md#the-whole-traceback",
      "every-tool-flag-on-this-page": "replay-tools.md#every-tool-flag-on-this-page"
    },
    "sharding.md": {
      "the-collectives": "sharding-collectives.md#the-collectives",
      "all-reduce-a-sum-over-a-split-dimension": "sharding-collectives.md#all-reduce-a-sum-over-a-split-dimension",
      "all-gather-a-replicated-result-from-split-inputs": "sharding-collectives.md#all-gather-a-replicated-result-from-split-inputs",
      "reduce-scatter-sum-then-keep-a-block": "sharding-collectives.md#reduce-scatter-sum-then-keep-a-block",
      "collective-permute-send-to-a-neighbour": "sharding-collectives.md#collective-permute-send-to-a-neighbour",
      "all-to-all-from-one-split-dimension-to-another": "sharding-collectives.md#all-to-all-from-one-split-dimension-to-another",
      "channel_id-and-use_global_device_ids-what-the-ids-count": "sharding-collectives.md#channel_id-and-use_global_device_ids-what-the-ids-count",
      "partition-id-each-device-finds-its-block": "sharding-partitioner.md#partition-id-each-device-finds-its-block",
      "shard_map-and-psum": "sharding-collectives.md#shard_map-and-psum",
      "before-partitioning-sdymanual_computation": "sharding-partitioner.md#before-partitioning-sdymanual_computation",
      "a-data-parallel-training-step": "sharding-partitioner.md#a-data-parallel-training-step",
      "watching-the-partitioner-pass-by-pass": "sharding-partitioner.md#watching-the-partitioner-pass-by-pass",
      "hlo-for-a-simulator": "sharding-partitioner.md#hlo-for-a-simulator",
      "global-and-per-device-shapes-in-the-same-listing-family": "sharding-partitioner.md#global-and-per-device-shapes-in-the-same-listing-family",
      "replica-groups-in-three-notations": "sharding-collectives.md#replica-groups-in-three-notations",
      "whose-names-a-group-carries": "sharding-collectives.md#whose-names-a-group-carries",
      "a-reduce-window-before-the-local-sum": "sharding-partitioner.md#a-reduce-window-before-the-local-sum",
      "shard_map-specs-must-match-an-explicit-type": "sharding-collectives.md#shard_map-specs-must-match-an-explicit-type",
      "now-you-try": "sharding-collectives.md#now-you-try"
    },
    "writing.md": {
      "what-pytest-docs-checks": "writing-checks.md#what-pytest-docs-checks",
      "checking-a-claim-about-an-output": "writing-checks.md#checking-a-claim-about-an-output",
      "writing-a-recipe": "writing-checks.md#writing-a-recipe",
      "splitting-a-chapter": "writing-checks.md#splitting-a-chapter",
      "glossary-terms": "writing-checks.md#glossary-terms",
      "previewing-with-mkdocs-serve": "writing-checks.md#previewing-with-mkdocs-serve",
      "records-every-output-committed": "writing-checks.md#records-every-output-committed",
      "outputs-across-jax-versions": "writing-releases.md#outputs-across-jax-versions",
      "building-with-the-matrix": "writing-releases.md#building-with-the-matrix",
      "on-the-page": "writing-releases.md#on-the-page",
      "moving-to-a-new-jax-release": "writing-releases.md#moving-to-a-new-jax-release",
      "reviewing-a-chapter": "writing-releases.md#reviewing-a-chapter",
      "what-readers-can-trust": "writing-releases.md#what-readers-can-trust"
    }
  };

  // This file is ROOT/assets/moved-anchors.js, so the site's root is one folder up.
  const script = document.currentScript;
  if (!script) return;
  const root = new URL("../", script.src);
  const flat = location.protocol === "file:"; // the offline build: NAME.html, not NAME/

  function decoded(text) {
    try {
      return decodeURIComponent(text);
    } catch (error) {
      return null; // a malformed escape (%zz) names nothing
    }
  }

  // The source file of a page URL under root ("basics/" or "basics.html" -> "basics.md").
  function sourceOf(url) {
    const href = url.href.split(/[?#]/)[0]; // not origin + pathname: a file: URL's origin is "null"
    if (!href.startsWith(root.href)) return null;
    let path = (decoded(href.slice(root.href.length)) || "").replace(/(^|\/)index\.html$/, "$1");
    if (path === "") return "index.md";
    if (path.endsWith(".html")) return path.slice(0, -".html".length) + ".md";
    if (path.endsWith("/")) return path.slice(0, -1) + ".md";
    return null;
  }

  // The URL of a source file and anchor ("basics-more.md#x" -> ROOT/basics-more/#x).
  function urlOf(target) {
    const [file, anchor] = target.split("#");
    let path = file.replace(/\.md$/, flat ? ".html" : "/");
    if (!flat) path = path.replace(/(^|\/)index\/$/, "$1");
    return new URL(path + "#" + anchor, root).href;
  }

  function follow() {
    const id = decoded(location.hash.slice(1));
    if (!id || document.getElementById(id)) return;
    const page = sourceOf(new URL(location.href));
    const target = page && MOVED[page] && MOVED[page][id];
    if (target) location.replace(urlOf(target));
  }

  follow();
  window.addEventListener("hashchange", follow);
})();
