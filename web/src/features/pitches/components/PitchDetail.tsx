import { Link } from 'react-router-dom';
import defaultAvatar from '../../../assets/default-avatar.svg';
import type { Quote } from '../../../../../shared/market';
import type { ValuationRecord } from '../../../../../shared/schemas/valuation-api';
import { formatAmount, formatMultiple, formatPercent } from '../../../../../shared/tracking/format';
import { holdPeriodSuffix, MODELS } from '../../../../../shared/valuation';
import { paths } from '../../../lib/paths';
import { methodologyTitle, pitchName, type PitchFigures } from '../figures';
import { ScenarioSummary } from './ScenarioSummary';
import { ShareButton } from '../../sharing';
import { PitchValueLine } from '../../value-line';

export type PaneMode = 'summary' | 'detail';

interface PitchDetailProps {
  record: ValuationRecord;
  figures: PitchFigures;
  quote: Quote | undefined;
  mode: PaneMode;
  onMode: (mode: PaneMode) => void;
  onClose: () => void;
  user: { name: string; imageUrl?: string | undefined };
}

/** The right pane: a pitch's summary, or (View) the model's assumptions, read-only. */
export function PitchDetail({
  record,
  figures,
  quote,
  mode,
  onMode,
  onClose,
  user,
}: PitchDetailProps) {
  const title = methodologyTitle(record.valuation_type_id);
  return (
    <section className="pitch-detail" aria-label={`${title}: ${pitchName(record)}`}>
      <header className="pitch-detail__head">
        <h2 className="pitch-detail__title">{title}</h2>
        <div className="pitch-detail__actions">
          {mode === 'summary' ? (
            <button type="button" className="button button--ghost" onClick={() => onMode('detail')}>
              View
            </button>
          ) : (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => onMode('summary')}
            >
              Back
            </button>
          )}
          <Link className="button button--ghost" to={paths.savedValuation(record.id)}>
            Edit
          </Link>
          {record.pitch_status !== 0 && (
            <ShareButton valuationId={record.id} label={pitchName(record)} />
          )}
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
      </header>
      <CompanyLine record={record} quote={quote} />
      {mode === 'summary' ? (
        <Summary figures={figures} user={user} />
      ) : (
        <ReadOnlyForm record={record} />
      )}
      <ScenarioSummary record={record} price={figures.marketPrice} />
      <PitchValueLine
        key={record.id}
        pitch={{
          id: record.id,
          symbol: record.stock_symbol,
          name: pitchName(record),
          typeId: record.valuation_type_id,
          fields: record,
          pitchedAt: record.createdAt,
        }}
      />
    </section>
  );
}

function CompanyLine({ record, quote }: { record: ValuationRecord; quote: Quote | undefined }) {
  const change = quote?.change ?? null;
  const percent = quote?.changesPercentage ?? null;
  const direction = change === null ? '' : change < 0 ? 'is-down' : 'is-up';
  return (
    <div className="pitch-detail__company">
      <p className="pitch-detail__name">{pitchName(record)}</p>
      <p className="pitch-detail__symbol">{record.stock_symbol}</p>
      <p className={`pitch-detail__change ${direction}`} aria-label="Price change">
        {change === null ? 'N/A' : `${change > 0 ? '+' : ''}${formatAmount(change)}`} (
        {percent === null ? 'N/A' : `${percent > 0 ? '+' : ''}${formatPercent(percent)}`})
      </p>
    </div>
  );
}

function Summary({
  figures,
  user,
}: {
  figures: PitchFigures;
  user: { name: string; imageUrl?: string | undefined };
}) {
  const marketAhead = figures.marketPrice > figures.intrinsicValuePerShare;
  return (
    <>
      <div className="pitch-versus">
        <figure className={`pitch-versus__side ${marketAhead ? 'is-happy' : 'is-sad'}`}>
          <MrMarket />
          <figcaption>
            <span className="pitch-versus__who">Mr. Market</span>
            <span className="pitch-versus__label">Market Price</span>
            <strong className="pitch-versus__value" data-testid="pitch-market-price">
              ${formatAmount(figures.marketPrice)}
            </strong>
          </figcaption>
        </figure>
        <span className="pitch-versus__vs" aria-hidden="true">
          vs
        </span>
        <figure className={`pitch-versus__side ${marketAhead ? 'is-sad' : 'is-happy'}`}>
          <img
            className="pitch-versus__avatar"
            src={user.imageUrl ?? defaultAvatar}
            alt=""
            width={64}
            height={64}
          />
          <figcaption>
            <span className="pitch-versus__who">{user.name}</span>
            <span className="pitch-versus__label">Intrinsic Value</span>
            <strong className="pitch-versus__value" data-testid="pitch-intrinsic-value">
              ${formatAmount(figures.intrinsicValuePerShare)}
            </strong>
          </figcaption>
        </figure>
      </div>
      <dl className="pitch-figures">
        <div>
          <dt>{figures.marginLabel}</dt>
          <dd>{formatPercent(figures.marginPercent)}</dd>
        </div>
        <div>
          <dt>Expected Cumulative {figures.expectedGainPercent < 0 ? 'Loss' : 'Gain'}</dt>
          <dd>{formatPercent(Math.abs(figures.expectedGainPercent))}</dd>
        </div>
        <div>
          <dt>Expected IRR</dt>
          <dd>{formatPercent(figures.irrPercent)}</dd>
        </div>
        <div>
          <dt>Expected MOIC</dt>
          <dd>{formatMultiple(figures.moic)}</dd>
        </div>
        <div>
          <dt>Hold Period</dt>
          <dd>
            {figures.holdingPeriod} {holdPeriodSuffix(figures.holdingPeriod)}
          </dd>
        </div>
      </dl>
      {!figures.live && (
        <p className="pitch-detail__note">Figures at the price the pitch was saved with.</p>
      )}
    </>
  );
}

/** The methodology's assumptions and outputs as the valuation form shows them, read-only. */
function ReadOnlyForm({ record }: { record: ValuationRecord }) {
  const model = MODELS[record.valuation_type_id];
  const values = record as unknown as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'number' ? formatAmount(value) : 'N/A');
  const fields: Array<[string, string]> = [
    ...Object.entries(model.fieldLabels).map(
      ([field, label]) => [label, text(values[field])] as [string, string],
    ),
    [model.endOfHoldLabel, text(values[model.endOfHoldField])],
  ];
  if (record.valuation_type_id === 4) {
    fields.push(['Enterprise Value', text(record.enterprise_value)]);
    fields.push(['Intrinsic Value Of Business (Equity)', text(record.intrinsic_value_of_business)]);
  }
  if (record.valuation_type_id === 5) {
    fields.push(['PV Of Stage One', text(record.pv_stage_one)]);
    fields.push(['Terminal Value', text(record.terminal_value)]);
    fields.push(['PV Of Terminal Value', text(record.pv_terminal_value)]);
    fields.push(['Terminal Value Share (%)', text(record.terminal_value_share)]);
    fields.push(['Implied Growth At Save (%)', text(record.implied_growth)]);
  }
  fields.push(['Intrinsic Value Per Share', text(record.intrinsic_value_per_share)]);
  return (
    <form className="pitch-form" aria-label="My Assumptions" onSubmit={(e) => e.preventDefault()}>
      {record.valuation_type_id === 4 && (
        <p className="pitch-form__note">Amounts in millions where appropriate.</p>
      )}
      {fields.map(([label, value]) => (
        <label key={label} className="pitch-form__field">
          <span>{label}</span>
          <input type="text" value={value} readOnly />
        </label>
      ))}
      <div className="pitch-form__field">
        <span>Moats</span>
        <p>{record.moats.length ? record.moats.join(', ') : 'None chosen'}</p>
      </div>
      {record.comment && (
        <div className="pitch-form__field">
          <span>Comment</span>
          <p>{record.comment}</p>
        </div>
      )}
    </form>
  );
}

/** Mr. Market: the market's side of the comparison. */
function MrMarket() {
  return (
    <svg
      className="pitch-versus__avatar"
      width="64"
      height="64"
      viewBox="0 0 64 64"
      aria-hidden="true"
    >
      <circle cx="32" cy="32" r="32" fill="#12355b" />
      <rect x="18" y="8" width="28" height="14" rx="3" fill="#1d2733" />
      <rect x="12" y="20" width="40" height="4" rx="2" fill="#1d2733" />
      <circle cx="32" cy="36" r="13" fill="#f5d7b5" />
      <circle cx="27" cy="34" r="1.8" fill="#1d2733" />
      <circle cx="37" cy="34" r="1.8" fill="#1d2733" />
      <path
        d="M26 41q6 4 12 0"
        fill="none"
        stroke="#1d2733"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
    </svg>
  );
}
