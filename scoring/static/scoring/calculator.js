// Score calculator: after each live update, copy each player's score into the strip in their
// block and each error onto its field. Without JavaScript the server renders both.
(function () {
  "use strict";

  function sync() {
    var result = document.getElementById("calculator-result");
    if (!result) { return; }
    document.querySelectorAll("[data-live]").forEach(function (live) {
      var row = result.querySelector("tr[data-player='" + live.dataset.live + "']");
      var score = live.querySelector("strong");
      score.textContent = row ? row.dataset.scoreText : "–";
      score.classList.toggle("calc-live__lowest", !!(row && row.hasAttribute("data-lowest")));
    });
    // each field's error slot is the field's id + "_error" (its aria-describedby)
    document.querySelectorAll(".calc .field__error[id$='_error']").forEach(function (slot) {
      var id = slot.id.slice(0, -6);
      var input = document.getElementById(id);
      var links = result.querySelectorAll("[data-error] a[href='#" + id + "']");
      slot.textContent = Array.prototype.map.call(links, function (a) { return a.textContent; }).join(" ");
      if (links.length) { input.setAttribute("aria-invalid", "true"); } else { input.removeAttribute("aria-invalid"); }
    });
  }

  document.addEventListener("htmx:afterSettle", sync);
})();
