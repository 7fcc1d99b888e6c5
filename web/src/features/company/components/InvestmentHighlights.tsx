import {
  financialsTtm,
  shareInformation,
  valuationMetricsTtm,
  type PanelLine,
} from '../../../../../shared/company/figures';
import { formatShares } from '../../../../../shared/format/money';
import type { CompanyOverview } from '../../../../../shared/market/overview';

/** Share Information, Valuation Metrics (TTM), Financials (TTM) and the Largest Institutional Owners. */
export function InvestmentHighlights({ overview }: { overview: CompanyOverview }) {
  const { profile, quote, ratiosTtm, revenueQuarters, owners } = overview;
  const share = shareInformation({
    price: quote?.price ?? profile.price,
    currency: profile.currency,
    yearLow: quote?.yearLow,
    yearHigh: quote?.yearHigh,
    dividendYieldPercentageTTM: ratiosTtm?.dividendYieldPercentageTTM,
    marketCap: quote?.marketCap ?? profile.mktCap,
  });
  const valuation = valuationMetricsTtm({
    peRatioTTM: ratiosTtm?.peRatioTTM,
    priceToBookRatioTTM: ratiosTtm?.priceToBookRatioTTM,
    priceToSalesRatioTTM: ratiosTtm?.priceToSalesRatioTTM,
    enterpriseValueMultipleTTM: ratiosTtm?.enterpriseValueMultipleTTM,
  });
  const financials = financialsTtm({
    quarters: revenueQuarters,
    operatingProfitMarginTTM: ratiosTtm?.operatingProfitMarginTTM,
    netProfitMarginTTM: ratiosTtm?.netProfitMarginTTM,
  });
  const quarter = owners.quarter ? `Q${owners.quarter.quarter} ${owners.quarter.year}` : null;

  return (
    <section className="company-panel" aria-label="Investment Highlights">
      <h3 className="company-panel__title">Investment Highlights</h3>
      <div className="highlights">
        <Lines title="Share Information" lines={share} />
        <Lines title="Valuation Metrics (TTM)" lines={valuation} />
        <Lines title="Financials (TTM)" lines={financials} />
        <section
          className="highlights__card highlights__card--wide"
          aria-label="Largest Institutional Owners"
        >
          <h4>Largest Institutional Owners{quarter ? ` (${quarter})` : ''}</h4>
          {owners.owners.length === 0 ? (
            <p className="company-empty">No institutional owners reported.</p>
          ) : (
            <table className="owners-table">
              <thead>
                <tr>
                  <th scope="col">Owner</th>
                  <th scope="col">Shares</th>
                  <th scope="col">% Owned</th>
                </tr>
              </thead>
              <tbody>
                {owners.owners.map((o) => (
                  <tr key={o.holder}>
                    <th scope="row">{o.holder}</th>
                    <td>{formatShares(o.shares)}</td>
                    <td>{o.percentOwnedText}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
    </section>
  );
}

function Lines({ title, lines }: { title: string; lines: PanelLine[] }) {
  return (
    <section className="highlights__card" aria-label={title}>
      <h4>{title}</h4>
      <dl>
        {lines.map((l) => (
          <div key={l.label} className="highlights__line">
            <dt>{l.label}</dt>
            <dd>{l.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
