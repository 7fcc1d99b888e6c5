/**
 * Bench section `web`: the production build served as CloudFront serves it; per route, the
 * scripts and stylesheets the browser loads (sizes gzip, level 9), whether chart (echarts)
 * or Amplify UI code loads on a route that does not render it, and the first page's CSS.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { type Report, atMost, info, kb } from './lib';
import { CHROMIUM, CHROMIUM_ARGS, gzipSize, startBenchSite } from './site';

const INITIAL_JS_LIMIT = 150_000;
export const WEB_ROUTES = [
  { name: '/', path: '/' },
  { name: 'company view', path: '/Market?symbol=MSFT' },
  { name: 'heatmap', path: '/Heatmap' },
  { name: 'compare', path: '/Compare?symbols=AAPL,MSFT,KO' },
  { name: '/Aboutus', path: '/Aboutus' },
  { name: 'login', path: '/login' },
];

export async function run(report: Report): Promise<void> {
  const site = await startBenchSite();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  try {
    const assets = join(site.distDir, 'assets');
    const files = readdirSync(assets);
    const text = (name: string) => readFileSync(join(assets, name), 'utf8');
    const echartsChunks = new Set(
      files.filter((f) => f.endsWith('.js') && /echarts/i.test(text(f))),
    );
    const amplifyUiChunks = new Set(
      files.filter((f) => /amplify-authenticator|@aws-amplify\/ui|data-amplify-/.test(text(f))),
    );
    const amplifyChunks = new Set(
      files.filter((f) => f.endsWith('.js') && /amplify/i.test(text(f))),
    );
    report(
      info(
        'web',
        'chunks with chart / Amplify UI / Amplify code',
        `${echartsChunks.size} / ${amplifyUiChunks.size} / ${amplifyChunks.size} of ${files.filter((f) => f.endsWith('.js')).length} JS`,
      ),
    );
    const indexHtml = readFileSync(join(site.distDir, 'index.html'), 'utf8');
    const inlineCss = [...indexHtml.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)]
      .map((m) => m[1]!)
      .join('');

    for (const route of WEB_ROUTES) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const scripts: string[] = [];
      const styles: string[] = [];
      const apiCalls: string[] = [];
      page.on('request', (req) => {
        const path = new URL(req.url()).pathname;
        if (path.startsWith('/api/')) apiCalls.push(path);
        if (!path.startsWith('/assets/')) return;
        const name = path.slice('/assets/'.length);
        if (req.resourceType() === 'script' || name.endsWith('.js')) scripts.push(name);
        else if (req.resourceType() === 'stylesheet' || name.endsWith('.css')) styles.push(name);
      });
      await page.goto(`${site.url}${route.path}`, { waitUntil: 'networkidle', timeout: 60_000 });
      await page.waitForTimeout(500);
      const rendered = await page.evaluate(() => ({
        canvas: document.querySelectorAll('canvas').length,
        amplifyUi: document.querySelectorAll('[data-amplify-authenticator], [class*="amplify-"]')
          .length,
      }));
      await context.close();
      const unique = (xs: string[]) => [...new Set(xs)];
      const js = unique(scripts);
      const css = unique(styles);
      const jsGzip = js.reduce((n, f) => n + gzipSize(readFileSync(join(assets, f))), 0);
      const cssGzip = css.reduce((n, f) => n + gzipSize(readFileSync(join(assets, f))), 0);
      const charts = js.filter((f) => echartsChunks.has(f));
      const amplifyUi = [...js, ...css].filter((f) => amplifyUiChunks.has(f));
      const amplify = js.filter((f) => amplifyChunks.has(f));
      console.log(`  ${route.name}: ${js.length} scripts ${js.join(' ')}; css ${css.join(' ')}`);
      if (route.path === '/')
        report(atMost('web', 'initial JS for / (gzip)', jsGzip, INITIAL_JS_LIMIT, kb));
      else
        report(info('web', `JS for ${route.name} (gzip)`, `${kb(jsGzip)} in ${js.length} files`));
      report(
        info(
          'web',
          `${route.name}: API calls on first load`,
          `${apiCalls.length} (${[...new Set(apiCalls)].map((p) => p.slice(5)).join(', ')})`,
        ),
      );
      report(
        info(
          'web',
          `CSS for ${route.name} (gzip)`,
          `${kb(cssGzip)} in ${css.length} file(s)${route.path === '/' ? `, inline ${kb(inlineCss.length)}` : ''}`,
        ),
      );
      report({
        section: 'web',
        name: `${route.name}: chart code loaded / chart shown`,
        value: `${charts.length ? charts.join(' ') : 'none'} / ${rendered.canvas ? 'yes' : 'no'}`,
        target: 'only where a chart shows',
        ok: charts.length === 0 || rendered.canvas > 0,
      });
      report({
        section: 'web',
        name: `${route.name}: Amplify UI loaded / shown`,
        value: `${amplifyUi.length ? amplifyUi.join(' ') : 'none'} / ${rendered.amplifyUi ? 'yes' : 'no'}`,
        target: 'only where it shows',
        ok: amplifyUi.length === 0 || rendered.amplifyUi > 0,
      });
      report(
        info(
          'web',
          `${route.name}: Amplify auth library chunks`,
          amplify.length
            ? `${amplify.length} (${kb(amplify.reduce((n, f) => n + gzipSize(readFileSync(join(assets, f))), 0))} gzip)`
            : 'none',
        ),
      );
    }
  } finally {
    await browser.close();
    await site.stop();
  }
}
