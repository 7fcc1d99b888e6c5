import * as z from 'zod/mini';
import '../../shared/schemas/zod-messages';

/**
 * Configuration, read once from the environment and validated. CDK sets these on every
 * function; the local stack sets the same names. A value a function needs but lacks
 * fails at the first use with a message naming the variable.
 */
/** An instant with its zone, e.g. 2026-03-10T15:00:00Z (MARKET_CLOCK). */
export const instantSchema = z.iso.datetime({
  offset: true,
  message: 'must be an instant such as 2026-03-10T15:00:00Z',
});

const schema = z.object({
  TABLE_NAME: z.optional(z.string().check(z.minLength(1))),
  USER_POOL_ID: z.optional(z.string().check(z.minLength(1))),
  USER_POOL_CLIENT_ID: z.optional(z.string().check(z.minLength(1))),
  PROFILE_BUCKET: z.optional(z.string().check(z.minLength(1))),
  SITE_URL: z.optional(z.url()),
  /** AWS: the SSM parameter that holds the site address, for functions deployed before the site (the Cognito trigger). */
  SITE_URL_PARAMETER: z.optional(
    z
      .string()
      .check(z.regex(/^\/[\w./-]+$/, 'must be an SSM parameter name such as /Stack/site-url')),
  ),
  MAIL_FROM: z.optional(z.email()),
  SUPPORT_EMAIL: z.optional(z.email()),
  /** Region of the SES identity when it differs from the function's region. */
  SES_REGION: z.optional(z.string().check(z.minLength(1))),
  /** Alert unsubscribe tokens: locally the HMAC key itself; in AWS the Secrets Manager secret holding it. */
  ALERT_TOKEN_SECRET: z.optional(
    z.string().check(z.minLength(16, 'must be at least 16 characters')),
  ),
  ALERT_TOKEN_SECRET_ARN: z.optional(z.string().check(z.minLength(1))),
  /** AWS: the SES configuration set of alert emails (bounce and complaint suppression). */
  ALERT_CONFIGURATION_SET: z.optional(z.string().check(z.minLength(1))),
  /** `demo` (embedded data set, the default) or `fmp` (Financial Modeling Prep stable API). */
  MARKET_DATA_PROVIDER: z._default(z.enum(['demo', 'fmp']), 'demo'),
  /** Local: the key itself. AWS: the Secrets Manager secret that holds it. */
  FMP_API_KEY: z.optional(z.string().check(z.minLength(1))),
  FMP_API_KEY_SECRET_ARN: z.optional(z.string().check(z.minLength(1))),
  FMP_BASE_URL: z._default(z.url(), 'https://financialmodelingprep.com/stable'),
  FMP_PLAN: z._default(z.enum(['free', 'starter', 'premium']), 'free'),
  /**
   * Pins the product's clock at an instant (ISO 8601 with a zone, e.g. 2026-03-10T15:00:00Z):
   * the demo market holds still at that moment and the product's dates start there (clock.ts).
   * Local stacks and tests only; CDK never sets it.
   */
  MARKET_CLOCK: z.optional(instantSchema),
  TRACKING_LIMIT: z._default(z.coerce.number().check(z.int(), z.positive()), 50),
  /** Replaces every route's `writeLimitPerMinute` (per user and route) when set, e.g. low in tests. */
  WRITE_LIMIT_PER_MINUTE: z.optional(z.coerce.number().check(z.int(), z.positive())),
  /**
   * Replaces every per-client limit when set, e.g. high in tests: each route's `clientLimitPerMinute`
   * and a client's share of the provider's calls a minute (its share a day is then not limited).
   */
  CLIENT_LIMIT_PER_MINUTE: z.optional(z.coerce.number().check(z.int(), z.positive())),
  /**
   * The secret CloudFront sends in x-origin-verify (functions/lib/client.ts): when set, a request
   * without it is refused and the viewer address CloudFront forwards is trusted. Unset locally.
   */
  ORIGIN_VERIFY_SECRET: z.optional(
    z.string().check(z.minLength(32, 'must be at least 32 characters')),
  ),
  /**
   * The second origin secret, accepted as well as the first: CloudFront sends one of the two,
   * so a new value is rotated in over two deployments without refusing a request (decision 137).
   */
  ORIGIN_VERIFY_SECRET_2: z.optional(
    z.string().check(z.minLength(32, 'must be at least 32 characters')),
  ),
});

export type Config = z.infer<typeof schema>;

let cached: Config | undefined;

export function config(): Config {
  if (!cached) {
    const parsed = schema.safeParse(process.env);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
      throw new Error(`Invalid configuration: ${problems.join('; ')}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** A configuration value this function cannot work without. */
export function required<K extends keyof Config>(key: K): NonNullable<Config[K]> {
  const value = config()[key];
  if (value === undefined || value === null || value === '') {
    throw new Error(`Missing configuration: set the ${String(key)} environment variable`);
  }
  return value as NonNullable<Config[K]>;
}

/** For tests that change the environment between cases. */
export function resetConfigForTests(): void {
  cached = undefined;
}
