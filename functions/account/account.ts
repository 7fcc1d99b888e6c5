import {
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  ChangePasswordCommand,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  MESSAGES,
  parseLinkCode,
  type AccountUser,
  type LoginResponse,
} from '../../shared/schemas/account';
import { config, required } from '../lib/config';
import {
  BadRequestError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../lib/errors';
import type { AuthUser } from '../lib/http';
import { logger } from '../lib/logger';
import { recordGlobalSignOutFailure } from '../lib/metrics';
import { sendMail } from '../lib/mail';
import { takeMailFor } from '../lib/mail-limit';
import { revokeTokens } from '../lib/revocation';
import { cognito, cognitoError } from './cognito';
import {
  checkImage,
  deleteProfileImage,
  listUserImages,
  profileImageUrl,
  putProfileImage,
} from './images';
import {
  deleteUserItems,
  getProfile,
  saveProfile,
  setProfileImage,
  type ProfileItem,
} from './profile';
import { releaseAllInterest } from '../market/interest';
import { releaseDisplayName } from '../sharing/store';
import { valuationStore } from '../valuations/store';

/**
 * Account operations over the Cognito user pool, the table's profile item and the profile
 * photo. Handlers call these and stay thin.
 */

const clientId = () => required('USER_POOL_CLIENT_ID');
const poolId = () => required('USER_POOL_ID');
/** The pool's user name of a signed-in user (the `username` claim; the `sub` works too). */
const usernameOf = (user: AuthUser) => user.username ?? user.userId;

/**
 * Creates the account. The answer is the same whether or not the email has an account already
 * (decision 123): then the owner is told by email instead (or, if never activated, sent the
 * activation email again). Each address gets at most MAIL_PER_RECIPIENT_PER_HOUR such emails.
 */
export async function register(input: {
  name: string;
  email: string;
  password: string;
}): Promise<void> {
  await takeMailOrRefuse(input.email);
  try {
    await cognito.send(
      new SignUpCommand({
        ClientId: clientId(),
        Username: input.email,
        Password: input.password,
        UserAttributes: [
          { Name: 'email', Value: input.email },
          { Name: 'name', Value: input.name },
        ],
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name !== 'UsernameExistsException')
      cognitoError(error, 'signUp');
    await tellExistingOwner(input.email);
  }
}

/** Counts one email asked for an address (known or not alike); refuses over the limit. */
async function takeMailOrRefuse(email: string): Promise<void> {
  const asked = await takeMailFor(email, 'asked');
  if (!asked.allowed) throw new TooManyRequestsError(MESSAGES.tooManyEmails);
}

/** Someone signed up with an address that has an account: its owner hears of it, not the caller. */
async function tellExistingOwner(email: string): Promise<void> {
  let status: string | undefined;
  try {
    const user = await cognito.send(
      new AdminGetUserCommand({ UserPoolId: poolId(), Username: email }),
    );
    status = user.UserStatus;
  } catch (error) {
    logger.warn('existing account not found again', { error: error as Error });
    return;
  }
  if (status === 'UNCONFIRMED') {
    // Never activated: the activation email again (Cognito sends it; its trigger counts it).
    await cognito
      .send(new ResendConfirmationCodeCommand({ ClientId: clientId(), Username: email }))
      .catch((error: unknown) =>
        logger.warn('activation email not sent again', { error: error as Error }),
      );
    return;
  }
  const sent = await takeMailFor(email, 'sent');
  if (!sent.allowed) return;
  const site = config().SITE_URL;
  await sendMail({
    to: email,
    subject: 'Someone tried to sign up with your email',
    text: [
      'Hello,',
      '',
      'Someone tried to create a Mr. Market account with this email address. You already have an account, so nothing was changed.',
      '',
      site
        ? `To sign in, go to ${site}/login. If you forgot your password, reset it at ${site}/forget.`
        : 'To sign in, use the Login page. If you forgot your password, use Forgot Password on that page.',
      '',
      "If it wasn't you, you can ignore this email: your account is safe.",
      '',
      'Mr. Market',
    ].join('\n'),
  });
}

export async function login(email: string, password: string): Promise<LoginResponse> {
  try {
    const res = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: clientId(),
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const auth = res.AuthenticationResult;
    // A challenge (e.g. a new password required) cannot be answered by this route.
    if (!auth?.AccessToken || !auth.IdToken || !auth.RefreshToken)
      throw new UnauthorizedError(MESSAGES.loginFailed);
    return {
      token_type: 'Bearer',
      access_token: auth.AccessToken,
      id_token: auth.IdToken,
      refresh_token: auth.RefreshToken,
      expires_in: auth.ExpiresIn ?? 3600,
    };
  } catch (error) {
    cognitoError(error, 'signIn');
  }
}

/** Sends the reset email. An unknown address gets the same answer, so no one can probe for accounts. */
export async function forgotPassword(email: string): Promise<void> {
  await takeMailOrRefuse(email);
  try {
    await cognito.send(new ForgotPasswordCommand({ ClientId: clientId(), Username: email }));
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'UserNotFoundException' || name === 'NotAuthorizedException') {
      logger.info('password reset asked for an unknown or disabled account');
      return;
    }
    if (name === 'UserLambdaValidationException') {
      // The email trigger refused: this inbox had its emails for the hour (answered alike).
      logger.info('password reset email held back by the per-inbox limit');
      return;
    }
    cognitoError(error, 'forgot');
  }
}

/**
 * Sets the new password with the reset link's code, then refuses every token issued before it
 * and signs the user out everywhere (a reset usually means someone else may have the password).
 * Resolves false when Cognito's global sign-out could not be completed (decision 144).
 */
export async function resetPassword(token: string, password: string): Promise<boolean> {
  const link = parseLinkCode(token);
  if (!link) throw new BadRequestError(MESSAGES.resetLinkInvalid);
  try {
    await cognito.send(
      new ConfirmForgotPasswordCommand({
        ClientId: clientId(),
        Username: link.username,
        ConfirmationCode: link.code,
        Password: password,
      }),
    );
  } catch (error) {
    cognitoError(error, 'reset');
  }
  let sub: string | undefined;
  try {
    const user = await cognito.send(
      new AdminGetUserCommand({ UserPoolId: poolId(), Username: link.username }),
    );
    sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  } catch (error) {
    cognitoError(error, 'user');
  }
  if (!sub) throw new Error('The user pool returned no sub for the account');
  await revokeTokens(sub);
  return globalSignOut(sub, () =>
    cognito.send(
      new AdminUserGlobalSignOutCommand({ UserPoolId: poolId(), Username: link.username }),
    ),
  );
}

export async function verifyAccount(code: string): Promise<void> {
  const link = parseLinkCode(code);
  if (!link) throw new NotFoundError(MESSAGES.requestNotFound);
  try {
    await cognito.send(
      new ConfirmSignUpCommand({
        ClientId: clientId(),
        Username: link.username,
        ConfirmationCode: link.code,
      }),
    );
  } catch (error) {
    cognitoError(error, 'verify');
  }
}

/** The profile item, created from the Cognito user on first use (sign-up does not touch the table). */
export async function loadProfile(user: AuthUser): Promise<ProfileItem> {
  const stored = await getProfile(user.userId);
  if (stored) return stored;
  let attributes: Record<string, string>;
  try {
    const res = await cognito.send(
      new AdminGetUserCommand({ UserPoolId: poolId(), Username: usernameOf(user) }),
    );
    attributes = Object.fromEntries(
      (res.UserAttributes ?? []).map((a) => [a.Name ?? '', a.Value ?? '']),
    );
  } catch (error) {
    cognitoError(error, 'user');
  }
  const email = attributes.email ?? user.email ?? '';
  const profile = { name: attributes.name || email, email };
  await saveProfile(user.userId, profile);
  return profile;
}

export async function accountUser(profile: ProfileItem): Promise<AccountUser> {
  return {
    name: profile.name,
    email: profile.email,
    profile: profile.profileImage ?? null,
    profile_image_url: await profileImageUrl(profile.profileImage),
  };
}

/** Renames the user in Cognito (the `name` the header shows after a token refresh) and in the profile. */
export async function updateName(user: AuthUser, name: string): Promise<ProfileItem> {
  const profile = await loadProfile(user);
  try {
    await cognito.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: poolId(),
        Username: usernameOf(user),
        UserAttributes: [{ Name: 'name', Value: name }],
      }),
    );
  } catch (error) {
    cognitoError(error, 'user');
  }
  await saveProfile(user.userId, { name, email: profile.email });
  return { ...profile, name };
}

/** Checks and stores a new photo, points the profile at it, then removes the previous one. */
export async function updateImage(user: AuthUser, dataUrl: string): Promise<ProfileItem> {
  const image = checkImage(dataUrl);
  const profile = await loadProfile(user);
  const file = await putProfileImage(user.userId, image);
  let previous: string | undefined;
  try {
    previous = await setProfileImage(user.userId, file);
  } catch (error) {
    await deleteProfileImage(file).catch(() => undefined);
    throw error;
  }
  if (previous)
    await deleteProfileImage(previous).catch((error: unknown) =>
      logger.warn('old photo not deleted', { error: error as Error }),
    );
  return { ...profile, profileImage: file };
}

/**
 * Changes the password with the caller's own access token (Cognito checks the current
 * password), then refuses every token issued before (this session's too: the app signs in
 * again with the new password) and signs the user out everywhere. Resolves false when the
 * global sign-out could not be completed (decision 144).
 */
export async function changePassword(
  user: AuthUser,
  accessToken: string | undefined,
  current: string,
  next: string,
): Promise<boolean> {
  if (!accessToken) throw new BadRequestError('Please log in again to change your password');
  try {
    await cognito.send(
      new ChangePasswordCommand({
        AccessToken: accessToken,
        PreviousPassword: current,
        ProposedPassword: next,
      }),
    );
  } catch (error) {
    cognitoError(error, 'changePassword');
  }
  return signOutEverywhere(user, accessToken);
}

/** Attempts of Cognito's global sign-out, and the wait before each retry (decision 144). */
export const GLOBAL_SIGN_OUT_ATTEMPTS = 3;
export const GLOBAL_SIGN_OUT_RETRY_MS = [200, 800] as const;

/**
 * Runs a Cognito global sign-out, retried on failure. A token Cognito says is already
 * revoked means its sessions already ended. Still failing after the last attempt, it is
 * logged as an error and counted (metric GlobalSignOutFailures, alarmed), and resolves false
 * so the answer tells the user.
 */
export async function globalSignOut(
  userId: string,
  send: () => Promise<unknown>,
): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      await send();
      return true;
    } catch (error) {
      const e = error as { name?: string; message?: string };
      if (e.name === 'NotAuthorizedException' && /revoked/i.test(e.message ?? '')) return true;
      if (attempt >= GLOBAL_SIGN_OUT_ATTEMPTS) {
        logger.error('global sign-out failed', {
          error: error as Error,
          attempts: attempt,
          userId,
        });
        recordGlobalSignOutFailure();
        return false;
      }
      logger.warn('global sign-out failed, trying again', { error: error as Error, attempt });
      await new Promise((r) => setTimeout(r, GLOBAL_SIGN_OUT_RETRY_MS[attempt - 1] ?? 800));
    }
  }
}

/**
 * Refuses every token of the user issued up to now, then revokes the refresh tokens with
 * Cognito's GlobalSignOut (authorized by the access token itself), so no session can be
 * renewed. Resolves false when that could not be completed (the API still refuses the old
 * tokens; newer ones from a surviving refresh token would pass): the caller tells the user.
 */
export async function signOutEverywhere(
  user: AuthUser,
  accessToken: string | undefined,
): Promise<boolean> {
  await revokeTokens(user.userId);
  if (!accessToken) {
    logger.error('global sign-out without an access token', { userId: user.userId });
    recordGlobalSignOutFailure();
    return false;
  }
  return globalSignOut(user.userId, () =>
    cognito.send(new GlobalSignOutCommand({ AccessToken: accessToken })),
  );
}

/**
 * Deletes the account and everything it owns: the Cognito user first (no new sign-ins or
 * refreshed tokens), then every item of the user's partition, then the profile photos.
 */
export async function deleteAccount(user: AuthUser): Promise<{ items: number; images: number }> {
  // First: from here on no token of this account reads or writes anything (decision 123).
  await revokeTokens(user.userId, { deleted: true });
  try {
    await cognito.send(
      new AdminDeleteUserCommand({ UserPoolId: poolId(), Username: usernameOf(user) }),
    );
  } catch (error) {
    // Already gone (a retried request): still erase what is left.
    if ((error as { name?: string }).name !== 'UserNotFoundException') cognitoError(error, 'user');
  }
  // The quote job stops refreshing symbols only this user tracked, watched or held.
  await releaseAllInterest(user.userId);
  // Its public display name (held outside the partition) becomes free for others.
  await releaseDisplayName(valuationStore(), user.userId);
  const items = await deleteUserItems(user.userId);
  const files = await listUserImages(user.userId);
  for (const file of files) await deleteProfileImage(file);
  logger.info('account deleted', { items, images: files.length });
  return { items, images: files.length };
}
