import { Link } from 'react-router-dom';
import { formatDisplayDate } from '../../../../../shared/format/dates';
import { formatPercent, formatPrice } from '../../../../../shared/format/money';
import {
  RECORD_MIN_DAYS,
  publicPitchPath,
  type PublicRecordResponse,
} from '../../../../../shared/sharing/schemas';

const pct = (n: number | null) => formatPercent(n);

/** An investor's public record: their shared pitches against the S&P 500. */
export function PublicRecordView({ view }: { view: PublicRecordResponse }) {
  const s = view.summary;
  return (
    <article className="share-page" aria-labelledby="record-title">
      <h1 id="record-title" className="page__title">
        {view.displayName}: public record
      </h1>
      <dl className="share-page__facts">
        <div>
          <dt>Hit rate (ahead of the S&amp;P 500)</dt>
          <dd data-testid="record-hit-rate">{pct(s.hitRate)}</dd>
        </div>
        <div>
          <dt>Average return against the index</dt>
          <dd data-testid="record-average">{pct(s.averageVsIndex)}</dd>
        </div>
        <div>
          <dt>Median return against the index</dt>
          <dd data-testid="record-median">{pct(s.medianVsIndex)}</dd>
        </div>
        <div>
          <dt>Pitches counted</dt>
          <dd>
            {s.counted} of {view.pitches.length}
          </dd>
        </div>
      </dl>
      <p className="share-page__note">Only pitches at least {RECORD_MIN_DAYS} day old count.</p>
      {/* Seven columns: on a phone the table scrolls inside its box, the pitch's name in view. */}
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Pitches, scrollable">
        <table className="share-page__table">
          <thead>
            <tr>
              <th scope="col">Pitch</th>
              <th scope="col">Intrinsic value</th>
              <th scope="col">Pitched</th>
              <th scope="col">Days since</th>
              <th scope="col">Return</th>
              <th scope="col">S&amp;P 500</th>
              <th scope="col">Against the index</th>
            </tr>
          </thead>
          <tbody>
            {view.pitches.map((p) => (
              <tr key={p.slug}>
                <td>
                  <Link to={publicPitchPath(p.slug)}>
                    {p.stock_name ? `${p.stock_name} (${p.stock_symbol})` : p.stock_symbol}
                  </Link>
                  {!p.counted && ' (not counted yet)'}
                </td>
                <td>
                  {formatPrice(p.intrinsic_value_per_share, 'USD')}
                  {p.intrinsicEditedAt && ` (changed on ${formatDisplayDate(p.intrinsicEditedAt)})`}
                </td>
                <td>{formatDisplayDate(p.pitchedAt)}</td>
                <td>{p.daysSince}</td>
                <td>{pct(p.returnSince)}</td>
                <td>{pct(p.indexReturn)}</td>
                <td>{pct(p.vsIndex)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </article>
  );
}
