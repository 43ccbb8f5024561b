// My games on this phone: the sheets this browser opened, most recent first, kept in
// localStorage (no account, nothing sent). Without JavaScript the list is simply not there.
(function () {
  "use strict";
  var KEY = "kut-games";

  function load() {
    try { return JSON.parse(localStorage.getItem(KEY)) || []; } catch (error) { return []; }
  }
  function save(list) {
    try { localStorage.setItem(KEY, JSON.stringify(list.slice(0, 20))); } catch (error) { /* private mode */ }
  }
  function without(list, url) {
    return list.filter(function (game) { return game.url !== url; });
  }

  function show(section) {
    var list = load();
    var ul = section.querySelector("ul");
    ul.textContent = "";
    list.forEach(function (game) {
      var li = document.createElement("li");
      var link = document.createElement("a");
      var forget = document.createElement("button");
      link.href = game.url;
      link.textContent = game.names + (game.watch ? " " + section.dataset.watching : "");
      forget.type = "button";
      forget.className = "button--quiet";
      forget.textContent = section.dataset.forget;
      forget.setAttribute("aria-label", section.dataset.forget + ": " + game.names);
      forget.addEventListener("click", function () {
        save(without(load(), game.url));
        show(section);
        (section.hidden ? document.querySelector("main") : section.querySelector("button")).focus();
      });
      li.append(link, " ", forget);
      ul.append(li);
    });
    section.hidden = list.length === 0;
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-remember-game]").forEach(function (sheet) {
      var url = location.pathname;
      save([{ url: url, names: sheet.dataset.names, watch: sheet.dataset.watch === "1" }].concat(without(load(), url)));
    });
    document.querySelectorAll("[data-my-games]").forEach(show);
  });
})();
