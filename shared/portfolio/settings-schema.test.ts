import { describe, expect, it } from 'vitest';
import { portfolioRecordSchema } from '../schemas/portfolio-api';
import { performanceResponseSchema } from '../schemas/portfolio-performance';
import { updatePortfolioPayload } from './schemas';

const base = { portfolio_id: 'p1', portfolio_name: 'Growth', investment_value: 1000 };

describe('the cost method and risk-free rate settings', () => {
  it('are optional on updatePortfolioDetails and kept as sent', () => {
    expect(updatePortfolioPayload.parse(base)).toEqual(base);
    expect(
      updatePortfolioPayload.parse({ ...base, cost_method: 'fifo', risk_free_rate: '4.25' }),
    ).toEqual({ ...base, cost_method: 'fifo', risk_free_rate: 4.25 });
    expect(updatePortfolioPayload.parse({ ...base, risk_free_rate: 0 }).risk_free_rate).toBe(0);
    expect(updatePortfolioPayload.parse({ ...base, risk_free_rate: 20 }).risk_free_rate).toBe(20);
  });

  it('refuse another method, a rate outside 0 to 20 % or with more than 2 decimals', () => {
    const message = (extra: object) =>
      updatePortfolioPayload.safeParse({ ...base, ...extra }).error?.issues[0]?.message;
    expect(message({ cost_method: 'lifo' })).toBe('Choose the average cost or FIFO');
    expect(message({ risk_free_rate: 20.01 })).toBe(
      'The risk-free rate must be between 0% and 20%',
    );
    expect(message({ risk_free_rate: -1 })).toBe('The risk-free rate must be between 0% and 20%');
    expect(message({ risk_free_rate: 4.125 })).toBe(
      'The risk-free rate can have at most 2 decimal places',
    );
    expect(message({ risk_free_rate: 'four' })).toBe('Enter a number');
  });

  it('the record may carry them; the performance answer must, the method as average or fifo', () => {
    const record = {
      id: 'p1',
      portfolio_id: 'p1',
      portfolio_name: 'Growth',
      investment_value: 1000,
      investment_cents: 100000,
      inception_date: '2024-01-02T00:00:00Z',
      date_time: null,
      cash_cents: 100000,
      reserved_cents: 0,
      created_at: '2024-01-02T00:00:00Z',
      updated_at: '2024-01-02T00:00:00Z',
    };
    expect(portfolioRecordSchema.safeParse(record).success).toBe(true);
    expect(
      portfolioRecordSchema.safeParse({ ...record, cost_method: 'fifo', risk_free_rate: 3.5 })
        .success,
    ).toBe(true);
    expect(portfolioRecordSchema.safeParse({ ...record, cost_method: 'lifo' }).success).toBe(false);
    const costMethod = performanceResponseSchema.def.shape.data.def.shape.cost_method;
    expect(costMethod.safeParse('average cost').success).toBe(false);
    expect(costMethod.safeParse('fifo').success).toBe(true);
  });
});
