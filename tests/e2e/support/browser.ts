import { writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, expect, inject } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The bound of one browser action or awaited condition (decision 155). */
export const PATIENCE_MS = 45_000;
/** `{ timeout }` for a `waitFor` or `expect.poll` that names it. */
export const SLOW = { timeout: PATIENCE_MS };

/** Flags that keep headless Chromium quiet on a machine without outside network. */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

let browser: Browser | undefined;
const contexts: BrowserContext[] = [];

export function baseUrl(): string {
  return inject('site').baseUrl;
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
  /** Opens a path of the app and waits for the network to settle. */
  open(path: string): Promise<void>;
  /** Content-Security-Policy violations of this page not yet checked. */
  cspViolations: string[];
  /**
   * Hands over (and clears) this page's CSP violations, for a test that provokes one on
   * purpose; any violation left over fails the test after it (see `afterEach` below).
   */
  takeCspViolations(): string[];
}

/** Sent by the page for every `securitypolicyviolation` event (registered before any script runs). */
const CSP_BINDING = '__reportCspViolation';
const CSP_LISTENER = `document.addEventListener('securitypolicyviolation', (e) => {
  window.${CSP_BINDING}([e.effectiveDirective, e.blockedURI, e.sourceFile + ':' + e.lineNumber, e.sample].join(' | '));
}, true);`;
/** Chromium's console line for a blocked resource or inline code. */
const CSP_CONSOLE = /Content Security Policy/i;

const pendingViolations: { page: Page; text: string }[] = [];
const cspCounts = { tests: 0, pages: 0, violations: 0, provokedViolations: 0 };
let testFile: string | undefined;

/** A fresh browser context (no cookies, no storage) with a page on the app. */
export async function newPage(
  options: { width?: number; height?: number } = {},
): Promise<TestPage> {
  browser ??= await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    baseURL: baseUrl(),
  });
  // How long an action or a wait may take on a machine busy with other work: a bound for a
  // failure to be reported, not a speed target (the benches measure speed).
  context.setDefaultTimeout(PATIENCE_MS);
  contexts.push(context);
  const cspViolations: string[] = [];
  const record = (page: Page, text: string) => {
    cspViolations.push(text);
    pendingViolations.push({ page, text });
  };
  await context.exposeBinding(CSP_BINDING, ({ page }, text: string) =>
    record(page, `event: ${text}`),
  );
  await context.addInitScript({ content: CSP_LISTENER });
  const page = await context.newPage();
  cspCounts.pages += 1;
  const errors: string[] = [];
  page.on('console', (message) => {
    if (CSP_CONSOLE.test(message.text())) record(page, `console: ${message.text()}`);
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    page,
    context,
    errors,
    cspViolations,
    takeCspViolations: () => {
      const taken = cspViolations.splice(0);
      for (let i = pendingViolations.length - 1; i >= 0; i--)
        if (pendingViolations[i]!.page === page) pendingViolations.splice(i, 1);
      cspCounts.provokedViolations += taken.length;
      return taken;
    },
    open: async (path: string) => {
      await page.goto(path, { waitUntil: 'networkidle' });
    },
  };
}

/**
 * Every browser test runs under the site's CSP (served by the site server) and fails on any
 * violation it caused: a blocked inline script or style, or a request to an origin the
 * policy does not name, means the app would break in production.
 */
afterEach(() => {
  testFile ??= basename(expect.getState().testPath ?? 'unknown');
  cspCounts.tests += 1;
  const seen = pendingViolations.splice(0).map((v) => v.text);
  cspCounts.violations += seen.length;
  expect(seen, 'Content-Security-Policy violations').toEqual([]);
});

afterAll(async () => {
  for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
  await browser?.close();
  browser = undefined;
  if (testFile)
    writeFileSync(join(inject('cspReportDir'), `${testFile}.json`), JSON.stringify(cspCounts));
});

/**
 * Signs in through the Login screen (the page must show it: `/login`, or a login-only page
 * that redirected there) and waits for the "Login Successful!" toast.
 */
export async function logIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page
    .locator('.toast--success')
    .filter({ hasText: 'Login Successful!' })
    .first()
    .waitFor(SLOW);
}
