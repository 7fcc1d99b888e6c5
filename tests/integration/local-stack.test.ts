import {
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { buildApiEvent, buildLambdaContext, matchRoute } from '../../infra/local/api-event';
import { handler as health } from '../../functions/api/health';
import { ROUTES } from '../../shared/routes';
import { apiClient } from '../support/api';
import { readMail, waitForMail } from '../support/mail';
import { testStack } from '../support/stack';
import { createSignedInUser, uniqueEmail } from '../support/users';

const stack = testStack();
const TARGET = 'AWSCognitoIdentityProviderService.';

async function callCognitoProxy(target: string, body: unknown, origin = 'http://127.0.0.1:5173') {
  const res = await fetch(stack.urls.cognitoProxy, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `${TARGET}${target}`,
      origin,
    },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as Record<string, unknown>,
  };
}

/** Whether something accepts TCP connections at host:port. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

describe('the local stack listens on 127.0.0.1 only', () => {
  it('answers on loopback and refuses every service on the machine’s other addresses', async () => {
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a && a.family === 'IPv4' && !a.internal)
      .map((a) => a!.address);
    // A machine without another address has nothing to refuse: the test needs one to mean anything.
    expect(others.length).toBeGreaterThan(0);
    const ports = Object.entries(stack.urls).map(
      ([name, url]) => [name, Number(new URL(url).port)] as const,
    );
    expect(ports.map(([name]) => name)).toEqual(
      expect.arrayContaining(['api', 'mail', 's3', 'dynamodb', 'cognito', 'cognitoProxy']),
    );
    for (const [name, port] of ports) {
      expect(await accepts('127.0.0.1', port), `${name} on loopback`).toBe(true);
      for (const address of others)
        expect(await accepts(address, port), `${name} on ${address}`).toBe(false);
    }
  });
});

describe('the local stack is the local twin of the AWS resources', () => {
  it('a handler imported by a test reaches DynamoDB Local through the standard endpoint variable', async () => {
    const match = matchRoute(ROUTES, 'GET', '/api/health')!;
    const event = buildApiEvent(
      {
        method: 'GET',
        url: '/api/health',
        headers: {},
        body: Buffer.alloc(0),
        sourceIp: '127.0.0.1',
      },
      match,
      { domainName: 'localhost' },
    );
    const result = (await health(event, buildLambdaContext('health', 'req-1', 3000))) as {
      statusCode: number;
      body: string;
    };
    expect(process.env.AWS_ENDPOINT_URL_DYNAMODB).toBe(stack.urls.dynamodb);
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body)).toMatchObject({ table: 'reachable' });
  });

  it('the table has the single-table keys, the gsi1 index and TTL on ttl', async () => {
    const client = new DynamoDBClient({});
    const { Table } = await client.send(new DescribeTableCommand({ TableName: stack.tableName }));
    expect(Table?.KeySchema).toEqual([
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ]);
    expect(Table?.GlobalSecondaryIndexes?.map((i) => i.IndexName)).toEqual(['gsi1']);
    const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: stack.tableName }));
    expect(ttl.TimeToLiveDescription).toMatchObject({
      AttributeName: 'ttl',
      TimeToLiveStatus: 'ENABLED',
    });
    client.destroy();
  });

  it('mail sent with an SES client built without an endpoint lands in the local mail store', async () => {
    const to = uniqueEmail('mail');
    const since = Math.floor(Date.now() / 1000);
    const ses = new SESv2Client({});
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: stack.env.MAIL_FROM,
        Destination: { ToAddresses: [to] },
        Content: {
          Simple: {
            Subject: { Data: 'Welcome to Mr. Market' },
            Body: { Text: { Data: 'Your code is 123456' } },
          },
        },
      }),
    );
    ses.destroy();
    const mail = await waitForMail(to, { sinceEpochSeconds: since });
    expect(mail.subject).toBe('Welcome to Mr. Market');
    expect(mail.body.text).toContain('123456');
    expect(await readMail({ to: uniqueEmail('nobody') })).toEqual([]);
  });

  it('the profile bucket stores and returns an image with the shared local credentials', async () => {
    const s3 = new S3Client({ forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' });
    const bytes = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3]);
    await s3.send(
      new PutObjectCommand({
        Bucket: stack.profileBucket,
        Key: 'users/u1/profile.png',
        Body: bytes,
        ContentType: 'image/png',
      }),
    );
    const got = await s3.send(
      new GetObjectCommand({ Bucket: stack.profileBucket, Key: 'users/u1/profile.png' }),
    );
    expect(Buffer.from(await got.Body!.transformToByteArray()).equals(bytes)).toBe(true);
    expect(got.ContentType).toBe('image/png');
    s3.destroy();
  });

  it('the Cognito proxy refreshes tokens as Amplify asks (GetTokensFromRefreshToken)', async () => {
    const user = await createSignedInUser();
    const res = await callCognitoProxy('GetTokensFromRefreshToken', {
      ClientId: stack.userPoolClientId,
      RefreshToken: user.refreshToken,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    const auth = res.body.AuthenticationResult as {
      AccessToken: string;
      IdToken: string;
      RefreshToken: string;
    };
    expect(auth.RefreshToken).toBe(user.refreshToken);
    const authRoute = ROUTES.find((r) => r.auth)!;
    const api = apiClient();
    const call = await api.request(authRoute.method, authRoute.path.replace(/\{[^}]+\}/g, 'x'), {
      token: auth.AccessToken,
    });
    expect(call.status).not.toBe(401);
  });

  it('the Cognito proxy refuses a refresh token it never issued', async () => {
    const res = await callCognitoProxy('GetTokensFromRefreshToken', {
      ClientId: stack.userPoolClientId,
      RefreshToken: 'forged',
    });
    expect(res.status).toBe(400);
    expect(res.body.__type).toBe('NotAuthorizedException');
  });

  it('the Cognito proxy answers global sign-out and a browser preflight', async () => {
    const user = await createSignedInUser();
    const signOut = await callCognitoProxy('GlobalSignOut', { AccessToken: user.accessToken });
    expect(signOut.status).toBe(200);
    const preflight = await fetch(stack.urls.cognitoProxy, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-target,x-amz-user-agent',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toBe(
      'content-type,x-amz-target,x-amz-user-agent',
    );
  });

  it('the Cognito proxy passes other calls through to cognito-local', async () => {
    const user = await createSignedInUser({ name: 'Ada Lovelace' });
    const res = await callCognitoProxy('GetUser', { AccessToken: user.accessToken });
    expect(res.status).toBe(200);
    const attributes = res.body.UserAttributes as { Name: string; Value: string }[];
    expect(attributes).toContainEqual({ Name: 'email', Value: user.email });
    expect(attributes).toContainEqual({ Name: 'name', Value: 'Ada Lovelace' });
  });
});
