import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../../../shared/format/money';
import {
  plusDays,
  pe,
  quarter,
  quarterEnds,
  weekdays,
} from '../../../../shared/valuation/value-line.fixtures';
import type { ValueLineData } from '../../../../shared/valuation/value-line-api';
import { lineOption, stepSource } from './components/chart-option';
import { basesOf, lineView } from './model';

/**
 * The value line's tooltip says where the value of the day under the pointer comes from: the
 * quarter whose figures it uses and the day that quarter was filed, read from the line itself.
 */
const ENDS = quarterEnds(2023, 12);
// Filed on uneven days, so a wrong quarter's filing date would show.
const FILED = ENDS.map((end, i) => plusDays(end, 25 + i));

function data(): ValueLineData {
  return {
    symbol: 'ACME',
    quarters: ENDS.map((end, i) => quarter(end, { filingDate: FILED[i]! })),
    splits: [],
    closes: weekdays('2023-01-02', '2026-03-06', () => 50).map(([d, p]) => [d, p]),
    sector: 'Industrials',
    sectorMedians: { pe: 18, pb: 2.5, ps: 1.5, evEbitda: 11 },
  };
}

const view = () => {
  const d = data();
  return lineView(d, pe(), basesOf(d, 1), { latest: 'quarters' });
};

/** The tooltip's lines for the first day drawn on or after `date`, as the chart shows them. */
function tooltipFrom(date: string): string[] {
  const v = view();
  const option = lineOption(v.days, v.gaps, formatNumber, { steps: v.steps, filed: v.filed });
  const index = v.days.findIndex((day) => day.date >= date);
  expect(index, date).toBeGreaterThanOrEqual(0);
  return option.tooltip.formatter([{ seriesName: 'Price', dataIndex: index }]).split('<br/>');
}

describe('the value line tooltip', () => {
  it("names the quarter a day's value comes from and its filing date", () => {
    // The fourth quarter (to 2023-12-31) completes the first TTM EPS (4.00, x 15): it holds
    // from the day after its filing until the next quarter's figures are public.
    const [date, ...rest] = tooltipFrom(plusDays(FILED[3]!, 1));
    expect(date! > FILED[3]! && date! < plusDays(FILED[4]!, 1)).toBe(true);
    expect(rest).toEqual([
      'Price 50.00',
      'Value 60.00',
      'Discount 16.7%',
      `Quarter to 2023-12-31, filed ${FILED[3]}`,
    ]);
    // Each later quarter, from the day after its own filing.
    for (const i of [4, 7, 11])
      expect(tooltipFrom(plusDays(FILED[i]!, 1)).at(-1)).toBe(
        `Quarter to ${ENDS[i]}, filed ${FILED[i]}`,
      );
  });

  it('names the quarter alone when its filing date is not known, and the pitch for its own value', () => {
    expect(
      stepSource(
        {
          from: '2024-05-01',
          source: 'quarter',
          value: 1,
          base: 1,
          reason: null,
          quarter: '2024-03-31',
        },
        new Map(),
      ),
    ).toBe('Quarter to 2024-03-31');
    expect(
      stepSource(
        { from: '2024-05-01', source: 'pitch', value: 1, base: 1, reason: null },
        new Map(),
      ),
    ).toBe('The pitch’s own value');
    expect(view().filed.get('2023-12-31')).toBe(FILED[3]);
  });
});
