/**
 * `prerender()`: after the client build, renders the first screen of the most visited pages
 * (web/src/prerender/render.tsx, built for Node into a temporary folder) and writes it into
 * index.html as `<template>`s, with the small script that copies the right one into `#root`
 * and then loads the app, and the route style sheets those screens need. The browser then
 * paints the page before its JavaScript has loaded (decision 094).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { OutputBundle } from 'rolldown';
import type { Plugin, ResolvedConfig } from 'vite';
import { STOCK_SYMBOL_PATTERN } from '../../../shared/market/symbols';
import { firstScreenScript } from './first-screen';

interface Screen {
  /** Lower-case paths this screen stands for (`*`: any). */
  paths: string[];
  /** Only with (yes) or without (no) a valid `?symbol=`. */
  symbol?: 'yes' | 'no';
  /** Rendered at these URLs: they must give the same markup. */
  urls: string[];
  /**
   * Route modules (under web/) whose code the screen needs, preloaded at once; the first is
   * the route, whose style sheets the first paint needs.
   */
  modules: string[];
}

const MARKET = 'src/app/routes/market.tsx';
const SCREENS: Screen[] = [
  { paths: ['/', '/market'], symbol: 'no', urls: ['/', '/Market'], modules: [MARKET] },
  {
    paths: ['/', '/market'],
    symbol: 'yes',
    urls: ['/Market?symbol=MSFT', '/?symbol=AAPL'],
    modules: [MARKET, 'src/app/routes/business-view.tsx'],
  },
  { paths: ['/aboutus'], urls: ['/Aboutus'], modules: ['src/features/about/routes/about.tsx'] },
];

interface RenderModule {
  render(url: string): Promise<string>;
  renderShell(): Promise<string>;
}

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

export function prerender(): Plugin {
  let config: ResolvedConfig;
  let bundle: OutputBundle | undefined;
  return {
    name: 'mr-market-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, output) {
      bundle = output;
    },
    async closeBundle() {
      if (config.build.ssr || !bundle) return;
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byModule = new Map(chunks.map((c) => [c.facadeModuleId, c]));
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) throw new Error('prerender: the build has no entry chunk');
      const loaded = new Set<string>();
      const collect = (file: string, into: Set<string>) => {
        if (into.has(file) || loaded.has(file)) return;
        into.add(file);
        for (const next of byFile.get(file)?.imports ?? []) collect(next, into);
      };
      collect(entry.fileName, loaded);

      // Inside the project, so the rendering module finds react and the others in node_modules.
      const ssrDir = mkdtempSync(join(config.root, '..', 'node_modules', '.mr-market-prerender-'));
      try {
        const { build } = await import('vite');
        await build({
          configFile: config.configFile,
          mode: config.mode,
          logLevel: 'warn',
          build: {
            ssr: join(config.root, 'src/prerender/render.tsx'),
            outDir: ssrDir,
            emptyOutDir: true,
            copyPublicDir: false,
            minify: false,
            sourcemap: false,
            rolldownOptions: { output: { entryFileNames: 'render.mjs' } },
          },
        });
        const app = (await import(pathToFileURL(join(ssrDir, 'render.mjs')).href)) as RenderModule;

        const base = config.base;
        const styles = new Set<string>();
        const templates: string[] = [];
        for (const screen of SCREENS) {
          const files = new Set<string>();
          for (const [i, module] of screen.modules.entries()) {
            const chunk = byModule.get(join(config.root, module));
            if (!chunk) throw new Error(`prerender: no chunk for ${module}`);
            const before = new Set(files);
            collect(chunk.fileName, files);
            // The route's own style sheets are needed for the first paint; the others' come with their code.
            if (i === 0)
              for (const file of files)
                if (!before.has(file))
                  for (const css of byFile.get(file)?.viteMetadata?.importedCss ?? [])
                    styles.add(css);
          }
          const [first, ...others] = await Promise.all(screen.urls.map((url) => app.render(url)));
          for (const [i, other] of others.entries())
            if (other !== first)
              throw new Error(`prerender: ${screen.urls[i + 1]} differs from ${screen.urls[0]}`);
          // No style attributes in the app shell (the CSS gives the same first look).
          const markup = first!.replace(/ style="[^"]*"/g, '');
          const modules = [...files].map((f) => `${base}${f}`).join(' ');
          templates.push(
            `<template data-paths="${attr(screen.paths.join(' '))}"${screen.symbol ? ` data-symbol="${screen.symbol}"` : ''} data-modules="${attr(modules)}">${markup}</template>`,
          );
        }
        templates.push(`<template data-paths="*">${await app.renderShell()}</template>`);

        const outDir = resolve(config.root, config.build.outDir);
        const script = firstScreenScript(STOCK_SYMBOL_PATTERN);
        const hash = createHash('sha256').update(script).digest('base64url').slice(0, 8);
        const scriptFile = `${config.build.assetsDir}/first-screen-${hash}.js`;
        writeFileSync(join(outDir, scriptFile), script);

        const htmlFile = join(outDir, 'index.html');
        let html = readFileSync(htmlFile, 'utf8');
        const links = [...styles]
          .filter((css) => !html.includes(css))
          .map((css) => `  <link rel="stylesheet" crossorigin href="${base}${css}">\n  `)
          .join('');
        html = html.replace('</head>', `${links}</head>`);
        const root = '<div id="root"></div>';
        if (!html.includes(root)) throw new Error('prerender: index.html has no empty #root');
        // The app's entry and the modules Vite preloads: the first-screen script loads them
        // once the first screen is painted.
        const entryTag = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
        if (!entryTag) throw new Error('prerender: index.html has no module script');
        const preloads: string[] = [];
        html = html
          .replace(entryTag[0], '')
          .replace(
            /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g,
            (_, href: string) => {
              preloads.push(href);
              return '';
            },
          );
        html = html.replace(
          '</head>',
          `  <script defer src="${base}${scriptFile}" data-entry="${attr(entryTag[1]!)}" data-modules="${attr(preloads.join(' '))}"></script>\n  </head>`,
        );
        html = html.replace(root, `${root}\n    ${templates.join('\n    ')}`);
        writeFileSync(htmlFile, html);
      } finally {
        rmSync(ssrDir, { recursive: true, force: true });
      }
    },
  };
}
