// Cutoff demo: this script is referenced only after byte 2,000,000 of /resources,
// so Googlebot never discovers it. If it mattered for rendering, the page would break.
document.documentElement.classList.add("late-script-ran");
