import { describe, expect, inject, it } from 'vitest';
import { CLOCK_TAG } from '../../support/clock';
import { buildData, newInvestor, reads, type StackAddress } from './journey';

/**
 * An investor's data built through the API at the instant the stack's clock holds (valuations at
 * the quoted price, a pitch, a portfolio with an open order, a watched stock) is found again by
 * every read. `npm test` runs it at each pinned instant (before the open, at the close, on a
 * Saturday, a holiday, the clock changes): the same journey the DynamoDB outage and `npm start`
 * restart suites build, on the shared stack.
 */
describe('the investor journey through the API', () => {
  it(
    'builds data at the pinned instant and finds every item again on every read',
    { tags: [CLOCK_TAG] },
    async () => {
      const stack = inject('stack');
      const at: StackAddress = {
        api: stack.urls.api,
        cognito: stack.urls.cognitoProxy,
        userPoolId: stack.userPoolId,
        clientId: stack.userPoolClientId,
      };
      const { token } = await newInvestor(at);
      const built = await buildData(at, token);
      for (const read of reads(at, token, built)) {
        const reply = await read.run();
        expect(reply.status, read.route).toBe(200);
        expect(read.finds(reply), `${read.route} finds the item`).toBe(true);
      }
    },
  );
});
