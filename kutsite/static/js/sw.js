// The service worker: the rules at a table with no signal (served from /sw.js, kutsite/offline.py).
//
// - site.js registers the worker. When it starts, and after each page loaded from the network,
//   the worker checks the store of that page's language in the background: it asks
//   /<lang>/offline/store.json what to keep and under which version (deploy + content); when the
//   version is new it fetches every page and static file into a new store "kut-<lang>-<version>"
//   and, once that is complete, deletes the older stores of that language. So an edit reaches
//   the phone on its next online visit.
// - Pages: network first, with a short timeout; then the store; then the branded offline page
//   of the page's language (or another stored one). Static files: the store first (their names change with each deploy).
// - Read-only game sheets opened before are kept in "kut-sheets" and shown offline with a note
//   giving the time they were last loaded. So is an edit sheet, which asks for itself and for
//   the page that records its next round (games/sheet.js): "Record round 7" opens with no
//   signal too, and so does "Back to the sheet" from there.
"use strict";

var PREFIX = "kut-";
var SHEETS = PREFIX + "sheets";
var SHEETS_KEPT = 20;
var TIMEOUT = 3000;
var LANGUAGES = ["en", "de"];
var syncing = {};

self.addEventListener("install", function () { self.skipWaiting(); });

// The first visit: the page that registered the worker was loaded without it. Its language's
// store is filled, and a read-only sheet (a watch link opened on a new phone) is kept at once.
self.addEventListener("activate", function (event) {
  event.waitUntil(self.clients.claim().then(function () {
    return self.clients.matchAll({ type: "window" });
  }).then(function (windows) {
    return Promise.all(windows.map(function (client) {
      var language = languageOf(client.url, null);
      return sync(language).then(function () { return storeInfo(language || "en"); }).then(function (list) {
        if (!isSheet(client.url, list)) { return null; }
        return fetch(client.url, { credentials: "same-origin" }).then(function (response) {
          return response.ok ? keepSheet(client, response) : null;
        });
      }).catch(function () { return null; });
    }));
  }));
});

// The page's language from its path ("/de/…"), else `fallback`.
function languageOf(url, fallback) {
  var first = new URL(url).pathname.split("/")[1];
  return LANGUAGES.indexOf(first) === -1 ? (fallback === undefined ? "en" : fallback) : first;
}

function storeInfo(language) {
  return caches.open(PREFIX + "info").then(function (cache) {
    return cache.match("/" + language + "/offline/store.json").then(function (response) {
      return response ? response.json() : null;
    });
  });
}

// Fetch the list; fill a new store when its version is new, then delete the older ones. The
// info cache records a version only once its store is complete. One sync per language at a time.
function sync(language) {
  if (!language) { return Promise.resolve(null); }
  if (syncing[language]) { return syncing[language]; }
  var listUrl = "/" + language + "/offline/store.json";
  syncing[language] = fetch(listUrl, { credentials: "same-origin", cache: "no-cache" }).then(function (response) {
    if (!response.ok) { throw new Error("store list " + response.status); }
    return Promise.all([response.clone().json(), storeInfo(language)]).then(function (lists) {
      var list = lists[0];
      var name = PREFIX + language + "-" + list.version;
      if (lists[1] && lists[1].version === list.version) { return null; }
      return fill(name, list.urls).then(function () { return retire(language, name); }).then(function () {
        return caches.open(PREFIX + "info").then(function (info) { return info.put(listUrl, response); });
      });
    });
  }).catch(function () { return null; }).then(function () { delete syncing[language]; });
  return syncing[language];
}

function fill(name, urls) {
  return caches.open(name).then(function (cache) {
    return Promise.all(urls.map(function (url) {
      return fetch(url, { credentials: "same-origin", cache: "no-cache" }).then(function (response) {
        if (!response.ok) { throw new Error(url + " " + response.status); }
        return cache.put(url, response);
      });
    }));
  });
}

function retire(language, current) {
  var mine = PREFIX + language + "-";
  return caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf(mine) === 0 && name !== current;
    }).map(function (name) { return caches.delete(name); }));
  });
}

// A shared link often carries a query of its own (?fbclid=…, ?utm_source=…): the stored page
// without it is the same page. (Only the rules are stored; no checker answer is.) A game's
// kept pages (X-Kut-Stored) are `storedSheet`'s: a record page's address with entries in the
// query would open it empty.
function fromStore(request) {
  function stored(found) { return found && !found.headers.has("X-Kut-Stored") ? found : undefined; }
  return caches.match(request, { ignoreVary: true }).then(stored).then(function (response) {
    return response || caches.match(request, { ignoreVary: true, ignoreSearch: true }).then(stored);
  });
}

// The offline page in the page's language, else in one this phone has stored. After a form
// that could not be sent, "Try again" goes back to the form's page, whose address holds what
// was entered (reloading the form's own address would ask for an empty form), and the page
// says that the form may have arrived: only the answer may have been lost on the way back.
// A link followed (no query, like "Record round 7") carried no entries: the page says nothing
// of them.
function offlinePage(request, back) {
  var order = [switchingTo(request.url) || languageOf(request.url)].concat(LANGUAGES);
  function find(i) {
    if (i >= order.length) { return Promise.resolve(undefined); }
    return caches.match("/" + order[i] + "/offline/", { ignoreVary: true }).then(function (response) {
      return response || find(i + 1);
    });
  }
  var sent = request.method !== "GET";
  var typed = sent || new URL(request.url).search !== "";
  var here = back && new URL(back).origin === self.location.origin;
  return find(0).then(function (response) {
    if (!response || (typed && !sent && !here)) { return response; }
    return response.text().then(function (html) {
      if (here) {
        var href = back.replace(/[&<>"]/g, function (c) { return "&#" + c.charCodeAt(0) + ";"; });
        html = html.replace('href="" data-retry', 'href="' + href + '" data-retry');
      }
      if (sent || !typed) { html = html.replace("<p data-kept>", "<p data-kept hidden>"); }
      if (sent) { html = html.replace("<p data-sent hidden>", "<p data-sent>"); }
      return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
    });
  });
}

// The language switch (/language/<code>/?next=…) asks the server, which remembers the choice.
// With no signal, the page it leaves names its twin (<link rel="alternate" hreflang>): a stored
// page leads to its twin, query and #fragment kept, which the store may hold too. Else the
// offline page, in the language asked for, whose "Try again" asks the server once more.
function switchingTo(url) {
  var match = /^\/language\/(\w+)\/$/.exec(new URL(url).pathname);
  var code = match && match[1].toLowerCase();
  return LANGUAGES.indexOf(code) === -1 ? null : code;
}

function switched(request) {
  var code = switchingTo(request.url), next;
  try {
    next = new URL(new URL(request.url).searchParams.get("next") || "/", self.location.origin);
  } catch (error) { return Promise.resolve(undefined); }  // a hand-made ?next= that is no URL
  if (!code || next.origin !== self.location.origin) { return Promise.resolve(undefined); }
  return fromStore(new Request(next.href)).then(function (response) {
    return response ? response.text() : "";
  }).then(function (html) {
    var twin = new RegExp('<link rel="alternate" hreflang="' + code + '" href="([^"]+)"').exec(html);
    if (!twin) { return undefined; }
    var path = new URL(twin[1].replace(/&amp;/g, "&"), self.location.origin).pathname;
    return Response.redirect(self.location.origin + path + next.search + next.hash, 302);
  });
}

function isSheet(url, list) {
  return list && list.sheets && new URL(url).pathname.indexOf(list.sheets) === 0;
}

function keepSheet(request, response, sheet) {
  return caches.open(SHEETS).then(function (cache) {
    var headers = new Headers(response.headers);
    headers.set("X-Kut-Stored", new Date().toISOString());
    if (sheet) { headers.set("X-Kut-Sheet", "1"); }
    return response.blob().then(function (body) {
      return cache.put(request.url, new Response(body, { status: response.status, headers: headers }));
    }).then(function () {
      return cache.keys().then(function (keys) {
        return Promise.all(keys.slice(0, Math.max(0, keys.length - SHEETS_KEPT)).map(function (key) {
          return cache.delete(key);
        }));
      });
    });
  });
}

// A kept sheet, with the note giving its time; a kept record page only once the network has
// failed (`failed`), never for a late answer: it may be a round behind, and says nothing.
function storedSheet(request, list, failed) {
  return caches.open(SHEETS).then(function (cache) { return cache.match(request.url); }).then(function (response) {
    if (!response) { return undefined; }
    var sheet = list && (isSheet(request.url, list) || response.headers.has("X-Kut-Sheet"));
    if (!sheet) { return failed || !list ? response : undefined; }
    // The month in words: "12/6/2026" is 12 June to half the table. In the phone's own variant
    // of the page's language (en-GB: 7 Dec 2026, 07:15), as games/sheet.js writes it.
    var own = navigator.language || "";
    var time = new Date(response.headers.get("X-Kut-Stored")).toLocaleString(
      own.split("-")[0] === list.language ? [own, list.language] : list.language,
      { dateStyle: "medium", timeStyle: "short" }
    );
    var note = list.stale.replace("%(time)s", time);
    return response.text().then(function (html) {
      var banner = '<p class="notice" role="status" data-offline-sheet>' + note.replace(/[&<>"]/g, function (c) {
        return "&#" + c.charCodeAt(0) + ";";
      }) + "</p>";
      html = html.replace(/(<main[^>]*>)/, "$1" + banner);
      return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
    });
  });
}

// Network first, but not for long: a page still loading after TIMEOUT comes from the store.
function page(event) {
  var request = event.request;
  if (request.method !== "GET") {
    // Back or Forward to a form's answer: the browser only takes a kept copy (it never sends a
    // form again by itself), and there is none. Open the form's page as it is now instead.
    var back = request.referrer;
    if (request.cache === "only-if-cached" && back && new URL(back).origin === self.location.origin) {
      return Promise.resolve(Response.redirect(back, 303));
    }
    // A form being sent: wait for the server however long it takes, never answer twice.
    return fetch(request).catch(function () { return offlinePage(request, back); });
  }
  var kept = storeInfo(languageOf(request.url)).catch(function () { return null; });
  // The form's page opened that way (above) comes with `only-if-cached` too, which a worker
  // cannot fetch with: it is asked the usual way.
  var asked = request.cache !== "only-if-cached" ? request :
    new Request(request.url, { credentials: "same-origin", redirect: "manual" });
  var settled = fetch(asked).then(function (response) {
    if (response.ok) {
      var copy = response.clone();
      event.waitUntil(kept.then(function (list) {
        return isSheet(request.url, list) ? keepSheet(request, copy) : refresh(request, copy);
      }).catch(function () { return null; }).then(function () {
        return sync(languageOf(request.url, null));
      }));
    }
    return response;
  });
  function stored(failed) {
    return kept.then(function (list) {
      return storedSheet(request, list, failed).then(function (sheet) {
        return sheet || fromStore(request);
      });
    });
  }
  var late = new Promise(function (resolve) { setTimeout(resolve, TIMEOUT, "late"); });
  return Promise.race([settled, late]).then(function (first) {
    if (first !== "late") { return first; }
    return stored(false).then(function (response) { return response || settled; });
  }).catch(function () {
    return stored(true).then(function (response) { return response || switched(request); })
      .then(function (response) { return response || offlinePage(request); })
      .then(function (response) { return response || Response.error(); });
  });
}

// A page already in the store is replaced by the copy just loaded. Only the complete store is
// touched, after any sync of its language: opening a store being deleted would bring it back.
function refresh(request, response) {
  var language = languageOf(request.url, null);
  if (!language) { return Promise.resolve(null); }
  return Promise.resolve(syncing[language]).then(function () { return storeInfo(language); }).then(function (list) {
    var name = list && PREFIX + language + "-" + list.version;
    return name && caches.has(name).then(function (complete) {
      return complete && caches.open(name).then(function (cache) {
        return cache.match(request, { ignoreVary: true }).then(function (old) { return old && cache.put(request, response); });
      });
    });
  });
}

// The edit sheet on screen names itself and the page that records its next round, on loading
// and each time the sheet changes: kept in place of the copies before, as fresh as the sheet.
// A round entered there with no signal is kept on the phone and sent later (games/entry.js);
// had the sheet changed meanwhile, the server refuses it as with any stale form, and says so.
// Only a game's pages are kept so (a kept page comes before the language's store). The store
// is synced after it: a page kept after a deploy names the new static files.
self.addEventListener("message", function (event) {
  if (!event.data || typeof event.data.keep !== "string") { return; }
  var url = new URL(event.data.keep, self.location.origin);
  var language = languageOf(url.href, null);
  event.waitUntil(storeInfo(language || "en").then(function (list) {
    var games = list && list.games;
    if (url.origin !== self.location.origin || !games || url.pathname.indexOf(games) !== 0 ||
        url.pathname === games) { return null; }
    return fetch(url.href, { credentials: "same-origin" }).then(function (response) {
      return response.ok && !response.redirected ?
        keepSheet(new Request(url.href), response, event.data.sheet === true) : null;
    }).then(function () { return sync(language); });
  }).catch(function () { return null; }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (request.mode === "navigate") {
    event.respondWith(page(event));
  } else if (request.method === "GET" && url.pathname.indexOf("/static/") === 0) {
    event.respondWith(fromStore(request).then(function (stored) { return stored || fetch(request); }));
  }
});
