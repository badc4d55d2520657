/* The password reset links page (templates/pages/reset_links.html): a Copy button for the
   link shown once. Without this file the link is still there to select and copy by hand. */
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-copy]").forEach(function (button) {
      var source = document.getElementById(button.dataset.copy);
      var said = button.parentNode.querySelector("[data-copied]");
      if (!source || !navigator.clipboard) return;
      button.hidden = false;
      button.addEventListener("click", function () {
        navigator.clipboard.writeText(source.textContent.trim()).then(function () {
          said.textContent = "Copied.";
        }, function () {
          said.textContent = "Could not copy: select the link and copy it.";
        });
      });
    });
  });
})();
