import {
  VALUATION_API_MESSAGES,
  type BuyPitchRequest,
  type ValuationResponse,
} from '../../shared/schemas/valuation-api';
import { BadRequestError, ConflictError } from '../lib/errors';
import { keys } from '../lib/keys';
import { buyIntoPortfolio } from '../portfolios/orders';
import { getValuation, type ValuationStore } from './store';
import { nowIso } from '../lib/clock';

/**
 * Buy from a pitch (spec/001 section 3, "Buy payload"): checks the pitch is the user's and
 * matches the payload, buys the stock into the chosen portfolio with a market order at the
 * current quote (the portfolio's order rules: its cash, a fresh quote; the transaction
 * records the pitch), then notes the portfolio on the valuation (`bought_into`).
 */
export async function buyFromPitch(
  store: ValuationStore,
  userId: string,
  input: BuyPitchRequest,
): Promise<ValuationResponse> {
  const { record } = await getValuation(store, userId, input.valuation_id);
  if (record.stock_symbol !== input.stock_symbol) {
    throw new BadRequestError(
      `This pitch is for ${record.stock_symbol}, not ${input.stock_symbol}`,
      { stock_symbol: 'Does not match the pitch' },
    );
  }
  if (record.valuation_type_id !== input.valuation_type_id) {
    throw new BadRequestError('The methodology does not match the pitch', {
      valuation_type_id: 'Does not match the pitch',
    });
  }
  if (
    input.valuation_output_id !== undefined &&
    input.valuation_output_id !== record.valuation_output_id
  ) {
    throw new ConflictError(VALUATION_API_MESSAGES.changedMeanwhile);
  }
  // The purchase and the pitch's note of it are one transaction: a failure leaves neither,
  // so retrying the buy never buys twice without the note, nor notes a buy that did not happen.
  const now = nowIso();
  const noteOnPitch = {
    Update: {
      TableName: store.table,
      Key: keys.valuation(userId, record.id),
      UpdateExpression:
        'ADD #bought :portfolio SET #updatedAt = :now, #version = if_not_exists(#version, :zero) + :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: {
        '#bought': 'bought_into',
        '#updatedAt': 'updatedAt',
        '#version': 'version',
      },
      ExpressionAttributeValues: {
        ':portfolio': new Set([input.portfolio_id]),
        ':now': now,
        ':zero': 0,
        ':one': 1,
      },
    },
  };
  // The pitch as the note leaves it: the route's answer, stored with the purchase (decision 121).
  const bought: ValuationResponse = {
    message: VALUATION_API_MESSAGES.bought,
    data: {
      ...record,
      bought_into: [...new Set([...record.bought_into, input.portfolio_id])].sort(),
      updatedAt: now,
    },
  };
  await buyIntoPortfolio(
    userId,
    {
      portfolio_id: input.portfolio_id,
      stock_symbol: record.stock_symbol,
      valuation_id: record.id,
      ...(input.invest_by ? { invest_by: input.invest_by } : {}),
      ...(input.amount !== undefined ? { amount: input.amount } : {}),
      ...(input.quantity !== undefined ? { quantity: input.quantity } : {}),
      ...(input.position_size !== undefined ? { position_size: input.position_size } : {}),
    },
    undefined,
    [noteOnPitch],
    () => bought,
  );
  return bought;
}
