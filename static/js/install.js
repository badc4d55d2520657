/* The installable app's service worker (/sw.js, templates/offline/sw.js): registered on every
   page; a page that names what to keep for offline use (data-keep-offline on <main>: the game
   page and its hand form) asks the worker to keep them; signing out forgets every kept page
   (and the worker drops them itself when a page for another account, or for nobody, comes).
   Without this file, or without service workers, every page works as before online. */
(function () {
  "use strict";
  if (!("serviceWorker" in navigator)) return;

  function keep(worker) {
    var main = document.querySelector("[data-keep-offline]");
    if (!main || !worker) return;
    var urls = main.dataset.keepOffline.split(" ").filter(Boolean);
    // The scripts too: the worker keeps the words' catalog among them, for the kept pages.
    var scripts = Array.prototype.map.call(document.scripts, function (script) { return script.src; }).filter(Boolean);
    worker.postMessage({ keep: urls, scripts: scripts });
  }

  window.addEventListener("load", function () {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      keep(registration.active);
      document.documentElement.dataset.offlineReady = "true";
    }).catch(function () { /* no worker: the pages still work online */ });
  });

  function forget() {
    var worker = navigator.serviceWorker.controller;
    if (worker) worker.postMessage({ forget: true });
  }
  // Signing out: outbox.js first removes the hands kept for the account (it may ask), then
  // says "signing-out"; without it (no IndexedDB) the form is sent as it is.
  document.addEventListener("signing-out", forget);
  document.addEventListener("submit", function (event) {
    if (event.target.matches("form[data-sign-out]") && !event.defaultPrevented) forget();
  });
})();
