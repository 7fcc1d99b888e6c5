/**
 * Bench section `lighthouse`: Lighthouse (default mobile throttling) on `/`, a company view
 * and `/Aboutus` of the production build served as CloudFront serves it, with the local stack
 * behind `/api`; median of 3 runs per page. Chromium from CHROME_PATH or /usr/bin/chromium.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { type Report, atLeast, atMost, median, ms } from './lib';
import { CHROMIUM, startBenchSite } from './site';

const RUNS = 3;
const PAGES = [
  { name: '/', path: '/' },
  { name: 'company view', path: '/Market?symbol=MSFT' },
  { name: '/Aboutus', path: '/Aboutus' },
];

export async function run(report: Report): Promise<void> {
  const site = await startBenchSite();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    for (const page of PAGES) {
      const runs: Record<string, number>[] = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${site.url}${page.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${page.path}`);
        const figures = {
          perf: lhr.categories.performance?.score ?? 0,
          a11y: lhr.categories.accessibility?.score ?? 0,
          bp: lhr.categories['best-practices']?.score ?? 0,
          lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
          tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
          cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
        };
        console.log(`  ${page.name} run ${i + 1}: ${JSON.stringify(figures)}`);
        runs.push(figures);
      }
      const m = (key: string) => median(runs.map((r) => r[key]!));
      const score = (v: number) => v.toFixed(2);
      report(atLeast('lighthouse', `${page.name}: performance`, m('perf'), 0.95, score));
      report(atLeast('lighthouse', `${page.name}: accessibility`, m('a11y'), 0.95, score));
      report(atLeast('lighthouse', `${page.name}: best practices`, m('bp'), 0.95, score));
      report(atMost('lighthouse', `${page.name}: LCP`, m('lcp'), 1800, (v) => ms(v, 0)));
      report(atMost('lighthouse', `${page.name}: TBT`, m('tbt'), 150, (v) => ms(v, 0)));
      report(atMost('lighthouse', `${page.name}: CLS`, m('cls'), 0.05, (v) => v.toFixed(3)));
    }
  } finally {
    chrome.kill();
    await site.stop();
  }
}
