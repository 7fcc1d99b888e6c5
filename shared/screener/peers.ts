import { D, dec, toOutput } from '../valuation/decimal';
import type { ScreenerRow } from './columns';

/**
 * "vs peers" beside a valuation (issue 23, decision 127): the median of a model's multiple
 * over the companies of the same sector in the screener snapshot. Pure.
 *
 * - P/E, P/B, P/S: the snapshot's columns; a company whose multiple is N/A (no figure, or a
 *   base at or below zero) is left out, so the median is of meaningful multiples only.
 * - DCF: the median FCF yield, 100 / (P/FCF), over the companies with a positive P/FCF (the
 *   snapshot keeps P/FCF only over positive free cash flow).
 * - EV/EBITDA: the snapshot's EV/EBITDA at the current price (last fiscal year's EBITDA, the
 *   latest net debt), over the companies with a positive one.
 */

export type PeerMetric = 'pe' | 'pb' | 'ps' | 'evEbitda' | 'fcfYield';

export const PEER_METRIC_OF_TYPE: Record<1 | 2 | 3 | 4 | 5, PeerMetric> = {
  1: 'pe',
  2: 'pb',
  3: 'ps',
  4: 'evEbitda',
  5: 'fcfYield',
};

export const PEER_METRIC_LABELS: Record<PeerMetric, string> = {
  pe: 'P/E',
  pb: 'P/B',
  ps: 'P/S',
  evEbitda: 'EV/EBITDA',
  fcfYield: 'FCF yield',
};

export interface PeerMedian {
  /** null when no company of the sector has a meaningful figure. */
  median: number | null;
  /** Companies the median is taken over. */
  companies: number;
}

export interface SectorMedians {
  sector: string | null;
  /** Companies of the sector in the snapshot. */
  sectorCompanies: number;
  medians: Record<PeerMetric, PeerMedian>;
}

/** The median of the values (the mean of the two middle ones for an even count), exact in decimal. */
export function median(values: readonly number[]): number | null {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return null;
  const sorted = [...finite].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[mid]!;
  return toOutput(
    dec(sorted[mid - 1]!)
      .plus(sorted[mid]!)
      .div(2),
  );
}

function of(values: (number | null)[]): PeerMedian {
  const usable = values.filter((v): v is number => v !== null && Number.isFinite(v) && v > 0);
  return { median: median(usable), companies: usable.length };
}

/** The medians of the sector's multiples; a null sector has no peers. */
export function sectorMedians(rows: readonly ScreenerRow[], sector: string | null): SectorMedians {
  const peers = sector === null ? [] : rows.filter((r) => r.sector === sector);
  const hundred = new D(100);
  return {
    sector,
    sectorCompanies: peers.length,
    medians: {
      pe: of(peers.map((r) => r.pe)),
      pb: of(peers.map((r) => r.pb)),
      ps: of(peers.map((r) => r.ps)),
      evEbitda: of(peers.map((r) => r.evEbitda)),
      fcfYield: of(
        peers.map((r) => (r.pfcf !== null && r.pfcf > 0 ? toOutput(hundred.div(r.pfcf)) : null)),
      ),
    },
  };
}
