import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod/mini';
import '../../shared/schemas/zod-messages';
import { idString } from '../../shared/schemas/common';
import { config } from '../lib/config';

/**
 * Unsubscribe tokens of alert emails: `<payload>.<signature>`, both base64url. The payload
 * names the user and the rule; the signature is HMAC-SHA256 over a versioned label and the
 * payload, with a key only the functions know (ALERT_TOKEN_SECRET locally, the Secrets Manager
 * secret ALERT_TOKEN_SECRET_ARN in AWS). A token cannot be made or changed without the key.
 */
const LABEL = 'mr-market/alert-unsubscribe/v1';

export interface AlertTokenSubject {
  userId: string;
  alertId: string;
}

const subject = z.object({ u: z.string().check(z.minLength(1), z.maxLength(128)), a: idString });

let pending: Promise<string> | undefined;

/** The key: ALERT_TOKEN_SECRET, else the secret's value (read once per instance). */
export async function alertTokenKey(): Promise<string> {
  const cfg = config();
  if (cfg.ALERT_TOKEN_SECRET) return cfg.ALERT_TOKEN_SECRET;
  const arn = cfg.ALERT_TOKEN_SECRET_ARN;
  if (!arn) {
    throw new Error(
      'Missing configuration: set ALERT_TOKEN_SECRET or ALERT_TOKEN_SECRET_ARN to sign alert links',
    );
  }
  pending ??= new SecretsManagerClient({})
    .send(new GetSecretValueCommand({ SecretId: arn }))
    .then((out) => {
      const value = (out.SecretString ?? '').trim();
      if (value.length < 16) throw new Error('The alert token secret is empty or too short');
      return value;
    });
  pending.catch(() => {
    pending = undefined;
  });
  return pending;
}

const sign = (key: string, payload: string) =>
  createHmac('sha256', key).update(`${LABEL}.${payload}`).digest('base64url');

export function signAlertToken(key: string, s: AlertTokenSubject): string {
  const payload = Buffer.from(JSON.stringify({ u: s.userId, a: s.alertId })).toString('base64url');
  return `${payload}.${sign(key, payload)}`;
}

/** The user and rule a token names, or undefined when it was not signed with this key. */
export function verifyAlertToken(key: string, token: string): AlertTokenSubject | undefined {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return undefined;
  const expected = Buffer.from(sign(key, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const parsed = subject.safeParse(
      JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')),
    );
    return parsed.success ? { userId: parsed.data.u, alertId: parsed.data.a } : undefined;
  } catch {
    return undefined;
  }
}
