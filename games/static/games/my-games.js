// The list of my games (see mine.js, loaded before this script, which keeps it). Each game
// links to its sheet in the language of this page, whichever language it was opened in.
(function () {
  "use strict";
  var games = window.kutGames;
  // The sheet addresses in this page's language, reversed for this stand-in secret
  // (_my_games.html): a game's own secret takes its place.
  var STAND_IN = "0000000000000000000000";

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

  function address(section, game) {
    var pattern = game.watch ? section.dataset.viewUrl : section.dataset.sheetUrl;
    return pattern ? pattern.replace(STAND_IN, games.secret(game.url)) : game.url;
  }

  function show(section) {
    var list = games.load();
    var ul = section.querySelector("ul");
    ul.textContent = "";
    list.forEach(function (game, index) {
      var li = document.createElement("li");
      var which = document.createElement("span");
      var link = document.createElement("a");
      var forget = document.createElement("button");
      var about = details(section, game);
      link.href = address(section, game);
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
      forget.setAttribute("aria-label", section.dataset.forget + ": " + link.textContent + (about ? ", " + about : ""));
      forget.addEventListener("click", function () {
        games.save(games.without(games.load(), game.url));
        show(section);
        (section.hidden ? document.querySelector("main") : section.querySelector("button")).focus();
      });
      li.append(which, " ", forget);
      ul.append(li);
    });
    section.hidden = list.length === 0;
  }

  document.addEventListener("DOMContentLoaded", function () {
    if (games) { document.querySelectorAll("[data-my-games]").forEach(show); }
  });
})();
