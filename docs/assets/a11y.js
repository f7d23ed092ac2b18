// Two things axe-core (WCAG 2 A/AA) reports as serious that the theme and nbconvert leave
// on the page; tests/test_accessibility.py fails if either comes back.
// - Material's code-annotation markers (the numbered circles in a listing) are links
//   whose number is drawn by CSS, so a screen reader finds no name. Each gets
//   aria-label "Annotation N". Material adds the markers after the page loads, so new
//   ones are named as they appear.
// - On the notebook page, nbconvert's code cells and text outputs scroll sideways but
//   cannot take keyboard focus, so a keyboard cannot scroll them. Each one that scrolls
//   gets tabindex="0", as Material gives the code blocks of the other pages.
// No dependencies, works offline.
(function () {
  const MARKER = "a.md-annotation__index";

  function nameMarkers(root) {
    const markers = root.matches && root.matches(MARKER) ? [root] : root.querySelectorAll(MARKER);
    for (const marker of markers) {
      if (marker.hasAttribute("aria-label")) continue;
      const number = marker.querySelector("[data-md-annotation-id]");
      marker.setAttribute("aria-label", number ? `Annotation ${number.dataset.mdAnnotationId}` : "Annotation");
    }
  }

  const SCROLLING = /^(auto|scroll)$/;

  function scrolls(element) {
    const style = getComputedStyle(element);
    return (SCROLLING.test(style.overflowX) && element.scrollWidth > element.clientWidth)
      || (SCROLLING.test(style.overflowY) && element.scrollHeight > element.clientHeight);
  }

  function focusScrollingCells() {
    for (const element of document.querySelectorAll(".jupyter-wrapper :is(div, pre, code)")) {
      if (!element.hasAttribute("tabindex") && scrolls(element)) element.setAttribute("tabindex", "0");
    }
  }

  nameMarkers(document);
  new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      for (const node of mutation.addedNodes) {
        if (node.nodeType === Node.ELEMENT_NODE) nameMarkers(node);
      }
    }
  }).observe(document.body, { childList: true, subtree: true });

  if (document.querySelector(".jupyter-wrapper")) {
    focusScrollingCells();
    window.addEventListener("load", focusScrollingCells);
    window.addEventListener("resize", focusScrollingCells);
  }
})();
