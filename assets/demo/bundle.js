/*! Cutoff demo bundle, about 3,000,000 bytes of generated code.
 * Googlebot's renderer keeps the first 2,000,000 bytes of every script it fetches;
 * a script cut short is a syntax error, so none of it runs. */
(function () {
"use strict";
var registry = [];
{{js 2_999_908}}
registry.forEach(function (m) { m({ items: [] }); });
window.cutoffDemoReady = true;
})();
