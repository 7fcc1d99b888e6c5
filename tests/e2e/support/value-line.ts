import type { Locator, Page } from 'playwright-core';
import { SLOW } from './browser';

/** Scrolls to the page's value line and waits for its chart to be drawn. */
export async function drawnValueLine(page: Page): Promise<Locator> {
  const section = page.getByRole('region', { name: 'Value through time' }).first();
  await section.scrollIntoViewIfNeeded(SLOW);
  await section.locator('canvas').first().waitFor(SLOW);
  return section;
}
