"""The site's own search box, asked in a reader's words, finds the recipe that answers.

Each query below is what a reader types when stuck ("slowest op", "out of memory",
"bf16"), kept with the recipe page that answers it. The test types it into
Material's search box on the served clean build and checks that the page is among the
first three results. A query that fails names the page and the results it got instead:
the fix belongs in the recipe's words (its title, its answer), not in this list.

How Material ranks, which tells where those words must go: words end at spaces, hyphens,
punctuation and dots (the separator in mkdocs.yml); the index has no stemmer,
so a query word matches a page's word only as its start ("recompil" finds "recompiles",
"recompilation" does not find "recompile"); a match in a title (the page's question, or
a heading) weighs a thousand times one in the text under it; and a page's own entry
(its title with its answer) counts more than one of its sections. A reader's word found
only deep in a recipe loses to a chapter heading that starts with it.

Uses the built site of test_browser.py (the session's clean build): one browser page,
loaded once, asked every query in turn.
"""

from __future__ import annotations

import urllib.parse

import pytest


TOP = 3  # the page must be among this many results

QUERIES = [  # (what a reader types, the recipe page that must come up)
    # too slow
    ("slowest op", "recipes/slowest-op/"),
    ("hot spot", "recipes/slowest-op/"),
    ("bottleneck", "recipes/slowest-op/"),
    ("which ops were fused", "recipes/fusions/"),
    ("fusion", "recipes/fusions/"),
    ("trip count", "recipes/trip-count/"),
    ("how many iterations", "recipes/trip-count/"),
    ("which pass", "recipes/which-pass/"),
    ("which instructions did this line become", "recipes/line-to-instructions/"),
    ("diff two versions", "recipes/diff-versions/"),
    ("flops", "recipes/cost-analysis/"),
    ("bf16", "recipes/precision/"),
    ("mixed precision", "recipes/precision/"),
    ("transpose copies", "recipes/copies-transposes/"),
    ("unrolled loop", "recipes/unrolled-loop/"),
    ("python for loop", "recipes/unrolled-loop/"),
    ("block_until_ready", "recipes/timing/"),
    ("benchmark", "recipes/timing/"),
    ("einsum", "recipes/einsum-order/"),
    ("einsum hlo dot", "recipes/einsum-order/"),
    ("reshape bitcast copy", "recipes/reshape-bitcast/"),
    ("is reshape free", "recipes/reshape-bitcast/"),
    ("compile time", "recipes/compile-time/"),
    ("jit slower than numpy", "recipes/dispatch-overhead/"),
    ("dispatch overhead", "recipes/dispatch-overhead/"),
    ("scan unroll", "recipes/scan-unroll/"),
    ("lax.cond or jnp.where", "recipes/cond-vs-where/"),
    ("does jnp.where compute both branches", "recipes/cond-vs-where/"),
    ("einsum slower than matmul", "recipes/einsum-vs-matmul/"),
    ("vmap vs lax.map", "recipes/vmap-vs-map/"),
    ("slow compile", "recipes/compile-time/"),
    # too much memory
    ("out of memory", "recipes/memory/"),
    ("how much memory", "recipes/memory/"),
    ("peak memory", "recipes/memory/"),
    ("OOM", "recipes/largest-buffer/"),
    ("largest buffer", "recipes/largest-buffer/"),
    ("donation", "recipes/donation/"),
    ("donate_argnums", "recipes/donation/"),
    ("remat", "recipes/remat/"),
    ("checkpoint", "recipes/remat/"),
    ("at set in place", "recipes/in-place-update/"),
    ("dynamic-update-slice copy", "recipes/in-place-update/"),
    ("remat recomputed backward memory", "recipes/remat/"),
    # compiles too often
    ("register_dataclass", "recipes/static-fields/"),
    ("static field pytree", "recipes/static-fields/"),
    ("meta_fields recompile", "recipes/static-fields/"),
    ("recompile", "recipes/why-recompile/"),
    ("recompiling", "recipes/why-recompile/"),
    ("recompilation", "recipes/why-recompile/"),
    ("persistent compilation cache", "recipes/cache-hit/"),
    ("jit a method", "recipes/jit-a-method/"),
    ("self static_argnums", "recipes/jit-a-method/"),
    ("boolean mask jit", "recipes/boolean-mask-size/"),
    ("nonzero size", "recipes/boolean-mask-size/"),
    ("ConcretizationTypeError", "recipes/concretization-error/"),
    ("TracerBoolConversionError", "recipes/concretization-error/"),
    ("if statement jit", "recipes/concretization-error/"),
    # wrong numbers
    ("jnp.where log nan gradient", "recipes/nan-gradient-where/"),
    ("nan gradient where", "recipes/nan-gradient-where/"),
    ("Reverse-mode differentiation does not work", "recipes/grad-loops/"),
    ("fori_loop grad", "recipes/grad-loops/"),
    ("nan", "recipes/nan-source/"),
    ("debug_nans", "recipes/nan-source/"),
    ("float64", "recipes/float64/"),
    ("integer overflow", "recipes/integer-overflow/"),
    ("int32 wrap around", "recipes/integer-overflow/"),
    ("debug.print vmap", "recipes/debug-print-order/"),
    ("debug print out of order", "recipes/debug-print-order/"),
    ("jax_enable_x64", "recipes/float64/"),
    ("print inside jit", "recipes/print-inside-jit/"),
    ("debug.print", "recipes/print-inside-jit/"),
    # hand it to someone else
    ("dump my function", "recipes/dump-my-function/"),
    ("XLA_FLAGS dump", "recipes/dump-my-function/"),
    ("bug report", "recipes/bug-report/"),
    ("reproduce", "recipes/bug-report/"),
    ("simulator", "recipes/n-devices/"),
    ("export and load", "recipes/export-roundtrip/"),
    ("serialize", "recipes/export-roundtrip/"),
    ("stablehlo for tpu", "recipes/tpu-stablehlo/"),
    # read a listing I was given
    ("read a line of hlo", "recipes/read-hlo-line/"),
    ("dump folder", "recipes/dump-folder/"),
    ("which file is mine", "recipes/dump-folder/"),
    ("named_scope", "recipes/named-scope/"),
    ("named_scope profile", "recipes/named-scope/"),
    ("jax_default_prng_impl rbg", "recipes/random-numbers/"),
    ("threefry", "recipes/random-numbers/"),
    ("random numbers hlo", "recipes/random-numbers/"),
    ("fusion to line", "recipes/fusion-to-line/"),
    ("which line made this fusion", "recipes/fusion-to-line/"),
    ("sharding of each array", "recipes/sharding-of/"),
    ("collectives", "recipes/collectives/"),
    ("convolution dim_labels", "recipes/convolution/"),
    ("conv_transpose", "recipes/convolution/"),
    ("argsort", "recipes/sort-argsort/"),
    ("top_k", "recipes/sort-argsort/"),
    ("segment_sum", "recipes/scatter-add/"),
    ("scatter add", "recipes/scatter-add/"),
    ("fft", "recipes/fft/"),
    ("shard_map vs jit", "recipes/jit-vs-shard-map/"),
    ("pmap", "recipes/jit-vs-shard-map/"),
    ("replica_groups", "recipes/replica-groups/"),
    ("iota replica groups", "recipes/replica-groups/"),
    ("gradient jaxpr", "recipes/grad-jaxpr/"),
    ("what did vmap do", "recipes/vmap-jaxpr/"),
    ("{1,0} layout", "recipes/layouts/"),
    ("row major", "recipes/layouts/"),
    ("custom-call", "recipes/custom-call/"),
    ("loop in hlo", "recipes/loop-in-hlo/"),
    ("while loop", "recipes/loop-in-hlo/"),
    ("constant folding", "recipes/constant-folding/"),
    ("pallas kernel", "recipes/pallas-kernel/"),
    # a pasted error line that names its recipe
    ("ValueError: Reverse-mode differentiation does not work for lax.while_loop or lax.fori_loop with dynamic "
     "start/stop values.", "recipes/grad-loops/"),
]

# A reader's error line, pasted whole, its variable parts (names, shapes, dtypes, options) unlike any the
# site prints: the error page must come up, and the message's own entry be among its first sections.
# Not always the first: Material drops a query word that ends in a colon (it reads `option:` as a field
# name), and a short word such as "no" also matches "non" and "node" in other entries' headings.
PASTED_ERRORS = [  # (the line, the entry's anchor on errors/)
    ("TracerBoolConversionError: Attempted boolean conversion of traced array with shape bool[64,3]",
     "tracerboolconversionerror-attempted-boolean-conversion-of-traced-array-with-shape"),
    ("TypeError: Gradient only defined for scalar-output functions. Output had shape: (5, 2).",
     "typeerror-gradient-only-defined-for-scalar-output-functions-output-had-shape"),
    ("JaxRuntimeError: INVALID_ARGUMENT: No such compile option: 'xla_dump_too'",
     "jaxruntimeerror-invalid_argument-no-such-compile-option"),
    ("RuntimeError: Array has been deleted with shape=bfloat16[4096,512].",
     "runtimeerror-array-has-been-deleted-with-shape"),
    ("FloatingPointError: invalid value (nan) encountered in jit(train_step)",
     "floatingpointerror-invalid-value-nan-encountered-in"),
    ("TypeError: JAX encountered invalid PRNG key data: expected key_data.shape to end with (4,); got shape=(2,)",
     "typeerror-jax-encountered-invalid-prng-key-data-expected-key_datashape-to-end-with"),
    ("ValueError: Exception raised while checking equality of metadata fields of pytree node of type "
     "<class 'model.Config'>", "valueerror-exception-raised-while-checking-equality-of-metadata-fields-of-pytree-node-of-type"),
    ("UserWarning: Explicitly requested dtype int64 requested in arange is not available",
     "userwarning-explicitly-requested-dtype-requested-in-is-not-available"),
    ("TypeError: Argument types differ from the types for which this computation was compiled.",
     "typeerror-argument-types-differ-from-the-types-for-which-this-computation-was-compiled"),
    ("ValueError: Sharding spec PartitionSpec('batch',) implies that array axis 0 is partitioned 4 times, but does "
     "not evenly divide the dimension size 30", "valueerror-sharding-spec-implies-that-array-axis-is-partitioned-times"
     "-but-does-not-evenly-divide-the-dimension-size"),
    ("ValueError: Only interpret mode is supported on CPU backend.",
     "valueerror-only-interpret-mode-is-supported-on-cpu-backend"),
    ("TypeError: JAX arrays are immutable and do not support in-place item assignment. Instead of x[idx] = y, use "
     "x = x.at[idx].set(y)", "typeerror-jax-arrays-are-immutable-and-do-not-support-in-place-item-assignment"),
    ("TypeError: Function compiled with input pytree does not match the input pytree it was called with",
     "typeerror-function-compiled-with-input-pytree-does-not-match-the-input-pytree-it-was-called-with"),
    ("RuntimeError: jax_num_cpu_devices config should be updated before backends are initialized",
     "runtimeerror-jax_num_cpu_devices-config-should-be-updated-before-backends-are-initialized"),
    ("ValueError: unknown dialect: mhlo", "valueerror-unknown-dialect-mhlo"),
    ("TypeError: grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexact), "
     "but got int32.", "typeerror-grad-requires-real-or-complex-valued-inputs"),
    ("NonConcreteBooleanIndexError: Array boolean indices must be concrete; got bool[128,4]",
     "nonconcretebooleanindexerror-array-boolean-indices-must-be-concrete-got"),
    ("OverflowError: An overflow was encountered while parsing an argument to a jitted computation, whose argument "
     "path is x.", "overflowerror-an-overflow-was-encountered-while-parsing-an-argument-to-a-jitted-computation-whose-argument-path-is"),
]
KNOWN_MISSES = {  # anchor: why; each runs as a strict xfail, so that the day it passes, it is noticed
    "jaxruntimeerror-invalid_argument-no-such-compile-option":
        "fourth section: of its words only 'no such compile' count, and 'no' also matches 'non' and 'node'",
}


# Material's search runs in a web worker: the page posts each value of the search box as
# {type: 2, data: value} and the worker answers each with one {type: 3, data: results}, in order
# (assets/javascripts/workers/search.*.js). Counting both tells when the answer to the last
# keystroke is in, instead of waiting for the list to stop changing.
COUNT_SEARCH_MESSAGES = """(() => {
  const Native = window.Worker;
  const seen = window.__searchMessages = {asked: [], answered: 0};
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', event => { if (event.data && event.data.type === 3) seen.answered += 1; });
    }
    postMessage(message, ...rest) {
      if (message && message.type === 2) seen.asked.push(message.data);
      return super.postMessage(message, ...rest);
    }
  };
})();"""
ANSWERED = """query => { const seen = window.__searchMessages;
  return seen.asked.length > 0 && seen.asked[seen.asked.length - 1] === query && seen.answered === seen.asked.length; }"""
NEXT_FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
RESULTS = """() => [document.querySelector('.md-search-result__meta').innerText,
    [...document.querySelectorAll('li.md-search-result__item')].map(item => item.querySelector('a').getAttribute('href'))]"""
SECTIONS = """() => [...document.querySelectorAll('li.md-search-result__item')].map(item =>
    [...item.querySelectorAll('a')].map(link => link.getAttribute('href')))"""


@pytest.fixture(scope="module")
def search_box(served_site, browser):
    """The home page, loaded once, its search box focused; every query is typed into it in turn."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(COUNT_SEARCH_MESSAGES)
    page = context.new_page()
    page.goto(served_site, wait_until="networkidle")
    page.keyboard.press("/")  # Material's shortcut to focus the search box
    yield page
    context.close()


def results_for(page, query: str) -> list[str]:
    """The path of each result's page, best first, as Material lists them once the worker has
    answered the whole query."""
    page.locator("input.md-search__input").focus()
    page.keyboard.press("Control+A")
    page.keyboard.press("Backspace")  # a key event: Material clears the results
    page.wait_for_function("() => !document.querySelector('li.md-search-result__item')", timeout=15_000)
    # Material reads the box on each keyup and searches the whole index for its value, so typing key
    # by key searched once per letter (36 s of CPU for the list). All but the last letter are put in
    # the box with no key event, then the last is typed: one search, for the whole query, which is
    # the one whose answer a reader reads.
    page.locator("input.md-search__input").fill(query[:-1])
    page.keyboard.type(query[-1])
    page.wait_for_function(ANSWERED, arg=query, timeout=20_000)
    page.evaluate(NEXT_FRAMES)  # Material lists an answer as it arrives; two frames later it is drawn
    meta, links = page.evaluate(RESULTS)
    assert not meta.startswith("Initializing"), f"{query!r}: the search index was not ready: {meta}"
    assert [meta, links] == page.evaluate(RESULTS), f"{query!r}: the results changed after the last answer"
    return [urllib.parse.urlsplit(href).path for href in links]  # without ?h=... and #section


# The worker's own code, run in a page instead of a worker: its message handler builds the index
# from search_index.json as the site's search does, and the lunr it made is caught on the way out.
TOKEN_SET_AGAINST_TABLE = """async () => {
  const config = JSON.parse(document.getElementById('__config').textContent);  // the page's worker and base
  const base = new URL(config.base + '/', location.href);
  const source = await (await fetch(new URL(config.search, base))).text();
  const index = await (await fetch(new URL('search/search_index.json', base))).json();
  let handler;
  new Function('addEventListener', 'postMessage', 'importScripts', source)(
      (type, listener) => { handler = listener; }, () => {}, () => {});
  const lunr = window.lunr;
  let built;
  window.lunr = Object.assign(builder => (built = lunr(builder)), lunr);
  await handler({data: {type: 0, data: {...index, options: {suggest: false}}}});
  await new Promise(done => setTimeout(done, 50));
  const words = new Set(Object.keys(built.invertedIndex));
  const listed = built.tokenSet.toArray();
  return [words.size, listed.length, listed.filter(word => !words.has(word)).slice(0, 20)];
}"""


def test_the_search_workers_token_set_lists_only_words_the_index_has(served_site, browser):
    """Lunr finds a query's words by walking its token set, then reads each word's pages from its
    table; a word the set lists and the table lacks fails the whole query in the worker, and the
    reader sees "No matching documents" (hooks/search_worker.py says why it happens)."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(served_site, wait_until="networkidle")
    words, listed, phantoms = page.evaluate(TOKEN_SET_AGAINST_TABLE)
    context.close()
    assert words > 10_000, f"the index the worker built holds only {words} words"
    assert phantoms == [] and listed == words, (
        f"the token set lists {listed} words, the table {words}; listed but not in the table: {phantoms}. "
        "Queries that reach these fail: is hooks/search_worker.py in mkdocs.yml's hooks?")


@pytest.mark.parametrize("line, anchor", [
    pytest.param(line, anchor, marks=pytest.mark.xfail(strict=True, reason=KNOWN_MISSES[anchor]))
    if anchor in KNOWN_MISSES else (line, anchor) for line, anchor in PASTED_ERRORS])
def test_a_pasted_error_line_finds_its_entry_on_the_error_page(clean_site, search_box, line, anchor):
    found = results_for(search_box, line)
    assert any(link.endswith("/errors/") for link in found[:TOP]), (
        f"{line!r} should find errors/ among the first {TOP} results, found {found[:TOP + 2]}")
    links = next(links for links in search_box.evaluate(SECTIONS) if urllib.parse.urlsplit(links[0]).path.endswith("/errors/"))
    sections = [urllib.parse.urlsplit(link).fragment for link in links[1:]]  # the first link is the page
    assert anchor in sections[:TOP], (
        f"{line!r}: #{anchor} should be among the error page's first {TOP} sections, not {sections[:TOP]}: "
        "the entry's heading must hold the message's fixed words (docs/errors.md)")


def test_every_query_has_a_recipe_page_to_find(clean_site):
    missing = sorted({target for _, target in QUERIES if not (clean_site / target / "index.html").exists()})
    assert missing == [], f"queries point at pages the site does not have: {missing}"
    errors = (clean_site / "errors" / "index.html").read_text(encoding="utf-8")
    lost = [anchor for _, anchor in PASTED_ERRORS if f'id="{anchor}"' not in errors]
    assert lost == [], f"pasted error lines point at entries errors/ does not have: {lost}"


@pytest.mark.parametrize("query, target", QUERIES, ids=[query for query, _ in QUERIES])
def test_a_readers_words_find_the_recipe_among_the_first_results(clean_site, search_box, query, target):
    if not (clean_site / target / "index.html").exists():
        pytest.fail(f"{target} is not on this site", pytrace=False)
    found = results_for(search_box, query)
    assert any(link.endswith(target) for link in found[:TOP]), (
        f"{query!r} should find {target} among the first {TOP} results, found {found[:TOP + 2]}: "
        "put the reader's words in the recipe's title or answer (this file's docstring says why)")
