import * as z from 'zod/mini';
import '../shared/schemas/zod-messages';
import { ROUTES } from '../shared/routes';

/**
 * Deployment configuration, read once from CDK context (`cdk.json`, or `-c key=value` on the
 * command line) and validated here so a typo fails the synth with a message naming the key.
 */
const positiveInt = z.coerce.number().check(z.int(), z.positive());

/** CloudWatch Logs accepts only these retention periods (days). */
const LOG_RETENTION_DAYS = [
  1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288,
  3653,
] as const;

const retentionDays = z.coerce.number().check(
  z.refine((d) => (LOG_RETENTION_DAYS as readonly number[]).includes(d), {
    message: `must be one of ${LOG_RETENTION_DAYS.join(', ')}`,
  }),
);

/** Route keys of the route table (`POST /api/login`), as API Gateway names routes. */
const ROUTE_KEYS = new Set(ROUTES.map((r) => `${r.method} ${r.path}`));

const routeThrottle = z.strictObject({
  /** Steady-state requests per second on the route (all callers together). */
  rateLimit: positiveInt,
  /** Burst capacity of the route. */
  burstLimit: positiveInt,
});
export type RouteThrottle = z.infer<typeof routeThrottle>;

/**
 * Caps of the public routes that could be abused, for all callers together: they protect what
 * is behind them (Cognito's own request quotas, SES, the provider's quota) and sit well above a
 * busy minute of real use. Fairness between clients is not theirs: AWS WAF and the functions
 * limit each client (decision 122), so one client cannot push these to 429 for everyone.
 */
export const DEFAULT_ROUTE_THROTTLES: Readonly<Record<string, RouteThrottle>> = {
  'POST /api/register': { rateLimit: 20, burstLimit: 40 },
  'POST /api/login': { rateLimit: 100, burstLimit: 200 },
  'POST /api/forgot-password': { rateLimit: 10, burstLimit: 20 },
  'POST /api/password/reset': { rateLimit: 20, burstLimit: 40 },
  'GET /api/verify_account/{code}': { rateLimit: 20, burstLimit: 40 },
  'POST /api/contact': { rateLimit: 5, burstLimit: 10 },
  'POST /api/common_api': { rateLimit: 150, burstLimit: 300 },
  /** The proxy's GET form: only CloudFront's cache misses reach it (decision 126). */
  'GET /api/market/read': { rateLimit: 150, burstLimit: 300 },
};

const shape = {
  /** Custom domain of the site (e.g. `app.example.com`); absent: the CloudFront domain is used. */
  siteDomain: z.optional(
    z
      .string()
      .check(
        z.regex(
          /^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)+$/i,
          'must be a bare host name such as app.example.com',
        ),
      ),
  ),
  /** ACM certificate (us-east-1) for `siteDomain`; with both set, CloudFront answers on that domain. */
  certificateArn: z.optional(
    z
      .string()
      .check(
        z.regex(
          /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/,
          'must be an ACM certificate ARN in us-east-1',
        ),
      ),
  ),
  /** Sender of account and notification emails; must be a verified SES identity (address or its domain). */
  mailFrom: z.email('must be an email address verified in SES'),
  /** Address shown to users for help; also receives contact-form mail. */
  supportEmail: z.email('must be an email address'),
  /** Region of the SES identity; absent: the stack's own region. */
  sesRegion: z.optional(
    z.string().check(z.regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region such as us-east-1')),
  ),
  /**
   * Domain of the SES identity when the domain, not the `mailFrom` address itself, is verified:
   * the user pool then sends from that identity (its SourceArn names the domain).
   */
  sesVerifiedDomain: z.optional(
    z
      .string()
      .check(
        z.regex(/^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)+$/i, 'must be a bare domain such as example.org'),
      ),
  ),
  /** `fmp` (Financial Modeling Prep, production) or `demo` (the embedded generated data set, only when asked for). */
  marketDataProvider: z._default(z.enum(['demo', 'fmp']), 'fmp'),
  /** The provider plan the key is on: its limits (shared/market/plans.ts) bound every function's calls. */
  marketDataPlan: z._default(z.enum(['free', 'starter', 'premium']), 'free'),
  /**
   * The functions use this existing table instead of the stateful stack's own: the way to
   * switch to a table restored from point-in-time recovery (docs/runbook.md).
   */
  tableName: z.optional(
    z.string().check(z.regex(/^[A-Za-z0-9_.-]{3,255}$/, 'must be a DynamoDB table name')),
  ),
  /**
   * The user pool's feature plan. `lite` (default): everything the product uses (email and
   * password sign-in, sign-up with verification, password recovery, the CustomMessage trigger,
   * token revocation) at the lowest price per active user; `essentials` or `plus` only for their
   * extras (managed login, passkeys, email MFA, threat protection). Decision 139.
   */
  userPoolFeaturePlan: z._default(z.enum(['lite', 'essentials', 'plus']), 'lite'),
  /** Where alarm notifications and the budget alert go (an SNS email subscription to confirm). */
  alarmEmail: z.optional(z.email('must be an email address')),
  /** Monthly AWS cost (USD) above which the budget alarm notifies (at 80% actual and 100% forecast). */
  monthlyBudgetUsd: z._default(z.coerce.number().check(z.positive()), 50),
  /**
   * AWS WAF in front of CloudFront (a stack in us-east-1): per-viewer rate rules and managed
   * protections (decision 122). About $10 a month plus $0.60 a million requests; turn it off
   * only for a deployment nobody else uses.
   */
  edgeFirewall: z._default(
    z.pipe(
      z.transform((v) => (v === 'false' ? false : v === 'true' ? true : v)),
      z.boolean('must be true or false'),
    ),
    true,
  ),
  /**
   * Raise by one after putting a new value in one of the two origin secrets: every function
   * then changes, and CloudFormation reads both secrets again (docs/runbook.md, "Rotating the
   * origin secret").
   */
  originVerifyRevision: z._default(positiveInt, 1),
  /**
   * Which of the two origin secrets CloudFront sends (1: OriginVerify, 2: OriginVerifyB); the
   * functions accept both, so switching it after they know the new value drops no request.
   */
  originVerifySent: z._default(
    z.pipe(
      z.transform((v) => (v === '1' ? 1 : v === '2' ? 2 : v)),
      z.union([z.literal(1), z.literal(2)], { error: 'must be 1 or 2' }),
    ),
    1,
  ),
  /**
   * Custom domain of the API (e.g. `api.example.com`) with a regional ACM certificate in the
   * stack's region (`apiCertificateArn`): CloudFront reaches the API there and the default
   * execute-api endpoint is turned off, so no caller can go around CloudFront and AWS WAF.
   * Needs a DNS record pointing it at the `ApiDomainTarget` output (decision 137).
   */
  apiDomain: z.optional(
    z
      .string()
      .check(
        z.regex(
          /^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)+$/i,
          'must be a bare host name such as api.example.com',
        ),
      ),
  ),
  /** ACM certificate of `apiDomain`, in the stack's own region (a regional API endpoint). */
  apiCertificateArn: z.optional(
    z
      .string()
      .check(
        z.regex(
          /^arn:aws[a-z-]*:acm:[a-z]{2}(-[a-z]+)+-\d:\d{12}:certificate\/[\w-]+$/,
          'must be an ACM certificate ARN',
        ),
      ),
  ),
  /** Page-view collector the site posts to (https); absent: the site sends no analytics. */
  analyticsEndpoint: z.optional(z.url({ protocol: /^https$/, message: 'must be an https URL' })),
  /**
   * Days the API's logs are kept (route functions, API access logs, the sign-up and sign-in
   * trigger): who did what, when. Retained when a stack is deleted.
   */
  apiLogRetentionDays: z._default(retentionDays, 365),
  /** Days the scheduled jobs' logs are kept (deleted with the stack). */
  jobLogRetentionDays: z._default(retentionDays, 90),
  /**
   * Reserved concurrency: each job may run at most 2 at once, each public route at most its
   * family's cap (infra/constructs/api.ts, PUBLIC_CONCURRENCY), so one busy route cannot take
   * every instance from the others. `auto` (the default): reserved when the account's Lambda
   * concurrency limit leaves 100 unreserved beside them (`npm run deploy` reads the limit and
   * passes it as lambdaConcurrencyLimit), else none: a new account's limit of 10 deploys without
   * them (decision 136). `true`: always (preflight refuses an account too small); `false`: never.
   */
  reservedConcurrency: z._default(
    z.pipe(
      z.transform((v) => (v === 'false' ? false : v === 'true' ? true : v)),
      z.union([z.boolean(), z.literal('auto')], {
        error: 'must be true, false or auto',
      }),
    ),
    'auto',
  ),
  /**
   * The account's Lambda concurrency limit in the region (`npm run deploy` sets it from
   * preflight); with reservedConcurrency `auto`, what decides whether to reserve.
   */
  lambdaConcurrencyLimit: z.optional(positiveInt),
  /**
   * Deletion protection of the table and the user pool (default true, from their creation: a
   * failed first create's rollback turns it off through their releases, decision 170). Turn it
   * off only for a deployment whose data nobody needs.
   */
  deletionProtection: z._default(
    z.pipe(
      z.transform((v) => (v === 'false' ? false : v === 'true' ? true : v)),
      z.boolean('must be true or false'),
    ),
    true,
  ),
  /** Steady-state requests per second of each route (the stage's default route settings). */
  apiThrottleRateLimit: z._default(positiveInt, 200),
  /** Burst capacity of each route (the stage's default route settings). */
  apiThrottleBurstLimit: z._default(positiveInt, 400),
  /**
   * Per-route limits that replace the stage's for the routes listed, keyed by route key
   * (`POST /api/login`). Merged over DEFAULT_ROUTE_THROTTLES: a key given here wins.
   * Accepts a JSON string on the command line.
   */
  apiRouteThrottles: z._default(
    z.pipe(
      z
        .pipe(
          z.transform((v) => {
            if (typeof v !== 'string') return v;
            try {
              return JSON.parse(v) as unknown;
            } catch {
              return v;
            }
          }),
          z.record(z.string(), routeThrottle, {
            error:
              'must be an object such as {"POST /api/login": {"rateLimit": 10, "burstLimit": 20}}',
          }),
        )
        .check(
          z.refine((t) => Object.keys(t).every((k) => ROUTE_KEYS.has(k)), {
            error: (issue) =>
              `unknown route key ${Object.keys(issue.input as object)
                .filter((k) => !ROUTE_KEYS.has(k))
                .map((k) => `"${k}"`)
                .join(', ')}: keys are "METHOD /api/path" as in the route table`,
          }),
        ),
      z.transform((t) => ({ ...DEFAULT_ROUTE_THROTTLES, ...t })),
    ),
    DEFAULT_ROUTE_THROTTLES,
  ),
  /** Extra browser origins allowed by the API's CORS rules (the site itself is same-origin). */
  corsAllowOrigins: z._default(
    z.pipe(
      z.union([
        z.array(z.url()),
        z.pipe(
          z.string(),
          z.transform((s) =>
            s
              .split(',')
              .map((o) => o.trim())
              .filter(Boolean),
          ),
        ),
      ]),
      z.array(z.url('must be an origin such as https://app.example.com')),
    ),
    [],
  ),
};

export const infraConfigSchema = z.object(shape).check(
  z.refine((c) => !c.certificateArn || c.siteDomain, {
    message: 'certificateArn is set but siteDomain is not: set both or neither',
    path: ['certificateArn'],
  }),
  z.refine((c) => Boolean(c.apiDomain) === Boolean(c.apiCertificateArn), {
    message: 'apiDomain and apiCertificateArn go together: set both or neither',
    path: ['apiCertificateArn'],
  }),
  z.refine(
    (c) =>
      !c.sesVerifiedDomain ||
      c.mailFrom.toLowerCase().endsWith(`@${c.sesVerifiedDomain.toLowerCase()}`),
    { message: 'must be the domain of mailFrom', path: ['sesVerifiedDomain'] },
  ),
);

export type InfraConfig = z.infer<typeof infraConfigSchema>;

export const CONFIG_KEYS = Object.keys(shape) as (keyof InfraConfig)[];

/** Validates the raw context values; throws one error listing every problem. */
export function parseInfraConfig(raw: Record<string, unknown>): InfraConfig {
  const parsed = infraConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (i) => `  - ${i.path.join('.') || '(root)'}: ${i.message}`,
    );
    throw new Error(
      `Invalid CDK context (cdk.json "context" or -c key=value):\n${problems.join('\n')}`,
    );
  }
  return parsed.data;
}

/** Reads the known keys from a construct's context (`node.tryGetContext`). */
export function readInfraConfig(
  tryGetContext: (key: string) => unknown,
  env: { account?: string | undefined; region?: string | undefined } = {},
): InfraConfig {
  const raw: Record<string, unknown> = {};
  for (const key of CONFIG_KEYS) {
    const value = tryGetContext(key);
    if (value !== undefined && value !== null && value !== '') raw[key] = value;
  }
  // The CLI names the account and region it deploys to (CDK_DEFAULT_ACCOUNT/REGION): the limit
  // npm run deploy last read there stands in when none is passed.
  if (raw.lambdaConcurrencyLimit === undefined && env.account && env.region) {
    const kept = tryGetContext(concurrencyLimitKey(env.account, env.region));
    if (kept !== undefined && kept !== null) raw.lambdaConcurrencyLimit = kept;
  }
  return parseInfraConfig(raw);
}

/**
 * The context key under which `npm run deploy` keeps the Lambda concurrency limit it read for an
 * account and region (in cdk.context.json, as CDK keeps its own lookups): a later plain
 * `cdk deploy` to the same place reserves as the last `npm run deploy` did (decision 170).
 */
export const concurrencyLimitKey = (account: string, region: string): string =>
  `lambdaConcurrencyLimit:${account}:${region}`;

/** The region of an ACM certificate ARN. */
export function certificateRegion(arn: string): string | undefined {
  return /^arn:aws[a-z-]*:acm:([a-z0-9-]+):/.exec(arn)?.[1];
}

export function siteUrlFrom(config: InfraConfig): string | undefined {
  return config.siteDomain ? `https://${config.siteDomain}` : undefined;
}
