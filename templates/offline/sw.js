/* The service worker, served at /sw.js (scoring/pages/views/offline.py) so that its scope is
   the whole site. Hand-written and short: static files from the cache; the pages of the games
   this phone opens (the game page and its hand form) from the network while there is one,
   from the cache when there is none; its page for "no connection" in the language of the last
   page it fetched (every language is here: a worker whose bytes change with the language is
   installed again when a phone switches). The API is never cached here: hands kept offline wait in
   IndexedDB (static/js/outbox.js), not in this worker. A new version (any static file changed
   its hashed name) drops the old caches. The words of the pages' scripts (Django's JavaScript
   catalog, one URL a language: ?v=de) from the network while there is one, else the copy kept
   the last time a page asked for it.
   The kept pages are one account's: every page says which account it was rendered for (the
   Hearts-Account header, empty for nobody), and a page for anyone else, another account or
   nobody (a session that expired or was ended elsewhere), drops them all before anything is
   kept or looked up again; so does signing out. */
"use strict";

var VERSION = "{{ version }}";
var ASSETS = {{ assets|safe }};
var STATIC_PREFIX = {{ static_prefix|safe }};
var CATALOG = {{ catalog|safe }};
var STATIC_CACHE = "hearts-static-" + VERSION;
var PAGES_CACHE = "hearts-pages-" + VERSION;
// A game page and its hand form: what a scorer needs at the table.
var KEPT_PAGE = /^\/games\/\d+\/(enter\/)?$/;
// The account the kept pages are for, kept beside them under a name no page has.
var OWNER = "/offline-account";
var ACCOUNT_HEADER = "Hearts-Account";
// The page for a page not kept (templates/offline/no_connection.html), in each language; the
// language of the last page fetched is kept beside the static files, under a name no file has.
var OFFLINE_PAGES = {{ offline_pages|safe }};
var DEFAULT_LANGUAGE = {{ default_language|safe }};
var LANGUAGE = "/offline-language";
var language = null;

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(STATIC_CACHE).then(function (cache) { return cache.addAll(ASSETS); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("hearts-") === 0 && name !== STATIC_CACHE && name !== PAGES_CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function keepable(url, response) {
  return KEPT_PAGE.test(url.pathname) && response.ok && !response.redirected && response.type === "basic";
}

// Every change to the kept pages, and every look-up, one after the other: a page for another
// account has dropped them before a look-up could find one.
var queue = Promise.resolve();
function serial(task) {
  var run = queue.then(task, task);
  queue = run.catch(function () {});
  return run;
}

// The kept pages, if they are ``account``'s; if not, none: they are dropped and the cache
// starts again for ``account``.
function pagesOf(account) {
  return caches.open(PAGES_CACHE).then(function (cache) {
    return cache.match(OWNER).then(function (hit) { return hit ? hit.text() : null; })
      .then(function (owner) {
        if (owner === account) return cache;
        return caches.delete(PAGES_CACHE).then(function () { return caches.open(PAGES_CACHE); })
          .then(function (fresh) { return fresh.put(OWNER, new Response(account)).then(function () { return fresh; }); });
      });
  });
}

// A page from the network: it says whose it is (a response without the header is no page:
// it changes nothing); kept if it is one a scorer needs at the table.
function remember(url, response) {
  var spoken = response.headers.get("Content-Language");
  if (spoken && spoken !== language) {
    language = spoken;
    caches.open(STATIC_CACHE).then(function (cache) { return cache.put(LANGUAGE, new Response(spoken)); });
  }
  var account = response.headers.get(ACCOUNT_HEADER);
  if (account === null) return Promise.resolve();
  var copy = keepable(url, response) ? response.clone() : null;
  return serial(function () {
    return pagesOf(account).then(function (cache) {
      if (copy) return cache.put(url.pathname + url.search, copy);
    });
  });
}

function offlinePage() {
  var known = language ? Promise.resolve(language) : caches.match(LANGUAGE).then(function (hit) { return hit ? hit.text() : ""; });
  return known.catch(function () { return ""; }).then(function (tag) {
    tag = (tag || self.navigator.language || "").toLowerCase();
    var html = OFFLINE_PAGES[tag] || OFFLINE_PAGES[tag.split("-")[0]] || OFFLINE_PAGES[DEFAULT_LANGUAGE];
    return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
  });
}

// The network first, so a page is never older than it must be; a kept copy when it fails.
function page(event) {
  var url = new URL(event.request.url);
  return fetch(event.request).then(function (response) {
    event.waitUntil(remember(url, response));
    return response;
  }).catch(function () {
    if (!KEPT_PAGE.test(url.pathname)) return offlinePage();
    return serial(function () {
      return caches.open(PAGES_CACHE).then(function (cache) {
        return cache.match(url.pathname + url.search).then(function (hit) {
          return hit || cache.match(url.pathname);
        });
      });
    }).then(function (hit) { return hit || offlinePage(); });
  });
}

function asset(request) {
  return caches.match(request).then(function (hit) {
    return hit || fetch(request).then(function (response) {
      if (response.ok) {
        var copy = response.clone();
        caches.open(STATIC_CACHE).then(function (cache) { return cache.put(request, copy); });
      }
      return response;
    });
  });
}

// Network first: its words change with a deploy's translations, not with the static files'
// names. The language is in the query, so each language is kept apart; Vary is ignored (the
// worker's own requests and the page's differ in headers it cannot see).
function catalog(event) {
  var request = event.request;
  return fetch(request).then(function (response) {
    if (response.ok) event.waitUntil(keepCatalog(request, response.clone()));
    return response;
  }).catch(function () {
    return caches.match(request, { ignoreVary: true }).then(function (hit) { return hit || Response.error(); });
  });
}

function keepCatalog(request, response) {
  return caches.open(STATIC_CACHE).then(function (cache) { return cache.put(request, response); });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") event.respondWith(page(event));
  else if (url.pathname === CATALOG) event.respondWith(catalog(event));
  else if (url.pathname.indexOf(STATIC_PREFIX) === 0) event.respondWith(asset(request));
});

// A page the phone shows keeps its catalog: asked before this worker ran, it went past it.
function keepCatalogs(sources) {
  return Promise.all(sources.filter(function (src) {
    var url = new URL(src, self.location.origin);
    return url.origin === self.location.origin && url.pathname === CATALOG;
  }).map(function (src) {
    return caches.match(src, { ignoreVary: true }).then(function (hit) {
      return hit || fetch(src, { credentials: "same-origin" }).then(function (response) {
        if (response.ok) return keepCatalog(src, response);
      });
    }).catch(function () {});
  }));
}

// From static/js/install.js: keep these pages now (the page the phone shows and its hand
// form) and the catalog among its scripts, or forget every kept page (on sign-out).
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.forget) {
    event.waitUntil(serial(function () { return caches.delete(PAGES_CACHE); }));
    return;
  }
  var urls = (data.keep || []).filter(function (path) { return KEPT_PAGE.test(new URL(path, self.location.origin).pathname); });
  event.waitUntil(Promise.all(urls.map(function (path) {
    return fetch(path, { credentials: "same-origin" }).then(function (response) {
      return remember(new URL(path, self.location.origin), response);
    }).catch(function () {});
  }).concat(keepCatalogs(data.scripts || []))));
});
