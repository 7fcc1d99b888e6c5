/**
 * What the browser is told at boot, from `/config.json` (written by the deployment, or by
 * the local dev server). Only public identifiers: never secrets.
 *
 * Checked by hand, not with zod: every page reads the config before its first API call, and
 * zod would then be part of the code every first screen waits for (decision 093).
 */
export interface AppConfig {
  region?: string;
  userPoolId?: string;
  userPoolClientId?: string;
  /** Local Cognito emulator; absent in AWS. */
  cognitoEndpoint?: string;
  /** The local emulator only supports USER_PASSWORD_AUTH; AWS uses SRP. */
  authFlowType?: 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH';
  /** Prefix of `/api/...` calls; empty means the same origin. */
  apiBaseUrl: string;
  /** Address shown on the Contact page (the deployment's support email). */
  supportEmail?: string;
  /** Where page-view events go; absent means no analytics at all. */
  analyticsEndpoint?: string;
  /** The instant a local stack pinned its clock at (MARKET_CLOCK); absent in AWS. */
  marketClock?: string;
}

export type ConfigResult = { success: true; data: AppConfig } | { success: false; error: string };

const AUTH_FLOWS: readonly string[] = ['USER_SRP_AUTH', 'USER_PASSWORD_AUTH'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks a parsed `/config.json`: optional fields are strings of their kind when present,
 * `apiBaseUrl` defaults to '' and the pool id and client id come together. Unknown fields are
 * dropped.
 */
export function parseAppConfig(input: unknown): ConfigResult {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return { success: false, error: 'config.json must be a JSON object' };
  const raw = input as Record<string, unknown>;
  const errors: string[] = [];
  const data: AppConfig = { apiBaseUrl: '' };
  const text = (
    key: keyof AppConfig,
    check: (value: string) => boolean = (value) => value.length > 0,
    what = 'a non-empty string',
  ): void => {
    const value = raw[key];
    if (value === undefined) return;
    if (typeof value === 'string' && check(value))
      (data as unknown as Record<string, string>)[key] = value;
    else errors.push(`${key}: must be ${what}`);
  };
  text('region');
  text('userPoolId');
  text('userPoolClientId');
  text('cognitoEndpoint', isUrl, 'a URL');
  text('authFlowType', (value) => AUTH_FLOWS.includes(value), AUTH_FLOWS.join(' or '));
  text('apiBaseUrl', () => true, 'a string');
  text('supportEmail', (value) => EMAIL.test(value), 'an email address');
  text('analyticsEndpoint', isUrl, 'a URL');
  text('marketClock', (value) => !Number.isNaN(Date.parse(value)), 'an ISO 8601 instant');
  if (Boolean(data.userPoolId) !== Boolean(data.userPoolClientId))
    errors.push('userPoolId and userPoolClientId must be given together');
  return errors.length ? { success: false, error: errors.join('\n') } : { success: true, data };
}

export interface CognitoConfig {
  userPoolId: string;
  userPoolClientId: string;
  cognitoEndpoint?: string;
  authFlowType: 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH';
}

/** The sign-in part of the config, or null when sign-in is not configured (everyone is a guest). */
export function cognitoConfig(config: AppConfig | null): CognitoConfig | null {
  if (!config?.userPoolId || !config.userPoolClientId) return null;
  return {
    userPoolId: config.userPoolId,
    userPoolClientId: config.userPoolClientId,
    ...(config.cognitoEndpoint ? { cognitoEndpoint: config.cognitoEndpoint } : {}),
    authFlowType: config.authFlowType ?? 'USER_SRP_AUTH',
  };
}

let pending: Promise<AppConfig | null> | undefined;

async function fetchConfig(): Promise<AppConfig | null> {
  try {
    const res = await fetch('/config.json', { headers: { accept: 'application/json' } });
    if (!res.ok) {
      console.warn(`config.json answered ${res.status}: running without sign-in`);
      return null;
    }
    const parsed = parseAppConfig(await res.json());
    if (!parsed.success) {
      console.error('config.json is not valid: running without sign-in', parsed.error);
      return null;
    }
    return parsed.data;
  } catch (error) {
    console.warn('config.json could not be loaded: running without sign-in', error);
    return null;
  }
}

/** Fetches and validates `/config.json` once; null when it is missing or invalid. */
export function loadConfig(): Promise<AppConfig | null> {
  pending ??= fetchConfig();
  return pending;
}

export async function apiBaseUrl(): Promise<string> {
  return (await loadConfig())?.apiBaseUrl.replace(/\/+$/, '') ?? '';
}
