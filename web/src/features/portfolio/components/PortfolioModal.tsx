import { useEffect, useMemo, useRef, useState } from 'react';
import * as z from 'zod/mini';
import '../../../../../shared/schemas/zod-messages';
import { formatDisplayDate } from '../../../../../shared/format/dates';
import { formatNumber } from '../../../../../shared/format/money';
import {
  investmentValue,
  portfolioName,
  SEED_CAPITAL_DEFAULT,
  SEED_CAPITAL_MAX,
  SEED_CAPITAL_MIN,
} from '../../../../../shared/portfolio/schemas';
import { PORTFOLIO_MESSAGES } from '../../../../../shared/schemas/portfolio-api';
import { Dialog } from '../../../components/Dialog';
import { TextField } from '../../../components/FormField';
import { Loading } from '../../../components/Loading';
import { ApiError } from '../../../lib/api-client';
import { now } from '../../../lib/clock';
import { useToast } from '../../../lib/toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { createPortfolio, getPortfolioDetails, updatePortfolio } from '../api/portfolio-api';

/** The fields the modal edits, validated by the same rules as the API. */
export const portfolioForm = z.object({
  portfolio_name: portfolioName,
  investment_value: investmentValue,
});

export const UPDATE_FAILED = 'Updated unsuccessfully!';
export const LOAD_FAILED = 'The portfolio could not be loaded. Please try again.';

const SLIDER_STEP = 100_000;
const INITIAL = { portfolio_name: '', investment_value: String(SEED_CAPITAL_DEFAULT) };

interface PortfolioModalProps {
  /** Absent: create mode; present: update mode (the portfolio is loaded first). */
  portfolioId?: string | undefined;
  onClose: () => void;
  /** After a successful create or update (the caller reloads the list). */
  onSaved: () => void;
}

/** Create or update a portfolio: inception date, name and seed capital (slider and typed amount). */
export function PortfolioModal({ portfolioId, onClose, onSaved }: PortfolioModalProps) {
  const toast = useToast();
  const updating = portfolioId !== undefined;
  const form = useZodForm(portfolioForm, INITIAL);
  const { reset } = form;
  const [inception, setInception] = useState<string>(() => now().toISOString());
  const [loading, setLoading] = useState(updating);
  const [saving, setSaving] = useState(false);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    if (!portfolioId) return;
    let live = true;
    setLoading(true);
    getPortfolioDetails(portfolioId)
      .then((record) => {
        if (!live) return;
        reset({
          portfolio_name: record.portfolio_name,
          investment_value: String(record.investment_value),
        });
        setInception(record.inception_date);
        setLoading(false);
      })
      .catch(() => {
        if (!live) return;
        toast.error(LOAD_FAILED);
        close.current();
      });
    return () => {
      live = false;
    };
  }, [portfolioId, reset, toast]);

  const sliderValue = useMemo(() => {
    const n = Number(form.values.investment_value.replace(/,/g, ''));
    if (!Number.isFinite(n)) return SEED_CAPITAL_MIN;
    const clamped = Math.min(Math.max(n, SEED_CAPITAL_MIN), SEED_CAPITAL_MAX);
    return Math.round(clamped / SLIDER_STEP) * SLIDER_STEP;
  }, [form.values.investment_value]);

  const submit = form.handleSubmit(async (data) => {
    setSaving(true);
    const date_time = now().toISOString();
    try {
      if (portfolioId) {
        await updatePortfolio({ portfolio_id: portfolioId, ...data, date_time });
        toast.success(PORTFOLIO_MESSAGES.updated);
      } else {
        await createPortfolio({ ...data, date_time });
        toast.success(PORTFOLIO_MESSAGES.created);
      }
      reset(INITIAL);
      onSaved();
      onClose();
    } catch (error) {
      const detail = error instanceof ApiError && error.status < 500 ? ` ${error.message}` : '';
      toast.error(
        portfolioId ? `${UPDATE_FAILED}${detail}` : `${PORTFOLIO_MESSAGES.createFailed}.${detail}`,
      );
    } finally {
      setSaving(false);
    }
  });

  return (
    <Dialog title={updating ? 'Update Portfolio' : 'Create Portfolio'} onClose={onClose}>
      {loading ? (
        <Loading label="Loading portfolio…" />
      ) : (
        <form className="portfolio-form" onSubmit={submit} noValidate>
          <p className="portfolio-form__inception">
            Inception Date: <strong>{formatDisplayDate(inception)}</strong>
          </p>
          <TextField
            label="Portfolio Name"
            autoComplete="off"
            maxLength={200}
            error={form.errors.portfolio_name}
            {...form.bind('portfolio_name')}
          />
          <div className="field">
            <label className="field__label" htmlFor="seed-capital-slider">
              Seed Capital
            </label>
            <input
              id="seed-capital-slider"
              className="portfolio-form__slider"
              type="range"
              min={SEED_CAPITAL_MIN}
              max={SEED_CAPITAL_MAX}
              step={SLIDER_STEP}
              value={sliderValue}
              aria-valuetext={`$${formatNumber(sliderValue, 0)}`}
              onChange={(e) => form.setValue('investment_value', e.target.value)}
            />
            <div className="portfolio-form__scale" aria-hidden="true">
              <span>$0</span>
              <span>${formatNumber(SEED_CAPITAL_MAX, 0)}</span>
            </div>
          </div>
          <TextField
            label="Seed Capital (USD)"
            inputMode="decimal"
            error={form.errors.investment_value}
            {...form.bind('investment_value')}
          />
          <div className="dialog__actions">
            <button type="button" className="button button--ghost" onClick={onClose}>
              Cancel
            </button>
            <button
              type="submit"
              className="button button--primary"
              disabled={!form.isValid || saving}
            >
              {updating ? 'Update Portfolio' : 'Create Portfolio'}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
