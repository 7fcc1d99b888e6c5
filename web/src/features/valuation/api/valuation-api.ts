import type { InvestBy } from '../../../../../shared/portfolio/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import '../../../../../shared/schemas/zod-messages';
import {
  savedValuationResponse,
  valuationResponse,
  type SavedValuationResponse,
  type ValuationRecord,
} from '../../../../../shared/schemas/valuation-api';
import type {
  BalanceRow,
  CashFlowRow,
  IncomeRow,
  PrefillData,
  RatiosRow,
} from '../../../../../shared/valuation';
import { marketRows, type MarketRow } from '../../../lib/market-proxy';
import { api } from '../../../lib/api-client';

/* ------------------------------------------------------------ market data */

const num = (...values: unknown[]): number | null => {
  for (const v of values) if (typeof v === 'number' && Number.isFinite(v)) return v;
  return null;
};
const year = (row: MarketRow): string | null => {
  const y = row.fiscalYear ?? row.calendarYear;
  return typeof y === 'string' || typeof y === 'number' ? String(y) : null;
};

/** Rows as the prefill reads them, whichever spelling the data source uses. */
export function incomeRows(rows: MarketRow[]): IncomeRow[] {
  return rows.map((r) => ({
    date: r.date,
    fiscalYear: year(r),
    epsDiluted: num(r.epsDiluted, r.epsdiluted),
    ebitda: num(r.ebitda),
    weightedAverageShsOutDil: num(r.weightedAverageShsOutDil),
  }));
}

export function ratiosRows(rows: MarketRow[]): RatiosRow[] {
  return rows.map((r) => ({
    date: r.date,
    fiscalYear: year(r),
    bookValuePerShare: num(r.bookValuePerShare),
    revenuePerShare: num(r.revenuePerShare),
    priceToEarningsRatio: num(r.priceToEarningsRatio, r.priceEarningsRatio),
    priceToBookRatio: num(r.priceToBookRatio, r.priceBookValueRatio),
    priceToSalesRatio: num(r.priceToSalesRatio, r.priceSalesRatio),
    enterpriseValueMultiple: num(r.enterpriseValueMultiple),
  }));
}

export function balanceRows(rows: MarketRow[]): BalanceRow[] {
  return rows.map((r) => ({
    date: r.date,
    fiscalYear: year(r),
    totalDebt: num(r.totalDebt),
    cashAndCashEquivalents: num(r.cashAndCashEquivalents),
  }));
}

export function cashFlowRows(rows: MarketRow[]): CashFlowRow[] {
  return rows.map((r) => ({
    date: r.date,
    fiscalYear: year(r),
    operatingCashFlow: num(r.operatingCashFlow, r.netCashProvidedByOperatingActivities),
    capitalExpenditure: num(r.capitalExpenditure),
  }));
}

/**
 * What the panels read on opening (spec/001 section 7): 11 annual statements and ratios, the
 * latest quarter; a DCF also reads 11 annual and the latest 4 quarterly cash flow statements
 * (its FCF per share, trailing twelve months, and FCF history).
 */
export async function getPrefillData(
  symbol: string,
  signal?: AbortSignal,
  options: { cashFlow?: boolean } = {},
): Promise<Omit<PrefillData, 'price'>> {
  const [annualIncome, annualRatios, quarterlyBalance, quarterlyIncome, annualCash, quarterCash] =
    await Promise.all([
      marketRows(`income-statement/${symbol}?period=annual&limit=11`, signal),
      marketRows(`ratios/${symbol}?period=annual&limit=11`, signal),
      marketRows(`balance-sheet-statement/${symbol}?period=quarter&limit=4`, signal),
      marketRows(`income-statement/${symbol}?period=quarter&limit=4`, signal),
      options.cashFlow
        ? marketRows(`cash-flow-statement/${symbol}?period=annual&limit=11`, signal)
        : Promise.resolve(null),
      options.cashFlow
        ? marketRows(`cash-flow-statement/${symbol}?period=quarter&limit=4`, signal)
        : Promise.resolve(null),
    ]);
  return {
    annualIncome: incomeRows(annualIncome),
    annualRatios: ratiosRows(annualRatios),
    quarterlyBalance: balanceRows(quarterlyBalance),
    quarterlyIncome: incomeRows(quarterlyIncome),
    ...(annualCash ? { annualCashFlow: cashFlowRows(annualCash) } : {}),
    ...(quarterCash ? { quarterlyCashFlow: cashFlowRows(quarterCash) } : {}),
  };
}

export const prefillDataQuery = (symbol: string, cashFlow = false) =>
  queryOptions({
    queryKey: ['valuation', 'prefill', symbol, cashFlow ? 'with-cash-flow' : 'base'],
    queryFn: ({ signal }) => getPrefillData(symbol, signal, { cashFlow }),
    staleTime: 60 * 60_000,
  });

export function usePrefillData(symbol: string, cashFlow = false) {
  return useQuery(prefillDataQuery(symbol, cashFlow));
}

/* ------------------------------------------------------------ valuations */

export async function editValuation(
  valuationId: string,
  signal?: AbortSignal,
): Promise<ValuationRecord> {
  const body = await api('editValuation', { valuation_id: valuationId }, signal ? { signal } : {});
  return valuationResponse.parse(body).data;
}

export const savedValuationQuery = (valuationId: string) =>
  queryOptions({
    queryKey: ['valuation', 'saved', valuationId],
    queryFn: ({ signal }) => editValuation(valuationId, signal),
    staleTime: Infinity,
  });

export function useSavedValuation(valuationId: string | undefined) {
  return useQuery({ ...savedValuationQuery(valuationId ?? ''), enabled: Boolean(valuationId) });
}

/** Pitch (pitch_status 1) or Save for Later (0): a new valuation. */
export async function addValuation(
  payload: Record<string, unknown>,
  pitchStatus: 0 | 1 = 1,
): Promise<SavedValuationResponse> {
  return savedValuationResponse.parse(
    await api('addValuation', { ...payload, pitch_status: pitchStatus }),
  );
}

/** Re-Pitch: replaces a saved valuation's assumptions and outputs. */
export async function updateValuation(
  valuationId: string,
  payload: Record<string, unknown>,
): Promise<SavedValuationResponse> {
  return savedValuationResponse.parse(
    await api('updateValuation', { valuation_id: valuationId, ...payload }),
  );
}

export async function buyPitch(input: {
  stock_symbol: string;
  portfolio_id: string;
  valuation_type_id: number;
  valuation_id: string;
  valuation_output_id?: string;
  invest_by?: InvestBy;
  amount?: string;
  quantity?: string;
  position_size?: string;
}): Promise<{ message?: string }> {
  return valuationResponse.parse(await api('buyPitch', input));
}

export async function ignoreValuation(valuationId: string): Promise<{ message?: string }> {
  return valuationResponse.parse(await api('ignoreValuation', { valuation_id: valuationId }));
}

/* ------------------------------------------------------------ portfolios */

/** Only what the Buy popup's "Select Portfolio" needs from getPortfolioList. */
const portfolioChoices = z.object({
  data: z.array(
    z.looseObject({
      id: z.string(),
      portfolio_name: z.string(),
      cash_cents: z.number(),
      reserved_cents: z.number(),
      nav_cents: z.nullable(z.number()),
    }),
  ),
});

export const portfolioChoicesQuery = (userId: string) =>
  queryOptions({
    queryKey: ['valuation', 'portfolio-choices', userId],
    queryFn: async ({ signal }) =>
      portfolioChoices.parse(await api('getPortfolioList', {}, { signal })).data.map((p) => ({
        id: p.id,
        name: p.portfolio_name,
        /** Cash free for a new order (cash less what open limit buys hold). */
        freeCashCents: p.cash_cents - p.reserved_cents,
        navCents: p.nav_cents,
      })),
  });

export function usePortfolioChoices(userId: string | undefined) {
  return useQuery({ ...portfolioChoicesQuery(userId ?? ''), enabled: Boolean(userId) });
}
