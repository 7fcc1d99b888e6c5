import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { PortfolioRow } from '../../../../../shared/schemas/portfolio-api';
import { Loading } from '../../../components/Loading';
import { Page } from '../../../components/Page';
import { paths } from '../../../lib/paths';
import {
  useForgetPortfolio,
  usePortfolioList,
  useReloadPortfolios,
  useStocksPerPortfolio,
} from '../api/portfolio-api';
import { formatUsd } from '../returns';
import { DeleteDialog } from './DeleteDialog';
import { OrderForm } from './OrderForm';
import { PortfolioModal } from './PortfolioModal';
import { PortfolioTable } from './PortfolioTable';
import { PortfolioViews } from './PortfolioViews';
import { StockPanel } from './StockPanel';
import '../portfolio.css';

const SEARCH_DELAY_MS = 300;

type ModalState = { mode: 'create' } | { mode: 'update'; id: string } | null;

/** The portfolio dashboard: list, search, create/adjust/delete, stock panel, and the chosen portfolio's holdings and performance. */
export function PortfolioDashboard({ title }: { title: string }) {
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [chosenSymbol, setChosenSymbol] = useState<string | null>(null);
  const [modal, setModal] = useState<ModalState>(null);
  const [deleting, setDeleting] = useState<PortfolioRow | null>(null);
  const reload = useReloadPortfolios();
  const forget = useForgetPortfolio();

  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(searchText.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [searchText]);

  const list = usePortfolioList(search);
  const rows = list.data?.data ?? [];
  const selected = rows.find((r) => r.portfolio_id === selectedId) ?? null;
  const stocks = useStocksPerPortfolio(selected?.portfolio_id ?? null);
  const symbols = stocks.data;
  const symbol =
    chosenSymbol && symbols?.includes(chosenSymbol) ? chosenSymbol : (symbols?.[0] ?? null);

  const select = (id: string) => {
    setSelectedId(id);
    setChosenSymbol(null);
  };

  const dialogs = (
    <>
      {modal && (
        <PortfolioModal
          portfolioId={modal.mode === 'update' ? modal.id : undefined}
          onClose={() => setModal(null)}
          onSaved={() => void reload()}
        />
      )}
      {deleting && (
        <DeleteDialog
          row={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={(id) => {
            if (id === selectedId) setSelectedId(null);
            void forget(id);
          }}
        />
      )}
    </>
  );

  const createButton = (
    <button
      type="button"
      className="button button--primary"
      onClick={() => setModal({ mode: 'create' })}
    >
      Create Portfolio
    </button>
  );

  if (list.isPending)
    return (
      <Page title={title}>
        <Loading label="Loading portfolios…" />
      </Page>
    );
  if (list.isError && !list.data)
    return (
      <Page title={title}>
        <p className="notice notice--error">
          Your portfolios could not be loaded. Please try again.
        </p>
      </Page>
    );

  if (search === '' && searchText.trim() === '' && rows.length === 0)
    return (
      <Page title={title} className="portfolio-page">
        <div className="portfolio-empty-state">
          <p className="portfolio-empty-state__title">You have not created your portfolio yet.</p>
          <p>
            Create a portfolio with seed capital, then add stocks to it from your pitches or the
            order form.
          </p>
          {createButton}
        </div>
        {dialogs}
      </Page>
    );

  return (
    <Page title={title} className="portfolio-page">
      <div className="portfolio-toolbar">
        <div className="portfolio-search">
          <input
            type="search"
            placeholder="Search portfolios"
            aria-label="Search portfolios"
            value={searchText}
            maxLength={100}
            onChange={(e) => setSearchText(e.target.value)}
          />
        </div>
        {createButton}
        <Link to={paths.portfolioIncome} className="button button--ghost">
          Income from all portfolios
        </Link>
        <Link to={paths.portfolio} className="card portfolio-total">
          <span className="portfolio-total__label">Total Portfolio Value</span>
          <strong className="portfolio-total__value" data-testid="total-value">
            {formatUsd(list.data.total_porfolio_value)}
          </strong>
          {list.data.total_incomplete && (
            <span className="portfolio-total__note">Some portfolios have no value yet</span>
          )}
        </Link>
      </div>

      <div className={`portfolio-layout${selected ? ' has-panel' : ''}`}>
        <div className="portfolio-layout__main">
          {rows.length === 0 ? (
            <p className="portfolio-empty">No portfolio matches “{search}”.</p>
          ) : (
            <PortfolioTable
              rows={rows}
              selectedId={selectedId}
              onSelect={select}
              onAdjust={(id) => setModal({ mode: 'update', id })}
              onDelete={setDeleting}
            />
          )}
          {selected && <PortfolioViews portfolio={selected} />}
        </div>
        <aside className="portfolio-layout__side">
          {selected ? (
            <StockPanel
              portfolio={selected}
              symbols={symbols}
              symbol={symbol}
              onSymbol={setChosenSymbol}
            />
          ) : (
            <p className="portfolio-hint">Select a portfolio to see its stocks.</p>
          )}
          {rows.length > 0 && (
            <OrderForm
              portfolios={rows}
              portfolioId={selected?.portfolio_id ?? null}
              symbol={symbol}
            />
          )}
        </aside>
      </div>
      {dialogs}
    </Page>
  );
}
