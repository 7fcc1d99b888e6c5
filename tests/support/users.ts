import {
  AdminConfirmSignUpCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import { testStack } from './stack';

export interface TestUser {
  email: string;
  password: string;
  name: string;
  /** Cognito `sub`: the user id the functions see. */
  userId: string;
  accessToken: string;
  idToken: string;
  refreshToken: string;
}

export function cognitoClient(): CognitoIdentityProviderClient {
  const stack = testStack();
  return new CognitoIdentityProviderClient({
    endpoint: stack.urls.cognitoProxy,
    region: stack.env.AWS_REGION ?? 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
}

/** A fresh address per call, so tests never share a user. */
export function uniqueEmail(prefix = 'investor'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Signs in with email and password (USER_PASSWORD_AUTH, as the web app does locally). */
export async function signIn(email: string, password: string) {
  const client = cognitoClient();
  try {
    const auth = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: testStack().userPoolClientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const result = auth.AuthenticationResult;
    if (!result?.AccessToken || !result.IdToken || !result.RefreshToken)
      throw new Error('Sign-in returned no tokens');
    return {
      accessToken: result.AccessToken,
      idToken: result.IdToken,
      refreshToken: result.RefreshToken,
    };
  } finally {
    client.destroy();
  }
}

/** A confirmed user in cognito-local, signed in. */
export async function createSignedInUser(
  options: { email?: string; password?: string; name?: string } = {},
): Promise<TestUser> {
  const stack = testStack();
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? `Pw-${randomUUID()}`;
  const name = options.name ?? 'Test Investor';
  const client = cognitoClient();
  try {
    const signUp = await client.send(
      new SignUpCommand({
        ClientId: stack.userPoolClientId,
        Username: email,
        Password: password,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'name', Value: name },
        ],
      }),
    );
    await client.send(
      new AdminConfirmSignUpCommand({ UserPoolId: stack.userPoolId, Username: email }),
    );
    const tokens = await signIn(email, password);
    return { email, password, name, userId: signUp.UserSub ?? '', ...tokens };
  } finally {
    client.destroy();
  }
}
