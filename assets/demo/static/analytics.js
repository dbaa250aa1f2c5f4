// Cutoff demo: announced with <link rel="preload" as="script">.
window.demoAnalytics = { ready: true };
