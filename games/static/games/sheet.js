// Game sheet: polling without needless swaps, a print button (recording a round: entry.js).
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
  document.addEventListener("htmx:afterSwap", function () {
    restoreAfterSwap();
    keepForOffline();
  });

  // The edit sheet and the page that records its next round are kept on this phone (sw.js),
  // so that both open with no signal; asked for again whenever the sheet changes, so that
  // neither is a round behind.
  function keepForOffline() {
    var link = document.getElementById("record-round");
    var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (!worker || !document.querySelector("[data-kept-entry]")) { return; }
    worker.postMessage({ keep: location.pathname, sheet: true });
    if (link) { worker.postMessage({ keep: link.href }); }
  }

  // A round saved with no signal on the record page waits on this phone and is sent from that
  // page (entry.js): the sheet says so, with a link to it. (Only while there is a round to
  // record: the page takes the round it keeps, or says why the sheet refuses it.)
  function keptEntry() {
    var game = document.querySelector("[data-kept-entry]");
    var record = document.getElementById("record-round");
    try {
      if (!game || !record || !localStorage.getItem("kut-entry:" + record.pathname)) { return; }
    } catch (error) { return; }  // no storage (private mode): nothing can be waiting
    var note = document.createElement("p"), link = document.createElement("a");
    note.className = "notice";
    note.setAttribute("role", "status");
    note.dataset.keptEntryNote = "";
    link.href = record.href;
    document.querySelector("main").prepend(note);
    setTimeout(function () { link.textContent = game.dataset.keptEntry; note.append(link); }, 250);
  }

  // A sheet shown from this phone's store (sw.js) carries a note with the time it was kept.
  // Once a poll is answered, changed (200) or not (304), the sheet is current: the note goes.
  // A poll that gets no answer (no signal, a server error) leaves the sheet as it was: the
  // same note says since when, until a poll is answered again. Its words come once the note
  // is on the page: a status added with its words already in it is often not read out.
  var current = new Date();
  // The month in words, as sw.js writes the stored sheet's time: "12/6/2026" is 12 June to half
  // the table. In the phone's own variant of the page's language (en-GB: 7 Dec 2026, 07:15).
  var WHEN = { dateStyle: "medium", timeStyle: "short" };
  function when(date) {
    var language = document.documentElement.lang, own = navigator.language || "";
    return date.toLocaleString(own.split("-")[0] === language ? [own, language] : language, WHEN);
  }
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
        when(current));
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

  // A sheet that changed (another phone recorded, corrected or undid a round) says so, on screen
  // and read out, with the standing line as it is now (read out only: it is on screen just
  // below). What this phone did last (?done=…) is no longer what the sheet shows: that note goes.
  function sayChanged() {
    var said = document.querySelector("[data-said]");
    var standing = document.querySelector("#sheet .standing__main");
    var done = document.querySelector("[data-done]");
    if (done) { done.remove(); }
    if (said && standing) {
      said.textContent = said.dataset.said + " ";
      said.append(Object.assign(document.createElement("span"), {
        className: "visually-hidden", textContent: text(standing)
      }));
      said.classList.remove("visually-hidden");
    }
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
    // What the keyboard was on is gone (another phone undid its round): the sheet's heading
    // takes the focus, so that it stays in the sheet and not back at the top of the page
    var heading = document.getElementById("sheet-heading");
    if (lost() && heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-print]");
    if (!button) { return; }
    event.preventDefault();
    window.print();
  });

  // (the Print button shows itself where scripts run: games.css)
  // A phone's first visit: the worker takes over after the page has loaded.
  if (navigator.serviceWorker) {
    navigator.serviceWorker.addEventListener("controllerchange", keepForOffline);
  }
  document.addEventListener("DOMContentLoaded", function () {
    keepForOffline();
    keptEntry();
    // What a write did (?done=…) is news once: the address left in the bar, to be copied and
    // sent on, is the sheet's own.
    if (document.querySelector("[data-done]") && /[?&]done=/.test(location.search)) {
      history.replaceState(history.state, "", location.pathname + location.hash);
    }
  });
})();
