/*
 * Stock and index symbols, without zod: the web app's first screen (the index bar, the
 * `?symbol=` of the market page) reads these before any schema module has loaded. The zod
 * schemas (shared/market/schemas.ts, shared/schemas/common.ts) build on them and re-export
 * them, so other modules keep importing from there.
 */

/** The indexes of the index bar, in the order it shows them. */
export const INDEX_SYMBOLS = ['^GSPC', '^NYA', '^DJI', '^IXIC'] as const;
export type IndexSymbol = (typeof INDEX_SYMBOLS)[number];
/** Names of the index bar (spec/000 section 1). */
export const INDEX_LABELS: Record<IndexSymbol, string> = {
  '^GSPC': 'S&P 500',
  '^NYA': 'NYSE',
  '^DJI': 'DJIA',
  '^IXIC': 'NASDAQ',
};

/** Ticker symbols as NYSE/NASDAQ/AMEX list them, plus index symbols like ^GSPC (upper case). */
export const STOCK_SYMBOL_PATTERN = /^\^?[A-Z][A-Z0-9.-]{0,9}$/;
export const STOCK_SYMBOL_MESSAGE = 'Enter a valid stock symbol';

/** The symbol as `stockSymbol` reads it (trimmed, upper case), or null when it is not one. */
export function parseStockSymbol(text: string): string | null {
  const symbol = text.trim().toUpperCase();
  return STOCK_SYMBOL_PATTERN.test(symbol) ? symbol : null;
}
