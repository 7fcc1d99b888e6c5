/*
 * The site's Content-Security-Policy has `script-src 'self'` without 'unsafe-eval'. Classic
 * Zod 4 probes `new Function('')` whenever it builds an object schema (to compile a faster
 * parser); the browser refuses it and reports a CSP violation. Jitless mode skips the probe and
 * parses the same way. The app builds its schemas with zod/mini, which never probes (decision
 * 097): this stays as a guard for any classic object schema a dependency might build.
 *
 * A classic script that index.html loads before the app's modules: the app's chunks build
 * schemas as they load, so a setting made inside them would come too late. It sets Zod's
 * global configuration object (`globalThis.__zod_globalConfig`, which `z.config()` writes)
 * without loading Zod. The browser tests fail on any CSP violation, so a Zod that stops
 * reading it shows up there.
 */
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, {
  jitless: true,
});
