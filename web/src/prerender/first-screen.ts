/**
 * The deferred classic script that starts the page (no inline scripts: the CSP allows
 * `script-src 'self'` only). index.html holds one `<template>` per prerendered screen:
 *
 * - `data-paths`: the lower-case paths it stands for, space-separated (`*` = any path);
 * - `data-symbol`: `yes` or `no` when it depends on a valid `?symbol=` (the market page);
 * - `data-modules`: the route's JavaScript.
 *
 * The first that matches is copied into `#root`. After that screen has been painted, the
 * script loads the app (its own `data-entry` and `data-modules`, and the screen's modules), so
 * the first paint does not share the network with the JavaScript; React then replaces the
 * screen with the same markup (web/src/main.tsx). Decision 094.
 */
export function firstScreenScript(symbolPattern: RegExp): string {
  return `(function (pattern) {
  var self = document.currentScript;
  var modules = (self.getAttribute('data-modules') || '').split(' ');
  var root = document.getElementById('root');
  var path = location.pathname.replace(/\\/+$/, '').toLowerCase() || '/';
  var symbol = (new URLSearchParams(location.search).get('symbol') || '').trim().toUpperCase();
  var hasSymbol = pattern.test(symbol) ? 'yes' : 'no';
  var templates = document.querySelectorAll('template[data-paths]');
  for (var i = 0; root && !root.firstElementChild && i < templates.length; i++) {
    var t = templates[i];
    var paths = t.getAttribute('data-paths').split(' ');
    var needs = t.getAttribute('data-symbol');
    if (paths.indexOf(path) < 0 && paths.indexOf('*') < 0) continue;
    if (needs && needs !== hasSymbol) continue;
    modules = modules.concat((t.getAttribute('data-modules') || '').split(' '));
    root.appendChild(t.content.cloneNode(true));
  }
  var started = false;
  function start() {
    if (started) return;
    started = true;
    for (var j = 0; j < modules.length; j++) {
      if (!modules[j]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = modules[j];
      document.head.appendChild(link);
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.src = self.getAttribute('data-entry');
    document.head.appendChild(script);
  }
  // Once the first screen has been painted (its largest paint reported), or at once in a
  // hidden tab; at most a second later in any case.
  if (document.visibilityState !== 'visible') return start();
  setTimeout(start, 1000);
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  var type = types.indexOf('largest-contentful-paint') >= 0 ? 'largest-contentful-paint' : types.indexOf('paint') >= 0 ? 'paint' : '';
  if (!type) return requestAnimationFrame(function () { setTimeout(start, 0); });
  var observer = new PerformanceObserver(function () {
    observer.disconnect();
    setTimeout(start, 0);
  });
  observer.observe({ type: type, buffered: true });
})(${symbolPattern.toString()});
`;
}
