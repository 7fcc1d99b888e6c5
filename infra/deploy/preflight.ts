import { ACMClient, DescribeCertificateCommand } from '@aws-sdk/client-acm';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { GetAccountSettingsCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { ListSecretVersionIdsCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { GetAccountCommand, GetEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { certificateRegion, parseInfraConfig, type InfraConfig } from '../config';
import { reservationsFit, totalReservedConcurrency, UNRESERVED_MINIMUM } from '../constructs/api';
import { JOB_CONCURRENCY } from '../constructs/jobs';
import { JOBS } from '../jobs';

/**
 * What must be true before `cdk deploy` can succeed in an account (docs/decisions/099, README
 * "Deploy"). `gatherFacts` asks AWS; `problemsOf` turns the answers into problems, each with
 * the command that fixes it. Nothing here changes anything in the account.
 */

export const STATEFUL_STACK = 'MrMarketStateful';
/** The web ACL's stack, in us-east-1 (infra/app.ts). */
export const EDGE_STACK = 'MrMarketEdge';
export { UNRESERVED_MINIMUM };
/** The CDK bootstrap's version parameter (default qualifier). */
export const BOOTSTRAP_PARAMETER = '/cdk-bootstrap/hnb659fds/version';
const PLACEHOLDER = /@?\bexample\.(com|org|net)\b/i;

export interface SesIdentity {
  /** The identity exists and may send. */
  verified: boolean;
}

export interface PreflightFacts {
  /** null: no credentials (the error's message). */
  account: string | { error: string };
  region: string;
  bootstrapped: boolean;
  /**
   * Whether CDK is bootstrapped in us-east-1 too, where the web ACL's stack goes; undefined when
   * the app's region is us-east-1 or the firewall is off.
   */
  edgeBootstrapped?: boolean;
  /** The account's Lambda concurrency limit in the region (undefined when unknown). */
  lambdaConcurrency?: number;
  /** Why the limit is unknown: the lookup's error (the deployment then reserves nothing). */
  lambdaConcurrencyError?: string;
  /**
   * The ACM certificates the context names (certificateArn, apiCertificateArn), by ARN: their
   * status (`ISSUED`, `PENDING_VALIDATION`...), or the error of the lookup.
   */
  certificates?: Record<string, { status: string } | { error: string }>;
  /** SES identities by name (the mailFrom address and its domain), absent when unknown to SES. */
  ses: Record<string, SesIdentity | undefined>;
  sesProductionAccess: boolean | undefined;
  /** The stateful stack's status, when it exists (`CREATE_COMPLETE`, `ROLLBACK_COMPLETE`...). */
  statefulStatus?: string;
  /** Whether the edge stack is deployed in us-east-1 (asked when edgeFirewall is off). */
  edgeStackDeployed?: boolean;
  /** The stateful stack's market-data secret, when the stack exists. */
  marketDataSecret?: { arn: string; keySet: boolean };
  /** An FMP key in the deploying environment, to store in the secret during the deployment. */
  keyInEnvironment: boolean;
}

export interface Problem {
  what: string;
  fix: string;
}

/** Context values still at the shipped placeholders (example.com and the like). */
export function placeholders(context: Record<string, unknown>): string[] {
  return Object.entries(context)
    .filter(
      ([key, value]) => !key.startsWith('@aws-cdk') && PLACEHOLDER.test(JSON.stringify(value)),
    )
    .map(([key]) => key);
}

export function problemsOf(
  config: InfraConfig,
  context: Record<string, unknown>,
  facts: PreflightFacts,
): Problem[] {
  const problems: Problem[] = [];
  if (typeof facts.account !== 'string') {
    problems.push({
      what: `No usable AWS credentials (${facts.account.error}).`,
      fix: 'Sign in first: `aws configure sso` or `aws configure`, or export AWS_PROFILE / AWS_ACCESS_KEY_ID.',
    });
    return problems;
  }
  const account = facts.account;
  for (const key of placeholders(context)) {
    problems.push({
      what: `The context value "${key}" is still a placeholder (${JSON.stringify(context[key])}).`,
      fix: `Set it in cdk.json's "context", or pass \`-c ${key}=...\` to npm run deploy.`,
    });
  }
  if (!facts.bootstrapped) {
    problems.push({
      what: `The account ${account} is not bootstrapped for CDK in ${facts.region}.`,
      fix: `npx cdk bootstrap aws://${account}/${facts.region}`,
    });
  }
  if (facts.edgeBootstrapped === false) {
    problems.push({
      what: `The web ACL's stack goes to us-east-1 (CloudFront's region for AWS WAF), where the account ${account} is not bootstrapped for CDK.`,
      fix: `npx cdk bootstrap aws://${account}/us-east-1   (or deploy without AWS WAF: -c edgeFirewall=false)`,
    });
  }
  const reserved = totalReservedConcurrency(JOBS.length, JOB_CONCURRENCY);
  if (
    config.reservedConcurrency === true &&
    facts.lambdaConcurrency !== undefined &&
    !reservationsFit(facts.lambdaConcurrency, JOBS.length, JOB_CONCURRENCY)
  ) {
    problems.push({
      what: `The account's Lambda concurrency limit in ${facts.region} is ${facts.lambdaConcurrency}: the app reserves ${reserved} instances and Lambda keeps ${UNRESERVED_MINIMUM} unreserved.`,
      fix: `${quotaRequest(facts.region)}   (or deploy without reservations: -c reservedConcurrency=auto, the default)`,
    });
  }
  if (facts.statefulStatus === 'ROLLBACK_FAILED' || facts.statefulStatus === 'DELETE_FAILED') {
    problems.push({
      what: `${STATEFUL_STACK} is in ${facts.statefulStatus}: an earlier attempt could not remove what it had created.`,
      fix: 'Follow docs/runbook.md, "A first deployment that could not roll back", then deploy again.',
    });
  }
  if (config.apiCertificateArn) {
    const at = certificateRegion(config.apiCertificateArn);
    if (at !== facts.region)
      problems.push({
        what: `apiCertificateArn is a certificate in ${at ?? 'an unknown region'}: the API's own domain needs one in ${facts.region}, the stack's region (a regional endpoint).`,
        fix: `aws acm request-certificate --domain-name ${config.apiDomain ?? '<apiDomain>'} --validation-method DNS --region ${facts.region}   (then pass its ARN as -c apiCertificateArn=...)`,
      });
  }
  for (const [key, arn] of [
    ['certificateArn', config.certificateArn],
    ['apiCertificateArn', config.apiCertificateArn],
  ] as const) {
    const cert = arn ? facts.certificates?.[arn] : undefined;
    if (!arn || !cert || ('status' in cert && cert.status === 'ISSUED')) continue;
    const region = certificateRegion(arn) ?? facts.region;
    problems.push({
      what:
        'status' in cert
          ? `The certificate of ${key} is ${cert.status}, not ISSUED: CloudFormation cannot use it until ACM has validated its domain.`
          : `The certificate of ${key} could not be read (${cert.error}).`,
      fix: `${certificateRecordsCommand(arn, region)}   (add each record it prints to your DNS; ACM issues the certificate within minutes of seeing them: aws acm wait certificate-validated --certificate-arn ${arn} --region ${region})`,
    });
  }
  const sesRegion = config.sesRegion ?? facts.region;
  const address = config.mailFrom;
  const domain = address.split('@')[1] ?? '';
  const addressOk = facts.ses[address]?.verified === true;
  const domainOk = facts.ses[domain]?.verified === true;
  if (!addressOk) {
    if (domainOk && config.sesVerifiedDomain?.toLowerCase() !== domain.toLowerCase()) {
      problems.push({
        what: `SES has the domain ${domain} verified but not the address ${address}: the user pool must be told to send as the domain.`,
        fix: `Pass \`-c sesVerifiedDomain=${domain}\` (or set it in cdk.json).`,
      });
    } else if (!domainOk) {
      problems.push({
        what: `${address} is not a verified SES identity in ${sesRegion}, nor is its domain: the user pool cannot send account emails and its creation fails.`,
        fix: `aws sesv2 create-email-identity --email-identity ${domain} --region ${sesRegion} (then add the DKIM records it prints to your DNS), or verify the address alone: aws sesv2 create-email-identity --email-identity ${address} --region ${sesRegion}`,
      });
    }
  }
  if (config.marketDataProvider === 'fmp' && !facts.keyInEnvironment) {
    if (!facts.marketDataSecret) {
      problems.push({
        what: 'The market data provider is fmp, and this first deployment has no Financial Modeling Prep key to put in the stack’s secret.',
        fix: 'FMP_API_KEY=<your key> npm run deploy   (or deploy the demo data set: npm run deploy -- -c marketDataProvider=demo)',
      });
    } else if (!facts.marketDataSecret.keySet) {
      problems.push({
        what: 'The market-data secret still holds the placeholder CDK generated.',
        fix: `aws secretsmanager put-secret-value --secret-id ${facts.marketDataSecret.arn} --secret-string <your key> --region ${facts.region}   (or run FMP_API_KEY=<your key> npm run deploy)`,
      });
    }
  }
  return problems;
}

/** The command that prints a certificate's DNS validation records (name, type, value). */
export function certificateRecordsCommand(arn: string, region: string): string {
  return `aws acm describe-certificate --certificate-arn ${arn} --region ${region} --query 'Certificate.DomainValidationOptions[].ResourceRecord' --output table`;
}

/** The command that asks for 1,000 concurrent Lambda executions, AWS's usual quota. */
export function quotaRequest(region: string): string {
  return `aws service-quotas request-service-quota-increase --service-code lambda --quota-code L-B99A9384 --desired-value 1000 --region ${region}`;
}

/** Warnings and notices that do not stop a deployment. */
export function warningsOf(
  facts: PreflightFacts,
  config?: Pick<InfraConfig, 'reservedConcurrency' | 'edgeFirewall' | 'lambdaConcurrencyLimit'>,
): string[] {
  const out: string[] = [];
  if (facts.sesProductionAccess === false)
    out.push(
      'SES is in its sandbox in this region: email goes only to verified addresses. Once the site is up, request production access (docs/runbook.md, "SES production access"): aws sesv2 put-account-details --production-access-enabled --mail-type TRANSACTIONAL --website-url <SiteUrl> --use-case-description <text>',
    );
  if (
    config?.reservedConcurrency === 'auto' &&
    facts.lambdaConcurrency !== undefined &&
    !reservationsFit(facts.lambdaConcurrency, JOBS.length, JOB_CONCURRENCY)
  )
    out.push(
      `The account's Lambda concurrency limit in ${facts.region} is ${facts.lambdaConcurrency}: deploying without reserved concurrency (the public routes and the jobs share the account's pool). Optional: ask for 1,000 (${quotaRequest(facts.region)}), then deploy again once it is granted.`,
    );
  if (
    config?.reservedConcurrency === 'auto' &&
    facts.lambdaConcurrency === undefined &&
    config.lambdaConcurrencyLimit === undefined
  )
    out.push(
      `The account's Lambda concurrency limit in ${facts.region} could not be read (${facts.lambdaConcurrencyError ?? 'no answer'}): deploying without reserved concurrency, so a deployment that had reservations drops them. Allow lambda:GetAccountSettings to the deploying credentials, or pass the limit: npm run deploy -- -c lambdaConcurrencyLimit=<limit> (aws lambda get-account-settings --query AccountLimit.ConcurrentExecutions --region ${facts.region}).`,
    );
  if (config && !config.edgeFirewall && facts.edgeStackDeployed)
    out.push(
      `edgeFirewall is off but ${EDGE_STACK} still runs in us-east-1 (about $10 a month). After this deployment has detached it from CloudFront: aws cloudformation delete-stack --stack-name ${EDGE_STACK} --region us-east-1`,
    );
  return out;
}

export type DeployStep = { cdk: string[] } | { storeKey: true };

/**
 * The deployment's steps. With FMP_API_KEY, the stateful stack goes first and the key into its
 * secret before the functions are deployed; then every stack. Every step is told the account's
 * Lambda concurrency limit. A failed first create rolls back completely whatever the order: the
 * stacks' own releases see to it (decision 170).
 */
export function deployPlan(
  config: Pick<InfraConfig, 'marketDataProvider'>,
  facts: Pick<PreflightFacts, 'lambdaConcurrency' | 'keyInEnvironment'>,
  args: readonly string[],
): DeployStep[] {
  const limit =
    facts.lambdaConcurrency !== undefined
      ? ['-c', `lambdaConcurrencyLimit=${facts.lambdaConcurrency}`]
      : [];
  const steps: DeployStep[] = [];
  if (config.marketDataProvider === 'fmp' && facts.keyInEnvironment)
    steps.push({ cdk: [STATEFUL_STACK, ...limit, ...args] }, { storeKey: true });
  steps.push({ cdk: ['--all', ...limit, ...args] });
  return steps;
}

export interface AwsEndpoints {
  region: string;
  /** Tests point every client at one endpoint. */
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Asks AWS what problemsOf needs. */
export async function gatherFacts(
  config: InfraConfig,
  aws: AwsEndpoints,
  env: NodeJS.ProcessEnv = process.env,
): Promise<PreflightFacts> {
  const common = {
    region: aws.region,
    maxAttempts: 2,
    ...(aws.endpoint ? { endpoint: aws.endpoint } : {}),
    ...(aws.credentials ? { credentials: aws.credentials } : {}),
  };
  const sesRegion = config.sesRegion ?? aws.region;
  const facts: PreflightFacts = {
    account: { error: 'not checked' },
    region: aws.region,
    bootstrapped: false,
    ses: {},
    sesProductionAccess: undefined,
    keyInEnvironment: Boolean(env.FMP_API_KEY),
  };
  try {
    const who = await new STSClient(common).send(new GetCallerIdentityCommand({}));
    facts.account = who.Account ?? 'unknown';
  } catch (error) {
    facts.account = { error: (error as Error).message };
    return facts;
  }
  try {
    await new SSMClient(common).send(new GetParameterCommand({ Name: BOOTSTRAP_PARAMETER }));
    facts.bootstrapped = true;
  } catch (error) {
    if ((error as Error).name !== 'ParameterNotFound') throw error;
  }
  if (config.edgeFirewall && aws.region !== 'us-east-1') {
    try {
      await new SSMClient({ ...common, region: 'us-east-1' }).send(
        new GetParameterCommand({ Name: BOOTSTRAP_PARAMETER }),
      );
      facts.edgeBootstrapped = true;
    } catch (error) {
      if ((error as Error).name !== 'ParameterNotFound') throw error;
      facts.edgeBootstrapped = false;
    }
  }
  try {
    const settings = await new LambdaClient(common).send(new GetAccountSettingsCommand({}));
    facts.lambdaConcurrency = settings.AccountLimit?.ConcurrentExecutions;
  } catch (error) {
    if (config.reservedConcurrency === true) throw error;
    facts.lambdaConcurrency = undefined;
    facts.lambdaConcurrencyError = `${(error as Error).name}: ${(error as Error).message}`;
  }
  for (const arn of [config.certificateArn, config.apiCertificateArn]) {
    if (!arn) continue;
    facts.certificates ??= {};
    try {
      const out = await new ACMClient({
        ...common,
        region: certificateRegion(arn) ?? aws.region,
      }).send(new DescribeCertificateCommand({ CertificateArn: arn }));
      facts.certificates[arn] = { status: out.Certificate?.Status ?? 'UNKNOWN' };
    } catch (error) {
      facts.certificates[arn] = { error: `${(error as Error).name}: ${(error as Error).message}` };
    }
  }
  if (!config.edgeFirewall) {
    try {
      const out = await new CloudFormationClient({ ...common, region: 'us-east-1' }).send(
        new DescribeStacksCommand({ StackName: EDGE_STACK }),
      );
      facts.edgeStackDeployed = (out.Stacks ?? []).some(
        (st) => st.StackStatus !== 'DELETE_COMPLETE',
      );
    } catch (error) {
      if (!/does not exist/.test((error as Error).message)) throw error;
      facts.edgeStackDeployed = false;
    }
  }
  const ses = new SESv2Client({ ...common, region: sesRegion });
  const domain = config.mailFrom.split('@')[1] ?? '';
  for (const identity of [config.mailFrom, domain]) {
    try {
      const out = await ses.send(new GetEmailIdentityCommand({ EmailIdentity: identity }));
      facts.ses[identity] = { verified: out.VerifiedForSendingStatus === true };
    } catch (error) {
      if ((error as Error).name !== 'NotFoundException') throw error;
    }
  }
  try {
    const out = await ses.send(new GetAccountCommand({}));
    facts.sesProductionAccess = out.ProductionAccessEnabled === true;
  } catch {
    facts.sesProductionAccess = undefined;
  }
  let outputs: { OutputKey?: string; OutputValue?: string }[] = [];
  try {
    const stacks = await new CloudFormationClient(common).send(
      new DescribeStacksCommand({ StackName: STATEFUL_STACK }),
    );
    const stack = stacks.Stacks?.[0];
    facts.statefulStatus = stack?.StackStatus;
    outputs = stack?.Outputs ?? [];
  } catch (error) {
    if (!/does not exist/.test((error as Error).message)) throw error;
  }
  if (config.marketDataProvider === 'fmp') {
    const arn = outputs.find(
      (o) => o.OutputKey === 'MarketDataSecretArn' || /MarketDataKey/.test(o.OutputKey ?? ''),
    )?.OutputValue;
    if (arn) {
      // CloudFormation's generated placeholder is the secret's first version; a key put since
      // (put-secret-value, or npm run deploy with FMP_API_KEY) is a later one and holds
      // AWSCURRENT. Deprecated versions are listed too, so the first is always there.
      const versions = await new SecretsManagerClient(common).send(
        new ListSecretVersionIdsCommand({
          SecretId: arn,
          IncludeDeprecated: true,
          MaxResults: 100,
        }),
      );
      const list = versions.Versions ?? [];
      const first = [...list].sort(
        (a, b) => (a.CreatedDate?.getTime() ?? 0) - (b.CreatedDate?.getTime() ?? 0),
      )[0];
      const current = list.find((v) => v.VersionStages?.includes('AWSCURRENT'));
      facts.marketDataSecret = {
        arn,
        keySet:
          current !== undefined && first !== undefined && current.VersionId !== first.VersionId,
      };
    }
  }
  return facts;
}

/** Reads `-c key=value` / `--context key=value` arguments, as the CDK CLI does. */
export function contextArgs(argv: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value =
      arg === '-c' || arg === '--context' ? argv[++i] : /^--context=(.*)$/.exec(arg)?.[1];
    if (!value) continue;
    const eq = value.indexOf('=');
    if (eq > 0) out[value.slice(0, eq)] = value.slice(eq + 1);
  }
  return out;
}

export function configFrom(context: Record<string, unknown>): InfraConfig {
  const raw: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(context))
    if (value !== undefined && value !== null && value !== '') raw[key] = value;
  return parseInfraConfig(raw);
}
