// In a jaxpr, StableHLO or HLO listing, pointing at an instruction or variable name marks
// that name everywhere in the same listing, its definition (the first occurrence) most
// strongly. A click pins the marking, so you can scroll to the uses; a second click on a
// marked name, or a click on another name, moves or releases it. No dependencies, works offline.
(function () {
  const NAMES = ":is(.language-hlo, .language-jaxpr, .language-stablehlo) .nv";
  let pinned = null;

  const key = (span) => span.textContent.replace(/^%/, "");

  function mark(span, on) {
    const code = span.closest("code");
    if (!code) return;
    let first = true;
    for (const other of code.querySelectorAll(".nv")) {
      if (key(other) !== key(span)) continue;
      other.classList.toggle("ir-same", on);
      other.classList.toggle("ir-def", on && first);
      first = false;
    }
  }

  document.addEventListener("mouseover", (event) => {
    const span = event.target.closest(NAMES);
    if (span && !pinned) mark(span, true);
  });
  document.addEventListener("mouseout", (event) => {
    const span = event.target.closest(NAMES);
    if (span && !pinned) mark(span, false);
  });
  document.addEventListener("click", (event) => {
    const span = event.target.closest(NAMES);
    if (!span) return;
    const same = pinned && pinned.closest("code") === span.closest("code") && key(pinned) === key(span);
    if (pinned) mark(pinned, false);
    pinned = same ? null : span;
    if (pinned) mark(pinned, true);
  });
})();
