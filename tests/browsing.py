"""Every page of the clean build, opened once per colour scheme, for the checks that read every page.

Opening a page of this site costs Chromium about a second of CPU (the largest pages hold 20,000
highlighted spans), and axe-core costs more. Three tests used to open every page on their own. Now
one visit per page and scheme (the `site_visits` fixture in conftest.py, session-scoped, made in
the background: see the end of this file) records, while the page is open, what each of them checks:

- tests/test_browser.py: console errors, script errors, failed page loads and requests leaving
  localhost, in both schemes (it used to look at the light scheme only);
- tests/test_accessibility.py: axe-core's serious and critical findings: every rule that can give
  one in the light scheme, the colour rules in the dark one (the DOM is the same, only colours differ). Axe's
  color-contrast rule skips the contents of the code blocks (CODE), which were most of its work;
- tests/test_lexers.py: the colour of every element of text inside those code blocks and the
  background it is drawn on, which that test holds to the same 4.5:1 as axe's rule.

Each visit is one job, a page in a scheme; VISITORS browsers take the jobs, costliest first
(`jobs_costliest_first`), so that they keep both cores busy and finish together. Each tab builds the
search index once, on the first page it opens (`index_built_once`).
"""

from __future__ import annotations

import dataclasses
import json
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import NamedTuple

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout

AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
SCHEMES = ("light", "dark")
VIEWPORT = {"width": 1280, "height": 900}

# Root needs --no-sandbox; the rest keep Chromium from calling Google's hosts, which the
# closed network refuses (those refusals would look like requests leaving localhost).
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-sync",
                 "--disable-background-networking", "--disable-component-update"]

# The code blocks: each one's text is Pygments' token spans (or plain text) in a <code>. Axe's
# color-contrast rule skips what is inside them, and test_lexers.py checks the colour of every element
# of text there instead, in both schemes: on the chapters, most of what the rule checked (and most
# of axe's time) were these spans, whose colours come from a few rules (assets/ir.css for the IR
# lexers, Material's palette and assets/contrast.css for the others) and repeat thousands of times.
CODE = ".highlight pre > code"

# Material marks each code block that scrolls sideways focusable (tabindex) from a resize
# observer, some time after the load event; on a busy machine that can come after the
# network is idle. docs/assets/a11y.js does the same for the notebook's cells, and names
# the code-annotation markers Material adds. Wait for both, so axe sees the page a reader
# gets, not one mid-setup.
SETTLED = """() => {
  const scrolls = el => { const s = getComputedStyle(el);
    return (/auto|scroll/.test(s.overflowX) && el.scrollWidth > el.clientWidth)
        || (/auto|scroll/.test(s.overflowY) && el.scrollHeight > el.clientHeight); };
  return [...document.querySelectorAll('pre > code')].every(code => code.closest('.jupyter-wrapper')
           || code.scrollWidth <= code.offsetWidth || code.hasAttribute('tabindex'))
    && [...document.querySelectorAll('.jupyter-wrapper :is(div, pre, code)')]
         .every(el => el.hasAttribute('tabindex') || !scrolls(el))
    && [...document.querySelectorAll('a.md-annotation__index')].every(link => link.hasAttribute('aria-label'));
}"""
SETTLE_MS = 30_000  # then axe runs anyway, and reports what is still missing
# How long the tests that read the visits wait for them, from when the first asks: by then the rest of
# the suite is done and the visits have both cores (two and a half minutes' work). A tab that Chromium
# replaced after a crash once stalled with nothing running, and the suite waited without end.
VISITS_WAIT_S = 10 * 60

# axe-core's rules tagged cat.color that run by default (color-contrast-enhanced, AAA, is off); the rest
# read the DOM, ARIA and layout, which the colour scheme does not change.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
AXE_OPTIONS = {"light": {"resultTypes": ["violations"]},
               "dark": {"resultTypes": ["violations"], "runOnly": {"type": "rule", "values": COLOUR_RULES}}}

# In the light scheme, every rule axe runs by default (enabled, and not tagged experimental) but those
# whose findings are only ever minor or moderate (a rule's impact is fixed in this axe: its checks
# carry none), which the accessibility test does not read: region, heading-order, the landmark rules
# and the like, 26 of the 90 it runs, 6 s of the 80 s that axe took over every page. A rule with no
# impact of its own would stay.
RULES_THAT_CAN_BE_SERIOUS = """() => axe._audit.rules
    .filter(rule => rule.enabled && !rule.tags.includes('experimental') && !['minor', 'moderate'].includes(rule.impact))
    .map(rule => rule.id)"""


def axe_options(tab, scheme: str) -> dict:
    options = AXE_OPTIONS[scheme]
    if "runOnly" in options:
        return options
    return options | {"runOnly": {"type": "rule", "values": tab.evaluate(RULES_THAT_CAN_BE_SERIOUS)}}

# color-contrast keeps its own test of which elements it checks (visible text, and so on) and adds one:
# not inside CODE. axe.configure takes a rule's `matches` as a function; the rule's own comes first.
SKIP_CODE_IN_CONTRAST = """code => {
  const rule = axe._audit.rules.find(rule => rule.id === 'color-contrast');
  if (!rule || typeof rule.matches !== 'function') throw new Error('axe has no color-contrast rule to narrow');
  const own = rule.matches;
  axe.configure({rules: [{id: 'color-contrast',
                          matches: (node, virtualNode, context) => !node.closest(code) && own.call(rule, node, virtualNode, context)}]});
}"""

RUN_AXE = """options => axe.run(document, options).then(r => r.violations
    .filter(v => v.impact === 'serious' || v.impact === 'critical')
    .flatMap(v => v.nodes.map(n => [v.id, n.target.join(' '), n.html.slice(0, 120)])))"""

# Every element inside the code blocks that holds text of its own, grouped by the block's language,
# the element's tag and classes, its colour and the background it is drawn on: the ancestors'
# background colours composited over the white canvas, and the colour made transparent by any
# opacity on the way, as axe's rule computes them. Hidden elements (a folded block, a tab not
# shown) are included: a reader who opens them sees those colours.
CODE_COLOURS = """code => {
  const rgba = value => { const parts = value.match(/[\\d.]+/g).map(Number); return parts.length > 3 ? parts : [...parts, 1]; };
  const over = (top, below) => top.slice(0, 3).map((c, i) => c * top[3] + below[i] * (1 - top[3]));
  const memo = (cache, compute) => element => {
    if (!cache.has(element)) cache.set(element, compute(element));
    return cache.get(element);
  };
  const background = memo(new Map(), element => {
    if (!element) return [255, 255, 255];
    const own = rgba(getComputedStyle(element).backgroundColor);
    return own[3] >= 1 ? own.slice(0, 3) : over(own, background(element.parentElement));
  });
  const opacity = memo(new Map(), element => element ? Number(getComputedStyle(element).opacity) * opacity(element.parentElement) : 1);
  const groups = new Map();
  let elements = 0;
  for (const block of document.querySelectorAll(code)) {
    const language = (block.closest('[class*="language-"]')?.className.match(/language-[\\w-]+/) || ['(none)'])[0];
    for (const element of [block, ...block.querySelectorAll('*')]) {
      const text = [...element.childNodes].filter(n => n.nodeType === Node.TEXT_NODE).map(n => n.textContent).join('').trim();
      if (!text) continue;
      elements += 1;
      const behind = background(element);
      const colour = rgba(getComputedStyle(element).color);
      const shown = over([...colour.slice(0, 3), colour[3] * opacity(element)], behind);
      const classes = [...element.classList].sort().map(c => '.' + c).join('');
      const key = [language, element.tagName.toLowerCase() + classes, shown.map(Math.round).join(','),
                   behind.map(Math.round).join(',')].join(' ');
      const group = groups.get(key);
      if (group) group.count += 1;
      else groups.set(key, {language, element: element.tagName.toLowerCase() + classes,
                            colour: shown.map(Math.round), background: behind.map(Math.round), text: text.slice(0, 40), count: 1});
    }
  }
  return {elements, groups: [...groups.values()]};
}"""


def index_built_once(context, site: Path, base: str) -> None:
    """Let Material's search worker build the site's index on the first page `context` opens only.

    On every page load the worker turns the site's whole text (search/search_index.json, 2.6 MB)
    into a lunr index: about 0.6 s of CPU a page, the same work on every page, and, measured over
    the visits of every page in both schemes, a third of their CPU (427 core-seconds with it, 278
    without; the findings were the same). So the first request gets the real file, and a loading
    error still shows there; later ones get the same config with no documents. Only the index's
    one right URL is answered: a page asking for it at a wrong path still gets the server's 404.
    Not for a test of search itself."""
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    served: list[str] = []

    def answer(route) -> None:
        if not served:
            served.append(route.request.url)
            route.fallback()  # to the server
        else:
            route.fulfill(json={"config": index["config"], "docs": []})

    context.route(base + "search/search_index.json", answer)


@dataclasses.dataclass
class Visit:
    page: str  # the page's path under the site: "" for the home page, "reading-hlo/", "404.html"
    scheme: str
    problems: list[str] = dataclasses.field(default_factory=list)  # console, script, request, load
    axe: list[tuple[str, str, str]] | None = None  # (rule, target, element) of each serious finding
    code_colours: dict | None = None  # CODE_COLOURS' answer: {"elements": n, "groups": [...]}
    seconds: dict[str, float] = dataclasses.field(default_factory=dict)  # where the visit's time went

    @property
    def where(self) -> str:
        return f"{self.scheme}: {self.page or '/'}"


def pages(site: Path) -> list[str]:
    return [path.relative_to(site).as_posix().removesuffix("index.html") for path in sorted(site.rglob("*.html"))]


# How many browsers visit at once. One visit is mostly one thread of Chromium's (the page's layout,
# then axe), so one visitor leaves a core idle. Every page in both schemes, alone on two idle cores,
# when axe still ran its minor and moderate rules: one visitor 200 s (278 core-seconds), two 149 s
# (293), three 159 s (316: a Chromium more, and each builds the search index twice). Two, without
# those rules: 140 s (271).
VISITORS = 2

# A light visit costs about 2.6 times a dark one of the same page (axe runs every rule there, only
# the colour rules in the dark scheme), and both grow with the page's HTML (measured over every page
# on an idle machine: 6.7 and 2.5 s per MB).
LIGHT_COST = 2.6


def jobs_costliest_first(site: Path) -> list[tuple[str, str]]:
    """Every (page, scheme) of `site`, the costliest first: the visitors take them in this order,
    so the last to start are the quickest and no visitor is left with a long one at the end."""
    def cost(job: tuple[str, str]) -> float:
        page, scheme = job
        size = (site / page / "index.html" if not page.endswith(".html") else site / page).stat().st_size
        return size * (LIGHT_COST if scheme == "light" else 1)

    return sorted(((page, scheme) for page in pages(site) for scheme in SCHEMES), key=cost, reverse=True)


def visit_every_page(site: Path, base: str, visitors: int = VISITORS) -> dict[tuple[str, str], Visit]:
    """Each page of `site` served at `base`, in each scheme, by (page, scheme): what it logged and
    requested, what axe found, and the colours in its code blocks. A page that fails to load or to
    settle says so in its problems; the others are still visited. `visitors` threads, each with a
    Chromium of its own (Playwright's sync API is one per thread), take the jobs from one queue."""
    jobs: queue.SimpleQueue[tuple[str, str]] = queue.SimpleQueue()
    for job in jobs_costliest_first(site):
        jobs.put(job)
    visits: dict[tuple[str, str], Visit] = {}
    failures: list[BaseException] = []

    def visitor() -> None:
        try:
            visit_jobs(site, base, jobs, visits)
        except BaseException as error:  # raised below, in the caller's thread
            failures.append(error)

    threads = [threading.Thread(target=visitor, name=f"visitor {n}") for n in range(visitors)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise failures[0]
    return visits


def visit_jobs(site: Path, base: str, jobs: queue.SimpleQueue, visits: dict[tuple[str, str], Visit]) -> None:
    """One visitor: a Chromium with a tab per scheme, visiting the jobs it takes until none is left.
    A context per scheme, not one tab told each job's scheme: Material keeps the palette it chose in
    the context's storage, and a dark page opened after a light one would show the light palette."""
    from playwright.sync_api import sync_playwright

    import chromium

    axe = AXE.read_text(encoding="utf-8")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium.executable(), headless=True, args=CHROMIUM_ARGS)
        try:
            lowest_priority_below(os.getpid())  # this Chromium, as the ones before it
            tabs = {scheme: tab_for(browser, scheme, site, base) for scheme in SCHEMES}
            while True:
                try:
                    page, scheme = jobs.get_nowait()
                except queue.Empty:
                    return
                for attempt in range(RETRIES + 1):
                    visit = visits[page, scheme] = tabs[scheme].visit = Visit(page, scheme)
                    visit_page(tabs[scheme].tab, base + page, visit, axe)
                    why = retry_because(visit, tabs[scheme])
                    if why is None:
                        break
                    # A crashed tab answers every later goto with the same crash: the visits after
                    # it would all fail. A fresh tab in a fresh context takes over, and the page is
                    # visited again; one that fails every time is still reported.
                    print(f"{visit.where}: {why} (try {attempt + 1}); a fresh tab visits it again", flush=True)
                    tabs[scheme].tab.context.close()
                    tabs[scheme] = tab_for(browser, scheme, site, base)
        finally:
            browser.close()


# How often a page is visited again, in a fresh tab, when its tab crashed or it did not load in time.
# The visits run at the lowest priority beside the rest of the suite on two cores: one CI run saw a
# dark tab crash and, with the same tab, every dark visit after it fail; another, with more load on
# the machine, saw eleven pages of 130 miss the 30-second load. A page that crashes the renderer
# itself, or never loads, fails each time and is reported.
RETRIES = 2


def visit_failed(visit: Visit) -> bool:
    return any(problem.startswith("the visit failed:") for problem in visit.problems)


def retry_because(visit: Visit, held: SchemeTab) -> str | None:
    """Why the visit is worth another try in a fresh tab (None: it is what the page gives)."""
    if not visit_failed(visit):
        return None
    if tab_is_dead(held):
        return "the tab crashed"
    if any(problem.startswith("the visit failed: Page.goto: Timeout") for problem in visit.problems):
        return "the page did not load in time"
    return None


def tab_is_dead(held: SchemeTab) -> bool:
    """Whether the tab's renderer crashed: Playwright said so, or the tab no longer runs a script."""
    if held.crashed:
        return True
    try:
        held.tab.evaluate("1")
        return False
    except PlaywrightError:
        return True


@dataclasses.dataclass
class SchemeTab:
    tab: object  # Playwright's Page
    visit: Visit | None = None  # the one under way, which the tab's console errors and requests go to
    crashed: bool = False  # its renderer crashed: every later goto fails the same way


def tab_for(browser, scheme: str, site: Path, base: str) -> SchemeTab:
    """A tab in a context of its own in `scheme`, noting what it logs and requests into its visit."""
    context = browser.new_context(viewport=VIEWPORT, color_scheme=scheme)
    index_built_once(context, site, base)
    held = SchemeTab(context.new_page())

    def note(problem: str) -> None:
        held.visit.problems.append(problem)

    held.tab.on("console", lambda message: message.type == "error" and note(f"console: {message.text}"))
    held.tab.on("crash", lambda _: setattr(held, "crashed", True))
    held.tab.on("pageerror", lambda error: note(f"script error: {error}"))
    held.tab.on("request", lambda request: None if request.url.startswith((base, "data:", "blob:"))
                else note(f"request leaves localhost: {request.url}"))
    return held


def visit_page(tab, url: str, visit: Visit, axe: str) -> None:
    """Load `url` in `tab` and record into `visit`; a Playwright error is a problem of the visit."""
    started_at = time.monotonic()
    try:
        response = tab.goto(url, wait_until="load")
        if visit.page != "404.html" and not (response is not None and response.ok):
            visit.problems.append(f"load: {response.status if response else 'no response'}")
        try:
            tab.wait_for_function(SETTLED, timeout=SETTLE_MS)
        except PlaywrightTimeout:
            pass  # axe names each block still unmarked
        visit.seconds["load"] = time.monotonic() - started_at
        tab.add_script_tag(content=axe)
        tab.evaluate(SKIP_CODE_IN_CONTRAST, CODE)
        measuring = time.monotonic()
        visit.axe = [tuple(finding) for finding in tab.evaluate(RUN_AXE, axe_options(tab, visit.scheme))]
        visit.seconds["axe"] = time.monotonic() - measuring
        measuring = time.monotonic()
        visit.code_colours = tab.evaluate(CODE_COLOURS, CODE)
        visit.seconds["code colours"] = time.monotonic() - measuring
        tab.wait_for_load_state("networkidle")  # late requests are seen
    except PlaywrightError as error:
        visit.problems.append(f"the visit failed: {error}")


# --- in the background ---------------------------------------------------------------------------
#
# The visits are two and a half minutes of Chromium on two cores (about 270 core-seconds), and waiting on them
# is all the tests that read them do. So the session starts them in a process of their own as soon
# as the clean build is there (conftest.py's clean_site), with a server and Chromiums of their own,
# and the tests that read them run last: the rest of the suite runs meanwhile. That rest leaves a
# core idle for much of its time (it waits on servers, timers and single-threaded builds), so the
# visits run at the lowest priority: they take the CPU the other tests leave, instead of slowing
# them down. A nice value alone does not do that for Chromium (`lowest_priority_below`).

class InBackground:
    """`python tests/browsing.py SITE OUT.json`, started once; `visits()` waits for its answer."""

    def __init__(self):
        self.process: subprocess.Popen | None = None

    def start(self, site: Path, folder: Path) -> None:
        if self.process is None:
            self.out, self.log = folder / "visits.json", folder / "visits.log"
            with open(self.log, "wb") as log:
                self.process = subprocess.Popen([sys.executable, __file__, str(site), str(self.out)],
                                                stdout=log, stderr=subprocess.STDOUT, cwd=Path(__file__).parent.parent)

    def visits(self) -> dict[tuple[str, str], Visit]:
        assert self.process is not None, "the visits were never started"
        try:
            self.process.wait(timeout=VISITS_WAIT_S)
        except subprocess.TimeoutExpired:
            self.stop()
            raise AssertionError(f"visiting every page was not done {VISITS_WAIT_S // 60} minutes after the "
                                 f"tests asked for it, and was stopped; its log ({self.log}):\n"
                                 + self.log.read_text(encoding="utf-8", errors="replace")[-8000:]) from None
        if self.process.returncode != 0:
            raise AssertionError(f"visiting every page failed ({self.process.returncode}):\n"
                                 + self.log.read_text(encoding="utf-8", errors="replace")[-8000:])
        found = {}
        for entry in json.loads(self.out.read_text(encoding="utf-8")):
            visit = Visit(**entry)
            visit.axe = None if visit.axe is None else [tuple(finding) for finding in visit.axe]
            found[visit.page, visit.scheme] = visit
        return found

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()


class Autogroup(NamedTuple):
    name: str  # /autogroup-N
    nice: int


def autogroup(process: str) -> Autogroup | None:
    """The autogroup of /proc/`process` ("self" or a pid), or None where the kernel keeps none: no
    file without CONFIG_SCHED_AUTOGROUP, an empty one in some sandboxes (CI's gives "" to a read),
    or a process that has ended. The file reads "/autogroup-59660 nice 0" (sched(7))."""
    try:
        fields = Path(f"/proc/{process}/autogroup").read_text().split()
    except OSError:
        return None
    if len(fields) != 3 or not fields[0].startswith("/autogroup-") or fields[1] != "nice" \
            or not fields[2].lstrip("-").isdigit():
        return None
    return Autogroup(fields[0], int(fields[2]))


def lowest_priority_below(pid: int) -> list[str]:
    """Put every process below `pid` in the lowest priority; returns the autogroups it set.

    Playwright starts Chromium in a session of its own, and Linux with autogroup scheduling (the
    default of most distributions; sched(7)) shares the CPU between sessions first: a nice value
    counts only against processes of the same session. Chromium also sets its processes' nice values
    itself (-8 for the browser, 0 for a renderer), so the value this process took is not inherited.
    What counts is the nice value of the session's autogroup, /proc/PID/autogroup, set here for each
    process below `pid` that is in a session of its own (a renderer started later joins its
    browser's group), never this process's own group, which the rest of the suite shares. Without
    autogroups (see `autogroup`) the nice values alone apply."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue  # not a process, or one that just ended
        children.setdefault(parent, []).append(int(entry.name))
    own = autogroup("self")
    if own is None:
        return []
    groups, below = [], list(children.get(pid, []))
    while below:
        process = below.pop()
        below += children.get(process, [])
        group = autogroup(str(process))
        if group is None or group.name == own.name or group.name in groups:  # the suite runs in our own
            continue
        try:
            Path(f"/proc/{process}/autogroup").write_text("19")
        except OSError:
            continue  # ended meanwhile
        groups.append(group.name)
    return groups


def main(site: Path, out: Path) -> None:
    os.nice(19)  # see above: this process, its server thread and the Playwright drivers; Chromium below
    from sitebuild import serve

    with serve(site) as base:
        visits = visit_every_page(site, base)
    out.write_text(json.dumps([dataclasses.asdict(visit) for visit in visits.values()]), encoding="utf-8")


if __name__ == "__main__":
    sys.path[:0] = [str(Path(__file__).parent), str(Path(__file__).parent.parent / "hooks")]  # as pytest has them
    main(Path(sys.argv[1]), Path(sys.argv[2]))
