// My games on this phone: the sheets this browser opened, most recent first, kept in
// localStorage (no account, nothing sent). Without JavaScript the list is simply not there.
// Each game keeps when it was started and how many rounds this phone last saw on its sheet, so
// two games of the same four players can be told apart.
(function () {
  "use strict";
  var KEY = "kut-games";

  function load() {
    try { return JSON.parse(localStorage.getItem(KEY)) || []; } catch (error) { return []; }
  }
  function save(list) {
    try { localStorage.setItem(KEY, JSON.stringify(list.slice(0, 20))); } catch (error) { /* private mode */ }
  }
  // A game is known by its secret, the last part of its address in either language
  // (/en/games/<secret>/, /de/spiele/<secret>/): one entry however often the language changes.
  function secret(url) {
    return String(url).split("/").slice(-2)[0];
  }
  function without(list, url) {
    return list.filter(function (game) { return secret(game.url) !== secret(url); });
  }

  // The page's language, in the browser's own variant of it when it has one (en-GB: 14 Mar 2025).
  function locales() {
    var language = document.documentElement.lang || "en";
    var preferred = (navigator.languages || [navigator.language]).filter(function (tag) {
      return tag && tag.toLowerCase().split("-")[0] === language;
    });
    return preferred.concat(language);
  }

  function started(section, value) {
    var date = value ? new Date(value) : null;
    if (!date || isNaN(date.getTime())) { return ""; }
    var text;
    try {
      text = new Intl.DateTimeFormat(locales(), { dateStyle: "medium", timeStyle: "short" }).format(date);
    } catch (error) {
      text = date.toLocaleString();
    }
    return section.dataset.started.replace("{date}", text);
  }

  function details(section, game) {
    var parts = [started(section, game.started)];
    if (typeof game.rounds === "number") {
      parts.push(section.dataset.rounds.replace("{rounds}", String(game.rounds)));
    }
    return parts.filter(Boolean).join(" · ");
  }

  function show(section) {
    var list = load();
    var ul = section.querySelector("ul");
    ul.textContent = "";
    list.forEach(function (game, index) {
      var li = document.createElement("li");
      var which = document.createElement("span");
      var link = document.createElement("a");
      var forget = document.createElement("button");
      var about = details(section, game);
      link.href = game.url;
      link.textContent = game.names + (game.watch ? " " + section.dataset.watching : "");
      which.append(link);
      if (about) {
        var meta = document.createElement("span");
        meta.className = "field__help";
        meta.id = "my-game-" + index;
        meta.textContent = about;
        link.setAttribute("aria-describedby", meta.id);
        which.append(document.createElement("br"), meta);
      }
      forget.type = "button";
      forget.className = "button--quiet";
      forget.textContent = section.dataset.forget;
      forget.setAttribute("aria-label", section.dataset.forget + ": " + game.names + (about ? ", " + about : ""));
      forget.addEventListener("click", function () {
        save(without(load(), game.url));
        show(section);
        (section.hidden ? document.querySelector("main") : section.querySelector("button")).focus();
      });
      li.append(which, " ", forget);
      ul.append(li);
    });
    section.hidden = list.length === 0;
  }

  // How many rounds the sheet on screen shows (it refreshes itself: see sheet.js).
  function rounds() {
    var sheet = document.querySelector("[data-rounds]");
    var count = sheet ? parseInt(sheet.dataset.rounds, 10) : NaN;
    return isNaN(count) ? undefined : count;
  }

  // The sheet's own address, not the page's: a refused write shows the sheet at /undo/.
  function remember(sheet) {
    var url = sheet.dataset.url;
    var game = { url: url, names: sheet.dataset.names, watch: sheet.dataset.watch === "1" };
    game.started = sheet.dataset.started || undefined;
    game.rounds = rounds();
    save([game].concat(without(load(), url)));
  }

  // A refreshed sheet: the count moves on, the game keeps its place in the list.
  function recount() {
    var sheet = document.querySelector("[data-remember-game]");
    var count = rounds();
    if (!sheet || count === undefined) { return; }
    save(load().map(function (game) {
      if (secret(game.url) === secret(sheet.dataset.url)) { game.rounds = count; }
      return game;
    }));
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-remember-game]").forEach(remember);
    document.querySelectorAll("[data-my-games]").forEach(show);
  });
  document.addEventListener("htmx:afterSwap", recount);
})();
