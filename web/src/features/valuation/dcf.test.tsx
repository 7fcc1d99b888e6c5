import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatNumber } from '../../../../shared/format/money';
import {
  checkValuation,
  computeValuation,
  DCF_MESSAGES,
  dcfImpliedGrowth,
  type DCFInput,
  type ValuationModelInput,
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
let saved: Record<string, unknown> | null = null;

/** 11 annual years, newest first; 15.4 bn diluted shares. */
const annualIncome = (i: number) => ({
  date: `${2024 - i}-09-30`,
  fiscalYear: String(2024 - i),
  symbol: 'AAPL',
  epsDiluted: 6,
  weightedAverageShsOutDil: 15.4e9,
});
/** Annual FCF grows 10% a year: operating cash flow 110 bn, capex 11 bn in 2024. */
const annualCash = (i: number) => ({
  date: `${2024 - i}-09-30`,
  fiscalYear: String(2024 - i),
  symbol: 'AAPL',
  operatingCashFlow: 110e9 / 1.1 ** i,
  capitalExpenditure: -11e9 / 1.1 ** i,
});
/** 4 quarters of 30 bn operating cash flow and 3 bn capex: TTM FCF 108 bn, 7.01 a share. */
const quarterCash = (i: number) => ({
  date: ['2025-06-28', '2025-03-29', '2024-12-28', '2024-09-28'][i],
  fiscalYear: '2025',
  symbol: 'AAPL',
  operatingCashFlow: 30e9,
  capitalExpenditure: -3e9,
});

beforeEach(() => {
  setSession(signedIn());
  saved = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      if (path === '/config.json') return json(200, { apiBaseUrl: '' });
      if (path === '/api/market/company-overview')
        return json(200, envelope(overviewFixture({ price: PRICE })));
      if (path === '/api/getValuationTypes')
        return json(200, {
          data: [
            { id: 1, valuation_name: 'P/E' },
            { id: 5, valuation_name: 'DCF' },
          ],
        });
      if (path === '/api/user')
        return json(200, { user: { name: 'Ada Lovelace', email: 'a@example.com', profile: null } });
      if (path === '/api/addValuation') {
        saved = body;
        return json(200, {
          message: 'Stock Pitch Successful!',
          data: {
            ...body,
            id: 'v-5',
            valuation_id: 'v-5',
            stock_name: 'Apple Inc.',
            tracked_market_price: PRICE,
            valuation_output_id: 'o-5',
            ignored: false,
            bought_into: [],
            pitch_status: 1,
            createdAt: 'x',
            updatedAt: 'x',
          },
          valuation_output: [],
        });
      }
      if (path === '/api/getSectorMedians')
        return json(200, {
          data: {
            stock_symbol: 'AAPL',
            sector: 'Technology',
            sectorCompanies: 40,
            medians: {
              pe: { median: 28.5, companies: 35 },
              pb: { median: 6, companies: 38 },
              ps: { median: 5.25, companies: 40 },
              evEbitda: { median: null, companies: 0 },
              fcfYield: { median: 3.1, companies: 30 },
            },
            asOf: '2026-03-10T15:00:00.000Z',
          },
        });
      if (path === '/api/market/read') {
        const read = Object.fromEntries(new URL(String(input), 'http://localhost').searchParams);
        const statement = read.kind === 'statement' ? read.statement : undefined;
        if (statement === 'cashflow' && read.period === 'quarter')
          return json(200, envelope([0, 1, 2, 3].map(quarterCash)));
        if (statement === 'cashflow')
          return json(200, envelope(Array.from({ length: 11 }, (_, i) => annualCash(i))));
        if (statement === 'income')
          return json(200, envelope(Array.from({ length: 11 }, (_, i) => annualIncome(i))));
        return json(200, envelope([]));
      }
      return json(404, { message: 'not here' });
    }),
  );
});
afterEach(() => setSession({ status: 'guest' }));

const field = (name: string) => {
  const el = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!el) throw new Error(`no field ${name}`);
  return el;
};
const output = (label: string) =>
  document.querySelector(`dd[data-output="${label}"]`)?.textContent ?? null;

const DCF_FIELDS = [
  'free_cash_flow_per_share',
  'stage_one_growth',
  'stage_one_years',
  'terminal_growth',
  'discount_rate',
  'market_price',
  'holding_period',
] as const;

function shown(): DCFInput {
  const values: Record<string, unknown> = { valuation_type_id: 5 };
  for (const name of DCF_FIELDS) values[name] = parseField(field(name).value);
  return values as unknown as DCFInput;
}

async function openDcf() {
  renderApp('/Market?symbol=AAPL');
  fireEvent.click(await screen.findByRole('button', { name: 'Value Business' }));
  const dialog = await screen.findByRole('dialog', { name: 'Choose Valuation Methodology' });
  fireEvent.click(await within(dialog).findByRole('radio', { name: 'DCF' }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Value Business' }));
  await screen.findByRole('region', { name: 'DCF Valuation' });
  await waitFor(() => expect(field('free_cash_flow_per_share').value).not.toBe(''));
}

describe('DCF panel', () => {
  it('prefills TTM FCF per share and the defaults, and shows the shared math to the cent', async () => {
    await openDcf();
    // (4 x 30 bn - 4 x 3 bn) / 15.4 bn = 7.0129... -> 7.01
    expect(field('free_cash_flow_per_share').value).toBe('7.01');
    // 3-year growth of annual FCF per share in cents: 6.43 (2024) against 4.83 (2021) -> 10.01%.
    expect(field('stage_one_growth').value).toBe('10.01');
    expect(field('stage_one_years').value).toBe('10');
    expect(field('terminal_growth').value).toBe('2.50');
    expect(field('discount_rate').value).toBe('9.00');
    expect(field('market_price').readOnly).toBe(true);

    const result = computeValuation(shown());
    if (!result.ok) throw new Error(result.message);
    expect(output('Intrinsic Value Per Share')).toBe(
      formatNumber(result.intrinsicValuePerShare, 2),
    );
    expect(output('PV Of Stage One')).toBe(formatNumber(result.dcf!.pvStageOne, 2));
    expect(output('PV Of Terminal Value')).toBe(formatNumber(result.dcf!.pvTerminalValue, 2));
    expect(output('Terminal Value Share Of Intrinsic Value')).toBe(
      `${formatNumber(result.dcf!.terminalValueSharePercent, 2)}%`,
    );
    expect(output('IRR')).toBe(`${formatNumber(result.irrPercent, 2)}%`);
    expect(output('MOIC')).toBe(`${formatNumber(result.moic, 2)}x`);

    const implied = dcfImpliedGrowth(shown());
    const impliedText = document.querySelector('[data-implied-growth]')?.textContent ?? '';
    expect(impliedText).toContain(
      implied.ok ? `${formatNumber(implied.growthPercent, 2)}%` : 'N/A',
    );

    // The grid: discount rates by terminal growth, the centre cell is the valuation.
    const grid = document.querySelector('table[data-grid="dcf"]')!;
    expect(grid).toBeTruthy();
    const centre = grid.querySelector('td[aria-current="true"]')!;
    expect(centre.textContent).toContain(formatNumber(result.intrinsicValuePerShare, 2));
  });

  it('warns when the terminal value is most of the value, and names both rates when r <= gT', async () => {
    await openDcf();
    fireEvent.change(field('discount_rate'), { target: { value: '4' } });
    const r = computeValuation(shown());
    expect(r.ok && r.dcf!.terminalValueWarning).toBe(true);
    expect(screen.getByText(DCF_MESSAGES.terminalShareWarning)).toBeTruthy();

    fireEvent.change(field('discount_rate'), { target: { value: '2.5' } });
    expect(
      screen.getByText('The discount rate (2.5%) must be above the terminal growth rate (2.5%)'),
    ).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/NaN|Infinity/);
    expect((screen.getByRole('button', { name: 'Pitch' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    fireEvent.change(field('free_cash_flow_per_share'), { target: { value: '-1' } });
    expect(
      await screen.findByRole('dialog', { name: 'Enter positive number or try another model' }),
    ).toBeTruthy();
  });

  it('shows N/A implied growth when no growth from -50% to +100% reaches the price', async () => {
    await openDcf();
    fireEvent.change(field('free_cash_flow_per_share'), { target: { value: '0.01' } });
    expect(document.querySelector('[data-implied-growth]')?.textContent).toContain('N/A');
  });

  it('pitches a DCF with bear and bull cases the server would accept', async () => {
    await openDcf();
    fireEvent.change(field('stage_one_growth'), { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: /Bear \/ Base \/ Bull/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Bear And Bull Cases' }));
    expect(field('scenario_bear_discount_rate').value).toBe('11.00');
    expect(field('scenario_bull_discount_rate').value).toBe('7.00');
    fireEvent.click(screen.getByRole('button', { name: 'Pitch' }));
    expect(await screen.findByText('Stock Pitch Successful!')).toBeTruthy();
    expect(saved).toMatchObject({
      valuation_type_id: 5,
      stage_one_growth: 6,
      stage_one_years: 10,
      discount_rate: 9,
      scenarios: { bear: { discount_rate: 11 }, bull: { discount_rate: 7 } },
    });
    expect(checkValuation(saved as unknown as ValuationModelInput).ok).toBe(true);
  });

  it('shows ten years of FCF per share with its growth, and the FCF yield against the sector median', async () => {
    await openDcf();
    const context = screen.getByRole('region', { name: 'History and peers' });
    const table = within(context).getByRole('table');
    // 11 years, 2024 back to 2014; 2024: (110 bn - 11 bn) / 15.4 bn = 6.43.
    expect(within(table).getAllByRole('columnheader')).toHaveLength(11);
    expect(within(table).getAllByRole('columnheader')[0]!.textContent).toBe('2024');
    expect(within(table).getAllByRole('cell')[0]!.textContent).toBe('6.43');
    expect(context.querySelector('[data-context-growth]')?.textContent).toMatch(
      /3 Yr 10\.01% · 5 Yr 10\.\d\d% · 10 Yr 10\.\d\d%/,
    );
    // FCF yield now: 7.01 / 190.5 = 3.68 %, against the sector's median of 3.10 %.
    await waitFor(() =>
      expect(context.querySelector('[data-context-peers]')?.textContent).toBe(
        'vs peers: AAPL FCF yield 3.68% · Technology median 3.10% (30 companies)',
      ),
    );
    fireEvent.change(field('free_cash_flow_per_share'), { target: { value: '9.525' } });
    expect(context.querySelector('[data-context-peers]')?.textContent).toContain('FCF yield 5.00%');
  });
});
