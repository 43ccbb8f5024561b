// Recording or correcting a round: a round kept with no signal.
(function () {
  "use strict";

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

  // The status is on the page all along, empty: screen readers hear it when the words come.
  function notice(form, shown) {
    var note = form.querySelector("[data-offline-entry]");
    if (note) { note.textContent = shown ? note.dataset.offlineEntry : ""; }
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
    // A change made after the round was kept goes with it: what is sent is what the page shows.
    // (A tick box, a choice and the tile picker send "input" too.)
    form.addEventListener("input", function () {
      if (pending(form) && !form.dataset.sending) { keep(form, fieldsOf(form)); }
    });
    var kept = pending(form);
    if (kept) {
      fill(form, kept);
      notice(form, true);
      if (navigator.onLine) { send(form); }
    }
    window.addEventListener("online", function () { send(form); });
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form[data-keep-offline]").forEach(keepOffline);
  });
})();
