import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { newPage, SLOW } from './support/browser';

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

/** Team slides whose box lies inside the carousel's visible window. */
async function slidesInView(page: Page): Promise<number> {
  return page.evaluate(() => {
    const viewport = document.querySelector('.carousel__viewport')?.getBoundingClientRect();
    if (!viewport) return -1;
    const slides = Array.from(document.querySelectorAll('[aria-roledescription="slide"]'));
    return slides.filter((slide) => {
      const r = slide.getBoundingClientRect();
      return r.width > 0 && r.left >= viewport.left - 2 && r.right <= viewport.right + 2;
    }).length;
  });
}

describe('Meet the Team carousel', () => {
  test.each([
    [1280, 5],
    [1000, 3],
    [590, 2],
    [470, 1],
  ])('at %i px wide it shows %i slides', async (width, count) => {
    const { page, open, errors } = await newPage({ width, height: 900 });
    await open('/Aboutus');
    await expect.poll(() => h1(page, 'About Us').count(), SLOW).toBe(1);
    await expect.poll(() => slidesInView(page), SLOW).toBe(count);
    const announced = await page
      .locator('[aria-roledescription="slide"]:not([aria-hidden="true"])')
      .count();
    expect(announced).toBe(count);
    expect(errors).toEqual([]);
  });

  test('the keyboard moves it: Tab to the next button, then the arrow keys', async () => {
    const { page, open } = await newPage({ width: 470, height: 900 });
    await open('/Aboutus');
    const first = page.locator('[aria-roledescription="slide"]:not([aria-hidden="true"]) h3');
    await expect.poll(() => first.textContent(), SLOW).toBe('Amelia Tan');
    await page.getByRole('button', { name: 'Next team member' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => first.textContent(), SLOW).toBe('Rajesh Kumar');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => first.textContent(), SLOW).toBe('Sophie Lim');
    await page.keyboard.press('End');
    await expect.poll(() => first.textContent(), SLOW).toBe('Marcus Lee');
    await expect.poll(() => slidesInView(page), SLOW).toBe(1);
  });
});

describe('cause buttons', () => {
  test.each([1280, 470])('at %i px each cause opens the "Coming Soon !" popup', async (width) => {
    const { page, open } = await newPage({ width, height: 900 });
    await open('/Aboutus');
    for (const cause of ['Solve Hunger', 'Educate and Empower', 'Provide Shelter']) {
      await page.getByRole('button', { name: cause }).click();
      const dialog = page.getByRole('dialog', { name: 'Coming Soon !' });
      await expect.poll(() => dialog.isVisible(), SLOW).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count(), SLOW).toBe(0);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent), SLOW)
        .toBe(cause);
    }
  });
});

describe('footer links', () => {
  test.each([1280, 470])('at %i px every footer link opens its page', async (width) => {
    const { page, open, errors } = await newPage({ width, height: 900 });
    await open('/Aboutus');
    const links = [
      { name: 'Contact us', path: '/Contactus', heading: 'Contact Us' },
      { name: 'Privacy Policy', path: '/Privacypolicy', heading: 'Privacy Policy' },
      { name: 'Terms Of Use', path: '/Termsofuse', heading: 'Terms Of Use' },
      { name: 'Compliance Note', path: '/Compliance', heading: 'Compliance Note' },
    ];
    for (const link of links) {
      await page.getByRole('contentinfo').getByRole('link', { name: link.name }).click();
      await expect.poll(() => new URL(page.url()).pathname, SLOW).toBe(link.path);
      await expect.poll(() => h1(page, link.heading).count(), SLOW).toBe(1);
      await expect.poll(() => page.title(), SLOW).toBe(`${link.heading} · Mr. Market`);
    }
    expect(errors).toEqual([]);
  });
});

// Every public page's title, fit at every width and axe at a phone's and a desktop's width:
// tests/e2e/layout-signed-out.test.ts.
describe('public pages', () => {
  test('axe finds no serious or critical violation with the popup open', async () => {
    const { page, open } = await newPage();
    await open('/Aboutus');
    await page.getByRole('button', { name: 'Solve Hunger' }).click();
    await expect.poll(() => page.getByRole('dialog').count(), SLOW).toBe(1);
    const result = await new AxeBuilder({ page }).analyze();
    const serious = result.violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(serious.map((v) => v.id)).toEqual([]);
  });

  test('the contact form refuses a bad email in the page, without calling the API', async () => {
    const { page, open } = await newPage({ width: 590, height: 900 });
    await open('/Contactus');
    let calls = 0;
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/contact') calls += 1;
    });
    await page.getByRole('textbox', { name: 'Name' }).fill('Ada');
    await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    await page.getByRole('textbox', { name: 'Message' }).fill('A question about the screener.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect
      .poll(() => page.getByText('Please enter a valid email address').count(), SLOW)
      .toBe(1);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    expect(calls).toBe(0);
  });

  test('the contact form sends a message through the API and confirms it', async () => {
    const { page, open } = await newPage();
    await open('/Contactus');
    const sender = `e2e-${Date.now()}@example.com`;
    await page.getByRole('textbox', { name: 'Name' }).fill('Ada');
    await page.getByRole('textbox', { name: 'Email' }).fill(sender);
    await page
      .getByRole('textbox', { name: 'Message' })
      .fill('Please add dividend yields to the screener.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect
      .poll(
        () =>
          page
            .getByText(`Thank you! Your message has been sent. We will reply to ${sender}.`)
            .count(),
        SLOW,
      )
      .toBe(1);
  });
});
