// Starts Redoc on the documentation page (templates/drf_spectacular/redoc.html), with the
// nonce its run-time styles need under the Content-Security-Policy.
"use strict";
(function () {
  const script = document.currentScript;
  Redoc.init(
    script.dataset.schemaUrl,
    { nonce: script.nonce },
    document.getElementById("redoc-container"),
  );
})();
