// Progressive enhancements: every feature here has a plain-HTML fallback.
(function () {
  "use strict";

  // One-tap share: the Web Share API where there is one, else copy the answer and the link.
  // Without JavaScript the share control is a plain link to the permalink.
  function share(link) {
    var url = link.href;
    var text = link.dataset.shareText;
    // A chat app drops the title: a share with no text of its own sends the title as its text
    var title = link.dataset.shareTitle || document.title;
    var data = { title: title, text: text || title, url: url };
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
    // the address to copy as it reads ("name1=Jürgen"), still one link when pasted
    function fail() { say(body.shareFailed + " " + decodeURI(url)); }
    if (!navigator.clipboard) { return fail(); }
    navigator.clipboard.writeText(text ? text + "\n" + url : url).then(function () {
      say(text ? body.shareCopiedAnswer : body.shareCopied);
    }, fail);
  }

  // With this script the share link does what a button does: it says so (htmx:load comes for
  // the page and for each answer swapped in), and Space shares as Enter (a click) does.
  function onShare(event) {
    var link = event.target.closest && event.target.closest("[data-share]");
    if (!link || (event.key && event.key !== " ")) { return; }
    event.preventDefault();
    share(link);
  }
  document.addEventListener("click", onShare);
  document.addEventListener("keydown", onShare);
  document.addEventListener("htmx:load", function (event) {
    event.target.querySelectorAll("[data-share]").forEach(function (link) { link.setAttribute("role", "button"); });
  });

  // The language switch takes the address as it is now (live updates, #fragment) along.
  function updateSwitch() {
    document.querySelectorAll("[data-language-switch], .lang-offer a").forEach(function (link) {
      var target = new URL(link.href);
      target.searchParams.set("next", location.pathname + location.search + location.hash);
      link.href = target.href;
    });
  }
  // (htmx:afterSettle would come before the new URL)
  window.addEventListener("htmx:replacedInHistory", updateSwitch);
  // A page drawn as a form's answer (…/undo/, a refused save) has neither: the switch keeps
  // the address the server gave it.
  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-language-switch], .lang-offer a") && (location.search || location.hash)) {
      updateSwitch();
    }
  }, true);

  // Offer a reader from elsewhere the twin in their language (cookie, else browser); pinned.
  var link = document.querySelector("[data-offer]"), box = document.createElement("div");
  var chosen = /(?:^|; )django_language=(\w+)/.exec(document.cookie);
  try {
    var wanted = RegExp("\\b(" + link.lang + "|" + document.documentElement.lang + ")")
      .exec(chosen ? chosen[1] : navigator.languages.join())[1] === link.lang
      && document.referrer.indexOf(location.origin + "/") && !localStorage.kutOffer;
  } catch (error) { /* none of our languages, or no storage */ }
  if (wanted) {
    box.className = "card lang-offer";
    box.lang = link.lang;
    box.innerHTML = '<a></a><button class="button--quiet"></button>';
    box.firstChild.href = link.href;
    box.firstChild.textContent = link.dataset.offer;
    box.lastChild.textContent = link.dataset.offerClose;
    box.lastChild.onclick = function () { box.remove(); link.focus(); localStorage.kutOffer = 1; };
    document.addEventListener("focusin", function (event) {
      if (event.target.closest("main, footer")) { box.remove(); }
    });
    link.closest("header").append(box);
  }

  if (navigator.serviceWorker) { navigator.serviceWorker.register("/sw.js"); }
})();
