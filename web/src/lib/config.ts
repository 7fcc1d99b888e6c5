import * as z from 'zod';

/**
 * What the browser is told at boot, from `/config.json` (written by the deployment, or by
 * the local dev server). Only public identifiers: never secrets.
 */
export const appConfigSchema = z
  .object({
    region: z.string().min(1).optional(),
    userPoolId: z.string().min(1).optional(),
    userPoolClientId: z.string().min(1).optional(),
    /** Local Cognito emulator; absent in AWS. */
    cognitoEndpoint: z.url().optional(),
    /** The local emulator only supports USER_PASSWORD_AUTH; AWS uses SRP. */
    authFlowType: z.enum(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH']).optional(),
    /** Prefix of `/api/...` calls; empty means the same origin. */
    apiBaseUrl: z.string().default(''),
    /** Address shown on the Contact page (the deployment's support email). */
    supportEmail: z.email().optional(),
    /** Where page-view events go; absent means no analytics at all. */
    analyticsEndpoint: z.url().optional(),
  })
  .refine((c) => Boolean(c.userPoolId) === Boolean(c.userPoolClientId), {
    message: 'userPoolId and userPoolClientId must be given together',
  });

export type AppConfig = z.infer<typeof appConfigSchema>;

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
    const parsed = appConfigSchema.safeParse(await res.json());
    if (!parsed.success) {
      console.error(
        'config.json is not valid: running without sign-in',
        z.prettifyError(parsed.error),
      );
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
