import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Dialog } from '../../../components/Dialog';
import { Loading } from '../../../components/Loading';
import { paths } from '../../../lib/paths';
import { usePortfolios } from '../api/pitches-api';

interface BuyDialogProps {
  stockName: string;
  busy: boolean;
  onBuy: (portfolioId: string) => void;
  onClose: () => void;
}

/** Buy: choose one of the user's portfolios; without one, a way to create it. */
export function BuyDialog({ stockName, busy, onBuy, onClose }: BuyDialogProps) {
  const portfolios = usePortfolios(true);
  const [portfolioId, setPortfolioId] = useState('');
  const selectId = useId();
  const list = portfolios.data?.data ?? [];

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
            if (portfolioId) onBuy(portfolioId);
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
          <button type="submit" className="button button--primary" disabled={!portfolioId || busy}>
            Buy
          </button>
        </form>
      )}
    </Dialog>
  );
}
