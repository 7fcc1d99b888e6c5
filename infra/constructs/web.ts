import fs from 'node:fs';
import path from 'node:path';
import { Annotations, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import { Construct } from 'constructs';
import {
  FRAME_OPTIONS,
  HSTS_MAX_AGE_SECONDS,
  PERMISSIONS_POLICY,
  REFERRER_POLICY,
  cognitoOrigin,
  contentSecurityPolicy,
} from '../security-headers';
import { EDGE_CACHED_PATH_PATTERN, SHARED_PAGE_PATH_PATTERNS } from '../../shared/routes/types';
import { REPO_ROOT } from './house-function';
import { acknowledge, nagArnRef } from './nag';
import { PROFILE_IMAGE_PREFIX } from './storage';

export const WEB_DIST = path.join(REPO_ROOT, 'web', 'dist');

/** Served when `web/dist` was not built, so a synth or deploy never fails for want of it. */
const PLACEHOLDER_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Mr. Market</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>Mr. Market</h1><p>The site is being deployed. Please come back in a few minutes.</p></main></body></html>
`;

/**
 * Viewer-request function of the site's default behaviour: a path without a file extension
 * is a client-side route, so it gets the app shell. Scoped to the bucket behaviour, the API's
 * own 403 and 404 answers reach the browser unchanged (distribution-wide error responses
 * would turn them into index.html with status 200).
 */
export const SPA_FALLBACK_CODE = `function handler(event) {
  var request = event.request;
  var last = request.uri.split('/').pop();
  if (request.uri === '/' || last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/**
 * Viewer-request function of the API behaviour: the viewer's address in x-viewer-address, set
 * here so a client cannot choose it (functions/lib/client.ts counts per-client limits by it).
 */
export const VIEWER_ADDRESS_CODE = `function handler(event) {
  var request = event.request;
  request.headers['x-viewer-address'] = { value: event.viewer.ip };
  return request;
}`;

/** Longest CloudFront keeps a public market read, whatever its answer's s-maxage says. */
export const MARKET_READS_MAX_TTL_SECONDS = 24 * 60 * 60;

/** Longest CloudFront keeps a shared pitch's or public record's answer (decision 128). */
export const SHARED_PAGES_MAX_TTL_SECONDS = 60;

export interface WebProps {
  /**
   * The origin secret (a dynamic reference CloudFormation resolves): CloudFront sends it in
   * x-origin-verify to the API, whose functions refuse requests without it.
   */
  originVerifySecret: string;
  /** Sent beside it: a new revision makes CloudFormation read the secret again (rotation). */
  originVerifyRevision?: number;
  /** The CloudFront web ACL (AWS WAF, us-east-1) in front of the site; absent: none. */
  webAclArn?: string;
  /** Domain name of the HTTP API's endpoint (`<id>.execute-api.<region>.amazonaws.com`). */
  apiDomain: string;
  /** The profile-image bucket (stateful stack), imported with its regional domain name. */
  profileImages: s3.IBucket;
  /** Settings the web app fetches from `/config.json` at boot. */
  appConfig: {
    region: string;
    userPoolId: string;
    userPoolClientId: string;
    supportEmail?: string;
    analyticsEndpoint?: string;
  };
  siteDomain?: string;
  certificateArn?: string;
  /** SSM parameter (a plain name) to write the site address to, for readers deployed before the site. */
  siteUrlParameterName?: string;
  /** The web build to deploy (default web/dist). */
  distDir?: string;
}

/**
 * The site: a private bucket with the web build behind CloudFront (Origin Access Control),
 * the SPA fallback, `/api/*` routed to the HTTP API uncached except the public market reads
 * under `/api/market/*` (cached for the lifetime their answers give, keyed on the path and
 * query string only: decision 126), profile photos served read-only from their bucket, and
 * security headers on every response.
 */
export class Web extends Construct {
  readonly bucket: s3.Bucket;
  readonly logs: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  readonly spaFallback: cloudfront.Function;
  readonly viewerAddress: cloudfront.Function;
  /** Cache key and lifetimes of the public market reads (`/api/market/*`). */
  readonly marketReadsCachePolicy: cloudfront.CachePolicy;
  readonly marketReadsOriginRequestPolicy: cloudfront.OriginRequestPolicy;
  /** Cache key and lifetimes of the shared pitches and public records (`/api/public/*`, `/p/*`). */
  readonly sharedPagesCachePolicy: cloudfront.CachePolicy;
  readonly sharedPagesOriginRequestPolicy: cloudfront.OriginRequestPolicy;
  readonly usesPlaceholder: boolean;
  readonly shellDeployment: s3deploy.BucketDeployment;
  /** The hashed assets (absent when web/dist was not built). */
  readonly assetsDeployment: s3deploy.BucketDeployment | undefined;
  /** The site address: `https://` and the custom domain, else the distribution's domain. */
  readonly url: string;
  readonly siteUrlParameter?: ssm.StringParameter;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const stack = Stack.of(this);

    // Kept when the stack is deleted (a year of access logs; docs/runbook.md says how to remove
    // it); a failed first create takes it back.
    this.logs = new s3.Bucket(this, 'Logs', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      // CloudFront standard logs are delivered with an ACL.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(365) }],
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
    Validations.of(this.logs).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'This is the log bucket of the site bucket and of CloudFront; logging it would only log the log deliveries.',
    });

    // The web build, redeployed by every deployment: emptied and deleted with the stack.
    this.bucket = new s3.Bucket(this, 'Site', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.logs,
      serverAccessLogsPrefix: 'site-bucket/',
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    // One definition of the headers (infra/security-headers.ts), shared with the local servers.
    // Photos and the API are behaviours of this distribution, so both are the site's origin.
    const csp = contentSecurityPolicy({
      cognito: cognitoOrigin(stack.region),
      analytics: props.appConfig.analyticsEndpoint,
    });
    const headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Mr. Market security headers',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
          includeSubdomains: true,
          override: true,
        },
        frameOptions: {
          frameOption: FRAME_OPTIONS as cloudfront.HeadersFrameOption,
          override: true,
        },
        contentTypeOptions: { override: true },
        referrerPolicy: {
          referrerPolicy: REFERRER_POLICY as cloudfront.HeadersReferrerPolicy,
          override: true,
        },
      },
      customHeadersBehavior: {
        customHeaders: [
          { header: 'Permissions-Policy', value: PERMISSIONS_POLICY, override: true },
        ],
      },
    });

    this.spaFallback = new cloudfront.Function(this, 'SpaFallback', {
      comment: 'Client-side routes get index.html',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(SPA_FALLBACK_CODE),
    });

    this.viewerAddress = new cloudfront.Function(this, 'ViewerAddress', {
      comment: 'API requests carry the viewer address',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(VIEWER_ADDRESS_CODE),
    });

    const customDomain =
      props.siteDomain && props.certificateArn
        ? {
            domainNames: [props.siteDomain],
            certificate: acm.Certificate.fromCertificateArn(
              this,
              'Certificate',
              props.certificateArn,
            ),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {};

    const apiOrigin = new origins.HttpOrigin(props.apiDomain, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      customHeaders: {
        'x-origin-verify': props.originVerifySecret,
        'x-origin-verify-revision': String(props.originVerifyRevision ?? 1),
      },
    });
    const viewerAddress = [
      { function: this.viewerAddress, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
    ];

    // Public market reads (decision 126): one copy per path and query string, whoever asks;
    // the Authorization header and cookies are neither in the key nor sent to the API. How
    // long a copy lives is the answer's own s-maxage (shared/market/edge-cache.ts): nothing
    // is kept by default, and an answer that says no-store (errors) is not kept at all.
    this.marketReadsCachePolicy = new cloudfront.CachePolicy(this, 'MarketReadsCache', {
      comment: 'Mr. Market public market reads: path and query string only; TTL from s-maxage',
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(MARKET_READS_MAX_TTL_SECONDS),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    this.marketReadsOriginRequestPolicy = new cloudfront.OriginRequestPolicy(
      this,
      'MarketReadsOriginRequest',
      {
        comment: 'Mr. Market public market reads: the query string and the viewer address only',
        queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
        // The viewer's address, by which the functions hold a client's cache misses to its
        // share of the provider's calls (functions/lib/client.ts reads CloudFront's header;
        // the ViewerAddress function also writes it in x-viewer-address, as on /api/*).
        headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(
          'CloudFront-Viewer-Address',
          'x-viewer-address',
        ),
        cookieBehavior: cloudfront.OriginRequestCookieBehavior.none(),
      },
    );

    // Shared pitches and public records (decision 128): one copy per path, whoever asks; no
    // query string, header or cookie in the key or sent to the API. Their answers live for
    // seconds (shared/market/edge-cache.ts, kind `share`), so a stopped share needs no
    // invalidation; a minute at most whatever an answer says.
    this.sharedPagesCachePolicy = new cloudfront.CachePolicy(this, 'SharedPagesCache', {
      comment: 'Mr. Market shared pitches and public records: path only; TTL from s-maxage',
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(SHARED_PAGES_MAX_TTL_SECONDS),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    this.sharedPagesOriginRequestPolicy = new cloudfront.OriginRequestPolicy(
      this,
      'SharedPagesOriginRequest',
      {
        comment: 'Mr. Market shared pitches and public records: the viewer address only',
        queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.none(),
        headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(
          'CloudFront-Viewer-Address',
          'x-viewer-address',
        ),
        cookieBehavior: cloudfront.OriginRequestCookieBehavior.none(),
      },
    );
    const sharedPages: cloudfront.BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      cachedMethods: cloudfront.CachedMethods.CACHE_GET_HEAD,
      cachePolicy: this.sharedPagesCachePolicy,
      originRequestPolicy: this.sharedPagesOriginRequestPolicy,
      responseHeadersPolicy: headers,
      functionAssociations: viewerAddress,
    };

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Mr. Market',
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: this.logs,
      logFilePrefix: 'cloudfront/',
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
      ...customDomain,
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        functionAssociations: [
          { function: this.spaFallback, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
      },
      // In this order: CloudFront takes the first pattern that matches.
      additionalBehaviors: {
        [EDGE_CACHED_PATH_PATTERN]: {
          origin: apiOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachedMethods: cloudfront.CachedMethods.CACHE_GET_HEAD,
          cachePolicy: this.marketReadsCachePolicy,
          originRequestPolicy: this.marketReadsOriginRequestPolicy,
          responseHeadersPolicy: headers,
          functionAssociations: viewerAddress,
        },
        ...Object.fromEntries(SHARED_PAGE_PATH_PATTERNS.map((pattern) => [pattern, sharedPages])),
        '/api/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers,
          functionAssociations: viewerAddress,
        },
        [`/${PROFILE_IMAGE_PREFIX}*`]: {
          origin: origins.S3BucketOrigin.withOriginAccessControl(props.profileImages, {
            originAccessLevels: [cloudfront.AccessLevel.READ],
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: headers,
        },
      },
    });

    this.url = `https://${props.siteDomain ?? this.distribution.distributionDomainName}`;
    if (props.siteUrlParameterName) {
      this.siteUrlParameter = new ssm.StringParameter(this, 'SiteUrlParameter', {
        parameterName: props.siteUrlParameterName,
        stringValue: this.url,
        description:
          'Mr. Market site address, read by the Cognito CustomMessage trigger for links in account emails',
      });
    }

    // The profile bucket's whole policy: TLS only, and this distribution (no other) reads
    // images/profile/*. It lives here because it names the distribution (storage.ts).
    const photos = props.profileImages;
    new s3.CfnBucketPolicy(this, 'ProfileImagesPolicy', {
      bucket: photos.bucketName,
      policyDocument: new iam.PolicyDocument({
        statements: [
          new iam.PolicyStatement({
            sid: 'DenyInsecureTransport',
            effect: iam.Effect.DENY,
            principals: [new iam.AnyPrincipal()],
            actions: ['s3:*'],
            resources: [photos.bucketArn, photos.arnForObjects('*')],
            conditions: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
          new iam.PolicyStatement({
            sid: 'ThisSiteReadsProfileImages',
            principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
            actions: ['s3:GetObject'],
            resources: [photos.arnForObjects(`${PROFILE_IMAGE_PREFIX}*`)],
            conditions: { StringEquals: { 'AWS:SourceArn': this.distribution.distributionArn } },
          }),
        ],
      }),
    });
    Validations.of(this.distribution).acknowledge({
      id: 'annotation::@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
      reason:
        "The profile-image bucket's policy is written just below (ProfileImagesPolicy), naming this distribution.",
    });
    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason: 'The product is open to investors anywhere; there is no country it must not serve.',
      },
      ...(props.webAclArn
        ? []
        : [
            {
              id: 'AwsSolutions-CFR2',
              reason:
                'Deployed with edgeFirewall off (cdk.json): no AWS WAF web ACL. The functions still limit each client on sign-in, sign-up, password recovery, contact and market-data cache misses (decision 122), and API Gateway caps each route for all callers.',
            },
          ]),
      ...(customDomain.minimumProtocolVersion
        ? []
        : [
            {
              id: 'AwsSolutions-CFR4',
              reason:
                'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose minimum TLS version CloudFront fixes; with siteDomain and certificateArn set, TLSv1.2_2021 is enforced.',
            },
          ]),
    );

    // App shell and runtime settings: never cached by browsers, replaced on every deploy.
    const distDir = props.distDir ?? WEB_DIST;
    let assets: s3deploy.BucketDeployment | undefined;
    this.usesPlaceholder = !fs.existsSync(path.join(distDir, 'index.html'));
    if (this.usesPlaceholder) {
      Annotations.of(this).addInfo(
        `web/dist/index.html not found: deploying a placeholder page (run npm run build:web).`,
      );
    } else {
      assets = new s3deploy.BucketDeployment(this, 'Assets', {
        destinationBucket: this.bucket,
        sources: [s3deploy.Source.asset(distDir, { exclude: ['index.html', 'config.json'] })],
        cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
        prune: false,
        memoryLimit: 512,
      });
    }
    this.shellDeployment = new s3deploy.BucketDeployment(this, 'Shell', {
      destinationBucket: this.bucket,
      sources: [
        this.usesPlaceholder
          ? s3deploy.Source.data('index.html', PLACEHOLDER_HTML)
          : s3deploy.Source.data(
              'index.html',
              fs.readFileSync(path.join(distDir, 'index.html'), 'utf8'),
            ),
        s3deploy.Source.jsonData('config.json', { ...props.appConfig, apiBaseUrl: '' }),
      ],
      cacheControl: [s3deploy.CacheControl.noCache()],
      prune: false,
      memoryLimit: 512,
      distribution: this.distribution,
      distributionPaths: ['/index.html', '/config.json'],
    });
    // index.html names the hashed assets of its build: it goes up only after they are there,
    // so a page served during a deployment never asks for a script that is not there yet.
    if (assets) this.shellDeployment.node.addDependency(assets);
    this.assetsDeployment = assets;
    this.acknowledgeDeploymentProvider();
  }

  /** The Lambda that BucketDeployment adds once per stack is CDK's own code and role. */
  private acknowledgeDeploymentProvider(): void {
    const stack = Stack.of(this);
    const providers = stack.node.children.filter((c) =>
      c.node.id.startsWith('Custom::CDKBucketDeployment'),
    );
    const why =
      'CDK-managed BucketDeployment provider (copies the web build into the site bucket at deploy time);';
    for (const provider of providers) {
      acknowledge(
        provider,
        {
          id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
          reason: `${why} its role and managed logging policy are defined by aws-cdk-lib, not by this app.`,
        },
        {
          id: 'AwsSolutions-L1',
          reason: `${why} aws-cdk-lib pins its Python runtime together with the bundled AWS CLI layer.`,
        },
        {
          id: 'AwsSolutions-IAM5[Resource::*]',
          reason: `${why} cloudfront:CreateInvalidation has no resource-level permission for the distribution in this form.`,
        },
        {
          id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*]`,
          reason: `${why} it reads the staged build from the CDK bootstrap asset bucket.`,
        },
        {
          id: `AwsSolutions-IAM5[Resource::${nagArnRef(this.bucket)}/*]`,
          reason: `${why} it writes every object of the site bucket.`,
        },
        ...['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'].map(
          (action) => ({
            id: `AwsSolutions-IAM5[Action::${action}]`,
            reason: `${why} ${action} comes from its read of the asset bucket and write of the site bucket.`,
          }),
        ),
      );
    }
  }
}
