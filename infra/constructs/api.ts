import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { RouteDef } from '../../shared/routes';
import { grantNeeds, type NeedResources } from './grants';
import { HouseFunction } from './house-function';

/** Module that answers 501 for routes listed in the table but not built yet. */
export const NOT_IMPLEMENTED_HANDLER = 'api/notImplemented';

export interface ApiProps {
  routes: readonly RouteDef[];
  resources: NeedResources;
  logRetentionDays: number;
  throttle: { rateLimit: number; burstLimit: number };
  /** Browser origins allowed cross-origin; empty: no CORS (the site calls the API same-origin). */
  corsAllowOrigins: string[];
}

/**
 * The HTTP API: one Lambda and one route per entry of the route table, a Cognito JWT
 * authorizer on the login-required routes and on no others, stage-wide throttling and
 * JSON access logs.
 */
export class Api extends Construct {
  readonly httpApi: apigw.HttpApi;
  readonly stage: apigw.HttpStage;
  /** Route id -> its function. */
  readonly functions = new Map<string, HouseFunction>();
  /** Route id -> its HTTP API route. */
  readonly routes = new Map<string, apigw.HttpRoute>();

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { resources } = props;
    const region = Stack.of(this).region;

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      description: 'Mr. Market API',
      createDefaultStage: false,
      ...(props.corsAllowOrigins.length > 0
        ? {
            corsPreflight: {
              allowOrigins: props.corsAllowOrigins,
              allowMethods: [apigw.CorsHttpMethod.GET, apigw.CorsHttpMethod.POST, apigw.CorsHttpMethod.OPTIONS],
              allowHeaders: ['authorization', 'content-type'],
              allowCredentials: false,
            },
          }
        : {}),
    });

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: props.logRetentionDays as logs.RetentionDays,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
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

    const authorizer = new HttpJwtAuthorizer(
      'CognitoJwt',
      `https://cognito-idp.${region}.amazonaws.com/${resources.userPool.userPoolId}`,
      { jwtAudience: [resources.userPoolClient.userPoolClientId], identitySource: ['$request.header.Authorization'] },
    );

    for (const route of props.routes) {
      const fn = new HouseFunction(this, route.id, {
        handler: route.handler ?? NOT_IMPLEMENTED_HANDLER,
        description: `${route.method} ${route.path}: ${route.summary}`.slice(0, 256),
        logRetentionDays: props.logRetentionDays,
      });
      grantNeeds(fn, route.needs, resources);
      this.functions.set(route.id, fn);

      const [httpRoute] = this.httpApi.addRoutes({
        path: route.path,
        methods: [apigw.HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${route.id}Integration`, fn.fn),
        ...(route.auth ? { authorizer } : {}),
      });
      if (!httpRoute) throw new Error(`No HTTP API route was created for ${route.method} ${route.path}`);
      this.routes.set(route.id, httpRoute);

      if (!route.auth) {
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${route.method} ${route.path} is public in the route table (auth: false): ${route.summary}. It works before sign-in.`,
        });
      }
    }
  }

  /** Sets an environment variable on every route function. */
  addEnvironment(name: string, value: string): void {
    for (const fn of this.functions.values()) fn.fn.addEnvironment(name, value);
  }

  /** Domain name of the API's default endpoint, for a CloudFront origin. */
  get endpointDomain(): string {
    const stack = Stack.of(this);
    return `${this.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }
}
