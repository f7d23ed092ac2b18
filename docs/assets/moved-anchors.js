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
    },
    "indexing.md": {
    },
    "jaxprs.md": {
    },
    "lowering.md": {
    },
    "optimizations.md": {
    },
    "pallas.md": {
    },
    "reading-hlo.md": {
    },
    "replay.md": {
      "converting-between-formats": "replay-tools.md#converting-between-formats",
      "replaying-without-bazel": "replay-tools.md#replaying-without-bazel",
      "from-the-dump-private-api": "replay-tools.md#from-the-dump-private-api",
      "from-stablehlo-and-saved-inputs-public-api": "replay-tools.md#from-stablehlo-and-saved-inputs-public-api",
      "the-mlir-replay-tool": "replay-tools.md#the-mlir-replay-tool",
      "shrinking-a-large-module": "replay-tools.md#shrinking-a-large-module",
      "a-bug-report-step-by-step": "replay-bug-report.md#a-bug-report-step-by-step",
      "files-without-source-paths": "replay-bug-report.md#files-without-source-paths",
      "the-whole-traceback": "replay-bug-report.md#the-whole-traceback",
      "every-tool-flag-on-this-page": "replay-tools.md#every-tool-flag-on-this-page"
    },
    "sharding.md": {
    },
    "writing.md": {
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
