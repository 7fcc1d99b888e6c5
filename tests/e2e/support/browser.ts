import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, inject } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
}

/** A fresh browser context (no cookies, no storage) with a page on the app. */
export async function newPage(
  options: { width?: number; height?: number } = {},
): Promise<TestPage> {
  browser ??= await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    baseURL: baseUrl(),
  });
  contexts.push(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    page,
    context,
    errors,
    open: async (path: string) => {
      await page.goto(path, { waitUntil: 'networkidle' });
    },
  };
}

afterAll(async () => {
  for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
  await browser?.close();
  browser = undefined;
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
    .waitFor({ timeout: 20_000 });
}
