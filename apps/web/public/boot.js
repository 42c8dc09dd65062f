// Applies the stored theme and language to <html> before the first paint.
(function () {
  try {
    var root = document.documentElement;
    var theme = localStorage.getItem('theme');
    root.dataset.theme = theme === 'light' ? 'light' : 'dark';
    var lang = localStorage.getItem('lang');
    root.lang = lang === 'kk' || lang === 'en' ? lang : 'ru';
  } catch {
    /* storage blocked: the app falls back to its defaults */
  }
})();
