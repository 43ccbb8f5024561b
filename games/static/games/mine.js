// My games on this phone: the sheets this browser opened, most recent first, kept in
// localStorage (no account, nothing sent). This part remembers the sheet on screen; the list
// itself is drawn by my-games.js, on the pages that show it.
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
  window.kutGames = { load: load, save: save, secret: secret, without: without };

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
  });
  document.addEventListener("htmx:afterSwap", recount);
})();
