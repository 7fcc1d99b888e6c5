import { describe, expect, it } from 'vitest';
import { keys } from '../../../functions/lib/keys';
import { CLOCK_TAG } from '../../support/clock';
import { placeOrder } from '../../../functions/portfolios/orders';
import { portfolioStore } from '../../../functions/portfolios/store';
import {
  call,
  createPortfolio,
  itemsUnder,
  newUser,
  openOrderEntries,
  setQuote,
  testMarket,
} from '../portfolio-support';

/**
 * Multi-item writes leave nothing half written: an order and any write that must go with
 * it (a pitch's `bought_into`) are one transaction, and a portfolio goes with all of its
 * holdings, transactions and orders at once.
 */
describe('multi-item writes are all or nothing', () => {
  it(
    'writes nothing of a market order when a write that goes with it fails its condition',
    { tags: [CLOCK_TAG] },
    async () => {
      const userId = newUser();
      const market = testMarket();
      await setQuote(market, 'AAPL', 100);
      const portfolioId = await createPortfolio(userId, 'Atomic', 10_000);
      const before = await itemsUnder(userId, keys.portfolioChildrenPrefix(portfolioId));
      const [portfolioBefore] = await itemsUnder(userId, keys.portfolio(userId, portfolioId).sk);

      // The note on a pitch that does not exist: its condition fails inside the order's transaction.
      const missingPitch = {
        Update: {
          TableName: portfolioStore().table,
          Key: keys.valuation(userId, 'no-such-pitch'),
          UpdateExpression: 'SET updatedAt = :now',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':now': new Date().toISOString() },
        },
      };
      await expect(
        placeOrder(
          { store: portfolioStore(), market },
          userId,
          {
            portfolio_id: portfolioId,
            stock_symbol: 'AAPL',
            side: 'buy',
            order_type: 'market',
            invest_by: 'quantity',
            quantity: 5,
          },
          [missingPitch],
        ),
      ).rejects.toThrow();

      expect(await itemsUnder(userId, keys.portfolioChildrenPrefix(portfolioId))).toEqual(before);
      const [portfolioAfter] = await itemsUnder(userId, keys.portfolio(userId, portfolioId).sk);
      expect(portfolioAfter?.cashCents).toBe(portfolioBefore?.cashCents);
      expect(portfolioAfter?.version).toBe(portfolioBefore?.version);
    },
  );

  it(
    'deletes a portfolio with its holdings, transactions, orders and open-order entries in one go',
    { tags: [CLOCK_TAG] },
    async () => {
      const userId = newUser();
      const portfolioId = await createPortfolio(userId, 'Going away', 100_000);
      for (const limit of [1, 2, 3]) {
        const res = await call(userId, 'placeOrder', {
          portfolio_id: portfolioId,
          stock_symbol: 'MSFT',
          side: 'buy',
          order_type: 'limit',
          invest_by: 'quantity',
          quantity: 1,
          limit_price: limit,
        });
        expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
      }
      // Three orders, each with the record of the change it made (decision 175).
      const children = await itemsUnder(userId, keys.portfolioChildrenPrefix(portfolioId));
      expect(children.filter((i) => i.type === 'Order')).toHaveLength(3);
      expect(children.filter((i) => i.type === 'PortfolioChange')).toHaveLength(3);
      expect(await openOrderEntries(userId)).toHaveLength(3);

      const res = await call(userId, 'deletePortfolio', { portfolio_id: portfolioId });
      expect(res.statusCode).toBe(200);
      expect(await itemsUnder(userId, keys.portfolioPrefix)).toEqual([]);
      expect(await openOrderEntries(userId)).toEqual([]);
      // Deleting it again is a clean 404, not a half-done second pass.
      expect(
        (await call(userId, 'deletePortfolio', { portfolio_id: portfolioId })).statusCode,
      ).toBe(404);
    },
  );
});
