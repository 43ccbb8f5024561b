// Progressive enhancements: every feature here has a plain-HTML fallback.
(function () {
  "use strict";

  // One-tap share: the Web Share API where there is one, else copy the answer and the link.
  // Without JavaScript the share control is a plain link to the permalink.
  function share(link) {
    var url = link.href;
    var text = link.dataset.shareText;
    var data = { title: link.dataset.shareTitle || document.title, text: text || "", url: url };
    var status = link.parentElement.querySelector("[data-share-status]");
    function say(message) { if (status) { status.textContent = message; } }
    if (navigator.share && (!navigator.canShare || navigator.canShare(data))) {
      navigator.share(data).catch(function (error) {
        if (error && error.name !== "AbortError") { copy(text, url, say); }
      });
      return;
    }
    copy(text, url, say);
  }

  function copy(text, url, say) {
    var body = document.body.dataset;
    function fail() { say(body.shareFailed + " " + url); }
    if (!navigator.clipboard) { return fail(); }
    navigator.clipboard.writeText(text ? text + "\n" + url : url).then(function () {
      say(text ? body.shareCopiedAnswer : body.shareCopied);
    }, fail);
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest("[data-share]");
    if (!link) { return; }
    event.preventDefault();
    share(link);
  });

  // Tile picker: tapping a tile appends its token to the picker's target input.
  // The target is the input named by data-target, or the last focused [data-picker-input].
  function pickerTarget(picker) {
    var id = picker.dataset.currentTarget || picker.dataset.target;
    return id ? document.getElementById(id) : null;
  }

  function changed(input) {
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function tokens(value) {
    return value.split(/[\s,+\-]+/).filter(function (t) { return t.length > 0; });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-picker-token], [data-picker-action]");
    if (!button) { return; }
    var picker = button.closest("[data-tile-picker]");
    var input = picker && pickerTarget(picker);
    if (!input) { return; }
    event.preventDefault();
    var current = tokens(input.value);
    var action = button.dataset.pickerAction;
    if (action === "undo") {
      current.pop();
    } else if (action === "clear") {
      current = [];
    } else if (input.dataset.pickerSingle !== undefined) {
      current = [button.dataset.pickerToken];
    } else {
      current.push(button.dataset.pickerToken);
    }
    input.value = current.join(" ");
    changed(input);
  });

  document.addEventListener("focusin", function (event) {
    var input = event.target.closest("[data-picker-input]");
    if (!input) { return; }
    var picker = document.querySelector("[data-tile-picker][data-picker-group='" + input.dataset.pickerInput + "']");
    if (!picker) { return; }
    picker.dataset.currentTarget = input.id;
    var label = picker.querySelector("[data-picker-current]");
    var inputLabel = document.querySelector("label[for='" + input.id + "']");
    if (label && inputLabel) { label.textContent = inputLabel.textContent; }
  });

  function enhance(root) {
    root.querySelectorAll("[data-tile-picker][hidden]").forEach(function (picker) {
      picker.hidden = false;
    });
  }

  // The language switch takes the address as it is now (live updates, #fragment) along.
  function updateSwitch() {
    document.querySelectorAll("[data-language-switch]").forEach(function (link) {
      var target = new URL(link.href);
      target.searchParams.set("next", location.pathname + location.search + location.hash);
      link.href = target.href;
    });
  }
  // (htmx:afterSettle would come before the new URL)
  window.addEventListener("htmx:replacedInHistory", updateSwitch);
  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-language-switch]")) { updateSwitch(); }
  }, true);

  if (navigator.serviceWorker) { navigator.serviceWorker.register("/sw.js"); }

  document.addEventListener("DOMContentLoaded", function () { enhance(document); });
  document.addEventListener("htmx:load", function (event) { enhance(event.target); });
})();
