import {
  AdminConfirmSignUpCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import type { Stack } from '../infra/local/stack';

/** A confirmed, signed-in user of the stack's cognito-local pool. */
export async function createBenchUser(stack: Stack) {
  const cognito = new CognitoIdentityProviderClient({
    endpoint: stack.urls.cognitoProxy,
    region: stack.env.AWS_REGION ?? 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
  const password = `Pw-${randomUUID()}`;
  try {
    await cognito.send(
      new SignUpCommand({
        ClientId: stack.userPoolClientId,
        Username: email,
        Password: password,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'name', Value: 'Bench Investor' },
        ],
      }),
    );
    await cognito.send(
      new AdminConfirmSignUpCommand({ UserPoolId: stack.userPoolId, Username: email }),
    );
    const auth = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: stack.userPoolClientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const token = auth.AuthenticationResult?.AccessToken;
    if (!token) throw new Error('sign-in gave no access token');
    return { email, password, token };
  } finally {
    cognito.destroy();
  }
}
