import { useMemo } from 'react';
import type { ValuationTypeId } from '../../../../../shared/domain/valuation-types';
import { formatNumber } from '../../../../../shared/format/money';
import { PEER_METRIC_LABELS, PEER_METRIC_OF_TYPE } from '../../../../../shared/screener/peers';
import {
  baseHistory,
  companyPeerFigure,
  NOT_AVAILABLE,
  type PrefillData,
  type ValuationModelInput,
} from '../../../../../shared/valuation';
import { useSectorMedians } from '../api/get-sector-medians';

const two = (n: number) => formatNumber(n, 2);

/**
 * Beside every model: the company's history of the model's base figure over ten years with
 * its 3-, 5- and 10-year growth, and the company's multiple (for a DCF its FCF yield) against
 * the median of its sector in the screener snapshot.
 */
export function ContextPanel({
  symbol,
  typeId,
  data,
  input,
}: {
  symbol: string;
  typeId: ValuationTypeId;
  data: Omit<PrefillData, 'price'> | undefined;
  input: ValuationModelInput;
}) {
  const history = useMemo(() => baseHistory(typeId, data ?? {}), [typeId, data]);
  const peers = useSectorMedians(symbol);
  const metric = PEER_METRIC_OF_TYPE[typeId];
  const metricLabel = PEER_METRIC_LABELS[metric];
  const yieldMetric = metric === 'fcfYield';
  const shown = (n: number | null) =>
    n === null ? NOT_AVAILABLE : yieldMetric ? `${two(n)}%` : `${two(n)}x`;
  const own = companyPeerFigure(input);
  const sectorMedian = peers.data?.medians[metric];
  const value = (n: number | null | undefined) =>
    n === null || n === undefined
      ? NOT_AVAILABLE
      : history.unit === 'millions'
        ? `${two(n)} M`
        : two(n);

  return (
    <section className="valuation-box valuation-context" aria-label="History and peers">
      <h3>History and peers</h3>
      {history.series.length === 0 ? (
        <p className="valuation-note">No reported history of {history.label}.</p>
      ) : (
        <div
          className="table-scroll"
          tabIndex={0}
          role="region"
          aria-label={`${history.label} by year, scrollable`}
        >
          <table className="valuation-context__history">
            <caption>{history.label} by fiscal year</caption>
            <thead>
              <tr>
                {history.series.map((e, i) => (
                  <th key={`${e.year ?? 'year'}-${i}`} scope="col">
                    {e.year ?? '—'}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                {history.series.map((e, i) => (
                  <td key={`${e.year ?? 'year'}-${i}`}>{value(e.value)}</td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
      )}
      <p className="valuation-context__growth" data-context-growth>
        Growth a year:{' '}
        {history.growth
          .map((g) => `${g.window} Yr ${g.value === null ? NOT_AVAILABLE : `${two(g.value)}%`}`)
          .join(' · ')}
      </p>
      <p className="valuation-context__peers" data-context-peers>
        vs peers: {symbol} {metricLabel} {shown(own)}
        {peers.isPending
          ? ' · sector median loading…'
          : peers.isError || !peers.data
            ? ' · sector median unavailable'
            : peers.data.sector === null
              ? ' · not in the screener universe'
              : ` · ${peers.data.sector} median ${shown(sectorMedian?.median ?? null)} (${sectorMedian?.companies ?? 0} companies)`}
      </p>
    </section>
  );
}
