import { useMemo } from 'react';
import { formatNumber } from '../../../../../shared/format/money';
import { impliedGrowth, type ValuationModelInput } from '../../../../../shared/valuation';

/**
 * The growth rate the market price implies at the form's multiple and hold period (the
 * rate at which intrinsic value equals the price), shown beside the growth input.
 */
export function ImpliedGrowth({ input }: { input: ValuationModelInput }) {
  const implied = useMemo(() => impliedGrowth(input), [input]);
  return (
    <p className="valuation-implied" data-implied-growth>
      <span className="valuation-implied__label">Implied by price: </span>
      {implied.ok ? (
        <strong>{formatNumber(implied.growthPercent, 2)}%</strong>
      ) : (
        <span title={implied.message}>
          not meaningful
          <span className="visually-hidden">
            {' '}
            ({implied.message.replace(/^Not meaningful: /, '')})
          </span>
        </span>
      )}
    </p>
  );
}
