import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { PortfolioRow } from '../../../../../shared/schemas/portfolio-api';
import { HoldingsPanel } from './HoldingsPanel';
import { IncomePanel } from './IncomePanel';
import { PerformancePanel } from './PerformancePanel';

const TABS = [
  { id: 'holdings', label: 'Holdings' },
  { id: 'performance', label: 'Performance' },
  { id: 'income', label: 'Income' },
] as const;
type Tab = (typeof TABS)[number]['id'];

/**
 * The chosen portfolio's views as tabs: holdings and orders, its performance and its income. The
 * arrow keys, Home and End move between the tabs (WAI-ARIA tabs, activated on focus).
 */
export function PortfolioViews({ portfolio }: { portfolio: PortfolioRow }) {
  const [tab, setTab] = useState<Tab>('holdings');
  const base = useId();
  const refs = useRef<Record<Tab, HTMLButtonElement | null>>({
    holdings: null,
    performance: null,
    income: null,
  });

  const onKeyDown = (event: KeyboardEvent) => {
    const at = TABS.findIndex((t) => t.id === tab);
    const next =
      event.key === 'ArrowRight'
        ? (at + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + TABS.length) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TABS.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    const id = TABS[next]!.id;
    setTab(id);
    refs.current[id]?.focus();
  };

  return (
    <div className="portfolio-views">
      <div
        className="portfolio-views__tabs"
        role="tablist"
        aria-label={`${portfolio.portfolio_name} views`}
        onKeyDown={onKeyDown}
      >
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-${t.id}-tab`}
            aria-controls={`${base}-${t.id}-panel`}
            aria-selected={tab === t.id}
            tabIndex={tab === t.id ? 0 : -1}
            className="portfolio-views__tab"
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${base}-${tab}-panel`}
        aria-labelledby={`${base}-${tab}-tab`}
        className="portfolio-views__panel"
      >
        {tab === 'holdings' ? (
          <HoldingsPanel portfolioId={portfolio.portfolio_id} />
        ) : tab === 'performance' ? (
          <PerformancePanel
            portfolioId={portfolio.portfolio_id}
            portfolioName={portfolio.portfolio_name}
          />
        ) : (
          <IncomePanel
            portfolioId={portfolio.portfolio_id}
            portfolioName={portfolio.portfolio_name}
          />
        )}
      </div>
    </div>
  );
}
