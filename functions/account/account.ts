import {
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  ChangePasswordCommand,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  MESSAGES,
  parseLinkCode,
  type AccountUser,
  type LoginResponse,
} from '../../shared/schemas/account';
import { required } from '../lib/config';
import { BadRequestError, NotFoundError, UnauthorizedError } from '../lib/errors';
import type { AuthUser } from '../lib/http';
import { logger } from '../lib/logger';
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

/**
 * Account operations over the Cognito user pool, the table's profile item and the profile
 * photo. Handlers call these and stay thin.
 */

const clientId = () => required('USER_POOL_CLIENT_ID');
const poolId = () => required('USER_POOL_ID');
/** The pool's user name of a signed-in user (the `username` claim; the `sub` works too). */
const usernameOf = (user: AuthUser) => user.username ?? user.userId;

export async function register(input: {
  name: string;
  email: string;
  password: string;
}): Promise<void> {
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
    cognitoError(error, 'signUp');
  }
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
  try {
    await cognito.send(new ForgotPasswordCommand({ ClientId: clientId(), Username: email }));
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'UserNotFoundException' || name === 'NotAuthorizedException') {
      logger.info('password reset asked for an unknown or disabled account');
      return;
    }
    cognitoError(error, 'forgot');
  }
}

export async function resetPassword(token: string, password: string): Promise<void> {
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

/** Changes the password with the caller's own access token (Cognito checks the current password). */
export async function changePassword(
  accessToken: string | undefined,
  current: string,
  next: string,
): Promise<void> {
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
}

/**
 * Deletes the account and everything it owns: the Cognito user first (no new sign-ins or
 * refreshed tokens), then every item of the user's partition, then the profile photos.
 */
export async function deleteAccount(user: AuthUser): Promise<{ items: number; images: number }> {
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
  const items = await deleteUserItems(user.userId);
  const files = await listUserImages(user.userId);
  for (const file of files) await deleteProfileImage(file);
  logger.info('account deleted', { items, images: files.length });
  return { items, images: files.length };
}
