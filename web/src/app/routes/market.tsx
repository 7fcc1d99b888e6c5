import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { stockSymbol } from '../../../../shared/schemas/common';
import { Dialog } from '../../components/Dialog';
import { Page } from '../../components/Page';
import { CompanyView } from '../../features/company/components/CompanyView';
import { StockPicker } from '../../features/stock-picker/components/StockPicker';
import { ValuationTypeList } from '../../features/valuation/components/ValuationTypeList';
import { paths } from '../../lib/paths';

/** The chosen stock from `?symbol=`, or null when there is none or it is not a symbol. */
export function symbolFromSearch(params: URLSearchParams): string | null {
  const parsed = stockSymbol.safeParse(params.get('symbol') ?? '');
  return parsed.success ? parsed.data : null;
}

/**
 * Home and /Market: the stock picker, then the chosen company's view. The stock lives in the
 * URL (`/Market?symbol=AAPL`), so a company page can be shared and Back returns to the last one.
 */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const symbol = symbolFromSearch(params);
  const [choosing, setChoosing] = useState(false);

  return (
    <Page
      title={symbol ? `${symbol} · Market` : 'Mr. Market'}
      heading="Welcome to Mr. Market"
      className="market"
    >
      <p className="notice notice--info">
        Please zoom out as you see fit for an optimal experience. This is a beta version. Thank you!
      </p>
      <section className="section" aria-label="Find a business">
        <StockPicker
          key={symbol ?? 'none'}
          onSelect={(next) => navigate(`${paths.market}?symbol=${encodeURIComponent(next)}`)}
        />
      </section>
      {symbol ? (
        <CompanyView
          key={symbol}
          symbol={symbol}
          onValueBusiness={() => setChoosing(true)}
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
      {choosing && (
        <Dialog title="Choose Valuation Methodology" onClose={() => setChoosing(false)}>
          <p>Valuing a business with these methodologies opens here soon.</p>
          <ValuationTypeList />
        </Dialog>
      )}
    </Page>
  );
}
