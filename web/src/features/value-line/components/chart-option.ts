import type { Forecast } from '../../../../../shared/valuation/forecast';
import type { DayValue, ValueStep } from '../../../../../shared/valuation/value-line';

/** Colours of the chart (the legend beneath it says what each is). */
export const LINE_COLOURS = {
  price: '#12355b',
  value: '#b7791f',
  above: 'rgba(211, 47, 47, 0.18)',
  below: 'rgba(27, 127, 90, 0.22)',
  gap: 'rgba(82, 97, 115, 0.10)',
  estimate: '#8a5a00',
  normal: '#2b6cb0',
  fixed: '#6b46c1',
  range: 'rgba(183, 121, 31, 0.18)',
  dividend: '#2f855a',
} as const;

/** A dividend paid per share: its ex-date and amount (split-adjusted). */
export interface ChartDividend {
  date: string;
  adjDividend: number;
}

/** The dividends' series name (the tooltip finds its bars by it). */
export const DIVIDENDS = 'Dividends';
/** The height of the dividends' grid beneath the price, in pixels. */
const DIVIDEND_GRID = 64;

/** The forecast the chart draws after the last close: its first day, value there and years. */
export interface ChartForecast {
  forecast: Forecast;
  /** The line's value where the forecast starts (its last step); null in a gap. */
  start: number | null;
  /** The multiple's words for the tooltip ("15.00x"). */
  multiple: string;
}

type Format = (value: number, decimals?: number) => string;

/** The forecast's series name (the tooltip finds its points by it). */
const ESTIMATE = 'Estimate';

/** Days as epoch ms, parsed once: echarts would parse every date string on every draw. */
const times = new Map<string, number>();
function timeOf(date: string): number {
  let t = times.get(date);
  if (t === undefined) {
    t = Date.parse(`${date}T00:00:00Z`);
    if (times.size > 20_000) times.clear();
    times.set(date, t);
  }
  return t;
}

/** The step in effect on `date` (the last that starts on or before it), or null before the first. */
export function stepOn(steps: readonly ValueStep[], date: string): ValueStep | null {
  let lo = 0;
  let hi = steps.length - 1;
  let found: ValueStep | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (steps[mid]!.from <= date) {
      found = steps[mid]!;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * Where a step's value comes from, as the tooltip says it: the quarter whose figures it uses
 * and the day they were filed (`filed`: each quarter's period end to its filing date), or the
 * pitch's own value; null for the investor's own figures (the legend says what they are).
 */
export function stepSource(step: ValueStep, filed: ReadonlyMap<string, string>): string | null {
  if (step.source === 'pitch') return 'The pitch’s own value';
  if (step.source !== 'quarter' || !step.quarter) return null;
  const day = filed.get(step.quarter);
  return `Quarter to ${step.quarter}${day ? `, filed ${day}` : ''}`;
}

/**
 * The echarts option: the daily close and the value that held each day on one date axis; two
 * stacked areas over the lower of the two shade the gap, red where the price sat above the
 * value and green where below; days without a value are gaps in the line, shaded grey, and
 * the tooltip gives their reason. The tooltip names where a day's value comes from: the quarter
 * and its filing date (`source`), or the pitch.
 */
export function lineOption(
  days: readonly DayValue[],
  gaps: readonly { from: string; to: string; reason: string }[],
  format: Format,
  source: { steps: readonly ValueStep[]; filed: ReadonlyMap<string, string> } = {
    steps: [],
    filed: new Map(),
  },
  estimates?: ChartForecast | null,
  extras: readonly { key: string; short: string; colour: string; days: readonly DayValue[] }[] = [],
  /** A log price scale (decision 189): equal distances are equal percentage moves. */
  log = false,
  /**
   * The dividends paid per share over the span, drawn as bars at their ex-dates in a grid of
   * their own beneath the price (decision 187); none: no grid.
   */
  dividends: readonly ChartDividend[] = [],
) {
  const paidOn = new Map<number, number>();
  for (const d of dividends) {
    const t = timeOf(d.date);
    paidOn.set(t, (paidOn.get(t) ?? 0) + d.adjDividend);
  }
  const withDividends = paidOn.size > 0;
  // The other lines' values by day, for the tooltip (decision 188).
  const extraByDay = extras.map((e) => new Map(e.days.map((d) => [d.date, d.value])));
  // On a time axis, each point [day, figure]. The price is every close (drawn at the chart's
  // resolution); the value only where it steps (it holds until the next point); the shading
  // between them on every k-th day (at most about 700): stacking thousands of points in three
  // series was most of a draw's time, and the chart has about a thousand pixels.
  type Point = [number, number | null];
  const price: Point[] = days.map((d) => [timeOf(d.date), d.price]);
  const value: Point[] = [];
  for (let i = 0; i < days.length; i++) {
    const d = days[i]!;
    if (i === 0 || d.value !== days[i - 1]!.value || i === days.length - 1)
      value.push([timeOf(d.date), d.value]);
  }
  const k = Math.max(1, Math.ceil(days.length / 700));
  const base: Point[] = [];
  const above: Point[] = [];
  const below: Point[] = [];
  for (let i = 0; i < days.length; i++) {
    const d = days[i]!;
    // Every k-th day, and each day next to a gap, so the shading stops where the line does.
    const edge = d.value === null || days[i - 1]?.value === null || days[i + 1]?.value === null;
    if (i % k !== 0 && i !== days.length - 1 && !edge) continue;
    const t = timeOf(d.date);
    if (d.value === null) {
      base.push([t, null]);
      above.push([t, null]);
      below.push([t, null]);
      continue;
    }
    base.push([t, Math.min(d.price, d.value)]);
    above.push([t, d.price > d.value ? d.price - d.value : 0]);
    below.push([t, d.price < d.value ? d.value - d.price : 0]);
  }
  const area = (name: string, data: Point[], colour: string) => ({
    type: 'line' as const,
    name,
    data,
    stack: 'gap',
    showSymbol: false,
    silent: true,
    emphasis: { disabled: true },
    lineStyle: { width: 0, opacity: 0 },
    itemStyle: { color: colour },
    areaStyle: { color: colour, opacity: 1 },
  });
  // The forecast: dashed from the line's last value to each fiscal year's estimated value,
  // the lowest to highest estimate shaded (decision 186).
  const estimatePoints: { point: Point; year: Forecast['years'][number] | null }[] = [];
  const rangeBase: Point[] = [];
  const rangeWidth: Point[] = [];
  if (estimates) {
    const drawn = estimates.forecast.years.filter((y) => y.drawn && y.value !== null);
    if (drawn.length > 0) {
      const t0 = timeOf(estimates.forecast.from);
      estimatePoints.push({ point: [t0, estimates.start], year: null });
      if (estimates.start !== null) {
        rangeBase.push([t0, estimates.start]);
        rangeWidth.push([t0, 0]);
      }
      for (const y of drawn) {
        const t = timeOf(y.date);
        estimatePoints.push({ point: [t, y.value], year: y });
        const low = y.low ?? 0;
        const high = y.high ?? y.value!;
        rangeBase.push([t, low]);
        rangeWidth.push([t, Math.max(0, high - low)]);
      }
    }
  }
  const forecastSeries =
    estimatePoints.length === 0
      ? []
      : [
          ...(log
            ? []
            : [
                {
                  ...area('range base', rangeBase, 'transparent'),
                  stack: 'range',
                  areaStyle: { opacity: 0 },
                },
                { ...area('Estimate range', rangeWidth, LINE_COLOURS.range), stack: 'range' },
              ]),
          {
            type: 'line' as const,
            name: ESTIMATE,
            data: estimatePoints.map((p) => p.point),
            showSymbol: true,
            symbolSize: 6,
            silent: true,
            emphasis: { disabled: true },
            connectNulls: false,
            lineStyle: { width: 2, type: 'dashed' as const, color: LINE_COLOURS.estimate },
            itemStyle: { color: LINE_COLOURS.estimate },
          },
        ];
  // The first day and the last drawn (the farthest forecast year): both grids share them.
  const lastDrawn = estimatePoints[estimatePoints.length - 1]?.point[0];
  const xAxis = {
    type: 'time' as const,
    axisLabel: { color: '#526173' },
    splitLine: { show: false },
    ...(withDividends && days.length > 0
      ? {
          min: timeOf(days[0]!.date),
          max: Math.max(timeOf(days[days.length - 1]!.date), lastDrawn ?? 0),
        }
      : {}),
  };
  const yAxis = {
    ...(log ? { type: 'log' as const, logBase: 10 } : { type: 'value' as const, scale: true }),
    axisLabel: { color: '#526173' },
    splitLine: { lineStyle: { color: '#e6ebf1' } },
  };
  const dividendBars: Point[] = [...paidOn.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([t, amount]) => [t, amount]);
  return {
    animation: false,
    // The legend is the page's own, beneath the chart: it says in words what the value is.
    grid: withDividends
      ? [
          { left: 8, right: 24, top: 12, bottom: DIVIDEND_GRID + 36, containLabel: true },
          { left: 8, right: 24, height: DIVIDEND_GRID - 20, bottom: 8, containLabel: true },
        ]
      : { left: 8, right: 24, top: 12, bottom: 8, containLabel: true },
    // One pointer across the price and the dividends beneath it.
    ...(withDividends ? { axisPointer: { link: [{ xAxisIndex: 'all' as const }] } } : {}),
    tooltip: {
      trigger: 'axis' as const,
      axisPointer: { type: 'line' as const },
      formatter: (params: unknown) => {
        const list = (Array.isArray(params) ? params : [params]) as {
          seriesName?: string;
          dataIndex?: number;
          axisValue?: unknown;
        }[];
        // After the last close the pointer is on the forecast (the price's nearest is its last).
        const pointer = list[0]?.axisValue;
        const last = days[days.length - 1];
        const beyond = typeof pointer === 'number' && (!last || pointer > timeOf(last.date));
        // The price series holds every day: its index is the day's.
        const d = beyond
          ? undefined
          : days[list.find((p) => p.seriesName === 'Price')?.dataIndex ?? -1];
        const bar = list.find((p) => p.seriesName === DIVIDENDS);
        if (!d && bar && bar.dataIndex !== undefined) {
          const [t, amount] = dividendBars[bar.dataIndex] ?? [];
          if (t === undefined || amount === undefined || amount === null) return '';
          return `Dividend ${format(amount, 4)} a share, ex-dividend ${new Date(t).toISOString().slice(0, 10)}`;
        }
        if (!d) {
          const at = list.find((p) => p.seriesName === ESTIMATE)?.dataIndex;
          const year = at === undefined ? undefined : estimatePoints[at]?.year;
          if (!year || year.value === null) return '';
          const eps = year.eps;
          return [
            `Fiscal year ending ${year.date}: analysts’ estimate`,
            `EPS ${format(eps.avg, 2)} (${eps.low === null ? 'N/A' : format(eps.low, 2)} to ${eps.high === null ? 'N/A' : format(eps.high, 2)}, ${eps.analysts ?? 'N/A'} analysts)`,
            `Value ${format(year.value, 2)} at ${estimates!.multiple}`,
          ].join('<br/>');
        }
        const lines = [d.date, `Price ${format(d.price, 2)}`];
        if (d.value === null) lines.push(d.reason ?? 'No value');
        else {
          const gap = (d.price / d.value - 1) * 100;
          lines.push(`Value ${format(d.value, 2)}`);
          lines.push(`${gap > 0 ? 'Premium' : 'Discount'} ${format(Math.abs(gap), 1)}%`);
        }
        const step = stepOn(source.steps, d.date);
        const from = step && stepSource(step, source.filed);
        if (from) lines.push(from);
        extras.forEach((e, i) => {
          const v = extraByDay[i]!.get(d.date);
          lines.push(`${e.short} ${v === null || v === undefined ? 'N/A' : format(v, 2)}`);
        });
        const paid = paidOn.get(timeOf(d.date));
        if (paid !== undefined) lines.push(`Dividend ${format(paid, 4)} a share (ex-dividend)`);
        return lines.join('<br/>');
      },
    },
    xAxis: withDividends
      ? [
          { ...xAxis, axisLabel: { show: false } },
          { ...xAxis, gridIndex: 1 },
        ]
      : xAxis,
    yAxis: withDividends
      ? [
          yAxis,
          {
            type: 'value' as const,
            gridIndex: 1,
            min: 0,
            splitNumber: 1,
            name: 'Dividends / share',
            nameLocation: 'end' as const,
            nameGap: 6,
            nameTextStyle: { color: '#526173', align: 'left' as const },
            axisLabel: { color: '#526173' },
            splitLine: { lineStyle: { color: '#e6ebf1' } },
          },
        ]
      : yAxis,
    series: [
      // Stacked differences have no place on a log scale (a gap of 0 has no logarithm): the
      // shading is the linear scale's.
      ...(log
        ? []
        : [
            { ...area('base', base, 'transparent'), areaStyle: { opacity: 0 } },
            area('Price above value', above, LINE_COLOURS.above),
            area('Price below value', below, LINE_COLOURS.below),
          ]),
      {
        type: 'line' as const,
        name: 'Price',
        data: price,
        showSymbol: false,
        // The tooltip follows the axis: no series needs hover states.
        silent: true,
        emphasis: { disabled: true },
        // Ten years of days are more points than the chart has pixels: drawn at its resolution.
        sampling: 'lttb' as const,
        lineStyle: { width: 1.5, color: LINE_COLOURS.price },
        itemStyle: { color: LINE_COLOURS.price },
      },
      {
        type: 'line' as const,
        name: 'Value',
        data: value,
        showSymbol: false,
        silent: true,
        emphasis: { disabled: true },
        step: 'end' as const,
        connectNulls: false,
        lineStyle: { width: 2.5, color: LINE_COLOURS.value },
        itemStyle: { color: LINE_COLOURS.value },
        markArea: {
          silent: true,
          itemStyle: { color: LINE_COLOURS.gap },
          data: gaps.map((g) => [{ xAxis: timeOf(g.from) }, { xAxis: timeOf(g.to) }]),
        },
      },
      ...extras.map((e) => {
        const points: Point[] = [];
        e.days.forEach((d, i) => {
          if (i === 0 || d.value !== e.days[i - 1]!.value || i === e.days.length - 1)
            points.push([timeOf(d.date), d.value]);
        });
        return {
          type: 'line' as const,
          name: e.key,
          data: points,
          showSymbol: false,
          silent: true,
          emphasis: { disabled: true },
          step: 'end' as const,
          connectNulls: false,
          lineStyle: { width: 1.5, color: e.colour },
          itemStyle: { color: e.colour },
        };
      }),
      ...forecastSeries,
      ...(withDividends
        ? [
            {
              type: 'bar' as const,
              name: DIVIDENDS,
              data: dividendBars,
              xAxisIndex: 1,
              yAxisIndex: 1,
              barWidth: 3,
              silent: true,
              emphasis: { disabled: true },
              itemStyle: { color: LINE_COLOURS.dividend },
            },
          ]
        : []),
    ],
  };
}
