// Game sheet: polling without needless swaps, a print button, rounds kept with no signal.
(function () {
  "use strict";

  // The sheet polls itself with If-None-Match (hx-headers). An unchanged sheet answers
  // 304 Not Modified with no body: keep what is on screen instead of swapping in nothing.
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.xhr && event.detail.xhr.status === 304) {
      event.detail.shouldSwap = false;
      return;
    }
    keepAcrossSwap(event.detail.target);
  });
  document.addEventListener("htmx:afterSwap", restoreAfterSwap);

  // A sheet shown from this phone's store (sw.js) carries a note with the time it was kept.
  // Once a poll is answered, changed (200) or not (304), the sheet is current: the note goes.
  // A poll that gets no answer (no signal, a server error) leaves the sheet as it was: the
  // same note says since when, until a poll is answered again. Its words come once the note
  // is on the page: a status added with its words already in it is often not read out.
  var current = new Date();
  document.addEventListener("htmx:afterRequest", function (event) {
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    if (status !== 200 && status !== 304) { return; }
    current = new Date();
    document.querySelectorAll("[data-offline-sheet]").forEach(function (note) { note.remove(); });
  });
  function unanswered(event) {
    var sheet = document.getElementById("sheet");
    if (!sheet || event.detail.elt !== sheet || document.querySelector("[data-offline-sheet]")) { return; }
    var note = document.createElement("p");
    note.className = "notice";
    note.setAttribute("role", "status");
    note.dataset.offlineSheet = "";
    document.querySelector("main").prepend(note);
    setTimeout(function () {
      note.textContent = sheet.dataset.offlineNote.replace("%(time)s",
        current.toLocaleString(document.documentElement.lang));
    }, 250);
  }
  ["htmx:sendError", "htmx:responseError", "htmx:timeout"].forEach(function (name) {
    document.addEventListener(name, unanswered);
  });

  // A changed sheet is swapped in whole. htmx gives the focus back to the element with the same
  // id (the sheet's links and buttons have stable ids). A confirmation that was open stays open
  // while its question reads the same, so a button in it keeps its focus; one that now asks
  // about another round closes, and the focus goes to its question, never to the new button.
  var swapped = null;

  function lost() { return !document.activeElement || document.activeElement === document.body; }
  function text(element) { return element.textContent.replace(/\s+/g, " ").trim(); }

  function keepAcrossSwap(sheet) {
    swapped = null;
    if (!sheet || sheet.id !== "sheet") { return; }
    var active = document.activeElement;
    var inside = active && active !== sheet && sheet.contains(active);
    var details = inside ? active.closest("details") : null;
    var question = details ? details.querySelector("summary[id]") : null;
    swapped = {
      open: Array.prototype.map.call(sheet.querySelectorAll("details[open] > summary[id]"),
        function (summary) { return [summary.id, text(summary)]; }),
      focus: inside ? active.id : "",
      question: question ? question.id : ""
    };
  }

  // A sheet that changed (another phone recorded or undid a round) is read out: that it
  // changed, and the standing line as it is now.
  function sayChanged() {
    var said = document.querySelector("[data-said]");
    var standing = document.querySelector("#sheet .standing__main");
    if (said && standing) { said.textContent = said.dataset.said + " " + text(standing); }
  }

  function restoreAfterSwap() {
    var state = swapped;
    swapped = null;
    if (!state) { return; }
    sayChanged();
    state.open.forEach(function (open) {
      var summary = document.getElementById(open[0]);
      if (summary && summary.parentElement.tagName === "DETAILS" && text(summary) === open[1]) {
        summary.parentElement.open = true;
      }
    });
    if (!state.focus || !lost()) { return; }
    var again = document.getElementById(state.focus);
    if (again) { again.focus({ preventScroll: true }); }
    if (lost() && state.question) {
      var question = document.getElementById(state.question);
      if (question) { question.focus({ preventScroll: true }); }
    }
  }

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

  // A round saved with no signal is not lost: it stays on this phone (localStorage, under the
  // form's address, i.e. the game and the round being edited) and the page says so; it is sent
  // when the signal is back (the `online` event, or the next time this page is opened). It keeps
  // the form's version and submission id, so the server records it once however often it
  // arrives (games.services.already_done), and a sheet changed meanwhile is a conflict as usual.
  var PENDING = "kut-entry:";

  // (form.action would be the buttons named "action", not the attribute)
  function target(form) { return new URL(form.getAttribute("action"), location.href); }
  function keyOf(form) { return PENDING + target(form).pathname; }
  function pending(form) {
    try { return JSON.parse(localStorage.getItem(keyOf(form))); } catch (error) { return null; }
  }
  function keep(form, fields) {
    try { localStorage.setItem(keyOf(form), JSON.stringify(fields)); return true; } catch (error) { return false; }
  }
  function forget(form) {
    try { localStorage.removeItem(keyOf(form)); } catch (error) { /* private mode */ }
  }

  function fieldsOf(form) {
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken" && name !== "action") { fields.push([name, value]); }
    });
    return fields;
  }

  function fill(form, fields) {
    var values = {};
    fields.forEach(function (field) { (values[field[0]] = values[field[0]] || []).push(field[1]); });
    Array.prototype.forEach.call(form.elements, function (input) {
      if (!input.name || input.name === "csrfmiddlewaretoken" || input.disabled) { return; }
      var kept = values[input.name] || [];
      if (input.type === "checkbox" || input.type === "radio") {
        input.checked = kept.indexOf(input.value) !== -1;
      } else if (input.type !== "submit" && kept.length) {
        input.value = kept[0];
      }
    });
  }

  function notice(form, shown) {
    var note = form.querySelector("[data-offline-entry]");
    if (!note) { return; }
    note.hidden = !shown;
    // Written after it is shown, so that screen readers announce it (role="status").
    note.textContent = shown ? note.dataset.offlineEntry : "";
  }

  function saveButton(form) { return form.querySelector("button[name='action'][value='save']"); }

  // Send the kept round. Answered with a redirect, it is on the sheet: go there. Refused (a 4xx:
  // nothing was written), the form is sent the ordinary way so the page shows why. No answer or
  // a server error: it stays kept, and is sent again (the same submission id: never saved twice).
  function send(form) {
    var fields = pending(form);
    if (!fields || form.dataset.sending) { return; }
    form.dataset.sending = "1";
    var body = new URLSearchParams(fields);
    body.append("csrfmiddlewaretoken", form.elements.csrfmiddlewaretoken.value);
    body.append("action", "save");
    fetch(target(form), { method: "POST", body: body, credentials: "same-origin" }).then(function (response) {
      if (response.status >= 500) { throw new Error("server " + response.status); }
      forget(form);
      if (response.redirected) {
        location.assign(response.url);
      } else {
        form.requestSubmit(saveButton(form));
      }
    }).catch(function () {
      delete form.dataset.sending;
      // Online, yet nothing got through (one bar of signal): try again, less and less often.
      var wait = Math.min(60000, (Number(form.dataset.retryWait) || 2000) * 2);
      form.dataset.retryWait = wait;
      setTimeout(function () { if (navigator.onLine) { send(form); } }, wait);
    });
  }

  function keepOffline(form) {
    form.addEventListener("submit", function (event) {
      var action = event.submitter ? event.submitter.value : "save";
      if (action !== "save") { return; }
      if (navigator.onLine) {
        forget(form);  // this form now carries the entry itself
        return;
      }
      if (keep(form, fieldsOf(form))) {
        event.preventDefault();
        notice(form, true);
      }
    });
    var kept = pending(form);
    if (kept) {
      fill(form, kept);
      notice(form, true);
      if (navigator.onLine) { send(form); }
    }
    window.addEventListener("online", function () { send(form); });
  }

  // (the Print button shows itself where scripts run: games.css)
  document.addEventListener("DOMContentLoaded", function () {
    fixPlayers();
    document.querySelectorAll("form[data-keep-offline]").forEach(keepOffline);
    // What a write did (?done=…) is news once: the address left in the bar, to be copied and
    // sent on, is the sheet's own.
    if (document.querySelector("[data-done]") && /[?&]done=/.test(location.search)) {
      history.replaceState(history.state, "", location.pathname + location.hash);
    }
  });
})();
