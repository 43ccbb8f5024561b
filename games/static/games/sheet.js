// Game sheet: polling without needless swaps, and a print button.
(function () {
  "use strict";

  // The sheet polls itself with If-None-Match (hx-headers). An unchanged sheet answers
  // 304 Not Modified with no body: keep what is on screen instead of swapping in nothing.
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.xhr && event.detail.xhr.status === 304) {
      event.detail.shouldSwap = false;
    }
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-print]");
    if (!button) { return; }
    event.preventDefault();
    window.print();
  });

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-print][hidden]").forEach(function (button) {
      button.hidden = false;
    });
  });
})();
