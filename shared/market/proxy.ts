import * as z from 'zod/mini';
import '../schemas/zod-messages';
import { SEARCH_EXCHANGES, type SearchExchange } from './schemas';

/*
 * The `common_api` proxy's allowlist. The web app sends the original market-data paths of
 * spec/001 section 7 (`quote/AAPL`, `ratios/AAPL?period=quarter&limit=11`, ...); this module
 * turns one into a typed read or refuses it. Nothing from the request is ever used as a URL:
 * the server maps the typed read onto its own provider calls.
 */

export const INTERVALS = ['1min', '5min', '15min', '30min', '1hour', '4hour'] as const;
export type Interval = (typeof INTERVALS)[number];
export type Period = 'annual' | 'quarter';
export type StatementKind = 'income' | 'balance' | 'cashflow';

/** Largest `limit` accepted per family (spec/001 asks for at most 400 quarterly rows). */
export const MAX_LIMITS = { statement: 400, search: 50, news: 50, symbols: 50 } as const;
export const MAX_URL_LENGTH = 512;

export type ProxyRead =
  | { kind: 'search'; query: string; limit: number; exchanges: SearchExchange[] }
  | { kind: 'profile'; symbol: string }
  | { kind: 'quote'; symbols: string[] }
  | { kind: 'statement'; statement: StatementKind; symbol: string; period: Period; limit: number }
  | { kind: 'ratios'; symbol: string; period: Period; limit: number }
  | { kind: 'keyMetrics'; symbol: string; period: Period; limit: number }
  | { kind: 'ratiosTtm'; symbol: string }
  | { kind: 'keyMetricsTtm'; symbol: string }
  | { kind: 'executives'; symbol: string }
  | { kind: 'holders'; symbol: string }
  | { kind: 'news'; symbols: string[]; limit: number }
  | { kind: 'intraday'; interval: Interval; symbol: string; from?: string; to?: string }
  | { kind: 'daily'; symbol: string; from?: string; to?: string }
  /** Cash dividends, split-adjusted like the daily closes (Compare's total return, decision 168). */
  | { kind: 'dividends'; symbol: string };

export class ProxyPathError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProxyPathError';
  }
}

const SYMBOL = /^\^?[A-Z][A-Z0-9.-]{0,9}$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const SEARCH_TEXT = /^[\p{L}\p{N} .,&'-]{1,40}$/u;

/** Refuses a read; the message is shown to the user, so it starts as a sentence. */
function fail(message: string): never {
  throw new ProxyPathError(message.charAt(0).toUpperCase() + message.slice(1));
}

function symbolOf(raw: string): string {
  // The index list may arrive with its caret percent-encoded (quote/%5EGSPC): the only escape accepted.
  const text = raw.replace(/^%5E/i, '^').toUpperCase();
  if (!SYMBOL.test(text)) fail('Enter a valid stock symbol');
  return text;
}

function symbolList(raw: string, max: number = MAX_LIMITS.symbols): string[] {
  const parts = raw.split(',');
  if (parts.length === 0 || parts.length > max) fail(`Ask for 1 to ${max} symbols`);
  const list = parts.map(symbolOf);
  return [...new Set(list)];
}

function intOf(raw: string | undefined, fallback: number, max: number, name: string): number {
  if (raw === undefined) return fallback;
  if (!/^\d{1,6}$/.test(raw)) fail(`${name} must be a whole number`);
  const n = Number(raw);
  if (n < 1 || n > max) fail(`${name} must be between 1 and ${max}`);
  return n;
}

function periodOf(raw: string | undefined): Period {
  if (raw === undefined || raw === 'annual' || raw === 'FY') return 'annual';
  if (raw === 'quarter') return 'quarter';
  fail('period must be annual or quarter');
}

function dayOf(raw: string | undefined, name: string): string | undefined {
  if (raw === undefined) return undefined;
  if (!ISO_DAY.test(raw)) fail(`${name} must be a date in YYYY-MM-DD form`);
  const d = new Date(`${raw}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== raw)
    fail(`${name} is not a real date`);
  if (raw < '1900-01-01' || raw > '2999-12-31') fail(`${name} is out of range`);
  return raw;
}

function range(params: Map<string, string>): { from?: string; to?: string } {
  const from = dayOf(params.get('from'), 'from');
  const to = dayOf(params.get('to'), 'to');
  if (from && to && from > to) fail('from must not be after to');
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

/** Parses `a=1&b=2` strictly: known names only, each once, plain characters only. */
function parseQuery(query: string, allowed: readonly string[]): Map<string, string> {
  const params = new Map<string, string>();
  if (query === '') return params;
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    const value = eq < 0 ? '' : pair.slice(eq + 1);
    // The original client left the key parameter blank; it is dropped, and a filled one refused.
    if (name === 'apikey') {
      if (value !== '') fail('Do not send a key');
      continue;
    }
    if (!allowed.includes(name)) fail(`Unknown parameter: ${name.slice(0, 30)}`);
    if (params.has(name)) fail(`Parameter ${name} given twice`);
    params.set(name, value);
  }
  return params;
}

const PARAMS = {
  search: ['query', 'limit', 'exchange'],
  statement: ['period', 'limit'],
  none: [],
  ttm: ['limit'],
  news: ['tickers', 'limit'],
  chart: ['from', 'to'],
} as const;

const STATEMENTS: Record<string, StatementKind> = {
  'income-statement': 'income',
  'balance-sheet-statement': 'balance',
  'cash-flow-statement': 'cashflow',
};

/**
 * One proxy request, as the web app sends it. `parameters` (usually empty) may carry the
 * same query parameters as an object of strings.
 */
export const proxyRequestSchema = z.strictObject({
  url: z
    .string()
    .check(
      z.minLength(1, 'The url is required'),
      z.maxLength(MAX_URL_LENGTH, 'The url is too long'),
    ),
  method: z._default(z.literal('GET', { message: 'The method must be GET' }), 'GET'),
  parameters: z._default(
    z
      .record(
        z.string().check(z.maxLength(40)),
        z.union([z.string().check(z.maxLength(200)), z.number()]),
      )
      .check(z.refine((p) => Object.keys(p).length <= 6, 'Too many parameters')),
    {},
  ),
});
export type ProxyRequest = z.infer<typeof proxyRequestSchema>;

/** Turns a proxy request into a typed read, or throws ProxyPathError (answered as 400). */
export function parseProxyRequest(request: ProxyRequest): ProxyRead {
  const { url, parameters } = request;
  // Refuse anything that could name another host, scheme, folder or escape sequence.
  if (/[^A-Za-z0-9/?&=,.^_%+ -]/.test(url)) fail('The url has characters that are not allowed');
  if (url.includes('..') || url.includes('//') || /^[a-z][a-z0-9+.-]*:/i.test(url))
    fail('Only market-data paths are allowed');
  const percent = url.replace(/%5E/gi, '');
  if (percent.includes('%')) fail('Encoded characters are not allowed');
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q)).replace(/^\//, '');
  let query = q < 0 ? '' : url.slice(q + 1);
  const extra = Object.entries(parameters).map(([k, v]) => `${k}=${String(v)}`);
  if (extra.some((pair) => /[&%]/.test(pair) || /[^A-Za-z0-9=,.^_ '-]/.test(pair)))
    fail('A parameter has characters that are not allowed');
  if (extra.length) query = [query, ...extra].filter(Boolean).join('&');
  const segments = path.split('/');
  const [head, a, b] = segments;
  const only = (n: number) => {
    if (segments.length !== n || segments.some((s) => s === '')) fail('Unknown market-data path');
  };

  switch (head) {
    case 'search': {
      only(1);
      const p = parseQuery(query, PARAMS.search);
      const text = decodeURIComponentSafe(p.get('query') ?? '').trim();
      if (!SEARCH_TEXT.test(text)) fail('Enter 1 to 40 letters or digits to search');
      const exchanges = (p.get('exchange') ?? SEARCH_EXCHANGES.join(',')).split(',');
      for (const e of exchanges)
        if (!(SEARCH_EXCHANGES as readonly string[]).includes(e))
          fail('exchange must be AMEX, NASDAQ or NYSE');
      return {
        kind: 'search',
        query: text,
        limit: intOf(p.get('limit'), 50, MAX_LIMITS.search, 'limit'),
        exchanges: [...new Set(exchanges)] as SearchExchange[],
      };
    }
    case 'profile':
    case 'key-executives':
    case 'institutional-holder':
    case 'ratios-ttm': {
      only(2);
      parseQuery(query, PARAMS.none);
      const symbol = symbolOf(a!);
      if (head === 'profile') return { kind: 'profile', symbol };
      if (head === 'key-executives') return { kind: 'executives', symbol };
      if (head === 'institutional-holder') return { kind: 'holders', symbol };
      return { kind: 'ratiosTtm', symbol };
    }
    case 'key-metrics-ttm': {
      only(2);
      const p = parseQuery(query, PARAMS.ttm);
      intOf(p.get('limit'), 1, MAX_LIMITS.statement, 'limit');
      return { kind: 'keyMetricsTtm', symbol: symbolOf(a!) };
    }
    case 'quote': {
      only(2);
      parseQuery(query, PARAMS.none);
      return { kind: 'quote', symbols: symbolList(a!) };
    }
    case 'ratios':
    case 'key-metrics':
    case 'income-statement':
    case 'balance-sheet-statement':
    case 'cash-flow-statement': {
      only(2);
      const p = parseQuery(query, PARAMS.statement);
      const symbol = symbolOf(a!);
      const period = periodOf(p.get('period'));
      const limit = intOf(
        p.get('limit'),
        period === 'annual' ? 10 : 42,
        MAX_LIMITS.statement,
        'limit',
      );
      if (head === 'ratios') return { kind: 'ratios', symbol, period, limit };
      if (head === 'key-metrics') return { kind: 'keyMetrics', symbol, period, limit };
      return { kind: 'statement', statement: STATEMENTS[head]!, symbol, period, limit };
    }
    case 'stock_news': {
      only(1);
      const p = parseQuery(query, PARAMS.news);
      const tickers = p.get('tickers');
      if (!tickers) fail('tickers is required');
      return {
        kind: 'news',
        symbols: symbolList(tickers, 10),
        limit: intOf(p.get('limit'), 5, MAX_LIMITS.news, 'limit'),
      };
    }
    case 'historical-chart': {
      only(3);
      if (!(INTERVALS as readonly string[]).includes(a!))
        fail(`interval must be one of ${INTERVALS.join(', ')}`);
      const p = parseQuery(query, PARAMS.chart);
      return { kind: 'intraday', interval: a as Interval, symbol: symbolOf(b!), ...range(p) };
    }
    case 'historical-price-full': {
      if (a === 'stock_dividend') {
        only(3);
        parseQuery(query, PARAMS.none);
        return { kind: 'dividends', symbol: symbolOf(b!) };
      }
      only(2);
      const p = parseQuery(query, PARAMS.chart);
      return { kind: 'daily', symbol: symbolOf(a!), ...range(p) };
    }
    default:
      fail('Unknown market-data path');
  }
}

function decodeURIComponentSafe(text: string): string {
  return text.replace(/\+/g, ' ');
}

/*
 * The GET form of the proxy (`GET /api/market/read?kind=…`, decision 126): one read in the
 * query string, each field of the typed read a parameter. Its canonical query (every field,
 * defaults written out, names sorted, symbols upper case) is what the web app sends, so each
 * read has one address and one copy at the edge.
 */

export const READ_KINDS = [
  'search',
  'profile',
  'quote',
  'statement',
  'ratios',
  'keyMetrics',
  'ratiosTtm',
  'keyMetricsTtm',
  'executives',
  'holders',
  'news',
  'intraday',
  'daily',
  'dividends',
] as const satisfies readonly ProxyRead['kind'][];

const STATEMENT_KINDS: readonly StatementKind[] = ['income', 'balance', 'cashflow'];

const READ_PARAMS: Record<ProxyRead['kind'], readonly string[]> = {
  search: ['query', 'limit', 'exchange'],
  profile: ['symbol'],
  quote: ['symbols'],
  statement: ['statement', 'symbol', 'period', 'limit'],
  ratios: ['symbol', 'period', 'limit'],
  keyMetrics: ['symbol', 'period', 'limit'],
  ratiosTtm: ['symbol'],
  keyMetricsTtm: ['symbol'],
  executives: ['symbol'],
  holders: ['symbol'],
  news: ['symbols', 'limit'],
  intraday: ['interval', 'symbol', 'from', 'to'],
  daily: ['symbol', 'from', 'to'],
  dividends: ['symbol'],
};

/** Largest value of one GET parameter (a list of 50 symbols fits). */
const MAX_PARAM_LENGTH = 600;

/** One read from the GET form's parameters (as API Gateway decodes them), or ProxyPathError. */
export function readFromQuery(params: Readonly<Record<string, string | undefined>>): ProxyRead {
  const kind = params.kind;
  if (kind === undefined || kind === '') fail('Choose the kind of market data to read (kind)');
  if (!(READ_KINDS as readonly string[]).includes(kind))
    fail(`The kind must be one of ${READ_KINDS.join(', ')}`);
  const k = kind as ProxyRead['kind'];
  const allowed = READ_PARAMS[k];
  const p = new Map<string, string>();
  for (const [name, value] of Object.entries(params)) {
    if (name === 'kind' || value === undefined) continue;
    if (!allowed.includes(name)) fail(`Unknown parameter for ${k}: ${name.slice(0, 30)}`);
    if (value.length > MAX_PARAM_LENGTH) fail(`${name} is too long`);
    p.set(name, value);
  }
  const symbol = () => {
    const raw = p.get('symbol');
    if (!raw) fail('Enter a stock symbol');
    return symbolOf(raw);
  };
  const symbols = (max: number) => {
    const raw = p.get('symbols');
    if (!raw) fail('Enter one or more stock symbols');
    return symbolList(raw, max);
  };
  const statementPeriod = () => {
    const period = periodOf(p.get('period'));
    return {
      period,
      limit: intOf(p.get('limit'), period === 'annual' ? 10 : 42, MAX_LIMITS.statement, 'limit'),
    };
  };
  switch (k) {
    case 'search': {
      const text = (p.get('query') ?? '').trim().replace(/\s+/g, ' ').toUpperCase();
      if (!SEARCH_TEXT.test(text)) fail('Enter 1 to 40 letters or digits to search');
      const exchanges = (p.get('exchange') ?? SEARCH_EXCHANGES.join(',')).split(',');
      for (const e of exchanges)
        if (!(SEARCH_EXCHANGES as readonly string[]).includes(e))
          fail('exchange must be AMEX, NASDAQ or NYSE');
      return {
        kind: 'search',
        query: text,
        limit: intOf(p.get('limit'), 50, MAX_LIMITS.search, 'limit'),
        exchanges: [...new Set(exchanges)].sort() as SearchExchange[],
      };
    }
    case 'quote':
      return { kind: 'quote', symbols: symbols(MAX_LIMITS.symbols) };
    case 'news':
      return {
        kind: 'news',
        symbols: symbols(10),
        limit: intOf(p.get('limit'), 5, MAX_LIMITS.news, 'limit'),
      };
    case 'statement': {
      const statement = p.get('statement');
      if (!statement || !(STATEMENT_KINDS as readonly string[]).includes(statement))
        fail('The statement must be income, balance or cashflow');
      return {
        kind: 'statement',
        statement: statement as StatementKind,
        symbol: symbol(),
        ...statementPeriod(),
      };
    }
    case 'ratios':
    case 'keyMetrics':
      return { kind: k, symbol: symbol(), ...statementPeriod() };
    case 'intraday': {
      const interval = p.get('interval');
      if (!interval || !(INTERVALS as readonly string[]).includes(interval))
        fail(`interval must be one of ${INTERVALS.join(', ')}`);
      return { kind: 'intraday', interval: interval as Interval, symbol: symbol(), ...range(p) };
    }
    case 'daily':
      return { kind: 'daily', symbol: symbol(), ...range(p) };
    default:
      return { kind: k, symbol: symbol() };
  }
}

/** The canonical parameters of a read (kind and every field; lists joined with commas). */
export function readQuery(read: ProxyRead): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(read)) {
    if (value === undefined) continue;
    const key = name === 'exchanges' ? 'exchange' : name;
    out[key] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return out;
}

/** A read's canonical parameters, whatever form it came in (the proxy's path or the GET form). */
export function canonicalReadQuery(read: ProxyRead): Record<string, string> {
  return readQuery(readFromQuery({ kind: read.kind, ...readQuery(read) }));
}
