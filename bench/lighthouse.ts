/**
 * Bench section `lighthouse`: Lighthouse (default mobile throttling) on `/`, a company view
 * and `/Aboutus`, then `/Dashboard` and `/Portfolio` signed in (a user with a portfolio and a
 * holding, signed in once through the Login screen with Remember Me, so the tokens stay in the
 * browser's storage), of the production build served as CloudFront serves it, with the local
 * stack behind `/api`; median of 3 runs per page. Chromium from CHROME_PATH or /usr/bin/chromium.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { type Report, atLeast, atMost, median, ms } from './lib';
import { CHROMIUM, startBenchSite, type BenchSite } from './site';
import { createBenchUser } from './user';

const RUNS = 3;
const PAGES = [
  { name: '/', path: '/', signedIn: false },
  { name: 'company view', path: '/Market?symbol=MSFT', signedIn: false },
  { name: '/Aboutus', path: '/Aboutus', signedIn: false },
  { name: '/Dashboard (signed in)', path: '/Dashboard', signedIn: true },
  { name: '/Portfolio (signed in)', path: '/Portfolio', signedIn: true },
];

/** A user with a portfolio holding one stock, signed in in the browser at `port`. */
async function signIn(site: BenchSite, port: number): Promise<void> {
  const user = await createBenchUser(site.stack);
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${site.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    return (await res.json()) as { data: { id: string } };
  };
  const portfolio = await post('/api/addPortfolio', {
    portfolio_name: 'Bench Portfolio',
    investment_value: 100_000,
  });
  await post('/api/placeOrder', {
    portfolio_id: portfolio.data.id,
    stock_symbol: 'MSFT',
    order_type: 'market',
    invest_by: 'amount',
    amount: '10,000',
  });
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${site.url}/login`, { waitUntil: 'networkidle' });
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Remember Me').check();
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.locator('.toast--success').first().waitFor({ timeout: 20_000 });
    await page.close();
  } finally {
    // Leaves the browser running for Lighthouse.
    await browser.close().catch(() => undefined);
  }
}

export async function run(report: Report): Promise<void> {
  const site = await startBenchSite();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    let signedIn = false;
    for (const page of PAGES) {
      if (page.signedIn && !signedIn) {
        await signIn(site, chrome.port);
        signedIn = true;
      }
      const runs: Record<string, number>[] = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${site.url}${page.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          // Signed-in pages keep the tokens the sign-in left in the browser's storage.
          disableStorageReset: page.signedIn,
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${page.path}`);
        // A signed-out browser would be sent to /login and measure that page instead.
        if (!new URL(lhr.finalDisplayedUrl).pathname.startsWith(page.path.split('?')[0]!))
          throw new Error(`${page.path} ended at ${lhr.finalDisplayedUrl}`);
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
