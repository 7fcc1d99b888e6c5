import type { Holdings } from './ledger';
import { tradeValueCents } from './money';

/**
 * Net Asset Value = cash + every holding at its latest quote. Each holding is valued to the
 * cent (half up) and the cents are summed. Without a usable quote for a held symbol there is
 * no NAV: the symbols are reported instead of a wrong number.
 */

export type Quotes = Readonly<Record<string, number>> | ReadonlyMap<string, number>;

export interface PositionValue {
  symbol: string;
  quantity: number;
  price: number;
  valueCents: number;
}

export type NavResult =
  | { ok: true; navCents: number; holdingsValueCents: number; positions: PositionValue[] }
  | { ok: false; missingQuotes: string[] };

function quoteFor(quotes: Quotes, symbol: string): number | undefined {
  if (quotes instanceof Map) return quotes.get(symbol) ?? quotes.get(symbol.toLowerCase());
  const record = quotes as Readonly<Record<string, number>>;
  return record[symbol] ?? record[symbol.toLowerCase()];
}

export function navCents(cashCents: number, holdings: Holdings, quotes: Quotes): NavResult {
  const positions: PositionValue[] = [];
  const missingQuotes: string[] = [];
  for (const [symbol, holding] of Object.entries(holdings).sort(([a], [b]) => a.localeCompare(b))) {
    const price = quoteFor(quotes, symbol);
    if (price === undefined || !Number.isFinite(price) || price <= 0) {
      missingQuotes.push(symbol);
      continue;
    }
    positions.push({
      symbol,
      quantity: holding.quantity,
      price,
      valueCents: tradeValueCents(holding.quantity, price),
    });
  }
  if (missingQuotes.length > 0) return { ok: false, missingQuotes };
  const holdingsValueCents = positions.reduce((sum, p) => sum + p.valueCents, 0);
  return { ok: true, navCents: cashCents + holdingsValueCents, holdingsValueCents, positions };
}
