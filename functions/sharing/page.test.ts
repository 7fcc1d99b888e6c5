import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MODELS } from '../../shared/valuation';
import type { PublicPitchResponse } from '../../shared/sharing/schemas';
import { FAVICON_LINKS, notSharedHtml, pitchPageHtml } from './page';

/** A shared pitch as the page reads it: only the fields its HTML uses. */
function sharedPitch(typeId: number): PublicPitchResponse {
  return {
    slug: 'AbCdEfGhIjKlMnOpQrStUv',
    sharedBy: null,
    recordSlug: null,
    intrinsicEdit: null,
    current: {
      stock_symbol: 'KO',
      stock_name: 'Coca-Cola',
      valuation_type_id: typeId,
      holding_period: 5,
      intrinsic_value_per_share: 71.5,
      moats: ['Brand(s)'],
      comment: 'Steady',
    },
    record: { pitchedAt: '2026-01-05T15:00:00.000Z', priceThen: 62, returnSince: null },
  } as unknown as PublicPitchResponse;
}

describe('the shared pitch page', () => {
  it('names each model with the article it is read with: an EV/EBITDA model, a P/E model', () => {
    const html = (typeId: number) => pitchPageHtml(sharedPitch(typeId));
    expect(html(4)).toContain(`with an ${MODELS[4].name} model over 5 years.`);
    expect(MODELS[4].name).toBe('EV/EBITDA');
    for (const typeId of [1, 2, 3, 5] as const)
      expect(html(typeId)).toContain(`with a ${MODELS[typeId].name} model over 5 years.`);
  });

  it('links the site’s icons, as the app’s own page does, shared or not', () => {
    const app = readFileSync(new URL('../../web/index.html', import.meta.url), 'utf8');
    expect(FAVICON_LINKS).toEqual([
      '<link rel="icon" href="/favicon.ico" sizes="16x16 32x32 48x48" />',
      '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />',
    ]);
    for (const html of [pitchPageHtml(sharedPitch(1)), notSharedHtml(), app]) {
      const head = html.slice(0, html.indexOf('</head>'));
      for (const link of FAVICON_LINKS) expect(head).toContain(link);
    }
  });
});
