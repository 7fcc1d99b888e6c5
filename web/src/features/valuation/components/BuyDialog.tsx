import { useState } from 'react';
import { BoughtDialog } from '../../../components/BoughtDialog';
import { Link } from 'react-router-dom';
import type { ValuationTypeId } from '../../../../../shared/domain/valuation-types';
import { formatNumber } from '../../../../../shared/format/money';
import { PITCH_STATUS, VALUATION_API_MESSAGES } from '../../../../../shared/schemas/valuation-api';
import type { ValuationResult } from '../../../../../shared/valuation';
import { Dialog } from '../../../components/Dialog';
import { Loading } from '../../../components/Loading';
import { ApiError } from '../../../lib/api-error';
import { useSession } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { useToast } from '../../../lib/toast';
import {
  addValuation,
  buyPitch,
  ignoreValuation,
  updateValuation,
  usePortfolioChoices,
} from '../api/valuation-api';
import { BuySize, buyPreview, DEFAULT_BUY_SIZING, sizingBody } from './BuySize';
import type { SavedRef } from './ValuationPanel';

export const BUY_MESSAGES = {
  failed: 'Error with Pitch Adding',
  savedForLater: 'Valuation Saved for Later',
  choosePortfolio: 'Please select a portfolio',
} as const;

/**
 * The Buy popup: the valuation's figures, a portfolio to buy into, and Buy, Save for Later
 * or Ignore. A valuation not saved yet (or changed since) is saved first.
 */
export function BuyDialog({
  symbol,
  typeId,
  result,
  payload,
  saved,
  onSaved,
  onClose,
}: {
  symbol: string;
  typeId: ValuationTypeId;
  result: ValuationResult;
  payload: Record<string, unknown> | null;
  /** The saved valuation; an empty outputId means the screen changed since it was saved. */
  saved: SavedRef | null;
  onSaved: (saved: SavedRef) => void;
  onClose: () => void;
}) {
  const session = useSession();
  const toast = useToast();
  const portfolios = usePortfolioChoices(
    session.status === 'signedIn' ? session.user.userId : undefined,
  );
  const [portfolioId, setPortfolioId] = useState('');
  const [sizing, setSizing] = useState(DEFAULT_BUY_SIZING);
  const chosen = portfolios.data?.find((p) => p.id === portfolioId);
  const price = Number(payload?.market_price);
  const preview = buyPreview(sizing, chosen, price);
  const [hint, setHint] = useState(false);
  const [busy, setBusy] = useState(false);
  /** The portfolio bought into: the dialog then confirms, with the spec's "Go to Portfolio". */
  const [boughtInto, setBoughtInto] = useState<string | null>(null);

  /** The saved valuation for these figures: saves it (with the given status) when needed. */
  const ensureSaved = async (status: 0 | 1): Promise<SavedRef> => {
    if (saved && saved.outputId) return saved;
    if (!payload) throw new ApiError(400, 'The valuation cannot be saved');
    const answer = saved
      ? await updateValuation(saved.id, payload)
      : await addValuation(payload, status);
    const next: SavedRef = {
      id: answer.data.id,
      outputId: answer.data.valuation_output_id,
      status: answer.data.pitch_status,
    };
    onSaved(next);
    return next;
  };

  const run = async (action: () => Promise<void>, failure: string) => {
    setBusy(true);
    try {
      await action();
      onClose();
    } catch (error) {
      toast.error(
        error instanceof ApiError && error.status !== 0 ? error.message || failure : failure,
      );
    } finally {
      setBusy(false);
    }
  };

  const buy = () => {
    if (!portfolioId) {
      setHint(true);
      return;
    }
    void run(async () => {
      const ref = await ensureSaved(PITCH_STATUS.pitched);
      await buyPitch({
        stock_symbol: symbol,
        portfolio_id: portfolioId,
        valuation_type_id: typeId,
        valuation_id: ref.id,
        valuation_output_id: ref.outputId,
        ...sizingBody(sizing),
      });
      toast.success(VALUATION_API_MESSAGES.bought);
      setBoughtInto(chosen?.name ?? 'your portfolio');
    }, BUY_MESSAGES.failed);
  };

  const saveForLater = () =>
    void run(async () => {
      await ensureSaved(PITCH_STATUS.saved);
      toast.success(BUY_MESSAGES.savedForLater);
    }, 'The valuation could not be saved');

  const ignore = () =>
    void run(async () => {
      const ref = await ensureSaved(PITCH_STATUS.saved);
      await ignoreValuation(ref.id);
      toast.success(VALUATION_API_MESSAGES.ignored);
    }, 'The valuation could not be ignored');

  const rows: [string, string][] = [
    ['Intrinsic Value Per Share', formatNumber(result.intrinsicValuePerShare, 2)],
    [
      result.labels.margin === 'Premium' ? 'Premium (%)' : 'Margin of Safety (%)',
      `${formatNumber(result.premiumPercent, 2)}%`,
    ],
    ['Cumulative Gain/Loss', `${formatNumber(result.expectedGainPercent, 2)}%`],
    ['IRR (%)', `${formatNumber(result.irrPercent, 2)}%`],
    ['MOIC', `${formatNumber(result.moic, 2)}x`],
  ];

  if (boughtInto !== null)
    return <BoughtDialog what={symbol} portfolio={boughtInto} onClose={onClose} />;

  return (
    <Dialog title={`Buy ${symbol}`} onClose={onClose}>
      <dl className="valuation-outputs">
        {rows.map(([label, value]) => (
          <div key={label} className="valuation-outputs__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {portfolios.isPending ? (
        <Loading label="Loading portfolios…" />
      ) : portfolios.isError ? (
        <p className="notice notice--error" role="alert">
          The portfolios could not be loaded.
        </p>
      ) : portfolios.data.length === 0 ? (
        <div className="notice notice--info">
          <p>You have not created your portfolio yet.</p>
          <p>Mr. Market is waiting for you to add stocks to your portfolio.</p>
          <Link to={paths.portfolio} className="button button--primary">
            Create Portfolio
          </Link>
        </div>
      ) : (
        <label className="valuation-field">
          <span className="valuation-field__label">Select Portfolio</span>
          <select
            value={portfolioId}
            onChange={(e) => {
              setPortfolioId(e.target.value);
              setHint(false);
            }}
          >
            <option value="">Select Portfolio</option>
            {portfolios.data.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {portfolios.data && portfolios.data.length > 0 && (
        <BuySize sizing={sizing} onChange={setSizing} portfolio={chosen} price={price} />
      )}
      {hint && (
        <p className="field__error" role="alert">
          {BUY_MESSAGES.choosePortfolio}
        </p>
      )}
      <div className="dialog__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy || !portfolios.data?.length || (chosen !== undefined && !preview.ok)}
          onClick={buy}
        >
          Buy
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={busy}
          onClick={saveForLater}
        >
          Save for Later
        </button>
        <button type="button" className="button button--ghost" disabled={busy} onClick={ignore}>
          Ignore
        </button>
      </div>
    </Dialog>
  );
}
