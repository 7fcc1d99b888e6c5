import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  PitchScorecardResponse,
  TrackedPitchRow,
} from '../../../../shared/schemas/valuation-api';
import {
  scorePitch,
  scorecardSummary,
  type ScorecardPitch,
} from '../../../../shared/tracking/scorecard';
import { setSession, signedIn } from '../../test/session-mock';
import { json, quotesAnswer, stubApi, type ApiCall } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render-with-providers';
import { signedPercent } from './components/Scorecard';
import { Component as TrackedPitches } from './routes/tracked-pitches';

vi.mock('../../lib/auth', async () => (await import('../../test/session-mock')).authMock);

// After the 2023 reports were public (40 days after the year's end, below).
const TRACKED_AT = '2024-04-15T00:00:00.000Z';
const TWO_YEARS_LATER = Date.parse(TRACKED_AT) + 730.5 * 24 * 3600 * 1000;

const pitch = (id: string, symbol: string, name: string): ScorecardPitch => ({
  id,
  stock_symbol: symbol,
  stock_name: name,
  valuation_type_id: 1,
  tracked_market_price: 100,
  trackedAt: TRACKED_AT,
  forward_multiple: 25,
  holding_period: 4,
  earnings_per_share: 5,
  growth_ratein_eps: 10,
});

const tracked = (p: ScorecardPitch): TrackedPitchRow => ({
  id: p.id,
  valuation_id: p.id,
  stock_symbol: p.stock_symbol,
  stock_name: p.stock_name ?? null,
  valuation_type_id: 1,
  tracked_market_price: 100,
  market_price: 100,
  intrinsic_value_per_share: 150,
  holding_period: 4,
  trackedAt: TRACKED_AT,
});

const apple = pitch('v1', 'AAPL', 'Apple Inc.');
const ko = pitch('v2', 'KO', 'Coca-Cola Company');
const msft = pitch('v3', 'MSFT', 'Microsoft Corporation');

/** The scorecard the server would answer, computed with the shared math. */
function scorecardAnswer(): PitchScorecardResponse {
  const reports = [
    { periodEnd: '2023-12-31', value: 5, publicAt: Date.parse('2024-02-09T00:00:00Z') },
    { periodEnd: '2024-12-31', value: 6, publicAt: Date.parse('2025-02-09T00:00:00Z') },
  ];
  const data = [
    // Realized 32 = 20 from growth + 12 from multiple; expected 36.125: behind plan.
    scorePitch(apple, 132, reports, TWO_YEARS_LATER),
    // Only the period before tracking: no report since; realized 40 = 0 + 40: ahead of plan.
    scorePitch(ko, 140, reports.slice(0, 1), TWO_YEARS_LATER),
    // No quote: nothing realized.
    scorePitch(msft, null, reports, TWO_YEARS_LATER),
  ];
  return { data, summary: scorecardSummary(data), asOf: new Date(TWO_YEARS_LATER).toISOString() };
}

let scorecard: () => Promise<Response>;
let calls: ApiCall[] = [];

beforeEach(() => {
  setSession(signedIn());
  scorecard = async () => json(200, scorecardAnswer());
  calls = stubApi(({ path, query }) => {
    switch (path) {
      case '/api/trackedPitches':
        return json(200, { data: [apple, ko, msft].map(tracked), quotes: [], limit: 50 });
      case '/api/pitchScorecard':
        return scorecard();
      case '/api/market/read':
        return quotesAnswer(query.symbols, { AAPL: 132, KO: 140 });
      default:
        return undefined;
    }
  });
});

function renderScreen() {
  renderWithProviders(
    <MemoryRouter initialEntries={['/Mytrackedpitches']}>
      <TrackedPitches />
    </MemoryRouter>,
  );
}

function scoreCells(id: string) {
  const tr = screen.getByTestId(`scorecard-row-${id}`);
  const cell = (col: string) =>
    tr.querySelector(`[data-col="${col}"]`)?.textContent?.replace(/\s+/g, ' ').trim();
  return {
    tr,
    years: cell('years'),
    realized: cell('realized'),
    expected: cell('expected'),
    growth: cell('growth'),
    multiple: cell('multiple'),
    vs: cell('vs'),
    status: cell('status'),
  };
}

describe('the scorecard of My Tracked Pitches', () => {
  it('shows each pitch against its plan, split into growth and multiple, with the summary', async () => {
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Scorecard' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Company',
      'Tracked For',
      'Realized Return',
      'Expected Return To Date',
      'From Growth',
      'From Multiple',
      'Vs Plan',
      'Status',
    ]);
    expect(scoreCells('v1')).toMatchObject({
      years: '2.00 years',
      realized: '+32.00%',
      expected: '+36.13%',
      growth: '+20.00%',
      multiple: '+12.00%',
      vs: '-4.13%',
      status: 'Behind plan',
    });
    expect(within(scoreCells('v1').tr).queryByText('No report since tracking')).toBeNull();
    expect(scoreCells('v2')).toMatchObject({
      realized: '+40.00%',
      growth: '0.00%',
      multiple: '+40.00%',
      status: 'Ahead of plan',
    });
    expect(within(scoreCells('v2').tr).getByText('No report since tracking')).toBeTruthy();
    expect(scoreCells('v3')).toMatchObject({
      realized: 'N/A',
      growth: 'N/A',
      expected: '+36.13%',
    });
    expect(
      within(scoreCells('v3').tr).getByText('N/A', { selector: '.tracked-status' }),
    ).toBeTruthy();
    expect(within(scoreCells('v3').tr).getByText('No current price')).toBeTruthy();
    // Means over the two scored pitches: (32 + 40) / 2 against (36.125 + 36.125) / 2.
    expect(screen.getByTestId('scorecard-summary').textContent?.replace(/\s+/g, ' ')).toBe(
      '2 of 3 pitches scored. Average realized return +36.00% against +36.13% expected to date ' +
        '(+10.00% from growth, +26.00% from multiple). 1 ahead of plan, 1 behind plan, 0 on plan.',
    );
    expect(calls.filter((c) => c.path === '/api/pitchScorecard')).toHaveLength(1);
  });

  it('shows the tracked table without waiting for the scorecard', async () => {
    let answer: (r: Response) => void = () => {};
    scorecard = () => new Promise<Response>((resolve) => (answer = resolve));
    renderScreen();
    expect(await screen.findByRole('table', { name: 'My Tracked Pitches' })).toBeTruthy();
    expect(screen.getByText('Loading the scorecard…')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Scorecard' })).toBeNull();
    answer(json(200, scorecardAnswer()));
    expect(await screen.findByRole('table', { name: 'Scorecard' })).toBeTruthy();
  });

  it('says so when the scorecard cannot be loaded, and keeps the table', async () => {
    scorecard = async () => json(500, { message: 'Internal error' });
    renderScreen();
    expect(await screen.findByRole('table', { name: 'My Tracked Pitches' })).toBeTruthy();
    await waitFor(() =>
      expect(
        screen.getByText('The scorecard could not be loaded. Please try again later.'),
      ).toBeTruthy(),
    );
  });

  it('signs returns: gains with +, losses with -, zero and N/A bare', () => {
    expect(signedPercent(12.345)).toBe('+12.35%');
    expect(signedPercent(-0.5)).toBe('-0.50%');
    expect(signedPercent(0.001)).toBe('0.00%');
    expect(signedPercent(null)).toBe('N/A');
  });
});
