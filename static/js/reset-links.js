/* The password reset links page (templates/pages/reset_links.html): a Copy button for the
   link shown once (copy-text.js copies). Without these files the link is still there to
   select and copy by hand. */
(function () {
  "use strict";
  // The words come from the page's catalog (jsi18n); without it, in English.
  var gettext = window.gettext || function (s) { return s; };
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-copy]").forEach(function (button) {
      var source = document.getElementById(button.dataset.copy);
      var said = button.parentNode.querySelector("[data-copied]");
      if (!source || !window.heartsCopy) return;
      button.hidden = false;
      button.addEventListener("click", function () {
        window.heartsCopy(source.textContent.trim(), function (copied) {
          said.textContent = copied
            ? gettext("Copied.")
            : gettext("Could not copy: select the link and copy it.");
        });
      });
    });
  });
})();
