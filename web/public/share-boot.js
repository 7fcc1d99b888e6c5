/*
 * Loads the app on a page the server wrote: `/p/{slug}`, a shared pitch's page, is answered by
 * the API with its link-preview tags and a plain summary for crawlers (decision 128). This
 * script reads the built app's index.html and adds its stylesheets and scripts (hashed names
 * that only the build knows), so the single-page app starts and takes over `#root`.
 * A classic script from the site itself: it runs under `script-src 'self'`.
 */
(async () => {
  const response = await fetch('/index.html', { cache: 'no-cache' });
  if (!response.ok) return;
  const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
  for (const element of doc.querySelectorAll(
    'link[rel="stylesheet"], link[rel="modulepreload"], link[rel="icon"], script',
  )) {
    if (element.tagName === 'SCRIPT') {
      const src = element.getAttribute('src');
      if (src && src.endsWith('share-boot.js')) continue;
      const script = document.createElement('script');
      for (const { name, value } of element.attributes) script.setAttribute(name, value);
      if (!src) script.textContent = element.textContent;
      script.async = false;
      document.head.append(script);
    } else {
      document.head.append(document.importNode(element, true));
    }
  }
})();
