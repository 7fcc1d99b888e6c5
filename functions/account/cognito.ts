import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { MESSAGES } from '../../shared/schemas/account';
import {
  AppError,
  BadRequestError,
  ConflictError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../lib/errors';
import { logger } from '../lib/logger';

/**
 * One Cognito client per Lambda instance. The endpoint comes from
 * AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER when set (the local emulator answers calls
 * it lacks with HTTP 500, which must not be retried there).
 */
export const cognito = /* @__PURE__ */ cognitoClient();

function cognitoClient(): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    maxAttempts: process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER ? 1 : 3,
  });
}

/** What the user was doing when Cognito refused: picks the message they see. */
export type CognitoAction =
  'signIn' | 'signUp' | 'verify' | 'forgot' | 'reset' | 'changePassword' | 'user';

const nameOf = (error: unknown): string => (error as { name?: string } | null)?.name ?? '';

/**
 * Maps Cognito's refusals to typed errors with the product's messages. Anything else is
 * rethrown and answers 500 with a request id.
 */
export function cognitoError(error: unknown, action: CognitoAction): never {
  const name = nameOf(error);
  if (error instanceof AppError) throw error;
  switch (name) {
    case 'TooManyRequestsException':
    case 'LimitExceededException':
    case 'TooManyFailedAttemptsException':
      throw new TooManyRequestsError(MESSAGES.tooManyAttempts);
    case 'UsernameExistsException':
      if (action === 'signUp') throw new ConflictError(MESSAGES.emailTaken);
      break;
    case 'UserNotConfirmedException':
      throw new BadRequestError(MESSAGES.notConfirmed);
    case 'InvalidPasswordException':
      // cognito-local answers a wrong password with this; AWS with NotAuthorizedException.
      if (action === 'signIn') throw new UnauthorizedError(MESSAGES.loginFailed);
      if (action === 'changePassword') throw new BadRequestError(MESSAGES.currentPasswordWrong);
      throw new BadRequestError(MESSAGES.passwordStrength);
    case 'NotAuthorizedException':
    case 'UserNotFoundException':
      if (action === 'signIn') throw new UnauthorizedError(MESSAGES.loginFailed);
      if (action === 'changePassword') throw new BadRequestError(MESSAGES.currentPasswordWrong);
      if (action === 'verify') throw new NotFoundError(MESSAGES.requestNotFound);
      if (action === 'reset') throw new BadRequestError(MESSAGES.resetLinkInvalid);
      if (action === 'user') throw new UnauthorizedError();
      break;
    case 'CodeMismatchException':
    case 'ExpiredCodeException':
      if (action === 'verify') throw new NotFoundError(MESSAGES.requestNotFound);
      throw new BadRequestError(MESSAGES.resetLinkInvalid);
    case 'InvalidParameterException':
      throw new BadRequestError('Please correct the input you entered!');
    default:
      break;
  }
  logger.error('cognito call failed', { action, name, error: error as Error });
  throw error;
}
