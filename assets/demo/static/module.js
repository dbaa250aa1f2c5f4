// Cutoff demo: an ES module, announced early with <link rel="modulepreload">.
export function greet(name) {
  return "Hello, " + name;
}
document.documentElement.dataset.module = greet("crawler");
