import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import * as z from 'zod/mini';
import '../../shared/schemas/zod-messages';
import { config } from '../lib/config';
import { logger } from '../lib/logger';

/**
 * The site address for links in account emails. The user pool and its trigger are deployed
 * before the site (stateful stack first), so in AWS the trigger cannot be given the CloudFront
 * address at deploy time: the stateless stack writes it to the SSM parameter named by
 * SITE_URL_PARAMETER, and the trigger reads it at run time (docs/decisions/020).
 *
 * Order: SITE_URL (custom domain, or the local stack), else the parameter, else none (the
 * emails carry the code). A value read is kept for the life of the container; a failed read
 * is not, so the next email tries again.
 */

/** Reads one SSM String parameter; undefined when it has no value. */
export type ParameterReader = (name: string) => Promise<string | undefined>;

let client: SSMClient | undefined;

/**
 * The real reader. Cognito waits at most 5 s for the trigger, so the call is short-fused: a
 * slow SSM costs the link, never the email. The endpoint comes from AWS_ENDPOINT_URL_SSM when set.
 */
export const readSsmParameter: ParameterReader = async (name) => {
  client ??= new SSMClient({
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 1000, requestTimeout: 1500 },
  });
  const output = await client.send(new GetParameterCommand({ Name: name }));
  return output.Parameter?.Value;
};

const siteAddress = z.url({ protocol: /^https?$/ });

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

let cached: string | undefined;

export async function siteUrl(
  read: ParameterReader = readSsmParameter,
): Promise<string | undefined> {
  const { SITE_URL, SITE_URL_PARAMETER } = config();
  if (SITE_URL) return withoutTrailingSlash(SITE_URL);
  if (cached) return cached;
  if (!SITE_URL_PARAMETER) return undefined;
  try {
    const value = await read(SITE_URL_PARAMETER);
    const parsed = siteAddress.safeParse(value?.trim());
    if (!parsed.success) {
      logger.warn('site address parameter holds no URL: emails carry the code', {
        parameter: SITE_URL_PARAMETER,
      });
      return undefined;
    }
    cached = withoutTrailingSlash(parsed.data);
    return cached;
  } catch (error) {
    logger.warn('site address parameter not readable: emails carry the code', {
      parameter: SITE_URL_PARAMETER,
      error,
    });
    return undefined;
  }
}

/** For tests that change the environment between cases. */
export function resetSiteUrlForTests(): void {
  cached = undefined;
  client?.destroy();
  client = undefined;
}
