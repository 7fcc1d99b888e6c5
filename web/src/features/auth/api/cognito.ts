import { MESSAGES, TOASTS, parseLinkCode } from '../../../../../shared/schemas/account';
import {
  amplifyAuth,
  authFlowType,
  refreshSession,
  setSessionPersistence,
} from '../../../lib/auth';
import { api } from '../../../lib/api-client';

/**
 * The sign-in flows of the web app, over Amplify Auth (Cognito), with the product's messages.
 * Screens call these; tests replace this module.
 */

export class AuthFlowError extends Error {
  override readonly name = 'AuthFlowError';
}

const NOT_CONFIGURED = 'Sign-in is not available right now. Please try again later.';

async function auth() {
  const module = await amplifyAuth();
  if (!module) throw new AuthFlowError(NOT_CONFIGURED);
  return module;
}

function message(error: unknown, fallback: string): string {
  switch ((error as { name?: string } | null)?.name) {
    case 'UsernameExistsException':
      return MESSAGES.emailTaken;
    case 'UserNotConfirmedException':
      return MESSAGES.notConfirmed;
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return MESSAGES.tooManyAttempts;
    case 'CodeMismatchException':
    case 'ExpiredCodeException':
      return MESSAGES.resetLinkInvalid;
    default:
      return fallback;
  }
}

/**
 * Creates the account through the API (decision 123): it answers alike whether or not the
 * email already has an account, and limits the emails one address can be sent.
 */
export async function signUp(input: {
  name: string;
  email: string;
  password: string;
}): Promise<void> {
  try {
    await api('register', {
      ...input,
      // The form checked both before calling.
      password_confirmation: input.password,
      terms_and_conditions: true,
    });
  } catch (error) {
    throw new AuthFlowError((error as Error).message || TOASTS.registerFailure);
  }
}

/** Signs in; `remember` keeps the session across browser restarts. */
export async function signIn(input: {
  email: string;
  password: string;
  remember: boolean;
}): Promise<void> {
  await setSessionPersistence(input.remember);
  const a = await auth();
  const options = { authFlowType: await authFlowType() };
  try {
    // A stale session (e.g. another account) would make Amplify refuse to sign in.
    await a.signOut().catch(() => undefined);
    const result = await a.signIn({ username: input.email, password: input.password, options });
    if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP')
      throw Object.assign(new Error(), { name: 'UserNotConfirmedException' });
    if (!result.isSignedIn)
      throw new Error(`Unsupported sign-in step ${result.nextStep.signInStep}`);
  } catch (error) {
    throw new AuthFlowError(message(error, MESSAGES.loginFailed));
  }
  await refreshSession();
}

/** Sends the password-reset email through the API (the same answer for unknown addresses). */
export async function requestPasswordReset(email: string): Promise<void> {
  try {
    await api('forgotPassword', { email });
  } catch (error) {
    throw new AuthFlowError((error as Error).message || MESSAGES.tooManyAttempts);
  }
}

/**
 * Sets the new password with the code of the reset link, through the API: it also refuses
 * every token issued before the reset (decision 123).
 */
export async function confirmPasswordReset(code: string, password: string): Promise<void> {
  if (!parseLinkCode(code)) throw new AuthFlowError(MESSAGES.resetLinkInvalid);
  try {
    await api('passwordReset', { token: code, password, password_confirmation: password });
  } catch (error) {
    throw new AuthFlowError((error as Error).message || MESSAGES.resetLinkInvalid);
  }
}

/** Confirms the account with the code of the activation link (server side, any browser). */
export async function verifyAccount(code: string): Promise<void> {
  await api('verifyAccount', { code });
}
