import type {
  PitchScorecardResponse,
  ScorecardRowRecord,
} from '../../../../../shared/schemas/valuation-api';
import { formatAmount, NOT_AVAILABLE } from '../../../../../shared/tracking/format';
import { SCORECARD_REASONS, SCORECARD_STATUS } from '../../../../../shared/tracking/scorecard';
import { Loading } from '../../../components/Loading';
import { usePitchScorecard } from '../api/scorecard-api';

/** A return in percent with its sign: "+12.50%", "-3.00%", "0.00%", or "N/A". */
export function signedPercent(value: number | null | undefined): string {
  const text = formatAmount(value);
  if (text === NOT_AVAILABLE) return text;
  const shown = /^-|^0\.00$/.test(text) ? text : `+${text}`;
  return `${shown}%`;
}

const tone = (value: number | null) =>
  value === null || value === 0 ? undefined : value > 0 ? 'is-good' : 'is-bad';

const statusTone: Record<string, string> = {
  [SCORECARD_STATUS.ahead]: 'is-good',
  [SCORECARD_STATUS.behind]: 'is-bad',
};

const nameOf = (r: ScorecardRowRecord) => r.stock_name?.trim() || r.stock_symbol;

const years = (value: number | null) =>
  value === null ? NOT_AVAILABLE : `${formatAmount(value)} ${value === 1 ? 'year' : 'years'}`;

/** "No report since tracking" once the figures were read and none came out after tracking. */
const noReportSince = (r: ScorecardRowRecord) =>
  !r.reportedSinceTracking && !r.reasons.includes(SCORECARD_REASONS.noReports);

/**
 * The scorecard of My Tracked Pitches (docs/decisions/092-pitch-scorecard.md): per pitch the
 * return realized since tracking against the return its pitch expected to date, each split
 * into metric growth and change of multiple; the summary above the rows.
 */
export function Scorecard() {
  const scorecard = usePitchScorecard();
  return (
    <section className="scorecard" aria-labelledby="scorecard-title">
      <h2 className="scorecard__title" id="scorecard-title">
        Scorecard
      </h2>
      <p className="tracked-note">
        The return since tracking against the pitch&apos;s own path (its metric growing at the
        pitched rate while the multiple moves to the forward multiple over the hold period), split
        into what came from the metric&apos;s growth and what came from the change of multiple,
        using the latest reported annual figures.
      </p>
      {scorecard.isPending ? (
        <Loading label="Loading the scorecard…" />
      ) : scorecard.isError ? (
        <p className="notice notice--error">
          The scorecard could not be loaded. Please try again later.
        </p>
      ) : scorecard.data.data.length === 0 ? (
        <p className="tracked-note">No tracked pitch to score yet.</p>
      ) : (
        <>
          <Summary summary={scorecard.data.summary} />
          <div
            className="tracked-scroll"
            tabIndex={0}
            role="region"
            aria-label="Scorecard, scrollable"
          >
            <table className="tracked-table scorecard-table" aria-labelledby="scorecard-title">
              <thead>
                <tr>
                  <th scope="col">Company</th>
                  <th scope="col">Tracked For</th>
                  <th scope="col">Realized Return</th>
                  <th scope="col">Expected Return To Date</th>
                  <th scope="col">From Growth</th>
                  <th scope="col">From Multiple</th>
                  <th scope="col">Vs Plan</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {scorecard.data.data.map((r) => (
                  <tr key={r.id} data-testid={`scorecard-row-${r.id}`}>
                    <th scope="row">
                      <span className="tracked-table__name">{nameOf(r)}</span>
                      <span className="tracked-table__symbol">{r.stock_symbol}</span>
                      {noReportSince(r) && (
                        <span className="scorecard__flag">No report since tracking</span>
                      )}
                    </th>
                    <td data-col="years">{years(r.yearsTracked)}</td>
                    <td data-col="realized" className={tone(r.realizedReturn)}>
                      {signedPercent(r.realizedReturn)}
                    </td>
                    <td data-col="expected">{signedPercent(r.expectedReturn)}</td>
                    <td data-col="growth">{signedPercent(r.fromGrowth)}</td>
                    <td data-col="multiple">{signedPercent(r.fromMultiple)}</td>
                    <td data-col="vs" className={tone(r.vsExpected)}>
                      {signedPercent(r.vsExpected)}
                    </td>
                    <td data-col="status">
                      <span className={`tracked-status ${statusTone[r.status ?? ''] ?? ''}`}>
                        {r.status ?? NOT_AVAILABLE}
                      </span>
                      {r.reasons.length > 0 && (
                        <span className="scorecard__reason">{r.reasons.join('. ')}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

function Summary({ summary }: { summary: PitchScorecardResponse['summary'] }) {
  const pitches = (n: number) => `${n} ${n === 1 ? 'pitch' : 'pitches'}`;
  return (
    <p className="scorecard__summary" data-testid="scorecard-summary">
      {summary.scored === 0 ? (
        <>No pitch can be scored yet ({pitches(summary.tracked)} tracked).</>
      ) : (
        <>
          {summary.scored} of {pitches(summary.tracked)} scored. Average realized return{' '}
          <strong>{signedPercent(summary.meanRealizedReturn)}</strong> against{' '}
          <strong>{signedPercent(summary.meanExpectedReturn)}</strong> expected to date (
          {signedPercent(summary.meanFromGrowth)} from growth,{' '}
          {signedPercent(summary.meanFromMultiple)} from multiple). {summary.ahead} ahead of plan,{' '}
          {summary.behind} behind plan, {summary.onPlan} on plan.
        </>
      )}
    </p>
  );
}
