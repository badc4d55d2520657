/* An invitation's link, sent on its way: "Copy link" (copy-text.js) and "Share…" (the Web
   Share API, which phones have and most desktops lack), each shown only where this browser can
   do it. Without this file the link is still selectable text and its QR code still scans. */
(function () {
  "use strict";
  // The words come from the page's catalog (jsi18n); without it, in English.
  var gettext = window.gettext || function (s) { return s; };

  function say(box, words) {
    var said = box.querySelector("[data-share-said]");
    if (said) said.textContent = words;
  }

  function copier(box, button) {
    if (!window.heartsCopy) return;
    button.hidden = false;
    button.addEventListener("click", function () {
      window.heartsCopy(button.dataset.copyLink, function (copied) {
        say(box, copied
          ? gettext("Copied: paste it into a message.")
          : gettext("This browser would not copy it: select the link and copy it."));
      });
    });
  }

  function sharer(box, button) {
    var data = { title: button.dataset.shareTitle, url: button.dataset.shareLink };
    if (!(navigator.share && (!navigator.canShare || navigator.canShare(data)))) return;
    button.hidden = false;
    button.addEventListener("click", function () {
      navigator.share(data).catch(function (error) {
        if (error && error.name !== "AbortError") say(box, gettext("Sharing failed: copy the link instead."));
      });
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-share]").forEach(function (box) {
      box.querySelectorAll("[data-copy-link]").forEach(function (b) { copier(box, b); });
      box.querySelectorAll("[data-share-link]").forEach(function (b) { sharer(box, b); });
    });
  });
})();
