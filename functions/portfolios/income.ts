import type { Dividend as ProviderDividend, Split } from '../../shared/market';
import type { SplitRow, TradeLike } from '../../shared/portfolio/corporate';
import {
  addMonths,
  basisOf,
  declaredAsOf,
  type Dividend,
  dividendCents,
  dividendGrowth,
  dividendSchedule,
  dividendsByMonth,
  type Entitlement,
  entitlements,
  type ForwardPayment,
  forwardPayments,
  forwardTotals,
  type MonthCents,
  upcomingDeclared,
  yearAfter,
  yearsOf,
  yieldOf,
} from '../../shared/portfolio/income';
import { D } from '../../shared/portfolio/money';
import type { IncomePayload } from '../../shared/portfolio/schemas';
import { periodRange } from '../../shared/portfolio/returns';
import type {
  CalendarEntry,
  IncomeHolding,
  IncomeResponse,
} from '../../shared/schemas/portfolio-income';
import { now as clockNow } from '../lib/clock';
import { NotFoundError } from '../lib/errors';
import { FRESH_MS } from '../market/service';
import { watchedSymbols } from '../watchlist/store';
import { settled, upkeepFailed } from './corporate-actions';
import { type EngineDeps, type PortfolioNow, portfolioNowKeeping, positionsOf } from './engine';
import type { PriceInfo } from './figures';
import { readHistories } from './stored-history';
import { portfoliosWithHoldings } from './store';

/**
 * The income view (decision 180): a portfolio's dividends, or every portfolio's together. What
 * was received comes from the one engine (`portfolioNow`: the daily points the Performance view
 * sums, the positions it lists); what is to come from the provider's dividends as of today (a
 * day fresh in the market cache, as the engine reads them) and the portfolio's trades, each
 * declared payment worked out as the engine will credit it.
 */

/**
 * The market reads an income view makes besides the engine's (kind, freshness), per held or
 * watched symbol: the quota bench charges a view with them.
 */
export const INCOME_READS: readonly (readonly [string, number])[] = [
  ['dividends', FRESH_MS.day],
  ['splits', FRESH_MS.day],
];

/** Portfolios worked out at once for all portfolios (as the list does). */
const CONCURRENCY = 4;

interface One {
  now: PortfolioNow;
  positions: ReturnType<typeof positionsOf>;
}

/** Every portfolio of the user from the engine; one that cannot be worked out is named apart. */
async function allPortfolios(
  deps: EngineDeps,
  userId: string,
): Promise<{ ones: One[]; unavailable: string[]; kept: Promise<unknown>[] }> {
  const all = await portfoliosWithHoldings(deps.store, userId);
  const stored = await readHistories(
    deps.store,
    userId,
    all.map((e) => e.portfolio.portfolioId),
  );
  const ones: (One | undefined)[] = new Array(all.length);
  const unavailable: string[] = [];
  const kept: Promise<unknown>[] = [];
  let next = 0;
  const worker = async () => {
    while (next < all.length) {
      const i = next++;
      const { portfolio } = all[i]!;
      try {
        // The trades are wanted: each payment's entitlement is worked out from them.
        const read = await portfolioNowKeeping(deps, userId, portfolio.portfolioId, {
          stored: stored.get(portfolio.portfolioId) ?? null,
          ledger: true,
        });
        if (read.kept) kept.push(read.kept);
        ones[i] = { now: read.now, positions: positionsOf(read.now) };
      } catch (error) {
        if (error instanceof NotFoundError) continue; // deleted meanwhile
        upkeepFailed('engine', error);
        unavailable.push(portfolio.portfolioName);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, all.length) }, worker));
  return { ones: ones.filter((o): o is One => o !== undefined), unavailable, kept };
}

/** Sums of entitlements by a key (several portfolios' shares of one payment). */
function addTo(into: Map<string, Entitlement>, key: string, e: Entitlement): void {
  const was = into.get(key);
  into.set(
    key,
    was
      ? {
          quantity: new D(was.quantity).plus(e.quantity).toNumber(),
          amountCents: was.amountCents + e.amountCents,
        }
      : { ...e },
  );
}

interface SymbolIncome {
  quantity: InstanceType<typeof D>;
  costCents: number;
  valueCents: number;
  price: number | null;
  receivedCents: number;
  payments: ForwardPayment[];
  /** Declared upcoming dividends' entitlements by ex-date, and trailing payments' by ex-date. */
  declared: Map<string, Entitlement>;
  trailing: Map<string, Entitlement>;
  name: string | undefined;
}

export async function portfolioIncome(
  deps: EngineDeps,
  userId: string,
  input: IncomePayload,
): Promise<IncomeResponse> {
  const asOf = deps.now ? deps.now() : clockNow();
  const prices = deps.prices ?? new Map<string, PriceInfo | null>();
  const engineDeps: EngineDeps = { ...deps, prices };
  const [read, watched] = await Promise.all([
    input.portfolio_id
      ? portfolioNowKeeping(engineDeps, userId, input.portfolio_id, { ledger: true }).then((r) => ({
          ones: [{ now: r.now, positions: positionsOf(r.now) }],
          unavailable: [] as string[],
          kept: r.kept ? [r.kept] : [],
        }))
      : allPortfolios(engineDeps, userId),
    watchedSymbols(userId),
  ]);
  const { ones, unavailable } = read;
  const today = ones[0]?.now.today ?? asOf.toISOString().slice(0, 10);

  const traded = [
    ...new Set(ones.flatMap((o) => o.positions.allHoldings.map((h) => h.symbol))),
  ].sort();
  const watching = new Map(watched.map((w) => [w.symbol, w.name]));
  const symbols = [...new Set([...traded, ...watching.keys()])].sort();
  const [dividendsBy, splitsBy] = await Promise.all([
    settled(
      deps.market.manySymbols<ProviderDividend[]>('dividends', symbols),
      new Map<string, ProviderDividend[]>(),
      'dividends',
    ),
    settled(
      deps.market.manySymbols<Split[]>('splits', traded),
      new Map<string, Split[]>(),
      'splits',
    ),
  ]);
  const complete = symbols.every((s) => dividendsBy.has(s)) && traded.every((s) => splitsBy.has(s));
  if (!complete) upkeepFailed('income-dividends');
  const dividendsOf = new Map<string, Dividend[]>(
    symbols.map((s) => [s, declaredAsOf(dividendsBy.get(s) ?? [], today)]),
  );
  const splitsOf = (symbol: string): SplitRow[] =>
    (splitsBy.get(symbol) ?? []).map((s) => ({
      symbol: s.symbol,
      date: s.date,
      numerator: s.numerator,
      denominator: s.denominator,
    }));

  // Each portfolio's shares of each symbol's dividends, added up by symbol.
  const bySymbol = new Map<string, SymbolIncome>();
  for (const { now, positions } of ones) {
    const trades: TradeLike[] = now.trades.map((t) => ({
      date: t.time.slice(0, 10),
      symbol: t.symbol,
      side: t.side,
      quantity: t.quantity,
    }));
    for (const h of positions.allHoldings) {
      const dividends = dividendsOf.get(h.symbol) ?? [];
      const splits = splitsOf(h.symbol);
      const payments = forwardPayments({
        symbol: h.symbol,
        dividends,
        trades,
        splits,
        quantity: h.quantity,
        today,
      });
      const declared = entitlements({
        symbol: h.symbol,
        dividends: upcomingDeclared(dividends, today),
        trades,
        splits,
        today,
      });
      let s = bySymbol.get(h.symbol);
      if (!s) {
        s = {
          quantity: new D(0),
          costCents: 0,
          valueCents: 0,
          price: h.price,
          receivedCents: 0,
          payments: [],
          declared: new Map(),
          trailing: new Map(),
          name: undefined,
        };
        bySymbol.set(h.symbol, s);
      }
      s.name ??= now.profiles.get(h.symbol)?.name;
      s.price ??= h.price;
      s.receivedCents += h.dividendCents;
      if (h.quantity > 0) {
        s.quantity = s.quantity.plus(h.quantity);
        s.costCents += h.costCents;
        s.valueCents += h.valueCents;
      }
      s.payments.push(...payments);
      for (const [ex, e] of declared) addTo(s.declared, ex, e);
      for (const p of payments) if (p.basis === 'trailing') addTo(s.trailing, p.exDate, p);
    }
  }
  const nameOf = (symbol: string) => bySymbol.get(symbol)?.name ?? watching.get(symbol) ?? symbol;

  const holdings: IncomeHolding[] = [...bySymbol]
    .filter(([, s]) => s.quantity.gt(0) || s.payments.length > 0)
    .map(([symbol, s]) => {
      const forward = forwardTotals(s.payments).totalCents;
      return {
        symbol,
        name: nameOf(symbol),
        quantity: s.quantity.toNumber(),
        cost_cents: s.costCents,
        value_cents: s.valueCents,
        price: s.price,
        received_cents: s.receivedCents,
        forward_cents: forward,
        forward_basis: basisOf(s.payments),
        yield_on_cost: yieldOf(forward, s.costCents),
        current_yield: yieldOf(forward, s.valueCents),
        growth: growthView(dividendsOf.get(symbol) ?? [], today),
      };
    })
    .sort((a, b) => a.symbol.localeCompare(b.symbol));

  // Several portfolios' payments of one dividend are one payment of their shares together.
  const merged = new Map<string, ForwardPayment>();
  for (const p of [...bySymbol.values()].flatMap((s) => s.payments)) {
    const key = `${p.symbol}|${p.exDate}|${p.basis}`;
    const was = merged.get(key);
    merged.set(
      key,
      was
        ? {
            ...was,
            quantity: new D(was.quantity).plus(p.quantity).toNumber(),
            amountCents: was.amountCents + p.amountCents,
          }
        : p,
    );
  }
  const payments = [...merged.values()].sort(
    (a, b) =>
      a.payDate.localeCompare(b.payDate) ||
      a.exDate.localeCompare(b.exDate) ||
      a.symbol.localeCompare(b.symbol),
  );
  const forward = forwardTotals(payments);

  const calendar: CalendarEntry[] = [];
  for (const symbol of symbols) {
    const s = bySymbol.get(symbol);
    const held = s !== undefined && (s.quantity.gt(0) || s.declared.size > 0);
    const watched = watching.has(symbol);
    if (!held && !watched) continue;
    const dividends = dividendsOf.get(symbol) ?? [];
    const entry = (
      d: Pick<Dividend, 'exDate' | 'payDate' | 'perShare' | 'declarationDate' | 'recordDate'>,
      status: CalendarEntry['status'],
      due: Entitlement | undefined,
    ): CalendarEntry => ({
      symbol,
      name: nameOf(symbol),
      holding: held,
      watching: watched,
      status,
      declaration_date: d.declarationDate,
      ex_date: d.exDate,
      record_date: d.recordDate,
      pay_date: d.payDate,
      per_share: d.perShare,
      quantity: due?.quantity ?? null,
      amount_cents: due?.amountCents ?? null,
    });
    for (const d of upcomingDeclared(dividends, today))
      calendar.push(entry(d, 'declared', s?.declared.get(d.exDate)));
    for (const d of dividendSchedule(symbol, dividends, today))
      if (d.basis === 'trailing') calendar.push(entry(d, 'estimated', s?.trailing.get(d.exDate)));
  }
  calendar.sort(
    (a, b) =>
      a.ex_date.localeCompare(b.ex_date) ||
      a.pay_date.localeCompare(b.pay_date) ||
      a.symbol.localeCompare(b.symbol),
  );

  const months: MonthCents[] = addMonths(
    ones.map((o) => dividendsByMonth(o.now.points, today).months),
  );
  const totals = holdings.reduce(
    (t, h) => ({
      cost: t.cost + h.cost_cents,
      value: t.value + h.value_cents,
      forward: t.forward + h.forward_cents,
    }),
    { cost: 0, value: 0, forward: 0 },
  );

  const answer: IncomeResponse = {
    data: {
      scope: input.portfolio_id ? 'portfolio' : 'all',
      portfolios: ones.map((o) => ({
        portfolio_id: o.now.portfolio.portfolioId,
        portfolio_name: o.now.portfolio.portfolioName,
      })),
      portfolios_unavailable: unavailable,
      today,
      received: {
        total_cents: ones.reduce((sum, o) => sum + dividendCents(o.now.points), 0),
        last_12_months_cents: ones.reduce((sum, o) => {
          const range = periodRange('1Y', o.now.inception, today);
          return (
            sum +
            dividendCents(o.now.points.filter((p) => p.date >= range.start && p.date <= range.end))
          );
        }, 0),
        months,
        years: yearsOf(months),
      },
      forward: {
        to: yearAfter(today),
        total_cents: forward.totalCents,
        declared_cents: forward.declaredCents,
        trailing_cents: forward.trailingCents,
        payments: payments.map((p) => ({
          symbol: p.symbol,
          ex_date: p.exDate,
          pay_date: p.payDate,
          basis: p.basis,
          per_share: p.perShare,
          quantity: p.quantity,
          amount_cents: p.amountCents,
        })),
      },
      holdings,
      totals: {
        cost_cents: totals.cost,
        value_cents: totals.value,
        forward_cents: totals.forward,
        yield_on_cost: yieldOf(totals.forward, totals.cost),
        current_yield: yieldOf(totals.forward, totals.value),
      },
      calendar,
      dividends_complete: complete,
    },
    asOf: asOf.toISOString(),
  };
  await Promise.all(read.kept);
  return answer;
}

function growthView(dividends: readonly Dividend[], today: string): IncomeHolding['growth'] {
  const g = dividendGrowth(dividends, today);
  return g.kind === 'rate'
    ? {
        kind: 'rate',
        rate: g.rate,
        from_year: g.fromYear,
        to_year: g.toYear,
        from_per_share: g.fromPerShare,
        to_per_share: g.toPerShare,
      }
    : g;
}
