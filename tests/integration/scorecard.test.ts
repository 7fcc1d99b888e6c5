import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../functions/lib/keys';
import { marketService, type MarketService } from '../../functions/market/service';
import { pitchScorecard, SCORECARD_ROWS } from '../../functions/valuations/scorecard';
import { valuationStore } from '../../functions/valuations/store';
import {
  pitchScorecardResponse,
  valuationResponse,
  type PitchScorecardResponse,
  type ValuationRecord,
} from '../../shared/schemas/valuation-api';
import {
  SCORECARD_REASONS,
  reportedFigures,
  scorePitch,
  scorecardSummary,
} from '../../shared/tracking/scorecard';
import type { IncomeRow, RatiosRow } from '../../shared/valuation/prefill';
import { createSignedInUser, type TestUser } from '../support/users';
import { api, doc, pitchOf, quotePrice, table } from './valuation-support';

async function scorecard(user: TestUser): Promise<PitchScorecardResponse> {
  const res = await api.get('/api/pitchScorecard', { token: user.accessToken });
  expect(res.status).toBe(200);
  return pitchScorecardResponse.parse(res.body);
}

async function trackedPitch(user: TestUser, type: 1 | 2 | 3 | 4, symbol: string) {
  const pitch = await pitchOf(user, type, symbol);
  const res = await api.post(
    '/api/update-pitch',
    { valuation_id: pitch.id },
    { token: user.accessToken },
  );
  expect(res.status).toBe(200);
  return valuationResponse.parse(res.body).data;
}

/** The provider's figures the server reads for a methodology, read through the same cache. */
async function reportsOf(typeId: number, symbol: string) {
  const service = marketService();
  return typeId === 1 || typeId === 4
    ? reportedFigures(typeId, {
        annualIncome: (await service.statements('income', symbol, 'annual', SCORECARD_ROWS))
          .data as IncomeRow[],
      })
    : reportedFigures(typeId, {
        annualRatios: (await service.ratios(symbol, 'annual', SCORECARD_ROWS))
          .data as unknown as RatiosRow[],
      });
}

/**
 * Moves a tracked pitch back in time: tracked the day after the second-latest reported period
 * ended, at a cost per share of its own, so that a report has come out since tracking.
 */
async function backdate(user: TestUser, record: ValuationRecord, cost: number) {
  const reports = await reportsOf(record.valuation_type_id, record.stock_symbol);
  expect(reports.length).toBeGreaterThanOrEqual(2);
  const previous = reports[reports.length - 2]!;
  const trackedAt = new Date(Date.parse(previous.periodEnd) + 24 * 3600 * 1000).toISOString();
  await doc.send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.valuation(user.userId, record.id),
      UpdateExpression: 'SET trackedAt = :t, tracked_market_price = :c',
      ExpressionAttributeValues: { ':t': trackedAt, ':c': cost },
    }),
  );
  const res = await api.post(
    '/api/editValuation',
    { valuation_id: record.id },
    { token: user.accessToken },
  );
  return valuationResponse.parse(res.body).data;
}

describe('the pitch scorecard (GET /api/pitchScorecard)', () => {
  let a: TestUser;
  let b: TestUser;
  let aPitches: ValuationRecord[];
  let bPitch: ValuationRecord;

  beforeAll(async () => {
    [a, b] = await Promise.all([
      createSignedInUser({ name: 'Scorecard A' }),
      createSignedInUser({ name: 'Scorecard B' }),
    ]);
    const pe = await trackedPitch(a, 1, 'AAPL');
    const ev = await trackedPitch(a, 4, 'MSFT');
    const pb = await trackedPitch(a, 2, 'AAPL');
    aPitches = [
      await backdate(a, pe, Math.round((await quotePrice('AAPL')) * 80) / 100),
      await backdate(a, ev, Math.round((await quotePrice('MSFT')) * 90) / 100),
      pb,
    ];
    bPitch = await trackedPitch(b, 3, 'NVDA');
  }, 60_000);

  it("scores each tracked pitch with the shared math on the provider's reported figures", async () => {
    const body = await scorecard(a);
    const now = Date.parse(body.asOf);
    expect(body.data.map((r) => r.id).sort()).toEqual(aPitches.map((p) => p.id).sort());
    const expected = await Promise.all(
      aPitches.map(async (p) =>
        scorePitch(
          p,
          await quotePrice(p.stock_symbol),
          await reportsOf(p.valuation_type_id, p.stock_symbol),
          now,
        ),
      ),
    );
    for (const want of expected) expect(body.data.find((r) => r.id === want.id)).toEqual(want);
    expect(body.summary).toEqual(scorecardSummary(body.data));

    const [pe, ev, pb] = aPitches.map((p) => body.data.find((r) => r.id === p.id)!);
    for (const row of [pe!, ev!]) {
      // Backdated: a report has come out since tracking, and the cost differs from the quote.
      expect(row.reportedSinceTracking).toBe(true);
      expect(row.baselineSource).toBe('reported');
      expect(row.realizedReturn).not.toBe(0);
      expect(row.fromGrowth).not.toBeNull();
      expect(row.status).not.toBeNull();
      expect(row.yearsTracked).toBeGreaterThan(0);
    }
    // Tracked seconds ago: no report since, next to nothing expected yet.
    expect(pb!.reportedSinceTracking).toBe(false);
    expect(pb!.fromGrowth).toBe(0);
    expect(Math.abs(pb!.expectedReturn!)).toBeLessThan(0.01);
  });

  it("another user sees only their own tracked pitches, none of A's", async () => {
    const body = await scorecard(b);
    expect(body.data.map((r) => r.id)).toEqual([bPitch.id]);
    const text = JSON.stringify(body);
    for (const p of aPitches) expect(text).not.toContain(p.id);
    expect(body.summary.tracked).toBe(1);
  });

  it('a user tracking nothing gets an empty scorecard', async () => {
    const c = await createSignedInUser({ name: 'Scorecard C' });
    const body = await scorecard(c);
    expect(body.data).toEqual([]);
    expect(body.summary).toMatchObject({ tracked: 0, scored: 0, meanRealizedReturn: null });
  });

  it('refuses input and an anonymous caller', async () => {
    const bad = await api.get('/api/pitchScorecard', {
      token: a.accessToken,
      query: { valuation_id: 'x' },
    });
    expect(bad.status).toBe(400);
    const anonymous = await api.get('/api/pitchScorecard');
    expect(anonymous.status).toBe(401);
  });

  it('reported figures that cannot be read give null splits with a reason, not an error', async () => {
    const failing = {
      statements: () => Promise.reject(new Error('provider down')),
      ratios: () => Promise.reject(new Error('provider down')),
    } as unknown as MarketService;
    const body = await pitchScorecard(valuationStore(), a.userId, { service: failing });
    expect(body.data).toHaveLength(3);
    for (const row of body.data) {
      expect(row.fromGrowth).toBeNull();
      expect(row.reasons).toContain(SCORECARD_REASONS.noReports);
      expect(row.baselineSource).toBe('pitch');
      expect(row.realizedReturn).not.toBeNull();
    }
    expect(body.summary.scored).toBe(0);
  });
});
