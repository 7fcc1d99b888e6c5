import { formatChange } from '../../../../../shared/company/figures';
import {
  formatBillions,
  formatNumber,
  formatPrice,
  formatShares,
  isFiniteNumber,
} from '../../../../../shared/format/money';
import type { CompanyOverview } from '../../../../../shared/market/overview';

export type CompanyViewMode = 'plain' | 'valuation';

/** The company's name, listing, price and day's change; valuation mode adds the day's figures and the description. */
export function CompanyHeader({
  overview,
  mode,
}: {
  overview: CompanyOverview;
  mode: CompanyViewMode;
}) {
  const { profile, quote } = overview;
  const price = quote?.price ?? profile.price;
  const change = quote?.change ?? profile.changes;
  const currency = profile.currency || 'USD';
  const direction = !isFiniteNumber(change) || change === 0 ? 'flat' : change > 0 ? 'up' : 'down';

  return (
    <header className={`company-header company-header--${mode}`}>
      <div className="company-header__identity">
        <h2 className="company-header__name">{profile.companyName}</h2>
        <p className="company-header__listing">
          <span>{profile.exchangeShortName ?? profile.exchange ?? ''}</span>
          {': '}
          <span className="company-header__symbol">{profile.symbol}</span>
        </p>
      </div>
      <p className="company-header__price" aria-label="Price and change">
        <span className="company-header__last">{formatPrice(price)}</span>{' '}
        <span className="company-header__currency">{currency}</span>{' '}
        <span className={`company-header__change change--${direction}`}>
          {formatChange(price, change)}
        </span>
      </p>
      {mode === 'valuation' && (
        <>
          <dl className="company-header__facts">
            <Fact label="Open" value={formatPrice(quote?.open)} />
            <Fact label="High" value={formatPrice(quote?.dayHigh)} />
            <Fact label="Low" value={formatPrice(quote?.dayLow)} />
            <Fact label="Market cap" value={formatBillions(quote?.marketCap ?? profile.mktCap)} />
            <Fact label="P/E ratio" value={formatNumber(quote?.pe)} />
            <Fact label="Volume" value={formatShares(quote?.volume)} />
            <Fact label="Previous close" value={formatPrice(quote?.previousClose)} />
            <Fact label="52-week high" value={formatPrice(quote?.yearHigh)} />
            <Fact label="52-week low" value={formatPrice(quote?.yearLow)} />
          </dl>
          <section className="company-header__description" aria-label="Business description">
            <h3>Business description</h3>
            <p>{profile.description || 'No description available.'}</p>
          </section>
        </>
      )}
    </header>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="company-header__fact">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
