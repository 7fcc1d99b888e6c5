import { NestedStack, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { answeredMethods, type RouteDef } from '../../shared/routes';
import type { InfraConfig } from '../config';
import { accountRoutes } from '../../shared/routes/account';
import { alertRoutes } from '../../shared/routes/alerts';
import { marketRoutes } from '../../shared/routes/market';
import { marketReadRoutes } from '../../shared/routes/market-reads';
import { portfolioRoutes } from '../../shared/routes/portfolio';
import { sharingRoutes } from '../../shared/routes/sharing';
import { systemRoutes } from '../../shared/routes/system';
import { valuationRoutes } from '../../shared/routes/valuation';
import { watchlistRoutes } from '../../shared/routes/watchlist';
import { guardTemplateSize } from '../stacks/limits';
import { grantNeeds, publicWritePrefixes, type NeedResources } from './grants';
import { HouseFunction } from './house-function';

/**
 * Instances each public route may use at once (and has reserved), by route group: a flood of
 * sign-in attempts or anonymous market reads cannot take the instances the signed-in routes
 * need. Signed-in routes share the rest of the account's pool.
 */
export const PUBLIC_CONCURRENCY: Readonly<Record<string, number>> = {
  Account: 20,
  Market: 25,
  /** The edge-cached GET forms: CloudFront answers most of their requests (decision 126). */
  MarketReads: 10,
};
/** The cap of a public route of any other group (health, contact, valuation types, unsubscribe). */
export const OTHER_PUBLIC_CONCURRENCY = 5;

/** A route's reserved concurrency: none for signed-in routes. */
export function reservedConcurrencyOf(route: RouteDef, group: string): number | undefined {
  if (route.auth) return undefined;
  return PUBLIC_CONCURRENCY[group] ?? OTHER_PUBLIC_CONCURRENCY;
}

/** Module that answers 501 for routes listed in the table but not built yet. */
export const NOT_IMPLEMENTED_HANDLER = 'api/notImplemented';

/** Routes deployed together in one nested stack: the routes of one file of the route table. */
export interface RouteGroup {
  /** PascalCase; names the nested stack (`<name>Routes`). Never rename a deployed group. */
  name: string;
  /** The file the routes come from, for messages. */
  file: string;
  routes: readonly RouteDef[];
}

/**
 * The route table by file (shared/routes/index.ts assembles the same arrays). A route's
 * group is its file: adding routes to a file never moves another route to another stack.
 */
export const ROUTE_GROUPS: readonly RouteGroup[] = [
  { name: 'System', file: 'shared/routes/system.ts', routes: systemRoutes },
  { name: 'Account', file: 'shared/routes/account.ts', routes: accountRoutes },
  { name: 'Market', file: 'shared/routes/market.ts', routes: marketRoutes },
  { name: 'MarketReads', file: 'shared/routes/market-reads.ts', routes: marketReadRoutes },
  { name: 'Valuation', file: 'shared/routes/valuation.ts', routes: valuationRoutes },
  { name: 'Portfolio', file: 'shared/routes/portfolio.ts', routes: portfolioRoutes },
  { name: 'Watchlist', file: 'shared/routes/watchlist.ts', routes: watchlistRoutes },
  { name: 'Alerts', file: 'shared/routes/alerts.ts', routes: alertRoutes },
  { name: 'Sharing', file: 'shared/routes/sharing.ts', routes: sharingRoutes },
];

/** Instances the app reserves in all (preflight checks the account leaves 100 unreserved). */
export function totalReservedConcurrency(jobCount: number, jobConcurrency: number): number {
  let total = jobCount * jobConcurrency;
  for (const group of ROUTE_GROUPS)
    for (const route of group.routes) total += reservedConcurrencyOf(route, group.name) ?? 0;
  return total;
}

/** Instances Lambda keeps unreserved in an account: reservations may not go below it. */
export const UNRESERVED_MINIMUM = 100;

/** Whether an account's Lambda concurrency limit leaves Lambda its unreserved minimum beside the app's reservations. */
export function reservationsFit(
  accountLimit: number,
  jobCount: number,
  jobConcurrency: number,
): boolean {
  return accountLimit - totalReservedConcurrency(jobCount, jobConcurrency) >= UNRESERVED_MINIMUM;
}

/**
 * Whether the functions reserve concurrency (decision 136): always with `true`, never with
 * `false`; with `auto`, when the account's limit (lambdaConcurrencyLimit, from preflight) is
 * known and leaves room. A new account (limit 10) deploys without reservations.
 */
export function reservesConcurrency(
  config: Pick<InfraConfig, 'reservedConcurrency' | 'lambdaConcurrencyLimit'>,
  jobCount: number,
  jobConcurrency: number,
): boolean {
  if (config.reservedConcurrency !== 'auto') return config.reservedConcurrency;
  return (
    config.lambdaConcurrencyLimit !== undefined &&
    reservationsFit(config.lambdaConcurrencyLimit, jobCount, jobConcurrency)
  );
}

/**
 * Why a deployment with `reservedConcurrency` auto reserves nothing, for the synth to print; none
 * when it reserves, or when told never to.
 */
export function reservationsNotice(
  config: Pick<InfraConfig, 'reservedConcurrency' | 'lambdaConcurrencyLimit'>,
  jobCount: number,
  jobConcurrency: number,
): string | undefined {
  if (
    config.reservedConcurrency !== 'auto' ||
    reservesConcurrency(config, jobCount, jobConcurrency)
  )
    return undefined;
  const total = totalReservedConcurrency(jobCount, jobConcurrency);
  const why =
    config.lambdaConcurrencyLimit === undefined
      ? 'the account’s Lambda concurrency limit is not known here (npm run deploy reads it and passes it as lambdaConcurrencyLimit, and keeps it in cdk.context.json for a later cdk deploy)'
      : `the account’s Lambda concurrency limit, ${config.lambdaConcurrencyLimit}, leaves fewer than ${UNRESERVED_MINIMUM} unreserved beside the ${total} the functions reserve`;
  return `No function reserves concurrency: ${why}. A deployment that had reservations drops them. Pass -c lambdaConcurrencyLimit=<the account's limit>, or -c reservedConcurrency=true to require them.`;
}

/**
 * Sorts `routes` (the table, or a subset of it) into the file groups. A route found in no
 * group fails here: a new file of the route table must be listed in ROUTE_GROUPS, or its
 * routes would not be deployed.
 */
export function groupRoutes(
  routes: readonly RouteDef[],
  groups: readonly RouteGroup[] = ROUTE_GROUPS,
): RouteGroup[] {
  const groupOf = new Map<string, RouteGroup>();
  for (const group of groups) for (const route of group.routes) groupOf.set(route.id, group);
  const missing = routes.filter((r) => !groupOf.has(r.id)).map((r) => r.id);
  if (missing.length > 0) {
    throw new Error(
      `Routes ${missing.join(', ')} belong to no route group: list their shared/routes file in ROUTE_GROUPS (infra/constructs/api.ts).`,
    );
  }
  return groups
    .map((group) => ({ ...group, routes: routes.filter((r) => groupOf.get(r.id) === group) }))
    .filter((group) => group.routes.length > 0);
}

export interface ApiProps {
  /** The route table, by group: one nested stack per group. */
  routeGroups: readonly RouteGroup[];
  resources: NeedResources;
  logRetentionDays: number;
  /** Reserve concurrency for the public routes (reservedConcurrencyOf). */
  reservedConcurrency: boolean;
  /** Limits of each route (the stage's default route settings). */
  throttle: { rateLimit: number; burstLimit: number };
  /** Limits that replace `throttle` on the routes listed, by route key (`POST /api/login`). */
  routeThrottles?: Readonly<Record<string, { rateLimit: number; burstLimit: number }>>;
  /** Browser origins allowed cross-origin; empty: no CORS (the site calls the API same-origin). */
  corsAllowOrigins: string[];
  /**
   * The API's own domain and its regional certificate: CloudFront reaches the API there and
   * the default execute-api endpoint is off (decision 137). Absent: the default endpoint.
   */
  customDomain?: { domainName: string; certificateArn: string };
}

interface RouteGroupStackProps {
  group: RouteGroup;
  httpApi: apigw.IHttpApi;
  authorizer: apigw.IHttpAuthorizer;
  resources: NeedResources;
  logRetentionDays: number;
  reservedConcurrency: boolean;
}

/**
 * One group's functions, integrations, routes and invoke permissions (about 7 resources a
 * route), attached to the parent stack's HTTP API and JWT authorizer. Their ids reach the
 * nested template as parameters (a handful per group, far from the 200 allowed).
 */
export class RouteGroupStack extends NestedStack {
  readonly group: RouteGroup;
  readonly functions = new Map<string, HouseFunction>();
  readonly routes = new Map<string, apigw.HttpRoute>();
  /** Route id -> the HEAD route beside a GET route. */
  readonly headRoutes = new Map<string, apigw.HttpRoute>();

  constructor(scope: Construct, id: string, props: RouteGroupStackProps) {
    super(scope, id, { description: `Mr. Market API: the routes of ${props.group.file}` });
    const { group, httpApi, resources } = props;
    this.group = group;

    const authorizer = apigw.HttpAuthorizer.fromHttpAuthorizerAttributes(this, 'CognitoJwt', {
      authorizerId: props.authorizer.authorizerId,
      authorizerType: apigw.HttpAuthorizerType.JWT,
    });

    for (const route of group.routes) {
      const fn = new HouseFunction(this, route.id, {
        handler: route.handler ?? NOT_IMPLEMENTED_HANDLER,
        description: `${route.method} ${route.path}: ${route.summary}`.slice(0, 256),
        logRetentionDays: props.logRetentionDays,
        retainLogs: true,
        ...(props.reservedConcurrency
          ? { reservedConcurrency: reservedConcurrencyOf(route, group.name) }
          : {}),
      });
      const writePrefixes = publicWritePrefixes(route);
      grantNeeds(fn, route.needs, resources, {
        clientLimit: route.clientLimitPerMinute !== undefined,
        ...(writePrefixes ? { writePrefixes } : {}),
      });
      this.functions.set(route.id, fn);
      Validations.of(fn).acknowledge({
        id: 'Serverless-LambdaDLQ',
        reason: `API Gateway invokes ${route.method} ${route.path} synchronously and returns the function's error to the caller; there is no asynchronous event a dead-letter queue could keep (one queue per route would only add cost).`,
      });

      // HTTP API routes are per method: a GET route's HEAD is a route of its own, to the same
      // function with the same authorizer (answeredMethods). The route's own method keeps the
      // construct id it was deployed with.
      const integration = new HttpLambdaIntegration(`${route.id}Integration`, fn.fn);
      for (const method of answeredMethods(route)) {
        const httpRoute = new apigw.HttpRoute(
          this,
          method === route.method ? `${route.id}Route` : `${route.id}${method}Route`,
          {
            httpApi,
            routeKey: apigw.HttpRouteKey.with(route.path, apigw.HttpMethod[method]),
            integration,
            ...(route.auth ? { authorizer } : {}),
          },
        );
        if (method === route.method) this.routes.set(route.id, httpRoute);
        else this.headRoutes.set(route.id, httpRoute);

        if (!route.auth) {
          Validations.of(httpRoute).acknowledge({
            id: 'AwsSolutions-APIG4',
            reason: `${method} ${route.path} is public in the route table (auth: false): ${route.summary}. It works before sign-in.`,
          });
        }
      }
    }

    guardTemplateSize(
      this,
      `Split the routes of ${group.file} into two files and add the new file to ROUTE_GROUPS (infra/constructs/api.ts).`,
    );
  }
}

/**
 * The HTTP API: its stage (throttling, JSON access logs) and the Cognito JWT authorizer in
 * the enclosing stack; one nested stack per route group holding one Lambda and one route
 * per entry of the route table (and a HEAD route beside each GET route), the authorizer on the
 * login-required routes and on no others.
 */
export class Api extends Construct {
  readonly httpApi: apigw.HttpApi;
  readonly stage: apigw.HttpStage;
  readonly authorizer: apigw.HttpAuthorizer;
  /** Group name -> its nested stack. */
  readonly groups = new Map<string, RouteGroupStack>();
  /** Route id -> its function. */
  readonly functions = new Map<string, HouseFunction>();
  /** Route id -> its HTTP API route. */
  readonly routes = new Map<string, apigw.HttpRoute>();
  /** Route id -> the HEAD route beside a GET route. */
  readonly headRoutes = new Map<string, apigw.HttpRoute>();
  /** The API's own domain, when configured (its regional target is what DNS points at). */
  readonly domainName?: apigw.DomainName;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { resources } = props;
    const region = Stack.of(this).region;

    if (props.customDomain) {
      this.domainName = new apigw.DomainName(this, 'Domain', {
        domainName: props.customDomain.domainName,
        certificate: acm.Certificate.fromCertificateArn(
          this,
          'Certificate',
          props.customDomain.certificateArn,
        ),
        endpointType: apigw.EndpointType.REGIONAL,
        securityPolicy: apigw.SecurityPolicy.TLS_1_2,
      });
    }

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      description: 'Mr. Market API',
      createDefaultStage: false,
      // With its own domain, the API answers only there: a caller cannot go around CloudFront,
      // AWS WAF and the edge's limits through the execute-api address (decision 137).
      ...(this.domainName ? { disableExecuteApiEndpoint: true } : {}),
      ...(props.corsAllowOrigins.length > 0
        ? {
            corsPreflight: {
              allowOrigins: props.corsAllowOrigins,
              allowMethods: [
                apigw.CorsHttpMethod.GET,
                apigw.CorsHttpMethod.POST,
                apigw.CorsHttpMethod.OPTIONS,
              ],
              allowHeaders: ['authorization', 'content-type'],
              allowCredentials: false,
            },
          }
        : {}),
    });

    // Kept when the stack is deleted (an audit trail); a failed first deployment takes it back.
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: props.logRetentionDays as logs.RetentionDays,
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
    this.stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      ...(this.domainName ? { domainMapping: { domainName: this.domainName } } : {}),
      throttle: props.throttle,
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
          }),
        ),
      },
    });

    this.authorizer = new apigw.HttpAuthorizer(this, 'CognitoJwt', {
      httpApi: this.httpApi,
      authorizerName: 'CognitoJwt',
      type: apigw.HttpAuthorizerType.JWT,
      identitySource: ['$request.header.Authorization'],
      jwtIssuer: `https://cognito-idp.${region}.amazonaws.com/${resources.userPool.userPoolId}`,
      jwtAudience: [resources.userPoolClient.userPoolClientId],
    });

    const seenIds = new Set<string>();
    const seenKeys = new Set<string>();
    for (const group of props.routeGroups) {
      for (const route of group.routes) {
        if (seenIds.has(route.id))
          throw new Error(`Route id "${route.id}" appears twice in the route table`);
        seenIds.add(route.id);
        for (const method of answeredMethods(route)) {
          const key = `${method} ${route.path}`;
          if (seenKeys.has(key)) throw new Error(`Route "${key}" appears twice in the route table`);
          seenKeys.add(key);
        }
      }
      const stack = new RouteGroupStack(this, `${group.name}Routes`, {
        group,
        httpApi: this.httpApi,
        authorizer: this.authorizer,
        resources,
        logRetentionDays: props.logRetentionDays,
        reservedConcurrency: props.reservedConcurrency,
      });
      this.groups.set(group.name, stack);
      for (const [routeId, fn] of stack.functions) this.functions.set(routeId, fn);
      for (const [routeId, route] of stack.routes) this.routes.set(routeId, route);
      for (const [routeId, route] of stack.headRoutes) this.headRoutes.set(routeId, route);
    }

    this.applyRouteThrottles(props.routeThrottles ?? {}, seenKeys);
  }

  /**
   * Route settings of the stage for the routes with their own limits. A key whose route is
   * not deployed is left out (the configuration checks keys against the route table). A GET
   * route's limits hold for its HEAD route too, so HEAD is no way around them. The stage
   * waits for the nested stacks: API Gateway refuses settings for a route it lacks.
   */
  private applyRouteThrottles(
    own: Readonly<Record<string, { rateLimit: number; burstLimit: number }>>,
    deployedKeys: ReadonlySet<string>,
  ): void {
    const throttles = { ...own };
    for (const [key, limits] of Object.entries(own))
      if (key.startsWith('GET ')) throttles[`HEAD ${key.slice(4)}`] ??= limits;
    const settings = Object.fromEntries(
      Object.entries(throttles)
        .filter(([key]) => deployedKeys.has(key))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, t]) => [
          key,
          // RouteSettings is untyped JSON in CloudFormation: its keys are written as is.
          { ThrottlingRateLimit: t.rateLimit, ThrottlingBurstLimit: t.burstLimit },
        ]),
    );
    if (Object.keys(settings).length === 0) return;
    const cfnStage = this.stage.node.defaultChild as apigw.CfnStage;
    cfnStage.routeSettings = settings;
    for (const group of this.groups.values()) {
      if (group.group.routes.some((r) => `${r.method} ${r.path}` in settings))
        this.stage.node.addDependency(group);
    }
  }

  /** Sets an environment variable on every route function. */
  addEnvironment(name: string, value: string): void {
    for (const fn of this.functions.values()) fn.fn.addEnvironment(name, value);
  }

  /** Domain name CloudFront reaches the API at: its own domain, else the default endpoint. */
  get endpointDomain(): string {
    if (this.domainName) return this.domainName.name;
    const stack = Stack.of(this);
    return `${this.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }
}
