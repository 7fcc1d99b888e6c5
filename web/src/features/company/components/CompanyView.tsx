import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAddressParams } from '../../../lib/use-address-params';
import {
  DEFAULT_CATALOGUE_ITEM_ID,
  catalogueItem,
  isChartItem,
  type CatalogueItem,
} from '../../../../../shared/company/catalogue';
import {
  defaultPeriodFor,
  periodsFor,
  type PeriodId,
  type StatementPeriodId,
} from '../../../../../shared/company/periods';
import type { CompanyOverview } from '../../../../../shared/market/overview';
import { Loading } from '../../../components/Loading';
import { ApiError } from '../../../lib/api-error';
import { useSession } from '../../../lib/auth';
import { paths, type LoginRedirectState } from '../../../lib/paths';
import { useToast } from '../../../lib/toast';
import {
  ADDED_TO_WATCHLIST,
  addToWatchListFailure,
  useAddToWatchList,
} from '../api/add-to-watchlist';
import { useCompanyOverview } from '../api/get-company-overview';
import { ChartPanel } from './ChartPanel';
import { CompanyHeader, type CompanyViewMode } from './CompanyHeader';
import { FinancialRatios } from './FinancialRatios';
import { InvestmentHighlights } from './InvestmentHighlights';
import { MetricSelector } from './MetricSelector';
import { NewsList } from './NewsList';
import { PeriodTabs } from './PeriodTabs';
import { StatementTable } from './StatementTable';
import '../company.css';

export interface CompanyViewProps {
  symbol: string;
  /** plain: compact header and the millions note; valuation: the day's figures and the description. */
  mode?: CompanyViewMode;
  /** Value Business: opens the methodology chooser (the valuation screens provide it). */
  onValueBusiness?: (symbol: string) => void;
  /** Find Another Business: back to the stock picker. */
  onFindAnother: () => void;
}

const DEFAULT_ITEM = catalogueItem(DEFAULT_CATALOGUE_ITEM_ID)!;

/** The views used most, one click away beside the `Show` select (which keeps every item). */
export const QUICK_VIEWS = [
  'price',
  'investment-highlights',
  'income-statement-annual',
  'financial-ratios',
  'news',
] as const;

/** Search parameters of a view: `/Market?symbol=AAPL&show=income-statement-annual&period=5Y`. */
export const SHOW_PARAM = 'show';
export const PERIOD_PARAM = 'period';

/** The item and period a link names, each falling back to the default when it names none valid. */
export function viewFromSearch(params: URLSearchParams): {
  item: CatalogueItem;
  period: PeriodId | null;
} {
  const item = catalogueItem(params.get(SHOW_PARAM) ?? '') ?? DEFAULT_ITEM;
  const asked = params.get(PERIOD_PARAM);
  const period = periodsFor(item).find((p) => p.id === asked)?.id ?? defaultPeriodFor(item);
  return { item, period };
}

/** The company detail view: header, "what to show" selector, period tabs, the chosen chart or panel, and the actions. */
export function CompanyView({
  symbol,
  mode = 'plain',
  onValueBusiness,
  onFindAnother,
}: CompanyViewProps) {
  const overview = useCompanyOverview(symbol);
  // The view is kept in the address too, so a reload restores it and a link shares it; the
  // screen follows its own state at once and the address is brought in line after.
  const [params, setParams] = useAddressParams();
  const [view, setView] = useState(() => viewFromSearch(params));
  const { item, period } = view;
  const show = (next: CatalogueItem, nextPeriod: PeriodId | null) => {
    setView({ item: next, period: nextPeriod });
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        out.set(SHOW_PARAM, next.id);
        if (nextPeriod) out.set(PERIOD_PARAM, nextPeriod);
        else out.delete(PERIOD_PARAM);
        return out;
      },
      { replace: true },
    );
  };

  const selectItem = (id: string) => {
    const next = catalogueItem(id);
    if (next) show(next, defaultPeriodFor(next));
  };
  const setPeriod = (next: PeriodId) => show(item, next);

  if (overview.isPending) return <Loading label="Loading company…" />;
  if (overview.isError) {
    const notFound = overview.error instanceof ApiError && overview.error.status === 404;
    return (
      <div className="notice notice--error" role="alert">
        <p>
          {notFound
            ? `We could not find a company with the symbol ${symbol}.`
            : 'The company could not be loaded. Please try again.'}
        </p>
        <div className="company-actions">
          {!notFound && (
            <button
              type="button"
              className="button button--primary"
              onClick={() => void overview.refetch()}
            >
              Try again
            </button>
          )}
          <button type="button" className="button button--ghost" onClick={onFindAnother}>
            Find Another Business
          </button>
        </div>
      </div>
    );
  }

  const data = overview.data;
  const currency = data.reportedCurrency;
  return (
    <article className="company-view" aria-label={data.profile.companyName}>
      <CompanyHeader overview={data} mode={mode} />
      <div className="company-quick" role="group" aria-label="Quick views">
        {QUICK_VIEWS.map((id) => (
          <button
            key={id}
            type="button"
            className="company-quick__view"
            aria-pressed={item.id === id}
            onClick={() => selectItem(id)}
          >
            {catalogueItem(id)!.title.replace(' (Annual)', '')}
          </button>
        ))}
      </div>
      <div className="company-controls">
        <MetricSelector value={item.id} onChange={selectItem} />
        <PeriodTabs periods={periodsFor(item)} value={period} onChange={setPeriod} />
      </div>
      {mode === 'plain' && item.showsMillionsNote && (
        <p className="company-note">All numbers are in millions, Currency in {currency}</p>
      )}
      <ItemPanel item={item} period={period} overview={data} />
      <div className="company-actions">
        <button
          type="button"
          className="button button--primary"
          disabled={!onValueBusiness}
          title={onValueBusiness ? undefined : 'Coming with valuations'}
          onClick={() => onValueBusiness?.(data.symbol)}
        >
          Value Business
        </button>
        <AddToWatchListButton symbol={data.symbol} />
        <Link
          to={`${paths.compare}?symbols=${encodeURIComponent(data.symbol)}`}
          className="button button--ghost"
        >
          Compare
        </Link>
        <button type="button" className="button button--ghost" onClick={onFindAnother}>
          Find Another Business
        </button>
      </div>
    </article>
  );
}

/** Add to Watchlist: a signed-in user adds the stock; a guest is sent to log in and comes back here. */
function AddToWatchListButton({ symbol }: { symbol: string }) {
  const session = useSession();
  const location = useLocation();
  const toast = useToast();
  const add = useAddToWatchList();

  if (session.status === 'guest') {
    const state: LoginRedirectState = {
      from: { pathname: location.pathname, search: location.search },
    };
    return (
      <Link to={paths.login} state={state} className="button button--ghost">
        Add to Watchlist
      </Link>
    );
  }
  return (
    <button
      type="button"
      className="button button--ghost"
      disabled={session.status !== 'signedIn' || add.isPending}
      onClick={() =>
        add.mutate(symbol, {
          onSuccess: (res) => toast.success(res.message || ADDED_TO_WATCHLIST),
          onError: (error) => toast.error(addToWatchListFailure(error)),
        })
      }
    >
      Add to Watchlist
    </button>
  );
}

function ItemPanel({
  item,
  period,
  overview,
}: {
  item: CatalogueItem;
  period: PeriodId | null;
  overview: CompanyOverview;
}) {
  const symbol = overview.symbol;
  if (isChartItem(item))
    return <ChartPanel key={item.id} item={item} symbol={symbol} period={period ?? 'All'} />;
  switch (item.kind) {
    case 'statement':
      return (
        <StatementTable
          item={item}
          symbol={symbol}
          period={(period ?? 'All') as StatementPeriodId}
          sector={overview.profile.sector}
        />
      );
    case 'ratios':
      return <FinancialRatios symbol={symbol} period={(period ?? 'All') as StatementPeriodId} />;
    case 'highlights':
      return <InvestmentHighlights overview={overview} />;
    default:
      return <NewsList news={overview.news} />;
  }
}
