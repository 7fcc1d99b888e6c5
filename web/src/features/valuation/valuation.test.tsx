import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatNumber } from '../../../../shared/format/money';
import {
  checkValuation,
  computeValuation,
  type ValuationModelInput,
  type ValuationResult,
} from '../../../../shared/valuation';
import { envelope, json, overviewFixture } from '../company/test/fixtures';
import { renderApp } from '../../test/render-app';
import { setSession, signedIn } from '../../test/session-mock';
import { parseField } from './model/form';

vi.mock('../../lib/auth', async () => (await import('../../test/session-mock')).authMock);
vi.mock('../company/components/MetricChart', () => ({
  default: () => <div data-testid="chart" />,
}));

const PRICE = 190.5;
const calls: { path: string; body: Record<string, unknown> }[] = [];

/** 11 annual years, newest first: EPS grows 10% a year; P/E 20..30; book value, revenue per share. */
function annual(i: number) {
  const year = 2024 - i;
  return {
    date: `${year}-09-30`,
    fiscalYear: String(year),
    symbol: 'AAPL',
    period: 'FY',
    epsDiluted: Number((6 / 1.1 ** i).toFixed(4)),
    ebitda: 130e9 / 1.08 ** i,
    weightedAverageShsOutDil: 15.4e9,
    priceToEarningsRatio: 20 + i,
    priceToBookRatio: 40,
    priceToSalesRatio: 7,
    enterpriseValueMultiple: 18,
    bookValuePerShare: 4 + i * 0.1,
    revenuePerShare: 25 / 1.05 ** i,
  };
}

function stub(overrides: Record<string, () => Response> = {}) {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      calls.push({ path, body });
      if (overrides[path]) return overrides[path]();
      if (path === '/config.json') return json(200, { apiBaseUrl: '' });
      if (path === '/api/market/company-overview')
        return json(200, envelope(overviewFixture({ price: PRICE })));
      if (path === '/api/getValuationTypes')
        return json(200, {
          data: [
            { id: 1, valuation_name: 'P/E' },
            { id: 2, valuation_name: 'P/B' },
            { id: 3, valuation_name: 'P/S' },
            { id: 4, valuation_name: 'EV/EBITDA' },
          ],
        });
      if (path === '/api/user')
        return json(200, {
          user: {
            name: 'Ada Lovelace',
            email: 'ada@example.com',
            profile: null,
            profile_image_url: null,
          },
        });
      if (path === '/api/market/read') {
        const read = Object.fromEntries(new URL(String(input), 'http://localhost').searchParams);
        if (read.kind === 'ratios' || (read.kind === 'statement' && read.statement === 'income'))
          return json(200, envelope(Array.from({ length: 11 }, (_, i) => annual(i))));
        if (read.kind === 'statement' && read.statement === 'balance')
          return json(
            200,
            envelope([
              {
                date: '2024-09-30',
                symbol: 'AAPL',
                totalDebt: 100e9,
                cashAndCashEquivalents: 30e9,
              },
            ]),
          );
        return json(200, envelope([]));
      }
      return json(404, { message: 'not here' });
    }),
  );
}

beforeEach(() => {
  setSession(signedIn());
  stub();
});
afterEach(() => {
  vi.useRealTimers();
  setSession({ status: 'guest' });
});

const field = (name: string) => {
  const el = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!el) throw new Error(`no field ${name}`);
  return el;
};
const output = (label: string) =>
  document.querySelector(`dd[data-output="${label}"]`)?.textContent ?? null;

/** The form's current numbers, as the user sees them. */
function shownInput(typeId: 1 | 2 | 3 | 4, names: string[]): ValuationModelInput {
  const values: Record<string, unknown> = { valuation_type_id: typeId };
  for (const name of names) values[name] = parseField(field(name).value);
  return values as unknown as ValuationModelInput;
}

async function openMethodology(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Value Business' }));
  const dialog = await screen.findByRole('dialog', { name: 'Choose Valuation Methodology' });
  fireEvent.click(await within(dialog).findByRole('radio', { name }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Value Business' }));
  await screen.findByRole('region', { name: `${name} Valuation` });
  await waitFor(() => expect(document.querySelector('input[name="holding_period"]')).toBeTruthy());
}

function expectShown(result: ValuationResult) {
  expect(output('Intrinsic Value Per Share')).toBe(formatNumber(result.intrinsicValuePerShare, 2));
  expect(output(result.labels.margin)).toBe(`${formatNumber(result.premiumPercent, 2)}%`);
  expect(output('IRR')).toBe(`${formatNumber(result.irrPercent, 2)}%`);
  expect(output('MOIC')).toBe(`${formatNumber(result.moic, 2)}x`);
}

const PE_FIELDS = [
  'earnings_per_share',
  'growth_ratein_eps',
  'forward_multiple',
  'market_price',
  'holding_period',
];

describe('Value Business', () => {
  it('a guest is asked to log in (coming back here) or sign up', async () => {
    setSession({ status: 'guest' });
    renderApp('/Market?symbol=AAPL');
    fireEvent.click(await screen.findByRole('button', { name: 'Value Business' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Please Login or Sign Up to Continue!',
    });
    expect(within(dialog).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(within(dialog).getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe(
      '/signup',
    );
    expect(within(dialog).queryByRole('radio')).toBeNull();
  });

  it('opened before the stored session is read, waits for it instead of asking to log in', async () => {
    setSession({ status: 'loading' });
    renderApp('/Market?symbol=AAPL');
    fireEvent.click(await screen.findByRole('button', { name: 'Value Business' }));
    const dialog = await screen.findByRole('dialog', { name: 'Value Business' });
    expect(within(dialog).getByRole('status').textContent).toBe('Checking your session…');
    expect(within(dialog).queryByRole('link', { name: 'Login' })).toBeNull();
    expect(
      screen.queryByRole('dialog', { name: 'Please Login or Sign Up to Continue!' }),
    ).toBeNull();
  });

  it('without a chosen methodology shows the hint and opens no panel', async () => {
    renderApp('/Market?symbol=AAPL');
    fireEvent.click(await screen.findByRole('button', { name: 'Value Business' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose Valuation Methodology' });
    await within(dialog).findByRole('radio', { name: 'P/E' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Value Business' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Please choose valuation methodology!',
    );
    expect(screen.queryByRole('region', { name: /Valuation$/ })).toBeNull();
  });
});

describe('valuation panel', () => {
  it('P/E: prefilled from the data and recomputed by the shared math on every change', async () => {
    renderApp('/Market?symbol=AAPL');
    await openMethodology('P/E');
    expect(field('earnings_per_share').value).toBe('6');
    expect(field('growth_ratein_eps').value).toBe('10.00');
    expect(field('forward_multiple').value).toBe('21.00');
    expect(field('market_price').readOnly).toBe(true);
    expect(field('market_price').value).toBe(String(PRICE));

    const first = computeValuation(shownInput(1, PE_FIELDS));
    if (!first.ok) throw new Error(first.message);
    expectShown(first);

    fireEvent.change(field('earnings_per_share'), { target: { value: '12.5' } });
    const second = computeValuation(shownInput(1, PE_FIELDS));
    if (!second.ok) throw new Error(second.message);
    expect(second.intrinsicValuePerShare).not.toBe(first.intrinsicValuePerShare);
    expectShown(second);

    fireEvent.change(field('holding_period'), { target: { value: '5' } });
    const third = computeValuation(shownInput(1, PE_FIELDS));
    if (!third.ok) throw new Error(third.message);
    expectShown(third);
    expect(
      document.querySelector('.valuation-field--hold .valuation-field__suffix')?.textContent,
    ).toBe('years');

    // A one-click suggestion from history sets the growth rate.
    fireEvent.click(screen.getByRole('button', { name: /^5 Yr: 10\.00%$/ }));
    expect(field('growth_ratein_eps').value).toBe('10.00');
  });

  it('a base figure of 0 shows the try-another-model modal, never NaN or Infinity', async () => {
    renderApp('/Market?symbol=AAPL');
    await openMethodology('P/E');
    fireEvent.change(field('earnings_per_share'), { target: { value: '0' } });
    expect(
      await screen.findByRole('dialog', { name: 'Enter positive number or try another model' }),
    ).toBeTruthy();
    fireEvent.change(field('earnings_per_share'), { target: { value: '' } });
    expect(document.body.textContent).not.toMatch(/NaN|Infinity/);
    expect(screen.getByText('Enter a number for Earnings Per Share')).toBeTruthy();
  });

  it('the gauge, the labels and the faces follow the side of the price', async () => {
    renderApp('/Market?symbol=AAPL');
    await openMethodology('P/E');
    // Intrinsic far above the price: margin of safety, user happy, Mr. Market sad.
    fireEvent.change(field('earnings_per_share'), { target: { value: '100' } });
    const meter = screen.getByRole('meter', { name: 'Margin of safety gauge' });
    expect(Number(meter.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    expect(output('Margin Of Safety')).not.toBeNull();
    expect(screen.getByRole('img', { name: 'Mr. Market is sad' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Ada Lovelace is happy' })).toBeTruthy();
    // Intrinsic below the price: premium, gauge at 0, faces swap.
    fireEvent.change(field('earnings_per_share'), { target: { value: '0.5' } });
    expect(meter.getAttribute('aria-valuenow')).toBe('0');
    expect(output('Premium')).not.toBeNull();
    expect(output('Expected Loss')).not.toBeNull();
    expect(screen.getByRole('img', { name: 'Mr. Market is happy' })).toBeTruthy();
  });

  it("P/S labels its base with the fiscal year and A, as the spec reads: 'Revenue Per Share (2024A)'", async () => {
    renderApp('/Market?symbol=AAPL');
    await openMethodology('P/S');
    expect(field('revenue_per_share').closest('label')!.textContent).toContain(
      'Revenue Per Share (2024A)',
    );
  });

  it('EV/EBITDA works in millions with the editable label beside EBITDA', async () => {
    renderApp('/Market?symbol=AAPL');
    await openMethodology('EV/EBITDA');
    expect(field('ebitda').value).toBe('130000');
    expect(field('debt').value).toBe('100000');
    expect(field('cash_and_cash_equivalents').value).toBe('30000');
    expect(field('shares_outstanding').value).toBe('15400');
    const names = [
      'ebitda',
      'ebitda_growth',
      'forward_multiple',
      'debt',
      'cash_and_cash_equivalents',
      'shares_outstanding',
      'market_price',
      'holding_period',
    ];
    fireEvent.change(field('debt'), { target: { value: '5000' } });
    const result = computeValuation(shownInput(4, names));
    if (!result.ok) throw new Error(result.message);
    expect(output('Intrinsic Value Per Share (Equity)')).toBe(
      formatNumber(result.intrinsicValuePerShare, 2),
    );
    const label = screen.getByRole('textbox', { name: 'EBITDA Label' });
    expect((label as HTMLInputElement).value).toBe('2024A');
    fireEvent.change(label, { target: { value: 'FY24 adj.' } });
    expect(screen.getByText('(FY24 adj.)')).toBeTruthy();
  });

  it('Pitch saves inputs, outputs, moats and comment the server accepts, then goes to /Pitches', async () => {
    stub({
      '/api/addValuation': () => json(400, { message: 'stop here' }),
    });
    let saved: Record<string, unknown> | null = null;
    const base = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path === '/api/addValuation') {
          saved = JSON.parse(String(init?.body)) as Record<string, unknown>;
          const id = 'v-1';
          return json(200, {
            message: 'Stock Pitch Successful!',
            data: {
              ...saved,
              id,
              valuation_id: id,
              stock_name: 'Apple Inc.',
              quote_price_at_save: PRICE,
              tracked_market_price: PRICE,
              valuation_output_id: 'o-1',
              ignored: false,
              bought_into: [],
              pitch_status: 1,
              createdAt: 'x',
              updatedAt: 'x',
            },
            valuation_output: [],
          });
        }
        return base(input, init);
      }),
    );
    const { router } = renderApp('/Market?symbol=AAPL');
    await openMethodology('P/B');
    fireEvent.change(field('growth_in_bookvalue'), { target: { value: '7.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Choose Moats' }));
    const moats = await screen.findByRole('dialog', { name: 'Choose Moats' });
    fireEvent.click(within(moats).getByRole('checkbox', { name: 'Patents' }));
    fireEvent.click(within(moats).getByRole('checkbox', { name: 'Brand(s)' }));
    fireEvent.click(within(moats).getByRole('button', { name: 'Done' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Comment' }), {
      target: { value: 'Durable.' },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Pitch' }));
    expect(await screen.findByText('Stock Pitch Successful!')).toBeTruthy();
    const body = saved as unknown as Record<string, unknown>;
    expect(body).toMatchObject({
      valuation_type_id: 2,
      stock_symbol: 'AAPL',
      growth_in_bookvalue: 7.5,
      market_price: PRICE,
      moats: ['Brand(s)', 'Patents'],
      comment: 'Durable.',
      pitch_status: 1,
    });
    expect(checkValuation(body as unknown as ValuationModelInput).ok).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/Pitches'));
  });
});

describe('/Market/{id}', () => {
  it("another user's id (not found) shows the not-found message", async () => {
    stub({ '/api/editValuation': () => json(404, { message: 'Request not found' }) });
    renderApp('/Market/someone-elses');
    expect(await screen.findByText('We could not find this valuation.')).toBeTruthy();
  });

  it('Re-Pitch of a tracked pitch saves with updateValuation and goes to /Mytrackedpitches', async () => {
    const input = {
      valuation_type_id: 1 as const,
      earnings_per_share: 6,
      growth_ratein_eps: 5,
      forward_multiple: 30,
      market_price: PRICE,
      holding_period: 2,
    };
    const result = computeValuation(input);
    if (!result.ok) throw new Error(result.message);
    const record = {
      ...input,
      id: 'v-7',
      valuation_id: 'v-7',
      stock_symbol: 'AAPL',
      stock_name: 'Apple Inc.',
      quote_price_at_save: PRICE,
      tracked_market_price: PRICE,
      earnings_per_share_at_endof_hold: result.endOfHoldValue,
      intrinsic_value_per_share: result.intrinsicValuePerShare,
      premium: result.premiumPercent,
      cumulative_loss: result.expectedGainPercent,
      irr: result.irrPercent,
      moic: result.moic,
      moats: [],
      comment: '',
      pitch_status: 2,
      valuation_output_id: 'o-7',
      ignored: false,
      bought_into: [],
      createdAt: 'x',
      updatedAt: 'x',
    };
    stub({
      '/api/editValuation': () => json(200, { data: record }),
      '/api/updateValuation': () =>
        json(200, {
          message: 'Pitch Updated Successfully!',
          data: { ...record, valuation_output_id: 'o-8' },
          valuation_output: [],
        }),
    });
    const { router } = renderApp('/Market/v-7');
    await screen.findByRole('region', { name: 'P/E Valuation' });
    fireEvent.change(field('forward_multiple'), { target: { value: '28' } });
    fireEvent.click(screen.getByRole('button', { name: 'Re-Pitch' }));
    expect(await screen.findByText('Pitch Updated Successfully!')).toBeTruthy();
    const sent = calls.find((c) => c.path === '/api/updateValuation')?.body;
    expect(sent).toMatchObject({ valuation_id: 'v-7', forward_multiple: 28, valuation_type_id: 1 });
    expect(checkValuation(sent as unknown as ValuationModelInput).ok).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/Mytrackedpitches'));
  });

  it('loads the saved valuation with its stock, methodology and figures', async () => {
    const input = {
      valuation_type_id: 3 as const,
      revenue_per_share: 20,
      revenue_per_share_growth_rate: 4,
      forward_multiple: 9,
      market_price: 150,
      holding_period: 3,
    };
    const result = computeValuation(input);
    if (!result.ok) throw new Error(result.message);
    stub({
      '/api/editValuation': () =>
        json(200, {
          data: {
            ...input,
            id: 'v-9',
            valuation_id: 'v-9',
            stock_symbol: 'AAPL',
            stock_name: 'Apple Inc.',
            quote_price_at_save: 150,
            tracked_market_price: 150,
            revenue_per_share_at_endof_hold: result.endOfHoldValue,
            intrinsic_value_per_share: result.intrinsicValuePerShare,
            premium: result.premiumPercent,
            cumulative_loss: result.expectedGainPercent,
            irr: result.irrPercent,
            moic: result.moic,
            moats: ['Licenses'],
            comment: 'Saved.',
            pitch_status: 1,
            valuation_output_id: 'o-9',
            ignored: false,
            bought_into: [],
            createdAt: 'x',
            updatedAt: 'x',
          },
        }),
    });
    renderApp('/Market/v-9');
    await screen.findByRole('region', { name: 'P/S Valuation' });
    await waitFor(() => expect(document.querySelector('input[name="market_price"]')).toBeTruthy());
    expect(field('market_price').value).toBe('150');
    expectShown(result);
    expect(output('Moats')).toBe('Licenses');
    expect(screen.getByRole('button', { name: 'Re-Pitch' })).toBeTruthy();
    await act(async () => undefined);
  });
});
