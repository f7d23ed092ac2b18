// Source to IR (hooks/source_map.py): in a snippet shown with map=source, pointing at a
// line of the Python source marks the lines of the output it produced, and pointing at
// an output line marks its source line and every output line from that source line.
// The mapping is computed when the site is built and sits in data attributes:
// data-line="N" on source lines, data-src="N M" on output lines. No dependencies, offline.
(function () {
  const LINES = ".live-map .sm-line";

  function sourceLines(span) {
    return (span.dataset.line || span.dataset.src || "").split(" ").filter(Boolean);
  }

  function mark(span, on) {
    const block = span.closest(".live-map");
    if (!block) return;
    const wanted = new Set(sourceLines(span));
    for (const line of block.querySelectorAll(".sm-line")) {
      const hit = line.dataset.line ? wanted.has(line.dataset.line)
        : sourceLines(line).some((n) => wanted.has(n));
      line.classList.toggle("sm-on", on && hit);
    }
    block.classList.toggle("sm-active", on);
  }

  document.addEventListener("mouseover", (event) => {
    const span = event.target.closest(LINES);
    if (span) mark(span, true);
  });
  document.addEventListener("mouseout", (event) => {
    const span = event.target.closest(LINES);
    if (span && !span.contains(event.relatedTarget)) mark(span, false);
  });
})();
