import { useId, useState, type FormEvent } from 'react';
import { formatNumber } from '../../../../../shared/format/money';
import type { CostMethod } from '../../../../../shared/portfolio/lots';
import { riskFreeRate as riskFreeRateSchema } from '../../../../../shared/portfolio/schemas';
import { ApiError } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { useSavePortfolioSettings } from '../api/settings';
import { Segmented } from './Segmented';

const METHODS = [
  { id: 'average', label: 'Average cost' },
  { id: 'fifo', label: 'FIFO', title: 'First in, first out' },
] as const satisfies readonly { id: CostMethod; label: string; title?: string }[];

/** The portfolio's cost method and the Sharpe ratio's risk-free rate, saved on the portfolio. */
export function PerformanceSettings({
  portfolioId,
  costMethod,
  riskFreeRate,
}: {
  portfolioId: string;
  costMethod: CostMethod;
  /** Percent a year. */
  riskFreeRate: number;
}) {
  const save = useSavePortfolioSettings(portfolioId);
  const toast = useToast();
  const [rateText, setRateText] = useState<string | null>(null);
  const rateId = useId();
  const errorId = `${rateId}-error`;
  const typed = rateText ?? formatNumber(riskFreeRate, 2);
  const parsed = riskFreeRateSchema.safeParse(typed);
  const rateError =
    rateText === null || parsed.success ? undefined : parsed.error.issues[0]?.message;

  const send = async (settings: { cost_method?: CostMethod; risk_free_rate?: number }) => {
    try {
      await save.mutateAsync(settings);
      // A saved rate shows as saved; saving the cost method keeps a rate being typed.
      if (settings.risk_free_rate !== undefined) setRateText(null);
      toast.success('Settings saved');
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'The settings could not be saved.');
    }
  };
  const onRate = (e: FormEvent) => {
    e.preventDefault();
    if (parsed.success && parsed.data !== riskFreeRate) void send({ risk_free_rate: parsed.data });
  };

  return (
    <div className="performance-settings">
      <div className="performance-settings__item">
        <span className="field__label" aria-hidden="true">
          Cost method
        </span>
        <Segmented
          label="Cost method"
          options={METHODS}
          value={costMethod}
          disabled={save.isPending}
          onChange={(method) => method !== costMethod && void send({ cost_method: method })}
        />
      </div>
      <form className="performance-settings__item" onSubmit={onRate} noValidate>
        <label className="field__label" htmlFor={rateId}>
          Risk-free rate
        </label>
        <div className="performance-settings__rate">
          <span className="input-suffix">
            <input
              id={rateId}
              className="field__input"
              inputMode="decimal"
              value={typed}
              aria-invalid={rateError ? true : undefined}
              aria-describedby={rateError ? errorId : undefined}
              onChange={(e) => setRateText(e.target.value)}
            />
            <span aria-hidden="true">% a year</span>
          </span>
          <button
            type="submit"
            className="button button--ghost"
            disabled={save.isPending || !parsed.success || parsed.data === riskFreeRate}
          >
            Save
          </button>
        </div>
        {rateError && (
          <p id={errorId} className="field__error">
            {rateError}
          </p>
        )}
      </form>
    </div>
  );
}
