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

  // Recording a round: the names and the kind of table belong to the sheet (the server
  // uses the sheet's own whatever is sent), so the calculator shows them read-only.
  function fixPlayers() {
    document.querySelectorAll("form[data-fixed-players]").forEach(function (form) {
      form.querySelectorAll("input[name^='name']").forEach(function (input) {
        input.readOnly = true;
      });
      var team = form.querySelector("input[name='team']");
      if (team) { team.disabled = true; }
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-print][hidden]").forEach(function (button) {
      button.hidden = false;
    });
    fixPlayers();
  });
})();
