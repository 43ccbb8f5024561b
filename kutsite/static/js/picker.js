// The tile picker, and a live answer that did not arrive: every feature has a plain-HTML
// fallback (type the tiles; submit the form).
(function () {
  "use strict";

  // Tile picker: one tab stop (roving tabindex, arrow keys inside), placed under the field it
  // fills: the input named by data-target, or the last focused [data-picker-input] of its group.
  function pickerTarget(picker) {
    var id = picker.dataset.currentTarget || picker.dataset.target;
    return id ? document.getElementById(id) : null;
  }

  function changed(input) {
    ["input", "change"].forEach(function (name) {
      input.dispatchEvent(new Event(name, { bubbles: true }));
    });
  }

  function on(type, listener, capture) {
    document.addEventListener(type, listener, capture);
  }

  // The tiles typed so far, and each "|" between melds as a token of its own ("b6|r7" is
  // three: the last tap undone takes r7, then the "|").
  function tokens(value) {
    return value.match(/\||[^\s,+|-]+/g) || [];
  }

  on("click", function (event) {
    var button = event.target.closest("[data-picker-token], [data-picker-action]");
    if (!button || button.ariaDisabled === "true") { return; }
    var picker = button.closest("[data-tile-picker]");
    var input = picker && pickerTarget(picker);
    if (!input) { return; }
    event.preventDefault();
    rove(picker, button);
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
      // a field's limit holds for taps as it does for typing (the rest would be refused)
      if (input.maxLength >= 0 && current.join(" ").length > input.maxLength) { return; }
    }
    input.value = current.join(" ");
    changed(input);
    // A screen reader hears the tile a tap adds, as the field shows it to the eye (the same
    // tile twice, as for a pair, is written a little differently so that it is said again).
    var said = picker.kutSaid, name = action ? "" : button.lastChild.textContent.trim();
    if (said && name) { said.textContent = said.textContent === name ? name + "\u00a0" : name; }
    if (current.length && input.dataset.pickerSingle !== undefined) { advance(picker, input); }
  });

  // A one-tile field (the indicator) is done with its tile: the next taps go to the group's
  // next field. The picker stays where it is, under the finger; its label says the new field.
  function advance(picker, input) {
    var group = picker.dataset.pickerGroup;
    if (!group) { return; }
    var inputs = Array.from(document.querySelectorAll("[data-picker-input='" + group + "']"));
    var next = inputs[inputs.indexOf(input) + 1];
    if (!next) { return; }
    picker.dataset.currentTarget = next.id;
    aim(picker, next, true);
  }

  function rove(picker, button) {
    picker.querySelectorAll("button").forEach(function (b) { b.tabIndex = b === button ? 0 : -1; });
  }

  on("keydown", function (event) {
    var button = event.target.closest("[data-tile-picker] button");
    if (!button) { return; }
    var picker = button.closest("[data-tile-picker]");
    if (event.key === "Escape") {
      var input = pickerTarget(picker);
      if (input) { event.preventDefault(); input.focus(); }
      return;
    }
    var rows = Array.from(picker.querySelectorAll(".tile-picker__row"), function (row) {
      return Array.from(row.querySelectorAll("button"));
    });
    var all = rows.flat(), i = all.indexOf(button);
    var r = rows.findIndex(function (row) { return row.includes(button); }),
      c = rows[r].indexOf(button);
    var next = {
      ArrowLeft: all[i - 1],
      ArrowRight: all[i + 1],
      ArrowUp: rows[r - 1] && rows[r - 1][Math.min(c, rows[r - 1].length - 1)],
      ArrowDown: rows[r + 1] && rows[r + 1][Math.min(c, rows[r + 1].length - 1)],
      Home: all[0],
      End: all[all.length - 1]
    }[event.key];
    if (!next) { return; }
    event.preventDefault();
    rove(picker, next);
    next.focus();
  });

  // Its label is said only when the picker moves on by itself: a field that takes the focus
  // is said by the screen reader already.
  function aim(picker, input, moved) {
    var label = picker.querySelector("[data-picker-current]"),
      inputLabel = document.querySelector("label[for='" + input.id + "']");
    if (label && inputLabel) {
      label.ariaLive = moved ? "polite" : "off";
      label.textContent = inputLabel.textContent;
    }
    // An indicator is a numbered tile (T2): the Okey and the false joker are no answer there.
    picker.querySelectorAll(".tile--okey, .tile--fj").forEach(function (b) {
      b.ariaDisabled = input.name === "indicator";
    });
  }

  on("focusin", function (event) {
    var input = event.target.closest("[data-picker-input]");
    if (!input) { return; }
    var picker = document.querySelector("[data-tile-picker][data-picker-group='" + input.dataset.pickerInput + "']");
    if (!picker) { return; }
    picker.dataset.currentTarget = input.id;
    aim(picker, input);
    var field = input.closest(".field");
    if (field && field.nextElementSibling !== picker) {
      // moving the picker moves the field: bring both back into view, the field first
      field.after(picker);
      picker.scrollIntoView({ block: "nearest" });
      input.scrollIntoView({ block: "nearest" });
    }
  });

  function el(tag, text, css) {
    var e = document.createElement(tag);
    e.textContent = text;
    if (css) { e.className = css; }
    return e;
  }

  // Tiles 1–13 of a colour from its row's data (a page sends 4 rows, not 52 buttons), named
  // by their visible text first: <b>7</b> <i>R</i><span class="visually-hidden"> red 7</span>
  function draw(picker) {
    picker.querySelectorAll("[data-picker-colour]:empty").forEach(function (row) {
      var d = row.dataset;
      for (var n = 1; n <= 13; n += 1) {
        var b = el("button", "", "tile tile--" + d.pickerColour);
        b.type = "button";
        b.dataset.pickerToken = d.pickerTyped + n;  // the letter it shows, as typed
        b.tabIndex = -1;
        b.append(el("b", n), " ", el("i", d.pickerLetter),
          el("span", " " + d.pickerLabel.replace("#", n), "visually-hidden"));
        row.append(b);
      }
    });
  }

  function enhance(root) {
    root.querySelectorAll("[data-tile-picker][hidden]").forEach(function (picker) {
      draw(picker);
      var input = pickerTarget(picker);
      if (input) { aim(picker, input); }
      rove(picker, picker.querySelector("button"));
      picker.kutSaid = picker.appendChild(el("span", "", "visually-hidden"));
      picker.kutSaid.setAttribute("role", "status");
      picker.hidden = false;
    });
  }

  // A live answer that could not be fetched (no signal, a server error) leaves the last answer
  // on screen, and is asked for again every few seconds: say above it, and in its one-line status (#…-said beside #…-result), that it
  // is for the earlier input, until the next answer replaces it. The form carries the words,
  // in the page's language. The status says so once: while the note stays, each pause in
  // typing that fails again would otherwise have it read out once more.
  function stale(event) {
    var form = event.detail.elt, target = event.detail.target;
    if (!form || !form.dataset || !form.dataset.liveFailed || !target) { return; }
    var note = target.querySelector("[data-live-failed]");
    if (!note) {
      note = el("p", "", "live-failed");
      note.dataset.liveFailed = "";
      target.prepend(note);
      var said = document.getElementById(target.id.replace(/-result$/, "-said"));
      if (said) { said.textContent = form.dataset.liveFailed; }
    }
    note.textContent = form.dataset.liveFailed;
    target.dataset.stale = "";
    // Asked again a while later, not only at the next keystroke: a phone can believe it is
    // online while nothing gets through, and then the browser never says "online". Each time
    // a while longer (3, 6, 12 … s, at most a minute), so a phone with no way through, or a
    // site that is down, is not asked every few seconds for as long as the page stays open.
    clearTimeout(target.kutRetry);
    target.kutWait = Math.min(60000, (target.kutWait || 1500) * 2);
    target.kutAsk = function () {
      if ("stale" in target.dataset) { htmx.trigger(form, "input"); }
    };
    target.kutRetry = setTimeout(target.kutAsk, target.kutWait);
  }
  ["htmx:sendError", "htmx:responseError", "htmx:timeout"].forEach(function (name) {
    on(name, stale);
  });
  // When the browser says the signal is back, ask at once rather than at the end of the wait
  // (whose try then finds the answer there and does nothing).
  addEventListener("online", function () {
    document.querySelectorAll("[data-stale]").forEach(function (target) {
      target.kutWait = 0;
      target.kutAsk();
    });
  });
  // An answer coming in is current. The keyboard may have gone on into the answer on screen
  // while it was on its way: the link it is on goes with the old answer, so the focus moves to
  // the answer's box, not to <body>, and the next Tab goes on into the new answer.
  on("htmx:beforeSwap", function (e) {
    var box = e.detail.target;
    if (e.detail.shouldSwap) {
      box.removeAttribute("data-stale");
      box.kutWait = 0;
      if (box.contains(document.activeElement)) {
        box.tabIndex = -1;
        box.focus({ preventScroll: true });
      }
    }
  });
  // The answer's one line for screen readers (role="status") is left alone when it says the
  // same again: written anew, it would be read out once more after every pause in typing.
  on("htmx:oobBeforeSwap", function (e) {
    var d = e.detail;
    if (d.target.role === "status" && d.target.textContent === d.fragment.textContent) { d.shouldSwap = false; }
  });

  // While its answer is on the way (or went missing) the address holds the input before it:
  // the language switch (site.js set it to the address) takes the live form's fields instead,
  // less what the form never sends (hx-params="not …": its CSRF token).
  on("click", function (e) {
    var link = e.target.closest("[data-language-switch], .lang-offer a");
    var form = document.querySelector("form.htmx-request, [data-stale]") &&
      document.querySelector("form[data-hx-replace-url]");
    if (!link || !form) { return; }
    var query = new URLSearchParams(new FormData(form)), url = new URL(link.href);
    (form.dataset.hxParams || "").split(/[ ,]/).forEach(function (k) { query.delete(k); });
    url.searchParams.set("next", location.pathname + "?" + query + location.hash);
    link.href = url;
  }, true);

  on("DOMContentLoaded", function () { enhance(document); });
  on("htmx:load", function (event) { enhance(event.target); });
})();
