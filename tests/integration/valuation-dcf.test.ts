import { beforeAll, describe, expect, it } from 'vitest';
import { pitchScorecard, SCORECARD_ROWS } from '../../functions/valuations/scorecard';
import { valuationStore } from '../../functions/valuations/store';
import { marketService } from '../../functions/market/service';
import {
  myValuationResponse,
  savedValuationResponse,
  sectorMediansResponse,
  valuationOutputResponse,
  valuationResponse,
  type SavedValuationResponse,
} from '../../shared/schemas/valuation-api';
import { reportedFigures } from '../../shared/tracking/scorecard';
import { sectorMedians } from '../../shared/screener/peers';
import { loadSnapshot, toLoaded } from '../../functions/screener/snapshot';
import {
  computeValuation,
  dcfImpliedGrowth,
  toStoredOutputs,
  type DCFInput,
} from '../../shared/valuation';
import type { CashFlowRow, IncomeRow } from '../../shared/valuation/prefill';
import { createSignedInUser, type TestUser } from '../support/users';
import {
  api,
  inputsFor,
  payloadOf,
  pitchOf,
  quotePrice,
  storedItem,
  valuationItems,
} from './valuation-support';

type ErrorBody = { message: string; errors?: Record<string, string> };

/** DCF (valuation type 5, issue 23) through the same routes as the four multiples. */
describe('DCF pitches through the valuation routes', () => {
  let a: TestUser;
  let b: TestUser;
  let price = 0;

  beforeAll(async () => {
    [a, b] = await Promise.all([
      createSignedInUser({ name: 'DCF Investor' }),
      createSignedInUser({ name: 'DCF Other' }),
    ]);
    price = await quotePrice('AAPL');
  }, 30_000);

  it('saves a DCF pitch with the server recomputing every output, and the implied growth', async () => {
    const inputs = inputsFor(5, 'AAPL', price) as DCFInput & { stock_symbol: string };
    const res = await api.post<SavedValuationResponse>('/api/addValuation', payloadOf(inputs), {
      token: a.accessToken,
    });
    expect(res.status).toBe(200);
    const saved = savedValuationResponse.parse(res.body).data;
    const result = computeValuation(inputs);
    if (!result.ok) throw new Error(result.message);
    const implied = dcfImpliedGrowth(inputs);
    expect(saved).toMatchObject({
      valuation_type_id: 5,
      free_cash_flow_per_share: 7.25,
      stage_one_growth: 8,
      stage_one_years: 10,
      terminal_growth: 2.5,
      discount_rate: 9,
      ...toStoredOutputs(result),
      implied_growth: implied.ok ? implied.growthPercent : null,
      pitch_status: 1,
    });
    expect(saved.forward_multiple ?? null).toBeNull();
    const item = await storedItem(a.userId, saved.id);
    expect(item?.pv_terminal_value).toBe(result.dcf!.pvTerminalValue);

    const output = await api.post(
      '/api/getValuationOutput',
      { valuation_id: saved.id },
      { token: a.accessToken },
    );
    expect(output.status).toBe(200);
    expect(valuationOutputResponse.parse(output.body).data).toMatchObject({
      valuation_type_id: 5,
      intrinsic_value_per_share: result.intrinsicValuePerShare,
      pv_stage_one: result.dcf!.pvStageOne,
      terminal_value_share: result.dcf!.terminalValueSharePercent,
    });
  });

  it('answers bad DCF input with a 4xx sentence and stores nothing', async () => {
    const good = payloadOf(inputsFor(5, 'AAPL', price));
    const before = (await valuationItems(a.userId)).length;
    const cases: [Record<string, unknown>, RegExp][] = [
      [
        { ...good, discount_rate: 2.5 },
        /discount rate \(2\.5%\) must be above the terminal growth rate \(2\.5%\)/,
      ],
      [
        { ...good, terminal_growth: 12 },
        /discount rate \(9%\) must be above the terminal growth rate \(12%\)/,
      ],
      [{ ...good, free_cash_flow_per_share: 0 }, /Enter positive number or try another model/],
      [{ ...good, free_cash_flow_per_share: -3 }, /Enter positive number or try another model/],
      [{ ...good, stage_one_years: 2.5 }, /whole years from 1 to 20/],
      [{ ...good, stage_one_years: 21 }, /whole years from 1 to 20/],
      [{ ...good, stage_one_years: '10' }, /Enter a number for Stage One Years/],
      [{ ...good, discount_rate: null }, /Enter a number for Discount Rate/],
      [{ ...good, pv_terminal_value: 1 }, /do not match its assumptions: .*pv_terminal_value/],
      [{ ...good, intrinsic_value_per_share: 1 }, /do not match its assumptions/],
      [
        {
          ...good,
          scenarios: {
            bear: { growth: 1, forward_multiple: 10, probability: 25 },
            base: { probability: 50 },
            bull: { growth: 9, forward_multiple: 20, probability: 25 },
          },
        },
        /./,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await api.post<ErrorBody>('/api/addValuation', body, { token: a.accessToken });
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.body.message).toMatch(/[A-Za-z]/);
      const text = `${res.body.message} ${JSON.stringify(res.body.errors ?? {})}`;
      expect(text).toMatch(message);
      expect(text).not.toMatch(/NaN|Infinity/);
    }
    expect((await valuationItems(a.userId)).length).toBe(before);
  });

  it('pitches, re-pitches at the current price and with new assumptions, and lists a DCF pitch', async () => {
    const saved = await pitchOf(a, 5, 'MSFT');
    const refresh = await api.post<SavedValuationResponse>(
      '/api/updateValuation',
      { valuation_id: saved.id },
      { token: a.accessToken },
    );
    expect(refresh.status).toBe(200);
    expect(refresh.body.data.discount_rate).toBe(9);
    const msftPrice = await quotePrice('MSFT');
    const changed = payloadOf({
      ...(inputsFor(5, 'MSFT', msftPrice) as DCFInput & { stock_symbol: string }),
      discount_rate: 10,
    });
    const repitch = await api.post<SavedValuationResponse>(
      '/api/updateValuation',
      { valuation_id: saved.id, ...changed },
      { token: a.accessToken },
    );
    expect(repitch.status).toBe(200);
    expect(repitch.body.data.discount_rate).toBe(10);
    expect(repitch.body.data.intrinsic_value_per_share).toBeLessThan(
      saved.intrinsic_value_per_share,
    );

    const viaAddPitch = await api.post<SavedValuationResponse>(
      '/api/addPitch',
      payloadOf(inputsFor(5, 'MSFT', msftPrice), {
        scenarios: {
          bear: { growth: 2, discount_rate: 11, probability: 25 },
          base: { probability: 50 },
          bull: { growth: 14, discount_rate: 8, probability: 25 },
        },
      }),
      { token: a.accessToken },
    );
    expect(viaAddPitch.status).toBe(200);
    expect(viaAddPitch.body.data.scenarios).toMatchObject({ bear: { discount_rate: 11 } });

    const mine = myValuationResponse.parse(
      (await api.post('/api/myValuation', {}, { token: a.accessToken })).body,
    );
    expect(mine.data.filter((r) => r.valuation_type_id === 5).length).toBeGreaterThanOrEqual(3);
  });

  it("another user's DCF ids answer 404 and change nothing", async () => {
    const pitch = await pitchOf(a, 5);
    const before = await storedItem(a.userId, pitch.id);
    for (const [path, body] of [
      ['/api/editValuation', { valuation_id: pitch.id }],
      ['/api/getValuationOutput', { valuation_id: pitch.id }],
      ['/api/updateValuation', { valuation_id: pitch.id }],
      [
        '/api/updateValuation',
        { valuation_id: pitch.id, ...payloadOf(inputsFor(5, 'AAPL', price)) },
      ],
      ['/api/update-pitch', { valuation_id: pitch.id }],
      ['/api/ignoreValuation', { valuation_id: pitch.id }],
      ['/api/addPitch', { valuation_id: pitch.id }],
      ['/api/deletePitch', { valuation_id: pitch.id }],
    ] as const) {
      const res = await api.post<ErrorBody>(path, body, { token: b.accessToken });
      expect(res.status, path).toBe(404);
    }
    expect(await storedItem(a.userId, pitch.id)).toEqual(before);
  });

  it('tracks a DCF pitch and scores it on FCF per share', async () => {
    const pitch = await pitchOf(a, 5, 'NVDA');
    const tracked = await api.post(
      '/api/update-pitch',
      { valuation_id: pitch.id },
      { token: a.accessToken },
    );
    expect(tracked.status).toBe(200);
    expect(valuationResponse.parse(tracked.body).data.pitch_status).toBe(2);

    const body = await pitchScorecard(valuationStore(), a.userId);
    const row = body.data.find((r) => r.id === pitch.id)!;
    const service = marketService();
    const figures = reportedFigures(5, {
      annualIncome: (await service.statements('income', 'NVDA', 'annual', SCORECARD_ROWS))
        .data as IncomeRow[],
      annualCashFlow: (await service.statements('cashflow', 'NVDA', 'annual', SCORECARD_ROWS))
        .data as CashFlowRow[],
    });
    expect(figures.length).toBeGreaterThan(0);
    // The metric is FCF per share as reported: (operating cash flow - capex) / diluted shares.
    expect(row.latestMetric).toBe(figures[figures.length - 1]!.value);
    expect(row.reasons).not.toContain('The pitch lacks a figure the scorecard needs');
    expect(row.expectedMultiple).not.toBeNull();
  });

  it('sets an intrinsic-value alert on a DCF pitch at its intrinsic value, to the cent', async () => {
    const pitch = await pitchOf(a, 5, 'AAPL');
    const res = await api.post<{ data: { threshold: number; valuation_id: string | null } }>(
      '/api/alerts/add',
      { kind: 'intrinsic', valuation_id: pitch.id, direction: 'below' },
      { token: a.accessToken },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.valuation_id).toBe(pitch.id);
    expect(res.body.data.threshold).toBe(Math.round(pitch.intrinsic_value_per_share * 100) / 100);
  });

  it(
    "answers the median multiples of the stock's sector (vs peers), and refuses a bad symbol",
    { timeout: 60_000 },
    async () => {
      const res = await api.post(
        '/api/getSectorMedians',
        { stock_symbol: 'AAPL' },
        { token: a.accessToken },
      );
      expect(res.status).toBe(200);
      let { data } = sectorMediansResponse.parse(res.body);
      // The same figures as the medians computed here from the stored snapshot (the API server
      // may hold an older copy for up to 30 s: wait until it answers from the stored one).
      let stored = await loadSnapshot();
      for (let i = 0; i < 40 && stored && Date.parse(data.asOf) !== stored.builtAt; i++) {
        await new Promise((r) => setTimeout(r, 1000));
        data = sectorMediansResponse.parse(
          (
            await api.post(
              '/api/getSectorMedians',
              { stock_symbol: 'AAPL' },
              { token: a.accessToken },
            )
          ).body,
        ).data;
        stored = await loadSnapshot();
      }
      expect(stored).toBeTruthy();
      const rows = toLoaded(stored!).rows;
      const sector = rows.find((r) => r.symbol === 'AAPL')?.sector ?? null;
      expect(sector).not.toBeNull();
      expect(data.sector).toBe(sector);
      expect(data.medians).toEqual(sectorMedians(rows, sector).medians);

      const unknown = await api.post(
        '/api/getSectorMedians',
        { stock_symbol: 'ZZZZZ' },
        { token: a.accessToken },
      );
      expect(unknown.status).toBe(200);
      expect(sectorMediansResponse.parse(unknown.body).data.sector).toBeNull();

      const bad = await api.post<ErrorBody>(
        '/api/getSectorMedians',
        { stock_symbol: 'no spaces!', extra: 1 },
        { token: a.accessToken },
      );
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/[A-Za-z]/);
    },
  );
});
