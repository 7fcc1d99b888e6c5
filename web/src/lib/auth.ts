import { useSyncExternalStore } from 'react';
import type { CognitoConfig } from './config';

/**
 * Sign-in state for the whole app. Amplify is imported on demand so it stays out of the
 * first bundle; without a Cognito config everyone is a guest.
 */

export type AuthModule = typeof import('aws-amplify/auth');

export interface SessionUser {
  userId: string;
  /** Profile name, else the email or user name the user signed in with. */
  name: string;
  email?: string;
}

export type Session =
  { status: 'loading' } | { status: 'guest' } | { status: 'signedIn'; user: SessionUser };

interface Loaded {
  auth: AuthModule;
  cognito: CognitoConfig;
}

let loading: Promise<Loaded | null> | undefined;

async function loadAmplify(): Promise<Loaded | null> {
  const { cognitoConfig, loadConfig } = await import('./config');
  const cognito = cognitoConfig(await loadConfig());
  if (!cognito) return null;
  try {
    const [
      { Amplify },
      auth,
      { Hub, defaultStorage, sessionStorage },
      { cognitoUserPoolsTokenProvider },
    ] = await Promise.all([
      import('aws-amplify'),
      import('aws-amplify/auth'),
      import('aws-amplify/utils'),
      import('aws-amplify/auth/cognito'),
    ]);
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: cognito.userPoolId,
          userPoolClientId: cognito.userPoolClientId,
          ...(cognito.cognitoEndpoint ? { userPoolEndpoint: cognito.cognitoEndpoint } : {}),
        },
      },
    });
    tokenStorage = {
      provider: cognitoUserPoolsTokenProvider,
      local: defaultStorage,
      session: sessionStorage,
    };
    applyTokenStorage(rememberedSession());
    Hub.listen('auth', ({ payload }) => {
      switch (payload.event) {
        case 'signedIn':
        case 'tokenRefresh':
          void refreshSession();
          break;
        case 'signedOut':
        case 'tokenRefresh_failure':
          setSession({ status: 'guest' });
          break;
        default:
          break;
      }
    });
    return { auth, cognito };
  } catch (error) {
    console.error('Sign-in could not be set up: continuing as a guest', error);
    return null;
  }
}

/* ---- Remember Me: where Amplify keeps the tokens ---- */

const REMEMBER_SESSION_KEY = 'mr-market.rememberSession';
type Utils = typeof import('aws-amplify/utils');
let tokenStorage:
  | {
      provider: (typeof import('aws-amplify/auth/cognito'))['cognitoUserPoolsTokenProvider'];
      local: Utils['defaultStorage'];
      session: Utils['sessionStorage'];
    }
  | undefined;

/** Whether the session is kept across browser restarts (Remember Me). */
export function rememberedSession(): boolean {
  try {
    return window.localStorage.getItem(REMEMBER_SESSION_KEY) === '1';
  } catch {
    return false;
  }
}

/** Remembered: tokens in localStorage (survive a browser restart); else sessionStorage (end with the browser). */
function applyTokenStorage(persistent: boolean): void {
  if (!tokenStorage) return;
  tokenStorage.provider.setKeyValueStorage(persistent ? tokenStorage.local : tokenStorage.session);
}

/** Call before signing in: Remember Me checked keeps the session across browser restarts. */
export async function setSessionPersistence(persistent: boolean): Promise<void> {
  await loaded();
  try {
    if (persistent) window.localStorage.setItem(REMEMBER_SESSION_KEY, '1');
    else window.localStorage.removeItem(REMEMBER_SESSION_KEY);
  } catch {
    // Storage blocked: Amplify falls back to memory.
  }
  applyTokenStorage(persistent);
}

/** Amplify keeps a signed-in user's tokens under keys with this prefix (local or session storage). */
const AMPLIFY_KEY_PREFIX = 'CognitoIdentityServiceProvider.';

/**
 * false when no session can exist: Amplify not loaded yet and no tokens stored. A guest's
 * pages then never download Amplify (about 170 kB gzip); the login screens load it.
 */
function mayBeSignedIn(): boolean {
  if (loading) return true;
  try {
    for (const storage of [window.localStorage, window.sessionStorage])
      for (let i = 0; i < storage.length; i++)
        if (storage.key(i)?.startsWith(AMPLIFY_KEY_PREFIX)) return true;
    return false;
  } catch {
    return true;
  }
}

function loaded(): Promise<Loaded | null> {
  loading ??= loadAmplify();
  return loading;
}

/** Amplify's auth functions, configured; null when sign-in is not configured. */
export async function amplifyAuth(): Promise<AuthModule | null> {
  return (await loaded())?.auth ?? null;
}

/** The sign-in flow this deployment supports (the local emulator has no SRP). */
export async function authFlowType(): Promise<CognitoConfig['authFlowType']> {
  return (await loaded())?.cognito.authFlowType ?? 'USER_SRP_AUTH';
}

/** The current access token (refreshed by Amplify when needed), or undefined for a guest. */
export async function getAccessToken(): Promise<string | undefined> {
  if (!mayBeSignedIn()) return undefined;
  const auth = await amplifyAuth();
  if (!auth) return undefined;
  try {
    const session = await auth.fetchAuthSession();
    return session.tokens?.accessToken?.toString();
  } catch {
    return undefined;
  }
}

/**
 * Signs out on every device (falls back to this browser only), then reloads `to` (home by
 * default). The API is told first: from then on it refuses every token issued until now, on
 * every device, even before they expire (decision 123). When neither the API nor the browser
 * could end the other devices' sessions (decision 144) and `reportIncomplete` is set, it stays
 * on the page and resolves with what to tell the user; otherwise it resolves undefined.
 */
export async function signOutEverywhere(
  to = '/',
  options: { reportIncomplete?: boolean } = {},
): Promise<string | undefined> {
  const auth = await amplifyAuth();
  let incomplete: string | undefined;
  if (auth) {
    let answer: { message: string; signed_out_everywhere?: boolean } | undefined;
    if (await getAccessToken()) {
      const { api } = await import('./api-client');
      answer = await api<{ message: string; signed_out_everywhere?: boolean }>('logout').catch(
        () => undefined,
      );
    }
    try {
      await auth.signOut({ global: true });
    } catch {
      await auth.signOut().catch(() => undefined);
      if (answer?.signed_out_everywhere === false) incomplete = answer.message;
    }
  }
  setSession({ status: 'guest' });
  if (incomplete && options.reportIncomplete) return incomplete;
  window.location.replace(to);
  return undefined;
}

/* ---- session store (useSyncExternalStore) ---- */

let session: Session = { status: 'loading' };
let started = false;
const listeners = new Set<() => void>();

function setSession(next: Session): void {
  session = next;
  for (const listener of listeners) listener();
}

function claim(payload: Record<string, unknown> | undefined, key: string): string | undefined {
  const value = payload?.[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Re-reads who is signed in (call after a sign-in or a profile name change). */
export async function refreshSession(): Promise<Session> {
  const auth = mayBeSignedIn() ? await amplifyAuth() : null;
  if (!auth) {
    setSession({ status: 'guest' });
    return session;
  }
  try {
    const current = await auth.getCurrentUser();
    const tokens = (await auth.fetchAuthSession()).tokens;
    const id = tokens?.idToken?.payload as Record<string, unknown> | undefined;
    const email = claim(id, 'email');
    setSession({
      status: 'signedIn',
      user: {
        userId: current.userId,
        name: claim(id, 'name') ?? email ?? current.signInDetails?.loginId ?? current.username,
        ...(email ? { email } : {}),
      },
    });
  } catch {
    setSession({ status: 'guest' });
  }
  return session;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!started) {
    started = true;
    void refreshSession();
  }
  return () => listeners.delete(listener);
}

const getSnapshot = (): Session => session;

/** Who is signed in: `loading` until Amplify has answered, then `guest` or `signedIn`. */
export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
