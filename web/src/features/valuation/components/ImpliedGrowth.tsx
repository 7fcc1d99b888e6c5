import { useMemo } from 'react';
import { formatNumber } from '../../../../../shared/format/money';
import { impliedGrowth, type ValuationModelInput } from '../../../../../shared/valuation';

/**
 * The growth rate the market price implies at the form's multiple and hold period (the
 * rate at which intrinsic value equals the price), shown beside the growth input. For a DCF:
 * the stage-one growth at which IV = P (the reverse DCF), N/A when none from -50% to +100% does.
 */
export function ImpliedGrowth({ input }: { input: ValuationModelInput }) {
  const implied = useMemo(() => impliedGrowth(input), [input]);
  return (
    <p className="valuation-implied" data-implied-growth>
      <span className="valuation-implied__label">Implied by price: </span>
      {implied.ok ? (
        <strong>{formatNumber(implied.growthPercent, 2)}%</strong>
      ) : input.valuation_type_id === 5 && implied.message.startsWith('N/A') ? (
        <span title={implied.message}>
          N/A
          <span className="visually-hidden"> ({implied.message.replace(/^N\/A: /, '')})</span>
        </span>
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
