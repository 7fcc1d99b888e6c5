import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicPitchResponse } from '../../../../shared/sharing/schemas';
import { DISPLAY_NAME_MESSAGES, SHARING_MESSAGES } from '../../../../shared/sharing/schemas';
import { json, stubApi, type ApiCall } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render-with-providers';
import { setSession, signedIn } from '../../test/session-mock';
import { ShareButton } from './components/ShareButton';
import { PublicRecordSettings } from './components/PublicRecordSettings';
import { Component as PublicPitchPage } from './routes/public-pitch';

vi.setConfig({ testTimeout: 20_000 });
vi.mock('../../lib/auth', async () => (await import('../../test/session-mock')).authMock);

const SLUG = 'AbCdEfGhIjKlMnOpQrStUv';

const version = (n: number, intrinsic: number) => ({
  version: n,
  at: `2026-0${n}-02T15:00:00.000Z`,
  valuation_type_id: 1,
  stock_symbol: 'AAPL',
  stock_name: 'Apple Inc.',
  market_price: 138.15,
  holding_period: 3,
  forward_multiple: 18,
  inputs: {
    earnings_per_share: 6.5,
    growth_ratein_eps: 9,
    forward_multiple: 18,
    market_price: 138.15,
    holding_period: 3,
  },
  intrinsic_value_per_share: intrinsic,
  premium: 10,
  irr: 12,
  moic: 1.4,
  moats: ['Brand(s)'],
  comment: 'Great <a href="javascript:alert(1)">link</a>',
});

const view: PublicPitchResponse = {
  slug: SLUG,
  sharedBy: 'Value Hunter',
  recordSlug: 'ZyXwVuTsRqPoNmLkJiHgFe',
  current: version(2, 205.7),
  intrinsicEdit: null,
  versions: [version(1, 190), version(2, 205.7)],
  record: {
    pitchedAt: '2026-01-02T15:00:00.000Z',
    priceThen: 138.15,
    priceNow: 150,
    returnSince: 8.5776330076,
    indexThen: 5000,
    indexNow: 5100,
    indexReturn: 2,
    vsIndex: 6.5776330076,
    daysSince: 67,
  },
  scorecard: {
    yearsTracked: 0.18,
    realizedReturn: 8.5776330076,
    fromGrowth: 3,
    fromMultiple: 5.5776330076,
    expectedReturn: 4,
    expectedFromGrowth: 2,
    expectedFromMultiple: 2,
    expectedPrice: 143.68,
    vsExpected: 4.5776330076,
    status: 'Ahead of plan',
    reasons: [],
  },
  expectedPath: [
    { years: 0, price: 138.15 },
    { years: 3, price: 205.7 },
  ],
  asOf: '2026-03-10T15:00:00.000Z',
};

let calls: ApiCall[] = [];
let shared = false;
let pitchStatus = 200;
let pitch: PublicPitchResponse = view;
let history = [{ version: 1, at: '2026-03-10T15:00:00.000Z', hidden: false }];

beforeEach(() => {
  setSession(signedIn());
  shared = false;
  pitchStatus = 200;
  pitch = view;
  history = [{ version: 1, at: '2026-03-10T15:00:00.000Z', hidden: false }];
  calls = stubApi(({ path }) => {
    if (path === '/api/myShares')
      return json(200, {
        shares: shared
          ? [
              {
                valuation_id: 'v-1',
                slug: SLUG,
                stock_symbol: 'AAPL',
                sharedAt: '2026-03-10T15:00:00.000Z',
                versions: history.length,
                history,
              },
            ]
          : [],
        publicRecord: null,
      });
    if (path === '/api/sharePitch') {
      shared = true;
      return json(200, {
        message: SHARING_MESSAGES.shared,
        valuation_id: 'v-1',
        slug: SLUG,
        path: `/p/${SLUG}`,
      });
    }
    if (path === '/api/stopSharingPitch') {
      shared = false;
      return json(200, { message: SHARING_MESSAGES.stopped });
    }
    if (path === '/api/hideSharedVersion') {
      history = history.map((v, i) => (i === 0 ? { ...v, hidden: true } : v));
      return json(200, { message: SHARING_MESSAGES.versionHidden });
    }
    if (path === `/api/public/pitch/${SLUG}`)
      return pitchStatus === 200
        ? json(200, pitch)
        : json(pitchStatus, { message: SHARING_MESSAGES.notFound });
    return undefined;
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string, pattern: string, element: React.ReactNode) {
  const router = createMemoryRouter([{ path: pattern, element }], { initialEntries: [path] });
  return renderWithProviders(<RouterProvider router={router} />);
}

describe('Share', () => {
  it('shares a pitch, shows its public page link, and stops sharing', async () => {
    renderAt('/', '*', <ShareButton valuationId="v-1" label="Apple Inc." />);
    const button = await screen.findByRole('button', { name: 'Share Apple Inc.' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    const link = await screen.findByRole('link', { name: 'Public page' });
    expect(link.getAttribute('href')).toBe(`/p/${SLUG}`);
    expect(calls.find((c) => c.path === '/api/sharePitch')?.body).toEqual({ valuation_id: 'v-1' });
    // Stopping asks first, naming the pitch; Cancel keeps the page up.
    fireEvent.click(screen.getByRole('button', { name: 'Stop sharing Apple Inc.' }));
    let dialog = screen.getByRole('dialog', { name: 'Stop sharing Apple Inc.?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.path === '/api/stopSharingPitch')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Stop sharing Apple Inc.' }));
    dialog = screen.getByRole('dialog', { name: 'Stop sharing Apple Inc.?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop sharing' }));
    expect(await screen.findByRole('button', { name: 'Share Apple Inc.' })).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/stopSharingPitch')?.body).toEqual({
      valuation_id: 'v-1',
    });
  });

  it('hides an earlier version after asking; the current one cannot be hidden', async () => {
    shared = true;
    history = [
      { version: 1, at: '2026-01-02T15:00:00.000Z', hidden: false },
      { version: 2, at: '2026-02-02T15:00:00.000Z', hidden: false },
    ];
    renderAt('/', '*', <ShareButton valuationId="v-1" label="Apple Inc." />);
    const hide = await screen.findByRole('button', { name: 'Hide version 1 of Apple Inc.' });
    expect(screen.queryByRole('button', { name: 'Hide version 2 of Apple Inc.' })).toBeNull();
    fireEvent.click(hide);
    // Asked first: Cancel sends nothing.
    const dialog = await screen.findByRole('dialog', { name: 'Hide version 1 of Apple Inc.?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.path === '/api/hideSharedVersion')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Hide version 1 of Apple Inc.' }));
    fireEvent.click(
      within(
        await screen.findByRole('dialog', { name: 'Hide version 1 of Apple Inc.?' }),
      ).getByRole('button', { name: 'Hide version' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Hide version 1 of Apple Inc.' })).toBeNull(),
    );
    expect(calls.find((c) => c.path === '/api/hideSharedVersion')?.body).toEqual({
      valuation_id: 'v-1',
      version: 1,
    });
  });
});

describe('Public record setting', () => {
  it('refuses a name that impersonates the product before sending anything', async () => {
    renderAt('/', '*', <PublicRecordSettings />);
    fireEvent.change(await screen.findByLabelText('Display name'), {
      target: { value: 'Mr. Market' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on public record' }));
    expect((await screen.findByRole('alert')).textContent).toBe(DISPLAY_NAME_MESSAGES.reserved);
    expect(calls.some((c) => c.path === '/api/setPublicRecord')).toBe(false);
  });

  it('refuses small capitals of the product and a name mixing scripts before sending anything', async () => {
    for (const [name, message] of [
      ['ᴍʀ ᴍᴀʀᴋᴇᴛ', DISPLAY_NAME_MESSAGES.reserved],
      ['Mr Mar\u043Aet', DISPLAY_NAME_MESSAGES.mixedScripts],
    ] as const) {
      const view = renderAt('/', '*', <PublicRecordSettings />);
      fireEvent.change(await screen.findByLabelText('Display name'), { target: { value: name } });
      fireEvent.click(screen.getByRole('button', { name: 'Turn on public record' }));
      expect((await screen.findByRole('alert')).textContent).toBe(message);
      view.unmount();
    }
    expect(calls.some((c) => c.path === '/api/setPublicRecord')).toBe(false);
  });
});

describe('the public pitch page', () => {
  it('shows the thesis, the record against the S&P 500, the versions, and the comment as text', async () => {
    renderAt(`/p/${SLUG}`, '/p/:slug', <PublicPitchPage />);
    expect(
      await screen.findByRole('heading', { name: 'Apple Inc. (AAPL)', level: 1 }),
    ).toBeTruthy();
    expect(screen.getByTestId('share-intrinsic').textContent).toBe('$205.70');
    expect(screen.getByTestId('share-return').textContent).toBe('8.58%');
    expect(screen.getByTestId('share-index-return').textContent).toBe('2.00%');
    expect(screen.getAllByTestId('share-version')).toHaveLength(2);
    const comment = screen.getByTestId('share-comment');
    expect(comment.textContent).toBe('Great <a href="javascript:alert(1)">link</a>');
    expect(comment.querySelector('a')).toBeNull();
    expect(screen.getByRole('link', { name: 'Value Hunter' }).getAttribute('href')).toBe(
      '/u/ZyXwVuTsRqPoNmLkJiHgFe',
    );
  });

  it('shows each assumption with its unit, as the valuation panel does', async () => {
    renderAt(`/p/${SLUG}`, '/p/:slug', <PublicPitchPage />);
    await screen.findByRole('heading', { name: 'Apple Inc. (AAPL)', level: 1 });
    const facts = document.querySelector('.share-page__facts')!;
    const shown = Object.fromEntries(
      [...facts.querySelectorAll('div')].map((d) => [
        d.querySelector('dt')!.textContent,
        d.querySelector('dd')!.textContent,
      ]),
    );
    expect(shown).toEqual({
      'Earnings Per Share': '$6.50',
      'Growth Rate In EPS': '9.00%',
      'Forward P/E Multiple': '18.00x',
      'Market Price': '$138.15',
      'Hold Period': '3 years',
    });
  });

  it('shows a hidden version by its number and date only, and the edited value with its date', async () => {
    pitch = {
      ...view,
      current: { ...version(2, 205.7), intrinsic_value_per_share: 230 },
      intrinsicEdit: { editedAt: '2026-03-05T15:00:00.000Z', versionValue: 205.7 },
      versions: [{ version: 1, at: '2026-01-02T15:00:00.000Z', hidden: true }, version(2, 205.7)],
    };
    renderAt(`/p/${SLUG}`, '/p/:slug', <PublicPitchPage />);
    expect((await screen.findByTestId('share-intrinsic')).textContent).toBe('$230.00');
    expect(screen.getByTestId('share-intrinsic-edit').textContent).toContain('from $205.70');
    const [first, second] = screen.getAllByTestId('share-version');
    expect(first!.textContent).toContain('hidden by its author');
    expect(first!.textContent).not.toContain('$190.00');
    expect(second!.textContent).toContain('$205.70');
  });

  it('a stopped share says it is not shared', async () => {
    pitchStatus = 404;
    renderAt(`/p/${SLUG}`, '/p/:slug', <PublicPitchPage />);
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: SHARING_MESSAGES.notFound })).toBeTruthy(),
    );
  });
});
