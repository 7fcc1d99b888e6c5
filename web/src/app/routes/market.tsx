import { lazy, Suspense, type ComponentProps } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAddressParams } from '../../lib/use-address-params';
import { parseStockSymbol } from '../../../../shared/market/symbols';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { StockPicker } from '../../features/stock-picker/components/StockPicker';
import { ValuationTypeList } from '../../features/valuation/components/ValuationTypeList';
import { paths } from '../../lib/paths';

/*
 * The business view (company, charts, valuation panel) shows once a stock is chosen: its code
 * loads then, so the home page's first screen does not wait for it. Until it has loaded, the
 * page shows what the company view shows while its data loads.
 */
const LazyBusinessView = lazy(async () => ({
  default: (await import('./business-view')).BusinessView,
}));

function BusinessView(props: ComponentProps<typeof LazyBusinessView>) {
  return (
    <Suspense fallback={<Loading label="Loading company…" />}>
      <LazyBusinessView {...props} />
    </Suspense>
  );
}

/** The chosen stock from `?symbol=`, or null when there is none or it is not a symbol. */
export function symbolFromSearch(params: URLSearchParams): string | null {
  return parseStockSymbol(params.get('symbol') ?? '');
}

/** `/Market?symbol=XYZ&value=1`: open the company with the methodology chooser (the watchlist's Value Business). */
export const VALUE_PARAM = 'value';

export const BETA_NOTICE =
  'Please zoom out as you see fit for an optimal experience. This is a beta version. Thank you!';

/** The market page's frame: the beta notice and the stock picker above the content. */
export function MarketFrame({
  title,
  pickerKey,
  children,
}: {
  title: string;
  pickerKey: string;
  children: React.ReactNode;
}) {
  const navigate = useNavigate();
  // A view named in the address (an old screen's path, a shared link) is kept for the stock chosen.
  const [params] = useSearchParams();
  const show = params.get('show');
  return (
    <Page title={title} heading="Welcome to Mr. Market" className="market">
      <p className="notice notice--info">{BETA_NOTICE}</p>
      <section className="section" aria-label="Find a business">
        <StockPicker
          key={pickerKey}
          onSelect={(next) =>
            navigate(
              `${paths.market}?symbol=${encodeURIComponent(next)}${show ? `&show=${encodeURIComponent(show)}` : ''}`,
            )
          }
        />
      </section>
      {children}
    </Page>
  );
}

/**
 * Home and /Market: the stock picker, then the chosen company's business view (the company
 * and, once valued, the valuation panel). The stock lives in the URL (`/Market?symbol=AAPL`).
 */
export function Component() {
  const [params, setParams] = useAddressParams();
  const navigate = useNavigate();
  const symbol = symbolFromSearch(params);
  const valueRequested = params.get(VALUE_PARAM) === '1';

  return (
    <MarketFrame title={symbol ? `${symbol} · Market` : 'Mr. Market'} pickerKey={symbol ?? 'none'}>
      {symbol ? (
        <BusinessView
          key={symbol}
          symbol={symbol}
          valueOnOpen={valueRequested}
          onValueOpened={() =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                next.delete(VALUE_PARAM);
                return next;
              },
              { replace: true },
            )
          }
          onFindAnother={() => navigate(paths.home)}
        />
      ) : (
        <>
          <p className="lead">
            Mr. Market quotes a price for every business, every day. Study the fundamentals of NYSE
            and NASDAQ stocks, put your own value on them, pitch your best ideas and track how they
            do against the market.
          </p>
          <section className="section" aria-labelledby="methodologies-heading">
            <h2 id="methodologies-heading">Valuation methodologies</h2>
            <ValuationTypeList />
          </section>
        </>
      )}
    </MarketFrame>
  );
}
