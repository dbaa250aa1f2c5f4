// Cutoff demo: served from the second host (localhost). That host's robots.txt
// disallows /cdn/ for googlebot, so the renderer runs the page without this library.
window.demoLib = { version: "1.0.0" };
