import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import { keys, userPk } from '../../functions/lib/keys';
import { cachedQuotes } from '../../functions/valuations/quotes';
import type { SavedValuationResponse } from '../../shared/schemas/valuation-api';
import {
  computeValuation,
  toStoredOutputs,
  type ValuationModelInput,
} from '../../shared/valuation';
import { apiClient } from '../support/api';
import type { TestUser } from '../support/users';

/** Tools the valuation, pitch and tracking tests share. */

export const api = apiClient();
export const doc = DynamoDBDocumentClient.from(new DynamoDBClient({}));
export const table = () => process.env.TABLE_NAME ?? '';

/** The server's cached quote of a symbol (the same cache the API server reads). */
export async function quotePrice(symbol: string): Promise<number> {
  const quote = (await cachedQuotes([symbol])).get(symbol);
  if (!quote) throw new Error(`no quote for ${symbol}`);
  return quote.price;
}

/** Inputs of each methodology, at a given market price. */
export function inputsFor(
  type: 1 | 2 | 3 | 4 | 5,
  symbol: string,
  price: number,
): ValuationModelInput & { stock_symbol: string } {
  if (type === 5)
    return {
      valuation_type_id: 5,
      stock_symbol: symbol,
      market_price: price,
      holding_period: 3,
      free_cash_flow_per_share: 7.25,
      stage_one_growth: 8,
      stage_one_years: 10,
      terminal_growth: 2.5,
      discount_rate: 9,
    };
  const common = {
    stock_symbol: symbol,
    market_price: price,
    holding_period: 3,
    forward_multiple: 18,
  };
  switch (type) {
    case 1:
      return { valuation_type_id: 1, ...common, earnings_per_share: 6.5, growth_ratein_eps: 9 };
    case 2:
      return { valuation_type_id: 2, ...common, book_value_per_share: 4.2, growth_in_bookvalue: 5 };
    case 3:
      return {
        valuation_type_id: 3,
        ...common,
        revenue_per_share: 25,
        revenue_per_share_growth_rate: 7,
      };
    case 4:
      return {
        valuation_type_id: 4,
        ...common,
        ebitda: 130_000,
        ebitda_growth: 6,
        debt: 100_000,
        cash_and_cash_equivalents: 60_000,
        shares_outstanding: 15_000,
      };
  }
}

/** A full payload: the inputs plus the outputs the shared math gives (what the panel sends). */
export function payloadOf(
  inputs: ValuationModelInput & { stock_symbol: string },
  extra: Record<string, unknown> = {},
) {
  const result = computeValuation(inputs);
  if (!result.ok) throw new Error(`inputs give no valuation: ${result.message}`);
  return {
    ...inputs,
    moats: ['Brand(s)', 'Network Effects'],
    comment: 'Durable franchise',
    ...toStoredOutputs(result),
    ...extra,
  };
}

export async function pitchOf(
  user: TestUser,
  type: 1 | 2 | 3 | 4 | 5 = 1,
  symbol = 'AAPL',
  extra: Record<string, unknown> = {},
) {
  const price = await quotePrice(symbol);
  const res = await api.post<SavedValuationResponse>(
    '/api/addValuation',
    payloadOf(inputsFor(type, symbol, price), extra),
    {
      token: user.accessToken,
    },
  );
  if (res.status !== 200)
    throw new Error(`addValuation answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function storedItem(userId: string, id: string) {
  const out = await doc.send(
    new GetCommand({ TableName: table(), Key: keys.valuation(userId, id), ConsistentRead: true }),
  );
  return out.Item;
}

export async function valuationItems(userId: string) {
  const out = await doc.send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': userPk(userId), ':p': keys.valuationPrefix },
      ConsistentRead: true,
    }),
  );
  return out.Items ?? [];
}

export async function trackCount(userId: string): Promise<number | undefined> {
  const out = await doc.send(
    new GetCommand({ TableName: table(), Key: keys.trackCounter(userId), ConsistentRead: true }),
  );
  return out.Item?.count as number | undefined;
}

export async function seedTrackCount(userId: string, count: number): Promise<void> {
  await doc.send(
    new PutCommand({
      TableName: table(),
      Item: { ...keys.trackCounter(userId), type: 'TrackCounter', count },
    }),
  );
}

export async function interestItem(userId: string, symbol: string) {
  const out = await doc.send(
    new GetCommand({
      TableName: table(),
      Key: keys.symbolInterest(userId, symbol, 'tracked'),
      ConsistentRead: true,
    }),
  );
  return out.Item;
}
