// Referee checkers: keep field errors accessible after htmx swaps, and a "new meld" button.
// Without JavaScript the checkers are plain GET forms and need none of this.
(function () {
  "use strict";

  // htmx swaps only the verdict and the error slots (out of band); mark the inputs to match.
  function syncErrors() {
    document.querySelectorAll("[data-error-for]").forEach(function (slot) {
      var input = document.getElementById(slot.dataset.errorFor);
      if (!input) { return; }
      var ids = (input.getAttribute("aria-describedby") || "").split(/\s+/).filter(function (id) {
        return id && id !== slot.id;
      });
      if (slot.textContent.trim()) {
        input.setAttribute("aria-invalid", "true");
        ids.push(slot.id);
      } else {
        input.removeAttribute("aria-invalid");
      }
      if (ids.length) {
        input.setAttribute("aria-describedby", ids.join(" "));
      } else {
        input.removeAttribute("aria-describedby");
      }
    });
  }

  document.addEventListener("htmx:afterSettle", syncErrors);

  // A press of the rack helper's Show asks on purpose (by htmx; the other checkers' buttons load
  // the page): its answer is said again even when it has not changed (picker.js leaves alone a
  // status line that would say the same as it already does).
  document.addEventListener("submit", function (event) {
    var target = event.target.dataset.hxTarget || "";
    var status = document.getElementById(target.replace(/^#(.*)-result$/, "$1-said"));
    if (status) { status.textContent = ""; }
  });

  // "Start another meld": append the meld separator to the input.
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-append]");
    if (!button) { return; }
    var input = document.getElementById(button.dataset.appendTarget);
    if (!input) { return; }
    event.preventDefault();
    var value = input.value.trim();
    if (value && value.slice(-1) !== button.dataset.append) {
      input.value = value + " " + button.dataset.append + " ";
      input.dispatchEvent(new Event("change", { bubbles: true }));
    }
    input.focus();
  });

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-append-tools][hidden]").forEach(function (tools) {
      tools.hidden = false;
    });
  });
})();
