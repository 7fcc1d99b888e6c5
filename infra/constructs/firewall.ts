import { createHash } from 'node:crypto';
import { Stack } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { ROUTES } from '../../shared/routes';

/** Paths of the routes a guesser or a mailer would hammer (the tighter per-address rule). */
export const SENSITIVE_PATHS = [
  '/api/login',
  '/api/register',
  '/api/forgot-password',
  '/api/password/reset',
  '/api/contact',
] as const;

/**
 * The first path segments of the route table (`/api/`, and `/p/` of the shared pitches' pages:
 * decision 128): every request to them reaches a function, and the per-viewer API limit counts
 * them together.
 */
export const API_PATH_PREFIXES: readonly string[] = [
  ...new Set(ROUTES.map((r) => `/${r.path.split('/')[1]}/`)),
];

/** Requests one viewer address may make in a minute before AWS WAF blocks it for a while. */
export const EDGE_RATE_LIMITS = {
  /** Sign-in, sign-up, password recovery and reset, contact, account verification together. */
  sensitivePerMinute: 30,
  /** Every API route together. */
  apiPerMinute: 600,
} as const;

export interface FirewallProps {
  /** CloudWatch metric names are prefixed with this. */
  metricPrefix: string;
}

const visibility = (name: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName: name,
  sampledRequestsEnabled: true,
});

/** A 429 with the product's message, for requests the rate rules block. */
const TOO_MANY = {
  block: {
    customResponse: {
      responseCode: 429,
      customResponseBodyKey: 'tooMany',
      responseHeaders: [{ name: 'retry-after', value: '60' }],
    },
  },
};

const startsWith = (path: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'STARTS_WITH',
    searchString: path,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

const managed = (
  name: string,
  priority: number,
  countInstead: string[] = [],
): wafv2.CfnWebACL.RuleProperty => ({
  name,
  priority,
  overrideAction: { none: {} },
  statement: {
    managedRuleGroupStatement: {
      vendorName: 'AWS',
      name,
      ...(countInstead.length > 0
        ? {
            ruleActionOverrides: countInstead.map((rule) => ({
              name: rule,
              actionToUse: { count: {} },
            })),
          }
        : {}),
    },
  },
  visibilityConfig: visibility(name),
});

/**
 * AWS WAF in front of the site's CloudFront distribution (scope CLOUDFRONT, so it lives in
 * us-east-1): per-viewer rate rules on the API, tighter on the account and contact routes, and
 * AWS's managed rule groups for common attacks, known bad inputs and addresses with a bad
 * reputation (decision 122).
 */
export class Firewall extends Construct {
  readonly webAcl: wafv2.CfnWebACL;
  /**
   * Changes whenever the web ACL's definition does (and so whenever CloudFormation may replace
   * it, with a new ARN): the stateless stack's read of the ARN carries it, so it reads again.
   */
  readonly fingerprint: string;

  constructor(scope: Construct, id: string, props: FirewallProps) {
    super(scope, id);
    const sensitive: wafv2.CfnWebACL.StatementProperty = {
      orStatement: {
        statements: [...SENSITIVE_PATHS.map(startsWith), startsWith('/api/verify_account/')],
      },
    };
    const aclProps: wafv2.CfnWebACLProps = {
      scope: 'CLOUDFRONT',
      description: 'Mr. Market: per-viewer rate limits and managed protections',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`${props.metricPrefix}WebAcl`),
      customResponseBodies: {
        tooMany: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({
            message: 'Too many attempts from your network. Please wait a minute and try again.',
          }),
        },
      },
      rules: [
        managed('AWSManagedRulesAmazonIpReputationList', 0),
        {
          name: 'AccountRoutesPerViewer',
          priority: 1,
          action: TOO_MANY,
          statement: {
            rateBasedStatement: {
              limit: EDGE_RATE_LIMITS.sensitivePerMinute,
              evaluationWindowSec: 60,
              aggregateKeyType: 'IP',
              scopeDownStatement: sensitive,
            },
          },
          visibilityConfig: visibility(`${props.metricPrefix}AccountRoutesPerViewer`),
        },
        {
          name: 'ApiPerViewer',
          priority: 2,
          action: TOO_MANY,
          statement: {
            rateBasedStatement: {
              limit: EDGE_RATE_LIMITS.apiPerMinute,
              evaluationWindowSec: 60,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                orStatement: { statements: API_PATH_PREFIXES.map(startsWith) },
              },
            },
          },
          visibilityConfig: visibility(`${props.metricPrefix}ApiPerViewer`),
        },
        // A profile photo is sent as a data URL of up to a few hundred kB: the body-size rule
        // only counts (the API refuses a body over the route's limit with 413).
        managed('AWSManagedRulesCommonRuleSet', 3, ['SizeRestrictions_BODY']),
        managed('AWSManagedRulesKnownBadInputsRuleSet', 4),
      ],
    };
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', aclProps);
    this.fingerprint = createHash('sha256')
      .update(JSON.stringify({ at: this.webAcl.node.path, acl: Stack.of(this).resolve(aclProps) }))
      .digest('hex')
      .slice(0, 16);
  }
}
