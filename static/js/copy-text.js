/* Copying a text to the clipboard, for the pages' Copy buttons (share.js, reset-links.js):
   window.heartsCopy(text, done) calls done(true) once copied, done(false) if not.
   A clipboard that has not answered in PATIENCE_MS is taken as stuck (seen in headless
   Chromium under load): the text is then copied the older way, from a selected text area,
   still within the tap's activation. */
(function () {
  "use strict";
  var PATIENCE_MS = 1500;

  function copyFromSelection(text) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    // Set through the CSSOM, which the Content-Security-Policy allows (a style attribute not).
    area.style.position = "fixed";
    area.style.top = "0";
    area.style.opacity = "0";
    var before = document.activeElement;
    document.body.appendChild(area);
    area.select();
    area.setSelectionRange(0, text.length);  // iOS selects nothing by select() alone
    var copied = false;
    try {
      copied = document.execCommand("copy");
    } catch (e) {
      copied = false;
    }
    document.body.removeChild(area);
    if (before && before.focus) before.focus();  // the keyboard stays on the Copy button
    return copied;
  }

  window.heartsCopy = function (text, done) {
    var settled = false;
    function answer(copied) {
      if (settled) return;
      settled = true;
      done(copied);
    }
    function fallBack() { answer(copyFromSelection(text)); }
    if (!navigator.clipboard) return fallBack();
    var stuck = setTimeout(fallBack, PATIENCE_MS);
    navigator.clipboard.writeText(text).then(function () {
      clearTimeout(stuck);
      answer(true);
    }, function () {
      clearTimeout(stuck);
      fallBack();
    });
  };
})();
