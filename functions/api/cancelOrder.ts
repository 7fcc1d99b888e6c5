import type { cancelOrderPayload } from '../../shared/schemas/portfolio-api';
import { route } from '../lib/http';
import { cancelOrder, portfolioStore } from '../portfolios';

/** `POST api/cancelOrder`: an open limit order, with its cash or shares given back. */
export const handler = route<typeof cancelOrderPayload>('cancelOrder', ({ input, user }) =>
  cancelOrder({ store: portfolioStore() }, user!.userId, input),
);
