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
    },
    "grad-vmap.md": {
    },
    "indexing.md": {
    },
    "jaxprs.md": {
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
    },
    "pallas.md": {
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
