// Cutoff demo: robots.txt disallows /private/ for googlebot, so its renderer never runs this file.
window.demoTracker = { loaded: true };
