import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CfnResource, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../shared/routes';
import { buildApp, type BuiltApp } from './app';
import { JOBS } from './jobs';
import type { HouseFunction } from './constructs/house-function';
import { REPO_ROOT } from './constructs/house-function';
import { BUNDLE_ALIASES } from './constructs/lambda-bundling';
import { publicWritePrefixes } from './constructs/grants';
import { supportsIdempotency } from '../functions/lib/idempotency';

/**
 * Every AWS call a function's bundle makes is granted by its role. The calls are read from the
 * code that esbuild puts in the function's bundle (as CDK bundles it): each `new XCommand(`
 * of an AWS SDK client in a module of ours, by the package it is imported from. The grants are
 * read from the synthesized templates. A call without a grant would fail in AWS with
 * AccessDenied, which no local emulator checks.
 */

const CDK_JSON = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
  context: Record<string, unknown>;
};

/** IAM prefix of each AWS SDK package the functions use. */
const SERVICE_OF: Record<string, string> = {
  '@aws-sdk/client-dynamodb': 'dynamodb',
  '@aws-sdk/lib-dynamodb': 'dynamodb',
  '@aws-sdk/client-cognito-identity-provider': 'cognito-idp',
  '@aws-sdk/client-sesv2': 'ses',
  '@aws-sdk/client-s3': 's3',
  '@aws-sdk/client-secrets-manager': 'secretsmanager',
  '@aws-sdk/client-ssm': 'ssm',
};

/** The document client's commands and the DynamoDB operations they send. */
const DOCUMENT_OPERATIONS: Record<string, string> = {
  Get: 'GetItem',
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  Query: 'Query',
  Scan: 'Scan',
  BatchGet: 'BatchGetItem',
  BatchWrite: 'BatchWriteItem',
  TransactGet: 'TransactGetItems',
  TransactWrite: 'TransactWriteItems',
};

/**
 * Cognito operations authorized by the user's own token or none (sign-up, sign-in, password
 * flows): IAM does not evaluate them, so no grant is needed.
 */
const COGNITO_PUBLIC = new Set([
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'InitiateAuth',
  'RespondToAuthChallenge',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'ChangePassword',
  'GetUser',
  'GlobalSignOut',
  'RevokeToken',
  'GetTokensFromRefreshToken',
]);

/** IAM actions that authorize an operation, where they are not the operation's own name. */
const ACTIONS_OF: Record<string, string[]> = {
  // A transaction is authorized item by item by the actions it contains.
  'dynamodb:TransactWriteItems': [
    'dynamodb:ConditionCheckItem',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
  ],
  'dynamodb:TransactGetItems': ['dynamodb:GetItem'],
  's3:ListObjectsV2': ['s3:ListBucket'],
  's3:HeadObject': ['s3:GetObject'],
};

/**
 * Modules whose calls depend on the function's settings, checked at run time: the route
 * wrapper's idempotent writes and per-user write limit run only for routes that use the table
 * (functions/lib/http.ts checks `needs`); the site address is read from SSM only by a function
 * deployed without SITE_URL (functions/cognito/site-url.ts); a photo's address is a presigned
 * GET only when S3 is the local emulator (functions/account/images.ts, `isLocalS3`), CloudFront's
 * `/images/profile/*` in AWS. Keyed by module, or by module and action.
 */
const CONDITIONAL_MODULES: Record<
  string,
  (f: {
    needs: readonly string[];
    env: Record<string, unknown>;
    clientLimit: boolean;
    auth: boolean;
  }) => boolean
> = {
  'functions/lib/idempotency.ts': (f) => f.needs.includes('tableWrite'),
  'functions/lib/rate-limit.ts': (f) => f.needs.includes('tableWrite') || f.clientLimit,
  // The revocation check runs for login-required routes only (decision 123).
  'functions/lib/revocation.ts dynamodb:GetItem': (f) => f.auth,
  'functions/cognito/site-url.ts': (f) => !('SITE_URL' in f.env),
  'functions/account/images.ts s3:GetObject': () => false,
};

/**
 * The AWS actions an (unminified) bundle sends, by the module of ours that sends them: every
 * `new X(` in a module under functions/ or shared/ whose X is an AWS SDK command class of the
 * bundle (its `var X = class extends` in the SDK's `commands/` module).
 */
export function actionsOf(bundle: string): { module: string; action: string }[] {
  const sections = bundle.split(/^\/\/ (?=\S+\.[cm]?[jt]s$)/m).map((part) => {
    const newline = part.indexOf('\n');
    return { module: part.slice(0, newline).trim(), code: part.slice(newline + 1) };
  });
  const commands = new Map<string, string>();
  for (const { module, code } of sections) {
    const m = /node_modules\/(@aws-sdk\/[a-z0-9-]+)\/dist-es\/commands\/(\w+)Command\.js$/.exec(
      module,
    );
    if (!m) continue;
    const service = SERVICE_OF[m[1]!];
    if (!service) continue;
    const operation =
      m[1] === '@aws-sdk/lib-dynamodb' ? (DOCUMENT_OPERATIONS[m[2]!] ?? m[2]!) : m[2]!;
    for (const v of code.matchAll(/var (\w+) = class extends/g))
      commands.set(v[1]!, `${service}:${operation}`);
  }
  const out: { module: string; action: string }[] = [];
  for (const { module, code } of sections) {
    if (!/^(functions|shared)\//.test(module)) continue;
    for (const n of code.matchAll(/new (\w+)\(/g)) {
      const action = commands.get(n[1]!);
      if (!action) continue;
      if (action.startsWith('cognito-idp:') && COGNITO_PUBLIC.has(action.split(':')[1]!)) continue;
      out.push({ module, action });
    }
  }
  return out;
}

/** Whether an IAM action pattern (with `*`) allows an action. */
function allows(pattern: string, action: string): boolean {
  const re = new RegExp(
    `^${pattern
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
    'i',
  );
  return re.test(action);
}

let outdir: string;
let built: BuiltApp;
let functions: {
  name: string;
  fn: HouseFunction;
  needs: readonly string[];
  /** The route declares a per-client limit (its counters are the one write it may make). */
  clientLimit: boolean;
  /** A login-required route (the wrapper reads the user's revocation). */
  auth: boolean;
}[];
const called = new Map<string, { module: string; action: string }[]>();

beforeAll(async () => {
  outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'mr-market-grants-'));
  built = buildApp({
    context: { ...CDK_JSON.context, 'aws:cdk:bundling-stacks': [] },
    outdir,
    builtinCloudFormationValidation: false,
  });
  functions = [
    ...[...built.stateless.api.functions].map(([id, fn]) => ({
      name: `route ${id}`,
      fn,
      needs: ROUTES.find((r) => r.id === id)!.needs,
      clientLimit: ROUTES.find((r) => r.id === id)!.clientLimitPerMinute !== undefined,
      auth: ROUTES.find((r) => r.id === id)!.auth,
    })),
    ...[...built.stateless.jobs.functions].map(([id, fn]) => ({
      name: `job ${id}`,
      fn,
      needs: JOBS.find((j) => j.id === id)!.needs,
      clientLimit: false,
      auth: false,
    })),
    {
      name: 'Cognito trigger',
      fn: built.stateful.auth.customMessage,
      needs: [],
      // It counts the emails each inbox is sent, in RATE#client-mail-sent items (decision 123).
      clientLimit: true,
      auth: false,
    },
  ];
  const handlers = [...new Set(functions.map((f) => f.fn.handlerModule))];
  const result = await build({
    entryPoints: Object.fromEntries(
      handlers.map((h) => [h, path.join(REPO_ROOT, 'functions', `${h}.ts`)]),
    ),
    outdir: path.join(outdir, 'bundles'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    mainFields: ['module', 'main'],
    alias: BUNDLE_ALIASES,
    absWorkingDir: REPO_ROOT,
    write: false,
    logLevel: 'error',
  });
  for (const file of result.outputFiles) {
    const handler = path.relative(path.join(outdir, 'bundles'), file.path).replace(/\.js$/, '');
    called.set(handler, actionsOf(file.text));
  }
  // Every template once, here, rather than in the first test that reads one.
  for (const { fn } of functions) templateOf(Stack.of(fn));
}, 180_000);

afterAll(() => {
  if (outdir) fs.rmSync(outdir, { recursive: true, force: true });
});

/** The actions a function's role is granted, from every policy attached to it in its template. */
function grantedTo(fn: HouseFunction): string[] {
  return statementsOf(fn).flatMap((st) => [st.Action].flat());
}

/** The environment variables a function is deployed with. */
function environmentOf(fn: HouseFunction): Record<string, unknown> {
  const stack = Stack.of(fn);
  const id = stack.resolve((fn.fn.node.defaultChild as CfnResource).logicalId) as string;
  const template = templateOf(stack) as {
    Resources: Record<string, { Properties?: Record<string, any> }>;
  };
  return (template.Resources[id]?.Properties?.Environment?.Variables ?? {}) as Record<
    string,
    unknown
  >;
}

describe('role grants cover the calls each bundle makes', () => {
  it('finds the calls of the functions (the scan sees the SDK calls it should)', () => {
    const actions = (handler: string) => [...new Set(called.get(handler)!.map((c) => c.action))];
    expect(actions('api/deleteAccount')).toEqual(
      expect.arrayContaining(['cognito-idp:AdminDeleteUser', 'dynamodb:Query', 's3:DeleteObject']),
    );
    expect(actions('api/health')).toEqual(expect.arrayContaining(['dynamodb:PutItem']));
    expect(actions('cognito/customMessage').sort()).toEqual([
      'dynamodb:UpdateItem',
      'ssm:GetParameter',
    ]);
  });

  it('grants every function every AWS action its bundle sends', () => {
    const missing: string[] = [];
    for (const { name, fn, needs, clientLimit, auth } of functions) {
      const granted = grantedTo(fn);
      const env = environmentOf(fn);
      for (const { module, action } of called.get(fn.handlerModule) ?? []) {
        const applies = CONDITIONAL_MODULES[`${module} ${action}`] ?? CONDITIONAL_MODULES[module];
        if (applies && !applies({ needs, env, clientLimit, auth })) continue;
        for (const needed of ACTIONS_OF[action] ?? [action]) {
          if (!granted.some((pattern) => allows(pattern, needed)))
            missing.push(
              `${name} (${fn.handlerModule}): ${module} sends ${action} without ${needed}`,
            );
        }
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });

  it('reads actions and wildcards as IAM does', () => {
    expect(allows('dynamodb:GetItem', 'dynamodb:GetItem')).toBe(true);
    expect(allows('s3:GetObject*', 's3:GetObject')).toBe(true);
    expect(allows('s3:GetObject*', 's3:PutObject')).toBe(false);
    expect(allows('dynamodb:*', 'dynamodb:Scan')).toBe(true);
    const bundle = [
      '// node_modules/@aws-sdk/lib-dynamodb/dist-es/commands/GetCommand.js',
      'var GetCommand2 = class extends DynamoDBDocumentClientCommand {};',
      '// functions/lib/example.ts',
      'await db.send(new GetCommand2({}));',
    ].join('\n');
    expect(actionsOf(bundle)).toEqual([
      { module: 'functions/lib/example.ts', action: 'dynamodb:GetItem' },
    ]);
  });
});

/**
 * What each need may grant, written here from the route table's documentation of the needs
 * (shared/routes/types.ts), not from the code that grants them: a role with anything else is
 * broader than its route declares.
 */
const ALLOWED_BY_NEED: Record<string, readonly string[]> = {
  tableRead: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:ConditionCheckItem',
    'dynamodb:DescribeTable',
  ],
  tableWrite: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:ConditionCheckItem',
    'dynamodb:DescribeTable',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
  ],
  tableBatchWrite: ['dynamodb:BatchWriteItem'],
  marketData: ['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret'],
  alertToken: ['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret'],
  mail: ['ses:SendEmail', 'ses:SendRawEmail'],
  alertMail: ['ses:SendEmail'],
  profileImages: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject', 's3:ListBucket'],
  userPool: [],
  'userPool:AdminGetUser': ['cognito-idp:AdminGetUser'],
  'userPool:AdminUpdateUserAttributes': ['cognito-idp:AdminUpdateUserAttributes'],
  'userPool:AdminDeleteUser': ['cognito-idp:AdminDeleteUser'],
  'userPool:AdminUserGlobalSignOut': ['cognito-idp:AdminUserGlobalSignOut'],
};
/** What every function has: its own log group and tracing. */
const EVERY_FUNCTION = [
  'logs:CreateLogStream',
  'logs:PutLogEvents',
  'xray:PutTelemetryRecords',
  'xray:PutTraceSegments',
];

interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}

/** Each stack's template, synthesized once. */
const templateCache = new Map<Stack, Record<string, any>>();
function templateOf(stack: Stack): Record<string, any> {
  let template = templateCache.get(stack);
  if (!template) {
    template = Template.fromStack(stack).toJSON() as Record<string, any>;
    templateCache.set(stack, template);
  }
  return template;
}

function statementsOf(fn: HouseFunction): Statement[] {
  const stack = Stack.of(fn);
  const roleId = stack.resolve((fn.role.node.defaultChild as CfnResource).logicalId) as string;
  const template = templateOf(stack) as {
    Resources: Record<string, { Type: string; Properties?: Record<string, any> }>;
  };
  return Object.values(template.Resources)
    .filter(
      (r) =>
        r.Type === 'AWS::IAM::Policy' &&
        (r.Properties!.Roles as { Ref?: string }[]).some((role) => role.Ref === roleId),
    )
    .flatMap((r) => r.Properties!.PolicyDocument.Statement as Statement[])
    .filter((st) => st.Effect === 'Allow');
}

/** The needs a bundle's calls show: table access by kind, and each admin call on the pool. */
function needsShownBy(calls: { module: string; action: string }[]): Set<string> {
  const shown = new Set<string>();
  for (const { module, action } of calls) {
    // The route wrapper's own writes come with tableWrite or a client limit, checked above.
    if (
      module === 'functions/lib/idempotency.ts' ||
      module === 'functions/lib/rate-limit.ts' ||
      (module === 'functions/lib/revocation.ts' && action === 'dynamodb:GetItem')
    )
      continue;
    const [service, operation] = action.split(':') as [string, string];
    if (service === 'dynamodb') {
      if (operation === 'BatchWriteItem') shown.add('tableBatchWrite');
      else if (/^(Put|Update|Delete)Item$|^TransactWriteItems$/.test(operation))
        shown.add('tableWrite');
      else shown.add('tableRead');
    }
    if (service === 'cognito-idp') shown.add(`userPool:${operation}`);
  }
  if (shown.has('tableWrite')) shown.delete('tableRead');
  if (shown.has('tableBatchWrite')) shown.add('tableWrite');
  return shown;
}

/**
 * Routes whose only table writes are the route wrapper's own, and why they need them.
 */
const WRAPPER_WRITES: Record<string, string> = {
  'route contact':
    'its Idempotency-Key record: a message retried after a lost answer is not sent twice',
};

describe('each role is derived from its route: no broader than declared, declared as used', () => {
  it('grants no function an action its route or job does not declare', () => {
    const broader: string[] = [];
    for (const { name, fn, needs, clientLimit } of functions) {
      const allowed = new Set([...EVERY_FUNCTION, ...needs.flatMap((n) => ALLOWED_BY_NEED[n]!)]);
      for (const st of statementsOf(fn)) {
        for (const action of [st.Action].flat()) {
          if (allowed.has(action)) continue;
          // A per-client limit's counter: UpdateItem on RATE#client-* items only.
          const leading = st.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'];
          if (
            clientLimit &&
            action === 'dynamodb:UpdateItem' &&
            JSON.stringify(leading) === JSON.stringify(['RATE#client-*'])
          )
            continue;
          if (name === 'Cognito trigger' && action === 'ssm:GetParameter') continue;
          // A job's failed events go to its dead-letter queue.
          if (name.startsWith('job ') && action === 'sqs:SendMessage') continue;
          broader.push(`${name}: ${action}`);
        }
      }
    }
    expect(broader).toEqual([]);
  });

  it('grants no function Scan, a wildcard action, or a resource outside its own resources', () => {
    const found: string[] = [];
    for (const { name, fn } of functions) {
      for (const st of statementsOf(fn)) {
        const actions = [st.Action].flat();
        if (actions.some((a) => a.includes('*') || a === 'dynamodb:Scan'))
          found.push(`${name}: ${actions.join(',')}`);
        if (st.Resource === '*' && !actions.every((a) => a.startsWith('xray:')))
          found.push(`${name}: ${actions.join(',')} on *`);
      }
    }
    expect(found).toEqual([]);
  });

  it('declares, for every route and job, exactly the table access and admin user-pool calls its code makes', () => {
    const mismatched: string[] = [];
    for (const { name, fn, needs } of functions) {
      if (name === 'Cognito trigger') continue;
      const shown = needsShownBy(called.get(fn.handlerModule) ?? []);
      if (WRAPPER_WRITES[name]) shown.add('tableWrite');
      const declared = new Set(
        needs.filter((n) => n.startsWith('table') || n.startsWith('userPool:')),
      );
      const missing = [...shown].filter((n) => !declared.has(n));
      const unused = [...declared].filter((n) => !shown.has(n));
      if (missing.length + unused.length > 0)
        mismatched.push(
          `${name}: needs ${missing.join(',') || '-'}; declares unused ${unused.join(',') || '-'}`,
        );
    }
    expect(mismatched).toEqual([]);
  });

  it('lets every login-required route read the table (the revocation check of decision 123)', () => {
    for (const { name, needs, auth } of functions)
      if (auth)
        expect(
          needs.some((n) => n === 'tableRead' || n === 'tableWrite'),
          name,
        ).toBe(true);
  });

  it('fails a role broader than its route (the check sees what it should)', () => {
    const health = functions.find((f) => f.name === 'route health')!;
    const extra = [
      ...statementsOf(health.fn).flatMap((st) => [st.Action].flat()),
      'dynamodb:PutItem',
    ];
    const allowed = new Set([
      ...EVERY_FUNCTION,
      ...health.needs.flatMap((n) => ALLOWED_BY_NEED[n]!),
    ]);
    expect(extra.filter((a) => !allowed.has(a))).toEqual(['dynamodb:PutItem']);
    const login = functions.find((f) => f.name === 'route login')!;
    expect(login.needs).not.toContain('tableWrite');
    expect(
      statementsOf(login.fn).some((st) =>
        [st.Action].flat().includes('cognito-idp:AdminDeleteUser'),
      ),
    ).toBe(false);
  });
});

/**
 * The partition keys each module of ours writes when a public route runs it (functions/lib/keys.ts
 * builds them): written here from the key builders, not from the grants. A module that writes
 * and is missing here fails the test below, asking to be listed.
 */
const PUBLIC_WRITES_BY_MODULE: Record<string, readonly string[]> = {
  // A signed-out POST's Idempotency-Key record (keys.guestIdempotency).
  'functions/lib/idempotency.ts': ['IDEMPOTENCY#'],
  'functions/lib/rate-limit.ts': ['RATE#client-'],
  'functions/lib/mail-limit.ts': ['RATE#client-'],
  'functions/lib/revocation.ts': ['REVOKED#'],
  'functions/market/cache.ts': ['CACHE#'],
  'functions/market/budget.ts': ['BUDGET#'],
  'functions/market/interest.ts': ['INTEREST#', 'USER#'],
  'functions/alerts/store.ts': ['USER#'],
  // The mark that turns an alert off (keys.alertOff), outside the user's partition.
  'functions/alerts/unsubscribe.ts': ['ALERT_OFF#'],
  'functions/api/contact.ts': ['RATE#client-'],
};

const WRITE_ACTIONS = new Set([
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:TransactWriteItems',
]);

/** The LeadingKeys prefixes (without `*`) a role's write statements allow; `['*']` when one has no condition. */
function writePrefixesGranted(fn: HouseFunction): string[] {
  const out = new Set<string>();
  for (const st of statementsOf(fn)) {
    const actions = [st.Action].flat();
    if (!actions.some((a) => WRITE_ACTIONS.has(a))) continue;
    const leading = st.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'];
    if (!Array.isArray(leading)) return ['*'];
    for (const p of leading as string[]) out.add(p.replace(/\*$/, ''));
  }
  return [...out].sort();
}

/**
 * When the route wrapper's own writes run for a signed-out request (functions/lib/http.ts): the
 * Idempotency-Key record for a POST that writes the table; rate items for a client limit or
 * a client's share of the provider's calls (the per-user write limit needs a user).
 */
const PUBLIC_CONDITIONAL_MODULES: Record<
  string,
  (f: { route: (typeof ROUTES)[number]; clientLimit: boolean }) => boolean
> = {
  'functions/lib/idempotency.ts': (f) => supportsIdempotency(f.route),
  'functions/lib/rate-limit.ts': (f) => f.clientLimit || f.route.needs.includes('marketData'),
};

/** Prefixes the bundle of a public function writes, by the modules that send writes; unknown modules named. */
function prefixesWrittenBy(fn: HouseFunction, needs: readonly string[], clientLimit: boolean) {
  const written = new Set<string>();
  const unknown = new Set<string>();
  const route = ROUTES.find((r) => (r.handler ?? '') === fn.handlerModule)!;
  for (const { module, action } of called.get(fn.handlerModule) ?? []) {
    if (!WRITE_ACTIONS.has(action)) continue;
    const applies = CONDITIONAL_MODULES[`${module} ${action}`] ?? CONDITIONAL_MODULES[module];
    if (applies && !applies({ needs, env: {}, clientLimit, auth: false })) continue;
    const inPublic = PUBLIC_CONDITIONAL_MODULES[module];
    if (inPublic && !inPublic({ route, clientLimit })) continue;
    const prefixes = PUBLIC_WRITES_BY_MODULE[module];
    if (!prefixes) unknown.add(module);
    else for (const p of prefixes) written.add(p);
  }
  return { written, unknown };
}

const covers = (granted: readonly string[], prefix: string) =>
  granted.some((g) => g === '*' || prefix.startsWith(g) || g.startsWith(prefix));

describe('public routes write only under their key prefixes (decision 137)', () => {
  const publicRoutes = () =>
    functions.filter(
      (f) => f.name.startsWith('route ') && !f.auth && f.needs.includes('tableWrite'),
    );

  it('conditions every write of a public route on dynamodb:LeadingKeys, as the route table derives them', () => {
    expect(publicRoutes().length).toBeGreaterThanOrEqual(10);
    const unconditioned: string[] = [];
    for (const { name, fn } of functions.filter((f) => f.name.startsWith('route ') && !f.auth)) {
      const route = ROUTES.find((r) => `route ${r.id}` === name)!;
      const granted = writePrefixesGranted(fn);
      if (granted.includes('*')) unconditioned.push(name);
      else if (route.needs.includes('tableWrite'))
        expect(granted, name).toEqual(publicWritePrefixes(route));
    }
    expect(unconditioned).toEqual([]);
  });

  it('lets each public route write every key its code writes', () => {
    const missing: string[] = [];
    const unlisted: string[] = [];
    for (const { name, fn, needs, clientLimit } of publicRoutes()) {
      const granted = writePrefixesGranted(fn);
      const { written, unknown } = prefixesWrittenBy(fn, needs, clientLimit);
      for (const m of unknown) unlisted.push(`${name}: ${m}`);
      for (const p of written) if (!covers(granted, p)) missing.push(`${name}: ${p}`);
    }
    expect(unlisted).toEqual([]);
    expect(missing).toEqual([]);
  });

  it("lets no public role write a user's items or another user's counters", () => {
    // USER#: every user's own items; RATE#write-: each user's per-route write counters.
    const reaches = (granted: readonly string[], prefix: string) =>
      granted.some((g) => g === '*' || prefix.startsWith(g) || g.startsWith(prefix));
    const found: string[] = [];
    for (const { name, fn } of functions.filter((f) => f.name.startsWith('route ') && !f.auth))
      for (const prefix of ['USER#', 'RATE#write-'])
        if (reaches(writePrefixesGranted(fn), prefix)) found.push(`${name}: ${prefix}`);
    expect(found).toEqual([]);
    // The check sees what it should: the grant unsubscribe had, and a bare RATE#.
    expect(reaches(['INTEREST#', 'USER#'], 'USER#')).toBe(true);
    expect(reaches(['RATE#'], 'RATE#write-')).toBe(true);
    expect(reaches(['RATE#client-'], 'RATE#write-')).toBe(false);
  });

  it('keeps a record of the Idempotency-Key exactly where the route wrapper writes one', () => {
    for (const route of ROUTES.filter((r) => !r.auth && r.needs.includes('tableWrite')))
      expect(publicWritePrefixes(route)!.includes('IDEMPOTENCY#'), route.id).toBe(
        supportsIdempotency(route),
      );
  });

  it('fails a route whose table entry leaves out what its code writes (the check sees what it should)', () => {
    const reset = publicRoutes().find((f) => f.name === 'route passwordReset')!;
    const route = ROUTES.find((r) => r.id === 'passwordReset')!;
    const without = publicWritePrefixes({ ...route, writesKeys: [] })!;
    const { written } = prefixesWrittenBy(reset.fn, reset.needs, reset.clientLimit);
    expect([...written].filter((p) => !covers(without, p))).toEqual(['REVOKED#']);
  });
});
