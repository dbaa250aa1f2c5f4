// Cutoff demo: a small script, far below any limit.
document.documentElement.classList.add("js");
