/**
 * The one module that builds DynamoDB keys for the single table. Handlers and data
 * modules call these builders; nothing else writes `USER#...` by hand.
 * The access patterns they serve are listed in docs/access-patterns.md.
 *
 * Attributes: pk, sk (table keys), gsi1pk, gsi1sk (the overloaded index `gsi1`),
 * `type` (entity type on every item), `ttl` (epoch seconds, DynamoDB TTL).
 */
export const GSI1 = 'gsi1';

export type EntityType =
  | 'UserProfile'
  | 'IdempotencyRecord'
  | 'Valuation'
  | 'TrackCounter'
  | 'WatchItem'
  | 'Screener'
  | 'ImportPreset'
  | 'Portfolio'
  | 'Holding'
  | 'Transaction'
  | 'Order'
  | 'CorporateAction'
  | 'Import'
  | 'PortfolioHistory'
  | 'PortfolioLedger'
  | 'PortfolioCheckpoint'
  | 'PortfolioChange'
  | 'MarketCache'
  | 'MarketBudget'
  | 'SymbolInterest'
  | 'ScreenerSnapshot'
  | 'RateLimit'
  | 'HealthProbe'
  | 'AlertRule'
  | 'AlertCounter'
  | 'AlertOff'
  | 'Share'
  | 'PublicRecord'
  | 'DisplayNameClaim';

export interface Key {
  pk: string;
  sk: string;
}

const USER = 'USER#';
/** Versions in change keys are zero-padded so that they sort in number order. */
const CHANGE_DIGITS = 12;

export const userPk = (userId: string): string => `${USER}${userId}`;

export const keys = {
  /** Every item a user owns shares this partition: query it to list or erase them all. */
  userPartition: (userId: string) => ({ pk: userPk(userId) }),
  userProfile: (userId: string): Key => ({ pk: userPk(userId), sk: 'PROFILE' }),

  valuation: (userId: string, valuationId: string): Key => ({
    pk: userPk(userId),
    sk: `VALUATION#${valuationId}`,
  }),
  valuationPrefix: 'VALUATION#',
  trackCounter: (userId: string): Key => ({ pk: userPk(userId), sk: 'COUNTER#TRACKED' }),

  watchItem: (userId: string, symbol: string): Key => ({
    pk: userPk(userId),
    sk: `WATCH#${symbol}`,
  }),
  watchPrefix: 'WATCH#',

  screener: (userId: string, screenerId: string): Key => ({
    pk: userPk(userId),
    sk: `SCREENER#${screenerId}`,
  }),
  screenerPrefix: 'SCREENER#',

  /** A saved import mapping, by its name folded to lower case (one preset per name). */
  importPreset: (userId: string, name: string): Key => ({
    pk: userPk(userId),
    sk: `IMPORT_PRESET#${name.trim().toLowerCase()}`,
  }),
  importPresetPrefix: 'IMPORT_PRESET#',

  portfolio: (userId: string, portfolioId: string): Key => ({
    pk: userPk(userId),
    sk: `PORTFOLIO#${portfolioId}`,
  }),
  portfolioPrefix: 'PORTFOLIO#',
  /** Holdings, transactions and orders sort under their portfolio so one query (or delete) covers them. */
  holding: (userId: string, portfolioId: string, symbol: string): Key => ({
    pk: userPk(userId),
    sk: `PORTFOLIO#${portfolioId}#HOLDING#${symbol}`,
  }),
  transaction: (userId: string, portfolioId: string, isoTime: string, txnId: string): Key => ({
    pk: userPk(userId),
    sk: `PORTFOLIO#${portfolioId}#TXN#${isoTime}#${txnId}`,
  }),
  order: (userId: string, portfolioId: string, orderId: string): Key => ({
    pk: userPk(userId),
    sk: `PORTFOLIO#${portfolioId}#ORDER#${orderId}`,
  }),
  /** A dividend credited or a split applied, once: `actionId` is DIV#<symbol>#<ex-date> or SPLIT#<symbol>#<date>. */
  corporateAction: (userId: string, portfolioId: string, actionId: string): Key => ({
    pk: userPk(userId),
    sk: `PORTFOLIO#${portfolioId}#ACTION#${actionId}`,
  }),
  /** A CSV import committed into a portfolio, by the hash of its accepted rows (a second commit of the same file finds it). */
  portfolioImport: (userId: string, portfolioId: string, hash: string): Key => ({
    pk: userPk(userId),
    sk: `PORTFOLIO#${portfolioId}#IMPORT#${hash}`,
  }),
  /** The portfolio's daily NAV points up to yesterday and the replay's state then (decision 130). */
  portfolioHistory: (userId: string, portfolioId: string): Key => ({
    pk: userPk(userId),
    sk: `PORTFOLIO#${portfolioId}#HISTORY`,
  }),
  /**
   * Part of a portfolio's trades and corporate actions as the engine keeps them (decision 175):
   * one block of a year, under the stamp of the read that wrote it (the history names the blocks
   * that are current).
   */
  portfolioLedger: (userId: string, portfolioId: string, block: string, stamp: string): Key => ({
    pk: userPk(userId),
    sk: `PORTFOLIO#${portfolioId}#LEDGER#${block}#${stamp}`,
  }),
  /** The replay's state at the end of a month (`YYYY-MM-DD`, its last day), under a stamp (decision 175). */
  portfolioCheckpoint: (userId: string, portfolioId: string, day: string, stamp: string): Key => ({
    pk: userPk(userId),
    sk: `PORTFOLIO#${portfolioId}#CKPT#${day}#${stamp}`,
  }),
  /**
   * What a write that moved the portfolio to `version` changed of its trades and corporate
   * actions (decision 175): written with the version, read in version order by the engine.
   */
  portfolioChange: (userId: string, portfolioId: string, version: number): Key => ({
    pk: userPk(userId),
    sk: `PORTFOLIO#${portfolioId}#CHANGE#${String(version).padStart(CHANGE_DIGITS, '0')}`,
  }),
  portfolioChangesPrefix: (portfolioId: string) => `PORTFOLIO#${portfolioId}#CHANGE#`,
  portfolioActionsPrefix: (portfolioId: string) => `PORTFOLIO#${portfolioId}#ACTION#`,
  portfolioHoldingsPrefix: (portfolioId: string) => `PORTFOLIO#${portfolioId}#HOLDING#`,
  portfolioOrdersPrefix: (portfolioId: string) => `PORTFOLIO#${portfolioId}#ORDER#`,
  portfolioImportsPrefix: (portfolioId: string) => `PORTFOLIO#${portfolioId}#IMPORT#`,
  portfolioChildrenPrefix: (portfolioId: string) => `PORTFOLIO#${portfolioId}#`,
  /** A portfolio's transactions, in time order (their sort keys go on with the ISO time). */
  portfolioTransactionsPrefix: (portfolioId: string) => `PORTFOLIO#${portfolioId}#TXN#`,

  /** The stored response of a write sent with an `Idempotency-Key` (24 h, by `ttl`). */
  idempotency: (userId: string, idempotencyKey: string): Key => ({
    pk: userPk(userId),
    sk: `IDEMPOTENCY#${idempotencyKey}`,
  }),
  /**
   * The same for a signed-out write (the contact form, a password reset): under the client's
   * address, so another client sending the same key runs its own request (decision 141).
   */
  guestIdempotency: (client: string, idempotencyKey: string): Key => ({
    pk: `IDEMPOTENCY#client#${client}`,
    sk: `IDEMPOTENCY#${idempotencyKey}`,
  }),

  /** One cached provider read (quote, profile, statement...), expiring by `ttl`. */
  marketCache: (kind: string, cacheKey: string): Key => ({
    pk: `CACHE#${kind}#${cacheKey}`,
    sk: 'CACHE',
  }),
  /** Short lease beside a cache item: the one function instance refreshing it holds it. */
  marketCacheLease: (kind: string, cacheKey: string): Key => ({
    pk: `CACHE#${kind}#${cacheKey}`,
    sk: 'LEASE',
  }),

  /**
   * The provider's shared call budget (functions/market/budget.ts): `MINUTE#<epoch minute>` and
   * `DAY#<YYYY-MM-DD>` counters and the `BREAKER`, expiring by `ttl`.
   */
  marketBudget: (source: string, sk: string): Key => ({ pk: `BUDGET#${source}`, sk }),

  /** Global index entries: symbols any user tracks, watches or holds (for the quote job). */
  symbolInterestGsi: (symbol: string) => ({ gsi1pk: 'SYMBOL_INTEREST', gsi1sk: symbol }),
  symbolInterestPk: 'SYMBOL_INTEREST',
  /** A user's reason to keep a symbol's quote warm (tracked pitch, watchlist, holding). */
  symbolInterest: (userId: string, symbol: string, reason: string): Key => ({
    pk: userPk(userId),
    sk: `INTEREST#${symbol}#${reason}`,
  }),
  symbolInterestPrefix: 'INTEREST#',
  /** One item per symbol counting the users' reasons; on gsi1 while the count is above 0. */
  symbolInterestCounter: (symbol: string): Key => ({ pk: `INTEREST#${symbol}`, sk: 'COUNT' }),
  /** Global index entries: open limit orders, for the job that fills them. */
  openOrderGsi: (symbol: string, orderId: string) => ({
    gsi1pk: 'OPEN_ORDER',
    gsi1sk: `${symbol}#${orderId}`,
  }),
  openOrderPk: 'OPEN_ORDER',

  /** The precomputed screener snapshot, split in parts under one partition (one query loads it). */
  screenerSnapshotPart: (part: number): Key => ({
    pk: 'SNAPSHOT#SCREENER',
    sk: `PART#${String(part).padStart(4, '0')}`,
  }),
  screenerSnapshotPk: 'SNAPSHOT#SCREENER',

  /**
   * Fixed-window rate-limit counter (e.g. contact form per sender), expiring by `ttl`. Kinds
   * starting `client-` count a client's requests: the only items a public function without
   * table access may write (infra/constructs/grants.ts, CLIENT_LIMIT_KEY_PREFIX).
   */
  rateLimit: (kind: string, subject: string, window: number): Key => ({
    pk: `RATE#${kind}#${subject}`,
    sk: `WINDOW#${window}`,
  }),
  /** A user's valuation alert rule; on gsi1 under `ALERT_RULE`, sorted by symbol (the quote job reads it). */
  alertRule: (userId: string, alertId: string): Key => ({
    pk: userPk(userId),
    sk: `ALERT#${alertId}`,
  }),
  alertPrefix: 'ALERT#',
  alertRuleGsi: (symbol: string, userId: string, alertId: string) => ({
    gsi1pk: 'ALERT_RULE',
    gsi1sk: `${symbol}#${userId}#${alertId}`,
  }),
  alertRulePk: 'ALERT_RULE',
  /**
   * An alert turned off from its email's link (decision 171): outside the user's partition, so
   * the signed-out unsubscribe route writes nothing of the user's. The user's list leaves the
   * rule out at once; the quote job removes it (and this item) on its next run, found on gsi1.
   */
  alertOff: (userId: string, alertId: string): Key => ({
    pk: `ALERT_OFF#${userId}`,
    sk: `ALERT#${alertId}`,
  }),
  alertOffPartition: (userId: string) => `ALERT_OFF#${userId}`,
  alertOffGsi: (userId: string, alertId: string) => ({
    gsi1pk: 'ALERT_OFF',
    gsi1sk: `${userId}#${alertId}`,
  }),
  alertOffPk: 'ALERT_OFF',
  /** How many alert rules a user holds (bounds them in the same transaction as a new rule). */
  alertCounter: (userId: string): Key => ({ pk: userPk(userId), sk: 'COUNTER#ALERTS' }),

  /**
   * A user's writes on one route in one minute (per-user write limit), expiring by `ttl`.
   * Outside the user's partition: a refused request leaves the user's items as they were.
   */
  writeRate: (userId: string, routeId: string, minute: number): Key => ({
    pk: `RATE#write-${routeId}#${userId}`,
    sk: `WINDOW#${minute}`,
  }),

  healthProbe: (): Key => ({ pk: 'HEALTH', sk: 'PROBE' }),

  /**
   * A shared pitch (docs/decisions/128): in the user's partition, so deleting the pitch (same
   * transaction) or the account takes it away; found by its public slug on gsi1.
   */
  share: (userId: string, valuationId: string): Key => ({
    pk: userPk(userId),
    sk: `SHARE#${valuationId}`,
  }),
  sharePrefix: 'SHARE#',
  shareGsi: (slug: string) => ({ gsi1pk: `SHARE#${slug}`, gsi1sk: 'SHARE' }),
  /** A user's public record setting (display name and slug); found by its slug on gsi1. */
  publicRecord: (userId: string): Key => ({ pk: userPk(userId), sk: 'PUBLIC_RECORD' }),
  publicRecordGsi: (slug: string) => ({ gsi1pk: `RECORD#${slug}`, gsi1sk: 'RECORD' }),
  /**
   * Which user holds a public display name, by the name's confusables skeleton (decision 142):
   * outside any partition, so a conditional put makes the name unique across users.
   */
  displayNameClaim: (skeleton: string): Key => ({ pk: `DISPLAY_NAME#${skeleton}`, sk: 'CLAIM' }),

  /**
   * Which of a user's tokens are no longer honoured (functions/lib/revocation.ts): outside the
   * user's partition, so it outlives the account's deletion until its `ttl`.
   */
  revocation: (userId: string): Key => ({ pk: `REVOKED#${userId}`, sk: 'STATE' }),
} as const;
