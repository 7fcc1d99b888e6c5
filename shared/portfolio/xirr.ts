import { D } from './money';

/**
 * Money-weighted returns.
 *
 * `xirr` solves sum(amount_i / (1 + r)^(years_i)) = 0 where years_i = days since the first
 * flow / 365 (Excel's XIRR convention). It works in v = ln(1 + r), so r > -1 always holds,
 * and evaluates the sum scaled by a positive factor so no term overflows on long horizons or
 * extreme rates. Rates are sought from r = -99.9999 % to r = 1e9 (v from -13.8 to 20.7).
 * When the date-ordered flows change sign once (money in, then money out: the usual case),
 * there is exactly one root (Descartes' rule of signs) and the whole range is its bracket.
 * Otherwise v is scanned on a grid (step 0.005) for sign changes. Each bracket is refined with
 * Newton steps that fall back to bisection whenever a step would leave the bracket. When the flows have several roots (more
 * than one change of sign in the series), the root closest to 0 is returned (the smallest
 * |rate|; on a tie, the higher rate). If no bracket exists, Newton from 10 % is tried once to
 * catch a root where the sum only touches zero; otherwise the result is `undefined`.
 * Also `undefined`: fewer than two non-zero flows, flows all of one sign, all flows on one
 * date, an invalid date or amount.
 */

export interface CashFlow {
  /** A date (YYYY-MM-DD, read as UTC midnight), an ISO date-time, or a Date. */
  date: string | Date;
  /** Positive: money received by the investor; negative: money paid in. */
  amount: number;
}

const DAY_MS = 86_400_000;
const YEAR_DAYS = 365;
const V_MIN = Math.log(1e-6);
const V_MAX = Math.log(1 + 1e9);
const GRID_STEP = 0.005;
const MAX_ITERATIONS = 200;

function timeOf(date: string | Date): number {
  return date instanceof Date ? date.getTime() : Date.parse(date);
}

/** Days between two dates (fractional when times of day differ). */
export function daysBetween(from: string | Date, to: string | Date): number {
  return (timeOf(to) - timeOf(from)) / DAY_MS;
}

interface Point {
  years: number;
  amount: number;
}

/** Sum and derivative (in v) of the scaled net present value. Both share the same positive scale. */
function evaluate(points: readonly Point[], v: number): { f: number; df: number; scale: number } {
  let maxExponent = -Infinity;
  for (const p of points) maxExponent = Math.max(maxExponent, -v * p.years);
  let f = 0;
  let df = 0;
  let scale = 0;
  for (const p of points) {
    const w = Math.exp(-v * p.years - maxExponent);
    f += p.amount * w;
    df -= p.years * p.amount * w;
    scale += Math.abs(p.amount * w);
  }
  return { f, df, scale };
}

/**
 * Newton inside [lo, hi] (f(lo), f(hi) of opposite signs), bisecting whenever a Newton step
 * would leave the bracket or would not at least halve the step before last (Numerical
 * Recipes' rtsafe), so it converges even where the sum is nearly flat or steeply curved.
 */
function solveInBracket(points: readonly Point[], lo: number, hi: number, fLo: number): number {
  let a = lo;
  let b = hi;
  let fa = fLo;
  let dxOld = b - a;
  let dx = dxOld;
  let v = (a + b) / 2;
  let { f, df } = evaluate(points, v);
  for (let i = 0; i < MAX_ITERATIONS; i++) {
    if (f === 0) return v;
    if (Math.sign(f) === Math.sign(fa)) {
      a = v;
      fa = f;
    } else {
      b = v;
    }
    const newtonLeaves = ((v - b) * df - f) * ((v - a) * df - f) > 0;
    const newtonSlow = Math.abs(2 * f) > Math.abs(dxOld * df);
    dxOld = dx;
    if (newtonLeaves || newtonSlow || df === 0) {
      dx = (b - a) / 2;
      v = a + dx;
    } else {
      dx = f / df;
      v -= dx;
    }
    if (Math.abs(dx) <= 1e-15 * Math.max(1, Math.abs(v))) return v;
    ({ f, df } = evaluate(points, v));
  }
  return v;
}

/** Plain Newton, for a root where the sum touches zero without changing sign. */
function newtonTouch(points: readonly Point[]): number | undefined {
  let v = Math.log(1.1);
  for (let i = 0; i < MAX_ITERATIONS; i++) {
    const { f, df, scale } = evaluate(points, v);
    if (Math.abs(f) <= 1e-13 * scale) return v;
    if (df === 0 || !Number.isFinite(df)) return undefined;
    v = Math.min(V_MAX, Math.max(V_MIN, v - f / df));
  }
  const { f, scale } = evaluate(points, v);
  return Math.abs(f) <= 1e-13 * scale ? v : undefined;
}

export function xirr(flows: readonly CashFlow[]): number | undefined {
  const byTime = new Map<number, number>();
  for (const flow of flows) {
    const time = timeOf(flow.date);
    if (!Number.isFinite(time) || !Number.isFinite(flow.amount)) return undefined;
    byTime.set(time, (byTime.get(time) ?? 0) + flow.amount);
  }
  // Flows on the same instant are netted; zero flows drop out.
  const dated = [...byTime.entries()]
    .filter(([, amount]) => amount !== 0)
    .sort(([a], [b]) => a - b);
  const first = dated[0];
  if (first === undefined || dated.length < 2) return undefined;
  const points: Point[] = dated.map(([time, amount]) => ({
    years: (time - first[0]) / DAY_MS / YEAR_DAYS,
    amount,
  }));

  let signChanges = 0;
  for (let i = 1; i < points.length; i++) {
    if (Math.sign(points[i]!.amount) !== Math.sign(points[i - 1]!.amount)) signChanges++;
  }
  if (signChanges === 0) return undefined;

  if (signChanges === 1) {
    // Descartes' rule of signs: exactly one root; the ends of the range bracket it unless it lies outside.
    const fLo = evaluate(points, V_MIN).f;
    const fHi = evaluate(points, V_MAX).f;
    if (fLo === 0) return Math.expm1(V_MIN);
    if (fHi === 0) return Math.expm1(V_MAX);
    if (Math.sign(fLo) === Math.sign(fHi)) return undefined;
    return Math.expm1(solveInBracket(points, V_MIN, V_MAX, fLo));
  }

  const roots: number[] = [];
  let prevV = V_MIN;
  let prevF = evaluate(points, prevV).f;
  if (prevF === 0) roots.push(prevV);
  const steps = Math.ceil((V_MAX - V_MIN) / GRID_STEP);
  for (let i = 1; i <= steps; i++) {
    const v = Math.min(V_MAX, V_MIN + i * GRID_STEP);
    const f = evaluate(points, v).f;
    if (f === 0) roots.push(v);
    else if (prevF !== 0 && Math.sign(f) !== Math.sign(prevF))
      roots.push(solveInBracket(points, prevV, v, prevF));
    prevV = v;
    prevF = f;
  }
  if (roots.length === 0) {
    const touch = newtonTouch(points);
    if (touch !== undefined) roots.push(touch);
  }
  const rates = roots.map(Math.expm1).filter(Number.isFinite);
  if (rates.length === 0) return undefined;
  rates.sort((x, y) => Math.abs(x) - Math.abs(y) || y - x);
  return rates[0];
}

/** The index's return between two closes (0.1 = 10 %); undefined without two positive closes. */
export function benchmarkReturn(startClose: number, endClose: number): number | undefined {
  if (
    !Number.isFinite(startClose) ||
    !Number.isFinite(endClose) ||
    startClose <= 0 ||
    endClose <= 0
  )
    return undefined;
  return new D(endClose).div(startClose).minus(1).toNumber();
}
