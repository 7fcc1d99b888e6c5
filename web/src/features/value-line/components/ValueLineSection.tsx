import { lazy, Suspense, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useAddressParams, type AddressParams } from '../../../lib/use-address-params';
import { formatNumber, formatPrice } from '../../../../../shared/format/money';
import { withArticle } from '../../../../../shared/format/article';
import { formatDisplayDate } from '../../../../../shared/format/dates';
import { numberFromText } from '../../../../../shared/schemas/text';
import { DCF_DEFAULTS } from '../../../../../shared/valuation/dcf';
import { forecastYears, trailingDividends } from '../../../../../shared/valuation/forecast';
import { MODELS, type ValuationModelInput } from '../../../../../shared/valuation/models';
import {
  LINE_PRESETS,
  lineSpanOf,
  PRESET_LABELS,
  spanBounds,
  withLineSpan,
  type LinePreset,
  type LineSpan,
} from '../../../../../shared/valuation/line-span';
import { spanDividends } from '../../../../../shared/valuation/span-returns';
import {
  companyMultipleAsOf,
  plainModel,
  VALUE_LINE_BASE_LABELS,
  type MultipleAsOf,
  type ValueLineTypeId,
} from '../../../../../shared/valuation/value-line';
import type { ValueLineData } from '../../../../../shared/valuation/value-line-api';
import { Choice } from '../../../components/Choice';
import { Loading } from '../../../components/Loading';
import { WhenVisible } from '../../../components/WhenVisible';
import { startMeasure, timed } from '../../../lib/perf-marks';
import { useDebounced } from '../../../lib/use-debounced';
import { useEstimates } from '../api/get-estimates';
import { useSpanData } from '../api/get-span-data';
import { useValueLineData } from '../api/get-value-line';
import {
  basesOf,
  chosenMultiple,
  FIXED_PE,
  plainLineDays,
  type ExtraLine,
  lineView,
  mediansOf,
  MULTIPLE_LABELS,
  type LineView,
  type Medians,
  type MultipleChoice,
} from '../model';
import { LINE_COLOURS, type ChartDividend, type ChartForecast } from './chart-option';
import { ForecastPanel } from './ForecastPanel';
import { SpanReturnsTable } from './SpanReturnsTable';
import { ValueLineStats } from './ValueLineStats';
import '../value-line.css';

const ValueLineChart = lazy(() => import('./ValueLineChart'));

/** The User Timing measure of a line's compute and draw (bench/charts.ts). */
export const VALUE_LINE_MEASURE = 'value-line';
/** The part of it that computes the line, the days and the statistics. */
export const COMPUTE_MEASURE = 'value-line:compute';

export type ValueLineSectionProps =
  /** The company view: a model to pick, the newest figures, no growth, a multiple to pick. */
  | { mode: 'company'; symbol: string }
  /** Beside a valuation model: the panel's assumptions; the current point is its intrinsic value. */
  | { mode: 'panel'; symbol: string; input: ValuationModelInput }
  /** A saved pitch: its assumptions from its date on. */
  | { mode: 'pitch'; symbol: string; input: ValuationModelInput; pitchDate: string };

const TYPE_IDS: readonly ValueLineTypeId[] = [1, 2, 3, 4, 5];

/** "Value through time": a model's value at each quarter against the daily price, and how they met. */
export function ValueLineSection(props: ValueLineSectionProps) {
  const headingId = useId();
  const Heading = props.mode === 'company' ? 'h2' : 'h3';
  return (
    <section className={`value-line value-line--${props.mode}`} aria-labelledby={headingId}>
      <Heading id={headingId} className="value-line__title">
        Value through time
      </Heading>
      <WhenVisible
        className="value-line__body"
        placeholder={<p className="value-line__note">The value line loads as you reach it.</p>}
      >
        <ValueLineBody {...props} />
      </WhenVisible>
    </section>
  );
}

/** Starts loading the chart's code with the data, not after them. */
const loadChart = () => void import('./ValueLineChart');

function ValueLineBody(props: ValueLineSectionProps) {
  useEffect(loadChart, []);
  const query = useValueLineData(props.symbol);
  if (query.isPending) return <Loading label="Loading twenty years of figures…" />;
  if (query.isError)
    // Below the rest of the page and not urgent: said, not announced.
    return (
      <p className="notice notice--error">
        The value line could not be loaded. Please try again later.
      </p>
    );
  if (props.mode === 'company') return <CompanyLine data={query.data} />;
  return <ModelLine {...props} data={query.data} />;
}

/** The address's parameter of the line's price scale (decision 189): `log`, or absent. */
export const SCALE_PARAM = 'lineScale';
type Scale = 'linear' | 'log';

/** The line's price scale, kept in the address so a reload or a shared link keeps it. */
function useScale([params, setParams]: AddressParams): [Scale, (next: Scale) => void] {
  const scale: Scale = params.get(SCALE_PARAM) === 'log' ? 'log' : 'linear';
  const set = (next: Scale) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (next === 'log') out.set(SCALE_PARAM, 'log');
        else out.delete(SCALE_PARAM);
        return out;
      },
      { replace: true },
    );
  return [scale, set];
}

/** The line's span, kept in the address (decision 199), with what was wrong with the address's. */
function useSpan([params, setParams]: AddressParams): [
  LineSpan,
  string | null,
  (next: (current: LineSpan) => LineSpan) => void,
] {
  const { span, problem } = useMemo(() => lineSpanOf(params), [params]);
  // From the address as it stands when the change is made: two quick edits both count.
  const set = (next: (current: LineSpan) => LineSpan) =>
    setParams((prev) => withLineSpan(prev, next(lineSpanOf(prev).span)), { replace: true });
  return [span, problem, set];
}

/** The company view's line: pick the model and the multiple. */
function CompanyLine({ data }: { data: ValueLineData }) {
  const [typeId, setTypeId] = useState<ValueLineTypeId>(1);
  // One setter for both, so a scale and a range changed in quick succession both count.
  const address = useAddressParams();
  const [scale, setScale] = useScale(address);
  const [span, spanProblem, setSpan] = useSpan(address);
  const firstClose = data.closes[0]?.[0];
  const lastCloseDay = data.closes[data.closes.length - 1]?.[0];
  const bounds = useMemo(
    () => (firstClose && lastCloseDay ? spanBounds(span, firstClose, lastCloseDay) : undefined),
    [span, firstClose, lastCloseDay],
  );
  const [choice, setChoice] = useState<MultipleChoice>('company');
  const [mine, setMine] = useState<Partial<Record<ValueLineTypeId, string>>>({});
  const bases = useMemo(() => basesOf(data, typeId), [data, typeId]);
  const medians = useMemo(() => mediansOf(data, typeId, bases), [data, typeId, bases]);
  const typed = mine[typeId] ?? medians.company.median?.toFixed(2) ?? '';
  const parsed = numberFromText(typed.trim());
  const ownMultiple = typeof parsed === 'number' && parsed > 0 ? parsed : null;
  const multiple = useMemo(
    () =>
      typeId === 5
        ? 1
        : choice === 'mine'
          ? ownMultiple
          : chosenMultiple(choice, medians, data, typeId, bases),
    [typeId, choice, ownMultiple, medians, data, bases],
  );
  const view = useMemo(() => {
    if (multiple === null || multiple === undefined) return null;
    const lastClose = data.closes[data.closes.length - 1]?.[1] ?? 1;
    // The model's own multiple stands for today's; each step takes the one known on its day.
    const today = typeof multiple === 'number' ? multiple : (medians.company.median ?? 1);
    const model = plainModel(typeId, bases, lastClose, today, DCF_DEFAULTS);
    if (!model) return null;
    startMeasure(VALUE_LINE_MEASURE);
    return timed(COMPUTE_MEASURE, () =>
      lineView(data, model, bases, {
        latest: 'quarters',
        ...(typeId !== 5 ? { multiple } : {}),
        ...(bounds ? { span: bounds } : {}),
      }),
    );
  }, [data, bases, typeId, multiple, medians, bounds]);
  const name = MODELS[typeId].name;
  // The company's normal multiple (its 10-yr median known on each day) and a fixed P/E drawn
  // beside the chosen line, each switchable (decision 188).
  const [also, setAlso] = useState({ normal: true, fixed: true });
  const normalShown = typeId !== 5 && choice !== 'company' && medians.company.median !== null;
  const fixedShown = typeId === 1 && !(choice === 'mine' && ownMultiple === FIXED_PE);
  const extras = useMemo<ExtraLine[]>(() => {
    if (!view || (!(normalShown && also.normal) && !(fixedShown && also.fixed))) return [];
    const lastClose = data.closes[data.closes.length - 1]?.[1] ?? 1;
    const out: ExtraLine[] = [];
    const x = (n: number) => `${formatNumber(n, 2)}x`;
    if (normalShown && also.normal) {
      const now = medians.company.median!;
      const model = plainModel(typeId, bases, lastClose, now, DCF_DEFAULTS);
      if (model)
        out.push({
          key: 'normal',
          name: `Normal ${name}: the company’s 10-yr median known on each day (${x(now)} now)`,
          short: `Normal ${name} (${x(now)})`,
          colour: LINE_COLOURS.normal,
          days: plainLineDays(
            data,
            model,
            bases,
            companyMultipleAsOf(typeId, bases, data.closes),
            bounds,
          ),
        });
    }
    if (fixedShown && also.fixed) {
      const model = plainModel(1, bases, lastClose, FIXED_PE, DCF_DEFAULTS);
      if (model)
        out.push({
          key: 'fixed',
          name: `Fixed P/E of ${x(FIXED_PE)} on every day`,
          short: `P/E ${x(FIXED_PE)}`,
          colour: LINE_COLOURS.fixed,
          days: plainLineDays(data, model, bases, FIXED_PE, bounds),
        });
    }
    return out;
  }, [view, normalShown, fixedShown, also, data, medians, typeId, bases, name, bounds]);
  // Analysts' estimates as forecast years: the P/E line only (they are of EPS), at today's
  // multiple (decision 186).
  const estimates = useEstimates(data.symbol);
  const last = data.closes[data.closes.length - 1];
  // The company's dividends (the span table's read, shared by its query): drawn beneath the
  // price (decision 187) and counted in the forecast's return (decision 198).
  const spanData = useSpanData(data.symbol, last?.[0]);
  const todayMultiple =
    typeof multiple === 'number' ? multiple : multiple ? medians.company.median : null;
  const forecast = useMemo(() => {
    const body = estimates.data;
    if (typeId !== 1 || !body || body.data.years.length === 0 || !last || !todayMultiple)
      return null;
    return forecastYears(body.data, body.asOf.slice(0, 10), last[0], todayMultiple);
  }, [typeId, estimates.data, last, todayMultiple]);
  const firstDay = view?.days[0]?.date;
  const lastDay = view?.days[view.days.length - 1]?.date;
  const spanDividendsShown = useMemo(
    () =>
      spanData.dividends && firstDay && lastDay
        ? spanDividends(spanData.dividends, firstDay, lastDay)
        : NO_DIVIDENDS,
    [spanData.dividends, firstDay, lastDay],
  );
  // The forecast follows the last close: drawn when the span reaches it.
  const toToday = !bounds || !last || bounds.to >= last[0];
  const chartForecast = useMemo<ChartForecast | null>(
    () =>
      toToday && forecast && forecast.years.length > 0 && todayMultiple
        ? {
            forecast,
            start: view?.current?.value ?? null,
            multiple: `${formatNumber(todayMultiple, 2)}x`,
          }
        : null,
    [toToday, forecast, todayMultiple, view],
  );
  const inputId = useId();
  const missingMultiple =
    multiple === null
      ? choice === 'mine'
        ? 'Enter a multiple above 0.'
        : `No ${choice === 'company' ? 'company' : 'sector'} median ${name} to use.`
      : null;

  return (
    <>
      <p className="value-line__lead">
        Each quarter’s {VALUE_LINE_BASE_LABELS[typeId]}
        {typeId === 5
          ? ` discounted at ${DCF_DEFAULTS.discountRate}% (no stage-one growth, ${DCF_DEFAULTS.stageOneYears} years, terminal growth ${DCF_DEFAULTS.terminalGrowth}%)`
          : ` times ${withArticle(name)} multiple`}
        , drawn against the daily price over the range chosen (up to twenty years, as far as the
        figures go). {KNOWN_THEN} Value Business to use your own assumptions.
      </p>
      <div className="value-line__controls">
        <Choice
          label="Model"
          options={TYPE_IDS.map((id) => ({ value: id, label: MODELS[id].name }))}
          value={typeId}
          onChange={setTypeId}
        />
        {typeId !== 5 && (
          <Choice
            label="Multiple"
            options={(['company', 'sector', 'mine'] as const).map((c) => ({
              value: c,
              label: MULTIPLE_LABELS[c],
            }))}
            value={choice}
            onChange={setChoice}
          />
        )}
        {typeId !== 5 && choice === 'mine' && (
          <label className="value-line__multiple" htmlFor={inputId}>
            <span>My {name} multiple</span>
            <input
              id={inputId}
              type="text"
              inputMode="decimal"
              value={typed}
              onChange={(e) => setMine((m) => ({ ...m, [typeId]: e.target.value }))}
            />
          </label>
        )}
        <Choice
          label="Scale"
          options={[
            { value: 'linear' as Scale, label: 'Linear' },
            { value: 'log' as Scale, label: 'Log' },
          ]}
          value={scale}
          onChange={setScale}
        />
        <SpanControls
          span={span}
          bounds={bounds}
          first={firstClose}
          last={lastCloseDay}
          onChange={setSpan}
        />
      </div>
      {spanProblem && (
        <p className="notice notice--info" data-testid="value-line-range-problem">
          {spanProblem} The line shows the last ten years.
        </p>
      )}
      <MultipleNote typeId={typeId} medians={medians} sector={data.sector} />
      {(normalShown || fixedShown) && (
        <fieldset className="value-line__also">
          <legend>Also draw</legend>
          {normalShown && (
            <label>
              <input
                type="checkbox"
                checked={also.normal}
                onChange={(e) => setAlso((a) => ({ ...a, normal: e.target.checked }))}
              />{' '}
              Normal {name} (company 10-yr median)
            </label>
          )}
          {fixedShown && (
            <label>
              <input
                type="checkbox"
                checked={also.fixed}
                onChange={(e) => setAlso((a) => ({ ...a, fixed: e.target.checked }))}
              />{' '}
              Fixed P/E of {FIXED_PE}x
            </label>
          )}
        </fieldset>
      )}
      {missingMultiple ? (
        <p className="notice notice--info">{missingMultiple}</p>
      ) : !view ? (
        <p className="notice notice--info">
          No quarter has the figures for {withArticle(name)} value: try another model.
        </p>
      ) : (
        <LineBlock
          view={view}
          label={`${name} value line against the daily price`}
          currentLabel="Latest value"
          legend={
            typeId === 5
              ? `each day’s ${VALUE_LINE_BASE_LABELS[5]} known then, discounted at ${DCF_DEFAULTS.discountRate}% a year: a value on the day`
              : `the ${VALUE_LINE_BASE_LABELS[typeId]} known on each day × ${multipleWords(typeId, choice, multiple!, medians, data.sector)}: a value on the day`
          }
          forecast={chartForecast}
          extras={extras}
          log={scale === 'log'}
          dividends={spanDividendsShown}
          after={
            forecast && forecast.years.length > 0 && todayMultiple && last && !toToday ? (
              <p className="value-line__note" data-testid="value-line-forecast-later">
                Analysts’ estimates follow the last close: choose a range that reaches it to see
                them.
              </p>
            ) : forecast && forecast.years.length > 0 && todayMultiple && last ? (
              <ForecastPanel
                forecast={forecast}
                multiple={todayMultiple}
                multipleName={`${formatNumber(todayMultiple, 2)}x, ${choice === 'mine' ? 'your P/E' : choice === 'company' ? 'the company’s 10-yr median P/E now' : 'the sector’s median P/E today'}`}
                normal={medians.company.median}
                price={last[1]}
                readOn={estimates.data!.asOf.slice(0, 10)}
                dividendsPerYear={
                  spanData.dividendsPending
                    ? undefined
                    : trailingDividends(spanData.dividends, forecast.from)
                }
              />
            ) : typeId === 1 && estimates.data?.data.unavailable ? (
              <p className="value-line__note">{estimates.data.data.unavailable}</p>
            ) : null
          }
        />
      )}
      {view && view.days.length > 1 && (
        <SpanReturnsTable
          symbol={data.symbol}
          closes={data.closes}
          from={view.days[0]!.date}
          to={view.days[view.days.length - 1]!.date}
        />
      )}
    </>
  );
}

const NO_DIVIDENDS: readonly ChartDividend[] = [];

type RangeChoice = LinePreset | 'dates';

/**
 * The line's range (decision 199): 5, 10 or 20 years to the last close, as far back as the
 * closes go (Max, twenty years at most), or two dates; each kept in the address.
 */
function SpanControls({
  span,
  bounds,
  first,
  last,
  onChange,
}: {
  span: LineSpan;
  bounds: { from: string; to: string } | undefined;
  first: string | undefined;
  last: string | undefined;
  onChange: (next: (current: LineSpan) => LineSpan) => void;
}) {
  const fromId = useId();
  const toId = useId();
  const value: RangeChoice = span.kind === 'dates' ? 'dates' : span.preset;
  const asDates = (current: LineSpan): LineSpan =>
    current.kind === 'dates'
      ? current
      : { kind: 'dates', from: bounds?.from ?? null, to: bounds?.to ?? null };
  const onRange = (next: RangeChoice) =>
    onChange((current) => (next === 'dates' ? asDates(current) : { kind: 'preset', preset: next }));
  const onDate = (which: 'from' | 'to', day: string) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return;
    onChange((current) => ({ ...asDates(current), [which]: day }));
  };
  return (
    <>
      <Choice
        label="Range"
        options={[
          ...LINE_PRESETS.map((p) => ({ value: p as RangeChoice, label: PRESET_LABELS[p] })),
          { value: 'dates' as RangeChoice, label: 'Dates' },
        ]}
        value={value}
        onChange={onRange}
      />
      {span.kind === 'dates' && (
        <span className="value-line__dates">
          <label className="value-line__multiple" htmlFor={fromId}>
            <span>From</span>
            <input
              id={fromId}
              type="date"
              value={span.from ?? bounds?.from ?? ''}
              min={first}
              max={last}
              onChange={(e) => onDate('from', e.target.value)}
            />
          </label>
          <label className="value-line__multiple" htmlFor={toId}>
            <span>To</span>
            <input
              id={toId}
              type="date"
              value={span.to ?? bounds?.to ?? ''}
              min={first}
              max={last}
              onChange={(e) => onDate('to', e.target.value)}
            />
          </label>
        </span>
      )}
    </>
  );
}

/** What each day's value is counted from (decision 160). */
const KNOWN_THEN = 'Each quarter counts from the day its statements were filed.';

/** The multiple a line uses, in words for its legend. */
function multipleWords(
  typeId: ValueLineTypeId,
  choice: MultipleChoice,
  multiple: number | MultipleAsOf,
  medians: Medians,
  sector: string | null,
): string {
  const name = MODELS[typeId].name;
  const x = (n: number | null) => (n === null ? 'N/A' : `${formatNumber(n, 2)}x`);
  if (choice === 'company')
    return `the company’s 10-yr median ${name} known on each day (${x(medians.company.median)} now)`;
  if (choice === 'sector')
    return `the ${sector ?? 'sector'} median ${name} today (${x(medians.sector)}), on every day`;
  return `your ${name} of ${x(typeof multiple === 'number' ? multiple : null)}`;
}

/** Beside a model or a pitch: the investor's own assumptions. */
function ModelLine(
  props: Exclude<ValueLineSectionProps, { mode: 'company' }> & { data: ValueLineData },
) {
  const { data, mode } = props;
  // The panel recomputes as the investor types: the line follows once the typing pauses.
  const input = useDebounced(props.input, mode === 'panel' ? 250 : 0);
  const typeId = input.valuation_type_id;
  const [choice, setChoice] = useState<MultipleChoice>('mine');
  const [rateText, setRateText] = useState(String(DCF_DEFAULTS.discountRate));
  const rateId = useId();
  const bases = useMemo(() => basesOf(data, typeId), [data, typeId]);
  const medians = useMemo(() => mediansOf(data, typeId, bases), [data, typeId, bases]);
  const multiple = useMemo(
    () => (typeId === 5 ? undefined : chosenMultiple(choice, medians, data, typeId, bases)),
    [typeId, choice, medians, data, bases],
  );
  const parsedRate = numberFromText(rateText.trim());
  const rate =
    typeof parsedRate === 'number' && parsedRate >= 0 && parsedRate <= MAX_RATE ? parsedRate : null;
  // The multiples models' values are at the end of the hold: discounted to each day (decision 163).
  const discounts = typeId !== 5;
  const pitchDate = mode === 'pitch' ? props.pitchDate : undefined;
  const view = useMemo(() => {
    if (multiple === null || (discounts && rate === null)) return null;
    startMeasure(VALUE_LINE_MEASURE);
    return timed(COMPUTE_MEASURE, () =>
      lineView(data, input, bases, {
        latest: mode === 'panel' ? 'model' : 'quarters',
        ...(multiple !== undefined ? { multiple } : {}),
        ...(pitchDate ? { pitchDate } : {}),
        ...(discounts && rate !== null ? { discountRate: rate } : {}),
      }),
    );
  }, [data, input, bases, multiple, mode, pitchDate, discounts, rate]);
  const name = MODELS[typeId].name;
  const own = input.valuation_type_id === 5 ? null : input.forward_multiple;
  const hold = input.holding_period;
  const holdWords = `${formatNumber(hold, Number.isInteger(hold) ? 0 : 1)}-year hold`;
  const whose = mode === 'panel' ? 'your' : 'the pitch’s';
  const multipleText =
    typeId === 5
      ? ''
      : choice === 'mine'
        ? `at ${mode === 'panel' ? 'your' : 'its'} ${name} of ${Number.isFinite(own) ? `${formatNumber(own, 2)}x` : 'N/A'}`
        : `at ${multipleWords(typeId, choice, multiple ?? 0, medians, data.sector)}`;
  const legend =
    typeId === 5
      ? `${whose} DCF value on each day (a value today, discounted at ${mode === 'panel' ? 'your' : 'its'} ${formatNumber(input.discount_rate, 1)}% a year)`
      : `${whose} ${name} value at the end of a ${holdWords} ${multipleText}, discounted to each day at ${rate === null ? '…' : formatNumber(rate, 1)}% a year`;

  return (
    <>
      <p className="value-line__lead">
        {mode === 'panel'
          ? `Your ${name} model at each past quarter’s ${VALUE_LINE_BASE_LABELS[typeId]}, with your growth and hold, against the daily price. The latest step is your valuation.`
          : `The pitch’s ${name} model from ${formatDisplayDate(pitchDate)} on: its value then, then each new quarter’s ${VALUE_LINE_BASE_LABELS[typeId]} with the pitch’s assumptions, against the actual price.`}{' '}
        {KNOWN_THEN}
        {discounts &&
          ` The ${name} model gives a value at the end of the hold: the line shows it discounted to each day, so it is compared with that day’s price.`}
      </p>
      {(discounts || mode === 'panel') && (
        <div className="value-line__controls">
          {mode === 'panel' && typeId !== 5 && (
            <Choice
              label="Multiple"
              options={(['mine', 'company', 'sector'] as const).map((c) => ({
                value: c,
                label:
                  c === 'mine' && Number.isFinite(own)
                    ? `My ${name} (${formatNumber(own, 2)}x)`
                    : MULTIPLE_LABELS[c],
              }))}
              value={choice}
              onChange={setChoice}
            />
          )}
          {discounts && (
            <label className="value-line__multiple" htmlFor={rateId}>
              <span>Discount rate (% a year)</span>
              <input
                id={rateId}
                type="text"
                inputMode="decimal"
                value={rateText}
                aria-describedby={rate === null ? `${rateId}-error` : undefined}
                aria-invalid={rate === null}
                onChange={(e) => setRateText(e.target.value)}
              />
            </label>
          )}
        </div>
      )}
      {mode === 'panel' && typeId !== 5 && (
        <MultipleNote typeId={typeId} medians={medians} sector={data.sector} />
      )}
      {discounts && rate === null ? (
        <p className="notice notice--info" id={`${rateId}-error`}>
          Enter a discount rate from 0% to {MAX_RATE}%.
        </p>
      ) : !view ? (
        <p className="notice notice--info">
          No {choice === 'company' ? 'company' : 'sector'} median {name} to use.
        </p>
      ) : (
        <LineBlock
          view={view}
          label={`${name} value line against the daily price`}
          currentLabel={mode === 'panel' ? 'Current value (your valuation)' : 'Latest value'}
          legend={legend}
          {...(discounts && rate !== null ? { discount: { hold: holdWords, rate } } : {})}
        />
      )}
    </>
  );
}

/** The highest discount rate the line takes (percent a year). */
const MAX_RATE = 100;

function MultipleNote({
  typeId,
  medians,
  sector,
}: {
  typeId: ValueLineTypeId;
  medians: Medians;
  sector: string | null;
}) {
  if (typeId === 5) return null;
  const name = MODELS[typeId].name;
  const x = (n: number | null) => (n === null ? 'N/A' : `${formatNumber(n, 2)}x`);
  return (
    <p className="value-line__note" data-value-line-multiples>
      Company 10-yr median {name}: {x(medians.company.median)} now ({medians.company.quarters}{' '}
      quarters; the line takes the median known on each day) · {sector ?? 'Sector'} median today:{' '}
      {x(medians.sector)} (the screener’s latest figures: the line applies today’s to every day)
    </p>
  );
}

function LineBlock({
  view,
  label,
  currentLabel,
  legend,
  discount,
  forecast = null,
  extras = [],
  log = false,
  dividends = NO_DIVIDENDS,
  after = null,
}: {
  view: LineView;
  label: string;
  currentLabel: string;
  /** What the value line is (the legend's words for it). */
  legend: string;
  /** The hold and rate an end-of-hold value is discounted over, when it is. */
  discount?: { hold: string; rate: number };
  /** Analysts' estimates drawn after the last close (decision 186). */
  forecast?: ChartForecast | null;
  /** Lines at other multiples drawn beside the value (decision 188). */
  extras?: readonly ExtraLine[];
  /** A log price scale, without the shading (decision 189). */
  log?: boolean;
  /** The dividends paid per share over the span, drawn beneath the price (decision 187). */
  dividends?: readonly ChartDividend[];
  /** Beneath the legend (the forecast's panel). */
  after?: ReactNode;
}) {
  const first = view.days[0]?.date;
  const last = view.days[view.days.length - 1]?.date;
  const current = view.current;
  const own = discount ? (current?.endOfHold ?? null) : (current?.value ?? null);
  return (
    <>
      <p className="value-line__current">
        {currentLabel}:{' '}
        <strong data-testid="value-line-current">
          {own != null ? formatPrice(own, 'USD') : 'N/A'}
        </strong>
        {discount && own != null && (
          <>
            {' '}
            at the end of the {discount.hold} ·{' '}
            <strong data-testid="value-line-current-today">
              {current?.value != null ? formatPrice(current.value, 'USD') : 'N/A'}
            </strong>{' '}
            discounted to today at {formatNumber(discount.rate, 1)}% a year (the line)
          </>
        )}
        {own == null && current?.reason && (
          <span className="value-line__reason"> ({current.reason})</span>
        )}
      </p>
      {view.days.length === 0 ? (
        <p className="notice notice--info">
          {first === undefined && view.steps[0]?.source === 'pitch'
            ? `The line starts on the pitch date, ${view.steps[0].from}: the closes from then on show here as the days pass.`
            : 'No prices to draw the line against yet.'}
        </p>
      ) : (
        <>
          <Suspense fallback={<Loading label="Drawing…" />}>
            <ValueLineChart
              days={view.days}
              gaps={view.gaps}
              steps={view.steps}
              filed={view.filed}
              label={`${label}, ${first ?? ''} to ${last ?? ''}${dividends.length > 0 ? ', with the dividends paid per share beneath it' : ''}${forecast ? ', with analysts’ estimates after it' : ''}`}
              forecast={forecast}
              extras={extras}
              log={log}
              dividends={dividends}
              measure={VALUE_LINE_MEASURE}
            />
          </Suspense>
          <LineLegend
            value={legend}
            estimates={forecast !== null}
            extras={extras}
            log={log}
            dividends={dividends.length > 0}
          />
        </>
      )}
      {after}
      <ValueLineStats view={view} />
    </>
  );
}

/** The chart's legend: what each line and shade is, in words (the value line's own sentence). */
function LineLegend({
  value,
  estimates,
  extras,
  log,
  dividends,
}: {
  value: string;
  estimates: boolean;
  extras: readonly ExtraLine[];
  log: boolean;
  dividends: boolean;
}) {
  const swatch = (colour: string, line: boolean) => (
    <span
      className={`value-line__swatch${line ? ' value-line__swatch--line' : ''}`}
      style={{ background: colour }}
      aria-hidden="true"
    />
  );
  return (
    <ul className="value-line__legend" aria-label="Legend" data-testid="value-line-legend">
      <li>
        {swatch(LINE_COLOURS.price, true)}
        <span>Price: the daily close</span>
      </li>
      <li data-legend="value">
        {swatch(LINE_COLOURS.value, true)}
        <span>Value: {value}</span>
      </li>
      {extras.map((e) => (
        <li key={e.key} data-legend={e.key}>
          {swatch(e.colour, true)}
          <span>{e.name}</span>
        </li>
      ))}
      {estimates && (
        <li data-legend="estimate">
          <span
            className="value-line__swatch value-line__swatch--line"
            style={{
              background: `repeating-linear-gradient(90deg, ${LINE_COLOURS.estimate} 0 4px, transparent 4px 7px)`,
            }}
            aria-hidden="true"
          />
          <span>
            Estimate (dashed): analysts’ consensus EPS × the multiple,{' '}
            {log ? 'its range in the table beneath' : 'the lowest to highest estimate shaded'}
          </span>
        </li>
      )}
      {dividends && (
        <li data-legend="dividends">
          {swatch(LINE_COLOURS.dividend, false)}
          <span>
            Dividends (bars beneath the price): each dividend paid per share at its ex-dividend
            date, by year in the returns table
          </span>
        </li>
      )}
      {log ? (
        <li data-legend="scale">
          <span>
            Log scale: equal distances are equal percentage moves; the shading between price and
            value is drawn on the linear scale
          </span>
        </li>
      ) : (
        <>
          <li>
            {swatch(LINE_COLOURS.above, false)}
            <span>Price above the value</span>
          </li>
          <li>
            {swatch(LINE_COLOURS.below, false)}
            <span>Price below the value</span>
          </li>
        </>
      )}
    </ul>
  );
}
