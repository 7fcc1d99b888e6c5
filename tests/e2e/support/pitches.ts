import type { Page } from 'playwright-core';
import * as z from 'zod/mini';
import { marketEnvelope, quoteSchema } from '../../../shared/market';
import {
  savedValuationResponse,
  type ValuationRecord,
} from '../../../shared/schemas/valuation-api';
import {
  computeValuation,
  toStoredOutputs,
  type DCFInput,
  type PEInput,
} from '../../../shared/valuation';
import { apiClient } from '../../support/api';
import type { TestUser } from '../../support/users';

/** The server's cached price of the symbol, read through the market-data proxy. */
export async function quotePrice(symbol: string): Promise<number> {
  const res = await apiClient().post('/api/common_api', {
    url: `quote/${symbol}`,
    method: 'GET',
    parameters: {},
  });
  const quote = marketEnvelope(z.array(quoteSchema)).parse(res.body).data[0];
  if (!quote) throw new Error(`no quote for ${symbol}`);
  return quote.price;
}

/**
 * A saved P/E pitch at the symbol's cached price, through the API, with the outputs computed
 * by the shared valuation math. `epsDivisor` sets EPS as a fraction of the price.
 */
export async function savePePitch(
  user: TestUser,
  symbol: string,
  assumptions: { epsDivisor: number; growth: number; multiple: number; comment: string },
): Promise<{ price: number; record: ValuationRecord; intrinsic: number }> {
  const price = await quotePrice(symbol);
  const inputs: PEInput = {
    valuation_type_id: 1,
    market_price: price,
    earnings_per_share: Number((price / assumptions.epsDivisor).toFixed(2)),
    growth_ratein_eps: assumptions.growth,
    forward_multiple: assumptions.multiple,
    holding_period: 3,
  };
  const result = computeValuation(inputs);
  if (!result.ok) throw new Error(result.message);
  const res = await apiClient().post(
    '/api/addValuation',
    {
      ...inputs,
      stock_symbol: symbol,
      moats: ['Brand(s)'],
      comment: assumptions.comment,
      ...toStoredOutputs(result),
    },
    { token: user.accessToken },
  );
  if (res.status !== 200)
    throw new Error(`addValuation answered ${res.status}: ${JSON.stringify(res.body)}`);
  return {
    price,
    record: savedValuationResponse.parse(res.body).data,
    intrinsic: result.intrinsicValuePerShare,
  };
}

/** The text of a cell of a portfolio's row in the dashboard table, by column header. */
export async function portfolioCell(
  page: Page,
  portfolio: string,
  column: string,
): Promise<string> {
  const headers = await page
    .locator('table.portfolio-table')
    .first()
    .locator('thead th')
    .allTextContents();
  const index = headers.indexOf(column);
  if (index < 0) throw new Error(`No column ${column}`);
  const row = page.locator('table.portfolio-table tbody tr').filter({
    has: page.getByRole('button', { name: portfolio, exact: true }),
  });
  return (await row.locator('th, td').nth(index).textContent()) ?? '';
}

/** "$1,234.50" -> 1234.5 */
export const dollars = (text: string) => Number(text.replace(/[^0-9.-]/g, ''));

/** A saved DCF pitch (valuation type 5) at the symbol's cached price, FCF a 25th of the price. */
export async function saveDcfPitch(user: TestUser, symbol: string): Promise<ValuationRecord> {
  const price = await quotePrice(symbol);
  const inputs: DCFInput = {
    valuation_type_id: 5,
    market_price: price,
    free_cash_flow_per_share: Number((price / 25).toFixed(2)),
    stage_one_growth: 9,
    stage_one_years: 10,
    terminal_growth: 2.5,
    discount_rate: 9,
    holding_period: 5,
  };
  const result = computeValuation(inputs);
  if (!result.ok) throw new Error(result.message);
  const res = await apiClient().post(
    '/api/addValuation',
    { ...inputs, stock_symbol: symbol, moats: [], comment: '', ...toStoredOutputs(result) },
    { token: user.accessToken },
  );
  if (res.status !== 200)
    throw new Error(`addValuation answered ${res.status}: ${JSON.stringify(res.body)}`);
  return savedValuationResponse.parse(res.body).data;
}
