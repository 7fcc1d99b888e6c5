import { useId, useState } from 'react';
import { BoughtDialog } from '../../../components/BoughtDialog';
import { Link } from 'react-router-dom';
import { Dialog } from '../../../components/Dialog';
import { Loading } from '../../../components/Loading';
import { paths } from '../../../lib/paths';
import {
  BuySize,
  buyPreview,
  DEFAULT_BUY_SIZING,
  sizingBody,
} from '../../valuation/components/BuySize';
import { usePortfolios } from '../api/pitches-api';

interface BuyDialogProps {
  stockName: string;
  /** The pitch's market price, to show what the buy would take. */
  price: number;
  busy: boolean;
  /**
   * The portfolio and the order's sizing fields (buyPitch's invest_by and amount or the like);
   * resolves true once bought, and the dialog then confirms with "Go to Portfolio".
   */
  onBuy: (portfolioId: string, sizing: Record<string, string>) => Promise<boolean>;
  onClose: () => void;
}

/** Buy: one of the user's portfolios and how much; without a portfolio, a way to create one. */
export function BuyDialog({ stockName, price, busy, onBuy, onClose }: BuyDialogProps) {
  const portfolios = usePortfolios(true);
  const [portfolioId, setPortfolioId] = useState('');
  const [sizing, setSizing] = useState(DEFAULT_BUY_SIZING);
  const selectId = useId();
  const list = portfolios.data?.data ?? [];
  const row = list.find((p) => p.id === portfolioId);
  const chosen = row
    ? { freeCashCents: row.cash_cents - row.reserved_cents, navCents: row.nav_cents }
    : undefined;
  const preview = buyPreview(sizing, chosen, price);
  const [boughtInto, setBoughtInto] = useState<string | null>(null);

  if (boughtInto !== null)
    return <BoughtDialog what={stockName} portfolio={boughtInto} onClose={onClose} />;

  return (
    <Dialog title={`Buy ${stockName}`} onClose={onClose}>
      {portfolios.isPending ? (
        <Loading />
      ) : portfolios.isError ? (
        <p className="notice notice--error">
          Your portfolios could not be loaded. Please try again.
        </p>
      ) : list.length === 0 ? (
        <div className="buy-empty">
          <p>
            <strong>You have not created your portfolio yet.</strong>
          </p>
          <p>Mr. Market is waiting for you to add stocks to your portfolio.</p>
          <Link className="button button--primary" to={paths.portfolio}>
            Create Portfolio
          </Link>
        </div>
      ) : (
        <form
          className="buy-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (portfolioId && preview.ok)
              void onBuy(portfolioId, sizingBody(sizing)).then((bought) => {
                if (bought) setBoughtInto(row?.portfolio_name ?? 'your portfolio');
              });
          }}
        >
          <label htmlFor={selectId} className="field__label">
            Select Portfolio
          </label>
          <select
            id={selectId}
            className="field__input"
            value={portfolioId}
            onChange={(e) => setPortfolioId(e.target.value)}
            required
          >
            <option value="">Select Portfolio</option>
            {list.map((p) => (
              <option key={p.id} value={p.id}>
                {p.portfolio_name}
              </option>
            ))}
          </select>
          <BuySize sizing={sizing} onChange={setSizing} portfolio={chosen} price={price} />
          <button
            type="submit"
            className="button button--primary"
            disabled={!portfolioId || !preview.ok || busy}
          >
            Buy
          </button>
        </form>
      )}
    </Dialog>
  );
}
