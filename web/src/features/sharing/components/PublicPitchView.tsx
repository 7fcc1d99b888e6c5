import { Link } from 'react-router-dom';
import { formatDisplayDate } from '../../../../../shared/format/dates';
import { formatPercent, formatPrice } from '../../../../../shared/format/money';
import {
  isHiddenVersion,
  previewSvgPath,
  publicRecordPath,
  type PublicPitchResponse,
  type SharedVersion,
} from '../../../../../shared/sharing/schemas';
import type { ValuationTypeId } from '../../../../../shared/domain/valuation-types';
import { MODELS } from '../../../../../shared/valuation/models';
import { formatAssumption } from '../../../../../shared/valuation/units';
import { PitchValueLine } from '../../value-line';

const price = (n: number | null) => formatPrice(n, 'USD');
const pct = (n: number | null) => formatPercent(n);

function modelOf(typeId: number): { name: string; fieldLabels: Record<string, string> } | null {
  return (
    (MODELS[typeId as keyof typeof MODELS] as
      { name: string; fieldLabels: Record<string, string> } | undefined) ?? null
  );
}

/** Every assumption of a version, with the model's own labels. */
function Assumptions({ version }: { version: SharedVersion }) {
  const model = modelOf(version.valuation_type_id);
  const labels = model?.fieldLabels ?? {};
  return (
    <dl className="share-page__facts">
      {Object.entries(labels).map(([field, label]) => {
        const value =
          field === 'market_price'
            ? version.market_price
            : field === 'holding_period'
              ? version.holding_period
              : field === 'forward_multiple'
                ? version.forward_multiple
                : (version.inputs[field] ?? null);
        return (
          <div key={field}>
            <dt>{label}</dt>
            <dd>{formatAssumption(version.valuation_type_id as ValuationTypeId, field, value)}</dd>
          </div>
        );
      })}
    </dl>
  );
}

/** The shared pitch as a signed-out visitor sees it: figures from the server only. */
export function PublicPitchView({ view }: { view: PublicPitchResponse }) {
  const c = view.current;
  const r = view.record;
  const s = view.scorecard;
  const name = c.stock_name ? `${c.stock_name} (${c.stock_symbol})` : c.stock_symbol;
  return (
    <article className="share-page" aria-labelledby="share-title">
      <h1 id="share-title" className="page__title">
        {name}
      </h1>
      <p className="share-page__lead">
        A {modelOf(c.valuation_type_id)?.name ?? 'valuation'} pitch: worth{' '}
        <strong data-testid="share-intrinsic">{price(c.intrinsic_value_per_share)}</strong> a share
        {view.intrinsicEdit && (
          <span data-testid="share-intrinsic-edit">
            {' '}
            (changed on {formatDisplayDate(view.intrinsicEdit.editedAt)} from{' '}
            {price(view.intrinsicEdit.versionValue)})
          </span>
        )}
        ; pitched on {formatDisplayDate(r.pitchedAt)} at {price(r.priceThen)}.
        {view.sharedBy && view.recordSlug && (
          <>
            {' '}
            Shared by <Link to={publicRecordPath(view.recordSlug)}>{view.sharedBy}</Link>.
          </>
        )}
      </p>

      <section aria-labelledby="share-record-title">
        <h2 id="share-record-title">Record since the pitch</h2>
        <table className="share-page__table">
          <tbody>
            <tr>
              <th scope="row">Price then</th>
              <td>{price(r.priceThen)}</td>
            </tr>
            <tr>
              <th scope="row">Price now</th>
              <td data-testid="share-price-now">{price(r.priceNow)}</td>
            </tr>
            <tr>
              <th scope="row">Return since pitched</th>
              <td data-testid="share-return">{pct(r.returnSince)}</td>
            </tr>
            <tr>
              <th scope="row">S&amp;P 500 over the same days</th>
              <td data-testid="share-index-return">{pct(r.indexReturn)}</td>
            </tr>
            <tr>
              <th scope="row">Against the S&amp;P 500</th>
              <td>{r.vsIndex === null ? 'n/a' : `${formatPercent(r.vsIndex)} points`}</td>
            </tr>
            <tr>
              <th scope="row">Days since pitched</th>
              <td>{r.daysSince}</td>
            </tr>
          </tbody>
        </table>
      </section>

      <PitchValueLine
        pitch={{
          id: view.slug,
          symbol: c.stock_symbol,
          name,
          typeId: c.valuation_type_id as 1 | 2 | 3 | 4 | 5,
          fields: {
            ...c.inputs,
            market_price: c.market_price,
            holding_period: c.holding_period,
            forward_multiple: c.forward_multiple,
          },
          pitchedAt: r.pitchedAt,
        }}
      />

      <section aria-labelledby="share-scorecard-title">
        <h2 id="share-scorecard-title">Scorecard</h2>
        <table className="share-page__table">
          <thead>
            <tr>
              <th scope="col">
                <span className="sr-text">Figure</span>
              </th>
              <th scope="col">Actual</th>
              <th scope="col">Expected by now</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Return</th>
              <td>{pct(s.realizedReturn)}</td>
              <td>{pct(s.expectedReturn)}</td>
            </tr>
            <tr>
              <th scope="row">From growth</th>
              <td>{pct(s.fromGrowth)}</td>
              <td>{pct(s.expectedFromGrowth)}</td>
            </tr>
            <tr>
              <th scope="row">From the multiple</th>
              <td>{pct(s.fromMultiple)}</td>
              <td>{pct(s.expectedFromMultiple)}</td>
            </tr>
          </tbody>
        </table>
        {s.status && <p>Status: {s.status}</p>}
        {s.reasons.length > 0 && <p className="share-page__note">{s.reasons.join('. ')}.</p>}
      </section>

      <section aria-labelledby="share-path-title">
        <h2 id="share-path-title">The pitch&apos;s expected path</h2>
        <img
          className="share-page__chart"
          src={previewSvgPath(view.slug)}
          alt={`${c.stock_symbol}: price against intrinsic value and the expected path`}
          width={600}
          height={315}
        />
        <ul className="share-page__path">
          {view.expectedPath.map((p) => (
            <li key={p.years}>
              Year {p.years.toFixed(2)}: {price(p.price)}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="share-thesis-title">
        <h2 id="share-thesis-title">The thesis</h2>
        <Assumptions version={c} />
        <p>Moats: {c.moats.length > 0 ? c.moats.join(', ') : 'none'}</p>
        {/* Text only: React escapes it, so a comment can hold no markup or running link. */}
        <p className="share-page__comment" data-testid="share-comment">
          {c.comment}
        </p>
      </section>

      <section aria-labelledby="share-versions-title">
        <h2 id="share-versions-title">Versions</h2>
        <ol className="share-page__versions">
          {view.versions.map((v) => (
            <li key={v.version} data-testid="share-version">
              Version {v.version}, {formatDisplayDate(v.at)}:{' '}
              {isHiddenVersion(v)
                ? 'hidden by its author'
                : `intrinsic value ${price(v.intrinsic_value_per_share)} at a market price of ${price(v.market_price)}`}
            </li>
          ))}
        </ol>
      </section>
      <p className="share-page__note">
        Figures as of {formatDisplayDate(view.asOf, { withTime: true })}. Not investment advice.
      </p>
    </article>
  );
}
