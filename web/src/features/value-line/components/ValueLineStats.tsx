import { formatNumber, formatPrice } from '../../../../../shared/format/money';
import type { LineView } from '../model';

const pct = (n: number) => `${n > 0 ? '+' : ''}${formatNumber(n, 1)}%`;
const points = (n: number) =>
  `${n > 0 ? '+' : n < 0 ? '−' : ''}${formatNumber(Math.abs(n), 1)} points`;
const count = (n: number) => n.toLocaleString('en-US');

/**
 * A statistic's return set against the base rate (decision 161): the median return a year on
 * from any day of the same span, and the difference, so the reader sees whether the line adds
 * anything.
 */
function AgainstBase({
  stat,
  median,
  difference,
  base,
}: {
  stat: string;
  median: number | null;
  difference: number | null;
  base: LineView['stats']['baseRate'];
}) {
  if (median === null) return null;
  return (
    <span className="value-line__base" data-base={stat}>
      any day: {base.medianReturnPercent === null ? 'N/A' : pct(base.medianReturnPercent)} (
      {count(base.days)} days) · difference {difference === null ? 'N/A' : points(difference)}
    </span>
  );
}

/** Beneath the chart: how often the price sat below the line, its median premium, each crossing. */
export function ValueLineStats({ view }: { view: LineView }) {
  const { stats, gaps } = view;
  const median = stats.medianPremiumPercent;
  const withYear = stats.crossings.filter((c) => c.returnPercent !== null).length;
  const below = stats.belowReturn;
  return (
    <div className="value-line__statistics">
      <dl className="value-line__stats" data-testid="value-line-stats">
        <div>
          <dt>Price below the line</dt>
          <dd data-stat="below">
            {stats.belowPercent === null
              ? 'N/A'
              : `${formatNumber(stats.belowPercent, 1)}% of ${count(stats.days)} days`}
          </dd>
        </div>
        <div>
          <dt>A year after a day below the line</dt>
          <dd data-stat="below-return">
            {below.medianReturnPercent === null
              ? stats.daysBelow > 0
                ? 'none a year old yet'
                : 'N/A'
              : `median ${pct(below.medianReturnPercent)} (${count(below.days)} days)`}
            <AgainstBase
              stat="below-return"
              median={below.medianReturnPercent}
              difference={stats.belowVsBasePoints}
              base={stats.baseRate}
            />
          </dd>
        </div>
        <div>
          <dt>Median premium or discount</dt>
          <dd data-stat="median">
            {median === null
              ? 'N/A'
              : median === 0
                ? 'at the line'
                : `${formatNumber(Math.abs(median), 1)}% ${median > 0 ? 'premium' : 'discount'}`}
          </dd>
        </div>
        <div>
          <dt>Crossings below the line</dt>
          <dd data-stat="crossings">
            {stats.crossings.length}
            {stats.crossings.length > 0 &&
              (stats.medianCrossingReturnPercent === null
                ? ' · none a year old yet'
                : ` · a year on: median ${pct(stats.medianCrossingReturnPercent)} (${withYear} of ${stats.crossings.length})`)}
            <AgainstBase
              stat="crossings"
              median={stats.medianCrossingReturnPercent}
              difference={stats.crossingVsBasePoints}
              base={stats.baseRate}
            />
          </dd>
        </div>
        <div>
          <dt>A year after any day (base rate)</dt>
          <dd data-stat="base">
            {stats.baseRate.medianReturnPercent === null
              ? 'none a year old yet'
              : `median ${pct(stats.baseRate.medianReturnPercent)} (${count(stats.baseRate.days)} days)`}
          </dd>
        </div>
      </dl>
      {stats.crossings.length > 0 && (
        <details className="value-line__details">
          <summary>Each crossing below the line and the price a year on</summary>
          <div
            className="table-scroll"
            tabIndex={0}
            role="region"
            aria-label="Crossings, scrollable"
          >
            <table className="value-line__table">
              <thead>
                <tr>
                  <th scope="col">Crossed</th>
                  <th scope="col">Price</th>
                  <th scope="col">Value</th>
                  <th scope="col">A year on</th>
                  <th scope="col">Return</th>
                </tr>
              </thead>
              <tbody>
                {stats.crossings.map((c) => (
                  <tr key={c.date}>
                    <th scope="row">{c.date}</th>
                    <td>{formatPrice(c.price, 'USD')}</td>
                    <td>{formatPrice(c.value, 'USD')}</td>
                    <td>
                      {c.yearOnPrice === null
                        ? 'not a year yet'
                        : `${formatPrice(c.yearOnPrice, 'USD')} (${c.yearOnDate})`}
                    </td>
                    <td>{c.returnPercent === null ? 'N/A' : pct(c.returnPercent)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
      {gaps.length > 0 && (
        <details className="value-line__details" data-testid="value-line-gaps">
          <summary>Periods without a value ({gaps.length})</summary>
          <ul className="value-line__gaps">
            {gaps.map((g) => (
              <li key={g.from}>
                {g.from === g.to ? g.from : `${g.from} to ${g.to}`}: {g.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
